// NetEm: the project's network emulator, a TCP proxy on 127.0.0.1 that
// forwards every accepted connection to 127.0.0.1:targetPort through an
// emulated link, for the benchmark (issue 7) and for tests.
//
// The link, per direction (client -> server "up", server -> client "down"):
//   - bandwidth B Mbit/s (0: unlimited): what is read goes out in segments of
//     at most kSegmentBytes, one after the other; a segment of n bytes
//     occupies the link n * 8 / B microseconds from the moment both it has
//     been read and the link is free (a "link free at" time);
//   - one-way delay D ms: a segment is deliverable D ms after its
//     serialization ends;
//   - jitter J ms: uniform 0..J ms more per segment, but never reordering: a
//     segment is never delivered before an earlier one (its time is raised to
//     the earlier one's);
//   - a close (FIN) travels like data: delivered D ms after it was read, and
//     after everything read before it. A reset is passed on the same way, as a
//     reset, after the bytes queued before it.
//   - the TCP handshake: the client's connect() to the proxy returns at once
//     on loopback, where a real link takes a round trip. With
//     tcpHandshakeRoundTrip (the default) the up direction opens 2 * D after
//     the connection was accepted, so the first request pays that round trip.
//
// Holding the server's first bytes (the board's TLS handshake computation):
// the first bytes the server sends on each connection are classified by
// TlsFlightClassifier (tls_flight.h). A full TLS handshake's first flight is
// delivered holdFullMs later than the link alone would deliver it, an
// abbreviated (resumed) one holdResumedMs later; nothing after it overtakes
// it. Plain connections are not held. Until the classification is decided
// (a ServerHello split across reads), the server's bytes wait; after
// kClassifyTimeoutMs without a decision they go on unheld.
//
// Bounded: each direction queues at most kMaxQueuedBytes (then the proxy
// stops reading that side), connecting to the target takes at most
// kConnectTimeoutMs, a connection lives at most maxConnectionMs. stop() wakes
// every thread at once, closes every connection and joins everything.
// Host/test code: exceptions, threads and the heap are fine here.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <atomic>
#include <chrono>

#include "loopback_server.h"

namespace ehc_netem {

struct LinkSettings {
  uint32_t oneWayDelayMs = 0, jitterMs = 0;
  double bandwidthMbit = 0;  // per direction; 0: unlimited
  uint32_t holdFullMs = 0, holdResumedMs = 0;
  // Charge a TCP handshake's round trip (2 * oneWayDelayMs) to each new
  // connection, before its first client bytes go up.
  bool tcpHandshakeRoundTrip = true;
  // A connection is reset (both sides) this long after it was accepted,
  // whatever it is doing. At least 1.
  uint32_t maxConnectionMs = 10 * 60 * 1000;
};

class NetEm {
 public:
  static constexpr size_t kSegmentBytes = 1448;               // an Ethernet TCP segment's payload
  static constexpr size_t kMaxQueuedBytes = 4 * 1024 * 1024;  // per direction
  static constexpr int kConnectTimeoutMs = 5000;
  static constexpr int kClassifyTimeoutMs = 2000;

  NetEm() = default;
  ~NetEm();  // stop()s
  NetEm(const NetEm&) = delete;
  NetEm& operator=(const NetEm&) = delete;

  // Listens on 127.0.0.1:listenPort (0: an ephemeral port, see port()) and
  // forwards each connection to 127.0.0.1:targetPort, one thread per
  // connection. False if the port cannot be bound, targetPort is 0, the
  // settings are invalid (a negative or non-finite bandwidth, a zero
  // lifetime), or it is already running.
  bool start(uint16_t targetPort, const LinkSettings& settings, uint16_t listenPort = 0);
  // Wakes every thread, closes every connection and joins everything.
  // Idempotent; start() may be called again afterwards.
  void stop();
  uint16_t port() const { return server_.port(); }
  const LinkSettings& settings() const { return settings_; }

  struct Counters {
    size_t connections = 0;               // accepted
    size_t tlsFull = 0, tlsResumed = 0;   // handshakes seen, by their first flight
    uint64_t bytesUp = 0, bytesDown = 0;  // delivered: to the server, to the client
  };
  Counters counters() const;
  void resetCounters();
  // Connections whose thread has not finished yet.
  size_t openConnections() const;

 private:
  void serveConnection(int fd, size_t number, std::chrono::steady_clock::time_point acceptedAt);

  ehc_tools::LoopbackServer server_;
  uint16_t targetPort_ = 0;
  LinkSettings settings_;
  std::atomic<size_t> connections_{0}, tlsFull_{0}, tlsResumed_{0};
  std::atomic<uint64_t> bytesUp_{0}, bytesDown_{0};
};

}  // namespace ehc_netem
