// OtaUpdate: a firmware image downloaded straight into the OTA partition
// (Update), with progress, a SHA-256 check and resumption after a drop.
//
// The image is never held in RAM: each piece of the body goes to
// Update.write() as it arrives (512 bytes at a time with the default read
// buffer). The bytes reach the partition before their digest can be
// checked, so the update is committed (Update.end) only when the request
// succeeded, digest included; otherwise it is aborted and the running
// firmware stays.
//
// Here the "image" is the test server's generated file (/file?bytes=200000);
// on your server it is your build's .bin and its `sha256sum`.
#include <ESP32HTTPClient.h>
#include <Update.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://api.example.com");
const char* kImageSha256 = "dd9d9a3077a1d072c6cd2a19f190304045132de4247bad9d4d545fd4b73d2f5a";

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  if (!Update.begin(UPDATE_SIZE_UNKNOWN)) {
    Serial.println(Update.errorString());
    return;
  }
  ehc::Sha256Check digest(kImageSha256);
  int shown = -1;  // the last quarter printed
  const RestResult r = client.get("/file")
                           .query("bytes", 200000)
                           .downloadTo(Update)
                           .onProgress([&shown](uint64_t received, int64_t total) {
                             if (total <= 0) return;
                             const int quarter = static_cast<int>(received * 4 / total);
                             if (quarter == shown) return;
                             shown = quarter;
                             Serial.print("progress: ");
                             Serial.print(quarter * 25);
                             Serial.println("%");
                           })
                           .verify(digest)        // SHA-256 of what Update got
                           .resume(3)             // a dropped connection goes on with Range
                           .maxBodySize(1900000)  // the OTA partition's size
                           .timeout(120000)
                           .send();

  if (r.isSuccess() && Update.end(true)) {
    Serial.print("image written: ");
    Serial.print(static_cast<unsigned long>(Update.progress()));
    Serial.println(" bytes, SHA-256 checked; restart to boot it");
    // ESP.restart();
  } else {
    Update.abort();
    Serial.print("update failed: ");
    Serial.println(r.isSuccess() ? Update.errorString() : r.message());
  }
  client.end();
}

void loop() {}
