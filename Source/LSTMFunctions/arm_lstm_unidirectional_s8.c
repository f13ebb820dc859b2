/*
 * Kiln: arm_lstm_unidirectional_s8 -- TFLite's integer UNIDIRECTIONAL_SEQUENCE_LSTM with int8 input,
 * output and weights and int16 gates and cell state, as CMSIS-NN computes it. The gates' dot products by the
 * backend's kernel (Internal/kiln_dot.h; on Helium the gate product is kernels/kiln_lstm_acc_mve.c), the rest
 * portable C and the shared Helium element-wise kernels. Contract: Include/arm_nnfunctions.h (@kiln-lstm).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"

#if !KILN_BUILD_MVE /* Helium: kernels/kiln_lstm_acc_mve.c */
/* dst[r] = sat16(dst[r] + requantize(bias[r] + sum_k x[k] * w[r][k], multiplier, shift)), r < rows. The
 * accumulator wraps at 32 bits as the Arm multiply-accumulates do; bias is read with memcpy (a void
 * pointer of the params, any alignment). */
void kiln_lstm_fc_acc_s8(const int8_t *x,
                         const int8_t *w,
                         const void *bias,
                         int16_t *dst,
                         int32_t cols,
                         int32_t rows,
                         int32_t multiplier,
                         int32_t shift)
{
    const uint8_t *bias_bytes = (const uint8_t *)bias;
    for (int32_t r = 0; r < rows;)
    {
        /* four rows per kernel call (the x loads shared), then one at a time */
        uint32_t dots[4];
        const int32_t nr = rows - r >= 4 ? 4 : 1;
        const int8_t *wr = w + (size_t)r * (size_t)cols;
        if (nr == 4)
        {
            kiln_dot4_s8_off(x, wr, cols, cols, 0, dots);
            kiln_lstm_acc4_s8(dots, bias_bytes + (size_t)r * sizeof(int32_t), multiplier, shift, dst + r);
            r += 4;
            continue;
        }
        else
        {
            dots[0] = kiln_dot_s8_off(x, wr, cols, 0);
        }
        for (int32_t j = 0; j < nr; j++, r++)
        {
            int32_t b;
            memcpy(&b, bias_bytes + (size_t)r * sizeof(int32_t), sizeof(b));
            const int64_t v =
                (int64_t)dst[r] + arm_nn_requantize(kiln_lstm_wrap32((uint32_t)b + dots[j]), multiplier, shift);
            dst[r] = (int16_t)((v < INT16_MIN) ? INT16_MIN : ((v > INT16_MAX) ? INT16_MAX : v));
        }
    }
}
#endif /* !KILN_BUILD_MVE */

#define KILN_LSTM_T          int8_t
#define KILN_LSTM_IS_S16     false
#define KILN_LSTM_FC_ACC     kiln_lstm_fc_acc_s8
#define KILN_LSTM_HIDDEN     kiln_lstm_hidden_s8
#define KILN_LSTM_GATE       kiln_lstm_gate_s8
#define KILN_LSTM_STEP       kiln_lstm_step_s8
#define KILN_LSTM_ENTRY      arm_lstm_unidirectional_s8
#define KILN_LSTM_STRIDE_OK  kiln_lstm_stride_ok_s8
#define KILN_LSTM_STEP_ENTRY arm_nn_lstm_step_s8
#define KILN_LSTM_GATE_ENTRY arm_nn_lstm_calculate_gate_s8_s16
#include "kiln_lstm_run.inc"
