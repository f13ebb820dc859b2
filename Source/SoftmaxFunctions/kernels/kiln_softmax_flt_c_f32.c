/*
 * Kiln — float32 softmax, portable C kernel (every build without Helium float): row max, then the
 * exponentials (kiln_flt_exp_neg, no libm) stored in the output while summing, then one multiply by the
 * reciprocal of the sum. Reading x before writing its slot lets output alias input.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32 && !KILN_FLT_OPS_MVE

void kiln_softmax_flt_f32(const float32_t *in, int32_t rows, int32_t cols, float32_t *out)
{
    for (int32_t r = 0; r < rows; r++)
    {
        const float32_t *x = in + (size_t)r * (size_t)cols;
        float32_t *y = out + (size_t)r * (size_t)cols;
        float32_t m = x[0];
        for (int32_t i = 1; i < cols; i++)
        {
            m = x[i] > m ? x[i] : m;
        }
        float32_t sum = 0.0f;
        for (int32_t i = 0; i < cols; i++)
        {
            const float32_t e = kiln_flt_exp_neg(x[i] - m);
            y[i] = e;
            sum += e;
        }
        /* sum >= 1 (the max contributes exp(0)) unless the row holds non-finite values */
        const float32_t inv = 1.0f / sum;
        for (int32_t i = 0; i < cols; i++)
        {
            y[i] *= inv;
        }
    }
}

#endif
