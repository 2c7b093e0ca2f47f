// NestedAndArrayPaths: reach into nested objects and arrays with a path.
//
// GET http://jsonplaceholder.typicode.com/users answers with an array of ten
// users. A path is a list of keys and array indexes joined by dots:
// "0.address.geo.lat" is the lat of the geo of the address of the first
// user. Only the values asked for are converted; the rest of the document
// is skipped as it streams past.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  char lat[12] = "", lng[12] = "";
  char city[24] = "", company[32] = "", lastName[32] = "";
  int secondId = 0;
  double latNumber = 0;  // lat is a JSON *string* here ("-37.3159"): read as a number
  RestResult r = client.get("/users")
                     .getBody("0.address.geo.lat", lat)
                     .getBody("0.address.geo.lng", lng)
                     .getBody("0.address.city", city)
                     .getBody("1.id", &secondId)
                     .getBody("2.company.name", company)
                     .getBody("9.name", lastName)
                     .getBody("0.address.geo.lat", &latNumber)
                     .send();  // send() now, and say how each binding went

  Serial.print("status: ");
  Serial.println(r.statusCode);
  Serial.print("first user's geo: ");
  Serial.print(lat);
  Serial.print(", ");
  Serial.println(lng);
  Serial.print("first user's city: ");
  Serial.println(city);
  Serial.print("second user's id: ");
  Serial.println(secondId);
  Serial.print("third user's company: ");
  Serial.println(company);
  Serial.print("tenth user's name: ");
  Serial.println(lastName);
  // Binding 6 asked for a double where the JSON has a string holding a
  // number: it is converted, and the result says so (strict code can
  // refuse it: r.converted has bit 6).
  Serial.print("lat as a double: ");
  Serial.print(ehc::bindStatusName(r.binding(6)));
  Serial.print((r.converted >> 6 & 1) ? " (from a string), " : ", ");
  Serial.println(latNumber, 4);
  // The text itself, from the char target.
  Serial.print("lat as text: ");
  Serial.println(lat);
  client.end();
}

void loop() {}
