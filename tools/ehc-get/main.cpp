// ehc-get: HTTP(S) requests from the desktop through the library's own
// connection, TLS and parsers: try a server (or paths into its JSON) before
// flashing a board.
//
//   ehc-get [options] URL
//     --cacert FILE      trust this CA (PEM) instead of the system bundle
//     --pin HEX          accept only the leaf certificate with this SHA-256
//     --pin-key HEX      accept only a leaf whose public key has this SHA-256
//     --insecure         no certificate verification at all
//     --cert FILE        mutual TLS: this client certificate (PEM or DER) ...
//     --key FILE         ... and its private key (PEM or DER)
//     --key-pass TEXT    the key's password, when it is encrypted
//     --repeat N         N requests, one kept connection (default 1)
//     --parallel N       N requests at once, on one thread (each its own
//                        connection, all driven from one poll() loop), over
//                        the URLs given in turn: ehc-get --parallel 4 URL1 URL2
//     --timeout MS       per request (default 30000)
//     -H 'Name: value'   an extra request header (repeatable)
//     -X METHOD          GET (default), HEAD, POST, PUT, PATCH, DELETE, ...
//     -d JSON            a request body (Content-Type: application/json)
//     -b PATH[:TYPE]     bind a path of the JSON body (repeatable); stdout
//                        then carries one line per binding, as ehc-json
//                        prints them, instead of the body
//     -o FILE            a 2xx body goes to FILE (created or truncated;
//                        removed again when the request fails)
//     --compressed       Accept-Encoding: gzip, deflate; the body decoded
//     --sha256 HEX       the body written to FILE must have this SHA-256
//     --max-size N       a body beyond N bytes fails the request
//     --events           the body is a text/event-stream: one line per event
//                        on stdout, TYPE<tab>ID<tab>DATA (a line feed in
//                        the data printed as \n), instead of the body
//     -T FILE            upload FILE as the body (PUT unless -X says else),
//                        with Content-Length; -T - reads stdin, sent chunked
//
// stdout: each response's status line and body. stderr, per request:
//   request I status S bytes B ms T reused yes|no resumed yes|no
// With --parallel, stdout has no bodies (only -b lines, each after
// "request I\t"), and stderr's line per request, as it ends, adds
//   connect_ms C first_byte_ms F url U
// then "parallel N requests ms T" (the whole run).
// and, over TLS, the protocol and cipher suite of the connection:
//   ... tls TLSv1.2 TLS-ECDHE-ECDSA-WITH-AES-128-GCM-SHA256
// Exit 0 when every request got a response; 1 with a message otherwise
// (untrusted certificate, wrong host name, refused, timeout, ...); 2: usage.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "cli.h"

using ehc_get::CliRequest;
using ehc_get::Options;

namespace {

int usage(const char* msg) {
  fprintf(stderr,
          "ehc-get: %s\nusage: ehc-get [--cacert FILE] [--pin HEX | --pin-key HEX] [--insecure] "
          "[--cert FILE --key FILE [--key-pass TEXT]] "
          "[--repeat N | --parallel N] [--timeout MS] [-H 'Name: value']... [-X METHOD] [-d JSON] "
          "[-b PATH[:TYPE]]... [-o FILE] [--compressed] [--sha256 HEX] [--max-size N] [-T FILE] "
          "[--events] URL...\n"
          "  TYPE: %s (default raw)\n",
          msg, ehc_tools::kBindingTypes);
  return 2;
}

bool parsePositive(const char* text, long* out) {
  char* end = nullptr;
  *out = text ? strtol(text, &end, 10) : 0;
  return text && !*end && *out > 0;
}

int parseArgs(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (a == "--cacert") {
      if (!(o->caFile = value())) return usage("--cacert needs a file");
    } else if (a == "--pin" || a == "--pin-key") {
      if (!(v = value())) return usage("--pin needs a SHA-256 in hex");
      o->pin = v;
      o->pinKey = a == "--pin-key";
    } else if (a == "--cert") {
      if (!(o->certFile = value())) return usage("--cert needs a file");
    } else if (a == "--key") {
      if (!(o->keyFile = value())) return usage("--key needs a file");
    } else if (a == "--key-pass") {
      if (!(o->keyPassword = value())) return usage("--key-pass needs the password");
    } else if (a == "--insecure") {
      o->insecure = true;
    } else if (a == "--repeat") {
      if (!parsePositive(value(), &o->repeat)) return usage("--repeat needs a positive number");
    } else if (a == "--parallel") {
      if (!parsePositive(value(), &o->parallel)) return usage("--parallel needs a positive number");
    } else if (a == "--timeout") {
      long ms = 0;
      if (!parsePositive(value(), &ms)) return usage("--timeout needs milliseconds");
      o->timeoutMs = static_cast<uint32_t>(ms);
    } else if (a == "-H") {
      if (!(v = value()) || !strchr(v, ':')) return usage("-H needs 'Name: value'");
      const char* colon = strchr(v, ':');
      const char* text = colon + 1;
      while (*text == ' ' || *text == '\t') ++text;
      o->headers.emplace_back(std::string(v, colon), text);
    } else if (a == "-X") {
      if (!(v = value())) return usage("-X needs a method");
      o->method = v;
    } else if (a == "-d") {
      if (!(o->body = value())) return usage("-d needs a body");
      if (o->method == "GET") o->method = "POST";  // as curl does
    } else if (a == "-b") {
      if (!(v = value())) return usage("-b needs a path");
      o->bindings.push_back(ehc_tools::parseBinding(v));
    } else if (a == "-o") {
      if (!(o->output = value())) return usage("-o needs a file");
    } else if (a == "--compressed") {
      o->compressed = true;
    } else if (a == "--sha256") {
      if (!(o->sha256 = value()) || strlen(o->sha256) != 64)
        return usage("--sha256 needs 64 hex digits");
    } else if (a == "--max-size") {
      long n = 0;
      if (!parsePositive(value(), &n)) return usage("--max-size needs a positive number");
      o->maxSize = static_cast<uint64_t>(n);
    } else if (a == "--events") {
      o->events = true;
    } else if (a == "-T") {
      if (!(o->upload = value())) return usage("-T needs a file");
      if (o->method == "GET") o->method = "PUT";  // as curl does
    } else if (a == "--help" || a == "-h") {
      usage("help");
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else {
      o->urls.push_back(argv[i]);
    }
  }
  if (o->urls.empty()) return usage("no URL");
  if (o->urls.size() > 1 && !o->parallel) return usage("one URL only (several with --parallel)");
  o->url = o->urls[0];
  if (!o->certFile != !o->keyFile) return usage("--cert and --key go together");
  if (o->bindings.size() > EHC_MAX_BINDINGS) return usage("too many -b paths");
  return -1;  // go on
}

// --events: each event as one line, TYPE<tab>ID<tab>DATA.
class EventPrinter {
 public:
  EventPrinter() { parser_.setVisitor(&kVisitor, this); }
  void begin() { parser_.begin(); }
  bool feed(const uint8_t* d, size_t n) { return parser_.feed(d, n); }

 private:
  static const ehc::SseVisitor kVisitor;
  ehc::StaticSseParser<64, 256> parser_;
  std::string data_;
};

const ehc::SseVisitor EventPrinter::kVisitor = {
    [](void* self) {
      static_cast<EventPrinter*>(self)->data_.clear();
      return true;
    },
    [](void* self, const char* d, size_t n) {
      std::string& data = static_cast<EventPrinter*>(self)->data_;
      for (size_t i = 0; i < n; ++i)
        data += d[i] == '\n' ? std::string("\\n") : std::string(1, d[i]);
      return true;
    },
    [](void* self, const ehc::SseEvent& e) {
      printf("%s\t%s\t%s\n", e.type, e.id, static_cast<EventPrinter*>(self)->data_.c_str());
      fflush(stdout);
      return true;
    },
    [](void*) {}};

EventPrinter eventPrinter;

void writeOut(const std::string& s) {
  fwrite(s.data(), 1, s.size(), stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  const int done = parseArgs(argc, argv, &o);
  if (done >= 0) return done;

  if (o.upload) {
    if (o.body) return usage("-T and -d: one body");
    o.uploadFd = strcmp(o.upload, "-") == 0 ? 0 : open(o.upload, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (o.uploadFd < 0) {
      fprintf(stderr, "ehc-get: cannot read %s: %s\n", o.upload, strerror(errno));
      return 1;
    }
    if (o.uploadFd > 0 && fstat(o.uploadFd, &st) == 0 && S_ISREG(st.st_mode))
      o.uploadLength = st.st_size;
  }
  ehc::Url url;
  if (ehc::parseUrl(o.url, &url) != ehc::HttpError::Ok) return usage("malformed URL");
  const std::string host(url.host, url.hostLength);
  const ehc::Endpoint endpoint{host.c_str(), url.port, url.https};

  if (!o.pin.empty() && !ehc_get::validPin(o.pin)) return usage("a pin is 64 hex digits (SHA-256)");
  if (o.parallel > 0) return ehc_get::runParallel(o);

  ehc::PosixTransport tcp;
  ehc::MbedTlsTransport tls;
  ehc_get::configureTls(tls, o);
  ehc::Connection connection(&tcp, &tls);
  static uint8_t window[32768];  // --compressed: any deflate stream
  static ehc::Inflater inflater(window, sizeof window);

  int failures = 0;
  for (long i = 1; i <= o.repeat; ++i) {
    ehc::StaticJsonBinder<EHC_MAX_BINDINGS> binder;
    binder.setStopWhenDone(true);
    std::string badPath;
    if (!ehc_tools::bindAll(binder, o.bindings, &badPath))
      return usage(("bad path: " + badPath).c_str());
    const bool binding = !o.bindings.empty();

    ehc::ResponseParser parser;
    struct Sink {
      ehc::ResponseParser* parser;
      ehc::JsonBinder* binder;  // null: no bindings
      ehc::ResponseBody* body;
      bool toFile;
      bool events;
      bool statusPrinted;
      void status() {
        if (statusPrinted || binder || toFile || events) return;
        statusPrinted = true;
        printf("HTTP/1.%d %d %s\n", parser->httpMinor(), parser->status(), parser->reason());
      }
      // A file takes a 2xx answer's body; stdout every body, when not bound.
      bool toSink() const {
        const int status = parser->status();
        return toFile ? status >= 200 && status < 300 : !binder;
      }
    };
    ehc::ResponseBody body;
    Sink sink{&parser, binding ? &binder : nullptr, &body, o.output != nullptr, o.events, false};
    ehc::FdStream file{-1};
    ehc::BodyOptions bodyOptions;
    if (o.output) {
      file.fd = open(o.output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (file.fd < 0) {
        fprintf(stderr, "ehc-get: cannot write %s: %s\n", o.output, strerror(errno));
        return 1;
      }
      bodyOptions.sink = [&file](const uint8_t* d, size_t n) { return file.write(d, n) == n; };
      bodyOptions.sinkIsStream = true;
    } else if (o.events) {
      eventPrinter.begin();
      bodyOptions.sink = [](const uint8_t* d, size_t n) { return eventPrinter.feed(d, n); };
    } else {
      bodyOptions.sink = [](const uint8_t* d, size_t n) { return fwrite(d, 1, n, stdout) == n; };
    }
    ehc::Sha256Check digest(o.sha256);
    if (o.sha256) bodyOptions.check = &digest;
    body.begin(bodyOptions, o.maxSize, o.compressed ? &inflater : nullptr, &ehc::kInflateCalls);
    body.startHop(parser);
    parser.onBody(
        [](void* u, const char* d, size_t n) {
          auto* s = static_cast<Sink*>(u);
          s->status();
          s->body->take(*s->parser, s->binder, s->toSink(), d, n);
        },
        &sink);
    CliRequest request(o, url, binding ? &binder : nullptr, &body);
    const ehc::ExchangeResult r =
        connection.exchange(endpoint, request, parser, ehc::Deadline::in(o.timeoutMs));
    if (r.ok() || body.failed()) body.finish(parser, sink.binder, sink.toSink());
    if (file.fd >= 0) close(file.fd);
    const bool kept = r.ok() && !body.failed() && (!o.output || sink.toSink());
    if (o.output && !kept) unlink(o.output);  // nothing of a failed download stays

    if (parser.headersDone()) sink.status();  // a response without a body
    if (binding && parser.headersDone()) {
      const ehc::JsonError e = binder.finish();
      std::string out;
      ehc_tools::printBindings(binder, o.bindings, &out);
      if (e != ehc::JsonError::Ok) {
        char line[96];
        snprintf(line, sizeof line, "error\t%s\t%zu\n", ehc::jsonErrorName(e),
                 binder.errorOffset());
        out += line;
      }
      writeOut(out);
    }
    fflush(stdout);
    fprintf(stderr, "request %ld status %d bytes %llu ms %u reused %s resumed %s", i,
            parser.status(), static_cast<unsigned long long>(parser.bodyBytes()), r.totalMs,
            r.reused ? "yes" : "no", r.sessionResumed ? "yes" : "no");
    if (url.https && tls.tlsVersion()[0])
      fprintf(stderr, " tls %s %s", tls.tlsVersion(), tls.cipherSuite());
    fputc('\n', stderr);
    if (r.ok() && body.failed()) {
      ++failures;
      fprintf(stderr, "ehc-get: request %ld failed: %s (%d)\n", i,
              ehc::causeMessage(body.cause()) ? ehc::causeMessage(body.cause())
                                              : ehc::errorToString(body.error()),
              body.error());
    } else if (r.ok() && o.output && !sink.toSink()) {
      ++failures;
      fprintf(stderr, "ehc-get: request %ld: status %d, %s not written\n", i, parser.status(),
              o.output);
    }
    if (!r.ok()) {
      ++failures;
      if (r.net != ehc::NetError::Ok)
        fprintf(stderr, "ehc-get: request %ld failed: %s (%s)\n", i, ehc::netErrorMessage(r.net),
                ehc::netErrorName(r.net));
      else
        fprintf(stderr, "ehc-get: request %ld failed: %s (%s)\n", i, ehc::httpErrorMessage(r.http),
                ehc::httpErrorName(r.http));
      if (!parser.headersDone()) break;  // no response at all: the next would fail the same way
    }
  }
  connection.end();
  return failures ? 1 : 0;
}
