/*
 * Float32 convolution on shapes the random route tests do not reach (more than 16 output channels, 64-channel
 * pointwise layers, odd tap runs, dilated edges, first-layer RGB), on every backend: the blocks of the Helium
 * kernels (two positions x eight channels, one position x sixteen / twelve, channel tails, runs with odd lengths,
 * skipped taps) against the double-precision reference. For each shape, with the queried scratch and without:
 *   - standard and NT_N_PACKED weights give the same bytes;
 *   - on the packed-patch GEMM, small-C and direct routes the router equals arm_nn_pack_conv_patch_f32 +
 *     arm_nn_mat_mult_nt_t_f32 per position, byte for byte (finite data: a skipped tap and a zero tap leave a sum
 *     alike; on MVE-float builds the small-C shapes' whole-window outputs run the position-lane kernel, the others
 *     the channel blocks); on the 1x1 route it equals arm_nn_mat_mult_nt_t_f32 per position;
 *   - every output is within (K + 2) 2^-24 (|bias| + sum |x w|) of the clamped reference; nothing is written
 *     outside the output (guard bytes).
 */
#include <math.h>

#include "conv_flt_test.h"

typedef struct
{
    int32_t h, w, c, oc, kh, kw, sh, sw, ph, pw, dh, dw;
} shape_t;

static const shape_t shapes[] = {
    {25, 5, 64, 64, 1, 1, 1, 1, 0, 0, 1, 1}, /* DS-CNN pointwise */
    {6, 7, 16, 37, 3, 3, 1, 1, 1, 1, 1, 1},  /* 3x3, channel tail of 5 */
    {9, 9, 3, 20, 3, 3, 2, 2, 1, 1, 1, 1},   /* first layer RGB, stride 2 */
    {8, 8, 5, 27, 3, 3, 1, 1, 2, 2, 2, 2},   /* dilated: one run per tap */
    {7, 9, 7, 13, 5, 3, 1, 1, 2, 1, 1, 1},   /* odd runs (21 elements) */
    {4, 4, 1, 9, 3, 3, 1, 1, 1, 1, 1, 1},    /* one input channel */
    {5, 6, 9, 30, 1, 1, 1, 2, 0, 0, 1, 1},   /* 1x1, stride 2 in x, odd K */
    {32, 32, 3, 16, 3, 3, 2, 2, 1, 1, 1, 1}, /* first layer RGB 32x32, stride 2: small-C lanes, groups of 4 */
    {9, 10, 4, 8, 3, 3, 1, 1, 1, 1, 1, 1},   /* four channels, 3x3, 8 outputs (small-C 3x3 gate) */
    {11, 13, 1, 13, 5, 5, 1, 2, 2, 1, 1, 1}, /* one channel 5x5, x stride 2: 6 + 6 + 1 channels, tails */
    {12, 7, 2, 7, 3, 2, 2, 1, 0, 1, 2, 1},   /* two channels, row dilation 2, odd widths */
    {8, 9, 3, 5, 5, 5, 1, 1, 2, 2, 1, 1},    /* 5x5 RGB (75 taps, the table's limit), 5 outputs */
    {7, 8, 3, 6, 6, 5, 1, 1, 1, 1, 1, 1},    /* 90 taps: past the table, blocks only */
};

#define MAX_IN (25 * 5 * 64)
#define MAX_W (64 * 64 + 64 * 3 * 3 * 16)
#define MAX_OUT (25 * 5 * 64)
#define MAX_ROW (5 * 3 * 16)

static float in_x[MAX_IN], w_s[MAX_W], w_p[MAX_W + 64], bias[64], ref_out[MAX_OUT], row[MAX_ROW];
static float scratch[2 * MAX_ROW];
static double in_d[MAX_IN], w_d[MAX_W], b_d[64], ref_d[MAX_OUT], mag_d[MAX_OUT];

/* One router call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_conv_params_f32 *cp;
    const cmsis_nn_dims *in, *flt, *bias_dims, *out;
    int32_t q;
    void *ctx, *x, *w, *b, *y;
    const float *want;
    int32_t n_out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *e = (const edge_call *)arg;
    const cmsis_nn_context ctx = {e->ctx, e->q};
    bool ok = KILN_CHECK_EQ(arm_convolve_f32(&ctx, e->cp, e->in, (const float *)e->x, e->flt, (const float *)e->w,
                                             e->bias_dims, (const float *)e->b, e->out, (float *)e->y,
                                             ARM_NN_LAYOUT_NHWC),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(e->y, e->want, (size_t)e->n_out * sizeof(float)) == 0);
    return ok;
}

static void run_shape(kiln_rng *r, const shape_t *s)
{
    const cmsis_nn_dims in = {1, s->h, s->w, s->c};
    const cmsis_nn_dims flt = {s->oc, s->kh, s->kw, s->c};
    const int32_t oh = (s->h + 2 * s->ph - s->dh * (s->kh - 1) - 1) / s->sh + 1;
    const int32_t ow = (s->w + 2 * s->pw - s->dw * (s->kw - 1) - 1) / s->sw + 1;
    const cmsis_nn_dims out = {1, oh, ow, s->oc};
    const cmsis_nn_dims bias_dims = {1, 1, 1, s->oc};
    const int32_t n_in = s->h * s->w * s->c, cols = s->kh * s->kw * s->c, n_w = s->oc * cols, n_out = oh * ow * s->oc;
    KILN_CHECK(n_in <= MAX_IN && n_w <= MAX_W && n_out <= MAX_OUT && cols <= MAX_ROW);
    for (int32_t i = 0; i < n_in; i++)
    {
        in_x[i] = cft_rand_unit(r);
        in_d[i] = in_x[i];
    }
    for (int32_t i = 0; i < n_w; i++)
    {
        w_s[i] = cft_rand_unit(r);
        w_d[i] = w_s[i];
    }
    for (int32_t i = 0; i < s->oc; i++)
    {
        bias[i] = cft_rand_unit(r);
        b_d[i] = bias[i];
    }
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32(w_s, s->oc, cols, w_p), ARM_CMSIS_NN_SUCCESS);
    cmsis_nn_conv_params_f32 cp;
    memset(&cp, 0, sizeof(cp));
    cp.stride = (cmsis_nn_tile){s->sw, s->sh};
    cp.padding = (cmsis_nn_tile){s->pw, s->ph};
    cp.dilation = (cmsis_nn_tile){s->dw, s->dh};
    cp.activation.min = -3.0f;
    cp.activation.max = 3.0f;
    cft_ref_conv(in_d, w_d, b_d, &in, &flt, &out, &cp.stride, &cp.padding, &cp.dilation, ref_d, mag_d);

    float *y = (float *)cft_guarded_alloc((size_t)n_out * sizeof(float));
    float *y2 = (float *)cft_guarded_alloc((size_t)n_out * sizeof(float));
    KILN_CHECK(y != NULL && y2 != NULL);
    if (y == NULL || y2 == NULL)
    {
        cft_guarded_free(y);
        cft_guarded_free(y2);
        return;
    }
    for (int with_ctx = 0; with_ctx < 2; with_ctx++)
    {
        cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
        const int32_t q = arm_convolve_f32_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK(q >= 0 && (size_t)q <= sizeof(scratch));
        const cmsis_nn_context ctx = {with_ctx ? scratch : NULL, with_ctx ? q : 0};
        kiln_conv_flt_plan_t plan;
        KILN_CHECK_EQ(kiln_conv_flt_plan(&cp.stride, &cp.padding, &cp.dilation, (int32_t)cp.weight_format,
                                         (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, &out, KILN_FLT_F32,
                                         KILN_FLT_NATIVE_ISA, kiln_conv_flt_ctx_bytes(&ctx), &plan),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(arm_convolve_f32(&ctx, &cp, &in, in_x, &flt, w_s, &bias_dims, bias, &out, y, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        cp.weight_format = ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
        KILN_CHECK_EQ(arm_convolve_f32(&ctx, &cp, &in, in_x, &flt, w_p, &bias_dims, bias, &out, y2, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(cft_guards_ok(y, (size_t)n_out * sizeof(float)));
        KILN_CHECK(cft_guards_ok(y2, (size_t)n_out * sizeof(float)));
        KILN_CHECK(memcmp(y, y2, (size_t)n_out * sizeof(float)) == 0);
        /* again (packed weights) with each operand flush against the end of readable memory, the scratch as
         * large as the query: nothing is read or written past any of them (a fault on the boards,
         * AddressSanitizer on the host) */
        edge_call e = {&cp, &in, &flt, &bias_dims, &out, ctx.size, ctx.buf, in_x, w_p, bias, y2, y, n_out};
        const kiln_edge_operand ops[] = {
            {"input", &e.x, (size_t)n_in * sizeof(float)},
            {"weights", &e.w, (size_t)arm_nn_pack_rhs_nt_n_f32_get_buffer_size(s->oc, cols)},
            {"bias", &e.b, (size_t)s->oc * sizeof(float)},
            {"scratch", &e.ctx, (size_t)ctx.size},
            {"output", &e.y, (size_t)n_out * sizeof(float)},
        };
        kiln_edge_each(ops, 5, edge_run, &e);
        cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
        e.w = w_s;
        const kiln_edge_operand ops_std[] = {{"weights (standard)", &e.w, (size_t)n_w * sizeof(float)}};
        kiln_edge_each(ops_std, 1, edge_run, &e);

        if (plan.route != KILN_CONV_FLT_ROUTE_1XN && plan.route != KILN_CONV_FLT_ROUTE_K5 &&
            plan.route != KILN_CONV_FLT_ROUTE_K3)
        {
            for (int32_t oy = 0; oy < oh; oy++)
            {
                for (int32_t ox = 0; ox < ow; ox++)
                {
                    float *d = ref_out + ((size_t)oy * ow + ox) * s->oc;
                    const float *lhs = row;
                    if (plan.route != KILN_CONV_FLT_ROUTE_1X1)
                    {
                        arm_nn_pack_conv_patch_f32(in_x, s->h, s->w, s->c, s->kh, s->kw, s->sh, s->sw, s->ph, s->pw,
                                                   s->dh, s->dw, oy, ox, 0.0f, row);
                    }
                    else
                    {
                        lhs = in_x + ((size_t)oy * s->sh * s->w + (size_t)ox * s->sw) * s->c;
                    }
                    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_f32(lhs, w_s, bias, d, 1, s->oc, cols, s->oc, cp.activation.min,
                                                           cp.activation.max),
                                  ARM_CMSIS_NN_SUCCESS);
                }
            }
            KILN_CHECK(memcmp(ref_out, y, (size_t)n_out * sizeof(float)) == 0);
        }
        const double u = 1.0 / 16777216.0;
        for (int32_t i = 0; i < n_out; i++)
        {
            const double want = cft_clampd(ref_d[i], cp.activation.min, cp.activation.max);
            const double err = (double)y[i] - want;
            if (!KILN_CHECK((err < 0 ? -err : err) <= (double)(cols + 2) * u * mag_d[i] * 1.0001 + 1e-30))
            {
                printf("shape %dx%dx%d -> %d k%dx%d, ctx %d, output %d\n", (int)s->h, (int)s->w, (int)s->c,
                       (int)s->oc, (int)s->kh, (int)s->kw, with_ctx, (int)i);
                break;
            }
        }
    }
    cft_guarded_free(y);
    cft_guarded_free(y2);
}

/* Non-finite inputs on a small-C shape (first-layer RGB, stride 2, bias): every output that the per-position public
 * kernels (arm_nn_pack_conv_patch_f32 + arm_nn_mat_mult_nt_t_f32) make NaN is NaN (the clamps keep NaN), every other
 * output has their bytes (an infinite sum clamps to a bound). */
static void test_conv_f32_small_c_nonfinite(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF32C0DEull);
    const int32_t h = 17, w = 18, c = 3, oc = 14, k = 3;
    const cmsis_nn_dims in = {1, h, w, c}, flt = {oc, k, k, c}, out = {1, 9, 9, oc}, bias_dims = {1, 1, 1, oc};
    const int32_t n_in = h * w * c, cols = k * k * c, n_out = 9 * 9 * oc;
    for (int32_t i = 0; i < n_in; i++)
    {
        in_x[i] = cft_rand_unit(&r);
    }
    in_x[(5 * w + 7) * c + 1] = NAN;
    in_x[(10 * w + 3) * c] = INFINITY;
    in_x[(12 * w + 12) * c + 2] = -INFINITY;
    for (int32_t i = 0; i < oc * cols; i++)
    {
        w_s[i] = cft_rand_unit(&r);
    }
    for (int32_t i = 0; i < oc; i++)
    {
        bias[i] = cft_rand_unit(&r);
    }
    cmsis_nn_conv_params_f32 cp;
    memset(&cp, 0, sizeof(cp));
    cp.stride = (cmsis_nn_tile){2, 2};
    cp.padding = (cmsis_nn_tile){1, 1};
    cp.dilation = (cmsis_nn_tile){1, 1};
    cp.activation.min = -3.0f;
    cp.activation.max = 3.0f;
    cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
    const cmsis_nn_context none = {NULL, 0};
    float *y = (float *)cft_guarded_alloc((size_t)n_out * sizeof(float));
    KILN_CHECK(y != NULL);
    if (y == NULL)
    {
        return;
    }
    KILN_CHECK_EQ(arm_convolve_f32(&none, &cp, &in, in_x, &flt, w_s, &bias_dims, bias, &out, y, ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(cft_guards_ok(y, (size_t)n_out * sizeof(float)));
    int nans = 0;
    for (int32_t oy = 0; oy < 9; oy++)
    {
        for (int32_t ox = 0; ox < 9; ox++)
        {
            float *d = ref_out + ((size_t)oy * 9 + ox) * oc;
            arm_nn_pack_conv_patch_f32(in_x, h, w, c, k, k, 2, 2, 1, 1, 1, 1, oy, ox, 0.0f, row);
            KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_f32(row, w_s, bias, d, 1, oc, cols, oc, cp.activation.min,
                                                   cp.activation.max),
                          ARM_CMSIS_NN_SUCCESS);
        }
    }
    for (int32_t i = 0; i < n_out; i++)
    {
        const bool want_nan = ref_out[i] != ref_out[i];
        nans += want_nan ? 1 : 0;
        if (!KILN_CHECK(want_nan ? y[i] != y[i] : memcmp(&y[i], &ref_out[i], sizeof(float)) == 0))
        {
            printf("small-C non-finite: output %d\n", (int)i);
            break;
        }
    }
    KILN_CHECK(nans > 0);
    cft_guarded_free(y);
}

static void test_conv_f32_mve_shapes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF32B10Cull);
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
    {
        run_shape(&r, &shapes[i]);
    }
}

int main(void)
{
    KILN_RUN(test_conv_f32_mve_shapes);
    KILN_RUN(test_conv_f32_small_c_nonfinite);
    return kiln_test_finish();
}
