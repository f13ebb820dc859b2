/*
 * Float fully connected, pooling and softmax: random differential tests against double-precision references
 * (flt_ops_test.h), output buffers guarded on both sides. Documented error bounds (u32 = 2^-24, u16 = 2^-11):
 *  - fully connected: |got - ref| <= (k + 2) u32 S + r, S = sum |x w| + |bias| (any summation order, float32
 *    accumulation); r = 0 for float32, u16 |ref| + 2^-25 for float16 (one final rounding).
 *  - average pool: <= (count + 3) u32 A + r, A = mean |x| over the window (sum, then a division or a multiply by
 *    the float32 reciprocal); max pool: exact (r only for the float16 storage: 0, values are taken as stored).
 *  - softmax: <= ref (|x - max| + 2 D + n + 64) u32 + 2^-126 + r, D = largest |x - max| below 104 in the row
 *    (rounding of x - max, the exponential's few ulp, the sum of n terms and the reciprocal).
 * Shapes: FC depths 1..300 (mostly not multiples of 4 or 8), 1..40 outputs, 1..3 batches, NULL bias, tight
 * clamps, standard and packed weights; pooling windows over borders with padding, windows without in-bounds
 * taps, 1..37 channels; softmax rows of 1..4096 values with logits up to +-1e4 and +-FLT_MAX / 2.
 */
#include "flt_ops_test.h"

#define U32 (1.0 / 16777216.0)
#define U16 (1.0 / 2048.0)

static double rnd_range(kiln_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * (fot_unit(r) * 0.5 + 0.5);
}

/* Values of the dtype: float32 or float16 rounded. */
static double q(double v, bool half)
{
#if ARM_NN_ENABLE_F16
    if (half)
    {
        return (double)(float)(float16_t)(float)v;
    }
#else
    (void)half;
#endif
    return (double)(float)v;
}

typedef struct
{
    int32_t b, k, oc;
    bool bias, packed, tight;
} fc_shape;

/* One call of an operation with its operands where kiln_edge_each() puts them (void * slots): run again with
 * each operand flush against the end of readable memory, nothing may be read or written past any of them (a
 * fault on the boards, AddressSanitizer on the host), and the output must be the first call's bytes. */
typedef enum
{
    FE_FC_F32,
    FE_FC_F16,
    FE_AVG_F32,
    FE_MAX_F32,
    FE_AVG_F16,
    FE_MAX_F16,
    FE_SOFTMAX_F32,
    FE_SOFTMAX_F16
} fe_op;

typedef struct
{
    fe_op op;
    const void *params;
    const cmsis_nn_dims *in, *flt, *bd, *out;
    int32_t rows, cols;
    void *x, *w, *b, *y;
    const void *want;
    size_t y_bytes;
} fe_call;

static bool fe_run(void *arg)
{
    const fe_call *k = (const fe_call *)arg;
    arm_cmsis_nn_status st = ARM_CMSIS_NN_NO_IMPL_ERROR;
    switch (k->op)
    {
#if ARM_NN_ENABLE_F32
    case FE_FC_F32:
        st = arm_fully_connected_f32(NULL, (const cmsis_nn_fc_params_f32 *)k->params, k->in, (const float32_t *)k->x,
                                     k->flt, (const float32_t *)k->w, k->bd, (const float32_t *)k->b, k->out,
                                     (float32_t *)k->y, ARM_NN_LAYOUT_NHWC);
        break;
    case FE_AVG_F32:
    case FE_MAX_F32:
        st = (k->op == FE_AVG_F32 ? arm_avg_pool_f32 : arm_max_pool_f32)(
            NULL, (const cmsis_nn_pool_params_f32 *)k->params, k->in, (const float32_t *)k->x, k->flt, k->out,
            (float32_t *)k->y);
        break;
    case FE_SOFTMAX_F32: st = arm_softmax_f32((const float32_t *)k->x, k->rows, k->cols, (float32_t *)k->y); break;
#endif
#if ARM_NN_ENABLE_F16
    case FE_FC_F16:
        st = arm_fully_connected_f16(NULL, (const cmsis_nn_fc_params_f16 *)k->params, k->in, (const float16_t *)k->x,
                                     k->flt, (const float16_t *)k->w, k->bd, (const float16_t *)k->b, k->out,
                                     (float16_t *)k->y, ARM_NN_LAYOUT_NHWC);
        break;
    case FE_AVG_F16:
    case FE_MAX_F16:
        st = (k->op == FE_AVG_F16 ? arm_avg_pool_f16 : arm_max_pool_f16)(
            NULL, (const cmsis_nn_pool_params_f16 *)k->params, k->in, (const float16_t *)k->x, k->flt, k->out,
            (float16_t *)k->y);
        break;
    case FE_SOFTMAX_F16: st = arm_softmax_f16((const float16_t *)k->x, k->rows, k->cols, (float16_t *)k->y); break;
#endif
    default: break;
    }
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->y, k->want, k->y_bytes) == 0);
    return ok;
}

static void fe_edges(fe_call *k, size_t x_bytes, size_t w_bytes, size_t b_bytes)
{
    void *const y2 = malloc(k->y_bytes > 0 ? k->y_bytes : 1);
    k->y = y2;
    const kiln_edge_operand ops[] = {{"input", &k->x, x_bytes},
                                     {"weights", &k->w, w_bytes},
                                     {"bias", &k->b, b_bytes},
                                     {"output", &k->y, k->y_bytes}};
    KILN_CHECK(y2 != NULL);
    if (y2 != NULL)
    {
        kiln_edge_each(ops, 4, fe_run, k);
    }
    free(y2);
}

static void fc_case(kiln_rng *r, bool half, int32_t it)
{
    fc_shape s;
    s.b = kiln_rng_range(r, 1, 3);
    s.k = (it % 5 == 0) ? kiln_rng_range(r, 1, 9) : kiln_rng_range(r, 1, 300);
    s.oc = kiln_rng_range(r, 1, 40);
    s.bias = kiln_rng_range(r, 0, 3) != 0;
    s.packed = kiln_rng_range(r, 0, 1) != 0;
    s.tight = kiln_rng_range(r, 0, 3) == 0;
    const size_t nx = (size_t)s.b * (size_t)s.k, nw = (size_t)s.oc * (size_t)s.k, ny = (size_t)s.b * (size_t)s.oc;
    double *x = (double *)malloc(nx * sizeof(double)), *w = (double *)malloc(nw * sizeof(double));
    double *bias = (double *)malloc((size_t)s.oc * sizeof(double));
    double *ref = (double *)malloc(ny * sizeof(double)), *S = (double *)malloc(ny * sizeof(double));
    double *got = (double *)malloc(ny * sizeof(double)), *tol = (double *)malloc(ny * sizeof(double));
    const double scale = rnd_range(r, 0.1, 8.0);
    for (size_t i = 0; i < nx; i++)
        x[i] = q(fot_unit(r) * scale, half);
    for (size_t i = 0; i < nw; i++)
        w[i] = q(fot_unit(r), half);
    for (int32_t i = 0; i < s.oc; i++)
        bias[i] = q(fot_unit(r) * 2.0, half);
    const double lo = s.tight ? q(-0.5 * scale, half) : -1e30, hi = s.tight ? q(0.75 * scale, half) : 1e30;
    const double lo_h = half ? (s.tight ? lo : -65504.0) : lo, hi_h = half ? (s.tight ? hi : 65504.0) : hi;
    fot_ref_fc(x, w, s.bias ? bias : NULL, s.b, s.k, s.oc, lo_h, hi_h, ref, S);
    for (size_t i = 0; i < ny; i++)
        tol[i] = (s.k + 2) * U32 * S[i] + (half ? U16 * fabs(ref[i]) + 1.0 / 33554432.0 : 0.0);
    const cmsis_nn_dims in = {s.b, 1, 1, s.k}, flt = {s.k, 1, 1, s.oc}, bd = {1, 1, 1, s.oc}, out = {s.b, 1, 1, s.oc};
    kiln_test_context("fc %s b=%d k=%d oc=%d bias=%d packed=%d tight=%d", half ? "f16" : "f32", s.b, s.k, s.oc, s.bias,
                      s.packed, s.tight);
    if (!half)
    {
#if ARM_NN_ENABLE_F32
        float32_t *xf = (float32_t *)fot_alloc(nx * 4), *wf = (float32_t *)fot_alloc(nw * 4),
                  *bf = (float32_t *)fot_alloc((size_t)s.oc * 4), *yf = (float32_t *)fot_alloc(ny * 4);
        for (size_t i = 0; i < nx; i++)
            xf[i] = (float32_t)x[i];
        for (size_t i = 0; i < nw; i++)
            wf[i] = (float32_t)w[i];
        for (int32_t i = 0; i < s.oc; i++)
            bf[i] = (float32_t)bias[i];
        float32_t *wuse = wf;
        if (s.packed)
        {
            wuse = (float32_t *)fot_alloc((size_t)arm_nn_pack_rhs_nt_n_f32_get_buffer_size(s.oc, s.k));
            KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32(wf, s.oc, s.k, wuse), ARM_CMSIS_NN_SUCCESS);
        }
        const cmsis_nn_fc_params_f32 fp = {{(float32_t)lo, (float32_t)hi},
                                           s.packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD};
        KILN_CHECK_EQ(arm_fully_connected_f32(NULL, &fp, &in, xf, &flt, wuse, &bd, s.bias ? bf : NULL, &out, yf,
                                              ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < ny; i++)
            got[i] = (double)yf[i];
        fot_close("fc f32", got, ref, tol, (int64_t)ny);
        KILN_CHECK(fot_guards_ok(yf, ny * 4));
        fe_call k = {FE_FC_F32, &fp, &in, &flt, &bd, &out, 0, 0, xf, wuse, s.bias ? bf : NULL, NULL, yf, ny * 4};
        fe_edges(&k, nx * 4,
                 s.packed ? (size_t)arm_nn_pack_rhs_nt_n_f32_get_buffer_size(s.oc, s.k) : nw * 4, (size_t)s.oc * 4);
        if (s.packed)
            fot_free(wuse);
        fot_free(xf);
        fot_free(wf);
        fot_free(bf);
        fot_free(yf);
#endif
    }
    else
    {
#if ARM_NN_ENABLE_F16
        float16_t *xh = (float16_t *)fot_alloc(nx * 2), *wh = (float16_t *)fot_alloc(nw * 2),
                  *bh = (float16_t *)fot_alloc((size_t)s.oc * 2), *yh = (float16_t *)fot_alloc(ny * 2);
        for (size_t i = 0; i < nx; i++)
            xh[i] = (float16_t)(float)x[i];
        for (size_t i = 0; i < nw; i++)
            wh[i] = (float16_t)(float)w[i];
        for (int32_t i = 0; i < s.oc; i++)
            bh[i] = (float16_t)(float)bias[i];
        float16_t *wuse = wh;
        if (s.packed)
        {
            wuse = (float16_t *)fot_alloc((size_t)arm_nn_pack_rhs_nt_n_f16_get_buffer_size(s.oc, s.k));
            KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(wh, s.oc, s.k, wuse), ARM_CMSIS_NN_SUCCESS);
        }
        cmsis_nn_fc_params_f16 fp;
        memset(&fp, 0, sizeof(fp));
        fp.activation.min = (float16_t)(float)lo_h;
        fp.activation.max = (float16_t)(float)hi_h;
        fp.weight_format = s.packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        KILN_CHECK_EQ(arm_fully_connected_f16(NULL, &fp, &in, xh, &flt, wuse, &bd, s.bias ? bh : NULL, &out, yh,
                                              ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < ny; i++)
            got[i] = (double)(float)yh[i];
        fot_close("fc f16", got, ref, tol, (int64_t)ny);
        KILN_CHECK(fot_guards_ok(yh, ny * 2));
        fe_call k = {FE_FC_F16, &fp, &in, &flt, &bd, &out, 0, 0, xh, wuse, s.bias ? bh : NULL, NULL, yh, ny * 2};
        fe_edges(&k, nx * 2,
                 s.packed ? (size_t)arm_nn_pack_rhs_nt_n_f16_get_buffer_size(s.oc, s.k) : nw * 2, (size_t)s.oc * 2);
        if (s.packed)
            fot_free(wuse);
        fot_free(xh);
        fot_free(wh);
        fot_free(bh);
        fot_free(yh);
#endif
    }
    free(x);
    free(w);
    free(bias);
    free(ref);
    free(S);
    free(got);
    free(tol);
}

static void pool_case(kiln_rng *r, bool half, bool avg)
{
    const int32_t n = kiln_rng_range(r, 1, 2), ih = kiln_rng_range(r, 1, 9), iw = kiln_rng_range(r, 1, 9);
    const int32_t c = kiln_rng_range(r, 1, 37), kh = kiln_rng_range(r, 1, 5), kw = kiln_rng_range(r, 1, 5);
    const int32_t sh = kiln_rng_range(r, 1, 3), sw = kiln_rng_range(r, 1, 3);
    const int32_t ph = kiln_rng_range(r, 0, kh), pw = kiln_rng_range(r, 0, kw);
    /* TFLite SAME/VALID-like sizes, sometimes one more (a window past the border, maybe without taps) */
    const int32_t oh = (ih + 2 * ph - kh) / sh + 1 + kiln_rng_range(r, 0, 1);
    const int32_t ow = (iw + 2 * pw - kw) / sw + 1 + kiln_rng_range(r, 0, 1);
    if (oh < 1 || ow < 1)
    {
        return;
    }
    const bool tight = kiln_rng_range(r, 0, 3) == 0;
    const double lo = tight ? q(-0.3, half) : q(-100.0, half), hi = tight ? q(0.4, half) : q(100.0, half);
    const size_t nx = (size_t)n * ih * iw * c, ny = (size_t)n * oh * ow * c;
    double *x = (double *)malloc(nx * sizeof(double)), *ref = (double *)malloc(ny * sizeof(double));
    double *A = (double *)malloc(ny * sizeof(double)), *got = (double *)malloc(ny * sizeof(double));
    double *tol = (double *)malloc(ny * sizeof(double));
    const double scale = rnd_range(r, 0.5, 20.0);
    for (size_t i = 0; i < nx; i++)
        x[i] = q(fot_unit(r) * scale, half);
    fot_ref_pool(x, n, ih, iw, c, kh, kw, sh, sw, ph, pw, oh, ow, lo, hi, avg, ref, A);
    for (size_t i = 0; i < ny; i++)
        tol[i] = avg ? (kh * kw + 3) * U32 * A[i] + (half ? U16 * fabs(ref[i]) + 1.0 / 33554432.0 : 0.0) : 0.0;
    const cmsis_nn_dims in = {n, ih, iw, c}, flt = {1, kh, kw, c}, out = {n, oh, ow, c};
    kiln_test_context("%s %s n=%d in=%dx%d c=%d k=%dx%d s=%dx%d p=%dx%d out=%dx%d", avg ? "avg" : "max",
                      half ? "f16" : "f32", n, ih, iw, c, kh, kw, sh, sw, ph, pw, oh, ow);
    if (!half)
    {
#if ARM_NN_ENABLE_F32
        float32_t *xf = (float32_t *)fot_alloc(nx * 4), *yf = (float32_t *)fot_alloc(ny * 4);
        for (size_t i = 0; i < nx; i++)
            xf[i] = (float32_t)x[i];
        const cmsis_nn_pool_params_f32 pp = {{sw, sh}, {pw, ph}, {(float32_t)lo, (float32_t)hi}};
        KILN_CHECK_EQ(avg ? arm_avg_pool_f32(NULL, &pp, &in, xf, &flt, &out, yf)
                          : arm_max_pool_f32(NULL, &pp, &in, xf, &flt, &out, yf),
                      ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < ny; i++)
            got[i] = (double)yf[i];
        fot_close("pool f32", got, ref, tol, (int64_t)ny);
        KILN_CHECK(fot_guards_ok(yf, ny * 4));
        fe_call k = {avg ? FE_AVG_F32 : FE_MAX_F32, &pp, &in, &flt, NULL, &out, 0, 0, xf, NULL, NULL, NULL, yf,
                     ny * 4};
        fe_edges(&k, nx * 4, 0, 0);
        fot_free(xf);
        fot_free(yf);
#endif
    }
    else
    {
#if ARM_NN_ENABLE_F16
        float16_t *xh = (float16_t *)fot_alloc(nx * 2), *yh = (float16_t *)fot_alloc(ny * 2);
        for (size_t i = 0; i < nx; i++)
            xh[i] = (float16_t)(float)x[i];
        cmsis_nn_pool_params_f16 pp;
        memset(&pp, 0, sizeof(pp));
        pp.stride.w = sw;
        pp.stride.h = sh;
        pp.padding.w = pw;
        pp.padding.h = ph;
        pp.activation.min = (float16_t)(float)lo;
        pp.activation.max = (float16_t)(float)hi;
        KILN_CHECK_EQ(avg ? arm_avg_pool_f16(NULL, &pp, &in, xh, &flt, &out, yh)
                          : arm_max_pool_f16(NULL, &pp, &in, xh, &flt, &out, yh),
                      ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < ny; i++)
            got[i] = (double)(float)yh[i];
        fot_close("pool f16", got, ref, tol, (int64_t)ny);
        KILN_CHECK(fot_guards_ok(yh, ny * 2));
        fe_call k = {avg ? FE_AVG_F16 : FE_MAX_F16, &pp, &in, &flt, NULL, &out, 0, 0, xh, NULL, NULL, NULL, yh,
                     ny * 2};
        fe_edges(&k, nx * 2, 0, 0);
        fot_free(xh);
        fot_free(yh);
#endif
    }
    free(x);
    free(ref);
    free(A);
    free(got);
    free(tol);
}

static void softmax_case(kiln_rng *r, bool half, int32_t it)
{
    static const int32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 33, 100, 257, 1000, 4096};
    const int32_t cols = sizes[it % (int32_t)(sizeof(sizes) / sizeof(sizes[0]))];
    const int32_t rows = cols > 1000 ? 1 : kiln_rng_range(r, 1, 4);
    const int32_t kind = it % 4;
    /* logit spread: moderate, +-80 (deep exponentials), +-1e4 (most terms underflow), +-FLT_MAX / 2 (float32) */
    double spread = kind == 0 ? 4.0 : (kind == 1 ? 80.0 : (kind == 2 ? 1e4 : 1.7e38));
    if (half && spread > 6e4)
    {
        spread = 6e4;
    }
    const size_t nn = (size_t)rows * (size_t)cols;
    double *x = (double *)malloc(nn * sizeof(double)), *ref = (double *)malloc(nn * sizeof(double));
    double *got = (double *)malloc(nn * sizeof(double)), *tol = (double *)malloc(nn * sizeof(double));
    for (size_t i = 0; i < nn; i++)
        x[i] = q(fot_unit(r) * spread, half);
    for (int32_t rr = 0; rr < rows; rr++)
    {
        double d;
        const double *xr = x + (size_t)rr * cols;
        fot_ref_softmax(xr, cols, ref + (size_t)rr * cols, &d);
        double m = xr[0];
        for (int32_t i = 1; i < cols; i++)
            m = xr[i] > m ? xr[i] : m;
        for (int32_t i = 0; i < cols; i++)
        {
            const double y = ref[(size_t)rr * cols + i];
            const double dx = fabs(xr[i] - m) < 104.0 ? fabs(xr[i] - m) : 104.0;
            tol[(size_t)rr * cols + i] =
                y * (dx + 2.0 * d + cols + 64.0) * U32 + 1.2e-38 + (half ? U16 * y + 1.0 / 33554432.0 : 0.0);
        }
    }
    kiln_test_context("softmax %s rows=%d cols=%d spread=%g", half ? "f16" : "f32", rows, cols, spread);
    if (!half)
    {
#if ARM_NN_ENABLE_F32
        float32_t *xf = (float32_t *)fot_alloc(nn * 4), *yf = (float32_t *)fot_alloc(nn * 4);
        for (size_t i = 0; i < nn; i++)
            xf[i] = (float32_t)x[i];
        KILN_CHECK_EQ(arm_softmax_f32(xf, rows, cols, yf), ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < nn; i++)
            got[i] = (double)yf[i];
        fot_close("softmax f32", got, ref, tol, (int64_t)nn);
        KILN_CHECK(fot_guards_ok(yf, nn * 4));
        fe_call k = {FE_SOFTMAX_F32, NULL, NULL, NULL, NULL, NULL, rows, cols, xf, NULL, NULL, NULL, yf, nn * 4};
        fe_edges(&k, nn * 4, 0, 0);
        fot_free(xf);
        fot_free(yf);
#endif
    }
    else
    {
#if ARM_NN_ENABLE_F16
        float16_t *xh = (float16_t *)fot_alloc(nn * 2), *yh = (float16_t *)fot_alloc(nn * 2);
        for (size_t i = 0; i < nn; i++)
            xh[i] = (float16_t)(float)x[i];
        KILN_CHECK_EQ(arm_softmax_f16(xh, rows, cols, yh), ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < nn; i++)
            got[i] = (double)(float)yh[i];
        fot_close("softmax f16", got, ref, tol, (int64_t)nn);
        KILN_CHECK(fot_guards_ok(yh, nn * 2));
        fe_call k = {FE_SOFTMAX_F16, NULL, NULL, NULL, NULL, NULL, rows, cols, xh, NULL, NULL, NULL, yh, nn * 2};
        fe_edges(&k, nn * 2, 0, 0);
        fot_free(xh);
        fot_free(yh);
#endif
    }
    free(x);
    free(ref);
    free(got);
    free(tol);
}

static void run_dtype(bool half, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t n = kiln_test_iterations(300, 40);
    for (int32_t i = 0; i < n; i++)
    {
        fc_case(&r, half, i);
        pool_case(&r, half, true);
        pool_case(&r, half, false);
        softmax_case(&r, half, i);
    }
}

#if ARM_NN_ENABLE_F32
static void test_random_f32(void)
{
    run_dtype(false, 0xF32F32u);
}
#endif
#if ARM_NN_ENABLE_F16
static void test_random_f16(void)
{
    run_dtype(true, 0xF16F16u);
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_random_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_random_f16);
#endif
    return kiln_test_finish();
}
