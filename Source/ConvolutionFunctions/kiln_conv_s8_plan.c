/*
 * Kiln — the int8 convolution plan: shape validation, the route table and the scratch each route
 * uses per backend. The one place a convolution route is chosen (see Internal/kiln_conv_s8.h).
 */
#include "Include/Internal/kiln_conv_s8.h"

/* ---- shape ----------------------------------------------------------------------------------- */

/* One spatial axis: output size consistent with floor((in + 2 pad + extra - eff_k) / stride) + 1 for
 * extra 0 or 1, and every coordinate the kernels form within int32. */
static bool kiln_conv_axis_ok(int32_t in, int32_t k, int32_t stride, int32_t pad, int32_t dil, int32_t out)
{
    if (in < 1 || k < 1 || stride < 1 || pad < 0 || dil < 1 || out < 1)
    {
        return false;
    }
    const int64_t eff = (int64_t)dil * (k - 1) + 1;
    const int64_t span = (int64_t)in + 2 * (int64_t)pad;
    bool match = false;
    for (int64_t extra = 0; extra <= 1; extra++)
    {
        const int64_t num = span + extra - eff;
        if (num >= 0 && num / stride + 1 == out)
        {
            match = true;
        }
    }
    /* Largest coordinate: (out - 1) * stride + eff (before subtracting the padding). */
    const int64_t last = (int64_t)(out - 1) * stride + eff;
    return match && last <= INT32_MAX && span <= INT32_MAX;
}

bool kiln_conv_s8_shape_ok(const kiln_conv_s8_shape *s)
{
    if (s == NULL || s->batches < 1 || s->in_c < 1 || s->filter_c < 1 || s->out_c < 1)
    {
        return false;
    }
    if ((s->upscale_h != 1 && s->upscale_h != 2) || (s->upscale_w != 1 && s->upscale_w != 2))
    {
        return false;
    }
    if (!kiln_conv_axis_ok(s->in_h, s->filter_h, s->stride_h, s->pad_h, s->dilation_h, s->out_h) ||
        !kiln_conv_axis_ok(s->in_w, s->filter_w, s->stride_w, s->pad_w, s->dilation_w, s->out_w))
    {
        return false;
    }
    if ((s->upscale_h == 2 && (s->in_h & 1) != 0) || (s->upscale_w == 2 && (s->in_w & 1) != 0))
    {
        return false;
    }
    /* The input bytes between two dilated taps (a row apart, a column apart) fit int32: the kernels
     * step their pointers by them. */
    if ((int64_t)s->dilation_h * s->in_w * s->in_c > INT32_MAX || (int64_t)s->dilation_w * s->in_c > INT32_MAX)
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
    /* Tensor sizes (and so every index the kernels form) within int32. */
    const cmsis_nn_dims in = {s->batches, s->in_h, s->in_w, s->in_c};
    const cmsis_nn_dims out = {s->batches, s->out_h, s->out_w, s->out_c};
    const cmsis_nn_dims flt = {s->out_c, s->filter_h, s->filter_w, s->filter_c};
    return kiln_dims_count(&in) <= INT32_MAX && kiln_dims_count(&out) <= INT32_MAX &&
        kiln_dims_count(&flt) <= INT32_MAX;
}

/* ---- routes ---------------------------------------------------------------------------------- */

static bool kiln_conv_plain_input(const kiln_conv_s8_shape *s)
{
    return s->upscale_h == 1 && s->upscale_w == 1;
}

/* Every output pixel of a 1x1 filter without padding reads an input pixel (no implicit trailing
 * padding row or column: the shape check admits one, which TFLite never produces for 1x1). */
static bool kiln_conv_1x1_inside(const kiln_conv_s8_shape *s)
{
    return (int64_t)(s->out_h - 1) * s->stride_h < s->in_h && (int64_t)(s->out_w - 1) * s->stride_w < s->in_w;
}

static bool kiln_conv_pred_1x1_fast(const kiln_conv_s8_shape *s)
{
    return s->filter_h == 1 && s->filter_w == 1 && s->stride_h == 1 && s->stride_w == 1 && s->pad_h == 0 &&
        s->pad_w == 0 && kiln_conv_plain_input(s) && kiln_conv_1x1_inside(s);
}

static bool kiln_conv_pred_1x1(const kiln_conv_s8_shape *s)
{
    return s->filter_h == 1 && s->filter_w == 1 && s->pad_h == 0 && s->pad_w == 0 && kiln_conv_plain_input(s) &&
        kiln_conv_1x1_inside(s);
}

static bool kiln_conv_pred_1xn(const kiln_conv_s8_shape *s)
{
    return s->filter_h == 1 && (s->dilation_w == 1 || s->filter_w == 1) && s->filter_c == s->in_c &&
        kiln_conv_plain_input(s);
}

static bool kiln_conv_pred_any(const kiln_conv_s8_shape *s)
{
    (void)s;
    return true;
}

static int64_t kiln_conv_rhs_cols(const kiln_conv_s8_shape *s)
{
    return (int64_t)s->filter_h * s->filter_w * s->filter_c;
}

int64_t kiln_conv_s8_im2col_scratch(int64_t rhs_cols, kiln_isa isa)
{
    if (rhs_cols < 0)
    {
        return -1;
    }
    return kiln_mul_sat64(rhs_cols, kiln_conv_s8_block_rows(isa, rhs_cols));
}

static int64_t kiln_conv_scratch_none(const kiln_conv_s8_shape *s, kiln_isa isa)
{
    (void)s;
    (void)isa;
    return 0;
}

/* 1xN: patches are read in place; only one touching the padding is built in scratch. */
static int64_t kiln_conv_scratch_1xn(const kiln_conv_s8_shape *s, kiln_isa isa)
{
    const int64_t last_x = (int64_t)(s->out_w - 1) * s->stride_w - s->pad_w + (s->filter_w - 1);
    const int64_t last_y = (int64_t)(s->out_h - 1) * s->stride_h - s->pad_h;
    const bool padded = s->pad_w > 0 || s->pad_h > 0 || last_x >= s->in_w || last_y >= s->in_h;
    return padded ? kiln_conv_s8_im2col_scratch(kiln_conv_rhs_cols(s), isa) : 0;
}

static int64_t kiln_conv_scratch_im2col(const kiln_conv_s8_shape *s, kiln_isa isa)
{
    return kiln_conv_s8_im2col_scratch(kiln_conv_rhs_cols(s), isa);
}

const kiln_conv_s8_route_entry kiln_conv_s8_routes[KILN_CONV_S8_ROUTE_COUNT] = {
    {KILN_CONV_S8_ROUTE_1X1_FAST, "1x1_fast", kiln_conv_pred_1x1_fast, kiln_conv_scratch_none},
    {KILN_CONV_S8_ROUTE_1X1, "1x1", kiln_conv_pred_1x1, kiln_conv_scratch_none},
    {KILN_CONV_S8_ROUTE_1XN, "1xN", kiln_conv_pred_1xn, kiln_conv_scratch_1xn},
    {KILN_CONV_S8_ROUTE_IM2COL, "im2col_gemm", kiln_conv_pred_any, kiln_conv_scratch_im2col},
};

const char *kiln_conv_s8_route_name(kiln_conv_s8_route route)
{
    return ((uint32_t)route < (uint32_t)KILN_CONV_S8_ROUTE_COUNT) ? kiln_conv_s8_routes[route].name : "?";
}

arm_cmsis_nn_status kiln_conv_s8_plan_route(const kiln_conv_s8_shape *s,
                                            kiln_isa isa,
                                            kiln_conv_s8_route route,
                                            kiln_conv_s8_plan_t *out)
{
    if (out == NULL || !kiln_conv_s8_shape_ok(s) || (uint32_t)route >= (uint32_t)KILN_CONV_S8_ROUTE_COUNT)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_conv_s8_route_entry *e = &kiln_conv_s8_routes[route];
    if (!e->predicate(s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t scratch = e->scratch(s, isa);
    if (scratch < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    out->route = route;
    out->route_name = e->name;
    out->isa = isa;
    out->block_rows = kiln_conv_s8_block_rows(isa, kiln_conv_rhs_cols(s));
    out->groups = s->in_c / s->filter_c;
    out->rhs_cols = (int32_t)kiln_conv_rhs_cols(s);
    out->scratch_bytes = scratch;
    out->weight_sum_bytes = isa == KILN_ISA_MVE ? (int64_t)s->out_c * (int64_t)sizeof(int32_t) : 0;
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_conv_s8_plan(const kiln_conv_s8_shape *s, kiln_isa isa, kiln_conv_s8_plan_t *out)
{
    if (!kiln_conv_s8_shape_ok(s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < KILN_CONV_S8_ROUTE_COUNT; r++)
    {
        if (kiln_conv_s8_routes[r].predicate(s))
        {
            return kiln_conv_s8_plan_route(s, isa, kiln_conv_s8_routes[r].route, out);
        }
    }
    return ARM_CMSIS_NN_ARG_ERROR; /* unreachable: the last route takes every shape */
}

bool kiln_conv_s8_shape_from(const cmsis_nn_conv_params *conv_params,
                             const cmsis_nn_dims *input_dims,
                             const cmsis_nn_dims *filter_dims,
                             const cmsis_nn_dims *output_dims,
                             const cmsis_nn_dims *upscale_dims,
                             kiln_conv_s8_shape *s)
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
    /* A dilation has no effect along an axis of one tap: 1 there (a value below 1 stays, to be
     * refused), so that no kernel forms dilation x stride products it never needs. */
    s->dilation_h = (filter_dims->h == 1 && conv_params->dilation.h >= 1) ? 1 : conv_params->dilation.h;
    s->dilation_w = (filter_dims->w == 1 && conv_params->dilation.w >= 1) ? 1 : conv_params->dilation.w;
    /* Upstream CMSIS-NN: a factor of 2 upscales that axis (nearest), any other value leaves it. */
    s->upscale_h = (upscale_dims != NULL && upscale_dims->h == 2) ? 2 : 1;
    s->upscale_w = (upscale_dims != NULL && upscale_dims->w == 2) ? 2 : 1;
    return true;
}
