/*
 * Kiln: the parts of the integer LSTM step shared by arm_lstm_unidirectional_s8 and _s16 -- argument
 * checks, the gate activation (the int16 LUT sigmoid / tanh of Source/ActivationFunctions/
 * arm_nn_activation_s16.c) and the cell-state update (C here, also the DSP's; Helium in kernels/kiln_lstm_cell_mve.c).
 * See Include/Internal/kiln_lstm.h.
 */
#include <stddef.h>
#include <stdint.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/Internal/kiln_requantize.h"

void kiln_lstm_activation_s16(const int16_t *in,
                              int16_t *out,
                              int32_t n,
                              int32_t left_shift,
                              arm_nn_activation_type type)
{
    int32_t multiplier, right_shift;
    kiln_sigmoid_tanh_pot(left_shift, &multiplier, &right_shift);
    kiln_sigmoid_tanh_s16(in, out, n, multiplier, right_shift, type == ARM_SIGMOID);
}

#if !KILN_BUILD_MVE /* Helium: kernels/kiln_lstm_cell_mve.c */
/* The products requantized by kiln_rq32_apply (one SMMLAR for the usual operands where the core has the DSP extension),
 * each addition and clamp in 32 bits (Internal/kiln_requantize.h's saturations, kiln_add_clamp). */
void kiln_lstm_forget_cell(const int16_t *forget, int16_t *cell, int32_t n, int32_t multiplier, int32_t shift)
{
    const kiln_rq32 q = kiln_rq32_make(multiplier, shift);
    for (int32_t i = 0; i < n; i++)
    {
        cell[i] = (int16_t)kiln_sat16(kiln_rq32_apply(&q, (int32_t)forget[i] * cell[i]));
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
    /* clip <= INT16_MAX (kiln_lstm_args_ok): the bounds lie within int16 */
    const kiln_rq32 q = kiln_rq32_make(multiplier, shift);
    const int32_t hi = (clip > 0) ? clip : INT16_MAX;
    const int32_t lo = (clip > 0) ? -clip : INT16_MIN;
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t v = kiln_add_sat32(cell[i], kiln_rq32_apply(&q, (int32_t)in_gate[i] * cell_gate[i]));
        cell[i] = (int16_t)(v < lo ? lo : (v > hi ? hi : v));
    }
}

void kiln_lstm_hidden_s8(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                         int32_t offset, int8_t *out)
{
    const kiln_rq32 q = kiln_rq32_make(multiplier, shift);
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = (int8_t)kiln_add_clamp(kiln_rq32_apply(&q, (int32_t)g1[i] * g2[i]), offset, INT8_MIN, INT8_MAX);
    }
}

void kiln_lstm_hidden_s16(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                          int32_t offset, int16_t *out)
{
    const kiln_rq32 q = kiln_rq32_make(multiplier, shift);
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = (int16_t)kiln_add_clamp(kiln_rq32_apply(&q, (int32_t)g1[i] * g2[i]), offset, INT16_MIN, INT16_MAX);
    }
}
#endif /* !KILN_BUILD_MVE */

/* ---- argument checks ------------------------------------------------------------------------- */

static bool kiln_lstm_aligned2(const void *p)
{
    return ((uintptr_t)p & 1u) == 0u;
}

static bool kiln_lstm_quant_ok(int32_t multiplier, int32_t shift, int32_t max_shift)
{
    return multiplier >= 0 && shift >= -31 && shift <= max_shift;
}

bool kiln_lstm_gate_ok(const cmsis_nn_lstm_gate *g, bool recurrent, bool is_s16)
{
    const int32_t max_shift = is_s16 ? 14 : 30;
    if (g->input_weights == NULL || g->input_effective_bias == NULL ||
        !kiln_lstm_quant_ok(g->input_multiplier, g->input_shift, max_shift))
    {
        return false;
    }
    if (recurrent && (g->hidden_weights == NULL || g->hidden_effective_bias == NULL ||
                      !kiln_lstm_quant_ok(g->hidden_multiplier, g->hidden_shift, max_shift)))
    {
        return false;
    }
    return g->activation_type == ARM_SIGMOID || g->activation_type == ARM_TANH;
}

bool kiln_lstm_args_ok(const void *input,
                       const void *output,
                       const cmsis_nn_lstm_params *params,
                       const cmsis_nn_lstm_context *buffers,
                       bool is_s16)
{
    if (input == NULL || output == NULL || params == NULL || buffers == NULL || buffers->temp1 == NULL ||
        buffers->temp2 == NULL || buffers->cell_state == NULL)
    {
        return false;
    }
    if (!kiln_lstm_aligned2(buffers->temp1) || !kiln_lstm_aligned2(buffers->temp2) ||
        !kiln_lstm_aligned2(buffers->cell_state) || (is_s16 && !kiln_lstm_aligned2(buffers->hidden_state)))
    {
        return false;
    }
    const int64_t b = params->batch_size;
    const int64_t t = params->time_steps;
    const int64_t in = params->input_size;
    const int64_t h = params->hidden_size;
    if (b < 1 || t < 1 || in < 1 || h < 1)
    {
        return false;
    }
    /* Each factor is below 2^31, so every product of two fits; three are checked one at a time. */
    const int64_t lim = INT32_MAX;
    if (b * t > lim || b * t * in > lim || b * t * h > lim || h * in > lim || h * h > lim)
    {
        return false;
    }
    const bool recurrent = (t > 1) || (buffers->hidden_state != NULL);
    if (!kiln_lstm_gate_ok(&params->forget_gate, recurrent, is_s16) ||
        !kiln_lstm_gate_ok(&params->input_gate, recurrent, is_s16) ||
        !kiln_lstm_gate_ok(&params->cell_gate, recurrent, is_s16) ||
        !kiln_lstm_gate_ok(&params->output_gate, recurrent, is_s16))
    {
        return false;
    }
    if (!kiln_lstm_quant_ok(params->forget_to_cell_multiplier, params->forget_to_cell_shift, 30) ||
        !kiln_lstm_quant_ok(params->input_to_cell_multiplier, params->input_to_cell_shift, 30) ||
        !kiln_lstm_quant_ok(params->output_multiplier, params->output_shift, 30))
    {
        return false;
    }
    if (params->cell_clip > INT16_MAX)
    {
        return false;
    }
    const int64_t tanh_shift = (int64_t)params->cell_scale_power + 12;
    if (tanh_shift < -31 || tanh_shift > 14)
    {
        return false;
    }
    const int32_t out_lo = is_s16 ? INT16_MIN : INT8_MIN;
    const int32_t out_hi = is_s16 ? INT16_MAX : INT8_MAX;
    return params->output_offset >= out_lo && params->output_offset <= out_hi;
}
