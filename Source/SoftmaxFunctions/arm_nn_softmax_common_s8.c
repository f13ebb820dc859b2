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
    kiln_softmax_params p;
    if (!kiln_softmax_check(input, num_rows, row_size, mult, shift, diff_min,
                            int16_output ? KILN_SOFTMAX_S8_TO_S16 : KILN_SOFTMAX_S8_TO_S8, output, &p))
    {
        return; /* invalid arguments: nothing is read or written */
    }
    kiln_softmax_s8_rows(input, num_rows, row_size, &p, output);
}
