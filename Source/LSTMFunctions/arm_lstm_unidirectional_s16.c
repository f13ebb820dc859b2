/*
 * Kiln: arm_lstm_unidirectional_s16 -- TFLite's integer UNIDIRECTIONAL_SEQUENCE_LSTM with int16 input
 * and output, int8 weights, int64 effective biases and int16 gates and cell state, as CMSIS-NN
 * computes it. The gates' dot products by the backend's kernel (Internal/kiln_dot.h), the rest portable C. Contract:
 * Include/arm_nnfunctions.h (@kiln-lstm).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/Internal/kiln_requant_s64.h"
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"

/* Requantization of an int64 accumulator with the Q15 (reduced) multiplier, as CMSIS-NN's int16
 * kernels: round(val * reduced / 2^(15 - shift)) with ties up, through a 32-bit truncation. The product
 * saturates where the 64-bit one would overflow (only for accumulators past 2^48). shift <= 14. */
static int32_t kiln_lstm_requantize_s64(int64_t val, int32_t reduced, int32_t shift)
{
    int64_t prod;
    const int64_t small = (int64_t)1 << 48;
    if (val < small && val > -small)
    {
        prod = val * reduced; /* |val| < 2^48, reduced < 2^15: within int64, no division needed (the usual case) */
    }
    else
    {
        const int64_t lim = (reduced > 0) ? INT64_MAX / reduced : INT64_MAX;
        prod = val > lim ? INT64_MAX : (val < -lim ? INT64_MIN : val * reduced);
    }
    const int32_t r = kiln_lstm_wrap32((uint32_t)(uint64_t)(prod >> (14 - shift)));
    return (int32_t)(((int64_t)r + 1) >> 1);
}

/* The low words of n int64 biases (any alignment) into b32 when every one lies below 2^25 in magnitude; false
 * otherwise (b32 then partly written). */
static bool kiln_lstm_bias32(const uint8_t *bias_bytes, int32_t n, int32_t *b32)
{
    for (int32_t i = 0; i < n; i++)
    {
        int64_t b;
        memcpy(&b, bias_bytes + (size_t)i * sizeof(int64_t), sizeof(b));
        if ((uint64_t)(b + (((int64_t)1 << 25) - 1)) > (uint64_t)(((int64_t)1 << 26) - 2))
        {
            return false;
        }
        b32[i] = (int32_t)b;
    }
    return true;
}

#if !KILN_BUILD_MVE /* Helium: kernels/kiln_lstm_acc_mve.c */
void kiln_lstm_requant_acc_s16(const int32_t *sums, const int32_t *b32, int32_t n, int32_t m_hi, int16_t *dst)
{
    for (int32_t i = 0; i < n; i++)
    {
        /* |sum| <= 2^31 - 2^25, |b| < 2^25: an int32; |R| < 2^30 */
        const int32_t v = (int32_t)dst[i] + kiln_mulhr_s32(sums[i] + b32[i], m_hi);
        dst[i] = (int16_t)(v < INT16_MIN ? INT16_MIN : (v > INT16_MAX ? INT16_MAX : v));
    }
}
#endif

/* Rows a pass of the one-product path. */
#define KILN_LSTM_S16_CHUNK 64

/* The rows of one pass in the one-product form: for shift in [-17, -2] and sh = 14 - shift, the int64 requantization's
 * (q + 1) >> 1 of q = trunc32((acc * reduced) >> sh) is floor((acc * reduced + 2^sh) / 2^(sh + 1)) with no wrap
 * (|acc * reduced| < 2^46, sh >= 16), the form of Internal/kiln_requant_s64.h, where acc = sum + bias is an int32:
 * cols <= KILN_DOT4_CHUNK (|sum| <= 2^31 - 2^25) and every bias below 2^25 (false, nothing written, otherwise).
 * The sums four rows a kernel call, then the backend's requantization run. */
static bool kiln_lstm_fc_acc_s16_one(const int16_t *x, const int8_t *w, const uint8_t *bias_bytes, int16_t *dst,
                                     int32_t cols, int32_t n, int32_t m_hi)
{
    int32_t b32[KILN_LSTM_S16_CHUNK], sums[KILN_LSTM_S16_CHUNK];
    if (!kiln_lstm_bias32(bias_bytes, n, b32))
    {
        return false;
    }
    int32_t r = 0;
    for (; r + 4 <= n; r += 4)
    {
        kiln_dot4_s16_s8_runs32(x, 0, w + (size_t)r * (size_t)cols, 0, cols, cols, 1, sums + r);
    }
    for (; r < n; r++)
    {
        sums[r] = (int32_t)kiln_dot_s16_s8(x, w + (size_t)r * (size_t)cols, cols);
    }
    kiln_lstm_requant_acc_s16(sums, b32, n, m_hi, dst);
    return true;
}

static void kiln_lstm_fc_acc_s16_64(const int16_t *x, const int8_t *w, const uint8_t *bias_bytes, int16_t *dst,
                                    int32_t cols, int32_t rows, int32_t reduced, int32_t shift);

/* dst[r] = sat16(dst[r] + requantize_s64(bias[r] + sum_k x[k] * w[r][k])), r < rows; exact int64 sums
 * (the backend's dot product, Internal/kiln_dot.h), the bias added with saturation; bias read with memcpy
 * (a void pointer of the params, any alignment). */
void kiln_lstm_fc_acc_s16(const int16_t *x,
                          const int8_t *w,
                          const void *bias,
                          int16_t *dst,
                          int32_t cols,
                          int32_t rows,
                          int32_t multiplier,
                          int32_t shift)
{
    const uint8_t *bias_bytes = (const uint8_t *)bias;
    const int32_t reduced = REDUCE_MULTIPLIER(multiplier);
    if (cols <= KILN_DOT4_CHUNK && cols > 0 && shift <= -2 && shift >= -17)
    {
        /* TFLite's gates: passes of KILN_LSTM_S16_CHUNK rows in the one-product form, a pass with a larger bias
         * through the int64 rows below */
        const int32_t m_hi = kiln_requant_m_hi(reduced, shift);
        for (int32_t r = 0; r < rows; r += KILN_LSTM_S16_CHUNK)
        {
            const int32_t n = rows - r < KILN_LSTM_S16_CHUNK ? rows - r : KILN_LSTM_S16_CHUNK;
            const uint8_t *b = bias_bytes + (size_t)r * sizeof(int64_t);
            if (!kiln_lstm_fc_acc_s16_one(x, w + (size_t)r * (size_t)cols, b, dst + r, cols, n, m_hi))
            {
                kiln_lstm_fc_acc_s16_64(x, w + (size_t)r * (size_t)cols, b, dst + r, cols, n, reduced, shift);
            }
        }
        return;
    }
    kiln_lstm_fc_acc_s16_64(x, w, bias_bytes, dst, cols, rows, reduced, shift);
}

/* The int64 rows of kiln_lstm_fc_acc_s16. */
static void kiln_lstm_fc_acc_s16_64(const int16_t *x, const int8_t *w, const uint8_t *bias_bytes, int16_t *dst,
                                    int32_t cols, int32_t rows, int32_t reduced, int32_t shift)
{
    for (int32_t r = 0; r < rows;)
    {
        /* four rows per kernel call (the x loads shared), then one at a time */
        int64_t dots[4];
        const int32_t nr = rows - r >= 4 ? 4 : 1;
        const int8_t *wr = w + (size_t)r * (size_t)cols;
        if (nr == 4)
        {
            kiln_dot4_s16_s8(x, wr, cols, cols, dots);
        }
        else
        {
            dots[0] = kiln_dot_s16_s8(x, wr, cols);
        }
        for (int32_t j = 0; j < nr; j++, r++)
        {
            int64_t b;
            memcpy(&b, bias_bytes + (size_t)r * sizeof(int64_t), sizeof(b));
            const int64_t dot = dots[j];
            /* |dot| < 2^53: the saturating add only matters for biases near the int64 limits. */
            const int64_t acc =
                (b > 0 && dot > INT64_MAX - b) ? INT64_MAX : ((b < 0 && dot < INT64_MIN - b) ? INT64_MIN : b + dot);
            const int64_t v = (int64_t)dst[r] + kiln_lstm_requantize_s64(acc, reduced, shift);
            dst[r] = (int16_t)((v < INT16_MIN) ? INT16_MIN : ((v > INT16_MAX) ? INT16_MAX : v));
        }
    }
}

#define KILN_LSTM_T          int16_t
#define KILN_LSTM_IS_S16     true
#define KILN_LSTM_FC_ACC     kiln_lstm_fc_acc_s16
#define KILN_LSTM_HIDDEN     kiln_lstm_hidden_s16
#define KILN_LSTM_GATE       kiln_lstm_gate_s16
#define KILN_LSTM_STEP       kiln_lstm_step_s16
#define KILN_LSTM_ENTRY      arm_lstm_unidirectional_s16
#define KILN_LSTM_STRIDE_OK  kiln_lstm_stride_ok_s16
#define KILN_LSTM_STEP_ENTRY arm_nn_lstm_step_s16
#define KILN_LSTM_GATE_ENTRY arm_nn_lstm_calculate_gate_s16
#include "kiln_lstm_run.inc"
