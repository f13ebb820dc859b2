/*
 * Kiln — arm_fully_connected_s4: TFLite int8 FULLY_CONNECTED (per-tensor quantization) with int4
 * weights, in portable C on every backend (route "fc_s4_c" of kiln_fc_plan, no context bytes):
 *   out[b][r] = clamp(requant(bias[r] + sum_k (w[r][k] + filter_offset) * (in[b][k] + input_offset))
 *                     + output_offset, act.min, act.max)
 * with requant = arm_nn_requantize(acc, multiplier, shift) and the sum wrapping modulo 2^32 like
 * the int8 kernels (TFLite passes filter_offset 0 for int4: symmetric weights).
 *
 * Weights: the rows x cols matrix (row r = output r, cols = accumulation depth) in row-major order,
 * value e = r * cols + k packed two per byte over the whole matrix: the low nibble of byte e / 2
 * for even e, the high nibble for odd e, each a two's-complement 4-bit number. With an odd cols
 * every other row starts in the middle of a byte; an odd rows * cols leaves the last high nibble
 * unused (never read). (rows * cols + 1) / 2 bytes.
 *
 * Validation as arm_fully_connected_s8 (per-tensor): NULL pointers, layout (input [n, h * w * c =
 * cols], filter_dims->n = cols, filter_dims->c = rows, output [n, rows]), sizes within int32,
 * offsets within +-KILN_FC_S8_MAX_OFFSET, an int8 activation range, the requantization parameters
 * and the context against the plan (0 bytes: any ctx, NULL included). Empty output: success.
 */
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnfunctions.h"

/* One output row: sum_k (w[e0 + k] + fo) * (x[k] + io), wrapping; every product is below 2^30 in
 * magnitude (|w + fo| <= 8 + 32639, |x + io| <= 128 + 32639). */
int32_t kiln_fc_s4_dot(const int8_t *x, const int8_t *packed, uint32_t e0, int32_t cols, int32_t io, int32_t fo)
{
    uint32_t acc = 0;
    int32_t k = 0;
    const int8_t *p = packed + (e0 >> 1);
    if ((e0 & 1u) != 0u && cols > 0)
    {
        const int32_t w = (int32_t)(((uint32_t)(uint8_t)*p >> 4) ^ 8u) - 8;
        acc += (uint32_t)((w + fo) * ((int32_t)x[0] + io));
        p++;
        k = 1;
    }
    for (; k + 1 < cols; k += 2, p++)
    {
        const uint32_t byte = (uint32_t)(uint8_t)*p;
        const int32_t w0 = (int32_t)((byte & 0xFu) ^ 8u) - 8;
        const int32_t w1 = (int32_t)((byte >> 4) ^ 8u) - 8;
        acc += (uint32_t)((w0 + fo) * ((int32_t)x[k] + io));
        acc += (uint32_t)((w1 + fo) * ((int32_t)x[k + 1] + io));
    }
    if (k < cols)
    {
        const int32_t w = (int32_t)(((uint32_t)(uint8_t)*p & 0xFu) ^ 8u) - 8;
        acc += (uint32_t)((w + fo) * ((int32_t)x[k] + io));
    }
    return (int32_t)acc;
}

arm_cmsis_nn_status arm_fully_connected_s4(const cmsis_nn_context *ctx,
                                           const cmsis_nn_fc_params *fc_params,
                                           const cmsis_nn_per_tensor_quant_params *quant_params,
                                           const cmsis_nn_dims *input_dims,
                                           const int8_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const int8_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const int32_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           int8_t *output_data)
{
    (void)bias_dims;
    if (fc_params == NULL || quant_params == NULL || input_dims == NULL || input_data == NULL || filter_dims == NULL ||
        filter_data == NULL || output_dims == NULL || output_data == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t batches, cols, rows; /* the layout of arm_fully_connected_s8 (kiln_fc_layout_ok) */
    if (!kiln_fc_layout_ok(input_dims, filter_dims, output_dims, &batches, &cols, &rows))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t io = fc_params->input_offset;
    const int32_t fo = fc_params->filter_offset;
    if (!kiln_fc_s8_offset_ok(io) || !kiln_fc_s8_offset_ok(fo) || !kiln_fc_s8_offset_ok(fc_params->output_offset) ||
        !kiln_act_s8_ok(fc_params->activation.min, fc_params->activation.max) ||
        !kiln_fc_s8_quant_ok(quant_params->multiplier, quant_params->shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_fc_s8_shape shape = {batches, cols, rows};
    kiln_fc_s8_plan_t plan;
    if (kiln_fc_plan(&shape, KILN_FC_OP_S4, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS ||
        plan.route != KILN_FC_S8_ROUTE_S4_C || !kiln_ctx_holds(ctx, kiln_fc_s8_plan_ctx_bytes(&plan)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }

    const int32_t mult = quant_params->multiplier;
    const int32_t shift = quant_params->shift;
    const int32_t out_off = fc_params->output_offset;
    const int32_t act_min = fc_params->activation.min;
    const int32_t act_max = fc_params->activation.max;
    for (int32_t b = 0; b < batches; b++)
    {
        const int8_t *x = input_data + (size_t)b * (size_t)cols;
        int8_t *dst = output_data + (size_t)b * (size_t)rows;
        for (int32_t r = 0; r < rows; r++)
        {
            const int32_t sum = kiln_fc_s4_dot(x, filter_data, (uint32_t)r * (uint32_t)cols, cols, io, fo);
            const int32_t acc = kiln_wrap_add(sum, bias_data != NULL ? bias_data[r] : 0);
            /* In 64 bits: a requantized value near the int32 limits plus the offset must not overflow. */
            int64_t y = (int64_t)arm_nn_requantize(acc, mult, shift) + out_off;
            y = y < act_min ? act_min : (y > act_max ? act_max : y);
            dst[r] = (int8_t)y;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
