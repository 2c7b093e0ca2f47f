// JsonStream: the JSON binder on its own. A response body arrives in pieces
// (here: a JSONPlaceholder user, fed 16 bytes at a time as a socket would
// deliver it); only the requested values are written into variables.
// Nothing of the document is stored and nothing is allocated.
#include <ESP32HTTPClient.h>

static const char kBody[] = R"({
  "id": 1,
  "name": "Leanne Graham",
  "address": {
    "city": "Gwenborough",
    "geo": { "lat": "-37.3159", "lng": "81.1496" }
  },
  "company": { "name": "Romaguera-Crona" },
  "tags": ["admin", "beta", "early"]
})";

static void printTag(const ehc::JsonMatch& match, void* user) {
  Serial.print("  ");
  Serial.print(match.path);
  Serial.print(" = ");
  Serial.println(static_cast<const char*>(user));
}

void setup() {
  Serial.begin(115200);

  int id = 0;
  char name[32], city[32], lat[16], company[8], tag[16];
  ehc::StaticJsonBinder<8> binder;
  binder.bind("id", &id);
  binder.bind("name", name);
  binder.bind("address.city", city);
  binder.bind("address.geo.lat", lat);
  binder.bind("company.name", company);  // too small on purpose: truncated
  String companyName;                    // a growing String: the one target that uses the heap
  ehc::bindText(binder, "company.name", companyName);
  int tags = binder.bind("tags.*", tag);
  binder.onMatch(tags, printTag, tag);

  Serial.println("tags:");
  const size_t total = sizeof kBody - 1;
  for (size_t off = 0; off < total; off += 16)
    binder.feed(kBody + off, total - off < 16 ? total - off : 16);
  ehc::JsonError err = binder.finish();

  Serial.print("document: ");
  Serial.println(ehc::jsonErrorName(err));
  Serial.printf("id=%d name=%s city=%s lat=%s\n", id, name, city, lat);
  Serial.print("company: ");
  Serial.print(company);
  Serial.print(" (");
  Serial.print(ehc::bindStatusName(binder.status(4)));
  Serial.println(")");
  Serial.print("company as a String: ");
  Serial.println(companyName);
}

void loop() {}
