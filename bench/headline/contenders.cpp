// The contenders. What a user writes for one request sits between the
// [NAME-begin] and [NAME-end] markers: linesOfCode() counts those lines
// (not blank, not comment-only) from this very file.
#include "contenders.h"

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <rapidjson/document.h>
#include <string.h>

#include <fstream>
#include <string>

#include "ESP32HTTPClient.h"

namespace headline {

bool User::operator==(const User& o) const {
  return id == o.id && !strcmp(name, o.name) && !strcmp(username, o.username) &&
         !strcmp(email, o.email) && !strcmp(phone, o.phone) && !strcmp(website, o.website) &&
         !strcmp(street, o.street) && !strcmp(suite, o.suite) && !strcmp(city, o.city) &&
         !strcmp(zipcode, o.zipcode) && !strcmp(lat, o.lat) && !strcmp(lng, o.lng) &&
         !strcmp(company, o.company) && !strcmp(catchPhrase, o.catchPhrase) && !strcmp(bs, o.bs);
}

namespace {

int countLines(const char* marker) {
  std::ifstream in(EHC_HEADLINE_SOURCE);
  const std::string begin = std::string("// [") + marker + "-begin]";
  const std::string end = std::string("// [") + marker + "-end]";
  std::string line;
  int count = -1;
  while (std::getline(in, line)) {
    const size_t first = line.find_first_not_of(' ');
    const std::string trimmed = first == std::string::npos ? "" : line.substr(first);
    if (trimmed == begin) {
      count = 0;
    } else if (trimmed == end) {
      return count;
    } else if (count >= 0 && !trimmed.empty() && trimmed.rfind("//", 0) != 0) {
      ++count;
    }
  }
  return -1;
}

void copy(char* dst, size_t size, const char* src) {
  snprintf(dst, size, "%s", src ? src : "");
}

// ---------------------------------------------------------------------------
class Ours final : public Contender {
 public:
  explicit Ours(const Server& s)
      : url_("https://" + s.host + ":" + std::to_string(s.port)), client_(url_.c_str()) {
    client_.setCACert(ca_.assign(s.caPem).c_str());
  }
  const char* name() const override { return "ours"; }
  bool request(const char* path, User* out) override {
    User& u = *out;
    // [ours-begin]
    client_.get(path)
        .getBody("0.id", &u.id)
        .getBody("0.name", u.name)
        .getBody("0.username", u.username)
        .getBody("0.email", u.email)
        .getBody("0.phone", u.phone)
        .getBody("0.website", u.website)
        .getBody("0.address.street", u.street)
        .getBody("0.address.suite", u.suite)
        .getBody("0.address.city", u.city)
        .getBody("0.address.zipcode", u.zipcode)
        .getBody("0.address.geo.lat", u.lat)
        .getBody("0.address.geo.lng", u.lng)
        .getBody("0.company.name", u.company)
        .getBody("0.company.catchPhrase", u.catchPhrase)
        .getBody("0.company.bs", u.bs);
    // [ours-end]
    return client_.isSuccess();
  }
  void end() override { client_.end(); }
  int linesOfCode() const override { return countLines("ours"); }
  void forget() { client_.tls().forgetSession(); }

 private:
  std::string url_, ca_;
  ESP32HTTPClient client_;
};

// ---------------------------------------------------------------------------
// What HTTPClient + WiFiClientSecure + a DOM parser do, step by step, with
// the same TLS library (mbedTLS) and the HTTP parser of this project (the
// parse is not what is compared; the connection and memory pattern is).
class Standard final : public Contender {
 public:
  explicit Standard(const Server& s) : server_(s) {}
  const char* name() const override { return "standard"; }
  bool request(const char* path, User* out) override {
    User& u = *out;
    // [standard-begin]
    ehc::MbedTlsTransport client;            // WiFiClientSecure client;
    client.setCaPem(server_.caPem.c_str());  // client.setCACert(rootCa);
    if (client.connect({server_.host.c_str(), server_.port, true}, ehc::Deadline::in(10000)) !=
        ehc::NetError::Ok)  // http.begin(client, url);
      return false;
    const std::string head = std::string("GET ") + path + " HTTP/1.1\r\nHost: " + server_.host +
                             "\r\nConnection: close\r\n\r\n";
    client.write(reinterpret_cast<const uint8_t*>(head.data()), head.size(),
                 ehc::Deadline::in(10000));  // int code = http.GET();
    std::string payload;                     // String payload = http.getString();
    if (!readBody(client, &payload)) return false;
    cJSON* doc = cJSON_Parse(payload.c_str());  // deserializeJson(doc, payload);
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
    client.close();  // http.end();
    // [standard-end]
    return true;
  }
  int linesOfCode() const override { return countLines("standard"); }

 private:
  // getString(): the whole body into a growing heap string (reserved to
  // Content-Length when there is one, as Arduino's String does).
  static bool readBody(ehc::MbedTlsTransport& t, std::string* body) {
    ehc::ResponseParser parser;
    parser.onBody(
        [](void* u, const char* d, size_t n) { static_cast<std::string*>(u)->append(d, n); }, body);
    parser.begin(false);
    uint8_t buf[1024];
    bool reserved = false;
    while (!parser.complete() && !parser.failed()) {
      size_t n = 0;
      if (t.read(buf, sizeof buf, &n, ehc::Deadline::in(10000)) != ehc::NetError::Ok) return false;
      if (n == 0) {
        parser.finishAtClose();
        break;
      }
      parser.feed(reinterpret_cast<const char*>(buf), n);
      if (!reserved && parser.headersDone() && parser.contentLength() > 0) {
        body->reserve(static_cast<size_t>(parser.contentLength()) + 1);
        reserved = true;
      }
    }
    return parser.complete() && parser.status() == 200;
  }
  Server server_;
};

// ---------------------------------------------------------------------------
class Curl final : public Contender {
 public:
  explicit Curl(const Server& s) : base_("https://" + s.host + ":" + std::to_string(s.port)) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    curl_ = curl_easy_init();
    curl_easy_setopt(curl_, CURLOPT_CAINFO, s.caFile.c_str());
    curl_easy_setopt(
        curl_, CURLOPT_WRITEFUNCTION, +[](char* d, size_t, size_t n, void* u) {
          static_cast<std::string*>(u)->append(d, n);
          return n;
        });
    curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &body_);
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
    // [curl-begin]
    body.clear();
    curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
    if (curl_easy_perform(curl_) != CURLE_OK) return false;
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
    long code = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &code);
    return code == 200;
  }
  int linesOfCode() const override { return countLines("curl"); }

 private:
  std::string base_, body_;
  CURL* curl_;
};

}  // namespace

std::unique_ptr<Contender> makeOurs(const Server& s) {
  return std::make_unique<Ours>(s);
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

}  // namespace headline
