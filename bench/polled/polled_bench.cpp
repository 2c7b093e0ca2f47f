// Requests that do not block, measured (issue 17): N = 1, 4, 16 requests
// to a local server that answers each after 200 ms, polled at once from one
// thread (N clients, one poll() over their sockets) against the blocking API
// in sequence (one client, N requests); the whole time, the peak heap, the
// longest single poll(). Then 8 transfers of 1 MB polled together: the
// longest single poll() with the default budget. Loopback, no emulation.
//
//   polled_bench [--budget-ms MS] [--budget-bytes B]
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "loopback_server.h"

namespace {

double threadCpuMs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The server's answers, made before anything is measured: the server
// allocates nothing while it serves (the peak heap is the client's).
std::string slowAnswer, bigAnswer;
const ehc_tools::LoopbackServer* theServer = nullptr;

void makeAnswers() {
  std::string big = "[";
  while (big.size() < (1u << 20) - 16) big += "123456789,";
  big += "0]";
  bigAnswer = "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(big.size()) + "\r\n\r\n" + big;
  slowAnswer = "HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n{\"value\":42}";
}

// Waits for fd to be readable or writable (the server's sockets are
// non-blocking); false once the server stops.
bool waitFd(int fd, short events) {
  pollfd p[2] = {{fd, events, 0}, {theServer->wakeFd(), POLLIN, 0}};
  return ::poll(p, 2, -1) > 0 && !(p[1].revents & POLLIN);
}

bool sendAll(int fd, const std::string& out) {
  size_t at = 0;
  while (at < out.size()) {
    const ssize_t n = send(fd, out.data() + at, out.size() - at, MSG_NOSIGNAL);
    if (n > 0) {
      at += static_cast<size_t>(n);
    } else if (n < 0 && errno == EAGAIN) {
      if (!waitFd(fd, POLLOUT)) return false;
    } else {
      return false;
    }
  }
  return true;
}

// Serves keep-alive GETs: /slow after 200 ms with a small JSON body, /big
// (1 MB of JSON numbers) at once.
void serve(int fd, size_t, std::chrono::steady_clock::time_point) {
  char in[8192];
  size_t have = 0;
  for (;;) {
    char* end = static_cast<char*>(memmem(in, have, "\r\n\r\n", 4));
    if (!end) {
      const ssize_t n = have < sizeof in ? recv(fd, in + have, sizeof in - have, 0) : 0;
      if (n < 0 && errno == EAGAIN && waitFd(fd, POLLIN)) continue;
      if (n <= 0) break;
      have += static_cast<size_t>(n);
      continue;
    }
    const bool slow = memcmp(in, "GET /slow", 9) == 0;
    const size_t used = static_cast<size_t>(end + 4 - in);
    memmove(in, in + used, have - used);
    have -= used;
    if (slow) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (!sendAll(fd, slow ? slowAnswer : bigAnswer)) break;
  }
  close(fd);
}

struct Slot {
  explicit Slot(const std::string& url) : client(url.c_str()) {}
  ESP32HTTPClient client;
  long value = 0;
  long matches = 0;
  std::optional<ehc::RestRequest> request;  // in place: no heap of the benchmark's own
};

struct Run {
  double totalMs = 0;
  double maxPollMs = 0;
  double maxPollCpuMs = 0;  // the polling thread's CPU time: the work, without preemption
  size_t peakHeap = 0;
  int ok = 0;
  long polls = 0;
};

// Polls every request until all are done, sleeping in one poll() on what
// they wait for.
void pollAll(std::vector<std::unique_ptr<Slot>>& slots, std::vector<pollfd>& fds, Run* run) {
  size_t left = slots.size();
  while (left > 0) {
    fds.clear();
    int waitMs = 1000;
    left = 0;
    for (auto& s : slots) {
      if (!s->request->running()) continue;
      const double begun = nowMs(), cpu = threadCpuMs();
      const ehc::PollState state = s->request->poll();
      run->maxPollMs = std::max(run->maxPollMs, nowMs() - begun);
      run->maxPollCpuMs = std::max(run->maxPollCpuMs, threadCpuMs() - cpu);
      ++run->polls;
      if (state == ehc::PollState::Done) {
        const RestResult& r = s->request->result();
        run->ok += r.isSuccess();
        if (!r.isSuccess()) fprintf(stderr, "polled: %d %s\n", r.statusCode, r.message());
        continue;
      }
      ++left;
      const ehc::WaitFor w = s->request->waitFor();
      waitMs = std::min(waitMs, static_cast<int>(w.until.remainingMs()));
      if (w.fd >= 0)
        fds.push_back(pollfd{
            w.fd, static_cast<short>((w.readable ? POLLIN : 0) | (w.writable ? POLLOUT : 0)), 0});
    }
    if (left > 0) ::poll(fds.data(), fds.size(), waitMs);
  }
}

// N clients, each with its connection up (a first request), then N requests
// to `path` polled together.
Run polled(const std::string& base, int n, const char* path, uint32_t budgetMs,
           uint32_t budgetBytes) {
  std::vector<std::unique_ptr<Slot>> slots;
  for (int i = 0; i < n; ++i) {
    slots.emplace_back(new Slot(base));
    slots.back()->client.setPollBudget(budgetMs, budgetBytes);
    slots.back()->client.get("/slow").send();  // connected: what follows is steady state
  }
  std::vector<pollfd> fds;
  fds.reserve(slots.size());  // before the count: the benchmark's own
  Run run;
  ehc_test::AllocScope scope;
  const double begun = nowMs();
  for (auto& s : slots) {
    Slot* slot = s.get();
    s->request.emplace(s->client.get(path)
                           .getBody("value", &slot->value)
                           .getBody("*", [slot](const ehc::JsonMatch&) { ++slot->matches; }));
    s->request->start();
  }
  pollAll(slots, fds, &run);
  run.totalMs = nowMs() - begun;
  run.peakHeap = scope.peakAbove();
  for (auto& s : slots) s->request.reset();
  return run;
}

// One client, N requests one after the other (send()).
Run sequential(const std::string& base, int n) {
  ESP32HTTPClient client(base.c_str());
  client.get("/slow").send();
  Run run;
  ehc_test::AllocScope scope;
  const double begun = nowMs();
  for (int i = 0; i < n; ++i) {
    long value = 0;
    const RestResult r = client.get("/slow").getBody("value", &value).send();
    run.ok += r.isSuccess() && value == 42;
    if (!r.isSuccess()) fprintf(stderr, "sequential: %d %s\n", r.statusCode, r.message());
  }
  run.totalMs = nowMs() - begun;
  run.peakHeap = scope.peakAbove();
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  uint32_t budgetMs = EHC_POLL_BUDGET_MS, budgetBytes = EHC_POLL_BUDGET_BYTES;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--budget-ms")) budgetMs = static_cast<uint32_t>(atoi(argv[i + 1]));
    if (!strcmp(argv[i], "--budget-bytes")) budgetBytes = static_cast<uint32_t>(atoi(argv[i + 1]));
  }
  makeAnswers();
  ehc_tools::LoopbackServer server;
  theServer = &server;
  if (!server.start(0, 64, serve)) {
    perror("polled_bench: listen");
    return 1;
  }
  const std::string base = "http://127.0.0.1:" + std::to_string(server.port());
  printf("poll budget %u ms / %u bytes; server answers /slow after 200 ms\n\n", budgetMs,
         budgetBytes);
  printf(
      "| N | blocking in sequence ms | polled at once ms | speed-up | peak heap B (polled) | "
      "max single poll ms (wall / CPU) | polls | right |\n|---|---|---|---|---|---|---|---|\n");
  bool right = true;
  for (int n : {1, 4, 16}) {
    const Run s = sequential(base, n);
    const Run p = polled(base, n, "/slow", budgetMs, budgetBytes);
    const bool ok = s.ok == n && p.ok == n;
    right = right && ok;
    printf("| %d | %.1f | %.1f | %.1fx | %zu | %.3f / %.3f | %ld | %s |\n", n, s.totalMs, p.totalMs,
           s.totalMs / p.totalMs, p.peakHeap, p.maxPollMs, p.maxPollCpuMs, p.polls,
           ok ? "yes" : "NO");
  }
  const Run big = polled(base, 8, "/big", budgetMs, budgetBytes);
  printf(
      "\n8 transfers of 1 MB polled at once: %.1f ms in all, max single poll %.3f ms wall / "
      "%.3f ms CPU, %ld polls, peak heap %zu B, %s\n",
      big.totalMs, big.maxPollMs, big.maxPollCpuMs, big.polls, big.peakHeap,
      big.ok == 8 ? "right" : "WRONG");
  server.stop();
  return right && big.ok == 8 ? 0 : 1;
}
