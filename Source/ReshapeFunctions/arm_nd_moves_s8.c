/*
 * Kiln — the ns-cmsis-nn N-dimensional data movement operators on int8_t: TILE, BROADCAST_TO, MIRROR_PAD,
 * REVERSE_SEQUENCE, DYNAMIC_UPDATE_SLICE, SPACE_TO_DEPTH, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND,
 * GATHER, GATHER_ND, SCATTER_ND.
 * Checks and index arithmetic: Source/ReshapeFunctions/kiln_nd.c (Include/Internal/kiln_nd.h documents every
 * condition). Portable C on every backend; bit-exact copies.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

#include <limits.h>

arm_cmsis_nn_status arm_tile_s8(const int8_t *input, const cmsis_nn_tile_params *params, int8_t *output)
{
    return kiln_tile_elems(input, params, output, sizeof(int8_t));
}

arm_cmsis_nn_status arm_broadcast_to_s8(const int8_t *input, const cmsis_nn_broadcast_to_params *params, int8_t *output)
{
    return kiln_broadcast_to_elems(input, params, output, sizeof(int8_t));
}

arm_cmsis_nn_status arm_mirror_pad_s8(const int8_t *input, const cmsis_nn_mirror_pad_params *params, int8_t *output)
{
    return kiln_mirror_pad_elems(input, params, output, sizeof(int8_t));
}

arm_cmsis_nn_status arm_reverse_sequence_s8(const int8_t *input,
                                            const int32_t *seq_lengths,
                                            const cmsis_nn_reverse_sequence_params *params,
                                            int8_t *output)
{
    return kiln_reverse_sequence_elems(input, seq_lengths, params, output, sizeof(int8_t));
}

arm_cmsis_nn_status arm_dynamic_update_slice_s8(const int8_t *operand,
                                                const int8_t *update,
                                                const int32_t *start_indices,
                                                const cmsis_nn_dynamic_update_slice_params *params,
                                                int8_t *output)
{
    return kiln_dynamic_update_slice_elems(operand, update, start_indices, params, output, sizeof(int8_t));
}

arm_cmsis_nn_status arm_space_to_depth_s8(const int8_t *input_data,
                                          const cmsis_nn_dims *input_dims,
                                          const int32_t block_size,
                                          int8_t *output_data,
                                          const cmsis_nn_dims *output_dims)
{
    return kiln_space_depth_elems(input_data, input_dims, block_size, output_data, output_dims, sizeof(int8_t), true);
}

arm_cmsis_nn_status arm_depth_to_space_s8(const int8_t *input_data,
                                          const cmsis_nn_dims *input_dims,
                                          const int32_t block_size,
                                          int8_t *output_data,
                                          const cmsis_nn_dims *output_dims)
{
    return kiln_space_depth_elems(input_data, input_dims, block_size, output_data, output_dims, sizeof(int8_t), false);
}

arm_cmsis_nn_status arm_space_to_batch_nd_s8(const int8_t *input_data,
                                             const cmsis_nn_dims *input_dims,
                                             const cmsis_nn_tile *block_shape,
                                             const cmsis_nn_dims *pad,
                                             int8_t *output_data,
                                             const cmsis_nn_dims *output_dims,
                                             const int32_t output_offset)
{
    /* the padding value is the output zero point: it must be a int8_t */
    if (output_offset < INT8_MIN || output_offset > INT8_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int8_t pad_value = (int8_t)output_offset;
    return kiln_space_to_batch_elems(input_data, input_dims, block_shape, pad, output_data, output_dims, &pad_value,
                                     sizeof(int8_t));
}

arm_cmsis_nn_status arm_batch_to_space_nd_s8(const int8_t *input_data,
                                             const cmsis_nn_dims *input_dims,
                                             const cmsis_nn_tile *block_shape,
                                             const cmsis_nn_dims *crop,
                                             int8_t *output_data,
                                             const cmsis_nn_dims *output_dims)
{
    return kiln_batch_to_space_elems(input_data, input_dims, block_shape, crop, output_data, output_dims,
                                     sizeof(int8_t));
}

arm_cmsis_nn_status arm_gather_s8(const int8_t *input_data,
                                  const cmsis_nn_dims *input_dims,
                                  const int32_t *indices_data,
                                  const cmsis_nn_dims *indices_dims,
                                  const cmsis_nn_gather_params *params,
                                  int8_t *output_data,
                                  const cmsis_nn_dims *output_dims)
{
    return kiln_gather_elems(input_data, input_dims, indices_data, indices_dims, params, output_data, output_dims,
                             sizeof(int8_t));
}

arm_cmsis_nn_status arm_gather_nd_s8(const int8_t *params_data,
                                     const cmsis_nn_dims *params_dims,
                                     const int32_t *indices_data,
                                     const cmsis_nn_dims *indices_dims,
                                     const cmsis_nn_gather_nd_params *params,
                                     int8_t *output_data,
                                     const cmsis_nn_dims *output_dims)
{
    return kiln_gather_nd_elems(params_data, params_dims, indices_data, indices_dims, params, output_data, output_dims,
                                sizeof(int8_t));
}

arm_cmsis_nn_status arm_scatter_nd_s8(const int32_t *indices,
                                      const int8_t *updates,
                                      const cmsis_nn_scatter_nd_params *params,
                                      int8_t *output)
{
    return kiln_scatter_nd_elems(indices, updates, params, output, sizeof(int8_t));
}
