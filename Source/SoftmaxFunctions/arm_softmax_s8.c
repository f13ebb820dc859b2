/* Kiln — arm_softmax_s8: int8 softmax, int8 output (TFLite SOFTMAX). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_softmax.h"

void arm_softmax_s8(const int8_t *input,
                    const int32_t num_rows,
                    const int32_t row_size,
                    const int32_t mult,
                    const int32_t shift,
                    const int32_t diff_min,
                    int8_t *output)
{
    /* The common entry's body without its call (fixed cost of small calls) */
    kiln_softmax_params p;
    if (!kiln_softmax_check(input, num_rows, row_size, mult, shift, diff_min, KILN_SOFTMAX_S8_TO_S8, output, &p))
    {
        return; /* invalid arguments: nothing is read or written */
    }
    kiln_softmax_s8_rows(input, num_rows, row_size, &p, output);
}
