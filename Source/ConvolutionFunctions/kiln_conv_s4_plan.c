/*
 * Kiln — the int4-weight convolution plan: shape and argument validation, the entry kinds' shape
 * rules, the route table (one route, "conv_s4_c", on every backend) and the entry every public
 * int4-weight convolution function runs through (see Internal/kiln_conv_s4.h).
 */
#include "Include/Internal/kiln_conv_s4.h"

/* ---- shape ----------------------------------------------------------------------------------- */

/* Every output pixel of a 1x1 filter without padding reads an input pixel (as the int8 1x1 routes:
 * no implicit trailing padding row or column). */
static bool kiln_conv_s4_1x1_inside(const kiln_conv_s4_shape *s)
{
    return (int64_t)(s->out_h - 1) * s->stride_h < s->in_h && (int64_t)(s->out_w - 1) * s->stride_w < s->in_w;
}

bool kiln_conv_s4_kind_ok(const kiln_conv_s4_shape *s, kiln_conv_s4_kind kind)
{
    const bool is_1x1 = s->filter_h == 1 && s->filter_w == 1 && s->pad_h == 0 && s->pad_w == 0 &&
        kiln_conv_s4_1x1_inside(s);
    switch (kind)
    {
    case KILN_CONV_S4_KIND_ANY:
        return true;
    case KILN_CONV_S4_KIND_EVEN:
        return (((int64_t)s->filter_h * s->filter_w * s->filter_c) & 1) == 0;
    case KILN_CONV_S4_KIND_1X1:
        return is_1x1;
    case KILN_CONV_S4_KIND_1X1_FAST:
        return is_1x1 && s->stride_h == 1 && s->stride_w == 1;
    case KILN_CONV_S4_KIND_1XN:
        return s->filter_h == 1 && (s->dilation_w == 1 || s->filter_w == 1) && s->filter_c == s->in_c;
    default:
        return false;
    }
}

/* ---- other arguments ------------------------------------------------------------------------- */

bool kiln_conv_s4_params_ok(const cmsis_nn_conv_params *conv_params,
                            const cmsis_nn_per_channel_quant_params *quant_params,
                            const int8_t *input_data,
                            const int8_t *filter_data,
                            const int8_t *output_data,
                            int32_t out_c)
{
    if (conv_params == NULL || quant_params == NULL || quant_params->multiplier == NULL ||
        quant_params->shift == NULL || input_data == NULL || filter_data == NULL || output_data == NULL ||
        out_c < 0)
    {
        return false;
    }
    /* Input offset = -zero point of an int8 tensor, as the int8 entries. */
    if (conv_params->input_offset < -INT8_MAX || conv_params->input_offset > -INT8_MIN ||
        conv_params->output_offset < INT8_MIN || conv_params->output_offset > INT8_MAX ||
        !kiln_act_s8_ok(conv_params->activation.min, conv_params->activation.max))
    {
        return false;
    }
    return kiln_quant_ok(quant_params->multiplier, quant_params->shift, out_c);
}

bool kiln_conv_s4_ctx_ok(const cmsis_nn_context *ctx, int64_t need)
{
    if (ctx != NULL && ctx->size < 0)
    {
        return false;
    }
    return kiln_ctx_holds(ctx, need);
}

/* ---- routes ---------------------------------------------------------------------------------- */

typedef struct
{
    kiln_conv_s4_route route;
    const char *name;
    int64_t (*scratch)(kiln_isa isa);
} kiln_conv_s4_route_entry;

/* The direct loop reads input and packed filter in place: no scratch on any backend. */
static int64_t kiln_conv_s4_scratch_none(kiln_isa isa)
{
    (void)isa;
    return 0;
}

static const kiln_conv_s4_route_entry kiln_conv_s4_routes[KILN_CONV_S4_ROUTE_COUNT] = {
    {KILN_CONV_S4_ROUTE_C, "conv_s4_c", kiln_conv_s4_scratch_none},
};

const char *kiln_conv_s4_route_name(kiln_conv_s4_route route)
{
    return ((uint32_t)route < (uint32_t)KILN_CONV_S4_ROUTE_COUNT) ? kiln_conv_s4_routes[route].name : "?";
}

/* The route of a backend: "conv_s4_c" everywhere (portable C on the DSP and MVE builds too). */
static const kiln_conv_s4_route_entry *kiln_conv_s4_route_for(kiln_isa isa)
{
    (void)isa;
    return &kiln_conv_s4_routes[KILN_CONV_S4_ROUTE_C];
}

arm_cmsis_nn_status kiln_conv_s4_plan(const kiln_conv_s4_shape *s,
                                      kiln_isa isa,
                                      kiln_conv_s4_kind kind,
                                      kiln_conv_s4_plan_t *out)
{
    if (out == NULL || !kiln_conv_geom_ok(s) || !kiln_conv_s4_kind_ok(s, kind))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_conv_s4_route_entry *e = kiln_conv_s4_route_for(isa);
    const int64_t scratch = e->scratch(isa);
    if (scratch < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t rhs_cols = (int64_t)s->filter_h * s->filter_w * s->filter_c;
    out->route = e->route;
    out->route_name = e->name;
    out->isa = isa;
    out->groups = s->in_c / s->filter_c;
    out->rhs_cols = (int32_t)rhs_cols;
    out->filter_bytes = (int32_t)(((int64_t)s->out_c * rhs_cols + 1) / 2);
    out->empty = s->batches == 0 || s->out_h == 0 || s->out_w == 0 || s->out_c == 0;
    out->scratch_bytes = scratch;
    return ARM_CMSIS_NN_SUCCESS;
}

int64_t kiln_conv_s4_plan_partial(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (input_dims == NULL || input_dims->n < 0 || input_dims->h < 0 || input_dims->w < 0 || input_dims->c < 0)
    {
        return -1;
    }
    if (filter_dims != NULL)
    {
        if (input_dims->c < 1 || filter_dims->h < 1 || filter_dims->w < 1 || filter_dims->c < 1 ||
            input_dims->c % filter_dims->c != 0)
        {
            return -1;
        }
        const cmsis_nn_dims dot = {1, filter_dims->h, filter_dims->w, filter_dims->c};
        if (kiln_dims_count(&dot) > INT32_MAX)
        {
            return -1;
        }
    }
    return kiln_conv_s4_route_for(isa)->scratch(isa);
}

int32_t kiln_conv_s4_query(const cmsis_nn_conv_params *conv_params,
                           const cmsis_nn_dims *input_dims,
                           const cmsis_nn_dims *filter_dims,
                           const cmsis_nn_dims *output_dims,
                           kiln_isa isa,
                           kiln_conv_s4_kind kind)
{
    kiln_conv_s4_shape s;
    kiln_conv_s4_plan_t plan;
    if (!kiln_conv_geom_from(conv_params, input_dims, filter_dims, output_dims, &s) ||
        kiln_conv_s4_plan(&s, isa, kind, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

/* ---- the entry ------------------------------------------------------------------------------- */

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
                                       kiln_conv_s4_kind kind)
{
    kiln_conv_s4_shape s;
    kiln_conv_s4_plan_t plan;
    if (!kiln_conv_geom_from(conv_params, input_dims, filter_dims, output_dims, &s) ||
        kiln_conv_s4_plan(&s, KILN_NATIVE_ISA, kind, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_conv_s4_params_ok(conv_params, quant_params, input_data, filter_data, output_data, s.out_c) ||
        !kiln_conv_s4_ctx_ok(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (plan.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const kiln_conv_s4_run_args a = {
        &s,
        &plan,
        input_data,
        filter_data,
        bias_data,
        quant_params->multiplier,
        quant_params->shift,
        conv_params->input_offset,
        conv_params->output_offset,
        conv_params->activation.min,
        conv_params->activation.max,
        output_data,
    };
    kiln_conv_s4_run_c(&a);
    return ARM_CMSIS_NN_SUCCESS;
}
