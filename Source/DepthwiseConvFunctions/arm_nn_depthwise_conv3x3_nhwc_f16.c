/*
 * Kiln — arm_nn_depthwise_conv3x3_nhwc_f16: the 3x3 route kernel of arm_depthwise_conv_f16 as a direct entry
 * (validates, then runs the router's 3x3 kernel).
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16

void arm_nn_depthwise_conv3x3_nhwc_f16(const float16_t *__RESTRICT x_nhwc,
                                       int32_t batches,
                                       int32_t in_c,
                                       int32_t in_h,
                                       int32_t in_w,
                                       const float16_t *__RESTRICT kernel,
                                       const float16_t *__RESTRICT b,
                                       float16_t *__RESTRICT out,
                                       int32_t stride_x,
                                       int32_t stride_y,
                                       int32_t pad_x,
                                       int32_t pad_y,
                                       int32_t out_h,
                                       int32_t out_w,
                                       float16_t act_min,
                                       float16_t act_max)
{
    kiln_dw_flt_geom g;
    bool empty = true;
    if (!kiln_dw_flt_kernel_geom(batches, in_h, in_w, in_c, 1, 3, 3, out_h, out_w, stride_x, stride_y, pad_x, pad_y,
                                 sizeof(float16_t), &g, &empty) ||
        !KILN_FLT_ACT_OK(act_min, act_max) || empty || x_nhwc == NULL || kernel == NULL || out == NULL)
    {
        return;
    }
    kiln_dw_flt_3x3_f16(&g, x_nhwc, kernel, b, out, act_min, act_max);
}

#endif /* ARM_NN_ENABLE_F16 */
