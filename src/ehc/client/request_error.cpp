#include "request_error.h"

#include <stddef.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

// In the order of the enum.
constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"already_sent", "request already sent"},
    {"storage_full", "request storage full (EHC_REQUEST_STORAGE)"},
    {"too_many_bindings", "too many getBody() bindings (EHC_MAX_BINDINGS)"},
    {"bad_body_path", "malformed getBody() path"},
    {"bad_body_target", "getBody() target is null or has no room"},
    {"path_arena_full", "struct paths do not fit (EHC_PATH_ARENA)"},
    {"too_many_each_callbacks", "too many getBody() callbacks (EHC_MAX_EACH_CALLBACKS)"},
    {"too_many_query_params", "too many query parameters (EHC_MAX_QUERY_PARAMS)"},
    {"too_many_path_params", "too many path parameters (EHC_MAX_PATH_PARAMS)"},
    {"field_with_raw_body", "body(key, value) with a raw or struct body"},
    {"bad_body_key", "body key is empty or clashes with another"},
    {"body_value_not_json", "body value is not JSON (NaN, infinity, invalid UTF-8)"},
    {"too_many_body_fields", "too many body fields (EHC_MAX_BODY_FIELDS)"},
    {"struct_with_other_body", "body(struct) with other body content"},
    {"struct_not_json", "body struct is not JSON (NaN, infinity, invalid UTF-8)"},
    {"struct_too_large", "body struct does not fit (EHC_REQUEST_STORAGE)"},
    {"raw_with_other_body", "rawBody() with other body content"},
    {"raw_ref_with_other_body", "rawBodyRef() with other body content"},
    {"header_name_not_token", "header name is not a token"},
    {"header_value_null", "header value is null"},
    {"header_value_control", "CR, LF or a control byte in a header value"},
    {"header_reserved", "Host, Content-Length, Transfer-Encoding and Connection are the library's"},
    {"header_cookie", "use cookie(name, value) for cookies"},
    {"too_many_headers", "too many request headers (EHC_MAX_REQUEST_HEADERS)"},
    {"bad_header_target", "getHeader() needs a name and a target with room"},
    {"too_many_header_targets", "too many getHeader() targets (EHC_MAX_HEADER_TARGETS)"},
    {"bad_base_url", "malformed base URL"},
    {"base_url_too_long", "base URL longer than EHC_MAX_URL_LENGTH"},
    {"host_too_long", "host name longer than EHC_MAX_HOST_LENGTH"},
    {"deadline_between_hops", "request timeout (its deadline passed between hops)"},
    {"location_too_long", "redirect Location longer than EHC_MAX_URL_LENGTH"},
    {"no_location", "redirect without a Location"},
    {"bad_location", "malformed redirect Location"},
    {"url_too_long_to_resolve",
     "request URL longer than EHC_MAX_URL_LENGTH to resolve a relative Location"},
    {"resolved_location_too_long",
     "redirect Location longer than EHC_MAX_URL_LENGTH once resolved"},
    {"redirect_scheme", "redirect to a scheme other than http or https"},
    {"coding_unsupported", "response coding not supported (gzip or deflate, one of them)"},
    {"resume_not_restartable",
     "the server ignored the range and the download target cannot start over"},
    {"digest_mismatch", "the SHA-256 of the data is not the one expected"},
    {"digest_bad_expected", "the expected SHA-256 is not 64 hexadecimal digits"},
    {"digest_failed", "the body's SHA-256 could not be computed"},
    {"upload_with_other_body", "upload() with other body content"},
    {"rpc_params_mixed", "positional and named JSON-RPC params in one call"},
    {"rpc_param_not_json",
     "a JSON-RPC param is not JSON (NaN, infinity, invalid UTF-8, raw text that is not one value)"},
    {"rpc_params_not_structured", "rawParams()/params() is not an object or array, or given twice"},
    {"rpc_storage_full", "JSON-RPC method, id and params do not fit (EHC_JSONRPC_STORAGE)"},
    {"too_many_rpc_params", "too many JSON-RPC params (EHC_JSONRPC_MAX_PARAMS)"},
    {"rpc_id_too_long", "JSON-RPC text id longer than EHC_JSONRPC_ID_SIZE - 1"},
    {"rpc_bad_result_path", "malformed getResult() path (an empty or unclosed [index])"},
    {"graphql_document_too_long",
     "GraphQL document or operation name too long (EHC_GRAPHQL_DOCUMENT_SIZE, _NAME_SIZE)"},
    {"graphql_variables_full", "GraphQL variables do not fit (EHC_GRAPHQL_VARIABLES_SIZE)"},
    {"graphql_bad_variable",
     "GraphQL variable name is not a Name, or its value is not JSON (NaN, infinity, invalid "
     "UTF-8, malformed raw JSON)"},
    {"graphql_batch_full", "too many operations in a GraphQL batch (EHC_GRAPHQL_MAX_BATCH)"},
    {"soap_storage_full",
     "SOAP action, header XML, body XML and getBody() paths do not fit (EHC_SOAP_STORAGE)"},
    {"too_many_soap_bindings", "too many SOAP getBody() targets (EHC_SOAP_MAX_BINDINGS)"},
    {"bad_soap_path", "a SOAP getBody() path is empty, has an empty segment or more than 15"},
    {"bad_soap_action",
     "a SOAP action holds a '\"' (beyond one pair around it) or a '\\', which would end or escape "
     "its quoted-string"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] ==
                  static_cast<size_t>(RequestError::BadSoapAction) + 1,
              "one text per error");

}  // namespace

const char* requestErrorName(RequestError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* requestErrorMessage(RequestError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

EHC_END_NAMESPACE
