/*
 * Kiln — STRIDED_SLICE on float16_t (built with ARM_NN_ENABLE_F16): the same element-size-generic kernel as the integer
 * types (kiln_strided_slice_elems, Source/ReshapeFunctions/kiln_nd.c); elements move by memcpy, so every bit
 * pattern (NaN payloads, -0.0) arrives unchanged. Portable C on every backend.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_strided_slice_f16(const float16_t *input_data,
                                          float16_t *output_data,
                                          const cmsis_nn_dims *const input_dims,
                                          const cmsis_nn_dims *const begin_dims,
                                          const cmsis_nn_dims *const stride_dims,
                                          const cmsis_nn_dims *const output_dims)
{
    return kiln_strided_slice_elems(input_data, output_data, input_dims, begin_dims, stride_dims, output_dims,
                                    sizeof(float16_t));
}

#endif /* ARM_NN_ENABLE_F16 */
