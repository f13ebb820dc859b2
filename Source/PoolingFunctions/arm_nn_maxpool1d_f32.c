/*
 * Kiln — float32 1D max pooling support kernels (arm_nn_maxpool1d_k3s3_nhwc_f32, arm_nn_maxpool1d_k2s2_nhwc_f32
 * and its noclip form): the float max pooling kernel (kiln_max_pool_flt_f32: portable C, or Helium on MVE-float
 * builds) on a [1, 1, in_w, in_c] image with filter and stride 3 or 2 and no padding. noclip runs it between
 * -inf and +inf (the exact maximum; NaN taps never win). Bad arguments write nothing (kiln_pool_flt_1d).
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32

static void kiln_maxpool1d_f32(const float32_t *x,
                               int32_t in_c,
                               int32_t in_w,
                               float32_t *out,
                               int32_t out_w,
                               int32_t k,
                               float32_t lo,
                               float32_t hi)
{
    kiln_pool_flt_geom g;
    if (!(lo <= hi) || !kiln_pool_flt_1d(x, in_c, in_w, out, out_w, k, (int64_t)sizeof(float32_t), &g))
    {
        return;
    }
    kiln_max_pool_flt_f32(&g, x, out, lo, hi);
}

void arm_nn_maxpool1d_k3s3_nhwc_f32(
    const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float32_t *__RESTRICT out, int32_t out_w)
{
    kiln_maxpool1d_f32(x_nhwc, in_c, in_w, out, out_w, 3, -kiln_flt_inf(), kiln_flt_inf());
}

void arm_nn_maxpool1d_k2s2_nhwc_noclip_f32(
    const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float32_t *__RESTRICT out, int32_t out_w)
{
    kiln_maxpool1d_f32(x_nhwc, in_c, in_w, out, out_w, 2, -kiln_flt_inf(), kiln_flt_inf());
}

void arm_nn_maxpool1d_k2s2_nhwc_f32(const float32_t *__RESTRICT x_nhwc,
                                    int32_t in_c,
                                    int32_t in_w,
                                    float32_t *__RESTRICT out,
                                    int32_t out_w,
                                    float32_t act_min,
                                    float32_t act_max)
{
    kiln_maxpool1d_f32(x_nhwc, in_c, in_w, out, out_w, 2, act_min, act_max);
}

#endif /* ARM_NN_ENABLE_F32 */
