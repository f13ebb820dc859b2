/*
 * Kiln internals: the float exponentials shared by the float softmax kernels, the float activations and the
 * softmax exp helpers of arm_nnsupportfunctions_flt.h (portable C, no libm).
 *   kiln_flt_exp_neg(x)   exp(x) for x <= 0 (x > 0 is taken as 0; x below -104 and NaN give 0).
 *   kiln_flt_floor_to_int, kiln_flt_exp2i, kiln_flt_exp_domain, kiln_flt_exp_taylor, kiln_flt_exp2_split: the
 *                         pieces of the softmax exp helpers (arm_nn_softmax_*_f32 / _f16).
 *   kiln_vexp_f32(x, hi)  Helium float builds: exp of each lane of x clamped to [-104, hi] (hi <= 88.8), lanes
 *                         below -104 give 0: x = n ln2 + r (n rounded to nearest by VCVTN, ln2 in two parts, fused
 *                         multiply-adds), the degree-7 Taylor polynomial on |r| <= ln2 / 2, and 2^n applied as
 *                         two normal powers of two (2^na x 2^nb, na = n clamped to [-126, 127]) so that an
 *                         overflow rounds once (Helium float arithmetic flushes subnormal results to 0). NaN lanes
 *                         give the clamp bounds' exponentials (VMAXNM / VMINNM); callers that need NaN select it
 *                         back.
 */
#ifndef KILN_EXP_FLT_H
#define KILN_EXP_FLT_H

#include "arm_nn_math_types_flt.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

    /* Scalar exp(x) for x <= 0, shared by the float softmax kernels and activations (portable C: no libm). */
    static inline float kiln_flt_exp_neg(float x)
    {
        if (!(x >= -104.0f)) /* also NaN */
        {
            return 0.0f;
        }
        if (x > 0.0f)
        {
            x = 0.0f;
        }
        /* x = n ln2 + r, |r| <= ln2 / 2 */
        const float t = x * 1.44269504088896341f;
        int32_t n = (int32_t)(t - 0.5f); /* t <= 0: truncation of t - 0.5 rounds to nearest (ties down) */
        if ((float)n - t > 0.5f)
        {
            n -= 1;
        }
        const float r = (x - (float)n * 0.693145751953125f) - (float)n * 1.428606765330187045e-06f;
        /* minimax-style Taylor polynomial to degree 7 on |r| <= 0.3466 */
        float q = 1.9841270e-4f;
        q = q * r + 1.3888889e-3f;
        q = q * r + 8.3333333e-3f;
        q = q * r + 4.1666667e-2f;
        q = q * r + 1.6666667e-1f;
        q = q * r + 0.5f;
        q = q * r + 1.0f;
        q = q * r + 1.0f;
        if (n < -126)
        {
            /* subnormal result: scale in two steps */
            const int32_t n1 = n + 126;
            union
            {
                uint32_t u;
                float f;
            } s1, s2;
            s1.u = (uint32_t)(n1 + 127) << 23;
            s2.u = (uint32_t)1u << 23; /* 2^-126 */
            return (q * s1.f) * s2.f;  /* x >= -104: n >= -151, so n1 + 127 >= 102 */
        }
        union
        {
            uint32_t u;
            float f;
        } s;
        s.u = (uint32_t)(n + 127) << 23;
        return q * s.f;
    }

    /* floor(x) as int32: saturated to [INT32_MIN, INT32_MAX] (also for +-inf), 0 for NaN. */
    static inline int32_t kiln_flt_floor_to_int(float x)
    {
        if (!(x == x))
        {
            return 0;
        }
        if (x >= 2147483648.0f)
        {
            return INT32_MAX;
        }
        if (x <= -2147483648.0f)
        {
            return INT32_MIN;
        }
        const int32_t n = (int32_t)x; /* truncation toward zero, |x| < 2^31 */
        return x < (float)n ? n - 1 : n;
    }

    /* 2^n for n clamped to the normal binary32 exponents [-126, 127]. */
    static inline float kiln_flt_exp2i(int32_t n)
    {
        n = n < -126 ? -126 : (n > 127 ? 127 : n);
        const uint32_t bits = (uint32_t)(n + 127) << 23;
        float f;
        memcpy(&f, &bits, sizeof(f));
        return f;
    }

    /* x clamped to [-80, 80], NaN taken as 80 (the domain of the softmax exp helpers). */
    static inline float kiln_flt_exp_domain(float x)
    {
        if (!(x <= 80.0f)) /* also NaN */
        {
            return 80.0f;
        }
        return x < -80.0f ? -80.0f : x;
    }

    /* exp of kiln_flt_exp_domain(x): kiln_flt_exp_neg() for x <= 0, its reciprocal at -x for x > 0. */
    static inline float kiln_flt_exp_taylor(float x)
    {
        x = kiln_flt_exp_domain(x);
        return x <= 0.0f ? kiln_flt_exp_neg(x) : 1.0f / kiln_flt_exp_neg(-x);
    }

    /*
     * The split of the 2^(i/256) table exponentials: for x = kiln_flt_exp_domain(x), exp(x) = 2^n x 2^(s / 256)
     * with n = floor(x log2(e)) in [-116, 115] and s = 256 (x - n ln2) log2(e) in [0, 256] (ln2 in two parts: n x
     * its high part is exact). *idx = the table segment (s truncated, clamped to [0, 255]), *frac = s - *idx.
     */
    static inline int32_t kiln_flt_exp2_split(float x, int32_t *idx, float *frac)
    {
        x = kiln_flt_exp_domain(x);
        const int32_t n = kiln_flt_floor_to_int(x * 1.44269504088896341f);
        const float r = (x - (float)n * 0.693145751953125f) - (float)n * 1.428606765330187045e-06f;
        const float s = r * (1.44269504088896341f * 256.0f);
        int32_t i = (int32_t)s; /* |s| < 2^9 */
        i = i < 0 ? 0 : (i > 255 ? 255 : i);
        *idx = i;
        *frac = s - (float)i;
        return n;
    }

#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
    static inline __attribute__((always_inline)) float32x4_t kiln_vexp_f32(float32x4_t x, float32_t hi)
    {
        const mve_pred16_t tiny = vcmpltq_n_f32(x, -104.0f);
        x = vmaxnmq_f32(x, vdupq_n_f32(-104.0f));
        x = vminnmq_f32(x, vdupq_n_f32(hi));
        const int32x4_t n = vcvtnq_s32_f32(vmulq_n_f32(x, 1.44269504088896341f));
        const float32x4_t nf = vcvtq_f32_s32(n);
        float32x4_t r = vfmaq_n_f32(x, nf, -0.693145751953125f);
        r = vfmaq_n_f32(r, nf, -1.428606765330187045e-06f);
        float32x4_t q = vdupq_n_f32(1.9841270e-4f);
        q = vfmaq_f32(vdupq_n_f32(1.3888889e-3f), q, r);
        q = vfmaq_f32(vdupq_n_f32(8.3333333e-3f), q, r);
        q = vfmaq_f32(vdupq_n_f32(4.1666667e-2f), q, r);
        q = vfmaq_f32(vdupq_n_f32(1.6666667e-1f), q, r);
        q = vfmaq_f32(vdupq_n_f32(0.5f), q, r);
        q = vfmaq_f32(vdupq_n_f32(1.0f), q, r);
        q = vfmaq_f32(vdupq_n_f32(1.0f), q, r);
        /* 2^n = 2^na x 2^nb: na = n clamped to [-126, 127], nb = n - na in [-25, 1]; both normal. With hi <= 0
         * (the softmax kernels: a constant, folded once inlined) n <= 0 and the upper clamp is not needed. */
        int32x4_t na = vmaxq_s32(n, vdupq_n_s32(-126));
        if (hi > 0.0f)
        {
            na = vminq_s32(na, vdupq_n_s32(127));
        }
        const int32x4_t nb = vsubq_s32(n, na);
        const float32x4_t sa = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(na, 127), 23));
        const float32x4_t sb = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(nb, 127), 23));
        q = vmulq_f32(vmulq_f32(q, sa), sb);
        return vpselq_f32(vdupq_n_f32(0.0f), q, tiny);
    }
#endif /* ARM_MATH_MVEF */

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_EXP_FLT_H */
