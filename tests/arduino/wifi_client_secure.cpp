#include <errno.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/error.h>
#include <mbedtls/net_sockets.h>
#include <mbedtls/ssl.h>
#include <mbedtls/x509_crt.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>

#include "WiFiClientSecure.h"

struct WiFiClientSecure::Tls {
  mbedtls_entropy_context entropy;
  mbedtls_ctr_drbg_context drbg;
  mbedtls_x509_crt ca;
  mbedtls_ssl_config conf;
  mbedtls_ssl_context ssl;
  int fd = -1;
  Tls() {
    mbedtls_entropy_init(&entropy);
    mbedtls_ctr_drbg_init(&drbg);
    mbedtls_x509_crt_init(&ca);
    mbedtls_ssl_config_init(&conf);
    mbedtls_ssl_init(&ssl);
  }
  ~Tls() {
    mbedtls_ssl_free(&ssl);
    mbedtls_ssl_config_free(&conf);
    mbedtls_x509_crt_free(&ca);
    mbedtls_ctr_drbg_free(&drbg);
    mbedtls_entropy_free(&entropy);
  }
};

namespace {
int sendCb(void* ctx, const unsigned char* buf, size_t len) {
  const int fd = *static_cast<int*>(ctx);
  const ssize_t n = send(fd, buf, len, MSG_NOSIGNAL | MSG_DONTWAIT);
  if (n >= 0) return static_cast<int>(n);
  return (errno == EAGAIN || errno == EWOULDBLOCK) ? MBEDTLS_ERR_SSL_WANT_WRITE
                                                   : MBEDTLS_ERR_NET_SEND_FAILED;
}
int recvCb(void* ctx, unsigned char* buf, size_t len) {
  const int fd = *static_cast<int*>(ctx);
  const ssize_t n = recv(fd, buf, len, MSG_DONTWAIT);
  if (n >= 0) return static_cast<int>(n);
  return (errno == EAGAIN || errno == EWOULDBLOCK) ? MBEDTLS_ERR_SSL_WANT_READ
                                                   : MBEDTLS_ERR_NET_RECV_FAILED;
}
bool waitFd(int fd, short events, int timeoutMs) {
  pollfd p{fd, events, 0};
  return poll(&p, 1, timeoutMs) > 0;
}
const char* const kHostBundle = "/etc/ssl/certs/ca-certificates.crt";
}  // namespace

WiFiClientSecure::WiFiClientSecure() = default;
WiFiClientSecure::~WiFiClientSecure() {
  stop();
}

int WiFiClientSecure::lastError(char* buf, size_t size) {
  if (buf && size) mbedtls_strerror(lastError_, buf, size);
  return lastError_;
}

int WiFiClientSecure::connect(const char* host, uint16_t port, int32_t timeoutMs) {
  stop();
  lastError_ = 0;
  if (!WiFiClient::connect(host, port, timeoutMs)) return 0;
  tls_ = new Tls;
  tls_->fd = socketFd();
  int rc = mbedtls_ctr_drbg_seed(&tls_->drbg, mbedtls_entropy_func, &tls_->entropy, nullptr, 0);
  if (rc == 0)
    rc = mbedtls_ssl_config_defaults(&tls_->conf, MBEDTLS_SSL_IS_CLIENT,
                                     MBEDTLS_SSL_TRANSPORT_STREAM, MBEDTLS_SSL_PRESET_DEFAULT);
  if (rc == 0 && !insecure_) {
    rc = caPem_ ? mbedtls_x509_crt_parse(&tls_->ca, reinterpret_cast<const unsigned char*>(caPem_),
                                         strlen(caPem_) + 1)
                : mbedtls_x509_crt_parse_file(&tls_->ca, kHostBundle);
    if (rc > 0) rc = 0;  // some bundle entries did not parse; the rest are usable
  }
  if (rc == 0) {
    mbedtls_ssl_conf_rng(&tls_->conf, mbedtls_ctr_drbg_random, &tls_->drbg);
    mbedtls_ssl_conf_authmode(&tls_->conf,
                              insecure_ ? MBEDTLS_SSL_VERIFY_NONE : MBEDTLS_SSL_VERIFY_REQUIRED);
    if (!insecure_) mbedtls_ssl_conf_ca_chain(&tls_->conf, &tls_->ca, nullptr);
    rc = mbedtls_ssl_setup(&tls_->ssl, &tls_->conf);
  }
  if (rc == 0) rc = mbedtls_ssl_set_hostname(&tls_->ssl, host);
  if (rc == 0) {
    mbedtls_ssl_set_bio(&tls_->ssl, &tls_->fd, sendCb, recvCb, nullptr);
    const unsigned long start = millis();
    while ((rc = mbedtls_ssl_handshake(&tls_->ssl)) != 0) {
      if (rc != MBEDTLS_ERR_SSL_WANT_READ && rc != MBEDTLS_ERR_SSL_WANT_WRITE) break;
      const unsigned long spent = millis() - start;
      if (spent >= handshakeTimeoutMs_) {
        rc = MBEDTLS_ERR_SSL_TIMEOUT;
        break;
      }
      waitFd(tls_->fd, rc == MBEDTLS_ERR_SSL_WANT_READ ? POLLIN : POLLOUT,
             static_cast<int>(handshakeTimeoutMs_ - spent));
    }
  }
  if (rc != 0) {
    lastError_ = rc;
    stop();
    return 0;
  }
  return 1;
}

size_t WiFiClientSecure::write(const uint8_t* buf, size_t size) {
  size_t done = 0;
  const unsigned long start = millis();
  while (tls_ && done < size) {
    const int n = mbedtls_ssl_write(&tls_->ssl, buf + done, size - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if ((n == MBEDTLS_ERR_SSL_WANT_WRITE || n == MBEDTLS_ERR_SSL_WANT_READ) &&
               millis() - start < timeout_) {
      waitFd(tls_->fd, n == MBEDTLS_ERR_SSL_WANT_READ ? POLLIN : POLLOUT, 10);
    } else {
      lastError_ = n;
      break;
    }
  }
  return done;
}

int WiFiClientSecure::receive(uint8_t* buf, size_t size) {
  if (!tls_) return -1;
  const int n = mbedtls_ssl_read(&tls_->ssl, buf, size);
  if (n > 0) return n;
  if (n == MBEDTLS_ERR_SSL_WANT_READ || n == MBEDTLS_ERR_SSL_WANT_WRITE) return 0;
  if (n != 0 && n != MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY) lastError_ = n;  // failed, not just closed
  return -1;
}

void WiFiClientSecure::stop() {
  if (tls_) {
    mbedtls_ssl_close_notify(&tls_->ssl);
    delete tls_;
    tls_ = nullptr;
  }
  WiFiClient::stop();
}
