/*
 * Kiln — float16 softmax, Helium (MVE float) kernel. Row max on the halves (VMAXNM, exact), then the
 * exponentials of x - max in float32 (each vector of eight halves widened into even lanes by VCVTB and odd lanes
 * by VCVTT, Internal/kiln_mve_f16.h; tail lanes set to -inf so they add 0), summed in float32; then the exponentials
 * again, times the reciprocal of the sum, narrowed once to halves (VCVTB/VCVTT). The float32 exponential is the one of
 * the float32 kernel (x = n ln2 + r, degree-7 polynomial, 2^n as two normal powers of two, x < -104: 0).
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

/* exp(x) for x <= 0, four lanes (Internal/kiln_exp_flt.h). */
static inline float32x4_t kiln_vexp_neg_h(float32x4_t x)
{
    return kiln_vexp_f32(x, 0.0f);
}

void kiln_softmax_flt_f16(const float16_t *in, int32_t rows, int32_t cols, float16_t *out)
{
    const float16x8_t ninf = vreinterpretq_f16_u16(vdupq_n_u16(0xFC00u));
    for (int32_t r = 0; r < rows; r++)
    {
        const float16_t *x = in + (size_t)r * (size_t)cols;
        float16_t *y = out + (size_t)r * (size_t)cols;
        float16x8_t vm = vdupq_n_f16(x[0]);
        for (int32_t i = 0; i < cols; i += 8)
        {
            const mve_pred16_t p = vctp16q((uint32_t)(cols - i));
            vm = vmaxnmq_m_f16(vm, vm, vldrhq_z_f16(x + i, p), p);
        }
        const float32_t m = (float32_t)vmaxnmvq_f16(x[0], vm);
        float32x4_t se = vdupq_n_f32(0.0f), so = se;
        for (int32_t i = 0; i < cols; i += 8)
        {
            const mve_pred16_t p = vctp16q((uint32_t)(cols - i));
            const float16x8_t v = vpselq_f16(vldrhq_z_f16(x + i, p), ninf, p);
            se = vaddq_f32(se, kiln_vexp_neg_h(vsubq_n_f32(kiln_mve_f16_bottom_to_f32(v), m)));
            so = vaddq_f32(so, kiln_vexp_neg_h(vsubq_n_f32(kiln_mve_f16_top_to_f32(v), m)));
        }
        const float32x4_t vs = vaddq_f32(se, so);
        const float32_t sum =
            (vgetq_lane_f32(vs, 0) + vgetq_lane_f32(vs, 1)) + (vgetq_lane_f32(vs, 2) + vgetq_lane_f32(vs, 3));
        const float32_t inv = 1.0f / sum;
        for (int32_t i = 0; i < cols; i += 8)
        {
            const mve_pred16_t p = vctp16q((uint32_t)(cols - i));
            const float16x8_t v = vldrhq_z_f16(x + i, p);
            const float32x4_t ee = vmulq_n_f32(kiln_vexp_neg_h(vsubq_n_f32(kiln_mve_f16_bottom_to_f32(v), m)), inv);
            const float32x4_t eo = vmulq_n_f32(kiln_vexp_neg_h(vsubq_n_f32(kiln_mve_f16_top_to_f32(v), m)), inv);
            const float16x8_t o = kiln_mve_f32_pair_to_f16(ee, eo);
            vstrhq_p_f16(y + i, o, p);
        }
    }
}

#endif
