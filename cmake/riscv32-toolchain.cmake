# CMake toolchain file: the ESP32-C3/C6 instruction set (RISC-V rv32imc /
# rv32imac, ilp32) with Debian's riscv64-unknown-elf GCC and picolibc, for
# programs that run in qemu-system-riscv32 with semihosting (see rv32/ and
# docs/portability.md; the recipe is ../shared/riscv-qemu.md).
#
#   cmake -S rv32 -B build/rv32imc -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/riscv32-toolchain.cmake -DEHC_RV32_ARCH=rv32imc
#
# Packages: scripts/deps.sh rv32.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)

# rv32imc: ESP32-C3. rv32imac: ESP32-C6 (and the C3's newer cores).
set(EHC_RV32_ARCH rv32imc CACHE STRING "rv32imc or rv32imac")
set_property(CACHE EHC_RV32_ARCH PROPERTY STRINGS rv32imc rv32imac)
# Debian has no libstdc++ for riscv64-unknown-elf, so there are no C++
# headers. The ARM bare-metal ones (libstdc++-arm-none-eabi-dev) are used:
# only header-only parts (type_traits, limits, ...) are needed; no libstdc++
# is linked.
set(EHC_RV32_CXX_HEADERS /usr/include/newlib/c++/12.2.1 CACHE PATH "libstdc++ headers")
# try_compile re-reads this file in a fresh project: pass the settings on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES EHC_RV32_ARCH EHC_RV32_CXX_HEADERS)
if(NOT EXISTS "${EHC_RV32_CXX_HEADERS}/type_traits")
  message(FATAL_ERROR "no C++ headers at ${EHC_RV32_CXX_HEADERS}: scripts/deps.sh rv32")
endif()

set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_CXX_COMPILER riscv64-unknown-elf-g++)
set(CMAKE_AR riscv64-unknown-elf-ar CACHE FILEPATH "")
set(CMAKE_SIZE riscv64-unknown-elf-size CACHE FILEPATH "")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)  # no executable without these flags

# -march=rv32imc selects picolibc's rv32im multilib (there is no rv32imc one);
# only code size differs from a compressed libc, not instruction counts.
set(_ehc_arch "-march=${EHC_RV32_ARCH} -mabi=ilp32 --specs=picolibc.specs")
set(CMAKE_C_FLAGS_INIT "${_ehc_arch}")
# -fno-threadsafe-statics: no __cxa_guard_* (there is no libsupc++ either).
set(CMAKE_CXX_FLAGS_INIT
    "${_ehc_arch} -fno-exceptions -fno-rtti -fno-threadsafe-statics \
-isystem ${EHC_RV32_CXX_HEADERS} -isystem ${EHC_RV32_CXX_HEADERS}/arm-none-eabi")

# Memory map of QEMU's virt machine (RAM from 0x80000000, where it starts with
# -bios none), laid out with picolibc's own linker script picolibc.ld: 8 MB
# of "flash" (code, read-only data: the embedded test documents), then 1 MB
# of RAM with a 16 KB stack at its top. crt0-semihost: exit() ends QEMU with
# the program's status; a trap prints the registers and exits.
# -Tpicolibc.ld is named after the --defsym options (the specs would put it
# before them), or the script's DEFINED(__stack_size) is false and the
# stack region is the default 2 KB.
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "--oslib=semihost --crt0=semihost -DPICOLIBC_INTEGER_PRINTF_SCANF -Wl,--gc-sections \
-Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x800000 \
-Wl,--defsym=__ram=0x80800000 -Wl,--defsym=__ram_size=0x100000 \
-Wl,--defsym=__stack_size=0x4000 -Tpicolibc.ld")
# Link C++ with the C driver: g++ would add -lstdc++, which does not exist here.
set(CMAKE_CXX_LINK_EXECUTABLE
    "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")

# ctest / add_test run the ELF in the emulator.
set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/../rv32/qemu.sh;${EHC_RV32_ARCH}")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
