/*
 * Kiln internals: the Helium float max pooling kernels' shared pieces (kernels/kiln_pool_flt_mve_f32.c / _f16.c):
 * a window walk over 64 bytes of channels (sixteen float32 or thirty-two float16) in assembly: VMAXNM from lo (the
 * lower clamp folded in; a NaN never wins over a number), per tap four loads and four VMAXNM (ten instructions with
 * the pointer step and the low-overhead loop; GCC 12 spends about twice that around an intrinsic walk: addresses
 * rebuilt, loop set-up per row), then VMINNM with hi (the upper clamp) and the stores. Operands: s (the window's
 * first tap), rows and cols (>= 1), rb / cb (bytes between rows / taps), lo / hi (vectors of the bounds; they take
 * two of q6 / q7, as q0 - q5 are the walk's), d (the output); t and y are scratch.
 */
#ifndef KILN_POOL_FLT_MVE_H
#define KILN_POOL_FLT_MVE_H

#define KILN_POOL_MAX64_ASM(SZ)                                                                                        \
    "  vmov        q0, %q[lo]             \n"                                                                         \
    "  vmov        q1, %q[lo]             \n"                                                                         \
    "  vmov        q2, %q[lo]             \n"                                                                         \
    "  vmov        q3, %q[lo]             \n"                                                                         \
    "  mov         %[y], %[rows]          \n"                                                                         \
    "1:                                   \n"                                                                         \
    "  mov         %[t], %[s]             \n"                                                                         \
    "  dls         lr, %[cols]            \n"                                                                         \
    "2:                                   \n"                                                                         \
    "  vldrw.32    q4, [%[t]]             \n"                                                                         \
    "  vldrw.32    q5, [%[t], #16]        \n"                                                                         \
    "  vmaxnm.f" SZ "  q0, q0, q4             \n"                                                                     \
    "  vmaxnm.f" SZ "  q1, q1, q5             \n"                                                                     \
    "  vldrw.32    q4, [%[t], #32]        \n"                                                                         \
    "  vldrw.32    q5, [%[t], #48]        \n"                                                                         \
    "  add         %[t], %[t], %[cb]      \n"                                                                         \
    "  vmaxnm.f" SZ "  q2, q2, q4             \n"                                                                     \
    "  vmaxnm.f" SZ "  q3, q3, q5             \n"                                                                     \
    "  le          lr, 2b                 \n"                                                                         \
    "  add         %[s], %[s], %[rb]      \n"                                                                         \
    "  subs        %[y], %[y], #1         \n"                                                                         \
    "  bne         1b                     \n"                                                                         \
    "  vminnm.f" SZ "  q0, q0, %q[hi]         \n"                                                                     \
    "  vminnm.f" SZ "  q1, q1, %q[hi]         \n"                                                                     \
    "  vminnm.f" SZ "  q2, q2, %q[hi]         \n"                                                                     \
    "  vminnm.f" SZ "  q3, q3, %q[hi]         \n"                                                                     \
    "  vstrw.32    q0, [%[d]]             \n"                                                                         \
    "  vstrw.32    q1, [%[d], #16]        \n"                                                                         \
    "  vstrw.32    q2, [%[d], #32]        \n"                                                                         \
    "  vstrw.32    q3, [%[d], #48]        \n"                                                                         \
    : [s] "+r"(s), [t] "=&r"(t), [y] "=&r"(y)                                                                          \
    : [rows] "r"(rows), [cols] "r"(cols), [rb] "r"(rb), [cb] "r"(cb), [lo] "w"(lo), [hi] "w"(hi), [d] "r"(d)        \
    : "q0", "q1", "q2", "q3", "q4", "q5", "lr", "memory", "cc"

#endif /* KILN_POOL_FLT_MVE_H */
