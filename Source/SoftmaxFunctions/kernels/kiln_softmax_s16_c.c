/*
 * Kiln — one row of the int16 softmax (kiln_softmax_s16_row, Include/Internal/kiln_softmax_s16.h), portable C: the
 * readable reference (kiln_softmax_s16_row_c), also the DSP kernel's row for the numbers it does not take. DSP:
 * kiln_softmax_s16_dsp.c, Helium: kiln_softmax_s16_mve.c.
 */
#include "Include/Internal/kiln_softmax_s16.h"
#include "Include/arm_nnsupportfunctions.h"

#if !KILN_BUILD_MVE

void kiln_softmax_s16_row_c(const int16_t *in, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                            const int16_t *recip_lut, int16_t *out)
{
    int32_t max = in[0];
    for (int32_t i = 1; i < n; i++)
    {
        max = MAX(max, in[i]);
    }
    /* Element i is read before it is written: out may equal in. */
    int64_t sum = 0;
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t scaled = arm_nn_requantize(in[i] - max, mult, shift);
        const int32_t e = kiln_softmax_s16_lut(exp_lut, MAX(scaled + 65535, 0));
        out[i] = (int16_t)e;
        sum += e;
    }
    int32_t recip, right_shift;
    if (!kiln_softmax_s16_recip(sum, recip_lut, &recip, &right_shift))
    {
        for (int32_t i = 0; i < n; i++)
        {
            out[i] = 0;
        }
        return;
    }
    const int32_t round = (int32_t)((1u << right_shift) >> 1);
    for (int32_t i = 0; i < n; i++)
    {
        /* |e * recip| <= 2^30 and round <= 2^29: within int32 */
        const int32_t o = (out[i] * recip + round) >> right_shift;
        out[i] = (int16_t)MIN(MAX(o, 0), INT16_MAX);
    }
}

#endif /* !KILN_BUILD_MVE */

#if KILN_BUILD_C
void kiln_softmax_s16_row(const int16_t *in, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                          const int16_t *recip_lut, int16_t *out)
{
    kiln_softmax_s16_row_c(in, n, mult, shift, exp_lut, recip_lut, out);
}
#endif
