// What the client fuzzer does with a server's bytes, shared with the test
// that replays its findings (tests/client/client_readsize_test.cpp): two
// requests that bind body values of every kind, read headers into every
// kind of target, follow redirects and keep cookies, over a scripted
// transport that hands the bytes out in reads of at most maxRead. With a
// schedule, the requests are polled (start/poll) instead of sent: each poll
// takes the next schedule byte as its budget of bytes (1 .. 4096), so the
// work is cut at every point the schedule picks.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"

namespace ehc_fuzz {

struct ClientOutcome {
  int status[2], error[2];
  uint32_t found[2], truncated[2];
  uint32_t headersFound[2];
  int64_t id;
  double lat;
  bool flag;
  char name[12], raw[16], header[10];
  long count;
  std::string text, headerText;
  int matches;
};

struct PollSchedule {
  const uint8_t* bytes;
  size_t size;
};

inline void runClient(const uint8_t* data, size_t size, size_t maxRead, ClientOutcome* o,
                      const PollSchedule* schedule = nullptr) {
  const ehc::ScriptStep steps[] = {
      ehc::ScriptStep::data(reinterpret_cast<const char*>(data), size)};
  ehc::ScriptedTransport transport(steps, 1);
  transport.setMaxRead(maxRead);
  ESP32HTTPClient client("http://api.test/v1", transport);
  client.bearer("t");
  client.cookie("c", "1");
  // One attempt per request, as the corpus was made: a retry's backoff is a
  // wait on the real clock (the polled loop below does not wait).
  client.setMaxRetry(0);
  *o = ClientOutcome{};
  size_t next = 0;
  for (int k = 0; k < 2; ++k) {
    auto request = client.get("/r")
                       .getBody("0.id", &o->id)
                       .getBody("0.geo.lat", &o->lat)
                       .getBody("flag", &o->flag)
                       .getBody("0.name", o->name)
                       .getRawBody("obj", o->raw, sizeof o->raw)
                       .getBody("text", &o->text)
                       .getBody("items.*", o->name, sizeof o->name,
                                [o](const ehc::JsonMatch&) { ++o->matches; })
                       .getHeader("X-Count", &o->count)
                       .getHeader("ETag", o->header)
                       .getHeader("Link", &o->headerText)
                       .followRedirects(3)
                       .timeout(1000);
    RestResult r;
    if (!schedule || schedule->size == 0) {
      r = request.send();
    } else {
      // Bounded: every poll moves at least a byte or ends a step, and the
      // script is finite; the limit only guards the harness itself.
      for (int polls = 0; polls < 1000000; ++polls) {
        const uint8_t b = schedule->bytes[next++ % schedule->size];
        client.setPollBudget(0, 1u + b * 16u);
        if (request.poll() == ehc::PollState::Done) break;
      }
      r = request.result();
    }
    o->status[k] = r.statusCode;
    o->error[k] = r.error;
    o->found[k] = r.found;
    o->truncated[k] = r.truncated;
    o->headersFound[k] = r.headersFound;
  }
}

inline bool sameOutcome(const ClientOutcome& a, const ClientOutcome& b) {
  return memcmp(a.status, b.status, sizeof a.status) == 0 &&
         memcmp(a.error, b.error, sizeof a.error) == 0 &&
         memcmp(a.found, b.found, sizeof a.found) == 0 &&
         memcmp(a.truncated, b.truncated, sizeof a.truncated) == 0 &&
         memcmp(a.headersFound, b.headersFound, sizeof a.headersFound) == 0 && a.id == b.id &&
         memcmp(&a.lat, &b.lat, sizeof a.lat) == 0 && a.flag == b.flag &&
         strcmp(a.name, b.name) == 0 && strcmp(a.raw, b.raw) == 0 &&
         strcmp(a.header, b.header) == 0 && a.count == b.count && a.text == b.text &&
         a.headerText == b.headerText && a.matches == b.matches;
}

}  // namespace ehc_fuzz
