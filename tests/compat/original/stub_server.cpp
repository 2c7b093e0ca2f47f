#include "stub_server.h"

namespace compat_original {

Response StubServer::take() {
  ++requestCount;
  if (queue_.empty()) return next_;
  Response r = queue_.front();
  queue_.pop_front();
  return r;
}

ehc::NetError StubServer::startConnect(const ehc::Endpoint& e, ehc::Deadline deadline) {
  written_.clear();
  reply_.clear();
  at_ = 0;
  scheme_ = e.tls ? "https" : "http";
  const bool defaultPort = e.port == (e.tls ? 443 : 80);
  hostPort_ = std::string(e.host) + (defaultPort ? "" : ":" + std::to_string(e.port));
  timeoutMs_ = deadline.remainingMs();
  const Response r = take();
  if (r.status == HTTPC_ERROR_CONNECTION_REFUSED) return ehc::NetError::Refused;
  open_ = true;
  resetFirst_ = r.status < 0;
  std::string head = "HTTP/1.1 " + std::to_string(r.status) + " Stub\r\nConnection: close\r\n";
  bool chunked = false;  // then the body is given with its chunk framing
  for (const auto& [name, value] : r.headers) {
    head += name + ": " + value + "\r\n";
    chunked = chunked || strcasecmp(name.c_str(), "Transfer-Encoding") == 0;
  }
  if (!chunked) head += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
  reply_ = head + "\r\n" + r.body;
  return ehc::NetError::Ok;
}

ehc::NetError StubServer::readSome(uint8_t* buf, size_t size, size_t* got) {
  *got = 0;
  if (!open_) return ehc::NetError::NotConnected;
  if (resetFirst_) {
    open_ = false;
    return ehc::NetError::Reset;
  }
  const size_t n = std::min(size, reply_.size() - at_);
  memcpy(buf, reply_.data() + at_, n);
  at_ += n;
  *got = n;  // 0 at the end: the server closed, as its Connection: close said
  return ehc::NetError::Ok;
}

SentRequest StubServer::parse() const {
  SentRequest s;
  s.timeoutMs = timeoutMs_;
  const size_t headEnd = written_.find("\r\n\r\n");
  if (headEnd == std::string::npos) return s;
  const size_t lineEnd = written_.find("\r\n");
  const std::string line = written_.substr(0, lineEnd);
  const size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
  s.method = line.substr(0, sp1);
  s.url = scheme_ + "://" + hostPort_ + line.substr(sp1 + 1, sp2 - sp1 - 1);
  if (s.url.size() > 1 && s.url.back() == '/' && line.substr(sp1 + 1, sp2 - sp1 - 1) == "/")
    s.url.pop_back();  // "GET / HTTP/1.1" for the base URL alone: the URL without '/'
  for (size_t at = lineEnd + 2; at < headEnd;) {
    const size_t end = written_.find("\r\n", at);
    const std::string h = written_.substr(at, end - at);
    const size_t colon = h.find(':');
    s.headers.emplace_back(h.substr(0, colon), h.substr(h.find_first_not_of(' ', colon + 1)));
    at = end + 2;
  }
  s.payload = written_.substr(headEnd + 4);
  return s;
}

size_t StubServer::headerCount(const char* name) const {
  size_t n = 0;
  for (const auto& h : parse().headers) n += strcasecmp(h.first.c_str(), name) == 0;
  return n;
}

std::string StubServer::header(const char* name) const {
  std::string value;
  for (const auto& h : parse().headers)
    if (strcasecmp(h.first.c_str(), name) == 0) value = h.second;
  return value;
}

}  // namespace compat_original
