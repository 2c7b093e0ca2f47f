// A TCP relay on a loopback port in front of a TLS server, that watches what
// goes by without touching it: each connection's ClientHello (does the
// client offer a session: a TLS 1.2 ticket, a TLS 1.3 PSK, or a TLS 1.2
// session ID?) and the length of every record the server sends (max
// fragment length: are the records as small as agreed?).
//
//   ehc_test::TlsRelay relay;
//   ASSERT_TRUE(relay.start(server.port()));
//   transport.connect({"localhost", relay.port(), true}, ...);
//   relay.connections().back().hello.offersTicket ...
//
// One thread per connection, both directions with poll(), every wait
// bounded; the destructor stops and joins everything.
#pragma once

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "loopback.h"

namespace ehc_test {

// What a ClientHello offers (only what the tests look at).
struct ClientHelloSeen {
  bool parsed = false;
  size_t sessionIdLength = 0;    // TLS 1.3 clients send a random one (compatibility mode)
  bool offersTicket = false;     // session_ticket (35) with a ticket in it
  bool offersPsk = false;        // pre_shared_key (41): a TLS 1.3 ticket
  bool asksMaxFragment = false;  // max_fragment_length (1)
};

struct RelayedConnection {
  ClientHelloSeen hello;
  size_t serverRecords = 0;
  size_t largestServerRecord = 0;  // the length field of the largest record the server sent
  size_t largestServerData = 0;    // ... of application data (type 23)
};

// Parses a ClientHello from the first bytes a client sent (one record).
inline ClientHelloSeen parseClientHello(const std::string& b) {
  ClientHelloSeen seen;
  auto u8 = [&](size_t at) { return static_cast<unsigned char>(b[at]); };
  auto u16 = [&](size_t at) { return static_cast<size_t>(u8(at) << 8 | u8(at + 1)); };
  if (b.size() < 5 + 4 + 2 + 32 + 1 || u8(0) != 22 || u8(5) != 1) return seen;
  size_t at = 5 + 4 + 2 + 32;
  seen.sessionIdLength = u8(at);
  at += 1 + seen.sessionIdLength;
  if (at + 2 > b.size()) return seen;
  at += 2 + u16(at);  // cipher suites
  if (at + 1 > b.size()) return seen;
  at += 1 + u8(at);  // compression methods
  if (at + 2 > b.size()) return seen;
  const size_t end = at + 2 + u16(at);
  at += 2;
  while (at + 4 <= end && end <= b.size()) {
    const size_t type = u16(at), length = u16(at + 2);
    if (type == 35 && length > 0) seen.offersTicket = true;
    if (type == 41) seen.offersPsk = true;
    if (type == 1) seen.asksMaxFragment = true;
    at += 4 + length;
  }
  seen.parsed = at == end;
  return seen;
}

class TlsRelay {
 public:
  TlsRelay() = default;
  ~TlsRelay() { stop(); }
  TlsRelay(const TlsRelay&) = delete;
  TlsRelay& operator=(const TlsRelay&) = delete;

  bool start(uint16_t targetPort) {
    target_ = targetPort;
    if (!listener_.ok()) return false;
    acceptor_ = std::thread([this] { acceptLoop(); });
    return true;
  }
  void stop() {
    stopping_ = true;
    if (acceptor_.joinable()) acceptor_.join();
    for (std::thread& t : workers_) t.join();
    workers_.clear();
  }
  uint16_t port() const { return listener_.port(); }
  // Every connection so far (a copy: threads may still be adding).
  std::vector<RelayedConnection> connections() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return connections_;
  }

 private:
  void acceptLoop() {
    while (!stopping_) {
      const int client = listener_.accept(50);
      if (client < 0) continue;
      size_t index;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        index = connections_.size();
        connections_.emplace_back();
      }
      workers_.emplace_back([this, client, index] { relay(client, index); });
    }
  }

  void relay(int client, size_t index) {
    const int server = connectLoopback(target_);
    std::string hello, fromServer;
    bool helloDone = false;
    pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
    for (int idle = 0; server >= 0 && !stopping_ && idle < 200;) {  // 10 s without traffic
      if (poll(fds, 2, 50) <= 0) {
        ++idle;
        continue;
      }
      idle = 0;
      char buf[16384];
      const bool up = fds[0].revents != 0;
      const int from = up ? client : server, to = up ? server : client;
      const ssize_t n = recv(from, buf, sizeof buf, 0);
      if (n <= 0 || send(to, buf, static_cast<size_t>(n), MSG_NOSIGNAL) != n) break;
      if (up && !helloDone) {
        hello.append(buf, static_cast<size_t>(n));
        if (hello.size() >= 5 && hello.size() >= 5 + lengthAt(hello, 3)) {
          helloDone = true;
          std::lock_guard<std::mutex> lock(mutex_);
          connections_[index].hello = parseClientHello(hello);
        }
      } else if (!up) {
        fromServer.append(buf, static_cast<size_t>(n));
        countRecords(&fromServer, index);
      }
    }
    close(client);
    if (server >= 0) close(server);
  }

  static size_t lengthAt(const std::string& b, size_t at) {
    return static_cast<size_t>(static_cast<unsigned char>(b[at]) << 8 |
                               static_cast<unsigned char>(b[at + 1]));
  }

  // Takes whole records off the front of what the server sent.
  void countRecords(std::string* pending, size_t index) {
    size_t at = 0;
    while (pending->size() - at >= 5) {
      const size_t length = lengthAt(*pending, at + 3);
      if (pending->size() - at < 5 + length) break;
      std::lock_guard<std::mutex> lock(mutex_);
      RelayedConnection& c = connections_[index];
      ++c.serverRecords;
      if (length > c.largestServerRecord) c.largestServerRecord = length;
      if ((*pending)[at] == 23 && length > c.largestServerData) c.largestServerData = length;
      at += 5 + length;
    }
    pending->erase(0, at);
  }

  LoopbackListener listener_;
  uint16_t target_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread acceptor_;
  std::vector<std::thread> workers_;  // touched by the acceptor only, joined by stop()
  mutable std::mutex mutex_;
  std::vector<RelayedConnection> connections_;
};

}  // namespace ehc_test
