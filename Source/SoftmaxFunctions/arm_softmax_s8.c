/* Kiln — arm_softmax_s8: int8 softmax, int8 output (TFLite SOFTMAX). */
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"

void arm_softmax_s8(const int8_t *input,
                    const int32_t num_rows,
                    const int32_t row_size,
                    const int32_t mult,
                    const int32_t shift,
                    const int32_t diff_min,
                    int8_t *output)
{
    arm_nn_softmax_common_s8(input, num_rows, row_size, mult, shift, diff_min, false, output);
}
