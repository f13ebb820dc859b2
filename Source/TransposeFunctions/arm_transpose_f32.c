/* Kiln — arm_transpose_f32: TFLite TRANSPOSE of a float32_t tensor of 1 to 4 dimensions, bit-exact (index
 * arithmetic in kiln_transpose_elems, Source/TransposeFunctions/kiln_movement.c). ctx is not used. */
#include "Include/Internal/kiln_movement.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_transpose_f32(const cmsis_nn_context *ctx,
                                      const cmsis_nn_transpose_params_f32 *params,
                                      const cmsis_nn_dims *input_dims,
                                      const float32_t *input,
                                      const cmsis_nn_dims *output_dims,
                                      float32_t *output)
{
    (void)ctx;
    if (params == NULL || input_dims == NULL || input == NULL || output_dims == NULL || output == NULL ||
        params->layout != ARM_NN_LAYOUT_NHWC || params->num_dims < 1 || params->num_dims > 4)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* A negative entry becomes a value >= num_dims, which kiln_transpose_elems rejects. */
    const uint32_t perm[4] = {(uint32_t)params->perm[0], (uint32_t)params->perm[1], (uint32_t)params->perm[2],
                              (uint32_t)params->perm[3]};
    const int32_t in[4] = {input_dims->n, input_dims->h, input_dims->w, input_dims->c};
    const int32_t out[4] = {output_dims->n, output_dims->h, output_dims->w, output_dims->c};
    return kiln_transpose_elems(input, output, in, out, params->num_dims, perm, sizeof(float32_t));
}

#endif /* ARM_NN_ENABLE_F32 */
