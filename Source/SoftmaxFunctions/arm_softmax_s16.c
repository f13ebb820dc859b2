/*
 * Kiln — arm_softmax_s16: TFLite int16 softmax (table exp and reciprocal), the arithmetic in
 * Include/Internal/kiln_softmax_s16.h; each row on the backend's kernel (kernels/kiln_softmax_s16_{c,mve}.c).
 */
#include "Include/Internal/kiln_softmax_s16.h"
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"

arm_cmsis_nn_status arm_softmax_s16(const int16_t *input,
                                    const int32_t num_rows,
                                    const int32_t row_size,
                                    const int32_t mult,
                                    const int32_t shift,
                                    const cmsis_nn_softmax_lut_s16 *softmax_params,
                                    int16_t *output)
{
    if (input == NULL || output == NULL || softmax_params == NULL || softmax_params->exp_lut == NULL ||
        softmax_params->one_by_one_lut == NULL || num_rows <= 0 || row_size <= 0 ||
        (int64_t)num_rows * row_size > INT32_MAX || mult < 0 || shift < KILN_SOFTMAX_S16_SHIFT_MIN ||
        shift > KILN_SOFTMAX_S16_SHIFT_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t row = 0; row < num_rows; row++)
    {
        kiln_softmax_s16_row(input, row_size, mult, shift, softmax_params->exp_lut, softmax_params->one_by_one_lut,
                             output);
        input += row_size;
        output += row_size;
    }
    return ARM_CMSIS_NN_SUCCESS;
}
