// lwIP's resolver as ESP-IDF exposes it (stand-in): getaddrinfo, with
// AI_ADDRCONFIG accepted and ignored.
#pragma once
#include <sys/socket.h>
struct addrinfo {
  int ai_flags;
  int ai_family;
  int ai_socktype;
  int ai_protocol;
  socklen_t ai_addrlen;
  struct sockaddr* ai_addr;
  char* ai_canonname;
  struct addrinfo* ai_next;
};
#define AI_PASSIVE 0x01
#define AI_CANONNAME 0x02
#define AI_NUMERICHOST 0x04
#define AI_NUMERICSERV 0x08
#define AI_V4MAPPED 0x10
#define AI_ALL 0x20
#define AI_ADDRCONFIG 0x40
#define EAI_NONAME 200
#define EAI_FAIL 202
#ifdef __cplusplus
extern "C" {
#endif
int getaddrinfo(const char* nodename, const char* servname, const struct addrinfo* hints,
                struct addrinfo** res);
void freeaddrinfo(struct addrinfo* ai);
#ifdef __cplusplus
}
#endif
