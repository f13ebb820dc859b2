/*
 * Kiln — the dot products of Include/Internal/kiln_dot.h, DSP extension (Cortex-M4/M7/M33/M55 without Helium):
 * four elements a step, the bytes widened to halfword pairs by SXTB16 (SXTAB16 adds the offset on the way) and
 * two products summed per SMLALD (64-bit) or SMLAD (32-bit) instruction. SXTB16 pairs bytes 0 / 2 and 1 / 3; the
 * one-row kernel repacks the weights to match x, the two-row one repacks x (once for both rows).
 */
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_dsp.h"
#include "Include/Internal/kiln_dw_acc_dsp.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

/* Four products into acc: x as (x0, x1), (x2, x3); the weights widened to (w0, w2), (w1, w3), then paired as x
 * is. */
__STATIC_FORCEINLINE int64_t kiln_dot_s16_s8_step4(const int16_t *x, const int8_t *w, int64_t acc)
{
    const int32_t wv = arm_nn_read_s8x4(w);
    const int32_t w02 = __sxtb16(wv);
    const int32_t w13 = kiln_sxtb16_ror8(wv);
    acc = __smlald(arm_nn_read_s16x2(x), kiln_pack_lo16(w02, w13), acc);
    return __smlald(arm_nn_read_s16x2(x + 2), kiln_pack_hi16(w02, w13), acc);
}

int64_t kiln_dot_s16_s8(const int16_t *x, const int8_t *w, int32_t n)
{
    int64_t acc = 0;
    int32_t i = 0;
    for (; i + 8 <= n; i += 8)
    {
        acc = kiln_dot_s16_s8_step4(x + i, w + i, acc);
        acc = kiln_dot_s16_s8_step4(x + i + 4, w + i + 4, acc);
    }
    if (i + 4 <= n)
    {
        acc = kiln_dot_s16_s8_step4(x + i, w + i, acc);
        i += 4;
    }
    for (; i < n; i++)
    {
        acc += (int32_t)x[i] * (int32_t)w[i];
    }
    return acc;
}

/* Both two-row entries (kiln_dot2_s16_s8 is this with one run). Four elements a step: x paired as SXTB16 pairs the
 * weights, (x0, x2) and (x1, x3), packed once for both rows; inline assembly because GCC 12 keeps one
 * widened weight word on the stack in this loop (21 instructions a step where 16 do). */
void kiln_dot2_s16_s8_runs(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                           int32_t n, int32_t runs, int64_t out[2])
{
    int64_t a0 = 0, a1 = 0;
    for (int32_t r = 0; r < runs; r++, x += x_step, w0 += w_step)
    {
        const int16_t *xp = x;
        const int8_t *p0 = w0;
        const int8_t *p1 = w0 + w_stride;
        int32_t steps = n >> 2;
        if (steps > 0)
        {
            int32_t t0, t1, t2, t3;
            __asm volatile("1: ldr    %[t0], [%[x]], #4               \n"
                           "   ldr    %[t1], [%[x]], #4               \n"
                           "   pkhbt  %[t2], %[t0], %[t1], lsl #16    \n"
                           "   pkhtb  %[t1], %[t1], %[t0], asr #16    \n"
                           "   ldr    %[t0], [%[w0]], #4              \n"
                           "   sxtb16 %[t3], %[t0]                    \n"
                           "   smlald %Q[a0], %R[a0], %[t2], %[t3]    \n"
                           "   sxtb16 %[t3], %[t0], ror #8            \n"
                           "   smlald %Q[a0], %R[a0], %[t1], %[t3]    \n"
                           "   ldr    %[t0], [%[w1]], #4              \n"
                           "   sxtb16 %[t3], %[t0]                    \n"
                           "   smlald %Q[a1], %R[a1], %[t2], %[t3]    \n"
                           "   sxtb16 %[t3], %[t0], ror #8            \n"
                           "   smlald %Q[a1], %R[a1], %[t1], %[t3]    \n"
                           "   subs   %[k], %[k], #1                  \n"
                           "   bne    1b                              \n"
                           : [x] "+r"(xp), [w0] "+r"(p0), [w1] "+r"(p1), [k] "+r"(steps), [a0] "+r"(a0),
                             [a1] "+r"(a1), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)
                           :
                           : "cc", "memory");
        }
        for (int32_t i = n & ~3; i < n; i++)
        {
            a0 += (int32_t)x[i] * (int32_t)w0[i];
            a1 += (int32_t)x[i] * (int32_t)w0[w_stride + i];
        }
    }
    out[0] = a0;
    out[1] = a1;
}

/* x_offset in both halfwords (SXTAB16 adds it to both bytes it widens); kiln_dot_off_fits_s16(x_offset). */
static inline int32_t kiln_dot_off2(int32_t x_offset)
{
    return (int32_t)(((uint32_t)x_offset & 0xFFFFu) | ((uint32_t)x_offset << 16));
}

uint32_t kiln_dot_s8_off(const int8_t *x, const int8_t *w, int32_t n, int32_t x_offset)
{
    uint32_t acc = 0;
    int32_t i = 0;
    if (kiln_dot_off_fits_s16(x_offset))
    {
        const int32_t off2 = kiln_dot_off2(x_offset);
        int32_t a = 0;
        for (; i + 4 <= n; i += 4)
        {
            const int32_t xv = arm_nn_read_s8x4(x + i);
            const int32_t wv = arm_nn_read_s8x4(w + i);
            a = __smlad(__sxtab16(off2, xv), __sxtb16(wv), a);
            a = __smlad(kiln_sxtab16_ror8(off2, xv), kiln_sxtb16_ror8(wv), a);
        }
        acc = (uint32_t)a;
    }
    for (; i < n; i++)
    {
        acc += ((uint32_t)(int32_t)x[i] + (uint32_t)x_offset) * (uint32_t)(int32_t)w[i];
    }
    return acc;
}

/* kiln_dot4_s8_off's four-column steps (kiln_dot4_off_run): x and the first row at the first column, the rows
 * stride bytes apart, n4 >= 1 steps, off2 the offset in both halfwords, the four sums to out. */
typedef struct
{
    const int8_t *x;  /* 0 */
    const int8_t *w;  /* 4 */
    int32_t stride;   /* 8 */
    int32_t n4;       /* 12 */
    int32_t off2;     /* 16 */
    uint32_t *out;    /* 20 */
} kiln_dot4_off_job;

/* One row's four products of a step: its word at ADDR widened (SXTB16) against x's (x0 + off, x2 + off) in r9 and
 * (x1 + off, x3 + off) in r10, two SMLAD into ACC. */
#define KILN_DOT4_OFF_ROW(ADDR, ACC)                                                                                  \
    "  ldr         r11, " ADDR "\n"                                                                                   \
    "  sxtb16      r12, r11                    \n"                                                                    \
    "  smlad       " ACC ", r9, r12, " ACC "\n"                                                                       \
    "  sxtb16      r12, r11, ror #8            \n"                                                                    \
    "  smlad       " ACC ", r10, r12, " ACC "\n"

/* Per four columns x is read and widened with the offset once (SXTAB16) for the four rows, each row's word widened
 * (SXTB16) and two SMLAD (wrapping modulo 2^32 as the portable sum): 25 instructions per 16 MACs where GCC's loop,
 * short of registers, reloaded the row pointers from the stack (32). Rows 1 and 3 are read at a register offset
 * from rows 0 and 2, which advance by post-indexed loads. A whole function in assembly (AAPCS: r0 = job; r4 - r11
 * and lr saved): r0, r6, r7, r8 the sums of rows 0 - 3, r1 x, r2 row 0, r3 the stride, r4 row 2, r5 off2, lr the
 * steps left, the out pointer on the stack. */
__attribute__((naked, noinline)) static void kiln_dot4_off_run(const kiln_dot4_off_job *job __attribute__((unused)))
{
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"
                   "  ldr         r6, [r0, #20]               \n"
                   "  push        {r6}                        \n" /* out */
                   "  ldr         r5, [r0, #16]               \n" /* off2 */
                   "  ldm         r0, {r1, r2, r3, lr}        \n" /* x, w, stride, n4 */
                   "  add         r4, r2, r3, lsl #1          \n" /* row 2 */
                   "  movs        r0, #0                      \n"
                   "  movs        r6, #0                      \n"
                   "  movs        r7, #0                      \n"
                   "  mov         r8, #0                      \n"
                   "1:                                        \n"
                   "  ldr         r11, [r1], #4               \n"
                   "  sxtab16     r9, r5, r11                 \n"
                   "  sxtab16     r10, r5, r11, ror #8        \n"
                   KILN_DOT4_OFF_ROW("[r2, r3]", "r6")
                   KILN_DOT4_OFF_ROW("[r2], #4", "r0")
                   KILN_DOT4_OFF_ROW("[r4, r3]", "r8")
                   KILN_DOT4_OFF_ROW("[r4], #4", "r7")
                   "  subs        lr, lr, #1                  \n"
                   "  bne         1b                          \n"
                   "  pop         {r12}                       \n"
                   "  stm         r12, {r0, r6, r7, r8}       \n"
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n");
}

void kiln_dot4_s8_off(const int8_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int32_t x_offset,
                      uint32_t out[4])
{
    if (!kiln_dot_off_fits_s16(x_offset))
    {
        /* x + x_offset does not fit a halfword lane: row by row (kiln_dot_s8_off's own fallback) */
        for (int32_t j = 0; j < 4; j++)
        {
            out[j] = kiln_dot_s8_off(x, w0 + (size_t)j * (size_t)w_stride, n, x_offset);
        }
        return;
    }
    const int8_t *w1 = w0 + w_stride, *w2 = w1 + w_stride, *w3 = w2 + w_stride;
    uint32_t sums[4] = {0, 0, 0, 0};
    const int32_t n4 = n / 4;
    if (n4 > 0)
    {
        const kiln_dot4_off_job job = {x, w0, w_stride, n4, kiln_dot_off2(x_offset), sums};
        kiln_dot4_off_run(&job);
    }
    int32_t i = n4 * 4;
    uint32_t s0 = sums[0], s1 = sums[1], s2 = sums[2], s3 = sums[3];
    for (; i < n; i++)
    {
        const uint32_t xi = (uint32_t)(int32_t)x[i] + (uint32_t)x_offset;
        s0 += xi * (uint32_t)(int32_t)w0[i];
        s1 += xi * (uint32_t)(int32_t)w1[i];
        s2 += xi * (uint32_t)(int32_t)w2[i];
        s3 += xi * (uint32_t)(int32_t)w3[i];
    }
    out[0] = s0;
    out[1] = s1;
    out[2] = s2;
    out[3] = s3;
}

int64_t kiln_dot_s16_s16(const int16_t *x, const int16_t *y, int32_t n)
{
    int64_t acc = 0;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        acc = __smlald(arm_nn_read_s16x2(x + i), arm_nn_read_s16x2(y + i), acc);
        acc = __smlald(arm_nn_read_s16x2(x + i + 2), arm_nn_read_s16x2(y + i + 2), acc);
    }
    for (; i < n; i++)
    {
        acc += (int32_t)x[i] * (int32_t)y[i];
    }
    return acc;
}

void kiln_dot2_s16_s16(const int16_t *x, const int16_t *y0, int32_t y_stride, int32_t n, int64_t out[2])
{
    /* each x pair loaded once for both rows: five instructions per two elements and two rows */
    const int16_t *y1 = y0 + y_stride;
    int64_t a0 = 0, a1 = 0;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t x01 = arm_nn_read_s16x2(x + i);
        const int32_t x23 = arm_nn_read_s16x2(x + i + 2);
        a0 = __smlald(x01, arm_nn_read_s16x2(y0 + i), a0);
        a1 = __smlald(x01, arm_nn_read_s16x2(y1 + i), a1);
        a0 = __smlald(x23, arm_nn_read_s16x2(y0 + i + 2), a0);
        a1 = __smlald(x23, arm_nn_read_s16x2(y1 + i + 2), a1);
    }
    for (; i < n; i++)
    {
        a0 += (int32_t)x[i] * (int32_t)y0[i];
        a1 += (int32_t)x[i] * (int32_t)y1[i];
    }
    out[0] = a0;
    out[1] = a1;
}

/*
 * Per four elements: x as (x0, x1), (x2, x3) repacked once for the four rows as (x0, x2), (x1, x3) (PKHBT / PKHTB),
 * each row's bytes widened to (w0, w2), (w1, w3) (SXTB16) and two SMLAD into its int32 sum: 26 instructions per 16
 * MACs (two kiln_dot2_s16_s8 took 32, in 64 bits); the last n % 4 elements one at a time (SMLABB). A whole function in
 * assembly (AAPCS: r0 = job, r4 - r11 and lr saved): the sums in r0 - r3, the rows in r4 - r7, x in r8, r9 the
 * count, r10 - r12 and lr temporaries; the run count, n / 4, n % 4 and the job on the stack.
 */
__attribute__((naked, noinline)) static void kiln_dot4_runs32_dsp(const kiln_dot4_runs_job *job
                                                                  __attribute__((unused)))
{
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"
                   "  sub         sp, sp, #16                 \n"
                   "  str         r0, [sp, #12]               \n"
                   "  ldr         r1, [r0, #16]               \n"
                   "  str         r1, [sp, #0]                \n" /* runs */
                   "  ldr         r1, [r0, #12]               \n"
                   "  lsrs        r2, r1, #2                  \n"
                   "  str         r2, [sp, #4]                \n" /* n / 4 */
                   "  and         r1, r1, #3                  \n"
                   "  str         r1, [sp, #8]                \n" /* n % 4 */
                   "  ldr         r8, [r0, #0]                \n"
                   "  ldr         r4, [r0, #4]                \n"
                   "  ldr         r1, [r0, #8]                \n"
                   "  add         r5, r4, r1                  \n"
                   "  add         r6, r5, r1                  \n"
                   "  add         r7, r6, r1                  \n"
                   "  movs        r0, #0                      \n"
                   "  movs        r1, #0                      \n"
                   "  movs        r2, #0                      \n"
                   "  movs        r3, #0                      \n"
                   "  ldr         r12, [sp, #0]               \n"
                   "  cmp         r12, #0                     \n"
                   "  beq         9f                          \n"
                   "1:                                        \n" /* a run */
                   "  ldr         r9, [sp, #4]                \n"
                   "  cmp         r9, #0                      \n"
                   "  beq         3f                          \n"
                   "2:                                        \n"
                   "  ldr         r10, [r8], #4               \n"
                   "  ldr         r11, [r8], #4               \n"
                   "  pkhbt       r12, r10, r11, lsl #16      \n" /* (x0, x2) */
                   "  pkhtb       r11, r11, r10, asr #16      \n" /* (x1, x3) */
                   "  ldr         r10, [r4], #4               \n"
                   "  sxtb16      lr, r10, ror #8             \n"
                   "  sxtb16      r10, r10                    \n"
                   "  smlad       r0, r12, r10, r0            \n"
                   "  smlad       r0, r11, lr, r0             \n"
                   "  ldr         r10, [r5], #4               \n"
                   "  sxtb16      lr, r10, ror #8             \n"
                   "  sxtb16      r10, r10                    \n"
                   "  smlad       r1, r12, r10, r1            \n"
                   "  smlad       r1, r11, lr, r1             \n"
                   "  ldr         r10, [r6], #4               \n"
                   "  sxtb16      lr, r10, ror #8             \n"
                   "  sxtb16      r10, r10                    \n"
                   "  smlad       r2, r12, r10, r2            \n"
                   "  smlad       r2, r11, lr, r2             \n"
                   "  ldr         r10, [r7], #4               \n"
                   "  sxtb16      lr, r10, ror #8             \n"
                   "  sxtb16      r10, r10                    \n"
                   "  smlad       r3, r12, r10, r3            \n"
                   "  smlad       r3, r11, lr, r3             \n"
                   "  subs        r9, r9, #1                  \n"
                   "  bne         2b                          \n"
                   "3:                                        \n" /* the last n % 4 */
                   "  ldr         r9, [sp, #8]                \n"
                   "  cmp         r9, #0                      \n"
                   "  beq         5f                          \n"
                   "4:                                        \n"
                   "  ldrsh       r12, [r8], #2               \n"
                   "  ldrsb       r10, [r4], #1               \n"
                   "  smlabb      r0, r12, r10, r0            \n"
                   "  ldrsb       r10, [r5], #1               \n"
                   "  smlabb      r1, r12, r10, r1            \n"
                   "  ldrsb       r10, [r6], #1               \n"
                   "  smlabb      r2, r12, r10, r2            \n"
                   "  ldrsb       r10, [r7], #1               \n"
                   "  smlabb      r3, r12, r10, r3            \n"
                   "  subs        r9, r9, #1                  \n"
                   "  bne         4b                          \n"
                   "5:                                        \n" /* the next run */
                   "  ldr         r12, [sp, #12]              \n"
                   "  ldr         r9, [r12, #20]              \n"
                   "  add         r8, r9                      \n"
                   "  ldr         r9, [r12, #24]              \n"
                   "  add         r4, r9                      \n"
                   "  add         r5, r9                      \n"
                   "  add         r6, r9                      \n"
                   "  add         r7, r9                      \n"
                   "  ldr         r12, [sp, #0]               \n"
                   "  subs        r12, r12, #1                \n"
                   "  str         r12, [sp, #0]               \n"
                   "  bne         1b                          \n"
                   "9:                                        \n"
                   "  ldr         r12, [sp, #12]              \n"
                   "  ldr         r12, [r12, #28]             \n"
                   "  stm         r12, {r0, r1, r2, r3}       \n"
                   "  add         sp, sp, #16                 \n"
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n");
}

void kiln_dot4_s16_s8_runs32(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                             int32_t n, int32_t runs, int32_t out[4])
{
    const kiln_dot4_runs_job job = {x, w0, w_stride, n, runs, (x_step - n) * 2, w_step - n, out};
    kiln_dot4_runs32_dsp(&job);
}

/* The window sums of nq runs of four channels (kiln_dw_acc4_run): x, w at the first channel; xc / wc the column steps
 * in bytes; xr / wr from past a filter row's last column to the next row's first, in bytes; nq, nky, nkx >= 1. */
typedef struct
{
    const int16_t *x;
    const int8_t *w;
    int32_t *acc;
    int32_t nq;
    int32_t nky;
    int32_t nkx;
    int32_t xc;
    int32_t wc;
    int32_t xr;
    int32_t wr;
} kiln_dw_acc4_job;

/* One tap of four channels: KILN_DW_ACC4_TAP (Internal/kiln_dw_acc_dsp.h). */

/* Per tap and four channels: x as (x0, x1), (x2, x3), the weights widened to (w0, w2), (w1, w3) (SXTB16), one
 * halfword product per SMLAxy into each channel's sum; 13 instructions, 11 in a row of three columns (unrolled). The
 * accumulators, pointers, steps, counters and temporaries take fourteen registers, so this is a whole function in
 * assembly (AAPCS: r0 = job, r4 - r11 and lr saved), the job copied to its frame: [sp] x, w, acc, nq, nky, nkx, xc,
 * wc, xr, wr. From C, GCC 12.2 spilled the row pointers and took 15 instructions a tap and 13 a row. */
__attribute__((naked, noinline)) static void kiln_dw_acc4_run(const kiln_dw_acc4_job *job __attribute__((unused)))
{
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"
                   "  sub         sp, sp, #40                 \n"
                   "  ldm         r0, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10} \n"
                   "  stm         sp, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10} \n"
                   "  ldr         r6, [sp, #24]               \n" /* xc */
                   "  ldr         r7, [sp, #28]               \n" /* wc */
                   "3:                                        \n"
                   "  ldrd        r4, r5, [sp, #0]            \n" /* this run's x, w */
                   "  movs        r0, #0                      \n"
                   "  movs        r1, #0                      \n"
                   "  movs        r2, #0                      \n"
                   "  movs        r3, #0                      \n"
                   "  ldr         r9, [sp, #16]               \n" /* rows */
                   "1:                                        \n"
                   "  ldr         r8, [sp, #20]               \n" /* columns */
                   "  cmp         r8, #3                      \n"
                   "  beq         5f                          \n"
                   "2:                                        \n"
                   KILN_DW_ACC4_TAP
                   "  subs        r8, r8, #1                  \n"
                   "  bne         2b                          \n"
                   "  b           6f                          \n"
                   "5:                                        \n" /* three columns (3x3 windows): unrolled */
                   KILN_DW_ACC4_TAP
                   KILN_DW_ACC4_TAP
                   KILN_DW_ACC4_TAP
                   "6:                                        \n"
                   "  ldr         r8, [sp, #32]               \n"
                   "  add         r4, r8                      \n"
                   "  ldr         r8, [sp, #36]               \n"
                   "  add         r5, r8                      \n"
                   "  subs        r9, r9, #1                  \n"
                   "  bne         1b                          \n"
                   "  ldr         r12, [sp, #8]               \n"
                   "  stmia       r12!, {r0, r1, r2, r3}      \n"
                   "  str         r12, [sp, #8]               \n"
                   "  ldrd        r4, r5, [sp, #0]            \n"
                   "  adds        r4, r4, #8                  \n"
                   "  adds        r5, r5, #4                  \n"
                   "  strd        r4, r5, [sp, #0]            \n"
                   "  ldr         r8, [sp, #12]               \n"
                   "  subs        r8, r8, #1                  \n"
                   "  str         r8, [sp, #12]               \n"
                   "  bne         3b                          \n"
                   "  add         sp, sp, #40                 \n"
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n");
}

void kiln_dw_acc_s16_s8(const int16_t *x, const int8_t *w, int32_t n, int32_t nky, int32_t nkx, int32_t x_col,
                        int32_t x_row, int32_t w_col, int32_t w_row, int32_t *acc)
{
    const int32_t nq = n / 4;
    if (nq > 0)
    {
        /* channels 0 .. 4 nq - 1, four at a time */
        const int32_t xr = (x_row - nkx * x_col) * 2, wr = w_row - nkx * w_col;
        const kiln_dw_acc4_job job = {x, w, acc, nq, nky, nkx, x_col * 2, w_col, xr, wr};
        kiln_dw_acc4_run(&job);
    }
    for (int32_t c = nq * 4; c < n; c++)
    {
        acc[c] = kiln_dw_acc_one_s16_s8(x + c, w + c, nky, nkx, x_col, x_row, w_col, w_row);
    }
}

#endif /* KILN_BUILD_DSP */
