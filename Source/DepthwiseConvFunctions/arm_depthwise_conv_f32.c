/*
 * Kiln — float32 depthwise convolution router: arm_depthwise_conv_f32, arm_depthwise_nhwc_conv_f32,
 * arm_depthwise_conv_wrapper_f32 and their size queries. Validates, plans (kiln_dw_f32_plan: the route table in
 * dispatch order) and runs the route's kernel.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F32

/* The one-input-channel route: the depthwise filter [taps][C_OUT] packed as the NT_N_PACKED convolution filter
 * [C_OUT][taps] (blocks of KILN_CONV_F32_LANES output channels) into ctx, then the float convolution's
 * packed-patch GEMM kernel with one input channel. */
static void kiln_dw_cin1_f32(const kiln_dw_flt_plan_t *p, float32_t *scratch, const float32_t *in, const float32_t *w,
                             const float32_t *bias, float32_t *out, float32_t lo, float32_t hi)
{
    const kiln_dw_flt_geom *g = &p->g;
    const int32_t taps = g->k_h * g->k_w;
    const int32_t lanes = KILN_CONV_F32_LANES;
    const int32_t blocks = (g->out_c + lanes - 1) / lanes;
    float32_t *packed = scratch;
    for (int32_t bk = 0; bk < blocks; bk++)
    {
        for (int32_t k = 0; k < taps; k++)
        {
            float32_t *d = packed + ((size_t)bk * (size_t)taps + (size_t)k) * (size_t)lanes;
            for (int32_t j = 0; j < lanes; j++)
            {
                const int32_t o = bk * lanes + j;
                d[j] = o < g->out_c ? w[(size_t)k * (size_t)g->out_c + (size_t)o] : 0.0f;
            }
        }
    }
    const kiln_conv_flt_geom cg = kiln_dw_flt_cin1_conv_geom(g);
    kiln_conv_flt_patch_gemm_f32(&cg, in, packed, bias, out, lo, hi, packed + (size_t)blocks * lanes * taps, p->rows);
}

void kiln_dw_flt_run_f32(const kiln_dw_flt_plan_t *p, const cmsis_nn_context *ctx, const float32_t *in,
                         const float32_t *w, const float32_t *bias, float32_t *out, float32_t lo, float32_t hi)
{
    const kiln_dw_flt_geom *g = &p->g;
    float32_t *scratch = p->scratch_bytes > 0 ? (float32_t *)ctx->buf : NULL;
    switch (p->route)
    {
    case KILN_DW_FLT_ROUTE_K3:
    {
        /* Fully covered columns on the conv1d kernel; explicitly requested columns past the input clip. */
        int32_t covered = g->in_w - 2;
        covered = covered < 0 ? 0 : (covered > g->out_w ? g->out_w : covered);
        kiln_dw_flt_k3_f32(in, g->in_c, w, bias, out, covered, lo, hi, true);
        if (covered < g->out_w)
        {
            kiln_dw_flt_generic_native_f32(g, in, w, bias, out, lo, hi, covered);
        }
        break;
    }
    case KILN_DW_FLT_ROUTE_3X3:
        kiln_dw_flt_3x3_f32(g, in, w, bias, out, lo, hi);
        break;
    case KILN_DW_FLT_ROUTE_CIN1:
        kiln_dw_cin1_f32(p, scratch, in, w, bias, out, lo, hi);
        break;
    case KILN_DW_FLT_ROUTE_NT_T:
    {
        const int32_t taps = g->k_h * g->k_w;
        float32_t *dst = out;
        for (int32_t b = 0; b < g->n; b++)
        {
            const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
            for (int32_t y = 0; y < g->out_h; y++)
            {
                for (int32_t x = 0; x < g->out_w; x++)
                {
                    kiln_dw_flt_patch_f32(img, g, y, x, scratch);
                    kiln_dw_flt_nt_t_f32(scratch, w, bias, dst, 1, g->out_c, taps, g->out_c, lo, hi);
                    dst += g->out_c;
                }
            }
        }
        break;
    }
    case KILN_DW_FLT_ROUTE_2X5: /* float16 only: never planned for float32 */
    case KILN_DW_FLT_ROUTE_GENERIC:
    default:
        kiln_dw_flt_generic_native_f32(g, in, w, bias, out, lo, hi, 0);
        break;
    }
}

arm_cmsis_nn_status arm_depthwise_conv_f32(const cmsis_nn_context *ctx,
                                           const cmsis_nn_dw_conv_params_f32 *dw_conv_params,
                                           const cmsis_nn_dims *input_dims,
                                           const float32_t *input,
                                           const cmsis_nn_dims *filter_dims,
                                           const float32_t *kernel,
                                           const cmsis_nn_dims *bias_dims,
                                           const float32_t *bias,
                                           const cmsis_nn_dims *output_dims,
                                           float32_t *output,
                                           arm_nn_tensor_layout layout)
{
    kiln_dw_flt_plan_t p;
    if (kiln_dw_f32_plan(dw_conv_params, (int32_t)layout, input_dims, filter_dims, output_dims, KILN_FLT_NATIVE_ISA,
                         kiln_dw_flt_ctx_bytes(ctx), &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!KILN_FLT_ACT_OK(dw_conv_params->activation.min, dw_conv_params->activation.max) ||
        (bias != NULL && bias_dims != NULL && bias_dims->c != output_dims->c))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (p.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (input == NULL || kernel == NULL || output == NULL ||
        (p.scratch_bytes > 0 && ((uintptr_t)ctx->buf % sizeof(float32_t)) != 0))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_dw_flt_run_f32(&p, ctx, input, kernel, bias, output, dw_conv_params->activation.min,
                        dw_conv_params->activation.max);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_depthwise_nhwc_conv_f32(const cmsis_nn_context *ctx,
                                                const cmsis_nn_dw_conv_params_f32 *dw_conv_params,
                                                const cmsis_nn_dims *input_dims,
                                                const float32_t *input,
                                                const cmsis_nn_dims *filter_dims,
                                                const float32_t *kernel,
                                                const cmsis_nn_dims *bias_dims,
                                                const float32_t *bias,
                                                const cmsis_nn_dims *output_dims,
                                                float32_t *output)
{
    return arm_depthwise_conv_f32(ctx, dw_conv_params, input_dims, input, filter_dims, kernel, bias_dims, bias,
                                  output_dims, output, ARM_NN_LAYOUT_NHWC);
}

arm_cmsis_nn_status arm_depthwise_conv_wrapper_f32(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_dw_conv_params_f32 *dw_conv_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const float32_t *input,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const float32_t *kernel,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const float32_t *bias,
                                                   const cmsis_nn_dims *output_dims,
                                                   float32_t *output)
{
    return arm_depthwise_conv_f32(ctx, dw_conv_params, input_dims, input, filter_dims, kernel, bias_dims, bias,
                                  output_dims, output, ARM_NN_LAYOUT_NHWC);
}

int32_t arm_depthwise_conv_f32_get_buffer_size(const cmsis_nn_dw_conv_params_f32 *dw_conv_params,
                                               const cmsis_nn_dims *input_dims,
                                               const cmsis_nn_dims *filter_dims,
                                               const cmsis_nn_dims *output_dims,
                                               arm_nn_tensor_layout layout)
{
    kiln_dw_flt_plan_t p;
    if (kiln_dw_f32_plan(dw_conv_params, (int32_t)layout, input_dims, filter_dims, output_dims, KILN_FLT_NATIVE_ISA,
                         INT64_MAX, &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return p.empty ? 0 : kiln_query_result(p.scratch_bytes);
}

int32_t arm_depthwise_conv_wrapper_f32_get_buffer_size(const cmsis_nn_dw_conv_params_f32 *dw_conv_params,
                                                       const cmsis_nn_dims *input_dims,
                                                       const cmsis_nn_dims *filter_dims,
                                                       const cmsis_nn_dims *output_dims)
{
    return arm_depthwise_conv_f32_get_buffer_size(dw_conv_params, input_dims, filter_dims, output_dims,
                                                  ARM_NN_LAYOUT_NHWC);
}

#endif /* ARM_NN_ENABLE_F32 */
