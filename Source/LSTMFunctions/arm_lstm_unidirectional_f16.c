/*
 * Kiln: arm_lstm_unidirectional_f16 and its step arm_nn_lstm_step_f16 -- TFLite's float
 * UNIDIRECTIONAL_SEQUENCE_LSTM (no peephole, projection or layer norm; CMSIS-NN's float LSTM) on float16
 * storage, computed in float32 (each stored value rounded once). Portable C on every backend.
 * Contract: Include/arm_nnfunctions_flt.h (@kiln-rnn-flt).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Include/Internal/kiln_rnn_flt.h"
#include "Include/arm_nnfunctions_flt.h"

#if ARM_NN_ENABLE_F16

#define KILN_RNN_T float16_t
#define KILN_RNN_LSTM_PARAMS cmsis_nn_lstm_params_f16
#define KILN_RNN_LSTM_CTX cmsis_nn_lstm_context_f16
#define KILN_RNN_LSTM_GATE cmsis_nn_lstm_gate_f16
#define KILN_RNN_LSTM_STEP arm_nn_lstm_step_f16
#define KILN_RNN_LSTM_ENTRY arm_lstm_unidirectional_f16
#include "kiln_rnn_flt_run.inc"

#endif /* ARM_NN_ENABLE_F16 */
