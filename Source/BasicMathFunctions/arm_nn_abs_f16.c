/*
 * Kiln — arm_nn_abs_f16: output[i] = |input[i]| for i < block_size: the sign bit cleared, so -0 gives +0, -inf
 * gives +inf and a NaN stays a NaN (its payload kept), as TFLite ABS (std::abs). Exact. ARM_CMSIS_NN_ARG_ERROR,
 * writing nothing, for a NULL pointer or block_size < 0; block_size 0 writes nothing. output may equal input.
 * Portable C on every backend.
 */
#include <string.h>

#include "Include/Internal/kiln_ew_flt.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_nn_abs_f16(const float16_t *input, float16_t *output, int32_t block_size)
{
    if (input == NULL || output == NULL || block_size < 0 ||
        !kiln_flt_bytes_ok((int64_t)block_size, (int64_t)sizeof(float16_t)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        uint16_t bits;
        memcpy(&bits, &input[i], sizeof bits);
        bits &= 0x7FFFu;
        memcpy(&output[i], &bits, sizeof bits);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
