/*
 * Kiln — arm_svdf_s8: TFLite int8 SVDF with an int8 state and int8 time weights, one time step
 * per call (Internal/kiln_svdf.h). Portable C on every backend (route "svdf_c"): no context bytes;
 * input_ctx / output_ctx are validated for the API but not used.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_svdf.h"

arm_cmsis_nn_status arm_svdf_s8(const cmsis_nn_context *ctx,
                                const cmsis_nn_context *input_ctx,
                                const cmsis_nn_context *output_ctx,
                                const cmsis_nn_svdf_params *svdf_params,
                                const cmsis_nn_per_tensor_quant_params *input_quant_params,
                                const cmsis_nn_per_tensor_quant_params *output_quant_params,
                                const cmsis_nn_dims *input_dims,
                                const int8_t *input_data,
                                const cmsis_nn_dims *state_dims,
                                int8_t *state_data,
                                const cmsis_nn_dims *weights_feature_dims,
                                const int8_t *weights_feature_data,
                                const cmsis_nn_dims *weights_time_dims,
                                const int8_t *weights_time_data,
                                const cmsis_nn_dims *bias_dims,
                                const int32_t *bias_data,
                                const cmsis_nn_dims *output_dims,
                                int8_t *output_data)
{
    (void)state_dims; /* not read: callers leave them unset (see Internal/kiln_svdf.h) */
    (void)bias_dims;
    (void)output_dims;
    kiln_svdf_args a;
    if (kiln_svdf_validate(KILN_SVDF_OP_S8, true, ctx, input_ctx, output_ctx, svdf_params, input_quant_params,
                           output_quant_params, input_dims, input_data, state_data, weights_feature_dims,
                           weights_feature_data, weights_time_dims, weights_time_data, output_data,
                           &a) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t batches = a.shape.batches, cols = a.shape.input_size, filters = a.shape.feature_batches;
    const int32_t mem = a.shape.memory_size, rank = a.shape.rank;
    const size_t count = (size_t)batches * (size_t)filters * (size_t)mem;
    if (count == 0)
    {
        return ARM_CMSIS_NN_SUCCESS; /* nothing to shift, compute or write */
    }

    /* 1. every row one step older: the whole buffer one element down (each row's last slot is
     *    rewritten below) */
    memmove(state_data, state_data + 1, (count - 1) * sizeof(int8_t));

    /* 2. the newest column: requantized feature dot products */
    for (int32_t b = 0; b < batches; b++)
    {
        const int8_t *in = input_data + (size_t)b * (size_t)cols;
        int8_t *col = state_data + (size_t)b * (size_t)filters * (size_t)mem + (size_t)(mem - 1);
        const int8_t *w = weights_feature_data;
        for (int32_t f = 0; f < filters; f++)
        {
            col[(size_t)f * (size_t)mem] = (int8_t)kiln_svdf_state_value(
                kiln_svdf_feature_dot(in, w, cols, a.input_offset), &a);
            w += cols;
        }
    }

    /* 3. time filters, rank sums, bias, output requantization */
    for (int32_t b = 0; b < batches; b++)
    {
        const int8_t *st = state_data + (size_t)b * (size_t)filters * (size_t)mem;
        const int8_t *wt = weights_time_data;
        int8_t *out = output_data + (size_t)b * (size_t)a.units;
        for (int32_t u = 0; u < a.units; u++)
        {
            uint32_t sum = bias_data != NULL ? (uint32_t)bias_data[u] : 0u;
            for (int32_t r = 0; r < rank; r++)
            {
                for (int32_t t = 0; t < mem; t++)
                {
                    sum += (uint32_t)((int32_t)wt[t] * (int32_t)st[t]);
                }
                wt += mem;
                st += mem;
            }
            out[u] = kiln_svdf_out(sum, &a);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
