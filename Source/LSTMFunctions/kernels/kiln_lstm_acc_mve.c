/*
 * Kiln — the int8 LSTM gate product kiln_lstm_fc_acc_s8 and the int16 gates' requantization run
 * kiln_lstm_requant_acc_s16 (Include/Internal/kiln_lstm.h), Helium. The int8 product: a gate's rows are a
 * fully connected layer whose kernel sums are the effective biases, so up to 72 rows at a time take the fully
 * connected kernel's six-row groups (kiln_fc_s8_dots: one VLDRB of x feeds six VMLADAVA, each row's sum started from
 * its bias, wrapping modulo 2^32 as the portable sum does), then one tail-predicated assembly loop requantizes four
 * rows a vector: arm_nn_requantize lane by lane (the wrapping left shift, VQRDMULH, which cannot saturate with a
 * multiplier >= 0, the ties-away fix-up when there is a right shift, VRSHL), the destination added with VQADD (where
 * the exact sum leaves int32 it is far past int16 anyway) and saturated to int16 (VQMOVNB). The same values as the
 * portable loop (arm_lstm_unidirectional_s8.c).
 */
#include <string.h>

#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_requant_mve.h"

#if KILN_BUILD_MVE

#define KILN_LSTM_CHUNK 72 /* rows a pass: kiln_fc_s8_dots' limit */

/* dst[i] = sat16(dst[i] + arm_nn_requantize(sums[i], multiplier, shift)), i < n (n >= 1). */
static void kiln_lstm_requant_acc(const int32_t *sums, int32_t n, int32_t multiplier, int32_t shift, int16_t *dst)
{
    const int32_t ls = LEFT_SHIFT(shift), nrs = -RIGHT_SHIFT(shift);
    const int32x4_t vnrs = vdupq_n_s32(nrs); /* its sign bit: a right shift, so the fix-up applies */
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrw.32    q0, [%[s]], #16        \n"
                   KILN_MVE_REQUANT_Q0_ASM
                   "  vldrh.s32   q1, [%[d]]             \n"
                   "  vqadd.s32   q0, q0, q1             \n"
                   "  vqmovnb.s32 q1, q0                 \n"
                   "  vstrh.32    q1, [%[d]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [s] "+r"(sums), [d] "+r"(dst)
                   : [n] "r"(n), [ls] "r"(ls), [m] "r"(multiplier), [nrs] "r"(nrs), [vnrs] "w"(vnrs)
                   : "q0", "q1", "lr", "memory");
}

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
    int32_t sums[KILN_LSTM_CHUNK];
    int32_t ks[KILN_LSTM_CHUNK];
    for (int32_t r = 0; r < rows; r += KILN_LSTM_CHUNK)
    {
        const int32_t n = rows - r < KILN_LSTM_CHUNK ? rows - r : KILN_LSTM_CHUNK;
        const uint8_t *b = bias_bytes + (size_t)r * sizeof(int32_t);
        const int32_t *k = (const int32_t *)(const void *)b;
        if (((uintptr_t)b & 3u) != 0u)
        {
            memcpy(ks, b, (size_t)n * sizeof(int32_t)); /* the kernel reads words: an aligned copy */
            k = ks;
        }
        if (cols > 0)
        {
            kiln_fc_s8_dots(x, w + (size_t)r * (size_t)cols, cols, n, k, sums);
            k = sums;
        }
        kiln_lstm_requant_acc(k, n, multiplier, shift, dst + r);
    }
}

void kiln_lstm_requant_acc_s16(const int32_t *sums, const int32_t *b32, int32_t n, int32_t m_hi, int16_t *dst)
{
    /* four rows a vector: the sum plus its bias, VRMULH (the rounded high word: kiln_mulhr_s32), the destination
     * added (|R| < 2^30: no overflow) and saturated to int16 (VQMOVNB) */
    const int32x4_t vm = vdupq_n_s32(m_hi);
    if (n <= 0)
    {
        return;
    }
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrw.32    q0, [%[s]], #16        \n"
                   "  vldrw.32    q1, [%[b]], #16        \n"
                   "  vadd.i32    q0, q0, q1             \n"
                   "  vrmulh.s32  q0, q0, %q[vm]         \n"
                   "  vldrh.s32   q1, [%[d]]             \n"
                   "  vadd.i32    q0, q0, q1             \n"
                   "  vqmovnb.s32 q1, q0                 \n"
                   "  vstrh.32    q1, [%[d]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [s] "+r"(sums), [b] "+r"(b32), [d] "+r"(dst)
                   : [n] "r"(n), [vm] "w"(vm)
                   : "q0", "q1", "lr", "memory");
}

#endif /* KILN_BUILD_MVE */
