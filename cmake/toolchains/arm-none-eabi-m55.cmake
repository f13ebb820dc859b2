# Cortex-M55 (ARMv8.1-M: Helium/MVE integer and floating point, FP16, DSP). The tests run on
# the mps3-an547 board.
#   cmake -B build/m55 --toolchain cmake/toolchains/arm-none-eabi-m55.cmake
set(KILN_TOOLCHAIN_CPU_FLAGS "-mcpu=cortex-m55 -mthumb -mfloat-abi=hard")
set(KILN_TOOLCHAIN_BOARD an547)
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
