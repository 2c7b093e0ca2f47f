#!/usr/bin/env python3
"""Instruction counts per function and per source line from a QEMU trace.

usage: rv32_profile.py ELF TRACE_LOG [LINES]

TRACE_LOG is QEMU's -d in_asm,exec,nochain output: the "IN:" listings give
each translated block's instructions, the "Trace" lines each execution of a
block. Only executions between two executions of ehc_profile_mark count.
"""
import bisect
import collections
import re
import subprocess
import sys


def symbols(elf):
    out = subprocess.run(["riscv64-unknown-elf-nm", "-C", "--defined-only", "-n", elf],
                         capture_output=True, text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            syms.append((int(parts[0], 16), parts[2]))
    return syms


def main():
    elf, log = sys.argv[1], sys.argv[2]
    lines = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    syms = symbols(elf)
    mark = [a for a, name in syms if name == "ehc_profile_mark"]
    if not mark:
        sys.exit("rv32_profile: no ehc_profile_mark in " + elf)
    blocks = {}  # first address -> instruction addresses
    executed = collections.Counter()
    counting = False
    current = None
    for line in open(log, errors="replace"):
        if line.startswith("IN:"):
            current = []
            continue
        m = re.match(r"^0x([0-9a-f]+):\s", line)
        if m and current is not None:
            current.append(int(m.group(1), 16))
            continue
        if current is not None and not line.strip():
            if current:
                blocks.setdefault(current[0], current)
            current = None
            continue
        m = re.search(r"Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/", line)
        if m:
            pc = int(m.group(1), 16)
            if pc == mark[0]:
                counting = not counting
            elif counting:
                executed[pc] += 1
    if current:
        blocks.setdefault(current[0], current)
    per_address = collections.Counter()
    for pc, n in executed.items():
        for a in blocks.get(pc, [pc]):
            per_address[a] += n
    total = sum(per_address.values())
    if total == 0:
        sys.exit("rv32_profile: nothing counted: no such workload in rv32/bench.cpp?")
    starts = [a for a, _ in syms]
    per_function = collections.Counter()
    calls = collections.Counter()  # executions of the block at a function's first address
    for a, n in per_address.items():
        i = bisect.bisect_right(starts, a) - 1
        name = re.sub(r"ehc::v\d+_\d+\w*::", "", syms[i][1]) if i >= 0 else "?"
        per_function[name] += n
        if i >= 0 and a == starts[i]:
            calls[name] += n
    print(f"{total} instructions (calls: entries into the function)")
    for name, n in per_function.most_common(25):
        print(f"{n:9d} {100 * n / total:5.1f}% {calls[name]:7d} calls  {name[:110]}")
    if lines:
        addresses = sorted(per_address)
        where = subprocess.run(["riscv64-unknown-elf-addr2line", "-e", elf] +
                               [hex(a) for a in addresses],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        per_line = collections.Counter()
        for a, w in zip(addresses, where):
            per_line[w.split("/")[-1]] += per_address[a]
        print()
        for w, n in per_line.most_common(lines):
            print(f"{n:9d}  {w}")


main()
