/*
 * Kiln — the SVDF step's state shift, newest state column and outputs (Include/Internal/kiln_svdf.h), portable C:
 * memmove, and the requantizations one value at a time. DSP: kiln_svdf_dsp.c, Helium: kiln_svdf_mve.c.
 */
#include <string.h>

#include "Include/Internal/kiln_svdf.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_C
void kiln_svdf_shift(uint8_t *p, size_t n, size_t by)
{
    memmove(p, p + by, n);
}
#endif

#if KILN_BUILD_C
void kiln_svdf_state_col(const uint32_t *dots, int32_t n, int32_t mult, int32_t shift, int32_t lo, int32_t hi,
                         void *col, int32_t step, bool s16)
{
    int16_t *c16 = (int16_t *)col;
    int8_t *c8 = (int8_t *)col;
    for (int32_t j = 0; j < n; j++)
    {
        int32_t v = arm_nn_requantize(kiln_svdf_s32(dots[j]), mult, shift);
        v = v < lo ? lo : (v > hi ? hi : v);
        if (s16)
        {
            *c16 = (int16_t)v;
            c16 += step;
        }
        else
        {
            *c8 = (int8_t)v;
            c8 += step;
        }
    }
}
#endif

#if KILN_BUILD_C
void kiln_svdf_out_run(const uint32_t *sums, int32_t n, const kiln_svdf_args *a, int8_t *out)
{
    for (int32_t j = 0; j < n; j++)
    {
        out[j] = kiln_svdf_out(sums[j], a);
    }
}
#endif
