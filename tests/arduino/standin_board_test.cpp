// The library as Arduino-ESP32 builds it (ARDUINO + ESP_PLATFORM: see
// CMakeLists.txt), against real nginx over HTTPS: the built-in transports are
// PosixTransport + MbedTlsTransport verifying against ESP-IDF's certificate
// bundle (the stand-in's "firmware bundle" is the test CA); the stand-in
// WiFiClientSecure refuses like the real one without CA, bundle or
// setInsecure(); and the stand-in's additions sketches use.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "WiFiClientSecure.h"
#include "alloc_counter.h"
#include "nginx_suite.h"
#include "standin_idf.h"
#include "test_certs.h"

namespace {

class ArduinoBoard : public ehc_test::NginxSuite<ArduinoBoard> {
 protected:
  void SetUp() override {
    NginxSuite::SetUp();
    useTheCoresOwnBundle();
  }
  void TearDown() override { useTheCoresOwnBundle(); }
  static void useTheCoresOwnBundle() {
    unsetenv("EHC_STANDIN_BUNDLE");
    ehcStandinResetBundle();
  }
  static std::string httpsUrl() {
    return "https://localhost:" + std::to_string(server_->httpsPort());
  }
  static void useTestCaAsTheCoresBundle() {
    setenv("EHC_STANDIN_BUNDLE", certs_->caPemPath().c_str(), 1);
  }
  static RestResult getHello(ESP32HTTPClient& c, char (&out)[16]) {
    out[0] = '\0';
    return c.get("/hello.json").getBody("hello", out, sizeof out).send();
  }
};

TEST_F(ArduinoBoard, DefaultSettingsReachHttpsThroughTheCoresBundle) {
  useTestCaAsTheCoresBundle();
  ESP32HTTPClient client(httpsUrl().c_str());  // nothing configured
  char hello[16];
  RestResult r = getHello(client, hello);
  ASSERT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello, "nginx");
  EXPECT_FALSE(r.sessionResumed);
  client.end();  // closes; the built-in TLS keeps the session
  r = getHello(client, hello);
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_TRUE(r.sessionResumed);  // what WiFiClientSecure never does
}

// The library's #if defined(ARDUINO) parts are the sketch's: getBody into an
// Arduino String exists only there (it was missing at link time when the
// library was built without ARDUINO and the sketch with it).
TEST_F(ArduinoBoard, TheLibrarysArduinoPartsAreLinked) {
  useTestCaAsTheCoresBundle();
  ESP32HTTPClient client(httpsUrl().c_str());
  String hello, server;
  const RestResult r =
      client.get("/hello.json").getBody("hello", &hello).getHeader("Server", &server).send();
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello.c_str(), "nginx");
  EXPECT_EQ(server.indexOf("nginx"), 0);
}

TEST_F(ArduinoBoard, NoBundleAndNoCaIsItsOwnErrorNotRetried) {
  ESP32HTTPClient client(httpsUrl().c_str());
  client.setMaxRetry(2);
  char hello[16];
  const RestResult r = getHello(client, hello);
  EXPECT_EQ(r.error, ehc::EHC_ERROR_NO_TRUST_ANCHORS);
  EXPECT_EQ(r.attempts, 1);
  EXPECT_STREQ(ehc::errorToString(r.error),
               "no trust anchors (set a CA with setCACert/setCaFile, or setInsecure())");
  // The ways out: a CA, or knowingly no verification.
  client.setCACert(certs_->caPem().c_str());
  EXPECT_EQ(getHello(client, hello).statusCode, 200);
  ESP32HTTPClient insecure(httpsUrl().c_str());
  insecure.setInsecure();
  EXPECT_EQ(getHello(insecure, hello).statusCode, 200);
}

TEST_F(ArduinoBoard, TheBundleIsVerifiedNotJustPresent) {
  ehc_test::TestCerts other;
  std::string why;
  ASSERT_TRUE(other.make(EHC_OPENSSL, &why)) << why;
  setenv("EHC_STANDIN_BUNDLE", other.caPemPath().c_str(), 1);  // a bundle without our CA
  ESP32HTTPClient client(httpsUrl().c_str());
  char hello[16];
  EXPECT_EQ(getHello(client, hello).error, ehc::EHC_ERROR_CERT_UNTRUSTED);
}

TEST_F(ArduinoBoard, WiFiClientSecureRefusesWithoutTrustLikeTheCore) {
  WiFiClientSecure plain;  // default-constructed, as ESP32HTTPClient used to have it
  EXPECT_EQ(plain.connect("localhost", server_->httpsPort()), 0);
  EXPECT_EQ(plain.lastError(nullptr, 0), -1);  // start_ssl_client's -1, before any I/O
  useTestCaAsTheCoresBundle();                 // the firmware bundle alone does not count
  EXPECT_EQ(plain.connect("localhost", server_->httpsPort()), 0);

  WiFiClientSecure withCa;
  withCa.setCACert(certs_->caPem().c_str());
  EXPECT_EQ(withCa.connect("localhost", server_->httpsPort()), 1);
  withCa.stop();
  WiFiClientSecure insecure;
  insecure.setInsecure();
  EXPECT_EQ(insecure.connect("localhost", server_->httpsPort()), 1);
  insecure.stop();
}

TEST_F(ArduinoBoard, AWiFiClientSecureWithABundleThroughSetClient) {
  WiFiClientSecure secure;
  const std::string& pem = certs_->caPem();
  secure.setCACertBundle(reinterpret_cast<const uint8_t*>(pem.data()), pem.size());
  ESP32HTTPClient client(httpsUrl().c_str());
  client.setClient(secure);
  char hello[16];
  const RestResult r = getHello(client, hello);
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello, "nginx");
  EXPECT_TRUE(secure.connected());  // it went through the sketch's client
  client.end();
  EXPECT_FALSE(secure.connected());
}

TEST(ArduinoStandinGrowth, WhatSketchesUse) {
  Serial.printf("%s %u\n", "printf", 7u);
  EXPECT_EQ(Serial.print(F("flash string")), 12u);
  const String s = F("as String");
  EXPECT_STREQ(s.c_str(), "as String");
  EXPECT_STREQ(IPAddress(192, 168, 1, 10).toString().c_str(), "192.168.1.10");
  const unsigned long start = millis();
  delay(20);
  EXPECT_GE(millis() - start, 20u);
}

TEST(ArduinoStandinGrowth, HeapFiguresAreTheAllocationCounters) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const uint32_t before = ESP.getFreeHeap();
  EXPECT_EQ(before, esp_get_free_heap_size());
  void* volatile block = malloc(20000);
  const uint32_t during = ESP.getFreeHeap();
  EXPECT_GE(before - during, 20000u);  // real figures: the block is counted
  EXPECT_LE(esp_get_minimum_free_heap_size(), during);
  free(block);
  EXPECT_GE(ESP.getFreeHeap(), during + 20000u);
  EXPECT_LE(esp_get_minimum_free_heap_size(), during);  // the low-water mark stays
  EXPECT_EQ(ESP.getMinFreeHeap(), esp_get_minimum_free_heap_size());
}

}  // namespace
