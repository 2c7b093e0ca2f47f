// PostPutPatchDelete: create, replace, change and delete a resource.
//
// JSONPlaceholder answers as a real REST API would (201 Created with the new
// id, 200 with the updated object) but stores nothing. body(key, value)
// builds a JSON object body; dotted keys make nested objects; a mapped
// struct can be the body too. send() returns the status and more.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

struct Post {
  int userId;
  char title[32];
  char body[64];
  REST_JSON_MAP(REST_FIELD(userId), REST_FIELD(title), REST_FIELD(body))
};

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void report(const char* what, const RestResult& r, int id, const char* title) {
  Serial.printf("%-16s -> %d, id %d, title \"%s\"\n", what, r.statusCode, id, title);
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  int id = 0;
  char title[32] = "";

  // POST: {"title":"Hello from ESP32","body":"It works","userId":1}
  RestResult r = client.post("/posts")
                     .body("title", "Hello from ESP32")
                     .body("body", "It works")
                     .body("userId", 1)
                     .getBody("id", &id)
                     .getBody("title", title)
                     .send();
  report("POST /posts", r, id, title);

  // PUT: the whole post, from a struct.
  Post post = {1, "Replaced", "All new text"};
  r = client.put("/posts/1").body(post).getBody("id", &id).getBody("title", title).send();
  report("PUT /posts/1", r, id, title);

  // PATCH: only what changes.
  r = client.patch("/posts/1")
          .body("title", "Patched")
          .getBody("id", &id)
          .getBody("title", title)
          .send();
  report("PATCH /posts/1", r, id, title);

  // DELETE: the familiar form, then ask the client how it went.
  client.del("/posts/1");
  Serial.printf("%-16s -> %d, success: %s\n", "DELETE /posts/1", client.getStatusCode(),
                client.isSuccess() ? "yes" : "no");

  // A post that does not exist.
  r = client.put("/posts/{id}").path("id", 1000).body(post).send();
  Serial.printf("%-16s -> %d, error: %s\n", "PUT /posts/1000", r.statusCode,
                r.hasError() ? "yes" : "no");
  client.end();
}

void loop() {}
