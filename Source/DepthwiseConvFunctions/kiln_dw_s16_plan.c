/*
 * Kiln — the int16x8 depthwise convolution plan: validation, the plan (one route, "dw_s16_c", on
 * every backend, no scratch), the common entry body and the size queries. See
 * Include/Internal/kiln_dw_s16.h.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s16.h"

#include <string.h>

static const char *const kiln_dw_s16_names[KILN_DW_S16_ROUTE_COUNT] = {"dw_s16_c"};

const char *kiln_dw_s16_route_name(kiln_dw_s16_route route)
{
    return ((uint32_t)route < (uint32_t)KILN_DW_S16_ROUTE_COUNT) ? kiln_dw_s16_names[route] : "?";
}

bool kiln_dw_s16_plan(const kiln_dw_s16_req *req, kiln_isa isa, kiln_dw_s16_plan_t *plan)
{
    if (req == NULL || plan == NULL)
    {
        return false;
    }
    (void)isa; /* the same portable C route on every backend */
    plan->route = KILN_DW_S16_ROUTE_C;
    plan->name = kiln_dw_s16_names[KILN_DW_S16_ROUTE_C];
    plan->scratch_bytes = 0; /* reads the NHWC input in place */
    return true;
}

bool kiln_dw_s16_args_ok(const kiln_dw_s16_req *req,
                         const cmsis_nn_dw_conv_params *params,
                         const cmsis_nn_per_channel_quant_params *quant,
                         const int16_t *input,
                         const int8_t *filter,
                         const int16_t *output)
{
    if (req == NULL || params == NULL || quant == NULL)
    {
        return false;
    }
    if (params->input_offset != 0 || params->output_offset < -KILN_DW_S16_MAX_OUT_OFFSET ||
        params->output_offset > KILN_DW_S16_MAX_OUT_OFFSET ||
        !kiln_act_s16_ok(params->activation.min, params->activation.max))
    {
        return false;
    }
    if (req->empty)
    {
        return true;
    }
    if (quant->multiplier == NULL || quant->shift == NULL || input == NULL || filter == NULL || output == NULL)
    {
        return false;
    }
    return kiln_quant_ok(quant->multiplier, quant->shift, req->shape.out_c);
}

arm_cmsis_nn_status kiln_dw_s16_entry(const cmsis_nn_context *ctx,
                                      const cmsis_nn_dw_conv_params *params,
                                      const cmsis_nn_per_channel_quant_params *quant,
                                      const cmsis_nn_dims *input_dims,
                                      const int16_t *input,
                                      const cmsis_nn_dims *filter_dims,
                                      const int8_t *filter,
                                      const int64_t *bias,
                                      const cmsis_nn_dims *output_dims,
                                      int16_t *output)
{
    kiln_dw_s16_req req;
    kiln_dw_s16_plan_t plan;
    if (!kiln_dw_req_from(params, input_dims, filter_dims, output_dims, &req) ||
        !kiln_dw_s16_args_ok(&req, params, quant, input, filter, output) ||
        !kiln_dw_s16_plan(&req, KILN_NATIVE_ISA, &plan) || !kiln_ctx_holds(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (req.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const kiln_dw_s16_args args = {input,
                                   filter,
                                   bias,
                                   quant->multiplier,
                                   quant->shift,
                                   output,
                                   params->output_offset,
                                   params->activation.min,
                                   params->activation.max};
    kiln_dw_s16_kernel_c(&req.shape, &args);
    return ARM_CMSIS_NN_SUCCESS;
}

int32_t kiln_dw_s16_query(const cmsis_nn_dw_conv_params *params,
                          const cmsis_nn_dims *input_dims,
                          const cmsis_nn_dims *filter_dims,
                          const cmsis_nn_dims *output_dims,
                          kiln_isa isa)
{
    kiln_dw_s16_req req;
    kiln_dw_s16_plan_t plan;
    if (!kiln_dw_req_from(params, input_dims, filter_dims, output_dims, &req) ||
        !kiln_dw_s16_plan(&req, isa, &plan))
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t kiln_dw_s16_fast_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (input_dims == NULL || filter_dims == NULL)
    {
        return -1;
    }
    const cmsis_nn_dims *i = input_dims;
    const cmsis_nn_dims *f = filter_dims;
    if (i->n < 0 || i->h < 0 || i->w < 0 || i->c < 0 || f->n < 0 || f->c < 0 || f->h < 1 || f->w < 1)
    {
        return -1;
    }
    /* ch_mult = filter c / input c: a positive integer (or both 0: no channels). */
    int32_t ch_mult = 1;
    if (i->c == 0 || f->c == 0)
    {
        if (i->c != f->c)
        {
            return -1;
        }
    }
    else
    {
        if (f->c % i->c != 0)
        {
            return -1;
        }
        ch_mult = f->c / i->c;
    }
    /* One request with this input and filter: unit stride and dilation, VALID output, or, along an
     * axis where the filter is larger than the input, the padding that makes one window fit. The
     * plan gives every geometry of a call the same route and bytes. */
    cmsis_nn_dw_conv_params p;
    memset(&p, 0, sizeof(p));
    p.ch_mult = ch_mult;
    p.stride.h = 1;
    p.stride.w = 1;
    p.dilation.h = 1;
    p.dilation.w = 1;
    p.activation.min = INT16_MIN;
    p.activation.max = INT16_MAX;
    p.padding.h = (i->h > 0 && i->h < f->h) ? (f->h - i->h) / 2 : 0;
    p.padding.w = (i->w > 0 && i->w < f->w) ? (f->w - i->w) / 2 : 0;
    const cmsis_nn_dims o = {i->n,
                             i->h == 0 ? 0 : (i->h >= f->h ? i->h - f->h + 1 : 1),
                             i->w == 0 ? 0 : (i->w >= f->w ? i->w - f->w + 1 : 1),
                             f->c};
    return kiln_dw_s16_query(&p, i, f, &o, isa);
}
