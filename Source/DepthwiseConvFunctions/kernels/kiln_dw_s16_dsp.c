/*
 * Kiln — the int16 depthwise convolution's requantization run and fused window outputs, DSP extension
 * (kiln_dw_s16_requant_run, kiln_dw_s16_window_out, Include/Internal/kiln_dw_s16.h).
 *
 * The run: two channels a step, each window sum plus its bias times the channel's one-product multiplier (SMMULR),
 * the offset, both saturated to int16 (SSAT) and packed, clamped as a halfword pair (SSUB16 / SEL) and stored as one
 * word.
 *
 * The fused outputs (kiln_dw_out4_run, one assembly call for every position of a row and every four channels): the
 * four sums start from the channels' biases, take one SMLAxy per channel and tap, and are requantized in registers
 * (SMMLAR: the rounded high word plus the offset, SSAT, PKHBT, the pair clamp only for a narrower activation range)
 * into two words; no sums array, no call per position. The weights come either straight from the filter (a word of
 * four channels widened by two SXTB16 per tap) or, for a row of three or more positions with at most
 * KILN_DW_OUT4_TABLE_TAPS taps, from a table of eight channels widened once per call (one LDRD per tap; a whole 3x3
 * window unrolled): 11 or 8 instructions per tap and four channels. Exact: the calls kiln_dw_s16_rq32_ok admits have
 * |bias| <= 2^30 and at most 255 taps of |product| <= 2^22, so every partial sum from the bias stays within int32.
 */
#include "Include/Internal/kiln_dsp.h"
#include "Include/Internal/kiln_dw_acc_dsp.h"
#include "Include/Internal/kiln_dw_s16.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

#include <stddef.h>
#include <string.h>

/* One output, as the pair loop computes it. */
static inline int32_t kiln_dw_s16_rq_one(int32_t sum, int32_t b, int32_t m, int32_t out_offset)
{
    /* |sum| < 2^30 and |b| <= 2^30: their sum is an int32; |R| < 2^29 */
    return __ssat(kiln_smmulr(sum + b, m) + out_offset, 16);
}

void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_rq *rq, int32_t c0, int32_t out_offset,
                             int32_t lo, int32_t hi, int16_t *out)
{
    const int32_t *m = rq->m + c0, *b = rq->b + c0;
    /* saturating to int16 first clamps nothing [lo, hi] keeps (both within int16) */
    const int32_t lo2 = kiln_dup_s16x2(lo), hi2 = kiln_dup_s16x2(hi);
    int32_t j = 0;
    for (; j + 2 <= n; j += 2)
    {
        const int32_t v0 = kiln_dw_s16_rq_one(sums[j], b[j], m[j], out_offset);
        const int32_t v1 = kiln_dw_s16_rq_one(sums[j + 1], b[j + 1], m[j + 1], out_offset);
        arm_nn_write_q15x2_ia(&out, kiln_clamp_s16x2(kiln_pack_lo16(v0, v1), lo2, hi2));
    }
    if (j < n)
    {
        const int32_t v = kiln_dw_s16_rq_one(sums[j], b[j], m[j], out_offset);
        *out = (int16_t)(v < lo ? lo : (v > hi ? hi : v));
    }
}

/* The widened-weight table's window limit (3 x 3) and channels (four runs of four): 288 bytes of stack. */
#define KILN_DW_OUT4_TABLE_TAPS 9
#define KILN_DW_OUT4_TABLE_CH 8

/* What kiln_dw_out4_run reads, at the offsets its assembly uses; x, out and npix are moved on by it. Steps in bytes. */
typedef struct
{
    const int16_t *x;     /*  0: the first position's window at the first channel */
    const int8_t *w;      /*  4: the filter at the first channel, or the widened table */
    const int32_t *rq;    /*  8: the multipliers from the first channel; the biases KILN_DW_S16_CHUNK words on */
    int16_t *out;         /* 12: the first position's outputs */
    int32_t nky;          /* 16: >= 1 */
    int32_t nkx;          /* 20: >= 1 */
    int32_t xc;           /* 24: a filter column's input step */
    int32_t wc;           /* 28: its weight step (the table: not read) */
    int32_t xr;           /* 32: from past a filter row's last column to the next row's first (input) */
    int32_t wr;           /* 36: the same for the weights (the table: 0) */
    int32_t dxq;          /* 40: from past a window's last row to the next four channels' window (input) */
    int32_t dwq;          /* 44: the same for the weights (the table: 0) */
    int32_t npix;         /* 48: positions, >= 1 */
    int32_t x_step;       /* 52: input step between positions */
    int32_t out_step;     /* 56: output step between positions */
    int32_t out_offset;   /* 60 */
    int32_t lo2;          /* 64: the activation bounds as halfword pairs */
    int32_t hi2;          /* 68 */
    int32_t clamp;        /* 72: nonzero: the range is narrower than int16 */
    const int32_t *rq_end; /* 76: rq + 4 x (runs of four channels) */
} kiln_dw_out4_job;

typedef char kiln_dw_out4_job_layout[(sizeof(kiln_dw_out4_job) == 80 && offsetof(kiln_dw_out4_job, rq_end) == 76 &&
                                      offsetof(kiln_dw_s16_rq, b) == 256)
                                         ? 1
                                         : -1];

/* One tap of four channels, the weights from the filter: KILN_DW_ACC4_TAP (Internal/kiln_dw_acc_dsp.h, the window-sum
 * kernel's). */

/* The same from the widened table: one LDRD of (w0, w2), (w1, w3), the table pointer on by the load. */
#define KILN_DW_OUT4_TAP_T                                                                                            \
    "  ldrd        r11, r10, [r5], #8          \n"                                                                    \
    "  ldr         r12, [r4]                   \n"                                                                    \
    "  ldr         lr, [r4, #4]                \n"                                                                    \
    "  add         r4, r6                      \n"                                                                    \
    "  smlabb      r0, r12, r11, r0            \n"                                                                    \
    "  smlatb      r1, r12, r10, r1            \n"                                                                    \
    "  smlabt      r2, lr, r11, r2             \n"                                                                    \
    "  smlatt      r3, lr, r10, r3             \n"

/* A window of any size (r12 = the job): rows of three columns unrolled, other rows a column at a time; every row
 * ends with the row steps. */
#define KILN_DW_OUT4_ROWS(TAP)                                                                                        \
    "  ldrd        r9, r8, [r12, #16]          \n" /* rows, columns */                                                \
    "  cmp         r8, #3                      \n"                                                                    \
    "  bne         2f                          \n"                                                                    \
    "1:                                        \n" /* rows of three columns */                                        \
    TAP TAP TAP                                                                                                       \
    "  ldr         lr, [sp, #0]                \n"                                                                    \
    "  ldrd        r8, r12, [lr, #32]          \n" /* xr, wr */                                                       \
    "  add         r4, r8                      \n"                                                                    \
    "  add         r5, r12                     \n"                                                                    \
    "  subs        r9, r9, #1                  \n"                                                                    \
    "  bne         1b                          \n"                                                                    \
    "  b           4f                          \n"                                                                    \
    "2:                                        \n" /* other rows */                                                   \
    "  ldr         r12, [sp, #0]               \n"                                                                    \
    "  ldr         r8, [r12, #20]              \n"                                                                    \
    "5:                                        \n"                                                                    \
    TAP                                                                                                               \
    "  subs        r8, r8, #1                  \n"                                                                    \
    "  bne         5b                          \n"                                                                    \
    "  ldr         lr, [sp, #0]                \n"                                                                    \
    "  ldrd        r8, r12, [lr, #32]          \n"                                                                    \
    "  add         r4, r8                      \n"                                                                    \
    "  add         r5, r12                     \n"                                                                    \
    "  subs        r9, r9, #1                  \n"                                                                    \
    "  bne         2b                          \n"

/* A whole 3 x 3 window from the widened table (r12 = the job): the nine taps unrolled, the input row step held in r8
 * (the table's weights are consecutive: no weight steps). */
#define KILN_DW_OUT4_T33                                                                                              \
    "  ldr         r8, [r12, #32]              \n" /* xr */                                                            \
    KILN_DW_OUT4_TAP_T KILN_DW_OUT4_TAP_T KILN_DW_OUT4_TAP_T                                                           \
    "  add         r4, r8                      \n"                                                                    \
    KILN_DW_OUT4_TAP_T KILN_DW_OUT4_TAP_T KILN_DW_OUT4_TAP_T                                                           \
    "  add         r4, r8                      \n"                                                                    \
    KILN_DW_OUT4_TAP_T KILN_DW_OUT4_TAP_T KILN_DW_OUT4_TAP_T                                                           \
    "  add         r4, r8                      \n"

/*
 * Every position (npix) and every four channels (rq .. rq_end): sums from the biases, the window (rows of three
 * columns unrolled), then SMMLAR (offset included), SSAT, PKHBT, the clamp when asked, two word stores. The
 * accumulators, pointers, steps, counters and temporaries take fourteen registers, so this is a whole function in
 * assembly (AAPCS: r0 = job, r4 - r11 and lr saved). The job stays where the caller built it (its x, out and npix
 * move on by position): the frame holds only its address [sp, #0] and the current four channels' multipliers and
 * outputs [sp, #4], [sp, #8]. x and w move from one window to the next by dxq / dwq.
 */
#define KILN_DW_OUT4_RUN(WINDOW)                                                                                         \
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"                                          \
                   "  sub         sp, sp, #12                 \n"                                                     \
                   "  str         r0, [sp, #0]                \n"                                                     \
                   "  ldrd        r6, r7, [r0, #24]           \n" /* xc, wc */                                        \
                   "7:                                        \n" /* a position */                                    \
                   "  ldr         r12, [sp, #0]               \n"                                                     \
                   "  ldrd        r4, r5, [r12, #0]           \n"                                                     \
                   "  ldrd        r10, r11, [r12, #8]         \n"                                                     \
                   "  strd        r10, r11, [sp, #4]          \n"                                                     \
                   "3:                                        \n" /* four channels */                                 \
                   "  ldr         r12, [sp, #0]               \n"                                                     \
                   "  ldr         r10, [sp, #4]               \n"                                                     \
                   "  add         r10, r10, #256              \n"                                                     \
                   "  ldm         r10, {r0, r1, r2, r3}       \n" /* the biases */                                    \
                   WINDOW                                                                                             \
                   "4:                                        \n" /* requantize the four */                           \
                   "  ldr         lr, [sp, #0]                \n"                                                     \
                   "  ldr         r10, [sp, #4]               \n"                                                     \
                   "  ldr         r12, [lr, #60]              \n" /* out_offset */                                    \
                   "  ldrd        r8, r11, [r10]              \n"                                                     \
                   "  smmlar      r0, r0, r8, r12             \n"                                                     \
                   "  smmlar      r1, r1, r11, r12            \n"                                                     \
                   "  ldrd        r8, r11, [r10, #8]          \n"                                                     \
                   "  smmlar      r2, r2, r8, r12             \n"                                                     \
                   "  smmlar      r3, r3, r11, r12            \n"                                                     \
                   "  add         r10, r10, #16               \n"                                                     \
                   "  str         r10, [sp, #4]               \n"                                                     \
                   "  ssat        r0, #16, r0                 \n"                                                     \
                   "  ssat        r1, #16, r1                 \n"                                                     \
                   "  ssat        r2, #16, r2                 \n"                                                     \
                   "  ssat        r3, #16, r3                 \n"                                                     \
                   "  pkhbt       r0, r0, r1, lsl #16         \n"                                                     \
                   "  pkhbt       r2, r2, r3, lsl #16         \n"                                                     \
                   "  ldr         r12, [lr, #72]              \n" /* clamp */                                         \
                   "  cmp         r12, #0                     \n"                                                     \
                   "  beq         6f                          \n"                                                     \
                   "  ldrd        r8, r11, [lr, #64]          \n" /* lo2, hi2 */                                      \
                   "  ssub16      r12, r0, r8                 \n"                                                     \
                   "  sel         r0, r0, r8                  \n"                                                     \
                   "  ssub16      r12, r11, r0                \n"                                                     \
                   "  sel         r0, r0, r11                 \n"                                                     \
                   "  ssub16      r12, r2, r8                 \n"                                                     \
                   "  sel         r2, r2, r8                  \n"                                                     \
                   "  ssub16      r12, r11, r2                \n"                                                     \
                   "  sel         r2, r2, r11                 \n"                                                     \
                   "6:                                        \n"                                                     \
                   "  ldr         r12, [sp, #8]               \n"                                                     \
                   "  str         r0, [r12], #4               \n"                                                     \
                   "  str         r2, [r12], #4               \n"                                                     \
                   "  str         r12, [sp, #8]               \n"                                                     \
                   "  ldrd        r8, r12, [lr, #40]          \n" /* dxq, dwq */                                      \
                   "  add         r4, r8                      \n"                                                     \
                   "  add         r5, r12                     \n"                                                     \
                   "  ldr         r8, [lr, #76]               \n" /* rq_end */                                        \
                   "  cmp         r10, r8                     \n"                                                     \
                   "  bne         3b                          \n"                                                     \
                   "  ldrd        r4, r5, [lr, #52]           \n" /* the next position: x_step, out_step */           \
                   "  ldr         r8, [lr, #0]                \n"                                                     \
                   "  add         r8, r4                      \n"                                                     \
                   "  str         r8, [lr, #0]                \n"                                                     \
                   "  ldr         r8, [lr, #12]               \n"                                                     \
                   "  add         r8, r5                      \n"                                                     \
                   "  str         r8, [lr, #12]               \n"                                                     \
                   "  ldr         r8, [lr, #48]               \n"                                                     \
                   "  subs        r8, r8, #1                  \n"                                                     \
                   "  str         r8, [lr, #48]               \n"                                                     \
                   "  bne         7b                          \n"                                                     \
                   "  add         sp, sp, #12                 \n"                                                     \
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n")

__attribute__((naked, noinline)) static void kiln_dw_out4_run(const kiln_dw_out4_job *job __attribute__((unused)))
{
    KILN_DW_OUT4_RUN(KILN_DW_OUT4_ROWS(KILN_DW_ACC4_TAP));
}

__attribute__((naked, noinline)) static void kiln_dw_out4_run_t(const kiln_dw_out4_job *job __attribute__((unused)))
{
    KILN_DW_OUT4_RUN(KILN_DW_OUT4_ROWS(KILN_DW_OUT4_TAP_T));
}

__attribute__((naked, noinline)) static void kiln_dw_out4_run_t33(const kiln_dw_out4_job *job __attribute__((unused)))
{
    KILN_DW_OUT4_RUN(KILN_DW_OUT4_T33);
}

/* The widened table of nq (<= 4) runs of four channels: per run, per tap in window order, (w0, w2) and (w1, w3). */
static void kiln_dw_out4_table(const int8_t *w, int32_t nq, int32_t nky, int32_t nkx, int32_t w_col, int32_t w_row,
                               int32_t *t)
{
    for (int32_t q = 0; q < nq; q++, w += 4)
    {
        for (int32_t ky = 0; ky < nky; ky++)
        {
            const int8_t *wr = w + ky * w_row;
            for (int32_t kx = 0; kx < nkx; kx++, wr += w_col, t += 2)
            {
                int32_t v;
                memcpy(&v, wr, sizeof(v));
                t[0] = __sxtb16(v);
                t[1] = kiln_sxtb16_ror8(v);
            }
        }
    }
}

/* The last one to three channels through the two calls (a frame of its own: its sums array is not on the stack
 * with the table). */
static __attribute__((noinline)) void kiln_dw_out_rest(const kiln_dw_s16_wo *p, const int16_t *x, const int8_t *w,
                                                       int32_t c0, int32_t n, int32_t nky, int32_t nkx, int32_t npix,
                                                       int32_t x_step, int16_t *out, int32_t out_step)
{
    kiln_dw_s16_window_out_calls(p, x, w, c0, n, nky, nkx, npix, x_step, out, out_step);
}

void kiln_dw_s16_window_out(const kiln_dw_s16_wo *p, const int16_t *x, const int8_t *w, int32_t n, int32_t nky,
                            int32_t nkx, int32_t npix, int32_t x_step, int16_t *out, int32_t out_step)
{
    const int32_t nq = n / 4, c4 = nq * 4;
    if (nq > 0)
    {
        const int32_t xr = (p->x_row - nkx * p->x_col) * 2;
        const int32_t x_win = nky * p->x_row * 2; /* bytes from a window's first tap to past its last row */
        kiln_dw_out4_job job = {x,
                                w,
                                p->rq->m,
                                out,
                                nky,
                                nkx,
                                p->x_col * 2,
                                p->w_col,
                                xr,
                                p->w_row - nkx * p->w_col,
                                8 - x_win,
                                4 - nky * p->w_row,
                                npix,
                                x_step * 2,
                                out_step * 2,
                                p->out_offset,
                                kiln_dup_s16x2(p->lo),
                                kiln_dup_s16x2(p->hi),
                                p->lo != INT16_MIN || p->hi != INT16_MAX,
                                p->rq->m + c4};
        if (npix >= 3 && nky * nkx <= KILN_DW_OUT4_TABLE_TAPS)
        {
            /* sixteen channels a call from the widened table */
            int32_t t[KILN_DW_OUT4_TABLE_CH / 4 * KILN_DW_OUT4_TABLE_TAPS * 2];
            job.wc = 0;
            job.wr = 0;
            job.dwq = 0;
            for (int32_t c = 0; c < c4; c += KILN_DW_OUT4_TABLE_CH)
            {
                const int32_t q = (c4 - c) / 4 < KILN_DW_OUT4_TABLE_CH / 4 ? (c4 - c) / 4 : KILN_DW_OUT4_TABLE_CH / 4;
                kiln_dw_out4_table(w + c, q, nky, nkx, p->w_col, p->w_row, t);
                job.x = x + c;
                job.w = (const int8_t *)t;
                job.rq = p->rq->m + c;
                job.out = out + c;
                job.npix = npix;
                job.rq_end = job.rq + 4 * q;
                if (nky == 3 && nkx == 3)
                {
                    kiln_dw_out4_run_t33(&job);
                }
                else
                {
                    kiln_dw_out4_run_t(&job);
                }
            }
        }
        else
        {
            kiln_dw_out4_run(&job);
        }
    }
    if (c4 < n)
    {
        kiln_dw_out_rest(p, x, w, c4, n, nky, nkx, npix, x_step, out, out_step);
    }
}

#endif /* KILN_BUILD_DSP */
