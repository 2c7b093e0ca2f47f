// The client end of one loopback TCP connection, byte for byte, for tests
// of the project's own servers (fault server, network emulator). What has
// been read but not taken yet stays in received(), so pipelined responses
// come apart cleanly. Every read is bounded by a timeout.
#pragma once

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "loopback.h"

namespace ehc_test {

class RawClient {
 public:
  // How a read ended.
  enum class End { kDone, kClosed, kReset, kTimedOut };

  explicit RawClient(uint16_t port) : fd_(connectLoopback(port)), connected_(fd_ >= 0) {}
  ~RawClient() { close(); }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return connected_; }
  std::string& received() { return received_; }

  bool send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent <= 0) return false;
      bytes.remove_prefix(static_cast<size_t>(sent));
    }
    return true;
  }
  void shutdownWrite() { shutdown(fd_, SHUT_WR); }

  // Reads until done(received()) holds, the peer ends the connection, or
  // timeoutMs passes. reads, if given, counts the recv() calls that got data.
  End readUntil(const std::function<bool(const std::string&)>& done, int timeoutMs,
                size_t* reads = nullptr) {
    const auto start = std::chrono::steady_clock::now();
    while (!done(received_)) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - start)
                             .count();
      const int64_t left = timeoutMs - spent;
      pollfd readable{fd_, POLLIN, 0};
      if (left <= 0 || poll(&readable, 1, static_cast<int>(left)) == 0) return End::kTimedOut;
      char buffer[64 * 1024];
      const ssize_t got = recv(fd_, buffer, sizeof buffer, 0);
      if (got == 0) return End::kClosed;
      if (got < 0) return errno == ECONNRESET ? End::kReset : End::kClosed;
      received_.append(buffer, static_cast<size_t>(got));
      if (reads) ++*reads;
    }
    return End::kDone;
  }
  End readBytes(size_t count, int timeoutMs) {
    return readUntil([count](const std::string& in) { return in.size() >= count; }, timeoutMs);
  }
  // Everything up to the peer's close or reset, which is returned.
  End readToEnd(int timeoutMs) {
    return readUntil([](const std::string&) { return false; }, timeoutMs);
  }
  End readHead(int timeoutMs) {
    return readUntil([](const std::string& in) { return in.find("\r\n\r\n") != std::string::npos; },
                     timeoutMs);
  }

  // Takes the first `count` bytes of received().
  std::string take(size_t count) {
    std::string taken = received_.substr(0, count);
    received_.erase(0, count);
    return taken;
  }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
  bool connected_ = false;
  std::string received_;
};

}  // namespace ehc_test
