/*
 * Kiln — arm_nn_mat_mult_nt_t_s8_s32: int8 x int8 -> int32, accumulated into dst (transposed
 * convolution's column buffer). With K = rhs_rows, N = rhs_cols:
 *   dst[m * dst_idx_offset * N + n * dst_idx_offset] += sum_k (lhs[m * K + k] + lhs_offset) * rhs[n * K + k]
 * for m < lhs_rows, n < N. Portable C, and on the DSP backend blocks of two lhs rows x two rhs rows
 * on the convolution GEMM's SMLAD dot kernels (kernels/kiln_conv_s8_gemm_dsp.c).
 */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s8_s32(const int8_t *lhs,
                                                const int8_t *rhs,
                                                int32_t *dst,
                                                const int32_t lhs_rows,
                                                const int32_t rhs_rows,
                                                const int32_t rhs_cols,
                                                const int32_t lhs_offset,
                                                const int32_t dst_idx_offset)
{
    if (lhs == NULL || rhs == NULL || dst == NULL || lhs_rows < 0 || rhs_rows < 0 || rhs_cols < 0 ||
        dst_idx_offset < 1 || lhs_offset < -INT8_MAX || lhs_offset > -INT8_MIN)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t last_dst = (int64_t)lhs_rows * rhs_cols * dst_idx_offset;
    if (last_dst > INT32_MAX || (int64_t)lhs_rows * rhs_rows > INT32_MAX || (int64_t)rhs_cols * rhs_rows > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
#if KILN_BUILD_DSP
    kiln_conv_s8_mat_mult_s32_dsp(lhs, rhs, dst, lhs_rows, rhs_rows, rhs_cols, lhs_offset, dst_idx_offset);
#else
    const int32_t k = rhs_rows;
    for (int32_t m = 0; m < lhs_rows; m++)
    {
        const int8_t *l = lhs + m * k;
        int32_t *d = dst + m * dst_idx_offset * rhs_cols;
        for (int32_t n = 0; n < rhs_cols; n++)
        {
            const int8_t *r = rhs + n * k;
            int32_t acc = 0;
            for (int32_t i = 0; i < k; i++)
            {
                acc += ((int32_t)l[i] + lhs_offset) * r[i];
            }
            d[n * dst_idx_offset] += acc;
        }
    }
#endif
    return ARM_CMSIS_NN_SUCCESS;
}
