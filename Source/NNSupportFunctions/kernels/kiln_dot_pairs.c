/*
 * Kiln — the four-row dot kernels of Include/Internal/kiln_dot.h composed of two-row ones: kiln_dot4_s16_s8 on the
 * backends without Helium (portable C and DSP), kiln_dot4_s16_s8_runs32 on portable C. Helium has its own in
 * kiln_dot_mve.c, the DSP its kiln_dot4_s16_s8_runs32 in kiln_dot_dsp.c.
 */
#include "Include/Internal/kiln_dot.h"

#if !KILN_BUILD_MVE

void kiln_dot4_s16_s8(const int16_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int64_t out[4])
{
    kiln_dot2_s16_s8(x, w0, w_stride, n, out);
    kiln_dot2_s16_s8(x, w0 + 2 * w_stride, w_stride, n, out + 2);
}

#endif /* !KILN_BUILD_MVE */

#if KILN_BUILD_C /* DSP: kiln_dot_dsp.c */
void kiln_dot4_s16_s8_runs32(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                             int32_t n, int32_t runs, int32_t out[4])
{
    int64_t s[4];
    kiln_dot2_s16_s8_runs(x, x_step, w0, w_step, w_stride, n, runs, s);
    kiln_dot2_s16_s8_runs(x, x_step, w0 + 2 * w_stride, w_step, w_stride, n, runs, s + 2);
    for (int32_t j = 0; j < 4; j++)
    {
        out[j] = (int32_t)s[j]; /* |s[j]| <= 2^31 - 2^25: runs * n <= KILN_DOT4_CHUNK */
    }
}

#endif /* KILN_BUILD_C */
