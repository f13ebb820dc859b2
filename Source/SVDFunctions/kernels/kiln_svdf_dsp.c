/*
 * Kiln — the SVDF step's state shift, newest state column and outputs (kiln_svdf_shift, kiln_svdf_state_col,
 * kiln_svdf_out_run, Include/Internal/kiln_svdf.h), DSP extension. The shift a word at a time (the Cortex-M4's LDR /
 * STR take any alignment), then the last bytes; ascending, so every word is read before the stores below it reach it.
 * The requantizations: for a right shift rs >= 1 and |acc| < 2^30 (the usual sums), arm_nn_requantize is
 * (SMMLAR(2 acc, mult, 2^(rs - 1)) - [acc < 0]) >> rs: SMMLAR of the doubled sum is the doubling high multiply
 * plus the rounding constant in one instruction, and since the multiplier is >= 0 the product is negative exactly
 * when acc is (or is 0), so subtracting one for acc < 0 makes the rounding shift's ties go away from zero; other
 * values take arm_nn_requantize.
 */
#include <string.h>

#include "Include/Internal/kiln_dsp.h"
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

/* arm_nn_requantize(acc, mult, shift), mult >= 0; nudge = 2^(rs - 1) when rs = -shift >= 1 (else unused) */
static inline int32_t kiln_svdf_rq(int32_t acc, int32_t mult, int32_t shift, int32_t rs, int32_t nudge)
{
    if (rs > 0 && (uint32_t)acc + (1u << 30) < (1u << 31))
    {
        /* |acc| < 2^30: 2 acc fits; y < 2^30 + 2^30 */
        return (kiln_smmlar(acc * 2, mult, nudge) + (acc >> 31)) >> rs;
    }
    return arm_nn_requantize(acc, mult, shift);
}

void kiln_svdf_state_col(const uint32_t *dots, int32_t n, int32_t mult, int32_t shift, int32_t lo, int32_t hi,
                         void *col, int32_t step, bool s16)
{
    const int32_t rs = RIGHT_SHIFT(shift);
    const int32_t nudge = rs > 0 ? (int32_t)(1u << (rs - 1)) : 0;
    int16_t *c16 = (int16_t *)col;
    int8_t *c8 = (int8_t *)col;
    for (int32_t j = 0; j < n; j++)
    {
        int32_t v = kiln_svdf_rq(kiln_svdf_s32(dots[j]), mult, shift, rs, nudge);
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
    const int32_t nudge = rs > 0 ? (int32_t)(1u << (rs - 1)) : 0;
    for (int32_t j = 0; j < n; j++)
    {
        /* the offset added in int64: the requantized value may lie anywhere in int32 */
        int64_t v = (int64_t)kiln_svdf_rq(kiln_svdf_s32(sums[j]), a->out_mult, a->out_shift, rs, nudge) +
                    a->output_offset;
        v = v < a->out_min ? a->out_min : v;
        out[j] = (int8_t)(v > a->out_max ? a->out_max : v);
    }
}
#endif
