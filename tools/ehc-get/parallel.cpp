// ehc-get --parallel: N requests at once on one thread. Each has its own
// connection (transports, parser, binder); one poll() waits for all of them,
// on what each blocked exchange says it waits for (Connection::waitFor).
#include <poll.h>
#include <stdio.h>

#include <memory>
#include <string>
#include <vector>

#include "cli.h"

namespace ehc_get {

namespace {

struct Transfer {
  Transfer(const Options& o, long number, const char* urlText)
      : index(number),
        text(urlText),
        bindings(o.bindings),
        request(o, url, o.bindings.empty() ? nullptr : &binder) {
    ok = ehc::parseUrl(urlText, &url) == ehc::HttpError::Ok;
    host.assign(url.host, url.hostLength);
    configureTls(tls, o);
    binder.setStopWhenDone(true);
    parser.onBody(
        [](void* u, const char* d, size_t n) {
          auto* self = static_cast<Transfer*>(u);
          if (!self->request.bodySatisfied() && !self->binder.done()) self->binder.feed(d, n);
        },
        this);
  }
  long index;
  const char* text;
  ehc::Url url;
  std::string host;
  bool ok = false;
  std::vector<ehc_tools::CliBinding> bindings;  // this one's targets
  ehc::PosixTransport tcp;
  ehc::MbedTlsTransport tls;
  ehc::Connection connection{&tcp, &tls};
  ehc::StaticJsonBinder<EHC_MAX_BINDINGS> binder;
  ehc::ResponseParser parser;
  CliRequest request;
  ehc::Connection::Progress progress;
  bool done = false;
};

// What it came to: the -b lines on stdout, the timing line on stderr.
bool report(const Options& o, Transfer& t) {
  const ehc::ExchangeResult& r = t.progress.result();
  if (!o.bindings.empty() && t.parser.headersDone()) {
    t.binder.finish();
    std::string out;
    ehc_tools::printBindings(t.binder, t.bindings, &out);
    size_t start = 0;
    while (start < out.size()) {
      const size_t end = out.find('\n', start);
      printf("request %ld\t%s\n", t.index, out.substr(start, end - start).c_str());
      start = end == std::string::npos ? out.size() : end + 1;
    }
  }
  fprintf(stderr,
          "request %ld status %d bytes %llu ms %u reused %s resumed %s connect_ms %u "
          "first_byte_ms %u url %s\n",
          t.index, t.parser.status(), static_cast<unsigned long long>(t.parser.bodyBytes()),
          r.totalMs, r.reused ? "yes" : "no", r.sessionResumed ? "yes" : "no", r.connectMs,
          r.firstByteMs, t.text);
  if (r.ok()) return true;
  fprintf(stderr, "ehc-get: request %ld failed: %s\n", t.index,
          r.net != ehc::NetError::Ok ? ehc::netErrorMessage(r.net) : ehc::httpErrorMessage(r.http));
  return false;
}

// Steps t until it is blocked or done (a bounded number, so that one fast
// transfer does not keep the others waiting); true when done.
bool advance(Transfer& t) {
  for (int i = 0; i < 64; ++i) {
    if (!t.connection.step(t.progress)) return true;
    if (t.progress.blocked()) return false;
  }
  return false;
}

}  // namespace

int runParallel(const Options& o) {
  std::vector<std::unique_ptr<Transfer>> transfers;
  for (long i = 0; i < o.parallel; ++i) {
    transfers.emplace_back(new Transfer(o, i + 1, o.urls[static_cast<size_t>(i) % o.urls.size()]));
    Transfer& t = *transfers.back();
    std::string badPath;
    if (!t.ok || !ehc_tools::bindAll(t.binder, t.bindings, &badPath)) {
      fprintf(stderr, "ehc-get: %s\n", t.ok ? ("bad path: " + badPath).c_str() : "malformed URL");
      return 2;
    }
  }
  const uint32_t begun = ehc::monotonicMs();
  for (auto& t : transfers) {
    const ehc::Endpoint at{t->host.c_str(), t->url.port, t->url.https};
    t->connection.begin(t->progress, at, t->request, t->parser, ehc::Deadline::in(o.timeoutMs));
  }
  int failures = 0;
  size_t left = transfers.size();
  std::vector<pollfd> fds;
  while (left > 0) {
    fds.clear();
    uint32_t waitMs = 1000;
    for (auto& t : transfers) {
      if (t->done) continue;
      if (advance(*t)) {
        t->done = true;
        --left;
        if (!report(o, *t)) ++failures;
        continue;
      }
      const ehc::WaitFor w = t->connection.waitFor(t->progress);
      const uint32_t until = t->progress.blocked() ? w.until.remainingMs() : 0;
      if (until < waitMs) waitMs = until;
      if (w.fd >= 0 && t->progress.blocked()) {
        const short events =
            static_cast<short>((w.readable ? POLLIN : 0) | (w.writable ? POLLOUT : 0));
        fds.push_back(pollfd{w.fd, events, 0});
      }
    }
    if (left > 0) ::poll(fds.data(), fds.size(), static_cast<int>(waitMs));
  }
  fprintf(stderr, "parallel %ld requests ms %u\n", o.parallel, ehc::monotonicMs() - begun);
  for (auto& t : transfers) t->connection.end();
  return failures ? 1 : 0;
}

}  // namespace ehc_get
