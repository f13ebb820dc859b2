/*
 * Kiln internals: int8 depthwise convolution (TFLite DepthwiseConvPerChannel).
 *
 * One plan for the family: kiln_dw_s8_plan() takes a validated shape and a backend and picks the
 * first route of the route table whose predicate holds, with its exact scratch and weight-sum
 * bytes. The wrapper, the direct entries, every *_get_buffer_size* query and the planner tool
 * call it; kiln_dw_s8_run() runs a route's kernel on the backend this file is compiled for.
 *
 * Routes (first match wins; none needs scratch on any backend: every kernel reads the NHWC
 * input in place, or copies small windows into a stack tile (Helium "3x3"), so no im2col buffer
 * is ever allocated):
 *   "3x3"     ch_mult 1, 3x3 filter, padding <= 1, unit dilation (any stride, any batches)
 *   "opt"     ch_mult 1, any filter, stride, padding, dilation
 *   "ic1"     one input channel, ch_mult > 1 (every output channel reads the same input value)
 *   "generic" anything else (any ch_mult, dilation, batches)
 * Weight sums: on Helium the "3x3" and "opt" kernels fold input_offset into a per-channel sum
 * bias[c] + input_offset * sum(filter[.., c]) for every output whose window lies inside the
 * input. They read it from the ns weight-sum context when one is given, and otherwise compute it
 * themselves (in registers, once per channel block): the results are identical either way, and
 * identical to the upstream-API build, which has no weight-sum argument. weight_sum_bytes is
 * what arm_depthwise_convolve_weight_sum() fills (out_c int32), 0 where a route has no use for it.
 */
#ifndef KILN_DW_S8_H
#define KILN_DW_S8_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A validated depthwise shape (all sizes >= 1, out_c == in_c * ch_mult, every tensor < 2^31 bytes). */
typedef struct
{
    int32_t batches;
    int32_t in_h, in_w, in_c;
    int32_t out_h, out_w, out_c;
    int32_t ch_mult;
    int32_t filter_h, filter_w;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;
    int32_t dil_h, dil_w;
} kiln_dw_s8_shape;

typedef enum
{
    KILN_DW_S8_ROUTE_3X3 = 0,
    KILN_DW_S8_ROUTE_OPT = 1,
    KILN_DW_S8_ROUTE_IC1 = 2,
    KILN_DW_S8_ROUTE_GENERIC = 3,
    KILN_DW_S8_ROUTE_COUNT = 4
} kiln_dw_s8_route;

/** One entry of the route table. */
typedef struct
{
    const char *name;
    bool (*applies)(const kiln_dw_s8_shape *shape);
    int64_t (*scratch_bytes)(const kiln_dw_s8_shape *shape, kiln_isa isa);
    int64_t (*weight_sum_bytes)(const kiln_dw_s8_shape *shape, kiln_isa isa);
} kiln_dw_s8_route_entry;

/** The plan: route, its name, and its exact byte needs on the chosen backend (struct tag
 * kiln_dw_s8_plan, as the function that fills it; kiln_dw_s8_plan_t for short). */
typedef struct kiln_dw_s8_plan
{
    kiln_dw_s8_route route;
    const char *name;
    int64_t scratch_bytes;
    int64_t weight_sum_bytes;
} kiln_dw_s8_plan_t;

/** The route table, in priority order (KILN_DW_S8_ROUTE_COUNT entries). */
extern const kiln_dw_s8_route_entry kiln_dw_s8_routes[KILN_DW_S8_ROUTE_COUNT];

/** Name of a route ("3x3", "opt", "ic1", "generic"), or "?" for an unknown id. */
const char *kiln_dw_s8_route_name(kiln_dw_s8_route route);

/**
 * Fill *shape from public arguments and check them: non-NULL structs, every dimension >= 1,
 * input and output batches equal, ch_mult >= 1 and out_c == in_c * ch_mult, filter c == out_c,
 * stride >= 1, dilation >= 1, padding >= 0, an output size that TFLite can produce for this
 * input, filter, stride, dilation and padding (VALID/SAME, with up to one extra padding row or
 * column at the bottom/right), every coordinate within int32 and every tensor below 2^31 bytes.
 * Returns false (shape unspecified) on any violation.
 */
bool kiln_dw_s8_shape_from(const cmsis_nn_dw_conv_params *params,
                           const cmsis_nn_dims *input_dims,
                           const cmsis_nn_dims *filter_dims,
                           const cmsis_nn_dims *output_dims,
                           kiln_dw_s8_shape *shape);

/** Whether a route's predicate holds for a shape. */
bool kiln_dw_s8_route_applies(kiln_dw_s8_route route, const kiln_dw_s8_shape *shape);

/**
 * The plan for a validated shape on a backend: the first route whose predicate holds.
 * Returns false only for a NULL argument.
 */
bool kiln_dw_s8_plan(const kiln_dw_s8_shape *shape, kiln_isa isa, struct kiln_dw_s8_plan *plan);

/** The plan restricted to one route (direct entries): false when its predicate does not hold. */
bool kiln_dw_s8_plan_route(const kiln_dw_s8_shape *shape, kiln_isa isa, kiln_dw_s8_route route,
                           kiln_dw_s8_plan_t *plan);

/** Data arguments of a run (validated by the public entry). */
typedef struct
{
    const int8_t *input;
    const int8_t *filter;
    const int32_t *bias;       /* may be NULL */
    const int32_t *mult;       /* out_c multipliers */
    const int32_t *shift;      /* out_c shifts */
    const int32_t *weight_sum; /* may be NULL: bias + input_offset * sum(filter) per channel */
    int8_t *output;
    int32_t input_offset;
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
} kiln_dw_s8_args;

/**
 * A request of the int16 and int4-weight depthwise families, whose outputs may be empty. When empty
 * is false, shape passed kiln_dw_s8_shape_from (every size >= 1, the output size TFLite's, every
 * coordinate within int32, tensors below 2^31 elements, at most 16384 taps); when empty is true the
 * output has no element (batches, output height, width or channels 0) and shape is not used.
 */
typedef struct
{
    bool empty;
    kiln_dw_s8_shape shape;
} kiln_dw_req;

/**
 * Check the geometry of a call and fill *req. Rejects (false): a NULL params / dims struct, any
 * negative dimension, ch_mult < 1, stride or dilation < 1, negative padding, filter height or width
 * < 1, filter c != output c, output c != input c * ch_mult, output n != input n. A non-empty output
 * must then pass kiln_dw_s8_shape_from; an empty one must still be consistent: along an axis of
 * output size 0 no window may fit (in + 2 * pad < effective filter), along one of size >= 1 the
 * input must be non-empty and the size TFLite's, and the window at most 16384 taps.
 */
bool kiln_dw_req_from(const cmsis_nn_dw_conv_params *params,
                      const cmsis_nn_dims *input_dims,
                      const cmsis_nn_dims *filter_dims,
                      const cmsis_nn_dims *output_dims,
                      kiln_dw_req *req);

/**
 * Check the non-shape arguments shared by every entry: pointers, quantization (multipliers
 * >= 0, shifts in [-31, 30]), offsets within [-255, 255] and the activation range. Reads the
 * out_c multipliers and shifts.
 */
bool kiln_dw_s8_args_ok(const kiln_dw_s8_shape *shape,
                        const cmsis_nn_dw_conv_params *params,
                        const cmsis_nn_per_channel_quant_params *quant,
                        const int8_t *input,
                        const int8_t *filter,
                        const int8_t *output);

/**
 * The common body of the public entries: validate every argument, plan on the native backend
 * (restricted to shapes where `need` applies: KILN_DW_S8_ROUTE_GENERIC accepts any shape,
 * KILN_DW_S8_ROUTE_OPT any ch_mult-1 shape, KILN_DW_S8_ROUTE_3X3 the 3x3 shapes), check the
 * scratch context and the optional weight-sum context (NULL, or a NULL buffer: computed on the
 * fly), then run the planned route. Writes nothing before every check has passed.
 */
arm_cmsis_nn_status kiln_dw_s8_entry(kiln_dw_s8_route need,
                                     const cmsis_nn_context *ctx,
                                     const cmsis_nn_context *weight_sum_ctx,
                                     const cmsis_nn_dw_conv_params *params,
                                     const cmsis_nn_per_channel_quant_params *quant,
                                     const cmsis_nn_dims *input_dims,
                                     const int8_t *input,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter,
                                     const int32_t *bias,
                                     const cmsis_nn_dims *output_dims,
                                     int8_t *output);

/** Buffer-size query of the wrapper / generic entry on a backend: bytes, or -1 for bad dims. */
int32_t kiln_dw_s8_query(const cmsis_nn_dw_conv_params *params,
                         const cmsis_nn_dims *input_dims,
                         const cmsis_nn_dims *filter_dims,
                         const cmsis_nn_dims *output_dims,
                         kiln_isa isa);

/** Buffer-size query of arm_depthwise_conv_s8_opt (input and filter dims only) on a backend. */
int32_t kiln_dw_s8_opt_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa);

/** Run a route's kernel (native backend). The route's predicate must hold. */
void kiln_dw_s8_run(kiln_dw_s8_route route, const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args);

/* Kernels, one implementation per backend (kernels/kiln_dw_s8_{c,dsp,dsp_generic,mve}.c). */
void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args);
void kiln_dw_s8_kernel_cm1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args);
void kiln_dw_s8_kernel_ic1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args);
void kiln_dw_s8_kernel_generic(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args);

/** Helium "3x3" at stride 1 or 2 (equal on both axes) through channel-major tiles and VMLADAV
 * (kernels/kiln_dw_s8_mve_tile.c; no scratch, about 2.7 KB of stack); false, with nothing written, when the
 * strides or the input offset (outside [-127, 128]) are outside its form: kiln_dw_s8_kernel_3x3 then runs
 * the vector-per-channel-block kernel. */
bool kiln_dw_s8_mve_tile_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args);

/* Support kernels behind the public arm_nn_depthwise_conv_* functions (kernels/kiln_dw_support_s8_*.c). */

/** nt_t: four output positions, each a patch of row_x_col rows of CH_IN_BLOCK_MVE bytes in lhs;
 * acc[c] = base[c] + sum_t lhs[t][c] * rhs[t * total_ch + c], plus input_offset * sum_t rhs when
 * add_offset_sum; base NULL counts as 0. Output position p goes to out + p * total_ch. */
void kiln_dw_s8_nt_t_kernel(const int8_t *lhs,
                            const int8_t *rhs,
                            int32_t input_offset,
                            int32_t active_ch,
                            int32_t total_ch,
                            const int32_t *out_shift,
                            const int32_t *out_mult,
                            int32_t out_offset,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t row_x_col,
                            const int32_t *base,
                            bool add_offset_sum,
                            int8_t *out);

/** Two im2col columns of int16 (offset already added), weights [kernel_size][num_ch]. */
void kiln_dw_s8_core_kernel(const int8_t *row,
                            const int16_t *col,
                            int32_t num_ch,
                            const int32_t *out_shift,
                            const int32_t *out_mult,
                            int32_t out_offset,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t kernel_size,
                            const int32_t *bias,
                            int8_t *out);

/* Scalar requantize + offset + clamp of one accumulator: every backend's tail uses it. */
static inline int8_t kiln_dw_s8_finish(int32_t acc, int32_t mult, int32_t shift, int32_t out_offset, int32_t lo,
                                       int32_t hi)
{
    return (int8_t)kiln_add_clamp(arm_nn_requantize(acc, mult, shift), out_offset, lo, hi);
}


#ifdef __cplusplus
}
#endif

#endif /* KILN_DW_S8_H */
