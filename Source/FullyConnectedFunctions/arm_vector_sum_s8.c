/*
 * Kiln — arm_vector_sum_s8 / arm_vector_sum_s8_s64: per-row kernel sums of an int8 matrix
 * (vector_rows rows of vector_cols values).
 *   s8:     buf[r] = bias[r] + lhs_offset * (sum_k m[r][k] + vector_cols * rhs_offset)   (int32, wraps)
 *   s8_s64: buf[r] = bias[r] + lhs_offset * sum_k m[r][k]                                (int64)
 * bias may be NULL (0). Every backend computes them (upstream's older versions returned
 * ARM_CMSIS_NN_NO_IMPL_ERROR off MVE); ARM_CMSIS_NN_ARG_ERROR for a NULL buffer/matrix with
 * rows/cols > 0, negative counts or rows * cols past INT32_MAX.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_fc_s8.h"

static bool kiln_vector_sum_args_ok(const void *buf, int32_t cols, int32_t rows, const int8_t *data)
{
    if (cols < 0 || rows < 0 || (int64_t)cols * rows > INT32_MAX)
    {
        return false;
    }
    if (rows > 0 && buf == NULL)
    {
        return false;
    }
    return !(rows > 0 && cols > 0 && data == NULL);
}

arm_cmsis_nn_status arm_vector_sum_s8(int32_t *vector_sum_buf,
                                      const int32_t vector_cols,
                                      const int32_t vector_rows,
                                      const int8_t *vector_data,
                                      const int32_t lhs_offset,
                                      const int32_t rhs_offset,
                                      const int32_t *bias_data)
{
    if (!kiln_vector_sum_args_ok(vector_sum_buf, vector_cols, vector_rows, vector_data))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (vector_rows > 0)
    {
        kiln_fc_s8_row_sums(vector_sum_buf, vector_cols, vector_rows, vector_data, lhs_offset, rhs_offset, bias_data);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_vector_sum_s8_s64(int64_t *vector_sum_buf,
                                          const int32_t vector_cols,
                                          const int32_t vector_rows,
                                          const int8_t *vector_data,
                                          const int32_t lhs_offset,
                                          const int64_t *bias_data)
{
    if (!kiln_vector_sum_args_ok(vector_sum_buf, vector_cols, vector_rows, vector_data))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < vector_rows; r++)
    {
        /* The plain row sum (|sum| <= 128 * cols < 2^38 fits int64), then scaled in 64 bits. */
        int32_t sum = 0;
        kiln_fc_s8_row_sums(&sum, vector_cols, 1, vector_data + (size_t)r * (size_t)vector_cols, 1, 0, NULL);
        int64_t v = bias_data != NULL ? bias_data[r] : 0;
        v += (int64_t)sum * lhs_offset;
        vector_sum_buf[r] = v;
    }
    return ARM_CMSIS_NN_SUCCESS;
}
