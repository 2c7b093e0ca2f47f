// What an event loop does with transports' non-blocking halves, for tests:
// one poll() over everything they wait for (Transport::waitFor), never
// longer than the earliest `until` among them, and bounded loops that drive
// a connect, a write and a read to their end through it.
#pragma once

#include <poll.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"

namespace ehc_test {

// Sleeps in one poll() until one of the transports can go on, or timeoutMs.
// Returns poll()'s result (0: nothing became ready; a transport whose
// `until` passed counts as ready without a descriptor).
inline int pollTransports(const std::vector<ehc::Transport*>& transports, int timeoutMs) {
  std::vector<pollfd> fds;
  for (ehc::Transport* t : transports) {
    const ehc::WaitFor w = t->waitFor();
    const uint32_t until = w.until.remainingMs();
    if (until < static_cast<uint32_t>(timeoutMs)) timeoutMs = static_cast<int>(until);
    if (w.fd >= 0 && (w.readable || w.writable))
      fds.push_back({w.fd, static_cast<short>(w.readable ? POLLIN : POLLOUT), 0});
  }
  return poll(fds.data(), fds.size(), timeoutMs);
}

// What a non-blocking drive of one transport saw.
struct Drive {
  ehc::NetError result = ehc::NetError::Ok;
  int wouldBlocks = 0;  // calls that said WouldBlock
  int polls = 0;        // of which a poll() on the descriptor followed
  int nows = 0;         // of which waitFor() said "call again now"
};

// connectStep() until it is done, polling in between; at most `maxSteps`.
inline Drive connectByPolling(ehc::Transport& t, const ehc::Endpoint& endpoint, uint32_t timeoutMs,
                              int maxSteps = 10000) {
  Drive d;
  d.result = t.startConnect(endpoint, ehc::Deadline::in(timeoutMs));
  for (int i = 0; d.result == ehc::NetError::WouldBlock && i < maxSteps; ++i) {
    ++d.wouldBlocks;
    if (t.waitFor().until.expired()) {
      ++d.nows;
    } else {
      ++d.polls;
      pollTransports({&t}, static_cast<int>(timeoutMs));
    }
    d.result = t.connectStep();
  }
  return d;
}

// Writes all of `data` with writeSome(), polling when it says WouldBlock.
inline Drive writeByPolling(ehc::Transport& t, const std::string& data, int timeoutMs) {
  Drive d;
  size_t done = 0;
  for (int i = 0; done < data.size() && i < 100000; ++i) {
    size_t sent = 0;
    d.result = t.writeSome(reinterpret_cast<const uint8_t*>(data.data()) + done, data.size() - done,
                           &sent);
    if (d.result == ehc::NetError::Ok) {
      done += sent;
      continue;
    }
    if (d.result != ehc::NetError::WouldBlock) return d;
    ++d.wouldBlocks;
    ++d.polls;
    if (pollTransports({&t}, timeoutMs) <= 0) return d;  // stuck: WouldBlock stays
  }
  d.result = done == data.size() ? ehc::NetError::Ok : ehc::NetError::WouldBlock;
  return d;
}

// Reads with readSome() into *out until the peer closes or `until` says it
// has enough, polling only after a WouldBlock.
template <typename Enough>
Drive readByPolling(ehc::Transport& t, size_t bufferSize, std::string* out, int timeoutMs,
                    Enough enough) {
  Drive d;
  std::vector<uint8_t> buf(bufferSize);
  for (int i = 0; i < 1000000 && !enough(*out); ++i) {
    size_t got = 0;
    d.result = t.readSome(buf.data(), buf.size(), &got);
    if (d.result == ehc::NetError::Ok && got == 0) return d;  // closed
    if (d.result == ehc::NetError::Ok) {
      out->append(reinterpret_cast<char*>(buf.data()), got);
      continue;
    }
    if (d.result != ehc::NetError::WouldBlock) return d;
    ++d.wouldBlocks;
    ++d.polls;
    if (pollTransports({&t}, timeoutMs) <= 0) return d;  // nothing came in time
  }
  return d;
}

}  // namespace ehc_test
