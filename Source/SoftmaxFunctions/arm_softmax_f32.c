/*
 * Kiln — float32 softmax, arm_softmax_f32: each of num_rows rows of row_size values becomes
 * exp(x - row max) / sum of exp(x - row max) (numerically stable for any finite logits).
 * output may equal input. No scratch.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_softmax_f32(const float32_t *input, int32_t num_rows, int32_t row_size, float32_t *output)
{
    if (num_rows < 0 || row_size < 0 ||
        !kiln_flt_bytes_ok((int64_t)num_rows * (int64_t)row_size, (int64_t)sizeof(float32_t)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (num_rows == 0 || row_size == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (input == NULL || output == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_softmax_flt_f32(input, num_rows, row_size, output);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
