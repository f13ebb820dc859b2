/*
 * Kiln — arm_batch_norm_f16: float16 batch normalization with folded per-channel parameters, portable C on every
 * backend:
 *   out[i] = in[i] * scale[c] + bias[c],  c the channel of element i (NHWC: i % C)
 * Layout ARM_NN_LAYOUT_NHWC (the only one arm_nn_tensor_layout names); every dim must be >= 1 (as ns-cmsis-nn).
 * Float16 is a storage type: the product is exact in float32, the sum is a float32 add, rounded once to float16.
 * input == output (in place) is allowed.
 */
#include "Include/Internal/kiln_bmm_flt.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_batch_norm_f16(const float16_t *input,
                                       float16_t *output,
                                       const float16_t *scale,
                                       const float16_t *bias,
                                       const cmsis_nn_dims *input_dims,
                                       arm_nn_tensor_layout layout)
{
    const int64_t count =
        kiln_bn_flt_count(input, output, scale, bias, input_dims, (int32_t)layout, (int64_t)sizeof(float16_t));
    if (count < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const size_t c = (size_t)input_dims->c;
    const size_t pixels = (size_t)count / c;
    for (size_t px = 0; px < pixels; px++)
    {
        const float16_t *x = input + px * c;
        float16_t *y = output + px * c;
        for (size_t ch = 0; ch < c; ch++)
        {
            y[ch] = (float16_t)((float32_t)x[ch] * (float32_t)scale[ch] + (float32_t)bias[ch]);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
