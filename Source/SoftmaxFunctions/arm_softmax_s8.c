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
    /* A single branch to the backend's entry (same arguments in the same places), which checks the
     * arguments first (kiln_softmax_args_ok(): invalid ones return before anything is read or
     * written): the fixed cost of a call of one short row matters (the keyword-spotting output
     * layer is one), and a check here would make the compiler copy the stack arguments. */
    kiln_softmax_rows_s8(input, num_rows, row_size, mult, shift, diff_min, output);
}
