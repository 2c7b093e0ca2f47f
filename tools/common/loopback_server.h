// The serving machinery the host tools share (the fault server, the network
// emulator): a listening socket on 127.0.0.1, an accept thread, one thread per
// connection, and a stop() that ends them all promptly.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <list>
#include <mutex>
#include <thread>

namespace ehc_tools {

class LoopbackServer {
 public:
  // Runs on the connection's own thread; owns `fd` (closes it). `number`
  // counts connections from 1 in the order they were accepted.
  using Serve =
      std::function<void(int fd, size_t number, std::chrono::steady_clock::time_point acceptedAt)>;

  LoopbackServer() = default;
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;
  ~LoopbackServer() { stop(); }

  // Listens on `port` (0: any free one). False (errno kept) when it cannot,
  // or when it runs already.
  bool start(uint16_t port, int backlog, Serve serve);
  // Wakes every waiting thread, joins them all, closes the sockets. Idempotent.
  void stop();

  uint16_t port() const { return port_; }
  // Readable once stop() has begun: every poll() of a connection waits on it too.
  int wakeFd() const { return wakePipe_[0]; }
  // Set once stop() has begun (for loops that do not poll()).
  const std::atomic<bool>& stopping() const { return stopping_; }
  size_t connectionsAccepted() const;
  size_t openConnections() const;  // connections whose thread has not finished

 private:
  struct Worker {
    std::thread thread;
    bool finished = false;  // set by the thread as its last act, under mutex_
  };
  void acceptLoop();
  void startWorker(int fd);
  void joinFinishedWorkers();
  void closeSockets();

  Serve serve_;
  int listenFd_ = -1;
  // stop() writes one byte to wakePipe_[1] and nobody reads it: the read end
  // stays readable, and every poll() of every thread also waits on it.
  int wakePipe_[2] = {-1, -1};
  std::atomic<bool> stopping_{false};
  uint16_t port_ = 0;
  std::thread acceptThread_;

  mutable std::mutex mutex_;   // guards everything below
  std::list<Worker> workers_;  // a list: a running Worker never moves
  size_t connectionsAccepted_ = 0;
  size_t openConnections_ = 0;
};

}  // namespace ehc_tools
