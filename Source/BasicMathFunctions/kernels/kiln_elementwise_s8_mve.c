/*
 * Kiln — int8 ADD and MUL kernels, Helium (MVE): fast routes of 16 elements per iteration with
 * the requantizations fused into VMLAS / VQRDMLAH (described below), bit-exact with the scalar
 * arithmetic; parameters outside their forms take the generic route (four int32 lanes with the
 * arm_requantize_mve helpers, tail-predicated). ADD calls of at least 256 elements with one exact
 * input (TFLite's larger-scale input) take the table route (one gather per four elements, below).
 */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_MVE

/*
 * Fast routes (16 elements per iteration). Four widening loads bring elements 4t .. 4t+3 as int32
 * lanes (phase t = 0..3); after the arithmetic each lane's result sits in the top byte of a
 * saturated int32, three VSRIs pack the four vectors into one (transposed: byte 4j + b holds
 * element 4b + j or 4(3 - b) + j) and one byte scatter with the transposing offsets writes them
 * (after a VMAX/VMIN pair when the activation range is narrower than int8).
 *
 * The output stage of both operators: with s the (left-shifted) int32 to requantize,
 *   t = (s >> 31) + co + SRDHM(s, out_mult)            (VSHR, VADD, VQRDMLAH)
 * where co = 2^(ro-1) + out_offset * 2^ro folds the rounding and the output offset into the
 * rounding shift by ro and (s >> 31) is the ties-away-from-zero step (the sign of s is that of
 * the product, and a zero product rounds to zero either way). Then floor(t / 2^ro) clamped to
 * int8 is the top byte of sat32(t << (24 - ro)) (VQSHL), for 1 <= ro <= 24.
 */
/* Phase t of a block: elements 4t .. 4t+3 as int32 (predicated only in the tail block). */
#define KILN_EW_LOAD(base, t, left, tail)                                                                     \
    ((tail) ? vldrbq_z_s32((base) + 4 * (t), vctp32q((uint32_t)MAX((left) - 4 * (t), 0)))                    \
            : vldrbq_s32((base) + 4 * (t)))

/* Byte offsets that undo the packing's transposition (see kiln_ew_pack): byte 4j + b holds
 * element 4b + j (up = true) or 4(3 - b) + j (up = false). */
static inline uint8x16_t kiln_ew_scatter_offsets(bool up)
{
    const uint8x16_t i = vidupq_n_u8(0, 1);
    const uint8x16_t b = vandq_u8(i, vdupq_n_u8(3));
    return vaddq_u8(vshlq_n_u8(up ? b : vsubq_u8(vdupq_n_u8(3), b), 2), vshrq_n_u8(i, 2));
}

/* The output-stage constants; false when its intermediates could leave int32. */
static bool kiln_ew_out_stage(int32_t out_shift, int32_t out_offset, int32_t y_lo, int32_t y_hi, int32_t *co,
                              int32_t *qsh)
{
    const int32_t ro = RIGHT_SHIFT(out_shift);
    if (ro < 1 || ro > 24)
    {
        return false;
    }
    const int64_t c = ((int64_t)1 << (ro - 1)) + (int64_t)out_offset * ((int64_t)1 << ro);
    if ((int64_t)y_lo - 1 + c < INT32_MIN || (int64_t)y_hi + c > INT32_MAX)
    {
        return false;
    }
    *co = (int32_t)c;
    *qsh = 24 - ro;
    return true;
}

static inline __attribute__((always_inline)) int32x4_t kiln_ew_finish(int32x4_t s, int32_t mo, int32_t co, int32_t qsh)
{
    const int32x4_t acc = vaddq_n_s32(vshrq_n_s32(s, 31), co);
    return vqshlq_r_s32(vqrdmlahq_n_s32(acc, s, mo), qsh);
}

/* Four result vectors (phases t = 0..3, value in each lane's top byte) to sixteen bytes. up:
 * phase 3 keeps its top byte and phase t lands 8(3 - t) bits lower; else phase 0 keeps it and
 * phase t lands 8t bits lower (VSRI keeps the upper bits). Both orders compute the same bytes;
 * which one GCC 12 schedules with fewer spills depends on the surrounding code, so it is a
 * parameter (both kernels measured best with up = false). */
static inline __attribute__((always_inline)) int8x16_t kiln_ew_pack(int32x4_t r0, int32x4_t r1, int32x4_t r2,
                                                                     int32x4_t r3, bool up)
{
    int32x4_t w;
    if (up)
    {
        w = vsriq_n_s32(r3, r2, 8);
        w = vsriq_n_s32(w, r1, 16);
        w = vsriq_n_s32(w, r0, 24);
    }
    else
    {
        w = vsriq_n_s32(r0, r1, 8);
        w = vsriq_n_s32(w, r2, 16);
        w = vsriq_n_s32(w, r3, 24);
    }
    return vreinterpretq_s8_s32(w);
}

/* How an ADD input reaches the common scale x = RDP(SRDHM(A << L, m), r), A = in + offset. */
typedef enum
{
    KILN_ADD_IN_EXACT = 0, /* m * 2^L divisible by 2^(31 + r): x = A * k exactly */
    KILN_ADD_IN_MULR = 1   /* otherwise, with the other input exact: the exact one is scaled by
                            * 2^r and both share one rounding shift,
                            * x_exact + RDP(y, r) = RDP(y + (x_exact << r), r), r >= 1 (with
                            * r = 0 the ties step would be wrong: the generic route runs) */
} kiln_add_in_mode;

typedef struct
{
    int32_t k1, k2, c;   /* exact inputs: x = in * k + (their offsets' share of c) */
    int32_t l1, d1, m1;  /* MULR input 1: v = in * l1 + d1, x = RDP(SRDHM(v, m1), r) */
    int32_t l2, d2, m2;  /* MULR input 2 */
    int32_t r;           /* MULR: the shared rounding shift */
    int32_t mo, co, qsh; /* output stage */
    int8_t lo, hi;
    bool clamp;
} kiln_add_mve_plan;

/* One phase (4 lanes) of S = x1 + x2 for the given modes. */
static inline __attribute__((always_inline)) int32x4_t kiln_add_mve_sum(int32x4_t a, int32x4_t b,
                                                                        const kiln_add_mve_plan *q,
                                                                        kiln_add_in_mode m1,
                                                                        kiln_add_in_mode m2)
{
    if (m1 == KILN_ADD_IN_EXACT && m2 == KILN_ADD_IN_EXACT)
    {
        return vmlaq_n_s32(vmlasq_n_s32(a, vdupq_n_s32(q->k1), q->c), b, q->k2);
    }
    if (m1 == KILN_ADD_IN_EXACT && m2 == KILN_ADD_IN_MULR)
    {
        /* (x1 << r) + (v2 >> 31) + SRDHM(v2, m2), then one rounding shift by r (k1, c pre-scaled). */
        const int32x4_t v2 = vmlasq_n_s32(b, vdupq_n_s32(q->l2), q->d2);
        const int32x4_t acc = vmlaq_n_s32(vaddq_n_s32(vshrq_n_s32(v2, 31), q->c), a, q->k1);
        return vrshlq_n_s32(vqrdmlahq_n_s32(acc, v2, q->m2), -q->r);
    }
    /* m1 == KILN_ADD_IN_MULR, m2 == KILN_ADD_IN_EXACT */
    {
        const int32x4_t v1 = vmlasq_n_s32(a, vdupq_n_s32(q->l1), q->d1);
        const int32x4_t acc = vmlaq_n_s32(vaddq_n_s32(vshrq_n_s32(v1, 31), q->c), b, q->k2);
        return vrshlq_n_s32(vqrdmlahq_n_s32(acc, v1, q->m1), -q->r);
    }
}

/* One block of 16 elements (tail: the first `left` of them). */
static inline __attribute__((always_inline)) int8x16_t kiln_add_mve_block(const int8_t *in1, const int8_t *in2,
                                                                          int32_t left, bool tail,
                                                                          const kiln_add_mve_plan *q,
                                                                          kiln_add_in_mode m1, kiln_add_in_mode m2)
{
    const int32x4_t r0 = kiln_ew_finish(
        kiln_add_mve_sum(KILN_EW_LOAD(in1, 0, left, tail), KILN_EW_LOAD(in2, 0, left, tail), q, m1, m2), q->mo, q->co,
        q->qsh);
    const int32x4_t r1 = kiln_ew_finish(
        kiln_add_mve_sum(KILN_EW_LOAD(in1, 1, left, tail), KILN_EW_LOAD(in2, 1, left, tail), q, m1, m2), q->mo, q->co,
        q->qsh);
    const int32x4_t r2 = kiln_ew_finish(
        kiln_add_mve_sum(KILN_EW_LOAD(in1, 2, left, tail), KILN_EW_LOAD(in2, 2, left, tail), q, m1, m2), q->mo, q->co,
        q->qsh);
    const int32x4_t r3 = kiln_ew_finish(
        kiln_add_mve_sum(KILN_EW_LOAD(in1, 3, left, tail), KILN_EW_LOAD(in2, 3, left, tail), q, m1, m2), q->mo, q->co,
        q->qsh);
    return kiln_ew_pack(r0, r1, r2, r3, false);
}

static inline __attribute__((always_inline)) void kiln_add_mve_run(const int8_t *in1, const int8_t *in2, int8_t *out,
                                                                   int32_t n, const kiln_add_mve_plan *q,
                                                                   kiln_add_in_mode m1, kiln_add_in_mode m2,
                                                                   bool clamp)
{
    const uint8x16_t offs = kiln_ew_scatter_offsets(false);
    int32_t left = n;
    for (; left >= 16; left -= 16)
    {
        int8x16_t v = kiln_add_mve_block(in1, in2, 16, false, q, m1, m2);
        if (clamp)
        {
            v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(q->lo)), vdupq_n_s8(q->hi));
        }
        vstrbq_scatter_offset_s8(out, offs, v);
        in1 += 16;
        in2 += 16;
        out += 16;
    }
    if (left > 0)
    {
        int8x16_t v = kiln_add_mve_block(in1, in2, left, true, q, m1, m2);
        v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(q->lo)), vdupq_n_s8(q->hi));
        vstrbq_scatter_offset_p_s8(out, offs, v, vcmphiq_u8(vdupq_n_u8((uint8_t)left), offs));
    }
}

/* Trailing zero bits of a non-zero value. */
static inline int32_t kiln_ctz(uint32_t v)
{
#if defined(__GNUC__)
    return (int32_t)__builtin_ctz(v); /* RBIT + CLZ */
#else
    int32_t n = 0;
    while ((v & 1u) == 0u)
    {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

/* Sets up one ADD input; false when neither mode applies (or an intermediate would not fit). */
static inline __attribute__((always_inline)) bool kiln_add_mve_input(int32_t offset, int32_t mult, int32_t shift, int32_t left_shift,
                               kiln_add_in_mode *mode, int32_t *k, int32_t *l, int32_t *d)
{
    const int32_t L = left_shift + LEFT_SHIFT(shift);
    const int32_t r = RIGHT_SHIFT(shift);
    *k = 0;
    *l = 0;
    *d = 0;
    if (L > 30)
    {
        return false;
    }
    if (mult == 0 || kiln_ctz((uint32_t)mult) + L >= 31 + r)
    {
        /* x = A * m * 2^L / 2^(31 + r), an integer for every A. */
        const int32_t e = 31 + r - L;
        *k = (mult == 0) ? 0 : (mult >> e); /* e >= 1 as L <= 30 */
        *mode = KILN_ADD_IN_EXACT;
        return true;
    }
    *l = 1 << L;
    *d = offset * *l; /* (in + offset) << L fits int32: checked by the entry */
    *mode = KILN_ADD_IN_MULR;
    return true;
}

static bool kiln_add_mve_plan_make(const kiln_add_s8_params *p, kiln_add_mve_plan *q, kiln_add_in_mode *m1,
                                   kiln_add_in_mode *m2)
{
    if (p->out_shift > 0 ||
        !kiln_ew_out_stage(p->out_shift, p->out_offset, p->y_lo, p->y_hi, &q->co, &q->qsh) ||
        !kiln_add_mve_input(p->in1_offset, p->in1_mult, p->in1_shift, p->left_shift, m1, &q->k1, &q->l1, &q->d1) ||
        !kiln_add_mve_input(p->in2_offset, p->in2_mult, p->in2_shift, p->left_shift, m2, &q->k2, &q->l2, &q->d2))
    {
        return false;
    }
    /* The exact inputs' offsets as one constant: offset * k, within the sum's range (it is x at
     * in = 0), so it and every partial sum fit int32. */
    q->c = ((*m1 == KILN_ADD_IN_EXACT) ? p->in1_offset * q->k1 : 0) +
        ((*m2 == KILN_ADD_IN_EXACT) ? p->in2_offset * q->k2 : 0);
    q->r = 0;
    if (*m1 == KILN_ADD_IN_MULR || *m2 == KILN_ADD_IN_MULR)
    {
        /* Only with the other input exact (TFLite's larger-scale input is: 0.5 = 2^30 * 2^-31); then its term is scaled by 2^r, and the accumulator
         * (x_exact << r) + SRDHM(v, m) - 1 must stay within int32 over the whole range. */
        const bool first = (*m1 == KILN_ADD_IN_MULR);
        if (first ? (*m2 != KILN_ADD_IN_EXACT) : (*m1 != KILN_ADD_IN_EXACT))
        {
            return false;
        }
        const int32_t r = RIGHT_SHIFT(first ? p->in1_shift : p->in2_shift);
        if (r < 1)
        {
            return false;
        }
        const int32_t ke = first ? q->k2 : q->k1;
        const int32_t oe = first ? p->in2_offset : p->in1_offset;
        const int32_t l = first ? q->l1 : q->l2, d = first ? q->d1 : q->d2, m = first ? p->in1_mult : p->in2_mult;
        const int64_t xlo = ((int64_t)INT8_MIN + oe) * ke * ((int64_t)1 << r);
        const int64_t xhi = ((int64_t)INT8_MAX + oe) * ke * ((int64_t)1 << r);
        const int64_t ylo = arm_nn_doubling_high_mult_no_sat((int32_t)((int64_t)INT8_MIN * l + d), m);
        const int64_t yhi = arm_nn_doubling_high_mult_no_sat((int32_t)((int64_t)INT8_MAX * l + d), m);
        if (xlo + ylo - 1 < INT32_MIN || xhi + yhi > INT32_MAX || xlo < INT32_MIN || xhi > INT32_MAX)
        {
            return false;
        }
        q->r = r;
        if (first)
        {
            q->k2 = ke << r;
        }
        else
        {
            q->k1 = ke << r;
        }
        q->c = (int32_t)(oe * ((int64_t)ke << r));
    }
    q->m1 = p->in1_mult;
    q->m2 = p->in2_mult;
    q->mo = p->out_mult;
    q->lo = (int8_t)p->act_min;
    q->hi = (int8_t)p->act_max;
    q->clamp = p->act_min > INT8_MIN || p->act_max < INT8_MAX;
    return true;
}

/*
 * Table route (ADD with one exact input, calls of at least KILN_ADD_MVE_TABLE_MIN elements):
 * the other input's rescaled value depends on its byte alone, so it is computed once per call for
 * each of the 256 bytes, with the exact input's offset share added,
 *   T[u] = requantize(((int8)u + offset) << left_shift, mult, shift) + exact_offset * k,
 * into 1 KiB of stack (64 vector steps, the generic route's arithmetic). Each element then costs
 * one gather and one multiply-accumulate: S = T[in_table] + in_exact * k, exact in int32 as S is
 * a sum of the call (the accumulate wraps, and the true value fits).
 */
#define KILN_ADD_MVE_TABLE_MIN 256

/* T[u] for the 128 bytes u = first .. first+127 (int8 value b = u or u - 256): v = (b + offset) << L
 * steps by 4 << L per vector (exact: every v is within int32, checked by the entry), then
 * x = RDP(SRDHM(v, mult), r) as arm_nn_requantize computes it. */
static inline __attribute__((always_inline)) void kiln_add_mve_table_half(int32_t *table, int32_t b0, int32_t offset,
                                                                          int32_t mult, int32_t L, int32_t r,
                                                                          int32_t c)
{
    int32x4_t v = vaddq_n_s32(vreinterpretq_s32_u32(vidupq_n_u32(0, 1)), b0 + offset);
    v = vshlq_s32(v, vdupq_n_s32(L));
    /* 255 consecutive values << L fit int32, so L <= 24; the add after the last vector wraps unused */
    const int32_t step = (int32_t)(4u << L);
    const int32x4_t vr = vdupq_n_s32(-r);
    for (int32_t j = 0; j < 128; j += 4)
    {
        int32x4_t y = vqrdmulhq_n_s32(v, mult);
        if (r > 0)
        {
            /* ties away from zero: negative values step down by one before the ties-up VRSHL */
            y = vrshlq_s32(vqaddq_s32(y, vshrq_n_s32(y, 31)), vr);
        }
        vst1q_s32(table + j, vaddq_n_s32(y, c));
        v = vaddq_n_s32(v, step);
    }
}

/* The same 128 entries with the rounding fused into one VQRDMLAH (the form of kiln_ew_finish):
 * with K = 2^(r-1) + c * 2^r (r >= 1),
 *     T = (K + (v >> 31) + SRDHM(v, mult)) >> r = RDP(SRDHM(v, mult), r) + c,
 * the sign step taken from v (same sign as SRDHM(v, mult), and a zero product rounds to zero
 * either way), the accumulate exact when K - 1 + y_lo and K + y_hi fit int32 (checked by the
 * caller); with r = 0 simply T = c + SRDHM(v, mult). Six instructions per vector instead of eight. */
static inline __attribute__((always_inline)) void kiln_add_mve_table_half_fused(int32_t *table, int32_t b0,
                                                                                int32_t offset, int32_t mult,
                                                                                int32_t L, int32_t r, int32_t K)
{
    int32x4_t v = vaddq_n_s32(vreinterpretq_s32_u32(vidupq_n_u32(0, 1)), b0 + offset);
    v = vshlq_s32(v, vdupq_n_s32(L));
    const int32_t step = (int32_t)(4u << L);
    const int32x4_t vr = vdupq_n_s32(-r);
    for (int32_t j = 0; j < 128; j += 4)
    {
        int32x4_t t;
        if (r > 0)
        {
            t = vshlq_s32(vqrdmlahq_n_s32(vaddq_n_s32(vshrq_n_s32(v, 31), K), v, mult), vr);
        }
        else
        {
            t = vqrdmlahq_n_s32(vdupq_n_s32(K), v, mult);
        }
        vst1q_s32(table + j, t);
        v = vaddq_n_s32(v, step);
    }
}

static void kiln_add_mve_table_fill(int32_t *table, int32_t offset, int32_t mult, int32_t shift, int32_t left_shift,
                                    int32_t c)
{
    const int32_t L = left_shift + LEFT_SHIFT(shift); /* <= 30: checked by kiln_add_mve_input */
    const int32_t r = RIGHT_SHIFT(shift);
    /* The fused form when its accumulate cannot saturate over the table's range of v (every
     * (b + offset) << L fits int32: checked by the entry; SRDHM is monotone in v for mult >= 0). */
    const int64_t K = (r > 0 ? ((int64_t)1 << (r - 1)) : 0) + (int64_t)c * ((int64_t)1 << r);
    const int64_t y_lo = arm_nn_doubling_high_mult_no_sat((int32_t)((INT8_MIN + offset) * (1 << L)), mult);
    const int64_t y_hi = arm_nn_doubling_high_mult_no_sat((int32_t)((INT8_MAX + offset) * (1 << L)), mult);
    if (K - 1 + y_lo >= INT32_MIN && K + y_hi <= INT32_MAX)
    {
        if (r > 0)
        {
            kiln_add_mve_table_half_fused(table, 0, offset, mult, L, r, (int32_t)K);
            kiln_add_mve_table_half_fused(table + 128, -128, offset, mult, L, r, (int32_t)K);
        }
        else
        {
            kiln_add_mve_table_half_fused(table, 0, offset, mult, L, 0, (int32_t)K);
            kiln_add_mve_table_half_fused(table + 128, -128, offset, mult, L, 0, (int32_t)K);
        }
        return;
    }
    if (r > 0)
    {
        kiln_add_mve_table_half(table, 0, offset, mult, L, r, c);
        kiln_add_mve_table_half(table + 128, -128, offset, mult, L, r, c);
    }
    else
    {
        kiln_add_mve_table_half(table, 0, offset, mult, L, 0, c);
        kiln_add_mve_table_half(table + 128, -128, offset, mult, L, 0, c);
    }
}

/* One phase of the table route: the next four elements (each pointer advanced by 4; post-indexed
 * loads), then the output stage. */
static inline __attribute__((always_inline)) int32x4_t kiln_add_table_phase(const int8_t **ein, const uint8_t **tin,
                                                                            const int32_t *table, int32_t k,
                                                                            int32_t mo, int32_t co, int32_t qsh)
{
    const uint32x4_t idx = vldrbq_u32(*tin);
    const int32x4_t a = vldrbq_s32(*ein);
    const int32x4_t r = kiln_ew_finish(vmlaq_n_s32(vldrwq_gather_shifted_offset_s32(table, idx), a, k), mo, co, qsh);
    const int8_t *e = *ein + 4;
    const uint8_t *t = *tin + 4;
    /* Compiler-only ordering points (no instruction): the next phase's loads wait for this result,
     * so GCC keeps one phase in flight and post-increments the pointers instead of copying them. */
    __asm__("" : "+r"(e) : "w"(r));
    __asm__("" : "+r"(t) : "w"(r));
    *ein = e;
    *tin = t;
    return r;
}

static inline __attribute__((always_inline)) void kiln_add_mve_table_run(const int8_t *ein, const int8_t *tin8,
                                                                         int8_t *out, int32_t n,
                                                                         const int32_t *table, int32_t k,
                                                                         int32_t mo, int32_t co, int32_t qsh,
                                                                         int8_t lo, int8_t hi, bool clamp)
{
    const uint8x16_t offs = kiln_ew_scatter_offsets(false);
    const uint8_t *tin = (const uint8_t *)tin8;
    int32_t left = n;
    for (; left >= 16; left -= 16)
    {
        const int32x4_t r0 = kiln_add_table_phase(&ein, &tin, table, k, mo, co, qsh);
        const int32x4_t r1 = kiln_add_table_phase(&ein, &tin, table, k, mo, co, qsh);
        const int32x4_t r2 = kiln_add_table_phase(&ein, &tin, table, k, mo, co, qsh);
        const int32x4_t r3 = kiln_add_table_phase(&ein, &tin, table, k, mo, co, qsh);
        int8x16_t v = kiln_ew_pack(r0, r1, r2, r3, false);
        if (clamp)
        {
            v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(lo)), vdupq_n_s8(hi));
        }
        vstrbq_scatter_offset_s8(out, offs, v);
        out += 16;
    }
    if (left > 0)
    {
        /* Lanes past the end load index 0 (T[0] exists) and are not stored. */
        int32x4_t r[4];
        for (int32_t t = 0; t < 4; t++)
        {
            const mve_pred16_t pr = vctp32q((uint32_t)MAX(left - 4 * t, 0));
            const uint32x4_t idx = vldrbq_z_u32(tin + 4 * t, pr);
            const int32x4_t a = vldrbq_z_s32(ein + 4 * t, pr);
            r[t] = kiln_ew_finish(vmlaq_n_s32(vldrwq_gather_shifted_offset_s32(table, idx), a, k), mo, co, qsh);
        }
        int8x16_t v = kiln_ew_pack(r[0], r[1], r[2], r[3], false);
        v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(lo)), vdupq_n_s8(hi));
        vstrbq_scatter_offset_p_s8(out, offs, v, vcmphiq_u8(vdupq_n_u8((uint8_t)left), offs));
    }
}

/* The table route when it applies (one input exact, the output stage in its form); false if not. */
static __attribute__((noinline)) bool kiln_add_mve_table(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n,
                               const kiln_add_s8_params *p)
{
    int32_t co, qsh, k1, l1, d1, k2, l2, d2;
    kiln_add_in_mode m1, m2;
    if (n < KILN_ADD_MVE_TABLE_MIN || p->out_shift > 0 ||
        !kiln_ew_out_stage(p->out_shift, p->out_offset, p->y_lo, p->y_hi, &co, &qsh) ||
        !kiln_add_mve_input(p->in1_offset, p->in1_mult, p->in1_shift, p->left_shift, &m1, &k1, &l1, &d1) ||
        !kiln_add_mve_input(p->in2_offset, p->in2_mult, p->in2_shift, p->left_shift, &m2, &k2, &l2, &d2) ||
        (m1 == KILN_ADD_IN_EXACT) == (m2 == KILN_ADD_IN_EXACT))
    {
        return false;
    }
    const bool first_exact = (m1 == KILN_ADD_IN_EXACT);
    const int8_t *ein = first_exact ? in1 : in2;
    const int8_t *tin = first_exact ? in2 : in1;
    const int32_t k = first_exact ? k1 : k2;
    /* the exact input's offset share: its x at in = 0, within the sum's range */
    const int32_t c = (first_exact ? p->in1_offset : p->in2_offset) * k;
    int32_t table[256];
    if (first_exact)
    {
        kiln_add_mve_table_fill(table, p->in2_offset, p->in2_mult, p->in2_shift, p->left_shift, c);
    }
    else
    {
        kiln_add_mve_table_fill(table, p->in1_offset, p->in1_mult, p->in1_shift, p->left_shift, c);
    }
    const int8_t lo = (int8_t)p->act_min, hi = (int8_t)p->act_max;
    if (p->act_min > INT8_MIN || p->act_max < INT8_MAX)
    {
        kiln_add_mve_table_run(ein, tin, out, n, table, k, p->out_mult, co, qsh, lo, hi, true);
    }
    else
    {
        kiln_add_mve_table_run(ein, tin, out, n, table, k, p->out_mult, co, qsh, lo, hi, false);
    }
    return true;
}

/* The generic route: exactly the scalar arithmetic, four int32 lanes, tail-predicated. */
static void kiln_add_mve_generic(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n,
                                 const kiln_add_s8_params *p)
{
    const int32x4_t vmin = vdupq_n_s32(p->act_min);
    const int32x4_t vmax = vdupq_n_s32(p->act_max);
    const int32x4_t vls = vdupq_n_s32(p->left_shift);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t pr = vctp32q((uint32_t)left);
        int32x4_t a = vldrbq_z_s32(in1, pr);
        int32x4_t b = vldrbq_z_s32(in2, pr);
        a = vshlq_s32(vaddq_n_s32(a, p->in1_offset), vls);
        b = vshlq_s32(vaddq_n_s32(b, p->in2_offset), vls);
        a = arm_requantize_mve(a, p->in1_mult, p->in1_shift);
        b = arm_requantize_mve(b, p->in2_mult, p->in2_shift);
        int32x4_t s = arm_requantize_mve(vaddq_s32(a, b), p->out_mult, p->out_shift);
        s = vaddq_n_s32(s, p->out_offset);
        s = vminq_s32(vmaxq_s32(s, vmin), vmax);
        vstrbq_p_s32(out, s, pr);
        in1 += 4;
        in2 += 4;
        out += 4;
    }
}

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    if (kiln_add_mve_table(in1, in2, out, n, p))
    {
        return;
    }
    kiln_add_mve_plan q;
    kiln_add_in_mode m1, m2;
    if (!kiln_add_mve_plan_make(p, &q, &m1, &m2))
    {
        kiln_add_mve_generic(in1, in2, out, n, p);
    }
    else
    {
        /* One loop per combination of input modes and clamping, each with its arithmetic fixed. */
        const int32_t route = (int32_t)m1 * 4 + (int32_t)m2 * 2 + (q.clamp ? 1 : 0);
        switch (route)
        {
        case 0:
            kiln_add_mve_run(in1, in2, out, n, &q, KILN_ADD_IN_EXACT, KILN_ADD_IN_EXACT, false);
            break;
        case 1:
            kiln_add_mve_run(in1, in2, out, n, &q, KILN_ADD_IN_EXACT, KILN_ADD_IN_EXACT, true);
            break;
        case 2:
            kiln_add_mve_run(in1, in2, out, n, &q, KILN_ADD_IN_EXACT, KILN_ADD_IN_MULR, false);
            break;
        case 3:
            kiln_add_mve_run(in1, in2, out, n, &q, KILN_ADD_IN_EXACT, KILN_ADD_IN_MULR, true);
            break;
        case 4:
            kiln_add_mve_run(in1, in2, out, n, &q, KILN_ADD_IN_MULR, KILN_ADD_IN_EXACT, false);
            break;
        case 5:
            kiln_add_mve_run(in1, in2, out, n, &q, KILN_ADD_IN_MULR, KILN_ADD_IN_EXACT, true);
            break;
        default:
            kiln_add_mve_generic(in1, in2, out, n, p);
            break;
        }
    }
}

/* MUL, fast route: A = (in1 + o1) << los (one VMLAS), B = in2 + o2, s = A * B, then the shared
 * output stage. Four phases per 16 elements as for ADD. */
typedef struct
{
    int32_t k, c1, o2;
    int32_t mo, co, qsh;
    int8_t lo, hi;
    bool clamp;
} kiln_mul_mve_plan;

static inline __attribute__((always_inline)) int32x4_t kiln_mul_mve_phase(int32x4_t a, int32x4_t b,
                                                                          const kiln_mul_mve_plan *q)
{
    const int32x4_t s = vmulq_s32(vmlasq_n_s32(a, vdupq_n_s32(q->k), q->c1), vaddq_n_s32(b, q->o2));
    return kiln_ew_finish(s, q->mo, q->co, q->qsh);
}

static inline __attribute__((always_inline)) int8x16_t kiln_mul_mve_block(const int8_t *in1, const int8_t *in2,
                                                                          int32_t left, bool tail,
                                                                          const kiln_mul_mve_plan *q)
{
    const int32x4_t r0 = kiln_mul_mve_phase(KILN_EW_LOAD(in1, 0, left, tail), KILN_EW_LOAD(in2, 0, left, tail), q);
    const int32x4_t r1 = kiln_mul_mve_phase(KILN_EW_LOAD(in1, 1, left, tail), KILN_EW_LOAD(in2, 1, left, tail), q);
    const int32x4_t r2 = kiln_mul_mve_phase(KILN_EW_LOAD(in1, 2, left, tail), KILN_EW_LOAD(in2, 2, left, tail), q);
    const int32x4_t r3 = kiln_mul_mve_phase(KILN_EW_LOAD(in1, 3, left, tail), KILN_EW_LOAD(in2, 3, left, tail), q);
    return kiln_ew_pack(r0, r1, r2, r3, false);
}

static inline __attribute__((always_inline)) void kiln_mul_mve_run(const int8_t *in1, const int8_t *in2, int8_t *out,
                                                                   int32_t n, const kiln_mul_mve_plan *q, bool clamp)
{
    const uint8x16_t offs = kiln_ew_scatter_offsets(false);
    int32_t left = n;
    for (; left >= 16; left -= 16)
    {
        int8x16_t v = kiln_mul_mve_block(in1, in2, 16, false, q);
        if (clamp)
        {
            v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(q->lo)), vdupq_n_s8(q->hi));
        }
        vstrbq_scatter_offset_s8(out, offs, v);
        in1 += 16;
        in2 += 16;
        out += 16;
    }
    if (left > 0)
    {
        int8x16_t v = kiln_mul_mve_block(in1, in2, left, true, q);
        v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(q->lo)), vdupq_n_s8(q->hi));
        vstrbq_scatter_offset_p_s8(out, offs, v, vcmphiq_u8(vdupq_n_u8((uint8_t)left), offs));
    }
}

/* The generic route: exactly the scalar arithmetic, four int32 lanes, tail-predicated. */
static void kiln_mul_mve_generic(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n,
                                 const kiln_mul_s8_params *p)
{
    const int32x4_t vmin = vdupq_n_s32(p->act_min);
    const int32x4_t vmax = vdupq_n_s32(p->act_max);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t pr = vctp32q((uint32_t)left);
        int32x4_t a = vaddq_n_s32(vldrbq_z_s32(in1, pr), p->in1_offset);
        int32x4_t b = vaddq_n_s32(vldrbq_z_s32(in2, pr), p->in2_offset);
        int32x4_t v = arm_requantize_mve(vmulq_s32(a, b), p->out_mult, p->out_shift);
        v = vaddq_n_s32(v, p->out_offset);
        v = vminq_s32(vmaxq_s32(v, vmin), vmax);
        vstrbq_p_s32(out, v, pr);
        in1 += 4;
        in2 += 4;
        out += 4;
    }
}

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p)
{
    kiln_mul_mve_plan q;
    const int32_t los = LEFT_SHIFT(p->out_shift);
    /* The output stage's constants, and (in1 + o1) << los within int32 (the VMLAS operand). */
    const bool fast = kiln_ew_out_stage(p->out_shift, p->out_offset, p->y_lo, p->y_hi, &q.co, &q.qsh);
    const int64_t alo = ((int64_t)INT8_MIN + p->in1_offset) * ((int64_t)1 << los);
    const int64_t ahi = ((int64_t)INT8_MAX + p->in1_offset) * ((int64_t)1 << los);
    if (!fast || alo < INT32_MIN || ahi > INT32_MAX)
    {
        kiln_mul_mve_generic(in1, in2, out, n, p);
        return;
    }
    q.k = 1 << los;
    q.c1 = p->in1_offset * q.k;
    q.o2 = p->in2_offset;
    q.mo = p->out_mult;
    q.lo = (int8_t)p->act_min;
    q.hi = (int8_t)p->act_max;
    q.clamp = p->act_min > INT8_MIN || p->act_max < INT8_MAX;
    if (q.clamp)
    {
        kiln_mul_mve_run(in1, in2, out, n, &q, true);
    }
    else
    {
        kiln_mul_mve_run(in1, in2, out, n, &q, false);
    }
}

#endif
