// The part of mbedTLS 3.6's public API the library uses, declared by the
// project from mbedTLS 3.6's documented API (function signatures, the
// MBEDTLS_PRIVATE convention, error codes, enum values), as ESP-IDF 5.5
// ships it with TLS 1.2 and 1.3 enabled. No mbedTLS code: structs carry only
// the fields the library reads (others are private in 3.x), plus padding.
// scripts/board-check.sh compiles the TLS transport against it for rv32imc,
// so the 3.x branches of mbedtls_compat.h are compiled in CI; they were also
// built and run against the real mbedTLS 3.6.4 outside the project.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define MBEDTLS_VERSION_MAJOR 3
#define MBEDTLS_VERSION_MINOR 6
#define MBEDTLS_VERSION_NUMBER 0x03060400
#define MBEDTLS_PRIVATE(member) private_##member

// What ESP-IDF 5.5's default configuration enables (of what we test for).
#define MBEDTLS_SSL_PROTO_TLS1_2
#define MBEDTLS_SSL_PROTO_TLS1_3
#define MBEDTLS_SSL_SESSION_TICKETS
#define MBEDTLS_SSL_ALPN
#define MBEDTLS_SSL_MAX_FRAGMENT_LENGTH
#define MBEDTLS_ECP_DP_CURVE25519_ENABLED
#define MBEDTLS_FS_IO
#define MBEDTLS_X509_CRT_PARSE_C
#define MBEDTLS_SSL_KEEP_PEER_CERTIFICATE
#define MBEDTLS_SSL_IN_CONTENT_LEN 16384

#define MBEDTLS_ASN1_CONTEXT_SPECIFIC 0x80
#define MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED -0x0034
#define MBEDTLS_ERR_NET_RECV_FAILED -0x004C
#define MBEDTLS_ERR_NET_SEND_FAILED -0x004E
#define MBEDTLS_ERR_NET_CONN_RESET -0x0050
#define MBEDTLS_ERR_PK_FILE_IO_ERROR -0x3E00
#define MBEDTLS_ERR_PK_FEATURE_UNAVAILABLE -0x3980
#define MBEDTLS_ERR_X509_FEATURE_UNAVAILABLE -0x2080
#define MBEDTLS_ERR_X509_FILE_IO_ERROR -0x2900
#define MBEDTLS_ERR_X509_CERT_VERIFY_FAILED -0x2700
#define MBEDTLS_ERR_SSL_CERTIFICATE_VERIFICATION_WITHOUT_HOSTNAME -0x5D80
#define MBEDTLS_ERR_SSL_WANT_WRITE -0x6880
#define MBEDTLS_ERR_SSL_WANT_READ -0x6900
#define MBEDTLS_ERR_SSL_BAD_PROTOCOL_VERSION -0x6E80
#define MBEDTLS_ERR_SSL_FATAL_ALERT_MESSAGE -0x7780
#define MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY -0x7880
#define MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET -0x7B00
#define MBEDTLS_ERR_SSL_HW_ACCEL_FAILED -0x7F80
#define MBEDTLS_SSL_ALERT_MSG_HANDSHAKE_FAILURE 40
#define MBEDTLS_SSL_ALERT_MSG_BAD_CERT 42
#define MBEDTLS_SSL_ALERT_MSG_UNSUPPORTED_CERT 43
#define MBEDTLS_SSL_ALERT_MSG_CERT_REVOKED 44
#define MBEDTLS_SSL_ALERT_MSG_CERT_EXPIRED 45
#define MBEDTLS_SSL_ALERT_MSG_CERT_UNKNOWN 46
#define MBEDTLS_SSL_ALERT_MSG_UNKNOWN_CA 48
#define MBEDTLS_SSL_ALERT_MSG_ACCESS_DENIED 49
#define MBEDTLS_SSL_ALERT_MSG_PROTOCOL_VERSION 70
#define MBEDTLS_SSL_TLS1_3_SIGNAL_NEW_SESSION_TICKETS_ENABLED 1
#define MBEDTLS_SSL_IANA_TLS_GROUP_NONE 0
#define MBEDTLS_SSL_IANA_TLS_GROUP_SECP256R1 0x0017
#define MBEDTLS_SSL_IANA_TLS_GROUP_SECP384R1 0x0018
#define MBEDTLS_SSL_IANA_TLS_GROUP_X25519 0x001D
#define MBEDTLS_SSL_IS_CLIENT 0
#define MBEDTLS_SSL_TRANSPORT_STREAM 0
#define MBEDTLS_SSL_PRESET_DEFAULT 0
#define MBEDTLS_SSL_VERIFY_NONE 0
#define MBEDTLS_SSL_VERIFY_REQUIRED 2
#define MBEDTLS_SSL_MAX_FRAG_LEN_NONE 0
#define MBEDTLS_SSL_MAX_FRAG_LEN_512 1
#define MBEDTLS_SSL_MAX_FRAG_LEN_1024 2
#define MBEDTLS_SSL_MAX_FRAG_LEN_2048 3
#define MBEDTLS_SSL_MAX_FRAG_LEN_4096 4
#define MBEDTLS_X509_BADCERT_EXPIRED 0x01
#define MBEDTLS_X509_BADCERT_REVOKED 0x02
#define MBEDTLS_X509_BADCERT_CN_MISMATCH 0x04
#define MBEDTLS_X509_BADCERT_NOT_TRUSTED 0x08
#define MBEDTLS_X509_BADCERT_MISSING 0x40
#define MBEDTLS_X509_BADCERT_SKIP_VERIFY 0x80
#define MBEDTLS_X509_BADCERT_OTHER 0x0100
#define MBEDTLS_X509_BADCERT_FUTURE 0x0200
#define MBEDTLS_X509_BADCERT_KEY_USAGE 0x0800
#define MBEDTLS_X509_BADCERT_EXT_KEY_USAGE 0x1000
#define MBEDTLS_X509_BADCERT_NS_CERT_TYPE 0x2000
#define MBEDTLS_X509_BADCERT_BAD_MD 0x4000
#define MBEDTLS_X509_BADCERT_BAD_PK 0x8000
#define MBEDTLS_X509_BADCERT_BAD_KEY 0x010000

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MBEDTLS_SSL_VERSION_UNKNOWN,
  MBEDTLS_SSL_VERSION_TLS1_2 = 0x0303,
  MBEDTLS_SSL_VERSION_TLS1_3 = 0x0304,
} mbedtls_ssl_protocol_version;

typedef enum {
  MBEDTLS_SSL_HELLO_REQUEST,
  MBEDTLS_SSL_CLIENT_HELLO,
  MBEDTLS_SSL_SERVER_HELLO,
  MBEDTLS_SSL_SERVER_CERTIFICATE,
  MBEDTLS_SSL_SERVER_KEY_EXCHANGE,
  MBEDTLS_SSL_CERTIFICATE_REQUEST,
  MBEDTLS_SSL_SERVER_HELLO_DONE,
  MBEDTLS_SSL_CLIENT_CERTIFICATE,
  MBEDTLS_SSL_CLIENT_KEY_EXCHANGE,
  MBEDTLS_SSL_CERTIFICATE_VERIFY,
  MBEDTLS_SSL_CLIENT_CHANGE_CIPHER_SPEC,
  MBEDTLS_SSL_CLIENT_FINISHED,
  MBEDTLS_SSL_SERVER_CHANGE_CIPHER_SPEC,
  MBEDTLS_SSL_SERVER_FINISHED,
  MBEDTLS_SSL_FLUSH_BUFFERS,
  MBEDTLS_SSL_HANDSHAKE_WRAPUP,
  MBEDTLS_SSL_NEW_SESSION_TICKET,
} mbedtls_ssl_states;

typedef enum {
  MBEDTLS_ECP_DP_NONE = 0,
  MBEDTLS_ECP_DP_SECP256R1,
  MBEDTLS_ECP_DP_SECP384R1,
  MBEDTLS_ECP_DP_SECP521R1,
  MBEDTLS_ECP_DP_CURVE25519 = 9,
} mbedtls_ecp_group_id;

typedef struct mbedtls_asn1_buf {
  int tag;
  size_t len;
  unsigned char* p;
} mbedtls_asn1_buf;
typedef struct mbedtls_asn1_sequence {
  mbedtls_asn1_buf buf;
  struct mbedtls_asn1_sequence* next;
} mbedtls_asn1_sequence;
typedef struct mbedtls_asn1_named_data {
  mbedtls_asn1_buf oid;
  mbedtls_asn1_buf val;
  struct mbedtls_asn1_named_data* next;
  unsigned char next_merged;
} mbedtls_asn1_named_data;
typedef mbedtls_asn1_buf mbedtls_x509_buf;
typedef mbedtls_asn1_sequence mbedtls_x509_sequence;
typedef mbedtls_asn1_named_data mbedtls_x509_name;
typedef struct mbedtls_x509_time {
  int year, mon, day;
  int hour, min, sec;
} mbedtls_x509_time;

typedef int mbedtls_f_rng_t(void* p_rng, unsigned char* output, size_t output_size);
typedef struct mbedtls_pk_context {
  const void* MBEDTLS_PRIVATE(pk_info);
  void* MBEDTLS_PRIVATE(pk_ctx);
  unsigned char opaque_[64];
} mbedtls_pk_context;

typedef struct mbedtls_x509_crt {
  int own_buffer;
  mbedtls_x509_buf raw;
  mbedtls_x509_buf tbs;
  int version;
  mbedtls_x509_name issuer;
  mbedtls_x509_name subject;
  mbedtls_x509_time valid_from;
  mbedtls_x509_time valid_to;
  mbedtls_x509_buf pk_raw;  // public since 3.1
  mbedtls_pk_context pk;
  mbedtls_x509_sequence subject_alt_names;
  struct mbedtls_x509_crt* next;
  unsigned char opaque_[512];
} mbedtls_x509_crt;

typedef struct mbedtls_ctr_drbg_context {
  unsigned char opaque_[400];
} mbedtls_ctr_drbg_context;
typedef struct mbedtls_entropy_context {
  unsigned char opaque_[1100];
} mbedtls_entropy_context;
typedef struct mbedtls_ssl_session {
  mbedtls_ssl_protocol_version MBEDTLS_PRIVATE(tls_version);
  mbedtls_x509_crt* MBEDTLS_PRIVATE(peer_cert);
  unsigned char opaque_[256];
} mbedtls_ssl_session;
typedef struct mbedtls_ssl_config {
  int (*MBEDTLS_PRIVATE(f_vrfy))(void*, mbedtls_x509_crt*, int, uint32_t*);
  void* MBEDTLS_PRIVATE(p_vrfy);
  unsigned char opaque_[400];
} mbedtls_ssl_config;
typedef struct mbedtls_ssl_context {
  const mbedtls_ssl_config* MBEDTLS_PRIVATE(conf);
  int MBEDTLS_PRIVATE(state);
  mbedtls_ssl_protocol_version MBEDTLS_PRIVATE(tls_version);
  unsigned char* MBEDTLS_PRIVATE(in_msg);
  unsigned char opaque_[400];
} mbedtls_ssl_context;

typedef int mbedtls_ssl_send_t(void* ctx, const unsigned char* buf, size_t len);
typedef int mbedtls_ssl_recv_t(void* ctx, unsigned char* buf, size_t len);
typedef int mbedtls_ssl_recv_timeout_t(void* ctx, unsigned char* buf, size_t len, uint32_t timeout);

void mbedtls_ctr_drbg_init(mbedtls_ctr_drbg_context* ctx);
int mbedtls_ctr_drbg_seed(mbedtls_ctr_drbg_context* ctx,
                          int (*f_entropy)(void*, unsigned char*, size_t), void* p_entropy,
                          const unsigned char* custom, size_t len);
int mbedtls_ctr_drbg_random(void* p_rng, unsigned char* output, size_t output_len);
void mbedtls_ctr_drbg_free(mbedtls_ctr_drbg_context* ctx);
void mbedtls_entropy_init(mbedtls_entropy_context* ctx);
void mbedtls_entropy_free(mbedtls_entropy_context* ctx);
int mbedtls_entropy_func(void* data, unsigned char* output, size_t len);

int mbedtls_sha256(const unsigned char* input, size_t ilen, unsigned char* output, int is224);
typedef struct mbedtls_sha256_context {
  unsigned char MBEDTLS_PRIVATE(buffer)[64];
  uint32_t MBEDTLS_PRIVATE(total)[2];
  uint32_t MBEDTLS_PRIVATE(state)[8];
  int MBEDTLS_PRIVATE(is224);
} mbedtls_sha256_context;
void mbedtls_sha256_init(mbedtls_sha256_context* ctx);
void mbedtls_sha256_free(mbedtls_sha256_context* ctx);
int mbedtls_sha256_starts(mbedtls_sha256_context* ctx, int is224);
int mbedtls_sha256_update(mbedtls_sha256_context* ctx, const unsigned char* input, size_t ilen);
int mbedtls_sha256_finish(mbedtls_sha256_context* ctx, unsigned char* output);

void mbedtls_pk_init(mbedtls_pk_context* ctx);
void mbedtls_pk_free(mbedtls_pk_context* ctx);
int mbedtls_pk_parse_key(mbedtls_pk_context* ctx, const unsigned char* key, size_t keylen,
                         const unsigned char* pwd, size_t pwdlen, mbedtls_f_rng_t* f_rng,
                         void* p_rng);
int mbedtls_pk_parse_keyfile(mbedtls_pk_context* ctx, const char* path, const char* password,
                             mbedtls_f_rng_t* f_rng, void* p_rng);
int mbedtls_pk_check_pair(const mbedtls_pk_context* pub, const mbedtls_pk_context* prv,
                          mbedtls_f_rng_t* f_rng, void* p_rng);

// mbedtls/platform.h without MBEDTLS_PLATFORM_MEMORY: the C library's.
#define mbedtls_free free

int mbedtls_x509_dn_gets(char* buf, size_t size, const mbedtls_x509_name* dn);
void mbedtls_x509_crt_init(mbedtls_x509_crt* crt);
int mbedtls_x509_crt_parse(mbedtls_x509_crt* chain, const unsigned char* buf, size_t buflen);
int mbedtls_x509_crt_parse_file(mbedtls_x509_crt* chain, const char* path);
void mbedtls_x509_crt_free(mbedtls_x509_crt* crt);

void mbedtls_ssl_init(mbedtls_ssl_context* ssl);
void mbedtls_ssl_free(mbedtls_ssl_context* ssl);
void mbedtls_ssl_config_init(mbedtls_ssl_config* conf);
void mbedtls_ssl_config_free(mbedtls_ssl_config* conf);
int mbedtls_ssl_config_defaults(mbedtls_ssl_config* conf, int endpoint, int transport, int preset);
void mbedtls_ssl_conf_rng(mbedtls_ssl_config* conf, int (*f_rng)(void*, unsigned char*, size_t),
                          void* p_rng);
void mbedtls_ssl_conf_authmode(mbedtls_ssl_config* conf, int authmode);
void mbedtls_ssl_conf_ca_chain(mbedtls_ssl_config* conf, mbedtls_x509_crt* ca_chain, void* ca_crl);
void mbedtls_ssl_conf_groups(mbedtls_ssl_config* conf, const uint16_t* groups);
int mbedtls_ssl_conf_alpn_protocols(mbedtls_ssl_config* conf, const char** protos);
int mbedtls_ssl_conf_max_frag_len(mbedtls_ssl_config* conf, unsigned char mfl_code);
void mbedtls_ssl_conf_verify(mbedtls_ssl_config* conf,
                             int (*f_vrfy)(void*, mbedtls_x509_crt*, int, uint32_t*), void* p_vrfy);
int mbedtls_ssl_conf_own_cert(mbedtls_ssl_config* conf, mbedtls_x509_crt* own_cert,
                              mbedtls_pk_context* pk_key);
void mbedtls_ssl_conf_tls13_enable_signal_new_session_tickets(mbedtls_ssl_config* conf,
                                                              int signal_new_session_tickets);
static inline void mbedtls_ssl_conf_max_tls_version(mbedtls_ssl_config* conf,
                                                    mbedtls_ssl_protocol_version tls_version) {
  (void)conf;
  (void)tls_version;
}
int mbedtls_ssl_setup(mbedtls_ssl_context* ssl, const mbedtls_ssl_config* conf);
int mbedtls_ssl_set_hostname(mbedtls_ssl_context* ssl, const char* hostname);
void mbedtls_ssl_set_bio(mbedtls_ssl_context* ssl, void* p_bio, mbedtls_ssl_send_t* f_send,
                         mbedtls_ssl_recv_t* f_recv, mbedtls_ssl_recv_timeout_t* f_recv_timeout);
int mbedtls_ssl_set_session(mbedtls_ssl_context* ssl, const mbedtls_ssl_session* session);
int mbedtls_ssl_get_session(const mbedtls_ssl_context* ssl, mbedtls_ssl_session* session);
void mbedtls_ssl_session_init(mbedtls_ssl_session* session);
int mbedtls_ssl_session_load(mbedtls_ssl_session* session, const unsigned char* buf, size_t len);
int mbedtls_ssl_session_save(const mbedtls_ssl_session* session, unsigned char* buf, size_t buf_len,
                             size_t* olen);
void mbedtls_ssl_session_free(mbedtls_ssl_session* session);
int mbedtls_ssl_handshake(mbedtls_ssl_context* ssl);
uint32_t mbedtls_ssl_get_verify_result(const mbedtls_ssl_context* ssl);
const mbedtls_x509_crt* mbedtls_ssl_get_peer_cert(const mbedtls_ssl_context* ssl);
int mbedtls_ssl_get_max_in_record_payload(const mbedtls_ssl_context* ssl);
static inline mbedtls_ssl_protocol_version mbedtls_ssl_get_version_number(
    const mbedtls_ssl_context* ssl) {
  return ssl->MBEDTLS_PRIVATE(tls_version);
}
size_t mbedtls_ssl_get_bytes_avail(const mbedtls_ssl_context* ssl);
const char* mbedtls_ssl_get_version(const mbedtls_ssl_context* ssl);
const char* mbedtls_ssl_get_ciphersuite(const mbedtls_ssl_context* ssl);
int mbedtls_ssl_get_ciphersuite_id(const char* ciphersuite_name);
int mbedtls_ssl_read(mbedtls_ssl_context* ssl, unsigned char* buf, size_t len);
int mbedtls_ssl_write(mbedtls_ssl_context* ssl, const unsigned char* buf, size_t len);
int mbedtls_ssl_close_notify(mbedtls_ssl_context* ssl);

typedef int32_t psa_status_t;
#define PSA_SUCCESS ((psa_status_t)0)
psa_status_t psa_crypto_init(void);

#ifdef __cplusplus
}
#endif
