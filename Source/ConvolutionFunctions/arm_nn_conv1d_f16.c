/*
 * Kiln — float16 conv1d kernels of the router's conv1d routes: arm_nn_conv1d_k5_nhwc_f16,
 * arm_nn_conv1d_k5_packed_f16, arm_nn_conv1d_k3_nhwc_f16, arm_nn_conv1d_k3_packed_f16.
 * Float32 accumulation. Valid (unpadded) convolution of one row, unit stride and dilation, no activation, no scratch.
 * Inconsistent arguments leave out untouched (these functions return nothing).
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F16

static void kiln_conv1d_f16(const float16_t *x,
                            int32_t in_c,
                            int32_t in_w,
                            int32_t k,
                            const float16_t *w,
                            bool packed,
                            const float16_t *b,
                            float16_t *out,
                            int32_t out_c,
                            int32_t out_w)
{
    if (kiln_conv_flt_conv1d_args_ok(x, in_c, in_w, k, w, out, out_c, out_w, packed, KILN_FLT_F16))
    {
        kiln_conv_flt_conv1d_f16(x, in_c, k, w, packed, b, out, out_c, out_w, 0.0f, 0.0f, false, false);
    }
}

void arm_nn_conv1d_k5_nhwc_f16(const float16_t *__RESTRICT x_nhwc,
                               int32_t in_c,
                               int32_t in_w,
                               const float16_t *__RESTRICT kernel,
                               const float16_t *__RESTRICT b,
                               float16_t *__RESTRICT out,
                               int32_t out_c,
                               int32_t out_w)
{
    kiln_conv1d_f16(x_nhwc, in_c, in_w, 5, kernel, false, b, out, out_c, out_w);
}

void arm_nn_conv1d_k5_packed_f16(const float16_t *__RESTRICT x_nhwc,
                                 int32_t in_c,
                                 int32_t in_w,
                                 const float16_t *__RESTRICT kernel_packed,
                                 const float16_t *__RESTRICT b,
                                 float16_t *__RESTRICT out,
                                 int32_t out_c,
                                 int32_t out_w)
{
    kiln_conv1d_f16(x_nhwc, in_c, in_w, 5, kernel_packed, true, b, out, out_c, out_w);
}

void arm_nn_conv1d_k3_nhwc_f16(const float16_t *__RESTRICT x_nhwc,
                               int32_t in_c,
                               int32_t in_w,
                               const float16_t *__RESTRICT kernel,
                               const float16_t *__RESTRICT b,
                               float16_t *__RESTRICT out,
                               int32_t out_c,
                               int32_t out_w)
{
    kiln_conv1d_f16(x_nhwc, in_c, in_w, 3, kernel, false, b, out, out_c, out_w);
}

void arm_nn_conv1d_k3_packed_f16(const float16_t *__RESTRICT x_nhwc,
                                 int32_t in_c,
                                 int32_t in_w,
                                 const float16_t *__RESTRICT kernel_packed,
                                 const float16_t *__RESTRICT b,
                                 float16_t *__RESTRICT out,
                                 int32_t out_c,
                                 int32_t out_w)
{
    kiln_conv1d_f16(x_nhwc, in_c, in_w, 3, kernel_packed, true, b, out, out_c, out_w);
}

#endif /* ARM_NN_ENABLE_F16 */
