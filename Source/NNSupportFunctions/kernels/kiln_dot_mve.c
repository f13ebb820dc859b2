/*
 * Kiln — the dot products of Include/Internal/kiln_dot.h, Helium (MVE): tail-predicated low-overhead loops
 * (WLSTP / LETP: any length, no separate tail), eight int16 x int8 (or int16 x int16) products per VMLALDAVA into a
 * 64-bit accumulator, or sixteen int8 products per VMLADAVA with the weights' sum beside them (VADDVA) for the offset
 * term. Inline assembly: GCC 12 forms no tail-predicated loop from the intrinsics.
 */
#include <string.h>

#include <stddef.h>

#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */
#include "Include/Internal/kiln_dw_acc_mve.h"

#if KILN_BUILD_MVE

/* One 64-bit sum of n products of x (int16) and w (LDW: "vldrb.s16" for int8, widened, stepping WSTEP = "#8"; or
 * "vldrh.16", "#16" for int16) in a tail-predicated loop. VMLALDAVA's accumulator is an even / odd register pair: a
 * 64-bit operand (%Q low, %R high word), which GCC places in an even-aligned pair on MVE targets (an odd one would
 * not assemble); the widening load with writeback needs low registers. */
#define KILN_DOT1_S16(LDW, WSTEP, XP, WP, N, ACC)                                                                       \
    __asm volatile("  mov         %Q[a], #0              \n"                                                          \
                   "  mov         %R[a], #0              \n"                                                          \
                   "  wlstp.16    lr, %[n], 2f           \n"                                                          \
                   "1:                                   \n"                                                          \
                   "  vldrh.16    q0, [%[x]], #16        \n"                                                          \
                   "  " LDW "     q1, [%[w]], " WSTEP "  \n"                                                          \
                   "  vmlaldava.s16 %Q[a], %R[a], q0, q1 \n"                                                          \
                   "  letp        lr, 1b                 \n"                                                          \
                   "2:                                   \n"                                                          \
                   : [x] "+l"(XP), [w] "+l"(WP), [a] "=&r"(ACC)                                                        \
                   : [n] "r"(N)                                                                                         \
                   : "q0", "q1", "lr", "memory")

int64_t kiln_dot_s16_s8(const int16_t *x, const int8_t *w, int32_t n)
{
    int64_t acc;
    KILN_DOT1_S16("vldrb.s16", "#8", x, w, n, acc);
    return acc;
}

int64_t kiln_dot_s16_s16(const int16_t *x, const int16_t *y, int32_t n)
{
    int64_t acc;
    KILN_DOT1_S16("vldrh.16", "#16", x, y, n, acc);
    return acc;
}

void kiln_dot2_s16_s16(const int16_t *x, const int16_t *y0, int32_t y_stride, int32_t n, int64_t out[2])
{
    const int16_t *y1 = y0 + y_stride;
    int64_t a0, a1;
    __asm volatile("  mov         %Q[a0], #0             \n"
                   "  mov         %R[a0], #0             \n"
                   "  mov         %Q[a1], #0             \n"
                   "  mov         %R[a1], #0             \n"
                   "  wlstp.16    lr, %[n], 2f           \n"
                   "1:                                   \n"
                   "  vldrh.16    q0, [%[x]], #16        \n"
                   "  vldrh.16    q1, [%[y0]], #16       \n"
                   "  vmlaldava.s16 %Q[a0], %R[a0], q0, q1 \n"
                   "  vldrh.16    q2, [%[y1]], #16       \n"
                   "  vmlaldava.s16 %Q[a1], %R[a1], q0, q2 \n"
                   "  letp        lr, 1b                 \n"
                   "2:                                   \n"
                   : [x] "+r"(x), [y0] "+r"(y0), [y1] "+r"(y1), [a0] "=&r"(a0), [a1] "=&r"(a1)
                   : [n] "r"(n)
                   : "q0", "q1", "q2", "lr", "memory");
    out[0] = a0;
    out[1] = a1;
}

/* n elements of x against rows w0, w1 into the 64-bit sums a0, a1 (tail-predicated; VLDRB.S16 with writeback needs
 * low registers for the rows). */
#define KILN_DOT2_S16_LOOP                                                                                            \
    "  wlstp.16    lr, %[n], 2f           \n"                                                                        \
    "1:                                   \n"                                                                        \
    "  vldrh.16    q0, [%[x]], #16        \n"                                                                        \
    "  vldrb.s16   q1, [%[w0]], #8        \n"                                                                        \
    "  vmlaldava.s16 %Q[a0], %R[a0], q0, q1 \n"                                                                      \
    "  vldrb.s16   q2, [%[w1]], #8        \n"                                                                        \
    "  vmlaldava.s16 %Q[a1], %R[a1], q0, q2 \n"                                                                      \
    "  letp        lr, 1b                 \n"                                                                        \
    "2:                                   \n"

/* Both two-row entries (kiln_dot2_s16_s8 is this with one run). */
void kiln_dot2_s16_s8_runs(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                           int32_t n, int32_t runs, int64_t out[2])
{
    int64_t a0 = 0, a1 = 0;
    for (int32_t r = 0; r < runs; r++, x += x_step, w0 += w_step)
    {
        const int16_t *xp = x;
        const int8_t *p0 = w0;
        const int8_t *p1 = w0 + w_stride;
        __asm volatile(KILN_DOT2_S16_LOOP
                       : [x] "+l"(xp), [w0] "+l"(p0), [w1] "+l"(p1), [a0] "+r"(a0), [a1] "+r"(a1)
                       : [n] "r"(n)
                       : "q0", "q1", "q2", "lr", "memory");
    }
    out[0] = a0;
    out[1] = a1;
}

/* Four dot products a0 .. a3 (32-bit) of x against rows w0 .. w3, E-bit elements (E = "16": x int16, the rows
 * widened from int8 by VLDRB.S16; E = "8": both int8), one x load per four VMLADAVA, in a tail-predicated loop;
 * KILN_DOT4_LOOP starts the sums at 0, KILN_DOT4_LOOP_ADD adds to them. */
#define KILN_DOT4_LOOP(E, LDX, LDW, WSTEP)                                                                      \
    "  mov         %[a0], #0              \n"                                                                   \
    "  mov         %[a1], #0              \n"                                                                   \
    "  mov         %[a2], #0              \n"                                                                   \
    "  mov         %[a3], #0              \n"                                                                   \
    KILN_DOT4_LOOP_ADD(E, LDX, LDW, WSTEP)
#define KILN_DOT4_LOOP_ADD(E, LDX, LDW, WSTEP)                                                                  \
    "  wlstp." E "     lr, %[n], 2f       \n"                                                                   \
    "1:                                   \n"                                                                   \
    "  " LDX "    q0, [%[x]], #16         \n"                                                                   \
    "  " LDW "    q1, [%[w0]], " WSTEP "  \n"                                                                   \
    "  vmladava.s" E " %[a0], q0, q1      \n"                                                                   \
    "  " LDW "    q2, [%[w1]], " WSTEP "  \n"                                                                   \
    "  vmladava.s" E " %[a1], q0, q2      \n"                                                                   \
    "  " LDW "    q3, [%[w2]], " WSTEP "  \n"                                                                   \
    "  vmladava.s" E " %[a2], q0, q3      \n"                                                                   \
    "  " LDW "    q1, [%[w3]], " WSTEP "  \n"                                                                   \
    "  vmladava.s" E " %[a3], q0, q1      \n"                                                                   \
    "  letp        lr, 1b                 \n"                                                                   \
    "2:                                   \n"

/* KILN_DOT4_LOOP for int8 x with an offset: x + off as eight int16 lanes (VLDRB.S16, VADD), the rows widened by
 * VLDRB.S16, four VMLADAVA.S16 (the widening loads need low registers). */
#define KILN_DOT4_LOOP_OFF                                                                                     \
    "  mov         %[a0], #0              \n"                                                                   \
    "  mov         %[a1], #0              \n"                                                                   \
    "  mov         %[a2], #0              \n"                                                                   \
    "  mov         %[a3], #0              \n"                                                                   \
    "  wlstp.16    lr, %[n], 2f           \n"                                                                   \
    "1:                                   \n"                                                                   \
    "  vldrb.s16   q0, [%[x]], #8         \n"                                                                   \
    "  vadd.i16    q0, q0, %[off]         \n"                                                                   \
    "  vldrb.s16   q1, [%[w0]], #8        \n"                                                                   \
    "  vmladava.s16 %[a0], q0, q1         \n"                                                                   \
    "  vldrb.s16   q2, [%[w1]], #8        \n"                                                                   \
    "  vmladava.s16 %[a1], q0, q2         \n"                                                                   \
    "  vldrb.s16   q3, [%[w2]], #8        \n"                                                                   \
    "  vmladava.s16 %[a2], q0, q3         \n"                                                                   \
    "  vldrb.s16   q1, [%[w3]], #8        \n"                                                                   \
    "  vmladava.s16 %[a3], q0, q1         \n"                                                                   \
    "  letp        lr, 1b                 \n"                                                                   \
    "2:                                   \n"

void kiln_dot4_s16_s8(const int16_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int64_t out[4])
{
    const int8_t *w1 = w0 + w_stride;
    const int8_t *w2 = w1 + w_stride;
    const int8_t *w3 = w2 + w_stride;
    int64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int32_t left = n; left > 0; left -= KILN_DOT4_CHUNK)
    {
        const int32_t len = left < KILN_DOT4_CHUNK ? left : KILN_DOT4_CHUNK;
        int32_t a0, a1, a2, a3;
        /* the pointers advance through the chunk (the loads' writeback) */
        __asm volatile(KILN_DOT4_LOOP("16", "vldrh.16", "vldrb.s16", "#8")
                       : [x] "+r"(x), [w0] "+l"(w0), [w1] "+l"(w1), [w2] "+l"(w2), [w3] "+l"(w3), [a0] "=&Te"(a0),
                         [a1] "=&Te"(a1), [a2] "=&Te"(a2), [a3] "=&Te"(a3)
                       : [n] "r"(len)
                       : "q0", "q1", "q2", "q3", "lr", "memory");
        s0 += a0;
        s1 += a1;
        s2 += a2;
        s3 += a3;
    }
    out[0] = s0;
    out[1] = s1;
    out[2] = s2;
    out[3] = s3;
}

/* Per run a tail-predicated loop of eight elements a pass (one VLDRH of x, four VLDRB.S16 of the rows, four
 * VMLADAVA.S16 into r0 / r2 / r4 / r6), then five pointer adds: 7 instructions a run outside the loop where the C
 * loop around inline assembly took 25. A whole function in assembly (AAPCS: r0 = job, r4 - r11 and lr saved): the
 * rows in low registers (r1, r3, r5, r7: the widening loads write their pointers back), x in r8. */
__attribute__((naked, noinline)) static void kiln_dot4_runs32_asm(const kiln_dot4_runs_job *job
                                                                  __attribute__((unused)))
{
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"
                   "  push        {r0}                        \n"
                   "  ldr         r8, [r0, #0]                \n"
                   "  ldr         r1, [r0, #4]                \n"
                   "  ldr         r2, [r0, #8]                \n"
                   "  add         r3, r1, r2                  \n"
                   "  add         r5, r3, r2                  \n"
                   "  add         r7, r5, r2                  \n"
                   "  ldr         r12, [r0, #12]              \n"
                   "  ldr         r9, [r0, #16]               \n"
                   "  ldr         r10, [r0, #20]              \n"
                   "  ldr         r11, [r0, #24]              \n"
                   "  movs        r0, #0                      \n"
                   "  movs        r2, #0                      \n"
                   "  movs        r4, #0                      \n"
                   "  movs        r6, #0                      \n"
                   "  cmp         r9, #0                      \n"
                   "  beq         3f                          \n"
                   "1:                                        \n"
                   "  wlstp.16    lr, r12, 2f                 \n"
                   "4:                                        \n"
                   "  vldrh.16    q0, [r8], #16               \n"
                   "  vldrb.s16   q1, [r1], #8                \n"
                   "  vmladava.s16 r0, q0, q1                 \n"
                   "  vldrb.s16   q2, [r3], #8                \n"
                   "  vmladava.s16 r2, q0, q2                 \n"
                   "  vldrb.s16   q3, [r5], #8                \n"
                   "  vmladava.s16 r4, q0, q3                 \n"
                   "  vldrb.s16   q1, [r7], #8                \n"
                   "  vmladava.s16 r6, q0, q1                 \n"
                   "  letp        lr, 4b                      \n"
                   "2:                                        \n"
                   "  add         r8, r10                     \n"
                   "  add         r1, r11                     \n"
                   "  add         r3, r11                     \n"
                   "  add         r5, r11                     \n"
                   "  add         r7, r11                     \n"
                   "  subs        r9, r9, #1                  \n"
                   "  bne         1b                          \n"
                   "3:                                        \n"
                   "  pop         {r12}                       \n"
                   "  ldr         r12, [r12, #28]             \n"
                   "  stm         r12, {r0, r2, r4, r6}       \n"
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n");
}

void kiln_dot4_s16_s8_runs32(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                             int32_t n, int32_t runs, int32_t out[4])
{
    /* a run's loop advances x by 16 bytes and each row by 8 per pass of eight elements, the last one too */
    const int32_t passes = (n + 7) / 8;
    const kiln_dot4_runs_job job = {x, w0, w_stride, n, runs, x_step * 2 - passes * 16, w_step - passes * 8, out};
    kiln_dot4_runs32_asm(&job);
}

uint32_t kiln_dot_s8_off(const int8_t *x, const int8_t *w, int32_t n, int32_t x_offset)
{
    int32_t dot, wsum;
    __asm volatile("  mov         %[d], #0               \n"
                   "  mov         %[s], #0               \n"
                   "  wlstp.8     lr, %[n], 2f           \n"
                   "1:                                   \n"
                   "  vldrb.8     q0, [%[x]], #16        \n"
                   "  vldrb.8     q1, [%[w]], #16        \n"
                   "  vmladava.s8 %[d], q0, q1           \n"
                   "  vaddva.s8   %[s], q1               \n"
                   "  letp        lr, 1b                 \n"
                   "2:                                   \n"
                   : [x] "+r"(x), [w] "+r"(w), [d] "=&Te"(dot), [s] "=&Te"(wsum)
                   : [n] "r"(n)
                   : "q0", "q1", "lr", "memory");
    /* sum (x + off) w = sum x w + off sum w, modulo 2^32 */
    return (uint32_t)dot + (uint32_t)x_offset * (uint32_t)wsum;
}

void kiln_dot4_s8_off(const int8_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int32_t x_offset,
                      uint32_t out[4])
{
    const int8_t *w1 = w0 + w_stride, *w2 = w1 + w_stride, *w3 = w2 + w_stride;
    int32_t a0, a1, a2, a3;
    if (x_offset == 0)
    {
        __asm volatile(KILN_DOT4_LOOP("8", "vldrb.8", "vldrb.8", "#16")
                       : [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3), [a0] "=&Te"(a0),
                         [a1] "=&Te"(a1), [a2] "=&Te"(a2), [a3] "=&Te"(a3)
                       : [n] "r"(n)
                       : "q0", "q1", "q2", "q3", "lr", "memory");
    }
    else if (kiln_dot_off_fits_s16(x_offset))
    {
        /* x + x_offset as int16 lanes (within int16 for these offsets), the rows widened alike */
        const int16_t off = (int16_t)x_offset;
        __asm volatile(KILN_DOT4_LOOP_OFF
                       : [x] "+l"(x), [w0] "+l"(w0), [w1] "+l"(w1), [w2] "+l"(w2), [w3] "+l"(w3), [a0] "=&Te"(a0),
                         [a1] "=&Te"(a1), [a2] "=&Te"(a2), [a3] "=&Te"(a3)
                       : [n] "r"(n), [off] "r"(off)
                       : "q0", "q1", "q2", "q3", "lr", "memory");
    }
    else
    {
        for (int32_t j = 0; j < 4; j++)
        {
            out[j] = kiln_dot_s8_off(x, w0 + (size_t)j * (size_t)w_stride, n, x_offset);
        }
        return;
    }
    out[0] = (uint32_t)a0;
    out[1] = (uint32_t)a1;
    out[2] = (uint32_t)a2;
    out[3] = (uint32_t)a3;
}

/* The window sums of eight channels (int16 lanes): VMULLB / VMULLT give the even and the odd channels' products
 * as int32, added to ae / ao; full: all eight channels are there (no predication), else p covers the first ones. */
static inline __attribute__((always_inline)) void kiln_dw_acc8(const int16_t *x, const int8_t *w, int32_t nky,
                                                              int32_t nkx, int32_t x_col, int32_t x_row, int32_t w_col,
                                                              int32_t w_row, mve_pred16_t p, bool full,
                                                              int32x4_t *ae, int32x4_t *ao)
{
    int32x4_t e = vdupq_n_s32(0), o = vdupq_n_s32(0);
    for (int32_t ky = 0; ky < nky; ky++)
    {
        const int16_t *xp = x + ky * x_row;
        const int8_t *wp = w + ky * w_row;
        for (int32_t kx = 0; kx < nkx; kx++, xp += x_col, wp += w_col)
        {
            const int16x8_t xv = full ? vldrhq_s16(xp) : vldrhq_z_s16(xp, p);
            const int16x8_t wv = full ? vldrbq_s16(wp) : vldrbq_z_s16(wp, p);
            e = vaddq_s32(e, vmullbq_int_s16(xv, wv));
            o = vaddq_s32(o, vmulltq_int_s16(xv, wv));
        }
    }
    *ae = e;
    *ao = o;
}

/* the job offsets the assembly uses (a negative array size fails the build) */
typedef char kiln_dw16_job_layout[(offsetof(kiln_dw16_job, m) == 40 && offsetof(kiln_dw16_job, off) == 44 &&
                                   offsetof(kiln_dw16_job, sums) == 56 && offsetof(kiln_dw16_job, m0) == 68 &&
                                   offsetof(kiln_dw16_job, out_adj) == 76 && offsetof(kiln_dw16_job, sat) == 80)
                                      ? 1
                                      : -1];

__attribute__((naked, noinline)) void kiln_dw16_run(kiln_dw16_job *job __attribute__((unused)))
{
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"
                   "  vpush       {d8-d15}                    \n"
                   "  mov         r8, r0                      \n"
                   "  ldr         r9, [r8, #0]                \n"
                   "  ldr         r10, [r8, #4]               \n"
                   "  ldr         r3, [r8, #20]               \n"
                   "  ldrd        r4, r5, [r8, #24]           \n"
                   "  ldrd        r6, r7, [r8, #32]           \n"
                   "7:                                        \n" /* an output position */
                   "  ldr         r11, [r8, #12]              \n"
                   "  ldr         r12, [r8, #68]              \n"
                   "  str         r12, [r8, #40]              \n"
                   "3:                                        \n" /* a group */
                   "  vmov.i32    q4, #0                      \n"
                   "  vmov.i32    q5, #0                      \n"
                   "  vmov.i32    q6, #0                      \n"
                   "  vmov.i32    q7, #0                      \n"
                   "  mov         r0, r9                      \n"
                   "  mov         r1, r10                     \n"
                   "  ldr         r2, [r8, #16]               \n"
                   "1:                                        \n"
                   "  dls         lr, r3                      \n"
                   "2:                                        \n"
                   "  vldrh.u16   q0, [r0]                    \n"
                   "  vldrb.s16   q1, [r1]                    \n"
                   "  vmullb.s16  q2, q0, q1                  \n"
                   "  vadd.i32    q4, q4, q2                  \n"
                   "  vmullt.s16  q2, q0, q1                  \n"
                   "  vadd.i32    q5, q5, q2                  \n"
                   "  vldrh.u16   q0, [r0, #16]               \n"
                   "  vldrb.s16   q1, [r1, #8]                \n"
                   "  add         r0, r4                      \n"
                   "  add         r1, r5                      \n"
                   "  vmullb.s16  q2, q0, q1                  \n"
                   "  vadd.i32    q6, q6, q2                  \n"
                   "  vmullt.s16  q2, q0, q1                  \n"
                   "  vadd.i32    q7, q7, q2                  \n"
                   "  le          lr, 2b                      \n"
                   "  add         r0, r6                      \n"
                   "  add         r1, r7                      \n"
                   "  subs        r2, r2, #1                  \n"
                   "  bne         1b                          \n"
                   "  ldr         r12, [r8, #40]              \n" /* m */
                   "  cmp         r12, #0                     \n"
                   "  beq         5f                          \n"
                   "  add         r2, r12, %[bo]              \n" /* b */
                   "  vld20.32    {q0, q1}, [r2]              \n"
                   "  vld21.32    {q0, q1}, [r2]!             \n"
                   "  vadd.i32    q4, q4, q0                  \n"
                   "  vadd.i32    q5, q5, q1                  \n"
                   "  vld20.32    {q0, q1}, [r2]              \n"
                   "  vld21.32    {q0, q1}, [r2]              \n"
                   "  vadd.i32    q6, q6, q0                  \n"
                   "  vadd.i32    q7, q7, q1                  \n"
                   "  vld20.32    {q0, q1}, [r12]             \n"
                   "  vld21.32    {q0, q1}, [r12]!            \n"
                   "  vrmulh.s32  q4, q4, q0                  \n"
                   "  vrmulh.s32  q5, q5, q1                  \n"
                   "  vld20.32    {q0, q1}, [r12]             \n"
                   "  vld21.32    {q0, q1}, [r12]!            \n"
                   "  vrmulh.s32  q6, q6, q0                  \n"
                   "  vrmulh.s32  q7, q7, q1                  \n"
                   "  str         r12, [r8, #40]              \n"
                   "  ldr         r2, [r8, #80]               \n" /* sat */
                   "  cbz         r2, 8f                      \n"
                   "  vqmovnb.s32 q2, q4                      \n"
                   "  vqmovnt.s32 q2, q5                      \n"
                   "  vqmovnb.s32 q3, q6                      \n"
                   "  vqmovnt.s32 q3, q7                      \n"
                   "  b           4f                          \n"
                   "8:                                        \n"
                   "  ldr         r2, [r8, #44]               \n"
                   "  vadd.i32    q4, q4, r2                  \n"
                   "  vadd.i32    q5, q5, r2                  \n"
                   "  vadd.i32    q6, q6, r2                  \n"
                   "  vadd.i32    q7, q7, r2                  \n"
                   "  ldrd        r2, r12, [r8, #48]          \n"
                   "  vdup.32     q0, r2                      \n"
                   "  vdup.32     q1, r12                     \n"
                   "  vmax.s32    q4, q4, q0                  \n"
                   "  vmax.s32    q5, q5, q0                  \n"
                   "  vmax.s32    q6, q6, q0                  \n"
                   "  vmax.s32    q7, q7, q0                  \n"
                   "  vmin.s32    q4, q4, q1                  \n"
                   "  vmin.s32    q5, q5, q1                  \n"
                   "  vmin.s32    q6, q6, q1                  \n"
                   "  vmin.s32    q7, q7, q1                  \n"
                   "  vmovnb.i32  q2, q4                      \n"
                   "  vmovnt.i32  q2, q5                      \n"
                   "  vmovnb.i32  q3, q6                      \n"
                   "  vmovnt.i32  q3, q7                      \n"
                   "4:                                        \n"
                   "  ldr         r2, [r8, #8]                \n"
                   "  vstrh.16    q2, [r2]                    \n"
                   "  vstrh.16    q3, [r2, #16]               \n"
                   "  add         r2, r2, #32                 \n"
                   "  str         r2, [r8, #8]                \n"
                   "  b           6f                          \n"
                   "5:                                        \n" /* the sums, in channel order */
                   "  ldr         r2, [r8, #56]               \n"
                   "  vst20.32    {q4, q5}, [r2]              \n"
                   "  vst21.32    {q4, q5}, [r2]!             \n"
                   "  vst20.32    {q6, q7}, [r2]              \n"
                   "  vst21.32    {q6, q7}, [r2]!             \n"
                   "  str         r2, [r8, #56]               \n"
                   "6:                                        \n"
                   "  add         r9, r9, #32                 \n"
                   "  add         r10, r10, #16               \n"
                   "  subs        r11, r11, #1                \n"
                   "  bne         3b                          \n"
                   "  ldr         r2, [r8, #60]               \n"
                   "  subs        r2, r2, #1                  \n"
                   "  beq         9f                          \n"
                   "  str         r2, [r8, #60]               \n"
                   "  ldrd        r2, r12, [r8, #64]          \n" /* x_adj, (m0) */
                   "  add         r9, r2                      \n"
                   "  ldrd        r2, r12, [r8, #72]          \n" /* w_back, out_adj */
                   "  add         r10, r2                     \n"
                   "  ldr         r2, [r8, #8]                \n"
                   "  add         r2, r12                     \n"
                   "  str         r2, [r8, #8]                \n"
                   "  b           7b                          \n"
                   "9:                                        \n"
                   "  vpop        {d8-d15}                    \n"
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n"
                   :
                   : [bo] "i"(KILN_DW16_BIAS_OFFSET));
}

void kiln_dw_acc_s16_s8(const int16_t *x, const int8_t *w, int32_t n, int32_t nky, int32_t nkx, int32_t x_col,
                        int32_t x_row, int32_t w_col, int32_t w_row, int32_t *acc)
{
    /* sixteen channels per pass (kiln_dw16_run), then eight as int16 lanes, the products widened to int32 even / odd
     * (VMULLB / VMULLT), stored interleaved back in channel order (VST2); the last pass predicated, through a
     * buffer */
    int32_t c = 0;
    if (n >= 16)
    {
        const int32_t xr = (x_row - nkx * x_col) * 2, wr = w_row - nkx * w_col;
        kiln_dw16_job job = {x,    w,   NULL, n / 16, nky, nkx, x_col * 2, w_col, xr, wr,
                             NULL, 0,   0,    0,      acc, 1,   0,         NULL,  0,  0, 0};
        kiln_dw16_run(&job);
        c = n / 16 * 16;
    }
    for (; c + 8 <= n; c += 8)
    {
        int32x4x2_t eo;
        kiln_dw_acc8(x + c, w + c, nky, nkx, x_col, x_row, w_col, w_row, 0, true, &eo.val[0], &eo.val[1]);
        vst2q_s32(acc + c, eo);
    }
    if (c < n)
    {
        int32x4x2_t eo;
        kiln_dw_acc8(x + c, w + c, nky, nkx, x_col, x_row, w_col, w_row, vctp16q((uint32_t)(n - c)), false, &eo.val[0],
                     &eo.val[1]);
        int32_t t[8];
        vst2q_s32(t, eo);
        memcpy(acc + c, t, (size_t)(n - c) * sizeof(int32_t));
    }
}

#endif /* KILN_BUILD_MVE */
