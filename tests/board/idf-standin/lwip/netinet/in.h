// lwIP's <netinet/in.h> as ESP-IDF exposes it (stand-in).
#pragma once
#include <stdint.h>
#include <sys/socket.h>
typedef uint32_t in_addr_t;
typedef uint16_t in_port_t;
struct in_addr {
  in_addr_t s_addr;
};
struct in6_addr {
  union {
    uint32_t u32_addr[4];
    uint8_t u8_addr[16];
  } un;
#define s6_addr un.u8_addr
};
struct sockaddr_in {
  uint8_t sin_len;
  sa_family_t sin_family;
  in_port_t sin_port;
  struct in_addr sin_addr;
  char sin_zero[8];
};
struct sockaddr_in6 {
  uint8_t sin6_len;
  sa_family_t sin6_family;
  in_port_t sin6_port;
  uint32_t sin6_flowinfo;
  struct in6_addr sin6_addr;
  uint32_t sin6_scope_id;
};
#define IPPROTO_IP 0
#define IPPROTO_TCP 6
#define IPPROTO_UDP 17
#define IPPROTO_IPV6 41
#ifdef __cplusplus
extern "C" {
#endif
uint16_t lwip_htons(uint16_t x);
uint32_t lwip_htonl(uint32_t x);
#ifdef __cplusplus
}
#endif
#define htons(x) lwip_htons(x)
#define ntohs(x) lwip_htons(x)
#define htonl(x) lwip_htonl(x)
#define ntohl(x) lwip_htonl(x)
