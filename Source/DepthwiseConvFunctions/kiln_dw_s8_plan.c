/*
 * Kiln — the int8 depthwise convolution plan: shape validation, the route table, the plan and
 * the dispatch to the native backend's kernels. See Include/Internal/kiln_dw_s8.h.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s8.h"

/* Largest filter window (taps) accepted: keeps sum (in + offset) * w within int32 for offsets in
 * [-255, 255] (|term| <= 383 * 128), whatever the data. */
#define KILN_DW_MAX_TAPS (16384)

/* Whether out is an output size TFLite produces along one axis (VALID or SAME padding, SAME's
 * odd total padding putting the extra row/column at the end). */
static bool kiln_dw_axis_ok(int32_t in, int32_t out, int32_t k, int32_t stride, int32_t pad, int32_t dil)
{
    const int64_t eff = (int64_t)(k - 1) * dil + 1;
    const int64_t span = (int64_t)in + 2 * (int64_t)pad - eff; /* symmetric padding */
    if (span + 1 < 0)
    {
        return false;
    }
    const int64_t out_sym = span >= 0 ? span / stride + 1 : 0;
    const int64_t out_extra = (span + 1) / stride + 1;
    if ((int64_t)out != out_sym && (int64_t)out != out_extra)
    {
        return false;
    }
    /* The last window's last tap, and in + pad, stay within int32. */
    const int64_t last = (int64_t)(out - 1) * stride + (eff - 1);
    return last <= INT32_MAX && (int64_t)in + pad <= INT32_MAX;
}

bool kiln_dw_s8_shape_from(const cmsis_nn_dw_conv_params *params,
                           const cmsis_nn_dims *input_dims,
                           const cmsis_nn_dims *filter_dims,
                           const cmsis_nn_dims *output_dims,
                           kiln_dw_s8_shape *shape)
{
    if (params == NULL || input_dims == NULL || filter_dims == NULL || output_dims == NULL || shape == NULL)
    {
        return false;
    }
    const cmsis_nn_dims *i = input_dims;
    const cmsis_nn_dims *f = filter_dims;
    const cmsis_nn_dims *o = output_dims;
    if (i->n < 1 || i->h < 1 || i->w < 1 || i->c < 1 || o->n < 1 || o->h < 1 || o->w < 1 || o->c < 1 || f->h < 1 ||
        f->w < 1)
    {
        return false;
    }
    if (o->n != i->n || params->ch_mult < 1 || (int64_t)i->c * params->ch_mult != (int64_t)o->c || f->c != o->c)
    {
        return false;
    }
    if (params->stride.h < 1 || params->stride.w < 1 || params->dilation.h < 1 || params->dilation.w < 1 ||
        params->padding.h < 0 || params->padding.w < 0)
    {
        return false;
    }
    if ((int64_t)f->h * f->w > KILN_DW_MAX_TAPS)
    {
        return false;
    }
    if (!kiln_dw_axis_ok(i->h, o->h, f->h, params->stride.h, params->padding.h, params->dilation.h) ||
        !kiln_dw_axis_ok(i->w, o->w, f->w, params->stride.w, params->padding.w, params->dilation.w))
    {
        return false;
    }
    const cmsis_nn_dims fd = {1, f->h, f->w, o->c};
    if (kiln_dims_count(i) > INT32_MAX || kiln_dims_count(o) > INT32_MAX || kiln_dims_count(&fd) > INT32_MAX)
    {
        return false;
    }
    /* A dilation has no effect along an axis of one tap: 1 there, so that no kernel forms dilation x
     * stride products it never needs; elsewhere the input bytes between two dilated taps (a row
     * apart, a column apart) fit int32, as the kernels step their pointers by them. */
    const int32_t dil_h = f->h == 1 ? 1 : params->dilation.h;
    const int32_t dil_w = f->w == 1 ? 1 : params->dilation.w;
    if ((int64_t)dil_h * i->w * i->c > INT32_MAX || (int64_t)dil_w * i->c > INT32_MAX)
    {
        return false;
    }
    shape->batches = i->n;
    shape->in_h = i->h;
    shape->in_w = i->w;
    shape->in_c = i->c;
    shape->out_h = o->h;
    shape->out_w = o->w;
    shape->out_c = o->c;
    shape->ch_mult = params->ch_mult;
    shape->filter_h = f->h;
    shape->filter_w = f->w;
    shape->stride_h = params->stride.h;
    shape->stride_w = params->stride.w;
    shape->pad_h = params->padding.h;
    shape->pad_w = params->padding.w;
    shape->dil_h = dil_h;
    shape->dil_w = dil_w;
    return true;
}

/* ---- requests that may have an empty output (the int16 and int4-weight families) ---------- */

/* One spatial axis of an empty output: size 0 when no symmetric window fits; a size >= 1 needs a
 * non-empty input and one of the sizes kiln_dw_s8_shape_from accepts (VALID/SAME, at most one
 * extra row/column of padding at the end). All in 64 bits. */
static bool kiln_dw_empty_axis_ok(int32_t in, int32_t out, int32_t k, int32_t stride, int32_t pad, int32_t dil)
{
    const int64_t eff = (int64_t)(k - 1) * dil + 1;
    const int64_t span = (int64_t)in + 2 * (int64_t)pad - eff;
    if (out == 0)
    {
        return span < 0;
    }
    if (in < 1 || span + 1 < 0)
    {
        return false;
    }
    const int64_t out_sym = span >= 0 ? span / stride + 1 : 0;
    const int64_t out_extra = (span + 1) / stride + 1;
    return (int64_t)out == out_sym || (int64_t)out == out_extra;
}

bool kiln_dw_req_from(const cmsis_nn_dw_conv_params *params,
                          const cmsis_nn_dims *input_dims,
                          const cmsis_nn_dims *filter_dims,
                          const cmsis_nn_dims *output_dims,
                          kiln_dw_req *req)
{
    if (params == NULL || input_dims == NULL || filter_dims == NULL || output_dims == NULL || req == NULL)
    {
        return false;
    }
    const cmsis_nn_dims *i = input_dims;
    const cmsis_nn_dims *f = filter_dims;
    const cmsis_nn_dims *o = output_dims;
    if (i->n < 0 || i->h < 0 || i->w < 0 || i->c < 0 || o->n < 0 || o->h < 0 || o->w < 0 || o->c < 0 || f->n < 0 ||
        f->h < 1 || f->w < 1 || f->c < 0)
    {
        return false;
    }
    if (params->ch_mult < 1 || params->stride.h < 1 || params->stride.w < 1 || params->dilation.h < 1 ||
        params->dilation.w < 1 || params->padding.h < 0 || params->padding.w < 0)
    {
        return false;
    }
    if (o->n != i->n || (int64_t)i->c * params->ch_mult != (int64_t)o->c || f->c != o->c)
    {
        return false;
    }
    req->empty = o->n == 0 || o->h == 0 || o->w == 0 || o->c == 0;
    if (req->empty)
    {
        return (int64_t)f->h * f->w <= KILN_DW_MAX_TAPS &&
            kiln_dw_empty_axis_ok(i->h, o->h, f->h, params->stride.h, params->padding.h, params->dilation.h) &&
            kiln_dw_empty_axis_ok(i->w, o->w, f->w, params->stride.w, params->padding.w, params->dilation.w);
    }
    /* Non-empty: exactly the int8 family's geometry (it also bounds the window by
     * KILN_DW_MAX_TAPS taps, every coordinate by int32 and every tensor by 2^31 elements). */
    return kiln_dw_s8_shape_from(params, input_dims, filter_dims, output_dims, &req->shape);
}

bool kiln_dw_s8_args_ok(const kiln_dw_s8_shape *shape,
                        const cmsis_nn_dw_conv_params *params,
                        const cmsis_nn_per_channel_quant_params *quant,
                        const int8_t *input,
                        const int8_t *filter,
                        const int8_t *output)
{
    if (shape == NULL || params == NULL || quant == NULL || quant->multiplier == NULL || quant->shift == NULL ||
        input == NULL || filter == NULL || output == NULL)
    {
        return false;
    }
    if (params->input_offset < -255 || params->input_offset > 255 || params->output_offset < -255 ||
        params->output_offset > 255 || !kiln_act_s8_ok(params->activation.min, params->activation.max))
    {
        return false;
    }
    return kiln_quant_ok(quant->multiplier, quant->shift, shape->out_c);
}

/* ---- route predicates and byte needs --------------------------------------------------------- */

static bool kiln_dw_is_3x3(const kiln_dw_s8_shape *s)
{
    return s->ch_mult == 1 && s->filter_h == 3 && s->filter_w == 3 && s->pad_h <= 1 && s->pad_w <= 1 &&
        s->dil_h == 1 && s->dil_w == 1;
}

static bool kiln_dw_is_cm1(const kiln_dw_s8_shape *s)
{
    return s->ch_mult == 1;
}

static bool kiln_dw_is_ic1(const kiln_dw_s8_shape *s)
{
    return s->in_c == 1 && s->ch_mult > 1;
}

static bool kiln_dw_any(const kiln_dw_s8_shape *s)
{
    (void)s;
    return true;
}

/* No route uses scratch on any backend: the kernels walk the NHWC input in place. */
static int64_t kiln_dw_no_scratch(const kiln_dw_s8_shape *s, kiln_isa isa)
{
    (void)s;
    (void)isa;
    return 0;
}

/* Helium ch_mult-1 kernels take (optional) precomputed weight sums, one int32 per channel. */
static int64_t kiln_dw_ws_mve(const kiln_dw_s8_shape *s, kiln_isa isa)
{
    return isa == KILN_ISA_MVE ? (int64_t)s->out_c * (int64_t)sizeof(int32_t) : 0;
}

static int64_t kiln_dw_no_ws(const kiln_dw_s8_shape *s, kiln_isa isa)
{
    (void)s;
    (void)isa;
    return 0;
}

const kiln_dw_s8_route_entry kiln_dw_s8_routes[KILN_DW_S8_ROUTE_COUNT] = {
    {"3x3", kiln_dw_is_3x3, kiln_dw_no_scratch, kiln_dw_ws_mve},
    {"opt", kiln_dw_is_cm1, kiln_dw_no_scratch, kiln_dw_ws_mve},
    {"ic1", kiln_dw_is_ic1, kiln_dw_no_scratch, kiln_dw_no_ws},
    {"generic", kiln_dw_any, kiln_dw_no_scratch, kiln_dw_no_ws},
};

const char *kiln_dw_s8_route_name(kiln_dw_s8_route route)
{
    return ((uint32_t)route < (uint32_t)KILN_DW_S8_ROUTE_COUNT) ? kiln_dw_s8_routes[route].name : "?";
}

bool kiln_dw_s8_route_applies(kiln_dw_s8_route route, const kiln_dw_s8_shape *shape)
{
    if (shape == NULL || (uint32_t)route >= (uint32_t)KILN_DW_S8_ROUTE_COUNT)
    {
        return false;
    }
    return kiln_dw_s8_routes[route].applies(shape);
}

bool kiln_dw_s8_plan_route(const kiln_dw_s8_shape *shape, kiln_isa isa, kiln_dw_s8_route route,
                           kiln_dw_s8_plan_t *plan)
{
    if (plan == NULL || !kiln_dw_s8_route_applies(route, shape))
    {
        return false;
    }
    const kiln_dw_s8_route_entry *e = &kiln_dw_s8_routes[route];
    plan->route = route;
    plan->name = e->name;
    plan->scratch_bytes = e->scratch_bytes(shape, isa);
    plan->weight_sum_bytes = e->weight_sum_bytes(shape, isa);
    return true;
}

bool kiln_dw_s8_plan(const kiln_dw_s8_shape *shape, kiln_isa isa, struct kiln_dw_s8_plan *plan)
{
    if (shape == NULL || plan == NULL)
    {
        return false;
    }
    for (int32_t r = 0; r < KILN_DW_S8_ROUTE_COUNT; r++)
    {
        if (kiln_dw_s8_plan_route(shape, isa, (kiln_dw_s8_route)r, plan))
        {
            return true;
        }
    }
    return false; /* unreachable: "generic" always applies */
}

void kiln_dw_s8_run(kiln_dw_s8_route route, const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    switch (route)
    {
    case KILN_DW_S8_ROUTE_3X3:
        kiln_dw_s8_kernel_3x3(shape, args);
        break;
    case KILN_DW_S8_ROUTE_OPT:
        kiln_dw_s8_kernel_cm1(shape, args);
        break;
    case KILN_DW_S8_ROUTE_IC1:
        kiln_dw_s8_kernel_ic1(shape, args);
        break;
    default:
        kiln_dw_s8_kernel_generic(shape, args);
        break;
    }
}
