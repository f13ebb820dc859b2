/*
 * Kiln — arm_nn_softmax_1x2_f16: the softmax of one row of two values, by the float16 softmax kernel itself
 * (kiln_softmax_flt_f16: portable C, or Helium on MVE-float builds), so the bytes equal arm_softmax_f16()'s for
 * num_rows 1, row_size 2. out may equal in; NULL in or out writes nothing.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16

#if KILN_UPSTREAM_API
void arm_nn_softmax_1x2_f16(const float16_t in[2], float16_t out[2])
#else
void arm_nn_softmax_1x2_f16(const float16_t *in, float16_t *out)
#endif
{
    if (in == NULL || out == NULL)
    {
        return;
    }
    kiln_softmax_flt_f16(in, 1, 2, out);
}

#endif /* ARM_NN_ENABLE_F16 */
