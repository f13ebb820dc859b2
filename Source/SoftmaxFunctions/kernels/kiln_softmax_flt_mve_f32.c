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

/* exp(x) for x <= 0, four lanes (Internal/kiln_exp_flt.h). */
static inline float32x4_t kiln_vexp_neg_f32(float32x4_t x)
{
    return kiln_vexp_f32(x, 0.0f);
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
