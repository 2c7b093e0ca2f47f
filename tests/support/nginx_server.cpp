#include "nginx_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <memory>

#include "loopback.h"

namespace ehc_test {

const int kNginxStatusCodes[] = {200, 201, 202, 203, 204, 301, 302, 303, 304, 307, 308, 400,
                                 401, 403, 404, 405, 406, 408, 409, 410, 411, 412, 413, 415,
                                 416, 418, 422, 429, 444, 500, 501, 502, 503, 504, 505};
const size_t kNginxStatusCodeCount = sizeof kNginxStatusCodes / sizeof kNginxStatusCodes[0];

namespace {

long monotonicMs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

// A path as an nginx configuration word.
std::string q(const std::string& path) {
  return "\"" + path + "\"";
}

bool makeDirs(const std::string& path) {  // mkdir -p
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i < path.size() && path[i] != '/') continue;
    if (mkdir(path.substr(0, i).c_str(), 0755) != 0 && errno != EEXIST) return false;
  }
  return true;
}

bool reap(pid_t pid, int timeoutMs) {
  const long until = monotonicMs() + timeoutMs;
  for (;;) {
    const pid_t r = waitpid(pid, nullptr, WNOHANG);
    if (r == pid || (r < 0 && errno != EINTR)) return true;
    if (monotonicMs() >= until) return false;
    usleep(5000);
  }
}

}  // namespace

NginxServer::NginxServer(Options options) : options_(std::move(options)) {}

NginxServer::~NginxServer() {
  stop();
  removeTree(dir_);
}

bool NginxServer::addFile(const std::string& path, const std::string& contents) {
  if (docroot_.empty()) return false;
  size_t start = 0;
  while (start < path.size() && path[start] == '/') ++start;
  const std::string full = docroot_ + "/" + path.substr(start);
  const size_t slash = full.rfind('/');
  return makeDirs(full.substr(0, slash)) && writeFile(full, contents);
}

std::string NginxServer::errorLog() const {
  return slurpFile(dir_ + "/error.log");
}
std::string NginxServer::accessLog() const {
  return slurpFile(dir_ + "/access.log");
}

std::string NginxServer::config() const {
  const std::string& d = dir_;
  std::string c =
      "# Written by ehc_test::NginxServer.\n"
      "daemon off;\n"
      "master_process on;\n"
      "worker_processes 1;\n";
  // As root nginx switches its workers to `user` (default nobody, which cannot
  // read the 0700 temp dir); otherwise the directive is ignored with a warning.
  if (geteuid() == 0) {
    const passwd* pw = getpwuid(geteuid());
    const group* gr = getgrgid(getegid());
    if (pw && gr) c += std::string("user ") + pw->pw_name + " " + gr->gr_name + ";\n";
  }
  c += "pid " + q(d + "/nginx.pid") + ";\n";
  c += "lock_file " + q(d + "/nginx.lock") + ";\n";
  c += "error_log " + q(d + "/error.log") + " info;\n";
  c += "events { worker_connections 256; }\n";
  c += "http {\n";
  c += "  types { application/json json; text/html html htm; text/plain txt; }\n";
  c += "  default_type application/octet-stream;\n";
  c += "  access_log " + q(d + "/access.log") + ";\n";
  const char* temps[][2] = {{"client_body", "body"},
                            {"proxy", "proxy"},
                            {"fastcgi", "fastcgi"},
                            {"uwsgi", "uwsgi"},
                            {"scgi", "scgi"}};
  for (const auto& t : temps)
    c += std::string("  ") + t[0] + "_temp_path " + q(d + "/temp/" + t[1]) + ";\n";
  c += "  keepalive_requests " + std::to_string(options_.keepaliveRequests) + ";\n";
  c += "  keepalive_timeout " + std::to_string(options_.keepaliveTimeoutSeconds) + "s;\n";
  if (options_.certs || !options_.sites.empty()) {
    c += "  ssl_protocols TLSv1.2 TLSv1.3;\n";
    c += "  ssl_session_cache shared:ehc_tls:1m;\n";
    c += "  ssl_session_timeout 10m;\n";
  }
  const std::string routes = "    include " + q(d + "/routes.conf") + ";\n";
  c += "  server {\n";
  c += "    listen 127.0.0.1:" + std::to_string(httpPort_) + ";\n";
  if (ipv6_) c += "    listen [::1]:" + std::to_string(httpPort_) + ";\n";
  c += routes + "  }\n";
  if (options_.certs) {
    for (const CertKind k : kAllCertKinds) {
      const std::string port = std::to_string(httpsPort(k));
      c += std::string("  server {  # ") + certKindName(k) + "\n";
      c += "    listen 127.0.0.1:" + port + " ssl;\n";
      if (ipv6_ && (k == CertKind::Valid || k == CertKind::OtherIp))
        c += "    listen [::1]:" + port + " ssl;\n";
      c += "    ssl_certificate " + q(options_.certs->certPath(k)) + ";\n";
      c += "    ssl_certificate_key " + q(options_.certs->keyPath(k)) + ";\n";
      c += routes + "  }\n";
    }
  }
  for (size_t i = 0; i < options_.sites.size(); ++i) {
    const NginxTlsSite& site = options_.sites[i];
    const std::string port = std::to_string(sitePort(i));
    c += "  server {  # site " + std::to_string(i) + "\n";
    c += "    listen 127.0.0.1:" + port + " ssl;\n";
    if (ipv6_) c += "    listen [::1]:" + port + " ssl;\n";
    c += "    ssl_certificate " + q(site.certChain) + ";\n";
    c += "    ssl_certificate_key " + q(site.key) + ";\n";
    c += "    " + site.directives + "\n";
    c += routes + "  }\n";
  }
  c += "}\n";
  return c;
}

namespace {

const char kGzipOn[] = "gzip on; gzip_types *; gzip_min_length 0; gzip_proxied any;";

// What every server answers (see the header).
std::string routes(const std::string& generated, const std::string& given, int chunkBytes) {
  const bool fallback = !given.empty();
  const std::string chunked =
      "ssi on; ssi_types *; output_buffers 2 " + std::to_string(chunkBytes) + ";";
  std::string r;
  r += "location / { root " + q(generated) + ";" + (fallback ? " try_files $uri @docroot;" : "") +
       " }\n";
  if (fallback) r += "location @docroot { root " + q(given) + "; }\n";
  // SSI drops Content-Length, so HTTP/1.1 responses are chunked.
  r += "location /chunked/ { rewrite ^/chunked(/.*)$ $1 break; root " + q(generated) + ";" +
       (fallback ? " try_files $uri @docroot_chunked;" : "") + " " + chunked + " }\n";
  if (fallback) r += "location @docroot_chunked { root " + q(given) + "; " + chunked + " }\n";
  // Compressed: on the fly (chunked, to a request that accepts gzip), and
  // the .gz file beside the file, whatever the request accepts (Content-Length).
  r += "location /gzip/ { rewrite ^/gzip(/.*)$ $1 break; root " + q(generated) + ";" +
       (fallback ? " try_files $uri @docroot_gzip;" : "") + " " + kGzipOn + " }\n";
  if (fallback) r += "location @docroot_gzip { root " + q(given) + "; " + kGzipOn + " }\n";
  r += "location /gzip-static/ { rewrite ^/gzip-static(/.*)$ $1 break; root " + q(generated) +
       "; gzip_static always;" + (fallback ? " try_files $uri @docroot_gzip_static;" : "") + " }\n";
  if (fallback)
    r += "location @docroot_gzip_static { root " + q(given) + "; gzip_static always; }\n";
  r += "location = /redirect { return 302 /users.json; }\n";
  // PUT stores the body (read after a 100 Continue to Expect); a body
  // announced over 64 KiB is refused with 413 before it is read.
  r += "location /put/ { root " + q(generated) +
       "; dav_methods PUT; create_full_put_path on; client_max_body_size 64k; }\n";
  for (size_t i = 0; i < kNginxStatusCodeCount; ++i) {
    const int code = kNginxStatusCodes[i];
    const std::string n = std::to_string(code);
    r += "location = /status/" + n + " { default_type application/json; return " + n;
    if (code >= 300 && code < 400 && code != 304)
      r += " /users.json";
    else if (code != 204 && code != 304 && code != 444)
      r += " '{\"status\":" + n + "}'";
    r += "; }\n";
  }
  return r;
}

}  // namespace

bool NginxServer::portsTaken() const {
  const std::string taken = "Address already in use";
  return errorLog().find(taken) != std::string::npos ||
         slurpFile(dir_ + "/stderr.log").find(taken) != std::string::npos;
}

bool NginxServer::allPortsAccept() const {
  if (!canConnect(httpPort_, false) || (ipv6_ && !canConnect(httpPort_, true))) return false;
  for (const uint16_t port : sitePorts_)
    if (!canConnect(port, false)) return false;
  if (!options_.certs) return true;
  for (const CertKind k : kAllCertKinds)
    if (!canConnect(httpsPort(k), false)) return false;
  return !ipv6_ || canConnect(httpsPort(CertKind::Valid), true);
}

std::string NginxServer::diagnostics() const {
  std::string out = "\n--- " + dir_ + "/error.log (tail) ---\n" + tailLines(errorLog(), 15);
  const std::string err = slurpFile(dir_ + "/stderr.log");
  if (!err.empty()) out += "\n--- nginx stderr (tail) ---\n" + tailLines(err, 10);
  return out;
}

bool NginxServer::launch(std::string* why) {
  unlink((dir_ + "/error.log").c_str());
  unlink((dir_ + "/stderr.log").c_str());
  {
    // Distinct free ports: hold every listener until all are chosen.
    std::vector<std::unique_ptr<LoopbackListener>> held;
    auto pick = [&held]() {
      held.emplace_back(new LoopbackListener(1));
      return held.back()->port();
    };
    httpPort_ = pick();
    for (const CertKind k : kAllCertKinds)
      httpsPorts_[static_cast<int>(k)] = options_.certs ? pick() : 0;
    sitePorts_.clear();
    for (size_t i = 0; i < options_.sites.size(); ++i) sitePorts_.push_back(pick());
  }
  if (!writeFile(dir_ + "/nginx.conf", config())) {
    *why = "cannot write " + dir_ + "/nginx.conf";
    return false;
  }
  const std::string prefix = dir_ + "/", conf = dir_ + "/nginx.conf", log = dir_ + "/error.log",
                    out = dir_ + "/stderr.log";
  const char* argv[] = {options_.nginx.c_str(), "-p", prefix.c_str(), "-c",
                        conf.c_str(),           "-e", log.c_str(),    nullptr};
  rlimit files{};
  const int maxFd = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < 65536
                        ? static_cast<int>(files.rlim_cur)
                        : 65536;
  pid_ = fork();
  if (pid_ < 0) {
    *why = "fork failed";
    return false;
  }
  if (pid_ == 0) {  // only async-signal-safe calls from here to exec
    setpgid(0, 0);  // its own process group: stop() can kill master and workers together
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    const int in = open("/dev/null", O_RDONLY);
    const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || fd < 0 || dup2(in, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) _exit(126);
    for (int i = 3; i < maxFd; ++i) close(i);  // no inherited sockets
    execv(argv[0], const_cast<char* const*>(argv));
    _exit(127);
  }
  setpgid(pid_, pid_);  // also here, so it holds before we ever signal the group
  return true;
}

bool NginxServer::start(std::string* why) {
  if (!dir_.empty()) {
    *why = "NginxServer::start() called twice";
    return false;
  }
  const char* tmp = getenv("TMPDIR");
  std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/ehc-nginx-XXXXXX";
  if (!mkdtemp(&tmpl[0])) {
    *why = "mkdtemp failed for " + tmpl;
    return false;
  }
  dir_ = tmpl;
  docroot_ = dir_ + "/www";
  if (!makeDirs(docroot_) || !makeDirs(dir_ + "/temp")) {
    *why = "cannot make directories in " + dir_;
    return false;
  }
  for (const auto& f : options_.files) {
    if (!addFile(f.first, f.second)) {
      *why = "cannot write " + f.first + " into " + docroot_;
      return false;
    }
  }
  if (access(options_.nginx.c_str(), X_OK) != 0) {
    *why = "nginx is not an executable: " + options_.nginx;
    return false;
  }
  if (!writeFile(dir_ + "/routes.conf", routes(docroot_, options_.docroot, options_.chunkBytes))) {
    *why = "cannot write " + dir_ + "/routes.conf";
    return false;
  }
  if (options_.ipv6) {
    LoopbackListener v6(1, true);
    ipv6_ = v6.ok();
  }

  const long until = monotonicMs() + options_.startTimeoutMs;
  for (int attempt = 1; attempt <= 5; ++attempt) {
    if (!launch(why)) return false;
    bool retry = false;
    while (!retry) {
      int status = 0;
      const pid_t r = waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {  // nginx exited
        pid_ = -1;
        if (!portsTaken()) {
          *why = "nginx exited at start (" +
                 (WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status))
                                    : "signal " + std::to_string(WTERMSIG(status))) +
                 ")" + diagnostics();
          return false;
        }
        retry = true;
      } else if (portsTaken()) {  // it would retry bind() 5 times, 500 ms apart: not worth it
        kill(-pid_, SIGKILL);
        reap(pid_, 3000);
        pid_ = -1;
        retry = true;
      } else if (allPortsAccept()) {
        return true;
      } else if (monotonicMs() >= until) {
        stop();
        *why = "nginx did not accept on every port within " +
               std::to_string(options_.startTimeoutMs) + " ms" + diagnostics();
        return false;
      } else {
        usleep(10000);
      }
    }
    if (monotonicMs() >= until) break;
  }
  *why = "nginx could not bind its ports (taken each time)" + diagnostics();
  return false;
}

void NginxServer::stop() {
  if (pid_ <= 0) return;
  kill(pid_, SIGTERM);  // fast shutdown: the master stops its workers, then exits
  if (!reap(pid_, 3000)) {
    kill(-pid_, SIGKILL);  // the whole group: master and workers
    reap(pid_, 3000);
  }
  pid_ = -1;
}

}  // namespace ehc_test
