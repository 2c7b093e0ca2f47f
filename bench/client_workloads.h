// The client's body path (issue 20), shared by bench/http_bench.cpp (host,
// callgrind) and rv32/client_bench.cpp (rv32imc, minstret): a kept-alive GET
// through RestClient over an in-memory transport that hands the response
// over as a socket would, in reads of up to the connection's buffer
// (EHC_READ_BUFFER), into that buffer. The twitter fields are bound.
//
// The figure is the client's own work per body byte, beyond the JSON binder
// and beyond the transport's one copy into the read buffer:
//
//   (request with the body - the same request with an empty body)
//   - the binder alone fed the body in pieces of the read size
//   - (the transport's reads of the whole response - of the empty one)
//
// so Connection::readStep, the response parser and RequestRun's body sink
// are what is left. The transport's copy is printed on its own line
// (client-copy-*): on a board it is lwIP's or mbedTLS's, not the client's.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ehc/client/rest_client.h"
#include "ehc/net/transport.h"
#include "http_workloads.h"

namespace client_bench {

// The response bytes, handed out read by read from the start of each request.
class WireTransport final : public ehc::Transport {
 public:
  void load(const char* wire, size_t n) {
    wire_ = wire;
    size_ = n;
    at_ = 0;
  }
  void rewind() { at_ = 0; }
  ehc::NetError startConnect(const ehc::Endpoint&, ehc::Deadline) override {
    open_ = true;
    return ehc::NetError::Ok;
  }
  ehc::NetError connectStep() override { return ehc::NetError::Ok; }
  ehc::NetError readSome(uint8_t* buf, size_t size, size_t* got) override {
    size_t n = size_ - at_;
    if (n > size) n = size;
    memcpy(buf, wire_ + at_, n);
    at_ += n;
    *got = n;
    return ehc::NetError::Ok;
  }
  ehc::NetError writeSome(const uint8_t*, size_t size, size_t* sent) override {
    *sent = size;
    return ehc::NetError::Ok;
  }
  ehc::WaitFor waitFor() const override { return ehc::WaitFor{}; }
  ehc::WaitResult waitReady(ehc::Deadline) override { return ehc::WaitResult::Ready; }
  void close() override { open_ = false; }
  bool open() const override { return open_; }
  bool peerClosed() override { return false; }

 private:
  const char* wire_ = nullptr;
  size_t size_ = 0;
  size_t at_ = 0;
  bool open_ = false;
};

struct ClientWorkload {
  const char* name;
  size_t chunk;  // 0: Content-Length framing
};
inline constexpr ClientWorkload kClientWorkloads[] = {
    {"client-body-identity", 0},
    {"client-body-chunked-512", 512},
    {"client-body-chunked-4k", 4096},
    {"client-body-chunked-16k", 16384},
};

// One GET of the loaded response with the twitter fields bound; true when
// the last field was found (with an empty body: when the request ran and
// the body was found not to be JSON).
inline bool get(ehc::RestClient& client, WireTransport& transport, http_bench::TwitterValues& v,
                bool emptyBody) {
  transport.rewind();
  const ehc::RestResult r = client.get("/search")
                                .getBody("statuses.99.id", &v.ints[0])
                                .getBody("statuses.99.user.screen_name", v.strings[0])
                                .getBody("statuses.99.text", v.strings[1])
                                .getBody("search_metadata.count", &v.ints[1])
                                .getBody("search_metadata.max_id_str", v.strings[2])
                                .send();
  if (emptyBody) return r.statusCode == 200 && r.error == ehc::EHC_ERROR_INVALID_JSON;
  return r.isSuccess() && r.found == 0x1f;
}

// The transport alone: the response read through it, as the connection does.
inline bool readAll(WireTransport& transport, size_t expected) {
  static uint8_t buffer[EHC_READ_BUFFER];
  transport.rewind();
  size_t total = 0, got = 0;
  do {
    transport.read(buffer, sizeof buffer, &got, ehc::Deadline::never());
    total += got;
  } while (got);
  return total == expected;
}

}  // namespace client_bench
