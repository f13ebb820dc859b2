/*
 * Float batch matmul and batch normalization: random differential tests against double-precision references
 * (bmm_flt_test.h), output buffers guarded on both sides, and edge-memory runs (kiln_edge_each: each operand
 * flush against the end / start of accessible memory; same output bits).
 * Documented error bounds (u32 = 2^-24, u16 = 2^-11):
 *  - batch matmul: |got - ref| <= (K + 2) u32 S + r, S = sum_k |lhs rhs| (float32 accumulation of K products,
 *    any summation order, fused or not); r = 0 for float32, u16 |ref| + 2^-25 for float16 (one final rounding).
 *    The clamp is 1-Lipschitz, so the bound holds after it.
 *  - batch norm: <= 2 u32 (|x s| + |b|) + r (one product and one add in float32; a float16 product is exact).
 * Shapes: every adj_x / adj_y combination, NT_N_PACKED rhs (no adj), batch and height broadcast on either side
 * (equal, or 1 against the output's), M 1..9, N 1..19 (not multiples of the 4 / 8 packing block), K 1..120 and
 * occasionally 0 (output = clamp(0)), empty outputs (M, N or batch 0), tight clamps. Batch norm: the only layout
 * (NHWC; NCHW is not an arm_nn_tensor_layout value and is rejected, see test_bmm_flt_bad_input), N 1..3,
 * H, W 1..5, C 1..37, in place too.
 */
#include "bmm_flt_test.h"

/* ---- edge memory ------------------------------------------------------------------------------------- */

typedef struct
{
    bool half, bn;
    const bft_bmm_shape *s;
    float lo, hi;
    const cmsis_nn_dims *bn_dims;
    void *a, *b, *c, *y; /* bmm: lhs, rhs, -, out; bn: input, scale, bias, out */
    const void *want;
    size_t y_bytes;
} be_call;

static arm_cmsis_nn_status be_call_once(const be_call *k)
{
    arm_cmsis_nn_status st = ARM_CMSIS_NN_NO_IMPL_ERROR;
    if (k->bn)
    {
#if ARM_NN_ENABLE_F32
        if (!k->half)
            st = arm_batch_norm_f32((const float32_t *)k->a, (float32_t *)k->y, (const float32_t *)k->b,
                                    (const float32_t *)k->c, k->bn_dims, ARM_NN_LAYOUT_NHWC);
#endif
#if ARM_NN_ENABLE_F16
        if (k->half)
            st = arm_batch_norm_f16((const float16_t *)k->a, (float16_t *)k->y, (const float16_t *)k->b,
                                    (const float16_t *)k->c, k->bn_dims, ARM_NN_LAYOUT_NHWC);
#endif
        return st;
    }
    cmsis_nn_dims l, r, o;
    bft_dims(k->s, &l, &r, &o);
    const arm_nn_weight_format_flt fmt =
        k->s->packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
#if ARM_NN_ENABLE_F32
    if (!k->half)
    {
        const cmsis_nn_bmm_params_f32 bp = {k->s->adj_x, k->s->adj_y, {k->lo, k->hi}, fmt};
        st = arm_batch_matmul_f32(NULL, &bp, &l, (const float32_t *)k->a, &r, (const float32_t *)k->b, &o,
                                  (float32_t *)k->y);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (k->half)
    {
        const cmsis_nn_bmm_params_f16 bp = {k->s->adj_x, k->s->adj_y, {(float16_t)k->lo, (float16_t)k->hi}, fmt};
        st = arm_batch_matmul_f16(NULL, &bp, &l, (const float16_t *)k->a, &r, (const float16_t *)k->b, &o,
                                  (float16_t *)k->y);
    }
#endif
    return st;
}

static bool be_run(void *arg)
{
    const be_call *k = (const be_call *)arg;
    bool ok = KILN_CHECK_EQ(be_call_once(k), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->y, k->want, k->y_bytes) == 0);
    return ok;
}

static void be_edges(be_call *k, size_t a_bytes, size_t b_bytes, size_t c_bytes)
{
    void *const y2 = malloc(k->y_bytes > 0 ? k->y_bytes : 1);
    KILN_CHECK(y2 != NULL);
    if (y2 == NULL)
        return;
    memset(y2, 0, k->y_bytes > 0 ? k->y_bytes : 1);
    k->y = y2;
    const kiln_edge_operand ops[] = {{k->bn ? "input" : "lhs", &k->a, a_bytes},
                                     {k->bn ? "scale" : "rhs", &k->b, b_bytes},
                                     {"bias", &k->c, c_bytes},
                                     {"output", &k->y, k->y_bytes}};
    kiln_edge_each(ops, 4, be_run, k);
    free(y2);
}

/* ---- batch matmul ----------------------------------------------------------------------------------- */

static int32_t pick_bcast(kiln_rng *r, int32_t out)
{
    return kiln_rng_range(r, 0, 2) == 0 ? 1 : out;
}

static void bmm_case(kiln_rng *r, bool half, int32_t it, bool edges)
{
    bft_bmm_shape s;
    s.ob = kiln_rng_range(r, 1, 3);
    s.oh = kiln_rng_range(r, 1, 3);
    s.lb = pick_bcast(r, s.ob);
    s.rb = pick_bcast(r, s.ob);
    s.lh = pick_bcast(r, s.oh);
    s.rh = pick_bcast(r, s.oh);
    if (s.lb != s.ob && s.rb != s.ob) /* the output takes the larger side: at least one side equals it */
        s.lb = s.ob;
    if (s.lh != s.oh && s.rh != s.oh)
        s.rh = s.oh;
    s.m = kiln_rng_range(r, 1, 9);
    s.n = kiln_rng_range(r, 1, 19);
    s.k = (it % 5 == 0) ? kiln_rng_range(r, 1, 9) : kiln_rng_range(r, 1, 120);
    if (it % 37 == 3)
        s.k = 0;
    if (it % 53 == 7)
        s.m = 0;
    if (it % 59 == 11)
        s.n = 0;
    if (it % 61 == 13)
    {
        s.ob = 0;
        s.lb = kiln_rng_range(r, 0, 1);
        s.rb = 1 - s.lb;
    }
    s.adj_x = kiln_rng_range(r, 0, 1) != 0;
    s.adj_y = kiln_rng_range(r, 0, 1) != 0;
    s.packed = !s.adj_x && !s.adj_y && kiln_rng_range(r, 0, 1) != 0;
    const bool tight = kiln_rng_range(r, 0, 3) == 0;
    const int32_t block = half ? 8 : 4;
    const size_t es = half ? 2u : 4u;
    const size_t lmats = (size_t)s.lb * (size_t)s.lh, rmats = (size_t)s.rb * (size_t)s.rh;
    const size_t nl = lmats * (size_t)s.m * (size_t)s.k, nr = rmats * (size_t)s.n * (size_t)s.k;
    const size_t ny = (size_t)s.ob * (size_t)s.oh * (size_t)s.m * (size_t)s.n;
    const size_t pm = (size_t)((s.n + block - 1) / block * block) * (size_t)s.k;
    const size_t nr_use = s.packed ? rmats * pm : nr;
    double *x = (double *)malloc((nl + 1) * sizeof(double)), *w = (double *)malloc((nr + 1) * sizeof(double));
    double *ref = (double *)malloc((ny + 1) * sizeof(double)), *S = (double *)malloc((ny + 1) * sizeof(double));
    double *got = (double *)malloc((ny + 1) * sizeof(double)), *tol = (double *)malloc((ny + 1) * sizeof(double));
    uint8_t *lb = (uint8_t *)bft_alloc(nl * es), *rb = (uint8_t *)bft_alloc(nr * es);
    uint8_t *rp = (uint8_t *)bft_alloc(nr_use * es), *yb = (uint8_t *)bft_alloc(ny * es);
    KILN_CHECK(x && w && ref && S && got && tol && lb && rb && rp && yb);
    if (!(x && w && ref && S && got && tol && lb && rb && rp && yb))
        goto done;
    {
        const double scale = 0.1 + 7.9 * (bft_unit(r) * 0.5 + 0.5);
        for (size_t i = 0; i < nl; i++)
            x[i] = bft_q(bft_unit(r) * scale, half);
        for (size_t i = 0; i < nr; i++)
            w[i] = bft_q(bft_unit(r), half);
        const double lo = tight ? bft_q(-0.5 * scale, half) : (half ? -65504.0 : -3e38);
        const double hi = tight ? bft_q(0.75 * scale, half) : (half ? 65504.0 : 3e38);
        bft_ref_bmm(&s, x, w, lo, hi, ref, S);
        for (size_t i = 0; i < ny; i++)
            tol[i] = (s.k + 2) * BFT_U32 * S[i] + (half ? BFT_U16 * fabs(ref[i]) + BFT_SUB16 : 0.0);
        for (size_t i = 0; i < nl; i++)
        {
#if ARM_NN_ENABLE_F16
            if (half)
            {
                const float16_t v = (float16_t)(float)x[i];
                memcpy(lb + i * es, &v, es);
                continue;
            }
#endif
            const float v = (float)x[i];
            memcpy(lb + i * es, &v, es);
        }
        for (size_t i = 0; i < nr; i++)
        {
#if ARM_NN_ENABLE_F16
            if (half)
            {
                const float16_t v = (float16_t)(float)w[i];
                memcpy(rb + i * es, &v, es);
                continue;
            }
#endif
            const float v = (float)w[i];
            memcpy(rb + i * es, &v, es);
        }
        /* packed: each stored [N][K] matrix through the library's packer (the layout it documents) */
        if (s.packed)
        {
            for (size_t mat = 0; mat < rmats; mat++)
            {
                arm_cmsis_nn_status st = ARM_CMSIS_NN_NO_IMPL_ERROR;
#if ARM_NN_ENABLE_F32
                if (!half)
                {
                    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32_get_buffer_size(s.n, s.k), (int64_t)(pm * es));
                    st = arm_nn_pack_rhs_nt_n_f32(
                        (const float32_t *)(const void *)(rb + mat * (size_t)s.n * (size_t)s.k * es), s.n, s.k,
                        (float32_t *)(void *)(rp + mat * pm * es));
                }
#endif
#if ARM_NN_ENABLE_F16
                if (half)
                {
                    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16_get_buffer_size(s.n, s.k), (int64_t)(pm * es));
                    st = arm_nn_pack_rhs_nt_n_f16(
                        (const float16_t *)(const void *)(rb + mat * (size_t)s.n * (size_t)s.k * es), s.n, s.k,
                        (float16_t *)(void *)(rp + mat * pm * es));
                }
#endif
                KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            }
        }
        else
        {
            memcpy(rp, rb, nr * es);
        }
        kiln_test_context("bmm %s it=%d ob=%d oh=%d l=%dx%d r=%dx%d m=%d k=%d n=%d adj=%d%d packed=%d tight=%d",
                          half ? "f16" : "f32", (int)it, s.ob, s.oh, s.lb, s.lh, s.rb, s.rh, s.m, s.k, s.n, s.adj_x,
                          s.adj_y, s.packed, tight);
        be_call k = {half, false, &s, (float)lo, (float)hi, NULL, lb, rp, NULL, yb, NULL, ny * es};
        KILN_CHECK_EQ(be_call_once(&k), ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < ny; i++)
        {
#if ARM_NN_ENABLE_F16
            if (half)
            {
                float16_t v;
                memcpy(&v, yb + i * es, es);
                got[i] = (double)(float)v;
                continue;
            }
#endif
            float v;
            memcpy(&v, yb + i * es, es);
            got[i] = (double)v;
        }
        bft_close(half ? "bmm f16" : "bmm f32", got, ref, tol, (int64_t)ny);
        KILN_CHECK(bft_guards_ok(yb, ny * es));
        if (edges)
        {
            k.want = yb;
            be_edges(&k, nl * es, nr_use * es, 0);
        }
    }
done:
    free(x);
    free(w);
    free(ref);
    free(S);
    free(got);
    free(tol);
    bft_free(lb);
    bft_free(rb);
    bft_free(rp);
    bft_free(yb);
}

/* ---- batch norm --------------------------------------------------------------------------------------- */

static void bn_case(kiln_rng *r, bool half, int32_t it, bool edges)
{
    const cmsis_nn_dims d = {kiln_rng_range(r, 1, 3), kiln_rng_range(r, 1, 5), kiln_rng_range(r, 1, 5),
                             (it % 7 == 0) ? kiln_rng_range(r, 1, 3) : kiln_rng_range(r, 1, 37)};
    const size_t cnt = (size_t)d.n * (size_t)d.h * (size_t)d.w * (size_t)d.c, c = (size_t)d.c;
    const size_t es = half ? 2u : 4u;
    double *x = (double *)malloc(cnt * sizeof(double)), *sc = (double *)malloc(c * sizeof(double));
    double *bi = (double *)malloc(c * sizeof(double)), *ref = (double *)malloc(cnt * sizeof(double));
    double *got = (double *)malloc(cnt * sizeof(double)), *tol = (double *)malloc(cnt * sizeof(double));
    uint8_t *xb = (uint8_t *)bft_alloc(cnt * es), *sb = (uint8_t *)bft_alloc(c * es),
            *bb = (uint8_t *)bft_alloc(c * es);
    uint8_t *yb = (uint8_t *)bft_alloc(cnt * es), *zb = (uint8_t *)bft_alloc(cnt * es);
    KILN_CHECK(x && sc && bi && ref && got && tol && xb && sb && bb && yb && zb);
    if (!(x && sc && bi && ref && got && tol && xb && sb && bb && yb && zb))
        goto done;
    {
        const double scale = 0.1 + 15.9 * (bft_unit(r) * 0.5 + 0.5);
        for (size_t i = 0; i < cnt; i++)
            x[i] = bft_q(bft_unit(r) * scale, half);
        for (size_t i = 0; i < c; i++)
        {
            sc[i] = bft_q(bft_unit(r) * 4.0, half);
            bi[i] = bft_q(bft_unit(r) * 2.0, half);
        }
        for (size_t i = 0; i < cnt; i++)
        {
            const double p = x[i] * sc[i % c];
            ref[i] = p + bi[i % c];
            tol[i] = 2.0 * BFT_U32 * (fabs(p) + fabs(bi[i % c])) + (half ? BFT_U16 * fabs(ref[i]) + BFT_SUB16 : 0.0);
        }
        const double *srcs[3] = {x, sc, bi};
        uint8_t *dsts[3] = {xb, sb, bb};
        const size_t ns[3] = {cnt, c, c};
        for (int a = 0; a < 3; a++)
        {
            for (size_t i = 0; i < ns[a]; i++)
            {
#if ARM_NN_ENABLE_F16
                if (half)
                {
                    const float16_t v = (float16_t)(float)srcs[a][i];
                    memcpy(dsts[a] + i * es, &v, es);
                    continue;
                }
#endif
                const float v = (float)srcs[a][i];
                memcpy(dsts[a] + i * es, &v, es);
            }
        }
        kiln_test_context("bn %s it=%d dims %dx%dx%dx%d", half ? "f16" : "f32", (int)it, d.n, d.h, d.w, d.c);
        be_call k = {half, true, NULL, 0.0f, 0.0f, &d, xb, sb, bb, yb, NULL, cnt * es};
        KILN_CHECK_EQ(be_call_once(&k), ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < cnt; i++)
        {
#if ARM_NN_ENABLE_F16
            if (half)
            {
                float16_t v;
                memcpy(&v, yb + i * es, es);
                got[i] = (double)(float)v;
                continue;
            }
#endif
            float v;
            memcpy(&v, yb + i * es, es);
            got[i] = (double)v;
        }
        bft_close(half ? "bn f16" : "bn f32", got, ref, tol, (int64_t)cnt);
        KILN_CHECK(bft_guards_ok(yb, cnt * es));
        /* in place: the same bits */
        memcpy(zb, xb, cnt * es);
        be_call kz = {half, true, NULL, 0.0f, 0.0f, &d, zb, sb, bb, zb, NULL, cnt * es};
        KILN_CHECK_EQ(be_call_once(&kz), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(zb, yb, cnt * es) == 0);
        if (edges)
        {
            k.want = yb;
            be_edges(&k, cnt * es, c * es, c * es);
        }
    }
done:
    free(x);
    free(sc);
    free(bi);
    free(ref);
    free(got);
    free(tol);
    bft_free(xb);
    bft_free(sb);
    bft_free(bb);
    bft_free(yb);
    bft_free(zb);
}

static void run_bmm(bool half, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(1200, 150);
    for (int32_t it = 0; it < iters; it++)
    {
        bmm_case(&r, half, it, it % 8 == 0);
    }
}

static void run_bn(bool half, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(1000, 120);
    for (int32_t it = 0; it < iters; it++)
    {
        bn_case(&r, half, it, it % 8 == 0);
    }
}

#if ARM_NN_ENABLE_F32
static void test_bmm_random_f32(void)
{
    run_bmm(false, 0xB3F320001ull);
}
static void test_bn_random_f32(void)
{
    run_bn(false, 0xB3F320002ull);
}
#endif
#if ARM_NN_ENABLE_F16
static void test_bmm_random_f16(void)
{
    run_bmm(true, 0xB3F160001ull);
}
static void test_bn_random_f16(void)
{
    run_bn(true, 0xB3F160002ull);
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_bmm_random_f32);
    KILN_RUN(test_bn_random_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_bmm_random_f16);
    KILN_RUN(test_bn_random_f16);
#endif
    return kiln_test_finish();
}
