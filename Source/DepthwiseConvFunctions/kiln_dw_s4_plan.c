/*
 * Kiln — the int4-weight depthwise convolution family: validation, the plan (one route, "dw_s4_c",
 * on every backend, no scratch), the portable C kernel, the common entry body and the size
 * queries. See Include/Internal/kiln_dw_s4.h.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s4.h"

/* Output channels accumulated together per output position (stack: 4 bytes each). */
#define KILN_DW_S4_BLOCK (32)

static const char *const kiln_dw_s4_names[KILN_DW_S4_ROUTE_COUNT] = {"dw_s4_c"};

const char *kiln_dw_s4_route_name(kiln_dw_s4_route route)
{
    return ((uint32_t)route < (uint32_t)KILN_DW_S4_ROUTE_COUNT) ? kiln_dw_s4_names[route] : "?";
}

bool kiln_dw_s4_plan(const kiln_dw_s4_req *req, kiln_isa isa, kiln_dw_s4_plan_t *plan)
{
    if (req == NULL || plan == NULL)
    {
        return false;
    }
    (void)isa; /* the same portable C route on every backend */
    plan->route = KILN_DW_S4_ROUTE_C;
    plan->name = kiln_dw_s4_names[KILN_DW_S4_ROUTE_C];
    plan->scratch_bytes = 0;
    return true;
}

bool kiln_dw_s4_args_ok(const kiln_dw_s4_req *req,
                        const cmsis_nn_dw_conv_params *params,
                        const cmsis_nn_per_channel_quant_params *quant,
                        const int8_t *input,
                        const int8_t *filter,
                        const int8_t *output)
{
    if (req == NULL || params == NULL)
    {
        return false;
    }
    if (params->input_offset < -255 || params->input_offset > 255 || params->output_offset < -255 ||
        params->output_offset > 255 || !kiln_act_s8_ok(params->activation.min, params->activation.max))
    {
        return false;
    }
    if (req->empty)
    {
        return true;
    }
    return kiln_dw_s8_args_ok(&req->shape, params, quant, input, filter, output);
}

/* ---- the "dw_s4_c" kernel -------------------------------------------------------------------- */

typedef struct
{
    const int8_t *input;
    const int8_t *filter; /* packed int4 */
    const int32_t *bias;  /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
    int8_t *output;
    int32_t input_offset;
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
} kiln_dw_s4_args;

/* One output position (b, oy, ox): channels in blocks of KILN_DW_S4_BLOCK, taps outer, channels
 * inner (the channels of one tap are consecutive nibbles, so the filter streams in order). */
static void kiln_dw_s4_position(const kiln_dw_s8_shape *s, const kiln_dw_s4_args *a, int32_t b, int32_t oy,
                                int32_t ox, int8_t *out)
{
    const int32_t base_y = oy * s->stride_h - s->pad_h;
    const int32_t base_x = ox * s->stride_w - s->pad_w;
    int32_t ky0, ky1, kx0, kx1;
    kiln_tap_range(base_y, s->in_h, s->filter_h, s->dil_h, &ky0, &ky1);
    kiln_tap_range(base_x, s->in_w, s->filter_w, s->dil_w, &kx0, &kx1);
    const int32_t cm = s->ch_mult;
    int32_t acc[KILN_DW_S4_BLOCK];

    for (int32_t c0 = 0; c0 < s->out_c; c0 += KILN_DW_S4_BLOCK)
    {
        const int32_t n = MIN(KILN_DW_S4_BLOCK, s->out_c - c0);
        for (int32_t j = 0; j < n; j++)
        {
            acc[j] = 0;
        }
        const int32_t ic0 = c0 / cm;
        const int32_t m0 = c0 - ic0 * cm;
        for (int32_t ky = ky0; ky < ky1; ky++)
        {
            const int32_t iy = base_y + ky * s->dil_h;
            const int8_t *row = a->input + ((size_t)b * (size_t)s->in_h + (size_t)iy) * (size_t)s->in_w * (size_t)s->in_c;
            for (int32_t kx = kx0; kx < kx1; kx++)
            {
                const int32_t ix = base_x + kx * s->dil_w;
                const int8_t *px = row + (size_t)ix * (size_t)s->in_c;
                uint32_t e = (uint32_t)((ky * s->filter_w + kx) * s->out_c + c0);
                int32_t ic = ic0;
                int32_t m = m0;
                int32_t x = (int32_t)px[ic] + a->input_offset;
                for (int32_t j = 0; j < n; j++, e++)
                {
                    acc[j] += x * kiln_s4_at(a->filter, e);
                    if (++m == cm && j + 1 < n)
                    {
                        m = 0;
                        ic++;
                        x = (int32_t)px[ic] + a->input_offset;
                    }
                }
            }
        }
        for (int32_t j = 0; j < n; j++)
        {
            const int32_t oc = c0 + j;
            const int32_t bias = a->bias != NULL ? a->bias[oc] : 0;
            const int32_t v = (int32_t)((uint32_t)acc[j] + (uint32_t)bias);
            /* In 64 bits: a requantized value near the int32 limits plus the offset must not overflow. */
            int64_t y = (int64_t)arm_nn_requantize(v, a->mult[oc], a->shift[oc]) + a->output_offset;
            y = y < a->act_min ? a->act_min : (y > a->act_max ? a->act_max : y);
            out[oc] = (int8_t)y;
        }
    }
}

static void kiln_dw_s4_kernel_c(const kiln_dw_s8_shape *s, const kiln_dw_s4_args *a)
{
    int8_t *out = a->output;
    for (int32_t b = 0; b < s->batches; b++)
    {
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            for (int32_t ox = 0; ox < s->out_w; ox++)
            {
                kiln_dw_s4_position(s, a, b, oy, ox, out);
                out += s->out_c;
            }
        }
    }
}

/* ---- entry and queries ----------------------------------------------------------------------- */

arm_cmsis_nn_status kiln_dw_s4_entry(bool cm1_only,
                                     const cmsis_nn_context *ctx,
                                     const cmsis_nn_dw_conv_params *params,
                                     const cmsis_nn_per_channel_quant_params *quant,
                                     const cmsis_nn_dims *input_dims,
                                     const int8_t *input,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter,
                                     const int32_t *bias,
                                     const cmsis_nn_dims *output_dims,
                                     int8_t *output)
{
    kiln_dw_s4_req req;
    kiln_dw_s4_plan_t plan;
    if (!kiln_dw_req_from(params, input_dims, filter_dims, output_dims, &req) ||
        (cm1_only && params->ch_mult != 1) || !kiln_dw_s4_args_ok(&req, params, quant, input, filter, output) ||
        !kiln_dw_s4_plan(&req, KILN_NATIVE_ISA, &plan) || !kiln_ctx_holds(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (req.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const kiln_dw_s4_args args = {input,
                                  filter,
                                  bias,
                                  quant->multiplier,
                                  quant->shift,
                                  output,
                                  params->input_offset,
                                  params->output_offset,
                                  params->activation.min,
                                  params->activation.max};
    kiln_dw_s4_kernel_c(&req.shape, &args);
    return ARM_CMSIS_NN_SUCCESS;
}

int32_t kiln_dw_s4_query(const cmsis_nn_dw_conv_params *params,
                         const cmsis_nn_dims *input_dims,
                         const cmsis_nn_dims *filter_dims,
                         const cmsis_nn_dims *output_dims,
                         kiln_isa isa)
{
    kiln_dw_s4_req req;
    kiln_dw_s4_plan_t plan;
    if (!kiln_dw_req_from(params, input_dims, filter_dims, output_dims, &req) ||
        !kiln_dw_s4_plan(&req, isa, &plan))
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t kiln_dw_s4_opt_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (input_dims == NULL || filter_dims == NULL)
    {
        return -1;
    }
    /* The ch_mult-1 request with this input and filter: unit stride and dilation, padding so that
     * exactly one window position fits along each axis (a 1 x 1 output per image). */
    const cmsis_nn_dims *i = input_dims;
    const cmsis_nn_dims *f = filter_dims;
    if (i->n < 0 || i->h < 0 || i->w < 0 || i->c < 0 || f->h < 1 || f->w < 1 || f->c != i->c)
    {
        return -1;
    }
    const cmsis_nn_dims in = {i->n, f->h, f->w, i->c};
    const cmsis_nn_dims fd = {1, f->h, f->w, f->c};
    const cmsis_nn_dims out = {i->n, 1, 1, i->c};
    const cmsis_nn_dw_conv_params params = {0, 0, 1, {1, 1}, {0, 0}, {1, 1}, {-128, 127}};
    if (kiln_dims_count(i) > INT32_MAX)
    {
        return -1;
    }
    kiln_dw_s4_req req;
    kiln_dw_s4_plan_t plan;
    if (!kiln_dw_req_from(&params, &in, &fd, &out, &req) || !kiln_dw_s4_plan(&req, isa, &plan))
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}
