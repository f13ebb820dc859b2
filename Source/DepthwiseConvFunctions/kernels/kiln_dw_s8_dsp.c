/*
 * Kiln — int8 depthwise convolution, ch_mult 1 kernels ("3x3", "opt"), DSP extension.
 *
 * One word holds four channels of a tap; SXTAB16 widens channels 0/2 (and, rotated, 1/3) to int16
 * with the input offset added, SXTB16 does the same for the filter, and SMLABB / SMLATT accumulate
 * each channel's product into its own int32. The last channels (C % 4) use the scalar arithmetic
 * of the portable kernel.
 * "opt" (any filter): two output columns per filter load, the filter lanes widened once for both;
 * columns whose window is clipped by padding take the one-column path.
 * "3x3": channel groups outermost with the group's widened filter, bias and requantization
 * constants in a stack table; see the section below. Groups that take the fast requantization run
 * every window whose clipping is one tap row or column at most on an assembly loop (kiln_dw3_run),
 * one call per rectangle of windows of one kind.
 */
#include "Include/Internal/kiln_dw_s8.h"
#include "Include/Internal/kiln_dsp.h"

#include <stddef.h>

#if KILN_BUILD_DSP

static inline int32_t kiln_dw_load4(const int8_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Requantize one accumulator (bias already added) with per-channel parameters prepared by the
 * caller: ls = max(shift, 0), rs = max(-shift, 0), mask = 2^rs - 1, half = mask >> 1. Same
 * arithmetic as arm_nn_requantize (doubling high multiply, then divide by 2^rs rounding half away
 * from zero), written without branches so that two columns share the per-channel set-up. */
static inline __attribute__((always_inline)) uint32_t kiln_dw_rq(int32_t acc, int32_t m, int32_t ls, int32_t rs,
                                                                 int32_t mask, int32_t half, int32_t oo, int32_t lo,
                                                                 int32_t hi)
{
    const int32_t y = arm_nn_doubling_high_mult_no_sat((int32_t)((uint32_t)acc << ls), m);
    const int32_t thr = half + (y < 0 ? 1 : 0);
    int32_t q = (y >> rs) + ((y & mask) > thr ? 1 : 0);
    q += oo;
    q = MAX(q, lo);
    q = MIN(q, hi);
    return (uint8_t)q;
}

/* Requantize the accumulators of channels c..c+3 (bias included) of one output column (acc_b NULL)
 * or two (acc_b non-NULL: stored at out + C), offset, clamp, store one word per column. */
static inline __attribute__((always_inline)) void kiln_dw_store4(int8_t *out, int32_t C, const kiln_dw_s8_args *a,
                                                                 int32_t c, const int32_t *acc_a,
                                                                 const int32_t *acc_b)
{
    const int32_t lo = a->act_min, hi = a->act_max, oo = a->output_offset;
    uint32_t wa = 0, wb = 0;
#pragma GCC unroll 4
    for (int32_t j = 0; j < 4; j++)
    {
        const int32_t sh = a->shift[c + j];
        const int32_t m = a->mult[c + j];
        const int32_t ls = sh > 0 ? sh : 0;
        const int32_t rs = sh > 0 ? 0 : -sh;
        const int32_t mask = (int32_t)((1u << rs) - 1u);
        const int32_t half = mask >> 1;
        wa |= kiln_dw_rq(acc_a[j], m, ls, rs, mask, half, oo, lo, hi) << (8 * j);
        if (acc_b != NULL)
        {
            wb |= kiln_dw_rq(acc_b[j], m, ls, rs, mask, half, oo, lo, hi) << (8 * j);
        }
    }
    memcpy(out, &wa, 4);
    if (acc_b != NULL)
    {
        memcpy(out + C, &wb, 4);
    }
}

/* One channel of one output over taps [ky0,ky1) x [kx0,kx1) (scalar; tails). */
static inline int8_t kiln_dw_one(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a, const int8_t *in_b, int32_t fw,
                                 int32_t base_y, int32_t base_x, int32_t ky0, int32_t ky1, int32_t kx0, int32_t kx1,
                                 int32_t c)
{
    const int32_t C = s->in_c;
    int32_t sum = 0;
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const int8_t *row = in_b + (base_y + ky * s->dil_h) * s->in_w * C + c;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            sum += (row[(base_x + kx * s->dil_w) * C] + a->input_offset) * a->filter[(ky * fw + kx) * C + c];
        }
    }
    const int32_t acc = (int32_t)((uint32_t)sum + (uint32_t)(a->bias != NULL ? a->bias[c] : 0));
    return kiln_dw_s8_finish(acc, a->mult[c], a->shift[c], a->output_offset, a->act_min, a->act_max);
}

static inline __attribute__((always_inline)) void kiln_dw_cm1_dsp(const kiln_dw_s8_shape *s,
                                                                  const kiln_dw_s8_args *a,
                                                                  const int32_t fh,
                                                                  const int32_t fw,
                                                                  const int32_t dil_h,
                                                                  const int32_t dil_w)
{
    const int32_t C = s->in_c;
    const int32_t C4 = C & ~3;
    const int32_t in_row = s->in_w * C;
    const int32_t tap_step = dil_w * C;
    const int32_t col_step = s->stride_w * C;
    const int32_t off16 = (int32_t)(((uint32_t)a->input_offset & 0xFFFFu) | ((uint32_t)a->input_offset << 16));
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * in_row;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int32_t ky0, ky1;
            kiln_tap_range(base_y, s->in_h, fh, dil_h, &ky0, &ky1);
            int8_t *out_row = a->output + (b * s->out_h + oy) * s->out_w * C;
            int32_t ox = 0;
            while (ox < s->out_w)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                int32_t kx0, kx1;
                kiln_tap_range(base_x, s->in_w, fw, dil_w, &kx0, &kx1);
                /* Two columns share the filter words when both windows are whole along x. */
                int32_t pair = 0;
                if (ox + 1 < s->out_w && kx0 == 0 && kx1 == fw)
                {
                    int32_t nx0, nx1;
                    kiln_tap_range(base_x + s->stride_w, s->in_w, fw, dil_w, &nx0, &nx1);
                    pair = (nx0 == 0 && nx1 == fw) ? 1 : 0;
                }
                int8_t *out = out_row + ox * C;
                for (int32_t c = 0; c < C4; c += 4)
                {
                    /* Bias first: the int32 sums wrap, so the order of additions does not matter. */
                    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
                    if (a->bias != NULL)
                    {
                        a0 = a->bias[c];
                        a1 = a->bias[c + 1];
                        a2 = a->bias[c + 2];
                        a3 = a->bias[c + 3];
                    }
                    int32_t b0 = a0, b1 = a1, b2 = a2, b3 = a3;
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int8_t *ip = in_b + (base_y + ky * dil_h) * in_row + (base_x + kx0 * dil_w) * C + c;
                        const int8_t *wp = a->filter + (ky * fw + kx0) * C + c;
                        if (pair)
                        {
                            for (int32_t kx = 0; kx < fw; kx++)
                            {
                                const uint32_t w4 = (uint32_t)kiln_dw_load4(wp);
                                const int32_t we = (int32_t)__sxtb16(w4);
                                const int32_t wo = kiln_sxtb16_ror8(w4);
                                const uint32_t x4 = (uint32_t)kiln_dw_load4(ip);
                                const uint32_t y4 = (uint32_t)kiln_dw_load4(ip + col_step);
                                const int32_t xe = (int32_t)__sxtab16(off16, x4);
                                const int32_t xo = kiln_sxtab16_ror8(off16, x4);
                                const int32_t ye = (int32_t)__sxtab16(off16, y4);
                                const int32_t yo = kiln_sxtab16_ror8(off16, y4);
                                a0 = __smlabb(xe, we, a0);
                                a2 = __smlatt(xe, we, a2);
                                a1 = __smlabb(xo, wo, a1);
                                a3 = __smlatt(xo, wo, a3);
                                b0 = __smlabb(ye, we, b0);
                                b2 = __smlatt(ye, we, b2);
                                b1 = __smlabb(yo, wo, b1);
                                b3 = __smlatt(yo, wo, b3);
                                ip += tap_step;
                                wp += C;
                            }
                        }
                        else
                        {
#pragma GCC unroll 3
                            for (int32_t kx = kx0; kx < kx1; kx++)
                            {
                                const uint32_t w4 = (uint32_t)kiln_dw_load4(wp);
                                const int32_t we = (int32_t)__sxtb16(w4);
                                const int32_t wo = kiln_sxtb16_ror8(w4);
                                const uint32_t x4 = (uint32_t)kiln_dw_load4(ip);
                                const int32_t xe = (int32_t)__sxtab16(off16, x4);
                                const int32_t xo = kiln_sxtab16_ror8(off16, x4);
                                a0 = __smlabb(xe, we, a0);
                                a2 = __smlatt(xe, we, a2);
                                a1 = __smlabb(xo, wo, a1);
                                a3 = __smlatt(xo, wo, a3);
                                ip += tap_step;
                                wp += C;
                            }
                        }
                    }
                    const int32_t acc_a[4] = {a0, a1, a2, a3};
                    const int32_t acc_b[4] = {b0, b1, b2, b3};
                    kiln_dw_store4(out + c, C, a, c, acc_a, pair ? acc_b : NULL);
                }
                for (int32_t c = C4; c < C; c++)
                {
                    out[c] = kiln_dw_one(s, a, in_b, fw, base_y, base_x, ky0, ky1, kx0, kx1, c);
                    if (pair)
                    {
                        out[C + c] = kiln_dw_one(s, a, in_b, fw, base_y, base_x + s->stride_w, ky0, ky1, kx0, kx1, c);
                    }
                }
                ox += 1 + pair;
            }
        }
    }
}

void kiln_dw_s8_kernel_cm1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_cm1_dsp(shape, args, shape->filter_h, shape->filter_w, shape->dil_h, shape->dil_w);
}

/* ---- "3x3" ------------------------------------------------------------------------------------
 * Channel groups of four are the outer loop: for each group the nine taps' filter words are widened
 * once (even lanes c0/c2, odd lanes c1/c3) into a small stack table together with the group's bias
 * and requantization constants, and every output position of the group then reads them with
 * immediate-offset loads. One output position x four channels per step, four accumulators, so
 * nothing spills. Windows wholly inside the input run the nine taps unrolled; the clipped ones
 * (first/last rows and columns) loop over the taps inside the input only.
 *
 * Requantization, when every channel of the group has shift in [-22, -1] and |bias| <= 2^29 (so
 * |acc| < 2^30: nine taps add at most 9 * 383 * 128 < 2^19): with y = SMMULR(2 acc, m) =
 * floor((acc m + 2^30) / 2^31) (the doubling high multiply), the rounding divide by 2^rs (ties away
 * from zero) is (y + 2^(rs-1) - [y < 0]) >> rs; [acc < 0] may stand for [y < 0] because acc < 0
 * with y >= 0 forces y == 0, where both give 0. SMMLAR adds 2^(rs-1) + out_offset * 2^rs on the
 * way, then SSAT brings the result to int8 and SSUB8/SEL apply the activation range to the four
 * packed lanes (the assembly has a second copy without them, kiln_dw3_run_full, for an activation range of
 * all of int8). Other groups use the scalar arm_nn_requantize. */

typedef struct
{
    int32_t w[9][2];   /* offset 0: per tap, SXTB16 of the filter word, and of it rotated by 8 */
    int32_t bias[4];   /* 72 */
    /* per channel: mult, nudge = 2^(rs - 1) + out_offset x 2^rs and rs = -shift (fast groups; the assembly reads
     * these three), shift (other groups) */
    int32_t rq[4][4];
    /* fast groups on the assembly: per channel the filter's sum, its rows' and columns' sums and its
     * corner taps (0, 2, 6, 8), for the window kinds' starts */
    int32_t ws_all[4], ws_row[3][4], ws_col[3][4], ws_corner[4][4];
} kiln_dw3_group;

/*
 * A window kind of the assembly (kiln_dw3_run): the nine filter words it multiplies the window
 * read at its (shifted) origin with, and its start. A window clipped by one tap row or column at an
 * edge of an input of at least three rows and columns is read whole one tap further in (inside the
 * input), with the filter shifted to match and zeros for the taps outside: top-clipped rows 1, 2,
 * zero; bottom-clipped zero, rows 0, 1 (columns alike). The start is the bias plus the input offset
 * times the present taps' filter values (sum (x + off) w = sum x w + off sum w over them), so
 * every output's sum is the C kernels' exactly. Taps and start are doubled (the sums come out as
 * 2 acc, the requantization's first step; |2 acc| < 2^31 in the fast form).
 */
typedef struct
{
    int32_t w[9][2];  /* offset 0: doubled */
    int32_t bias9[4]; /* offset 72: doubled */
} kiln_dw3_kind;

/*
 * The windows of a fast group, assembly (kiln_dw3_run): n outputs of one kind, one register per
 * channel sum started at the kind's bias9, nine taps of SXTB16 on the input word and SMLABB /
 * SMLATT (eight instructions a tap, the tap's two filter words by one LDRD), then the fast
 * requantization, clamp and one word store: about 130 instructions per output of four channels,
 * where the C loops took 160 (whole windows: GCC keeps the row offsets on the stack) to 230
 * (clipped ones). r12 holds the job, r11 the kind (the rq table for the requantization), r9 C, r8
 * the window.
 */
typedef struct
{
    const int8_t *p;          /* 0: the first output's window, top-left tap, channel c */
    int8_t *out;              /* 4 */
    int32_t n;                /* 8: outputs (>= 1) */
    int32_t step;             /* 12: input bytes between windows */
    int32_t C;                /* 16: bytes between taps of a row */
    int32_t in_row;           /* 20: bytes between rows */
    int32_t out_step;         /* 24 */
    uint32_t lo4, hi4;        /* 28, 32 */
    const kiln_dw3_kind *wt;  /* 36: the windows' kind */
    const int32_t *rq;        /* 40: the group's rq table */
    int32_t lines;            /* 44: lines of n outputs (>= 1) */
    int32_t n_line;           /* 48: n of every line */
    int32_t p_adv, out_adv;   /* 52, 56: from a line's end to the next line's first window / output */
} kiln_dw3_job;

#define KILN_DW3_TAP_ASM(addr, woff)                                                                                 \
    "  ldr     r5, " addr "\n"                                                                                      \
    "  ldrd    r10, lr, [r11, #" woff "]\n"                                                                         \
    "  sxtb16  r6, r5\n"                                                                                            \
    "  sxtb16  r7, r5, ror #8\n"                                                                                    \
    "  smlabb  r0, r6, r10, r0\n"                                                                                   \
    "  smlatt  r2, r6, r10, r2\n"                                                                                   \
    "  smlabb  r1, r7, lr, r1\n"                                                                                    \
    "  smlatt  r3, r7, lr, r3\n"

/* channel j's doubled sum (the kind's doubled taps and start) in ACC: y = SMMLAR(2 acc, mult, nudge),
 * (y + [acc < 0]) >> rs, saturated to int8 in r5 */
#define KILN_DW3_RQ_ASM(ACC, RQ)                                                                                     \
    "  ldrd    r6, r7, [r11, #" RQ "]\n"                                                                            \
    "  ldr     r10, [r11, #" RQ "+8]\n"                                                                             \
    "  smmlar  r5, " ACC ", r6, r7\n"                                                                               \
    "  add     r5, r5, " ACC ", asr #31\n"                                                                          \
    "  asr     r5, r5, r10\n"                                                                                       \
    "  ssat    r5, #8, r5\n"

#define KILN_DW3_RUN(NAME, CLAMP)                                                                                    \
    __attribute__((naked, noinline)) static void NAME(const kiln_dw3_job *job __attribute__((unused)))             \
    {                                                                                                                \
    __asm__ volatile("  push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"                                            \
                     "  mov     r12, r0\n"                                                                           \
                     "  ldr     r9, [r12, #16]\n"                                                                    \
                     "  ldr     r8, [r12, #0]\n"                                                                     \
                     "1:\n"                                                                                          \
                     "  ldr     r11, [r12, #36]\n"                                                                   \
                     "  ldrd    r0, r1, [r11, #72]\n"                                                                \
                     "  ldrd    r2, r3, [r11, #80]\n"                                                                \
                     KILN_DW3_TAP_ASM("[r8]", "0")                                                                   \
                     KILN_DW3_TAP_ASM("[r8, r9]", "8")                                                               \
                     KILN_DW3_TAP_ASM("[r8, r9, lsl #1]", "16")                                                      \
                     "  ldr     r4, [r12, #20]\n"                                                                    \
                     "  add     r4, r8, r4\n"                                                                        \
                     KILN_DW3_TAP_ASM("[r4]", "24")                                                                  \
                     KILN_DW3_TAP_ASM("[r4, r9]", "32")                                                              \
                     KILN_DW3_TAP_ASM("[r4, r9, lsl #1]", "40")                                                      \
                     "  ldr     r5, [r12, #20]\n"                                                                    \
                     "  add     r4, r4, r5\n"                                                                        \
                     KILN_DW3_TAP_ASM("[r4]", "48")                                                                  \
                     KILN_DW3_TAP_ASM("[r4, r9]", "56")                                                              \
                     KILN_DW3_TAP_ASM("[r4, r9, lsl #1]", "64")                                                      \
                     "  ldr     r11, [r12, #40]\n"                                                                   \
                     KILN_DW3_RQ_ASM("r0", "0")                                                                      \
                     "  mov     lr, r5\n"                                                                            \
                     KILN_DW3_RQ_ASM("r1", "16")                                                                     \
                     "  bfi     lr, r5, #8, #8\n"                                                                    \
                     KILN_DW3_RQ_ASM("r2", "32")                                                                     \
                     "  bfi     lr, r5, #16, #8\n"                                                                   \
                     KILN_DW3_RQ_ASM("r3", "48")                                                                     \
                     "  bfi     lr, r5, #24, #8\n"                                                                   \
                     CLAMP                                                                                           \
                     "  ldr     r4, [r12, #4]\n"                                                                     \
                     "  str     lr, [r4]\n"                                                                          \
                     "  ldr     r5, [r12, #24]\n"                                                                    \
                     "  add     r4, r4, r5\n"                                                                        \
                     "  str     r4, [r12, #4]\n"                                                                     \
                     "  ldr     r5, [r12, #12]\n"                                                                    \
                     "  add     r8, r8, r5\n"                                                                        \
                     "  ldr     r5, [r12, #8]\n"                                                                     \
                     "  subs    r5, r5, #1\n"                                                                        \
                     "  str     r5, [r12, #8]\n"                                                                     \
                     "  bne     1b\n"                                                                                \
                     "  ldr     r5, [r12, #44]\n"                                                                    \
                     "  subs    r5, r5, #1\n"                                                                        \
                     "  beq     9f\n"                                                                                \
                     "  str     r5, [r12, #44]\n"                                                                    \
                     "  ldr     r5, [r12, #48]\n"                                                                    \
                     "  str     r5, [r12, #8]\n"                                                                     \
                     "  ldr     r5, [r12, #52]\n"                                                                    \
                     "  add     r8, r8, r5\n"                                                                        \
                     "  ldr     r4, [r12, #4]\n"                                                                     \
                     "  ldr     r5, [r12, #56]\n"                                                                    \
                     "  add     r4, r4, r5\n"                                                                        \
                     "  str     r4, [r12, #4]\n"                                                                     \
                     "  b       1b\n"                                                                                \
                     "9:\n"                                                                                          \
                     "  pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");                                          \
}
/* the activation limits applied to the four packed lanes (SSUB8 / SEL); not needed when the range is all of int8 */
#define KILN_DW3_CLAMP_ASM                                                                                          \
    "  ldrd    r5, r6, [r12, #28]\n"                                                                                 \
    "  ssub8   r7, lr, r5\n"                                                                                         \
    "  sel     lr, lr, r5\n"                                                                                         \
    "  ssub8   r7, r6, lr\n"                                                                                         \
    "  sel     lr, lr, r6\n"
KILN_DW3_RUN(kiln_dw3_run, KILN_DW3_CLAMP_ASM)
KILN_DW3_RUN(kiln_dw3_run_full, "")
/* the offsets the assembly uses (a negative array size fails the build) */
typedef char kiln_dw3_layout[(offsetof(kiln_dw3_kind, bias9) == 72 && offsetof(kiln_dw3_job, wt) == 36 &&
                              offsetof(kiln_dw3_job, rq) == 40 && offsetof(kiln_dw3_job, lo4) == 28 &&
                              offsetof(kiln_dw3_job, out_adv) == 56 &&
                              sizeof(((kiln_dw3_group *)0)->rq[0]) == 16)
                                 ? 1
                                 : -1];

/* Filter row / column of the kind's tap (row kind rk, column kind ck: 0 whole, 1 clipped at the top or
 * left, 2 at the bottom or right), -1 for the zero taps. */
static const int8_t kiln_dw3_src[3][3] = {{0, 1, 2}, {1, 2, -1}, {-1, 0, 1}};

static inline __attribute__((always_inline)) void kiln_dw3_kind_fill(kiln_dw3_kind *k, const kiln_dw3_group *g,
                                                                      const int32_t (*w2)[2], const int32_t rk,
                                                                      const int32_t ck, int32_t off)
{
    /* the taps outside: filter row mr / column mc (-1: none) */
    const int32_t mr = rk == 1 ? 0 : (rk == 2 ? 2 : -1);
    const int32_t mc = ck == 1 ? 0 : (ck == 2 ? 2 : -1);
#pragma GCC unroll 4
    for (int32_t j = 0; j < 4; j++)
    {
        int32_t ws = g->ws_all[j];
        if (mr >= 0)
        {
            ws -= g->ws_row[mr][j];
        }
        if (mc >= 0)
        {
            ws -= g->ws_col[mc][j];
        }
        if (mr >= 0 && mc >= 0)
        {
            ws += g->ws_corner[(mr >> 1) * 2 + (mc >> 1)][j];
        }
        k->bias9[j] = 2 * (g->bias[j] + off * ws);
    }
    /* each row: the filter row's doubled taps (w2) moved by the column kind (whole rows one copy), zeros outside */
#pragma GCC unroll 3
    for (int32_t r = 0; r < 3; r++)
    {
        const int32_t sr = kiln_dw3_src[rk][r];
        int32_t *d = k->w[3 * r];
        if (sr < 0)
        {
            memset(d, 0, 24);
        }
        else if (ck == 0)
        {
            memcpy(d, w2[3 * sr], 24);
        }
        else if (ck == 1)
        {
            memcpy(d, w2[3 * sr + 1], 16);
            d[4] = 0;
            d[5] = 0;
        }
        else
        {
            d[0] = 0;
            d[1] = 0;
            memcpy(d + 2, w2[3 * sr], 16);
        }
    }
}

/* The table of window kind rk x 3 + ck (straight-line code per kind); w2: the group's taps doubled. */
static void kiln_dw3_kind_make(kiln_dw3_kind *k, const kiln_dw3_group *g, const int32_t (*w2)[2], int32_t kind,
                               int32_t off)
{
    switch (kind)
    {
    case 0: kiln_dw3_kind_fill(k, g, w2, 0, 0, off); break;
    case 1: kiln_dw3_kind_fill(k, g, w2, 0, 1, off); break;
    case 2: kiln_dw3_kind_fill(k, g, w2, 0, 2, off); break;
    case 3: kiln_dw3_kind_fill(k, g, w2, 1, 0, off); break;
    case 4: kiln_dw3_kind_fill(k, g, w2, 1, 1, off); break;
    case 5: kiln_dw3_kind_fill(k, g, w2, 1, 2, off); break;
    case 6: kiln_dw3_kind_fill(k, g, w2, 2, 0, off); break;
    case 7: kiln_dw3_kind_fill(k, g, w2, 2, 1, off); break;
    default: kiln_dw3_kind_fill(k, g, w2, 2, 2, off); break;
    }
}

/* A window's kind along one axis from its taps inside the input [k0, k1): 0 whole, 1 / 2 clipped by
 * one tap at the start / end (the read origin moves by +1 / -1), -1 otherwise. */
static inline int32_t kiln_dw3_axis_kind(int32_t k0, int32_t k1)
{
    return (k0 == 0 && k1 == 3) ? 0 : ((k0 == 1 && k1 == 3) ? 1 : ((k0 == 0 && k1 == 2) ? 2 : -1));
}



/* Insert the low byte of v into w at bit lsb. */
#define KILN_DW3_BFI(w, v, lsb) __asm__("bfi %0, %1, #" #lsb ", #8" : "+r"(w) : "r"(v))

/* Clamp four packed int8 lanes to [lo, hi] per byte (lo4/hi4: the limits in every byte). */
static inline uint32_t kiln_dw3_clamp4(uint32_t w, uint32_t lo4, uint32_t hi4)
{
    uint32_t t;
    __asm__("ssub8 %[t], %[w], %[lo]\n\t"
            "sel %[w], %[w], %[lo]\n\t"
            "ssub8 %[t], %[hi], %[w]\n\t"
            "sel %[w], %[w], %[hi]"
            : [w] "+r"(w), [t] "=&r"(t)
            : [lo] "r"(lo4), [hi] "r"(hi4)
            : "cc");
    return w;
}

static inline __attribute__((always_inline)) uint32_t kiln_dw3_rq_fast(int32_t acc, const kiln_dw3_group *g, int32_t j,
                                                                      int32_t oo)
{
    (void)oo; /* folded into nudge */
    const int32_t y = kiln_smmlar(acc * 2, g->rq[j][0], g->rq[j][1]);
    return (uint32_t)__ssat((y + (acc >> 31)) >> g->rq[j][2], 8);
}

static inline __attribute__((always_inline)) uint32_t kiln_dw3_rq_slow(int32_t acc, const kiln_dw3_group *g, int32_t j,
                                                                      int32_t oo)
{
    return (uint8_t)kiln_add_clamp(arm_nn_requantize(acc, g->rq[j][0], g->rq[j][3]), oo, INT8_MIN, INT8_MAX);
}

/* Requantize four accumulators (bias included), offset, clamp, one word store. */
static inline __attribute__((always_inline)) void kiln_dw3_store(int8_t *out, const kiln_dw3_group *g, int32_t fast,
                                                                 int32_t a0, int32_t a1, int32_t a2, int32_t a3,
                                                                 int32_t oo, uint32_t lo4, uint32_t hi4)
{
    uint32_t w;
    if (fast)
    {
        w = kiln_dw3_rq_fast(a0, g, 0, oo);
        const uint32_t v1 = kiln_dw3_rq_fast(a1, g, 1, oo);
        KILN_DW3_BFI(w, v1, 8);
        const uint32_t v2 = kiln_dw3_rq_fast(a2, g, 2, oo);
        KILN_DW3_BFI(w, v2, 16);
        const uint32_t v3 = kiln_dw3_rq_fast(a3, g, 3, oo);
        KILN_DW3_BFI(w, v3, 24);
    }
    else
    {
        w = kiln_dw3_rq_slow(a0, g, 0, oo) | (kiln_dw3_rq_slow(a1, g, 1, oo) << 8) |
            (kiln_dw3_rq_slow(a2, g, 2, oo) << 16) | (kiln_dw3_rq_slow(a3, g, 3, oo) << 24);
    }
    w = kiln_dw3_clamp4(w, lo4, hi4);
    memcpy(out, &w, 4);
}

/* One tap of four channels: tb the group table, x4 the input word, t the tap index. */
#define KILN_DW3_TAP(tb, x4, t)                                                                                       \
    do                                                                                                                \
    {                                                                                                                 \
        const uint32_t kx_ = (uint32_t)(x4);                                                                          \
        const int32_t xe_ = (int32_t)__sxtab16(off16, kx_);                                                           \
        const int32_t xo_ = kiln_sxtab16_ror8(off16, kx_);                                                           \
        a0 = __smlabb(xe_, (tb)->w[(t)][0], a0);                                                                      \
        a2 = __smlatt(xe_, (tb)->w[(t)][0], a2);                                                                      \
        a1 = __smlabb(xo_, (tb)->w[(t)][1], a1);                                                                      \
        a3 = __smlatt(xo_, (tb)->w[(t)][1], a3);                                                                      \
    } while (0)

/* n outputs that use the taps [KY0,KY1) x [KX0,KX1) (compile-time constants: unrolled): p points
 * at tap (KY0, KX0) of the first output (channel c), step is the input bytes between consecutive
 * outputs, out the first output (channel c), out_step likewise. The whole-window case is
 * (0,3,0,3); clipped first/last rows and columns use the other windows. */
static inline __attribute__((always_inline)) void kiln_dw3_inner(const int8_t *p, int32_t n, int32_t step,
                                                                 int32_t C, int32_t in_row, int32_t off16,
                                                                 const kiln_dw3_group *g, int32_t fast,
                                                                 int8_t *out, int32_t out_step, int32_t oo,
                                                                 uint32_t lo4, uint32_t hi4, const int32_t KY0,
                                                                 const int32_t KY1, const int32_t KX0,
                                                                 const int32_t KX1)
{
    for (; n > 0; n--)
    {
        /* Opaque to the optimizer: the table stays in memory and is read in place (otherwise GCC
         * hoists all of it into registers it does not have and copies it to the stack). */
        const kiln_dw3_group *gt = g;
        __asm__("" : "+r"(gt));
        int32_t a0 = gt->bias[0], a1 = gt->bias[1], a2 = gt->bias[2], a3 = gt->bias[3];
        const int8_t *q = p;
#pragma GCC unroll 3
        for (int32_t ky = KY0; ky < KY1; ky++)
        {
#pragma GCC unroll 3
            for (int32_t kx = KX0; kx < KX1; kx++)
            {
                KILN_DW3_TAP(gt, kiln_dw_load4(q + (kx - KX0) * C), ky * 3 + kx);
            }
            q += in_row;
        }
        kiln_dw3_store(out, gt, fast, a0, a1, a2, a3, oo, lo4, hi4);
        p += step;
        out += out_step;
    }
}

/* One output whose window is clipped: taps [ky0,ky1) x [kx0,kx1); p is the window's (virtual)
 * top-left, only addresses of taps inside the input are formed. */
static inline __attribute__((always_inline)) void kiln_dw3_edge(const int8_t *in_b, int32_t base_y, int32_t base_x,
                                                                int32_t ky0, int32_t ky1, int32_t kx0, int32_t kx1,
                                                                int32_t C, int32_t in_row, int32_t off16,
                                                                const kiln_dw3_group *g, int32_t fast, int8_t *out,
                                                                int32_t oo, uint32_t lo4, uint32_t hi4)
{
    int32_t a0 = g->bias[0], a1 = g->bias[1], a2 = g->bias[2], a3 = g->bias[3];
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const int8_t *q = in_b + (base_y + ky) * in_row + (base_x + kx0) * C;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            KILN_DW3_TAP(g, kiln_dw_load4(q), ky * 3 + kx);
            q += C;
        }
    }
    kiln_dw3_store(out, g, fast, a0, a1, a2, a3, oo, lo4, hi4);
}

/* Every output of one channel group (c = first channel of the group). */
static inline __attribute__((always_inline)) void kiln_dw3_group_run(const kiln_dw_s8_shape *s,
                                                                     const kiln_dw_s8_args *a,
                                                                     const kiln_dw3_group *g, int32_t fast,
                                                                     int32_t c, int32_t ox_lo, int32_t ox_hi)
{
    const int32_t C = s->in_c;
    const int32_t in_row = s->in_w * C;
    const int32_t off16 = (int32_t)(((uint32_t)a->input_offset & 0xFFFFu) | ((uint32_t)a->input_offset << 16));
    const int32_t oo = a->output_offset;
    const uint32_t lo4 = (uint32_t)(uint8_t)a->act_min * 0x01010101u;
    const uint32_t hi4 = (uint32_t)(uint8_t)a->act_max * 0x01010101u;
    const int32_t step = s->stride_w * C;
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * in_row + c;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int32_t ky0, ky1;
            kiln_tap_range(base_y, s->in_h, 3, 1, &ky0, &ky1);
            int8_t *out_row = a->output + (b * s->out_h + oy) * s->out_w * C + c;
            const int32_t full_rows = ky0 == 0 && ky1 == 3;
            /* Rows clipped at the top or bottom (one tap row missing) run their whole-width columns
             * unrolled too; anything else clipped takes the tap loops. */
            const int32_t row_kind = full_rows ? 0 : (ky0 == 1 && ky1 == 3 ? 1 : (ky0 == 0 && ky1 == 2 ? 2 : 3));
            const int32_t lo = (fast && row_kind < 3) || full_rows ? ox_lo : s->out_w;
            for (int32_t ox = 0; ox < s->out_w; ox++)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                if (ox == lo)
                {
                    /* The run of windows whole along x on this row. */
                    const int32_t n = ox_hi - ox_lo;
                    const int8_t *p = in_b + (base_y + ky0) * in_row + base_x * C;
                    if (row_kind == 0)
                    {
                        kiln_dw3_inner(p, n, step, C, in_row, off16, g, fast, out_row + ox * C, C, oo, lo4, hi4, 0, 3,
                                       0, 3);
                    }
                    else if (row_kind == 1)
                    {
                        kiln_dw3_inner(p, n, step, C, in_row, off16, g, 1, out_row + ox * C, C, oo, lo4, hi4, 1, 3, 0,
                                       3);
                    }
                    else
                    {
                        kiln_dw3_inner(p, n, step, C, in_row, off16, g, 1, out_row + ox * C, C, oo, lo4, hi4, 0, 2, 0,
                                       3);
                    }
                    ox = ox_hi - 1;
                    continue;
                }
                int32_t kx0, kx1;
                kiln_tap_range(base_x, s->in_w, 3, 1, &kx0, &kx1);
                if (fast && full_rows && kx1 - kx0 == 2)
                {
                    /* A column clipped at the left (taps 1, 2) or the right (taps 0, 1) of a whole row. */
                    const int8_t *p = in_b + base_y * in_row + (base_x + kx0) * C;
                    if (kx0 == 1)
                    {
                        kiln_dw3_inner(p, 1, 0, C, in_row, off16, g, 1, out_row + ox * C, C, oo, lo4, hi4, 0, 3, 1, 3);
                    }
                    else
                    {
                        kiln_dw3_inner(p, 1, 0, C, in_row, off16, g, 1, out_row + ox * C, C, oo, lo4, hi4, 0, 3, 0, 2);
                    }
                    continue;
                }
                kiln_dw3_edge(in_b, base_y, base_x, ky0, ky1, kx0, kx1, C, in_row, off16, g, fast, out_row + ox * C,
                              oo, lo4, hi4);
            }
        }
    }
}

/* Output rows (or columns) [start, end) whose windows keep the input's taps [k0, k1) along that axis;
 * kind: kiln_dw3_axis_kind. */
typedef struct
{
    int32_t start, end, k0, k1, kind;
} kiln_dw3_band;

#define KILN_DW3_MAX_BANDS 8

/* The bands of an axis (n outputs, windows at o * stride - pad, size input positions); the count,
 * or 0 when there are more than KILN_DW3_MAX_BANDS. */
static int32_t kiln_dw3_bands(int32_t n, int32_t stride, int32_t pad, int32_t size, kiln_dw3_band *bands)
{
    int32_t nb = 0;
    for (int32_t o = 0; o < n; o++)
    {
        int32_t k0, k1;
        kiln_tap_range(o * stride - pad, size, 3, 1, &k0, &k1);
        if (nb > 0 && bands[nb - 1].k0 == k0 && bands[nb - 1].k1 == k1)
        {
            bands[nb - 1].end = o + 1;
            continue;
        }
        if (nb == KILN_DW3_MAX_BANDS)
        {
            return 0;
        }
        bands[nb].start = o;
        bands[nb].end = o + 1;
        bands[nb].k0 = k0;
        bands[nb].k1 = k1;
        bands[nb].kind = kiln_dw3_axis_kind(k0, k1);
        nb++;
    }
    return nb;
}

/* Every output of one fast channel group (c = first channel) on the assembly, inputs of at least
 * three rows and columns. The output rows fall into bands of one row kind (the clipped first and
 * last rows, the whole ones between), the columns alike (worked out once per call); each band x
 * band rectangle of one window kind runs as assembly calls along its longer side (a DS-CNN 25 x 5
 * image: 11 calls), windows clipped by two or more taps along an axis one by one through
 * kiln_dw3_edge. */
static void kiln_dw3_group_run_asm(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a, const kiln_dw3_group *g,
                                   int32_t c, const kiln_dw3_band *rb, int32_t nrb, const kiln_dw3_band *cb,
                                   int32_t ncb)
{
    const int32_t C = s->in_c;
    const int32_t in_row = s->in_w * C;
    const int32_t off16 = (int32_t)(((uint32_t)a->input_offset & 0xFFFFu) | ((uint32_t)a->input_offset << 16));
    const uint32_t lo4 = (uint32_t)(uint8_t)a->act_min * 0x01010101u;
    const uint32_t hi4 = (uint32_t)(uint8_t)a->act_max * 0x01010101u;
    /* SSAT already bounds the outputs to int8: an activation range of all of int8 needs no clamp */
    const bool full = a->act_min == INT8_MIN && a->act_max == INT8_MAX;
    const int32_t out_row = s->out_w * C;
    kiln_dw3_kind kinds[9];
    uint32_t built = 0u;
    int32_t w2[9][2]; /* the taps doubled, for the kinds */
    for (int32_t t = 0; t < 9; t++)
    {
        w2[t][0] = (int32_t)__sadd16(g->w[t][0], g->w[t][0]);
        w2[t][1] = (int32_t)__sadd16(g->w[t][1], g->w[t][1]);
    }
    kiln_dw3_job job = {NULL, NULL, 0, 0, C, in_row, 0, lo4, hi4, NULL, &g->rq[0][0], 0, 0, 0, 0};
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * in_row + c;
        int8_t *out_b = a->output + b * s->out_h * out_row + c;
        for (int32_t i = 0; i < nrb; i++)
        {
            const kiln_dw3_band *r = &rb[i];
            for (int32_t j = 0; j < ncb; j++)
            {
                const kiln_dw3_band *q = &cb[j];
                if (r->kind < 0 || q->kind < 0)
                {
                    for (int32_t y = r->start; y < r->end; y++)
                    {
                        for (int32_t x = q->start; x < q->end; x++)
                        {
                            kiln_dw3_edge(in_b, y * s->stride_h - s->pad_h, x * s->stride_w - s->pad_w, r->k0, r->k1,
                                          q->k0, q->k1, C, in_row, off16, g, 1, out_b + y * out_row + x * C,
                                          a->output_offset, lo4, hi4);
                        }
                    }
                    continue;
                }
                const int32_t kind = r->kind * 3 + q->kind;
                if ((built & (1u << kind)) == 0u)
                {
                    kiln_dw3_kind_make(&kinds[kind], g, (const int32_t(*)[2])w2, kind, a->input_offset);
                    built |= 1u << kind;
                }
                job.wt = &kinds[kind];
                /* the read origin of output (y, x): one tap further in where the window is clipped */
                const int32_t dy = r->kind == 1 ? 1 : (r->kind == 2 ? -1 : 0);
                const int32_t dx = q->kind == 1 ? 1 : (q->kind == 2 ? -1 : 0);
                /* one call for the rectangle, its lines along the longer side */
                const int32_t rows = r->end - r->start, cols = q->end - q->start;
                const bool down = rows > cols;
                const int32_t ys = s->stride_h * in_row, xs = s->stride_w * C;
                job.step = down ? ys : xs;
                job.out_step = down ? out_row : C;
                job.n_line = down ? rows : cols;
                job.n = job.n_line;
                job.lines = down ? cols : rows;
                job.p_adv = (down ? xs : ys) - job.n_line * job.step;
                job.out_adv = (down ? C : out_row) - job.n_line * job.out_step;
                job.p = in_b + (r->start * s->stride_h - s->pad_h + dy) * in_row +
                    (q->start * s->stride_w - s->pad_w + dx) * C;
                job.out = out_b + r->start * out_row + q->start * C;
                (full ? kiln_dw3_run_full : kiln_dw3_run)(&job);
            }
        }
    }
}

void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    const kiln_dw_s8_shape *s = shape;
    const kiln_dw_s8_args *a = args;
    const int32_t C = s->in_c;
    const int32_t C4 = C & ~3;
    /* Columns whose window is whole along x: base_x >= 0 and base_x + 2 < in_w. */
    int32_t ox_lo = s->pad_w > 0 ? 1 : 0;
    int32_t ox_hi = 0;
    if (s->in_w - 3 + s->pad_w >= 0)
    {
        ox_hi = (s->in_w - 3 + s->pad_w) / s->stride_w + 1;
    }
    ox_hi = MIN(ox_hi, s->out_w);
    if (ox_lo >= ox_hi)
    {
        ox_lo = s->out_w; /* no whole windows: every output takes the clipped path */
        ox_hi = s->out_w;
    }
    /* the assembly's bands (inputs of at least three rows and columns, at most KILN_DW3_MAX_BANDS a side) */
    kiln_dw3_band rb[KILN_DW3_MAX_BANDS], cb[KILN_DW3_MAX_BANDS];
    int32_t nrb = 0, ncb = 0;
    if (s->in_h >= 3 && s->in_w >= 3)
    {
        nrb = kiln_dw3_bands(s->out_h, s->stride_h, s->pad_h, s->in_h, rb);
        ncb = kiln_dw3_bands(s->out_w, s->stride_w, s->pad_w, s->in_w, cb);
    }
    for (int32_t c = 0; c < C4; c += 4)
    {
        kiln_dw3_group g;
        int32_t fast = 1;
        for (int32_t t = 0; t < 9; t++)
        {
            const uint32_t w4 = (uint32_t)kiln_dw_load4(a->filter + t * C + c);
            g.w[t][0] = (int32_t)__sxtb16(w4);
            g.w[t][1] = kiln_sxtb16_ror8(w4);
        }
        for (int32_t j = 0; j < 4; j++)
        {
            const int32_t bias = a->bias != NULL ? a->bias[c + j] : 0;
            const int32_t sh = a->shift[c + j];
            g.bias[j] = bias;
            g.rq[j][0] = a->mult[c + j];
            g.rq[j][1] = 0;
            g.rq[j][2] = -sh;
            g.rq[j][3] = sh;
            if (sh <= -1 && sh >= -22 && bias <= (1 << 29) && bias >= -(1 << 29))
            {
                /* 2^(rs-1) rounding, plus the output offset scaled by 2^rs (exact: a multiple of
                 * 2^rs added before the shift); |y + nudge| < 2^30 + 2^21 + 2^29 fits. */
                g.rq[j][1] = (int32_t)(1u << (-sh - 1)) + a->output_offset * (1 << -sh);
            }
            else
            {
                fast = 0;
            }
        }
        if (fast && nrb > 0 && ncb > 0)
        {
            for (int32_t j = 0; j < 4; j++)
            {
                const int8_t *f = a->filter + c + j;
                int32_t t[9];
                for (int32_t i = 0; i < 9; i++)
                {
                    t[i] = f[i * C];
                }
                g.ws_all[j] = 0;
                for (int32_t r = 0; r < 3; r++)
                {
                    g.ws_row[r][j] = t[3 * r] + t[3 * r + 1] + t[3 * r + 2];
                    g.ws_col[r][j] = t[r] + t[r + 3] + t[r + 6];
                    g.ws_all[j] += g.ws_row[r][j];
                }
                g.ws_corner[0][j] = t[0];
                g.ws_corner[1][j] = t[2];
                g.ws_corner[2][j] = t[6];
                g.ws_corner[3][j] = t[8];
            }
            kiln_dw3_group_run_asm(s, a, &g, c, rb, nrb, cb, ncb);
        }
        else if (fast)
        {
            kiln_dw3_group_run(s, a, &g, 1, c, ox_lo, ox_hi);
        }
        else
        {
            kiln_dw3_group_run(s, a, &g, 0, c, ox_lo, ox_hi);
        }
    }
    if (C4 < C)
    {
        for (int32_t b = 0; b < s->batches; b++)
        {
            const int8_t *in_b = a->input + b * s->in_h * s->in_w * C;
            for (int32_t oy = 0; oy < s->out_h; oy++)
            {
                const int32_t base_y = oy * s->stride_h - s->pad_h;
                int32_t ky0, ky1;
                kiln_tap_range(base_y, s->in_h, 3, 1, &ky0, &ky1);
                for (int32_t ox = 0; ox < s->out_w; ox++)
                {
                    const int32_t base_x = ox * s->stride_w - s->pad_w;
                    int32_t kx0, kx1;
                    kiln_tap_range(base_x, s->in_w, 3, 1, &kx0, &kx1);
                    int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w + ox) * C;
                    for (int32_t c = C4; c < C; c++)
                    {
                        out[c] = kiln_dw_one(s, a, in_b, 3, base_y, base_x, ky0, ky1, kx0, kx1, c);
                    }
                }
            }
        }
    }
}

#endif /* KILN_BUILD_DSP */
