// ehc-netem: the NetEm as a command: a TCP proxy on 127.0.0.1 that forwards
// every connection to 127.0.0.1:TARGET through an emulated link, for scripts
// (the benchmark) and for trying a client by hand.
//
//   ehc-netem --target PORT [--listen PORT] [--delay MS] [--jitter MS]
//             [--bandwidth MBIT] [--hold-full MS] [--hold-resumed MS]
//             [--no-tcp-rtt] [--seconds S]
//
// Prints "listening on 127.0.0.1:PORT" once it accepts connections, exits by
// itself after S seconds (default 600) or on SIGINT / SIGTERM, and prints its
// counters on stderr as it exits.
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "netem.h"
#include "tool_main.h"

namespace {

void printUsage(FILE* out) {
  fprintf(out,
          "usage: ehc-netem --target PORT [--listen PORT] [--delay MS] [--jitter MS]\n"
          "                 [--bandwidth MBIT] [--hold-full MS] [--hold-resumed MS]\n"
          "                 [--no-tcp-rtt] [--seconds S]\n"
          "\n"
          "A TCP proxy on 127.0.0.1 that forwards each connection to 127.0.0.1:TARGET\n"
          "through an emulated network link. Prints \"listening on 127.0.0.1:PORT\" when\n"
          "ready; exits after S seconds (default 600) or on SIGINT/SIGTERM, printing its\n"
          "counters on stderr. A connection lives at most 10 minutes.\n"
          "\n"
          "  --target PORT       where to forward to (127.0.0.1), required\n"
          "  --listen PORT       port to listen on (default 0: any free port)\n"
          "  --delay MS          one-way delay, each direction (default 0)\n"
          "  --jitter MS         up to MS more per segment, uniform, never reordering\n"
          "  --bandwidth MBIT    link rate per direction, Mbit/s (default 0: unlimited)\n"
          "  --hold-full MS      hold the server's first flight of a full TLS handshake\n"
          "  --hold-resumed MS   hold the server's first flight of a resumed TLS handshake\n"
          "                      (plain connections are never held)\n"
          "  --no-tcp-rtt        do not charge new connections the TCP handshake's round\n"
          "                      trip (by default their first bytes go up 2 x delay later)\n"
          "  --seconds S         how long to run (default 600)\n");
}

using ehc_tools::parseNumber;

std::optional<double> parseRate(const char* text) {
  char* end = nullptr;
  errno = 0;
  const double value = strtod(text, &end);
  if (text[0] == '\0' || *end != '\0' || errno != 0 || !isfinite(value) || value < 0 ||
      value > 1e6) {
    return std::nullopt;
  }
  return value;
}

struct Options {
  uint16_t target = 0, listen = 0;
  unsigned long seconds = 600;
  ehc_netem::LinkSettings link;
};

// Returns the exit status to leave with, or nullopt to go on.
std::optional<int> parseOptions(int argc, char** argv, Options* options) {
  constexpr unsigned long kMaxMs = 3600 * 1000;
  const auto bad = [](const std::string& flag) {
    fprintf(stderr, "ehc-netem: bad or incomplete option %s\n\n", flag.c_str());
    printUsage(stderr);
    return 2;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      printUsage(stdout);
      return 0;
    }
    if (flag == "--no-tcp-rtt") {
      options->link.tcpHandshakeRoundTrip = false;
      continue;
    }
    if (i + 1 >= argc) return bad(flag);
    const char* value = argv[++i];
    if (flag == "--bandwidth") {
      const std::optional<double> rate = parseRate(value);
      if (!rate) return bad(flag);
      options->link.bandwidthMbit = *rate;
      continue;
    }
    const bool port = flag == "--target" || flag == "--listen";
    const bool ms = flag == "--delay" || flag == "--jitter" || flag == "--hold-full" ||
                    flag == "--hold-resumed";
    if (!port && !ms && flag != "--seconds") return bad(flag);
    const std::optional<unsigned long> number = parseNumber(value, port ? 65535
                                                                   : ms ? kMaxMs
                                                                        : 1000000000);
    if (!number) return bad(flag);
    const auto asMs = static_cast<uint32_t>(*number);
    if (flag == "--target") options->target = static_cast<uint16_t>(*number);
    if (flag == "--listen") options->listen = static_cast<uint16_t>(*number);
    if (flag == "--delay") options->link.oneWayDelayMs = asMs;
    if (flag == "--jitter") options->link.jitterMs = asMs;
    if (flag == "--hold-full") options->link.holdFullMs = asMs;
    if (flag == "--hold-resumed") options->link.holdResumedMs = asMs;
    if (flag == "--seconds") options->seconds = *number;
  }
  if (options->target == 0) {
    fprintf(stderr, "ehc-netem: --target PORT is required\n\n");
    printUsage(stderr);
    return 2;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::optional<int> exitStatus = parseOptions(argc, argv, &options)) return *exitStatus;

  ehc_tools::catchStopSignals();

  ehc_netem::NetEm netem;
  if (!netem.start(options.target, options.link, options.listen)) {
    fprintf(stderr, "ehc-netem: cannot listen on 127.0.0.1:%u: %s\n",
            static_cast<unsigned>(options.listen), strerror(errno));
    return 1;
  }
  const ehc_netem::LinkSettings& link = options.link;
  fprintf(stderr,
          "ehc-netem: to 127.0.0.1:%u, delay %u ms, jitter %u ms, bandwidth %g Mbit/s%s, "
          "hold full %u ms, resumed %u ms, tcp handshake rtt %s\n",
          static_cast<unsigned>(options.target), link.oneWayDelayMs, link.jitterMs,
          link.bandwidthMbit, link.bandwidthMbit > 0 ? "" : " (unlimited)", link.holdFullMs,
          link.holdResumedMs, link.tcpHandshakeRoundTrip ? "on" : "off");
  printf("listening on 127.0.0.1:%u\n", static_cast<unsigned>(netem.port()));
  fflush(stdout);

  ehc_tools::waitForStop(options.seconds);
  netem.stop();
  const ehc_netem::NetEm::Counters counters = netem.counters();
  fprintf(stderr,
          "ehc-netem: connections %zu, tls full %zu, tls resumed %zu, bytes up %llu, "
          "bytes down %llu\n",
          counters.connections, counters.tlsFull, counters.tlsResumed,
          static_cast<unsigned long long>(counters.bytesUp),
          static_cast<unsigned long long>(counters.bytesDown));
  return 0;
}
