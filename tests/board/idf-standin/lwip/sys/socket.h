// lwIP's BSD socket API as ESP-IDF exposes it (stand-in, from the ESP-IDF API
// reference "lwIP": sockets, options and flags it supports). Constants are
// lwIP's (lwip/sockets.h).
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef uint32_t socklen_t;
typedef uint8_t sa_family_t;
struct sockaddr {
  uint8_t sa_len;
  sa_family_t sa_family;
  char sa_data[14];
};
struct sockaddr_storage {
  uint8_t s2_len;
  sa_family_t ss_family;
  char s2_data1[2];
  uint32_t s2_data2[3];
  uint32_t s2_data3[3];
};
#define AF_UNSPEC 0
#define AF_INET 2
#define AF_INET6 10
#define PF_INET AF_INET
#define SOCK_STREAM 1
#define SOCK_DGRAM 2
#define SOL_SOCKET 0xfff
#define SO_KEEPALIVE 0x0008
#define SO_RCVTIMEO 0x1006
#define SO_SNDTIMEO 0x1005
#define SO_ERROR 0x1007
#define MSG_PEEK 0x01
#define MSG_WAITALL 0x02
#define MSG_OOB 0x04
#define MSG_DONTWAIT 0x08
#define MSG_MORE 0x10
#define MSG_NOSIGNAL 0x20  // defined, not implemented (no signals on ESP-IDF)
#ifdef __cplusplus
extern "C" {
#endif
int socket(int domain, int type, int protocol);
int connect(int s, const struct sockaddr* name, socklen_t namelen);
int shutdown(int s, int how);
ssize_t send(int s, const void* data, size_t size, int flags);
ssize_t recv(int s, void* mem, size_t len, int flags);
int getsockopt(int s, int level, int optname, void* optval, socklen_t* optlen);
int setsockopt(int s, int level, int optname, const void* optval, socklen_t optlen);
#ifdef __cplusplus
}
#endif
