/*
 * Kiln — SPLIT on float16_t (built with ARM_NN_ENABLE_F16): the element-size-generic kernel of the integer splits
 * (kiln_axis_copy_elems, Source/ReshapeFunctions/kiln_nd.c); elements move by memcpy, bit for bit. Portable C on
 * every backend.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_split_f16(const float16_t *input_data,
                                  const int32_t input_dims,
                                  const int32_t *input_shape,
                                  const int32_t axis,
                                  const int32_t num_splits,
                                  const int32_t *split_dims,
                                  float16_t *const *output_data)
{
    return kiln_axis_copy_elems((const void *const *)output_data, num_splits, split_dims, axis, input_data, input_dims,
                                input_shape, sizeof(float16_t), true);
}

#endif /* ARM_NN_ENABLE_F16 */
