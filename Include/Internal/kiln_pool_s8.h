/*
 * Kiln internals: int8 and int16 average and max pooling (arm_avgpool_s8, arm_max_pool_s8,
 * arm_avgpool_s16, arm_max_pool_s16).
 *
 * The public entries validate their arguments into a kiln_pool_s8_geom, ask kiln_pool_s8_plan()
 * for the route of the build's backend, and run that route's kernel (one implementation per
 * backend, Source/PoolingFunctions/kernels/kiln_pool_s8_{c,dsp,mve}.c). The size queries call the
 * same plan with the backend they answer for.
 *
 * Routes (first predicate that holds wins; every route keeps its running sums in registers, so
 * no route needs scratch and every size query answers 0):
 *   average, MVE:  "avg_s8_mve_acc16" window taps <= 256 (int16 lane sums cannot overflow)
 *                  "avg_s8_mve_acc32" otherwise
 *   average, DSP:  "avg_s8_dsp_acc16" window taps <= 256 (SXTAB16 halfword sums)
 *                  "avg_s8_dsp_acc32" otherwise
 *   average, C:    "avg_s8_c"
 *   max:           "max_s8_mve", "max_s8_dsp", "max_s8_c"
 *   int16:         "avg_s16_c", "max_s16_c" on every backend (the loops in C, kernels/kiln_pool_s16_c.c; the
 *                  window loops on Helium from kernels/kiln_pool_s16_mve.c)
 */
#ifndef KILN_POOL_S8_H
#define KILN_POOL_S8_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Window taps up to which int16 running sums are exact: 256 * -128 = INT16_MIN. */
#define KILN_POOL_S8_ACC16_MAX_TAPS 256
/* Largest window (taps) accepted: keeps |sum| + taps/2 well inside int32 (128.5 * 2^24 < 2^31). */
#define KILN_POOL_S8_MAX_TAPS ((int64_t)1 << 24)
/* Largest int16 window: |sum| + taps/2 <= 65535 * 32768 + 32767 = INT32_MAX, so the int32 window
 * sums and the rounding add of TFLite's average never overflow. */
#define KILN_POOL_S16_MAX_TAPS ((int64_t)65535)

/** Validated pooling geometry (NHWC, input and output channels equal). */
typedef struct
{
    int32_t batches;
    int32_t in_h, in_w, ch;
    int32_t out_h, out_w;
    int32_t k_h, k_w;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;
    int32_t act_min, act_max;
} kiln_pool_s8_geom;

typedef enum
{
    KILN_POOL_S8_AVG = 0,
    KILN_POOL_S8_MAX = 1,
    KILN_POOL_S16_AVG = 2,
    KILN_POOL_S16_MAX = 3
} kiln_pool_s8_op;

typedef enum
{
    KILN_POOL_S8_ROUTE_AVG_ACC16 = 0, /* DSP / MVE: int16 running sums */
    KILN_POOL_S8_ROUTE_AVG_ACC32 = 1, /* DSP / MVE: int32 running sums (large windows) */
    KILN_POOL_S8_ROUTE_AVG_C = 2,     /* portable */
    KILN_POOL_S8_ROUTE_MAX = 3,       /* every backend: its max kernel */
    KILN_POOL_S16_ROUTE_AVG_C = 4,    /* int16, every backend: portable */
    KILN_POOL_S16_ROUTE_MAX_C = 5     /* int16, every backend: portable */
} kiln_pool_s8_route;

/** What kiln_pool_s8_plan() chose. */
typedef struct
{
    kiln_pool_s8_route route;
    const char *name;      /* route name, e.g. "avg_s8_mve_acc16" */
    int64_t scratch_bytes; /* bytes of ctx->buf the route uses (0 for every pooling route) */
} kiln_pool_s8_plan_info;

/**
 * Pick the route of `op` on backend `isa` for geometry `g`. Only g->ch, g->out_w, g->k_h and
 * g->k_w are read (a size query that does not know the window passes k_h = k_w = 0).
 * @return 0, or -1 (out untouched) for a negative channel count or output width.
 */
int32_t kiln_pool_s8_plan(const kiln_pool_s8_geom *g, kiln_pool_s8_op op, kiln_isa isa, kiln_pool_s8_plan_info *out);

/**
 * Validate the public arguments of the pooling entries of op (pointers, dims, strides, padding,
 * the activation range of op's element type, the window size, 64-bit sizes; for average pooling
 * also that every window holds an input tap) and fill *g. Reads only input_dims n/h/w/c,
 * filter_dims h/w and output_dims h/w/c; the data pointers only for NULL.
 */
bool kiln_pool_s8_check(kiln_pool_s8_op op,
                        const cmsis_nn_pool_params *pool_params,
                        const cmsis_nn_dims *input_dims,
                        const void *input_data,
                        const cmsis_nn_dims *filter_dims,
                        const cmsis_nn_dims *output_dims,
                        const void *output_data,
                        kiln_pool_s8_geom *g);

/* Kernels of the native backend (validated geometry; route from kiln_pool_s8_plan). */
void kiln_avgpool_s8_kernel(kiln_pool_s8_route route, const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out);
void kiln_maxpool_s8_kernel(const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out);
/* The int16 kernels, portable C on every backend. */
void kiln_avgpool_s16_c(const kiln_pool_s8_geom *g, const int16_t *in, int16_t *out);
void kiln_maxpool_s16_c(const kiln_pool_s8_geom *g, const int16_t *in, int16_t *out);

/*
 * The window loops of the int16 kernels above, per backend (portable C in kiln_pool_s16_c.c, Helium in
 * kiln_pool_s16_mve.c, DSP in kiln_pool_s16_dsp.c): p the window's first in-bounds pixel (at the first channel),
 * ny x nx in-bounds taps (at least one), row the input's row pitch, ch the pixel pitch.
 *   max: out[c] = clamp(max over the taps of p[.. + c], lo, hi) for c < ch;
 *   sum: sum[c] = the taps' sum of p[.. + c] for c < n (int32: at most KILN_POOL_S16_MAX_TAPS taps).
 */
void kiln_pool_s16_max_window(const int16_t *p, int32_t ch, int32_t ny, int32_t nx, int32_t row, int32_t lo,
                              int32_t hi, int16_t *out);
void kiln_pool_s16_sum_window(const int16_t *p, int32_t n, int32_t ny, int32_t nx, int32_t row, int32_t ch,
                              int32_t *sum);

/*
 * The averages from the window sums, per backend (portable C in kiln_pool_s16_c.c, DSP in kiln_pool_s16_dsp.c,
 * Helium in kiln_pool_s16_mve.c): out[c] = clamp(TFLite's rounded sum[c] / count, lo, hi) for c < n, the rounding
 * (s + count / 2) / count for s > 0, (s - count / 2) / count otherwise (C division), that is the sign of s times
 * floor((|s| + count / 2) / count); count in [1, KILN_POOL_S16_MAX_TAPS], |sum[c]| <= 32768 * count.
 */
void kiln_pool_s16_avg_run(const int32_t *sum, int32_t n, int32_t count, int32_t lo, int32_t hi, int16_t *out);

/**
 * Division by d in [2, 65535] as a multiply (Helium's average run; no vector divide): for every 0 <= a < 2^31,
 * floor(a / d) = floor(a * m / 2^(31 + l)) with l = ceil(log2(d)) (returned in *l, >= 1) and the returned
 * m = ceil(2^(31 + l) / d) < 2^32: with e = m * d - 2^(31 + l) in [0, d) and d <= 2^l, a * m / 2^(31 + l) =
 * a / d + a * e / (d * 2^(31 + l)) adds less than 1 / d to a / d (Granlund and Montgomery's round-up method).
 * m from two 32-bit divisions: 2^31 = q0 * d + r0, then 2^(31 + l) / d = q0 * 2^l + r0 * 2^l / d (r0 * 2^l < 2^32).
 */
static inline uint32_t kiln_div_magic_u31(uint32_t d, int32_t *l)
{
    const int32_t ll = 32 - __builtin_clz(d - 1u);
    const uint32_t q0 = 0x80000000u / d, r0 = 0x80000000u % d;
    const uint32_t r = r0 << ll;
    *l = ll;
    return (q0 << ll) + r / d + (r % d != 0u ? 1u : 0u);
}

/* ---- window clipping shared by the kernels ------------------------------------------------- */

/** Clip the window of output row/column `o` to the input: taps [*lo, *hi). */
static inline void kiln_pool_s8_clip(int32_t o, int32_t stride, int32_t pad, int32_t k, int32_t in, int32_t *lo,
                                     int32_t *hi)
{
    const int32_t start = o * stride - pad;
    *lo = MAX(start, 0);
    *hi = MIN(start + k, in);
}

/**
 * TFLite's average: sum / count rounded to nearest, ties away from zero, then clamped.
 * count >= 1.
 */
static inline int8_t kiln_pool_s8_average(int32_t sum, int32_t count, int32_t act_min, int32_t act_max)
{
    int32_t avg = sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
    avg = MAX(avg, act_min);
    avg = MIN(avg, act_max);
    return (int8_t)avg;
}

/**
 * Reciprocal for the exact division of the int16-sum routes: with m = ceil(2^31 / d),
 * floor(n * m / 2^31) == floor(n / d) for every 0 <= n < 2^16 and 1 <= d <= 256 (the error term
 * n * (m * d - 2^31) stays below 2^31).
 */
static inline uint32_t kiln_pool_s8_recip31(int32_t d)
{
    return (0x80000000u + (uint32_t)d - 1u) / (uint32_t)d;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_POOL_S8_H */
