// FreeRtosRequestTask: the client in a task of its own, fed by a queue.
//
// The client and every request it makes belong to the task that uses them
// (nothing in them is locked): here the HTTP task owns the client; the rest
// of the program talks to it only through two FreeRTOS queues of plain
// data, one of jobs (which user to fetch) and one of results. Callbacks run
// in the HTTP task. A slow server blocks only that task, never loop().
#include <ESP32HTTPClient.h>
#include <WiFi.h>
#include <freertos/FreeRTOS.h>
#include <freertos/queue.h>
#include <freertos/task.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

struct Job {
  int userId;
};
struct Result {
  int userId;
  int status;  // HTTP status, or a negative error code
  char name[32];
};

QueueHandle_t jobs;
QueueHandle_t results;

// The HTTP task: the only one that touches the client.
void httpTask(void*) {
  ESP32HTTPClient client("http://jsonplaceholder.typicode.com");
  client.setTimeout(10000);
  Job job;
  for (;;) {
    if (xQueueReceive(jobs, &job, portMAX_DELAY) != pdTRUE) continue;
    Result out = {job.userId, 0, ""};
    const RestResult r =
        client.get("/users/{id}").path("id", job.userId).getBody("name", out.name).send();
    out.status = r.statusCode;
    xQueueSend(results, &out, portMAX_DELAY);
  }
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);
  jobs = xQueueCreate(4, sizeof(Job));
  results = xQueueCreate(4, sizeof(Result));
  // TLS needs room: 8 KB of stack covers the client and an https:// handshake.
  xTaskCreate(httpTask, "http", 8192, nullptr, 1, nullptr);
}

void loop() {
  static int next = 1;
  static unsigned long lastJob = 0;
  if (millis() - lastJob >= 1000 && next <= 3) {
    const Job job = {next++};
    if (xQueueSend(jobs, &job, 0) == pdTRUE) lastJob = millis();  // full: try again later
  }
  Result r;
  while (xQueueReceive(results, &r, 0) == pdTRUE)  // never waits: loop() stays free
    Serial.printf("user %d: %d %s\n", r.userId, r.status, r.name);
  delay(10);
}
