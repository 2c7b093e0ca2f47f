// SimpleGet: a few fields of a JSON object, in one GET.
//
// GET http://jsonplaceholder.typicode.com/users/1 answers with a user
// object. getBody() names the fields to keep and the variables they go to;
// the request is sent at the end of the statement. The body is parsed as it
// arrives and never stored, whatever its size.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  int id = 0;
  char name[32] = "";
  char username[16] = "";
  char email[40] = "";
  client.get("/users/1")
      .getBody("id", &id)
      .getBody("name", name)  // a char array: its size is known
      .getBody("username", username)
      .getBody("email", email, sizeof email);  // or a pointer and a size

  if (client.isSuccess()) {
    Serial.print("status: ");
    Serial.println(client.getStatusCode());
    Serial.print("id: ");
    Serial.println(id);
    Serial.print("name: ");
    Serial.println(name);
    Serial.print("username: ");
    Serial.println(username);
    Serial.print("email: ");
    Serial.println(email);
  } else {
    Serial.print("request failed: ");
    Serial.println(client.getErrorMessage());
  }
  client.end();  // close the kept-alive connection when you are done
}

void loop() {}
