// The fault server's /graphql: see graphql_route.h. A lexer and a
// recursive-descent parser for the part of GraphQL the schema needs, and a
// resolver over a fixed table. JSON in (the request body, the variables) is
// read with the library's binder.
#include "graphql_route.h"

#include <stdio.h>
#include <string.h>

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

#include "ehc/json/json_binder.h"
#include "ehc/json/json_text_targets.h"

namespace ehc_fault {

namespace {

// ---- JSON in ------------------------------------------------------------------

// The value at `path` of `doc`: decoded when it is a string (raw = false),
// else its JSON text; nullopt when absent or when doc is not JSON.
std::optional<std::string> jsonAt(std::string_view doc, const char* path, bool raw) {
  std::string text;
  ehc::StaticJsonBinder<1> binder;
  if (raw)
    binder.bindText(path, &text, ehc::stdStringSink(), true);
  else
    ehc::bindAnyText(binder, path, text);
  binder.feed(doc.data(), doc.size());
  if (binder.finish() != ehc::JsonError::Ok) return std::nullopt;
  const ehc::BindStatus s = binder.status(0);
  if (s != ehc::BindStatus::Found && s != ehc::BindStatus::Null) return std::nullopt;
  return s == ehc::BindStatus::Null ? std::string(raw ? "null" : "") : text;
}

// The JSON text of each element of a JSON array.
std::vector<std::string> elementsOf(std::string_view array) {
  struct Context {
    std::string current;
    std::vector<std::string> all;
  } context;
  ehc::StaticJsonBinder<1> binder;
  const int i = binder.bindText("*", &context.current, ehc::stdStringSink(), true);
  binder.onMatch(
      i,
      [](const ehc::JsonMatch& m, void* user) {
        auto* c = static_cast<Context*>(user);
        if (m.status == ehc::BindStatus::Found || m.status == ehc::BindStatus::Null)
          c->all.push_back(m.status == ehc::BindStatus::Null ? "null" : c->current);
      },
      &context);
  binder.feed(array.data(), array.size());
  binder.finish();
  return context.all;
}

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char u[8];
      snprintf(u, sizeof u, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += u;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// ---- the document ---------------------------------------------------------------

struct GraphQLFailure {  // a request error: 400, no data
  std::string message;
  int line = 0, column = 0;
};

struct Token {
  enum Kind { kEnd, kPunct, kName, kNumber, kString } kind = kEnd;
  std::string text;  // a string: its JSON text
  int line = 1, column = 1;
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}
  Token next() {
    skipIgnored();
    Token t;
    t.line = line_;
    t.column = column_;
    if (at_ >= text_.size()) return t;
    const char c = text_[at_];
    if (strchr("{}()[]:$!=@|&", c)) {
      t.kind = Token::kPunct;
      t.text = std::string(1, c);
      advance();
    } else if (c == '.' && text_.substr(at_, 3) == "...") {
      t.kind = Token::kPunct;
      t.text = "...";
      for (int i = 0; i < 3; ++i) advance();
    } else if (isNameStart(c)) {
      t.kind = Token::kName;
      while (at_ < text_.size() && (isNameStart(text_[at_]) || isDigit(text_[at_])))
        t.text += advance();
    } else if (c == '-' || isDigit(c)) {
      t.kind = Token::kNumber;
      while (at_ < text_.size() && strchr("+-.eE0123456789", text_[at_])) t.text += advance();
    } else if (c == '"') {
      t.kind = Token::kString;
      t.text += advance();
      while (at_ < text_.size() && text_[at_] != '"') {
        if (text_[at_] == '\\') t.text += advance();
        if (at_ < text_.size()) t.text += advance();
      }
      if (at_ >= text_.size()) fail(t, "Unterminated string.");
      t.text += advance();
    } else {
      fail(t, std::string("Unexpected character: \"") + c + "\".");
    }
    return t;
  }
  [[noreturn]] static void fail(const Token& at, const std::string& what) {
    throw GraphQLFailure{"Syntax Error: " + what, at.line, at.column};
  }

 private:
  static bool isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
  static bool isDigit(char c) { return c >= '0' && c <= '9'; }
  char advance() {
    const char c = text_[at_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }
  void skipIgnored() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '#') {
        while (at_ < text_.size() && text_[at_] != '\n') advance();
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',') {
        advance();
      } else {
        break;
      }
    }
  }

  std::string_view text_;
  size_t at_ = 0;
  int line_ = 1, column_ = 1;
};

struct Value {  // an argument: a variable, or JSON text
  bool variable = false;
  std::string text;                                // the variable's name, or JSON
  std::vector<std::pair<std::string, Value>> map;  // an object literal with variables in it
  std::vector<Value> list;
  enum Shape { kScalar, kList, kObject } shape = kScalar;
};

struct Field {
  std::string alias, name;  // name "...": an inline fragment (its fields in selection)
  bool deferred = false;    // the fragment has @defer
  std::string label;        // @defer(label:) as JSON text, or ""
  std::vector<std::pair<std::string, Value>> arguments;
  std::vector<Field> selection;
  int line = 0, column = 0;
};

struct Operation {
  std::string kind = "query", name;
  std::vector<Field> selection;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : lexer_(text) { take(); }
  std::vector<Operation> document() {
    std::vector<Operation> operations;
    while (token_.kind != Token::kEnd) operations.push_back(operation());
    if (operations.empty()) Lexer::fail(token_, "Unexpected <EOF>.");
    return operations;
  }

 private:
  void take() { token_ = lexer_.next(); }
  bool is(const char* punct) const { return token_.kind == Token::kPunct && token_.text == punct; }
  void expect(const char* punct) {
    if (!is(punct)) unexpected();
    take();
  }
  [[noreturn]] void unexpected() {
    Lexer::fail(token_, token_.kind == Token::kEnd ? "Expected Name, found <EOF>."
                                                   : "Unexpected \"" + token_.text + "\".");
  }
  std::string name() {
    if (token_.kind != Token::kName) unexpected();
    std::string n = token_.text;
    take();
    return n;
  }
  Operation operation() {
    Operation op;
    if (token_.kind == Token::kName) {
      op.kind = name();
      if (op.kind != "query" && op.kind != "mutation") Lexer::fail(token_, "Unexpected Name.");
      if (token_.kind == Token::kName) op.name = name();
      if (is("(")) skipBalanced("(", ")");  // variable definitions: the values come as sent
    }
    op.selection = selectionSet();
    return op;
  }
  void skipBalanced(const char* open, const char* close) {
    int depth = 0;
    do {
      if (token_.kind == Token::kEnd) unexpected();
      if (is(open)) ++depth;
      if (is(close)) --depth;
      take();
    } while (depth > 0);
  }
  std::vector<Field> selectionSet() {
    expect("{");
    std::vector<Field> fields;
    while (!is("}")) fields.push_back(is("...") ? inlineFragment() : field());
    take();
    if (fields.empty()) Lexer::fail(token_, "Expected Name, found \"}\".");
    return fields;
  }
  // ... [on Type] [@directive(args)]* { fields }: only @defer means anything.
  Field inlineFragment() {
    Field f;
    f.line = token_.line;
    f.column = token_.column;
    f.name = "...";
    take();
    if (token_.kind == Token::kName && token_.text == "on") {
      take();
      name();
    }
    while (is("@")) {
      take();
      const std::string directive = name();
      f.deferred = f.deferred || directive == "defer";
      if (!is("(")) continue;
      take();
      while (!is(")")) {
        const std::string argument = name();
        expect(":");
        const Value v = value();
        if (directive == "defer" && argument == "label") f.label = v.text;
      }
      take();
    }
    f.selection = selectionSet();
    return f;
  }
  Field field() {
    Field f;
    f.line = token_.line;
    f.column = token_.column;
    f.name = name();
    if (is(":")) {
      take();
      f.alias = f.name;
      f.name = name();
    }
    if (is("(")) {
      take();
      while (!is(")")) {
        std::string argument = name();
        expect(":");
        f.arguments.emplace_back(std::move(argument), value());
      }
      take();
    }
    if (is("{")) f.selection = selectionSet();
    return f;
  }
  Value value() {
    Value v;
    if (is("$")) {
      take();
      v.variable = true;
      v.text = name();
    } else if (is("[")) {
      take();
      v.shape = Value::kList;
      while (!is("]")) v.list.push_back(value());
      take();
    } else if (is("{")) {
      take();
      v.shape = Value::kObject;
      while (!is("}")) {
        std::string key = name();
        expect(":");
        v.map.emplace_back(std::move(key), value());
      }
      take();
    } else if (token_.kind == Token::kNumber || token_.kind == Token::kString) {
      v.text = token_.text;
      take();
    } else if (token_.kind == Token::kName) {  // true, false, null, an enum value
      const std::string n = name();
      v.text = n == "true" || n == "false" || n == "null" ? n : quoted(n);
    } else {
      unexpected();
    }
    return v;
  }

  Lexer lexer_;
  Token token_;
};

// ---- running it -------------------------------------------------------------------

struct FieldError {
  std::string message;
  int line, column;
  std::vector<std::string> path;  // JSON values: "\"user\"", "0"
  std::string extensions;         // JSON, or ""
};

struct User {
  int id;
  const char* handle;  // the text id the original's sketches use
  const char* name;
  const char* email;
  bool online;
  double rating;
  const char* city;
};
const User kUsers[] = {
    {1, "usr_9981", "Leanne Graham", "Sincere@april.biz", true, 4.5, "Gwenborough"},
    {2, "usr_9912", "Ervin Howell", "Shanna@melissa.tv", false, 3.25, "Wisokyburgh"},
    {3, "usr_4410", "Clementine Bauch", "Nathan@yesenia.net", true, 5, "McKenziehaven"},
};

// The fields ESP32-HTTP-Client's GraphQL sketches query (graphql_route.h):
// each a fixed value, an object's members selected one level deep. A field
// with an argument matches only that argument's value (another value: null).
struct Fixture {
  const char* field;
  const char* type;      // of an object value ("" for a scalar)
  const char* argument;  // nullptr: none wanted
  const char* match;     // the argument's value (decoded)
  const char* json;
};
const Fixture kQueryFixtures[] = {
    {"country", "Country", "code", "BR",
     R"({"name":"Brazil","capital":"Brasília","currency":"BRL"})"},
    {"country", "Country", "code", "US",
     R"({"name":"United States","capital":"Washington D.C.","currency":"USD,USN,USS"})"},
    {"device", "Device", "id", "esp32-01", R"({"name":"Greenhouse Sensor"})"},
    {"notificationCount", "", nullptr, nullptr, "3"},
    {"weather", "Weather", "city", "Lisbon", R"({"summary":"Clear sky, 21 C"})"},
    {"profile", "Profile", nullptr, nullptr, R"({"displayName":"Leanne Graham"})"},
    {"settings", "Settings", nullptr, nullptr, R"({"theme":"dark","autoUpdate":true})"},
};
const Fixture kMutationFixtures[] = {
    {"registerDevice", "Registration", nullptr, nullptr, R"({"id":101,"status":"REGISTERED"})"},
};

class Run {
 public:
  Run(std::string variables, bool errorsFirst, bool defer = false)
      : variables_(std::move(variables)), errorsFirst_(errorsFirst), defer_(defer) {}

  std::string answer(const Operation& op) {
    const std::string data = op.kind == "mutation" ? mutation(op.selection) : query(op.selection);
    return withErrors("\"data\":" + data, 0);
  }

  // The parts of an incremental delivery: the initial data, then each
  // deferred fragment (none: not deferred, answer() has it all).
  std::vector<std::string> parts(const Operation& op) {
    const std::string data = query(op.selection);
    if (deferred_.empty()) return {};
    std::vector<std::string> out = {withErrors("\"data\":" + data + ",\"hasNext\":true", 0)};
    const std::vector<const Field*> fragments = deferred_;
    defer_ = false;  // a fragment's own @defer fragments come with it
    for (size_t i = 0; i < fragments.size(); ++i) {
      const Field& f = *fragments[i];
      const size_t before = errors_.size();
      std::string entry = "{\"data\":{" + fields(f.selection) + "},\"path\":[]";
      if (!f.label.empty()) entry += ",\"label\":" + f.label;
      if (errors_.size() > before) entry += ",\"errors\":[" + errorList(before) + "]";
      const bool last = i + 1 == fragments.size();
      out.push_back("{\"incremental\":[" + entry + "}],\"hasNext\":" + (last ? "false" : "true") +
                    "}");
    }
    return out;
  }

 private:
  // {members, "errors":[...]} with the errors from `from` on, if any.
  std::string withErrors(const std::string& members, size_t from) const {
    const std::string errors = errorList(from);
    if (errors.empty()) return "{" + members + "}";
    const std::string list = "\"errors\":[" + errors + "]";
    return errorsFirst_ ? "{" + list + "," + members + "}" : "{" + members + "," + list + "}";
  }
  std::string errorList(size_t from) const {
    std::string errors;
    for (size_t k = from; k < errors_.size(); ++k) {
      const FieldError& e = errors_[k];
      if (!errors.empty()) errors += ",";
      errors += "{\"message\":" + quoted(e.message) +
                ",\"locations\":[{\"line\":" + std::to_string(e.line) +
                ",\"column\":" + std::to_string(e.column) + "}]";
      errors += ",\"path\":[";
      for (size_t i = 0; i < e.path.size(); ++i) errors += (i ? "," : "") + e.path[i];
      errors += "]";
      if (!e.extensions.empty()) errors += ",\"extensions\":" + e.extensions;
      errors += "}";
    }
    return errors;
  }

  static std::string keyOf(const Field& f) { return quoted(f.alias.empty() ? f.name : f.alias); }
  [[noreturn]] static void unknown(const Field& f, const char* type) {
    throw GraphQLFailure{"Cannot query field \"" + f.name + "\" on type \"" + type + "\".", f.line,
                         f.column};
  }

  // An argument's JSON text (a variable's as sent; null when not given).
  std::string argument(const Field& f, const char* name) const {
    for (const auto& [n, v] : f.arguments)
      if (n == name) return valueText(v);
    return "null";
  }
  std::string valueText(const Value& v) const {
    if (v.variable) return jsonAt(variables_, v.text.c_str(), true).value_or("null");
    if (v.shape == Value::kList) {
      std::string out = "[";
      for (size_t i = 0; i < v.list.size(); ++i) out += (i ? "," : "") + valueText(v.list[i]);
      return out + "]";
    }
    if (v.shape == Value::kObject) {
      std::string out = "{";
      for (size_t i = 0; i < v.map.size(); ++i)
        out += (i ? "," : "") + quoted(v.map[i].first) + ":" + valueText(v.map[i].second);
      return out + "}";
    }
    return v.text;
  }

  std::string query(const std::vector<Field>& selection) { return "{" + fields(selection) + "}"; }
  // The members for a selection of Query (a deferred fragment's are kept
  // for later, when deferring).
  std::string fields(const std::vector<Field>& selection) {
    std::string out;
    for (const Field& f : selection) {
      if (f.name == "...") {
        if (f.deferred && defer_) {
          deferred_.push_back(&f);
          continue;
        }
        const std::string inner = fields(f.selection);
        if (!inner.empty()) out += (out.empty() ? "" : ",") + inner;
        continue;
      }
      if (!out.empty()) out += ",";
      out += keyOf(f) + ":";
      const std::vector<std::string> at = {keyOf(f)};
      if (f.name == "user") {
        out += userById(f, at);
      } else if (const Fixture* fixture = fixtureFor(kQueryFixtures, f)) {
        out += fixtureValue(*fixture, f);
      } else if (f.name == "users") {
        out += users(f, at, 0);
      } else if (f.name == "boom") {
        errors_.push_back({"boom", f.line, f.column, at, "{\"code\":\"BOOM\"}"});
        out += "null";
      } else if (f.name == "__typename") {
        out += "\"Query\"";
      } else if (f.name == "systemStatus" || f.name == "status") {
        out += "\"OK\"";
      } else if (f.name == "heavyLogData") {
        out += logData(f);
      } else if (f.name == "heavyHistoricalMetrics") {
        out += metrics(f);
      } else {
        unknown(f, "Query");
      }
    }
    return out;
  }
  // An object with fixed members: each selected field's JSON from `members`.
  static std::string fixedObject(
      const Field& parent, const char* type,
      std::initializer_list<std::pair<std::string_view, std::string_view>> members) {
    std::string out = "{";
    for (const Field& f : parent.selection) {
      out += (out.size() > 1 ? "," : "") + keyOf(f) + ":";
      std::string_view json;
      for (const auto& [name, value] : members)
        if (f.name == name) json = value;
      if (json.empty()) unknown(f, type);
      out += json;
    }
    return out + "}";
  }
  static std::string logData(const Field& f) {
    return fixedObject(f, "LogData",
                       {{"timestamp", "1700000000"}, {"message", "\"disk check passed\""}});
  }
  static std::string metrics(const Field& f) {
    return fixedObject(f, "Metrics", {{"cpuUsage", "37.5"}, {"memoryUsage", "61.25"}});
  }
  std::string mutation(const std::vector<Field>& selection) {
    std::string out = "{";
    for (const Field& f : selection) {
      if (out.size() > 1) out += ",";
      out += keyOf(f) + ":";
      if (f.name == "echo") {
        out += argument(f, "input");
      } else if (f.name == "recordTelemetry") {
        out += telemetryRecord(f);
      } else if (const Fixture* fixture = fixtureFor(kMutationFixtures, f)) {
        out += fixtureValue(*fixture, f);
      } else {
        unknown(f, "Mutation");
      }
    }
    return out + "}";
  }
  // user(id: ID): by number or handle; no id: the signed-in user (1).
  std::string userById(const Field& f, const std::vector<std::string>& at) {
    const std::string given = argument(f, "id");
    const std::string id = given == "null" ? "1" : jsonAt(given, "", false).value_or("");
    for (const User& u : kUsers)
      if (id == std::to_string(u.id) || id == u.handle) return user(u, f, at);
    errors_.push_back({"no user with id " + id, f.line, f.column, at, ""});
    return "null";
  }

  template <size_t N>
  const Fixture* fixtureFor(const Fixture (&table)[N], const Field& f) const {
    const Fixture* named = nullptr;
    for (const Fixture& x : table) {
      if (f.name != x.field) continue;
      named = &x;
      if (!x.argument || jsonAt(argument(f, x.argument), "", false) == std::string(x.match))
        return &x;
    }
    return named ? &kNoMatch : nullptr;  // a known field, no such value: null
  }
  // The fixture's value with only the selected members.
  std::string fixtureValue(const Fixture& x, const Field& f) const {
    if (&x == &kNoMatch) return "null";
    if (!*x.type) return x.json;
    if (f.selection.empty())
      throw GraphQLFailure{
          "Field \"" + f.name + "\" of type \"" + x.type + "\" must have a selection.", f.line,
          f.column};
    std::string out = "{";
    for (const Field& m : f.selection) {
      const std::optional<std::string> value = jsonAt(x.json, m.name.c_str(), true);
      if (!value) unknown(m, x.type);
      out += (out.size() > 1 ? "," : "") + keyOf(m) + ":" + *value;
    }
    return out + "}";
  }
  // recordTelemetry(input: TelemetryInput!) { acknowledged }: acknowledged
  // when the input holds the three numbers of the sketch's struct.
  std::string telemetryRecord(const Field& f) const {
    const std::string input = argument(f, "input");
    bool whole = true;
    for (const char* member : {"temperature", "humidity", "batteryLevel"}) {
      const std::optional<std::string> v = jsonAt(input, member, true);
      whole = whole && v && !v->empty() && strchr("-0123456789", v->front());
    }
    std::string out = "{";
    for (const Field& m : f.selection) {
      if (m.name != "acknowledged") unknown(m, "TelemetryRecord");
      out += (out.size() > 1 ? "," : "") + keyOf(m) + ":" + (whole ? "true" : "false");
    }
    return out + "}";
  }
  static const Fixture kNoMatch;

  std::string users(const Field& f, const std::vector<std::string>& at, int except) {
    std::string out = "[";
    int index = 0;
    for (const User& u : kUsers) {
      if (u.id == except) continue;
      std::vector<std::string> here = at;
      here.push_back(std::to_string(index++));
      out += (out.size() > 1 ? "," : "") + user(u, f, here);
    }
    return out + "]";
  }
  std::string user(const User& u, const Field& parent, const std::vector<std::string>& at) {
    if (parent.selection.empty())
      throw GraphQLFailure{"Field \"" + parent.name + "\" of type \"User\" must have a selection.",
                           parent.line, parent.column};
    std::string out = "{";
    for (const Field& f : parent.selection) {
      out += (out.size() > 1 ? "," : "") + keyOf(f) + ":";
      std::vector<std::string> here = at;
      here.push_back(keyOf(f));
      if (f.name == "id") {
        out += std::to_string(u.id);
      } else if (f.name == "name") {
        out += quoted(u.name);
      } else if (f.name == "email") {
        out += quoted(u.email);
      } else if (f.name == "online") {
        out += u.online ? "true" : "false";
      } else if (f.name == "rating") {
        char number[32];
        snprintf(number, sizeof number, "%.17g", u.rating);
        out += number;
      } else if (f.name == "address") {
        out += "{";
        for (const Field& a : f.selection) {
          if (a.name != "city") unknown(a, "Address");
          out += (out.back() == '{' ? "" : ",") + keyOf(a) + ":" + quoted(u.city);
        }
        out += "}";
      } else if (f.name == "friends") {
        out += users(f, here, u.id);
      } else if (f.name == "secret") {
        errors_.push_back({"not authorized", f.line, f.column, here, ""});
        out += "null";
      } else if (f.name == "restrictedField") {
        errors_.push_back({"Not authorized to access User.restrictedField", f.line, f.column, here,
                           R"({"code":"FORBIDDEN"})"});
        out += "null";
      } else {
        unknown(f, "User");
      }
    }
    return out + "}";
  }

  std::string variables_;
  bool errorsFirst_;
  bool defer_;
  std::vector<FieldError> errors_;
  std::vector<const Field*> deferred_;
};

const Fixture Run::kNoMatch = {"", "", nullptr, nullptr, "null"};

GraphQLReply failure(const GraphQLFailure& f, int status = 400) {
  std::string body = "{\"errors\":[{\"message\":" + quoted(f.message);
  if (f.line) {
    body += ",\"locations\":[{\"line\":" + std::to_string(f.line) +
            ",\"column\":" + std::to_string(f.column) + "}]";
  }
  return {status, body + "}]}", {}};
}

// One operation: {"query", "operationName", "variables"} already apart.
GraphQLReply execute(const std::string& document, const std::string& operationName,
                     const std::string& variables, bool errorsFirst, bool overGet,
                     bool defer = false) {
  try {
    if (!variables.empty() && variables != "null" && variables.front() != '{')
      throw GraphQLFailure{"Variables must be an object.", 0, 0};
    const std::vector<Operation> operations = Parser(document).document();
    const Operation* chosen = nullptr;
    for (const Operation& op : operations)
      if (operationName.empty() ? operations.size() == 1 : op.name == operationName) chosen = &op;
    if (!chosen)
      throw GraphQLFailure{operationName.empty()
                               ? "Must provide operation name if query contains multiple "
                                 "operations."
                               : "Unknown operation named \"" + operationName + "\".",
                           0, 0};
    if (overGet && chosen->kind == "mutation")
      return failure({"Can only perform a mutation operation from a POST request.", 0, 0}, 405);
    if (defer && chosen->kind == "query") {
      std::vector<std::string> parts = Run(variables, errorsFirst, true).parts(*chosen);
      if (!parts.empty()) return {200, "", std::move(parts)};
    }
    return {200, Run(variables, errorsFirst).answer(*chosen), {}};
  } catch (const GraphQLFailure& f) {
    return failure(f);
  }
}

GraphQLReply executeJson(std::string_view request, bool errorsFirst, bool defer = false) {
  const std::optional<std::string> document = jsonAt(request, "query", false);
  if (!document) return failure({"Must provide query string.", 0, 0});
  return execute(*document, jsonAt(request, "operationName", false).value_or(""),
                 jsonAt(request, "variables", true).value_or(""), errorsFirst, false, defer);
}

}  // namespace

GraphQLReply graphqlReply(const GraphQLHttp& request) {
  const bool defer = request.acceptsMultipart && !request.deferIgnored;
  if (request.method == "GET")
    return execute(request.query, request.operationName, request.variables, request.errorsFirst,
                   true, defer);
  if (request.method != "POST")
    return failure({"GraphQL only supports GET and POST requests.", 0, 0}, 405);
  size_t first = 0;
  while (first < request.body.size() && strchr(" \t\r\n", request.body[first])) ++first;
  if (first < request.body.size() && request.body[first] == '[') {  // a batch
    std::string answers = "[";
    for (const std::string& one : elementsOf(request.body))
      answers += (answers.size() > 1 ? "," : "") + executeJson(one, request.errorsFirst).body;
    return {200, answers + "]", {}};
  }
  if (first >= request.body.size() || request.body[first] != '{')
    return failure({"POST body must be a JSON object or an array of them.", 0, 0});
  return executeJson(request.body, request.errorsFirst, defer);
}

}  // namespace ehc_fault
