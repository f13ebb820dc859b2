/*
 * Kiln internals of the float recurrent layers: arm_lstm_unidirectional_f32 / _f16 with their step
 * arm_nn_lstm_step_f32 / _f16, and arm_gru_unidirectional_f32 / _f16 with arm_nn_gru_step_f32 / _f16.
 * The type-independent parts live here (size checks, gate activation); the per-type step and sequence
 * driver are the templates Source/LSTMFunctions/kiln_lstm_flt_run.inc and kiln_gru_flt_run.inc, included by
 * one source file per element type (the layout of the integer LSTM, kiln_lstm_run.inc). Portable C on every
 * backend. Not part of the public API.
 *
 * Arithmetic (both element types): every gate pre-activation is summed in float32 in a fixed order -- the
 * bias (0 when the bias pointer is NULL), then sum_k W_x[r][k] x[k] for k = 0.., then sum_k W_h[r][k] h[k]
 * for k = 0.. (left out when there is no previous hidden state) -- and activated with Kiln's libm-free
 * float32 sigmoid / tanh (Internal/kiln_ew_flt.h, absolute error below 1e-6). float16 is a storage type:
 * operands are widened to float32, and each value stored (hidden output, cell state, the GRU pre-reset
 * product r * h) is rounded once to float16.
 */
#ifndef KILN_RNN_FLT_H
#define KILN_RNN_FLT_H

#include "Internal/kiln_ew_flt.h"
#include "arm_nnsupportfunctions_flt.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

    /** Whether n elements of elem bytes stay within INT32_MAX elements and PTRDIFF_MAX bytes. */
    static inline bool kiln_rnn_count_ok(int64_t n, int64_t elem)
    {
        return n >= 0 && n <= (int64_t)INT32_MAX && kiln_flt_bytes_ok(n, elem);
    }

    /**
     * Sizes of one recurrent call: batch, input_size, hidden_size >= 1, steps >= 0, and every tensor the call
     * addresses within INT32_MAX elements and PTRDIFF_MAX bytes (64-bit products): the data rows
     * ((batch - 1) * row_step + 1) x input_size and the hidden rows ((batch - 1) * row_step + 1) x hidden_size
     * (row_step: the batch stride in rows, steps for a batch-major sequence, 1 otherwise), steps x those rows
     * for a whole sequence (seq true), the weights hidden_size x input_size and hidden_size x hidden_size and the
     * state batch x hidden_size.
     */
    static inline bool kiln_rnn_sizes_ok(int32_t batch,
                                         int32_t steps,
                                         int32_t input_size,
                                         int32_t hidden_size,
                                         int32_t row_step,
                                         bool seq,
                                         int64_t elem)
    {
        if (batch < 1 || steps < 0 || input_size < 1 || hidden_size < 1 || row_step < 1)
        {
            return false;
        }
        const int64_t rows = seq ? kiln_mul_sat64(batch, steps)
                                 : kiln_mul_sat64((int64_t)batch - 1, row_step) + 1; /* both factors < 2^31 */
        return kiln_rnn_count_ok(kiln_mul_sat64(rows, input_size), elem) &&
               kiln_rnn_count_ok(kiln_mul_sat64(rows, hidden_size), elem) &&
               kiln_rnn_count_ok(kiln_mul_sat64(hidden_size, input_size), elem) &&
               kiln_rnn_count_ok(kiln_mul_sat64(hidden_size, hidden_size), elem) &&
               kiln_rnn_count_ok(kiln_mul_sat64(batch, hidden_size), elem);
    }

    /** LSTM gate activations accepted: ARM_NN_FLT_ACT_SIGMOID and ARM_NN_FLT_ACT_TANH. */
    static inline bool kiln_rnn_gate_act_ok(arm_nn_activation_type_flt type)
    {
        return type == ARM_NN_FLT_ACT_SIGMOID || type == ARM_NN_FLT_ACT_TANH;
    }

    /** The activation of an LSTM gate (type already validated: sigmoid or tanh). */
    static inline float32_t kiln_rnn_gate_act(float32_t x, arm_nn_activation_type_flt type)
    {
        return (type == ARM_NN_FLT_ACT_TANH) ? kiln_ew_tanh_f32(x) : kiln_ew_sigmoid_f32(x);
    }

    /** The cell clip: c clamped to [-clip, clip] when clip > 0 (a NaN c stays NaN), else c. */
    static inline float32_t kiln_rnn_clip(float32_t c, float32_t clip)
    {
        if (clip > 0.0f)
        {
            return (c < -clip) ? -clip : ((c > clip) ? clip : c);
        }
        return c;
    }

    /** GRU state update h' = (1 - z) n + z h (PyTorch / Keras form, float32). */
    static inline float32_t kiln_rnn_gru_mix(float32_t z, float32_t h, float32_t n)
    {
        return (1.0f - z) * n + z * h;
    }

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_RNN_FLT_H */
