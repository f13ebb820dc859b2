/*
 * Kiln — int8 convolution GEMM, Helium (MVE). Blocks of three patches x two output channels: each
 * 16-byte step loads two weight vectors and three patch vectors and issues six VMLADAVA (96 MACs),
 * raw int8 x int8, six accumulators in the even general registers. The input offset enters once per
 * channel as sum(weights) * input_offset + bias: read from the caller's weight-sum buffer, or — when
 * there is none — summed by VADDVA over the channel's weights (identical result). The k % 16 tail
 * is one VCTP-predicated step with zeroing loads (no byte past a row is read). A channel's three
 * accumulators are requantized as one vector and stored by a predicated byte scatter. Groups of four
 * channels (two such blocks) are requantized per patch instead: one vector of four channels with
 * per-lane multiplier/shift/base (gathered in lane order oc, oc+2, oc+1, oc+3) and one byte scatter,
 * and their on-the-fly weight sums come from one four-row VADDVA pass. Blocks of exactly four patches
 * (arm_nn_mat_mul_core_4x_s8, arm_nn_mat_mult_nt_t_s8) run four patches x one channel.
 *
 * Blocks of two or three patches with a dot length of 16 or more (the im2col route: 3x3 filters on 16+
 * channels, DS-CNN's 10x4 first layers at 40) run kiln_mve_gemm3 instead: per group of four
 * channels both 3x2 passes in one inline-assembly statement (16-byte steps and a predicated partial
 * one), then three row vectors of four contiguous channels requantized with the group's parameters
 * (the cheaper rounding when every shift of the group is negative). Calls in the top-byte form
 * (kiln_requant_top_ok, with the caller's weight sums) run every group in one assembly loop
 * instead, the requantization included (kiln_g3t_*).
 *
 * kiln_conv_s8_gemm_strided (the 1x1 routes: every output pixel of a row of the image in one call)
 * takes the fused top-form blocks above when it can (with the caller's weight sums, dot lengths above 32);
 * otherwise it turns the loops around: per group of four channels (parameters and on-the-fly weight sums formed
 * once), the rows run in batches through a table of sums, which a second loop requantizes one row —
 * four contiguous channels — per vector, with the parameters held in registers. Dot lengths up to
 * 32 keep the group's weights in registers (one input load and four VMLADAV per row up to k == 16;
 * two passes of two channels above, two loads a row; below 16 and between 16 and 32 the row's last
 * load predicated and the weights zero past k) in batches of 48 rows; groups whose shifts are all
 * negative run both phases in one block of inline assembly. Other dot lengths: 3x2 passes over
 * up to six three-row blocks.
 */
#include "Include/Internal/kiln_conv_s8.h"
#include <stddef.h>

#if KILN_BUILD_MVE

/* The two largest assembly blocks (the three-patch passes and the resident 1x1 batches) need twelve
 * general registers; an unoptimised build (-O0, frame pointer kept) cannot provide them and takes
 * the intrinsic paths instead. */
#if defined(__OPTIMIZE__)
#define KILN_MVE_BIG_ASM 1
#else
#define KILN_MVE_BIG_ASM 0
#endif

/* sum of k weights (k16 full vectors, then the predicated tail). */
static inline int32_t kiln_mve_wsum(const int8_t *w, int32_t k16, bool has_tail, mve_pred16_t tail)
{
    int32_t sum = 0;
    int32_t i = 0;
    for (; i < k16; i += 16)
    {
        sum = vaddvaq_s8(sum, vldrbq_s8(w + i));
    }
    if (has_tail)
    {
        sum = vaddvaq_s8(sum, vldrbq_z_s8(w + i, tail));
    }
    return sum;
}

void kiln_conv_s8_wsum(const int8_t *rhs, int32_t k, int32_t rhs_stride, int32_t n_oc, int32_t lhs_offset,
                       const int32_t *bias, int32_t *dst)
{
    const int32_t k16 = k & ~15;
    const bool has_tail = k16 != k;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    for (int32_t oc = 0; oc < n_oc; oc++)
    {
        /* modulo 2^32 (as the accumulators: dot lengths past 65,793 can wrap them) */
        const uint32_t sum = (uint32_t)kiln_mve_wsum(rhs + oc * rhs_stride, k16, has_tail, tail);
        dst[oc] = (int32_t)(sum * (uint32_t)lhs_offset + (uint32_t)(bias != NULL ? bias[oc] : 0));
    }
}

/* Weight sums of four consecutive weight rows, in lane order row 0, 2, 1, 3. */
static inline int32x4_t kiln_mve_wsum4(const int8_t *w, int32_t ws, int32_t k16, bool has_tail, mve_pred16_t tail)
{
    const int8_t *w0 = w, *w1 = w + ws, *w2 = w + 2 * ws, *w3 = w + 3 * ws;
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int32_t n = k16 >> 4; n > 0; n--)
    {
        s0 = vaddvaq_s8(s0, vldrbq_s8(w0));
        s1 = vaddvaq_s8(s1, vldrbq_s8(w1));
        s2 = vaddvaq_s8(s2, vldrbq_s8(w2));
        s3 = vaddvaq_s8(s3, vldrbq_s8(w3));
        w0 += 16;
        w1 += 16;
        w2 += 16;
        w3 += 16;
    }
    if (has_tail)
    {
        s0 = vaddvaq_s8(s0, vldrbq_z_s8(w0, tail));
        s1 = vaddvaq_s8(s1, vldrbq_z_s8(w1, tail));
        s2 = vaddvaq_s8(s2, vldrbq_z_s8(w2, tail));
        s3 = vaddvaq_s8(s3, vldrbq_z_s8(w3, tail));
    }
    int32x4_t v = vdupq_n_s32(s0);
    v = vsetq_lane_s32(s2, v, 1);
    v = vsetq_lane_s32(s1, v, 2);
    v = vsetq_lane_s32(s3, v, 3);
    return v;
}

/* Requantize a channel's three row accumulators (lanes 0..2) and scatter them to dst + lane * stride. */
static inline void kiln_mve_out3(int32_t s0, int32_t s1, int32_t s2, int32_t base, int32_t mult, int32_t shift,
                                 int32_t out_offset, int32x4_t vmin, int32x4_t vmax, uint32x4_t offsets,
                                 mve_pred16_t store, int8_t *dst)
{
    int32x4_t acc = vdupq_n_s32(s0);
    acc = vsetq_lane_s32(s1, acc, 1);
    acc = vsetq_lane_s32(s2, acc, 2);
    acc = vaddq_n_s32(acc, base);
    acc = arm_requantize_mve(acc, mult, shift);
    acc = vaddq_n_s32(acc, out_offset);
    acc = vmaxq_s32(acc, vmin);
    acc = vminq_s32(acc, vmax);
    vstrbq_scatter_offset_p_s32(dst, offsets, acc, store);
}

static inline int32_t kiln_mve_base(const int32_t *weight_sum, const int32_t *bias, int32_t lhs_offset,
                                    const int8_t *w, int32_t oc, int32_t k16, bool has_tail, mve_pred16_t tail)
{
    if (weight_sum != NULL)
    {
        return weight_sum[oc];
    }
    return kiln_mve_wsum(w, k16, has_tail, tail) * lhs_offset + (bias != NULL ? bias[oc] : 0);
}

/* Dot products of three patches with two weight rows (k16 full steps, then the predicated tail). */
static inline __attribute__((always_inline)) void kiln_mve_dot3x2(const int8_t *p0, const int8_t *p1,
                                                                  const int8_t *p2, const int8_t *q0,
                                                                  const int8_t *q1, int32_t k16, bool has_tail,
                                                                  mve_pred16_t tail, int32_t out[6])
{
    int32_t s00 = 0, s01 = 0, s02 = 0, s10 = 0, s11 = 0, s12 = 0;
    for (int32_t n = k16 >> 4; n > 0; n--)
    {
        const int8x16_t v0 = vldrbq_s8(q0);
        const int8x16_t v1 = vldrbq_s8(q1);
        const int8x16_t x0 = vldrbq_s8(p0);
        s00 = vmladavaq_s8(s00, x0, v0);
        s10 = vmladavaq_s8(s10, x0, v1);
        const int8x16_t x1 = vldrbq_s8(p1);
        s01 = vmladavaq_s8(s01, x1, v0);
        s11 = vmladavaq_s8(s11, x1, v1);
        const int8x16_t x2 = vldrbq_s8(p2);
        s02 = vmladavaq_s8(s02, x2, v0);
        s12 = vmladavaq_s8(s12, x2, v1);
        p0 += 16;
        p1 += 16;
        p2 += 16;
        q0 += 16;
        q1 += 16;
    }
    if (has_tail)
    {
        const int8x16_t v0 = vldrbq_z_s8(q0, tail);
        const int8x16_t v1 = vldrbq_z_s8(q1, tail);
        const int8x16_t x0 = vldrbq_z_s8(p0, tail);
        s00 = vmladavaq_s8(s00, x0, v0);
        s10 = vmladavaq_s8(s10, x0, v1);
        const int8x16_t x1 = vldrbq_z_s8(p1, tail);
        s01 = vmladavaq_s8(s01, x1, v0);
        s11 = vmladavaq_s8(s11, x1, v1);
        const int8x16_t x2 = vldrbq_z_s8(p2, tail);
        s02 = vmladavaq_s8(s02, x2, v0);
        s12 = vmladavaq_s8(s12, x2, v1);
    }
    out[0] = s00;
    out[1] = s01;
    out[2] = s02;
    out[3] = s10;
    out[4] = s11;
    out[5] = s12;
}

/* Requantize one patch's four channel accumulators (lane order oc, oc+2, oc+1, oc+3) with per-lane
 * parameters and scatter them back into channel order. */
static inline __attribute__((always_inline)) void kiln_mve_out4(int32x4_t acc, int32x4_t base, int32x4_t mult,
                                                                int32x4_t left, int32x4_t right, int32_t out_offset,
                                                                int32x4_t vmin, int32x4_t vmax, uint32x4_t lanes,
                                                                int8_t *dst)
{
    acc = vaddq_s32(acc, base);
    acc = vshlq_s32(acc, left);
    acc = arm_divide_by_power_of_two_mve_32x4(vqrdmulhq_s32(acc, mult), right);
    acc = vaddq_n_s32(acc, out_offset);
    acc = vmaxq_s32(acc, vmin);
    acc = vminq_s32(acc, vmax);
    vstrbq_scatter_offset_s32(dst, lanes, acc);
}

/* Four patches x one output channel: each 16-byte step loads one weight vector and four patch
 * vectors and issues four VMLADAVA (64 MACs); when no weight-sum buffer is given the channel's weight
 * sum is accumulated by VADDVA from the same weight vector (no second pass over the weights). The
 * four row accumulators form one vector: one requantization and one scatter store per channel. */
static inline __attribute__((always_inline)) void kiln_mve_gemm4(const kiln_conv_s8_gemm_args *a,
                                                                 const int8_t *const *rows, int8_t *dst,
                                                                 const bool sums)
{
    const int32_t k = a->k;
    const int32_t k16 = k & ~15;
    const bool has_tail = k16 != k;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    const uint32x4_t offsets = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)a->dst_stride);
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc = a->n_oc;
    const int8_t *w = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int8_t *const r0 = rows[0];
    const int8_t *const r1 = rows[1];
    const int8_t *const r2 = rows[2];
    const int8_t *const r3 = rows[3];

    for (int32_t oc = 0; oc < n_oc; oc++)
    {
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, sw = 0;
        const int8_t *p0 = r0, *p1 = r1, *p2 = r2, *p3 = r3, *q = w;
        for (int32_t n = k16 >> 4; n > 0; n--)
        {
            const int8x16_t v = vldrbq_s8(q);
            if (sums)
            {
                sw = vaddvaq_s8(sw, v);
            }
            s0 = vmladavaq_s8(s0, vldrbq_s8(p0), v);
            s1 = vmladavaq_s8(s1, vldrbq_s8(p1), v);
            s2 = vmladavaq_s8(s2, vldrbq_s8(p2), v);
            s3 = vmladavaq_s8(s3, vldrbq_s8(p3), v);
            p0 += 16;
            p1 += 16;
            p2 += 16;
            p3 += 16;
            q += 16;
        }
        if (has_tail)
        {
            const int8x16_t v = vldrbq_z_s8(q, tail);
            if (sums)
            {
                sw = vaddvaq_s8(sw, v);
            }
            s0 = vmladavaq_s8(s0, vldrbq_z_s8(p0, tail), v);
            s1 = vmladavaq_s8(s1, vldrbq_z_s8(p1, tail), v);
            s2 = vmladavaq_s8(s2, vldrbq_z_s8(p2, tail), v);
            s3 = vmladavaq_s8(s3, vldrbq_z_s8(p3, tail), v);
        }
        const int32_t base = sums ? sw * lhs_offset + (bias != NULL ? bias[oc] : 0) : wsum[oc];
        int32x4_t acc = vdupq_n_s32(s0);
        acc = vsetq_lane_s32(s1, acc, 1);
        acc = vsetq_lane_s32(s2, acc, 2);
        acc = vsetq_lane_s32(s3, acc, 3);
        acc = vaddq_n_s32(acc, base);
        acc = arm_requantize_mve(acc, mult[oc], shift[oc]);
        acc = vaddq_n_s32(acc, out_offset);
        acc = vmaxq_s32(acc, vmin);
        acc = vminq_s32(acc, vmax);
        vstrbq_scatter_offset_s32(dst + oc, offsets, acc);
        w += ws;
    }
}

/* Weight sums of four consecutive weight rows, in channel order. */
static inline int32x4_t kiln_mve_wsum4_ordered(const int8_t *w, int32_t ws, int32_t k16, bool has_tail,
                                               mve_pred16_t tail)
{
    int32_t sums[4];
    for (int32_t c = 0; c < 4; c++)
    {
        sums[c] = kiln_mve_wsum(w + c * ws, k16, has_tail, tail);
    }
    return vldrwq_s32(sums);
}

/* Requantize one row's four channel sums (channel order) and store them as four contiguous bytes.
 * The rounding right shift is arm_divide_by_power_of_two_mve_32x4 with its negation hoisted out of
 * the loops (nright = -right shift). */
static inline __attribute__((always_inline)) void kiln_mve_out4c(int32x4_t acc, int32x4_t base, int32x4_t mult,
                                                                 int32x4_t left, int32x4_t nright, int32_t out_offset,
                                                                 int32x4_t vmin, int32x4_t vmax, int8_t *dst)
{
    acc = vshlq_s32(vaddq_s32(acc, base), left);
    acc = vqrdmulhq_s32(acc, mult);
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(acc, nright), 31);
    acc = vrshlq_s32(vqaddq_s32(acc, fixup), nright);
    acc = vaddq_n_s32(acc, out_offset);
    acc = vminq_s32(vmaxq_s32(acc, vmin), vmax);
    vstrbq_s32(dst, acc);
}

/* kiln_mve_out4c when every shift of the group is negative: no left shift, the rounding fix-up is the sign
 * alone. nright: the (negative) shifts. */
static inline __attribute__((always_inline)) void kiln_mve_out4c_right(int32x4_t acc, int32x4_t base, int32x4_t mult,
                                                                       int32x4_t nright, int32_t out_offset,
                                                                       int32x4_t vmin, int32x4_t vmax, int8_t *dst)
{
    acc = vqrdmulhq_s32(vaddq_s32(acc, base), mult);
    acc = vrshlq_s32(vqaddq_s32(acc, vshrq_n_s32(acc, 31)), nright);
    acc = vminq_s32(vmaxq_s32(vaddq_n_s32(acc, out_offset), vmin), vmax);
    vstrbq_s32(dst, acc);
}

/* The top-byte form's rounding constants of four channels (shifts in [-24, -1], out_offset within int8:
 * kiln_requant_top_ok): co = (1 + 2 out_offset) << (r - 1) = 2^(r-1) + out_offset * 2^r, r = -shift
 * (~shift = r - 1). */
static inline int32x4_t kiln_mve_top_co(int32x4_t vshift, int32_t out_offset)
{
    return vshlq_s32(vdupq_n_s32(1 + 2 * out_offset), vmvnq_s32(vshift));
}

/* kiln_mve_out4c in the top-byte form (see kiln_g3t_job): y = SRDHM(acc + base, mult),
 * t = sat(sat(y + co) + sign(y)), the output the top byte of sat32(t << (shift + 24)). */
static inline __attribute__((always_inline)) void kiln_mve_out4c_top(int32x4_t acc, int32x4_t base, int32x4_t mult,
                                                                     int32x4_t co, int32x4_t qsh, int8_t *dst)
{
    acc = vqrdmulhq_s32(vaddq_s32(acc, base), mult);
    acc = vqaddq_s32(vqaddq_s32(acc, co), vshrq_n_s32(acc, 31));
    vstrbq_s32(dst, vshrq_n_s32(vqshlq_s32(acc, qsh), 24));
}

#if KILN_MVE_BIG_ASM
/*
 * Both 3x2 passes of a group of four channels in one assembly statement, the registers fixed: sums in
 * r0, r2, .., r10 (VMLADAV writes even registers), patches p0..p2 in r1, r3, r5, weight rows in r7 and r9,
 * ws in r11, the step count in lr; the pointers are reloaded from the job for the second pass and the six
 * sums of each pass stored into st[4 r + c]. Out of line, so that the statement has the registers to
 * itself (GCC saves r4 - r11 around it); the job is read through one more register (r12).
 */
typedef struct
{
    const int8_t *x0, *x1, *x2; /* 0, 4, 8: the three patches */
    const int8_t *w;            /* 12: the group's first weight row */
    int32_t ws;                 /* 16: weight row stride */
    int32_t half;               /* 20: double steps after the first (and odd) step */
    uint32_t tp;                /* 24: predicate of the partial last step */
    int32_t *st;                /* 28: the twelve sums */
} kiln_g3_job;

#define KILN_G3_STEP_OP(OP)                                                                                            \
    "  vldrb.u8    q0, [r7], #16    \n"                                                                               \
    "  vldrb.u8    q1, [r9], #16    \n"                                                                               \
    "  vldrb.u8    q2, [r1], #16    \n"                                                                               \
    "  " OP " r0, q2, q0       \n"                                                                                    \
    "  " OP " r2, q2, q1       \n"                                                                                    \
    "  vldrb.u8    q3, [r3], #16    \n"                                                                               \
    "  " OP " r4, q3, q0       \n"                                                                                    \
    "  " OP " r6, q3, q1       \n"                                                                                    \
    "  vldrb.u8    q2, [r5], #16    \n"                                                                               \
    "  " OP " r8, q2, q0       \n"                                                                                    \
    "  " OP " r10, q2, q1      \n"
#define KILN_G3_STEP KILN_G3_STEP_OP("vmladava.s8")

/* the partial last step (predicate in p0): zeroing loads, no byte past a row read */
#define KILN_G3_TAIL                                                                                                   \
    "  vpstt                        \n"                                                                               \
    "  vldrbt.u8   q0, [r7]         \n"                                                                               \
    "  vldrbt.u8   q1, [r9]         \n"                                                                               \
    "  vpst                         \n"                                                                               \
    "  vldrbt.u8   q2, [r1]         \n"                                                                               \
    "  vmladava.s8 r0, q2, q0       \n"                                                                               \
    "  vmladava.s8 r2, q2, q1       \n"                                                                               \
    "  vpst                         \n"                                                                               \
    "  vldrbt.u8   q3, [r3]         \n"                                                                               \
    "  vmladava.s8 r4, q3, q0       \n"                                                                               \
    "  vmladava.s8 r6, q3, q1       \n"                                                                               \
    "  vpst                         \n"                                                                               \
    "  vldrbt.u8   q2, [r5]         \n"                                                                               \
    "  vmladava.s8 r8, q2, q0       \n"                                                                               \
    "  vmladava.s8 r10, q2, q1      \n"

/* One pass: W (weight rows from the group's first: "" or two rows on), ODD, TAIL, then the sums into
 * st at word offset C (0 or 2) of each row. */
#define KILN_G3_PASS(W, ODD, TAIL, C0, C1, C2)                                                                         \
    "  ldrd        r1, r3, [%[j], #0]  \n"                                                                            \
    "  ldr         r5, [%[j], #8]      \n"                                                                            \
    "  ldrd        r7, r11, [%[j], #12] \n" W                                                                         \
    "  add         r9, r7, r11         \n"                                                                            \
    "  ldr         lr, [%[j], #20]     \n" KILN_G3_STEP_OP("vmladav.s8 ") ODD                                         \
    "  wls         lr, lr, 2f          \n"                                                                            \
    "1:                                \n" KILN_G3_STEP KILN_G3_STEP                                                  \
    "  le          lr, 1b              \n"                                                                            \
    "2:                                \n" TAIL                                                                       \
    "  ldr         r11, [%[j], #28]    \n"                                                                            \
    "  strd        r0, r2, [r11, #" C0 "] \n"                                                                         \
    "  strd        r4, r6, [r11, #" C1 "] \n"                                                                         \
    "  strd        r8, r10, [r11, #" C2 "] \n"

#define KILN_G3_FN(NAME, PRE, ODD, TAIL)                                                                               \
    static __attribute__((noinline)) void NAME(const kiln_g3_job *job)                                                 \
    {                                                                                                                  \
        __asm__ volatile(PRE KILN_G3_PASS("", ODD, TAIL, "0", "16", "32")                                              \
                             KILN_G3_PASS("  add         r7, r7, r11, lsl #1 \n", ODD, TAIL, "8", "24", "40")         \
                         :                                                                                             \
                         : [j] "r"(job)                                                                                \
                         : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "lr", "q0", "q1", \
                           "q2", "q3", "memory", "p0");                                                                 \
    }

#define KILN_G3_PRED "  ldr         r0, [%[j], #24]     \n  vmsr        p0, r0              \n"
KILN_G3_FN(kiln_g3_even, "", "", "")
KILN_G3_FN(kiln_g3_odd, "", KILN_G3_STEP, "")
KILN_G3_FN(kiln_g3_even_tail, KILN_G3_PRED, "", KILN_G3_TAIL)
KILN_G3_FN(kiln_g3_odd_tail, KILN_G3_PRED, KILN_G3_STEP, KILN_G3_TAIL)

/*
 * Three patches x four channels per group, dot length 16 or more: two 3x2 passes per group (kiln_g3_*:
 * one assembly statement, each pass a low-overhead loop of five loads and six VMLADAVA per 16 bytes
 * with the six sums in registers, the first step peeled to start them, a predicated partial last
 * step when k % 16 != 0). The twelve sums go through a small table to three row vectors of four
 * contiguous channels, requantized with the group's parameters loaded once (contiguous, channel
 * order). With the passes as two statements inlined here, GCC 12 reloaded their pointers from the
 * stack around each (about 15 instructions a pass; DS-CNN-S's first layer 0.519 -> 0.49 /MAC, 3x3
 * 16 -> 32 0.248 -> 0.238 with the single out-of-line statement).
 */
static inline __attribute__((always_inline)) void kiln_mve_gemm3_body(const kiln_conv_s8_gemm_args *a,
                                                                      const int8_t *const *rows,
                                                                      const int32_t *row_off, int8_t *dst,
                                                                      const bool tail)
{
    /* The step count's parity and the partial last step pick the passes' code, so that they carry no
     * remainder test. */
    const bool odd = (((a->k >> 4) - 1) & 1) != 0;
    void (*const passes)(const kiln_g3_job *) =
        tail ? (odd ? kiln_g3_odd_tail : kiln_g3_even_tail) : (odd ? kiln_g3_odd : kiln_g3_even);
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc4 = a->n_oc & ~3;
    const int32_t half = ((a->k >> 4) - 1) >> 1;
    const int32_t k16 = a->k & ~15;
    const mve_pred16_t tpred = vctp8q((uint32_t)(a->k & 15));
    const int8_t *const rhs = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32_t act_min = a->act_min;
    const int32_t act_max = a->act_max;
    const int8_t *const x0 = rows[0];
    const int8_t *const x1 = rows[1];
    const int8_t *const x2 = rows[2];
    int32_t st[12];
    kiln_g3_job job = {x0, x1, x2, rhs, ws, half, (uint32_t)tpred, st};
    for (int32_t oc = 0; oc < n_oc4; oc += 4)
    {
        const int8_t *const wg = rhs + oc * ws;
        job.w = wg;
        passes(&job);
        int32x4_t base;
        if (wsum != NULL)
        {
            base = vldrwq_s32(wsum + oc);
        }
        else
        {
            base = vmulq_n_s32(kiln_mve_wsum4_ordered(wg, ws, k16, tail, tpred), lhs_offset);
            if (bias != NULL)
            {
                base = vaddq_s32(base, vldrwq_s32(bias + oc));
            }
        }
        const int32x4_t vmult = vldrwq_s32(mult + oc);
        const int32x4_t vshift = vldrwq_s32(shift + oc);
        const int32x4_t zero = vdupq_n_s32(0);
        const int32x4_t nright = vminq_s32(vshift, zero);
        const int32x4_t vmin = vdupq_n_s32(act_min);
        const int32x4_t vmax = vdupq_n_s32(act_max);
        int8_t *d = dst + oc;
        if (vmaxvq_s32(INT32_MIN, vshift) < 0)
        {
            /* Every shift negative: no left shift, the rounding fix-up is the sign alone. */
#pragma GCC unroll 3
            for (int32_t r = 0; r < 3; r++)
            {
                kiln_mve_out4c_right(vldrwq_s32(st + 4 * r), base, vmult, nright, out_offset, vmin, vmax, d + row_off[r]);
            }
        }
        else
        {
            const int32x4_t left = vmaxq_s32(vshift, zero);
#pragma GCC unroll 3
            for (int32_t r = 0; r < 3; r++)
            {
                kiln_mve_out4c(vldrwq_s32(st + 4 * r), base, vmult, left, nright, out_offset, vmin, vmax,
                               d + row_off[r]);
            }
        }
    }
}


/*
 * The top-byte form (a->requant_top) with the caller's weight sums: every group of four channels in one assembly
 * loop, its two 3x2 passes (channels 0 and 2, then 1 and 3: the VMOVs put each pass's sums straight into lanes 0 / 2
 * and 1 / 3 of three row vectors q4 - q6, in channel order; VMOV Qd[2], Qd[0], Rt, Rt2 puts Rt in lane 0 and Rt2 in
 * lane 2, as GCC's own vcreateq template has it) and the requantization with the group's parameters: with
 * r = -shift, co = (1 + 2 out_offset) << (r - 1) = 2^(r-1) + out_offset * 2^r (VMVN gives r - 1) and
 * y = SRDHM(sum + base, mult),
 *   t = sat(sat(y + co) + sign(y))          (VQRDMULH, VSHR, VQADD, VQADD)
 * is 2^r times the output before TFLite's rounding shift (the sign step rounds ties away from zero), and the output
 * clamped to int8 is the top byte of sat32(t << (24 - r)) (VQSHL by shift + 24, VSHR by 24 for the byte store;
 * narrowing stores take low registers). Saturation is exact: t saturates only where |t| >= 2^31, and then the output
 * is beyond int8 on the same side. Nine instructions per row of four outputs, where the general form
 * (kiln_mve_out4c_right) takes ten after the sums' trip through the stack table. The job's pointers advance in
 * memory (all thirteen general registers serve the passes).
 */
typedef struct
{
    const int8_t *x0, *x1, *x2; /* 0, 4, 8: the three patches */
    const int8_t *w;            /* 12: the group's first weight row (four rows on per group) */
    int32_t ws;                 /* 16: weight row stride */
    int32_t half;               /* 20: double steps after the first (and odd) step */
    uint32_t tp;                /* 24: predicate of the partial last step */
    const int32_t *wsum;        /* 28: the group's weight sums (sum(w) * lhs_offset + bias), four on per group */
    const int32_t *mult;        /* 32 */
    const int32_t *shift;       /* 36 */
    int8_t *dst;                /* 40: row 0's output of the group's first channel (four on per group) */
    int32_t d1, d2;             /* 44, 48: rows 1 and 2's outputs from row 0's */
    int32_t groups;             /* 52: groups of four channels left (>= 1) */
    int32_t cc;                 /* 56: 1 + 2 * out_offset */
} kiln_g3t_job;

typedef char kiln_g3t_layout_check[(offsetof(kiln_g3t_job, x1) == 4 && offsetof(kiln_g3t_job, x2) == 8 &&
                                    offsetof(kiln_g3t_job, w) == 12 && offsetof(kiln_g3t_job, ws) == 16 &&
                                    offsetof(kiln_g3t_job, half) == 20 && offsetof(kiln_g3t_job, tp) == 24 &&
                                    offsetof(kiln_g3t_job, wsum) == 28 && offsetof(kiln_g3t_job, mult) == 32 &&
                                    offsetof(kiln_g3t_job, shift) == 36 && offsetof(kiln_g3t_job, dst) == 40 &&
                                    offsetof(kiln_g3t_job, d1) == 44 && offsetof(kiln_g3t_job, d2) == 48 &&
                                    offsetof(kiln_g3t_job, groups) == 52 && offsetof(kiln_g3t_job, cc) == 56)
                                       ? 1
                                       : -1];

/* One pass of the top form (sums left in r0, r2, .., r10): W moves r7 from the group's first row. */
#define KILN_G3T_PASS(W, ODD, TAIL)                                                                                    \
    "  ldrd        r1, r3, [%[j], #0]  \n"                                                                            \
    "  ldr         r5, [%[j], #8]      \n"                                                                            \
    "  ldrd        r7, r11, [%[j], #12] \n" W                                                                         \
    "  add         r9, r7, r11, lsl #1 \n"                                                                            \
    "  ldr         lr, [%[j], #20]     \n" KILN_G3_STEP_OP("vmladav.s8 ") ODD                                         \
    "  wls         lr, lr, 2f          \n"                                                                            \
    "1:                                \n" KILN_G3_STEP KILN_G3_STEP                                                  \
    "  le          lr, 1b              \n"                                                                            \
    "2:                                \n" TAIL

/* one row vector of four channels (sum + base in Q) to bytes in the lanes' low byte; q0 is free */
#define KILN_G3T_ROW(Q)                                                                                                \
    "  vqrdmulh.s32 " Q ", " Q ", q1  \n"                                                                             \
    "  vshr.s32    q0, " Q ", #31     \n"                                                                             \
    "  vqadd.s32   " Q ", " Q ", q2   \n"                                                                             \
    "  vqadd.s32   " Q ", " Q ", q0   \n"                                                                             \
    "  vqshl.s32   " Q ", " Q ", q3   \n"                                                                             \
    "  vshr.s32    " Q ", " Q ", #24  \n"

#define KILN_G3T_FN(NAME, PRE, ODD, TAIL)                                                                              \
    static __attribute__((noinline)) void NAME(kiln_g3t_job *job)                                                      \
    {                                                                                                                  \
        __asm__ volatile(PRE "  ldr         r0, [%[j], #56]     \n"                                                   \
                             "  vdup.32     q7, r0              \n"                                                   \
                             "1000:                             \n" KILN_G3T_PASS("", ODD, TAIL)                      \
                             "  vmov        q4[2], q4[0], r0, r2   \n"                                                \
                             "  vmov        q5[2], q5[0], r4, r6   \n"                                                \
                             "  vmov        q6[2], q6[0], r8, r10  \n" KILN_G3T_PASS("  add r7, r7, r11 \n", ODD,     \
                                                                                    TAIL)                              \
                             "  vmov        q4[3], q4[1], r0, r2   \n"                                                \
                             "  vmov        q5[3], q5[1], r4, r6   \n"                                                \
                             "  vmov        q6[3], q6[1], r8, r10  \n"                                                \
                             "  ldrd        r0, r2, [%[j], #28] \n"                                                   \
                             "  ldrd        r4, r6, [%[j], #36] \n"                                                   \
                             "  vldrw.u32   q0, [r0], #16       \n"                                                   \
                             "  vldrw.u32   q1, [r2], #16       \n"                                                   \
                             "  vldrw.u32   q3, [r4], #16       \n"                                                   \
                             "  strd        r0, r2, [%[j], #28] \n"                                                   \
                             "  adds        r1, r6, #4          \n"                                                   \
                             "  strd        r4, r1, [%[j], #36] \n"                                                   \
                             "  vmvn        q2, q3              \n"                                                   \
                             "  vshl.s32    q2, q7, q2          \n"                                                   \
                             "  movs        r0, #24             \n"                                                   \
                             "  vadd.i32    q3, q3, r0          \n"                                                   \
                             "  vadd.i32    q4, q4, q0          \n"                                                   \
                             "  vadd.i32    q5, q5, q0          \n"                                                   \
                             "  vadd.i32    q6, q6, q0          \n"                                                   \
                             "  ldrd        r8, r10, [%[j], #44] \n" KILN_G3T_ROW("q4")                               \
                             "  vstrb.32    q4, [r6]            \n" KILN_G3T_ROW("q5")                                \
                             "  add         r1, r8, r6          \n"                                                   \
                             "  vstrb.32    q5, [r1]            \n" KILN_G3T_ROW("q6")                                \
                             "  add         r3, r10, r6         \n"                                                   \
                             "  vstrb.32    q6, [r3]            \n"                                                   \
                             "  ldrd        r7, r11, [%[j], #12] \n"                                                  \
                             "  add         r7, r7, r11, lsl #2 \n"                                                   \
                             "  str         r7, [%[j], #12]     \n"                                                   \
                             "  ldr         r0, [%[j], #52]     \n"                                                   \
                             "  subs        r0, r0, #1          \n"                                                   \
                             "  str         r0, [%[j], #52]     \n"                                                   \
                             "  bne         1000b               \n"                                                   \
                         :                                                                                             \
                         : [j] "r"(job)                                                                                \
                         : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "lr", "q0", "q1", \
                           "q2", "q3", "q4", "q5", "q6", "q7", "memory", "p0", "cc");                                  \
    }

KILN_G3T_FN(kiln_g3t_even, "", "", "")
KILN_G3T_FN(kiln_g3t_odd, "", KILN_G3_STEP, "")
KILN_G3T_FN(kiln_g3t_even_tail, KILN_G3_PRED, "", KILN_G3_TAIL)
KILN_G3T_FN(kiln_g3t_odd_tail, KILN_G3_PRED, KILN_G3_STEP, KILN_G3_TAIL)

/* Whether a call of two or three rows takes the top form (kiln_g3t_*). */
static inline bool kiln_mve_gemm3_top_ok(const kiln_conv_s8_gemm_args *a)
{
    return a->requant_top && a->weight_sum != NULL;
}

/* The top form's call, groups of four channels (a block of two rows repeats its second, as kiln_mve_gemm3): only
 * the job on the stack (the general body's frame saves the Q registers). */
static __attribute__((noinline)) void kiln_mve_gemm3_top(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows,
                                                         int32_t n_rows, int8_t *dst)
{
    const int32_t k = a->k;
    const int32_t steps = k >> 4;
    kiln_g3t_job job = {rows[0],
                        rows[1],
                        rows[n_rows - 1],
                        a->rhs,
                        a->rhs_stride,
                        (steps - 1) >> 1,
                        (uint32_t)vctp8q((uint32_t)(k & 15)),
                        a->weight_sum,
                        a->mult,
                        a->shift,
                        dst,
                        a->dst_stride,
                        (n_rows - 1) * a->dst_stride,
                        a->n_oc >> 2,
                        1 + 2 * a->out_offset};
    const bool odd = ((steps - 1) & 1) != 0;
    if ((k & 15) != 0)
    {
        (odd ? kiln_g3t_odd_tail : kiln_g3t_even_tail)(&job);
    }
    else
    {
        (odd ? kiln_g3t_odd : kiln_g3t_even)(&job);
    }
}

static __attribute__((noinline)) void kiln_mve_gemm3_general(const kiln_conv_s8_gemm_args *a,
                                                             const int8_t *const *rows, int32_t n_rows, int8_t *dst)
{
    const int8_t *const x[3] = {rows[0], rows[1], rows[n_rows - 1]};
    const int32_t ds = a->dst_stride;
    const int32_t row_off[3] = {0, ds, (n_rows - 1) * ds};
    if ((a->k & 15) != 0)
    {
        kiln_mve_gemm3_body(a, x, row_off, dst, true);
    }
    else
    {
        kiln_mve_gemm3_body(a, x, row_off, dst, false);
    }
}

/*
 * Blocks of two or three patches (a block of two repeats its second patch and writes that row's outputs twice, the
 * same values to the same bytes): the top form when the call has it and the caller's weight sums; otherwise one copy
 * of the general body per kind of last step (the on-the-fly weight sums' loop is then fixed too).
 */
static inline void kiln_mve_gemm3(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows,
                                  int8_t *dst)
{
    if (kiln_mve_gemm3_top_ok(a))
    {
        kiln_mve_gemm3_top(a, rows, n_rows, dst);
    }
    else
    {
        kiln_mve_gemm3_general(a, rows, n_rows, dst);
    }
}

#endif

/* Every block the generic kernels take (kiln_conv_s8_gemm passes the top form's usual call straight on). */
static __attribute__((noinline)) void kiln_conv_s8_gemm_any(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows,
                                                            int32_t n_rows, int8_t *dst)
{
    if (KILN_MVE_BIG_ASM && (n_rows == 3 || n_rows == 2) && a->n_oc >= 4 && a->k >= 16)
    {
#if KILN_MVE_BIG_ASM
        /* Two or three patches: groups of four channels in kiln_mve_gemm3 (16-byte steps and a predicated
         * partial one), the last one to three channels below. */
        kiln_mve_gemm3(a, rows, n_rows, dst);
        const int32_t n_oc4 = a->n_oc & ~3;
        if (n_oc4 == a->n_oc)
        {
            return;
        }
        kiln_conv_s8_gemm_args rest = *a;
        rest.rhs = a->rhs + n_oc4 * a->rhs_stride;
        rest.bias = a->bias != NULL ? a->bias + n_oc4 : NULL;
        rest.weight_sum = a->weight_sum != NULL ? a->weight_sum + n_oc4 : NULL;
        rest.mult = a->mult + n_oc4;
        rest.shift = a->shift + n_oc4;
        rest.n_oc = a->n_oc - n_oc4;
        kiln_conv_s8_gemm(&rest, rows, n_rows, dst + n_oc4);
        return;
#endif
    }
    if (n_rows == 4)
    {
        if (a->weight_sum != NULL)
        {
            kiln_mve_gemm4(a, rows, dst, false);
        }
        else
        {
            kiln_mve_gemm4(a, rows, dst, true);
        }
        return;
    }
    const int32_t k = a->k;
    const int32_t k16 = k & ~15;
    const bool has_tail = k16 != k;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    const uint32x4_t offsets = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)a->dst_stride);
    /* Everything the loops read from *a, in locals: the int8 output stores may alias any memory. */
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc = a->n_oc;
    const int32_t dst_stride = a->dst_stride;
    const int8_t *const rhs = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const uint32x4_t lanes = vsetq_lane_u32(1u, vsetq_lane_u32(2u, vidupq_n_u32(0u, 1), 1), 2);

    for (int32_t r = 0; r < n_rows; r += 3)
    {
        const int32_t nr = MIN(3, n_rows - r);
        const int8_t *r0 = rows[r];
        const int8_t *r1 = nr > 1 ? rows[r + 1] : r0;
        const int8_t *r2 = nr > 2 ? rows[r + 2] : r0;
        const mve_pred16_t store = vctp32q((uint32_t)nr);
        int8_t *d = dst + r * dst_stride;
        const int8_t *w;
        int32_t oc = 0;
        for (; oc + 4 <= n_oc; oc += 4)
        {
            int32_t sa[6], sb[6];
            const int8_t *const wg = rhs + oc * ws;
            kiln_mve_dot3x2(r0, r1, r2, wg, wg + ws, k16, has_tail, tail, sa);
            kiln_mve_dot3x2(r0, r1, r2, wg + 2 * ws, wg + 3 * ws, k16, has_tail, tail, sb);
            int32x4_t base;
            if (wsum != NULL)
            {
                base = vldrwq_gather_shifted_offset_s32(wsum + oc, lanes);
            }
            else
            {
                const int32x4_t sums = kiln_mve_wsum4(wg, ws, k16, has_tail, tail);
                base = vmulq_n_s32(sums, lhs_offset);
                if (bias != NULL)
                {
                    base = vaddq_s32(base, vldrwq_gather_shifted_offset_s32(bias + oc, lanes));
                }
            }
            const int32x4_t vmult = vldrwq_gather_shifted_offset_s32(mult + oc, lanes);
            const int32x4_t vshift = vldrwq_gather_shifted_offset_s32(shift + oc, lanes);
            const int32x4_t zero = vdupq_n_s32(0);
            const int32x4_t left = vmaxq_s32(vshift, zero);
            const int32x4_t right = vmaxq_s32(vnegq_s32(vshift), zero);
            /* lanes: oc, oc+2, oc+1, oc+3 */
            int32x4_t a0 = vdupq_n_s32(sa[0]);
            a0 = vsetq_lane_s32(sb[0], a0, 1);
            a0 = vsetq_lane_s32(sa[3], a0, 2);
            a0 = vsetq_lane_s32(sb[3], a0, 3);
            kiln_mve_out4(a0, base, vmult, left, right, out_offset, vmin, vmax, lanes, d + oc);
            if (nr > 1)
            {
                int32x4_t a1 = vdupq_n_s32(sa[1]);
                a1 = vsetq_lane_s32(sb[1], a1, 1);
                a1 = vsetq_lane_s32(sa[4], a1, 2);
                a1 = vsetq_lane_s32(sb[4], a1, 3);
                kiln_mve_out4(a1, base, vmult, left, right, out_offset, vmin, vmax, lanes, d + dst_stride + oc);
            }
            if (nr > 2)
            {
                int32x4_t a2 = vdupq_n_s32(sa[2]);
                a2 = vsetq_lane_s32(sb[2], a2, 1);
                a2 = vsetq_lane_s32(sa[5], a2, 2);
                a2 = vsetq_lane_s32(sb[5], a2, 3);
                kiln_mve_out4(a2, base, vmult, left, right, out_offset, vmin, vmax, lanes, d + 2 * dst_stride + oc);
            }
        }
        w = rhs + oc * ws;
        for (; oc + 2 <= n_oc; oc += 2)
        {
            const int8_t *w0 = w;
            const int8_t *w1 = w + ws;
            int32_t s00 = 0, s01 = 0, s02 = 0, s10 = 0, s11 = 0, s12 = 0;
            const int8_t *p0 = r0, *p1 = r1, *p2 = r2, *q0 = w0, *q1 = w1;
            for (int32_t n = k16 >> 4; n > 0; n--)
            {
                const int8x16_t v0 = vldrbq_s8(q0);
                const int8x16_t v1 = vldrbq_s8(q1);
                const int8x16_t x0 = vldrbq_s8(p0);
                s00 = vmladavaq_s8(s00, x0, v0);
                s10 = vmladavaq_s8(s10, x0, v1);
                const int8x16_t x1 = vldrbq_s8(p1);
                s01 = vmladavaq_s8(s01, x1, v0);
                s11 = vmladavaq_s8(s11, x1, v1);
                const int8x16_t x2 = vldrbq_s8(p2);
                s02 = vmladavaq_s8(s02, x2, v0);
                s12 = vmladavaq_s8(s12, x2, v1);
                p0 += 16;
                p1 += 16;
                p2 += 16;
                q0 += 16;
                q1 += 16;
            }
            if (has_tail)
            {
                const int8x16_t v0 = vldrbq_z_s8(q0, tail);
                const int8x16_t v1 = vldrbq_z_s8(q1, tail);
                const int8x16_t x0 = vldrbq_z_s8(p0, tail);
                s00 = vmladavaq_s8(s00, x0, v0);
                s10 = vmladavaq_s8(s10, x0, v1);
                const int8x16_t x1 = vldrbq_z_s8(p1, tail);
                s01 = vmladavaq_s8(s01, x1, v0);
                s11 = vmladavaq_s8(s11, x1, v1);
                const int8x16_t x2 = vldrbq_z_s8(p2, tail);
                s02 = vmladavaq_s8(s02, x2, v0);
                s12 = vmladavaq_s8(s12, x2, v1);
            }
            const int32_t b0 = kiln_mve_base(wsum, bias, lhs_offset, w0, oc, k16, has_tail, tail);
            const int32_t b1 = kiln_mve_base(wsum, bias, lhs_offset, w1, oc + 1, k16, has_tail, tail);
            kiln_mve_out3(s00, s01, s02, b0, mult[oc], shift[oc], out_offset, vmin, vmax, offsets, store, d + oc);
            kiln_mve_out3(s10, s11, s12, b1, mult[oc + 1], shift[oc + 1], out_offset, vmin, vmax, offsets, store,
                          d + oc + 1);
            w += 2 * ws;
        }
        if (oc < n_oc)
        {
            int32_t s0 = 0, s1 = 0, s2 = 0;
            const int8_t *p0 = r0, *p1 = r1, *p2 = r2, *q0 = w;
            for (int32_t n = k16 >> 4; n > 0; n--)
            {
                const int8x16_t v = vldrbq_s8(q0);
                s0 = vmladavaq_s8(s0, vldrbq_s8(p0), v);
                s1 = vmladavaq_s8(s1, vldrbq_s8(p1), v);
                s2 = vmladavaq_s8(s2, vldrbq_s8(p2), v);
                p0 += 16;
                p1 += 16;
                p2 += 16;
                q0 += 16;
            }
            if (has_tail)
            {
                const int8x16_t v = vldrbq_z_s8(q0, tail);
                s0 = vmladavaq_s8(s0, vldrbq_z_s8(p0, tail), v);
                s1 = vmladavaq_s8(s1, vldrbq_z_s8(p1, tail), v);
                s2 = vmladavaq_s8(s2, vldrbq_z_s8(p2, tail), v);
            }
            const int32_t b = kiln_mve_base(wsum, bias, lhs_offset, w, oc, k16, has_tail, tail);
            kiln_mve_out3(s0, s1, s2, b, mult[oc], shift[oc], out_offset, vmin, vmax, offsets, store, d + oc);
        }
    }
}

void kiln_conv_s8_gemm(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows, int8_t *dst)
{
#if KILN_MVE_BIG_ASM
    /* The top form's usual block (two or three patches, whole groups of four channels) without the generic
     * kernels' frame. */
    if ((n_rows == 3 || n_rows == 2) && kiln_mve_gemm3_top_ok(a) && a->k >= 16 && a->n_oc >= 4 && (a->n_oc & 3) == 0)
    {
        kiln_mve_gemm3_top(a, rows, n_rows, dst);
        return;
    }
#endif
    kiln_conv_s8_gemm_any(a, rows, n_rows, dst);
}

/* ---- strided rows: blocks of three rows x four channels ---------------------------------------- */

/* One 16-byte step of three rows x two weight rows into s[2 r + c] (row r, weight row c); `first`
 * starts the sums (VMLADAV) instead of accumulating. */
static inline __attribute__((always_inline)) void kiln_mve_step3x2(int8x16_t v0, int8x16_t v1, int8x16_t x0,
                                                                   int8x16_t x1, int8x16_t x2, int32_t s[6],
                                                                   const bool first)
{
    if (first)
    {
        s[0] = vmladavq_s8(x0, v0);
        s[1] = vmladavq_s8(x0, v1);
        s[2] = vmladavq_s8(x1, v0);
        s[3] = vmladavq_s8(x1, v1);
        s[4] = vmladavq_s8(x2, v0);
        s[5] = vmladavq_s8(x2, v1);
    }
    else
    {
        s[0] = vmladavaq_s8(s[0], x0, v0);
        s[1] = vmladavaq_s8(s[1], x0, v1);
        s[2] = vmladavaq_s8(s[2], x1, v0);
        s[3] = vmladavaq_s8(s[3], x1, v1);
        s[4] = vmladavaq_s8(s[4], x2, v0);
        s[5] = vmladavaq_s8(s[5], x2, v1);
    }
}

/*
 * Dot products of rows p0, p0 + xs, p0 + 2 xs with weight rows q0, q1 over k = 16 * steps + tail
 * bytes. `unroll` is 0 (steps >= 1 full steps, the first peeled to start the sums, the rest in a loop)
 * or < 0 (no full step: k < 16).
 * has_tail: one more zero-predicated step (required when unroll < 0). The six sums go to
 * out[4 r + c] (row r, weight row c): two adjacent words per row, so the caller reads each row's
 * four channels as one vector.
 */
static inline __attribute__((always_inline)) void kiln_mve_pass3x2(const int8_t *p0, int32_t xs, const int8_t *q0,
                                                                   const int8_t *q1, int32_t steps,
                                                                   const int32_t unroll, const bool has_tail,
                                                                   mve_pred16_t tail, int32_t *out)
{
    const int8_t *p1 = p0 + xs;
    const int8_t *p2 = p1 + xs;
    int32_t s[6];
    if (unroll < 0)
    {
        kiln_mve_step3x2(vldrbq_z_s8(q0, tail), vldrbq_z_s8(q1, tail), vldrbq_z_s8(p0, tail), vldrbq_z_s8(p1, tail),
                         vldrbq_z_s8(p2, tail), s, true);
    }
    else
    {
        kiln_mve_step3x2(vldrbq_s8(q0), vldrbq_s8(q1), vldrbq_s8(p0), vldrbq_s8(p1), vldrbq_s8(p2), s, true);
        p0 += 16;
        p1 += 16;
        p2 += 16;
        q0 += 16;
        q1 += 16;
        for (int32_t n = steps - 1; n > 0; n--)
        {
            kiln_mve_step3x2(vldrbq_s8(q0), vldrbq_s8(q1), vldrbq_s8(p0), vldrbq_s8(p1), vldrbq_s8(p2), s, false);
            p0 += 16;
            p1 += 16;
            p2 += 16;
            q0 += 16;
            q1 += 16;
        }
        if (has_tail)
        {
            kiln_mve_step3x2(vldrbq_z_s8(q0, tail), vldrbq_z_s8(q1, tail), vldrbq_z_s8(p0, tail),
                             vldrbq_z_s8(p1, tail), vldrbq_z_s8(p2, tail), s, false);
        }
    }
    out[0] = s[0];
    out[1] = s[1];
    out[4] = s[2];
    out[5] = s[3];
    out[8] = s[4];
    out[9] = s[5];
}

/* Blocks whose sums are formed before any is requantized (the sum table: 12 words per block). */
#define KILN_MVE_SUM_BLOCKS 6

/*
 * Blocks of three rows x four channels over rows lhs + i * lhs_stride (n_blocks blocks). The
 * channel loop is outside the row loop, so a group's requantization parameters (and, without a
 * weight-sum buffer, its weight sums) are formed once per call rather than once per block. Per
 * block, two 3x2 passes leave their sums in a row-major table (phase 1, up to KILN_MVE_SUM_BLOCKS
 * blocks); then each table row's four channels are one vector, requantized together and stored as
 * four contiguous bytes (phase 2).
 */
static inline __attribute__((always_inline)) void kiln_mve_rows3x4(const kiln_conv_s8_gemm_args *a,
                                                                   const int8_t *lhs, int32_t lhs_stride,
                                                                   int32_t n_blocks, int8_t *dst, const int32_t unroll,
                                                                   const bool has_tail)
{
    const int32_t k = a->k;
    const int32_t k16 = k & ~15;
    const int32_t steps = k >> 4;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc4 = a->n_oc & ~3;
    const int32_t ds = a->dst_stride;
    const int8_t *const rhs = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int32_t xs3 = 3 * lhs_stride;
    const int32x4_t zero = vdupq_n_s32(0);
    const bool top = a->requant_top;
    int32_t sums[KILN_MVE_SUM_BLOCKS * 12];
    int32_t prm[16];
#if KILN_MVE_BIG_ASM
    /* dot lengths of 16 and more: both passes of a block in the three-patch assembly (kiln_g3_*) */
    const bool odd = ((steps - 1) & 1) != 0;
    void (*const passes)(const kiln_g3_job *) =
        has_tail ? (odd ? kiln_g3_odd_tail : kiln_g3_even_tail) : (odd ? kiln_g3_odd : kiln_g3_even);
    kiln_g3_job job = {lhs, lhs, lhs, rhs, ws, (steps - 1) >> 1, (uint32_t)tail, sums};
#endif

    for (int32_t oc = 0; oc < n_oc4; oc += 4)
    {
        const int8_t *const w0 = rhs + oc * ws;
        int32x4_t base;
        if (wsum != NULL)
        {
            base = vldrwq_s32(wsum + oc);
        }
        else
        {
            base = vmulq_n_s32(kiln_mve_wsum4_ordered(w0, ws, k16, has_tail, tail), lhs_offset);
            if (bias != NULL)
            {
                base = vaddq_s32(base, vldrwq_s32(bias + oc));
            }
        }
        const int32x4_t vshift = vldrwq_s32(shift + oc);
        /* The group's parameters wait in memory while the passes use the Q registers (the top form: co and
         * shift + 24 in place of the left and right shifts). */
        vstrwq_s32(prm, base);
        vstrwq_s32(prm + 4, vldrwq_s32(mult + oc));
        if (top)
        {
            vstrwq_s32(prm + 8, kiln_mve_top_co(vshift, out_offset));
            vstrwq_s32(prm + 12, vaddq_n_s32(vshift, 24));
        }
        else
        {
            vstrwq_s32(prm + 8, vmaxq_s32(vshift, zero));
            vstrwq_s32(prm + 12, vminq_s32(vshift, zero));
        }
        const bool right_only = vmaxvq_s32(INT32_MIN, vshift) < 0;
        const int8_t *x = lhs;
        int8_t *d = dst + oc;
        for (int32_t b = 0; b < n_blocks; b += KILN_MVE_SUM_BLOCKS)
        {
            const int32_t nb = MIN(KILN_MVE_SUM_BLOCKS, n_blocks - b);
            /* Phase 1: the dot products of up to KILN_MVE_SUM_BLOCKS blocks into the table. */
            int32_t *st = sums;
#if KILN_MVE_BIG_ASM
            if (unroll >= 0)
            {
                job.w = w0;
                for (int32_t i = nb; i > 0; i--)
                {
                    job.x0 = x;
                    job.x1 = x + lhs_stride;
                    job.x2 = x + 2 * lhs_stride;
                    job.st = st;
                    passes(&job);
                    x += xs3;
                    st += 12;
                }
            }
            else
#endif
            for (int32_t i = nb; i > 0; i--)
            {
                kiln_mve_pass3x2(x, lhs_stride, w0, w0 + ws, steps, unroll, has_tail, tail, st);
                /* Compiler barrier (no instruction): without it GCC reuses the first pass's patch
                 * loads in the second and runs out of Q registers (8). */
                __asm__ volatile("" ::: "memory");
                kiln_mve_pass3x2(x, lhs_stride, w0 + 2 * ws, w0 + 3 * ws, steps, unroll, has_tail, tail, st + 2);
                x += xs3;
                st += 12;
            }
            /* Phase 2: requantize the table, one row (four channels) per vector, parameters in
             * registers for the whole loop. */
            const int32x4_t pbase = vldrwq_s32(prm);
            const int32x4_t pmult = vldrwq_s32(prm + 4);
            const int32x4_t pleft = vldrwq_s32(prm + 8);
            const int32x4_t pnright = vldrwq_s32(prm + 12);
            const int32_t *sr = sums;
            if (top)
            {
                for (int32_t r = 3 * nb; r > 0; r--)
                {
                    kiln_mve_out4c_top(vldrwq_s32(sr), pbase, pmult, pleft, pnright, d);
                    sr += 4;
                    d += ds;
                }
                continue;
            }
            if (right_only)
            {
                for (int32_t r = 3 * nb; r > 0; r--)
                {
                    kiln_mve_out4c_right(vldrwq_s32(sr), pbase, pmult, pnright, out_offset, vmin, vmax, d);
                    sr += 4;
                    d += ds;
                }
                continue;
            }
            for (int32_t r = 3 * nb; r > 0; r--)
            {
                kiln_mve_out4c(vldrwq_s32(sr), pbase, pmult, pleft, pnright, out_offset, vmin, vmax, d);
                sr += 4;
                d += ds;
            }
        }
    }
}

#if KILN_MVE_BIG_ASM
/* ---- strided rows, dot lengths up to 32: weights held in registers --------------------------- */

/* Rows per batch of the register-resident kernels (the sum table: 16 bytes per row, 768 bytes).
 * KILN_MVE_RES_ROWS_S: the same number for the assembly. */
#define KILN_MVE_RES_ROWS 48
#define KILN_MVE_STR_(x) #x
#define KILN_MVE_STR(x) KILN_MVE_STR_(x)
#define KILN_MVE_RES_ROWS_S KILN_MVE_STR(KILN_MVE_RES_ROWS)

/*
 * Phase 1 of the resident kernels: the sums of n >= 1 rows (x, x + xs, ...) with the four weight
 * rows w, w + ws, w + 2 ws, w + 3 ws over k = 16 (k32 false) or 32 bytes, into the row-major table
 * st (four words per row).
 * k == 16: the four weight vectors stay in registers; a row is one load, four VMLADAV and one STM.
 * k == 32: two passes of two channels (four weight vectors) each; a row is two loads, four
 * VMLADAV(A) and one STRD per pass.
 * Inline assembly: GCC 12 computes the four sums into one register and stores each separately, and
 * cannot use one store-multiple (measured: 11 instructions per row at k == 16, 7 here).
 * VMLADAV accumulates into even registers only, hence r0, r2, r4, r6.
 */
static inline __attribute__((always_inline)) void kiln_mve_res_sums(const int8_t *x, int32_t xs, const int8_t *w,
                                                                    int32_t ws, int32_t n, int32_t *st,
                                                                    const bool k32, mve_pred16_t tp, bool tail)
{
    if (!k32)
    {
        const int8x16_t w0 = vldrbq_z_s8(w, tp);
        const int8x16_t w1 = vldrbq_z_s8(w + ws, tp);
        const int8x16_t w2 = vldrbq_z_s8(w + 2 * ws, tp);
        const int8x16_t w3 = vldrbq_z_s8(w + 3 * ws, tp);
        int8x16_t v;
        /* the row loop of one load and four VMLADAV (LOAD: the row into v, advancing x) */
#define KILN_MVE_RES_SUMS16(PRE, LOAD)                                                                        \
    __asm volatile(PRE "  dls         lr, %[n]                     \n"                                       \
                       "1:                                         \n" LOAD                                  \
                       "  vmladav.s8  r0, %q[v], %q[w0]            \n"                                       \
                       "  vmladav.s8  r2, %q[v], %q[w1]            \n"                                       \
                       "  vmladav.s8  r4, %q[v], %q[w2]            \n"                                       \
                       "  vmladav.s8  r6, %q[v], %q[w3]            \n"                                       \
                       "  stm         %[t]!, {r0, r2, r4, r6}      \n"                                       \
                       "  le          lr, 1b                       \n"                                       \
                   : [x] "+r"(x), [t] "+r"(st), [v] "=&w"(v)                                                  \
                   : [n] "r"(n), [xs] "r"(xs), [tp] "r"((uint32_t)tp), [w0] "w"(w0), [w1] "w"(w1),            \
                     [w2] "w"(w2), [w3] "w"(w3)                                                               \
                   : "r0", "r2", "r4", "r6", "lr", "memory", "p0")
        if (tail)
        {
            /* k < 16: the row's bytes k .. 15 not read (zero lanes against zero weights) */
            KILN_MVE_RES_SUMS16("  vmsr        p0, %[tp]                    \n",
                                "  vpst                                     \n"
                                "  vldrbt.u8   %q[v], [%[x]]                \n"
                                "  add         %[x], %[xs]                  \n");
        }
        else if (xs == 16)
        {
            KILN_MVE_RES_SUMS16("", "  vldrb.u8    %q[v], [%[x]], #16           \n");
        }
        else
        {
            KILN_MVE_RES_SUMS16("", "  vldrb.u8    %q[v], [%[x]]                \n"
                                    "  add         %[x], %[xs]                  \n");
        }
#undef KILN_MVE_RES_SUMS16
    }
    else
    {
        for (int32_t c = 0; c < 4; c += 2)
        {
            const int8_t *const wc = w + c * ws;
            const int8x16_t w0a = vldrbq_s8(wc);
            const int8x16_t w0b = vldrbq_z_s8(wc + 16, tp);
            const int8x16_t w1a = vldrbq_s8(wc + ws);
            const int8x16_t w1b = vldrbq_z_s8(wc + ws + 16, tp);
            const int8_t *p = x;
            int32_t *t = st + c;
            int8x16_t va, vb;
            /* the row loop of two loads and four VMLADAV(A) (LOAD: the row into va / vb, advancing p) */
#define KILN_MVE_RES_SUMS32(PRE, LOAD)                                                                        \
    __asm volatile(PRE "  dls         lr, %[n]                     \n"                                       \
                       "1:                                         \n" LOAD                                  \
                       "  vmladav.s8  r0, %q[va], %q[w0a]          \n"                                       \
                       "  vmladava.s8 r0, %q[vb], %q[w0b]          \n"                                       \
                       "  vmladav.s8  r2, %q[va], %q[w1a]          \n"                                       \
                       "  vmladava.s8 r2, %q[vb], %q[w1b]          \n"                                       \
                       "  strd        r0, r2, [%[t]], #16          \n"                                       \
                       "  le          lr, 1b                       \n"                                       \
                   : [p] "+r"(p), [t] "+r"(t), [va] "=&w"(va), [vb] "=&w"(vb)                                 \
                   : [n] "r"(n), [xs] "r"(xs), [tp] "r"((uint32_t)tp), [w0a] "w"(w0a), [w0b] "w"(w0b),        \
                     [w1a] "w"(w1a), [w1b] "w"(w1b)                                                           \
                   : "r0", "r2", "lr", "memory", "p0")
            if (tail)
            {
                /* 16 < k < 32: the row's bytes k .. 31 not read */
                KILN_MVE_RES_SUMS32("  vmsr        p0, %[tp]                    \n",
                                    "  vpst                                     \n"
                                    "  vldrbt.u8   %q[vb], [%[p], #16]          \n"
                                    "  vldrb.u8    %q[va], [%[p]]               \n"
                                    "  add         %[p], %[xs]                  \n");
            }
            else if (xs == 32)
            {
                KILN_MVE_RES_SUMS32("", "  vldrb.u8    %q[vb], [%[p], #16]          \n"
                                        "  vldrb.u8    %q[va], [%[p]], #32          \n");
            }
            else
            {
                KILN_MVE_RES_SUMS32("", "  vldrb.u8    %q[vb], [%[p], #16]          \n"
                                        "  vldrb.u8    %q[va], [%[p]]               \n"
                                        "  add         %[p], %[xs]                  \n");
            }
#undef KILN_MVE_RES_SUMS32
        }
    }
}

/*
 * Phase 2: requantize n table rows (four channels each) and store each as four contiguous bytes
 * at d, d + ds, ... prm holds the group's base, multiplier, left shift and -right shift vectors.
 * `right_only`: every channel of the group has shift < 0 (no left shift, right shift >= 1), so the
 * rounding fix-up of arm_divide_by_power_of_two_mve_32x4 is the sign of the product alone.
 */
static inline __attribute__((always_inline)) void kiln_mve_res_out(const int32_t *sr, int32_t n, int8_t *d,
                                                                   int32_t ds, const int32_t *prm, int32_t out_offset,
                                                                   int32x4_t vmin, int32x4_t vmax,
                                                                   const bool right_only)
{
    const int32x4_t pbase = vldrwq_s32(prm);
    const int32x4_t pmult = vldrwq_s32(prm + 4);
    const int32x4_t pnright = vldrwq_s32(prm + 12);
    if (right_only)
    {
        /* Two rows per iteration (one loop branch per two rows). */
        for (int32_t r = n >> 1; r > 0; r--)
        {
            kiln_mve_out4c_right(vldrwq_s32(sr), pbase, pmult, pnright, out_offset, vmin, vmax, d);
            d += ds;
            kiln_mve_out4c_right(vldrwq_s32(sr + 4), pbase, pmult, pnright, out_offset, vmin, vmax, d);
            d += ds;
            sr += 8;
        }
        if (n & 1)
        {
            kiln_mve_out4c_right(vldrwq_s32(sr), pbase, pmult, pnright, out_offset, vmin, vmax, d);
        }
    }
    else
    {
        const int32x4_t pleft = vldrwq_s32(prm + 8);
        for (int32_t r = n; r > 0; r--)
        {
            kiln_mve_out4c(vldrwq_s32(sr), pbase, pmult, pleft, pnright, out_offset, vmin, vmax, d);
            sr += 4;
            d += ds;
        }
    }
}

/*
 * The resident kernels for a group whose shifts are all negative: the batch loop and both phases
 * in one block of inline assembly (GCC 12 reloads the weights and parameters through spilled
 * pointers and adds two instructions per requantized row; measured with intrinsics: 7 + 12
 * instructions per row of four outputs and about 75 per batch, here 6.5 + 11.25 and about 25).
 * buf: the group's weight vectors (words 0..31; k == 16 uses 0..15), base, multiplier,
 * {output offset, dst stride, act_min, act_max} (in place of the left shifts, all zero) and -right
 * shift vectors (words 32..47), then the sum table (KILN_MVE_RES_ROWS rows of four words). The
 * cursor t walks the weights, then the table; phase 2 reads the parameters at negative offsets
 * from the table start. Phase 1 (k == 16) and phase 2 take an odd row (phase 2: and a pair) alone,
 * then two (phase 2: four) rows per iteration. Registers: r0 r2 r4 r6 sums (VMLADAV writes even
 * registers only), r1 r3 the output offset and dst stride, x advances over the rows, q0..q5
 * weights / parameters / rows, q6 q7 the activation range.
 */
#define KILN_MVE_RES_P2                                                                                       \
    "  vldrw.u32   q0, [%[t], #-64]                  \n"                                                      \
    "  vldrw.u32   q1, [%[t], #-48]                  \n"                                                      \
    "  vldrw.u32   q2, [%[t], #-16]                  \n"                                                      \
    "  lsls        r0, %[n], #31                     \n"                                                      \
    "  bpl         2f                                \n"                                                      \
    "  vldrw.u32   q3, [%[t]], #16                   \n"                                                      \
    "  vadd.i32    q3, q3, q0                        \n"                                                      \
    "  vqrdmulh.s32 q3, q3, q1                       \n"                                                      \
    "  vshr.s32    q5, q3, #31                       \n"                                                      \
    "  vqadd.s32   q3, q3, q5                        \n"                                                      \
    "  vrshl.s32   q3, q3, q2                        \n"                                                      \
    "  vadd.i32    q3, q3, r1                        \n"                                                      \
    "  vmax.s32    q3, q3, q6                        \n"                                                      \
    "  vmin.s32    q3, q3, q7                        \n"                                                      \
    "  vstrb.32    q3, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "2:                                              \n"                                                      \
    "  bcc         3f                                \n"                                                      \
    "  vldrw.u32   q4, [%[t], #16]                   \n"                                                      \
    "  vldrw.u32   q3, [%[t]], #32                   \n"                                                      \
    "  vadd.i32    q3, q3, q0                        \n"                                                      \
    "  vadd.i32    q4, q4, q0                        \n"                                                      \
    "  vqrdmulh.s32 q3, q3, q1                       \n"                                                      \
    "  vqrdmulh.s32 q4, q4, q1                       \n"                                                      \
    "  vshr.s32    q5, q3, #31                       \n"                                                      \
    "  vqadd.s32   q3, q3, q5                        \n"                                                      \
    "  vshr.s32    q5, q4, #31                       \n"                                                      \
    "  vqadd.s32   q4, q4, q5                        \n"                                                      \
    "  vrshl.s32   q3, q3, q2                        \n"                                                      \
    "  vrshl.s32   q4, q4, q2                        \n"                                                      \
    "  vadd.i32    q3, q3, r1                        \n"                                                      \
    "  vadd.i32    q4, q4, r1                        \n"                                                      \
    "  vmax.s32    q3, q3, q6                        \n"                                                      \
    "  vmax.s32    q4, q4, q6                        \n"                                                      \
    "  vmin.s32    q3, q3, q7                        \n"                                                      \
    "  vmin.s32    q4, q4, q7                        \n"                                                      \
    "  vstrb.32    q3, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "  vstrb.32    q4, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "3:                                              \n"                                                      \
    "  lsrs        r0, %[n], #2                      \n"                                                      \
    "  wls         lr, r0, 4f                        \n"                                                      \
    "0:                                              \n"                                                      \
    "  vldrw.u32   q4, [%[t], #16]                   \n"                                                      \
    "  vldrw.u32   q3, [%[t]], #32                   \n"                                                      \
    "  vadd.i32    q3, q3, q0                        \n"                                                      \
    "  vadd.i32    q4, q4, q0                        \n"                                                      \
    "  vqrdmulh.s32 q3, q3, q1                       \n"                                                      \
    "  vqrdmulh.s32 q4, q4, q1                       \n"                                                      \
    "  vshr.s32    q5, q3, #31                       \n"                                                      \
    "  vqadd.s32   q3, q3, q5                        \n"                                                      \
    "  vshr.s32    q5, q4, #31                       \n"                                                      \
    "  vqadd.s32   q4, q4, q5                        \n"                                                      \
    "  vrshl.s32   q3, q3, q2                        \n"                                                      \
    "  vrshl.s32   q4, q4, q2                        \n"                                                      \
    "  vadd.i32    q3, q3, r1                        \n"                                                      \
    "  vadd.i32    q4, q4, r1                        \n"                                                      \
    "  vmax.s32    q3, q3, q6                        \n"                                                      \
    "  vmax.s32    q4, q4, q6                        \n"                                                      \
    "  vmin.s32    q3, q3, q7                        \n"                                                      \
    "  vmin.s32    q4, q4, q7                        \n"                                                      \
    "  vstrb.32    q3, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "  vstrb.32    q4, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "  vldrw.u32   q4, [%[t], #16]                   \n"                                                      \
    "  vldrw.u32   q3, [%[t]], #32                   \n"                                                      \
    "  vadd.i32    q3, q3, q0                        \n"                                                      \
    "  vadd.i32    q4, q4, q0                        \n"                                                      \
    "  vqrdmulh.s32 q3, q3, q1                       \n"                                                      \
    "  vqrdmulh.s32 q4, q4, q1                       \n"                                                      \
    "  vshr.s32    q5, q3, #31                       \n"                                                      \
    "  vqadd.s32   q3, q3, q5                        \n"                                                      \
    "  vshr.s32    q5, q4, #31                       \n"                                                      \
    "  vqadd.s32   q4, q4, q5                        \n"                                                      \
    "  vrshl.s32   q3, q3, q2                        \n"                                                      \
    "  vrshl.s32   q4, q4, q2                        \n"                                                      \
    "  vadd.i32    q3, q3, r1                        \n"                                                      \
    "  vadd.i32    q4, q4, r1                        \n"                                                      \
    "  vmax.s32    q3, q3, q6                        \n"                                                      \
    "  vmax.s32    q4, q4, q6                        \n"                                                      \
    "  vmin.s32    q3, q3, q7                        \n"                                                      \
    "  vmin.s32    q4, q4, q7                        \n"                                                      \
    "  vstrb.32    q3, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "  vstrb.32    q4, [%[d]]                        \n"                                                      \
    "  add         %[d], r3                          \n"                                                      \
    "  le          lr, 0b                            \n"                                                      \
    "4:                                              \n"

/* Phase 1, k == 16: weights q0..q3, two rows per iteration, an odd first row alone (X: the row
 * load into q4, advancing x). */
#define KILN_MVE_RES_P1_K16_ROW(X)                                                                            \
    X "  vmladav.s8  r0, q4, q0                   \n"                                                         \
      "  vmladav.s8  r2, q4, q1                   \n"                                                         \
      "  vmladav.s8  r4, q4, q2                   \n"                                                         \
      "  vmladav.s8  r6, q4, q3                   \n"                                                         \
      "  stm         %[t]!, {r0, r2, r4, r6}      \n"
#define KILN_MVE_RES_P1_K16(X)                                                                                \
    "  vldrw.u32   q0, [%[t]]                   \n"                                                           \
    "  vldrw.u32   q1, [%[t], #16]              \n"                                                           \
    "  vldrw.u32   q2, [%[t], #32]              \n"                                                           \
    "  vldrw.u32   q3, [%[t], #48]              \n"                                                           \
    "  add         %[t], %[t], #192             \n"                                                           \
    "  lsrs        lr, %[n], #1                 \n"                                                           \
    "  bcc         7f                           \n" KILN_MVE_RES_P1_K16_ROW(X) "7:                 \n"         \
    "  wls         lr, lr, 8f                   \n"                                                           \
    "1:                                         \n" KILN_MVE_RES_P1_K16_ROW(X) KILN_MVE_RES_P1_K16_ROW(X)     \
    "  le          lr, 1b                       \n"                                                           \
    "8:                                         \n"                                                           \
    "  sub         %[t], %[t], %[n], lsl #4     \n"

/* Phase 1, k == 32, one pass of two channels: weights at t + W.., then t += C (the pass's table
 * column); X: the row loads into q4 (bytes 0..15) and q5 (16..31), advancing x; R: before the pass,
 * rewinds x; E: after it, moves t back to the table. */
#define KILN_MVE_RES_P1_K32(W0, W1, W2, W3, C, E, L, R, X)                                                    \
    R                                                                                                         \
    "  vldrw.u32   q0, [%[t], #" W0 "]          \n"                                                           \
    "  vldrw.u32   q1, [%[t], #" W1 "]          \n"                                                           \
    "  vldrw.u32   q2, [%[t], #" W2 "]          \n"                                                           \
    "  vldrw.u32   q3, [%[t], #" W3 "]          \n"                                                           \
    "  add         %[t], %[t], #" C "           \n"                                                           \
    "  dls         lr, %[n]                     \n"                                                           \
    L ":                                        \n" X                                                         \
    "  vmladav.s8  r0, q4, q0                   \n"                                                           \
    "  vmladava.s8 r0, q5, q1                   \n"                                                           \
    "  vmladav.s8  r2, q4, q2                   \n"                                                           \
    "  vmladava.s8 r2, q5, q3                   \n"                                                           \
    "  strd        r0, r2, [%[t]], #16          \n"                                                           \
    "  le          lr, " L "b                   \n"                                                           \
    "  sub         %[t], %[t], %[n], lsl #4     \n"                                                           \
    E

#define KILN_MVE_RES_X16 "  vldrb.u8    q4, [%[x]], #16             \n"
#define KILN_MVE_RES_X16S                                                                                     \
    "  vldrb.u8    q4, [%[x]]                   \n"                                                           \
    "  add         %[x], %[xs]                  \n"
#define KILN_MVE_RES_X32                                                                                      \
    "  vldrb.u8    q5, [%[x], #16]              \n"                                                           \
    "  vldrb.u8    q4, [%[x]], #32              \n"
#define KILN_MVE_RES_X32S                                                                                     \
    "  vldrb.u8    q5, [%[x], #16]              \n"                                                           \
    "  vldrb.u8    q4, [%[x]]                   \n"                                                           \
    "  add         %[x], %[xs]                  \n"
/* the same with the tail predicate in p0: the row's bytes past k are not read */
#define KILN_MVE_RES_X16SP                                                                                    \
    "  vpst                                     \n"                                                           \
    "  vldrbt.u8   q4, [%[x]]                   \n"                                                           \
    "  add         %[x], %[xs]                  \n"
#define KILN_MVE_RES_X32SP                                                                                    \
    "  vpst                                     \n"                                                           \
    "  vldrbt.u8   q5, [%[x], #16]              \n"                                                           \
    "  vldrb.u8    q4, [%[x]]                   \n"                                                           \
    "  add         %[x], %[xs]                  \n"
/* p0 = the tail predicate, the word after the sum table (byte offset KILN_MVE_RES_TP of buf) */
#define KILN_MVE_RES_TP 960
typedef char kiln_mve_res_tp_check[(KILN_MVE_RES_TP == (48 + KILN_MVE_RES_ROWS * 4) * 4) ? 1 : -1];
#define KILN_MVE_RES_PSET                                                                                     \
    "  ldr         r0, [%[t], #" KILN_MVE_STR(KILN_MVE_RES_TP) "] \n"                                                           \
    "  vmsr        p0, r0                       \n"
#define KILN_MVE_RES_R32 "  sub         %[x], %[x], %[n], lsl #5     \n"
#define KILN_MVE_RES_R32S "  mls         %[x], %[n], %[xs], %[x]      \n"

#define KILN_MVE_RES_BACK "  subs        %[t], #8                     \n"
#define KILN_MVE_RES_OUTS [x] "+r"(x), [d] "+l"(d), [t] "+r"(t), [rows] "+r"(rows), [n] "=&r"(n)
#define KILN_MVE_RES_CLOBBERS                                                                                 \
    "r0", "r1", "r2", "r3", "r4", "r6", "lr", "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "memory"

/* The batch loop around phases 1 and 2: n = MIN(KILN_MVE_RES_ROWS, rows left) rows per batch; after
 * phase 2, t back to buf. */
#define KILN_MVE_RES_HEAD                                                                                     \
    "  ldrd        r1, r3, [%[t], #168]         \n"                                                           \
    "  vdup.32     q6, r1                       \n"                                                           \
    "  vdup.32     q7, r3                       \n"                                                           \
    "  ldrd        r1, r3, [%[t], #160]         \n"                                                           \
    "9:                                         \n"                                                           \
    "  cmp         %[rows], #" KILN_MVE_RES_ROWS_S "                 \n"                                      \
    "  ite         ge                           \n"                                                           \
    "  movge       %[n], #" KILN_MVE_RES_ROWS_S "                    \n"                                      \
    "  movlt       %[n], %[rows]                \n"                                                           \
    "  sub         %[rows], %[rows], %[n]       \n"
#define KILN_MVE_RES_TAIL                                                                                     \
    "  sub         %[t], %[t], %[n], lsl #4     \n"                                                           \
    "  sub         %[t], %[t], #192             \n"                                                           \
    "  cmp         %[rows], #0                  \n"                                                           \
    "  bne         9b                           \n"

/* Every row of a group whose shifts are all negative (rows >= 1). Not inlined: the assembly needs
 * twelve general registers, which the allocator finds at every optimisation level only in a
 * function of its own. */
static __attribute__((noinline)) void kiln_mve_res_group(const int8_t *x, int32_t xs, int32_t rows, int8_t *d,
                                                        int32_t *buf, bool k32, bool tail)
{
    int32_t *t = buf; /* the cursor: weights, then the table (parameters at negative offsets) */
    int32_t n;
    if (tail)
    {
        /* dot lengths other than 16 and 32 (below 32): predicated row loads, p0 set once */
        if (!k32)
        {
            __asm volatile(KILN_MVE_RES_PSET KILN_MVE_RES_HEAD KILN_MVE_RES_P1_K16(KILN_MVE_RES_X16SP) KILN_MVE_RES_P2
                               KILN_MVE_RES_TAIL
                           : KILN_MVE_RES_OUTS
                           : [xs] "r"(xs)
                           : KILN_MVE_RES_CLOBBERS, "p0");
        }
        else
        {
            __asm volatile(KILN_MVE_RES_PSET KILN_MVE_RES_HEAD KILN_MVE_RES_P1_K32("0", "16", "32", "48", "192", "", "5",
                                                                                  "", KILN_MVE_RES_X32SP)
                               KILN_MVE_RES_P1_K32("-128", "-112", "-96", "-80", "8", KILN_MVE_RES_BACK, "6",
                                                   KILN_MVE_RES_R32S, KILN_MVE_RES_X32SP)
                                   KILN_MVE_RES_P2 KILN_MVE_RES_TAIL
                           : KILN_MVE_RES_OUTS
                           : [xs] "r"(xs)
                           : KILN_MVE_RES_CLOBBERS, "p0");
        }
        return;
    }
    if (!k32)
    {
        if (xs == 16)
        {
            __asm volatile(KILN_MVE_RES_HEAD KILN_MVE_RES_P1_K16(KILN_MVE_RES_X16) KILN_MVE_RES_P2 KILN_MVE_RES_TAIL
                           : KILN_MVE_RES_OUTS
                           :
                           : KILN_MVE_RES_CLOBBERS);
        }
        else
        {
            __asm volatile(KILN_MVE_RES_HEAD KILN_MVE_RES_P1_K16(KILN_MVE_RES_X16S) KILN_MVE_RES_P2 KILN_MVE_RES_TAIL
                           : KILN_MVE_RES_OUTS
                           : [xs] "r"(xs)
                           : KILN_MVE_RES_CLOBBERS);
        }
    }
    else
    {
        if (xs == 32)
        {
            __asm volatile(KILN_MVE_RES_HEAD KILN_MVE_RES_P1_K32("0", "16", "32", "48", "192", "", "5", "",
                                                                 KILN_MVE_RES_X32)
                               KILN_MVE_RES_P1_K32("-128", "-112", "-96", "-80", "8", KILN_MVE_RES_BACK, "6",
                                                   KILN_MVE_RES_R32, KILN_MVE_RES_X32)
                                   KILN_MVE_RES_P2 KILN_MVE_RES_TAIL
                           : KILN_MVE_RES_OUTS
                           :
                           : KILN_MVE_RES_CLOBBERS);
        }
        else
        {
            __asm volatile(KILN_MVE_RES_HEAD KILN_MVE_RES_P1_K32("0", "16", "32", "48", "192", "", "5", "",
                                                                 KILN_MVE_RES_X32S)
                               KILN_MVE_RES_P1_K32("-128", "-112", "-96", "-80", "8", KILN_MVE_RES_BACK, "6",
                                                   KILN_MVE_RES_R32S, KILN_MVE_RES_X32S)
                                   KILN_MVE_RES_P2 KILN_MVE_RES_TAIL
                           : KILN_MVE_RES_OUTS
                           : [xs] "r"(xs)
                           : KILN_MVE_RES_CLOBBERS);
        }
    }
}

/* Groups of four channels x batches of KILN_MVE_RES_ROWS rows, dot length 16 (k32 false) or 32. */
static inline __attribute__((always_inline)) void kiln_mve_rows_res(const kiln_conv_s8_gemm_args *a,
                                                                    const int8_t *lhs, int32_t lhs_stride,
                                                                    int32_t n_rows, int8_t *dst, const bool k32)
{
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc4 = a->n_oc & ~3;
    const int32_t ds = a->dst_stride;
    const int8_t *const rhs = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int32x4_t zero = vdupq_n_s32(0);
    const int32_t k16 = k32 ? 32 : 16;
    /* dot lengths below 16 / between 16 and 32: the last vector's lanes past k (weights zero, rows not read) */
    const bool tail = a->k != k16;
    const mve_pred16_t tp = vctp8q((uint32_t)(a->k - (k32 ? 16 : 0)));
    /* Weight vectors (32 words), parameters (16 words), the sum table, the tail predicate. */
    int32_t buf[48 + KILN_MVE_RES_ROWS * 4 + 1];
    buf[KILN_MVE_RES_TP / 4] = (int32_t)tp;
    int32_t *const prm = buf + 32;
    int32_t *const sums = buf + 48;

    for (int32_t oc = 0; oc < n_oc4; oc += 4)
    {
        const int8_t *const w0 = rhs + oc * ws;
        int32x4_t base;
        if (wsum != NULL)
        {
            base = vldrwq_s32(wsum + oc);
        }
        else
        {
            base = vmulq_n_s32(kiln_mve_wsum4_ordered(w0, ws, a->k & ~15, (a->k & 15) != 0, vctp8q((uint32_t)(a->k & 15))),
                               lhs_offset);
            if (bias != NULL)
            {
                base = vaddq_s32(base, vldrwq_s32(bias + oc));
            }
        }
        const int32x4_t vshift = vldrwq_s32(shift + oc);
        vstrwq_s32(prm, base);
        vstrwq_s32(prm + 4, vldrwq_s32(mult + oc));
        vstrwq_s32(prm + 8, vmaxq_s32(vshift, zero));
        vstrwq_s32(prm + 12, vminq_s32(vshift, zero));
        /* Every shift of the group negative: the cheaper rounding (no left shift, fix-up = sign). */
        const bool right_only = vmaxvq_s32(INT32_MIN, vshift) < 0;
        if (right_only)
        {
            /* The (zero) left shifts' words carry the output offset, dst stride and activation range
             * for the assembly. */
            prm[8] = out_offset;
            prm[9] = ds;
            prm[10] = a->act_min;
            prm[11] = a->act_max;
        }
        /* Weight vectors: k == 16 rows 0..3 (words 0..15); k == 32 rows 0..3 of 32 bytes (words 0..31),
         * i.e. pass order row 0 low / high, row 1 low / high, then rows 2 and 3. */
        for (int32_t c = 0; c < 4; c++)
        {
            vstrwq_s32(buf + (k32 ? 8 : 4) * c,
                       vreinterpretq_s32_s8(k32 ? vldrbq_s8(w0 + c * ws) : vldrbq_z_s8(w0 + c * ws, tp)));
            if (k32)
            {
                vstrwq_s32(buf + 8 * c + 4, vreinterpretq_s32_s8(vldrbq_z_s8(w0 + c * ws + 16, tp)));
            }
        }
        if (right_only)
        {
            kiln_mve_res_group(lhs, lhs_stride, n_rows, dst + oc, buf, k32, tail);
            continue;
        }
        const int8_t *x = lhs;
        int8_t *d = dst + oc;
        for (int32_t r = 0; r < n_rows; r += KILN_MVE_RES_ROWS)
        {
            const int32_t n = MIN(KILN_MVE_RES_ROWS, n_rows - r);
            kiln_mve_res_sums(x, lhs_stride, w0, ws, n, sums, k32, tp, tail);
            kiln_mve_res_out(sums, n, d, ds, prm, out_offset, vmin, vmax, false);
            x += n * lhs_stride;
            d += n * ds;
        }
    }
}

#endif /* KILN_MVE_BIG_ASM */

/* Channels [from, n_oc) of every row: three-row blocks (the last one or two rows alone) of the
 * general kernel. */
static void kiln_mve_rows_rest(const kiln_conv_s8_gemm_args *a, int32_t from, const int8_t *lhs, int32_t lhs_stride,
                               int32_t n_rows, int8_t *dst)
{
    kiln_conv_s8_gemm_args rest = *a;
    rest.rhs = a->rhs + from * a->rhs_stride;
    rest.bias = a->bias != NULL ? a->bias + from : NULL;
    rest.weight_sum = a->weight_sum != NULL ? a->weight_sum + from : NULL;
    rest.mult = a->mult + from;
    rest.shift = a->shift + from;
    rest.n_oc = a->n_oc - from;
    const int32_t ds = a->dst_stride;
    int8_t *d = dst + from;
    for (int32_t r = 0; r < n_rows; r += 3)
    {
        const int32_t nr = MIN(3, n_rows - r);
        const int8_t *const rows[3] = {lhs, nr > 1 ? lhs + lhs_stride : lhs, nr > 2 ? lhs + 2 * lhs_stride : lhs};
        kiln_conv_s8_gemm(&rest, rows, nr, d);
        lhs += 3 * lhs_stride;
        d += 3 * ds;
    }
}

/* The two table kernels in functions of their own, so that the stack holds one table at a time. */
#if KILN_MVE_BIG_ASM
static __attribute__((noinline)) void kiln_mve_rows_res_k16(const kiln_conv_s8_gemm_args *a, const int8_t *lhs,
                                                           int32_t lhs_stride, int32_t n_rows, int8_t *dst)
{
    kiln_mve_rows_res(a, lhs, lhs_stride, n_rows, dst, false);
}

static __attribute__((noinline)) void kiln_mve_rows_res_k32(const kiln_conv_s8_gemm_args *a, const int8_t *lhs,
                                                           int32_t lhs_stride, int32_t n_rows, int8_t *dst)
{
    kiln_mve_rows_res(a, lhs, lhs_stride, n_rows, dst, true);
}
#endif

static __attribute__((noinline)) void kiln_mve_rows3x4_any(const kiln_conv_s8_gemm_args *a, const int8_t *lhs,
                                                          int32_t lhs_stride, int32_t n_blocks, int8_t *dst)
{
    /* Loop passes (straight-line for k < 16). */
    const int32_t k = a->k;
    if (k < 16)
    {
        kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, -1, true);
    }
    else if ((k & 15) != 0)
    {
        kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, 0, true);
    }
    else
    {
        kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, 0, false);
    }
}

void kiln_conv_s8_gemm_strided(const kiln_conv_s8_gemm_args *a, const int8_t *lhs, int32_t lhs_stride,
                               int32_t n_rows, int8_t *dst)
{
    const int32_t n_oc4 = a->n_oc & ~3;
#if KILN_MVE_BIG_ASM
    const int32_t k = a->k;
    if (kiln_mve_gemm3_top_ok(a) && k > 16 && !kiln_conv_s8_strided_resident(k))
    {
        /* The top form (with the caller's weight sums): blocks of three rows through the fused kernel, every group
         * of four channels and its requantization in one assembly loop (about 8 % fewer instructions per block
         * than the two phases below at k = 64, and no sum table on the stack). */
        for (int32_t r = 0; r < n_rows; r += 3)
        {
            const int32_t n = MIN(3, n_rows - r);
            const int8_t *const x = lhs + r * lhs_stride;
            const int8_t *const rows[3] = {x, n > 1 ? x + lhs_stride : x, n > 2 ? x + 2 * lhs_stride : x};
            kiln_conv_s8_gemm(a, rows, n, dst + r * a->dst_stride);
        }
        return;
    }
    if (n_oc4 > 0 && n_rows > 0 && kiln_conv_s8_strided_resident(k))
    {
        /* Dot lengths up to 32: the group's weights stay in registers, any number of rows. */
        if (k <= 16)
        {
            kiln_mve_rows_res_k16(a, lhs, lhs_stride, n_rows, dst);
        }
        else
        {
            kiln_mve_rows_res_k32(a, lhs, lhs_stride, n_rows, dst);
        }
        if (n_oc4 < a->n_oc)
        {
            kiln_mve_rows_rest(a, n_oc4, lhs, lhs_stride, n_rows, dst);
        }
        return;
    }
#endif
    const int32_t n_blocks = n_rows / 3;
    const int32_t ds = a->dst_stride;
    if (n_blocks > 0 && n_oc4 > 0)
    {
        kiln_mve_rows3x4_any(a, lhs, lhs_stride, n_blocks, dst);
    }
    if (n_blocks > 0 && n_oc4 < a->n_oc)
    {
        /* The last one to three channels: three-row blocks of the general kernel. */
        kiln_mve_rows_rest(a, n_oc4, lhs, lhs_stride, 3 * n_blocks, dst);
    }
    const int32_t done = n_blocks * 3;
    if (done < n_rows)
    {
        /* One or two rows left: every channel through the general kernel. */
        const int8_t *const x = lhs + done * lhs_stride;
        const int8_t *const rows[2] = {x, n_rows - done > 1 ? x + lhs_stride : x};
        kiln_conv_s8_gemm(a, rows, n_rows - done, dst + done * ds);
    }
}

#endif
