/*
 * Kiln internals of the integer LSTM (arm_lstm_unidirectional_s8 / _s16): argument checks and the
 * int16 parts of one step that both element types share (gate activations, cell-state update,
 * hidden-state requantization). Not part of the public API (names start with kiln_); C99, no libc
 * beyond the freestanding headers. Source/LSTMFunctions/kiln_lstm.c.
 */
#ifndef KILN_LSTM_H
#define KILN_LSTM_H

#include <stdbool.h>
#include <stdint.h>

#include "arm_nn_types.h"
#include "arm_nnsupportfunctions.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Checks every argument of arm_lstm_unidirectional_s8 (is_s16 false) or _s16 (is_s16 true) before
 * anything is touched: non-NULL input, output, params, buffers, temp1, temp2 and cell_state (int16
 * buffers 2-byte aligned); batch_size, time_steps, input_size, hidden_size >= 1 with every tensor
 * size (and B * T * size, H * I, H * H) at most INT32_MAX elements; per gate non-NULL input weights
 * and input effective bias, hidden weights and hidden effective bias whenever the recurrent product
 * runs (time_steps > 1 or a hidden_state is given), multipliers >= 0, shifts in [-31, 30] (s8) or
 * [-31, 14] (s16), activation ARM_SIGMOID or ARM_TANH; forget/input-to-cell and output multipliers
 * >= 0 with shifts in [-31, 30]; cell_clip <= 32767; cell_scale_power + 12 in [-31, 14]; output
 * offset within the output type.
 */
bool kiln_lstm_args_ok(const void *input,
                       const void *output,
                       const cmsis_nn_lstm_params *params,
                       const cmsis_nn_lstm_context *buffers,
                       bool is_s16);

/** One gate's parameters: input weights and input effective bias non-NULL, recurrent ones too when
 * recurrent, multipliers >= 0, shifts in [-31, 30] (s8) or [-31, 14] (s16), activation ARM_SIGMOID
 * or ARM_TANH. */
bool kiln_lstm_gate_ok(const cmsis_nn_lstm_gate *g, bool recurrent, bool is_s16);

/**
 * CMSIS-NN's int16 LUT sigmoid / tanh (arm_nn_activation_s16, TFLite reference_integer_ops
 * Logistic / Tanh with a power-of-two input scale): input scaled by 3 * 2^left_shift (rounding
 * right shift when left_shift < 0), 256-entry sigmoid(i / 24) table in Q0.16 with linear
 * interpolation, output Q0.15. left_shift in [-31, 14]. in and out may be the same buffer.
 */
void kiln_lstm_activation_s16(const int16_t *in,
                              int16_t *out,
                              int32_t n,
                              int32_t left_shift,
                              arm_nn_activation_type type);

/** cell[i] = sat16(requantize(forget[i] * cell[i], multiplier, shift)), i < n. */
void kiln_lstm_forget_cell(const int16_t *forget, int16_t *cell, int32_t n, int32_t multiplier, int32_t shift);

/** cell[i] = clamp(cell[i] + requantize(in_gate[i] * cell_gate[i], multiplier, shift), -clip, clip)
 *  (clip <= 0: the whole int16 range), i < n. */
void kiln_lstm_input_cell(const int16_t *in_gate,
                          const int16_t *cell_gate,
                          int16_t *cell,
                          int32_t n,
                          int32_t multiplier,
                          int32_t shift,
                          int32_t clip);

/**
 * The gate product of one batch, accumulated: dst[r] = sat16(dst[r] + R(bias[r] + sum_k x[k] * w[r][k]))
 * for r < rows, w rows x cols int8 (row-major), bias read with memcpy (any alignment).
 * s8: int32 bias, sum wrapping modulo 2^32, R = arm_nn_requantize(., multiplier, shift).
 * s16: int64 bias, exact int64 sum, R = the 64-bit requantization with REDUCE_MULTIPLIER(multiplier)
 * (shift <= 14). Source/LSTMFunctions/arm_lstm_unidirectional_s8.c / _s16.c.
 */
void kiln_lstm_fc_acc_s8(const int8_t *x,
                         const int8_t *w,
                         const void *bias,
                         int16_t *dst,
                         int32_t cols,
                         int32_t rows,
                         int32_t multiplier,
                         int32_t shift);
void kiln_lstm_fc_acc_s16(const int16_t *x,
                          const int8_t *w,
                          const void *bias,
                          int16_t *dst,
                          int32_t cols,
                          int32_t rows,
                          int32_t multiplier,
                          int32_t shift);

/** Two's-complement wrap of a 32-bit pattern to int32 (what the Arm accumulators do). */
static inline int32_t kiln_lstm_wrap32(uint32_t v)
{
    return (v <= (uint32_t)INT32_MAX) ? (int32_t)v : (int32_t)(v - 0x80000000u) + INT32_MIN;
}

/**
 * Four rows of the int8 LSTM gate products (kiln_lstm_fc_acc_s8): dst[j] = sat16(dst[j] + arm_nn_requantize(
 * wrap32(bias[j] + dots[j]), multiplier, shift)), j < 4, the biases read from bias_bytes (any alignment),
 * multiplier >= 0. The backends without Helium, one row at a time (Source/LSTMFunctions/kernels/kiln_lstm_acc_c.c);
 * Helium requantizes a whole gate's rows at once instead (kiln_lstm_fc_acc_s8 in kernels/kiln_lstm_acc_mve.c).
 */
void kiln_lstm_acc4_s8(const uint32_t dots[4], const uint8_t *bias_bytes, int32_t multiplier, int32_t shift,
                       int16_t *dst);

/** The int16 gate rows' one-product requantization run (Source/LSTMFunctions/arm_lstm_unidirectional_s16.c):
 * dst[i] = sat16(dst[i] + kiln_mulhr_s32(sums[i] + b32[i], m_hi)), i < n, |sums[i]| <= 2^31 - 2^25, |b32[i]| < 2^25,
 * m_hi = kiln_requant_m_hi(reduced multiplier, shift in [-17, -2]). Portable C there, Helium four lanes (VRMULH) in
 * kernels/kiln_lstm_acc_mve.c. */
void kiln_lstm_requant_acc_s16(const int32_t *sums, const int32_t *b32, int32_t n, int32_t m_hi, int16_t *dst);

/** The hidden state of a step: out[i] = clamp(arm_nn_requantize(g1[i] * g2[i], multiplier, shift) + offset, the
 * output type's range), i < n. C (also the DSP's) in Source/LSTMFunctions/kiln_lstm.c, Helium four lanes a pass in
 * kernels/kiln_lstm_cell_mve.c. */
void kiln_lstm_hidden_s8(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                         int32_t offset, int8_t *out);
void kiln_lstm_hidden_s16(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                          int32_t offset, int16_t *out);

#ifdef __cplusplus
}
#endif

#endif /* KILN_LSTM_H */
