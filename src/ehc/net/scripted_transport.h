// An in-memory transport for unit tests: replays a script of response bytes
// in chosen pieces and injects faults, and records what was written. Time is
// simulated: a stall longer than the reader's deadline is a ReadTimeout at
// once, so tests of timeouts run in microseconds. Not part of
// ESP32HTTPClient.h (a sketch does not carry it): include this header.
//
//   const ehc::ScriptStep steps[] = {
//       ehc::ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhe"),
//       ehc::ScriptStep::stall(5000),          // longer than the deadline: ReadTimeout
//       ehc::ScriptStep::reset()};             // then the connection is reset
//   ehc::ScriptedTransport t(steps, 3);
//   t.setMaxRead(7);                           // short reads
//
// A script can play several connections: each one's steps end with close()
// or reset(). A new connect() skips what the previous connection left unread
// up to and including its close/reset, so connection N reads segment N.
#pragma once

#include <stddef.h>
#include <string.h>

#include "transport.h"

EHC_BEGIN_NAMESPACE

struct ScriptStep {
  enum class Kind : uint8_t { Data, Stall, Reset, Close };
  Kind kind;
  const char* bytes;
  size_t length;
  uint32_t ms;
  static ScriptStep data(const char* s) { return {Kind::Data, s, strlen(s), 0}; }
  static ScriptStep data(const char* s, size_t n) { return {Kind::Data, s, n, 0}; }
  static ScriptStep stall(uint32_t ms) { return {Kind::Stall, nullptr, 0, ms}; }
  static ScriptStep reset() { return {Kind::Reset, nullptr, 0, 0}; }
  static ScriptStep close() { return {Kind::Close, nullptr, 0, 0}; }
};

class ScriptedTransport final : public Transport {
 public:
  ScriptedTransport(const ScriptStep* steps, size_t count) : steps_(steps), count_(count) {}

  void setMaxRead(size_t n) { maxRead_ = n ? n : 1; }
  void failConnect(NetError e) { connectError_ = e; }
  // The write that would pass byte `after` fails with `e`.
  void failWriteAfter(size_t after, NetError e) {
    writeLimit_ = after;
    writeError_ = e;
  }
  const char* written() const { return written_; }
  size_t writtenLength() const { return writtenLength_; }
  size_t connects() const { return connects_; }

  NetError connect(const Endpoint&, Deadline) override {
    if (connects_++ && !ended_) skipToNextConnection();
    ended_ = false;
    if (connectError_ != NetError::Ok) return connectError_;
    open_ = true;
    return NetError::Ok;
  }

  NetError read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) override {
    *got = 0;
    if (!open_) return NetError::NotConnected;
    for (;;) {
      if (step_ == count_) return NetError::Ok;  // script over: the peer closed
      const ScriptStep& s = steps_[step_];
      switch (s.kind) {
        case ScriptStep::Kind::Data: {
          size_t n = s.length - offset_;
          if (n > size) n = size;
          if (n > maxRead_) n = maxRead_;
          memcpy(buf, s.bytes + offset_, n);
          offset_ += n;
          if (offset_ == s.length) next();
          *got = n;
          if (n) return NetError::Ok;
          break;
        }
        case ScriptStep::Kind::Stall:
          if (deadline.remainingMs() < s.ms) {
            next();  // the stall is used up by this timeout
            return NetError::ReadTimeout;
          }
          next();
          break;
        case ScriptStep::Kind::Reset:
          next();
          open_ = false;
          ended_ = true;
          return NetError::Reset;
        case ScriptStep::Kind::Close:  // *got == 0: closed
          next();
          ended_ = true;
          return NetError::Ok;
      }
    }
  }

  NetError write(const uint8_t* data, size_t size, Deadline) override {
    if (!open_) return NetError::NotConnected;
    if (writtenLength_ + size > writeLimit_) {
      writeLimit_ = static_cast<size_t>(-1);  // one failure: a new connection writes again
      return writeError_;
    }
    const size_t room = sizeof written_ - 1 - writtenLength_;
    const size_t n = size < room ? size : room;
    memcpy(written_ + writtenLength_, data, n);
    writtenLength_ += n;
    written_[writtenLength_] = '\0';
    return NetError::Ok;
  }

  void close() override { open_ = false; }
  bool open() const override { return open_; }
  // An idle connection is still open only while the script waits (a stall);
  // pending data, a close, a reset or the end of the script mean it is not
  // reusable.
  bool peerClosed() override {
    return !open_ || step_ == count_ || steps_[step_].kind != ScriptStep::Kind::Stall;
  }

 private:
  void next() {
    ++step_;
    offset_ = 0;
  }
  void skipToNextConnection() {
    while (step_ < count_) {
      const ScriptStep::Kind kind = steps_[step_].kind;
      next();
      if (kind == ScriptStep::Kind::Close || kind == ScriptStep::Kind::Reset) return;
    }
  }
  const ScriptStep* steps_;
  size_t count_;
  size_t step_ = 0, offset_ = 0;
  size_t maxRead_ = static_cast<size_t>(-1);
  NetError connectError_ = NetError::Ok;
  size_t writeLimit_ = static_cast<size_t>(-1);
  NetError writeError_ = NetError::Ok;
  bool open_ = false;
  bool ended_ = false;  // this connection's close/reset was read
  size_t connects_ = 0;
  char written_[4096] = {};
  size_t writtenLength_ = 0;
};

EHC_END_NAMESPACE
