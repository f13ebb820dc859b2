/*
 * Kiln — arm_nn_pack_conv_patch_f16: one patch row of the packed-patch GEMM route. For output position
 * (out_y, out_x) of one NHWC image, writes KH x KW x C_IN elements in (ky, kx, c) order; taps outside the
 * input take pad_value. Inconsistent arguments leave patch_row untouched (the function returns nothing).
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F16

void arm_nn_pack_conv_patch_f16(const float16_t *__RESTRICT input,
                                int32_t in_h,
                                int32_t in_w,
                                int32_t in_c,
                                int32_t kernel_h,
                                int32_t kernel_w,
                                int32_t stride_h,
                                int32_t stride_w,
                                int32_t pad_h,
                                int32_t pad_w,
                                int32_t dilation_h,
                                int32_t dilation_w,
                                int32_t out_y,
                                int32_t out_x,
                                float16_t pad_value,
                                float16_t *__RESTRICT patch_row)
{
    kiln_conv_flt_geom g;
    if (!kiln_conv_flt_patch_geom(input, patch_row, in_h, in_w, in_c, kernel_h, kernel_w, stride_h, stride_w, pad_h,
                                  pad_w, dilation_h, dilation_w, out_y, out_x, KILN_FLT_F16, &g))
    {
        return;
    }
    kiln_conv_flt_pack_patch_f16(input, &g, out_y, out_x, pad_value, patch_row);
}

#endif /* ARM_NN_ENABLE_F16 */
