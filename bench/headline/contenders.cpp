// The contenders. What a user writes sits between markers: [NAME-setup-begin]
// .. [NAME-setup-end] (once, before the requests) and [NAME-begin] ..
// [NAME-end] (for one request, error check included); linesOfCode() counts
// those lines from this very file, or ours.h for ours (not blank, not
// comment-only, and not the lines marked "not counted", which serve the
// benchmark only).
#include "contenders.h"

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <rapidjson/document.h>
#include <string.h>

#include <fstream>
#include <string>

#include "ESP32HTTPClient.h"
#include "ours.h"
#include "user_fields.h"

namespace headline {

namespace {
bool sameField(long a, long b) {
  return a == b;
}
bool sameField(const char* a, const char* b) {
  return strcmp(a, b) == 0;
}
}  // namespace

bool User::operator==(const User& o) const {
#define EHC_SAME(path, member, isInt, first) &&sameField(member, o.member)
  return true EHC_USER_FIELDS(EHC_SAME);
#undef EHC_SAME
}

namespace {

// Between the markers of `name` in `file` (in this folder).
int countLines(const char* file, const std::string& marker) {
  std::ifstream in(std::string(EHC_HEADLINE_DIR) + "/" + file);
  std::string line;
  int count = -1;
  while (std::getline(in, line)) {
    const size_t first = line.find_first_not_of(' ');
    const std::string trimmed = first == std::string::npos ? "" : line.substr(first);
    if (trimmed == "// [" + marker + "-begin]") {
      count = 0;
    } else if (trimmed == "// [" + marker + "-end]") {
      return count;
    } else if (count >= 0 && !trimmed.empty() && trimmed.rfind("//", 0) != 0 &&
               trimmed.find("// not counted") == std::string::npos) {
      ++count;
    }
  }
  return -1;
}

}  // namespace

int linesFor(const char* name) {
  // Ours is in ours.h (built twice: with the default read buffer and a larger one).
  const char* file = strcmp(name, "ours") == 0 ? "ours.h" : "contenders.cpp";
  return countLines(file, std::string(name) + "-setup") + countLines(file, name);
}

namespace {

void copy(char* dst, size_t size, const char* src) {
  snprintf(dst, size, "%s", src ? src : "");
}

// ---------------------------------------------------------------------------
// The standard Arduino way, rebuilt on the host with the same TLS library
// (mbedTLS): WiFiClientSecure, HTTPClient (begin / GET / getString / end: a
// new TLS connection per request, no session resumption, the body into a
// heap string) and a DOM parse (cJSON, the parser ESP-IDF ships). These two
// classes play WiFiClientSecure and HTTPClient; the user's code below reads
// as an Arduino sketch does.
class WiFiClientSecureLike {
 public:
  void setCACert(const char* pem) { ca_ = pem; }
  ehc::MbedTlsTransport& connect() {
    tls_.forgetSession();  // WiFiClientSecure does not resume sessions
    tls_.setCaPem(ca_);
    return tls_;
  }

 private:
  const char* ca_ = nullptr;
  ehc::MbedTlsTransport tls_;
};

class HttpClientLike {
 public:
  bool begin(WiFiClientSecureLike& client, const std::string& host, uint16_t port,
             const char* path) {
    client_ = &client;
    host_ = host;
    port_ = port;
    path_ = path;
    return true;
  }
  // Connects, sends, reads the status line and headers.
  int GET() {
    tls_ = &client_->connect();
    if (tls_->connect({host_.c_str(), port_, true}, ehc::Deadline::in(10000)) != ehc::NetError::Ok)
      return -1;
    const std::string head = "GET " + path_ + " HTTP/1.1\r\nHost: " + host_ +
                             "\r\nUser-Agent: ESP32HTTPClient\r\nConnection: close\r\n\r\n";
    if (tls_->write(reinterpret_cast<const uint8_t*>(head.data()), head.size(),
                    ehc::Deadline::in(10000)) != ehc::NetError::Ok)
      return -2;
    parser_.onBody(
        [](void* u, const char* d, size_t n) { static_cast<std::string*>(u)->append(d, n); },
        &payload_);
    parser_.begin(false);
    while (!parser_.headersDone() && !parser_.failed())
      if (!readSome()) return -5;
    return parser_.failed() ? -7 : parser_.status();
  }
  // The whole body as a string (reserved to Content-Length, as String does).
  std::string getString() {
    if (parser_.contentLength() > 0)
      payload_.reserve(static_cast<size_t>(parser_.contentLength()) + 1);
    while (!parser_.complete() && !parser_.failed())
      if (!readSome()) break;
    return std::move(payload_);
  }
  void end() {
    if (tls_) tls_->close();
    payload_.clear();
    payload_.shrink_to_fit();
  }

 private:
  bool readSome() {
    uint8_t buf[1024];
    size_t n = 0;
    if (tls_->read(buf, sizeof buf, &n, ehc::Deadline::in(10000)) != ehc::NetError::Ok)
      return false;
    if (n == 0) {
      parser_.finishAtClose();
      return false;
    }
    parser_.feed(reinterpret_cast<const char*>(buf), n);
    return true;
  }
  WiFiClientSecureLike* client_ = nullptr;
  ehc::MbedTlsTransport* tls_ = nullptr;
  ehc::ResponseParser parser_;
  std::string host_, path_, payload_;
  uint16_t port_ = 0;
};

class Standard final : public Contender {
 public:
  explicit Standard(const Server& s) : server_(s) {
    const char* rootCa = server_.caPem.c_str();
    // [standard-setup-begin]
    client_.setCACert(rootCa);
    // [standard-setup-end]
  }
  const char* name() const override { return "standard"; }
  bool request(const char* path, User* out) override {
    User& u = *out;
    WiFiClientSecureLike& client = client_;
    // [standard-begin]
    HttpClientLike http;
    http.begin(client, server_.host, server_.port, path);
    if (http.GET() != 200) return false;
    const std::string payload = http.getString();
    cJSON* doc = cJSON_Parse(payload.c_str());
    if (!doc) return false;
    const cJSON* user = cJSON_GetArrayItem(doc, 0);
    const cJSON* address = cJSON_GetObjectItem(user, "address");
    const cJSON* geo = cJSON_GetObjectItem(address, "geo");
    const cJSON* company = cJSON_GetObjectItem(user, "company");
    u.id = static_cast<long>(cJSON_GetNumberValue(cJSON_GetObjectItem(user, "id")));
    copy(u.name, sizeof u.name, cJSON_GetStringValue(cJSON_GetObjectItem(user, "name")));
    copy(u.username, sizeof u.username,
         cJSON_GetStringValue(cJSON_GetObjectItem(user, "username")));
    copy(u.email, sizeof u.email, cJSON_GetStringValue(cJSON_GetObjectItem(user, "email")));
    copy(u.phone, sizeof u.phone, cJSON_GetStringValue(cJSON_GetObjectItem(user, "phone")));
    copy(u.website, sizeof u.website, cJSON_GetStringValue(cJSON_GetObjectItem(user, "website")));
    copy(u.street, sizeof u.street, cJSON_GetStringValue(cJSON_GetObjectItem(address, "street")));
    copy(u.suite, sizeof u.suite, cJSON_GetStringValue(cJSON_GetObjectItem(address, "suite")));
    copy(u.city, sizeof u.city, cJSON_GetStringValue(cJSON_GetObjectItem(address, "city")));
    copy(u.zipcode, sizeof u.zipcode,
         cJSON_GetStringValue(cJSON_GetObjectItem(address, "zipcode")));
    copy(u.lat, sizeof u.lat, cJSON_GetStringValue(cJSON_GetObjectItem(geo, "lat")));
    copy(u.lng, sizeof u.lng, cJSON_GetStringValue(cJSON_GetObjectItem(geo, "lng")));
    copy(u.company, sizeof u.company, cJSON_GetStringValue(cJSON_GetObjectItem(company, "name")));
    copy(u.catchPhrase, sizeof u.catchPhrase,
         cJSON_GetStringValue(cJSON_GetObjectItem(company, "catchPhrase")));
    copy(u.bs, sizeof u.bs, cJSON_GetStringValue(cJSON_GetObjectItem(company, "bs")));
    cJSON_Delete(doc);
    http.end();
    // [standard-end]
    return true;
  }
  int linesOfCode() const override { return linesFor("standard"); }

 private:
  Server server_;
  WiFiClientSecureLike client_;
};

// ---------------------------------------------------------------------------
size_t appendBody(char* d, size_t, size_t n, void* u) {
  static_cast<std::string*>(u)->append(d, n);
  return n;
}

class Curl final : public Contender {
 public:
  explicit Curl(const Server& s) : base_(s.origin()) {
    const char* caFile = s.caFile.c_str();
    std::string& body = body_;
    // [curl-setup-begin]
    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURL* curl = curl_easy_init();
    curl_easy_setopt(curl, CURLOPT_CAINFO, caFile);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, appendBody);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 60000L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 10000L);
    // [curl-setup-end]
    curl_ = curl;
  }
  ~Curl() override {
    curl_easy_cleanup(curl_);
    curl_global_cleanup();
  }
  const char* name() const override { return "curl"; }
  bool request(const char* path, User* out) override {
    User& u = *out;
    const std::string url = base_ + path;
    std::string& body = body_;
    CURL* curl = curl_;
    // [curl-begin]
    body.clear();
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    long code = 0;
    if (curl_easy_perform(curl) != CURLE_OK) return false;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
    if (code != 200) return false;
    rapidjson::Document d;
    d.Parse(body.c_str());
    if (d.HasParseError() || !d.IsArray() || d.Empty()) return false;
    const auto& user = d[0];
    const auto& address = user["address"];
    const auto& company = user["company"];
    u.id = static_cast<long>(user["id"].GetInt64());
    copy(u.name, sizeof u.name, user["name"].GetString());
    copy(u.username, sizeof u.username, user["username"].GetString());
    copy(u.email, sizeof u.email, user["email"].GetString());
    copy(u.phone, sizeof u.phone, user["phone"].GetString());
    copy(u.website, sizeof u.website, user["website"].GetString());
    copy(u.street, sizeof u.street, address["street"].GetString());
    copy(u.suite, sizeof u.suite, address["suite"].GetString());
    copy(u.city, sizeof u.city, address["city"].GetString());
    copy(u.zipcode, sizeof u.zipcode, address["zipcode"].GetString());
    copy(u.lat, sizeof u.lat, address["geo"]["lat"].GetString());
    copy(u.lng, sizeof u.lng, address["geo"]["lng"].GetString());
    copy(u.company, sizeof u.company, company["name"].GetString());
    copy(u.catchPhrase, sizeof u.catchPhrase, company["catchPhrase"].GetString());
    copy(u.bs, sizeof u.bs, company["bs"].GetString());
    // [curl-end]
    return true;
  }
  int linesOfCode() const override { return linesFor("curl"); }

 private:
  std::string base_, body_;
  CURL* curl_;
};

}  // namespace

std::unique_ptr<Contender> makeOurs(const Server& s) {
  return std::make_unique<Ours>(s, "ours");
}
std::unique_ptr<Contender> makeStandard(const Server& s) {
  return std::make_unique<Standard>(s);
}
std::unique_ptr<Contender> makeCurl(const Server& s) {
  return std::make_unique<Curl>(s);
}
void forgetSession(Contender& ours) {
  static_cast<Ours&>(ours).forget();
}
bool lastRequestResumed(Contender& ours) {
  return static_cast<Ours&>(ours).lastResumed();
}

}  // namespace headline
