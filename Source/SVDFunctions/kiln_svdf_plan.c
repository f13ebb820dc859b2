/*
 * Kiln — the SVDF family plan (route and context bytes for the entries and every size query) and
 * the argument checks both entries share. See Internal/kiln_svdf.h.
 */
#include "Include/Internal/kiln_svdf.h"

arm_cmsis_nn_status kiln_svdf_plan(const kiln_svdf_shape *shape, kiln_svdf_op op, kiln_isa isa, kiln_svdf_plan_t *out)
{
    (void)isa; /* one portable route for every backend */
    if (shape == NULL || out == NULL || (op != KILN_SVDF_OP_S8 && op != KILN_SVDF_OP_STATE_S16) ||
        shape->batches < 0 || shape->input_size < 0 || shape->feature_batches < 0 || shape->memory_size < 0 ||
        shape->rank < 1 || shape->feature_batches % shape->rank != 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t units = shape->feature_batches / shape->rank;
    out->route = KILN_SVDF_ROUTE_C;
    out->name = "svdf_c";
    out->ctx_bytes = 0;
    /* batches * filters < 2^62 is exact; times 4 saturates at INT64_MAX */
    out->input_ctx_bytes =
        kiln_mul_sat64((int64_t)shape->batches * shape->feature_batches, (int64_t)sizeof(int32_t));
    out->output_ctx_bytes = kiln_mul_sat64((int64_t)shape->batches * units, (int64_t)sizeof(int32_t));
    return ARM_CMSIS_NN_SUCCESS;
}

static bool kiln_svdf_off_ok(int32_t off)
{
    return off >= -KILN_SVDF_MAX_OFFSET && off <= KILN_SVDF_MAX_OFFSET;
}

static bool kiln_svdf_le_s32(int64_t a, int64_t b)
{
    return kiln_mul_sat64(a, b) <= INT32_MAX;
}

arm_cmsis_nn_status kiln_svdf_validate(kiln_svdf_op op,
                                       bool ctx_given,
                                       const cmsis_nn_context *ctx,
                                       const cmsis_nn_context *input_ctx,
                                       const cmsis_nn_context *output_ctx,
                                       const cmsis_nn_svdf_params *svdf_params,
                                       const cmsis_nn_per_tensor_quant_params *input_quant_params,
                                       const cmsis_nn_per_tensor_quant_params *output_quant_params,
                                       const cmsis_nn_dims *input_dims,
                                       const void *input_data,
                                       const void *state_data,
                                       const cmsis_nn_dims *weights_feature_dims,
                                       const void *weights_feature_data,
                                       const cmsis_nn_dims *weights_time_dims,
                                       const void *weights_time_data,
                                       const void *output_data,
                                       kiln_svdf_args *args)
{
    if (args == NULL || svdf_params == NULL || input_quant_params == NULL || output_quant_params == NULL ||
        input_dims == NULL || input_data == NULL || state_data == NULL || weights_feature_dims == NULL ||
        weights_feature_data == NULL || weights_time_dims == NULL || weights_time_data == NULL ||
        output_data == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_svdf_shape shape = {
        input_dims->n, input_dims->h, weights_feature_dims->n, svdf_params->rank, weights_time_dims->h};
    kiln_svdf_plan_t plan;
    if (kiln_svdf_plan(&shape, op, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS || shape.memory_size < 1)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* element counts of input, weights and state, and the scratch bytes, within int32 */
    const int64_t rows = (int64_t)shape.batches * shape.feature_batches; /* < 2^62, exact */
    if (!kiln_svdf_le_s32(shape.batches, shape.input_size) ||
        !kiln_svdf_le_s32(shape.feature_batches, shape.input_size) ||
        !kiln_svdf_le_s32(shape.feature_batches, shape.memory_size) || !kiln_svdf_le_s32(rows, shape.memory_size) ||
        plan.input_ctx_bytes > INT32_MAX || plan.output_ctx_bytes > INT32_MAX || plan.ctx_bytes > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t in_mult = input_quant_params->multiplier, in_shift = input_quant_params->shift;
    const int32_t out_mult = output_quant_params->multiplier, out_shift = output_quant_params->shift;
    if (in_mult < 0 || out_mult < 0 || !kiln_shift_ok(in_shift) || !kiln_shift_ok(out_shift) ||
        !kiln_svdf_off_ok(svdf_params->input_offset) || !kiln_svdf_off_ok(svdf_params->output_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t out_min = svdf_params->output_activation.min, out_max = svdf_params->output_activation.max;
    int32_t st_min = svdf_params->input_activation.min, st_max = svdf_params->input_activation.max;
    if (!kiln_act_s8_ok(out_min, out_max) || !kiln_act_s16_ok(st_min, st_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (op == KILN_SVDF_OP_S8)
    {
        st_min = st_min < INT8_MIN ? INT8_MIN : st_min;
        st_max = st_max > INT8_MAX ? INT8_MAX : st_max;
        if (st_min > st_max)
        {
            return ARM_CMSIS_NN_ARG_ERROR; /* no overlap with the int8 range */
        }
    }
    /* input_ctx and output_ctx are upstream's scratch, which Kiln does not use: they are not read
     * (TFLite Micro sets their buffers but leaves their sizes unset). */
    (void)input_ctx;
    (void)output_ctx;
    if (ctx_given && !kiln_ctx_holds(ctx, plan.ctx_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    args->shape = shape;
    args->units = shape.feature_batches / shape.rank;
    args->input_offset = svdf_params->input_offset;
    args->output_offset = svdf_params->output_offset;
    args->in_mult = in_mult;
    args->in_shift = in_shift;
    args->out_mult = out_mult;
    args->out_shift = out_shift;
    args->state_min = st_min;
    args->state_max = st_max;
    args->out_min = out_min;
    args->out_max = out_max;
    return ARM_CMSIS_NN_SUCCESS;
}
