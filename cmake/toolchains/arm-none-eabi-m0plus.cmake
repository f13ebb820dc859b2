# Cortex-M0+ (ARMv6-M, no FPU, no DSP): Kiln's portable C backend. The tests run on the
# mps2-an386 board (a Cortex-M4 executes ARMv6-M code).
#   cmake -B build/m0plus --toolchain cmake/toolchains/arm-none-eabi-m0plus.cmake
set(KILN_TOOLCHAIN_CPU_FLAGS "-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft -mfp16-format=ieee")
set(KILN_TOOLCHAIN_BOARD an386)
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
