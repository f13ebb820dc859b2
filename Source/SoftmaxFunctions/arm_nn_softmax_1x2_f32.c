/*
 * Kiln — arm_nn_softmax_1x2_f32: the softmax of one row of two values, by the float32 softmax kernel itself
 * (kiln_softmax_flt_f32: portable C, or Helium on MVE-float builds), so the bytes equal arm_softmax_f32()'s for
 * num_rows 1, row_size 2. out may equal in; NULL in or out writes nothing.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32

#if KILN_UPSTREAM_API
void arm_nn_softmax_1x2_f32(const float32_t in[2], float32_t out[2])
#else
void arm_nn_softmax_1x2_f32(const float32_t *in, float32_t *out)
#endif
{
    if (in == NULL || out == NULL)
    {
        return;
    }
    kiln_softmax_flt_f32(in, 1, 2, out);
}

#endif /* ARM_NN_ENABLE_F32 */
