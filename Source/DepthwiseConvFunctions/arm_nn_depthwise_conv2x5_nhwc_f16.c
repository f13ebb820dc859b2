/*
 * Kiln — arm_nn_depthwise_conv2x5_nhwc_f16: the 2x5 route kernel of arm_depthwise_conv_f16 as a direct entry
 * (input height 2, output height 1, valid columns only).
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16

void arm_nn_depthwise_conv2x5_nhwc_f16(const float16_t *__RESTRICT x_nhwc,
                                       int32_t batches,
                                       int32_t in_c,
                                       int32_t in_w,
                                       int32_t ch_mult,
                                       const float16_t *__RESTRICT kernel,
                                       const float16_t *__RESTRICT b,
                                       float16_t *__RESTRICT out,
                                       int32_t out_w,
                                       float16_t act_min,
                                       float16_t act_max)
{
    kiln_dw_flt_geom g;
    bool empty = true;
    if (out_w < 0 || (int64_t)out_w > (int64_t)in_w - 4 ||
        !kiln_dw_flt_kernel_geom(batches, 2, in_w, in_c, ch_mult, 2, 5, 1, out_w, 1, 1, 0, 0, sizeof(float16_t), &g,
                                 &empty) ||
        !KILN_FLT_ACT_OK(act_min, act_max) || empty || x_nhwc == NULL || kernel == NULL || out == NULL)
    {
        return;
    }
    kiln_dw_flt_2x5_f16(x_nhwc, batches, in_c, in_w, ch_mult, kernel, b, out, out_w, act_min, act_max);
}

#endif /* ARM_NN_ENABLE_F16 */
