/*
 * Kiln — the SVDF step's state shift, newest state column and outputs (kiln_svdf_shift, kiln_svdf_state_col,
 * kiln_svdf_out_run, Include/Internal/kiln_svdf.h), DSP extension. The shift a word at a time (the Cortex-M4's LDR /
 * STR take any alignment), then the last bytes; ascending, so every word is read before the stores below it reach it.
 * The requantizations: kiln_requant_dsp (Internal/kiln_requant_dsp.h: SMMLAR on the doubled sum for the usual
 * operands).
 */
#include <string.h>

#include "Include/Internal/kiln_requant_dsp.h"
#include "Include/Internal/kiln_svdf.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP
void kiln_svdf_shift(uint8_t *p, size_t n, size_t by)
{
    const uint8_t *src = p + by;
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        uint32_t w;
        memcpy(&w, src + i, 4);
        memcpy(p + i, &w, 4);
    }
    for (; i < n; i++)
    {
        p[i] = src[i];
    }
}

void kiln_svdf_state_col(const uint32_t *dots, int32_t n, int32_t mult, int32_t shift, int32_t lo, int32_t hi,
                         void *col, int32_t step, bool s16)
{
    const int32_t rs = RIGHT_SHIFT(shift);
    const int32_t nudge = kiln_requant_dsp_nudge(rs);
    int16_t *c16 = (int16_t *)col;
    int8_t *c8 = (int8_t *)col;
    for (int32_t j = 0; j < n; j++)
    {
        int32_t v = kiln_requant_dsp(kiln_svdf_s32(dots[j]), mult, shift, rs, nudge);
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

void kiln_svdf_out_run(const uint32_t *sums, int32_t n, const kiln_svdf_args *a, int8_t *out)
{
    const int32_t rs = RIGHT_SHIFT(a->out_shift);
    const int32_t nudge = kiln_requant_dsp_nudge(rs);
    for (int32_t j = 0; j < n; j++)
    {
        /* the offset added in int64: the requantized value may lie anywhere in int32 */
        int64_t v = (int64_t)kiln_requant_dsp(kiln_svdf_s32(sums[j]), a->out_mult, a->out_shift, rs, nudge) +
                    a->output_offset;
        v = v < a->out_min ? a->out_min : v;
        out[j] = (int8_t)(v > a->out_max ? a->out_max : v);
    }
}
#endif
