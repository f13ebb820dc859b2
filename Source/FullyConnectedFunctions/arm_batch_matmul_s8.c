/*
 * Kiln — arm_batch_matmul_s8: TFLite int8 BATCH_MATMUL on operands already laid out for the
 * kernel, exactly as CMSIS-NN takes them: lhs [B_l, H_l, M, K] (input_lhs_dims n, h, w, c) and the
 * transposed rhs [B_r, H_r, N, K] (input_rhs_dims n, h, w, c); output [B, H, M, N]. TFLite's
 * adj_x / adj_y describe the graph: the caller (TFLM) transposes an operand when needed, so the
 * flags are not read here (the upstream drivers pass pre-transposed tensors with the flags set).
 * Batch and height broadcast: equal, or one side 1.
 *   out[b][h][m][n] = clamp(requantize(sum_k (lhs[m][k] + lhs_off) * (rhs[n][k] + rhs_off))
 *                           + output_offset)
 * with lhs_off = fc_params.input_offset, rhs_off = fc_params.filter_offset.
 * MVE route "mve_ksum": ctx->buf holds the N kernel sums of the current rhs matrix, recomputed by
 * this function for each distinct rhs matrix (nothing is trusted from the caller); DSP / C: none.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_fc_s8.h"

arm_cmsis_nn_status arm_batch_matmul_s8(const cmsis_nn_context *ctx,
                                        const cmsis_nn_bmm_params *bmm_params,
                                        const cmsis_nn_per_tensor_quant_params *quant_params,
                                        const cmsis_nn_dims *input_lhs_dims,
                                        const int8_t *input_lhs,
                                        const cmsis_nn_dims *input_rhs_dims,
                                        const int8_t *input_rhs,
                                        const cmsis_nn_dims *output_dims,
                                        int8_t *output)
{
    if (bmm_params == NULL || quant_params == NULL || input_lhs_dims == NULL || input_lhs == NULL ||
        input_rhs_dims == NULL || input_rhs == NULL || output_dims == NULL || output == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const cmsis_nn_dims *l = input_lhs_dims;
    const cmsis_nn_dims *r = input_rhs_dims;
    const cmsis_nn_dims *o = output_dims;
    const int32_t m = l->w;
    const int32_t k = l->c;
    const int32_t n = r->w;
    if (!kiln_bmm_dims_ok(l, r, o))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const cmsis_nn_fc_params *fp = &bmm_params->fc_params;
    if (!kiln_fc_s8_offset_ok(fp->input_offset) || !kiln_fc_s8_offset_ok(fp->filter_offset) ||
        !kiln_fc_s8_offset_ok(fp->output_offset) || !kiln_act_s8_ok(fp->activation.min, fp->activation.max) ||
        !kiln_fc_s8_quant_ok(quant_params->multiplier, quant_params->shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_bmm_s8_shape shape = {n, k};
    kiln_bmm_s8_plan_t plan;
    if (kiln_bmm_s8_plan(&shape, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_ctx_holds(ctx, plan.scratch_bytes) ||
        (plan.scratch_bytes > 0 && ((uintptr_t)ctx->buf & 3u) != 0))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }

    const kiln_fc_s8_args args = {k,
                                  n,
                                  fp->input_offset,
                                  fp->filter_offset,
                                  fp->output_offset,
                                  fp->activation.min,
                                  fp->activation.max,
                                  1,
                                  NULL,
                                  NULL,
                                  quant_params->multiplier,
                                  quant_params->shift};
    const size_t lhs_mat = (size_t)m * (size_t)k;
    const size_t rhs_mat = (size_t)n * (size_t)k;
    const size_t out_mat = (size_t)m * (size_t)n;
    int32_t *ksum = plan.route == KILN_BMM_S8_ROUTE_MVE_KSUM ? (int32_t *)ctx->buf : NULL;
    const int8_t *ksum_of = NULL; /* the rhs matrix whose sums ksum holds */

    for (int32_t b = 0; b < o->n; b++)
    {
        const int32_t lb = l->n == 1 ? 0 : b;
        const int32_t rb = r->n == 1 ? 0 : b;
        for (int32_t h = 0; h < o->h; h++)
        {
            const int32_t lh = l->h == 1 ? 0 : h;
            const int32_t rh = r->h == 1 ? 0 : h;
            const int8_t *lhs = input_lhs + ((size_t)lb * (size_t)l->h + (size_t)lh) * lhs_mat;
            const int8_t *rhs = input_rhs + ((size_t)rb * (size_t)r->h + (size_t)rh) * rhs_mat;
            int8_t *dst = output + ((size_t)b * (size_t)o->h + (size_t)h) * out_mat;
            if (m == 0 || n == 0)
            {
                continue;
            }
            if (ksum != NULL && ksum_of != rhs)
            {
                kiln_fc_s8_row_sums(ksum, k, n, rhs, fp->input_offset, fp->filter_offset, NULL);
                ksum_of = rhs;
            }
            kiln_fc_s8_mat_mat(lhs, m, rhs, ksum, NULL, dst, n, &args);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
