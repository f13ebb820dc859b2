/*
 * Kiln internals: the int16x8 convolution family (arm_convolve_s16, arm_convolve_wrapper_s16 and
 * their size queries) — its shape, validation, the route plan and the portable kernel.
 *
 * Every entry and every size query (the native one and the _dsp / _mve ones, answerable on any
 * build) goes through kiln_conv_s16_plan() (or, for the query that sees only input and filter,
 * kiln_conv_s16_plan_partial(), which reads the same route table). One route on every backend:
 *   "conv_s16_c"  a direct loop over output pixels, output channels and filter taps, reading the
 *                 input in place (no im2col). Scratch 0.
 *
 * Arithmetic (TFLite int16x8 CONV_2D reference, ConvPerChannel with its two accumulator types):
 *   out[b][y][x][oc] = clamp(R(sum + bias[oc]) + output_offset, act_min, act_max),
 *   sum = sum over the taps inside the input of in[b][iy][ix][g * fc + c] * w[oc][ky][kx][c].
 *  - int64 bias (bias_data->is_int32_bias false; data may be NULL = no bias): an int64
 *    accumulator and R the int64 MultiplyByQuantizedMultiplier of TFLite's int16 kernels
 *    (arm_nn_requantize_s64 with REDUCE_MULTIPLIER(multiplier[oc]), shift[oc]), evaluated exactly
 *    for every accepted argument (kiln_requant_s64).
 *  - int32 bias (is_int32_bias true; data may be NULL): an int32 accumulator and R the 32-bit
 *    MultiplyByQuantizedMultiplier (arm_nn_requantize with the full multiplier), as TFLite's
 *    AccumScalar = int32 instantiation and upstream CMSIS-NN. The sum is formed exactly in int64 and
 *    then taken modulo 2^32 (kiln_conv_s16_wrap32): what upstream's int32 accumulator gives on its
 *    targets when a model overflows it (undefined in TFLite), without undefined behaviour here.
 * Padding taps contribute 0 (int16 activations are symmetric: conv_params->input_offset is not
 * used, as upstream). The output offset is added (TFLite passes 0; upstream ignores it).
 *
 * Accumulator bound: |in * w| <= 32768 * 128 = 2^22; a tap's channel dot adds them in blocks of at
 * most 256 in int32 (|block| <= 2^30), and the pixel's sum has at most rhs_cols <= INT32_MAX < 2^31
 * products (validated), so |sum| <= 2^53: the int64 accumulator cannot overflow. The bias is added
 * inside kiln_requant_s64, which handles an int64 overflow of sum + bias.
 */
#ifndef KILN_CONV_S16_H
#define KILN_CONV_S16_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_conv_geom.h"
#include "Internal/kiln_requant_s64.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The full geometry of one int16x8 convolution (NHWC; filter [out_c][filter_h][filter_w][filter_c]). */
/* The geometry (Internal/kiln_conv_geom.h: kiln_conv_geom_ok, kiln_conv_geom_from). */
typedef kiln_conv_geom kiln_conv_s16_shape;

typedef enum
{
    KILN_CONV_S16_ROUTE_C = 0,
    KILN_CONV_S16_ROUTE_COUNT = 1
} kiln_conv_s16_route;

/** A plan: the route and what it needs. */
typedef struct
{
    kiln_conv_s16_route route;
    const char *route_name; /* "conv_s16_c" */
    kiln_isa isa;
    int32_t groups;         /* in_c / filter_c */
    int32_t rhs_cols;       /* filter_h * filter_w * filter_c */
    bool empty;             /* no output element (batches, out_h, out_w or out_c is 0) */
    int64_t scratch_bytes;  /* exactly what the route touches in ctx->buf (0) */
} kiln_conv_s16_plan_t;

/** Largest |output_offset| accepted (TFLite passes 0): kiln_requant_s64 saturates far enough
 * out that a saturated value clamps like the exact one for every accepted offset. */
#define KILN_CONV_S16_MAX_OUT_OFFSET (65535)

/** Printable route name, or "?" for an unknown value. */
const char *kiln_conv_s16_route_name(kiln_conv_s16_route route);

/**
 * Argument checks other than the shape and the context: non-NULL pointers (conv_params,
 * quant_params and its arrays, input, filter, bias_data (its data may be NULL), output); the output
 * offset within +-KILN_CONV_S16_MAX_OUT_OFFSET; the activation range within int16 with min <= max;
 * per-channel multipliers >= 0 and shifts in [-31, 30] for out_c channels.
 */
bool kiln_conv_s16_params_ok(const cmsis_nn_conv_params *conv_params,
                             const cmsis_nn_per_channel_quant_params *quant_params,
                             const int16_t *input_data,
                             const int8_t *filter_data,
                             const cmsis_nn_bias_data *bias_data,
                             const int16_t *output_data,
                             int32_t out_c);

/** A context's validity for a route needing `need` bytes: kiln_ctx_holds, and a stated size is never
 * negative (ctx may be NULL, size 0 with a buffer means "not stated"). */
bool kiln_conv_s16_ctx_ok(const cmsis_nn_context *ctx, int64_t need);

/**
 * Plan a convolution for a backend: the route and its scratch. Returns ARM_CMSIS_NN_ARG_ERROR (out
 * untouched) for an invalid shape or a NULL pointer.
 */
arm_cmsis_nn_status kiln_conv_s16_plan(const kiln_conv_s16_shape *s, kiln_isa isa, kiln_conv_s16_plan_t *out);

/**
 * The scratch of the route arm_convolve_s16 runs, from the input and filter dims alone (its size
 * query): -1 for NULL or negative dims, in_c or a filter dim below 1, filter_c not dividing in_c, a
 * dot length past int32; else the route's scratch on that backend (the same route table as
 * kiln_conv_s16_plan).
 */
int64_t kiln_conv_s16_plan_partial(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa);

/** Validate every argument, plan natively, check the context and run: the one implementation behind
 * arm_convolve_s16 and arm_convolve_wrapper_s16. Writes nothing unless it returns SUCCESS. */
arm_cmsis_nn_status kiln_conv_s16_entry(const cmsis_nn_context *ctx,
                                        const cmsis_nn_conv_params *conv_params,
                                        const cmsis_nn_per_channel_quant_params *quant_params,
                                        const cmsis_nn_dims *input_dims,
                                        const int16_t *input_data,
                                        const cmsis_nn_dims *filter_dims,
                                        const int8_t *filter_data,
                                        const cmsis_nn_bias_data *bias_data,
                                        const cmsis_nn_dims *output_dims,
                                        int16_t *output_data);

/** Everything the kernel needs (validated). */
typedef struct
{
    const kiln_conv_s16_shape *shape;
    const kiln_conv_s16_plan_t *plan;
    const int16_t *input;
    const int8_t *filter;
    bool acc32;            /* bias_data->is_int32_bias: the int32 accumulator and requantization */
    const int64_t *bias64; /* at most one of bias64 / bias32 is non-NULL */
    const int32_t *bias32;
    const int32_t *mult;
    const int32_t *shift;
    int32_t out_offset, act_min, act_max;
    int16_t *output;
} kiln_conv_s16_run_args;

/** The "conv_s16_c" route (kernels/kiln_conv_s16_c.c): a non-empty validated plan. */
void kiln_conv_s16_run_c(const kiln_conv_s16_run_args *a);

/* ---- requantization --------------------------------------------------------------------------- */

/** v modulo 2^32 as an int32 (two's complement wrap of an int32 accumulator), without an
 * implementation-defined conversion. */
static inline int32_t kiln_conv_s16_wrap32(int64_t v)
{
    const uint32_t u = (uint32_t)((uint64_t)v & 0xFFFFFFFFu);
    return u > (uint32_t)INT32_MAX ? (int32_t)(u - 0x80000000u) - INT32_MAX - 1 : (int32_t)u;
}

/** One output value of the int32-bias path: clamp(arm_nn_requantize(wrap32(sum + bias), multiplier,
 * shift) + out_offset, act_min, act_max); |sum| <= 2^53, so sum + bias is exact in int64. */
static inline int16_t kiln_conv_s16_out32(int64_t sum, int32_t bias, int32_t multiplier, int32_t shift,
                                          int32_t out_offset, int32_t act_min, int32_t act_max)
{
    int64_t v = (int64_t)arm_nn_requantize(kiln_conv_s16_wrap32(sum + bias), multiplier, shift) + out_offset;
    v = v < act_min ? act_min : v;
    v = v > act_max ? act_max : v;
    return (int16_t)v;
}

/** One output value: clamp(kiln_requant_s64(..) + out_offset, act_min, act_max). */
static inline int16_t kiln_conv_s16_out(int64_t sum, int64_t bias, int32_t rm, int32_t shift, int32_t out_offset,
                                        int32_t act_min, int32_t act_max)
{
    return kiln_requant_s64_out(sum, bias, rm, shift, out_offset, act_min, act_max);
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_CONV_S16_H */
