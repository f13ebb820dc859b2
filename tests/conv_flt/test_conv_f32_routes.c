/*
 * Float32 convolution route agreement and accuracy, on random (shape, stride, padding, dilation, ctx size,
 * weight format) tuples: at least 10,000 valid nonempty tuples per run, on every backend.
 * For each tuple:
 *   - the size query equals the scratch of the route the public predicates choose for an unlimited ctx;
 *   - the route of the library's plan (what the router runs) equals the predicates' route for the stated ctx;
 *   - the router writes only the output (guarded) and at most the queried scratch: ctx bytes past the route's
 *     scratch and guard bytes keep their canary, a scratch route does write its scratch, a scratch-free route
 *     writes none of it;
 *   - the direct entry of that route (1x1, 1xN, conv1d k5/k3 + clamp, pack_conv_patch + mat_mult) gives the
 *     router's output byte for byte, with standard and NT_N_PACKED weights; both formats give the same bytes;
 *   - the output is within the float32 error bound of a double-precision reference:
 *       |got - clamp(ref)| <= (K + 2) * 2^-24 * (|bias| + sum |x w|)   (K = KH * KW * C_IN products),
 *     the standard bound of recursive summation (gamma_{K+1}), every route summing in order.
 * Invalid tuples (rare on purpose) must return ARM_CMSIS_NN_ARG_ERROR and write nothing.
 */
#include "conv_flt_test.h"

#define MAX_IN (2 * 12 * 12 * 12)
#define MAX_W (16 * 5 * 7 * 12)
#define MAX_OUT (2 * 14 * 14 * 12)
#define MAX_SCRATCH (4096)

typedef struct
{
    cmsis_nn_dims in, flt, out;
    cmsis_nn_tile stride, pad, dil;
    int ctx_mode;
    bool packed;
} tuple_t;

static int32_t out_len(int32_t in, int32_t k, int32_t s, int32_t p, int32_t d)
{
    const int32_t span = d * (k - 1) + 1;
    const int32_t o = (in + 2 * p - span) / s + 1;
    return (in + 2 * p - span) < 0 ? 1 : o;
}

static void gen_tuple(kiln_rng *r, tuple_t *t)
{
    memset(t, 0, sizeof(*t));
    const int kind = kiln_rng_range(r, 0, 4); /* 3 and 4: general */
    int32_t n = kiln_rng_range(r, 1, 2), ih, iw, c = kiln_rng_range(r, 1, 6), oc = kiln_rng_range(r, 1, 12);
    int32_t kh, kw, sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1;
    if (kiln_rng_range(r, 0, 3) == 0)
    {
        oc = kiln_rng_range(r, 8, 16); /* patch-GEMM territory */
    }
    if (kiln_rng_range(r, 0, 5) == 0)
    {
        c = 4; /* small-C 3x3 region on MVE */
    }
    else if (kiln_rng_range(r, 0, 2) == 0)
    {
        c = kiln_rng_range(r, 7, 12); /* past both small-C gates */
        if (kiln_rng_range(r, 0, 1) == 0)
        {
            oc = kiln_rng_range(r, 8, 16);
        }
    }
    switch (kind)
    {
    case 0: /* 1x1 */
        ih = kiln_rng_range(r, 1, 8);
        iw = kiln_rng_range(r, 1, 8);
        kh = kw = 1;
        sh = kiln_rng_range(r, 1, 3);
        sw = kiln_rng_range(r, 1, 3);
        if (kiln_rng_range(r, 0, 7) == 0)
        {
            pw = 1;
        }
        break;
    case 1: /* 1xN */
        ih = 1;
        iw = kiln_rng_range(r, 1, 12);
        kh = 1;
        kw = kiln_rng_range(r, 2, 7);
        sw = kiln_rng_range(r, 1, 3);
        pw = kiln_rng_range(r, 0, 3);
        if (kiln_rng_range(r, 0, 7) == 0)
        {
            dw = 2;
        }
        break;
    case 2: /* conv1d */
        n = 1;
        ih = 1;
        kh = 1;
        kw = kiln_rng_range(r, 0, 1) ? 5 : 3;
        iw = kiln_rng_range(r, kw, 12);
        switch (kiln_rng_range(r, 0, 9))
        {
        case 0: n = 2; break;
        case 1: sw = 2; break;
        case 2: pw = 1; break;
        case 3: dw = 2; iw = kiln_rng_range(r, 2 * kw, 14); break;
        default: break;
        }
        break;
    default: /* general */
        ih = kiln_rng_range(r, 1, 9);
        iw = kiln_rng_range(r, 1, 9);
        kh = kiln_rng_range(r, 1, 4);
        kw = kiln_rng_range(r, 1, 4);
        if (kiln_rng_range(r, 0, 3) == 0)
        {
            kh = kw = 3;
        }
        sh = kiln_rng_range(r, 1, 3);
        sw = kiln_rng_range(r, 1, 3);
        ph = kiln_rng_range(r, 0, 2);
        pw = kiln_rng_range(r, 0, 2);
        dh = kiln_rng_range(r, 1, 2);
        dw = kiln_rng_range(r, 1, 2);
        break;
    }
    int32_t oh = out_len(ih, kh, sh, ph, dh), ow = out_len(iw, kw, sw, pw, dw);
    if (kiln_rng_range(r, 0, 7) == 0)
    {
        oh += kiln_rng_range(r, -1, 1); /* explicit windows, sometimes empty */
        ow += kiln_rng_range(r, -1, 1);
        oh = oh < 0 ? 0 : oh;
        ow = ow < 0 ? 0 : ow;
    }
    t->in = (cmsis_nn_dims){n, ih, iw, c};
    t->flt = (cmsis_nn_dims){oc, kh, kw, c};
    t->out = (cmsis_nn_dims){n, oh, ow, oc};
    t->stride = (cmsis_nn_tile){sw, sh};
    t->pad = (cmsis_nn_tile){pw, ph};
    t->dil = (cmsis_nn_tile){dw, dh};
    t->ctx_mode = kiln_rng_range(r, 0, 6);
    t->packed = kiln_rng_range(r, 0, 1) != 0;
    if (kiln_rng_range(r, 0, 99) == 0)
    {
        /* a rare invalid tuple */
        switch (kiln_rng_range(r, 0, 3))
        {
        case 0: t->flt.c = c + 1; break;
        case 1: t->stride.w = 0; break;
        case 2: t->out.c = oc + 1; break;
        default: t->pad.h = -1; break;
        }
    }
}

static float in_buf[MAX_IN], w_buf[MAX_W], wp_buf[MAX_W + 64], bias_buf[16];
static double in_d[MAX_IN], w_d[MAX_W], bias_d[16], ref_d[MAX_OUT], mag_d[MAX_OUT];

static int64_t n_valid, n_error, n_empty, routes[CFT_ROUTE_ERROR + 1];

/* One router call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_conv_params_f32 *cp;
    const tuple_t *t;
    const cmsis_nn_dims *bias_dims;
    bool null_ctx;
    int32_t ctx_size;
    void *ctx, *in, *w, *b, *out;
    const float *want;
    int64_t out_n;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const cmsis_nn_context ctx = {k->ctx, k->ctx_size};
    bool ok = KILN_CHECK_EQ(arm_convolve_f32(k->null_ctx ? NULL : &ctx, k->cp, &k->t->in, (const float *)k->in, &k->t->flt,
                                             (const float *)k->w, k->bias_dims, (const float *)k->b, &k->t->out,
                                             (float *)k->out, ARM_NN_LAYOUT_NHWC),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->out, k->want, (size_t)k->out_n * sizeof(float)) == 0);
    return ok;
}

static void run_tuple(kiln_rng *r, const tuple_t *t, int64_t idx)
{
    kiln_test_context("tuple %lld: in %d,%d,%d,%d flt %d,%d,%d,%d out %d,%d,%d,%d s %d,%d p %d,%d d %d,%d ctx %d packed %d",
                      (long long)idx, t->in.n, t->in.h, t->in.w, t->in.c, t->flt.n, t->flt.h, t->flt.w, t->flt.c,
                      t->out.n, t->out.h, t->out.w, t->out.c, t->stride.h, t->stride.w, t->pad.h, t->pad.w,
                      t->dil.h, t->dil.w, t->ctx_mode, (int)t->packed);
    cmsis_nn_conv_params_f32 cp;
    memset(&cp, 0, sizeof(cp));
    cp.stride = t->stride;
    cp.padding = t->pad;
    cp.dilation = t->dil;
    const float lim = (kiln_rng_range(r, 0, 3) == 0) ? 0.5f : 100.0f;
    cp.activation.min = -lim;
    cp.activation.max = lim * 0.75f;
    cp.weight_format = t->packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;

    const int64_t in_n = (int64_t)t->in.n * t->in.h * t->in.w * t->in.c;
    const int64_t out_n = (int64_t)t->out.n * t->out.h * t->out.w * t->out.c;
    const int32_t rows = t->flt.n, cols = t->flt.h * t->flt.w * t->flt.c;
    const cmsis_nn_dims bias_dims = {1, 1, 1, t->out.c};

    /* size query vs the model with unlimited ctx */
    int64_t qbytes = 0;
    const int qroute = cft_model_route(&t->stride, &t->pad, &t->dil, &t->in, &t->flt, &t->out, 4, t->packed,
                                       INT64_MAX, &qbytes);
    const int32_t q = arm_convolve_f32_get_buffer_size(&cp, &t->in, &t->flt, &t->out, ARM_NN_LAYOUT_NHWC);
    if (qroute == CFT_ROUTE_ERROR)
    {
        KILN_CHECK_EQ(q, -1);
    }
    else
    {
        KILN_CHECK_EQ(q, arm_nn_conv_flt_empty(&t->out) ? 0 : qbytes);
    }

    /* the ctx of this tuple */
    int32_t size = 0;
    bool has_buf = true, null_ctx = false;
    switch (t->ctx_mode)
    {
    case 0: null_ctx = true; break;
    case 1: has_buf = false; size = 4096; break;
    case 2: size = 0; break;
    case 3: size = q > 0 ? q : 0; break;
    case 4: size = q >= 4 ? q - 4 : 0; break;
    case 5: size = 4 * kiln_rng_range(r, 0, 2 * (q > 0 ? q : 4) / 4 + 16); break;
    default: size = MAX_SCRATCH; break;
    }
    static unsigned char scratch_mem[MAX_SCRATCH + 2 * CFT_GUARD];
    memset(scratch_mem, CFT_CANARY, sizeof(scratch_mem));
    void *scratch = scratch_mem + CFT_GUARD;
    const cmsis_nn_context ctx = {has_buf ? scratch : NULL, size};
    const cmsis_nn_context *pctx = null_ctx ? NULL : &ctx;
    int64_t rbytes = 0;
    const int route = cft_model_route(&t->stride, &t->pad, &t->dil, &t->in, &t->flt, &t->out, 4, t->packed,
                                      kiln_conv_flt_ctx_bytes(pctx), &rbytes);
    kiln_conv_flt_plan_t plan;
    const arm_cmsis_nn_status pst = kiln_conv_flt_plan(&t->stride, &t->pad, &t->dil, (int32_t)cp.weight_format,
                                                       (int32_t)ARM_NN_LAYOUT_NHWC, &t->in, &t->flt, &t->out,
                                                       KILN_FLT_F32, KILN_FLT_NATIVE_ISA,
                                                       kiln_conv_flt_ctx_bytes(pctx), &plan);
    KILN_CHECK_EQ(pst == ARM_CMSIS_NN_SUCCESS, route != CFT_ROUTE_ERROR);

    /* data */
    static float out_mem[MAX_OUT + 2 * CFT_GUARD / 4], other_out[MAX_OUT], direct_out[MAX_OUT];
    float *out = out_mem + CFT_GUARD / 4;
    memset(out_mem, CFT_CANARY, sizeof(out_mem));
    if (route == CFT_ROUTE_ERROR)
    {
        n_error++;
        KILN_CHECK_EQ(arm_convolve_f32(pctx, &cp, &t->in, in_buf, &t->flt, w_buf, &bias_dims, bias_buf, &t->out, out,
                                       ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
        KILN_CHECK(cft_all_canary(scratch_mem, sizeof(scratch_mem)));
        return;
    }
    if (plan.empty)
    {
        n_empty++;
        KILN_CHECK(arm_nn_conv_flt_empty(&t->out));
        KILN_CHECK_EQ(arm_convolve_f32(pctx, &cp, &t->in, NULL, &t->flt, NULL, &bias_dims, NULL, &t->out, NULL,
                                       ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(cft_all_canary(scratch_mem, sizeof(scratch_mem)));
        return;
    }
    KILN_CHECK_EQ((int)plan.route, route);
    KILN_CHECK_EQ(plan.scratch_bytes, rbytes);
    KILN_CHECK(in_n <= MAX_IN && out_n <= MAX_OUT && (int64_t)rows * cols <= MAX_W);
    n_valid++;
    routes[route]++;

    for (int64_t i = 0; i < in_n; i++)
    {
        in_buf[i] = cft_rand_unit(r);
        in_d[i] = in_buf[i];
    }
    for (int64_t i = 0; i < (int64_t)rows * cols; i++)
    {
        w_buf[i] = cft_rand_unit(r);
        w_d[i] = w_buf[i];
    }
    const bool with_bias = kiln_rng_range(r, 0, 4) != 0;
    for (int32_t i = 0; i < rows; i++)
    {
        bias_buf[i] = cft_rand_unit(r);
        bias_d[i] = bias_buf[i];
    }
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32(w_buf, rows, cols, wp_buf), ARM_CMSIS_NN_SUCCESS);
    /* exact-size heap copies, so that the sanitizer sees any read past a tensor */
    const size_t wp_bytes = (size_t)arm_nn_pack_rhs_nt_n_f32_get_buffer_size(rows, cols);
    float *x_exact = (float *)malloc((size_t)in_n * sizeof(float));
    float *w_exact = (float *)malloc((size_t)rows * cols * sizeof(float));
    float *wp_exact = (float *)malloc(wp_bytes);
    float *b_exact = (float *)malloc((size_t)rows * sizeof(float));
    KILN_CHECK(x_exact != NULL && w_exact != NULL && wp_exact != NULL && b_exact != NULL);
    memcpy(x_exact, in_buf, (size_t)in_n * sizeof(float));
    memcpy(w_exact, w_buf, (size_t)rows * cols * sizeof(float));
    memcpy(wp_exact, wp_buf, wp_bytes);
    memcpy(b_exact, bias_buf, (size_t)rows * sizeof(float));
    const float *bias = with_bias ? b_exact : NULL;
    const float *w = t->packed ? wp_exact : w_exact;
    const float *in_x = x_exact;

    KILN_CHECK_EQ(arm_convolve_f32(pctx, &cp, &t->in, in_x, &t->flt, w, &bias_dims, bias, &t->out, out,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(cft_guards_ok(out, (size_t)out_n * sizeof(float)));
    KILN_CHECK(cft_all_canary(scratch_mem, CFT_GUARD));
    KILN_CHECK(cft_all_canary((unsigned char *)scratch + rbytes, MAX_SCRATCH + CFT_GUARD - (size_t)rbytes));
    if (route == CFT_ROUTE_PATCH)
    {
        /* patch rows are built in scratch, but for pairs of outputs whose windows both lie inside the input
         * (unit width dilation), read in place: the scratch may stay untouched only when every output is in
         * such a pair (an even output width, every window inside), or on the paired Helium path (two rows of
         * scratch) */
        const int64_t row_bytes = (int64_t)cols * (int64_t)sizeof(float);
        const bool all_in = t->dil.w == 1 && t->pad.h == 0 && t->pad.w == 0 &&
                            (int64_t)(t->out.h - 1) * t->stride.h + (int64_t)(t->flt.h - 1) * t->dil.h < t->in.h &&
                            (int64_t)(t->out.w - 1) * t->stride.w + t->flt.w <= t->in.w;
        const bool in_place = (all_in && t->out.w % 2 == 0) || (cft_mve_float() && rbytes == 2 * row_bytes);
        KILN_CHECK(!cft_all_canary(scratch, (size_t)rbytes) || in_place);
    }
    else if (route == CFT_ROUTE_1XN)
    {
        /* the 1xN kernel reads interior windows in place and builds only windows that leave the input */
        bool edge = false;
        for (int32_t x = 0; x < t->out.w; x++)
        {
            const int32_t x0 = x * t->stride.w - t->pad.w;
            edge = edge || x0 < 0 || x0 + t->flt.w > t->in.w;
        }
        KILN_CHECK_EQ(!cft_all_canary(scratch, (size_t)rbytes), edge);
    }

    /* every eighth valid tuple again with each operand flush against the end of readable memory, the
     * scratch as large as stated: nothing is read or written past any of them (a fault on the boards,
     * AddressSanitizer on the host) */
    if (n_valid % 8 == 1)
    {
        static float edge_out[MAX_OUT];
        edge_call k = {&cp, t, &bias_dims, null_ctx, ctx.size, ctx.buf, x_exact, kiln_edge_ptr(w),
                       kiln_edge_ptr(bias), edge_out, out, out_n};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)in_n * sizeof(float)},
            {"weights", &k.w, t->packed ? wp_bytes : (size_t)rows * cols * sizeof(float)},
            {"bias", &k.b, (size_t)rows * sizeof(float)},
            {"scratch", &k.ctx, null_ctx ? 0u : (size_t)ctx.size},
            {"output", &k.out, (size_t)out_n * sizeof(float)},
        };
        kiln_edge_each(ops, 5, edge_run, &k);
    }

    /* the other weight format: same route, same bytes */
    cmsis_nn_conv_params_f32 cp2 = cp;
    cp2.weight_format = t->packed ? ARM_NN_WEIGHT_FORMAT_STANDARD : ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
    KILN_CHECK_EQ(arm_convolve_f32(pctx, &cp2, &t->in, in_x, &t->flt, t->packed ? w_exact : wp_exact, &bias_dims, bias,
                                   &t->out, other_out, ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(other_out, out, (size_t)out_n * sizeof(float)) == 0);

    /* the direct entry of the route */
    const float lo = cp.activation.min, hi = cp.activation.max;
    bool compared = true;
    switch (route)
    {
    case CFT_ROUTE_1X1:
        KILN_CHECK_EQ(arm_convolve_1x1_f32(pctx, &cp, &t->in, in_x, &t->flt, w, &bias_dims, bias, &t->out,
                                           direct_out, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        break;
    case CFT_ROUTE_1XN:
        KILN_CHECK_EQ(arm_convolve_1_x_n_f32(pctx, &cp, &t->in, in_x, &t->flt, w, &bias_dims, bias, &t->out,
                                             direct_out, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        break;
    case CFT_ROUTE_K5:
    case CFT_ROUTE_K3:
    {
        /* the conv1d kernels cover in_w - k + 1 columns; further requested columns clip (direct kernel) */
        int32_t covered = t->in.w - t->flt.w + 1;
        covered = covered < 0 ? 0 : (covered > t->out.w ? t->out.w : covered);
        memcpy(direct_out, out, (size_t)out_n * sizeof(float));
        memset(direct_out, 0, (size_t)covered * t->out.c * sizeof(float));
        if (route == CFT_ROUTE_K5)
        {
            (t->packed ? arm_nn_conv1d_k5_packed_f32 : arm_nn_conv1d_k5_nhwc_f32)(
                in_x, t->in.c, t->in.w, w, bias, direct_out, t->out.c, covered);
        }
        else
        {
            (t->packed ? arm_nn_conv1d_k3_packed_f32 : arm_nn_conv1d_k3_nhwc_f32)(
                in_x, t->in.c, t->in.w, w, bias, direct_out, t->out.c, covered);
        }
        for (int64_t i = 0; i < (int64_t)covered * t->out.c; i++)
        {
            direct_out[i] = direct_out[i] < lo ? lo : (direct_out[i] > hi ? hi : direct_out[i]);
        }
        if (covered < t->out.w)
        {
            /* more columns than the input covers: the public kernel declines and writes nothing */
            static float probe[MAX_OUT];
            memset(probe, CFT_CANARY, sizeof(probe));
            (route == CFT_ROUTE_K5 ? arm_nn_conv1d_k5_nhwc_f32 : arm_nn_conv1d_k3_nhwc_f32)(
                in_x, t->in.c, t->in.w, w_exact, bias, probe, t->out.c, t->out.w);
            KILN_CHECK(cft_all_canary(probe, sizeof(probe)));
        }
        break;
    }
    case CFT_ROUTE_PATCH:
    {
        static float row[MAX_W];
        for (int32_t b = 0; b < t->out.n; b++)
        {
            for (int32_t y = 0; y < t->out.h; y++)
            {
                for (int32_t x = 0; x < t->out.w; x++)
                {
                    arm_nn_pack_conv_patch_f32(in_x + (size_t)b * t->in.h * t->in.w * t->in.c, t->in.h, t->in.w,
                                               t->in.c, t->flt.h, t->flt.w, t->stride.h, t->stride.w, t->pad.h,
                                               t->pad.w, t->dil.h, t->dil.w, y, x, 0.0f, row);
                    float *dst = direct_out + (((size_t)b * t->out.h + y) * t->out.w + x) * t->out.c;
                    KILN_CHECK_EQ(t->packed ? arm_nn_mat_mult_nt_n_packed_f32(row, w, bias, dst, 1, rows, cols, rows, lo, hi)
                                            : arm_nn_mat_mult_nt_t_f32(row, w, bias, dst, 1, rows, cols, rows, lo, hi),
                                  ARM_CMSIS_NN_SUCCESS);
                }
            }
        }
        break;
    }
    default:
        compared = false;
        break;
    }
    if (compared)
    {
        KILN_CHECK(memcmp(direct_out, out, (size_t)out_n * sizeof(float)) == 0);
    }

    /* accuracy against double precision */
    cft_ref_conv(in_d, w_d, with_bias ? bias_d : NULL, &t->in, &t->flt, &t->out, &t->stride, &t->pad, &t->dil, ref_d,
                 mag_d);
    const double u = 1.0 / 16777216.0;
    for (int64_t i = 0; i < out_n; i++)
    {
        const double want = cft_clampd(ref_d[i], lo, hi);
        const double bound = (double)(cols + 2) * u * mag_d[i] * 1.0001 + 1e-30;
        const double err = (double)out[i] - want;
        if (!KILN_CHECK((err < 0 ? -err : err) <= bound))
        {
            break;
        }
    }
    free(x_exact);
    free(w_exact);
    free(wp_exact);
    free(b_exact);
}

static void test_conv_f32_route_agreement(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF32C0DEull);
    const int64_t want = 10000;
    int64_t idx = 0;
    while (n_valid < want && idx < 4 * want)
    {
        tuple_t t;
        gen_tuple(&r, &t);
        run_tuple(&r, &t, idx++);
    }
    printf("conv f32 routes: %lld tuples, %lld valid nonempty, %lld invalid, %lld empty;", (long long)idx,
           (long long)n_valid, (long long)n_error, (long long)n_empty);
    for (int i = 0; i < CFT_ROUTE_ERROR; i++)
    {
        printf(" %s %lld", cft_route_name(i), (long long)routes[i]);
    }
    printf("\n");
    KILN_CHECK(n_valid >= want);
    KILN_CHECK(n_error > 0 && n_empty > 0);
    for (int i = 0; i < CFT_ROUTE_ERROR; i++)
    {
        if (i == CFT_ROUTE_SMALL_C && !cft_mve_float())
        {
            KILN_CHECK_EQ(routes[i], 0);
            continue;
        }
        KILN_CHECK(routes[i] >= 100);
    }
}

int main(void)
{
    KILN_RUN(test_conv_f32_route_agreement);
    return kiln_test_finish();
}
