/* Kiln — arm_transpose_s16: TFLite int16 TRANSPOSE of a tensor of 1 to 4 dimensions (index arithmetic in
 * kiln_transpose_elems, Source/TransposeFunctions/kiln_movement.c). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_movement.h"

arm_cmsis_nn_status arm_transpose_s16(const int16_t *input_data,
                                      int16_t *const output_data,
                                      const cmsis_nn_dims *const input_dims,
                                      const cmsis_nn_dims *const output_dims,
                                      const cmsis_nn_transpose_params *const transpose_params)
{
    if (input_data == NULL || output_data == NULL || input_dims == NULL || output_dims == NULL ||
        transpose_params == NULL || transpose_params->permutations == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* The first num_dims of n, h, w, c; the others are not used. */
    const int32_t in[4] = {input_dims->n, input_dims->h, input_dims->w, input_dims->c};
    const int32_t out[4] = {output_dims->n, output_dims->h, output_dims->w, output_dims->c};
    return kiln_transpose_elems(
        input_data, output_data, in, out, transpose_params->num_dims, transpose_params->permutations, sizeof(int16_t));
}
