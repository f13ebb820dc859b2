/*
 * Kiln: arm_gru_unidirectional_f32 and its step arm_nn_gru_step_f32 (ns-cmsis-nn) -- a GRU layer with
 * PyTorch's gate equations (reset_after != 0: the reset gate scales W_hn h + b_hn) or the pre-reset form
 * (reset_after == 0: W_hn (r * h) + b_hn), float32 throughout. Portable C on every backend.
 * Contract: Include/arm_nnfunctions_flt.h (@kiln-rnn-flt).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Include/Internal/kiln_rnn_flt.h"
#include "Include/arm_nnfunctions_flt.h"

#if ARM_NN_ENABLE_F32

#define KILN_RNN_T float32_t
#define KILN_RNN_GRU_PARAMS cmsis_nn_gru_params_f32
#define KILN_RNN_GRU_CTX cmsis_nn_gru_context_f32
#define KILN_RNN_GRU_GATE cmsis_nn_gru_gate_f32
#define KILN_RNN_GRU_STEP arm_nn_gru_step_f32
#define KILN_RNN_GRU_ENTRY arm_gru_unidirectional_f32
#include "kiln_rnn_flt_run.inc"

#endif /* ARM_NN_ENABLE_F32 */
