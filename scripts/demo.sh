#!/usr/bin/env bash
# The main job. Until the HTTP client exists (issues 4-7), the demo runs the
# part that does: the streaming JSON binder on the bundled JSONPlaceholder
# /users payload, fed in 512-byte pieces as a socket would deliver it,
# extracting the 15 fields of user 0 with nothing stored and nothing allocated.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh demo
shared=${EHC_SHARED_DIR:-../shared}
users=$shared/testdata/jsonplaceholder/users.json
[[ -f $users ]] || { echo "demo: $users not found (../shared beside the checkout)" >&2; exit 1; }
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DEHC_BUILD_TESTS=OFF >/dev/null
cmake --build build/demo --target ehc-json >/dev/null
fields=(0.id:int64 0.name:string 0.username:string 0.email:string 0.phone:string 0.website:string
        0.address.street:string 0.address.suite:string 0.address.city:string
        0.address.zipcode:string 0.address.geo.lat:string 0.address.geo.lng:string
        0.company.name:string 0.company.catchPhrase:string 0.company.bs:string)
echo "== 15 fields of user 0 from $(wc -c <"$users")-byte /users, fed in 512-byte pieces, stop when done"
build/demo/tools/ehc-json --file "$users" --chunk 512 --stop-when-done "${fields[@]}"
echo "== every user's id and city with one '*' binding each (O(1) memory for any array length)"
build/demo/tools/ehc-json --file "$users" '*.id:int64' '*.address.city:string'
