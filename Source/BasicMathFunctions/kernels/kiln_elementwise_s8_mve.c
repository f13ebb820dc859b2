/*
 * Kiln — int8 ADD and MUL kernels, Helium (MVE): fast routes of 16 elements per iteration with
 * the requantizations fused into VMLAS / VQRDMLAH (described below), bit-exact with the scalar
 * arithmetic; parameters outside their forms take the generic route (four int32 lanes with the
 * arm_requantize_mve helpers, tail-predicated). ADD calls of at least 256 elements with one exact
 * input (TFLite's larger-scale input) take the table route (one gather per four elements, below).
 */
#include "Include/Internal/kiln_elementwise.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

/*
 * Fast routes (16 elements per iteration). Four widening loads bring elements 4t .. 4t+3 as int32
 * lanes (phase t = 0..3); after the arithmetic each lane's result sits in the top byte of a
 * saturated int32, three VSRIs pack the four vectors into one (transposed: byte 4j + 3 - t holds
 * element 4t + j) and one byte scatter with the transposing offsets writes them
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

/* The scatter offsets that undo the packing's transposition (kiln_ew_pack), byte 4j + 3 - t holding
 * phase t's lane j: element 4t + j for the four-lane loads (kiln_ew_offsets: every fast route but ADD's equal-scale
 * loop), element 2j + t (t < 2) or 8 + 2j + (t - 2) for that loop (kiln_add_eq_offsets). */
static const uint8_t kiln_ew_offsets[16] = {12, 8, 4, 0, 13, 9, 5, 1, 14, 10, 6, 2, 15, 11, 7, 3};
static const uint8_t kiln_add_eq_offsets[16] = {9, 8, 1, 0, 11, 10, 3, 2, 13, 12, 5, 4, 15, 14, 7, 6};

/* The output-stage constants; false when its intermediates could leave int32 (32-bit overflow
 * checks: with a right shift ro in [1, 24], co = 2^(ro-1) + out_offset * 2^ro, y_lo - 1 + co
 * and y_hi + co). */
static inline bool kiln_ew_out_stage(int32_t out_shift, int32_t out_offset, int32_t y_lo, int32_t y_hi, int32_t *co,
                                     int32_t *qsh)
{
    if (out_shift > -1 || out_shift < -24)
    {
        return false;
    }
    const int32_t ro = -out_shift;
    *qsh = 24 - ro;
    /* The usual case without overflow checks: |y| < 2^30 and |out_offset| < 2^(29 - ro) give |co| < 2^29 + 2^23,
     * so every sum below stays within int32. */
    const int32_t olim = (int32_t)1 << (29 - ro);
    if (y_lo > -(1 << 30) && y_hi < (1 << 30) && (uint32_t)(out_offset + olim) < 2u * (uint32_t)olim)
    {
        *co = out_offset * ((int32_t)1 << ro) + ((int32_t)1 << (ro - 1));
        return true;
    }
    int32_t c, t;
    if (__builtin_mul_overflow(out_offset, (int32_t)1 << ro, &c) || __builtin_add_overflow(c, (int32_t)1 << (ro - 1), &c) ||
        __builtin_add_overflow(y_hi, c, &t) || __builtin_add_overflow(y_lo, c, &t) || t == INT32_MIN)
    {
        return false;
    }
    *co = c;
    return true;
}

static inline __attribute__((always_inline)) int32x4_t kiln_ew_finish(int32x4_t s, int32_t mo, int32_t co, int32_t qsh)
{
    const int32x4_t acc = vaddq_n_s32(vshrq_n_s32(s, 31), co);
    return vqshlq_r_s32(vqrdmlahq_n_s32(acc, s, mo), qsh);
}

/* Four result vectors (phases t = 0..3, value in each lane's top byte) to sixteen bytes: phase 0 keeps its top
 * byte and phase t lands 8t bits lower (VSRI keeps the upper bits), so byte 4j + 3 - t holds phase t's lane j
 * (stored through kiln_ew_offsets). */
static inline __attribute__((always_inline)) int8x16_t kiln_ew_pack(int32x4_t r0, int32x4_t r1, int32x4_t r2,
                                                                     int32x4_t r3)
{
    int32x4_t w = vsriq_n_s32(r0, r1, 8);
    w = vsriq_n_s32(w, r2, 16);
    w = vsriq_n_s32(w, r3, 24);
    return vreinterpretq_s8_s32(w);
}


/*
 * How an ADD input reaches the common scale x = RDP(SRDHM(A << L, m), r), A = in + offset:
 * - exact: m * 2^L divisible by 2^(31 + r), so x = A * k exactly (TFLite's larger-scale input:
 *   0.5 = 2^30 * 2^-31 with L = 20 gives k = 2^19);
 * - MULR, otherwise, with the other input exact: the exact one is scaled by 2^r and both share
 *   one rounding shift, x_exact + RDP(y, r) = RDP(y + (x_exact << r), r), r >= 1 (with r = 0
 *   the ties step would be wrong: the generic route runs).
 * Routes: EE (both exact), EM (one of each; whole blocks in assembly, from
 * KILN_ADD_MVE_TABLE_MIN elements the table route), else the generic one.
 */
typedef enum
{
    KILN_ADD_MVE_GENERIC,
    KILN_ADD_MVE_EE,
    KILN_ADD_MVE_EM,
    KILN_ADD_MVE_TABLE
} kiln_add_mve_route;

/* From this many elements a call with one exact and one MULR input takes the table route (its
 * 256-entry table costs ~330 instructions and saves ~1 per element over the direct route). */
#define KILN_ADD_MVE_TABLE_MIN 384

/*
 * The plan of the fast routes, read by the assembly block loops at fixed offsets (r0 = job) and
 * by the intrinsic tail. The inputs are ordered so that `e` is exact: x_e = in_e * k + (its
 * offset's share of c); the other, `m`, is exact too (EE: x_m = in_m * mm) or MULR (EM:
 * v = in_m * l + d, x_m = RDP(SRDHM(v, mm), -nr), with k and c scaled by 2^-nr; the table
 * route: k and c unscaled).
 */
typedef struct
{
    const int8_t *e;     /* 0: the exact input */
    const int8_t *m;     /* 4: the other input */
    int8_t *o;           /* 8 */
    int32_t blocks;      /* 12: blocks of 16 for the assembly */
    int32_t d, c;        /* 16, 20: EM: m's offset * l; the exact inputs' offset share */
    int32_t mm, nr;      /* 24, 28: EE: m's k; EM: m's multiplier, -r */
    int32_t co, mo;      /* 32, 36: the output stage */
    int32_t qsh, hi;     /* 40, 44 */
    int32_t lo, l;       /* 48, 52: EM: 2^L of m */
    int32_t k;           /* 56: e's k */
    const uint8_t *offs; /* 60: the 16 scatter offsets (kiln_ew_offsets, kiln_add_eq_offsets) */
} kiln_add_mve_job;

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

/* Whether an input (mult >= 0, total left shift L <= 30, right shift r) is exact, with its k. */
static inline bool kiln_add_mve_exact(int32_t mult, int32_t L, int32_t r, int32_t *k)
{
    /* x = A * m * 2^L / 2^(31 + r), an integer for every A when m has d = 31 + r - L >= 1 trailing zero bits. m >= 0
     * has bit 31 clear, so the OR changes nothing but m = 0, which then counts 31 zeros (exact, k = 0, when d <= 31;
     * a larger d is not reported exact: slower, still right). ctz <= 31, so the shift is below 32. */
    const int32_t d = 31 + r - L;
    if (kiln_ctz((uint32_t)mult | 0x80000000u) >= d)
    {
        *k = mult >> d;
        return true;
    }
    return false;
}

/* The route of a call and its plan (all but the pointers and the block count); *swap: the
 * exact input is input 2. */
static inline __attribute__((always_inline)) kiln_add_mve_route kiln_add_mve_plan(const kiln_add_s8_params *p,
                                                                                  int32_t n, kiln_add_mve_job *j,
                                                                                  bool *swap)
{
    const int32_t L1 = p->left_shift + LEFT_SHIFT(p->in1_shift);
    const int32_t L2 = p->left_shift + LEFT_SHIFT(p->in2_shift);
    if (L1 > 30 || L2 > 30 ||
        !kiln_ew_out_stage(p->out_shift, p->out_offset, p->y_lo, p->y_hi, &j->co, &j->qsh))
    {
        return KILN_ADD_MVE_GENERIC;
    }
    const int32_t r1 = RIGHT_SHIFT(p->in1_shift);
    const int32_t r2 = RIGHT_SHIFT(p->in2_shift);
    int32_t k1, k2;
    const bool e1 = kiln_add_mve_exact(p->in1_mult, L1, r1, &k1);
    const bool e2 = kiln_add_mve_exact(p->in2_mult, L2, r2, &k2);
    j->mo = p->out_mult;
    j->lo = p->act_min;
    j->hi = p->act_max;
    if (e1 && e2)
    {
        /* The offsets' shares, offset * k: x at in = 0, within the sum's range, so their sum and
         * every partial sum fit int32. */
        *swap = false;
        j->k = k1;
        j->mm = k2;
        j->c = p->in1_offset * k1 + p->in2_offset * k2;
        return KILN_ADD_MVE_EE;
    }
    if (!e1 && !e2)
    {
        return KILN_ADD_MVE_GENERIC;
    }
    *swap = !e1;
    const int32_t ke = e1 ? k1 : k2;
    const int32_t oe = e1 ? p->in1_offset : p->in2_offset;
    if (n >= KILN_ADD_MVE_TABLE_MIN)
    {
        j->k = ke;
        j->c = oe * ke;
        return KILN_ADD_MVE_TABLE;
    }
    const int32_t r = e1 ? r2 : r1;
    if (r < 1)
    {
        return KILN_ADD_MVE_GENERIC;
    }
    /* The exact input's x = (in + oe) * ke is its requantized value: within int32 (the entry's
     * range), ke >= 0, so its ends are those of in = -128 and 127; scaled by 2^r, and the
     * accumulator (x_exact << r) + SRDHM(v, m) - 1 must stay within int32 over the whole range. */
    const int32_t xlo = (INT8_MIN + oe) * ke;
    const int32_t xhi = (INT8_MAX + oe) * ke;
    if (xlo < (INT32_MIN >> r) || xhi > (INT32_MAX >> r))
    {
        return KILN_ADD_MVE_GENERIC;
    }
    const int32_t l = 1 << (e1 ? L2 : L1);
    const int32_t d = (e1 ? p->in2_offset : p->in1_offset) * l; /* (in + offset) << L fits: the entry */
    const int32_t m = e1 ? p->in2_mult : p->in1_mult;
    const int32_t ylo = arm_nn_doubling_high_mult_no_sat((int32_t)((uint32_t)d - 128u * (uint32_t)l), m);
    const int32_t yhi = arm_nn_doubling_high_mult_no_sat((int32_t)((uint32_t)d + 127u * (uint32_t)l), m);
    if ((int64_t)xlo * (1 << r) + ylo - 1 < INT32_MIN || (int64_t)xhi * (1 << r) + yhi > INT32_MAX)
    {
        return KILN_ADD_MVE_GENERIC;
    }
    j->k = ke << r;
    j->c = (int32_t)((uint32_t)(oe * ke) << r); /* within [xlo, xhi] << r: exact */
    j->l = l;
    j->d = d;
    j->mm = m;
    j->nr = -r;
    return KILN_ADD_MVE_EM;
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

/* The table in byte order, T[b + 128] for b = -128 .. 127 (the route indexes it with the signed
 * byte from a base 128 entries in): v = (b + offset) << L steps by 4 << L per vector (exact:
 * every v is within int32, checked by the entry), then x = RDP(SRDHM(v, mult), r) + c as
 * arm_nn_requantize computes it (the unfused form, any parameters). */
static void kiln_add_mve_table_plain(int32_t *table, int32_t offset, int32_t mult, int32_t L, int32_t r, int32_t c)
{
    int32x4_t v = vaddq_n_s32(vreinterpretq_s32_u32(vidupq_n_u32(0, 1)), INT8_MIN + offset);
    v = vshlq_s32(v, vdupq_n_s32(L));
    /* 255 consecutive values << L fit int32, so L <= 24; the add after the last vector wraps unused */
    const int32_t step = (int32_t)(4u << L);
    const int32x4_t vr = vdupq_n_s32(-r);
    for (int32_t j = 0; j < 256; j += 4)
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

/* Fused table entries, T = (SRDHM(v, mult) + K + (v >> 31 when r >= 1)) >> r with
 * K = 2^(r-1) + c * 2^r (r >= 1) or K = c (r = 0), which is RDP(SRDHM(v, mult), r) + c (the sign
 * step taken from v: same sign as SRDHM(v, mult), and a zero product rounds to zero either way);
 * exact when K - 1 + y_lo and K + y_hi fit int32 (checked by the caller). Along one half of the
 * table v rises with the byte, so its vectors are a run with v < 0 (sign step -1: the constant
 * K - 1), at most one vector where the sign changes, and a run with v >= 0 (constant K): the runs
 * take one VQRDMLASH (SRDHM(v, mult) + K in one instruction), one shift and one store per four
 * entries, with the next v formed by the add that also frees the register (two vectors in
 * flight, 4.5 instructions per vector). */

/* `count` (>= 0) vectors of a constant-sign run starting at *v; *v advances past them. */
static inline __attribute__((always_inline)) int32_t *kiln_add_fill_run(int32_t *t, int32x4_t *v, int32_t count,
                                                                        int32x4_t mv, int32_t K, int32_t nr,
                                                                        int32_t step)
{
    int32x4_t x = *v;
    const int32_t pairs = count >> 1;
    if (pairs > 0)
    {
        int32x4_t u;
        __asm__ volatile("   dls       lr, %[n]                 \n"
                         "1: vadd.i32  %q[u], %q[x], %[st]      \n"
                         "   vqrdmlash.s32 %q[x], %q[mv], %[k]  \n"
                         "   vshl.s32  %q[x], %[nr]             \n"
                         "   vstrw.32  %q[x], [%[t]], #16       \n"
                         "   vadd.i32  %q[x], %q[u], %[st]      \n"
                         "   vqrdmlash.s32 %q[u], %q[mv], %[k]  \n"
                         "   vshl.s32  %q[u], %[nr]             \n"
                         "   vstrw.32  %q[u], [%[t]], #16       \n"
                         "   le        lr, 1b                   \n"
                         : [x] "+&w"(x), [u] "=&w"(u), [t] "+&r"(t)
                         : [n] "r"(pairs), [st] "r"(step), [mv] "w"(mv), [k] "r"(K), [nr] "r"(nr)
                         : "lr", "memory");
    }
    if ((count & 1) != 0)
    {
        const int32x4_t next = vaddq_n_s32(x, step);
        vst1q_s32(t, vshlq_r_s32(vqrdmlashq_n_s32(x, mv, K), nr));
        t += 4;
        x = next;
    }
    *v = x;
    return t;
}

/* The table (T[b + 128], b = -128 .. 127) from the runs: v rises with b, so the vectors are a
 * run with v < 0, at most one vector where the sign changes, and a run with v >= 0. */
static void kiln_add_mve_table_fill(int32_t *table, int32_t offset, int32_t mult, int32_t shift, int32_t left_shift,
                                    int32_t c)
{
    const int32_t L = left_shift + LEFT_SHIFT(shift); /* <= 30: checked by kiln_add_mve_plan */
    const int32_t r = RIGHT_SHIFT(shift);
    /* The fused form when its accumulate cannot saturate over the table's range of v (every
     * (b + offset) << L fits int32: checked by the entry; SRDHM is monotone in v for mult >= 0). */
    const int64_t K = (r > 0 ? ((int64_t)1 << (r - 1)) : 0) + (int64_t)c * ((int64_t)1 << r);
    /* First a bound without the ends: |SRDHM(v, mult)| <= |v| <= (128 + |offset|) << L (a multiplier below 2^31
     * does not grow a magnitude), below 2^31 for L <= 22 (TFLite's L is 20); the exact ends when it is not enough. */
    const int64_t vb = L <= 22 ? (int64_t)((128 + (offset < 0 ? -offset : offset)) << L) : INT32_MAX;
    if (K - 1 - vb < INT32_MIN || K + vb > INT32_MAX)
    {
        const int64_t y_lo = arm_nn_doubling_high_mult_no_sat((int32_t)((INT8_MIN + offset) * (1 << L)), mult);
        const int64_t y_hi = arm_nn_doubling_high_mult_no_sat((int32_t)((INT8_MAX + offset) * (1 << L)), mult);
        if (K - 1 + y_lo < INT32_MIN || K + y_hi > INT32_MAX)
        {
            kiln_add_mve_table_plain(table, offset, mult, L, r, c);
            return;
        }
    }
    int32x4_t v = vaddq_n_s32(vreinterpretq_s32_u32(vidupq_n_u32(0, 1)), INT8_MIN + offset);
    v = vshlq_s32(v, vdupq_n_s32(L));
    const int32_t step = (int32_t)(4u << L); /* 255 consecutive values << L fit int32: L <= 24 */
    const int32x4_t mv = vdupq_n_s32(mult);
    if (r == 0)
    {
        (void)kiln_add_fill_run(table, &v, 64, mv, (int32_t)K, 0, step); /* no sign step */
        return;
    }
    /* Vector i (lanes b = -128 + 4i .. -125 + 4i) wholly negative: -125 + 4i + offset < 0. */
    const int32_t x = 125 - offset;
    const int32_t nneg = x > 0 ? MIN(64, (x + 3) >> 2) : 0;
    const int32_t nmix = (nneg < 64 && INT8_MIN + 4 * nneg + offset < 0) ? 1 : 0;
    int32_t *t = kiln_add_fill_run(table, &v, nneg, mv, (int32_t)K - 1, -r, step);
    if (nmix != 0)
    {
        const int32x4_t k = vaddq_n_s32(vshrq_n_s32(v, 31), (int32_t)K);
        vst1q_s32(t, vshlq_r_s32(vqrdmlahq_n_s32(k, v, mult), -r));
        t += 4;
        v = vaddq_n_s32(v, step);
    }
    (void)kiln_add_fill_run(t, &v, 64 - nneg - nmix, mv, (int32_t)K, -r, step);
}

/* One phase of the table route (four elements): the table entry of the table input's byte
 * (a gather with the sign-extended byte as the index from a base 128 entries into the table:
 * the address arithmetic is modulo 2^32, so negative bytes reach the entries below the base),
 * plus the exact input times k, then the output stage (kiln_ew_finish); result in `dst` (top
 * byte). */
#define KILN_ADD_TAB_PHASE(dst)                                                                              \
    "   vldrb.s32    q0, [%[t]], #4             \n"                                                          \
    "   vldrb.s32    q1, [%[e]], #4             \n"                                                          \
    "   vldrw.u32    q2, [%[tab], q0, uxtw #2]  \n"                                                          \
    "   vmla.s32     q2, q1, %[k]               \n"                                                          \
    "   vshr.s32     " dst ", q2, #31           \n"                                                          \
    "   vadd.i32     " dst ", " dst ", %[co]    \n"                                                          \
    "   vqrdmlah.s32 " dst ", q2, %[mo]         \n"                                                          \
    "   vqshl.s32    " dst ", %[qsh]            \n"

/* A loop of blocks of 16 (four phases packed into q3 as kiln_ew_pack), with the
 * given clamp instructions, stored by one byte scatter (the transposing store of the packing; on
 * a Cortex-M55 a byte scatter takes about a beat per byte, about what the three extra narrowing
 * steps of an in-order layout would cost). 32 + 3 + clamp + 3 instructions per 16 elements. */
#define KILN_ADD_TAB_LOOP(clamp_insns)                                                                       \
    __asm__ volatile("   dls     lr, %[n]       \n"                                                          \
                     "1:                        \n" KILN_ADD_TAB_PHASE("q3") KILN_ADD_TAB_PHASE("q1")         \
                     "   vsri.32 q3, q1, #8     \n" KILN_ADD_TAB_PHASE("q1") "   vsri.32 q3, q1, #16    \n"   \
                     KILN_ADD_TAB_PHASE("q1") "   vsri.32 q3, q1, #24    \n" clamp_insns                      \
                     "   vstrb.8 q3, [%[o], %q[offs]] \n"                                                    \
                     "   add     %[o], %[o], #16 \n"                                                         \
                     "   le      lr, 1b         \n"                                                          \
                     : [t] "+&l"(tin), [e] "+&l"(ein), [o] "+&r"(out)                                        \
                     : [n] "r"(blocks), [tab] "r"(tab), [k] "r"(k), [co] "r"(co), [mo] "r"(mo), [qsh] "r"(qsh), \
                       [offs] "w"(offs), [lo] "w"(vlo), [hi] "w"(vhi)                                        \
                     : "q0", "q1", "q2", "q3", "lr", "memory")

/* table: T[b + 128] for b = -128 .. 127. */
static inline __attribute__((always_inline)) void kiln_add_mve_table_run(const int8_t *ein, const int8_t *tin,
                                                                         int8_t *out, int32_t n,
                                                                         const int32_t *table, int32_t k,
                                                                         int32_t mo, int32_t co, int32_t qsh,
                                                                         int8_t lo, int8_t hi)
{
    const uint8x16_t offs = vldrbq_u8(kiln_ew_offsets);
    const int32_t *tab = table + 128;
    const int32_t blocks = n >> 4;
    if (blocks > 0)
    {
        const int8x16_t vlo = vdupq_n_s8(lo);
        const int8x16_t vhi = vdupq_n_s8(hi);
        /* Only the clamp ends the activation range needs (int8 saturation is free). */
        const int32_t ends = (lo > INT8_MIN ? 1 : 0) + (hi < INT8_MAX ? 2 : 0);
        if (ends == 0)
        {
            KILN_ADD_TAB_LOOP("");
        }
        else if (ends == 1)
        {
            KILN_ADD_TAB_LOOP("   vmax.s8 q3, q3, %q[lo] \n");
        }
        else if (ends == 2)
        {
            KILN_ADD_TAB_LOOP("   vmin.s8 q3, q3, %q[hi] \n");
        }
        else
        {
            KILN_ADD_TAB_LOOP("   vmax.s8 q3, q3, %q[lo] \n   vmin.s8 q3, q3, %q[hi] \n");
        }
    }
    const int32_t left = n & 15;
    if (left > 0)
    {
        /* Lanes past the end load index 0 (an entry of the table) and are not stored. */
        int32x4_t r[4];
        for (int32_t t = 0; t < 4; t++)
        {
            const mve_pred16_t pr = vctp32q((uint32_t)MAX(left - 4 * t, 0));
            const uint32x4_t idx = vreinterpretq_u32_s32(vldrbq_z_s32(tin + 4 * t, pr));
            const int32x4_t a = vldrbq_z_s32(ein + 4 * t, pr);
            r[t] = kiln_ew_finish(vmlaq_n_s32(vldrwq_gather_shifted_offset_s32(tab, idx), a, k), mo, co, qsh);
        }
        int8x16_t v = kiln_ew_pack(r[0], r[1], r[2], r[3]);
        v = vminq_s8(vmaxq_s8(v, vdupq_n_s8(lo)), vdupq_n_s8(hi));
        vstrbq_scatter_offset_p_s8(out, offs, v, vcmphiq_u8(vdupq_n_u8((uint8_t)left), offs));
    }
}


/* The table route (plan j of route KILN_ADD_MVE_TABLE), the table input's parameters. */
static __attribute__((noinline)) void kiln_add_mve_table(const kiln_add_mve_job *j, int32_t n, int32_t offset,
                                                         int32_t mult, int32_t shift, int32_t left_shift)
{
    int32_t table[256];
    kiln_add_mve_table_fill(table, offset, mult, shift, left_shift, j->c);
    kiln_add_mve_table_run(j->e, j->m, j->o, n, table, j->k, j->mo, j->co, j->qsh, (int8_t)j->lo, (int8_t)j->hi);
}

/*
 * The direct route of one exact and one MULR input, 16 elements per pass in assembly (GCC 12
 * spills this loop's eight vector and eleven scalar constants; measured 84 instructions per 16
 * with intrinsics against 54 here). Per phase of four: two widening loads, VMLAS forms
 * v = in * 2^L + offset * 2^L (offset and left shift in one instruction), VSHR its sign, VMLAS
 * the exact input's in * k + c, the sign added (ties away from zero), VQRDMLAH adds SRDHM(v, m),
 * VRSHL by -r, then the output stage (kiln_ew_finish): 12 instructions; the pack, the optional
 * clamp and the scatter as in the table route. A whole function (r0 = job, kiln_add_mve_job):
 * every general register holds a constant; q4-q7 are saved.
 */
#define KILN_ADD_DIR_PHASE(dst)                                                                              \
    "   vldrb.s32    q0, [r1], #4     \n"                                                                    \
    "   vldrb.s32    q1, [r2], #4     \n"                                                                    \
    "   vmlas.s32    q1, q5, r4       \n"                                                                    \
    "   vshr.s32     q2, q1, #31      \n"                                                                    \
    "   vmlas.s32    q0, q6, r5       \n"                                                                    \
    "   vadd.i32     q0, q0, q2       \n"                                                                    \
    "   vqrdmlah.s32 q0, q1, r6       \n"                                                                    \
    "   vrshl.s32    q0, r7           \n"                                                                    \
    "   vshr.s32     " dst ", q0, #31 \n"                                                                    \
    "   vadd.i32     " dst ", " dst ", r8 \n"                                                                \
    "   vqrdmlah.s32 " dst ", q0, r9  \n"                                                                    \
    "   vqshl.s32    " dst ", r10     \n"

#define KILN_ADD_DIR_BLOCK                                                                                   \
    KILN_ADD_DIR_PHASE("q3")                                                                                 \
    KILN_ADD_DIR_PHASE("q1") "   vsri.32 q3, q1, #8  \n"                                                     \
    KILN_ADD_DIR_PHASE("q1") "   vsri.32 q3, q1, #16 \n"                                                     \
    KILN_ADD_DIR_PHASE("q1") "   vsri.32 q3, q1, #24 \n"

/* The body of a direct-route block function (r0 = job): constants from the job into
 * registers (LOAD_L: the EM route's 2^L into q5), then one of three loops by the clamp the
 * activation range needs: none, the lower end (lo > -128), both ends (hi < 127). */
#define KILN_ADD_LOAD_L                                                                                              \
    "  ldr     r1, [r0, #52]         \n"                                                                              \
    "  vdup.32 q5, r1                \n"
#define KILN_ADD_BLOCKS_ASM(BLOCK, LOAD_L)                                                                           \
    __asm volatile("  push    {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"                                             \
                   "  vpush   {d8-d15}              \n"                                                              \
                   "  ldr     r12, [r0, #48]        \n"                                                              \
                   "  vdup.8  q4, r12               \n" LOAD_L                                                       \
                   "  ldr     r1, [r0, #56]         \n"                                                              \
                   "  vdup.32 q6, r1                \n"                                                              \
                   "  ldr     r1, [r0, #60]         \n"                                                              \
                   "  vldrb.u8 q7, [r1]             \n"                                                              \
                   "  ldrd    r4, r5, [r0, #16]     \n"                                                              \
                   "  ldrd    r6, r7, [r0, #24]     \n"                                                              \
                   "  ldrd    r8, r9, [r0, #32]     \n"                                                              \
                   "  ldrd    r10, r11, [r0, #40]   \n"                                                              \
                   "  ldr     lr, [r0, #12]         \n"                                                              \
                   "  ldr     r3, [r0, #8]          \n"                                                              \
                   "  ldrd    r1, r2, [r0, #0]      \n"                                                              \
                   "  dls     lr, lr                \n"                                                              \
                   "  cmp     r11, #127             \n"                                                              \
                   "  bne     3f                    \n"                                                              \
                   "  cmn     r12, #128             \n"                                                              \
                   "  bne     2f                    \n"                                                              \
                   "1:                              \n" BLOCK                                                        \
                   "  vstrb.8 q3, [r3, q7]          \n"                                                              \
                   "  add     r3, r3, #16           \n"                                                              \
                   "  le      lr, 1b                \n"                                                              \
                   "  b       9f                    \n"                                                              \
                   "2:                              \n" BLOCK                                                        \
                   "  vmax.s8 q3, q3, q4            \n"                                                              \
                   "  vstrb.8 q3, [r3, q7]          \n"                                                              \
                   "  add     r3, r3, #16           \n"                                                              \
                   "  le      lr, 2b                \n"                                                              \
                   "  b       9f                    \n"                                                              \
                   "3:                              \n" BLOCK                                                        \
                   "  vmax.s8 q3, q3, q4            \n"                                                              \
                   "  vdup.8  q0, r11               \n"                                                              \
                   "  vmin.s8 q3, q3, q0            \n"                                                              \
                   "  vstrb.8 q3, [r3, q7]          \n"                                                              \
                   "  add     r3, r3, #16           \n"                                                              \
                   "  le      lr, 3b                \n"                                                              \
                   "9:                              \n"                                                              \
                   "  vpop    {d8-d15}              \n"                                                              \
                   "  pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n")

/* Both inputs exact: x1 + x2 = in1 * k1 + c + in2 * k2 (VMLAS, VMLA), then the output stage:
 * 8 instructions per four elements. Registers as in the block function (r5 = c, r6 = k2,
 * q6 = k1). */
#define KILN_ADD_EE_PHASE(dst)                                                                               \
    "   vldrb.s32    q0, [r1], #4     \n"                                                                    \
    "   vldrb.s32    q1, [r2], #4     \n"                                                                    \
    "   vmlas.s32    q0, q6, r5       \n"                                                                    \
    "   vmla.s32     q0, q1, r6       \n"                                                                    \
    "   vshr.s32     " dst ", q0, #31 \n"                                                                    \
    "   vadd.i32     " dst ", " dst ", r8 \n"                                                                \
    "   vqrdmlah.s32 " dst ", q0, r9  \n"                                                                    \
    "   vqshl.s32    " dst ", r10     \n"

#define KILN_ADD_EE_BLOCK                                                                                    \
    KILN_ADD_EE_PHASE("q3")                                                                                  \
    KILN_ADD_EE_PHASE("q1") "   vsri.32 q3, q1, #8  \n"                                                      \
    KILN_ADD_EE_PHASE("q1") "   vsri.32 q3, q1, #16 \n"                                                      \
    KILN_ADD_EE_PHASE("q1") "   vsri.32 q3, q1, #24 \n"

__attribute__((naked, noinline)) static void kiln_add_direct_blocks(const kiln_add_mve_job *job
                                                                    __attribute__((unused)))
{
    KILN_ADD_BLOCKS_ASM(KILN_ADD_DIR_BLOCK, KILN_ADD_LOAD_L);
}

/* Both inputs exact (job: e = in1, m = in2, k = k1, mm = k2, c; d, nr and l unused). */
/* Equal scales (both inputs exact, k1 = k2 = k): the inputs are added as eight int16 lanes
 * (|in1 + in2| <= 256), then each half widened (VMOVLB / VMOVLT) and s = (in1 + in2) * k + c
 * (VMLAS): 36 instructions per 16 elements instead of 38. The phases hold elements
 * {0, 2, 4, 6}, {1, 3, 5, 7}, {8, .., 14}, {9, .., 15}: the scatter offsets of
 * kiln_add_eq_offsets. Registers as above (q2, q5: the two int16 sums). */
#define KILN_ADD_EQ_PHASE(src, half, dst)                                                                     \
    "   vmovl" half ".s16  q0, " src "   \n"                                                                 \
    "   vmlas.s32    q0, q6, r5       \n"                                                                    \
    "   vshr.s32     " dst ", q0, #31 \n"                                                                    \
    "   vadd.i32     " dst ", " dst ", r8 \n"                                                                \
    "   vqrdmlah.s32 " dst ", q0, r9  \n"                                                                    \
    "   vqshl.s32    " dst ", r10     \n"

#define KILN_ADD_EQ_BLOCK                                                                                    \
    "   vldrb.s16    q0, [r1], #8     \n"                                                                    \
    "   vldrb.s16    q1, [r2], #8     \n"                                                                    \
    "   vadd.i16     q5, q0, q1       \n"                                                                    \
    "   vldrb.s16    q0, [r1], #8     \n"                                                                    \
    "   vldrb.s16    q1, [r2], #8     \n"                                                                    \
    "   vadd.i16     q2, q0, q1       \n"                                                                    \
    KILN_ADD_EQ_PHASE("q5", "b", "q3")                                                                       \
    KILN_ADD_EQ_PHASE("q5", "t", "q1") "   vsri.32 q3, q1, #8  \n"                                          \
    KILN_ADD_EQ_PHASE("q2", "b", "q1") "   vsri.32 q3, q1, #16 \n"                                          \
    KILN_ADD_EQ_PHASE("q2", "t", "q1") "   vsri.32 q3, q1, #24 \n"


/* Equal scales (job: k = mm = k, c). */
__attribute__((naked, noinline)) static void kiln_add_eq_blocks(const kiln_add_mve_job *job
                                                                __attribute__((unused)))
{
    KILN_ADD_BLOCKS_ASM(KILN_ADD_EQ_BLOCK, "");
}

__attribute__((naked, noinline)) static void kiln_add_ee_blocks(const kiln_add_mve_job *job
                                                                __attribute__((unused)))
{
    KILN_ADD_BLOCKS_ASM(KILN_ADD_EE_BLOCK, "");
}

/* The generic route: exactly the scalar arithmetic, four int32 lanes, tail-predicated. */
static __attribute__((noinline)) void kiln_add_mve_generic(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n,
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


/* The last `left` (1 .. 15) elements of a fast route, from `done` on: one predicated block of
 * the assembly's arithmetic (route EE, or EM when em). */
static __attribute__((noinline)) void kiln_add_mve_tail(const kiln_add_mve_job *j, bool em, int32_t done,
                                                        int32_t left)
{
    const int8_t *e = j->e + done;
    const int8_t *m = j->m + done;
    int32x4_t r[4];
    for (int32_t t = 0; t < 4; t++)
    {
        const int32x4_t a = KILN_EW_LOAD(e, t, left, true);
        const int32x4_t b = KILN_EW_LOAD(m, t, left, true);
        int32x4_t s;
        if (em)
        {
            const int32x4_t v = vmlasq_n_s32(b, vdupq_n_s32(j->l), j->d);
            const int32x4_t acc = vmlaq_n_s32(vaddq_n_s32(vshrq_n_s32(v, 31), j->c), a, j->k);
            s = vrshlq_n_s32(vqrdmlahq_n_s32(acc, v, j->mm), j->nr);
        }
        else
        {
            s = vmlaq_n_s32(vmlasq_n_s32(a, vdupq_n_s32(j->k), j->c), b, j->mm);
        }
        r[t] = kiln_ew_finish(s, j->mo, j->co, j->qsh);
    }
    int8x16_t v = kiln_ew_pack(r[0], r[1], r[2], r[3]);
    v = vminq_s8(vmaxq_s8(v, vdupq_n_s8((int8_t)j->lo)), vdupq_n_s8((int8_t)j->hi));
    const uint8x16_t offs = vldrbq_u8(kiln_ew_offsets);
    vstrbq_scatter_offset_p_s8(j->o + done, offs, v, vcmphiq_u8(vdupq_n_u8((uint8_t)left), offs));
}

/* A fast route of a plan (route not KILN_ADD_MVE_GENERIC). */
static inline __attribute__((always_inline)) void kiln_add_mve_run(kiln_add_mve_job *j, kiln_add_mve_route route,
                                                                   const int8_t *in1, const int8_t *in2, int8_t *out,
                                                                   int32_t n, const kiln_add_s8_params *p, bool swap)
{
    j->e = swap ? in2 : in1;
    j->m = swap ? in1 : in2;
    j->o = out;
    if (route == KILN_ADD_MVE_TABLE)
    {
        /* the table input is the other one (m) */
        kiln_add_mve_table(j, n, swap ? p->in1_offset : p->in2_offset, swap ? p->in1_mult : p->in2_mult,
                           swap ? p->in1_shift : p->in2_shift, p->left_shift);
        return;
    }
    j->blocks = n >> 4;
    if (j->blocks > 0)
    {
        if (route == KILN_ADD_MVE_EM)
        {
            j->offs = kiln_ew_offsets;
            kiln_add_direct_blocks(j);
        }
        else if (j->k == j->mm)
        {
            j->offs = kiln_add_eq_offsets;
            kiln_add_eq_blocks(j);
        }
        else
        {
            j->offs = kiln_ew_offsets;
            kiln_add_ee_blocks(j);
        }
    }
    const int32_t done = n & ~15;
    if (done < n)
    {
        kiln_add_mve_tail(j, route == KILN_ADD_MVE_EM, done, n - done);
    }
}

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    kiln_add_mve_job j;
    bool swap = false;
    const kiln_add_mve_route route = kiln_add_mve_plan(p, n, &j, &swap);
    if (route == KILN_ADD_MVE_GENERIC)
    {
        kiln_add_mve_generic(in1, in2, out, n, p);
        return;
    }
    kiln_add_mve_run(&j, route, in1, in2, out, n, p, swap);
}

/* The public ADD's backend entry: TFLite's form of parameters goes straight to its fast route, the parameters in
 * registers rather than copied into a kiln_add_s8_params (the fixed cost of a call); any other call, or one whose
 * plan is the generic route, through kiln_add_s8_checked. The fast path checks kiln_add_s8_args_ok and the scales
 * of TFLite's form (kiln_add_s8_tflite_scales) and plans with its ranges' common bound KILN_ADD_TFLITE_BOUND (at
 * least the call's own bound b); kiln_add_s8_tflite_form's last condition, the output offset within
 * INT32_MAX - b, holds whenever the plan takes a fast route (its output stage keeps the offset times 2^ro plus
 * that bound within int32). So every call it runs passes every check of kiln_add_s8_checked. */
arm_cmsis_nn_status kiln_add_s8_entry(const int8_t *input_1_vect, const int8_t *input_2_vect, int32_t input_1_offset,
                                      int32_t input_1_mult, int32_t input_1_shift, int32_t input_2_offset,
                                      int32_t input_2_mult, int32_t input_2_shift, int32_t left_shift, int8_t *output,
                                      int32_t out_offset, int32_t out_mult, int32_t out_shift,
                                      int32_t out_activation_min, int32_t out_activation_max, int32_t block_size)
{
    if (kiln_add_s8_args_ok(input_1_vect, input_2_vect, output, block_size, input_1_offset, input_2_offset,
                            left_shift, out_activation_min, out_activation_max) &&
        kiln_add_s8_tflite_scales(input_1_mult, input_1_shift, input_2_mult, input_2_shift, left_shift, out_mult,
                                  out_shift))
    {
        const int32_t b = KILN_ADD_TFLITE_BOUND;
        const kiln_add_s8_params p = {input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult,
                                      input_2_shift, left_shift, out_offset, out_mult, out_shift,
                                      out_activation_min, out_activation_max, -b, b, -b, b};
        kiln_add_mve_job j;
        bool swap = false;
        const kiln_add_mve_route route = kiln_add_mve_plan(&p, block_size, &j, &swap);
        if (route != KILN_ADD_MVE_GENERIC)
        {
            kiln_add_mve_run(&j, route, input_1_vect, input_2_vect, output, block_size, &p, swap);
            return ARM_CMSIS_NN_SUCCESS;
        }
    }
    return kiln_add_s8_checked(input_1_vect, input_2_vect, input_1_offset, input_1_mult, input_1_shift,
                               input_2_offset, input_2_mult, input_2_shift, left_shift, output, out_offset, out_mult,
                               out_shift, out_activation_min, out_activation_max, block_size);
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
    return kiln_ew_pack(r0, r1, r2, r3);
}

static inline __attribute__((always_inline)) void kiln_mul_mve_run(const int8_t *in1, const int8_t *in2, int8_t *out,
                                                                   int32_t n, const kiln_mul_mve_plan *plan,
                                                                   bool clamp)
{
    const kiln_mul_mve_plan pl = *plan; /* in registers: the byte stores below could alias *plan */
    const kiln_mul_mve_plan *q = &pl;
    const uint8x16_t offs = vldrbq_u8(kiln_ew_offsets);
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
