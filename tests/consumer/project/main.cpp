#include <ESP32HTTPClient.h>
#include <stdio.h>

int main() {
  int answer = 0;
  ehc::StaticJsonBinder<1> binder;
  binder.bind("a.b", &answer);
  const char doc[] = "{\"a\":{\"b\":42}}";
  binder.feed(doc, sizeof doc - 1);
  if (binder.finish() != ehc::JsonError::Ok || answer != 42) return 1;
  printf("consumer ok: %d\n", answer);
  return 0;
}
