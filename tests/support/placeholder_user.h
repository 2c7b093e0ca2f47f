// A JSONPlaceholder user (../shared/testdata/jsonplaceholder/users.json) as
// mapped structs, nested, and a type mapped from outside (Point): the struct
// mapping tests of the host and of the rv32 check use the same ones.
// Header-only, needs only the JSON layer.
#pragma once

#include "ehc/json/json_struct.h"

namespace ehc_test {

struct Geo {
  char lat[16];
  char lng[16];
  REST_JSON_MAP(REST_FIELD(lat), REST_FIELD(lng))
};
struct Address {
  char street[32];
  char suite[16];
  char city[32];
  char zipcode[16];
  Geo geo;
  REST_JSON_MAP(REST_FIELD(street), REST_FIELD(suite), REST_FIELD(city), REST_FIELD(zipcode),
                REST_FIELD(geo))
};
struct Company {
  char name[32];
  char catchPhrase[64];
  char bs[48];
  REST_JSON_MAP(REST_FIELD(name), REST_FIELD(catchPhrase), REST_FIELD(bs))
};
struct User {
  long id;  // 32 bits on rv32, 64 on the host
  char name[32];
  char username[16];
  char email[32];
  Address address;
  char phone[32];
  char website[32];
  Company company;
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD(name), REST_FIELD(username), REST_FIELD(email),
                REST_FIELD(address), REST_FIELD(phone), REST_FIELD(website), REST_FIELD(company))
};

// A type that cannot be edited, mapped from outside.
struct Point {
  double x;
  double y;
};
REST_JSON_MAP_EXT(Point, REST_FIELD_EXT(x), REST_FIELD_EXT_NAMED("y_pos", y))

}  // namespace ehc_test
