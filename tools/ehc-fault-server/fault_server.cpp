// FaultServer: see fault_server.h. One thread accepts; each connection gets a
// thread of its own, whose every blocking step is a poll() that also watches
// the wake pipe, so stop() interrupts all of them at once.
#include "fault_server.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string_view>
#include <utility>

#include "api_routes.h"
#include "file_route.h"
#include "graphql_route.h"
#include "public_apis.h"
#include "rpc_route.h"
#include "soap_route.h"
#include "socket_options.h"

namespace ehc_fault {
namespace {

using Clock = std::chrono::steady_clock;

// The longest any single wait may last: a stall, an idle kept-alive
// connection, a request body, a whole huge body, a peer that does not read.
constexpr int64_t kMaxWaitMs = 60000;
constexpr size_t kMaxHeadBytes = 64 * 1024;
// Caps for the generated documents that are built in memory (not streamed).
constexpr uint64_t kMaxGeneratedBytes = 64 * 1024 * 1024;
constexpr size_t kMaxKeptBody = 64 * 1024;  // of a request body, for /echo
constexpr uint64_t kMaxHeaderKb = 16 * 1024;
constexpr uint64_t kMiB = 1024 * 1024;
constexpr uint64_t kMaxHugeBodyMb = 1024 * 1024;  // 1 TiB: more than 60 s can carry
constexpr size_t kChunkBytes = 100;

#ifdef MSG_NOSIGNAL
constexpr int kSendFlags = MSG_NOSIGNAL;
#else
constexpr int kSendFlags = 0;  // macOS: SO_NOSIGPIPE is set on the socket instead
#endif

// Lets a pause end early when the client gives up, so a stalled connection
// does not linger for the whole pause. Without POLLRDHUP (macOS), poll() still
// reports POLLHUP once both directions are closed.
#ifdef POLLRDHUP
constexpr short kPeerHangupEvents = POLLRDHUP;
#else
constexpr short kPeerHangupEvents = 0;
#endif

// ---- waiting -------------------------------------------------------------------

enum class Wait { kReady, kTimedOut, kStopped };

Clock::time_point deadlineIn(int64_t ms) {
  return Clock::now() + std::chrono::milliseconds(std::clamp<int64_t>(ms, 0, kMaxWaitMs));
}

int pollTimeoutUntil(Clock::time_point deadline) {
  if (deadline == Clock::time_point::max()) return -1;
  const int64_t left =
      std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<int64_t>(left, 0, kMaxWaitMs));
}

// Waits until fd reports one of events (or an error or hang-up), until the
// deadline, or until stop() makes wakeFd readable, whichever comes first.
// fd may be -1 (poll() ignores it): then this is an interruptible sleep.
Wait waitFor(int fd, short events, int wakeFd, Clock::time_point deadline) {
  for (;;) {
    pollfd fds[2] = {{wakeFd, POLLIN, 0}, {fd, events, 0}};
    const int ready = poll(fds, 2, pollTimeoutUntil(deadline));
    if (fds[0].revents != 0) return Wait::kStopped;
    if (ready > 0) return Wait::kReady;
    if (ready == 0 && Clock::now() >= deadline) return Wait::kTimedOut;
    // Nothing sensible left to wait for on a poll() failure other than EINTR.
    if (ready < 0 && errno != EINTR) return Wait::kStopped;
  }
}

// ---- sockets -------------------------------------------------------------------

using ehc_tools::closeWithReset;
using ehc_tools::setIntOption;

// ---- text ----------------------------------------------------------------------

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::optional<uint64_t> parseDecimal(std::string_view digits) {
  if (digits.empty() || digits.size() > 18) return std::nullopt;  // 18 digits cannot overflow
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  return value;
}

std::string hex(size_t value) {
  char text[24];
  snprintf(text, sizeof text, "%zx", value);
  return text;
}

// ---- requests ------------------------------------------------------------------

struct Request {
  std::string head;  // request line and headers, as received (without the empty line)
  std::string body;  // the first kMaxKeptBody bytes of the body
  std::string method, target;
  std::string path, query;  // target split at the first '?'
  uint64_t contentLength = 0;
  bool hasTransferEncoding = false;
  bool chunkedBody = false;      // Transfer-Encoding: chunked (the only coding read)
  uint64_t bodyBytes = 0;        // the whole body's, however long
  uint32_t bodyCrc = 0;          // CRC-32 of the whole body (zlib's)
  bool wantsClose = false;       // "Connection: close"
  std::string range;             // the Range field's value
  std::string ifRange;           // the If-Range field's value
  std::string lastEventId;       // the Last-Event-ID field's value
  bool expectsContinue = false;  // "Expect: 100-continue"
};

void parseHeader(std::string_view line, Request* request, bool* valid) {
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    *valid = false;
    return;
  }
  const std::string name = lowercase(line.substr(0, colon));
  const std::string_view value = trim(line.substr(colon + 1));
  if (name == "content-length") {
    const std::optional<uint64_t> length = parseDecimal(value);
    *valid = *valid && length.has_value();
    request->contentLength = length.value_or(0);
  } else if (name == "transfer-encoding") {
    request->hasTransferEncoding = true;
    request->chunkedBody = lowercase(value) == "chunked";
  } else if (name == "connection") {
    request->wantsClose = lowercase(value).find("close") != std::string::npos;
  } else if (name == "range") {
    request->range = value;
  } else if (name == "if-range") {
    request->ifRange = value;
  } else if (name == "last-event-id") {
    request->lastEventId = value;
  } else if (name == "expect") {
    request->expectsContinue = lowercase(value) == "100-continue";
  }
}

// head: the request line and header lines, each ending in CRLF, without the
// final empty line.
bool parseHead(std::string_view head, Request* request) {
  request->head = head;
  const size_t lineEnd = head.find("\r\n");
  const std::string_view requestLine = head.substr(0, lineEnd);
  const size_t firstSpace = requestLine.find(' ');
  const size_t lastSpace = requestLine.rfind(' ');
  if (firstSpace == std::string_view::npos || lastSpace <= firstSpace + 1) return false;
  if (requestLine.substr(lastSpace + 1).rfind("HTTP/1.", 0) != 0) return false;
  request->method = requestLine.substr(0, firstSpace);
  request->target = requestLine.substr(firstSpace + 1, lastSpace - firstSpace - 1);
  const size_t question = request->target.find('?');
  request->path = request->target.substr(0, question);
  if (question != std::string::npos) request->query = request->target.substr(question + 1);

  bool valid = !request->method.empty();
  for (size_t at = lineEnd + 2; at < head.size();) {
    const size_t end = head.find("\r\n", at);
    parseHeader(head.substr(at, end - at), request, &valid);
    at = end + 2;
  }
  return valid;
}

std::optional<std::string_view> queryParam(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const size_t equals = pair.find('=');
    if (pair.substr(0, equals) == name) {
      return equals == std::string_view::npos ? std::string_view() : pair.substr(equals + 1);
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

// %XX escapes decoded (a malformed one stays as it is).
std::string percentDecoded(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto hexDigit = [](char c) { return isxdigit(static_cast<unsigned char>(c)) != 0; };
    if (text[i] == '%' && i + 2 < text.size() && hexDigit(text[i + 1]) && hexDigit(text[i + 2])) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// ---- responses -----------------------------------------------------------------

const char* reasonPhrase(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 418: return "I'm a teapot";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    default: return "Unknown";
  }
}

// A response head under construction: status line, then header lines.
class Head {
 public:
  explicit Head(int status)
      : status_(status),
        text_("HTTP/1.1 " + std::to_string(status) + " " + reasonPhrase(status) + "\r\n") {}
  // For the deliberately broken status lines.
  static Head withStatusLine(std::string_view statusLine) {
    Head head(0);
    head.text_ = std::string(statusLine) + "\r\n";
    return head;
  }

  Head& header(std::string_view name, std::string_view value) {
    text_.append(name).append(": ").append(value).append("\r\n");
    return *this;
  }
  Head& json() { return header("Content-Type", "application/json"); }
  Head& contentLength(uint64_t length) { return header("Content-Length", std::to_string(length)); }
  Head& chunked() { return header("Transfer-Encoding", "chunked"); }
  // RFC 9110: 1xx, 204 and 304 responses never have a body.
  bool allowsBody() const { return status_ >= 200 && status_ != 204 && status_ != 304; }
  // The head, with the empty line that ends it.
  std::string end() const { return text_ + "\r\n"; }

 private:
  int status_;
  std::string text_;
};

// The one way a complete, well-framed JSON response is written.
std::string jsonResponse(Head head, std::string_view body, const Request& request) {
  if (request.wantsClose) head.header("Connection", "close");
  if (!head.allowsBody()) return head.end();
  std::string text = head.json().contentLength(body.size()).end();
  if (request.method != "HEAD") text.append(body);
  return text;
}

// {"pad":"xxx...","end":1}: exactly `bytes` long when bytes >= its 17-byte frame.
std::string paddedJson(uint64_t bytes) {
  static constexpr std::string_view kOpen = "{\"pad\":\"", kClose = "\",\"end\":1}";
  const size_t frame = kOpen.size() + kClose.size();
  const size_t padding = bytes > frame ? static_cast<size_t>(bytes) - frame : 0;
  return std::string(kOpen) + std::string(padding, 'x') + std::string(kClose);
}

std::string chunkedEncoding(std::string_view body, size_t chunkBytes) {
  std::string out;
  for (size_t at = 0; at < body.size(); at += chunkBytes) {
    const std::string_view chunk = body.substr(at, chunkBytes);
    out.append(hex(chunk.size())).append("\r\n").append(chunk).append("\r\n");
  }
  return out + "0\r\n\r\n";
}

// ---- one connection ------------------------------------------------------------

// Routes that answer once the head is in, leaving the body unread (defined
// with the routes below).
bool answersBeforeTheBody(std::string_view path);

enum class ReadOutcome { kRequest, kGone, kMalformed, kHeadTooLarge, kBodyNotSupported };

// The server's end of one connection. Every blocking step is bounded by a
// deadline and interrupted by stop().
class Peer {
 public:
  Peer(int fd, int wakeFd, const std::atomic<bool>& stopping)
      : fd_(fd), wakeFd_(wakeFd), stopping_(stopping) {}
  ~Peer() { close(); }
  Peer(const Peer&) = delete;
  Peer& operator=(const Peer&) = delete;

  // Reads the next request head and discards its body, within kMaxWaitMs (so
  // an idle kept-alive connection is closed after that).
  ReadOutcome readRequest(Request* request) {
    const Clock::time_point deadline = deadlineIn(kMaxWaitMs);
    size_t headEnd;
    while ((headEnd = received_.find("\r\n\r\n")) == std::string::npos) {
      if (received_.size() >= kMaxHeadBytes) return ReadOutcome::kHeadTooLarge;
      if (!receiveMore(deadline)) return ReadOutcome::kGone;
    }
    if (headEnd + 4 > kMaxHeadBytes) return ReadOutcome::kHeadTooLarge;  // all in one read
    const bool parsed = parseHead(std::string_view(received_).substr(0, headEnd + 2), request);
    received_.erase(0, headEnd + 4);
    if (!parsed) return ReadOutcome::kMalformed;
    if (answersBeforeTheBody(request->path)) return ReadOutcome::kRequest;
    return readBody(request, deadline);
  }

  // The request's body (Content-Length or chunked), counted and dropped.
  ReadOutcome readBody(Request* request, Clock::time_point deadline = deadlineIn(kMaxWaitMs)) {
    // Of the transfer codings only chunked is decoded (what clients send).
    if (request->hasTransferEncoding && !request->chunkedBody)
      return ReadOutcome::kBodyNotSupported;
    if (request->chunkedBody) return receiveChunked(request, deadline);
    return receiveBody(request->contentLength, request, deadline) ? ReadOutcome::kRequest
                                                                  : ReadOutcome::kGone;
  }

  // Bytes after the head arrive (or had arrived) within ms?
  bool bytesWithin(int64_t ms) {
    return !received_.empty() || waitFor(fd_, POLLIN, wakeFd_, deadlineIn(ms)) == Wait::kReady;
  }

  bool send(std::string_view bytes, Clock::time_point deadline) {
    while (!bytes.empty()) {
      if (stopping_.load()) return false;  // a fast reader never makes us poll()
      const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), kSendFlags);
      if (sent > 0) {
        bytes.remove_prefix(static_cast<size_t>(sent));
      } else if (sent < 0 && errno == EINTR) {
        continue;
      } else if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (waitFor(fd_, POLLOUT, wakeFd_, deadline) != Wait::kReady) return false;
      } else {
        return false;  // reset, or closed by the peer
      }
    }
    return true;
  }
  bool send(std::string_view bytes) { return send(bytes, deadlineIn(kMaxWaitMs)); }

  // Sends nothing for ms milliseconds. False when stop() or the peer hanging
  // up cut the pause short.
  bool pause(int64_t ms) {
    return waitFor(fd_, kPeerHangupEvents, wakeFd_, deadlineIn(ms)) == Wait::kTimedOut;
  }

  // From now on reads take at most `bytes` at a time through a receive
  // buffer of about that size, with a pause after each: a slow reader, so
  // the client's writes stall partway (its send buffer fills).
  void readSlowly(size_t bytes, int64_t pauseMs) {
    setIntOption(fd_, SOL_SOCKET, SO_RCVBUF, static_cast<int>(bytes));
    readBytes_ = bytes;
    readPauseMs_ = pauseMs;
  }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void reset() {
    if (fd_ >= 0) closeWithReset(fd_);
    fd_ = -1;
  }

 private:
  bool receiveMore(Clock::time_point deadline) {
    for (;;) {
      char buffer[16 * 1024];
      const ssize_t got = recv(fd_, buffer, std::min(sizeof buffer, readBytes_), 0);
      if (got > 0) {
        received_.append(buffer, static_cast<size_t>(got));
        return !readPauseMs_ ||
               waitFor(-1, 0, wakeFd_, deadlineIn(readPauseMs_)) == Wait::kTimedOut;
      }
      if (got == 0) return false;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return false;
      if (waitFor(fd_, POLLIN, wakeFd_, deadline) != Wait::kReady) return false;
    }
  }

  // Takes `bytes` of body, keeping the first kMaxKeptBody of them in *kept.
  // A chunked request body (RFC 9112 7.1): sizes, data, trailers.
  ReadOutcome receiveChunked(Request* request, Clock::time_point deadline) {
    std::string line;
    for (;;) {
      if (!receiveLine(&line, deadline)) return ReadOutcome::kGone;
      const std::string size = line.substr(0, line.find(';'));
      char* end = nullptr;
      const unsigned long long n = strtoull(size.c_str(), &end, 16);
      if (size.empty() || *end || size.size() > 15) return ReadOutcome::kMalformed;
      if (n == 0) break;
      if (!receiveBody(n, request, deadline) || !receiveLine(&line, deadline))
        return ReadOutcome::kGone;
      if (!line.empty()) return ReadOutcome::kMalformed;
    }
    do {  // trailers, up to the empty line
      if (!receiveLine(&line, deadline)) return ReadOutcome::kGone;
    } while (!line.empty());
    return ReadOutcome::kRequest;
  }

  bool receiveLine(std::string* line, Clock::time_point deadline) {
    size_t end;
    while ((end = received_.find("\r\n")) == std::string::npos) {
      if (received_.size() > kMaxHeadBytes) return false;
      if (!receiveMore(deadline)) return false;
    }
    line->assign(received_, 0, end);
    received_.erase(0, end + 2);
    return true;
  }

  bool receiveBody(uint64_t bytes, Request* request, Clock::time_point deadline) {
    std::string* kept = &request->body;
    for (;;) {
      const size_t dropped = static_cast<size_t>(std::min<uint64_t>(bytes, received_.size()));
      request->bodyBytes += dropped;
      request->bodyCrc = static_cast<uint32_t>(
          crc32(request->bodyCrc, reinterpret_cast<const Bytef*>(received_.data()),
                static_cast<uInt>(dropped)));
      if (kept->size() < kMaxKeptBody)
        kept->append(received_, 0, std::min(dropped, kMaxKeptBody - kept->size()));
      received_.erase(0, dropped);
      bytes -= dropped;
      if (bytes == 0) return true;
      if (!receiveMore(deadline)) return false;
    }
  }

  int fd_;
  const int wakeFd_;
  const std::atomic<bool>& stopping_;
  std::string received_;          // read but not consumed yet: the next request may be here already
  size_t readBytes_ = 16 * 1024;  // per recv() (readSlowly)
  int64_t readPauseMs_ = 0;       // after each
};

// What the connection does once a route has answered.
enum class After {
  kKeepAlive,
  kClose,      // FIN
  kReset,      // RST
  kDropNext,   // read the next request, then close without an answer
  kResetNext,  // read the next request, then reset
};

// What a route sees: the request, where it sits on its connection, and the
// connection to answer on.
struct Exchange {
  Peer& peer;
  const Request& request;
  size_t connectionNumber;
  size_t requestNumber;
  const std::string& dataDir;  // of the JSONPlaceholder-like API ("" : none)

  std::string_view textParam(std::string_view name) const {
    return queryParam(request.query, name).value_or(std::string_view());
  }
  // A missing or unparsable value gives fallback; the result is clamped.
  uint64_t numberParam(std::string_view name, uint64_t fallback, uint64_t min, uint64_t max) const {
    const std::optional<uint64_t> value = parseDecimal(textParam(name));
    return std::clamp<uint64_t>(value.value_or(fallback), min, max);
  }

  // Sends bytes, then does `then`; a send that fails ends the connection.
  After reply(std::string_view bytes, After then) {
    return peer.send(bytes) ? then : After::kClose;
  }
  After replyJson(int status, std::string_view body, After then = After::kKeepAlive) {
    return reply(jsonResponse(Head(status), body, request), then);
  }
};

// ---- routes --------------------------------------------------------------------

After okRoute(Exchange& ex) {
  const std::string body = "{\"ok\":true,\"conn\":" + std::to_string(ex.connectionNumber) +
                           ",\"req\":" + std::to_string(ex.requestNumber) + "}";
  const std::string_view then = ex.textParam("then");
  After after = After::kKeepAlive;
  if (then == "close") after = After::kClose;
  if (then == "drop") after = After::kDropNext;
  if (then == "reset-next") after = After::kResetNext;
  return ex.replyJson(200, body, after);
}

uint64_t requestedJsonBytes(const Exchange& ex) {
  return ex.numberParam("bytes", 1000, 0, kMaxGeneratedBytes);
}

After jsonRoute(Exchange& ex) {
  return ex.replyJson(200, paddedJson(requestedJsonBytes(ex)));
}

After chunkedRoute(Exchange& ex) {
  const std::string body = paddedJson(requestedJsonBytes(ex));
  return ex.reply(Head(200).json().chunked().end() + chunkedEncoding(body, kChunkBytes),
                  After::kKeepAlive);
}

After closeAfterHeadersRoute(Exchange& ex) {
  return ex.reply(Head(200).json().contentLength(100).end(), After::kClose);
}

After resetMidBodyRoute(Exchange& ex) {
  const std::string body = paddedJson(1000);
  return ex.reply(Head(200).json().contentLength(body.size()).end() + body.substr(0, 100),
                  After::kReset);
}

int64_t requestedPauseMs(const Exchange& ex) {
  return static_cast<int64_t>(ex.numberParam("ms", 10000, 0, kMaxWaitMs));
}

After stallRoute(Exchange& ex) {
  ex.peer.pause(requestedPauseMs(ex));
  return After::kClose;
}

After stallBodyRoute(Exchange& ex) {
  const std::string body = paddedJson(20);
  if (ex.peer.send(Head(200).json().contentLength(body.size()).end() + body.substr(0, 5))) {
    ex.peer.pause(requestedPauseMs(ex));
  }
  return After::kClose;
}

After trickleRoute(Exchange& ex) {
  const std::string response =
      jsonResponse(Head(200), "{\"trickle\":true,\"bytes\":\"each\"}", ex.request);
  // Each pause is bounded, and so is the whole trickle.
  const int64_t msPerByte = static_cast<int64_t>(
      ex.numberParam("ms", 100, 0, static_cast<uint64_t>(kMaxWaitMs) / response.size()));
  for (size_t at = 0; at < response.size(); ++at) {
    if (at > 0 && !ex.peer.pause(msPerByte)) return After::kClose;
    if (!ex.peer.send(std::string_view(response).substr(at, 1))) return After::kClose;
  }
  return After::kKeepAlive;
}

After badStatusRoute(Exchange& ex) {
  return ex.reply(jsonResponse(Head::withStatusLine("HTTP/1.1 2x0 OK"), "{}", ex.request),
                  After::kClose);
}

After notHttpRoute(Exchange& ex) {
  return ex.reply("SSH-2.0-OpenSSH_9.2\r\n", After::kClose);
}

After badChunkRoute(Exchange& ex) {
  return ex.reply(Head(200).json().chunked().end() + "zz\r\n{}\r\n0\r\n\r\n", After::kClose);
}

After conflictingLengthRoute(Exchange& ex) {
  const Head head = Head(200)
                        .header("Content-Type", "text/plain")
                        .header("Content-Length", "5")
                        .header("Content-Length", "6");
  return ex.reply(head.end() + "hello", After::kClose);
}

After hugeHeadersRoute(Exchange& ex) {
  const uint64_t kilobytes = ex.numberParam("kb", 100, 1, kMaxHeaderKb);
  Head head(200);
  for (uint64_t line = 1; line <= kilobytes; ++line) {
    const std::string name = "X-Fill-" + std::to_string(line);
    // name + ": " + value + CRLF is 1 KiB.
    head.header(name, std::string(1024 - 4 - name.size(), 'a'));
  }
  return ex.reply(jsonResponse(std::move(head), "{}", ex.request), After::kKeepAlive);
}

// Streams {"pad":"xxx..."} of mb MiB without ever holding it, as fast as the
// peer reads, for at most kMaxWaitMs in all.
After hugeBodyRoute(Exchange& ex) {
  static constexpr std::string_view kOpen = "{\"pad\":\"", kClose = "\"}";
  const uint64_t size = ex.numberParam("mb", 1024, 1, kMaxHugeBodyMb) * kMiB;
  const Clock::time_point deadline = deadlineIn(kMaxWaitMs);
  const std::string filler(64 * 1024, 'x');
  bool sending =
      ex.peer.send(Head(200).json().contentLength(size).end() + std::string(kOpen), deadline);
  for (uint64_t left = size - kOpen.size() - kClose.size(); sending && left > 0;) {
    const size_t piece = static_cast<size_t>(std::min<uint64_t>(left, filler.size()));
    sending = ex.peer.send(std::string_view(filler).substr(0, piece), deadline);
    left -= piece;
  }
  return sending && ex.peer.send(kClose, deadline) ? After::kKeepAlive : After::kClose;
}

After statusRoute(Exchange& ex) {
  const int status = static_cast<int>(ex.numberParam("code", 200, 100, 999));
  return ex.replyJson(status, "{\"status\":" + std::to_string(status) + "}");
}

// JSON string literal of any bytes.
std::string jsonString(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\r': out += "\\r"; break;
      case '\n': out += "\\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          snprintf(escaped, sizeof escaped, "\\u%04x", c);
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

After echoRoute(Exchange& ex) {
  return ex.replyJson(200, "{\"method\":" + jsonString(ex.request.method) +
                               ",\"target\":" + jsonString(ex.request.target) +
                               ",\"head\":" + jsonString(ex.request.head) +
                               ",\"body\":" + jsonString(ex.request.body) + "}");
}

After setCookieRoute(Exchange& ex) {
  std::string cookie = std::string(ex.textParam("name")) + "=" + std::string(ex.textParam("value"));
  if (!ex.textParam("max-age").empty())
    cookie += "; Max-Age=" + std::string(ex.textParam("max-age"));
  cookie += "; Path=/; HttpOnly";
  return ex.reply(jsonResponse(Head(200).header("Set-Cookie", cookie), "{\"ok\":true}", ex.request),
                  After::kKeepAlive);
}

// Response headers of every kind a getHeader() target reads (the shapes of
// ESP32-HTTP-Client's own header tests), with a small JSON body.
After headerSampleRoute(Exchange& ex) {
  Head head(200);
  head.header("X-Rate-Limit-Remaining", "42")
      .header("X-Timestamp", "1710000050")
      .header("X-Temperature", "25.75")
      .header("X-Factor", "1.234567")
      .header("X-Is-Cached", "TRUE")
      .header("X-Is-Admin", "1")
      .header("ETag", "W/\"123456789\"")
      .header("X-Server-Id", "srv-node-01");
  return ex.reply(jsonResponse(std::move(head), "{\"msg\":\"ok\"}", ex.request), After::kKeepAlive);
}

After redirectRoute(Exchange& ex) {
  if (!ex.textParam("ms").empty() && !ex.peer.pause(requestedPauseMs(ex))) return After::kClose;
  const int status = static_cast<int>(ex.numberParam("code", 302, 300, 399));
  std::string to = percentDecoded(ex.textParam("to"));
  if (!ex.textParam("loop").empty()) to = ex.request.target;  // to itself, for ever
  return ex.reply(
      jsonResponse(Head(status).header("Location", to.empty() ? "/ok" : to), "{}", ex.request),
      After::kKeepAlive);
}

// A server that refuses an upload as soon as it sees the head (413 for a
// body too large, 401), then resets (then=reset, the default) or closes
// (then=close) without reading the body the client is still sending.
After earlyRoute(Exchange& ex) {
  const int status = static_cast<int>(ex.numberParam("code", 413, 200, 599));
  Request closing = ex.request;
  closing.wantsClose = true;
  const After then = ex.textParam("then") == "close" ? After::kClose : After::kReset;
  return ex.reply(
      jsonResponse(Head(status), "{\"status\":" + std::to_string(status) + "}", closing), then);
}

// The JSONPlaceholder-like API (api_routes.h).
After apiRoute(Exchange& ex) {
  const std::optional<ApiReply> reply =
      apiReply(ex.dataDir, ex.request.method, ex.request.path, ex.request.query, ex.request.body);
  if (!reply) return ex.replyJson(404, "{}");
  return ex.replyJson(reply->status, reply->body);
}

// The public APIs ESP32-HTTP-Client's examples call (public_apis.h).
After publicApiRoute(Exchange& ex) {
  const std::optional<ApiReply> reply = publicApiReply(ex.request.path, ex.request.head);
  if (!reply) return ex.replyJson(404, "{}");
  return ex.replyJson(reply->status, reply->body);
}

// An event stream: events after Last-Event-ID (ids 1..count), each
// {"n":ID,"name":"eID"} with id: ID, CRLF line ends and a comment between,
// `drop` events per connection, then the connection closes (retry: 1 asks
// for a quick reconnection).
After eventsRoute(Exchange& ex) {
  const uint64_t count = ex.numberParam("count", 5, 0, 10000);
  const uint64_t drop = ex.numberParam("drop", 0, 0, 10000);
  const uint64_t after =
      parseDecimal(ex.request.lastEventId).value_or(0);  // browsers send the last id seen
  std::string out =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
      "Connection: close\r\n\r\nretry: 1\r\n\r\n";
  uint64_t sent = 0;
  for (uint64_t id = after + 1; id <= count && (!drop || sent < drop); ++id, ++sent) {
    const std::string n = std::to_string(id);
    out += ": comment\r\nid: " + n + "\r\ndata: {\"n\":" + n + ",\r\ndata: \"name\":\"e" + n +
           "\"}\r\n\r\n";
  }
  return ex.reply(out, After::kClose);
}

// What an upload's body came to, for a test to compare.
After uploadReport(Exchange& ex, const Request& r) {
  return ex.replyJson(200, "{\"bytes\":" + std::to_string(r.bodyBytes) +
                               ",\"crc32\":" + std::to_string(r.bodyCrc) +
                               ",\"chunked\":" + (r.chunkedBody ? "true" : "false") + "}");
}

// A small upload handler: what arrived, for a test to compare.
After uploadRoute(Exchange& ex) {
  return uploadReport(ex, ex.request);
}

// The same, read slowly (read=B bytes at a time through a receive buffer of
// about B, pauseMs=M after each): the client's writes stall partway. With
// Expect: 100-continue, a 100 first.
After slowUploadRoute(Exchange& ex) {
  Request r = ex.request;
  ex.peer.readSlowly(ex.numberParam("read", 4096, 256, 65536),
                     static_cast<int64_t>(ex.numberParam("pauseMs", 1, 0, 1000)));
  if (r.expectsContinue && !ex.peer.send("HTTP/1.1 100 Continue\r\n\r\n")) return After::kClose;
  if (ex.peer.readBody(&r) != ReadOutcome::kRequest) return After::kClose;
  return uploadReport(ex, r);
}

// The JSON-RPC 2.0 endpoint (rpc_route.h).
After rpcRoute(Exchange& ex) {
  const RpcReply reply = rpcReply(ex.request.body, ex.request.query);
  return ex.replyJson(reply.status, reply.body);  // a 204 goes without a body
}

// The SOAP endpoints (soap_route.h): XML in the request's SOAP version.
After soapRoute(Exchange& ex) {
  const SoapReply reply = soapReply(ex.request.path, ex.request.head, ex.request.body);
  Head head(reply.status);
  if (ex.request.wantsClose) head.header("Connection", "close");
  head.header("Content-Type", reply.contentType).contentLength(reply.body.size());
  return ex.reply(head.end() + reply.body, After::kKeepAlive);
}

// Expect: 100-continue as servers answer it, the body read by the route.
// answer=100 (the default): a 100 Continue once the head is in (after
// looking 100 ms for body bytes: "early" says whether any came before it),
// then the body. answer=none: no 100; "waitedMs" is how long after the head
// the body began. Both end in a 200 with the body's size and CRC-32.
// answer=N: status N at once, kept alive, and then the body is read and
// dropped (RFC 9110 10.1.1 lets a server that keeps the connection do that):
// a client that withheld its body must close, or its next request is taken
// for that body.
After continueRoute(Exchange& ex) {
  Request r = ex.request;
  const std::string_view answer = ex.textParam("answer");
  std::string report;
  if (answer.empty() || answer == "100") {
    const bool early = ex.peer.bytesWithin(100);
    if (!ex.peer.send("HTTP/1.1 100 Continue\r\n\r\n")) return After::kClose;
    report = std::string(",\"early\":") + (early ? "true" : "false");
  } else if (answer == "none") {
    const Clock::time_point head = Clock::now();
    ex.peer.bytesWithin(kMaxWaitMs);
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - head);
    report = ",\"waitedMs\":" + std::to_string(waited.count());
  } else {
    const int status = static_cast<int>(ex.numberParam("answer", 417, 200, 599));
    if (!ex.peer.send(jsonResponse(
            Head(status), "{\"expect\":" + std::string(r.expectsContinue ? "true" : "false") + "}",
            r)))
      return After::kClose;
    return ex.peer.readBody(&r) == ReadOutcome::kRequest ? After::kKeepAlive : After::kClose;
  }
  if (ex.peer.readBody(&r) != ReadOutcome::kRequest) return After::kClose;
  return ex.replyJson(
      200, "{\"bytes\":" + std::to_string(r.bodyBytes) + ",\"crc32\":" + std::to_string(r.bodyCrc) +
               ",\"expect\":" + (r.expectsContinue ? "true" : "false") + report + "}");
}

// An Accept field of a request head offers multipart/mixed (several Accept
// fields are one list, RFC 9110 5.3).
bool acceptsMultipart(std::string_view head) {
  const std::string lower = lowercase(head);
  for (size_t at = lower.find("\r\naccept:"); at != std::string::npos;
       at = lower.find("\r\naccept:", at + 2)) {
    const size_t end = lower.find("\r\n", at + 2);
    if (lower.substr(at, end - at).find("multipart/mixed") != std::string::npos) return true;
  }
  return false;
}

// An incremental delivery's parts as the pieces of a multipart/mixed body
// with boundary "-" (GraphQL over HTTP's): each piece a delimiter and a
// part, the last the close delimiter. form: "" (CRLF), "lf" (bare LF line
// ends), "malformed" (junk after the second delimiter), "unclosed" (no
// close delimiter).
std::vector<std::string> multipartPieces(const std::vector<std::string>& parts,
                                         std::string_view form) {
  const std::string eol = form == "lf" ? "\n" : "\r\n";
  std::vector<std::string> pieces;
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string junk = form == "malformed" && i == 1 ? " junk" : "";
    pieces.push_back(eol + "---" + junk + eol + "Content-Type: application/json; charset=utf-8" +
                     eol + eol + parts[i]);
  }
  if (form != "unclosed") pieces.push_back(eol + "-----" + eol);
  return pieces;
}

std::string multipartBody(const std::vector<std::string>& parts, std::string_view form) {
  std::string body;
  for (const std::string& piece : multipartPieces(parts, form)) body += piece;
  return body;
}

// The GraphQL endpoint (graphql_route.h).
After graphqlRoute(Exchange& ex) {
  GraphQLHttp request;
  request.method = ex.request.method;
  request.query = percentDecoded(ex.textParam("query"));
  request.operationName = percentDecoded(ex.textParam("operationName"));
  request.variables = percentDecoded(ex.textParam("variables"));
  request.body = ex.request.body;
  request.errorsFirst = ex.textParam("errors") == "first";
  request.acceptsMultipart = acceptsMultipart(ex.request.head);
  request.deferIgnored = ex.textParam("defer") == "ignore";
  const GraphQLReply reply = graphqlReply(request);
  if (reply.parts.empty()) return ex.replyJson(reply.status, reply.body);
  const std::string_view form = ex.textParam("multipart");
  const std::string body = multipartBody(reply.parts, form);
  Head head(200);
  head.header("Content-Type", "multipart/mixed; boundary=\"-\"; deferSpec=20220824").chunked();
  if (ex.request.wantsClose) head.header("Connection", "close");
  // One chunk per part, as a server that flushes each part sends it; the
  // hostile form cuts chunks of 1, 2, 3, 5 and 7 bytes, through delimiters,
  // line ends and JSON alike.
  std::string text = head.end();
  if (form == "hostile") {
    static constexpr size_t kCuts[] = {1, 2, 3, 5, 7};
    for (size_t at = 0, k = 0; at < body.size(); at += kCuts[k++ % 5]) {
      const std::string_view chunk = std::string_view(body).substr(at, kCuts[k % 5]);
      text.append(hex(chunk.size())).append("\r\n").append(chunk).append("\r\n");
    }
    text += "0\r\n\r\n";
  } else {
    for (const std::string& piece : multipartPieces(reply.parts, form))
      text.append(hex(piece.size())).append("\r\n").append(piece).append("\r\n");
    text += "0\r\n\r\n";
  }
  return ex.reply(text, ex.request.wantsClose ? After::kClose : After::kKeepAlive);
}

// A generated file with download faults (file_route.h).
After fileRoute(Exchange& ex) {
  FileQuery q;
  q.bytes = ex.numberParam("bytes", 1000, 0, kMaxGeneratedBytes);
  q.chunked = ex.textParam("framing") == "chunked";
  q.gzip = ex.textParam("coding") == "gzip";
  q.transferGzip = ex.textParam("coding") == "te-gzip";
  q.corrupt = std::string(ex.textParam("corrupt"));
  q.truncate = ex.numberParam("truncate", 0, 0, kMaxGeneratedBytes);
  q.drop = ex.numberParam("drop", 0, 0, kMaxGeneratedBytes);
  q.every = ex.numberParam("every", 0, 0, kMaxGeneratedBytes);
  q.ignoreRanges = ex.textParam("ranges") == "ignore";
  q.validator = std::string(ex.textParam("validator"));
  const uint64_t changeOn = ex.numberParam("change-conn", 0, 0, UINT32_MAX);
  if (changeOn && ex.connectionNumber >= changeOn) q.version = 2;
  // drop-conn=C: only connection C drops (a server that ignores Range
  // would otherwise drop every answer at the same byte).
  const uint64_t dropOn = ex.numberParam("drop-conn", 0, 0, UINT32_MAX);
  if (dropOn && dropOn != ex.connectionNumber) q.drop = q.every = 0;
  const FileReply reply =
      fileReply(q, ex.request.range, ex.request.ifRange, ex.request.method == "HEAD");
  return ex.reply(reply.bytes, reply.close ? After::kClose : After::kKeepAlive);
}

After notFoundRoute(Exchange& ex) {
  return ex.replyJson(404, "{\"error\":\"no such route\"}");
}

struct Route {
  std::string_view path;
  const char* usage;  // the path with its query parameters, for --help
  const char* description;
  After (*handle)(Exchange&);
  bool subpaths = false;    // also serves path + "/..."
  bool beforeBody = false;  // answers before the request body is read
};

const Route kRoutes[] = {
    {"/ok", "/ok[?then=close|drop|reset-next]",
     "200 {\"ok\":true,\"conn\":C,\"req\":R}, kept alive. then=close: close\n"
     "silently after it; drop / reset-next: read the next request,\n"
     "then close / reset without answering",
     okRoute},
    {"/json", "/json?bytes=N", "200, a JSON document of N bytes (default 1000)", jsonRoute},
    {"/chunked", "/chunked?bytes=N", "the same JSON, chunked in 100-byte chunks", chunkedRoute},
    {"/close-after-headers", "/close-after-headers", "headers with Content-Length: 100, then close",
     closeAfterHeadersRoute},
    {"/reset-mid-body", "/reset-mid-body", "Content-Length: 1000, 100 body bytes, then RST",
     resetMidBodyRoute},
    {"/stall", "/stall?ms=N", "nothing for N ms (default 10000, max 60000), then close",
     stallRoute},
    {"/stall-body", "/stall-body?ms=N",
     "headers with Content-Length: 20 and 5 body bytes,\nnothing for N ms, then close",
     stallBodyRoute},
    {"/trickle", "/trickle?ms=N",
     "a small JSON response one byte at a time,\nN ms apart (default 100)", trickleRoute},
    {"/bad-status", "/bad-status", "status line HTTP/1.1 2x0 OK", badStatusRoute},
    {"/not-http", "/not-http", "SSH-2.0-OpenSSH_9.2, then close", notHttpRoute},
    {"/bad-chunk", "/bad-chunk", "chunked, with chunk size line zz", badChunkRoute},
    {"/conflicting-length", "/conflicting-length",
     "Content-Length: 5 and Content-Length: 6, body hello", conflictingLengthRoute},
    {"/huge-headers", "/huge-headers?kb=N", "N (default 100) header lines of 1 KiB each",
     hugeHeadersRoute},
    {"/huge-body", "/huge-body?mb=N",
     "Content-Length of N MiB (default 1024), streamed until\nthe peer leaves, or for 60 s",
     hugeBodyRoute},
    {"/status", "/status?code=N", "status N with a small JSON body", statusRoute},
    // The public APIs ESP32-HTTP-Client's examples call (public_apis.h).
    {"/api/v1/time/current/unix", "/api/v1/time/current/unix",
     "200 {\"unix_timestamp\":1721156604} (timeapi.io's shape)", publicApiRoute},
    {"/bearer", "/bearer", "httpbin's: 200 with the Bearer token sent, else 401", publicApiRoute},
    {"/basic-auth", "/basic-auth/USER/PASS",
     "httpbin's: 200 when Basic credentials USER:PASS were sent, else 401", publicApiRoute, true},
    {"/headers", "/headers", "httpbin's: {\"headers\":{...}} the request's headers",
     publicApiRoute},
    {"/events", "/events?count=N&drop=K",
     "text/event-stream: events after Last-Event-ID up to N, K per connection, then close",
     eventsRoute},
    {"/upload", "/upload", "any method, any body (Content-Length or chunked): its size and CRC-32",
     uploadRoute},
    {"/upload-slowly", "/upload-slowly[?read=B][&pauseMs=M]",
     "/upload's answer, the body read B bytes at a time (4096) with\n"
     "a pause of M ms (1) after each, through a small receive buffer",
     slowUploadRoute, false, true},
    {"/rpc", "/rpc[?order=id-last][&id=wrong]",
     "POST: JSON-RPC 2.0 (subtract, add, echo, fail; notifications 204; rpc_route.h)", rpcRoute},
    {"/webservicesserver/numberconversion.wso", "/webservicesserver/numberconversion.wso",
     "POST: SOAP 1.1/1.2 NumberToWords, as www.dataaccess.com answers it (soap_route.h)",
     soapRoute},
    {"/soap-endpoint", "/soap-endpoint", "POST: a SOAP fault (500) in the request's version",
     soapRoute},
    {"/soap", "/soap/fault|echo|malformed",
     "POST: a SOAP fault (500), what the request sent, or XML with mismatched tags", soapRoute,
     true},
    {"/file",
     "/file?bytes=N[&framing=chunked][&coding=gzip|te-gzip][&corrupt=crc|size][&truncate=K]"
     "[&drop=K][&every=K][&drop-conn=C][&ranges=ignore][&validator=etag|weak|date]"
     "[&change-conn=C]",
     "a generated file: ranges, gzip, drops (file_route.h)", fileRoute},
    {"/graphql",
     "/graphql[?query=Q&operationName=N&variables=V][&errors=first][&defer=ignore]"
     "[&multipart=hostile|lf|malformed|unclosed]",
     "GET or POST: a fixed-schema GraphQL endpoint, batches too; @defer answered as "
     "multipart/mixed when Accept offers it (graphql_route.h)",
     graphqlRoute},
    {"/", "/[?query=Q...]",
     "the same GraphQL endpoint at the root, where\ncountries.trevorblades.com has it",
     graphqlRoute},
    {"/echo", "/echo[/...]",
     "200 {\"method\",\"target\",\"head\",\"body\"}: the request as received", echoRoute},
    {"/set-cookie", "/set-cookie?name=N&value=V[&max-age=S]", "200 with Set-Cookie: N=V",
     setCookieRoute},
    {"/header-sample", "/header-sample",
     "200 with X-Rate-Limit-Remaining, X-Timestamp, X-Temperature, X-Factor, X-Is-Cached,\n"
     "X-Is-Admin, ETag and X-Server-Id headers",
     headerSampleRoute},
    {"/redirect", "/redirect?code=N&to=URL|loop=1[&ms=M]",
     "status N (default 302) with Location: URL (default /ok; loop: itself),\n"
     "after M ms (a slow hop)",
     redirectRoute},
    {"/early", "/early?code=N[&then=close]",
     "status N (default 413) as soon as the head is in, the body\nunread, then RST (close: FIN)",
     earlyRoute, false, true},
    {"/continue", "/continue?answer=100|none|N",
     "Expect: 100-continue: a 100 then the body, then 200 {bytes,crc32,early};\n"
     "none: no 100 (200 {bytes,crc32,waitedMs}); N: status N at once, kept\n"
     "alive, and the body (if one comes) read and dropped",
     continueRoute, false, true},
    // JSONPlaceholder-like, from the --data directory (api_routes.h).
    {"/users", "/users[/N]", "GET the users (N: the Nth), from DIR/users.json", apiRoute, true},
    {"/posts", "/posts[/N[/comments]]",
     "GET posts; POST 201 body+id; PUT, PATCH 200 body+id:N;\nDELETE 200 {}", apiRoute, true},
    {"/comments", "/comments[?postId=N]", "GET comments (?field=value filters any resource)",
     apiRoute, true},
    {"/todos", "/todos[/N]", "GET todos", apiRoute, true},
    {"/albums", "/albums[/N]", "GET albums (if DIR/albums.json exists)", apiRoute, true},
    {"/photos", "/photos[/N]", "GET photos (if DIR/photos.json exists)", apiRoute, true},
};

bool answersBeforeTheBody(std::string_view path) {
  for (const Route& candidate : kRoutes)
    if (candidate.beforeBody && path == candidate.path) return true;
  return false;
}

After route(Exchange& ex) {
  for (const Route& candidate : kRoutes) {
    // "/echo" also serves "/echo/anything": tests of path parameters.
    const std::string_view path = ex.request.path;
    if (path == candidate.path || (candidate.path == "/echo" && path.substr(0, 6) == "/echo/"))
      return candidate.handle(ex);
    if (candidate.subpaths && path.size() > candidate.path.size() &&
        path.substr(0, candidate.path.size()) == candidate.path &&
        path[candidate.path.size()] == '/')
      return candidate.handle(ex);
  }
  return notFoundRoute(ex);
}

// The answer to a request that cannot be served; the connection closes after it.
std::string rejection(ReadOutcome outcome) {
  Request closing;
  closing.wantsClose = true;
  switch (outcome) {
    case ReadOutcome::kHeadTooLarge:
      return jsonResponse(Head(431), "{\"error\":\"request head over 64 KiB\"}", closing);
    case ReadOutcome::kBodyNotSupported:
      return jsonResponse(Head(501), "{\"error\":\"Transfer-Encoding in a request\"}", closing);
    default: return jsonResponse(Head(400), "{\"error\":\"malformed request\"}", closing);
  }
}

}  // namespace

// ---- FaultServer ---------------------------------------------------------------

FaultServer::~FaultServer() {
  stop();
}

bool FaultServer::start(uint16_t port) {
  return server_.start(port, 64,
                       [this](int fd, size_t number, std::chrono::steady_clock::time_point) {
                         serveConnection(fd, number);
                       });
}

void FaultServer::stop() {
  server_.stop();
}

size_t FaultServer::connectionsAccepted() const {
  return server_.connectionsAccepted();
}

size_t FaultServer::openConnections() const {
  return server_.openConnections();
}

std::vector<std::string> FaultServer::requests() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return requestLog_;
}

void FaultServer::setDataDir(const std::string& path) {
  std::lock_guard<std::mutex> lock(mutex_);
  dataDir_ = path;
}

std::string FaultServer::dataDir() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return dataDir_;
}

void FaultServer::clearLog() {
  std::lock_guard<std::mutex> lock(mutex_);
  requestLog_.clear();
}

std::string FaultServer::routesHelp() {
  static constexpr size_t kUsageColumns = 36;
  std::string help;
  const auto line = [&help](std::string_view usage, std::string_view description) {
    help.append("  ").append(usage);
    help.append(usage.size() < kUsageColumns ? kUsageColumns - usage.size() : 1, ' ');
    // A description's further lines line up under its first.
    for (char c : description) {
      help += c;
      if (c == '\n') help.append(2 + kUsageColumns, ' ');
    }
    help += '\n';
  };
  for (const Route& entry : kRoutes) line(entry.usage, entry.description);
  line("anything else", "404 with a small JSON body");
  return help;
}

void FaultServer::serveConnection(int fd, size_t connectionNumber) {
  Peer peer(fd, server_.wakeFd(), server_.stopping());
  const std::string dir = dataDir();
  After previous = After::kKeepAlive;
  for (size_t requestNumber = 1;; ++requestNumber) {
    Request request;
    const ReadOutcome outcome = peer.readRequest(&request);
    if (outcome == ReadOutcome::kGone) return;
    if (outcome != ReadOutcome::kRequest) {
      peer.send(rejection(outcome));
      return;
    }
    logRequest(connectionNumber, request.method, request.target);
    // The request the previous response's then= was waiting for: read in
    // full, never answered.
    if (previous == After::kDropNext) return;
    if (previous == After::kResetNext) return peer.reset();

    Exchange exchange{peer, request, connectionNumber, requestNumber, dir};
    previous = route(exchange);
    if (previous == After::kReset) return peer.reset();
    if (previous == After::kClose) return;
    if (previous == After::kKeepAlive && request.wantsClose) return;
  }
}

void FaultServer::logRequest(size_t connectionNumber, const std::string& method,
                             const std::string& target) {
  std::lock_guard<std::mutex> lock(mutex_);
  requestLog_.push_back(std::to_string(connectionNumber) + " " + method + " " + target);
}

}  // namespace ehc_fault
