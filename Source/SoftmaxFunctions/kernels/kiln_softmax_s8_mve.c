/*
 * Kiln — softmax rows, Helium (MVE), four int32 lanes at a time. The fixed-point exp is
 * gemmlowp's, lane by lane identical to kiln_softmax_exp_q5_26() (VQRDMULH is exactly its
 * rounding doubling high multiply). Selections use lane masks (all ones / zero) rather than
 * intrinsic predicates, which GCC 12 moves through core registers at every use (the exp's
 * conditional multiplies are VPT blocks in inline assembly); only the last, partial vector of a
 * row is loaded and stored under a tail predicate.
 *
 * Routes (the public functions branch to the kind's entry, which sends rows of two to a function of
 * their own and every other call to the argument checks and the rest):
 *   2                    "softmax_pairs": scalar on the DSP multiplies (kiln_softmax_pairs_dsp(),
 *                        Internal/kiln_softmax.h): the larger element's exp is 1.0, one exp per row
 *   1, or diff_min > 0   a fill: the type's maximum (rows of one), the minimum (diff_min > 0)
 *   3 .. 8               "softmax_mve_rows8": one (3 .. 4) or two (5 .. 8) predicated four-lane
 *                        vectors per row, the maximum over the loaded lanes, inlined in each kind's
 *                        entry once for each (the one-vector loop keeps every value in registers)
 *   9 .. 16              "softmax_mve_short": each row in vector registers, no stack table
 *                        (see kiln_softmax_short_rows_k below).
 * and for longer rows, by the number of elements of the call:
 *   "softmax_mve_table"  >= 256 elements: the exp of each of the 256 possible diffs (x - row max)
 *                        is computed once per call into a 1 KiB table on the stack (64 vector
 *                        steps); the sum and output passes gather from it.
 *   "softmax_mve_direct" fewer (so rows of at most 255): the exp of each element is evaluated
 *                        once, in the sum pass, and kept for the output pass in the same 1 KiB
 *                        of stack.
 */
#include "Include/Internal/kiln_softmax.h"

#if KILN_BUILD_MVE

#define KILN_SOFTMAX_MVE_TABLE_MIN 256

/* Multiply the lanes whose remainder has bit 24 + K set by exp(-2^(K - 2)) (C, Q0.31): the bit
 * shifted to the sign, then a VPT block (compare with zero) predicates one VQRDMULH. Inline
 * assembly because GCC 12 moves every predicate through a core register (VMRS/VMSR/SXTH around
 * each use, twice the instructions); VPT blocks are the architecture's cheap form on hardware
 * too. Lanes whose bit is clear keep their value, as in gemmlowp's select. */
#define KILN_EXP_STAGE(K, C)                                                                                     \
    do                                                                                                           \
    {                                                                                                            \
        int32x4_t bit_;                                                                                          \
        __asm__("vshl.i32 %q[b], %q[rem], #%c[sh]\n\t"                                                          \
                "vpt.s32 lt, %q[b], zr\n\t"                                                                       \
                "vqrdmulht.s32 %q[res], %q[res], %[c]"                                                           \
                : [res] "+w"(res), [b] "=&w"(bit_)                                                               \
                : [rem] "w"(remainder), [sh] "i"(7 - (K)), [c] "r"((int32_t)(C)) : "p0");                             \
    } while (0)

/* exp(a) for a <= 0 in Q5.26, result in Q0.31 (kiln_softmax_exp_q5_26, four lanes). */
static inline __attribute__((always_inline)) int32x4_t kiln_exp_mve_k(int32x4_t a, bool short_rows)
{
    /* a = r + q: r = (a mod 1/4) - 1/4 in [-1/4, 0) (top byte set), remainder = -q. */
    const int32x4_t r = vorrq_n_s32(a, 0xFF000000);
    const int32x4_t remainder = vsubq_s32(r, a);
    /* exp(r) = exp(-1/8) * (1 + x + x^2/2 + x^3/6 + x^4/24), x = r + 1/8 in Q0.31 */
    const int32x4_t x = vaddq_n_s32(vshlq_n_s32(r, 5), 1 << 28);
    const int32x4_t x2 = vqrdmulhq_s32(x, x);
    const int32x4_t x3 = vqrdmulhq_s32(x2, x);
    const int32x4_t x4 = vqrdmulhq_s32(x2, x2);
    const int32x4_t x4_over_4 = vrshrq_n_s32(x4, 2); /* x4 >= 0: ties up = ties away from zero */
    const int32x4_t t = vaddq_s32(vqrdmulhq_n_s32(vaddq_s32(x4_over_4, x3), 715827883), x2);
    /* t / 2 rounded half away from zero: VRSHR rounds ties up, so negative lanes first step down */
    const int32x4_t t_half = vrshrq_n_s32(vqaddq_s32(t, vshrq_n_s32(t, 31)), 1);
    const int32x4_t poly = vaddq_s32(x, t_half);
    int32x4_t res = vaddq_n_s32(vqrdmulhq_n_s32(poly, 1895147668), 1895147668);
    KILN_EXP_STAGE(0, 1672461947);
    KILN_EXP_STAGE(1, 1302514674);
    const int32x4_t neg = vshrq_n_s32(a, 31); /* all ones for a < 0, 0 for a = 0 */
    /* The later multiplies only for remainders of 1.0 or more in some lane with a < 0 (lanes with
     * a = 0 take INT32_MAX below whatever their remainder): |a| < 1 is the usual range. */
    if (!short_rows || vmaxvq_u32(0u, vreinterpretq_u32_s32(vandq_s32(remainder, neg))) >= (1u << 26))
    {
        KILN_EXP_STAGE(2, 790015084);
        KILN_EXP_STAGE(3, 290630308);
        KILN_EXP_STAGE(4, 39332535);
        KILN_EXP_STAGE(5, 720401);
        if (short_rows)
        {
            /* remainder >= 16: the exp is at most SRDHM(2^31, 242) = 242, whose term and output
             * are 0 like those of 0 (outputs have a rounding shift of at least 15 bits) */
            res = vbicq_s32(res, vshrq_n_s32(vshlq_n_s32(remainder, 1), 31));
        }
        else
        {
            KILN_EXP_STAGE(6, 242);
        }
    }
    /* exp(0) = INT32_MAX, and res >= 0 */
    return vmaxq_s32(res, vbicq_s32(vdupq_n_s32(INT32_MAX), neg));
}


static inline int32x4_t kiln_exp_mve(int32x4_t a)
{
    return kiln_exp_mve_k(a, false);
}

/* exp of four diffs (<= 0): scaled = min(SRDHM(diff << shift, mult), 0) in Q5.26. */
static inline int32x4_t kiln_softmax_exp4(int32x4_t diff, int32x4_t vshift, int32_t mult)
{
    const int32x4_t shifted = vshlq_s32(diff, vshift); /* wraps, as TFLite's */
    return kiln_exp_mve(vminq_s32(vqrdmulhq_n_s32(shifted, mult), vdupq_n_s32(0)));
}

/* The same for the short-row route, whose exps only feed its terms and outputs: exps of at most
 * 242 are 0 there (see kiln_exp_mve_k). */
static inline int32x4_t kiln_softmax_exp4_short(int32x4_t diff, int32x4_t vshift, int32_t mult)
{
    const int32x4_t shifted = vshlq_s32(diff, vshift);
    return kiln_exp_mve_k(vminq_s32(vqrdmulhq_n_s32(shifted, mult), vdupq_n_s32(0)), true);
}

static int32_t kiln_softmax_max(const void *in, int32_t n, bool is_u8)
{
    if (is_u8)
    {
        uint8_t m = 0;
        for (int32_t i = 0; i < n; i += 16)
        {
            const mve_pred16_t tail = vctp8q((uint32_t)(n - i));
            m = vmaxvq_p_u8(m, vldrbq_z_u8((const uint8_t *)in + i, tail), tail);
        }
        return m;
    }
    int8_t m = INT8_MIN;
    int32_t i = 0;
    for (; i + 16 <= n; i += 16)
    {
        m = vmaxvq_s8(m, vld1q_s8((const int8_t *)in + i));
    }
    if (i < n)
    {
        const mve_pred16_t tail = vctp8q((uint32_t)(n - i));
        m = vmaxvq_p_s8(m, vldrbq_z_s8((const int8_t *)in + i, tail), tail);
    }
    return m;
}

/* Row constants of the two passes. */
typedef struct
{
    const void *in;
    void *out;
    int32_t n, max;
    bool is_u8, out16;
    int32_t diff_min;  /* clamped to [-256, 1]: the same decisions for diffs in [-255, 0] */
    int32x4_t vshift;  /* input left shift */
    int32_t mult;
    const int32_t *table; /* exp by -diff, or NULL for the direct route */
    int32_t *row_exps;    /* direct route: the sum pass keeps each exp here for the output pass */
} kiln_softmax_row_args;

/* Elements i .. i+3 (lanes past n are zero-loaded when `tail` is not all-true). */
static inline int32x4_t kiln_softmax_load4(const kiln_softmax_row_args *a, int32_t i, mve_pred16_t tail, bool full)
{
    if (a->is_u8)
    {
        const uint8_t *p = (const uint8_t *)a->in + i;
        return vreinterpretq_s32_u32(full ? vldrbq_u32(p) : vldrbq_z_u32(p, tail));
    }
    const int8_t *p = (const int8_t *)a->in + i;
    return full ? vldrbq_s32(p) : vldrbq_z_s32(p, tail);
}

/* The exps of elements i .. i+3 (x) and their "skip" mask (diff < diff_min: all ones). The sum
 * pass (first) fills the row cache when there is one, the output pass (second) reads it. */
static inline int32x4_t kiln_softmax_e4(const kiln_softmax_row_args *a, int32x4_t x, int32_t i, bool first,
                                        int32x4_t *skip)
{
    const int32x4_t diff = vsubq_n_s32(x, a->max);
    *skip = vshrq_n_s32(vsubq_n_s32(diff, a->diff_min), 31);
    if (a->table != NULL)
    {
        return vldrwq_gather_shifted_offset_s32(a->table, vreinterpretq_u32_s32(vnegq_s32(diff)));
    }
    if (a->row_exps != NULL && !first)
    {
        return vld1q_s32(a->row_exps + i);
    }
    const int32x4_t e = kiln_softmax_exp4(diff, a->vshift, a->mult);
    if (a->row_exps != NULL)
    {
        vst1q_s32(a->row_exps + i, e); /* whole vectors: i + 4 <= 256 for rows of at most 255 */
    }
    return e;
}

static uint64_t kiln_softmax_sum(const kiln_softmax_row_args *a)
{
    const int32_t n = a->n;
    uint64_t sum = 0;
    int32_t i = 0;
    while (i + 4 <= n)
    {
        /* Each lane adds at most 8190 terms below 2^19 before the flush: no uint32 overflow. */
        const int32_t end = MIN(n & ~3, i + 4 * 8190);
        uint32x4_t acc = vdupq_n_u32(0);
        for (; i < end; i += 4)
        {
            int32x4_t skip;
            const int32x4_t e = kiln_softmax_e4(a, kiln_softmax_load4(a, i, 0, true), i, true, &skip);
            const int32x4_t term = vbicq_s32(vrshrq_n_s32(e, KILN_SOFTMAX_ACCUM_BITS), skip);
            acc = vaddq_u32(acc, vreinterpretq_u32_s32(term));
        }
        sum += vaddlvq_u32(acc);
    }
    if (i < n)
    {
        const mve_pred16_t tail = vctp32q((uint32_t)(n - i));
        int32x4_t skip;
        const int32x4_t e = kiln_softmax_e4(a, kiln_softmax_load4(a, i, tail, false), i, true, &skip);
        /* lanes past n: all ones in the skip mask too */
        const int32x4_t lane = vreinterpretq_s32_u32(vidupq_n_u32(0, 1));
        skip = vorrq_s32(skip, vmvnq_s32(vshrq_n_s32(vsubq_n_s32(lane, n - i), 31)));
        const int32x4_t term = vbicq_s32(vrshrq_n_s32(e, KILN_SOFTMAX_ACCUM_BITS), skip);
        sum += vaddlvq_u32(vreinterpretq_u32_s32(term));
    }
    return sum;
}

static inline int32x4_t kiln_softmax_out4(const kiln_softmax_row_args *a, int32x4_t x, int32_t i, int32_t recip,
                                          int32x4_t vexp, int32_t out_min, int32_t out_max)
{
    int32x4_t skip;
    const int32x4_t e = kiln_softmax_e4(a, x, i, false, &skip);
    /* SRDHM(recip, e) in [0, 2^31), rounded right shift (VRSHL: ties up = away from zero for
     * non-negative values; a shift of 32 leaves 0), skipped lanes 0, then the output offset. */
    const int32x4_t u = vbicq_s32(vrshlq_s32(vqrdmulhq_n_s32(e, recip), vexp), skip);
    return vminq_s32(vaddq_n_s32(u, out_min), vdupq_n_s32(out_max));
}

static void kiln_softmax_row(const kiln_softmax_row_args *a, int32_t out_bits, int32_t out_min, int32_t out_max)
{
    const uint64_t sum = kiln_softmax_sum(a);
    int32_t recip, exponent;
    /* sum = 0 only when every element is skipped (diff_min > 0): the outputs are the minimum */
    kiln_softmax_recip(sum != 0 ? sum : (uint64_t)1 << (31 - KILN_SOFTMAX_ACCUM_BITS), out_bits, &recip,
                       &exponent);
    const int32x4_t vexp = vdupq_n_s32(-MIN(exponent, 32));
    const int32_t n = a->n;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32x4_t v = kiln_softmax_out4(a, kiln_softmax_load4(a, i, 0, true), i, recip, vexp, out_min, out_max);
        if (a->out16)
        {
            vstrhq_s32((int16_t *)a->out + i, v);
        }
        else
        {
            vstrbq_s32((int8_t *)a->out + i, v);
        }
    }
    if (i < n)
    {
        const mve_pred16_t tail = vctp32q((uint32_t)(n - i));
        const int32x4_t v = kiln_softmax_out4(a, kiln_softmax_load4(a, i, tail, false), i, recip, vexp, out_min, out_max);
        if (a->out16)
        {
            vstrhq_p_s32((int16_t *)a->out + i, v, tail);
        }
        else
        {
            vstrbq_p_s32((int8_t *)a->out + i, v, tail);
        }
    }
}

/*
 * "softmax_mve_short": rows of at most KILN_SOFTMAX_MVE_SHORT_MAX elements (the keyword-spotting
 * output layer: 1x12) are done entirely in vector registers, without per-row set-up: one
 * predicated 16-byte load for the maximum, then per group of four (the last one tail-predicated)
 * the exps, with the skipped lanes (diff < diff_min) zeroed, so their output is
 * SRDHM(recip, 0) = 0 plus the output minimum as required, and the sum accumulated across the
 * vector under the group's predicate. At most 16 terms below 2^19 + 1: the sum fits 32 bits.
 */
#define KILN_SOFTMAX_MVE_SHORT_MAX 16

/* Group g of a short row: its exps (skipped lanes 0), with the sum of their terms added. Whole
 * groups load and add unpredicated; only the row's last, partial group takes a predicate. */
static inline __attribute__((always_inline)) int32x4_t kiln_softmax_short_group(const void *in, int32_t g,
                                                                                bool is_u8, bool partial,
                                                                                mve_pred16_t pg, int32_t max,
                                                                                int32x4_t vshift, int32_t mult,
                                                                                int32_t diff_min, uint32_t *sum)
{
    int32x4_t x;
    if (is_u8)
    {
        const uint8_t *src = (const uint8_t *)in + 4 * g;
        x = vreinterpretq_s32_u32(partial ? vldrbq_z_u32(src, pg) : vldrbq_u32(src));
    }
    else
    {
        const int8_t *src = (const int8_t *)in + 4 * g;
        x = partial ? vldrbq_z_s32(src, pg) : vldrbq_s32(src);
    }
    const int32x4_t diff = vsubq_n_s32(x, max);
    const int32x4_t skip = vshrq_n_s32(vsubq_n_s32(diff, diff_min), 31);
    const int32x4_t e = vbicq_s32(kiln_softmax_exp4_short(diff, vshift, mult), skip);
    const uint32x4_t term = vreinterpretq_u32_s32(vrshrq_n_s32(e, KILN_SOFTMAX_ACCUM_BITS));
    *sum = partial ? vaddvaq_p_u32(*sum, term, pg) : vaddvaq_u32(*sum, term);
    return e;
}

static inline __attribute__((always_inline)) void kiln_softmax_short_out(void *out, int32_t g, bool out16,
                                                                         bool partial, mve_pred16_t pg,
                                                                         int32x4_t e, int32_t recip,
                                                                         int32x4_t vexp, int32_t out_min,
                                                                         int32_t out_max)
{
    const int32x4_t u = vrshlq_s32(vqrdmulhq_n_s32(e, recip), vexp);
    const int32x4_t v = vminq_s32(vaddq_n_s32(u, out_min), vdupq_n_s32(out_max));
    if (out16)
    {
        int16_t *dst = (int16_t *)out + 4 * g;
        if (partial)
        {
            vstrhq_p_s32(dst, v, pg);
        }
        else
        {
            vstrhq_s32(dst, v);
        }
    }
    else
    {
        int8_t *dst = (int8_t *)out + 4 * g;
        if (partial)
        {
            vstrbq_p_s32(dst, v, pg);
        }
        else
        {
            vstrbq_s32(dst, v);
        }
    }
}

/* Every row of a short-row call, the kind's flags constant (one specialized copy per kind, each
 * with its row loop, so the loop's invariants stay in registers). */
static inline __attribute__((always_inline)) void kiln_softmax_short_rows_k(const void *input, void *output,
                                                                            int32_t num_rows, int32_t n,
                                                                            bool is_u8, bool out16,
                                                                            const kiln_softmax_params *p)
{
    const int32x4_t vshift = vdupq_n_s32(p->shift);
    const int32_t mult = p->mult;
    const int32_t diff_min = MIN(MAX(p->diff_min, -256), 1); /* the same decisions for diffs in [-255, 0] */
    const int32_t out_bits = out16 ? 16 : 8;
    const int32_t out_min = out16 ? INT16_MIN : (is_u8 ? 0 : INT8_MIN);
    const int32_t out_max = out16 ? INT16_MAX : (is_u8 ? UINT8_MAX : INT8_MAX);
    const int32_t out_step = out16 ? 2 * n : n;
    const mve_pred16_t p8 = vctp8q((uint32_t)n);
    const mve_pred16_t pt = vctp32q((uint32_t)(n & 3));
    const int32_t whole = n >> 2;
    const bool has_tail = (n & 3) != 0;
    const int8_t *in = (const int8_t *)input;
    int8_t *out = (int8_t *)output;
    for (int32_t r = 0; r < num_rows; r++)
    {
        const int32_t max = is_u8 ? (int32_t)vmaxvq_p_u8(0, vldrbq_z_u8((const uint8_t *)in, p8), p8)
                                  : (int32_t)vmaxvq_p_s8(INT8_MIN, vldrbq_z_s8(in, p8), p8);
        int32x4_t e[KILN_SOFTMAX_MVE_SHORT_MAX / 4];
        uint32_t sum = 0;
        for (int32_t g = 0; g < whole; g++)
        {
            e[g] = kiln_softmax_short_group(in, g, is_u8, false, pt, max, vshift, mult, diff_min, &sum);
        }
        if (has_tail)
        {
            e[whole] = kiln_softmax_short_group(in, whole, is_u8, true, pt, max, vshift, mult, diff_min, &sum);
        }
        /* Every lane skipped (diff_min > 0): every output is the minimum whatever the reciprocal. */
        int32_t recip, exponent;
        kiln_softmax_recip32(sum != 0 ? sum : 1u << (31 - KILN_SOFTMAX_ACCUM_BITS), out_bits, &recip, &exponent);
        const int32x4_t vexp = vdupq_n_s32(-MIN(exponent, 32));
        for (int32_t g = 0; g < whole; g++)
        {
            kiln_softmax_short_out(out, g, out16, false, pt, e[g], recip, vexp, out_min, out_max);
        }
        if (has_tail)
        {
            kiln_softmax_short_out(out, whole, out16, true, pt, e[whole], recip, vexp, out_min, out_max);
        }
        in += n;
        out += out_step;
    }
}

/*
 * Rows of 3 to 8 elements (diff_min <= 0, so each row's maximum counts and its sum is at least
 * 2^19): one or two tail-predicated vectors of four int32 lanes per row. The maximum is taken
 * over those lanes (no separate byte load); lanes past the row are excluded from the maximum and
 * the sum by the predicate and not stored. Inlined into each kind's entry (the kind a constant,
 * the arguments in registers: no parameter block, no per-row branch on the kind).
 */
static inline __attribute__((always_inline)) void kiln_softmax_rows8_k(const void *input, int32_t num_rows, int32_t n,
                                                                       int32_t mult, int32_t shift, int32_t diff_min,
                                                                       kiln_softmax_kind kind, bool two, void *output)
{
    const int32x4_t vshift = vdupq_n_s32(shift);
    const bool is_u8 = kind == KILN_SOFTMAX_U8_TO_U8;
    const bool out16 = kind == KILN_SOFTMAX_S8_TO_S16;
    const int32_t out_bits = out16 ? 16 : 8;
    const int32_t out_min = out16 ? INT16_MIN : (is_u8 ? 0 : INT8_MIN);
    const int32_t out_max = out16 ? INT16_MAX : (is_u8 ? UINT8_MAX : INT8_MAX);
    const int32_t out_step = out16 ? 2 * n : n;
    const mve_pred16_t pt0 = vctp32q((uint32_t)n);
    const mve_pred16_t pt1 = vctp32q((uint32_t)(n - 4)); /* n - 4 < 0 reads as a large count: unused then */
    /* diff - diff_min cannot overflow: diff in [-255, 0], diff_min <= 0 */
    const int8_t *in = (const int8_t *)input;
    int8_t *out = (int8_t *)output;
    do
    {
        const int32x4_t x0 = is_u8 ? vreinterpretq_s32_u32(vldrbq_z_u32((const uint8_t *)in, pt0)) : vldrbq_z_s32(in, pt0);
        int32_t max = vmaxvq_p_s32(INT32_MIN, x0, pt0);
        int32x4_t x1 = x0;
        if (two)
        {
            x1 = is_u8 ? vreinterpretq_s32_u32(vldrbq_z_u32((const uint8_t *)in + 4, pt1)) : vldrbq_z_s32(in + 4, pt1);
            max = vmaxvq_p_s32(max, x1, pt1);
        }
        const int32x4_t diff0 = vsubq_n_s32(x0, max);
        const int32x4_t e0 =
            vbicq_s32(kiln_softmax_exp4_short(diff0, vshift, mult), vshrq_n_s32(vsubq_n_s32(diff0, diff_min), 31));
        uint32_t sum = vaddvq_p_u32(vreinterpretq_u32_s32(vrshrq_n_s32(e0, KILN_SOFTMAX_ACCUM_BITS)), pt0);
        int32x4_t e1 = e0;
        if (two)
        {
            const int32x4_t diff1 = vsubq_n_s32(x1, max);
            e1 = vbicq_s32(kiln_softmax_exp4_short(diff1, vshift, mult), vshrq_n_s32(vsubq_n_s32(diff1, diff_min), 31));
            sum = vaddvaq_p_u32(sum, vreinterpretq_u32_s32(vrshrq_n_s32(e1, KILN_SOFTMAX_ACCUM_BITS)), pt1);
        }
        /* sum in [2^19, 2^22]: the exponent is at most 26 */
        int32_t recip, exponent;
        kiln_softmax_recip32(sum, out_bits, &recip, &exponent);
        const int32x4_t vexp = vdupq_n_s32(-exponent);
        const int32x4_t v0 =
            vminq_s32(vaddq_n_s32(vrshlq_s32(vqrdmulhq_n_s32(e0, recip), vexp), out_min), vdupq_n_s32(out_max));
        if (out16)
        {
            vstrhq_p_s32((int16_t *)out, v0, pt0);
        }
        else
        {
            vstrbq_p_s32(out, v0, pt0);
        }
        if (two)
        {
            const int32x4_t v1 =
                vminq_s32(vaddq_n_s32(vrshlq_s32(vqrdmulhq_n_s32(e1, recip), vexp), out_min), vdupq_n_s32(out_max));
            if (out16)
            {
                vstrhq_p_s32((int16_t *)out + 4, v1, pt1);
            }
            else
            {
                vstrbq_p_s32(out + 4, v1, pt1);
            }
        }
        in += n;
        out += out_step;
    } while (--num_rows > 0);
}

static __attribute__((noinline)) void kiln_softmax_short_rows(const void *input, int32_t num_rows, int32_t row_size,
                                                              const kiln_softmax_params *p, void *output)
{
    if (p->kind == KILN_SOFTMAX_U8_TO_U8)
    {
        kiln_softmax_short_rows_k(input, output, num_rows, row_size, true, false, p);
    }
    else if (p->kind == KILN_SOFTMAX_S8_TO_S16)
    {
        kiln_softmax_short_rows_k(input, output, num_rows, row_size, false, true, p);
    }
    else
    {
        kiln_softmax_short_rows_k(input, output, num_rows, row_size, false, false, p);
    }
}

static __attribute__((noinline)) void kiln_softmax_long_rows(const void *input, int32_t num_rows, int32_t row_size,
                                                             const kiln_softmax_params *p, void *output)
{
    kiln_softmax_row_args a;
    a.is_u8 = p->kind == KILN_SOFTMAX_U8_TO_U8;
    a.out16 = p->kind == KILN_SOFTMAX_S8_TO_S16;
    a.diff_min = MIN(MAX(p->diff_min, -256), 1);
    a.vshift = vdupq_n_s32(p->shift);
    a.mult = p->mult;
    a.n = row_size;
    a.table = NULL;
    a.row_exps = NULL;

    /* the exp table of the table route, or the row's exps of the direct route */
    int32_t exps[256];
    if ((int64_t)num_rows * row_size >= KILN_SOFTMAX_MVE_TABLE_MIN)
    {
        /* exp of diff = -k for k = 0 .. 255 */
        int32x4_t k = vreinterpretq_s32_u32(vidupq_n_u32(0, 1));
        for (int32_t j = 0; j < 256; j += 4)
        {
            vst1q_s32(exps + j, kiln_softmax_exp4(vnegq_s32(k), a.vshift, a.mult));
            k = vaddq_n_s32(k, 4);
        }
        a.table = exps;
    }
    else
    {
        a.row_exps = exps; /* row_size < 256 */
    }

    const int32_t out_size = a.out16 ? 2 : 1;
    for (int32_t r = 0; r < num_rows; r++)
    {
        a.in = (const int8_t *)input + r * row_size;
        a.out = (int8_t *)output + r * row_size * out_size;
        a.max = kiln_softmax_max(a.in, row_size, a.is_u8);
        kiln_softmax_row(&a, p->out_bits, p->out_min, p->out_max);
    }
}

/* The entries' calls of every row length but two (KILN_SOFTMAX_TYPED_ENTRIES_PAIRS sends rows of two
 * to their own function): kiln_softmax_entry_done_dsp() (checks, fills), then the rows by length. */
static inline __attribute__((always_inline)) void kiln_softmax_mve_entry(const void *input, int32_t num_rows,
                                                                        int32_t row_size, int32_t mult, int32_t shift,
                                                                        int32_t diff_min, kiln_softmax_kind kind,
                                                                        void *output)
{
    if (kiln_softmax_entry_done_dsp(input, num_rows, row_size, mult, shift, diff_min, kind, output))
    {
        return;
    }
    if (row_size <= 4)
    {
        kiln_softmax_rows8_k(input, num_rows, row_size, mult, shift, diff_min, kind, false, output);
        return;
    }
    if (row_size <= 8)
    {
        kiln_softmax_rows8_k(input, num_rows, row_size, mult, shift, diff_min, kind, true, output);
        return;
    }
    kiln_softmax_params p;
    kiln_softmax_params_of(mult, shift, diff_min, kind, &p);
    if (row_size <= KILN_SOFTMAX_MVE_SHORT_MAX)
    {
        kiln_softmax_short_rows(input, num_rows, row_size, &p, output);
    }
    else
    {
        kiln_softmax_long_rows(input, num_rows, row_size, &p, output);
    }
}

KILN_SOFTMAX_TYPED_ENTRIES_PAIRS(kiln_softmax_mve_entry)

#endif /* KILN_BUILD_MVE */
