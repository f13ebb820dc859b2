# Cortex-M4F (ARMv7E-M: DSP extension, single-precision FPU; gcc predefines
# __ARM_FEATURE_DSP). The tests run on the mps2-an386 board.
#   cmake -B build/m4 --toolchain cmake/toolchains/arm-none-eabi-m4.cmake
set(KILN_TOOLCHAIN_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -mfp16-format=ieee")
set(KILN_TOOLCHAIN_BOARD an386)
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
