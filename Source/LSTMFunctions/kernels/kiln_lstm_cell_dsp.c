/*
 * Kiln — the integer LSTM's cell-state updates and hidden-state outputs (kiln_lstm_forget_cell, kiln_lstm_input_cell,
 * kiln_lstm_hidden_s8 / _s16, Include/Internal/kiln_lstm.h), DSP extension: the portable kernels' arithmetic
 * (Source/LSTMFunctions/kiln_lstm.c) with each int16 x int16 product requantized by kiln_requant_dsp (SMMLAR on the
 * doubled product where |product| < 2^30 and the shift is a right shift, as TFLite's LSTM shifts are), then SSAT or
 * QADD and the clamp (where a 32-bit sum saturates, the exact one is past the clamp too).
 */
#include "Include/Internal/kiln_lstm.h"
#include "Include/Internal/kiln_requant_dsp.h"

#if KILN_BUILD_DSP

void kiln_lstm_forget_cell(const int16_t *forget, int16_t *cell, int32_t n, int32_t multiplier, int32_t shift)
{
    const int32_t rs = RIGHT_SHIFT(shift), nudge = kiln_requant_dsp_nudge(rs);
    for (int32_t i = 0; i < n; i++)
    {
        cell[i] = (int16_t)__ssat(kiln_requant_dsp((int32_t)forget[i] * cell[i], multiplier, shift, rs, nudge), 16);
    }
}

void kiln_lstm_input_cell(const int16_t *in_gate,
                          const int16_t *cell_gate,
                          int16_t *cell,
                          int32_t n,
                          int32_t multiplier,
                          int32_t shift,
                          int32_t clip)
{
    const int32_t rs = RIGHT_SHIFT(shift), nudge = kiln_requant_dsp_nudge(rs);
    /* clip <= INT16_MAX (kiln_lstm_args_ok), so the bounds lie within int16; QADD saturates the sum where it would
     * leave int32 (then past the bounds anyway) */
    const int32_t hi = (clip > 0) ? clip : INT16_MAX;
    const int32_t lo = (clip > 0) ? -clip : INT16_MIN;
    for (int32_t i = 0; i < n; i++)
    {
        int32_t v = __qadd(cell[i], kiln_requant_dsp((int32_t)in_gate[i] * cell_gate[i], multiplier, shift, rs, nudge));
        v = (v < lo) ? lo : ((v > hi) ? hi : v);
        cell[i] = (int16_t)v;
    }
}

/* out = clamp(requantize(g1 * g2) + offset, lo, hi) */
static inline int32_t kiln_lstm_hidden_dsp(int32_t g1, int32_t g2, int32_t multiplier, int32_t shift, int32_t rs,
                                           int32_t nudge, int32_t offset, int32_t lo, int32_t hi)
{
    const int32_t v = __qadd(kiln_requant_dsp(g1 * g2, multiplier, shift, rs, nudge), offset);
    return v < lo ? lo : (v > hi ? hi : v);
}

void kiln_lstm_hidden_s8(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                         int32_t offset, int8_t *out)
{
    const int32_t rs = RIGHT_SHIFT(shift), nudge = kiln_requant_dsp_nudge(rs);
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = (int8_t)kiln_lstm_hidden_dsp(g1[i], g2[i], multiplier, shift, rs, nudge, offset, INT8_MIN, INT8_MAX);
    }
}

void kiln_lstm_hidden_s16(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                          int32_t offset, int16_t *out)
{
    const int32_t rs = RIGHT_SHIFT(shift), nudge = kiln_requant_dsp_nudge(rs);
    for (int32_t i = 0; i < n; i++)
    {
        out[i] =
            (int16_t)kiln_lstm_hidden_dsp(g1[i], g2[i], multiplier, shift, rs, nudge, offset, INT16_MIN, INT16_MAX);
    }
}

#endif /* KILN_BUILD_DSP */
