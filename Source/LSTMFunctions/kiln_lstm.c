/*
 * Kiln: the parts of the integer LSTM step shared by arm_lstm_unidirectional_s8 and _s16 -- argument
 * checks, the int16 LUT sigmoid / tanh and the cell-state update. Portable C on every backend.
 * See Include/Internal/kiln_lstm.h.
 */
#include <stddef.h>
#include <stdint.h>

#include "Include/Internal/kiln_lstm.h"

/* sigmoid(i / 24) in Q0.16 for i = 0..255: TensorFlow Lite's published sigmoid_table_uint16 (the
 * entries are tuned for the linear interpolation, so they are not plain roundings of the formula;
 * bit-exactness needs these values). */
static const uint16_t kiln_lstm_sigmoid_q16[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149,
    40794, 41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369,
    47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169,
    53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370,
    60565, 60753, 60935, 61110, 61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302,
    62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186, 63279, 63368, 63454, 63536,
    63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786,
    64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079,
    65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258,
    65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474,
    65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498,
    65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522,
    65523, 65523, 65524, 65524, 65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528,
    65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530, 65530, 65530, 65531, 65531,
    65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65534, 65534, 65534, 65535,
};

void kiln_lstm_activation_s16(const int16_t *in,
                              int16_t *out,
                              int32_t n,
                              int32_t left_shift,
                              arm_nn_activation_type type)
{
    const bool sigmoid = (type == ARM_SIGMOID);
    /* The table step is 1/24: |x| * 3 in Q3.12 has 9 fraction bits per step for sigmoid; tanh(x) is
     * read as 2 * sigmoid(2x) - 1, one fraction bit fewer. */
    const uint32_t frac_bits = sigmoid ? 9u : 8u;
    const uint32_t frac_mask = (1u << frac_bits) - 1u;
    const uint32_t saturated = sigmoid ? (0x7FFFu << 10) : (0xFFFFu << 8);
    const int32_t scale = (left_shift < 0) ? 3 : 3 * (int32_t)(1u << (uint32_t)left_shift);
    const int32_t down = (left_shift < 0) ? -left_shift : 0;
    const int32_t half = (down > 0) ? (int32_t)(1u << (uint32_t)(down - 1)) : 0;

    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = ((int32_t)in[i] * scale + half) >> down;
        const uint32_t ax = (x >= 0) ? (uint32_t)x : (uint32_t)(-x);
        const uint32_t idx = ax >> frac_bits;
        uint32_t r = saturated;
        if (idx < 255u)
        {
            const uint32_t lo = kiln_lstm_sigmoid_q16[idx];
            const uint32_t hi = kiln_lstm_sigmoid_q16[idx + 1u];
            r = (lo << frac_bits) + (ax & frac_mask) * (hi - lo);
        }
        int32_t y;
        if (sigmoid)
        {
            /* Q0.16 << 9 -> Q0.15 with rounding; negative x: 1 - sigmoid(|x|). */
            y = (x >= 0) ? (int32_t)((r + (1u << 9)) >> 10) : (int32_t)(((1u << 25) - r + (1u << 9) - 1u) >> 10);
        }
        else
        {
            /* r >= 2^23 (sigmoid of a non-negative value); negative x: floor((2^23 + 127 - r) / 256),
             * within [-32767, 0]. */
            y = (x >= 0) ? (int32_t)((r - (1u << 23) + (1u << 7)) >> 8)
                         : (((int32_t)(1u << 23) + 127 - (int32_t)r) >> 8);
        }
        out[i] = (int16_t)y;
    }
}

void kiln_lstm_forget_cell(const int16_t *forget, int16_t *cell, int32_t n, int32_t multiplier, int32_t shift)
{
    for (int32_t i = 0; i < n; i++)
    {
        int32_t v = arm_nn_requantize((int32_t)forget[i] * cell[i], multiplier, shift);
        v = (v < INT16_MIN) ? INT16_MIN : ((v > INT16_MAX) ? INT16_MAX : v);
        cell[i] = (int16_t)v;
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
    const int64_t hi = (clip > 0) ? clip : INT16_MAX;
    const int64_t lo = (clip > 0) ? -(int64_t)clip : INT16_MIN;
    for (int32_t i = 0; i < n; i++)
    {
        int64_t v = (int64_t)cell[i] + arm_nn_requantize((int32_t)in_gate[i] * cell_gate[i], multiplier, shift);
        v = (v < lo) ? lo : ((v > hi) ? hi : v);
        cell[i] = (int16_t)v;
    }
}

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
