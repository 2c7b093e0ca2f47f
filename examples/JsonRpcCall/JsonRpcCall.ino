// JsonRpcCall: JSON-RPC 2.0 calls over HTTP POST.
//
// POST http://api.example.com/rpc answers JSON-RPC 2.0: subtract with
// positional or named parameters, a method that fails with an error object,
// and a notification (no id: the server answers 204, nothing to read). The
// answer is parsed as it arrives: result, error and id may come in any
// order, and the id is checked against the request's.
#include <JsonRpcRequest.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://api.example.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  // {"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}
  int difference = 0;
  JsonRpcRequest positional(&client, "/rpc");
  positional.method("subtract").param(42).param(23).getResult(&difference);
  positional.execute();
  Serial.print("42 - 23 = ");
  Serial.println(difference);

  // {"jsonrpc":"2.0","method":"subtract","params":{"minuend":10.5,"subtrahend":0.25},"id":"calc-2"}
  double rest = 0;
  JsonRpcRequest named(&client, "/rpc");
  named.method("subtract").id("calc-2").param("minuend", 10.5).param("subtrahend", 0.25);
  named.getResult(&rest).execute();
  Serial.print("10.5 - 0.25 = ");
  Serial.println(rest);
  Serial.print("id: ");
  Serial.println(named.getResponseId());

  // An error object: code, message and data (its JSON text).
  JsonRpcRequest failing(&client, "/rpc");
  failing.method("fail").param("sensor-7").onJsonRpcError([](const JsonRpcError& e) {
    Serial.print("error ");
    Serial.print(e.code);
    Serial.print(": ");
    Serial.println(e.message);
    Serial.print("data: ");
    Serial.println(e.data);
  });
  failing.execute();

  JsonRpcRequest unknown(&client, "/rpc");
  unknown.method("reboot").execute();
  Serial.print("reboot: ");
  Serial.println(unknown.getErrorMessage());

  // A notification: no id, no answer to read.
  JsonRpcRequest note(&client, "/rpc");
  note.method("log").param("level", "info").param("text", "booted").notification();
  note.execute();
  Serial.print("notification: ");
  Serial.println(note.getStatusCode());

  client.end();
}

void loop() {}
