/*
 * Kiln internals, Helium only: the int16 depthwise window loop of sixteen channels a pass, one assembly function
 * (kiln_dw16_run, Source/NNSupportFunctions/kernels/kiln_dot_mve.c) shared by the window-sum kernel
 * (kiln_dw_acc_s16_s8, the sums stored) and the depthwise convolution's fused outputs (kiln_dw_s16_window_out,
 * Source/DepthwiseConvFunctions/kernels/kiln_dw_s16_mve.c, the sums requantized in registers).
 */
#ifndef KILN_DW_ACC_MVE_H
#define KILN_DW_ACC_MVE_H

#include "Internal/kiln_common.h"

#if KILN_BUILD_MVE

/* The groups of sixteen channels of npix output positions with the same taps (their windows x_step apart);
 * kiln_dw16_run updates out or sums, m and npix. */
typedef struct
{
    const int16_t *x;  /* [0] the first window's first tap at the first group's first channel */
    const int8_t *w;   /* [4] */
    int16_t *out;      /* [8] the outputs (m non-NULL) */
    int32_t groups;    /* [12] >= 1 */
    int32_t nky;       /* [16] >= 1 */
    int32_t nkx;       /* [20] >= 1 */
    int32_t xc, wc;    /* [24], [28] a column's step in bytes */
    int32_t xr, wr;    /* [32], [36] from past a row's last column to the next row's first, in bytes */
    const int32_t *m;  /* [40] the group's one-product multipliers, its biases KILN_DW_S16_CHUNK words on; NULL: sums */
    int32_t off;       /* [44] output offset */
    int32_t lo, hi;    /* [48], [52] clamp */
    int32_t *sums;     /* [56] the sums (m NULL; npix 1) */
    int32_t npix;      /* [60] >= 1 */
    int32_t x_adj;     /* [64] bytes from past a position's last group to the next position's window */
    const int32_t *m0; /* [68] the first group's multipliers (m at each position's start) */
    int32_t w_back;    /* [72] bytes back to the first group's weights: -16 groups */
    int32_t out_adj;   /* [76] bytes from past a position's last output to the next position's first */
    int32_t sat;       /* [80] nonzero: off is 0 and [lo, hi] all of int16, so the narrowing saturates instead */
} kiln_dw16_job;

/* The biases' distance from the multipliers in the requantization table (Internal/kiln_dw_s16.h's kiln_dw_s16_rq). */
#define KILN_DW16_BIAS_OFFSET (64 * 4)

/*
 * Per group of sixteen channels: the window sums in even / odd int32 lanes (q4 / q5 channels 0 .. 7, q6 / q7
 * 8 .. 15): per tap two int16 vectors, each product widened into its sum (VMULLB / VMULLT and VADD), the columns a
 * low-overhead loop, 15 instructions per tap (0.94 per MAC); then either the sums stored in channel order (VST2), or
 * the biases and multipliers read deinterleaved to match (VLD20 / VLD21), VRMULH, offset and clamp, and the even /
 * odd results narrowed into channel order (VMOVNB / VMOVNT), 45 instructions per group; 33 where the offset is 0
 * and the clamp all of int16 (TFLite's int16 layers without an activation): VQMOVNB / VQMOVNT saturate instead. A whole function in assembly
 * (AAPCS: r0 = job; r4 - r11, lr and d8 - d15 saved): r0 / r1 the tap pointers, r2 the row count, r3 nkx, r4 - r7
 * the steps, r8 the job, r9 / r10 the group's x and w, r11 the groups left, r12 and lr scratch; then the next output
 * position (npix of them: a row's positions whose windows lie wholly inside the input, in one call). From
 * intrinsics GCC 12.2 recomputes every tap's address from the loop counters.
 */
void kiln_dw16_run(kiln_dw16_job *job);

#endif /* KILN_BUILD_MVE */

#endif /* KILN_DW_ACC_MVE_H */
