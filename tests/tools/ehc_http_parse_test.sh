#!/usr/bin/env bash
# ehc-http-parse, end to end: back-to-back responses, chunked, HEAD, errors.
set -u
tool=$1
source "$(dirname "$0")/check.sh"
for chunk in 1 3 512; do
  check "kept-alive chunk=$chunk" 0 '{"status":200,"reason":"OK","headers":[["Content-Type","text/plain"],["Transfer-Encoding","chunked"]],"body":"ab\u00e9","trailers":[["X-T","1"]],"keep_alive":true}
{"status":404,"reason":"Not Found","headers":[["Content-Length","2"]],"body":"no","keep_alive":false}
{"status":200,"reason":"OK","headers":[],"body":"rest","keep_alive":false}' \
    -- bash -c "printf 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab\xe9\r\n0\r\nX-T: 1\r\n\r\nHTTP/1.0 404 Not Found\r\nContent-Length: 2\r\n\r\nnoHTTP/1.1 200 OK\r\n\r\nrest' | '$tool' --chunk $chunk | sed 's/\xc3\xa9/\\\\u00e9/'"
done
check head 0 '{"status":200,"reason":"OK","headers":[["Content-Length","99"]],"body":"","keep_alive":true}' \
  -- bash -c "printf 'HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n' | '$tool' --head"
check error-offset 1 '{"status":200,"reason":"OK","headers":[["Content-Length","2"]],"body":"ok","keep_alive":true}
{"error":"no_http_server","offset":40}' -- bash -c "printf 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokgarbage' | '$tool'"
check truncated 1 '{"error":"incomplete","offset":43}' -- bash -c "printf 'HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort' | '$tool'"
check usage 2 '' -- "$tool" --chunk 0
finish ehc-http-parse
