/*
 * Kiln — dot products of one vector pair, per backend (Source/NNSupportFunctions/kernels/kiln_dot_{c,dsp,mve}.c):
 * the inner loops of the int16x8 layers (fully connected, vector x matrix, convolution, depthwise, LSTM), of the int16
 * batch matmul and of the int8 LSTM gates and SVDF feature products, which before ran scalar C on every backend. Each result is defined
 * arithmetically (an exact sum, or one modulo 2^32), so every backend gives the same value.
 */
#ifndef KILN_DOT_H
#define KILN_DOT_H

#include <stdint.h>

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * sum_i x[i] * w[i] for i < n (n >= 0), exact: each product is at most 2^22 in magnitude, so any n < 2^31 sums
 * within 2^53. Helium: VMLALDAVA on eight lanes (64-bit accumulator); DSP: SMLALD on halfword pairs.
 */
int64_t kiln_dot_s16_s8(const int16_t *x, const int8_t *w, int32_t n);

/**
 * The kiln_dot_s16_s8 sums of `runs` runs of n elements (x advancing by x_step, the weights by w_step per run)
 * against two weight rows, w0 and w1 = w0 + w_stride (the x loads shared): out[j] = sum over r < runs, i < n of
 * x[r * x_step + i] * wj[r * w_step + i], exact (runs * n < 2^31). One call for a convolution's filter rows.
 */
void kiln_dot2_s16_s8_runs(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                           int32_t n, int32_t runs, int64_t out[2]);

/** One run of kiln_dot2_s16_s8_runs: out[0] = sum_i x[i] * w0[i], out[1] = sum_i x[i] * w0[w_stride + i], i < n. */
static inline void kiln_dot2_s16_s8(const int16_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int64_t out[2])
{
    kiln_dot2_s16_s8_runs(x, 0, w0, 0, w_stride, n, 1, out);
}

/**
 * The kiln_dot_s16_s8 sums of one x against four weight rows w0 + j * w_stride, j < 4 (the x loads shared):
 * out[j] = sum_i x[i] * w0[j * w_stride + i], i < n, exact. Helium: four VMLADAVA.S16 per eight elements (32-bit
 * accumulators, n taken in chunks of KILN_DOT4_CHUNK whose sums fit int32); DSP and portable C: two
 * kiln_dot2_s16_s8 (kernels/kiln_dot_pairs.c).
 */
void kiln_dot4_s16_s8(const int16_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int64_t out[4]);

/**
 * sum_i x[i] * y[i] for i < n (n >= 0), both int16 (the int16 batch matmul), exact in int64: each product is at most
 * 2^30 in magnitude. Helium: VMLALDAVA.S16 on eight lanes; DSP: SMLALD on halfword pairs.
 */
int64_t kiln_dot_s16_s16(const int16_t *x, const int16_t *y, int32_t n);

/** Two kiln_dot_s16_s16 sums sharing x (its loads once): out[j] = sum_i x[i] * y0[j * y_stride + i], i < n. */
void kiln_dot2_s16_s16(const int16_t *x, const int16_t *y0, int32_t y_stride, int32_t n, int64_t out[2]);

/* Products per int32 sum of the four-row kernels: 504 products of at most 2^22 sum within 2^31 - 2^25 (an int32,
 * with room for a bias below 2^25 in magnitude). */
#define KILN_DOT4_CHUNK 504

/**
 * The kiln_dot2_s16_s8_runs sums of four weight rows w0 + j * w_stride, j < 4 (the x loads shared), in int32:
 * out[j] = sum over r < runs, i < n of x[r * x_step + i] * wj[r * w_step + i], for runs * n <= KILN_DOT4_CHUNK (then
 * |out[j]| <= 2^31 - 2^25). A convolution's window for four output channels in one call. Helium: four VMLADAVA.S16
 * per eight elements; DSP and portable C: two kiln_dot2_s16_s8_runs (Source/NNSupportFunctions/kernels/kiln_dot_pairs.c).
 */
void kiln_dot4_s16_s8_runs32(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                             int32_t n, int32_t runs, int32_t out[4]);

/* The call of the DSP and Helium kiln_dot4_s16_s8_runs32 assembly (Source/NNSupportFunctions/kernels/kiln_dot_dsp.c,
 * kiln_dot_mve.c: offsets in brackets). x_adj / w_adj: bytes from where a run's loop leaves x / the rows to the next
 * run's start (each backend's loop advances its own amount past a run). */
typedef struct
{
    const int16_t *x; /* [0] */
    const int8_t *w0; /* [4] */
    int32_t w_stride; /* [8] bytes between the four rows */
    int32_t n;        /* [12] elements per run */
    int32_t runs;     /* [16] */
    int32_t x_adj;    /* [20] */
    int32_t w_adj;    /* [24] */
    int32_t *out;     /* [28] four int32 */
} kiln_dot4_runs_job;

/** Whether x + x_offset fits a halfword lane for every int8 x (the DSP and Helium int8 dot kernels' fast forms). */
static inline bool kiln_dot_off_fits_s16(int32_t x_offset)
{
    return x_offset >= -32640 && x_offset <= 32639;
}

/**
 * sum_i (x[i] + x_offset) * w[i] for i < n (n >= 0), modulo 2^32 (the wrapping int32 accumulation of the Arm
 * multiply-accumulates), returned as its bit pattern. Helium: VMLADAVA and VADDVA (the offset term as
 * x_offset * sum(w)); DSP: SXTAB16 / SXTB16 and SMLAD.
 */
uint32_t kiln_dot_s8_off(const int8_t *x, const int8_t *w, int32_t n, int32_t x_offset);

/**
 * Four kiln_dot_s8_off sums sharing x: out[j] = sum_i (x[i] + x_offset) * w0[j * w_stride + i], i < n, modulo 2^32.
 * Helium: four VMLADAVA.S8 per sixteen elements (x_offset 0) or four VMLADAVA.S16 per eight on x + x_offset as
 * int16 lanes; DSP: x widened (the offset added, SXTAB16) once for the four rows, two SMLAD per row and four
 * elements; offsets outside [-32640, 32639] (x + x_offset beyond int16) row by row.
 */
void kiln_dot4_s8_off(const int8_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int32_t x_offset,
                      uint32_t out[4]);

/**
 * Depthwise window sums of n channels (the int16x8 depthwise convolution, channel multiplier 1): for c < n,
 * acc[c] = sum over ky < nky, kx < nkx of x[ky * x_row + kx * x_col + c] * w[ky * w_row + kx * w_col + c], in
 * int32, exact when nky * nkx <= KILN_DW_ACC_MAX_TAPS (each product is at most 2^22 in magnitude). Helium: sixteen
 * channels a pass as int16 lanes, the products widened into even / odd int32 sums (VMULLB / VMULLT), then eight and a
 * predicated tail; DSP: four channels a step (SMLABB / SMLATB / SMLABT / SMLATT on halfword pairs, assembly).
 */
#define KILN_DW_ACC_MAX_TAPS 511
void kiln_dw_acc_s16_s8(const int16_t *x, const int8_t *w, int32_t n, int32_t nky, int32_t nkx, int32_t x_col,
                        int32_t x_row, int32_t w_col, int32_t w_row, int32_t *acc);

/** One channel of kiln_dw_acc_s16_s8 (x and w at that channel), scalar: the portable kernel, and the DSP
 * kernel's last channels. */
static inline int32_t kiln_dw_acc_one_s16_s8(const int16_t *x, const int8_t *w, int32_t nky, int32_t nkx,
                                             int32_t x_col, int32_t x_row, int32_t w_col, int32_t w_row)
{
    int32_t a = 0;
    for (int32_t ky = 0; ky < nky; ky++)
    {
        for (int32_t kx = 0; kx < nkx; kx++)
        {
            a += (int32_t)x[ky * x_row + kx * x_col] * (int32_t)w[ky * w_row + kx * w_col];
        }
    }
    return a;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_DOT_H */
