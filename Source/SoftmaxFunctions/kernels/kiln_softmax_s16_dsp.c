/*
 * Kiln — one row of the int16 softmax (kiln_softmax_s16_row, Include/Internal/kiln_softmax_s16.h), DSP extension.
 *
 * The same values as the portable kernel, cheaper per element where the row's numbers allow (a left shift of at most
 * 14 and at most 65535 elements, TFLite's layers; others take the portable row, kiln_softmax_s16_row_c):
 * - the maximum two elements a word (SSUB16 / SEL);
 * - the difference d = x - max lies in [-65535, 0], so the doubling high multiply of d << ls is one SMMULR of
 *   d << (ls + 1) (|d| 2^(ls + 1) < 2^31), and the rounding divide of a value v <= 0 by 2^e (ties away from zero,
 *   that is down) is (v + 2^(e - 1) - 1) >> e;
 * - the table lookup reads the segment's two ends as one word, the slope wrapped to int16 by SMLABB's halfword
 *   operand, the argument's lower bound by USAT;
 * - the sum in 32 bits (|sum| <= 65535 x 32768), the outputs clamped by USAT.
 */
#include "Include/Internal/kiln_dsp.h"
#include "Include/Internal/kiln_softmax_s16.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

/* The table entry of u in [0, 65535] (kiln_softmax_s16_lut). */
static inline int32_t kiln_softmax_s16_lut_dsp(const int16_t *lut, uint32_t u)
{
    const int32_t ends = arm_nn_read_s16x2(lut + (u >> 7)); /* lut[idx] low, lut[idx + 1] high */
    const int32_t base = (int16_t)ends;
    const int32_t slope = (ends >> 16) - base; /* its low halfword: (int16_t)(lut[idx + 1] - base) */
    const int32_t delta = __smlabb(slope, (int32_t)(u & 0x7Fu), 64) >> 7;
    return (int16_t)(base + delta);
}

void kiln_softmax_s16_row(const int16_t *in, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                          const int16_t *recip_lut, int16_t *out)
{
    const int32_t ls = LEFT_SHIFT(shift), rs = RIGHT_SHIFT(shift);
    if (ls > 14 || n > 65535)
    {
        kiln_softmax_s16_row_c(in, n, mult, shift, exp_lut, recip_lut, out);
        return;
    }
    int32_t i = 0;
    int32_t max2 = (int32_t)0x80008000u; /* INT16_MIN twice */
    for (; i + 2 <= n; i += 2)
    {
        max2 = kiln_max_s16x2(max2, arm_nn_read_s16x2(in + i));
    }
    int32_t max = MAX((int32_t)(int16_t)max2, max2 >> 16);
    if (i < n)
    {
        max = MAX(max, in[i]);
    }
    /* v = SMMULR(d << (ls + 1), mult) <= 0; s = (v + round) >> rs rounds it as arm_nn_divide_by_power_of_two */
    const int32_t lsh = ls + 1;
    const int32_t round = rs > 0 ? (int32_t)(1u << (rs - 1)) - 1 : 0;
    int32_t sum = 0;
    for (i = 0; i < n; i++)
    {
        const int32_t d = in[i] - max;
        const int32_t s = (kiln_smmulr((int32_t)((uint32_t)d << lsh), mult) + round) >> rs;
        const int32_t e = kiln_softmax_s16_lut_dsp(exp_lut, (uint32_t)__usat(s + 65535, 16));
        out[i] = (int16_t)e;
        sum += e;
    }
    int32_t recip, right_shift;
    if (!kiln_softmax_s16_recip(sum, recip_lut, &recip, &right_shift))
    {
        for (i = 0; i < n; i++)
        {
            out[i] = 0;
        }
        return;
    }
    const int32_t half = (int32_t)((1u << right_shift) >> 1);
    for (i = 0; i < n; i++)
    {
        /* |e * recip| <= 2^30 and half <= 2^29: within int32 */
        out[i] = (int16_t)__usat((out[i] * recip + half) >> right_shift, 15);
    }
}

#endif /* KILN_BUILD_DSP */
