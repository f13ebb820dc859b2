/*
 * Kiln internals: the int8 convolution family — its shape, the route plan and the kernels.
 *
 * Every int8 convolution entry (arm_convolve_wrapper_s8, the direct entries, every
 * *_get_buffer_size* query) and the host tools go through one plan: kiln_conv_s8_plan() picks the
 * first route of the route table whose predicate holds for the shape and states the exact scratch
 * and weight-sum bytes that route uses on the requested backend.
 *
 * Routes (in dispatch order):
 *   "1x1_fast"    1x1 filter, stride 1, no padding: every output pixel's patch is the input pixel
 *                 itself, so the GEMM reads the input in place. No scratch.
 *   "1x1"         1x1 filter, any stride, no padding: patches are strided input pixels, read in
 *                 place. No scratch.
 *   "1xN"         1xN filter (filter_h == 1), unit horizontal dilation, one group: a patch is
 *                 filter_w consecutive pixels, i.e. contiguous bytes of the input, read in place;
 *                 only the patches that touch the padding are built in scratch (scratch 0 when no
 *                 patch does).
 *   "im2col_gemm" the general case (any filter, stride, padding, dilation, groups, upscaling):
 *                 patches are gathered into a small im2col block in scratch.
 * The GEMM processes a block of up to KILN_CONV_S8_MAX_ROWS patches against every output channel
 * of a group. Block sizes per backend (KILN_CONV_S8_ROWS_*): C 2, DSP 2, MVE 3 (the 1x1 routes, reading their
 * patches in place, take KILN_CONV_S8_MAX_ROWS on C). im2col scratch is rows * rhs_cols bytes (no alignment
 * padding: the kernels handle any length).
 *
 * Offsets: the C and DSP kernels add the input offset to each activation (DSP: SXTAB16). The MVE
 * kernel multiplies raw int8 values (VMLADAVA) and adds, per output channel,
 * sum(weights) * input_offset + bias — from the caller's weight-sum buffer when one is given, or
 * computed on the fly (VADDVA over the same weight loads) when it is not, with identical results.
 * Padding taps are filled with -input_offset, which contributes exactly 0 on every backend.
 */
#ifndef KILN_CONV_S8_H
#define KILN_CONV_S8_H

#include "Internal/kiln_common.h"
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The full geometry of one int8 convolution. Input h/w are the (possibly upscaled) logical sizes. */
typedef struct
{
    int32_t batches;
    int32_t in_h, in_w, in_c;
    int32_t filter_h, filter_w, filter_c; /* filter_c = input channels per group */
    int32_t out_h, out_w, out_c;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;
    int32_t dilation_h, dilation_w;
    int32_t upscale_h, upscale_w; /* 1, or 2: the input data is (in_h / 2) x (in_w / 2), read nearest */
} kiln_conv_s8_shape;

typedef enum
{
    KILN_CONV_S8_ROUTE_1X1_FAST = 0,
    KILN_CONV_S8_ROUTE_1X1 = 1,
    KILN_CONV_S8_ROUTE_1XN = 2,
    KILN_CONV_S8_ROUTE_IM2COL = 3,
    KILN_CONV_S8_ROUTE_COUNT = 4
} kiln_conv_s8_route;

/** Largest number of patches (GEMM rows) one kernel call takes. */
#define KILN_CONV_S8_MAX_ROWS 4
/** im2col block rows per backend (DSP: four for dot lengths up to KILN_CONV_S8_DSP_QUAD_K, which the kernel runs
 * one channel x four patches at a time; two above). */
#define KILN_CONV_S8_ROWS_C 2
#define KILN_CONV_S8_ROWS_DSP 2
#define KILN_CONV_S8_ROWS_DSP_QUAD 4
#define KILN_CONV_S8_DSP_QUAD_K 144
#define KILN_CONV_S8_ROWS_MVE 3
/* MVE: output channels per chunk when the caller gives no weight sums (their sums, 4 bytes each, on the stack) */
#define KILN_CONV_S8_WSUM_CHUNK 96

/** A plan: the route and what it needs. (The type carries _t: kiln_conv_s8_plan names the function.) */
typedef struct
{
    kiln_conv_s8_route route;
    const char *route_name;  /* "1x1_fast", "1x1", "1xN", "im2col_gemm" */
    kiln_isa isa;
    int32_t block_rows;      /* patches per kernel call */
    int32_t groups;          /* in_c / filter_c */
    int32_t rhs_cols;        /* filter_h * filter_w * filter_c */
    int64_t scratch_bytes;   /* exactly what the route touches in ctx->buf */
    int64_t weight_sum_bytes; /* bytes of the weight-sum buffer the route reads (MVE: 4 * out_c), else 0 */
} kiln_conv_s8_plan_t;

/** Route table entry: name, predicate, scratch per backend. */
typedef struct
{
    kiln_conv_s8_route route;
    const char *name;
    bool (*predicate)(const kiln_conv_s8_shape *s);
    int64_t (*scratch)(const kiln_conv_s8_shape *s, kiln_isa isa);
} kiln_conv_s8_route_entry;

/** The route table, in dispatch order (KILN_CONV_S8_ROUTE_COUNT entries). */
extern const kiln_conv_s8_route_entry kiln_conv_s8_routes[KILN_CONV_S8_ROUTE_COUNT];

/** Printable route name, or "?" for an unknown value. */
const char *kiln_conv_s8_route_name(kiln_conv_s8_route route);

/**
 * Whether a shape is a valid convolution: every dimension >= 1, stride >= 1, dilation >= 1,
 * padding >= 0, filter_c divides in_c and the group count divides out_c, upscale 1 or 2 (an
 * upscaled input dimension even), output h/w equal to floor((in + 2 pad (+1) - eff_k) / stride) + 1
 * (TFLite's VALID/SAME arithmetic, with an optional extra row/column of trailing padding), and every
 * tensor size, coordinate and dot length within int32.
 */
bool kiln_conv_s8_shape_ok(const kiln_conv_s8_shape *s);

/**
 * Plan a convolution for a backend: the first route whose predicate holds. Returns
 * ARM_CMSIS_NN_ARG_ERROR (out untouched) for an invalid shape.
 */
arm_cmsis_nn_status kiln_conv_s8_plan(const kiln_conv_s8_shape *s, kiln_isa isa, kiln_conv_s8_plan_t *out);

/** Plan with a given route (a direct entry): ARG_ERROR when the shape is invalid or the route's
 * predicate does not hold. */
arm_cmsis_nn_status kiln_conv_s8_plan_route(const kiln_conv_s8_shape *s,
                                            kiln_isa isa,
                                            kiln_conv_s8_route route,
                                            kiln_conv_s8_plan_t *out);

/** Scratch bytes of the im2col route for a dot length (the queries that see only input and filter). */
int64_t kiln_conv_s8_im2col_scratch(int64_t rhs_cols, kiln_isa isa);

/** Block rows of a backend's im2col route for a dot length (filter_h x filter_w x filter_c). */
static inline int32_t kiln_conv_s8_block_rows(kiln_isa isa, int64_t rhs_cols)
{
    if (isa == KILN_ISA_DSP)
    {
        return rhs_cols <= KILN_CONV_S8_DSP_QUAD_K ? KILN_CONV_S8_ROWS_DSP_QUAD : KILN_CONV_S8_ROWS_DSP;
    }
    return isa == KILN_ISA_MVE ? KILN_CONV_S8_ROWS_MVE : KILN_CONV_S8_ROWS_C;
}

/**
 * Fill a shape from the public arguments (filter_dims->n, bias_dims and output_dims->n are not
 * read: callers such as TFLite Micro and the upstream tests leave them unset). NULL pointers give
 * false. upscale_dims may be NULL.
 */
bool kiln_conv_s8_shape_from(const cmsis_nn_conv_params *conv_params,
                             const cmsis_nn_dims *input_dims,
                             const cmsis_nn_dims *filter_dims,
                             const cmsis_nn_dims *output_dims,
                             const cmsis_nn_dims *upscale_dims,
                             kiln_conv_s8_shape *s);

/** Argument checks shared by the entries (everything but the shape and the contexts): pointers,
 * offsets, activation range, per-channel multipliers (>= 0) and shifts ([-31, 30]). */
bool kiln_conv_s8_params_ok(const cmsis_nn_conv_params *conv_params,
                            const cmsis_nn_per_channel_quant_params *quant_params,
                            const int8_t *input_data,
                            const int8_t *filter_data,
                            const int8_t *output_data,
                            int32_t out_c);

/** Everything the route runner needs. */
typedef struct
{
    const kiln_conv_s8_shape *shape;
    const kiln_conv_s8_plan_t *plan;
    const int8_t *input;
    const int8_t *filter;
    const int32_t *bias;          /* may be NULL */
    const int32_t *weight_sum;    /* MVE: out_c precomputed sums, or NULL (computed on the fly) */
    const int32_t *mult;
    const int32_t *shift;
    int32_t input_offset, output_offset, act_min, act_max;
    int8_t *scratch;              /* plan->scratch_bytes bytes (NULL when 0) */
    int8_t *output;
} kiln_conv_s8_run_args;

/** Run a validated plan. */
void kiln_conv_s8_run(const kiln_conv_s8_run_args *a);

/**
 * Validate the public arguments, plan (natively, the given route or — for route ==
 * KILN_CONV_S8_ROUTE_COUNT — the first that holds), check the contexts and run. `ws_ctx` may be
 * NULL (no precomputed sums). The one implementation behind every public conv entry.
 */
arm_cmsis_nn_status kiln_conv_s8_entry(const cmsis_nn_context *ctx,
                                       const cmsis_nn_context *ws_ctx,
                                       const cmsis_nn_conv_params *conv_params,
                                       const cmsis_nn_per_channel_quant_params *quant_params,
                                       const cmsis_nn_dims *input_dims,
                                       const int8_t *input_data,
                                       const cmsis_nn_dims *filter_dims,
                                       const int8_t *filter_data,
                                       const int32_t *bias_data,
                                       const cmsis_nn_dims *upscale_dims,
                                       const cmsis_nn_dims *output_dims,
                                       int8_t *output_data,
                                       kiln_conv_s8_route route,
                                       bool require_1x1_output);

/* ---- the GEMM kernel (one implementation per backend) ----------------------------------------- */

typedef struct
{
    const int8_t *rhs;         /* weights of the group's first output channel, [n_oc][k] */
    const int32_t *bias;       /* NULL, or n_oc values */
    const int32_t *weight_sum; /* MVE only: NULL, or n_oc values (sum(w) * lhs_offset + bias) */
    const int32_t *mult;
    const int32_t *shift;
    int32_t k;                 /* dot length >= 1 */
    int32_t rhs_stride;        /* bytes between consecutive channels' weights (>= k) */
    int32_t n_oc;              /* output channels >= 1 */
    int32_t lhs_offset;        /* added to each lhs value */
    int32_t out_offset, act_min, act_max;
    int32_t dst_stride;        /* bytes between the outputs of consecutive rows */
    bool requant_top;          /* MVE: every channel's requantization has the top-byte form
                                  (kiln_requant_top_ok); false is always correct, only slower */
} kiln_conv_s8_gemm_args;

/**
 * dst[r * dst_stride + oc] = clamp(requantize(bias[oc] + sum_i rhs[oc * rhs_stride + i] * (rows[r][i] + lhs_offset),
 *                                             mult[oc], shift[oc]) + out_offset, act_min, act_max)
 * for r < n_rows (1..KILN_CONV_S8_MAX_ROWS), oc < n_oc. Reads exactly k bytes of each row.
 */
void kiln_conv_s8_gemm(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows, int8_t *dst);

/**
 * MVE and DSP builds (the 1x1 routes of kiln_conv_s8_run): the same GEMM over n_rows >= 0 rows at
 * lhs + r * lhs_stride (a 1x1 convolution's input pixels, read in place), dst rows at
 * dst + r * dst_stride. Any number of rows. MVE: per group of four channels, the dot products of a
 * batch of rows go to a stack table (dot lengths up to 32: batches of 48 rows with the group's weights
 * in registers, 960 bytes of stack; otherwise up to six blocks of three rows, 288 bytes), then each
 * row's four channels are requantized as one vector; the group's requantization parameters (and
 * on-the-fly weight sums) are formed once per call. The last 1-3 channels (and, other dot lengths,
 * the last 1-2 rows) go through kiln_conv_s8_gemm. Calls in the top-byte form (requant_top) with weight sums and
 * a dot length above 16 other than 32 run blocks of three rows through kiln_conv_s8_gemm instead (its fused
 * assembly loop: fewer instructions than the table's two phases, no table on the stack).
 * DSP: channel groups outermost; dot lengths of 16, 32 and 64 one pixel x eight channels at a time (the group's
 * weights widened once per call into a frame of up to 1,024 bytes, 27 instructions per 32 MACs; any pixel stride),
 * the channels left over, and other multiples of 4, in assembly blocks of two pixels x two channels (up to 288
 * channels and from four pixels on, the pair's weights widened once per call into a 1,152-byte frame, 16
 * instructions per 16 MACs instead of 20, an odd last pixel on them too), others in blocks of two rows
 * (kernels/kiln_conv_s8_gemm_dsp.c).
 */
void kiln_conv_s8_gemm_strided(const kiln_conv_s8_gemm_args *a, const int8_t *lhs, int32_t lhs_stride,
                               int32_t n_rows, int8_t *dst);

/** MVE: dot lengths whose strided kernel keeps the group's weights in registers (and forms its weight sums as
 * cheaply as the caller could): up to 32, the last vector predicated below 16 and between 16 and 32; longer dot
 * lengths take the fused top-form blocks when the caller's weight sums are given. */
static inline bool kiln_conv_s8_strided_resident(int32_t k)
{
    return k >= 1 && k <= 32;
}

/**
 * MVE builds: dst[oc] = lhs_offset * sum_i rhs[oc * rhs_stride + i] + (bias ? bias[oc] : 0) for oc < n_oc, i < k
 * (what arm_convolve_weight_sum stores; the route runner forms them per chunk of channels when the caller gave
 * none).
 */
void kiln_conv_s8_wsum(const int8_t *rhs, int32_t k, int32_t rhs_stride, int32_t n_oc, int32_t lhs_offset,
                       const int32_t *bias, int32_t *dst);

/* DSP-extension kernels of the legacy support functions (KILN_BUILD_DSP only; the public entries
 * validate the arguments first). kernels/kiln_conv_support_s8_dsp.c, kernels/kiln_conv_s8_gemm_dsp.c */

/** dst[i] = src[i] + offset for i < n: in order (ordered), or in SXTAB16 order within each 4-byte
 * group (b0 b2 b1 b3) with a tail of fewer than 4 in order (arm_s8_to_s16_unordered_with_offset). */
void kiln_conv_s8_widen_dsp(const int8_t *src, int16_t *dst, int32_t n, int16_t offset, bool ordered);

/** arm_nn_mat_mult_kernel_s8_s16 after its checks: output_ch channels x two int16 columns. */
void kiln_conv_s8_mat_mult_s8_s16_dsp(const int8_t *input_a,
                                      const int16_t *input_b,
                                      int32_t output_ch,
                                      const int32_t *out_shift,
                                      const int32_t *out_mult,
                                      int32_t out_offset,
                                      int32_t act_min,
                                      int32_t act_max,
                                      int32_t num_col_a,
                                      int32_t aligned_num_col_a,
                                      const int32_t *bias,
                                      int8_t *out_0);

/** arm_nn_mat_mult_nt_t_s8_s32 after its checks:
 * dst[m * dst_idx_offset * n_rhs + n * dst_idx_offset] += sum_i (lhs[m * k + i] + lhs_offset) * rhs[n * k + i]. */
void kiln_conv_s8_mat_mult_s32_dsp(const int8_t *lhs,
                                   const int8_t *rhs,
                                   int32_t *dst,
                                   int32_t lhs_rows,
                                   int32_t k,
                                   int32_t n_rhs,
                                   int32_t lhs_offset,
                                   int32_t dst_idx_offset);

/** Per-channel requantization parameters the kernels accept: non-NULL, multiplier >= 0, shift in
 * [-31, 30], for n channels. */
static inline bool kiln_conv_s8_quant_ok(const int32_t *mult, const int32_t *shift, int32_t n)
{
    return mult != NULL && shift != NULL && kiln_quant_ok(mult, shift, n);
}

/** Offsets and activation range of the int8 kernels: lhs offset in [-127, 128], dst offset in
 * [-128, 127], activation limits within int8 with min <= max. */
static inline bool kiln_conv_s8_offsets_ok(int32_t lhs_offset, int32_t dst_offset, int32_t act_min, int32_t act_max)
{
    return lhs_offset >= -INT8_MAX && lhs_offset <= -INT8_MIN && dst_offset >= INT8_MIN && dst_offset <= INT8_MAX &&
        kiln_act_s8_ok(act_min, act_max);
}

/** im2col byte copy and fill, n >= 0 (kernels/kiln_conv_s8_im2col_*.c; MVE: tail-predicated vector loops;
 * C and DSP: memcpy/memset). */
void kiln_conv_s8_copy(int8_t *dst, const int8_t *src, int32_t n);
void kiln_conv_s8_fill(int8_t *dst, int8_t value, int32_t n);

/** rows >= 0 consecutive patch rows of lead + body + trail bytes from dst on: lead and trail bytes of pad
 * around body bytes from src + r * src_stride (row r); lead, body, trail >= 0. */
void kiln_conv_s8_im2col_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t lead,
                              int32_t body, int32_t trail, int8_t pad);

/** rows >= 1 patch rows of row >= 1 bytes each, all inside the input: row r from src + r * src_stride to
 * dst + r * row (kiln_conv_s8_im2col_rows without padding, for the patches away from the borders). */
void kiln_conv_s8_copy_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t row);

/** kiln_conv_s8_copy_rows for 4-byte rows (the 4-wide filters of one-channel inputs: DS-CNN's 10x4 first layer):
 * one word a row, through memcpy (an unaligned load and store on Cortex-M). */
static inline void kiln_conv_s8_copy_rows4(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows)
{
    for (int32_t r = 0; r < rows; r++, src += src_stride, dst += 4)
    {
        memcpy(dst, src, 4);
    }
}

/** One requantized output (the scalar arithmetic every backend's tail shares). */
static inline int8_t kiln_conv_s8_out(int32_t acc, int32_t mult, int32_t shift, int32_t out_offset, int32_t lo,
                                      int32_t hi)
{
    return (int8_t)kiln_add_clamp(arm_nn_requantize(acc, mult, shift), out_offset, lo, hi);
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_CONV_S8_H */
