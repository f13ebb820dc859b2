/*
 * Kiln — RESIZE_NEAREST_NEIGHBOR on int8 / int16 (TFLite semantics: align_corners, half_pixel_centers; the source
 * index of every output row / column from GetNearestNeighbor with TFLite's float32 scales). The context is not
 * read: the index of each row and column is computed as it is needed, so no scratch is used (ctx may be NULL or
 * hold any buffer; ns-cmsis-nn keeps two index maps in ctx->buf instead). Checks and copies:
 * kiln_resize_nearest_elems (Source/ReshapeFunctions/kiln_nd.c). Portable C on every backend; bit-exact copies.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_resize_nearest_neighbor_s8(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_resize_params *resize_params,
                                                   const cmsis_nn_dims *input_shape,
                                                   const int8_t *input_data,
                                                   const cmsis_nn_dims *output_size_shape,
                                                   const int32_t *output_size_data,
                                                   const cmsis_nn_dims *output_shape,
                                                   int8_t *output_data)
{
    (void)ctx;
    return kiln_resize_nearest_elems(resize_params, input_shape, input_data, output_size_shape, output_size_data,
                                     output_shape, output_data, sizeof(int8_t));
}

arm_cmsis_nn_status arm_resize_nearest_neighbor_s16(const cmsis_nn_context *ctx,
                                                    const cmsis_nn_resize_params *resize_params,
                                                    const cmsis_nn_dims *input_shape,
                                                    const int16_t *input_data,
                                                    const cmsis_nn_dims *output_size_shape,
                                                    const int32_t *output_size_data,
                                                    const cmsis_nn_dims *output_shape,
                                                    int16_t *output_data)
{
    (void)ctx;
    return kiln_resize_nearest_elems(resize_params, input_shape, input_data, output_size_shape, output_size_data,
                                     output_shape, output_data, sizeof(int16_t));
}
