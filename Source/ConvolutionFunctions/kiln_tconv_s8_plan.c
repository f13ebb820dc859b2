/* Kiln — the int8 transposed-convolution plan: shape and argument checks, the route and the exact
 * bytes it uses in every caller buffer (Include/Internal/kiln_tconv_s8.h). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_tconv_s8.h"

const char *kiln_tconv_s8_route_name(kiln_tconv_s8_route route)
{
    return route == KILN_TCONV_S8_ROUTE_DIRECT ? "direct_gather" : "?";
}

static void kiln_tconv_fill_input_side(const cmsis_nn_transpose_conv_params *params,
                                       const cmsis_nn_dims *input_dims,
                                       const cmsis_nn_dims *filter_dims,
                                       kiln_tconv_s8_shape *s)
{
    s->batches = input_dims->n;
    s->in_h = input_dims->h;
    s->in_w = input_dims->w;
    s->in_c = input_dims->c;
    s->filter_h = filter_dims->h;
    s->filter_w = filter_dims->w;
    s->stride_h = params->stride.h;
    s->stride_w = params->stride.w;
    s->pad_h = params->padding.h;
    s->pad_w = params->padding.w;
    s->pad_end_h = params->padding_offsets.h;
    s->pad_end_w = params->padding_offsets.w;
    s->out_h = 0;
    s->out_w = 0;
    s->out_c = 0;
}

bool kiln_tconv_s8_input_side_from(const cmsis_nn_transpose_conv_params *params,
                                   const cmsis_nn_dims *input_dims,
                                   const cmsis_nn_dims *filter_dims,
                                   kiln_tconv_s8_shape *s)
{
    if (params == NULL || input_dims == NULL || filter_dims == NULL || s == NULL)
    {
        return false;
    }
    if (filter_dims->c != input_dims->c)
    {
        return false;
    }
    kiln_tconv_fill_input_side(params, input_dims, filter_dims, s);
    s->out_c = filter_dims->n;
    return true;
}

bool kiln_tconv_s8_shape_from(const cmsis_nn_transpose_conv_params *params,
                              const cmsis_nn_dims *input_dims,
                              const cmsis_nn_dims *filter_dims,
                              const cmsis_nn_dims *output_dims,
                              kiln_tconv_s8_shape *s)
{
    if (params == NULL || input_dims == NULL || filter_dims == NULL || output_dims == NULL || s == NULL)
    {
        return false;
    }
    if (output_dims->n != input_dims->n || filter_dims->c != input_dims->c || filter_dims->n != output_dims->c)
    {
        return false;
    }
    kiln_tconv_fill_input_side(params, input_dims, filter_dims, s);
    s->out_h = output_dims->h;
    s->out_w = output_dims->w;
    s->out_c = output_dims->c;
    return true;
}

bool kiln_tconv_s8_input_side_ok(const kiln_tconv_s8_shape *s)
{
    if (s == NULL || s->batches < 0 || s->in_h < 0 || s->in_w < 0 || s->in_c < 0 || s->out_c < 0)
    {
        return false;
    }
    if (s->filter_h < 1 || s->filter_w < 1 || s->stride_h < 1 || s->stride_w < 1)
    {
        return false;
    }
    if (s->pad_h < 0 || s->pad_w < 0 || s->pad_end_h < 0 || s->pad_end_w < 0)
    {
        return false;
    }
    const cmsis_nn_dims in = {s->batches, s->in_h, s->in_w, s->in_c};
    const cmsis_nn_dims flt = {s->out_c, s->filter_h, s->filter_w, s->in_c};
    return kiln_dims_count(&in) <= INT32_MAX && kiln_dims_count(&flt) <= INT32_MAX;
}

/* One axis of TFLite's transpose-conv arithmetic, in 64 bits: the input is the size a convolution
 * of the output (padded by pad before and pad_end after) with this filter and stride produces. */
static bool kiln_tconv_axis_ok(int32_t in, int32_t out, int32_t filter, int32_t stride, int32_t pad, int32_t pad_end)
{
    if (in < 1 || out < 1)
    {
        return false;
    }
    const int64_t span = (int64_t)out + pad + pad_end - filter;
    if (span < 0)
    {
        return false;
    }
    return span / stride + 1 == (int64_t)in;
}

bool kiln_tconv_s8_shape_ok(const kiln_tconv_s8_shape *s)
{
    if (!kiln_tconv_s8_input_side_ok(s) || s->out_h < 0 || s->out_w < 0)
    {
        return false;
    }
    const cmsis_nn_dims out = {s->batches, s->out_h, s->out_w, s->out_c};
    const int64_t out_count = kiln_dims_count(&out);
    if (out_count > INT32_MAX)
    {
        return false;
    }
    if (out_count == 0)
    {
        return true; /* nothing is computed */
    }
    return kiln_tconv_axis_ok(s->in_h, s->out_h, s->filter_h, s->stride_h, s->pad_h, s->pad_end_h) &&
        kiln_tconv_axis_ok(s->in_w, s->out_w, s->filter_w, s->stride_w, s->pad_w, s->pad_end_w);
}

static void kiln_tconv_fill_plan(kiln_isa isa, kiln_tconv_s8_plan_t *out)
{
    /* One route on every backend: the direct gather, which uses no caller buffer. */
    out->route = KILN_TCONV_S8_ROUTE_DIRECT;
    out->route_name = kiln_tconv_s8_route_name(KILN_TCONV_S8_ROUTE_DIRECT);
    out->isa = isa;
    out->scratch_bytes = 0;
    out->output_ctx_bytes = 0;
    out->reverse_conv_bytes = 0;
    out->weight_sum_bytes = 0;
}

arm_cmsis_nn_status kiln_tconv_s8_plan(const kiln_tconv_s8_shape *s, kiln_isa isa, kiln_tconv_s8_plan_t *out)
{
    if (out == NULL || !kiln_tconv_s8_shape_ok(s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_tconv_fill_plan(isa, out);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_tconv_s8_plan_input_side(const kiln_tconv_s8_shape *s,
                                                  kiln_isa isa,
                                                  kiln_tconv_s8_plan_t *out)
{
    if (out == NULL || !kiln_tconv_s8_input_side_ok(s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_tconv_fill_plan(isa, out);
    return ARM_CMSIS_NN_SUCCESS;
}

bool kiln_tconv_s8_params_ok(const kiln_tconv_s8_shape *s,
                             const cmsis_nn_transpose_conv_params *params,
                             const cmsis_nn_per_channel_quant_params *quant_params,
                             const int8_t *input_data,
                             const int8_t *filter_data,
                             const int8_t *output_data)
{
    if (s == NULL || params == NULL || quant_params == NULL)
    {
        return false;
    }
    const cmsis_nn_dims in = {s->batches, s->in_h, s->in_w, s->in_c};
    const cmsis_nn_dims flt = {s->out_c, s->filter_h, s->filter_w, s->in_c};
    const cmsis_nn_dims out = {s->batches, s->out_h, s->out_w, s->out_c};
    if ((input_data == NULL && kiln_dims_count(&in) != 0) || (filter_data == NULL && kiln_dims_count(&flt) != 0) ||
        (output_data == NULL && kiln_dims_count(&out) != 0))
    {
        return false;
    }
    /* Input offset = -zero point of an int8 tensor; output offset = its zero point. */
    if (params->input_offset < -INT8_MAX || params->input_offset > -INT8_MIN || params->output_offset < INT8_MIN ||
        params->output_offset > INT8_MAX || !kiln_act_s8_ok(params->activation.min, params->activation.max))
    {
        return false;
    }
    if (s->out_c > 0 && (quant_params->multiplier == NULL || quant_params->shift == NULL))
    {
        return false;
    }
    return kiln_quant_ok(quant_params->multiplier, quant_params->shift, s->out_c);
}
