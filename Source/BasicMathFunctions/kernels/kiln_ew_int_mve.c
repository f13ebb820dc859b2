/*
 * Kiln — Helium kernels of the integer elementwise family's dense int16 runs (Include/Internal/kiln_ew_int.h):
 * ADD / SUB / SQUARED_DIFFERENCE and MUL, four elements per vector of int32 lanes (VLDRH.S32 / VSTRH.32,
 * tail-predicated), the requantizations as arm_requantize_mve computes them (arm_nn_requantize's bits). The
 * checks the callers ran (kiln_ew_q_ok, kiln_ew_m_ok) prove every intermediate within int32, so the lanes hold
 * the very values of the scalar arithmetic.
 */
#include <stdint.h>

#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_MVE

/* One requantization's constants on four lanes (arm_requantize_mve's steps, the shifts split once). */
typedef struct
{
    int32x4_t left, right; /* LEFT_SHIFT(shift), -RIGHT_SHIFT(shift) */
    int32_t mult;
} kiln_ew_rq;

static inline kiln_ew_rq kiln_ew_rq_make(int32_t mult, int32_t shift)
{
    const kiln_ew_rq r = {vdupq_n_s32(LEFT_SHIFT(shift)), vdupq_n_s32(-RIGHT_SHIFT(shift)), mult};
    return r;
}

/* arm_nn_requantize of four lanes: the left shift, the saturating rounding doubling high multiply, then the
 * rounding right shift with ties away from zero (negative lanes one lower first, as arm_divide_by_power_of_two_mve). */
static inline __attribute__((always_inline)) int32x4_t kiln_ew_rq_run(int32x4_t v, const kiln_ew_rq *r)
{
    v = vqrdmulhq_n_s32(vshlq_s32(v, r->left), r->mult);
    const int32x4_t fix = vshrq_n_s32(vandq_s32(v, r->right), 31);
    return vrshlq_s32(vqaddq_s32(v, fix), r->right);
}

/* The dense ADD / SUB / SQUARED_DIFFERENCE loop of one op (the parameters in registers: out may alias q). */
static inline __attribute__((always_inline)) void kiln_ew_q_loop(const int16_t *a, const int16_t *b, int16_t *out,
                                                                 int32_t n, const kiln_ew_q *q, const kiln_ew_op op)
{
    const kiln_ew_rq r1 = kiln_ew_rq_make(q->in1_mult, q->in1_shift);
    const kiln_ew_rq r2 = kiln_ew_rq_make(q->in2_mult, q->in2_shift);
    const kiln_ew_rq ro = kiln_ew_rq_make(q->out_mult, q->out_shift);
    const int32x4_t ls = vdupq_n_s32(q->left_shift);
    const int32_t o1 = q->in1_offset, o2 = q->in2_offset, oo = q->out_offset;
    const int32x4_t lo = vdupq_n_s32(q->act_min), hi = vdupq_n_s32(q->act_max);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        const int32x4_t x1 = kiln_ew_rq_run(vshlq_s32(vaddq_n_s32(vldrhq_z_s32(a, p), o1), ls), &r1);
        const int32x4_t x2 = kiln_ew_rq_run(vshlq_s32(vaddq_n_s32(vldrhq_z_s32(b, p), o2), ls), &r2);
        int32x4_t raw;
        if (op == KILN_EW_ADD)
        {
            raw = vaddq_s32(x1, x2);
        }
        else
        {
            raw = vsubq_s32(x1, x2);
            if (op == KILN_EW_SQDIFF)
            {
                raw = vmulq_s32(raw, raw);
            }
        }
        const int32x4_t o = vaddq_n_s32(kiln_ew_rq_run(raw, &ro), oo);
        vstrhq_p_s32(out, vminq_s32(vmaxq_s32(o, lo), hi), p);
        a += 4;
        b += 4;
        out += 4;
    }
}

bool kiln_ew_q_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_q *q,
                         kiln_ew_op op)
{
    if (!kiln_ew_dense_ok(a, b, out, n))
    {
        return false;
    }
    switch (op)
    {
    case KILN_EW_ADD:
        kiln_ew_q_loop(a, b, out, n, q, KILN_EW_ADD);
        break;
    case KILN_EW_SUB:
        kiln_ew_q_loop(a, b, out, n, q, KILN_EW_SUB);
        break;
    default:
        kiln_ew_q_loop(a, b, out, n, q, KILN_EW_SQDIFF);
        break;
    }
    return true;
}

bool kiln_ew_m_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_m *m)
{
    if (!kiln_ew_dense_ok(a, b, out, n))
    {
        return false;
    }
    const kiln_ew_rq ro = kiln_ew_rq_make(m->out_mult, m->out_shift);
    const int32_t o1 = m->in1_offset, o2 = m->in2_offset, oo = m->out_offset;
    const int32x4_t lo = vdupq_n_s32(m->act_min), hi = vdupq_n_s32(m->act_max);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        const int32x4_t x1 = vaddq_n_s32(vldrhq_z_s32(a, p), o1);
        const int32x4_t x2 = vaddq_n_s32(vldrhq_z_s32(b, p), o2);
        const int32x4_t o = vaddq_n_s32(kiln_ew_rq_run(vmulq_s32(x1, x2), &ro), oo);
        vstrhq_p_s32(out, vminq_s32(vmaxq_s32(o, lo), hi), p);
        a += 4;
        b += 4;
        out += 4;
    }
    return true;
}

#endif /* KILN_BUILD_MVE */
