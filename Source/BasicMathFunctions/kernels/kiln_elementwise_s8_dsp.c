/*
 * Kiln — int8 ADD and MUL kernels, DSP extension. Each requantization is one SMMULR on a doubled
 * operand (exact: the plan checks that the doubled values fit), the offsets and left shifts are
 * folded into one multiply-add per input, the final rounding shift carries the output offset in
 * its bias, SSAT gives the int8 range and SSUB8/SEL a narrower activation range, four results per
 * word store. Parameters whose intermediates would not fit these forms take the scalar element
 * arithmetic shared with the portable kernels.
 */
#include "Include/Internal/kiln_elementwise.h"
#include "Include/Internal/kiln_dsp.h"

#if KILN_BUILD_DSP

/* kiln_smmulr (Internal/kiln_dsp.h), (a * b + 2^31) >> 32, is the rounding doubling high multiply of a / 2 by b in
 * one instruction (exact when a is even, i.e. when the caller doubled an int32 value that fits). */

/* Rounding right shift by r >= 1, ties away from zero (arm_nn_divide_by_power_of_two), for
 * |x| <= 2^30: negative values first step down by one, then a rounding-up shift. */
static inline int32_t kiln_rdp(int32_t x, int32_t bias, int32_t r)
{
    return (x + (x >> 31) + bias) >> r;
}

/* The fast ADD route: every requantization as SMMULR on doubled operands (the doublings and the
 * left shifts folded into one multiply-add per input), the final rounding shift with the output
 * offset folded into its bias, SSAT for the int8 range and SIMD32 for a narrower activation range.
 * rq1 / rq2: whether that input has a rounding right shift. */
typedef struct
{
    int32_t k1, c1, m1, r1, b1;
    int32_t k2, c2, m2, r2, b2;
    int32_t lo_sh, mo, ro, co;
    int32_t lo4, hi4;
    bool clamp;
} kiln_add_dsp_plan;

static inline __attribute__((always_inline)) int32_t kiln_add_dsp_element(int32_t a, int32_t b,
                                                                          const kiln_add_dsp_plan *q, bool rq1,
                                                                          bool rq2)
{
    int32_t x1 = kiln_smmulr(a * q->k1 + q->c1, q->m1);
    int32_t x2 = kiln_smmulr(b * q->k2 + q->c2, q->m2);
    if (rq1)
    {
        x1 = kiln_rdp(x1, q->b1, q->r1);
    }
    if (rq2)
    {
        x2 = kiln_rdp(x2, q->b2, q->r2);
    }
    const int32_t y = kiln_smmulr((int32_t)((uint32_t)(x1 + x2) << q->lo_sh), q->mo);
    return __ssat((y + (y >> 31) + q->co) >> q->ro, 8);
}

static inline __attribute__((always_inline)) void kiln_add_dsp_run(const int8_t *in1, const int8_t *in2,
                                                                   int8_t *out, int32_t n,
                                                                   const kiln_add_dsp_plan *q, bool rq1, bool rq2)
{
    const kiln_add_dsp_plan pl = *q;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t r0 = kiln_add_dsp_element(in1[i], in2[i], &pl, rq1, rq2);
        const int32_t r1 = kiln_add_dsp_element(in1[i + 1], in2[i + 1], &pl, rq1, rq2);
        const int32_t r2 = kiln_add_dsp_element(in1[i + 2], in2[i + 2], &pl, rq1, rq2);
        const int32_t r3 = kiln_add_dsp_element(in1[i + 3], in2[i + 3], &pl, rq1, rq2);
        /* Pack the four bytes (the compiler makes BFIs of it). */
        int32_t w = (int32_t)(((uint32_t)r0 & 0xFFu) | (((uint32_t)r1 & 0xFFu) << 8) |
                              (((uint32_t)r2 & 0xFFu) << 16) | ((uint32_t)r3 << 24));
        if (pl.clamp)
        {
            w = kiln_clamp_s8x4(w, pl.lo4, pl.hi4);
        }
        memcpy(out + i, &w, 4);
    }
    for (; i < n; i++)
    {
        int32_t v = kiln_add_dsp_element(in1[i], in2[i], &pl, rq1, rq2);
        v = MAX(v, pl.lo4 >> 24);
        out[i] = (int8_t)MIN(v, pl.hi4 >> 24);
    }
}

/* Sets up the fast route; false when some intermediate of it would not fit (then the generic
 * element arithmetic runs). */
static bool kiln_add_dsp_plan_make(const kiln_add_s8_params *p, kiln_add_dsp_plan *q)
{
    const int32_t l1 = p->left_shift + LEFT_SHIFT(p->in1_shift) + 1;
    const int32_t l2 = p->left_shift + LEFT_SHIFT(p->in2_shift) + 1;
    const int32_t lo_sh = LEFT_SHIFT(p->out_shift) + 1;
    const int32_t ro = RIGHT_SHIFT(p->out_shift);
    if (ro < 1 || !kiln_fits_shifted(INT8_MIN + p->in1_offset, INT8_MAX + p->in1_offset, l1) ||
        !kiln_fits_shifted(INT8_MIN + p->in2_offset, INT8_MAX + p->in2_offset, l2) ||
        !kiln_fits_shifted(p->sum_lo, p->sum_hi, lo_sh))
    {
        return false;
    }
    /* The bias of the last rounding shift carries the output offset: c = 2^(ro-1) + out_offset * 2^ro. */
    const int64_t co = ((int64_t)1 << (ro - 1)) + (int64_t)p->out_offset * ((int64_t)1 << ro);
    if ((int64_t)p->y_lo - 1 + co < INT32_MIN || (int64_t)p->y_hi + co > INT32_MAX)
    {
        return false;
    }
    q->k1 = 1 << l1;
    q->c1 = p->in1_offset * q->k1;
    q->m1 = p->in1_mult;
    q->r1 = RIGHT_SHIFT(p->in1_shift);
    q->b1 = q->r1 > 0 ? (1 << (q->r1 - 1)) : 0;
    q->k2 = 1 << l2;
    q->c2 = p->in2_offset * q->k2;
    q->m2 = p->in2_mult;
    q->r2 = RIGHT_SHIFT(p->in2_shift);
    q->b2 = q->r2 > 0 ? (1 << (q->r2 - 1)) : 0;
    q->lo_sh = lo_sh;
    q->mo = p->out_mult;
    q->ro = ro;
    q->co = (int32_t)co;
    q->lo4 = (int32_t)(0x01010101u * (uint8_t)p->act_min);
    q->hi4 = (int32_t)(0x01010101u * (uint8_t)p->act_max);
    q->clamp = p->act_min > INT8_MIN || p->act_max < INT8_MAX;
    return true;
}

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    kiln_add_dsp_plan q;
    if (kiln_add_dsp_plan_make(p, &q))
    {
        if (q.r1 > 0 && q.r2 > 0)
        {
            kiln_add_dsp_run(in1, in2, out, n, &q, true, true);
        }
        else if (q.r1 > 0)
        {
            kiln_add_dsp_run(in1, in2, out, n, &q, true, false);
        }
        else if (q.r2 > 0)
        {
            kiln_add_dsp_run(in1, in2, out, n, &q, false, true);
        }
        else
        {
            kiln_add_dsp_run(in1, in2, out, n, &q, false, false);
        }
        return;
    }
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = kiln_add_s8_element(in1[i], in2[i], p);
    }
}

/* MUL, fast route: y = SMMULR((in1 + o1) * (in2 + o2) << (los + 1), out_mult) (the doubled
 * operand makes SMMULR the exact SRDHM), then the ADD route's rounding shift with the output
 * offset in its bias, SSAT and, for a narrow activation range, SIMD32 clamping. */
static inline __attribute__((always_inline)) int32_t kiln_mul_dsp_element(int32_t a, int32_t b, int32_t o1, int32_t o2,
                                                                          int32_t sh, int32_t mo, int32_t co,
                                                                          int32_t ro)
{
    const int32_t y = kiln_smmulr((int32_t)((uint32_t)((a + o1) * (b + o2)) << sh), mo);
    return __ssat((y + (y >> 31) + co) >> ro, 8);
}

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p)
{
    const int32_t sh = LEFT_SHIFT(p->out_shift) + 1;
    const int32_t ro = RIGHT_SHIFT(p->out_shift);
    const int64_t co = ro >= 1 ? ((int64_t)1 << (ro - 1)) + (int64_t)p->out_offset * ((int64_t)1 << ro) : 0;
    if (ro < 1 || !kiln_fits_shifted(p->prod_lo, p->prod_hi, sh) || (int64_t)p->y_lo - 1 + co < INT32_MIN ||
        (int64_t)p->y_hi + co > INT32_MAX)
    {
        for (int32_t i = 0; i < n; i++)
        {
            out[i] = kiln_mul_s8_element(in1[i], in2[i], p);
        }
        return;
    }
    const int32_t o1 = p->in1_offset, o2 = p->in2_offset, mo = p->out_mult, c = (int32_t)co;
    const int32_t lo4 = (int32_t)(0x01010101u * (uint8_t)p->act_min);
    const int32_t hi4 = (int32_t)(0x01010101u * (uint8_t)p->act_max);
    const bool clamp = p->act_min > INT8_MIN || p->act_max < INT8_MAX;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t r0 = kiln_mul_dsp_element(in1[i], in2[i], o1, o2, sh, mo, c, ro);
        const int32_t r1 = kiln_mul_dsp_element(in1[i + 1], in2[i + 1], o1, o2, sh, mo, c, ro);
        const int32_t r2 = kiln_mul_dsp_element(in1[i + 2], in2[i + 2], o1, o2, sh, mo, c, ro);
        const int32_t r3 = kiln_mul_dsp_element(in1[i + 3], in2[i + 3], o1, o2, sh, mo, c, ro);
        int32_t w = (int32_t)(((uint32_t)r0 & 0xFFu) | (((uint32_t)r1 & 0xFFu) << 8) |
                              (((uint32_t)r2 & 0xFFu) << 16) | ((uint32_t)r3 << 24));
        if (clamp)
        {
            w = kiln_clamp_s8x4(w, lo4, hi4);
        }
        memcpy(out + i, &w, 4);
    }
    for (; i < n; i++)
    {
        int32_t v = kiln_mul_dsp_element(in1[i], in2[i], o1, o2, sh, mo, c, ro);
        v = MAX(v, p->act_min);
        out[i] = (int8_t)MIN(v, p->act_max);
    }
}

#endif
