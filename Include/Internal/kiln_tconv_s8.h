/*
 * Kiln internals: the int8 transposed-convolution family (TFLite TRANSPOSE_CONV, int8 per-channel)
 * — its shape, argument checks and the route plan.
 *
 * Every entry (arm_transpose_conv_s8, arm_transpose_conv_wrapper_s8) and every size query
 * (arm_transpose_conv_s8_get_buffer_size, _get_buffer_size_mve, _get_reverse_conv_buffer_size)
 * goes through kiln_tconv_s8_plan(), which picks the route and states the exact bytes the route
 * uses in each caller buffer, for any backend (a host tool or an _mve query can ask for another
 * backend's answer).
 *
 * Arithmetic (TFLite's integer reference): an input pixel (iy, ix) scatters into the outputs
 * (iy * stride_h - pad_h + ky, ix * stride_w - pad_w + kx) for every filter tap (ky, kx) that lands
 * inside the output; acc = bias[oc] + sum over taps and input channels of
 * (input + input_offset) * filter[oc][ky][kx][ic]; out = clamp(requantize(acc, mult[oc], shift[oc])
 * + output_offset, act_min, act_max). padding_offsets is the trailing padding (TFLite's padding
 * plus its odd offset, as TFLite Micro fills it); it takes part in the shape check only.
 *
 * Routes:
 *   "direct_gather" every output element is computed at once as a gather over the input pixels
 *                   whose filter taps hit it (the same int32 sum as TFLite's scatter, in a fixed
 *                   order; int32 sums wrap as two's complement). Uses no caller buffer at all: ctx,
 *                   output_ctx, weight_sum_ctx and reverse_conv_ctx are not touched, every size
 *                   query answers 0.
 * Upstream CMSIS-NN, for comparison: arm_transpose_conv_s8 scatters into a rolling int32 buffer in
 * ctx (max(filter_h, stride_h) rows of ((in_w - 1) * stride_w + max(filter_w, stride_w)) * out_c
 * int32); the wrapper takes a "reverse conv" route when both strides are <= 2 and in_c > 16
 * (REVERSE_TCOL_EFFICIENT_THRESHOLD): the filter is flipped in y and x into reverse_conv_ctx
 * (in_c * filter_h * filter_w * out_c bytes) and a stride-1 convolution runs over the
 * zero-upsampled input with padding filter - 1 - pad. Both give the same int32 sums as the direct
 * gather, hence the same int8 results; Kiln's single route needs none of those buffers.
 */
#ifndef KILN_TCONV_S8_H
#define KILN_TCONV_S8_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The geometry of one int8 transposed convolution (filter OHWI: out_c x filter_h x filter_w x in_c). */
typedef struct
{
    int32_t batches;
    int32_t in_h, in_w, in_c;
    int32_t filter_h, filter_w;
    int32_t out_h, out_w, out_c;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;         /* leading padding (top, left) */
    int32_t pad_end_h, pad_end_w; /* trailing padding (bottom, right): padding_offsets */
} kiln_tconv_s8_shape;

typedef enum
{
    KILN_TCONV_S8_ROUTE_DIRECT = 0,
    KILN_TCONV_S8_ROUTE_COUNT = 1
} kiln_tconv_s8_route;

/** A plan: the route and the exact bytes it uses in each caller buffer. */
typedef struct
{
    kiln_tconv_s8_route route;
    const char *route_name;      /* "direct_gather" */
    kiln_isa isa;
    int64_t scratch_bytes;       /* ctx (both entries) */
    int64_t output_ctx_bytes;    /* output_ctx of arm_transpose_conv_s8 */
    int64_t reverse_conv_bytes;  /* reverse_conv_ctx of the wrapper (upstream API: its output_ctx) */
    int64_t weight_sum_bytes;    /* weight_sum_ctx of the wrapper (ns API) */
} kiln_tconv_s8_plan_t;

/** Printable route name, or "?" for an unknown value. */
const char *kiln_tconv_s8_route_name(kiln_tconv_s8_route route);

/**
 * Fill a shape from the public arguments: input_dims n/h/w/c, filter_dims n/h/w/c, output_dims
 * n/h/w/c, stride, padding and padding_offsets (dilation and bias_dims are not read). Returns false
 * for a NULL pointer or a field that differs where TFLite requires equality (input n == output n,
 * filter c == input c, filter n == output c).
 */
bool kiln_tconv_s8_shape_from(const cmsis_nn_transpose_conv_params *params,
                              const cmsis_nn_dims *input_dims,
                              const cmsis_nn_dims *filter_dims,
                              const cmsis_nn_dims *output_dims,
                              kiln_tconv_s8_shape *s);

/** The same for the queries without output dims: the output fields of s are set to 0. */
bool kiln_tconv_s8_input_side_from(const cmsis_nn_transpose_conv_params *params,
                                   const cmsis_nn_dims *input_dims,
                                   const cmsis_nn_dims *filter_dims,
                                   kiln_tconv_s8_shape *s);

/**
 * Whether the input side of a shape is valid (what the queries without output dims can check):
 * batches, in_h, in_w, in_c, out_c >= 0, filter_h, filter_w >= 1, stride >= 1, both paddings >= 0,
 * input and filter (out_c x filter_h x filter_w x in_c) sizes within int32.
 */
bool kiln_tconv_s8_input_side_ok(const kiln_tconv_s8_shape *s);

/**
 * Whether a whole shape is valid: the input side, out_h, out_w, out_c >= 0, the output size within
 * int32, and — when the output is not empty — TFLite's transpose-conv arithmetic on each axis:
 * in >= 1, out + pad + pad_end >= filter and in == floor((out + pad + pad_end - filter) / stride) + 1
 * (the input is what a convolution of the output with this filter, stride and padding produces;
 * TFLite's SAME and VALID paddings always satisfy it).
 */
bool kiln_tconv_s8_shape_ok(const kiln_tconv_s8_shape *s);

/** Plan a whole shape for a backend. ARM_CMSIS_NN_ARG_ERROR (out untouched) for an invalid shape. */
arm_cmsis_nn_status kiln_tconv_s8_plan(const kiln_tconv_s8_shape *s, kiln_isa isa, kiln_tconv_s8_plan_t *out);

/**
 * Plan from the input side only (the reverse-conv buffer query has no output dims): the route and
 * its buffers do not depend on the output dims. ARM_CMSIS_NN_ARG_ERROR for an invalid input side.
 */
arm_cmsis_nn_status kiln_tconv_s8_plan_input_side(const kiln_tconv_s8_shape *s,
                                                  kiln_isa isa,
                                                  kiln_tconv_s8_plan_t *out);

/** Argument checks shared by the entries beyond the shape: pointers (data pointers may be NULL only
 * for an empty tensor), input offset within [-127, 128], output offset within [-128, 127], the
 * activation range (kiln_act_s8_ok) and the per-channel multipliers and shifts (kiln_quant_ok). */
bool kiln_tconv_s8_params_ok(const kiln_tconv_s8_shape *s,
                             const cmsis_nn_transpose_conv_params *params,
                             const cmsis_nn_per_channel_quant_params *quant_params,
                             const int8_t *input_data,
                             const int8_t *filter_data,
                             const int8_t *output_data);

/**
 * The one implementation behind both entries: validate everything (shape, parameters, every given
 * context against the plan), then run the planned route. ctx, aux_ctx (output_ctx / reverse-conv
 * context) and the weight-sum context may be NULL when the plan needs none of their bytes.
 * aux_is_reverse selects which plan field aux_ctx is checked against.
 */
arm_cmsis_nn_status kiln_tconv_s8_entry(const cmsis_nn_context *ctx,
                                        const cmsis_nn_context *aux_ctx,
                                        bool aux_is_reverse,
                                        const cmsis_nn_context *weight_sum_ctx,
                                        const cmsis_nn_transpose_conv_params *params,
                                        const cmsis_nn_per_channel_quant_params *quant_params,
                                        const cmsis_nn_dims *input_dims,
                                        const int8_t *input_data,
                                        const cmsis_nn_dims *filter_dims,
                                        const int8_t *filter_data,
                                        const int32_t *bias_data,
                                        const cmsis_nn_dims *output_dims,
                                        int8_t *output_data);

#ifdef __cplusplus
}
#endif

#endif /* KILN_TCONV_S8_H */
