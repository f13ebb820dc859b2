/*
 * Kiln — arm_nn_depthwise_conv_nt_t_f32: the nt_t route kernel of arm_depthwise_conv_f32 as a direct entry
 * (depthwise patch rows times the depthwise filter, per channel).
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_f32(const float32_t *__RESTRICT lhs,
                                                   const float32_t *__RESTRICT rhs,
                                                   const float32_t *__RESTRICT bias,
                                                   float32_t *__RESTRICT out,
                                                   int32_t lhs_rows,
                                                   int32_t total_ch,
                                                   int32_t row_x_col,
                                                   int32_t out_row_stride,
                                                   float32_t activation_min,
                                                   float32_t activation_max)
{
    if (lhs_rows < 0 || total_ch < 0 || row_x_col < 0 || out_row_stride < total_ch ||
        !KILN_FLT_ACT_OK(activation_min, activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (lhs_rows == 0 || total_ch == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const int64_t max_elems = (int64_t)(PTRDIFF_MAX / (ptrdiff_t)sizeof(float32_t));
    const int64_t rhs_n = (int64_t)row_x_col * total_ch;
    if (rhs_n > max_elems || (rhs_n > 0 && (int64_t)lhs_rows > max_elems / rhs_n) ||
        ((int64_t)lhs_rows - 1) * out_row_stride + total_ch > max_elems || lhs == NULL || out == NULL ||
        (row_x_col > 0 && rhs == NULL))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_dw_flt_nt_t_f32(lhs, rhs, bias, out, lhs_rows, total_ch, row_x_col, out_row_stride, activation_min,
                         activation_max);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
