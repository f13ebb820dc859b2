/*
 * Kiln — arm_nn_vec_mat_mult_t_s4: int8 vector x transposed packed-int4 matrix (portable C on every
 * backend), the row product of arm_fully_connected_s4 (kiln_fc_s4_dot, same packing: matrix element
 * e = r * rhs_cols + k in the low nibble of byte e / 2 for even e, the high nibble for odd e):
 *   dst[r] = clamp(requantize(bias[r] + sum_k (lhs[k] + lhs_offset) * w[r][k], dst_multiplier,
 *                             dst_shift) + dst_offset, activation_min, activation_max)
 * bias may be NULL (zero). Contract and errors: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnsupportfunctions.h"

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s4(const int8_t *lhs,
                                             const int8_t *packed_rhs,
                                             const int32_t *bias,
                                             int8_t *dst,
                                             const int32_t lhs_offset,
                                             const int32_t dst_offset,
                                             const int32_t dst_multiplier,
                                             const int32_t dst_shift,
                                             const int32_t rhs_cols,
                                             const int32_t rhs_rows,
                                             const int32_t activation_min,
                                             const int32_t activation_max)
{
    if (lhs == NULL || packed_rhs == NULL || dst == NULL || rhs_cols < 0 || rhs_rows < 0 ||
        kiln_mul_sat64(rhs_cols, rhs_rows) > INT32_MAX || !kiln_fc_s8_offset_ok(lhs_offset) ||
        !kiln_fc_s8_offset_ok(dst_offset) || !kiln_act_s8_ok(activation_min, activation_max) ||
        !kiln_fc_s8_quant_ok(dst_multiplier, dst_shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < rhs_rows; r++)
    {
        const int32_t sum = kiln_fc_s4_dot(lhs, packed_rhs, (uint32_t)r * (uint32_t)rhs_cols, rhs_cols, lhs_offset, 0);
        const int32_t acc = kiln_wrap_add(sum, bias != NULL ? bias[r] : 0);
        dst[r] = (int8_t)kiln_add_clamp(arm_nn_requantize(acc, dst_multiplier, dst_shift), dst_offset, activation_min,
                                        activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
