/*
 * Kiln — float32 softmax, Helium (MVE float) kernel: row max (VMAXNM, tail merged under its predicate), then a
 * vectorized exponential of x - max stored in the output while summing (inactive tail lanes not added), then
 * one multiply by the reciprocal of the sum. The exponential: x = n ln2 + r (n rounded to nearest by VCVTN, ln2
 * split in two parts, fused multiply-adds), a degree-7 polynomial on |r| <= ln2 / 2, and 2^n applied as two
 * normal powers of two so results down to the subnormal range round once; x below -104 gives 0.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

/* exp(x) for x <= 0, four lanes (shared in spirit with the float16 kernel, which has its own copy). */
static inline float32x4_t kiln_vexp_neg_f32(float32x4_t x)
{
    const mve_pred16_t tiny = vcmpltq_n_f32(x, -104.0f);
    x = vmaxnmq_f32(x, vdupq_n_f32(-104.0f));
    x = vminnmq_f32(x, vdupq_n_f32(0.0f));
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
    /* 2^n = 2^na x 2^nb, na = max(n, -126), nb = n - na in [-25, 0]: both normal */
    const int32x4_t na = vmaxq_s32(n, vdupq_n_s32(-126));
    const int32x4_t nb = vsubq_s32(n, na);
    const float32x4_t sa = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(na, 127), 23));
    const float32x4_t sb = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_n_s32(nb, 127), 23));
    q = vmulq_f32(vmulq_f32(q, sa), sb);
    return vpselq_f32(vdupq_n_f32(0.0f), q, tiny);
}

void kiln_softmax_flt_f32(const float32_t *in, int32_t rows, int32_t cols, float32_t *out)
{
    for (int32_t r = 0; r < rows; r++)
    {
        const float32_t *x = in + (size_t)r * (size_t)cols;
        float32_t *y = out + (size_t)r * (size_t)cols;
        float32x4_t vm = vdupq_n_f32(x[0]);
        for (int32_t i = 0; i < cols; i += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(cols - i));
            vm = vmaxnmq_m_f32(vm, vm, vldrwq_z_f32(x + i, p), p);
        }
        const float32_t m = vmaxnmvq_f32(x[0], vm);
        float32x4_t vs = vdupq_n_f32(0.0f);
        for (int32_t i = 0; i < cols; i += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(cols - i));
            const float32x4_t e = kiln_vexp_neg_f32(vsubq_n_f32(vldrwq_z_f32(x + i, p), m));
            vs = vaddq_m_f32(vs, vs, e, p);
            vstrwq_p_f32(y + i, e, p);
        }
        const float32_t sum =
            (vgetq_lane_f32(vs, 0) + vgetq_lane_f32(vs, 1)) + (vgetq_lane_f32(vs, 2) + vgetq_lane_f32(vs, 3));
        const float32_t inv = 1.0f / sum;
        for (int32_t i = 0; i < cols; i += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(cols - i));
            vstrwq_p_f32(y + i, vmulq_n_f32(vldrwq_z_f32(y + i, p), inv), p);
        }
    }
}

#endif
