/* Kiln — arm_nn_softmax_common_s8: int8 softmax with int8 or int16 output (TFLite SOFTMAX). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_softmax.h"

void arm_nn_softmax_common_s8(const int8_t *input,
                              const int32_t num_rows,
                              const int32_t row_size,
                              const int32_t mult,
                              const int32_t shift,
                              const int32_t diff_min,
                              const bool int16_output,
                              void *output)
{
    /* the backend's entries check the arguments first (kiln_softmax_args_ok()) */
    if (int16_output)
    {
        kiln_softmax_rows_s8_s16(input, num_rows, row_size, mult, shift, diff_min, (int16_t *)output);
    }
    else
    {
        kiln_softmax_rows_s8(input, num_rows, row_size, mult, shift, diff_min, (int8_t *)output);
    }
}
