/*
 * Kiln — the LSTM gate products as public support kernels (portable C on every backend):
 * arm_nn_vec_mat_mul_result_acc_s8_s16 (int8 input, int32 effective bias) and
 * arm_nn_vec_mat_mul_result_acc_s16 (int16 input, int64 effective bias). For b < batches and
 * r < rhs_rows, with x_b = lhs + b * batch_offset * rhs_cols:
 *   dst[b * rhs_rows + r] = sat16(dst[b * rhs_rows + r] + R(effective_bias[r] + sum_k x_b[k] * rhs[r][k]))
 * (R and the accumulator rules of kiln_lstm_fc_acc_s8 / _s16, the products arm_lstm_unidirectional_s8
 * / _s16 use; dst_multiplier is the Q31 multiplier, reduced internally for the int16 kernel).
 * Contract and errors: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnsupportfunctions.h"

/* Shared checks; max_shift 30 (int8) or 14 (int16). */
static bool kiln_result_acc_ok(const void *lhs,
                               const int8_t *rhs,
                               const void *bias,
                               const int16_t *dst,
                               int32_t multiplier,
                               int32_t shift,
                               int32_t max_shift,
                               int32_t cols,
                               int32_t rows,
                               int32_t batches,
                               int32_t batch_offset)
{
    if (lhs == NULL || rhs == NULL || bias == NULL || dst == NULL || multiplier < 0 || shift < -31 ||
        shift > max_shift || cols < 0 || rows < 0 || batches < 0 || batch_offset < 1)
    {
        return false;
    }
    /* Input of the last batch ends at ((batches - 1) * batch_offset + 1) * cols; output batches * rows. */
    const int64_t in_vectors = batches > 0 ? kiln_mul_sat64(batches - 1, batch_offset) + 1 : 0;
    return kiln_mul_sat64(cols, rows) <= INT32_MAX && kiln_mul_sat64(in_vectors, cols) <= INT32_MAX &&
           kiln_mul_sat64(batches, rows) <= INT32_MAX;
}

arm_cmsis_nn_status arm_nn_vec_mat_mul_result_acc_s8_s16(const int8_t *lhs,
                                                         const int8_t *rhs,
                                                         const int32_t *effective_bias,
                                                         int16_t *dst,
                                                         const int32_t dst_multiplier,
                                                         const int32_t dst_shift,
                                                         const int32_t rhs_cols,
                                                         const int32_t rhs_rows,
                                                         const int32_t batches,
                                                         const int32_t batch_offset)
{
    if (!kiln_result_acc_ok(lhs, rhs, effective_bias, dst, dst_multiplier, dst_shift, 30, rhs_cols, rhs_rows, batches,
                            batch_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t b = 0; b < batches; b++)
    {
        kiln_lstm_fc_acc_s8(lhs + (size_t)b * (size_t)batch_offset * (size_t)rhs_cols, rhs, effective_bias,
                            dst + (size_t)b * (size_t)rhs_rows, rhs_cols, rhs_rows, dst_multiplier, dst_shift);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_vec_mat_mul_result_acc_s16(const int16_t *lhs,
                                                      const int8_t *rhs,
                                                      const int64_t *effective_bias,
                                                      int16_t *dst,
                                                      const int32_t dst_multiplier,
                                                      const int32_t dst_shift,
                                                      const int32_t rhs_cols,
                                                      const int32_t rhs_rows,
                                                      const int32_t batches,
                                                      const int32_t batch_offset)
{
    if (!kiln_result_acc_ok(lhs, rhs, effective_bias, dst, dst_multiplier, dst_shift, 14, rhs_cols, rhs_rows, batches,
                            batch_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t b = 0; b < batches; b++)
    {
        kiln_lstm_fc_acc_s16(lhs + (size_t)b * (size_t)batch_offset * (size_t)rhs_cols, rhs, effective_bias,
                             dst + (size_t)b * (size_t)rhs_rows, rhs_cols, rhs_rows, dst_multiplier, dst_shift);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
