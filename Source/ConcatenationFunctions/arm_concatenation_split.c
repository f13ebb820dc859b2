/*
 * Kiln — multi-input CONCATENATION (arm_concatenation_s8 / _s16 / _s32) and SPLIT (arm_split_s8 / _s16) along one
 * axis of a row-major tensor of rank 1..8 (ns-cmsis-nn form: the extent of every part along the axis in one array,
 * the whole tensor's shape in another). Checks and copies: kiln_axis_copy_elems (Source/ReshapeFunctions/kiln_nd.c).
 * Portable C on every backend; bit-exact copies.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_concatenation_s8(const int8_t *const *input_data,
                                         const int32_t inputs_count,
                                         const int32_t *input_concat_dims,
                                         const int32_t axis,
                                         int8_t *output_data,
                                         const int32_t output_dims,
                                         const int32_t *output_shape)
{
    return kiln_axis_copy_elems((const void *const *)input_data, inputs_count, input_concat_dims, axis, output_data,
                                output_dims, output_shape, sizeof(int8_t), false);
}

arm_cmsis_nn_status arm_concatenation_s16(const int16_t *const *input_data,
                                          const int32_t inputs_count,
                                          const int32_t *input_concat_dims,
                                          const int32_t axis,
                                          int16_t *output_data,
                                          const int32_t output_dims,
                                          const int32_t *output_shape)
{
    return kiln_axis_copy_elems((const void *const *)input_data, inputs_count, input_concat_dims, axis, output_data,
                                output_dims, output_shape, sizeof(int16_t), false);
}

arm_cmsis_nn_status arm_concatenation_s32(const int32_t *const *input_data,
                                          const int32_t inputs_count,
                                          const int32_t *input_concat_dims,
                                          const int32_t axis,
                                          int32_t *output_data,
                                          const int32_t output_dims,
                                          const int32_t *output_shape)
{
    return kiln_axis_copy_elems((const void *const *)input_data, inputs_count, input_concat_dims, axis, output_data,
                                output_dims, output_shape, sizeof(int32_t), false);
}

arm_cmsis_nn_status arm_split_s8(const int8_t *input_data,
                                 const int32_t input_dims,
                                 const int32_t *input_shape,
                                 const int32_t axis,
                                 const int32_t num_splits,
                                 const int32_t *split_dims,
                                 int8_t *const *output_data)
{
    return kiln_axis_copy_elems((const void *const *)output_data, num_splits, split_dims, axis, input_data, input_dims,
                                input_shape, sizeof(int8_t), true);
}

arm_cmsis_nn_status arm_split_s16(const int16_t *input_data,
                                  const int32_t input_dims,
                                  const int32_t *input_shape,
                                  const int32_t axis,
                                  const int32_t num_splits,
                                  const int32_t *split_dims,
                                  int16_t *const *output_data)
{
    return kiln_axis_copy_elems((const void *const *)output_data, num_splits, split_dims, axis, input_data, input_dims,
                                input_shape, sizeof(int16_t), true);
}
