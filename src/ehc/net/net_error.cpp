#include "net_error.h"

EHC_BEGIN_NAMESPACE

const char* netErrorName(NetError e) {
  switch (e) {
    case NetError::Ok: return "ok";
    case NetError::DnsFailed: return "dns_failed";
    case NetError::Refused: return "refused";
    case NetError::ConnectTimeout: return "connect_timeout";
    case NetError::ReadTimeout: return "read_timeout";
    case NetError::WriteTimeout: return "write_timeout";
    case NetError::Reset: return "reset";
    case NetError::WriteFailed: return "write_failed";
    case NetError::ReadFailed: return "read_failed";
    case NetError::NotConnected: return "not_connected";
    case NetError::NoResources: return "no_resources";
    case NetError::TlsHandshake: return "tls_handshake";
    case NetError::CertUntrusted: return "cert_untrusted";
    case NetError::HostMismatch: return "host_mismatch";
    case NetError::PinMismatch: return "pin_mismatch";
    case NetError::TlsFailed: return "tls_failed";
  }
  return "unknown";
}

EHC_END_NAMESPACE
