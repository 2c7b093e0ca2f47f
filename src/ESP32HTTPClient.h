// ESP32-HTTP-Client: the one header a sketch or program includes.
//
// Layers (each usable alone; dependencies point down only):
//   ehc/client  ESP32HTTPClient, RestRequest, the kept-alive connection
//   ehc/net     transports: POSIX, mbedTLS, any Arduino Client
//   ehc/http    HTTP/1.1 engine: URL, request writer, response parser
//   ehc/json    streaming JSON parser + path binder, writer, struct mapping
//   ehc/core    exact number <-> text conversion shared by json and http
//
// The in-memory test double (ehc::ScriptedTransport, with its 4 KB record
// of what was written) is not included: unit tests include
// "ehc/net/scripted_transport.h" themselves.
#pragma once

#include "ehc/client/buffered_stream_reader.h"
#include "ehc/client/client_error.h"
#include "ehc/client/compat_names.h"
#include "ehc/client/connection.h"
#include "ehc/client/graphql_batch_request.h"
#include "ehc/client/graphql_request.h"
#include "ehc/client/json_rpc_request.h"
#include "ehc/client/response_body.h"
#include "ehc/client/rest_json.h"
#include "ehc/client/sha256_check.h"
#include "ehc/client/soap_request.h"
#include "ehc/client/upload_body.h"
#include "ehc/codec/inflate.h"
#include "ehc/codec/sse.h"
#include "ehc/config.h"
#include "ehc/http/http_error.h"
#include "ehc/http/request_writer.h"
#include "ehc/http/response_parser.h"
#include "ehc/http/text.h"
#include "ehc/http/url.h"
#include "ehc/json/json_binder.h"
#include "ehc/json/json_struct.h"
#include "ehc/json/json_text_targets.h"
#include "ehc/json/json_writer.h"
#include "ehc/net/deadline.h"
#include "ehc/net/mbedtls_transport.h"
#include "ehc/net/net_error.h"
#include "ehc/net/posix_transport.h"
#include "ehc/net/transport.h"
#include "ehc/platform/esp32_http_client.h"
#include "ehc/platform/fd_stream.h"
#include "ehc/platform/heap_stats.h"
#if defined(ARDUINO)
#include "ehc/net/arduino_client_transport.h"
#endif

// The names sketches use, at global scope (as ESP32-HTTP-Client always had
// them; compat_names.h has the rest of its names). Define
// EHC_NO_GLOBAL_NAMES to keep everything inside ehc::.
#ifndef EHC_NO_GLOBAL_NAMES
using ehc::BufferedStreamReader;
using ehc::ESP32HTTPClient;
using ehc::GraphQLBatchOperation;
using ehc::GraphQLBatchRequest;
using ehc::GraphQLError;
using ehc::GraphQLErrors;
using ehc::GraphQLIncrementalPayload;
using ehc::GraphQLLocation;
using ehc::GraphQLRequest;
using ehc::JsonMatch;
using ehc::JsonRpcError;
using ehc::JsonRpcRequest;
using ehc::RestRequest;
using ehc::RestResult;
using ehc::SOAP_1_1;
using ehc::SOAP_1_2;
using ehc::SoapFault;
using ehc::SoapRequest;
using ehc::SoapVersion;
namespace RestJson = ehc::RestJson;
#endif

// The SOAP names the original's umbrella header brought (SoapTypes.h).
#include "SoapTypes.h"
