/*
 * Kiln — float32 matrix products of the packed-patch GEMM route: arm_nn_mat_mult_nt_t_f32 (rhs standard,
 * one row per output channel) and arm_nn_mat_mult_nt_n_packed_f32 (rhs in NT_N_PACKED blocks of 4), and
 * the public weight packer arm_nn_pack_rhs_nt_n_f32 with its size query.
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F32

static arm_cmsis_nn_status kiln_mat_mult_f32(const float32_t *lhs,
                                             const float32_t *rhs,
                                             bool packed,
                                             const float32_t *bias,
                                             float32_t *dst,
                                             int32_t lhs_rows,
                                             int32_t rhs_rows,
                                             int32_t rhs_cols,
                                             int32_t row_address_offset,
                                             float32_t activation_min,
                                             float32_t activation_max)
{
    bool work;
    const arm_cmsis_nn_status st =
        kiln_conv_flt_matmul_check(lhs, rhs, dst, packed, lhs_rows, rhs_rows, rhs_cols, row_address_offset,
                                   KILN_FLT_ACT_OK(activation_min, activation_max), KILN_FLT_F32, &work);
    if (!work)
    {
        return st;
    }
    for (int32_t r = 0; r < lhs_rows; r++)
    {
        kiln_conv_flt_row_f32(lhs + (size_t)r * (size_t)rhs_cols, rhs_cols, rhs, packed, rhs_rows, bias,
                              dst + (size_t)r * (size_t)row_address_offset, activation_min, activation_max, true);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_mat_mult_nt_t_f32(const float32_t *__RESTRICT lhs,
                                             const float32_t *__RESTRICT rhs,
                                             const float32_t *__RESTRICT bias,
                                             float32_t *__RESTRICT dst,
                                             int32_t lhs_rows,
                                             int32_t rhs_rows,
                                             int32_t rhs_cols,
                                             int32_t row_address_offset,
                                             float32_t activation_min,
                                             float32_t activation_max)
{
    return kiln_mat_mult_f32(lhs, rhs, false, bias, dst, lhs_rows, rhs_rows, rhs_cols, row_address_offset,
                             activation_min, activation_max);
}

arm_cmsis_nn_status arm_nn_mat_mult_nt_n_packed_f32(const float32_t *__RESTRICT lhs,
                                                    const float32_t *__RESTRICT rhs_packed,
                                                    const float32_t *__RESTRICT bias,
                                                    float32_t *__RESTRICT dst,
                                                    int32_t lhs_rows,
                                                    int32_t rhs_rows,
                                                    int32_t rhs_cols,
                                                    int32_t row_address_offset,
                                                    float32_t activation_min,
                                                    float32_t activation_max)
{
    return kiln_mat_mult_f32(lhs, rhs_packed, true, bias, dst, lhs_rows, rhs_rows, rhs_cols, row_address_offset,
                             activation_min, activation_max);
}

int32_t arm_nn_pack_rhs_nt_n_f32_get_buffer_size(int32_t rhs_rows, int32_t rhs_cols)
{
    return kiln_conv_flt_packed_rhs_bytes(rhs_rows, rhs_cols, KILN_FLT_F32);
}

arm_cmsis_nn_status
arm_nn_pack_rhs_nt_n_f32(const float32_t *rhs, int32_t rhs_rows, int32_t rhs_cols, float32_t *rhs_packed)
{
    if (arm_nn_pack_rhs_nt_n_f32_get_buffer_size(rhs_rows, rhs_cols) < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (rhs_rows == 0 || rhs_cols == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (rhs == NULL || rhs_packed == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t l = KILN_CONV_F32_LANES;
    for (int32_t blk = 0; blk < rhs_rows; blk += l)
    {
        float32_t *d = rhs_packed + (size_t)blk * (size_t)rhs_cols;
        for (int32_t k = 0; k < rhs_cols; k++)
        {
            for (int32_t lane = 0; lane < l; lane++)
            {
                const int32_t r = blk + lane;
                d[(size_t)k * (size_t)l + (size_t)lane] =
                    r < rhs_rows ? rhs[(size_t)r * (size_t)rhs_cols + (size_t)k] : 0.0f;
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
