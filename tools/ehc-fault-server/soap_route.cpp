// The fault server's SOAP endpoints: see soap_route.h.
#include "soap_route.h"

#include <strings.h>

#include <string>

namespace ehc_fault {

namespace {

const char kEnvelope11[] = "http://schemas.xmlsoap.org/soap/envelope/";
const char kEnvelope12[] = "http://www.w3.org/2003/05/soap-envelope";

// A request header's value ("" when absent).
std::string headerValue(std::string_view head, std::string_view name) {
  for (size_t at = head.find("\r\n"); at != std::string_view::npos;) {
    const size_t start = at + 2;
    const size_t end = head.find("\r\n", start);
    const std::string_view line = head.substr(start, end - start);
    const size_t colon = line.find(':');
    if (colon == name.size() && strncasecmp(line.data(), name.data(), name.size()) == 0) {
      const size_t value = line.find_first_not_of(' ', colon + 1);
      return value == std::string_view::npos ? "" : std::string(line.substr(value));
    }
    at = end;
  }
  return "";
}

std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

struct Dialect {
  bool soap12;
  std::string prefix;  // "soap" / "env"
  std::string contentType;
};

Dialect dialectOf(std::string_view head) {
  const std::string type = headerValue(head, "Content-Type");
  if (type.rfind("application/soap+xml", 0) == 0)
    return {true, "env", "application/soap+xml; charset=utf-8"};
  return {false, "soap", "text/xml; charset=utf-8"};
}

std::string envelope(const Dialect& d, const std::string& content) {
  const std::string& p = d.prefix;
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<" + p + ":Envelope xmlns:" + p + "=\"" +
         (d.soap12 ? kEnvelope12 : kEnvelope11) + "\">\r\n  <" + p + ":Body>\r\n" + content +
         "  </" + p + ":Body>\r\n</" + p + ":Envelope>\r\n";
}

SoapReply fault(const Dialect& d, const std::string& code12, const std::string& reason,
                const std::string& detail) {
  const std::string& p = d.prefix;
  const std::string actor = "http://example.com/soap-endpoint";
  const std::string info = "<e:Info xmlns:e=\"http://example.com/errors\">" + detail + "</e:Info>";
  std::string f;
  if (d.soap12) {
    f = "    <" + p + ":Fault>\r\n      <" + p + ":Code><" + p + ":Value>" + p + ":Sender</" + p +
        ":Value><" + p + ":Subcode><" + p + ":Value>m:" + code12 + "</" + p + ":Value></" + p +
        ":Subcode></" + p + ":Code>\r\n      <" + p + ":Reason><" + p + ":Text xml:lang=\"en\">" +
        reason + "</" + p + ":Text></" + p + ":Reason>\r\n      <" + p + ":Node>" + actor + "</" +
        p + ":Node>\r\n      <" + p + ":Detail>" + info + "</" + p + ":Detail>\r\n    </" + p +
        ":Fault>\r\n";
  } else {
    f = "    <" + p + ":Fault>\r\n      <faultcode>" + p + ":Client</faultcode>\r\n" +
        "      <faultstring>" + reason + "</faultstring>\r\n      <faultactor>" + actor +
        "</faultactor>\r\n      <detail>" + info + "</detail>\r\n    </" + p + ":Fault>\r\n";
  }
  return {500, d.contentType, envelope(d, f)};
}

// The action: SOAPAction's (1.1, unquoted) or the type's action parameter (1.2).
std::string actionOf(const Dialect& d, std::string_view head) {
  std::string a;
  if (d.soap12) {
    const std::string type = headerValue(head, "Content-Type");
    const size_t at = type.find("action=\"");
    if (at != std::string::npos) {
      const size_t end = type.find('"', at + 8);
      a = type.substr(at + 8, end == std::string::npos ? std::string::npos : end - at - 8);
    }
  } else {
    a = headerValue(head, "SOAPAction");
    if (a.size() >= 2 && a.front() == '"' && a.back() == '"') a = a.substr(1, a.size() - 2);
  }
  return a;
}

const char* const kOnes[] = {"zero",    "one",     "two",       "three",    "four",
                             "five",    "six",     "seven",     "eight",    "nine",
                             "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                             "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
const char* const kTens[] = {"",      "",      "twenty",  "thirty", "forty",
                             "fifty", "sixty", "seventy", "eighty", "ninety"};

// Below 1000, each word followed by a space (as the service writes them).
std::string hundreds(unsigned n) {
  std::string w;
  if (n >= 100) w += std::string(kOnes[n / 100]) + " hundred ";
  n %= 100;
  if (n == 0) return w;
  if (n < 20) return w + kOnes[n] + " ";
  w += kTens[n / 10];
  return w + (n % 10 ? std::string(" ") + kOnes[n % 10] + " " : " ");
}

std::string words(unsigned long n) {
  if (n == 0) return "zero ";
  static const char* const kScales[] = {"", "thousand ", "million ", "billion "};
  std::string w;
  unsigned long scale = 1000000000ul;
  for (int s = 3; s >= 0; --s, scale /= 1000) {
    const unsigned part = static_cast<unsigned>(n / scale % 1000);
    if (part) w += hundreds(part) + kScales[s];
  }
  return w;
}

SoapReply numberToWords(const Dialect& d, std::string_view body) {
  // The number as the service reads it: the ubiNum element's text.
  const size_t open = body.find("ubiNum>");
  const size_t start = open == std::string_view::npos ? open : open + 7;
  size_t end = start;
  while (end != std::string_view::npos && end < body.size() && body[end] >= '0' &&
         body[end] <= '9' && end - start < 12)
    ++end;
  if (start == std::string_view::npos || end == start || end - start > 12 ||
      (end < body.size() && body[end] != '<'))
    return fault(d, "BadNumber", "ubiNum is not an unsigned number", "ubiNum");
  const unsigned long n = std::stoul(std::string(body.substr(start, end - start)));
  const std::string ns = "http://www.dataaccess.com/webservicesserver/";
  const std::string content = "    <m:NumberToWordsResponse xmlns:m=\"" + ns +
                              "\">\r\n      <m:NumberToWordsResult>" + words(n) +
                              "</m:NumberToWordsResult>\r\n    </m:NumberToWordsResponse>\r\n";
  return {200, d.contentType, envelope(d, content)};
}

SoapReply echo(const Dialect& d, std::string_view head, std::string_view body) {
  std::string action = headerValue(head, "SOAPAction");
  if (head.find("\r\nSOAPAction:") == std::string_view::npos &&
      head.find("\r\nsoapaction:") == std::string_view::npos)
    action = "(none)";
  const std::string content =
      "    <Echo>\r\n      <ContentType>" + escaped(headerValue(head, "Content-Type")) +
      "</ContentType>\r\n      <SoapAction>" + escaped(action) + "</SoapAction>\r\n      <Body>" +
      escaped(body) + "</Body>\r\n    </Echo>\r\n";
  return {200, d.contentType, envelope(d, content)};
}

}  // namespace

SoapReply soapReply(std::string_view path, std::string_view head, std::string_view body) {
  const Dialect d = dialectOf(head);
  if (path == "/webservicesserver/numberconversion.wso") return numberToWords(d, body);
  if (path == "/soap-endpoint" || path == "/soap/fault") {
    std::string operation = actionOf(d, head);
    const size_t slash = operation.find_last_of('/');
    if (slash != std::string::npos) operation = operation.substr(slash + 1);
    return fault(d, "UnknownOperation", "Unknown operation: " + escaped(operation),
                 "no such operation &amp; no fallback");
  }
  if (path == "/soap/echo") return echo(d, head, body);
  if (path == "/soap/malformed")
    return {200, d.contentType,
            "<soap:Envelope xmlns:soap=\"" + std::string(kEnvelope11) +
                "\"><soap:Body><Result>12</Wrong></soap:Body></soap:Envelope>"};
  return {404, "text/plain", "no such SOAP endpoint\n"};
}

}  // namespace ehc_fault
