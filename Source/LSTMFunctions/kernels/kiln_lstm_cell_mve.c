/*
 * Kiln — the integer LSTM's cell-state updates and hidden-state outputs (kiln_lstm_forget_cell, kiln_lstm_input_cell,
 * kiln_lstm_hidden_s8 / _s16, Include/Internal/kiln_lstm.h), Helium: four elements per vector of int32 lanes in
 * tail-predicated assembly loops, the portable kernels' arithmetic (Source/LSTMFunctions/kiln_lstm.c) lane by lane.
 * arm_nn_requantize of the int16 x int16 product: the wrapping left shift (VSHL), VQRDMULH (it cannot saturate: the
 * multiplier is >= 0), the ties-away fix-up (minus one for negative values when there is a right shift) and the
 * rounding right shift (VRSHL). The forget product saturates to int16 by VQMOVNB; the input product is added to the
 * cell with VQADD (where the exact sum leaves int32 it is far past the clamp) and clamped to the clip range.
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_requant_mve.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

void kiln_lstm_forget_cell(const int16_t *forget, int16_t *cell, int32_t n, int32_t multiplier, int32_t shift)
{
    const int32_t ls = LEFT_SHIFT(shift), nrs = -RIGHT_SHIFT(shift);
    const int32x4_t vnrs = vdupq_n_s32(nrs); /* its sign bit: a right shift, so the fix-up applies */
    if (n <= 0)
    {
        return;
    }
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrh.s32   q0, [%[f]], #8         \n"
                   "  vldrh.s32   q1, [%[c]]             \n"
                   "  vmul.i32    q0, q0, q1             \n"
                   KILN_MVE_REQUANT_Q0_ASM
                   "  vqmovnb.s32 q1, q0                 \n"
                   "  vstrh.32    q1, [%[c]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [f] "+r"(forget), [c] "+r"(cell)
                   : [n] "r"(n), [ls] "r"(ls), [m] "r"(multiplier), [nrs] "r"(nrs), [vnrs] "w"(vnrs)
                   : "q0", "q1", "lr", "memory");
}

void kiln_lstm_input_cell(const int16_t *in_gate,
                          const int16_t *cell_gate,
                          int16_t *cell,
                          int32_t n,
                          int32_t multiplier,
                          int32_t shift,
                          int32_t clip)
{
    const int32_t ls = LEFT_SHIFT(shift), nrs = -RIGHT_SHIFT(shift);
    const int32x4_t vnrs = vdupq_n_s32(nrs);
    const int32x4_t vhi = vdupq_n_s32(clip > 0 ? clip : INT16_MAX);
    const int32x4_t vlo = vdupq_n_s32(clip > 0 ? -clip : INT16_MIN);
    if (n <= 0)
    {
        return;
    }
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrh.s32   q0, [%[ig]], #8        \n"
                   "  vldrh.s32   q1, [%[cg]], #8        \n"
                   "  vmul.i32    q0, q0, q1             \n"
                   KILN_MVE_REQUANT_Q0_ASM
                   "  vldrh.s32   q1, [%[c]]             \n"
                   "  vqadd.s32   q0, q0, q1             \n"
                   "  vmax.s32    q0, q0, %q[lo]         \n"
                   "  vmin.s32    q0, q0, %q[hi]         \n"
                   "  vstrh.32    q0, [%[c]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [ig] "+r"(in_gate), [cg] "+r"(cell_gate), [c] "+r"(cell)
                   : [n] "r"(n), [ls] "r"(ls), [m] "r"(multiplier), [nrs] "r"(nrs), [vnrs] "w"(vnrs),
                     [lo] "w"(vlo), [hi] "w"(vhi)
                   : "q0", "q1", "lr", "memory");
}

/* The hidden state's four lanes: arm_nn_requantize of g1 * g2 as in the cell updates, the offset added with VQADD
 * (where the exact int64 sum leaves int32 it is far past the clamp), clamped to [lo, hi]; STORE narrows to the output
 * type. */
#define KILN_LSTM_HIDDEN_ASM(STORE)                                                                                   \
    __asm volatile("  dlstp.32    lr, %[n]               \n"                                                          \
                   "1:                                   \n"                                                          \
                   "  vldrh.s32   q0, [%[a]], #8         \n"                                                          \
                   "  vldrh.s32   q1, [%[b]], #8         \n"                                                          \
                   "  vmul.i32    q0, q0, q1             \n"                                                          \
                   KILN_MVE_REQUANT_Q0_ASM                                                                            \
                   "  vqadd.s32   q0, q0, %[off]         \n"                                                          \
                   "  vmax.s32    q0, q0, %q[lo]         \n"                                                          \
                   "  vmin.s32    q0, q0, %q[hi]         \n"                                                          \
                   STORE                                                                                              \
                   "  letp        lr, 1b                 \n"                                                          \
                   : [a] "+r"(g1), [b] "+r"(g2), [o] "+r"(out)                                                        \
                   : [n] "r"(n), [ls] "r"(ls), [m] "r"(multiplier), [nrs] "r"(nrs), [off] "r"(offset),                \
                     [vnrs] "w"(vnrs), [lo] "w"(vlo), [hi] "w"(vhi)                                                    \
                   : "q0", "q1", "lr", "memory")

/* Both output types: the store narrows to int8 (VSTRB) or int16 (VSTRH). */
static inline __attribute__((always_inline)) void kiln_lstm_hidden_mve(const int16_t *g1, const int16_t *g2, int32_t n,
                                                                      int32_t multiplier, int32_t shift,
                                                                      int32_t offset, int32_t lo, int32_t hi,
                                                                      void *out, bool s8)
{
    const int32_t ls = LEFT_SHIFT(shift), nrs = -RIGHT_SHIFT(shift);
    const int32x4_t vnrs = vdupq_n_s32(nrs), vlo = vdupq_n_s32(lo), vhi = vdupq_n_s32(hi);
    if (n <= 0)
    {
        return;
    }
    if (s8)
    {
        KILN_LSTM_HIDDEN_ASM("  vstrb.32    q0, [%[o]], #4         \n");
    }
    else
    {
        KILN_LSTM_HIDDEN_ASM("  vstrh.32    q0, [%[o]], #8         \n");
    }
}

void kiln_lstm_hidden_s8(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                         int32_t offset, int8_t *out)
{
    kiln_lstm_hidden_mve(g1, g2, n, multiplier, shift, offset, INT8_MIN, INT8_MAX, out, true);
}

void kiln_lstm_hidden_s16(const int16_t *g1, const int16_t *g2, int32_t n, int32_t multiplier, int32_t shift,
                          int32_t offset, int16_t *out)
{
    kiln_lstm_hidden_mve(g1, g2, n, multiplier, shift, offset, INT16_MIN, INT16_MAX, out, false);
}

#endif /* KILN_BUILD_MVE */
