/*
 * Kiln — the geometry of the direct convolutions (the int16 and int4-weight families): the shape
 * from the public arguments and its checks, shared by both families' plans (Internal/kiln_conv_geom.h).
 */
#include "Include/Internal/kiln_conv_geom.h"

/* One spatial axis (fields already known non-negative): the output size matches the convolution
 * arithmetic and every coordinate the kernel forms, (out - 1) * stride + eff - 1 - pad at most and
 * -pad at least, lies within int32. */
static bool kiln_conv_geom_axis_ok(int32_t in, int32_t k, int32_t stride, int32_t pad, int32_t dil, int32_t out)
{
    if (k < 1 || stride < 1 || pad < 0 || dil < 1 || in < 0 || out < 0)
    {
        return false;
    }
    const int64_t eff = (int64_t)dil * (k - 1) + 1;
    const int64_t span = (int64_t)in + 2 * (int64_t)pad;
    if (span > INT32_MAX)
    {
        return false;
    }
    if (out == 0)
    {
        return span < eff;
    }
    if (in < 1)
    {
        return false;
    }
    bool match = false;
    for (int64_t extra = 0; extra <= 1; extra++)
    {
        const int64_t num = span + extra - eff;
        if (num >= 0 && num / stride + 1 == out)
        {
            match = true;
        }
    }
    return match && (int64_t)(out - 1) * stride + eff <= INT32_MAX;
}

bool kiln_conv_geom_ok(const kiln_conv_geom *s)
{
    if (s == NULL || s->batches < 0 || s->in_c < 1 || s->filter_c < 1 || s->out_c < 0)
    {
        return false;
    }
    if (!kiln_conv_geom_axis_ok(s->in_h, s->filter_h, s->stride_h, s->pad_h, s->dilation_h, s->out_h) ||
        !kiln_conv_geom_axis_ok(s->in_w, s->filter_w, s->stride_w, s->pad_w, s->dilation_w, s->out_w))
    {
        return false;
    }
    if (s->in_c % s->filter_c != 0)
    {
        return false;
    }
    const int32_t groups = s->in_c / s->filter_c;
    if (s->out_c % groups != 0)
    {
        return false;
    }
    /* Element counts (and so every index the kernel forms) and the dot length within int32. */
    const cmsis_nn_dims in = {s->batches, s->in_h, s->in_w, s->in_c};
    const cmsis_nn_dims out = {s->batches, s->out_h, s->out_w, s->out_c};
    const cmsis_nn_dims flt = {s->out_c, s->filter_h, s->filter_w, s->filter_c};
    const cmsis_nn_dims dot = {1, s->filter_h, s->filter_w, s->filter_c};
    return kiln_dims_count(&in) <= INT32_MAX && kiln_dims_count(&out) <= INT32_MAX &&
        kiln_dims_count(&flt) <= INT32_MAX && kiln_dims_count(&dot) <= INT32_MAX;
}

bool kiln_conv_geom_from(const cmsis_nn_conv_params *conv_params,
                              const cmsis_nn_dims *input_dims,
                              const cmsis_nn_dims *filter_dims,
                              const cmsis_nn_dims *output_dims,
                              kiln_conv_geom *s)
{
    if (conv_params == NULL || input_dims == NULL || filter_dims == NULL || output_dims == NULL || s == NULL)
    {
        return false;
    }
    s->batches = input_dims->n;
    s->in_h = input_dims->h;
    s->in_w = input_dims->w;
    s->in_c = input_dims->c;
    s->filter_h = filter_dims->h;
    s->filter_w = filter_dims->w;
    s->filter_c = filter_dims->c;
    s->out_h = output_dims->h;
    s->out_w = output_dims->w;
    s->out_c = output_dims->c;
    s->stride_h = conv_params->stride.h;
    s->stride_w = conv_params->stride.w;
    s->pad_h = conv_params->padding.h;
    s->pad_w = conv_params->padding.w;
    s->dilation_h = conv_params->dilation.h;
    s->dilation_w = conv_params->dilation.w;
    return true;
}
