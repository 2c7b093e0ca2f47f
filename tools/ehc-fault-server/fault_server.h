// FaultServer: the project's own programmable HTTP/1.1 server on 127.0.0.1,
// for the faults nginx won't produce on demand: a kept-alive connection closed
// or reset as the client reuses it, a stall, a body cut short, a byte-by-byte
// trickle, broken framing, endless bodies and headers.
//
// The fault is chosen by the request target (GET /stall?ms=500, ...); the
// routes are listed by FaultServer::routesHelp(). Every wait is bounded
// (60 s at most) and every thread wakes up at once on stop(), so a test can
// never hang on it. Host/test code: exceptions and the heap are fine here.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <mutex>
#include <string>
#include <vector>

#include "loopback_server.h"

namespace ehc_fault {

class FaultServer {
 public:
  FaultServer() = default;
  ~FaultServer();  // stop()s
  FaultServer(const FaultServer&) = delete;
  FaultServer& operator=(const FaultServer&) = delete;

  // Listens on 127.0.0.1:port (0: an ephemeral port, see port()) and serves
  // in background threads, one per connection. False if the port cannot be
  // bound or the server is already running.
  bool start(uint16_t port = 0);
  // Wakes every thread, closes every connection and joins everything.
  // Idempotent; start() may be called again afterwards.
  void stop();
  uint16_t port() const { return server_.port(); }

  // The folder of the JSONPlaceholder-like API (/users, /posts/1, ...; see
  // api_routes.h): users.json, posts.json, todos.json, comments.json. ""
  // (the default): those routes answer 404. Taken by each new connection.
  void setDataDir(const std::string& path);
  std::string dataDir() const;

  // Observability for tests; all thread-safe. Connections are numbered from 1
  // in accept order; the numbers (and connectionsAccepted()) keep counting
  // across clearLog().
  size_t connectionsAccepted() const;
  size_t openConnections() const;
  // One entry per request read, "C METHOD TARGET" (e.g. "3 GET /ok?then=drop"),
  // including requests the server then leaves unanswered.
  std::vector<std::string> requests() const;
  void clearLog();

  // The routes and their query parameters, one per line, for --help.
  static std::string routesHelp();

 private:
  void serveConnection(int fd, size_t connectionNumber);
  void logRequest(size_t connectionNumber, const std::string& method, const std::string& target);

  ehc_tools::LoopbackServer server_;
  mutable std::mutex mutex_;  // guards the two below
  std::vector<std::string> requestLog_;
  std::string dataDir_;
};

}  // namespace ehc_fault
