/*
 * Kiln — arm_nn_pack_conv_patch_f32: one patch row of the packed-patch GEMM route. For output position
 * (out_y, out_x) of one NHWC image, writes KH x KW x C_IN elements in (ky, kx, c) order; taps outside the
 * input take pad_value. Inconsistent arguments leave patch_row untouched (the function returns nothing).
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F32

void arm_nn_pack_conv_patch_f32(const float32_t *__RESTRICT input,
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
                                float32_t pad_value,
                                float32_t *__RESTRICT patch_row)
{
    if (input == NULL || patch_row == NULL || in_h < 1 || in_w < 1 || in_c < 1 || out_y < 0 || out_x < 0 ||
        out_y == INT32_MAX || out_x == INT32_MAX ||
        !arm_nn_conv_flt_axis_ok(out_y + 1, kernel_h, stride_h, pad_h, dilation_h) ||
        !arm_nn_conv_flt_axis_ok(out_x + 1, kernel_w, stride_w, pad_w, dilation_w) ||
        (int64_t)kernel_h * kernel_w > (int64_t)INT32_MAX / in_c ||
        (int64_t)in_h * in_w > (int64_t)(PTRDIFF_MAX / (ptrdiff_t)sizeof(float32_t)) / in_c)
    {
        return;
    }
    kiln_conv_flt_geom g;
    g.n = 1;
    g.in_h = in_h;
    g.in_w = in_w;
    g.in_c = in_c;
    g.k_h = kernel_h;
    g.k_w = kernel_w;
    g.out_h = out_y + 1;
    g.out_w = out_x + 1;
    g.out_c = 1;
    g.stride_h = stride_h;
    g.stride_w = stride_w;
    g.pad_h = pad_h;
    g.pad_w = pad_w;
    g.dil_h = dilation_h;
    g.dil_w = dilation_w;
    g.packed = false;
    kiln_conv_flt_pack_patch_f32(input, &g, out_y, out_x, pad_value, patch_row);
}

#endif /* ARM_NN_ENABLE_F32 */
