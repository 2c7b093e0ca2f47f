#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "WiFiClient.h"

int WiFiClient::connect(IPAddress ip, uint16_t port) {
  char host[16];
  snprintf(host, sizeof host, "%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
  return connect(host, port, 3000);
}

int WiFiClient::connect(const char* host, uint16_t port, int32_t timeoutMs) {
  stop();
  char mapped[64];
  if (ehcStandinMapHost(host, mapped, sizeof mapped, &port)) host = mapped;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* list = nullptr;
  char service[8];
  snprintf(service, sizeof service, "%u", port);
  if (getaddrinfo(host, service, &hints, &list) != 0) return 0;
  for (addrinfo* a = list; a && fd_ < 0; a = a->ai_next) {
    const int fd =
        socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
    if (fd < 0) continue;
    int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
      pollfd p{fd, POLLOUT, 0};
      int err = 0;
      socklen_t len = sizeof err;
      rc = (poll(&p, 1, timeoutMs) == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 &&
            err == 0)
               ? 0
               : -1;
    }
    if (rc == 0)
      fd_ = fd;
    else
      close(fd);
  }
  freeaddrinfo(list);
  if (fd_ < 0) return 0;
  setNoDelay(true);
  resetBuffer();
  return 1;
}

void WiFiClient::setNoDelay(bool on) {
  if (fd_ < 0) return;
  int v = on ? 1 : 0;
  setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &v, sizeof v);
}

size_t WiFiClient::write(const uint8_t* buf, size_t size) {
  size_t done = 0;
  const unsigned long start = millis();
  while (fd_ >= 0 && done < size) {
    const ssize_t n = send(fd_, buf + done, size - done, MSG_NOSIGNAL);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (millis() - start > timeout_) break;
      pollfd p{fd_, POLLOUT, 0};
      poll(&p, 1, 10);
    } else {
      break;
    }
  }
  return done;
}

int WiFiClient::receive(uint8_t* buf, size_t size) {
  const ssize_t n = recv(fd_, buf, size, MSG_DONTWAIT);
  if (n > 0) return static_cast<int>(n);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  return -1;
}

int WiFiClient::fill() {
  if (!linkOpen() || peerClosed_) return 0;
  if (rxStart_ == rxEnd_) rxStart_ = rxEnd_ = 0;
  if (rxEnd_ == sizeof rx_) return 0;
  const int n = receive(rx_ + rxEnd_, sizeof rx_ - rxEnd_);
  if (n > 0) {
    rxEnd_ += static_cast<size_t>(n);
    return n;
  }
  if (n < 0) peerClosed_ = true;
  return 0;
}

int WiFiClient::available() {
  fill();
  return static_cast<int>(rxEnd_ - rxStart_);
}

int WiFiClient::read() {
  if (rxStart_ == rxEnd_) fill();
  if (rxStart_ == rxEnd_) return -1;
  return rx_[rxStart_++];
}

int WiFiClient::read(uint8_t* buf, size_t size) {
  if (rxStart_ == rxEnd_) fill();
  const size_t n = rxEnd_ - rxStart_ < size ? rxEnd_ - rxStart_ : size;
  if (n == 0) return -1;
  memcpy(buf, rx_ + rxStart_, n);
  rxStart_ += n;
  return static_cast<int>(n);
}

int WiFiClient::peek() {
  if (rxStart_ == rxEnd_) fill();
  return rxStart_ == rxEnd_ ? -1 : rx_[rxStart_];
}

void WiFiClient::stop() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  resetBuffer();
}

uint8_t WiFiClient::connected() {
  if (!linkOpen()) return 0;
  if (rxStart_ != rxEnd_) return 1;
  fill();
  return (rxStart_ != rxEnd_ || !peerClosed_) ? 1 : 0;
}
