// The fault server's JSONPlaceholder-like API: see api_routes.h. The data
// files are read at each request and picked apart with the library's own
// JSON binder (raw text of an element, of a field; validation of bodies).
#include "api_routes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "ehc/json/json_binder.h"

namespace ehc_fault {

const char* const kApiResources[6] = {"posts", "comments", "albums", "photos", "todos", "users"};

namespace {

const ApiReply kNotFound{404, "{}"};

std::optional<std::string> readFile(const std::string& path) {
  FILE* file = fopen(path.c_str(), "rb");
  if (!file) return std::nullopt;
  std::string text;
  char buffer[16 * 1024];
  size_t got;
  while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
  const bool failed = ferror(file) != 0;
  fclose(file);
  if (failed) return std::nullopt;
  return text;
}

bool isValidJson(std::string_view text) {
  ehc::StaticJsonBinder<1> binder;
  binder.feed(text.data(), text.size());
  return binder.finish() == ehc::JsonError::Ok;
}

// The JSON text of the value at `path` of a document, as it appears in it.
std::optional<std::string> rawValue(std::string_view document, const std::string& path) {
  std::string buffer(document.size() + 1, '\0');
  ehc::StaticJsonBinder<1> binder;
  if (binder.bindRaw(path.c_str(), buffer.data(), buffer.size()) < 0) return std::nullopt;
  binder.feed(document.data(), document.size());
  if (binder.finish() != ehc::JsonError::Ok || binder.status(0) != ehc::BindStatus::Found)
    return std::nullopt;
  buffer.resize(strlen(buffer.c_str()));
  return buffer;
}

// Calls each(raw JSON text) for every element of a JSON array, in order.
// False when the document is not valid JSON.
bool forEachElement(std::string_view array, const std::function<void(const char*)>& each) {
  struct Context {
    const std::function<void(const char*)>* each;
    const char* text;
  };
  std::string buffer(array.size() + 1, '\0');
  Context context{&each, buffer.c_str()};
  ehc::StaticJsonBinder<1> binder;
  const int binding = binder.bindRaw("*", buffer.data(), buffer.size());
  if (binding < 0) return false;
  binder.onMatch(
      binding,
      [](const ehc::JsonMatch& match, void* user) {
        const Context& c = *static_cast<const Context*>(user);
        if (match.status == ehc::BindStatus::Found) (*c.each)(c.text);
      },
      &context);
  binder.feed(array.data(), array.size());
  return binder.finish() == ehc::JsonError::Ok;
}

// ---- JSON object members ----------------------------------------------------------

size_t skipSpace(std::string_view text, size_t at) {
  while (at < text.size() &&
         (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n')) {
    ++at;
  }
  return at;
}

// text[at] is '"': the index after the string's closing quote.
size_t skipString(std::string_view text, size_t at) {
  for (++at; at < text.size() && text[at] != '"'; ++at) {
    if (text[at] == '\\') ++at;
  }
  return at + 1;
}

// The index after the value that starts at text[at].
size_t skipValue(std::string_view text, size_t at) {
  if (text[at] == '"') return skipString(text, at);
  if (text[at] == '{' || text[at] == '[') {
    int depth = 0;
    do {
      if (text[at] == '"') {
        at = skipString(text, at);
        continue;
      }
      if (text[at] == '{' || text[at] == '[') ++depth;
      if (text[at] == '}' || text[at] == ']') --depth;
      ++at;
    } while (depth > 0 && at < text.size());
    return at;
  }
  while (at < text.size() && strchr(",}] \t\r\n", text[at]) == nullptr) ++at;
  return at;
}

// "key":value of each top-level member, as written (whitespace around
// them dropped), of an object that the binder found valid.
std::vector<std::pair<std::string_view, std::string_view>> members(std::string_view object) {
  std::vector<std::pair<std::string_view, std::string_view>> out;
  size_t at = skipSpace(object, 0) + 1;  // past '{'
  for (;;) {
    at = skipSpace(object, at);
    if (at >= object.size() || object[at] == '}') break;
    if (object[at] == ',') {
      ++at;
      continue;
    }
    const size_t keyEnd = skipString(object, at);
    const std::string_view key = object.substr(at, keyEnd - at);
    const size_t valueStart = skipSpace(object, skipSpace(object, keyEnd) + 1);  // past ':'
    const size_t valueEnd = skipValue(object, valueStart);
    out.emplace_back(key, object.substr(valueStart, valueEnd - valueStart));
    at = valueEnd;
  }
  return out;
}

// The request body (a JSON object; empty means {}) with "id": id: its
// members as written, one after the other without whitespace between them;
// nullopt when it is not a JSON object.
std::optional<std::string> objectWithId(std::string_view body, size_t id) {
  const size_t first = skipSpace(body, 0);
  if (first == body.size())
    body = "{}";
  else if (body[first] != '{' || !isValidJson(body))
    return std::nullopt;
  std::string out = "{";
  for (const auto& [key, value] : members(body)) {
    if (key == "\"id\"") continue;  // the server's id replaces the client's
    out.append(key).append(":").append(value).append(",");
  }
  return out + "\"id\":" + std::to_string(id) + "}";
}

// ---- requests ----------------------------------------------------------------------

// %XX escapes and '+' decoded, as in a query string.
std::string queryDecoded(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() &&
        isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += text[i] == '+' ? ' ' : text[i];
    }
  }
  return out;
}

using Filter = std::vector<std::pair<std::string, std::string>>;  // field, value

Filter filterOf(std::string_view query) {
  Filter filter;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const size_t equals = pair.find('=');
    // _limit, _sort, ...: JSONPlaceholder's options, not fields (ignored here).
    if (!pair.empty() && equals != 0 && pair[0] != '_') {
      filter.emplace_back(
          queryDecoded(pair.substr(0, equals)),
          equals == std::string_view::npos ? "" : queryDecoded(pair.substr(equals + 1)));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return filter;
}

// Does the element's field have the value (a string's text, or a number's
// or literal's JSON text)?
bool matches(const char* element, const Filter& filter) {
  for (const auto& [field, value] : filter) {
    const std::optional<std::string> raw = rawValue(element, field);
    if (!raw) return false;
    const bool isString = raw->size() >= 2 && raw->front() == '"';
    if ((isString ? raw->substr(1, raw->size() - 2) : *raw) != value) return false;
  }
  return true;
}

// The elements that match, formatted as JSONPlaceholder does.
ApiReply filtered(std::string_view array, const Filter& filter) {
  std::string out;
  const bool valid = forEachElement(array, [&](const char* element) {
    if (!matches(element, filter)) return;
    out.append(out.empty() ? "[\n  " : ",\n  ").append(element);
  });
  if (!valid) return {500, "{\"error\":\"the data file is not valid JSON\"}"};
  return {200, out.empty() ? "[]" : out + "\n]"};
}

size_t elementCount(std::string_view array) {
  size_t count = 0;
  forEachElement(array, [&count](const char*) { ++count; });
  return count;
}

// "7" -> 7; 0 for anything else (ids start at 1).
size_t idOf(std::string_view text) {
  if (text.empty() || text.size() > 9) return 0;
  size_t id = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return 0;
    id = id * 10 + static_cast<size_t>(c - '0');
  }
  return id;
}

bool isResource(std::string_view name) {
  for (const char* resource : kApiResources) {
    if (name == resource) return true;
  }
  return false;
}

}  // namespace

std::optional<ApiReply> apiReply(const std::string& dataDir, std::string_view method,
                                 std::string_view path, std::string_view query,
                                 std::string_view body) {
  // /resource[/id[/nested]]
  std::vector<std::string_view> segments;
  for (size_t at = 1; path.size() > 0 && path[0] == '/' && at <= path.size();) {
    const size_t slash = std::min(path.find('/', at), path.size());
    segments.push_back(path.substr(at, slash - at));
    at = slash + 1;
  }
  if (!segments.empty() && segments.back().empty()) segments.pop_back();  // "/users/"
  if (segments.empty() || segments.size() > 3 || !isResource(segments[0])) return std::nullopt;
  if (segments.size() == 3 && !isResource(segments[2])) return std::nullopt;

  if (dataDir.empty()) return ApiReply{404, "{\"error\":\"no API data (start with --data DIR)\"}"};
  const std::optional<std::string> data =
      readFile(dataDir + "/" + std::string(segments[0]) + ".json");
  if (!data) return kNotFound;
  const bool get = method == "GET" || method == "HEAD";

  if (segments.size() == 1) {
    if (get) return query.empty() ? ApiReply{200, *data} : filtered(*data, filterOf(query));
    if (method != "POST") return kNotFound;
    const std::optional<std::string> created = objectWithId(body, elementCount(*data) + 1);
    if (!created) return ApiReply{400, "{\"error\":\"the body is not a JSON object\"}"};
    return ApiReply{201, *created};
  }

  const size_t id = idOf(segments[1]);
  const std::optional<std::string> element =
      id ? rawValue(*data, std::to_string(id - 1)) : std::nullopt;
  if (!element) return kNotFound;

  if (segments.size() == 3) {  // /posts/1/comments: comments with postId=1
    if (!get) return kNotFound;
    const std::optional<std::string> nested =
        readFile(dataDir + "/" + std::string(segments[2]) + ".json");
    if (!nested) return kNotFound;
    std::string field(segments[0].substr(0, segments[0].size() - 1));
    return filtered(*nested, Filter{{field + "Id", std::to_string(id)}});
  }
  if (get) return ApiReply{200, *element};
  if (method == "DELETE") return ApiReply{200, "{}"};
  if (method != "PUT" && method != "PATCH") return kNotFound;
  const std::optional<std::string> updated = objectWithId(body, id);
  if (!updated) return ApiReply{400, "{\"error\":\"the body is not a JSON object\"}"};
  return ApiReply{200, *updated};
}

}  // namespace ehc_fault
