#include "soap_request.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

const char kXmlDeclaration[] = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
const char kSchemas[] =
    " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
    " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">";

struct Dialect {
  const char* open;  // "<soap:Envelope xmlns:soap=\"...\"" (the schemas follow)
  const char* headerOpen;
  const char* headerClose;
  const char* bodyOpen;
  const char* close;  // the Body's and the Envelope's end tags
};
const Dialect kSoap11 = {"<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"",
                         "<soap:Header>", "</soap:Header>", "<soap:Body>",
                         "</soap:Body></soap:Envelope>"};
const Dialect kSoap12 = {
    "<soap12:Envelope xmlns:soap12=\"http://www.w3.org/2003/05/soap-envelope\"", "<soap12:Header>",
    "</soap12:Header>", "<soap12:Body>", "</soap12:Body></soap12:Envelope>"};

// Where execute()'s body bytes go: the reader and the raw copy.
struct Sink {
  SoapReader* reader;
  void* rawTarget;
  const TextSink* rawSink;
};

// A path of 1..15 non-empty segments (prefix_'s 16 bits: one per segment, and bit 0).
bool goodPath(const char* path) {
  if (!path || !*path) return false;
  int segments = 1;
  for (const char* p = path; *p; ++p) {
    if (*p != '.') continue;
    if (p == path || p[1] == '.' || p[1] == '\0') return false;
    ++segments;
  }
  return segments <= 15;
}

// The action without the quotes it may have been given in.
void unquoted(const char* action, const char** text, size_t* n) {
  *text = action;
  *n = strlen(action);
  if (*n >= 2 && action[0] == '"' && action[*n - 1] == '"') {
    ++*text;
    *n -= 2;
  }
}

}  // namespace

// The envelope as the pieces it is sent from (read by upload()'s callback).
struct SoapRequest::Envelope {
  const char* piece[9];  // declaration, envelope, schemas, header (3), body (3)
  size_t length[9];
  int count = 0;
  int at = 0;
  size_t offset = 0;

  void add(const char* s) {
    piece[count] = s;
    length[count++] = strlen(s);
  }
  size_t total() const {
    size_t n = 0;
    for (int i = 0; i < count; ++i) n += length[i];
    return n;
  }
  long read(uint8_t* out, size_t room) {
    size_t n = 0;
    while (n < room && at < count) {
      const size_t left = length[at] - offset;
      const size_t take = left < room - n ? left : room - n;
      memcpy(out + n, piece[at] + offset, take);
      n += take;
      offset += take;
      if (offset == length[at]) {
        ++at;
        offset = 0;
      }
    }
    return static_cast<long>(n);
  }
  bool rewind() {
    at = 0;
    offset = 0;
    return true;
  }
};

SoapRequest RestClient::soap(TextArg path) {
  return SoapRequest(this, path.c_str(), getSoapVersion());
}

SoapRequest::SoapRequest(RestClient* client, const char* path, SoapVersion version)
    : request_(client->post(path ? path : "")) {
  text_[0] = '\0';
  version_ = version;
}

static_assert(std::is_trivially_copyable<detail::SoapState>::value,
              "a SOAP request's own data moves as a copy");

SoapRequest::SoapRequest(SoapRequest&& other) noexcept
    : detail::SoapState(other), request_(static_cast<RestRequest&&>(other.request_)) {
  other.executed_ = true;  // empty now: runs nothing, frees nothing (its callbacks came here)
  other.onSuccess_ = {};
  other.onError_ = {};
  other.onResponse_ = {};
  other.onFault_ = {};
}

SoapRequest::~SoapRequest() {
  if (!executed_) execute();
  releaseCallbacks();
}

void SoapRequest::releaseCallbacks() {
  onSuccess_.release();
  onError_.release();
  onResponse_.release();
  onFault_.release();
}

// The first failure stays; the request underneath refuses to be sent.
void SoapRequest::fail(RequestError cause, int code) {
  request_.refuse(code, cause);
}

SoapRequest& SoapRequest::keepText(const char* s, uint16_t* at) {
  const size_t n = s ? strlen(s) : 0;
  if (n == 0) {
    *at = 0;
    return *this;
  }
  if (n >= sizeof text_ - used_) {
    fail(RequestError::SoapStorageFull);
    return *this;
  }
  memcpy(text_ + used_, s, n + 1);
  *at = used_;
  used_ = static_cast<uint16_t>(used_ + n + 1);
  return *this;
}

SoapRequest& SoapRequest::bind(const char* path, SoapTarget kind, void* target, size_t size,
                               const TextSink* sink) {
  if (!target) return *this;
  if (!goodPath(path)) {
    fail(RequestError::BadSoapPath, EHC_ERROR_INVALID_REQUEST);
    return *this;
  }
  if (bindingCount_ == EHC_SOAP_MAX_BINDINGS) {
    fail(RequestError::TooManySoapBindings);
    return *this;
  }
  uint16_t at = 0;
  const uint16_t before = used_;
  keepText(path, &at);
  if (used_ == before) return *this;  // did not fit
  bindings_[bindingCount_++] = {at, kind, target, size, sink};
  return *this;
}

// SOAP 1.1: the type and a SOAPAction header (always, quoted); SOAP 1.2:
// the action as the type's parameter. Made at the free end of text_ (the
// request copies its headers).
void SoapRequest::setHeaders() {
  const char* action = nullptr;
  size_t n = 0;
  unquoted(text_ + action_, &action, &n);
  // Sent inside a quoted-string, not escaped: a quote would end it early
  // (in SOAP 1.2 the rest becomes a Content-Type parameter).
  if (memchr(action, '"', n) || memchr(action, '\\', n))
    return fail(RequestError::BadSoapAction, EHC_ERROR_INVALID_REQUEST);
  char* out = text_ + used_;
  const size_t room = sizeof text_ - used_;
  const bool soap12 = version_ == SOAP_1_2;
  const char* type = soap12 ? "application/soap+xml; charset=utf-8" : "text/xml; charset=utf-8";
  if (soap12 && n) {
    if (strlen(type) + n + 12 > room) return fail(RequestError::SoapStorageFull);
    memcpy(out, type, strlen(type));
    char* p = out + strlen(type);
    memcpy(p, "; action=\"", 10);
    memcpy(p + 10, action, n);
    memcpy(p + 10 + n, "\"", 2);
    request_.header("Content-Type", out);
    return;
  }
  request_.header("Content-Type", type);
  if (soap12) return;
  if (n + 3 > room) return fail(RequestError::SoapStorageFull);
  out[0] = '"';
  memcpy(out + 1, action, n);
  memcpy(out + 1 + n, "\"", 2);
  request_.header("SOAPAction", out);
}

void SoapRequest::execute() {
  if (executed_) return;
  executed_ = true;
  Envelope envelope;
  if (hasRaw_) {
    envelope.add(text_ + raw_);
  } else {
    const Dialect& d = version_ == SOAP_1_2 ? kSoap12 : kSoap11;
    envelope.add(kXmlDeclaration);
    envelope.add(d.open);
    envelope.add(kSchemas);
    if (header_) {
      envelope.add(d.headerOpen);
      envelope.add(text_ + header_);
      envelope.add(d.headerClose);
    }
    envelope.add(d.bodyOpen);
    envelope.add(text_ + body_);
    envelope.add(d.close);
  }
  setHeaders();
  request_.upload([&envelope](uint8_t* out, size_t room) { return envelope.read(out, room); },
                  static_cast<int64_t>(envelope.total()));
  request_.uploadRewind([&envelope] { return envelope.rewind(); });

  SoapBinding bindings[EHC_SOAP_MAX_BINDINGS];
  for (uint8_t i = 0; i < bindingCount_; ++i) {
    const Binding& b = bindings_[i];
    bindings[i] = {text_ + b.path, b.target, b.size, b.sink, b.kind};
  }
  SoapFault ownFault;
  SoapFault& fault = faultTarget_ ? *faultTarget_ : ownFault;
  fault.clear();
  SoapReader reader;
  reader.begin(bindings, bindingCount_, &fault);
  if (rawSink_) rawSink_->clear(rawTarget_);
  Sink sink{&reader, rawTarget_, rawSink_};
  request_.download([&sink](const uint8_t* data, size_t n) {
    const char* text = reinterpret_cast<const char*>(data);
    sink.reader->feed(text, n);
    if (sink.rawSink) sink.rawSink->append(sink.rawTarget, text, n);
  });
  request_.downloadEveryStatus();
  result_ = request_.send();
  // An empty answer is no XML either (NoRoot: -39 on a 2xx), but a 204 has no body by definition.
  const bool bodiless = result_.statusCode == 204;
  report(reader, bodiless ? XmlError::Ok : reader.finish());
  faultMatched_ = fault.matched;
  runCallbacks(fault);
}

// The bindings' outcome into the result, and a 2xx answer that is not XML.
void SoapRequest::report(const SoapReader& reader, XmlError xml) {
  RestResult& r = result_;
  r.bindings = bindingCount_;
  r.found = r.missing = r.mismatched = r.truncated = r.outOfRange = r.null = r.converted = 0;
  for (int i = 0; i < bindingCount_; ++i) {
    const BindStatus s = reader.status(i);
    r.statuses_[i] = static_cast<uint8_t>(s);
    const uint32_t bit = 1u << i;
    switch (s) {
      case BindStatus::Found: r.found |= bit; break;
      case BindStatus::Truncated: r.found |= bit, r.truncated |= bit; break;
      case BindStatus::Missing: r.missing |= bit; break;
      case BindStatus::Mismatch: r.mismatched |= bit; break;
      case BindStatus::OutOfRange: r.outOfRange |= bit; break;
      default: break;
    }
  }
  if (xml != XmlError::Ok && r.error == EHC_OK && r.statusCode >= 200 && r.statusCode < 300) {
    r.error = EHC_ERROR_INVALID_XML;
    r.cause = ErrorCause(xml);
  }
}

// The original's order: onResponse, onFault, then onSuccess or onError.
void SoapRequest::runCallbacks(const SoapFault& fault) {
  const RestResult& r = result_;
  if (onResponse_) onResponse_(r.statusCode);
  if (fault.matched && onFault_) onFault_(fault);
  if (r.isSuccess() && !fault.matched) {
    if (onSuccess_) onSuccess_(r.statusCode);
  } else if (onError_) {
    const int code = r.error != EHC_OK ? r.error : r.statusCode;
    onError_(code, statusName(code));
  }
  releaseCallbacks();
}

EHC_END_NAMESPACE
