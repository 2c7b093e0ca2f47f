// Downloads from real nginx, over HTTP and HTTPS: a 1.5 MB file into a file
// descriptor, identity, chunked, gzip on the fly (gzip on) and a stored .gz
// (gzip_static), its SHA-256 checked, the connection kept, no heap per
// request once it is up; the JSON bindings read a gzip body alike.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "body_test_helpers.h"
#include "nginx_server.h"
#include "suite_start.h"
#include "test_certs.h"

using namespace ehc;  // the error codes

namespace {

// 1.5 MB of bytes that compress a little (a fixed generator: the same every run).
std::string bigFile() {
  std::string s(1536 * 1024, '\0');
  uint32_t x = 12345;
  for (size_t i = 0; i < s.size(); ++i) {
    x = x * 1103515245u + 12345u;
    s[i] = static_cast<char>((x >> 16) % 40 + 'A');
  }
  return s;
}

std::string readFile(const std::string& path) {
  std::string out;
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) return out;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  fclose(f);
  return out;
}

uint8_t window[32768];
Inflater inflater(window, sizeof window);

class DownloadNginx : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    certs_ = new ehc_test::TestCerts;
    std::string why;
    if (!certs_->make(EHC_OPENSSL, &why)) return start_.failed(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.certs = certs_;
    o.keepaliveRequests = 100000;
    o.keepaliveTimeoutSeconds = 60;
    const std::string big = bigFile();
    o.files = {{"big.bin", big},
               {"big.bin.gz", ehc_test::gzipped(big)},
               {"user.json", "{\"pad\":\"" + std::string(30000, 'p') + "\",\"name\":\"Ann\"}"}};
    server_ = new ehc_test::NginxServer(o);
    if (!server_->start(&why)) start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete server_;
    delete certs_;
    server_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  void SetUp() override {
    ASSERT_TRUE(start_.started());
    path_ = server_->dir() + "/download.out";
  }
  void TearDown() override { unlink(path_.c_str()); }
  static std::unique_ptr<ESP32HTTPClient> client(bool https) {
    const std::string url = https ? "https://localhost:" + std::to_string(server_->httpsPort())
                                  : "http://127.0.0.1:" + std::to_string(server_->httpPort());
    auto c = std::make_unique<ESP32HTTPClient>(url.c_str());
    c->setCACert(certs_->caPem().c_str());
    return c;
  }
  // Downloads `path` into path_; the result, and what the file holds.
  RestResult download(ESP32HTTPClient& c, const char* path, BodyCheck* check, bool gzip,
                      char* coding = nullptr) {
    FdStream file{open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)};
    EXPECT_GE(file.fd, 0);
    auto request = c.get(path).downloadTo(file);
    if (check) request.verify(*check);
    if (gzip) request.acceptEncoding(inflater);
    if (coding) request.getHeader("Content-Encoding", coding, 16);
    const RestResult r = request.send();
    close(file.fd);
    return r;
  }

  std::string path_;
  static inline ehc_test::TestCerts* certs_ = nullptr;
  static inline ehc_test::NginxServer* server_ = nullptr;
  static inline ehc_test::SuiteStart start_;
};

TEST_F(DownloadNginx, TheFileArrivesWholeInEveryFraming) {
  const std::string big = bigFile();
  const std::string digest = ehc_test::sha256Hex(big);
  struct Case {
    const char* path;
    bool gzip;
    const char* coding;  // the Content-Encoding nginx answers with
  } cases[] = {{"/big.bin", false, ""},
               {"/chunked/big.bin", false, ""},
               {"/gzip/big.bin", true, "gzip"},
               {"/gzip-static/big.bin", true, "gzip"},
               {"/gzip/big.bin", false, ""}};  // not asked: not compressed
  for (bool https : {false, true}) {
    auto c = client(https);
    for (const Case& k : cases) {
      SCOPED_TRACE(std::string(k.path) + (https ? " https" : " http"));
      Sha256Check check(digest.c_str());
      char coding[16] = "";
      const RestResult r = download(*c, k.path, &check, k.gzip, coding);
      EXPECT_TRUE(r.isSuccess()) << r.message();
      EXPECT_STREQ(coding, k.coding);
      EXPECT_TRUE(readFile(path_) == big);
      EXPECT_STREQ(check.hex(), digest.c_str());
    }
  }
}

// Over HTTP the socket's read-ahead lends the connection up to 16 KB per
// recv(), and a download's sink gets each such slice whole (a file: one
// write(2) per slice, not per 512-byte read buffer); in order and complete.
TEST_F(DownloadNginx, ADownloadGetsTheReadAheadsSlicesWhole) {
  static_assert(EHC_SOCKET_READAHEAD > EHC_READ_BUFFER, "the host's read-ahead");
  const std::string big = bigFile();
  auto c = client(false);
  struct {
    std::string bytes;
    size_t slices = 0, largest = 0;
  } got;
  const RestResult r = c->get("/big.bin")
                           .download([&got](const uint8_t* d, size_t n) {
                             got.bytes.append(reinterpret_cast<const char*>(d), n);
                             ++got.slices;
                             got.largest = std::max(got.largest, n);
                           })
                           .send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_TRUE(got.bytes == big);
  EXPECT_GT(got.largest, static_cast<size_t>(EHC_READ_BUFFER));
  EXPECT_LE(got.largest, static_cast<size_t>(EHC_SOCKET_READAHEAD));
  // Loopback delivers what nginx sent in large pieces: most slices are big.
  EXPECT_LT(got.slices, big.size() / EHC_READ_BUFFER / 4);
}

TEST_F(DownloadNginx, AWrongDigestIsReportedAndTheConnectionServesTheNext) {
  auto c = client(false);
  Sha256Check wrong("0000000000000000000000000000000000000000000000000000000000000000");
  EXPECT_EQ(download(*c, "/big.bin", &wrong, false).error, EHC_ERROR_DIGEST_MISMATCH);
  char name[8] = "";
  const RestResult r =
      c->get("/gzip/user.json").acceptEncoding(inflater).getBody("name", name).send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_TRUE(r.reused);
  EXPECT_STREQ(name, "Ann");
}

TEST_F(DownloadNginx, ALimitBelowTheFileFailsAtOnce) {
  auto c = client(false);
  size_t delivered = 0;
  const RestResult r = c->get("/big.bin")
                           .maxBodySize(1000000)
                           .download([&delivered](const uint8_t*, size_t n) { delivered += n; })
                           .send();
  EXPECT_EQ(r.error, EHC_ERROR_BODY_TOO_LARGE);
  EXPECT_EQ(delivered, 0u);
  const RestResult gz = c->get("/gzip/big.bin")
                            .acceptEncoding(inflater)
                            .maxBodySize(1000000)
                            .download([&delivered](const uint8_t*, size_t n) { delivered += n; })
                            .send();
  EXPECT_EQ(gz.error, EHC_ERROR_BODY_TOO_LARGE);
  EXPECT_LE(delivered, 1000000u);
  EXPECT_TRUE(c->get("/user.json").send().isSuccess());  // the client goes on
}

// Plain TCP whose first connection is cut (reset) once `dropAfter` bytes
// came: a drop mid-download, in front of a real nginx.
class DroppingTransport final : public Transport {
 public:
  explicit DroppingTransport(uint64_t dropAfter) : left_(dropAfter) {}
  NetError startConnect(const Endpoint& e, Deadline d) override {
    dropping_ = connects_++ == 0;
    return tcp_.startConnect(e, d);
  }
  NetError connectStep() override { return tcp_.connectStep(); }
  NetError readSome(uint8_t* buf, size_t size, size_t* got) override {
    if (dropping_ && left_ == 0) {
      tcp_.close();
      *got = 0;
      return NetError::Reset;
    }
    if (dropping_ && size > left_) size = static_cast<size_t>(left_);
    const NetError e = tcp_.readSome(buf, size, got);
    if (dropping_) left_ -= *got;
    return e;
  }
  NetError writeSome(const uint8_t* d, size_t n, size_t* sent) override {
    return tcp_.writeSome(d, n, sent);
  }
  WaitFor waitFor() const override { return tcp_.waitFor(); }
  WaitResult waitReady(Deadline d) override { return tcp_.waitReady(d); }
  void close() override { tcp_.close(); }
  bool open() const override { return tcp_.open(); }
  bool peerClosed() override { return tcp_.peerClosed(); }

 private:
  PosixTransport tcp_;
  uint64_t left_;
  int connects_ = 0;
  bool dropping_ = false;
};

// Resuming a download from nginx whose file changed between the attempts
// (same length, a later mtime: another ETag): the If-Range with the first
// ETag gets the new file whole (200) and the target starts over; unchanged,
// the rest (206). Without If-Range the 206 would splice the two versions.
TEST_F(DownloadNginx, AResumeAfterTheFileChangedStartsOver) {
  const std::string v1 = bigFile().substr(0, 200000);
  std::string v2 = v1;
  for (char& c : v2) c = static_cast<char>(c + 1);
  for (bool change : {true, false}) {
    SCOPED_TRACE(change ? "changed" : "unchanged");
    const std::string path = std::string("/resume-") + (change ? "c" : "u") + ".bin";
    ASSERT_TRUE(server_->addFile(path, v1));
    DroppingTransport tcp(100000);
    ESP32HTTPClient c(("http://127.0.0.1:" + std::to_string(server_->httpPort())).c_str(), tcp);
    std::string got;
    int restarts = 0;
    bool changed = false;
    const RestResult r =
        c.get(path.c_str())
            .download([&](const uint8_t* d, size_t n) {
              got.append(reinterpret_cast<const char*>(d), n);
              if (change && !changed && got.size() > 50000) {  // while the first answer comes
                changed = true;
                ASSERT_TRUE(server_->addFile(path, v2));
                const timeval later[2] = {{time(nullptr) + 60, 0}, {time(nullptr) + 60, 0}};
                ASSERT_EQ(utimes((server_->docroot() + path).c_str(), later), 0);
              }
            })
            .resume(2,
                    [&] {
                      ++restarts;
                      got.clear();
                      return true;
                    })
            .send();
    ASSERT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(r.attempts, 2);
    EXPECT_EQ(r.statusCode, change ? 200 : 206);
    EXPECT_EQ(restarts, change ? 1 : 0);
    EXPECT_TRUE(got == (change ? v2 : v1));
  }
}

// An upload with Expect: 100-continue to nginx (a WebDAV PUT): nginx
// answers 100 before it reads the body, which then arrives whole; one over
// its client_max_body_size is refused with 413 before the body, which is
// then not sent, and the client goes on on a new connection.
TEST_F(DownloadNginx, ExpectContinueWaitsForNginxsHundred) {
  const std::string data = bigFile().substr(0, 60000);
  for (bool https : {false, true}) {
    for (bool chunked : {false, true}) {
      SCOPED_TRACE(std::string(https ? "https" : "http") + (chunked ? " chunked" : " sized"));
      auto c = client(https);
      size_t at = 0;
      const auto source = [&](uint8_t* b, size_t room) {
        const size_t n = std::min(room, data.size() - at);
        memcpy(b, data.data() + at, n);
        at += n;
        return static_cast<long>(n);
      };
      const std::string path = std::string("/put/") + (https ? "s" : "p") + (chunked ? "c" : "l");
      const RestResult r = c->put(path.c_str())
                               .upload(source, chunked ? -1 : static_cast<int64_t>(data.size()))
                               .expectContinue()
                               .send();
      EXPECT_TRUE(r.statusCode == 201 || r.statusCode == 204) << r.statusCode << r.message();
      EXPECT_TRUE(r.continued);
      EXPECT_EQ(readFile(server_->docroot() + path), data);
      const RestResult next = c->get("/user.json").send();
      EXPECT_TRUE(next.isSuccess()) << next.message();
      EXPECT_TRUE(next.reused);  // the connection stays after the upload
    }
    auto c = client(https);
    int reads = 0;
    const RestResult tooLarge = c->put("/put/big")
                                    .upload(
                                        [&reads](uint8_t*, size_t) {
                                          ++reads;
                                          return -1L;
                                        },
                                        100000)
                                    .expectContinue()
                                    .send();
    EXPECT_EQ(tooLarge.statusCode, 413) << tooLarge.message();
    EXPECT_TRUE(tooLarge.bodyWithheld);
    EXPECT_EQ(reads, 0);
    const RestResult next = c->get("/user.json").send();
    EXPECT_TRUE(next.isSuccess()) << next.message();
    EXPECT_FALSE(next.reused);
  }
}

// Once connected, a download allocates nothing: identity, chunked, gzip.
TEST_F(DownloadNginx, NoHeapPerDownload) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  for (bool https : {false, true}) {
    SCOPED_TRACE(https ? "https" : "http");
    auto c = client(https);
    size_t total = 0;
    auto count = [&total](const uint8_t*, size_t n) { total += n; };
    ASSERT_TRUE(c->get("/big.bin").download(count).send().isSuccess());  // connects: TLS allocates
    ehc_test::AllocScope steady;
    for (const char* path : {"/big.bin", "/chunked/big.bin", "/gzip/big.bin"}) {
      const RestResult r = c->get(path).acceptEncoding(inflater).download(count).send();
      EXPECT_TRUE(r.isSuccess()) << path << ": " << r.message();
      EXPECT_TRUE(r.reused) << path;
    }
    EXPECT_EQ(steady.calls(), 0u) << steady.bytes() << " bytes";
    EXPECT_EQ(total, 4 * bigFile().size());
  }
}

}  // namespace
