// The BSD socket API as each platform has it: glibc/macOS, and lwIP on
// ESP-IDF (Arduino-ESP32 included), whose headers and behaviour differ in a
// few places. Only the net layer's .cpp files include this.
#pragma once

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#if defined(ESP_PLATFORM)
#include <sys/poll.h>  // ESP-IDF has no <poll.h>; its lwIP implements poll() (LWIP_SOCKET_POLL)
#else
#include <poll.h>
#endif

#include "../config.h"

EHC_BEGIN_NAMESPACE
namespace platform {

// send() flags. Linux: MSG_NOSIGNAL, so a write to a closed peer fails with
// EPIPE instead of killing the program. lwIP defines MSG_NOSIGNAL but does not
// implement it, and there are no signals on ESP-IDF: nothing to ask for.
// macOS has no such flag (SO_NOSIGPIPE is set on the socket instead).
#if defined(ESP_PLATFORM) || !defined(MSG_NOSIGNAL)
constexpr int kSendFlags = 0;
#else
constexpr int kSendFlags = MSG_NOSIGNAL;
#endif

// getaddrinfo() flags tried first. AI_ADDRCONFIG keeps IPv6 addresses away
// on a host without IPv6; lwIP accepts it and ignores it, so it is not asked
// for there.
#if defined(ESP_PLATFORM)
constexpr int kResolverFlags = 0;
#else
constexpr int kResolverFlags = AI_ADDRCONFIG;
#endif

// A new socket: not inherited by programs this one starts. ESP-IDF starts
// none, and lwIP's fcntl() answers F_SETFD with ENOSYS.
inline void setCloseOnExec(int fd) {
#if defined(ESP_PLATFORM)
  (void)fd;
#else
  fcntl(fd, F_SETFD, FD_CLOEXEC);
#endif
}

inline void setNonBlocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
}

// TCP_NODELAY (a request goes out in one piece without waiting for an ACK),
// and where send() cannot be told, no SIGPIPE for the socket itself.
inline void setConnectedOptions(int fd) {
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
#ifdef SO_NOSIGPIPE
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
}

// Out of descriptors or buffers (as opposed to "this family is unknown here").
inline bool outOfResources(int error) {
  return error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM;
}

}  // namespace platform
EHC_END_NAMESPACE
