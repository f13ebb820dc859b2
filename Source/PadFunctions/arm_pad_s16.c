/* Kiln — arm_pad_s16: TFLite int16 PAD / PADV2, constant padding of a 4-D NHWC tensor (index arithmetic in
 * kiln_pad_elems, Source/TransposeFunctions/kiln_movement.c). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_movement.h"

arm_cmsis_nn_status arm_pad_s16(const int16_t *input,
                                int16_t *output,
                                const int16_t pad_value,
                                const cmsis_nn_dims *input_size,
                                const cmsis_nn_dims *pre_pad,
                                const cmsis_nn_dims *post_pad)
{
    if (input == NULL || output == NULL || input_size == NULL || pre_pad == NULL || post_pad == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t in[4] = {input_size->n, input_size->h, input_size->w, input_size->c};
    const int32_t pre[4] = {pre_pad->n, pre_pad->h, pre_pad->w, pre_pad->c};
    const int32_t post[4] = {post_pad->n, post_pad->h, post_pad->w, post_pad->c};
    return kiln_pad_elems(input, output, &pad_value, in, pre, post, sizeof(int16_t));
}
