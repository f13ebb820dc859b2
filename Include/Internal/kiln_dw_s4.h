/*
 * Kiln internals: int8 depthwise convolution with int4 weights (TFLite DEPTHWISE_CONV_2D, int8
 * activations, per-channel int4 weights), the family behind arm_depthwise_conv_s4,
 * arm_depthwise_conv_s4_opt, arm_depthwise_conv_wrapper_s4 and their size queries.
 *
 * Filter layout: the logical filter is the int8 family's [1, filter_h, filter_w, out_c]; its
 * filter_h * filter_w * out_c values are numbered in that order (e = (ky * filter_w + kx) * out_c +
 * oc) and packed two per byte over the whole tensor: value e is the low nibble of byte e / 2 when e
 * is even, the high nibble when e is odd, each a two's-complement 4-bit number in [-8, 7]. An odd
 * count leaves the high nibble of the last byte unused (never read). A channel does not start on a
 * byte boundary when out_c is odd.
 *
 * One plan for the family: kiln_dw_s4_plan() takes a validated request and a backend and returns
 * the route and its exact scratch bytes; every entry and every size query (wrapper, _dsp, _mve,
 * opt) calls it. One route today:
 *   "dw_s4_c"  portable C on every backend (host, DSP, Helium, M0+), any shape the validation
 *              accepts (any channel multiplier, stride, padding, dilation, batches), no scratch
 *              (the kernel reads the NHWC input and the packed filter in place).
 *
 * Arithmetic, for every output (b, y, x, oc = ic * ch_mult + m), as the int8 family:
 *   sum = sum over in-bounds taps of (input[b][iy][ix][ic] + input_offset) * w[ky][kx][oc]
 *   acc = sum + bias[oc] (bias NULL: 0), wrapping modulo 2^32 like the int8 kernels
 *   out = clamp(arm_nn_requantize(acc, mult[oc], shift[oc]) + output_offset, act_min, act_max)
 * |sum| < 2^26: |input + input_offset| <= 383, |w| <= 8 and at most 16384 taps
 * (kiln_dw_s8_shape_from's window limit).
 */
#ifndef KILN_DW_S4_H
#define KILN_DW_S4_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_dw_s8.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Window limit shared with the int8 family (kiln_dw_s8_shape_from rejects larger windows). */
#define KILN_DW_S4_MAX_TAPS (16384)

typedef enum
{
    KILN_DW_S4_ROUTE_C = 0,
    KILN_DW_S4_ROUTE_COUNT = 1
} kiln_dw_s4_route;

/* A validated request (kiln_dw_req_from, Internal/kiln_dw_s8.h). */
typedef kiln_dw_req kiln_dw_s4_req;

/** The plan: route, its name and its exact scratch bytes on the chosen backend. */
typedef struct kiln_dw_s4_plan
{
    kiln_dw_s4_route route;
    const char *name;
    int64_t scratch_bytes;
} kiln_dw_s4_plan_t;

/** Name of a route ("dw_s4_c"), or "?" for an unknown id. */
const char *kiln_dw_s4_route_name(kiln_dw_s4_route route);

/** The plan of a validated request on a backend ("dw_s4_c", 0 bytes on every backend). False only
 * for NULL arguments. */
bool kiln_dw_s4_plan(const kiln_dw_s4_req *req, kiln_isa isa, kiln_dw_s4_plan_t *plan);

/**
 * The non-geometry arguments: input_offset and output_offset within [-255, 255], an int8
 * activation range (min <= max); for a non-empty request also quant, its multiplier and shift
 * arrays, input, filter and output non-NULL, every multiplier >= 0 and every shift in [-31, 30]
 * (kiln_quant_ok, reads out_c of each).
 */
bool kiln_dw_s4_args_ok(const kiln_dw_s4_req *req,
                        const cmsis_nn_dw_conv_params *params,
                        const cmsis_nn_per_channel_quant_params *quant,
                        const int8_t *input,
                        const int8_t *filter,
                        const int8_t *output);

/**
 * The common body of the entries: validate everything (geometry; ch_mult == 1 when cm1_only, as
 * arm_depthwise_conv_s4_opt requires; pointers and parameters; the context against the plan's
 * scratch: 0 bytes, so any ctx including NULL), then run the planned route. Nothing is written
 * before every check has passed; an empty output returns ARM_CMSIS_NN_SUCCESS without touching
 * memory.
 */
arm_cmsis_nn_status kiln_dw_s4_entry(bool cm1_only,
                                     const cmsis_nn_context *ctx,
                                     const cmsis_nn_dw_conv_params *params,
                                     const cmsis_nn_per_channel_quant_params *quant,
                                     const cmsis_nn_dims *input_dims,
                                     const int8_t *input,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter,
                                     const int32_t *bias,
                                     const cmsis_nn_dims *output_dims,
                                     int8_t *output);

/** Size query of the wrapper / generic entry on a backend: the plan's bytes, -1 for bad geometry. */
int32_t kiln_dw_s4_query(const cmsis_nn_dw_conv_params *params,
                         const cmsis_nn_dims *input_dims,
                         const cmsis_nn_dims *filter_dims,
                         const cmsis_nn_dims *output_dims,
                         kiln_isa isa);

/**
 * Size query of the opt entry (input and filter dims only) on a backend: the plan's bytes for the
 * ch_mult-1 request with this input and filter (unit stride and dilation, no padding, output of
 * one position); -1 for NULL, a negative dimension, a filter height or width < 1, a filter c other
 * than the input c, a window past KILN_DW_S4_MAX_TAPS taps or tensors past 2^31 elements.
 */
int32_t kiln_dw_s4_opt_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa);

/** Weight e of a packed int4 tensor (see the top of this file). */
static inline int32_t kiln_s4_at(const int8_t *packed, uint32_t e)
{
    const uint32_t byte = (uint32_t)(uint8_t)packed[e >> 1];
    const uint32_t nib = (e & 1u) != 0u ? (byte >> 4) : (byte & 0xFu);
    return (int32_t)(nib ^ 8u) - 8;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_DW_S4_H */
