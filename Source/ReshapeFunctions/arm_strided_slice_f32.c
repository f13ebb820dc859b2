/*
 * Kiln — STRIDED_SLICE on float32_t (built with ARM_NN_ENABLE_F32): the same element-size-generic kernel as the integer
 * types (kiln_strided_slice_elems, Source/ReshapeFunctions/kiln_nd.c); elements move by memcpy, so every bit
 * pattern (NaN payloads, -0.0) arrives unchanged. Portable C on every backend.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_strided_slice_f32(const float32_t *input_data,
                                          float32_t *output_data,
                                          const cmsis_nn_dims *const input_dims,
                                          const cmsis_nn_dims *const begin_dims,
                                          const cmsis_nn_dims *const stride_dims,
                                          const cmsis_nn_dims *const output_dims)
{
    return kiln_strided_slice_elems(input_data, output_data, input_dims, begin_dims, stride_dims, output_dims,
                                    sizeof(float32_t));
}

#endif /* ARM_NN_ENABLE_F32 */
