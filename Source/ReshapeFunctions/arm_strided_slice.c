/*
 * Kiln — STRIDED_SLICE on int8 / int16 / int32 (ns-cmsis-nn form: 4-D NHWC, begin indices resolved by the caller,
 * any non-zero stride). Checks and index arithmetic: kiln_strided_slice_elems (Source/ReshapeFunctions/kiln_nd.c).
 * Portable C on every backend; bit-exact copies.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_strided_slice_s8(const int8_t *input_data,
                                         int8_t *output_data,
                                         const cmsis_nn_dims *const input_dims,
                                         const cmsis_nn_dims *const begin_dims,
                                         const cmsis_nn_dims *const stride_dims,
                                         const cmsis_nn_dims *const output_dims)
{
    return kiln_strided_slice_elems(input_data, output_data, input_dims, begin_dims, stride_dims, output_dims,
                                    sizeof(int8_t));
}

arm_cmsis_nn_status arm_strided_slice_s16(const int16_t *input_data,
                                          int16_t *output_data,
                                          const cmsis_nn_dims *const input_dims,
                                          const cmsis_nn_dims *const begin_dims,
                                          const cmsis_nn_dims *const stride_dims,
                                          const cmsis_nn_dims *const output_dims)
{
    return kiln_strided_slice_elems(input_data, output_data, input_dims, begin_dims, stride_dims, output_dims,
                                    sizeof(int16_t));
}

arm_cmsis_nn_status arm_strided_slice_s32(const int32_t *input_data,
                                          int32_t *output_data,
                                          const cmsis_nn_dims *const input_dims,
                                          const cmsis_nn_dims *const begin_dims,
                                          const cmsis_nn_dims *const stride_dims,
                                          const cmsis_nn_dims *const output_dims)
{
    return kiln_strided_slice_elems(input_data, output_data, input_dims, begin_dims, stride_dims, output_dims,
                                    sizeof(int32_t));
}
