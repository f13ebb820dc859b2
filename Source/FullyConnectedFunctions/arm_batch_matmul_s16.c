/*
 * Kiln — arm_batch_matmul_s16: TFLite int16 BATCH_MATMUL on every backend (route "bmm_s16_c" of
 * kiln_bmm_plan, no context bytes), the dot products two rhs rows at a time on the backend's kernel
 * (kiln_dot2_s16_s16, Internal/kiln_dot.h: SMLALD on DSP, VMLALDAVA on Helium). Operand layout, broadcasting and adj_x / adj_y
 * as arm_batch_matmul_s8: lhs [B_l, H_l, M, K] and the transposed rhs [B_r, H_r, N, K] (n, h, w, c),
 * output [B, H, M, N]; the flags describe the graph and are not read (the caller transposes).
 *   out[b][h][m][n] = clamp(R(sum_k lhs[m][k] * rhs[n][k]) + output_offset, act.min, act.max)
 * with R the int64 requantization of kiln_requant_s64 (arm_nn_requantize_s64 with
 * REDUCE_MULTIPLIER(multiplier), exact everywhere). The input and filter offsets must be 0.
 * Sums: |lhs * rhs| <= 2^30 fits int32, K < 2^31 of them stay below 2^61 in int64.
 */
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_batch_matmul_s16(const cmsis_nn_context *ctx,
                                         const cmsis_nn_bmm_params *bmm_params,
                                         const cmsis_nn_per_tensor_quant_params *quant_params,
                                         const cmsis_nn_dims *input_lhs_dims,
                                         const int16_t *input_lhs,
                                         const cmsis_nn_dims *input_rhs_dims,
                                         const int16_t *input_rhs,
                                         const cmsis_nn_dims *output_dims,
                                         int16_t *output)
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
    if (!kiln_fc_s16_offsets_ok(fp) || !kiln_act_s16_ok(fp->activation.min, fp->activation.max) ||
        !kiln_fc_s8_quant_ok(quant_params->multiplier, quant_params->shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_bmm_s8_shape shape = {n, k};
    kiln_bmm_s8_plan_t plan;
    if (kiln_bmm_plan(&shape, KILN_FC_OP_S16, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS ||
        plan.route != KILN_BMM_S8_ROUTE_S16_C || !kiln_ctx_holds(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }

    const kiln_fc_s16_args args = {REDUCE_MULTIPLIER(quant_params->multiplier), quant_params->shift, fp->output_offset,
                                   fp->activation.min, fp->activation.max};
    const size_t lhs_mat = (size_t)m * (size_t)k;
    const size_t rhs_mat = (size_t)n * (size_t)k;
    const size_t out_mat = (size_t)m * (size_t)n;
    for (int32_t b = 0; b < o->n; b++)
    {
        const int32_t lb = l->n == 1 ? 0 : b;
        const int32_t rb = r->n == 1 ? 0 : b;
        for (int32_t h = 0; h < o->h; h++)
        {
            const int32_t lh = l->h == 1 ? 0 : h;
            const int32_t rh = r->h == 1 ? 0 : h;
            const int16_t *lhs = input_lhs + ((size_t)lb * (size_t)l->h + (size_t)lh) * lhs_mat;
            const int16_t *rhs = input_rhs + ((size_t)rb * (size_t)r->h + (size_t)rh) * rhs_mat;
            int16_t *dst = output + ((size_t)b * (size_t)o->h + (size_t)h) * out_mat;
            for (int32_t i = 0; i < m; i++)
            {
                const int16_t *x = lhs + (size_t)i * (size_t)k;
                int16_t *d = dst + (size_t)i * (size_t)n;
                int32_t j = 0;
                for (; j + 2 <= n; j += 2)
                {
                    int64_t s[2];
                    kiln_dot2_s16_s16(x, rhs + (size_t)j * (size_t)k, k, k, s);
                    d[j] = kiln_fc_s16_out(s[0], 0, &args);
                    d[j + 1] = kiln_fc_s16_out(s[1], 0, &args);
                }
                if (j < n)
                {
                    d[j] = kiln_fc_s16_out(kiln_dot_s16_s16(x, rhs + (size_t)j * (size_t)k, k), 0, &args);
                }
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
