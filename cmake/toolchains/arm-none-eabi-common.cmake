# Shared part of Kiln's arm-none-eabi-gcc toolchain files. A CPU file sets
#   KILN_TOOLCHAIN_CPU_FLAGS   code generation flags (-mcpu ... -mfloat-abi ...)
#   KILN_TOOLCHAIN_BOARD       default QEMU board for the tests (an386 or an547)
# then includes this file. The tests link tests/target's startup code and run on QEMU through
# tests/target/qemu-run (CMAKE_CROSSCOMPILING_EMULATOR), so plain `ctest` runs them.

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
# Bare metal: compiler checks cannot link a program without a startup file and linker script.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(KILN_TOOLCHAIN_PREFIX "arm-none-eabi-" CACHE STRING "Prefix of the cross tools (arm-none-eabi-gcc, ...)")
set(CMAKE_C_COMPILER "${KILN_TOOLCHAIN_PREFIX}gcc")
set(CMAKE_CXX_COMPILER "${KILN_TOOLCHAIN_PREFIX}g++")
set(CMAKE_ASM_COMPILER "${KILN_TOOLCHAIN_PREFIX}gcc")

set(CMAKE_C_FLAGS_INIT "${KILN_TOOLCHAIN_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_CXX_FLAGS_INIT "${KILN_TOOLCHAIN_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${KILN_TOOLCHAIN_CPU_FLAGS}")

# Release by default, at -O2 (CMake's own Release default is -O3). NDEBUG stays undefined so
# assert() keeps checking in the test programs that run on the boards.
set(CMAKE_BUILD_TYPE_INIT Release)
foreach(_kiln_lang C CXX ASM)
    set(CMAKE_${_kiln_lang}_FLAGS_RELEASE "-O2" CACHE STRING "Release flags")
    set(CMAKE_${_kiln_lang}_FLAGS_RELWITHDEBINFO "-O2 -g" CACHE STRING "RelWithDebInfo flags")
    set(CMAKE_${_kiln_lang}_FLAGS_MINSIZEREL "-Os" CACHE STRING "MinSizeRel flags")
    set(CMAKE_${_kiln_lang}_FLAGS_DEBUG "-Og -g" CACHE STRING "Debug flags")
endforeach()

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)

# The board the test programs boot on, and how ctest runs them.
set(KILN_BOARD "${KILN_TOOLCHAIN_BOARD}" CACHE STRING "QEMU board the test programs run on (an386 or an547)")
get_filename_component(_kiln_root "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR "${_kiln_root}/tests/target/qemu-run;${KILN_BOARD}")
