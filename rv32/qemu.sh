#!/usr/bin/env bash
# Runs a rv32 ELF (built with cmake/riscv32-toolchain.cmake) in QEMU's virt
# machine: no BIOS (it starts at 0x80000000, picolibc's crt0), semihosting
# for stdout and the exit status, and -icount shift=0 so that one executed
# instruction is one tick: minstret then counts instructions exactly (without
# it QEMU reports host time).
#   rv32/qemu.sh rv32imc|rv32imac program.elf
# stdout: the program's output; exit status: the program's.
set -euo pipefail
case "${1:-}" in
  rv32imc) cpu=lowrisc-ibex ;;         # RV32IMC, the ESP32-C3's base ISA
  rv32imac) cpu=rv32,f=off,d=off ;;    # RV32IMAC, the ESP32-C6's
  *) echo "usage: rv32/qemu.sh rv32imc|rv32imac program.elf" >&2; exit 2 ;;
esac
exec qemu-system-riscv32 -machine virt -cpu "$cpu" -m 128M -bios none -icount shift=0 \
  -display none -serial none -monitor none -chardev stdio,id=c0 \
  -semihosting-config enable=on,target=native,chardev=c0 -kernel "$2" </dev/null
