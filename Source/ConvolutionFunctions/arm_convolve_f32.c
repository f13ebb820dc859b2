/*
 * Kiln — float32 convolution router: arm_convolve_f32, arm_convolve_nhwc_f32, arm_convolve_wrapper_f32 and
 * their size queries. Validates, plans (kiln_conv_flt_plan: the route predicates in dispatch order) and
 * runs the route's kernel.
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F32

void kiln_conv_flt_run_f32(const kiln_conv_flt_plan_t *p,
                           const kiln_conv_flt_geom *g,
                           const cmsis_nn_context *ctx,
                           const float32_t *in,
                           const float32_t *w,
                           const float32_t *bias,
                           float32_t *out,
                           float32_t lo,
                           float32_t hi)
{
    float32_t *scratch = p->scratch_bytes > 0 ? (float32_t *)ctx->buf : NULL;
    switch (p->route)
    {
    case KILN_CONV_FLT_ROUTE_1X1:
        kiln_conv_flt_1x1_f32(g, in, w, bias, out, lo, hi);
        break;
    case KILN_CONV_FLT_ROUTE_1XN:
        kiln_conv_flt_1xn_f32(g, in, w, bias, out, lo, hi, scratch);
        break;
    case KILN_CONV_FLT_ROUTE_K5:
    case KILN_CONV_FLT_ROUTE_K3:
    {
        /* Fully covered columns on the conv1d kernel; explicitly requested columns past the input clip. */
        int32_t covered = g->in_w - g->k_w + 1;
        covered = covered < 0 ? 0 : (covered > g->out_w ? g->out_w : covered);
        kiln_conv_flt_conv1d_f32(in, g->in_c, g->k_w, w, g->packed, bias, out, g->out_c, covered, lo, hi, true);
        if (covered < g->out_w)
        {
            kiln_conv_flt_direct_f32(g, in, w, bias, out, lo, hi, covered);
        }
        break;
    }
    case KILN_CONV_FLT_ROUTE_PATCH_GEMM:
        kiln_conv_flt_patch_gemm_f32(g, in, w, bias, out, lo, hi, scratch,
                                     p->scratch_bytes >= 2 * kiln_conv_flt_row_bytes_g(g, sizeof(float32_t)) ? 2 : 1);
        break;
    case KILN_CONV_FLT_ROUTE_SMALL_C: /* MVE-float builds: the Helium direct kernel (taps inside the input, two
                                       * columns per weight load) */
    case KILN_CONV_FLT_ROUTE_DIRECT:
    default:
        kiln_conv_flt_direct_f32(g, in, w, bias, out, lo, hi, 0);
        break;
    }
}

arm_cmsis_nn_status arm_convolve_f32(const cmsis_nn_context *ctx,
                                     const cmsis_nn_conv_params_f32 *conv_params,
                                     const cmsis_nn_dims *input_dims,
                                     const float32_t *input_data,
                                     const cmsis_nn_dims *filter_dims,
                                     const float32_t *filter_data,
                                     const cmsis_nn_dims *bias_dims,
                                     const float32_t *bias_data,
                                     const cmsis_nn_dims *output_dims,
                                     float32_t *output_data,
                                     arm_nn_tensor_layout layout)
{
    if (conv_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_conv_flt_plan_t p;
    kiln_conv_flt_geom g;
    const arm_cmsis_nn_status st =
        KILN_CONV_FLT_ENTRY_PLAN(conv_params, layout, input_dims, filter_dims, bias_dims, bias_data, output_dims,
                                 KILN_FLT_F32, kiln_conv_flt_ctx_bytes(ctx), &p, &g);
    if (st != ARM_CMSIS_NN_SUCCESS)
    {
        return st;
    }
    if (p.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (input_data == NULL || filter_data == NULL || output_data == NULL ||
        (p.scratch_bytes > 0 && ((uintptr_t)ctx->buf % sizeof(float32_t)) != 0))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_conv_flt_run_f32(&p, &g, ctx, input_data, filter_data, bias_data, output_data, conv_params->activation.min,
                          conv_params->activation.max);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_convolve_nhwc_f32(const cmsis_nn_context *ctx,
                                          const cmsis_nn_conv_params_f32 *conv_params,
                                          const cmsis_nn_dims *input_dims,
                                          const float32_t *input_data,
                                          const cmsis_nn_dims *filter_dims,
                                          const float32_t *filter_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const float32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          float32_t *output_data)
{
    return arm_convolve_f32(ctx, conv_params, input_dims, input_data, filter_dims, filter_data, bias_dims, bias_data,
                            output_dims, output_data, ARM_NN_LAYOUT_NHWC);
}

arm_cmsis_nn_status arm_convolve_wrapper_f32(const cmsis_nn_context *ctx,
                                             const cmsis_nn_conv_params_f32 *conv_params,
                                             const cmsis_nn_dims *input_dims,
                                             const float32_t *input_data,
                                             const cmsis_nn_dims *filter_dims,
                                             const float32_t *filter_data,
                                             const cmsis_nn_dims *bias_dims,
                                             const float32_t *bias_data,
                                             const cmsis_nn_dims *output_dims,
                                             float32_t *output_data)
{
    return arm_convolve_f32(ctx, conv_params, input_dims, input_data, filter_dims, filter_data, bias_dims, bias_data,
                            output_dims, output_data, ARM_NN_LAYOUT_NHWC);
}

int32_t arm_convolve_f32_get_buffer_size(const cmsis_nn_conv_params_f32 *conv_params,
                                         const cmsis_nn_dims *input_dims,
                                         const cmsis_nn_dims *filter_dims,
                                         const cmsis_nn_dims *output_dims,
                                         arm_nn_tensor_layout layout)
{
    if (conv_params == NULL)
    {
        return -1;
    }
    kiln_conv_flt_plan_t p;
    if (kiln_conv_flt_plan(&conv_params->stride, &conv_params->padding, &conv_params->dilation,
                           (int32_t)conv_params->weight_format, (int32_t)layout, input_dims, filter_dims, output_dims,
                           KILN_FLT_F32, KILN_FLT_NATIVE_ISA, INT64_MAX, &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return p.empty ? 0 : kiln_query_result(p.scratch_bytes);
}

int32_t arm_convolve_wrapper_f32_get_buffer_size(const cmsis_nn_conv_params_f32 *conv_params,
                                                 const cmsis_nn_dims *input_dims,
                                                 const cmsis_nn_dims *filter_dims,
                                                 const cmsis_nn_dims *output_dims)
{
    return arm_convolve_f32_get_buffer_size(conv_params, input_dims, filter_dims, output_dims, ARM_NN_LAYOUT_NHWC);
}

#endif /* ARM_NN_ENABLE_F32 */
