/* Kiln — arm_transpose_conv_s8 and the family's entry: validate every argument against the plan,
 * then run the planned route (the direct gather, Include/Internal/kiln_tconv_s8.h). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_tconv_s8.h"

/* The input rows (or columns) whose filter taps reach output coordinate t - pad, t = out + pad:
 * i * stride in [t - filter + 1, t], clipped to [0, in - 1]. Empty when *lo > *hi. */
static void kiln_tconv_taps(int64_t t, int32_t filter, int32_t stride, int32_t in, int32_t *lo, int32_t *hi)
{
    const int64_t first = t - filter + 1;
    int64_t l = first <= 0 ? 0 : (first + stride - 1) / stride;
    int64_t h = t / stride;
    if (h > (int64_t)in - 1)
    {
        h = (int64_t)in - 1;
    }
    if (l > h)
    {
        *lo = 1;
        *hi = 0;
        return;
    }
    *lo = (int32_t)l;
    *hi = (int32_t)h;
}

/* The direct gather: each output element is the int32 sum over the input pixels whose taps hit it
 * (sums wrap as two's complement, through uint32), then requantized, offset and clamped. */
static void kiln_tconv_s8_direct(const kiln_tconv_s8_shape *s,
                                 const int8_t *input,
                                 const int8_t *filter,
                                 const int32_t *bias,
                                 const int32_t *mult,
                                 const int32_t *shift,
                                 int32_t input_offset,
                                 int32_t output_offset,
                                 int32_t act_min,
                                 int32_t act_max,
                                 int8_t *output)
{
    const int32_t in_h = s->in_h, in_w = s->in_w, in_c = s->in_c;
    const int32_t fh = s->filter_h, fw = s->filter_w;
    const int32_t out_h = s->out_h, out_w = s->out_w, out_c = s->out_c;
    const int32_t sh = s->stride_h, sw = s->stride_w;
    const int32_t batches = s->batches;
    const int64_t pad_h = s->pad_h, pad_w = s->pad_w;
    const int32_t filter_oc_stride = fh * fw * in_c; /* within int32: the filter size is */
    int8_t *out = output;

    for (int32_t b = 0; b < batches; b++)
    {
        const int8_t *in_batch = input == NULL ? NULL : input + (ptrdiff_t)b * in_h * in_w * in_c;
        for (int32_t oy = 0; oy < out_h; oy++)
        {
            const int64_t ty = (int64_t)oy + pad_h;
            int32_t iy_lo, iy_hi;
            kiln_tconv_taps(ty, fh, sh, in_h, &iy_lo, &iy_hi);
            for (int32_t ox = 0; ox < out_w; ox++)
            {
                const int64_t tx = (int64_t)ox + pad_w;
                int32_t ix_lo, ix_hi;
                kiln_tconv_taps(tx, fw, sw, in_w, &ix_lo, &ix_hi);
                for (int32_t oc = 0; oc < out_c; oc++)
                {
                    uint32_t acc = bias != NULL ? (uint32_t)bias[oc] : 0u;
                    if (in_c > 0)
                    {
                        const int8_t *f_oc = filter + (ptrdiff_t)oc * filter_oc_stride;
                        for (int32_t iy = iy_lo; iy <= iy_hi; iy++)
                        {
                            const int32_t ky = (int32_t)(ty - (int64_t)iy * sh);
                            const int8_t *in_row = in_batch + (ptrdiff_t)iy * in_w * in_c;
                            const int8_t *f_row = f_oc + (ptrdiff_t)ky * fw * in_c;
                            for (int32_t ix = ix_lo; ix <= ix_hi; ix++)
                            {
                                const int32_t kx = (int32_t)(tx - (int64_t)ix * sw);
                                const int8_t *ip = in_row + (ptrdiff_t)ix * in_c;
                                const int8_t *fp = f_row + (ptrdiff_t)kx * in_c;
                                for (int32_t c = 0; c < in_c; c++)
                                {
                                    /* |(x + offset) * w| <= 255 * 128: the product fits int32. */
                                    acc += (uint32_t)(((int32_t)ip[c] + input_offset) * (int32_t)fp[c]);
                                }
                            }
                        }
                    }
                    int32_t r = arm_nn_requantize((int32_t)acc, mult[oc], shift[oc]);
                    r += output_offset;
                    r = r < act_min ? act_min : r;
                    r = r > act_max ? act_max : r;
                    *out++ = (int8_t)r;
                }
            }
        }
    }
}

arm_cmsis_nn_status kiln_tconv_s8_entry(const cmsis_nn_context *ctx,
                                        const cmsis_nn_context *aux_ctx,
                                        bool aux_is_reverse,
                                        const cmsis_nn_context *weight_sum_ctx,
                                        const cmsis_nn_transpose_conv_params *params,
                                        const cmsis_nn_per_channel_quant_params *quant_params,
                                        const cmsis_nn_dims *input_dims,
                                        const int8_t *input_data,
                                        const cmsis_nn_dims *filter_dims,
                                        const int8_t *filter_data,
                                        const int32_t *bias_data,
                                        const cmsis_nn_dims *output_dims,
                                        int8_t *output_data)
{
    kiln_tconv_s8_shape s;
    kiln_tconv_s8_plan_t plan;
    if (!kiln_tconv_s8_shape_from(params, input_dims, filter_dims, output_dims, &s) ||
        kiln_tconv_s8_plan(&s, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_tconv_s8_params_ok(&s, params, quant_params, input_data, filter_data, output_data))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_ctx_holds(ctx, plan.scratch_bytes) ||
        !kiln_ctx_holds(aux_ctx, aux_is_reverse ? plan.reverse_conv_bytes : plan.output_ctx_bytes) ||
        !kiln_ctx_holds(weight_sum_ctx, plan.weight_sum_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const cmsis_nn_dims out = {s.batches, s.out_h, s.out_w, s.out_c};
    if (kiln_dims_count(&out) == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    kiln_tconv_s8_direct(&s,
                         input_data,
                         filter_data,
                         bias_data,
                         quant_params->multiplier,
                         quant_params->shift,
                         params->input_offset,
                         params->output_offset,
                         params->activation.min,
                         params->activation.max,
                         output_data);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_transpose_conv_s8(const cmsis_nn_context *ctx,
                                          const cmsis_nn_context *output_ctx,
                                          const cmsis_nn_transpose_conv_params *transpose_conv_params,
                                          const cmsis_nn_per_channel_quant_params *quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input_data,
                                          const cmsis_nn_dims *filter_dims,
                                          const int8_t *filter_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output_data)
{
    (void)bias_dims;
    return kiln_tconv_s8_entry(ctx,
                               output_ctx,
                               false,
                               NULL,
                               transpose_conv_params,
                               quant_params,
                               input_dims,
                               input_data,
                               filter_dims,
                               filter_data,
                               bias_data,
                               output_dims,
                               output_data);
}
