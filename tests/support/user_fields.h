// The 15 fields of a JSONPlaceholder user (shared/testdata/jsonplaceholder/
// users.json) that the tests and benchmarks extract, in one place:
// X(path, member, isInt, first) for each: the path under an element, the
// member a struct keeps it in, whether it is an integer, and its text in the
// first user. In the benchmarks' binding order: the binder's instruction
// counts in docs/performance.md and docs/portability.md are measured with it.
// A plain macro, so the freestanding rv32 build uses it too.
#pragma once

#define EHC_USER_FIELDS(X)                                                               \
  X("id", id, true, "1")                                                                 \
  X("name", name, false, "Leanne Graham")                                                \
  X("username", username, false, "Bret")                                                 \
  X("email", email, false, "Sincere@april.biz")                                          \
  X("phone", phone, false, "1-770-736-8031 x56442")                                      \
  X("website", website, false, "hildegard.org")                                          \
  X("address.street", street, false, "Kulas Light")                                      \
  X("address.suite", suite, false, "Apt. 556")                                           \
  X("address.city", city, false, "Gwenborough")                                          \
  X("address.zipcode", zipcode, false, "92998-3874")                                     \
  X("address.geo.lat", lat, false, "-37.3159")                                           \
  X("address.geo.lng", lng, false, "81.1496")                                            \
  X("company.name", company, false, "Romaguera-Crona")                                   \
  X("company.catchPhrase", catchPhrase, false, "Multi-layered client-server neural-net") \
  X("company.bs", bs, false, "harness real-time e-markets")
