/*
 * Kiln: arm_lstm_unidirectional_f32 and its step arm_nn_lstm_step_f32 -- TFLite's float
 * UNIDIRECTIONAL_SEQUENCE_LSTM (no peephole, projection or layer norm; CMSIS-NN's float LSTM), float32
 * throughout. Portable C on every backend. Contract: Include/arm_nnfunctions_flt.h (@kiln-rnn-flt).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Include/Internal/kiln_rnn_flt.h"
#include "Include/arm_nnfunctions_flt.h"

#if ARM_NN_ENABLE_F32

#define KILN_RNN_T float32_t
#define KILN_RNN_LSTM_PARAMS cmsis_nn_lstm_params_f32
#define KILN_RNN_LSTM_CTX cmsis_nn_lstm_context_f32
#define KILN_RNN_LSTM_GATE cmsis_nn_lstm_gate_f32
#define KILN_RNN_LSTM_STEP arm_nn_lstm_step_f32
#define KILN_RNN_LSTM_ENTRY arm_lstm_unidirectional_f32
#include "kiln_rnn_flt_run.inc"

#endif /* ARM_NN_ENABLE_F32 */
