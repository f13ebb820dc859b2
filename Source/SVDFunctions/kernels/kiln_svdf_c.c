/*
 * Kiln — the SVDF step's state shift, newest state column and outputs (Include/Internal/kiln_svdf.h), portable C:
 * memmove, and the requantizations one value at a time (also the DSP backend's column and outputs; its shift:
 * kiln_svdf_dsp.c). Helium: kiln_svdf_mve.c.
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

#if !KILN_BUILD_MVE
void kiln_svdf_state_col(const uint32_t *dots, int32_t n, int32_t mult, int32_t shift, int32_t lo, int32_t hi,
                         void *col, int32_t step, bool s16)
{
    for (int32_t j = 0; j < n; j++)
    {
        int32_t v = arm_nn_requantize(kiln_svdf_s32(dots[j]), mult, shift);
        v = v < lo ? lo : (v > hi ? hi : v);
        if (s16)
        {
            ((int16_t *)col)[(size_t)j * (size_t)step] = (int16_t)v;
        }
        else
        {
            ((int8_t *)col)[(size_t)j * (size_t)step] = (int8_t)v;
        }
    }
}
#endif

#if !KILN_BUILD_MVE
void kiln_svdf_out_run(const uint32_t *sums, int32_t n, const kiln_svdf_args *a, int8_t *out)
{
    for (int32_t j = 0; j < n; j++)
    {
        out[j] = kiln_svdf_out(sums[j], a);
    }
}
#endif
