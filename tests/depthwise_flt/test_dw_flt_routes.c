/*
 * Float depthwise convolution (float32, or float16 with DFT_F16=1): route agreement and random differential test.
 * For >= 10,000 generated requests (shapes around every route's predicate, bad metadata, empty outputs, stated
 * scratch sizes at, below and above the query):
 *  - the plan's route and scratch (for the C and the MVE backend) equal the documented model's
 *    (dw_flt_test.h, written from the public predicates), and so do the size queries;
 *  - the router, with a scratch buffer of exactly the queried size between canaries, and without scratch,
 *    writes the output and nothing else, within the documented error bound of a double-precision reference:
 *      float32: |got - clamp(ref)| <= (taps + 2) x 2^-24 x mag
 *      float16: |got - clamp(ref)| <= 2^-11 x |ref| + (taps + 2) x 2^-24 x mag + 2^-24 (float32 sums rounded
 *               once to float16; the last term covers float16 subnormal spacing)
 *    with mag = |bias| + sum |x w| (first-order bounds of a float32 sum of taps + 1 terms, products exact or
 *    rounded once);
 *  - the route's direct kernel (k3, 2x5, 3x3, nt_t) gives the router's bytes.
 */
#include "Include/Internal/kiln_dw_flt.h"
#include "dw_flt_test.h"

#if DFT_F16
typedef float16_t T;
typedef cmsis_nn_dw_conv_params_f16 P;
#define ELEM 2
#define PLAN kiln_dw_f16_plan
#define ROUTER arm_depthwise_conv_f16
#define QUERY arm_depthwise_conv_f16_get_buffer_size
#define WQUERY arm_depthwise_conv_wrapper_f16_get_buffer_size
#define NT_T arm_nn_depthwise_conv_nt_t_f16
#define K3 arm_nn_depthwise_conv1d_k3_nhwc_f16
#define K3X3 arm_nn_depthwise_conv3x3_nhwc_f16
#else
typedef float32_t T;
typedef cmsis_nn_dw_conv_params_f32 P;
#define ELEM 4
#define PLAN kiln_dw_f32_plan
#define ROUTER arm_depthwise_conv_f32
#define QUERY arm_depthwise_conv_f32_get_buffer_size
#define WQUERY arm_depthwise_conv_wrapper_f32_get_buffer_size
#define NT_T arm_nn_depthwise_conv_nt_t_f32
#define K3 arm_nn_depthwise_conv1d_k3_nhwc_f32
#define K3X3 arm_nn_depthwise_conv3x3_nhwc_f32
#endif

static int route_seen[DFT_ROUTE_ERROR + 1];
static int32_t executed;

static int32_t rnd(kiln_rng *r, int32_t lo, int32_t hi)
{
    return kiln_rng_range(r, lo, hi);
}

/* Output size of one axis: usually the valid/same size, sometimes an explicit window past it, 0 or off by one. */
static int32_t out_size(kiln_rng *r, int32_t in, int32_t k, int32_t s, int32_t p, int32_t d)
{
    const int32_t span = in + 2 * p - (k - 1) * d - 1;
    int32_t o = span >= 0 ? span / s + 1 : 0;
    const int32_t pick = rnd(r, 0, 15);
    if (pick == 0)
    {
        o = 0;
    }
    else if (pick == 1)
    {
        o += rnd(r, 1, 3);
    }
    else if (pick == 2 && o > 1)
    {
        o -= 1;
    }
    return o < 1 && pick != 0 ? 1 : o;
}

static void gen(kiln_rng *r, P *dp, dft_params *mp, cmsis_nn_dims *in, cmsis_nn_dims *flt, cmsis_nn_dims *out)
{
    memset(dp, 0, sizeof(*dp));
    const int32_t shape = rnd(r, 0, 5);
    int32_t n = rnd(r, 1, 2), h = rnd(r, 1, 7), w = rnd(r, 1, 9), c = rnd(r, 1, 11), m = rnd(r, 1, 3);
    int32_t kh = rnd(r, 1, 4), kw = rnd(r, 1, 5);
    int32_t sh = rnd(r, 1, 3), sw = rnd(r, 1, 3), ph = rnd(r, 0, 2), pw = rnd(r, 0, 2), dh = rnd(r, 1, 2),
            dw = rnd(r, 1, 2);
    if (rnd(r, 0, 2) == 0)
    {
        c = 1; /* one input channel */
    }
    if (shape == 0 || shape == 1)
    {
        /* near the conv1d k3 / 2x5 shapes */
        kh = shape == 0 ? 1 : 2;
        kw = shape == 0 ? 3 : 5;
        h = shape == 0 ? 1 : 2;
        w = rnd(r, 1, 12);
        if (rnd(r, 0, 3) != 0)
        {
            sh = sw = dh = dw = 1;
            ph = pw = 0;
        }
        if (shape == 0 && rnd(r, 0, 1) == 0)
        {
            n = 1;
            m = 1;
        }
    }
    else if (shape == 2)
    {
        kh = kw = 3;
        if (rnd(r, 0, 3) != 0)
        {
            m = 1;
            dh = dw = 1;
        }
    }
    dp->ch_mult = m;
    dp->stride.h = sh;
    dp->stride.w = sw;
    dp->padding.h = ph;
    dp->padding.w = pw;
    dp->dilation.h = dh;
    dp->dilation.w = dw;
    dp->activation.min = (T)-1000.0f;
    dp->activation.max = (T)1000.0f;
    if (rnd(r, 0, 3) == 0)
    {
        dp->activation.min = (T)(dft_rand_unit(r) * 0.5f - 0.5f);
        dp->activation.max = (T)(dft_rand_unit(r) * 0.5f + 0.6f);
    }
    *in = (cmsis_nn_dims){n, h, w, c};
    *flt = (cmsis_nn_dims){1, kh, kw, c * m};
    *out = (cmsis_nn_dims){n, out_size(r, h, kh, sh, ph, dh), out_size(r, w, kw, sw, pw, dw), c * m};
    if (rnd(r, 0, 40) == 0)
    {
        out->n = 0;
    }
    /* bad metadata now and then */
    switch (rnd(r, 0, 60))
    {
    case 0: dp->ch_mult = 0; break;
    case 1: dp->stride.w = 0; break;
    case 2: dp->dilation.h = 0; break;
    case 3: dp->padding.w = -1; break;
    case 4: flt->c += 1; break;
    case 5: out->c += 1; break;
    case 6: out->n = n + 1; break;
    case 7: in->c = 0; break;
    case 8: flt->h = 0; break;
    case 9: in->w = -1; break;
    default: break;
    }
    mp->ch_mult = dp->ch_mult;
    mp->stride = dp->stride;
    mp->padding = dp->padding;
    mp->dilation = dp->dilation;
}

/* One router call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const P *dp;
    const cmsis_nn_dims *in, *flt, *out, *bias_dims;
    int32_t ctx_size;
    void *ctx, *x, *w, *b, *got;
    const T *want;
    size_t out_bytes;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const cmsis_nn_context ctx = {k->ctx, k->ctx_size};
    bool ok = KILN_CHECK_EQ(ROUTER(&ctx, k->dp, k->in, (const T *)k->x, k->flt, (const T *)k->w, k->bias_dims,
                                   (const T *)k->b, k->out, (T *)k->got, ARM_NN_LAYOUT_NHWC),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->got, k->want, k->out_bytes) == 0);
    return ok;
}

static void run_one(kiln_rng *r)
{
    P dp;
    dft_params mp;
    cmsis_nn_dims in, flt, out;
    gen(r, &dp, &mp, &in, &flt, &out);
    kiln_test_context("in %dx%dx%dx%d k %dx%d m %d s %d,%d p %d,%d d %d,%d out %dx%dx%dx%d", (int)in.n, (int)in.h,
                      (int)in.w, (int)in.c, (int)flt.h, (int)flt.w, (int)dp.ch_mult, (int)dp.stride.h,
                      (int)dp.stride.w, (int)dp.padding.h, (int)dp.padding.w, (int)dp.dilation.h, (int)dp.dilation.w,
                      (int)out.n, (int)out.h, (int)out.w, (int)out.c);

    /* Plan == model, for both backends and a spread of stated sizes */
    int64_t qbytes = 0;
    const int qroute = dft_model_route(&mp, &dp, &in, &flt, &out, ELEM, INT64_MAX, &qbytes);
    const int64_t stated_set[5] = {INT64_MAX, qbytes, qbytes - 1, 0, rnd(r, 0, 2000)};
    for (int isa = 0; isa < 2; isa++)
    {
        for (int si = 0; si < 5; si++)
        {
            const int64_t st = stated_set[si] < 0 ? 0 : stated_set[si];
            int64_t mb = 0;
            const int mr = dft_model_route_isa(&mp, &dp, &in, &flt, &out, ELEM, st, isa == 1, &mb);
            kiln_dw_flt_plan_t pl;
            const arm_cmsis_nn_status ps = PLAN(&dp, (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, &out,
                                                isa == 1 ? KILN_ISA_MVE : KILN_ISA_C, st, &pl);
            if (mr == DFT_ROUTE_ERROR)
            {
                KILN_CHECK_EQ(ps, ARM_CMSIS_NN_ARG_ERROR);
                continue;
            }
            KILN_CHECK_EQ(ps, ARM_CMSIS_NN_SUCCESS);
            const bool empty = out.n == 0 || out.h == 0 || out.w == 0;
            KILN_CHECK_EQ(pl.empty, empty);
            if (!empty)
            {
                KILN_CHECK_EQ((int)pl.route, mr);
                KILN_CHECK_EQ(pl.scratch_bytes, mb);
                KILN_CHECK(strcmp(pl.name, kiln_dw_flt_route_name(mr)) == 0);
            }
        }
    }

    /* Size queries */
    const int32_t q = QUERY(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
    KILN_CHECK_EQ(WQUERY(&dp, &in, &flt, &out), q);
    KILN_CHECK_EQ(QUERY(&dp, &in, &flt, &out, (arm_nn_tensor_layout)1), -1);
    if (qroute == DFT_ROUTE_ERROR)
    {
        KILN_CHECK_EQ(q, -1);
        route_seen[DFT_ROUTE_ERROR]++;
        return;
    }
    const bool empty = out.n == 0 || out.h == 0 || out.w == 0;
    KILN_CHECK_EQ(q, empty ? 0 : qbytes);

    /* Run the router: exactly the queried scratch between canaries */
    const int64_t in_n = (int64_t)in.n * in.h * in.w * in.c;
    const int64_t w_n = (int64_t)flt.h * flt.w * flt.c;
    const int64_t out_n = (int64_t)out.n * out.h * out.w * out.c;
    T *x = (T *)malloc((size_t)(in_n > 0 ? in_n : 1) * sizeof(T));
    T *wt = (T *)malloc((size_t)w_n * sizeof(T));
    T *bias = (T *)malloc((size_t)out.c * sizeof(T));
    const size_t out_bytes = (size_t)(out_n > 0 ? out_n : 1) * sizeof(T);
    T *got = (T *)dft_guarded_alloc(out_bytes);
    T *got2 = (T *)dft_guarded_alloc(out_bytes);
    void *scratch = dft_guarded_alloc(q > 0 ? (size_t)q : 1u);
    KILN_CHECK(x != NULL && wt != NULL && bias != NULL && got != NULL && got2 != NULL && scratch != NULL);
    for (int64_t i = 0; i < in_n; i++)
    {
        x[i] = (T)dft_rand_unit(r);
    }
    for (int64_t i = 0; i < w_n; i++)
    {
        wt[i] = (T)dft_rand_unit(r);
    }
    for (int32_t i = 0; i < out.c; i++)
    {
        bias[i] = (T)dft_rand_unit(r);
    }
    const bool null_bias = rnd(r, 0, 7) == 0;
    const cmsis_nn_dims bias_dims = {1, 1, 1, out.c};
    const cmsis_nn_context ctx = {scratch, q};
    KILN_CHECK_EQ(ROUTER(&ctx, &dp, &in, x, &flt, wt, &bias_dims, null_bias ? NULL : bias, &out, got,
                         ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(dft_guards_ok(got, out_bytes));
    KILN_CHECK(dft_guards_ok(scratch, q > 0 ? (size_t)q : 1u));
    if (!empty && executed % 8 == 0)
    {
        /* every eighth run again with each operand flush against the end of readable memory: nothing is
         * read or written past any of them (a fault on the boards, AddressSanitizer on the host) */
        edge_call k = {&dp, &in, &flt, &out, &bias_dims, q, scratch, x, wt, null_bias ? NULL : bias, got2, got,
                       out_bytes};
        const kiln_edge_operand ops[] = {
            {"input", &k.x, (size_t)in_n * sizeof(T)},   {"filter", &k.w, (size_t)w_n * sizeof(T)},
            {"bias", &k.b, (size_t)out.c * sizeof(T)},   {"scratch", &k.ctx, (size_t)(q > 0 ? q : 0)},
            {"output", &k.got, (size_t)out_n * sizeof(T)},
        };
        kiln_edge_each(ops, 5, edge_run, &k);
    }
    if (empty)
    {
        KILN_CHECK(dft_all_canary(got, out_bytes));
        route_seen[DFT_ROUTE_GENERIC]++;
    }
    else
    {
        executed++;
        route_seen[qroute]++;
        /* double reference and bound */
        double *dx = (double *)malloc((size_t)in_n * sizeof(double));
        double *dw = (double *)malloc((size_t)w_n * sizeof(double));
        double *db = (double *)malloc((size_t)out.c * sizeof(double));
        double *ref = (double *)malloc((size_t)out_n * sizeof(double));
        double *mag = (double *)malloc((size_t)out_n * sizeof(double));
        KILN_CHECK(dx != NULL && dw != NULL && db != NULL && ref != NULL && mag != NULL);
        for (int64_t i = 0; i < in_n; i++)
        {
            dx[i] = (double)x[i];
        }
        for (int64_t i = 0; i < w_n; i++)
        {
            dw[i] = (double)wt[i];
        }
        for (int32_t i = 0; i < out.c; i++)
        {
            db[i] = (double)bias[i];
        }
        dft_ref_dw(dx, dw, null_bias ? NULL : db, &in, &flt, &out, &mp, ref, mag);
        const double lo = (double)dp.activation.min, hi = (double)dp.activation.max;
        const double taps = (double)flt.h * flt.w;
        for (int pass = 0; pass < 2; pass++)
        {
            const T *res = got;
            if (pass == 1)
            {
                /* without scratch: a scratch-free route */
                KILN_CHECK_EQ(ROUTER(NULL, &dp, &in, x, &flt, wt, &bias_dims, null_bias ? NULL : bias, &out, got2,
                                     ARM_NN_LAYOUT_NHWC),
                              ARM_CMSIS_NN_SUCCESS);
                KILN_CHECK(dft_guards_ok(got2, out_bytes));
                res = got2;
            }
            for (int64_t i = 0; i < out_n; i++)
            {
                const double want = dft_clampd(ref[i], lo, hi);
                double bound = (taps + 2.0) * (1.0 / 16777216.0) * mag[i];
                if (ELEM == 2)
                {
                    bound += (ref[i] < 0 ? -ref[i] : ref[i]) / 2048.0 + 1.0 / 16777216.0;
                }
                const double d = (double)res[i] - want;
                if (!KILN_CHECK((d < 0 ? -d : d) <= bound))
                {
                    break;
                }
            }
        }
        /* The direct kernel of the route gives the router's bytes */
        const T *bp = null_bias ? NULL : bias;
        memset(got2, 0, (size_t)out_n * sizeof(T));
        bool compare = true;
        if (qroute == DFT_ROUTE_K3 && out.w <= in.w - 2)
        {
            K3(x, in.c, in.w, wt, bp, got2, out.w);
            for (int64_t i = 0; i < out_n; i++)
            {
                got2[i] = got2[i] < dp.activation.min ? dp.activation.min
                                                      : (got2[i] > dp.activation.max ? dp.activation.max : got2[i]);
            }
        }
#if DFT_F16
        else if (qroute == DFT_ROUTE_2X5 && out.w <= in.w - 4)
        {
            arm_nn_depthwise_conv2x5_nhwc_f16(x, in.n, in.c, in.w, dp.ch_mult, wt, bp, got2, out.w, dp.activation.min,
                                              dp.activation.max);
        }
#endif
        else if (qroute == DFT_ROUTE_3X3)
        {
            K3X3(x, in.n, in.c, in.h, in.w, wt, bp, got2, dp.stride.w, dp.stride.h, dp.padding.w, dp.padding.h, out.h,
                 out.w, dp.activation.min, dp.activation.max);
        }
        else if (qroute == DFT_ROUTE_NT_T)
        {
            const int32_t nt = flt.h * flt.w;
            T *row = (T *)malloc((size_t)nt * (size_t)out.c * sizeof(T));
            KILN_CHECK(row != NULL);
            for (int32_t b = 0; b < out.n; b++)
            {
                for (int32_t y = 0; y < out.h; y++)
                {
                    for (int32_t xx = 0; xx < out.w; xx++)
                    {
                        for (int32_t k = 0; k < nt; k++)
                        {
                            const int32_t iy = y * dp.stride.h - dp.padding.h + (k / flt.w) * dp.dilation.h;
                            const int32_t ix = xx * dp.stride.w - dp.padding.w + (k % flt.w) * dp.dilation.w;
                            for (int32_t o = 0; o < out.c; o++)
                            {
                                row[k * out.c + o] = (iy < 0 || iy >= in.h || ix < 0 || ix >= in.w)
                                    ? (T)0.0f
                                    : x[(((int64_t)b * in.h + iy) * in.w + ix) * in.c + o / dp.ch_mult];
                            }
                        }
                        KILN_CHECK_EQ(NT_T(row, wt, bp, got2 + (((int64_t)b * out.h + y) * out.w + xx) * out.c, 1, out.c,
                                           nt, out.c, dp.activation.min, dp.activation.max),
                                      ARM_CMSIS_NN_SUCCESS);
                    }
                }
            }
            free(row);
        }
        else
        {
            compare = false;
        }
        if (compare)
        {
            KILN_CHECK(memcmp(got2, got, (size_t)out_n * sizeof(T)) == 0);
        }
        free(dx);
        free(dw);
        free(db);
        free(ref);
        free(mag);
    }
    free(x);
    free(wt);
    free(bias);
    dft_guarded_free(got);
    dft_guarded_free(got2);
    dft_guarded_free(scratch);
}

static void test_dw_flt_routes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, DFT_F16 ? 0xD16F16u : 0xD32F32u);
    const int32_t iters = kiln_test_iterations(12000, 10000);
    for (int32_t i = 0; i < iters; i++)
    {
        run_one(&r);
    }
    /* every route of this dtype and backend was reached and executed */
    KILN_CHECK(route_seen[DFT_ROUTE_K3] > 0 && route_seen[DFT_ROUTE_3X3] > 0 && route_seen[DFT_ROUTE_NT_T] > 0 &&
               route_seen[DFT_ROUTE_ERROR] > 0);
    KILN_CHECK(!DFT_F16 || route_seen[DFT_ROUTE_2X5] > 0);
    KILN_CHECK(!dft_mve_float() || route_seen[DFT_ROUTE_CIN1] > 0);
    KILN_CHECK(executed > iters / 2);
}

int main(void)
{
    KILN_RUN(test_dw_flt_routes);
    return kiln_test_finish();
}
