/*
 * Kiln — the ns-cmsis-nn direct entries of the int16x8 convolution family: arm_convolve_1x1_s16_ns_np_nd,
 * arm_convolve_s16_fast_small_kernel and arm_convolve_s16_group_ch_mult_1. Each accepts only the shapes of its
 * contract (checked here, before anything else is read) and then runs exactly what arm_convolve_s16 runs
 * (kiln_conv_s16_entry: the same validation, plan and kernel, hence the same bits). Portable C on every backend
 * (ns-cmsis-nn has the fast-small-kernel entry on Helium builds only and returns ARM_CMSIS_NN_NO_IMPL_ERROR
 * elsewhere; Kiln computes it everywhere).
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s16.h"

/* Every filter window inside the input: no padding, and no implicit trailing row / column (the output extent
 * is the VALID one). Dilated extents in 64 bits; kiln_conv_s16_entry checks everything else. */
static bool kiln_conv_s16_windows_inside(const cmsis_nn_conv_params *p,
                                         const cmsis_nn_dims *in,
                                         const cmsis_nn_dims *f,
                                         const cmsis_nn_dims *out)
{
    if (p->padding.h != 0 || p->padding.w != 0 || p->stride.h < 1 || p->stride.w < 1 || p->dilation.h < 1 ||
        p->dilation.w < 1 || f->h < 1 || f->w < 1 || out->h < 1 || out->w < 1)
    {
        return false;
    }
    const int64_t eff_h = (int64_t)p->dilation.h * (f->h - 1) + 1, eff_w = (int64_t)p->dilation.w * (f->w - 1) + 1;
    return (int64_t)(out->h - 1) * p->stride.h + eff_h <= in->h && (int64_t)(out->w - 1) * p->stride.w + eff_w <= in->w;
}

arm_cmsis_nn_status arm_convolve_1x1_s16_ns_np_nd(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_conv_params *conv_params,
                                                  const cmsis_nn_per_channel_quant_params *quant_params,
                                                  const cmsis_nn_dims *input_dims,
                                                  const int16_t *input_data,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const int8_t *filter_data,
                                                  const cmsis_nn_dims *bias_dims,
                                                  const cmsis_nn_bias_data *bias_data,
                                                  const cmsis_nn_dims *output_dims,
                                                  int16_t *output_data)
{
    (void)bias_dims;
    /* 1x1 filter over every input channel, unit stride and dilation, no padding */
    if (conv_params == NULL || input_dims == NULL || filter_dims == NULL || output_dims == NULL ||
        filter_dims->h != 1 || filter_dims->w != 1 || filter_dims->c != input_dims->c || conv_params->stride.h != 1 ||
        conv_params->stride.w != 1 || conv_params->dilation.h != 1 || conv_params->dilation.w != 1 ||
        !kiln_conv_s16_windows_inside(conv_params, input_dims, filter_dims, output_dims))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    return kiln_conv_s16_entry(ctx, conv_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                               bias_data, output_dims, output_data);
}

arm_cmsis_nn_status arm_convolve_s16_fast_small_kernel(const cmsis_nn_context *ctx,
                                                       const cmsis_nn_conv_params *conv_params,
                                                       const cmsis_nn_per_channel_quant_params *quant_params,
                                                       const cmsis_nn_dims *input_dims,
                                                       const int16_t *input_data,
                                                       const cmsis_nn_dims *filter_dims,
                                                       const int8_t *filter_data,
                                                       const cmsis_nn_dims *bias_dims,
                                                       const cmsis_nn_bias_data *bias_data,
                                                       const cmsis_nn_dims *output_dims,
                                                       int16_t *output_data)
{
    (void)bias_dims;
    /* at most 8 taps x channels per output (filter_h x filter_w x filter_c <= 8), every window inside the input */
    if (conv_params == NULL || input_dims == NULL || filter_dims == NULL || output_dims == NULL ||
        filter_dims->c < 1 || !kiln_conv_s16_windows_inside(conv_params, input_dims, filter_dims, output_dims) ||
        (int64_t)filter_dims->h * filter_dims->w * filter_dims->c > 8)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    return kiln_conv_s16_entry(ctx, conv_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                               bias_data, output_dims, output_data);
}

arm_cmsis_nn_status arm_convolve_s16_group_ch_mult_1(const cmsis_nn_context *ctx,
                                                     const cmsis_nn_conv_params *conv_params,
                                                     const cmsis_nn_per_channel_quant_params *quant_params,
                                                     const cmsis_nn_dims *input_dims,
                                                     const int16_t *input_data,
                                                     const cmsis_nn_dims *filter_dims,
                                                     const int8_t *filter_data,
                                                     const cmsis_nn_dims *bias_dims,
                                                     const cmsis_nn_bias_data *bias_data,
                                                     const cmsis_nn_dims *output_dims,
                                                     int16_t *output_data)
{
    (void)bias_dims;
    /* one input channel per filter (filter [out_c][h][w][1]) and as many outputs as inputs: output channel c
     * convolves input channel c (a grouped convolution of in_c groups); any stride, padding, dilation */
    if (input_dims == NULL || filter_dims == NULL || output_dims == NULL || filter_dims->c != 1 ||
        output_dims->c != input_dims->c)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    return kiln_conv_s16_entry(ctx, conv_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                               bias_data, output_dims, output_data);
}
