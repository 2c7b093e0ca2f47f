#include "loopback_server.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <exception>
#include <system_error>

#include "socket_options.h"

namespace ehc_tools {

bool LoopbackServer::start(uint16_t port, int backlog, Serve serve) {
  if (acceptThread_.joinable()) return false;
  if (pipe(wakePipe_) != 0) {
    wakePipe_[0] = wakePipe_[1] = -1;
    return false;
  }
  setFdFlags(wakePipe_[0], 0);
  setFdFlags(wakePipe_[1], O_NONBLOCK);  // one byte, written once: never blocks
  listenFd_ = listenLoopback(port, backlog, &port_);
  bool ok = listenFd_ >= 0;
  if (ok) {
    serve_ = std::move(serve);
    stopping_ = false;
    try {
      acceptThread_ = std::thread(&LoopbackServer::acceptLoop, this);
    } catch (const std::system_error&) {
      ok = false;
    }
  }
  if (!ok) {
    const int saved = errno;
    closeSockets();
    errno = saved;
  }
  return ok;
}

void LoopbackServer::stop() {
  stopping_ = true;
  if (wakePipe_[1] >= 0) {
    const char wake = 1;
    while (write(wakePipe_[1], &wake, 1) < 0 && errno == EINTR) {
    }
  }
  if (acceptThread_.joinable()) acceptThread_.join();
  // No new workers now. The list moves out so that joining happens without the
  // mutex, which workers take to finish; their nodes stay where they were.
  std::list<Worker> workers;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    workers.swap(workers_);
  }
  for (Worker& worker : workers) worker.thread.join();
  closeSockets();
}

void LoopbackServer::closeSockets() {
  for (int* fd : {&listenFd_, &wakePipe_[0], &wakePipe_[1]}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
  port_ = 0;
}

size_t LoopbackServer::connectionsAccepted() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return connectionsAccepted_;
}

size_t LoopbackServer::openConnections() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return openConnections_;
}

void LoopbackServer::acceptLoop() {
  for (;;) {
    pollfd fds[2] = {{wakePipe_[0], POLLIN, 0}, {listenFd_, POLLIN, 0}};
    const int ready = poll(fds, 2, -1);
    if (fds[0].revents != 0) return;
    if (ready < 0) {
      if (errno == EINTR) continue;
      return;
    }
    joinFinishedWorkers();
    const int fd = accept(listenFd_, nullptr, nullptr);
    if (fd >= 0) {
      startWorker(fd);
    } else if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
      // Out of resources: the pending connection stays ready; do not spin on it.
      pollfd wake{wakePipe_[0], POLLIN, 0};
      if (poll(&wake, 1, 100) > 0) return;
    }
  }
}

void LoopbackServer::startWorker(int fd) {
  const auto acceptedAt = std::chrono::steady_clock::now();
  prepareConnection(fd);
  std::lock_guard<std::mutex> lock(mutex_);
  const size_t number = ++connectionsAccepted_;
  Worker& worker = workers_.emplace_back();
  try {
    // The thread takes the mutex as its last act, so it cannot finish before
    // worker.thread is assigned.
    worker.thread = std::thread([this, fd, number, acceptedAt, &worker] {
      try {
        serve_(fd, number, acceptedAt);
      } catch (const std::exception&) {
        // Out of memory while serving: the connection is dropped.
      }
      std::lock_guard<std::mutex> finishLock(mutex_);
      --openConnections_;
      worker.finished = true;
    });
    ++openConnections_;
  } catch (const std::system_error&) {
    close(fd);
    workers_.pop_back();
  }
}

void LoopbackServer::joinFinishedWorkers() {
  std::list<Worker> finished;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = workers_.begin(); it != workers_.end();) {
      const auto next = std::next(it);
      if (it->finished) finished.splice(finished.end(), workers_, it);
      it = next;
    }
  }
  for (Worker& worker : finished) worker.thread.join();
}

}  // namespace ehc_tools
