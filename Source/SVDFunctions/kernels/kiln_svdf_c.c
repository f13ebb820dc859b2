/*
 * Kiln — the SVDF step's state shift, newest state column and outputs (Include/Internal/kiln_svdf.h), portable C:
 * memmove, and the requantizations one value at a time by kiln_rq32_apply (one SMMLAR for the usual sums where the core
 * has the DSP extension: the DSP backend's column and outputs too). DSP shift: kiln_svdf_dsp.c; Helium:
 * kiln_svdf_mve.c.
 */
#include <string.h>

#include "Include/Internal/kiln_svdf.h"
#include "Include/Internal/kiln_requantize.h"

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
    const kiln_rq32 q = kiln_rq32_make(mult, shift);
    int16_t *c16 = (int16_t *)col;
    int8_t *c8 = (int8_t *)col;
    for (int32_t j = 0; j < n; j++)
    {
        const int32_t v = kiln_add_clamp(kiln_rq32_apply(&q, kiln_svdf_s32(dots[j])), 0, lo, hi);
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

#if !KILN_BUILD_MVE
void kiln_svdf_out_run(const uint32_t *sums, int32_t n, const kiln_svdf_args *a, int8_t *out)
{
    const kiln_rq32 q = kiln_rq32_make(a->out_mult, a->out_shift);
    for (int32_t j = 0; j < n; j++)
    {
        out[j] = (int8_t)kiln_add_clamp(kiln_rq32_apply(&q, kiln_svdf_s32(sums[j])), a->output_offset, a->out_min,
                                        a->out_max);
    }
}
#endif
