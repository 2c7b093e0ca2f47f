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
//
// Non-blocking, as the real transports: at a stall (or a gap(), a stall of
// no time) readSome() says WouldBlock until simulated time has passed it;
// time passes only in waitReady() (the blocking calls: up to the deadline,
// at once) or in elapse() (a test's poll loop), never by itself, so a poll
// makes progress exactly when the script has bytes for it. The connect can
// take simulated time too (setConnectDelay), writes can be short
// (setMaxWrite) and say WouldBlock once after each piece
// (setWriteWouldBlock). There is no descriptor: waitFor().fd is -1.
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
  static ScriptStep gap() { return stall(0); }  // "nothing yet", until any wait
  static ScriptStep reset() { return {Kind::Reset, nullptr, 0, 0}; }
  static ScriptStep close() { return {Kind::Close, nullptr, 0, 0}; }
};

class ScriptedTransport final : public Transport {
 public:
  ScriptedTransport(const ScriptStep* steps, size_t count) : steps_(steps), count_(count) {
    enter();
  }

  void setMaxRead(size_t n) { maxRead_ = n ? n : 1; }
  void setMaxWrite(size_t n) { maxWrite_ = n ? n : 1; }
  // After each piece written, the next writeSome() says WouldBlock once.
  void setWriteWouldBlock(bool on) { writeGaps_ = on; }
  // A connect takes this much simulated time (0: done in startConnect).
  void setConnectDelay(uint32_t ms) { connectDelayMs_ = ms; }
  void failConnect(NetError e) { connectError_ = e; }
  // The write that would pass byte `after` fails with `e`.
  void failWriteAfter(size_t after, NetError e) {
    writeLimit_ = after;
    writeError_ = e;
  }
  const char* written() const { return written_; }
  size_t writtenLength() const { return writtenLength_; }
  size_t connects() const { return connects_; }
  // How many script steps were read whole (a test tells by it what the
  // client had read when it did something).
  size_t stepsRead() const { return step_; }
  // How many times a call said WouldBlock (a poll that found nothing to do).
  size_t wouldBlocks() const { return wouldBlocks_; }

  // Simulated time passes: a stall, a connect and a write gap wait for it.
  void elapse(uint32_t ms) {
    if (connecting_) connectLeftMs_ = ms < connectLeftMs_ ? connectLeftMs_ - ms : 0;
    writeBlocked_ = false;
    if (!atStall()) return;
    stallOver_ = ms >= stallLeftMs_;
    stallLeftMs_ = stallOver_ ? 0 : stallLeftMs_ - ms;
  }

  NetError startConnect(const Endpoint&, Deadline) override {
    if (connects_++ && !ended_) skipToNextConnection();
    ended_ = false;
    open_ = false;
    connectTimedOut_ = false;
    writeBlocked_ = false;
    connectLeftMs_ = connectDelayMs_;
    connecting_ = true;
    return connectStep();
  }
  NetError connectStep() override {
    if (open_) return NetError::Ok;
    if (!connecting_) return NetError::NotConnected;
    if (connectTimedOut_) {
      connecting_ = false;
      return NetError::ConnectTimeout;
    }
    if (connectLeftMs_ > 0) return block(false);
    connecting_ = false;
    if (connectError_ != NetError::Ok) return connectError_;
    open_ = true;
    return NetError::Ok;
  }

  NetError readSome(uint8_t* buf, size_t size, size_t* got) override {
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
          if (!stallOver_) return block(false);
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

  NetError writeSome(const uint8_t* data, size_t size, size_t* sent) override {
    *sent = 0;
    if (!open_) return NetError::NotConnected;
    if (size == 0) return NetError::Ok;
    if (writeBlocked_) return block(true);
    const size_t n = size < maxWrite_ ? size : maxWrite_;
    if (writtenLength_ + n > writeLimit_) {
      writeLimit_ = static_cast<size_t>(-1);  // one failure: a new connection writes again
      return writeError_;
    }
    record(data, n);
    *sent = n;
    writeBlocked_ = writeGaps_;
    return NetError::Ok;
  }

  WaitFor waitFor() const override {
    WaitFor w;
    w.readable = !waitWritable_;
    w.writable = waitWritable_;
    return w;
  }
  // Simulated: what the last WouldBlock waits for comes at once, unless it
  // lies past the deadline (then TimedOut, and a stall is used up by it).
  WaitResult waitReady(Deadline deadline) override {
    const uint32_t left = deadline.remainingMs();
    if (connecting_) {
      connectTimedOut_ = connectLeftMs_ > left;
      connectLeftMs_ = 0;
      return connectTimedOut_ ? WaitResult::TimedOut : WaitResult::Ready;
    }
    if (waitWritable_) {
      writeBlocked_ = false;
      return WaitResult::Ready;
    }
    if (!atStall() || stallOver_) return WaitResult::Ready;
    if (stallLeftMs_ > left) {
      next();  // the stall is used up by this timeout
      return WaitResult::TimedOut;
    }
    stallOver_ = true;
    return WaitResult::Ready;
  }

  void close() override {
    open_ = false;
    connecting_ = false;
  }
  bool open() const override { return open_; }
  // An idle connection is still open only while the script waits (a stall);
  // pending data, a close, a reset or the end of the script mean it is not
  // reusable.
  bool peerClosed() override {
    return !open_ || step_ == count_ || steps_[step_].kind != ScriptStep::Kind::Stall;
  }

 private:
  bool atStall() const { return step_ < count_ && steps_[step_].kind == ScriptStep::Kind::Stall; }
  // Arriving at a step: a stall starts its time.
  void enter() {
    stallOver_ = false;
    stallLeftMs_ = atStall() ? steps_[step_].ms : 0;
  }
  void next() {
    ++step_;
    offset_ = 0;
    enter();
  }
  NetError block(bool writing) {
    waitWritable_ = writing;
    ++wouldBlocks_;
    return NetError::WouldBlock;
  }
  void record(const uint8_t* data, size_t size) {
    const size_t room = sizeof written_ - 1 - writtenLength_;
    const size_t n = size < room ? size : room;
    memcpy(written_ + writtenLength_, data, n);
    writtenLength_ += n;
    written_[writtenLength_] = '\0';
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
  uint32_t stallLeftMs_ = 0;  // of the stall at step_
  bool stallOver_ = false;    // its time has passed: the script goes on
  size_t maxRead_ = static_cast<size_t>(-1);
  size_t maxWrite_ = static_cast<size_t>(-1);
  bool writeGaps_ = false;
  bool writeBlocked_ = false;
  bool waitWritable_ = false;  // what the last WouldBlock waits for
  uint32_t connectDelayMs_ = 0;
  uint32_t connectLeftMs_ = 0;
  bool connecting_ = false;
  bool connectTimedOut_ = false;
  NetError connectError_ = NetError::Ok;
  size_t writeLimit_ = static_cast<size_t>(-1);
  NetError writeError_ = NetError::Ok;
  bool open_ = false;
  bool ended_ = false;  // this connection's close/reset was read
  size_t connects_ = 0;
  size_t wouldBlocks_ = 0;
  char written_[4096] = {};
  size_t writtenLength_ = 0;
};

EHC_END_NAMESPACE
