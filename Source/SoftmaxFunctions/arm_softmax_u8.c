/* Kiln — arm_softmax_u8: uint8 softmax, uint8 output (TFLite SOFTMAX, asymmetric uint8). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_softmax.h"

void arm_softmax_u8(const uint8_t *input,
                    const int32_t num_rows,
                    const int32_t row_size,
                    const int32_t mult,
                    const int32_t shift,
                    const int32_t diff_min,
                    uint8_t *output)
{
    kiln_softmax_params p;
    if (!kiln_softmax_check(input, num_rows, row_size, mult, shift, diff_min, KILN_SOFTMAX_U8_TO_U8, output, &p))
    {
        return; /* invalid arguments: nothing is read or written */
    }
    kiln_softmax_s8_rows(input, num_rows, row_size, &p, output);
}
