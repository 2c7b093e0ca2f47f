// SoapRequest: a SOAP 1.1 or 1.2 call over HTTP POST, as ESP32-HTTP-Client's
// class of that name has it (headers SoapRequest.h, SoapTypes.h).
//
//   String words;
//   client.soap("/webservicesserver/numberconversion.wso")
//       .soapAction("http://www.dataaccess.com/webservicesserver/NumberToWords")
//       .body("<m:NumberToWords xmlns:m=\"...\"><m:ubiNum>42</m:ubiNum></m:NumberToWords>")
//       .getBody("NumberToWordsResult", &words);     // sent here, at the ';'
//
// It is a RestRequest underneath (the same engine, connection, settings,
// retries, getHeader). The envelope is written as the request goes out:
// SOAP 1.1 (the default, or the client's setSoapVersion()) sends
// Content-Type: text/xml; charset=utf-8 and SOAPAction: "action", inside
// soap:Envelope / soap:Body of http://schemas.xmlsoap.org/soap/envelope/;
// SOAP 1.2 sends Content-Type: application/soap+xml; charset=utf-8;
// action="action" inside soap12:Envelope of
// http://www.w3.org/2003/05/soap-envelope. An action holding '"' (beyond
// one pair around it) or '\' fails the request (EHC_ERROR_INVALID_REQUEST,
// bad_soap_action): unescaped, it would break its quoted-string.
// headerXml() goes into a Header element, rawEnvelope() replaces the whole
// envelope. The texts are copied into the request (EHC_SOAP_STORAGE bytes,
// with the getBody() paths) and sent as given: the body is the caller's XML, not checked.
//
// The answer is read as it streams (soap_reader.h): getBody() targets by
// element path, the SOAP Fault into getFault()'s SoapFault, whatever the
// status (faults come with a 500). Nothing of it is stored but the targets,
// except by getRawResponse(String*), which keeps the whole answer on the
// heap by choice. After execute(): result() says how it went; its error is
// EHC_OK, a transport or HTTP failure, or EHC_ERROR_INVALID_XML (a 2xx
// answer whose body is not well-formed XML, or empty but for a 204: then
// no binding is reported found and no fault is read). Callbacks run in the original's order:
// onResponse, onFault (when a fault came), then onSuccess (2xx and no
// fault) or onError (status or failure code, and its name).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "../config.h"
#include "../json/json_text_targets.h"
#include "callback.h"
#include "json_rpc_request.h"
#include "rest_client.h"
#include "rest_request.h"
#include "rest_result.h"
#include "soap_reader.h"
#include "soap_version.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_SOAP_STORAGE >= 64 && EHC_SOAP_STORAGE <= 65535,
              "EHC_SOAP_STORAGE must be 64..65535 (offsets are 16-bit)");

using SoapFaultCallback = Callback<void(const SoapFault& fault)>;

namespace detail {
#if EHC_STD_STRING
inline const TextSink* textSinkOf(std::string*) {
  return stdStringSink();
}
#endif
#if defined(ARDUINO)
inline const TextSink* textSinkOf(String*) {
  return arduinoStringSink();
}
#endif

// What a SoapRequest holds besides its RestRequest: plain data (offsets
// into text_, no pointers into itself), so that a move copies it.
struct SoapState {
  struct Binding {
    uint16_t path;  // offset in text_
    SoapTarget kind;
    void* target;
    size_t size;
    const TextSink* sink;
  };
  char text_[EHC_SOAP_STORAGE];
  uint16_t used_ = 1;  // offset 0 is ""
  uint16_t action_ = 0, header_ = 0, body_ = 0, raw_ = 0;
  bool hasRaw_ = false;
  SoapVersion version_ = SOAP_1_1;
  bool executed_ = false;
  Binding bindings_[EHC_SOAP_MAX_BINDINGS];
  uint8_t bindingCount_ = 0;
  SoapFault* faultTarget_ = nullptr;
  void* rawTarget_ = nullptr;
  const TextSink* rawSink_ = nullptr;
  RestResult result_;
  bool faultMatched_ = false;
  StatusCallback onSuccess_;
  RpcMessageCallback onError_;
  StatusCallback onResponse_;
  SoapFaultCallback onFault_;
};
}  // namespace detail

class SoapRequest : private detail::SoapState {
 public:
  SoapRequest(RestClient* client, const char* path = "", SoapVersion version = SOAP_1_1);
  SoapRequest(SoapRequest&& other) noexcept;
  SoapRequest(const SoapRequest&) = delete;
  SoapRequest& operator=(const SoapRequest&) = delete;
  ~SoapRequest();  // executes it, if execute() was not called

  // --- the call -------------------------------------------------------------
  SoapRequest& version(SoapVersion v) {
    version_ = v;
    return *this;
  }
  SoapRequest& setVersion(SoapVersion v) { return version(v); }
  SoapRequest& soapAction(const char* action) { return keepText(action, &action_); }
  SoapRequest& action(const char* action) { return soapAction(action); }
  SoapRequest& body(const char* xml) { return keepText(xml, &body_); }
  SoapRequest& headerXml(const char* xml) { return keepText(xml, &header_); }
  SoapRequest& rawEnvelope(const char* xml) {
    hasRaw_ = xml && *xml;  // "" : the envelope is made again
    return keepText(xml, &raw_);
  }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  SoapRequest& soapAction(const S& action) {
    return soapAction(action.c_str());
  }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  SoapRequest& action(const S& action) {
    return soapAction(action.c_str());
  }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  SoapRequest& body(const S& xml) {
    return body(xml.c_str());
  }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  SoapRequest& headerXml(const S& xml) {
    return headerXml(xml.c_str());
  }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  SoapRequest& rawEnvelope(const S& xml) {
    return rawEnvelope(xml.c_str());
  }

  // --- the HTTP request ---------------------------------------------------
  template <typename T>
  SoapRequest& path(const char* key, const T& value) {
    request_.path(key, value);
    return *this;
  }
  template <typename T>
  SoapRequest& query(const char* key, const T& value) {
    request_.query(key, value);
    return *this;
  }
  SoapRequest& header(const char* name, const char* value) {
    request_.header(name, value);
    return *this;
  }
  SoapRequest& timeout(uint16_t ms) {
    request_.timeout(ms);
    return *this;
  }
  SoapRequest& maxRetry(int times) {
    request_.retry(times);
    return *this;
  }
  SoapRequest& retry(int times) { return maxRetry(times); }

  // --- callbacks ----------------------------------------------------------------
  template <typename F>
  SoapRequest& onSuccess(F f) {
    replaceCallback(onSuccess_, statusCallback(std::move(f)));
    return *this;
  }
  // void(int code, const char* message) | void(int code)
  template <typename F>
  SoapRequest& onError(F f) {
    replaceCallback(onError_, rpcMessageCallback(std::move(f)));
    return *this;
  }
  template <typename F>
  SoapRequest& onResponse(F f) {
    replaceCallback(onResponse_, statusCallback(std::move(f)));
    return *this;
  }
  template <typename F>
  SoapRequest& onFault(F f) {
    replaceCallback(onFault_, detail::isEmptyCallable(f) ? SoapFaultCallback()
                                                         : SoapFaultCallback(std::move(f)));
    return *this;
  }

  // --- what to read from the answer ------------------------------------------
  SoapRequest& getBody(const char* path, int* t) { return bind(path, SoapTarget::Int, t); }
  SoapRequest& getBody(const char* path, long* t) { return bind(path, SoapTarget::Long, t); }
  SoapRequest& getBody(const char* path, float* t) { return bind(path, SoapTarget::Float, t); }
  SoapRequest& getBody(const char* path, double* t) { return bind(path, SoapTarget::Double, t); }
  SoapRequest& getBody(const char* path, bool* t) { return bind(path, SoapTarget::Bool, t); }
  // Always NUL-terminated; a longer text is cut (at a UTF-8 boundary) and
  // reported truncated.
  SoapRequest& getBody(const char* path, char* buf, size_t size) {
    if (!buf || size == 0) return *this;
    return bind(path, SoapTarget::Chars, buf, size);
  }
  template <size_t N>
  SoapRequest& getBody(const char* path, char (&buf)[N]) {
    return getBody(path, buf, N);
  }
  // String / std::string: the text, any length (the heap).
  template <typename S, typename std::enable_if<IsTextClass<S>::value, int>::type = 0>
  SoapRequest& getBody(const char* path, S* text) {
    return bind(path, SoapTarget::Text, text, 0, detail::textSinkOf(text));
  }
  SoapRequest& getFault(SoapFault* target) {
    faultTarget_ = target;
    return *this;
  }
  // The whole answer's text, as it came (the heap).
  template <typename S, typename std::enable_if<IsTextClass<S>::value, int>::type = 0>
  SoapRequest& getRawResponse(S* text) {
    rawTarget_ = text;
    rawSink_ = text ? detail::textSinkOf(text) : nullptr;
    return *this;
  }
  template <typename T>
  SoapRequest& getHeader(const char* name, T* target) {
    request_.getHeader(name, target);
    return *this;
  }
  SoapRequest& getHeader(const char* name, char* buf, size_t size) {
    request_.getHeader(name, buf, size);
    return *this;
  }
  template <size_t N>
  SoapRequest& getHeader(const char* name, char (&buf)[N]) {
    return getHeader(name, buf, N);
  }

  // --- running it -------------------------------------------------------------
  // Sends it (once; later calls do nothing) and reads the answer.
  void execute();
  RestResult send() {
    execute();
    return result_;
  }
  const RestResult& result() const { return result_; }
  bool hasFault() const { return faultMatched_; }
  bool isSuccess() const { return result_.isSuccess() && !faultMatched_; }
  int getStatusCode() const { return result_.statusCode; }
  SoapVersion getVersion() const { return version_; }

 private:
  struct Envelope;
  SoapRequest& keepText(const char* s, uint16_t* at);
  SoapRequest& bind(const char* path, SoapTarget kind, void* target, size_t size = 0,
                    const TextSink* sink = nullptr);
  void fail(RequestError cause, int code = EHC_ERROR_CAPACITY);
  void setHeaders();
  void report(const SoapReader& reader, XmlError xml);
  void runCallbacks(const SoapFault& fault);
  void releaseCallbacks();

  RestRequest request_;
};

EHC_END_NAMESPACE
