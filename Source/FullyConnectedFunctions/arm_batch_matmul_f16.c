/*
 * Kiln — arm_batch_matmul_f16: float16 batch matrix multiplication (TFLite BATCH_MATMUL on float), portable C on
 * every backend. Layout, adj_x / adj_y, NT_N_PACKED rhs and broadcasting: Include/Internal/kiln_bmm_flt.h.
 *   out[b][h][m][n] = clamp(sum_k lhs(m, k) * rhs(n, k), activation.min, activation.max)
 * Float16 is a storage type (as every Kiln float16 kernel): each product of two float16 values is exact in
 * float32, each output sums its K products in float32 in k order from 0 (the same bits for every adj / rhs
 * format), clamps to the float16 bounds (a NaN sum stays NaN) and rounds once to float16.
 * ctx is not used (no scratch; may be NULL).
 */
#include "Include/Internal/kiln_bmm_flt.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_batch_matmul_f16(const cmsis_nn_context *ctx,
                                         const cmsis_nn_bmm_params_f16 *bmm_params,
                                         const cmsis_nn_dims *input_lhs_dims,
                                         const float16_t *input_lhs,
                                         const cmsis_nn_dims *input_rhs_dims,
                                         const float16_t *input_rhs,
                                         const cmsis_nn_dims *output_dims,
                                         float16_t *output)
{
    (void)ctx;
    kiln_bmm_flt_plan_t p;
    if (bmm_params == NULL || input_lhs_dims == NULL || input_lhs == NULL || input_rhs_dims == NULL ||
        input_rhs == NULL || output_dims == NULL || output == NULL ||
        kiln_bmm_flt_plan(bmm_params->adj_x, bmm_params->adj_y, (int32_t)bmm_params->rhs_format,
                          (float32_t)bmm_params->activation.min, (float32_t)bmm_params->activation.max, input_lhs_dims,
                          input_rhs_dims, output_dims, KILN_BMM_F16_BLOCK, (int64_t)sizeof(float16_t),
                          &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const float32_t lo = (float32_t)bmm_params->activation.min;
    const float32_t hi = (float32_t)bmm_params->activation.max;
    for (int32_t b = 0; b < p.out_b; b++)
    {
        for (int32_t h = 0; h < p.out_h; h++)
        {
            size_t lo_off, ro_off;
            kiln_bmm_flt_mats(&p, b, h, &lo_off, &ro_off);
            const float16_t *lhs = input_lhs + lo_off;
            const float16_t *rhs = input_rhs + ro_off;
            float16_t *dst = output + ((size_t)b * (size_t)p.out_h + (size_t)h) * p.out_mat;
            if (p.k == 0)
            {
                /* no products: every output is clamp(0); no row or column pointer is formed */
                for (size_t i = 0; i < p.out_mat; i++)
                {
                    dst[i] = (float16_t)kiln_bmm_flt_clamp(0.0f, lo, hi);
                }
                continue;
            }
            for (int32_t m = 0; m < p.m; m++)
            {
                const float16_t *lrow = lhs + (size_t)m * p.l_sm;
                for (int32_t n = 0; n < p.n; n++)
                {
                    size_t rstep;
                    const float16_t *rcol = rhs + kiln_bmm_flt_rhs_at(&p, n, &rstep);
                    float32_t acc = 0.0f;
                    for (int32_t k = 0; k < p.k; k++)
                    {
                        acc += (float32_t)lrow[(size_t)k * p.l_sk] * (float32_t)rcol[(size_t)k * rstep];
                    }
                    dst[(size_t)m * (size_t)p.n + (size_t)n] = (float16_t)kiln_bmm_flt_clamp(acc, lo, hi);
                }
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* The kernel reads its operands in place: no context bytes on any backend; -1 for the arguments the
 * entry refuses (the same plan decides). */
int32_t arm_batch_matmul_f16_get_buffer_size(const cmsis_nn_bmm_params_f16 *bmm_params,
                                            const cmsis_nn_dims *input_lhs_dims,
                                            const cmsis_nn_dims *input_rhs_dims,
                                            const cmsis_nn_dims *output_dims)
{
    if (bmm_params == NULL || input_lhs_dims == NULL || input_rhs_dims == NULL || output_dims == NULL)
    {
        return -1;
    }
    kiln_bmm_flt_plan_t p;
    return kiln_bmm_flt_plan(bmm_params->adj_x, bmm_params->adj_y, (int32_t)bmm_params->rhs_format,
                             bmm_params->activation.min, bmm_params->activation.max, input_lhs_dims, input_rhs_dims,
                             output_dims, KILN_BMM_F16_BLOCK, (int64_t)sizeof(float16_t), &p) == ARM_CMSIS_NN_SUCCESS
        ? 0
        : -1;
}

#endif /* ARM_NN_ENABLE_F16 */
