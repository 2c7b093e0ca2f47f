// What the kernel's side of a bulk read costs per recv() on loopback (issue
// 20): a 5 MB body sent by a thread of this program over a TCP loopback
// connection, read with a non-blocking socket as the library's transport
// reads it (recv first, poll only after EAGAIN), with read buffers of 512 B
// to 16 KB. Prints, per buffer size, the recv() calls, the reading
// thread's CPU time (median of 7) and that time per call: the floor a
// client with that read buffer cannot go below, whatever it does with the
// bytes. Also the cost of a system call that does nothing (getppid).
//
//   recv_cost [BYTES]      (default 5000000)
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <thread>
#include <vector>

namespace {

double threadCpuMs() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Sends `total` bytes to every connection that writes one byte first.
void serve(int listener, size_t total) {
  const std::vector<char> body(total, 'x');
  for (;;) {
    const int c = accept(listener, nullptr, nullptr);
    if (c < 0) return;
    char go;
    size_t off = read(c, &go, 1) == 1 ? 0 : total;
    while (off < total) {
      const ssize_t n = write(c, body.data() + off, total - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    close(c);
  }
}

struct Run {
  long calls = 0;
  double cpuMs = 0;
  bool whole = false;
};

// One body read through a buffer of `size` bytes.
Run readBody(const sockaddr_in& at, size_t size, size_t total) {
  Run r;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (connect(fd, reinterpret_cast<const sockaddr*>(&at), sizeof at) != 0) return r;
  fcntl(fd, F_SETFL, O_NONBLOCK);
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  std::vector<char> buffer(size);
  if (write(fd, "g", 1) != 1) return r;
  const double start = threadCpuMs();
  size_t got = 0;
  for (;;) {
    const ssize_t n = recv(fd, buffer.data(), size, 0);
    ++r.calls;
    if (n > 0) {
      got += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLIN, 0};
      poll(&p, 1, 5000);
      continue;
    }
    break;  // closed (or failed)
  }
  r.cpuMs = threadCpuMs() - start;
  r.whole = got == total;
  close(fd);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t total = argc > 1 ? strtoul(argv[1], nullptr, 10) : 5000000;
  const int listener = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof at;
  if (bind(listener, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
      listen(listener, 4) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&at), &len) != 0) {
    perror("recv_cost");
    return 1;
  }
  std::thread(serve, listener, total).detach();

  const double start = threadCpuMs();
  for (int k = 0; k < 100000; ++k) getppid();
  printf("getppid (a system call that does nothing): %.3f us\n",
         (threadCpuMs() - start) * 1e3 / 100000);
  printf("%zu bytes over loopback, median of 7:\n", total);
  printf("%8s %8s %10s %12s\n", "buffer", "recv()s", "cpu ms", "us per recv");
  for (size_t size : {512, 1024, 2048, 4096, 8192, 16384}) {
    std::vector<double> cpu;
    long calls = 0;
    for (int r = 0; r < 7; ++r) {
      const Run run = readBody(at, size, total);
      if (!run.whole) {
        fprintf(stderr, "recv_cost: the body did not arrive whole\n");
        return 1;
      }
      cpu.push_back(run.cpuMs);
      calls = run.calls;
    }
    std::sort(cpu.begin(), cpu.end());
    printf("%8zu %8ld %10.2f %12.3f\n", size, calls, cpu[3], cpu[3] * 1e3 / calls);
  }
  shutdown(listener, SHUT_RDWR);
  return 0;
}
