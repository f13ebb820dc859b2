/*
 * Kiln — the common body of the int8 depthwise public entries and their buffer-size queries:
 * validate -> plan -> run. See Include/Internal/kiln_dw_s8.h.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s8.h"

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
                                     int8_t *output)
{
    kiln_dw_s8_shape shape;
    if (!kiln_dw_s8_shape_from(params, input_dims, filter_dims, output_dims, &shape) ||
        !kiln_dw_s8_args_ok(&shape, params, quant, input, filter, output))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (need != KILN_DW_S8_ROUTE_GENERIC && !kiln_dw_s8_route_applies(need, &shape))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_dw_s8_plan_t plan;
    if (!kiln_dw_s8_plan(&shape, KILN_NATIVE_ISA, &plan) || !kiln_ctx_holds(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t *weight_sum = NULL;
    if (plan.weight_sum_bytes > 0 && weight_sum_ctx != NULL && weight_sum_ctx->buf != NULL)
    {
        /* A stated size below out_c words is an error; size 0 means "not stated". */
        if (weight_sum_ctx->size < 0 ||
            (weight_sum_ctx->size > 0 && (int64_t)weight_sum_ctx->size < plan.weight_sum_bytes))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        weight_sum = (const int32_t *)weight_sum_ctx->buf;
    }
    const kiln_dw_s8_args args = {input,
                                  filter,
                                  bias,
                                  quant->multiplier,
                                  quant->shift,
                                  weight_sum,
                                  output,
                                  params->input_offset,
                                  params->output_offset,
                                  params->activation.min,
                                  params->activation.max};
    kiln_dw_s8_run(plan.route, &shape, &args);
    return ARM_CMSIS_NN_SUCCESS;
}

int32_t kiln_dw_s8_query(const cmsis_nn_dw_conv_params *params,
                         const cmsis_nn_dims *input_dims,
                         const cmsis_nn_dims *filter_dims,
                         const cmsis_nn_dims *output_dims,
                         kiln_isa isa)
{
    kiln_dw_s8_shape shape;
    kiln_dw_s8_plan_t plan;
    if (!kiln_dw_s8_shape_from(params, input_dims, filter_dims, output_dims, &shape) ||
        !kiln_dw_s8_plan(&shape, isa, &plan))
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t kiln_dw_s8_opt_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (input_dims == NULL || filter_dims == NULL || input_dims->n < 1 || input_dims->h < 1 || input_dims->w < 1 ||
        input_dims->c < 1 || filter_dims->h < 1 || filter_dims->w < 1 || filter_dims->c != input_dims->c)
    {
        return -1;
    }
    const cmsis_nn_dims fd = {1, filter_dims->h, filter_dims->w, filter_dims->c};
    if (kiln_dims_count(input_dims) > INT32_MAX || kiln_dims_count(&fd) > INT32_MAX)
    {
        return -1;
    }
    /* The smallest ch_mult-1 shape with this input and filter ("opt", or "3x3" when it applies):
     * neither route takes scratch on any backend, whatever the stride, padding and dilation. */
    kiln_dw_s8_shape shape = {input_dims->n, input_dims->h, input_dims->w, input_dims->c, 1, 1, input_dims->c,
                              1,             filter_dims->h, filter_dims->w, 1, 1, 0, 0, 1, 1};
    kiln_dw_s8_plan_t plan;
    if (!kiln_dw_s8_plan_route(&shape, isa, KILN_DW_S8_ROUTE_OPT, &plan))
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}
