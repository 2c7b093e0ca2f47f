// ESP-IDF's <sys/poll.h> (stand-in; ESP-IDF has no <poll.h>): poll() over
// lwIP sockets (LWIP_SOCKET_POLL) and the VFS.
#pragma once
typedef unsigned int nfds_t;
struct pollfd {
  int fd;
  short events;
  short revents;
};
#define POLLIN (1u << 0)
#define POLLRDNORM (1u << 1)
#define POLLRDBAND (1u << 2)
#define POLLPRI (POLLRDBAND)
#define POLLOUT (1u << 3)
#define POLLWRNORM (POLLOUT)
#define POLLWRBAND (1u << 4)
#define POLLERR (1u << 5)
#define POLLHUP (1u << 6)
#define POLLNVAL (1u << 7)
#ifdef __cplusplus
extern "C" {
#endif
int poll(struct pollfd* fds, nfds_t nfds, int timeout);
#ifdef __cplusplus
}
#endif
