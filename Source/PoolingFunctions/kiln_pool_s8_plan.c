/* Kiln — int8 and int16 pooling: argument validation and the route plan shared by entries and queries. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_pool_s8.h"

typedef struct
{
    kiln_pool_s8_op op;
    kiln_isa isa;
    kiln_pool_s8_route route;
    const char *name;
    bool small_window_only; /* predicate: window taps <= KILN_POOL_S8_ACC16_MAX_TAPS */
} kiln_pool_s8_route_entry;

/* First entry whose op and backend match and whose predicate holds wins. */
static const kiln_pool_s8_route_entry kiln_pool_s8_routes[] = {
    {KILN_POOL_S8_AVG, KILN_ISA_MVE, KILN_POOL_S8_ROUTE_AVG_ACC16, "avg_s8_mve_acc16", true},
    {KILN_POOL_S8_AVG, KILN_ISA_MVE, KILN_POOL_S8_ROUTE_AVG_ACC32, "avg_s8_mve_acc32", false},
    {KILN_POOL_S8_AVG, KILN_ISA_DSP, KILN_POOL_S8_ROUTE_AVG_ACC16, "avg_s8_dsp_acc16", true},
    {KILN_POOL_S8_AVG, KILN_ISA_DSP, KILN_POOL_S8_ROUTE_AVG_ACC32, "avg_s8_dsp_acc32", false},
    {KILN_POOL_S8_AVG, KILN_ISA_C, KILN_POOL_S8_ROUTE_AVG_C, "avg_s8_c", false},
    {KILN_POOL_S8_MAX, KILN_ISA_MVE, KILN_POOL_S8_ROUTE_MAX, "max_s8_mve", false},
    {KILN_POOL_S8_MAX, KILN_ISA_DSP, KILN_POOL_S8_ROUTE_MAX, "max_s8_dsp", false},
    {KILN_POOL_S8_MAX, KILN_ISA_C, KILN_POOL_S8_ROUTE_MAX, "max_s8_c", false},
    /* int16: the portable kernels on every backend */
    {KILN_POOL_S16_AVG, KILN_ISA_MVE, KILN_POOL_S16_ROUTE_AVG_C, "avg_s16_c", false},
    {KILN_POOL_S16_AVG, KILN_ISA_DSP, KILN_POOL_S16_ROUTE_AVG_C, "avg_s16_c", false},
    {KILN_POOL_S16_AVG, KILN_ISA_C, KILN_POOL_S16_ROUTE_AVG_C, "avg_s16_c", false},
    {KILN_POOL_S16_MAX, KILN_ISA_MVE, KILN_POOL_S16_ROUTE_MAX_C, "max_s16_c", false},
    {KILN_POOL_S16_MAX, KILN_ISA_DSP, KILN_POOL_S16_ROUTE_MAX_C, "max_s16_c", false},
    {KILN_POOL_S16_MAX, KILN_ISA_C, KILN_POOL_S16_ROUTE_MAX_C, "max_s16_c", false},
};

int32_t kiln_pool_s8_plan(const kiln_pool_s8_geom *g, kiln_pool_s8_op op, kiln_isa isa, kiln_pool_s8_plan_info *out)
{
    if (g == NULL || out == NULL || g->ch < 0 || g->out_w < 0 || g->k_h < 0 || g->k_w < 0)
    {
        return -1;
    }
    const int64_t taps = (int64_t)g->k_h * g->k_w;
    const size_t n = sizeof(kiln_pool_s8_routes) / sizeof(kiln_pool_s8_routes[0]);
    for (size_t i = 0; i < n; i++)
    {
        const kiln_pool_s8_route_entry *e = &kiln_pool_s8_routes[i];
        if (e->op != op || e->isa != isa)
        {
            continue;
        }
        if (e->small_window_only && taps > KILN_POOL_S8_ACC16_MAX_TAPS)
        {
            continue;
        }
        out->route = e->route;
        out->name = e->name;
        /* Every route keeps its sums (or maxima) in registers: no scratch. */
        out->scratch_bytes = 0;
        return 0;
    }
    return -1;
}

/* Element count n*h*w*c of a tensor, or -1 past INT32_MAX (kernels index in 32 bits). */
static int64_t kiln_pool_s8_count(int32_t n, int32_t h, int32_t w, int32_t c)
{
    const cmsis_nn_dims d = {n, h, w, c};
    const int64_t count = kiln_dims_count(&d);
    return (count < 0 || count > (int64_t)INT32_MAX) ? -1 : count;
}

/* One axis: the last window must end within int32, and (average) every window must hold a tap. */
static bool kiln_pool_s8_axis_ok(kiln_pool_s8_op op, int32_t in, int32_t out, int32_t k, int32_t stride, int32_t pad)
{
    if (out == 0)
    {
        return true;
    }
    const int64_t last_start = (int64_t)(out - 1) * stride;
    if (last_start + k > (int64_t)INT32_MAX)
    {
        return false;
    }
    if (op == KILN_POOL_S8_AVG || op == KILN_POOL_S16_AVG)
    {
        /* First window ends after row 0, last window starts before row `in`. */
        return (int64_t)k - pad > 0 && last_start - pad < (int64_t)in;
    }
    return true;
}

bool kiln_pool_s8_check(kiln_pool_s8_op op,
                        const cmsis_nn_pool_params *pool_params,
                        const cmsis_nn_dims *input_dims,
                        const void *input_data,
                        const cmsis_nn_dims *filter_dims,
                        const cmsis_nn_dims *output_dims,
                        const void *output_data,
                        kiln_pool_s8_geom *g)
{
    if (pool_params == NULL || input_dims == NULL || input_data == NULL || filter_dims == NULL ||
        output_dims == NULL || output_data == NULL)
    {
        return false;
    }
    const int32_t stride_h = pool_params->stride.h, stride_w = pool_params->stride.w;
    const int32_t pad_h = pool_params->padding.h, pad_w = pool_params->padding.w;
    const int32_t k_h = filter_dims->h, k_w = filter_dims->w;
    const bool s16 = op == KILN_POOL_S16_AVG || op == KILN_POOL_S16_MAX;
    if (stride_h <= 0 || stride_w <= 0 || pad_h < 0 || pad_w < 0 || k_h <= 0 || k_w <= 0 ||
        (int64_t)k_h * k_w > (s16 ? KILN_POOL_S16_MAX_TAPS : KILN_POOL_S8_MAX_TAPS))
    {
        return false;
    }
    const int32_t act_min = pool_params->activation.min, act_max = pool_params->activation.max;
    if (s16 ? !kiln_act_s16_ok(act_min, act_max) : !kiln_act_s8_ok(act_min, act_max))
    {
        return false;
    }
    if (output_dims->c != input_dims->c || output_dims->h < 0 || output_dims->w < 0)
    {
        return false;
    }
    const int64_t in_count = kiln_pool_s8_count(input_dims->n, input_dims->h, input_dims->w, input_dims->c);
    const int64_t out_count = kiln_pool_s8_count(input_dims->n, output_dims->h, output_dims->w, input_dims->c);
    if (in_count < 0 || out_count < 0)
    {
        return false;
    }
    if (out_count > 0 && (!kiln_pool_s8_axis_ok(op, input_dims->h, output_dims->h, k_h, stride_h, pad_h) ||
                          !kiln_pool_s8_axis_ok(op, input_dims->w, output_dims->w, k_w, stride_w, pad_w)))
    {
        return false;
    }
    g->batches = input_dims->n;
    g->in_h = input_dims->h;
    g->in_w = input_dims->w;
    g->ch = input_dims->c;
    g->out_h = output_dims->h;
    g->out_w = output_dims->w;
    g->k_h = k_h;
    g->k_w = k_w;
    g->stride_h = stride_h;
    g->stride_w = stride_w;
    g->pad_h = pad_h;
    g->pad_w = pad_w;
    g->act_min = pool_params->activation.min;
    g->act_max = pool_params->activation.max;
    return true;
}
