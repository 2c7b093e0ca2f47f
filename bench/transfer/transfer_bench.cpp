// transfer_bench: the library's download and upload on their own, for
// scripts/bench-transfer.sh to run under callgrind next to curl.
//
//   transfer_bench serve DIR        nginx (tests/support/nginx_server.h) over DIR on
//                                   loopback; prints "port N", serves until stdin closes
//   transfer_bench get URL OUT [gzip]   URL's body into the file OUT (gzip: Accept-Encoding
//                                   and the inflater); prints bytes and peak heap
//   transfer_bench put URL IN       IN as the body of a PUT (Content-Length); the same
//
// Peak heap: the live heap's highest point during the request, above what
// was live before it (tests/support/alloc_counter.h counts every allocation).
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "nginx_server.h"

namespace {

uint8_t window[32768];
ehc::Inflater inflater(window, sizeof window);

// "http://host:port/path" -> the origin and the path.
bool split(const std::string& url, std::string* origin, std::string* path) {
  const size_t slash = url.find('/', url.find("//") + 2);
  if (slash == std::string::npos) return false;
  *origin = url.substr(0, slash);
  *path = url.substr(slash);
  return true;
}

int report(const ehc::RestResult& r, uint64_t bytes, const ehc_test::AllocScope& scope) {
  printf("status %d bytes %llu peak_heap %zu allocations %zu\n", r.statusCode,
         static_cast<unsigned long long>(bytes), scope.peakAbove(), scope.calls());
  if (!r.isSuccess()) fprintf(stderr, "transfer_bench: %s\n", r.message());
  return r.isSuccess() ? 0 : 1;
}

int serve(const char* dir) {
  ehc_test::NginxOptions o;
  o.nginx = EHC_NGINX;
  o.docroot = dir;
  o.ipv6 = false;
  o.keepaliveRequests = 1000;
  ehc_test::NginxServer nginx(o);
  std::string why;
  if (!nginx.start(&why)) {
    fprintf(stderr, "transfer_bench: nginx: %s\n", why.c_str());
    return 1;
  }
  printf("port %u\n", nginx.httpPort());
  fflush(stdout);
  char c;
  while (read(0, &c, 1) > 0) {
  }
  return 0;
}

int get(const std::string& url, const char* out, bool gzip) {
  std::string origin, path;
  if (!split(url, &origin, &path)) return 2;
  ESP32HTTPClient client(origin.c_str());
  ehc::FdStream file{open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)};
  if (file.fd < 0) return 1;
  uint64_t bytes = 0;
  ehc_test::AllocScope scope;
  auto request = client.get(path.c_str())
                     .timeout(600000)
                     .downloadTo(file)
                     .onProgress([&bytes](uint64_t received, int64_t) { bytes = received; });
  if (gzip) request.acceptEncoding(inflater);
  const ehc::RestResult r = request.send();
  close(file.fd);
  return report(r, bytes, scope);
}

int put(const std::string& url, const char* in) {
  std::string origin, path;
  if (!split(url, &origin, &path)) return 2;
  ESP32HTTPClient client(origin.c_str());
  ehc::FdStream file{open(in, O_RDONLY)};
  struct stat st;
  if (file.fd < 0 || fstat(file.fd, &st) != 0) return 1;
  uint64_t bytes = 0;
  ehc_test::AllocScope scope;
  const ehc::RestResult r =
      client.put(path.c_str())
          .timeout(600000)
          .uploadFrom(file, st.st_size)
          .onUploadProgress([&bytes](uint64_t sent, int64_t) { bytes = sent; })
          .send();
  close(file.fd);
  return report(r, bytes, scope);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && strcmp(argv[1], "serve") == 0) return serve(argv[2]);
  if ((argc == 4 || argc == 5) && strcmp(argv[1], "get") == 0)
    return get(argv[2], argv[3], argc == 5 && strcmp(argv[4], "gzip") == 0);
  if (argc == 4 && strcmp(argv[1], "put") == 0) return put(argv[2], argv[3]);
  fprintf(stderr, "usage: transfer_bench serve DIR | get URL OUT [gzip] | put URL IN\n");
  return 2;
}
