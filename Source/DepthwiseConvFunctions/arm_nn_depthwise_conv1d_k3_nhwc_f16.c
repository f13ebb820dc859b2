/*
 * Kiln — arm_nn_depthwise_conv1d_k3_nhwc_f16: the conv1d k3 route kernel of arm_depthwise_conv_f16 as a direct
 * entry (no activation; the router clamps its result).
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16

void arm_nn_depthwise_conv1d_k3_nhwc_f16(const float16_t *__RESTRICT x_nhwc,
                                         int32_t in_c,
                                         int32_t in_w,
                                         const float16_t *__RESTRICT kernel,
                                         const float16_t *__RESTRICT b,
                                         float16_t *__RESTRICT out,
                                         int32_t out_w)
{
    kiln_dw_flt_geom g;
    bool empty = true;
    if (out_w < 0 || (int64_t)out_w > (int64_t)in_w - 2 ||
        !kiln_dw_flt_kernel_geom(1, 1, in_w, in_c, 1, 1, 3, 1, out_w, 1, 1, 0, 0, sizeof(float16_t), &g, &empty) ||
        empty || x_nhwc == NULL || kernel == NULL || out == NULL)
    {
        return;
    }
    kiln_dw_flt_k3_f16(x_nhwc, in_c, kernel, b, out, out_w, (float16_t)0.0f, (float16_t)0.0f, false);
}

#endif /* ARM_NN_ENABLE_F16 */
