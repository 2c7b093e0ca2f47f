#!/usr/bin/env python3
"""Peak stack of the QuickStart sketch's library code, from GCC's call graph.

  board_stack.py FILES.ci...

Reads the .ci files of -fcallgraph-info=su (one per translation unit: each
function's frame size and its direct calls), then walks the deepest path from
setup(). Calls through a pointer or a virtual function (the Transport
interface: mbedTLS's callbacks, the connection's transport) are resolved to
every function that could be behind them: for an indirect call, the deepest
of the library's Transport overrides and mbedTLS callbacks, and in a
RestRequest the client behind its RequestOwner, in the Connection the
request in flight behind its Exchange. Functions outside
the library (mbedTLS, lwIP, newlib, the Arduino core) count 0 bytes: their
stack is theirs (docs/portability.md gives mbedTLS's).
"""
import re
import subprocess
import sys

node_re = re.compile(r'node: \{ title: "([^"]+)" label: "[^"]*\\n[^"]*\\n(\d+) bytes \(([a-z,]+)\)')
edge_re = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')

frames, dynamic, calls = {}, set(), {}
for path in sys.argv[1:]:
    for line in open(path, encoding="utf-8", errors="replace"):
        m = node_re.search(line)
        if m:
            frames[m.group(1)] = int(m.group(2))
            if "dynamic" in m.group(3) and "bounded" not in m.group(3):
                dynamic.add(m.group(1))
            continue
        m = edge_re.search(line)
        if m:
            calls.setdefault(m.group(1), set()).add(m.group(2))

# Targets of indirect calls: the transports' overrides and mbedTLS's callbacks.
virtual = [f for f in frames if re.search(r"Transport(::|\w*)(connect|read|write|close|peerClosed)|sendCb|recvCb|platformEntropy", f)]
# The client's own interfaces, resolved where they are called: a request
# runs through its client (RequestOwner: RestClient's overrides), and the
# connection writes and asks the request in flight (Exchange: RequestRun's).
seams = [(re.compile(caller), [f for f in frames if re.search(target, f)]) for caller, target in [
    (r"RestRequest", r"RestClient\d*(startBuilding|binder|moved|run)E"),
    (r"Connection\d*(writeStep|readStep|startReading|afterFailedWrite|endReading)E",
     r"RequestRun\d*(writeRequest|bodySatisfied|isHead|replayable)E"),
]]

# GCC emits complete-object constructors/destructors (C1/D1) as aliases of
# the base-object ones (C2/D2): calls name the one, the graph has the other.
def resolve(name):
    if name in frames:
        return name
    alias = re.sub(r"([CD])1E", r"\g<1>2E", name)
    return alias if alias in frames else name

memo, onpath = {}, set()
def depth(f):
    if f in memo:
        return memo[f]
    if f in onpath:  # a cycle only through the indirect-call resolution: counted once
        return (0, [])
    onpath.add(f)
    best = (0, [])
    targets = set(calls.get(f, ()))
    if "__indirect_call" in targets:
        targets.discard("__indirect_call")
        # A transport calls no other transport through a pointer (MbedTlsTransport's
        # PosixTransport is a member: direct calls), so only callers outside them.
        if f not in virtual:
            targets.update(virtual)
        for caller, behind in seams:
            if caller.search(f):
                targets.update(behind)
    for t in targets:
        d = depth(resolve(t))
        if d[0] > best[0]:
            best = d
    onpath.discard(f)
    memo[f] = (frames.get(f, 0) + best[0], [f] + best[1])
    return memo[f]

roots = [f for f in frames if f in ("setup", "_Z5setupv")]
if not roots:
    sys.exit("board-stack: no setup() in the call graph")
total, path = depth(roots[0])
print(f"board-check: QuickStart peak stack {total} bytes (rv32imc -Os, GCC's call graph, "
      f"{len(path)} frames deep; mbedTLS/lwIP frames not counted)")
def readable(f):
    name = subprocess.run(["riscv64-unknown-elf-c++filt", f.split(":")[-1]], capture_output=True,
                          text=True).stdout.strip()
    return re.sub(r"ehc::v0_1_[a-z0-9_]+::", "ehc::", name)
for f in path[:14]:
    print(f"  {frames.get(f, 0):5d}  {readable(f)}")
if any(f in dynamic for f in path):
    print("board-stack: a frame on the path has dynamic size", file=sys.stderr)
    sys.exit(1)
