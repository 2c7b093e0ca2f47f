// Compile-time settings. Each one can be overridden with a -D build flag,
// from PlatformIO's build_flags, or from ESP-IDF's Kconfig (CONFIG_EHC_*).
// The values are folded into an inline namespace (see EHC_BEGIN_NAMESPACE),
// so translation units built with different settings cannot be linked
// together by accident: the linker reports missing symbols instead of the
// program silently disagreeing about object layouts.
#pragma once

// ESP-IDF: each setting from menuconfig (Kconfig at the repository root).
#include "config_kconfig.h"

// Deepest nesting of arrays/objects a JSON document may have. Costs one bit
// per level. Deeper documents are rejected with JsonError::TooDeep.
#ifndef EHC_MAX_DEPTH
#define EHC_MAX_DEPTH 128
#endif

// Bindings (requested paths) one JSON binder can hold. One bit of every
// per-level mask, so at most 32.
#ifndef EHC_MAX_BINDINGS
#define EHC_MAX_BINDINGS 32
#endif

// Segments a binding path may have (a.b.c has three). The binder keeps a
// little state for each level of the document that a binding still follows.
#ifndef EHC_MAX_PATH_DEPTH
#define EHC_MAX_PATH_DEPTH 16
#endif

// Significant digits kept of a number that is bound to a float or double.
// Doubles need 17 to round-trip; the conversion is exact for numbers with up
// to this many significant digits, and rounds longer ones from their first
// EHC_NUMBER_MAX_DIGITS digits plus a sticky bit (see docs/json.md).
#ifndef EHC_NUMBER_MAX_DIGITS
#define EHC_NUMBER_MAX_DIGITS 40
#endif

// Length of the concrete path handed to a wildcard ("*") callback, e.g.
// "3.tags.0". Longer paths are cut (the callback is told).
#ifndef EHC_MAX_MATCH_PATH
#define EHC_MAX_MATCH_PATH 96
#endif

// HTTP response limits: one line (status line, a header, a chunk-size line),
// the whole header section, and the number of header fields. Each has its
// own error when exceeded.
#ifndef EHC_HTTP_MAX_LINE
#define EHC_HTTP_MAX_LINE 4096
#endif
#ifndef EHC_HTTP_MAX_HEADER_BYTES
#define EHC_HTTP_MAX_HEADER_BYTES 16384
#endif
#ifndef EHC_HTTP_MAX_HEADERS
#define EHC_HTTP_MAX_HEADERS 64
#endif
// Headers a response parser can capture into caller buffers.
#ifndef EHC_HTTP_MAX_CAPTURES
#define EHC_HTTP_MAX_CAPTURES 8
#endif

// Connection: one buffer that a request is written through and a response
// read into (HTTP/1.1 without pipelining never needs both at once).
// An event stream's reconnection time when the server sets none (WHATWG:
// user-agent-defined; browsers wait about 3 s).
#ifndef EHC_SSE_RETRY_MS
#define EHC_SSE_RETRY_MS 3000
#endif

#ifndef EHC_READ_BUFFER
#define EHC_READ_BUFFER 512
#endif
// Read-ahead of a POSIX socket (PosixTransport): bytes read from the socket
// at once into the transport's own buffer, from which the client's smaller
// reads are served; a read asking for at least this much bypasses it.
// On Linux/macOS every recv() is a system call (about 1 us on loopback,
// whatever its size: a 5 MB body read 512 bytes at a time spends more in
// the kernel than curl's whole run, docs/performance.md), so the host reads
// 16 KB at a time. On ESP-IDF/Arduino lwIP already holds the received
// segments in its own buffers and a recv() is a copy out of them, not a
// kernel crossing: 0 there (off, no storage). It lives inside the
// transport (no heap), once per PosixTransport.
#ifndef EHC_SOCKET_READAHEAD
#if defined(ESP_PLATFORM) || defined(ARDUINO)
#define EHC_SOCKET_READAHEAD 0
#else
#define EHC_SOCKET_READAHEAD 16384
#endif
#endif
// Default for how many unread body bytes a connection reads and drops after
// the caller is done with a response, to keep the connection for the next
// request (cheaper than a new TLS handshake); past it, the connection closes.
#ifndef EHC_DRAIN_LIMIT
#define EHC_DRAIN_LIMIT 16384
#endif
// TLS: ask the server for records of at most this many bytes (RFC 6066 max
// fragment length: 512, 1024, 2048 or 4096; 0 = off, 16 KB records). Where
// mbedTLS is built to size its buffers by it (MBEDTLS_SSL_VARIABLE_BUFFER_LENGTH,
// ESP-IDF's CONFIG_MBEDTLS_DYNAMIC_BUFFER) a connection holds that much less.
// Servers may ignore it (then nothing changes), so it is off by default.
#ifndef EHC_TLS_MAX_FRAGMENT_LENGTH
#define EHC_TLS_MAX_FRAGMENT_LENGTH 0
#endif

// TLS sessions kept for resumption, one per host and port (redirects to
// other hosts included); the least recently used goes when a new one needs
// room. Each costs a few hundred bytes of heap while kept (the session
// serialized, without the server's certificate), nothing when unused.
#ifndef EHC_TLS_SESSION_CACHE
#define EHC_TLS_SESSION_CACHE 4
#endif
// Idle release: a kept connection unused this long is closed by the client
// (at its next request, or at releaseIdle(), which a sketch calls from
// loop()); the TLS session stays, so the next request resumes it in one
// round trip. An idle TLS connection holds its record buffers (about 39 KB);
// released, only the session (a few hundred bytes). 0: off.
#ifndef EHC_IDLE_RELEASE_MS
#define EHC_IDLE_RELEASE_MS 0
#endif

// Default for how long a connection keeps draining after the caller is done.
#ifndef EHC_DRAIN_TIMEOUT_MS
#define EHC_DRAIN_TIMEOUT_MS 1000
#endif

// Longest ETag a resumable download keeps for If-Range (longer: none sent).
#ifndef EHC_MAX_ETAG
#define EHC_MAX_ETAG 63
#endif

// Default for how long an upload with Expect: 100-continue waits for the
// 100 before it sends the body anyway (curl's default too). 0: no wait.
#ifndef EHC_CONTINUE_TIMEOUT_MS
#define EHC_CONTINUE_TIMEOUT_MS 1000
#endif

// Longest host name a connection remembers (DNS allows 253).
#ifndef EHC_MAX_HOST_LENGTH
#define EHC_MAX_HOST_LENGTH 253
#endif

// --- client capacities: each has a clear error when exceeded ----------------
// Longest base URL a client keeps (copied), and longest Location it follows.
#ifndef EHC_MAX_URL_LENGTH
#define EHC_MAX_URL_LENGTH 256
#endif
// Per request, inside the RestRequest (on the caller's stack): bytes for the
// copied path, parameter names and values, body keys and text values.
#ifndef EHC_REQUEST_STORAGE
#define EHC_REQUEST_STORAGE 384
#endif
#ifndef EHC_MAX_QUERY_PARAMS
#define EHC_MAX_QUERY_PARAMS 8
#endif
#ifndef EHC_MAX_PATH_PARAMS
#define EHC_MAX_PATH_PARAMS 4
#endif
#ifndef EHC_MAX_BODY_FIELDS
#define EHC_MAX_BODY_FIELDS 12
#endif
#ifndef EHC_MAX_REQUEST_HEADERS
#define EHC_MAX_REQUEST_HEADERS 4
#endif
// getHeader() targets per request, and the longest value converted to a
// number or bool (text targets get the whole value).
#ifndef EHC_MAX_HEADER_TARGETS
#define EHC_MAX_HEADER_TARGETS 6
#endif
#ifndef EHC_HEADER_VALUE_MAX
#define EHC_HEADER_VALUE_MAX 48
#endif
// getBody() "*" paths with a per-match callback, per request.
#ifndef EHC_MAX_EACH_CALLBACKS
#define EHC_MAX_EACH_CALLBACKS 4
#endif
// Bytes a callback may capture (lambdas are stored inline: no heap): two
// pointers on a 64-bit host, four on a board.
#ifndef EHC_CALLBACK_STORAGE
#define EHC_CALLBACK_STORAGE 16
#endif
// Per client: persistent headers (setHeader, auth) and the cookie jar.
#ifndef EHC_CLIENT_HEADER_STORAGE
#define EHC_CLIENT_HEADER_STORAGE 384
#endif
#ifndef EHC_COOKIE_JAR_BYTES
#define EHC_COOKIE_JAR_BYTES 512
#endif
// Longest name=value of one cookie the jar keeps.
#ifndef EHC_MAX_COOKIE_LENGTH
#define EHC_MAX_COOKIE_LENGTH 160
#endif
// Room for the paths struct mapping composes (getBody(struct*)).
#ifndef EHC_PATH_ARENA
#define EHC_PATH_ARENA 256
#endif
// JsonRpcRequest (json_rpc_request.h): what it copies in and what it keeps of
// the answer's error object.
#ifndef EHC_JSONRPC_STORAGE
#define EHC_JSONRPC_STORAGE 256
#endif
#ifndef EHC_JSONRPC_MAX_PARAMS
#define EHC_JSONRPC_MAX_PARAMS 12
#endif
#ifndef EHC_JSONRPC_MESSAGE_SIZE
#define EHC_JSONRPC_MESSAGE_SIZE 64
#endif
#ifndef EHC_JSONRPC_DATA_SIZE
#define EHC_JSONRPC_DATA_SIZE 96
#endif
#ifndef EHC_JSONRPC_ID_SIZE
#define EHC_JSONRPC_ID_SIZE 40
#endif
// The XML scanner (codec/xml_scanner.h): nesting levels, the longest
// element name it takes, and the bytes its open elements' names may take
// together (each name and one byte).
#ifndef EHC_XML_MAX_DEPTH
#define EHC_XML_MAX_DEPTH 24
#endif
#ifndef EHC_XML_MAX_NAME
#define EHC_XML_MAX_NAME 64
#endif
#ifndef EHC_XML_NAME_STACK
#define EHC_XML_NAME_STACK 384
#endif
// SoapRequest (client/soap_request.h): the bytes it copies in (action,
// header XML, body XML or raw envelope), its getBody() bindings, and what a
// SoapFault keeps of each field.
#ifndef EHC_SOAP_STORAGE
#define EHC_SOAP_STORAGE 512
#endif
#ifndef EHC_SOAP_MAX_BINDINGS
#define EHC_SOAP_MAX_BINDINGS 8
#endif
#ifndef EHC_SOAP_FAULT_CODE_SIZE
#define EHC_SOAP_FAULT_CODE_SIZE 48
#endif
#ifndef EHC_SOAP_FAULT_STRING_SIZE
#define EHC_SOAP_FAULT_STRING_SIZE 128
#endif
#ifndef EHC_SOAP_FAULT_ACTOR_SIZE
#define EHC_SOAP_FAULT_ACTOR_SIZE 64
#endif
#ifndef EHC_SOAP_FAULT_DETAIL_SIZE
#define EHC_SOAP_FAULT_DETAIL_SIZE 128
#endif
// Defaults of the client's settings.
#ifndef EHC_DEFAULT_TIMEOUT_MS
#define EHC_DEFAULT_TIMEOUT_MS 60000
#endif
#ifndef EHC_DEFAULT_CONNECT_TIMEOUT_MS
#define EHC_DEFAULT_CONNECT_TIMEOUT_MS 10000
#endif
// First retry waits this long, each next one twice as long (at most 8 s).
#ifndef EHC_RETRY_BACKOFF_MS
#define EHC_RETRY_BACKOFF_MS 200
#endif
// One poll() of a request does at most this much work (whichever comes
// first): milliseconds of the clock and bytes moved (RestClient::setPollBudget).
#ifndef EHC_POLL_BUDGET_MS
#define EHC_POLL_BUDGET_MS 5
#endif
#ifndef EHC_POLL_BUDGET_BYTES
#define EHC_POLL_BUDGET_BYTES 16384
#endif
// GraphQLRequest (ehc/client/graphql_*.h): what an operation and its
// errors keep, in fixed storage.
#ifndef EHC_GRAPHQL_DOCUMENT_SIZE
#define EHC_GRAPHQL_DOCUMENT_SIZE 384
#endif
#ifndef EHC_GRAPHQL_NAME_SIZE
#define EHC_GRAPHQL_NAME_SIZE 32
#endif
#ifndef EHC_GRAPHQL_VARIABLES_SIZE
#define EHC_GRAPHQL_VARIABLES_SIZE 256
#endif
#ifndef EHC_GRAPHQL_MAX_ERRORS
#define EHC_GRAPHQL_MAX_ERRORS 3
#endif
#ifndef EHC_GRAPHQL_MESSAGE_SIZE
#define EHC_GRAPHQL_MESSAGE_SIZE 96
#endif
#ifndef EHC_GRAPHQL_MAX_LOCATIONS
#define EHC_GRAPHQL_MAX_LOCATIONS 2
#endif
#ifndef EHC_GRAPHQL_PATH_SIZE
#define EHC_GRAPHQL_PATH_SIZE 48
#endif
#ifndef EHC_GRAPHQL_MAX_PATH_SEGMENTS
#define EHC_GRAPHQL_MAX_PATH_SEGMENTS 8
#endif
#ifndef EHC_GRAPHQL_EXTENSIONS_SIZE
#define EHC_GRAPHQL_EXTENSIONS_SIZE 48
#endif
#ifndef EHC_GRAPHQL_MAX_BATCH
#define EHC_GRAPHQL_MAX_BATCH 3
#endif
// Bytes (with the NUL) of an incremental payload's data or items JSON text
// (GraphQLRequest::onIncremental: @defer / @stream).
#ifndef EHC_GRAPHQL_INCREMENTAL_SIZE
#define EHC_GRAPHQL_INCREMENTAL_SIZE 192
#endif

#define EHC_VERSION_MAJOR 0
#define EHC_VERSION_MINOR 1
#define EHC_VERSION_PATCH 0
#define EHC_VERSION_TEXT "0.1.0"

#define EHC_CAT_(a, b) a##b
#define EHC_CAT(a, b) EHC_CAT_(a, b)
#define EHC_CONFIG_JSON_                                                      \
  EHC_CAT(EHC_CAT(EHC_CAT(_d, EHC_MAX_DEPTH), EHC_CAT(_b, EHC_MAX_BINDINGS)), \
          EHC_CAT(EHC_CAT(_p, EHC_MAX_PATH_DEPTH),                            \
                  EHC_CAT(EHC_CAT(_n, EHC_NUMBER_MAX_DIGITS), EHC_CAT(_w, EHC_MAX_MATCH_PATH))))
#define EHC_CONFIG_NET_                                                        \
  EHC_CAT(                                                                     \
      EHC_CAT(EHC_CAT(_r, EHC_READ_BUFFER), EHC_CAT(_h, EHC_MAX_HOST_LENGTH)), \
      EHC_CAT(EHC_CAT(_c, EHC_HTTP_MAX_CAPTURES),                              \
              EHC_CAT(EHC_CAT(_z, EHC_TLS_SESSION_CACHE), EHC_CAT(_ra, EHC_SOCKET_READAHEAD))))
// Every capacity that sizes a client or request object.
#define EHC_CONFIG_CLIENT_                                                                        \
  EHC_CAT(                                                                                        \
      EHC_CAT(EHC_CAT(EHC_CAT(_s, EHC_REQUEST_STORAGE), EHC_CAT(_q, EHC_MAX_QUERY_PARAMS)),       \
              EHC_CAT(EHC_CAT(_a, EHC_MAX_PATH_PARAMS), EHC_CAT(_f, EHC_MAX_BODY_FIELDS))),       \
      EHC_CAT(EHC_CAT(EHC_CAT(_x, EHC_MAX_REQUEST_HEADERS), EHC_CAT(_t, EHC_MAX_HEADER_TARGETS)), \
              EHC_CAT(EHC_CAT(_v, EHC_HEADER_VALUE_MAX), EHC_CAT(_e, EHC_MAX_EACH_CALLBACKS))))
#define EHC_CONFIG_CLIENT2_                                                        \
  EHC_CAT(                                                                         \
      EHC_CAT(EHC_CAT(_k, EHC_CALLBACK_STORAGE), EHC_CAT(_u, EHC_MAX_URL_LENGTH)), \
      EHC_CAT(EHC_CAT(_j, EHC_CLIENT_HEADER_STORAGE),                              \
              EHC_CAT(EHC_CAT(_o, EHC_COOKIE_JAR_BYTES),                           \
                      EHC_CAT(EHC_CAT(_l, EHC_MAX_COOKIE_LENGTH), EHC_CAT(_m, EHC_PATH_ARENA)))))
#define EHC_CONFIG_RPC_                                                                 \
  EHC_CAT(                                                                              \
      EHC_CAT(EHC_CAT(_rs, EHC_JSONRPC_STORAGE), EHC_CAT(_rp, EHC_JSONRPC_MAX_PARAMS)), \
      EHC_CAT(EHC_CAT(_rm, EHC_JSONRPC_MESSAGE_SIZE),                                   \
              EHC_CAT(EHC_CAT(_rd, EHC_JSONRPC_DATA_SIZE), EHC_CAT(_ri, EHC_JSONRPC_ID_SIZE))))
// GraphQLRequest's capacities (they size its objects).
#define EHC_CONFIG_GRAPHQL_                                                       \
  EHC_CAT(EHC_CAT(EHC_CAT(EHC_CAT(EHC_CAT(_ge, EHC_GRAPHQL_DOCUMENT_SIZE),        \
                                  EHC_CAT(_gn, EHC_GRAPHQL_NAME_SIZE)),           \
                          EHC_CAT(EHC_CAT(_gv, EHC_GRAPHQL_VARIABLES_SIZE),       \
                                  EHC_CAT(_gr, EHC_GRAPHQL_MAX_ERRORS))),         \
                  EHC_CAT(EHC_CAT(EHC_CAT(_gm, EHC_GRAPHQL_MESSAGE_SIZE),         \
                                  EHC_CAT(_gl, EHC_GRAPHQL_MAX_LOCATIONS)),       \
                          EHC_CAT(EHC_CAT(_gp, EHC_GRAPHQL_PATH_SIZE),            \
                                  EHC_CAT(_gs, EHC_GRAPHQL_MAX_PATH_SEGMENTS)))), \
          EHC_CAT(EHC_CAT(_gx, EHC_GRAPHQL_EXTENSIONS_SIZE),                      \
                  EHC_CAT(EHC_CAT(_gb, EHC_GRAPHQL_MAX_BATCH),                    \
                          EHC_CAT(_gi, EHC_GRAPHQL_INCREMENTAL_SIZE))))
// The XML scanner's and SoapRequest's capacities.
#define EHC_CONFIG_SOAP_                                                                        \
  EHC_CAT(EHC_CAT(EHC_CAT(_xd, EHC_XML_MAX_DEPTH),                                              \
                  EHC_CAT(EHC_CAT(_xn, EHC_XML_MAX_NAME), EHC_CAT(_xs, EHC_XML_NAME_STACK))),   \
          EHC_CAT(EHC_CAT(EHC_CAT(_ss, EHC_SOAP_STORAGE), EHC_CAT(_sb, EHC_SOAP_MAX_BINDINGS)), \
                  EHC_CAT(EHC_CAT(EHC_CAT(_sc, EHC_SOAP_FAULT_CODE_SIZE),                       \
                                  EHC_CAT(_sf, EHC_SOAP_FAULT_STRING_SIZE)),                    \
                          EHC_CAT(EHC_CAT(_sa, EHC_SOAP_FAULT_ACTOR_SIZE),                      \
                                  EHC_CAT(_sd, EHC_SOAP_FAULT_DETAIL_SIZE)))))
#define EHC_CONFIG_NAMESPACE                                                 \
  EHC_CAT(                                                                   \
      EHC_CAT(EHC_CAT(v, EHC_VERSION_MAJOR), EHC_CAT(_, EHC_VERSION_MINOR)), \
      EHC_CAT(EHC_CAT(EHC_CONFIG_JSON_, EHC_CONFIG_NET_),                    \
              EHC_CAT(EHC_CAT(EHC_CONFIG_CLIENT_, EHC_CONFIG_CLIENT2_),      \
                      EHC_CAT(EHC_CAT(EHC_CONFIG_RPC_, EHC_CONFIG_GRAPHQL_), EHC_CONFIG_SOAP_))))

// For small hot functions that -Os would otherwise leave as calls. (GCC and
// Clang, as everywhere in the library: the toolchains of ESP-IDF, Arduino and
// Linux.)
#define EHC_ALWAYS_INLINE __attribute__((always_inline)) inline

#define EHC_BEGIN_NAMESPACE \
  namespace ehc {           \
  inline namespace EHC_CONFIG_NAMESPACE {
#define EHC_END_NAMESPACE \
  }                       \
  }
