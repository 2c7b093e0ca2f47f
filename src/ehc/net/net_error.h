// Errors of the transports, each with a readable name.
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum class NetError : uint8_t {
  Ok = 0,
  DnsFailed,          // the host name did not resolve
  Refused,            // every address refused the connection
  ConnectTimeout,     // no address answered before the deadline
  ReadTimeout,        // nothing arrived before the deadline
  WriteTimeout,       // the peer did not take the bytes before the deadline
  Reset,              // the peer reset the connection
  WriteFailed,        // any other failure to send (peer gone, ...)
  ReadFailed,         // any other failure to receive
  NotConnected,       // read/write without a connection
  NoResources,        // no socket / descriptor available
  TlsHandshake,       // the TLS handshake failed
  CertUntrusted,      // the server certificate does not chain to a trusted CA
  HostMismatch,       // the certificate is not for this host name
  PinMismatch,        // the certificate is not the pinned one
  TlsFailed,          // any other TLS failure after the handshake
  TlsConfig,          // the TLS settings are unusable (CA file missing/unreadable, bad PEM)
  NoTrustAnchors,     // verification is on, but no CA was given and the platform has none
  TlsVersion,         // the server and we share no TLS protocol version
  CertExpired,        // the server certificate (or one of its chain) has expired
  CertNotYetValid,    // the server certificate (or one of its chain) is not valid yet
  ClientCertMissing,  // the server wants a client certificate and none is set
  ClientCertRefused,  // the server refused the client certificate set
};

// A short identifier ("read_timeout") and a sentence for people.
const char* netErrorName(NetError e);
const char* netErrorMessage(NetError e);

EHC_END_NAMESPACE
