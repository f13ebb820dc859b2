/*
 * Kiln internals: included (after its other includes) by the kernel files whose inline assembly binds more
 * operands than an unoptimized GCC can place in registers ("'asm' operand has impossible constraints" at -O0:
 * the Helium add, int16 elementwise, fully connected, float convolution, float32 max pooling and float16
 * depthwise route kernels, the DSP fully connected and int16 pooling kernels). In a build without optimization
 * the functions defined after this point are compiled at -O2 anyway, so a Debug build of the library still
 * compiles; the rest of the library keeps the build's level.
 * Optimized builds are unaffected. tests/api's standalone_sources_O0 compiles every source at -O0.
 */
#ifndef KILN_ASM_OPTIMIZE_H
#define KILN_ASM_OPTIMIZE_H

#if !defined(__OPTIMIZE__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
/* -O2 analysis without the -O2 build's inlining context sees table indexes such as [np - 1] as possibly -1 */
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif

#endif /* KILN_ASM_OPTIMIZE_H */
