/*
 * Kiln: arm_lstm_unidirectional_s8 -- TFLite's integer UNIDIRECTIONAL_SEQUENCE_LSTM with int8 input,
 * output and weights and int16 gates and cell state, as CMSIS-NN computes it. Portable C on every
 * backend. Contract: Include/arm_nnfunctions.h (@kiln-lstm).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnfunctions.h"

/* dst[r] = sat16(dst[r] + requantize(bias[r] + sum_k x[k] * w[r][k], multiplier, shift)), r < rows. The
 * accumulator wraps at 32 bits as the Arm multiply-accumulates do; bias is read with memcpy (a void
 * pointer of the params, any alignment). */
static void kiln_lstm_fc_acc_s8(const int8_t *x,
                                const int8_t *w,
                                const void *bias,
                                int16_t *dst,
                                int32_t cols,
                                int32_t rows,
                                int32_t multiplier,
                                int32_t shift)
{
    const uint8_t *bias_bytes = (const uint8_t *)bias;
    for (int32_t r = 0; r < rows; r++)
    {
        int32_t b;
        memcpy(&b, bias_bytes + (size_t)r * sizeof(int32_t), sizeof(b));
        uint32_t acc = (uint32_t)b;
        const int8_t *wr = w + (size_t)r * (size_t)cols;
        for (int32_t k = 0; k < cols; k++)
        {
            acc += (uint32_t)((int32_t)x[k] * wr[k]);
        }
        const int64_t v = (int64_t)dst[r] + arm_nn_requantize(kiln_lstm_wrap32(acc), multiplier, shift);
        dst[r] = (int16_t)((v < INT16_MIN) ? INT16_MIN : ((v > INT16_MAX) ? INT16_MAX : v));
    }
}

/* One gate for one batch: input and recurrent products (the recurrent one only when h is not NULL),
 * each requantized and accumulated with int16 saturation, then sigmoid or tanh. */
static void kiln_lstm_gate_s8(const int8_t *x,
                              const int8_t *h,
                              const cmsis_nn_lstm_gate *g,
                              const cmsis_nn_lstm_params *p,
                              int16_t *dst)
{
    const int32_t n = p->hidden_size;
    memset(dst, 0, (size_t)n * sizeof(int16_t));
    kiln_lstm_fc_acc_s8(x, (const int8_t *)g->input_weights, g->input_effective_bias, dst, p->input_size, n,
                        g->input_multiplier, g->input_shift);
    if (h != NULL)
    {
        kiln_lstm_fc_acc_s8(h, (const int8_t *)g->hidden_weights, g->hidden_effective_bias, dst, n, n,
                            g->hidden_multiplier, g->hidden_shift);
    }
    kiln_lstm_activation_s16(dst, dst, n, 0, g->activation_type);
}

/* One time step of one batch: x (input_size values), h the previous hidden state or NULL, cell the
 * batch's int16 cell state (updated), out the new hidden state. */
static void kiln_lstm_step_s8(const int8_t *x,
                              const int8_t *h,
                              int8_t *out,
                              int16_t *cell,
                              int16_t *g1,
                              int16_t *g2,
                              const cmsis_nn_lstm_params *p)
{
    const int32_t n = p->hidden_size;
    kiln_lstm_gate_s8(x, h, &p->forget_gate, p, g1);
    kiln_lstm_forget_cell(g1, cell, n, p->forget_to_cell_multiplier, p->forget_to_cell_shift);
    kiln_lstm_gate_s8(x, h, &p->input_gate, p, g1);
    kiln_lstm_gate_s8(x, h, &p->cell_gate, p, g2);
    kiln_lstm_input_cell(g1, g2, cell, n, p->input_to_cell_multiplier, p->input_to_cell_shift, p->cell_clip);
    kiln_lstm_gate_s8(x, h, &p->output_gate, p, g1);
    kiln_lstm_activation_s16(cell, g2, n, p->cell_scale_power + 12, ARM_TANH);
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = (int8_t)kiln_lstm_hidden_value(g1[i], g2[i], p->output_multiplier, p->output_shift,
                                                p->output_offset, INT8_MIN, INT8_MAX);
    }
}

arm_cmsis_nn_status arm_lstm_unidirectional_s8(const int8_t *input,
                                               int8_t *output,
                                               const cmsis_nn_lstm_params *params,
                                               cmsis_nn_lstm_context *buffers)
{
    if (!kiln_lstm_args_ok(input, output, params, buffers, false))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const size_t batches = (size_t)params->batch_size;
    const size_t steps = (size_t)params->time_steps;
    const size_t in_size = (size_t)params->input_size;
    const size_t hid = (size_t)params->hidden_size;
    int16_t *const cell_all = (int16_t *)buffers->cell_state;
    int8_t *const state = (int8_t *)buffers->hidden_state;
    int16_t *const g1 = (int16_t *)buffers->temp1;
    int16_t *const g2 = (int16_t *)buffers->temp2;

    if (state == NULL)
    {
        memset(cell_all, 0, batches * hid * sizeof(int16_t));
    }
    /* Batches are independent: each runs its whole sequence in turn, its element (b, t) at
     * t * batches + b (time major) or b * steps + t (batch major). */
    for (size_t b = 0; b < batches; b++)
    {
        const int8_t *h = (state != NULL) ? state + b * hid : NULL;
        int16_t *cell = cell_all + b * hid;
        for (size_t t = 0; t < steps; t++)
        {
            const size_t idx = (params->time_major != 0) ? t * batches + b : b * steps + t;
            int8_t *out = output + idx * hid;
            kiln_lstm_step_s8(input + idx * in_size, h, out, cell, g1, g2, params);
            h = out;
        }
        if (state != NULL)
        {
            memcpy(state + b * hid, h, hid);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
