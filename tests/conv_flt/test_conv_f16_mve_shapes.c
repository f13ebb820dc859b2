/*
 * arm_convolve_f16 (float32 accumulation) on the shapes the grouped Helium engine splits up: more than 16 output
 * channels (several accumulator groups), channel counts that are not a multiple of four (predicated tail block),
 * patch rows longer than one staged chunk (96 columns, chunk edges inside a filter row), width dilation (weight runs
 * that are not contiguous), stride 2, batches, with and without bias, with standard and NT_N_PACKED weights, through
 * the packed-patch GEMM route (ctx of the queried size) and the direct route (no ctx). Runs on every backend.
 * For each case:
 *   - the plan takes the expected route;
 *   - the packed-patch router output equals, byte for byte, arm_nn_pack_conv_patch_f16 + arm_nn_mat_mult_* per
 *     output position (a different kernel path), and the direct route gives the same bytes (finite data: a
 *     skipped tap and a zero tap leave a float32 sum alike);
 *   - standard and NT_N_PACKED weights give the same bytes;
 *   - every output is within the documented bound of a double-precision reference:
 *       |got - clamp(ref)| <= 2^-11 |clamp(ref)| + 2^-24 + (K + 2) * 2^-24 * (|bias| + sum |x w|);
 *   - the bytes around the queried scratch keep their canary;
 *   - arm_convolve_f16_acc16: the patch and direct routes and both weight formats give the same bytes, within the
 *     float16-accumulation bound of the route tests.
 */
#include "conv_flt_test.h"

#if ARM_NN_ENABLE_F16

typedef struct
{
    int32_t n, h, w, c, oc, kh, kw, sh, sw, ph, pw, dh, dw;
    bool bias;
} shape_t;

static const shape_t shapes[] = {
    /* n  h   w   c  oc kh kw sh sw ph pw dh dw bias */
    {1, 6, 7, 24, 20, 3, 3, 1, 1, 1, 1, 1, 1, true},   /* k 216: chunks cut filter rows; 16 + 4 channels */
    {1, 5, 9, 40, 36, 3, 3, 2, 2, 1, 1, 1, 1, true},   /* k 360, stride 2, three accumulator groups */
    {1, 8, 8, 16, 11, 3, 3, 1, 1, 2, 2, 2, 2, false},  /* dilation 2: one weight run per tap; 4 + 4 + 3 channels */
    {2, 4, 11, 17, 13, 2, 3, 1, 1, 0, 1, 1, 1, true},  /* batch 2, odd channels, k 102 */
    {1, 3, 14, 9, 9, 3, 3, 1, 1, 1, 1, 1, 1, true},    /* 14 positions per row: groups of 5; 8 + 1 channels */
    {1, 7, 6, 16, 16, 3, 3, 1, 1, 1, 1, 1, 2, false},  /* width dilation only */
    {1, 6, 13, 12, 33, 1, 3, 1, 1, 0, 1, 1, 1, true},  /* 1x3 kernel with padding: generic routes, 33 channels */
};

#define MAX_IN (2 * 8 * 14 * 40)
#define MAX_W (40 * 3 * 3 * 40)
#define MAX_OUT (2 * 8 * 14 * 40)
#define MAX_SCRATCH (3 * 3 * 40 * 2)

static double in_d[MAX_IN], w_d[MAX_W], b_d[64], ref_d[MAX_OUT], mag_d[MAX_OUT];
static float16_t x[MAX_IN], w[MAX_W], wp[MAX_W + 8 * 3 * 3 * 40], b[64], row[3 * 3 * 40];
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
    const float16_t *bias = s->bias ? b : NULL;
    const float32_t lo = (float32_t)cp.activation.min, hi = (float32_t)cp.activation.max;
    cft_ref_conv(in_d, w_d, s->bias ? b_d : NULL, &in, &flt, &out, &cp.stride, &cp.padding, &cp.dilation, ref_d,
                 mag_d);

    for (int packed = 0; packed < 2; packed++)
    {
        cp.weight_format = packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        const float16_t *wt = packed ? wp : w;
        const int32_t q = arm_convolve_f16_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK(q >= 0 && q <= MAX_SCRATCH);
        memset(scratch_mem, CFT_CANARY, sizeof(scratch_mem));
        const cmsis_nn_context ctx = {scratch_mem + CFT_GUARD, q};
        const cmsis_nn_context none = {NULL, 0};
        const bool generic = s->kh > 1; /* the 1x3 shape takes another route; only the bounds apply there */
        if (generic)
        {
            KILN_CHECK_EQ(plan_route(&cp, &in, &flt, &out, packed != 0, q), CFT_ROUTE_PATCH);
            KILN_CHECK_EQ(plan_route(&cp, &in, &flt, &out, packed != 0, 0), CFT_ROUTE_DIRECT);
        }
        float16_t *yp = packed ? y_other : y_patch;
        KILN_CHECK_EQ(arm_convolve_f16(&ctx, &cp, &in, x, &flt, wt, &bias_dims, bias, &out, yp, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(cft_all_canary(scratch_mem, CFT_GUARD));
        KILN_CHECK(cft_all_canary(scratch_mem + CFT_GUARD + q, sizeof(scratch_mem) - CFT_GUARD - (size_t)q));
        KILN_CHECK_EQ(
            arm_convolve_f16(&none, &cp, &in, x, &flt, wt, &bias_dims, bias, &out, y_direct, ARM_NN_LAYOUT_NHWC),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(yp, y_direct, (size_t)n_out * sizeof(float16_t)) == 0);
        if (generic)
        {
            /* the packed-patch route, position by position, through the public kernels */
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
        const float16_t *wt = packed ? wp : w;
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

static void test_conv_f16_mve_shapes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 2026);
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
    {
        run_shape(&shapes[i], &r);
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_conv_f16_mve_shapes);
#endif
    return kiln_test_finish();
}
