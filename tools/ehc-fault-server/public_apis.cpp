#include "public_apis.h"

#include <ctype.h>
#include <strings.h>

#include <string>
#include <utility>
#include <vector>

#include "ehc/http/text.h"

namespace ehc_fault {

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

Fields headerFields(std::string_view head) {
  Fields fields;
  for (size_t at = head.find("\r\n"); at != std::string_view::npos && at + 2 < head.size();) {
    const size_t start = at + 2;
    const size_t end = head.find("\r\n", start);
    const std::string_view line = head.substr(start, end - start);
    const size_t colon = line.find(':');
    if (colon != std::string_view::npos) {
      const size_t value = line.find_first_not_of(' ', colon + 1);
      fields.emplace_back(line.substr(0, colon),
                          value == std::string_view::npos ? "" : line.substr(value));
    }
    at = end;
  }
  return fields;
}

std::string fieldValue(const Fields& fields, const char* name) {
  for (const auto& [n, v] : fields)
    if (strcasecmp(n.c_str(), name) == 0) return v;
  return "";
}

// httpbin's case: each '-'-separated word capitalised (x-api-key: X-Api-Key).
std::string httpbinCase(std::string name) {
  bool first = true;
  for (char& c : name) {
    c = static_cast<char>(first ? toupper(static_cast<unsigned char>(c))
                                : tolower(static_cast<unsigned char>(c)));
    first = c == '-';
  }
  return name;
}

// A JSON string of header text (no control bytes reach a header value).
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string basicCredentials(std::string_view userAndPassword) {
  std::string out(4 * ((userAndPassword.size() + 2) / 3) + 1, '\0');
  const size_t n = ehc::base64Encode(reinterpret_cast<const uint8_t*>(userAndPassword.data()),
                                     userAndPassword.size(), out.data());
  out.resize(n);
  return "Basic " + out;
}

const ApiReply kUnauthorized{401, "{}"};

}  // namespace

std::optional<ApiReply> publicApiReply(std::string_view path, std::string_view head) {
  const Fields fields = headerFields(head);
  if (path == "/api/v1/time/current/unix") return ApiReply{200, "{\"unix_timestamp\":1721156604}"};
  if (path == "/bearer") {
    const std::string auth = fieldValue(fields, "Authorization");
    if (auth.rfind("Bearer ", 0) != 0 || auth.size() == 7) return kUnauthorized;
    return ApiReply{200, "{\"authenticated\":true,\"token\":" + quoted(auth.substr(7)) + "}"};
  }
  constexpr std::string_view kBasic = "/basic-auth/";
  if (path.substr(0, kBasic.size()) == kBasic) {
    const std::string_view userAndPassword = path.substr(kBasic.size());
    const size_t slash = userAndPassword.find('/');
    if (slash == std::string_view::npos) return ApiReply{404, "{}"};
    std::string credentials(userAndPassword);
    credentials[slash] = ':';
    if (fieldValue(fields, "Authorization") != basicCredentials(credentials)) return kUnauthorized;
    return ApiReply{200, "{\"authenticated\":true,\"user\":" +
                             quoted(std::string(userAndPassword.substr(0, slash))) + "}"};
  }
  if (path == "/headers") {
    std::string body = "{\"headers\":{";
    for (const auto& [name, value] : fields)
      body += (body.back() == '{' ? "" : ",") + quoted(httpbinCase(name)) + ":" + quoted(value);
    return ApiReply{200, body + "}}"};
  }
  return std::nullopt;
}

}  // namespace ehc_fault
