// ehc-fault-server: the FaultServer as a command: serves the fault routes on
// 127.0.0.1 for a while, for scripts and for trying a client by hand.
//
//   ehc-fault-server [--port N] [--seconds S] [--data DIR]
//
// Prints "listening on 127.0.0.1:PORT" once it accepts connections, and exits
// by itself after S seconds (default 300), or on SIGINT / SIGTERM.
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "fault_server.h"
#include "tool_main.h"

namespace {

void printUsage(FILE* out) {
  fprintf(out,
          "usage: ehc-fault-server [--port N] [--seconds S] [--data DIR]\n"
          "\n"
          "An HTTP/1.1 server on 127.0.0.1 that misbehaves on request. Prints\n"
          "\"listening on 127.0.0.1:PORT\" when ready; exits after S seconds (default 300).\n"
          "Connections are kept alive; request bodies (Content-Length) are read and dropped.\n"
          "Every wait is at most 60 s.\n"
          "\n"
          "  --port N      port to listen on (default 0: any free port)\n"
          "  --seconds S   how long to serve (default 300)\n"
          "  --data DIR    serve a JSONPlaceholder-like API from DIR/users.json,\n"
          "                posts.json, todos.json, comments.json (default: none, 404)\n"
          "\n"
          "routes:\n%s",
          ehc_fault::FaultServer::routesHelp().c_str());
}

using ehc_tools::parseNumber;

struct Options {
  uint16_t port = 0;
  unsigned long seconds = 300;
  std::string dataDir;
};

// Returns the exit status to leave with, or nullopt to go on serving.
std::optional<int> parseOptions(int argc, char** argv, Options* options) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      printUsage(stdout);
      return 0;
    }
    if (flag == "--data") {
      if (i + 1 >= argc || argv[i + 1][0] == '\0') {
        fprintf(stderr, "ehc-fault-server: --data needs a directory\n\n");
        printUsage(stderr);
        return 2;
      }
      options->dataDir = argv[++i];
      struct stat info {};
      if (stat(options->dataDir.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
        fprintf(stderr, "ehc-fault-server: --data %s: not a directory\n", options->dataDir.c_str());
        return 2;
      }
      continue;
    }
    const bool known = flag == "--port" || flag == "--seconds";
    const std::optional<unsigned long> value =
        known && i + 1 < argc ? parseNumber(argv[++i], flag == "--port" ? 65535 : 1000000000)
                              : std::nullopt;
    if (!value) {
      fprintf(stderr, "ehc-fault-server: bad or incomplete option %s\n\n", flag.c_str());
      printUsage(stderr);
      return 2;
    }
    if (flag == "--port") options->port = static_cast<uint16_t>(*value);
    if (flag == "--seconds") options->seconds = *value;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::optional<int> exitStatus = parseOptions(argc, argv, &options)) return *exitStatus;

  ehc_tools::catchStopSignals();

  ehc_fault::FaultServer server;
  server.setDataDir(options.dataDir);
  if (!server.start(options.port)) {
    fprintf(stderr, "ehc-fault-server: cannot listen on 127.0.0.1:%u: %s\n",
            static_cast<unsigned>(options.port), strerror(errno));
    return 1;
  }
  printf("listening on 127.0.0.1:%u\n", static_cast<unsigned>(server.port()));
  fflush(stdout);

  ehc_tools::waitForStop(options.seconds);
  server.stop();
  return 0;
}
