// A real nginx for integration tests, on loopback ports only, with a
// configuration written at test time into a temp dir (removed again by the
// destructor, which also stops nginx).
//
//   ehc_test::TestCerts certs;                       // optional: HTTPS ports
//   ASSERT_TRUE(certs.make(EHC_OPENSSL, &why)) << why;
//   ehc_test::NginxOptions o;
//   o.nginx = EHC_NGINX;
//   o.certs = &certs;
//   o.docroot = EHC_SHARED_DIR "/testdata/jsonplaceholder";
//   o.files = {{"hello.json", "{\"hello\":1}"}};
//   ehc_test::NginxServer nginx(o);
//   ASSERT_TRUE(nginx.start(&why)) << why;
//   ... http://127.0.0.1:<nginx.httpPort()>/users.json
//   ... https://localhost:<nginx.httpsPort(ehc_test::CertKind::Expired)>/users.json
//
// Every server (plain, one HTTPS port per CertKind, and each of options.sites) answers:
//   /<file>          the file, with Content-Length. Looked up first in the generated
//                    docroot (options.files, addFile()), then in options.docroot.
//                    .json is application/json.
//   /chunked/<file>  the same bytes with Transfer-Encoding: chunked, in chunks of
//                    options.chunkBytes (nginx's SSI filter drops Content-Length; to an
//                    HTTP/1.0 request it is close-delimited instead). Files must not contain
//                    "<!--#" (SSI would run it).
//   /status/NNN      status NNN with the body {"status":NNN} (application/json, Content-Length)
//                    for the codes in kNginxStatusCodes; 204 and 304 have no body; 3xx
//                    redirects to /users.json; 444 closes the connection without a response.
//   /gzip/<file>     the same bytes gzip-compressed on the fly (Content-Encoding: gzip,
//                    chunked) when the request accepts gzip; as they are otherwise.
//   /gzip-static/<file>  <file>.gz (generated docroot, then the given one) as it is, with
//                    Content-Encoding: gzip and Content-Length (gzip_static always).
//   Byte ranges (Range: bytes=N-) on every static file, as nginx serves them.
//   /redirect        302 to /users.json (absolute Location).
//   /put/<file>      PUT stores the body there (then GET /put/<file> serves it), 201 or
//                    204; to Expect: 100-continue nginx answers 100 first. A body whose
//                    Content-Length is over 64 KiB: 413 at once, the body unread.
// HTTP/1.1 keep-alive is on: keepaliveRequests per connection (the last response
// says Connection: close), idle connections closed after keepaliveTimeoutSeconds.
#pragma once

#include <stdint.h>
#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include "test_certs.h"

namespace ehc_test {

// One more HTTPS server on a port of its own, with any certificate chain and
// more directives for its server block (client certificates, session
// settings, protocols).
struct NginxTlsSite {
  std::string certChain;   // PEM file: the server's certificate, then its chain
  std::string key;         // its private key
  std::string directives;  // e.g. "ssl_verify_client on; ssl_client_certificate /x/ca.pem;"
};

struct NginxOptions {
  std::string nginx = "/usr/sbin/nginx";
  // Null: plain HTTP only. Must outlive the server.
  const TestCerts* certs = nullptr;
  // A directory served read-only (may be empty), behind the generated docroot.
  std::string docroot;
  // {relative path, contents}: written into the generated docroot before start.
  std::vector<std::pair<std::string, std::string>> files;
  int keepaliveRequests = 100;
  int keepaliveTimeoutSeconds = 5;
  int chunkBytes = 1024;            // chunk size under /chunked/
  std::vector<NginxTlsSite> sites;  // on 127.0.0.1 (and [::1]) at sitePort(i)
  bool ipv6 = true;  // also listen on [::1] (plain and Valid HTTPS) if the host has it
  int startTimeoutMs = 5000;
};

// The codes /status/NNN knows.
extern const int kNginxStatusCodes[];
extern const size_t kNginxStatusCodeCount;

class NginxServer {
 public:
  using Options = NginxOptions;
  NginxServer() : NginxServer(Options()) {}
  explicit NginxServer(Options options);
  ~NginxServer();  // stop(), then removes the temp dir
  NginxServer(const NginxServer&) = delete;
  NginxServer& operator=(const NginxServer&) = delete;

  // Writes the configuration, starts nginx (retrying with new ports when one
  // is taken) and waits until every port accepts. False with the reason and
  // the tail of nginx's error log. Call once.
  bool start(std::string* why);
  // SIGTERM (fast shutdown), wait up to 3 s, then SIGKILL nginx's process group.
  void stop();
  bool running() const { return pid_ > 0; }

  uint16_t httpPort() const { return httpPort_; }
  // 0 when there are no certificates.
  uint16_t httpsPort(CertKind kind = CertKind::Valid) const {
    return httpsPorts_[static_cast<int>(kind)];
  }
  uint16_t sitePort(size_t i) const { return i < sitePorts_.size() ? sitePorts_[i] : 0; }
  // The plain, the Valid HTTPS and the sites' ports are also on [::1] (same numbers).
  bool ipv6() const { return ipv6_; }

  const std::string& dir() const { return dir_; }          // nginx.conf, logs, temp paths
  const std::string& docroot() const { return docroot_; }  // the generated docroot
  // Adds (or replaces) a file in the generated docroot; nginx serves it at
  // once, also while running. Makes parent directories.
  bool addFile(const std::string& path, const std::string& contents);

  std::string errorLog() const;       // nginx's error log (level info), for debugging
  std::string accessLog() const;      // one line per request
  pid_t pid() const { return pid_; }  // the master process

 private:
  std::string config() const;
  bool launch(std::string* why);
  bool portsTaken() const;
  bool allPortsAccept() const;
  std::string diagnostics() const;

  Options options_;
  std::string dir_, docroot_;
  uint16_t httpPort_ = 0;
  uint16_t httpsPorts_[sizeof kAllCertKinds / sizeof kAllCertKinds[0]] = {};
  std::vector<uint16_t> sitePorts_;
  bool ipv6_ = false;
  pid_t pid_ = -1;
};

}  // namespace ehc_test
