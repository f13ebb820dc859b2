/*
 * Kiln — float16 softmax, portable C kernel (every build without Helium float): row max, sum of the
 * exponentials in float32 (kiln_flt_exp_neg, no libm), then each exponential again, scaled by the reciprocal
 * of the sum and rounded once to float16 (no float16 intermediate). Output may alias input: each slot is
 * written after its last read.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && !KILN_FLT_OPS_MVE

void kiln_softmax_flt_f16(const float16_t *in, int32_t rows, int32_t cols, float16_t *out)
{
    for (int32_t r = 0; r < rows; r++)
    {
        const float16_t *x = in + (size_t)r * (size_t)cols;
        float16_t *y = out + (size_t)r * (size_t)cols;
        float32_t m = (float32_t)x[0];
        for (int32_t i = 1; i < cols; i++)
        {
            const float32_t v = (float32_t)x[i];
            m = v > m ? v : m;
        }
        float32_t sum = 0.0f;
        for (int32_t i = 0; i < cols; i++)
        {
            sum += kiln_flt_exp_neg((float32_t)x[i] - m);
        }
        const float32_t inv = 1.0f / sum;
        for (int32_t i = 0; i < cols; i++)
        {
            y[i] = (float16_t)(kiln_flt_exp_neg((float32_t)x[i] - m) * inv);
        }
    }
}

#endif
