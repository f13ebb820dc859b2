/*
 * arm_convolve_f16 (float32 accumulation) on the shapes the grouped Helium engine splits up: more than 16 output
 * channels (several accumulator groups), channel counts that are not a multiple of four (predicated tail block),
 * patch rows longer than one staged chunk (96 columns, chunk edges inside a filter row), width dilation (weight runs
 * that are not contiguous), stride 2, batches, with and without bias, with standard and NT_N_PACKED weights, through
 * the packed-patch GEMM route (ctx of the queried size) and the direct route (no ctx); and the 1x1, 1xN and conv1d
 * k5 / k3 routes on the same engine (DS-CNN pointwise, rows longer than a chunk, odd rows (halfword gathers), weights
 * at an odd address (no word gathers), strides, windows that leave the input, batches). Runs on every backend.
 * For each case:
 *   - the plan takes the expected route;
 *   - the router output equals, byte for byte, arm_nn_pack_conv_patch_f16 + arm_nn_mat_mult_* per output position
 *     (a different kernel path), and the route without ctx (direct, or the same scratch-free route) gives the same
 *     bytes (finite data: a skipped tap and a zero tap leave a float32 sum alike);
 *   - standard and NT_N_PACKED weights give the same bytes;
 *   - every output is within the documented bound of a double-precision reference:
 *       |got - clamp(ref)| <= 2^-11 |clamp(ref)| + 2^-24 + (K + 2) * 2^-24 * (|bias| + sum |x w|);
 *   - the bytes around the queried scratch keep their canary;
 *   - arm_convolve_f16_acc16: the patch and direct routes and both weight formats give the same bytes, within the
 *     float16-accumulation bound of the route tests.
 */
#include <math.h>

#include "conv_flt_test.h"

#if ARM_NN_ENABLE_F16

typedef struct
{
    int32_t n, h, w, c, oc, kh, kw, sh, sw, ph, pw, dh, dw;
    bool bias;
    int route;  /* the route with the queried ctx (-1: the model's) */
    bool odd_w; /* standard weights at an odd half address */
} shape_t;

static const shape_t shapes[] = {
    /* n  h   w   c  oc kh kw sh sw ph pw dh dw bias route */
    {1, 6, 7, 24, 20, 3, 3, 1, 1, 1, 1, 1, 1, true, CFT_ROUTE_PATCH, false},   /* k 216: chunks cut filter rows */
    {1, 5, 9, 40, 36, 3, 3, 2, 2, 1, 1, 1, 1, true, CFT_ROUTE_PATCH, false},   /* k 360, stride 2, three groups */
    {1, 8, 8, 16, 11, 3, 3, 1, 1, 2, 2, 2, 2, false, CFT_ROUTE_PATCH, false},  /* dilation 2: one weight run per tap */
    {2, 4, 11, 17, 13, 2, 3, 1, 1, 0, 1, 1, 1, true, CFT_ROUTE_PATCH, false},  /* batch 2, odd channels, k 102 */
    {1, 3, 14, 9, 9, 3, 3, 1, 1, 1, 1, 1, 1, true, CFT_ROUTE_PATCH, false},    /* 14 positions per row: groups of 5 */
    {1, 7, 6, 16, 16, 3, 3, 1, 1, 1, 1, 1, 2, false, CFT_ROUTE_PATCH, false},  /* width dilation only */
    {1, 6, 13, 12, 33, 1, 3, 1, 1, 0, 1, 1, 1, true, CFT_ROUTE_PATCH, false},  /* 1x3 kernel with padding, 33 ch */
    {1, 6, 5, 64, 64, 1, 1, 1, 1, 0, 0, 1, 1, true, CFT_ROUTE_1X1, false},     /* DS-CNN pointwise (word gathers) */
    {2, 4, 7, 100, 20, 1, 1, 2, 1, 0, 0, 1, 1, true, CFT_ROUTE_1X1, false},    /* k 100: two chunks; batch 2, stride */
    {1, 3, 9, 13, 9, 1, 1, 1, 1, 0, 0, 1, 1, false, CFT_ROUTE_1X1, false},     /* odd rows: halfword gathers */
    {1, 4, 5, 32, 14, 1, 1, 1, 2, 0, 0, 1, 1, true, CFT_ROUTE_1X1, true},      /* weights at an odd address */
    {1, 1, 40, 12, 10, 1, 5, 1, 1, 0, 0, 1, 1, true, CFT_ROUTE_K5, false},     /* conv1d k5, k 60 */
    {1, 1, 30, 40, 17, 1, 3, 1, 1, 0, 0, 1, 1, false, CFT_ROUTE_K3, false},    /* conv1d k3, k 120: two chunks */
    {1, 1, 23, 7, 12, 1, 3, 1, 1, 0, 0, 1, 1, true, CFT_ROUTE_K3, true},       /* conv1d k3, odd k, odd address */
    {2, 1, 20, 6, 9, 1, 4, 1, 2, 0, 2, 1, 1, true, CFT_ROUTE_1XN, false},      /* 1xN stride 2, edges, batch 2 */
    {1, 1, 15, 16, 8, 1, 7, 1, 1, 0, 3, 1, 1, true, CFT_ROUTE_1XN, false},     /* 1xN k 112: edge windows chunked */
    {1, 1, 16, 10, 12, 1, 2, 1, 3, 0, 0, 1, 1, false, CFT_ROUTE_1XN, true},    /* 1xN inside only, odd address */
};

/* Small-C shapes (C_IN < 8; on MVE-float builds the small-C route, whose whole-window outputs with C_IN <= 4 run the
 * position-lane kernel, the others the grouped engine); elsewhere the packed-patch GEMM or direct route. */
static const shape_t small_c_shapes[] = {
    {1, 17, 18, 3, 14, 3, 3, 2, 2, 1, 1, 1, 1, true, CFT_ROUTE_SMALL_C, false},  /* RGB stride 2, 14 ch: 5+5+4 */
    {2, 9, 10, 4, 8, 3, 3, 1, 1, 1, 1, 1, 1, true, CFT_ROUTE_SMALL_C, true},     /* four channels, batch 2 */
    {1, 11, 13, 1, 13, 5, 5, 1, 2, 2, 1, 1, 1, false, CFT_ROUTE_SMALL_C, false}, /* one channel 5x5, no bias */
    {1, 12, 7, 2, 7, 3, 2, 2, 1, 0, 1, 2, 1, true, CFT_ROUTE_SMALL_C, false},    /* row dilation 2, odd widths */
    {1, 8, 9, 3, 21, 5, 5, 1, 1, 2, 2, 1, 1, true, CFT_ROUTE_SMALL_C, false},    /* 75 taps, 21 ch: two spans */
    {1, 7, 8, 3, 6, 6, 5, 1, 1, 1, 1, 1, 1, true, CFT_ROUTE_SMALL_C, false},     /* 90 taps: grouped engine only */
    {1, 6, 7, 6, 9, 3, 3, 1, 1, 1, 1, 1, 1, true, CFT_ROUTE_SMALL_C, false},     /* six channels: grouped only */
};

#define MAX_IN (2 * 8 * 14 * 40)
#define MAX_W (40 * 3 * 3 * 40)
#define MAX_OUT (2 * 8 * 14 * 40)
#define MAX_SCRATCH (3 * 3 * 40 * 2)

static double in_d[MAX_IN], w_d[MAX_W], b_d[64], ref_d[MAX_OUT], mag_d[MAX_OUT];
static float16_t x[MAX_IN], w[MAX_W], wp[MAX_W + 8 * 3 * 3 * 40], b[64], row[3 * 3 * 40];
static float16_t w_odd[MAX_W + 2] __attribute__((aligned(8))); /* w_odd + 1: not 4-byte aligned */
static float16_t y_patch[MAX_OUT], y_direct[MAX_OUT], y_other[MAX_OUT], y_mm[MAX_OUT];
static unsigned char scratch_mem[MAX_SCRATCH + 2 * CFT_GUARD];

static int plan_route(const cmsis_nn_conv_params_f16 *cp, const cmsis_nn_dims *in, const cmsis_nn_dims *flt,
                      const cmsis_nn_dims *out, bool packed, int64_t ctx_bytes)
{
    kiln_conv_flt_plan_t plan;
    const int32_t fmt = packed ? (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD;
    if (kiln_conv_flt_plan(&cp->stride, &cp->padding, &cp->dilation, fmt, (int32_t)ARM_NN_LAYOUT_NHWC, in, flt, out,
                           KILN_FLT_F16, KILN_FLT_NATIVE_ISA, ctx_bytes, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return CFT_ROUTE_ERROR;
    }
    return (int)plan.route;
}

/* One router call (arm_convolve_f16 or _acc16) with the operands where kiln_edge_each() puts them. */
typedef arm_cmsis_nn_status (*router_f16)(const cmsis_nn_context *, const cmsis_nn_conv_params_f16 *,
                                          const cmsis_nn_dims *, const float16_t *, const cmsis_nn_dims *,
                                          const float16_t *, const cmsis_nn_dims *, const float16_t *,
                                          const cmsis_nn_dims *, float16_t *, arm_nn_tensor_layout);
typedef struct
{
    router_f16 fn;
    const cmsis_nn_conv_params_f16 *cp;
    const cmsis_nn_dims *in, *flt, *bias_dims, *out;
    int32_t q;
    void *ctx, *x, *w, *b, *y;
    const float16_t *want;
    int32_t n_out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *e = (const edge_call *)arg;
    const cmsis_nn_context ctx = {e->ctx, e->q};
    bool ok = KILN_CHECK_EQ(e->fn(&ctx, e->cp, e->in, (const float16_t *)e->x, e->flt, (const float16_t *)e->w,
                                  e->bias_dims, (const float16_t *)e->b, e->out, (float16_t *)e->y,
                                  ARM_NN_LAYOUT_NHWC),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(e->y, e->want, (size_t)e->n_out * sizeof(float16_t)) == 0);
    return ok;
}

/* The call again with each operand flush against the end of readable memory, the scratch as large as the
 * query: nothing is read or written past any of them (a fault on the boards, AddressSanitizer on the host). */
static void run_edges(router_f16 fn, const cmsis_nn_conv_params_f16 *cp, const cmsis_nn_dims *in, const float16_t *x,
                      const cmsis_nn_dims *flt, const float16_t *wt, size_t w_bytes, const cmsis_nn_dims *bias_dims,
                      const float16_t *bias, const cmsis_nn_dims *out, int32_t q, const float16_t *want)
{
    static float16_t y2[MAX_OUT];
    const int32_t n_out = out->n * out->h * out->w * out->c;
    edge_call e = {fn, cp, in, flt, bias_dims, out, q, scratch_mem + CFT_GUARD, kiln_edge_ptr(x),
                   kiln_edge_ptr(wt), kiln_edge_ptr(bias), y2, want, n_out};
    const kiln_edge_operand ops[] = {
        {"input", &e.x, (size_t)in->n * in->h * in->w * in->c * sizeof(float16_t)},
        {"weights", &e.w, w_bytes},
        {"bias", &e.b, (size_t)out->c * sizeof(float16_t)},
        {"scratch", &e.ctx, (size_t)q},
        {"output", &e.y, (size_t)n_out * sizeof(float16_t)},
    };
    kiln_edge_each(ops, 5, edge_run, &e);
}

static void run_shape(const shape_t *s, kiln_rng *r)
{
    cmsis_nn_dims in = {s->n, s->h, s->w, s->c};
    cmsis_nn_dims flt = {s->oc, s->kh, s->kw, s->c};
    const int32_t span_h = s->dh * (s->kh - 1) + 1, span_w = s->dw * (s->kw - 1) + 1;
    cmsis_nn_dims out = {s->n, (s->h + 2 * s->ph - span_h) / s->sh + 1, (s->w + 2 * s->pw - span_w) / s->sw + 1,
                         s->oc};
    cmsis_nn_dims bias_dims = {1, 1, 1, s->oc};
    cmsis_nn_conv_params_f16 cp;
    memset(&cp, 0, sizeof(cp));
    cp.stride = (cmsis_nn_tile){s->sw, s->sh};
    cp.padding = (cmsis_nn_tile){s->pw, s->ph};
    cp.dilation = (cmsis_nn_tile){s->dw, s->dh};
    cp.activation.min = (float16_t)-3.0f;
    cp.activation.max = (float16_t)3.0f;
    const int32_t n_in = in.n * in.h * in.w * in.c, cols = flt.h * flt.w * flt.c, n_w = flt.n * cols;
    const int32_t n_out = out.n * out.h * out.w * out.c;
    KILN_CHECK(n_in <= MAX_IN && n_w <= MAX_W && n_out <= MAX_OUT && cols <= 3 * 3 * 40 && s->oc <= 64);
    for (int32_t i = 0; i < n_in; i++)
    {
        x[i] = (float16_t)cft_rand_unit(r);
        in_d[i] = (double)x[i];
    }
    for (int32_t i = 0; i < n_w; i++)
    {
        w[i] = (float16_t)cft_rand_unit(r);
        w_d[i] = (double)w[i];
    }
    for (int32_t i = 0; i < s->oc; i++)
    {
        b[i] = (float16_t)cft_rand_unit(r);
        b_d[i] = (double)b[i];
    }
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(w, flt.n, cols, wp), ARM_CMSIS_NN_SUCCESS);
    memcpy(w_odd + 1, w, (size_t)n_w * sizeof(float16_t));
    const float16_t *bias = s->bias ? b : NULL;
    const float32_t lo = (float32_t)cp.activation.min, hi = (float32_t)cp.activation.max;
    cft_ref_conv(in_d, w_d, s->bias ? b_d : NULL, &in, &flt, &out, &cp.stride, &cp.padding, &cp.dilation, ref_d,
                 mag_d);

    for (int packed = 0; packed < 2; packed++)
    {
        cp.weight_format = packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        const float16_t *wt = packed ? wp : (s->odd_w ? w_odd + 1 : w);
        const int32_t q = arm_convolve_f16_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK(q >= 0 && q <= MAX_SCRATCH);
        memset(scratch_mem, CFT_CANARY, sizeof(scratch_mem));
        const cmsis_nn_context ctx = {scratch_mem + CFT_GUARD, q};
        const cmsis_nn_context none = {NULL, 0};
        /* without ctx: the model's route (direct or small-C for the scratch routes, else the same route) */
        int64_t model_bytes = 0;
        const int want = s->route >= 0 ? s->route
                                       : cft_model_route(&cp.stride, &cp.padding, &cp.dilation, &in, &flt, &out, 2,
                                                         packed != 0, INT64_MAX, &model_bytes);
        const int route_none =
            cft_model_route(&cp.stride, &cp.padding, &cp.dilation, &in, &flt, &out, 2, packed != 0, 0, &model_bytes);
        KILN_CHECK(want == CFT_ROUTE_PATCH || want == CFT_ROUTE_1XN ? route_none != want : route_none == want);
        KILN_CHECK_EQ(plan_route(&cp, &in, &flt, &out, packed != 0, q), want);
        KILN_CHECK_EQ(plan_route(&cp, &in, &flt, &out, packed != 0, 0), route_none);
        float16_t *yp = packed ? y_other : y_patch;
        KILN_CHECK_EQ(arm_convolve_f16(&ctx, &cp, &in, x, &flt, wt, &bias_dims, bias, &out, yp, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(cft_all_canary(scratch_mem, CFT_GUARD));
        KILN_CHECK(cft_all_canary(scratch_mem + CFT_GUARD + q, sizeof(scratch_mem) - CFT_GUARD - (size_t)q));
        KILN_CHECK_EQ(
            arm_convolve_f16(&none, &cp, &in, x, &flt, wt, &bias_dims, bias, &out, y_direct, ARM_NN_LAYOUT_NHWC),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(yp, y_direct, (size_t)n_out * sizeof(float16_t)) == 0);
        const size_t w_bytes = packed ? (size_t)arm_nn_pack_rhs_nt_n_f16_get_buffer_size(flt.n, cols)
                                      : (size_t)n_w * sizeof(float16_t);
        run_edges(arm_convolve_f16, &cp, &in, x, &flt, wt, w_bytes, &bias_dims, bias, &out, q, yp);
        {
            /* the patch rows, position by position, through the public kernels */
            for (int32_t bb = 0; bb < out.n; bb++)
            {
                for (int32_t oy = 0; oy < out.h; oy++)
                {
                    for (int32_t ox = 0; ox < out.w; ox++)
                    {
                        arm_nn_pack_conv_patch_f16(x + (size_t)bb * in.h * in.w * in.c, in.h, in.w, in.c, flt.h,
                                                   flt.w, cp.stride.h, cp.stride.w, cp.padding.h, cp.padding.w,
                                                   cp.dilation.h, cp.dilation.w, oy, ox, (float16_t)0.0f, row);
                        float16_t *d = y_mm + (((size_t)bb * out.h + oy) * out.w + ox) * out.c;
                        KILN_CHECK_EQ(packed ? arm_nn_mat_mult_nt_n_packed_f16(row, wt, bias, d, 1, flt.n, cols,
                                                                               flt.n, lo, hi)
                                             : arm_nn_mat_mult_nt_t_f16(row, wt, bias, d, 1, flt.n, cols, flt.n, lo,
                                                                        hi),
                                      ARM_CMSIS_NN_SUCCESS);
                    }
                }
            }
            KILN_CHECK(memcmp(yp, y_mm, (size_t)n_out * sizeof(float16_t)) == 0);
        }
        for (int32_t i = 0; i < n_out; i++)
        {
            const double want = cft_clampd(ref_d[i], (double)lo, (double)hi);
            const double a = want < 0 ? -want : want;
            const double bound = a / 2048.0 + 1.0 / 16777216.0 + (cols + 2) * mag_d[i] / 16777216.0 * 1.0001;
            const double e = (double)yp[i] - want;
            if (!KILN_CHECK((e < 0 ? -e : e) <= bound))
            {
                break;
            }
        }
    }
    /* both weight formats: the same bytes */
    KILN_CHECK(memcmp(y_patch, y_other, (size_t)n_out * sizeof(float16_t)) == 0);

    /* arm_convolve_f16_acc16: both routes and both weight formats give the same bytes, within its bound
     *   |got - clamp(ref)| <= (K + 2) * (2^-11 + 2^-23) * (|bias| + sum |x w|) + (K + 2) * 2^-24 */
    for (int packed = 0; packed < 2; packed++)
    {
        cp.weight_format = packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        const float16_t *wt = packed ? wp : (s->odd_w ? w_odd + 1 : w);
        const int32_t q = arm_convolve_f16_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK(q >= 0 && q <= MAX_SCRATCH);
        memset(scratch_mem, CFT_CANARY, sizeof(scratch_mem));
        const cmsis_nn_context ctx = {scratch_mem + CFT_GUARD, q};
        const cmsis_nn_context none = {NULL, 0};
        float16_t *yp = packed ? y_other : y_patch;
        KILN_CHECK_EQ(
            arm_convolve_f16_acc16(&ctx, &cp, &in, x, &flt, wt, &bias_dims, bias, &out, yp, ARM_NN_LAYOUT_NHWC),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(cft_all_canary(scratch_mem, CFT_GUARD));
        KILN_CHECK(cft_all_canary(scratch_mem + CFT_GUARD + q, sizeof(scratch_mem) - CFT_GUARD - (size_t)q));
        KILN_CHECK_EQ(arm_convolve_f16_acc16(&none, &cp, &in, x, &flt, wt, &bias_dims, bias, &out, y_direct,
                                             ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(yp, y_direct, (size_t)n_out * sizeof(float16_t)) == 0);
        run_edges(arm_convolve_f16_acc16, &cp, &in, x, &flt, wt,
                  packed ? (size_t)arm_nn_pack_rhs_nt_n_f16_get_buffer_size(flt.n, cols)
                         : (size_t)n_w * sizeof(float16_t),
                  &bias_dims, bias, &out, q, yp);
        for (int32_t i = 0; i < n_out; i++)
        {
            const double want = cft_clampd(ref_d[i], (double)lo, (double)hi);
            const double bound =
                (cols + 2) * (1.0 / 2048 + 2.0 / 16777216.0) * mag_d[i] + (cols + 2) / 16777216.0;
            const double e = (double)yp[i] - want;
            if (!KILN_CHECK((e < 0 ? -e : e) <= bound))
            {
                break;
            }
        }
    }
    KILN_CHECK(memcmp(y_patch, y_other, (size_t)n_out * sizeof(float16_t)) == 0);
}

/* Non-finite inputs on a small-C shape (first-layer RGB, stride 2, bias): every output that the per-position public
 * kernels (arm_nn_pack_conv_patch_f16 + arm_nn_mat_mult_nt_t_f16) make NaN is NaN (the clamps keep NaN), every other
 * output has their bytes. */
static void test_conv_f16_small_c_nonfinite(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF16C0DEull);
    const int32_t h = 17, wd = 18, c = 3, oc = 14, k = 3, oh = 9, ow = 9;
    const cmsis_nn_dims in = {1, h, wd, c}, flt = {oc, k, k, c}, out = {1, oh, ow, oc}, bias_dims = {1, 1, 1, oc};
    const int32_t n_in = h * wd * c, cols = k * k * c, n_out = oh * ow * oc;
    for (int32_t i = 0; i < n_in; i++)
    {
        x[i] = (float16_t)cft_rand_unit(&r);
    }
    x[(5 * wd + 7) * c + 1] = (float16_t)NAN;
    x[(10 * wd + 3) * c] = (float16_t)INFINITY;
    x[(12 * wd + 12) * c + 2] = (float16_t)-INFINITY;
    for (int32_t i = 0; i < oc * cols; i++)
    {
        w[i] = (float16_t)cft_rand_unit(&r);
    }
    for (int32_t i = 0; i < oc; i++)
    {
        b[i] = (float16_t)cft_rand_unit(&r);
    }
    cmsis_nn_conv_params_f16 cp;
    memset(&cp, 0, sizeof(cp));
    cp.stride = (cmsis_nn_tile){2, 2};
    cp.padding = (cmsis_nn_tile){1, 1};
    cp.dilation = (cmsis_nn_tile){1, 1};
    cp.activation.min = (float16_t)-3.0f;
    cp.activation.max = (float16_t)3.0f;
    cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
    const cmsis_nn_context none = {NULL, 0};
    KILN_CHECK_EQ(arm_convolve_f16(&none, &cp, &in, x, &flt, w, &bias_dims, b, &out, y_direct, ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    for (int32_t oy = 0; oy < oh; oy++)
    {
        for (int32_t ox = 0; ox < ow; ox++)
        {
            arm_nn_pack_conv_patch_f16(x, h, wd, c, k, k, 2, 2, 1, 1, 1, 1, oy, ox, (float16_t)0.0f, row);
            KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_f16(row, w, b, y_mm + ((size_t)oy * ow + ox) * oc, 1, oc, cols, oc,
                                                   (float32_t)cp.activation.min, (float32_t)cp.activation.max),
                          ARM_CMSIS_NN_SUCCESS);
        }
    }
    int nans = 0;
    for (int32_t i = 0; i < n_out; i++)
    {
        const float32_t want = (float32_t)y_mm[i], got = (float32_t)y_direct[i];
        const bool want_nan = want != want;
        nans += want_nan ? 1 : 0;
        if (!KILN_CHECK(want_nan ? got != got : memcmp(&y_direct[i], &y_mm[i], sizeof(float16_t)) == 0))
        {
            printf("f16 small-C non-finite: output %d\n", (int)i);
            break;
        }
    }
    KILN_CHECK(nans > 0);
}

static void test_conv_f16_mve_shapes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 2026);
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
    {
        run_shape(&shapes[i], &r);
    }
    for (size_t i = 0; i < sizeof(small_c_shapes) / sizeof(small_c_shapes[0]); i++)
    {
        shape_t sc = small_c_shapes[i];
        if (!cft_mve_float())
        {
            sc.route = -1; /* the model's route (packed-patch GEMM or direct) */
        }
        run_shape(&sc, &r);
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_conv_f16_mve_shapes);
    KILN_RUN(test_conv_f16_small_c_nonfinite);
#endif
    return kiln_test_finish();
}
