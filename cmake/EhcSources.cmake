# The library's sources, one list per layer: the one place a new .cpp file is
# named. The host build makes a static library of each list
# (CMakeLists.txt); the ESP-IDF component compiles them all
# (cmake/EhcIdfComponent.cmake); scripts/board-check.sh fails when these lists
# and src/'s .cpp files differ.

# core: what the layers share (exact number <-> text conversion, tables of
# texts packed by column).
set(EHC_CORE_SOURCES
    src/ehc/core/number_format.cpp
    src/ehc/core/packed_texts.cpp)

set(EHC_JSON_SOURCES
    src/ehc/json/decimal_number.cpp
    src/ehc/json/json_binder.cpp
    src/ehc/json/json_error.cpp
    src/ehc/json/json_path.cpp
    src/ehc/json/json_writer.cpp
    src/ehc/json/utf8.cpp)

set(EHC_HTTP_SOURCES
    src/ehc/http/content_range.cpp
    src/ehc/http/http_error.cpp
    src/ehc/http/request_writer.cpp
    src/ehc/http/response_parser.cpp
    src/ehc/http/text.cpp
    src/ehc/http/validators.cpp
    src/ehc/http/url.cpp)

# codec: body content transforms that know nothing of HTTP messages (event
# streams, deflate/gzip, multipart bodies, the XML scanner SOAP reads with),
# as push stages between the body and its consumer.
set(EHC_CODEC_SOURCES
    src/ehc/codec/checksum.cpp
    src/ehc/codec/huffman.cpp
    src/ehc/codec/inflate.cpp
    src/ehc/codec/inflate_wrappers.cpp
    src/ehc/codec/multipart.cpp
    src/ehc/codec/sse.cpp
    src/ehc/codec/xml_scanner.cpp)

# net: the transports; with platform/, the only code that touches the OS.
set(EHC_NET_SOURCES
    src/ehc/net/net_error.cpp
    src/ehc/net/posix_transport.cpp
    src/ehc/platform/clock.cpp
    src/ehc/platform/heap_stats.cpp)

# TLS: mbedTLS (Debian's 2.28 on the host; ESP-IDF brings its own 3.x).
set(EHC_TLS_SOURCES
    src/ehc/net/mbedtls_transport.cpp
    src/ehc/net/sha256_digest.cpp
    src/ehc/net/tls_diagnosis.cpp
    src/ehc/net/tls_session_cache.cpp
    src/ehc/platform/credential_files.cpp
    src/ehc/platform/random.cpp
    src/ehc/platform/trust_store.cpp)

# client: the kept-alive connection and the fluent API on top of the others.
set(EHC_CLIENT_SOURCES
    src/ehc/client/buffered_stream_reader.cpp
    src/ehc/client/client_error.cpp
    src/ehc/client/client_settings.cpp
    src/ehc/client/codec_calls.cpp
    src/ehc/client/compat_text.cpp
    src/ehc/client/connection.cpp
    src/ehc/client/cookie_jar.cpp
    src/ehc/client/event_stream.cpp
    src/ehc/client/graphql_batch_request.cpp
    src/ehc/client/graphql_errors.cpp
    src/ehc/client/graphql_incremental.cpp
    src/ehc/client/graphql_operation.cpp
    src/ehc/client/graphql_request.cpp
    src/ehc/client/header_targets.cpp
    src/ehc/client/json_body.cpp
    src/ehc/client/json_rpc_reply.cpp
    src/ehc/client/json_rpc_request.cpp
    src/ehc/client/member_path.cpp
    src/ehc/client/reason_phrase.cpp
    src/ehc/client/request_error.cpp
    src/ehc/client/request_message.cpp
    src/ehc/client/request_run.cpp
    src/ehc/client/response_body.cpp
    src/ehc/client/rest_client.cpp
    src/ehc/client/rest_request.cpp
    src/ehc/client/rest_result.cpp
    src/ehc/client/soap_reader.cpp
    src/ehc/client/soap_request.cpp
    src/ehc/client/stored_headers.cpp
    src/ehc/client/upload_body.cpp
    src/ehc/client/user_headers.cpp)

set(EHC_ALL_SOURCES ${EHC_CORE_SOURCES} ${EHC_JSON_SOURCES} ${EHC_HTTP_SOURCES} ${EHC_CODEC_SOURCES}
    ${EHC_NET_SOURCES} ${EHC_TLS_SOURCES} ${EHC_CLIENT_SOURCES})
