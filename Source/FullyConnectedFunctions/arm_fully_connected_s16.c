/*
 * Kiln — arm_fully_connected_s16, arm_fully_connected_per_channel_s16, arm_fully_connected_wrapper_s16 (+ their
 * size queries): TFLite int16x8 FULLY_CONNECTED (route "fc_s16_c" of kiln_fc_plan, no context bytes: the row loop
 * in C, each row's dot product by the backend's kernel), one body for the three entries:
 *   out[b][r] = clamp(R_r(sum_k in[b][k] * w[r][k] + bias[r]) + output_offset, act.min, act.max)
 * with R_r the int64 requantization of kiln_requant_s64 (arm_nn_requantize_s64 with
 * REDUCE_MULTIPLIER(multiplier), exact everywhere) by the layer's multiplier / shift, or row r's in the
 * per-channel form (ns-cmsis-nn). The input and filter offsets must be 0.
 *
 * Sums: exact in int64 (|in * w| <= 2^22: a row of cols < 2^31 products stays below 2^53), by the backend's
 * dot product (Internal/kiln_dot.h: SMLALD on DSP, VMLALDAVA on Helium); the bias is added inside
 * kiln_requant_s64.
 */
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnfunctions.h"

/* The shared body: per-tensor (mult[0], shift[0]) or per-channel (mult[r], shift[r] for every row). */
static arm_cmsis_nn_status kiln_fc_s16_entry(const cmsis_nn_context *ctx,
                                             const cmsis_nn_fc_params *fc_params,
                                             const int32_t *mult,
                                             const int32_t *shift,
                                             bool per_channel,
                                             const cmsis_nn_dims *input_dims,
                                             const int16_t *input_data,
                                             const cmsis_nn_dims *filter_dims,
                                             const int8_t *filter_data,
                                             const int64_t *bias_data,
                                             const cmsis_nn_dims *output_dims,
                                             int16_t *output_data)
{
    if (fc_params == NULL || mult == NULL || shift == NULL || input_dims == NULL || input_data == NULL ||
        filter_dims == NULL || filter_data == NULL || output_dims == NULL || output_data == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t batches, cols, rows; /* the layout of arm_fully_connected_s8 (kiln_fc_layout_ok) */
    if (!kiln_fc_layout_ok(input_dims, filter_dims, output_dims, &batches, &cols, &rows))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_fc_s16_offsets_ok(fc_params) || !kiln_act_s16_ok(fc_params->activation.min, fc_params->activation.max) ||
        (per_channel ? !kiln_quant_ok(mult, shift, rows) : !kiln_fc_s8_quant_ok(mult[0], shift[0])))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_fc_s8_shape shape = {batches, cols, rows};
    kiln_fc_s8_plan_t plan;
    if (kiln_fc_plan(&shape, KILN_FC_OP_S16, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS ||
        plan.route != KILN_FC_S8_ROUTE_S16_C || !kiln_ctx_holds(ctx, kiln_fc_s8_plan_ctx_bytes(&plan)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }

    kiln_fc_s16_args args = {REDUCE_MULTIPLIER(mult[0]), shift[0], fc_params->output_offset,
                             fc_params->activation.min, fc_params->activation.max};
    /* On Helium the four-output requantization (kiln_requant_s32_out4, four lanes) serves groups whose shifts are all
     * <= -2 and whose sums and biases lie in [-2^30, 2^30) (TFLite's usual layers); the shifts are checked once
     * here. */
    const bool shifts_ok = kiln_shifts_s32_ok(shift, per_channel ? rows : 1);
    /* ... and when a row has at most KILN_DOT4_CHUNK columns and every bias lies below 2^25 in magnitude, four rows'
     * sums come from one kernel call in int32 (sum + bias an int32) */
    const bool rows32 = (KILN_BUILD_MVE || KILN_BUILD_DSP) && shifts_ok && cols <= KILN_DOT4_CHUNK &&
                        kiln_bias_s64_small(bias_data, rows);
    const int32_t mult4[4] = {mult[0], mult[0], mult[0], mult[0]};
    const int32_t shift4[4] = {shift[0], shift[0], shift[0], shift[0]};
    for (int32_t b = 0; b < batches; b++)
    {
        const int16_t *x = input_data + (size_t)b * (size_t)cols;
        int16_t *dst = output_data + (size_t)b * (size_t)rows;
        /* four rows per dot product (the input loads shared), then two, then the last odd row */
        for (int32_t r = 0; r < rows;)
        {
            int64_t sums[4];
            const int32_t nr = rows - r >= 4 ? 4 : (rows - r >= 2 ? 2 : 1);
            const int8_t *w = filter_data + (size_t)r * (size_t)cols;
            if (rows32 && nr == 4)
            {
                int32_t acc[4];
                kiln_dot4_s16_s8_runs32(x, 0, w, 0, cols, cols, 1, acc);
                kiln_requant_s32_out4_bias(acc, bias_data != NULL ? bias_data + r : NULL,
                                           per_channel ? mult + r : mult4, per_channel ? shift + r : shift4,
                                           args.out_offset, args.act_min, args.act_max, dst + r);
                r += 4;
                continue;
            }
            if (nr == 4)
            {
                kiln_dot4_s16_s8(x, w, cols, cols, sums);
            }
            else if (nr == 2)
            {
                kiln_dot2_s16_s8(x, w, cols, cols, sums);
            }
            else
            {
                sums[0] = kiln_dot_s16_s8(x, w, cols);
            }
            /* (elsewhere the scalar path below costs no more) */
            if (KILN_BUILD_MVE && nr == 4 && shifts_ok &&
                kiln_requant_s64_out4(sums, bias_data != NULL ? bias_data + r : NULL, per_channel ? mult + r : mult4,
                                      per_channel ? shift + r : shift4, args.out_offset, args.act_min, args.act_max,
                                      dst + r))
            {
                r += 4;
                continue;
            }
            for (int32_t j = 0; j < nr; j++)
            {
                if (per_channel)
                {
                    args.rm = REDUCE_MULTIPLIER(mult[r + j]);
                    args.shift = shift[r + j];
                }
                dst[r + j] = kiln_fc_s16_out(sums[j], bias_data != NULL ? bias_data[r + j] : 0, &args);
            }
            r += nr;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_fully_connected_s16(const cmsis_nn_context *ctx,
                                            const cmsis_nn_fc_params *fc_params,
                                            const cmsis_nn_per_tensor_quant_params *quant_params,
                                            const cmsis_nn_dims *input_dims,
                                            const int16_t *input_data,
                                            const cmsis_nn_dims *filter_dims,
                                            const int8_t *filter_data,
                                            const cmsis_nn_dims *bias_dims,
                                            const int64_t *bias_data,
                                            const cmsis_nn_dims *output_dims,
                                            int16_t *output_data)
{
    (void)bias_dims;
    if (quant_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    return kiln_fc_s16_entry(ctx, fc_params, &quant_params->multiplier, &quant_params->shift, false, input_dims,
                             input_data, filter_dims, filter_data, bias_data, output_dims, output_data);
}

arm_cmsis_nn_status arm_fully_connected_per_channel_s16(const cmsis_nn_context *ctx,
                                                        const cmsis_nn_fc_params *fc_params,
                                                        const cmsis_nn_per_channel_quant_params *quant_params,
                                                        const cmsis_nn_dims *input_dims,
                                                        const int16_t *input_data,
                                                        const cmsis_nn_dims *filter_dims,
                                                        const int8_t *kernel,
                                                        const cmsis_nn_dims *bias_dims,
                                                        const int64_t *bias_data,
                                                        const cmsis_nn_dims *output_dims,
                                                        int16_t *output_data)
{
    (void)bias_dims;
    if (quant_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    return kiln_fc_s16_entry(ctx, fc_params, quant_params->multiplier, quant_params->shift, true, input_dims,
                             input_data, filter_dims, kernel, bias_data, output_dims, output_data);
}

arm_cmsis_nn_status arm_fully_connected_wrapper_s16(const cmsis_nn_context *ctx,
                                                    const cmsis_nn_fc_params *fc_params,
                                                    const cmsis_nn_quant_params *quant_params,
                                                    const cmsis_nn_dims *input_dims,
                                                    const int16_t *input_data,
                                                    const cmsis_nn_dims *filter_dims,
                                                    const int8_t *filter_data,
                                                    const cmsis_nn_dims *bias_dims,
                                                    const int64_t *bias_data,
                                                    const cmsis_nn_dims *output_dims,
                                                    int16_t *output_data)
{
    (void)bias_dims;
    if (quant_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    return kiln_fc_s16_entry(ctx, fc_params, quant_params->multiplier, quant_params->shift,
                             quant_params->is_per_channel != 0, input_dims, input_data, filter_dims, filter_data,
                             bias_data, output_dims, output_data);
}

/* ---- size queries: kiln_fc_plan's bytes for the int16 operator (0 on every backend), per-tensor and per-channel
 * alike ---------------------------------------------------------------------------------------------------------- */

static int32_t kiln_fc_s16_query(const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (filter_dims == NULL)
    {
        return -1;
    }
    const kiln_fc_s8_shape shape = {0, filter_dims->n, filter_dims->c};
    kiln_fc_s8_plan_t plan;
    if (kiln_fc_plan(&shape, KILN_FC_OP_S16, isa, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(kiln_fc_s8_plan_ctx_bytes(&plan));
}

int32_t arm_fully_connected_s16_get_buffer_size(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s16_query(filter_dims, KILN_NATIVE_ISA);
}

int32_t arm_fully_connected_s16_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s16_query(filter_dims, KILN_ISA_DSP);
}

int32_t arm_fully_connected_s16_get_buffer_size_mve(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s16_query(filter_dims, KILN_ISA_MVE);
}

int32_t arm_fully_connected_per_channel_s16_get_buffer_size(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s16_query(filter_dims, KILN_NATIVE_ISA);
}

int32_t arm_fully_connected_per_channel_s16_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s16_query(filter_dims, KILN_ISA_DSP);
}

int32_t arm_fully_connected_per_channel_s16_get_buffer_size_mve(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s16_query(filter_dims, KILN_ISA_MVE);
}
