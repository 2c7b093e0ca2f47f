// lwIP's <netinet/tcp.h> as ESP-IDF exposes it (stand-in).
#pragma once
#define TCP_NODELAY 0x01
#define TCP_KEEPALIVE 0x02
#define TCP_KEEPIDLE 0x03
#define TCP_KEEPINTVL 0x04
#define TCP_KEEPCNT 0x05
