/*
 * Kiln internals: the int4-weight convolution family (int8 activations, int4 filter packed two per
 * byte): arm_convolve_wrapper_s4, arm_convolve_s4, arm_convolve_even_s4, arm_convolve_1x1_s4,
 * arm_convolve_1x1_s4_fast, arm_convolve_1_x_n_s4 and every size query of theirs.
 *
 * Every entry and every size query (the native ones and the wrapper's _dsp / _mve ones, answerable
 * on any build) goes through kiln_conv_s4_plan() (or, for the queries that see only input and
 * filter, kiln_conv_s4_plan_partial(), which reads the same route table). One route on every
 * backend:
 *   "conv_s4_c"  a direct loop over output pixels, output channels and filter taps, reading the
 *                input and the packed filter in place (no im2col, no unpacked copy). Scratch 0.
 * The direct entries differ only in the shapes they accept (kiln_conv_s4_kind): the plan rejects a
 * shape an entry does not support exactly as the int8 counterpart's route predicate does.
 *
 * Filter packing (CMSIS-NN's int4 convention): the filter [out_c][filter_h][filter_w][filter_c] is
 * flattened in that order and packed continuously, weight k in byte k / 2, the lower nibble for an
 * even k and the upper nibble for an odd k, each a signed 4-bit value (-8..7). A channel's weights
 * therefore start mid-byte when rhs_cols is odd; an odd total leaves the upper nibble of the last
 * byte unused (never read as a weight). The filter holds ceil(total / 2) bytes and only those are read.
 *
 * Arithmetic (TFLite CONV_2D int8, per-channel):
 *   out[b][y][x][oc] = clamp(requantize(bias[oc] + sum (in + input_offset) * w, mult[oc], shift[oc])
 *                            + output_offset, act_min, act_max)
 * over the taps inside the input (padding taps contribute 0), input channels g * filter_c + c of
 * the output channel's group g = oc / (out_c / groups). The sum is accumulated modulo 2^32 (int32
 * two's complement, as upstream's int32 accumulator, without undefined behaviour).
 */
#ifndef KILN_CONV_S4_H
#define KILN_CONV_S4_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_conv_geom.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The full geometry of one convolution (NHWC; filter [out_c][filter_h][filter_w][filter_c]). */
/* The geometry (Internal/kiln_conv_geom.h: kiln_conv_geom_ok, kiln_conv_geom_from). */
typedef kiln_conv_geom kiln_conv_s4_shape;

/** Which public entry asks: the shapes it accepts (beyond kiln_conv_geom_ok). */
typedef enum
{
    KILN_CONV_S4_KIND_ANY = 0,      /* arm_convolve_wrapper_s4, arm_convolve_s4: every valid shape */
    KILN_CONV_S4_KIND_EVEN = 1,     /* arm_convolve_even_s4: rhs_cols (filter_h * filter_w * filter_c) even */
    KILN_CONV_S4_KIND_1X1 = 2,      /* arm_convolve_1x1_s4: 1x1 filter, no padding, every output pixel inside */
    KILN_CONV_S4_KIND_1X1_FAST = 3, /* arm_convolve_1x1_s4_fast: as 1X1 with stride 1 */
    KILN_CONV_S4_KIND_1XN = 4,      /* arm_convolve_1_x_n_s4: filter_h 1, unit (or irrelevant) horizontal
                                       dilation, one group */
    KILN_CONV_S4_KIND_COUNT = 5
} kiln_conv_s4_kind;

typedef enum
{
    KILN_CONV_S4_ROUTE_C = 0,
    KILN_CONV_S4_ROUTE_COUNT = 1
} kiln_conv_s4_route;

/** A plan: the route and what it needs. */
typedef struct
{
    kiln_conv_s4_route route;
    const char *route_name; /* "conv_s4_c" */
    kiln_isa isa;
    int32_t groups;         /* in_c / filter_c */
    int32_t rhs_cols;       /* filter_h * filter_w * filter_c */
    int32_t filter_bytes;   /* ceil(out_c * rhs_cols / 2): the packed filter */
    bool empty;             /* no output element (batches, out_h, out_w or out_c is 0) */
    int64_t scratch_bytes;  /* exactly what the route touches in ctx->buf (0) */
} kiln_conv_s4_plan_t;

/** Printable route name, or "?" for an unknown value. */
const char *kiln_conv_s4_route_name(kiln_conv_s4_route route);

/** Whether an entry of this kind supports a (valid) shape. */
bool kiln_conv_s4_kind_ok(const kiln_conv_s4_shape *s, kiln_conv_s4_kind kind);

/**
 * Plan for a backend and an entry kind. ARM_CMSIS_NN_ARG_ERROR (out untouched) for an invalid
 * shape or one the kind does not support.
 */
arm_cmsis_nn_status kiln_conv_s4_plan(const kiln_conv_s4_shape *s,
                                      kiln_isa isa,
                                      kiln_conv_s4_kind kind,
                                      kiln_conv_s4_plan_t *out);

/**
 * The scratch of the route for a query that sees only input (and filter) dims: -1 when input_dims
 * is NULL or has a negative dimension, or (filter_dims non-NULL) when in_c < 1, a filter dimension
 * h / w / c is < 1, filter_c does not divide in_c or the dot length exceeds int32; else the bytes.
 * filter_dims NULL: only the input is checked (arm_convolve_1x1_s4_fast_get_buffer_size).
 */
int64_t kiln_conv_s4_plan_partial(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa);

/** Argument checks other than the shape and the context: pointers (bias may be NULL), input offset in
 * [-127, 128], output offset in [-128, 127], an int8 activation range, kiln_quant_ok over out_c. */
bool kiln_conv_s4_params_ok(const cmsis_nn_conv_params *conv_params,
                            const cmsis_nn_per_channel_quant_params *quant_params,
                            const int8_t *input_data,
                            const int8_t *filter_data,
                            const int8_t *output_data,
                            int32_t out_c);

/** A context for `need` scratch bytes: a negative stated size is an error; otherwise kiln_ctx_holds. */
bool kiln_conv_s4_ctx_ok(const cmsis_nn_context *ctx, int64_t need);

/** Everything the route needs. */
typedef struct
{
    const kiln_conv_s4_shape *shape;
    const kiln_conv_s4_plan_t *plan;
    const int8_t *input;
    const int8_t *filter; /* packed */
    const int32_t *bias;  /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
    int32_t input_offset, output_offset, act_min, act_max;
    int8_t *output;
} kiln_conv_s4_run_args;

/** The "conv_s4_c" route (kernels/kiln_conv_s4_c.c): a non-empty validated plan. */
void kiln_conv_s4_run_c(const kiln_conv_s4_run_args *a);

/**
 * Validate every argument (shape, kind, parameters, context) before touching memory, then run:
 * the one implementation behind every public int4-weight convolution entry. An empty output is a
 * success that writes nothing.
 */
arm_cmsis_nn_status kiln_conv_s4_entry(const cmsis_nn_context *ctx,
                                       const cmsis_nn_conv_params *conv_params,
                                       const cmsis_nn_per_channel_quant_params *quant_params,
                                       const cmsis_nn_dims *input_dims,
                                       const int8_t *input_data,
                                       const cmsis_nn_dims *filter_dims,
                                       const int8_t *filter_data,
                                       const int32_t *bias_data,
                                       const cmsis_nn_dims *output_dims,
                                       int8_t *output_data,
                                       kiln_conv_s4_kind kind);

/** A full-shape size query (wrapper, 1xN): the plan's scratch for the backend, or -1. */
int32_t kiln_conv_s4_query(const cmsis_nn_conv_params *conv_params,
                           const cmsis_nn_dims *input_dims,
                           const cmsis_nn_dims *filter_dims,
                           const cmsis_nn_dims *output_dims,
                           kiln_isa isa,
                           kiln_conv_s4_kind kind);

#ifdef __cplusplus
}
#endif

#endif /* KILN_CONV_S4_H */
