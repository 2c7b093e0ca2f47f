#!/usr/bin/env python3
"""Bytes of code (.text) and constants (.rodata) per layer in a link map.

  board_sizes.py MAP

The map of scripts/board-check.sh's QuickStart link: the input objects are
named after their source (src_ehc_<layer>_<file>.o), so each kept section is
counted for its layer; the sketch's own object is "sketch".
"""
import collections
import re
import sys

sizes = collections.Counter()
section = None
kept = False  # the map lists the sections --gc-sections discarded first: not counted
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if line.startswith("Linker script and memory map"):
        kept = True
    if not kept:
        continue
    # " .text.name  0xADDR  0xSIZE  obj.o" on one line, or the name alone and the rest below.
    m = re.match(r"^ (\.(?:text|rodata|srodata)\S*)(?:\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+(\S+\.o))?\s*$", line)
    if m:
        section = m.group(1)
        if not m.group(4):
            continue
        size, obj = m.group(3), m.group(4)
    else:
        m = re.match(r"^\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+(\S+\.o)\s*$", line)
        if not (m and section):
            continue
        size, obj = m.group(2), m.group(3)
    name = obj.rsplit("/", 1)[-1]
    layer = name[len("src_ehc_"):].split("_")[0] if name.startswith("src_ehc_") else "sketch"
    sizes[(layer, "text" if section.startswith(".text") else "rodata")] += int(size, 16)
    section = None

layers = sorted({layer for layer, _ in sizes})
total = sum(v for (layer, _), v in sizes.items() if layer != "sketch")
print("board-check: QuickStart library code by layer (rv32imc -Os, linked with --gc-sections):")
for layer in layers:
    print(f"  {layer:9s} text {sizes[(layer, 'text')]:6d}  rodata {sizes[(layer, 'rodata')]:5d}")
print(f"  library total (sketch not counted): {total} bytes")
