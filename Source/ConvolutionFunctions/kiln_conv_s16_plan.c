/*
 * Kiln — the int16x8 convolution plan: shape and argument validation, the route table (one route,
 * "conv_s16_c", on every backend) and the entry every public int16 convolution function runs
 * through (see Internal/kiln_conv_s16.h).
 */
#include "Include/Internal/kiln_conv_s16.h"

/* ---- shape ----------------------------------------------------------------------------------- */

/* ---- other arguments ------------------------------------------------------------------------- */

bool kiln_conv_s16_params_ok(const cmsis_nn_conv_params *conv_params,
                             const cmsis_nn_per_channel_quant_params *quant_params,
                             const int16_t *input_data,
                             const int8_t *filter_data,
                             const cmsis_nn_bias_data *bias_data,
                             const int16_t *output_data,
                             int32_t out_c)
{
    if (conv_params == NULL || quant_params == NULL || quant_params->multiplier == NULL ||
        quant_params->shift == NULL || input_data == NULL || filter_data == NULL || bias_data == NULL ||
        output_data == NULL || out_c < 0)
    {
        return false;
    }
    if (conv_params->output_offset < -KILN_CONV_S16_MAX_OUT_OFFSET ||
        conv_params->output_offset > KILN_CONV_S16_MAX_OUT_OFFSET ||
        !kiln_act_s16_ok(conv_params->activation.min, conv_params->activation.max))
    {
        return false;
    }
    return kiln_quant_ok(quant_params->multiplier, quant_params->shift, out_c);
}

bool kiln_conv_s16_ctx_ok(const cmsis_nn_context *ctx, int64_t need)
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
    kiln_conv_s16_route route;
    const char *name;
    int64_t (*scratch)(kiln_isa isa);
} kiln_conv_s16_route_entry;

/* The direct loop reads the input in place: no scratch on any backend. */
static int64_t kiln_conv_s16_scratch_none(kiln_isa isa)
{
    (void)isa;
    return 0;
}

static const kiln_conv_s16_route_entry kiln_conv_s16_routes[KILN_CONV_S16_ROUTE_COUNT] = {
    {KILN_CONV_S16_ROUTE_C, "conv_s16_c", kiln_conv_s16_scratch_none},
};

const char *kiln_conv_s16_route_name(kiln_conv_s16_route route)
{
    return ((uint32_t)route < (uint32_t)KILN_CONV_S16_ROUTE_COUNT) ? kiln_conv_s16_routes[route].name : "?";
}

/* The route of a backend: "conv_s16_c" everywhere (portable C on the DSP and MVE builds too). */
static const kiln_conv_s16_route_entry *kiln_conv_s16_route_for(kiln_isa isa)
{
    (void)isa;
    return &kiln_conv_s16_routes[KILN_CONV_S16_ROUTE_C];
}

arm_cmsis_nn_status kiln_conv_s16_plan(const kiln_conv_s16_shape *s, kiln_isa isa, kiln_conv_s16_plan_t *out)
{
    if (out == NULL || !kiln_conv_geom_ok(s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_conv_s16_route_entry *e = kiln_conv_s16_route_for(isa);
    const int64_t scratch = e->scratch(isa);
    if (scratch < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    out->route = e->route;
    out->route_name = e->name;
    out->isa = isa;
    out->groups = s->in_c / s->filter_c;
    out->rhs_cols = (int32_t)((int64_t)s->filter_h * s->filter_w * s->filter_c);
    out->empty = s->batches == 0 || s->out_h == 0 || s->out_w == 0 || s->out_c == 0;
    out->scratch_bytes = scratch;
    return ARM_CMSIS_NN_SUCCESS;
}

int64_t kiln_conv_s16_plan_partial(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (input_dims == NULL || filter_dims == NULL || input_dims->n < 0 || input_dims->h < 0 || input_dims->w < 0 ||
        input_dims->c < 1 || filter_dims->h < 1 || filter_dims->w < 1 || filter_dims->c < 1 ||
        input_dims->c % filter_dims->c != 0)
    {
        return -1;
    }
    const cmsis_nn_dims dot = {1, filter_dims->h, filter_dims->w, filter_dims->c};
    if (kiln_dims_count(&dot) > INT32_MAX)
    {
        return -1;
    }
    return kiln_conv_s16_route_for(isa)->scratch(isa);
}

/* ---- the entry ------------------------------------------------------------------------------- */

arm_cmsis_nn_status kiln_conv_s16_entry(const cmsis_nn_context *ctx,
                                        const cmsis_nn_conv_params *conv_params,
                                        const cmsis_nn_per_channel_quant_params *quant_params,
                                        const cmsis_nn_dims *input_dims,
                                        const int16_t *input_data,
                                        const cmsis_nn_dims *filter_dims,
                                        const int8_t *filter_data,
                                        const cmsis_nn_bias_data *bias_data,
                                        const cmsis_nn_dims *output_dims,
                                        int16_t *output_data)
{
    kiln_conv_s16_shape s;
    kiln_conv_s16_plan_t plan;
    if (!kiln_conv_geom_from(conv_params, input_dims, filter_dims, output_dims, &s) ||
        kiln_conv_s16_plan(&s, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_conv_s16_params_ok(conv_params, quant_params, input_data, filter_data, bias_data, output_data, s.out_c) ||
        !kiln_conv_s16_ctx_ok(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (plan.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const bool is32 = bias_data->is_int32_bias;
    const kiln_conv_s16_run_args a = {
        &s,
        &plan,
        input_data,
        filter_data,
        is32,
        is32 ? NULL : (const int64_t *)bias_data->data,
        is32 ? (const int32_t *)bias_data->data : NULL,
        quant_params->multiplier,
        quant_params->shift,
        conv_params->output_offset,
        conv_params->activation.min,
        conv_params->activation.max,
        output_data,
    };
    kiln_conv_s16_run_c(&a);
    return ARM_CMSIS_NN_SUCCESS;
}
