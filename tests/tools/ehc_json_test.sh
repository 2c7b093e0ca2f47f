#!/usr/bin/env bash
# ehc-json, end to end: output format, statuses, wildcards, errors, exit codes.
set -u
tool=$1 shared=$2
users=$shared/testdata/jsonplaceholder/users.json
source "$(dirname "$0")/check.sh"
T=$'\t'
check typed-values 0 "0.id${T}found${T}1
0.address.geo.lat${T}found${T}\"-37.3159\"
9.company.name${T}found${T}\"Hoeger LLC\"
4.id${T}found${T}5
10.id${T}missing${T}
0.name${T}mismatch${T}" -- "$tool" --file "$users" 0.id:int64 0.address.geo.lat:string 9.company.name:string 4.id:uint64 10.id 0.name:bool
check raw-default 0 "0.address.geo${T}found${T}\"{\\n        \\\"lat\\\": \\\"-37.3159\\\",\\n        \\\"lng\\\": \\\"81.1496\\\"\\n      }\"" \
  -- "$tool" --file "$users" 0.address.geo
check wildcard 0 "0.id${T}found${T}1
1.id${T}found${T}2
2.id${T}found${T}3" -- bash -c "echo '[{\"id\":1},{\"id\":2,\"x\":[]},{\"id\":3}]' | '$tool' --chunk 1 '*.id:int64'"
check doubles-null-bool 0 "a${T}found${T}0.10000000000000001
b${T}found${T}true
c${T}found${T}true
d${T}found${T}false" -- bash -c "echo '{\"a\":0.1,\"b\":true,\"c\":null,\"d\":1}' | '$tool' a:double b:bool c:null d:null"
check invalid 1 "a${T}found${T}1
error${T}unexpected_byte${T}7" -- bash -c "printf '{\"a\":1,]' | '$tool' a:int64"
check validate-only 0 "" -- "$tool" --file "$users"
check stop-when-done 0 "0.id${T}found${T}1" -- bash -c "cat '$users' <(echo garbage) | '$tool' --stop-when-done 0.id:int64"
check repeat 0 "9.id${T}found${T}10" -- "$tool" --file "$users" --repeat 50 --chunk 7 9.id:int64
check usage 2 "" -- "$tool" --chunk 0
check bad-path 2 "" -- "$tool" --file "$users" 'a\q'
finish ehc-json
