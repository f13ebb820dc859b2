/*
 * Float elementwise add / sub / mul, abs, maximum / minimum, prelu and activations: random differential tests against
 * double-precision references (ew_flt_test.h), kiln_test_iterations(4000, 400) cases per group (add / mul / sub
 * and maximum / minimum / prelu rotate, abs 2000; activations draw the type), so over 1300 per function on the host.
 *
 * Error bounds (what the library promises, see Include/Internal/kiln_ew_flt.h):
 *   add, sub, mul, abs, prelu (f32 and f16), maximum, minimum, NONE, RELU, RELU6, LEAKY_RELU: bit-exact, the correctly rounded
 *     result of the double reference (clamped for add / mul);
 *   HARDSWISH f32: |error| <= 2^-21 |ref| + 2^-140 (three float32 roundings);
 *   SIGMOID, TANH f32: |error| <= 1e-6 (largest error printed);
 *   float16 activations: the float32 value rounded once, so the f32 bound plus half an ulp of float16
 *     (2^-11 |ref| + 2^-25).
 * Broadcasting: random NHWC shapes where each dimension is shared, or 1 on one side. Edge memory: some cases
 * of each function run again with each operand flush against the end and the start of readable memory
 * (kiln_edge_each), and must give the same bytes.
 */
#include <float.h>

#include "ew_flt_test.h"

typedef enum
{
    EK_ADD_F32,
    EK_MUL_F32,
    EK_SUB_F32,
    EK_ABS_F32,
    EK_MAX_F32,
    EK_MIN_F32,
    EK_PRELU_F32,
    EK_ACT_F32,
    EK_ADD_F16,
    EK_MUL_F16,
    EK_SUB_F16,
    EK_ABS_F16,
    EK_MAX_F16,
    EK_MIN_F16,
    EK_PRELU_F16,
    EK_ACT_F16
} ek_op;

typedef struct
{
    ek_op op;
    void *a, *b, *y;
    int32_t n;
    float lo, hi, p;
    arm_nn_activation_type_flt type;
    cmsis_nn_dims d1, d2, dout;
    const void *want;
    size_t y_bytes;
} ek_call;

static arm_cmsis_nn_status ek_call_run(const ek_call *k)
{
    switch (k->op)
    {
#if ARM_NN_ENABLE_F32
    case EK_ADD_F32:
        return arm_elementwise_add_f32((const float32_t *)k->a, (const float32_t *)k->b, (float32_t *)k->y, k->lo,
                                       k->hi, k->n);
    case EK_MUL_F32:
        return arm_elementwise_mul_f32((const float32_t *)k->a, (const float32_t *)k->b, (float32_t *)k->y, k->lo,
                                       k->hi, k->n);
    case EK_SUB_F32:
        return arm_elementwise_sub_f32((const float32_t *)k->a, (const float32_t *)k->b, (float32_t *)k->y, k->lo,
                                       k->hi, k->n);
    case EK_ABS_F32: return arm_nn_abs_f32((const float32_t *)k->a, (float32_t *)k->y, k->n);
    case EK_MAX_F32:
        return arm_maximum_f32(NULL, (const float32_t *)k->a, &k->d1, (const float32_t *)k->b, &k->d2,
                               (float32_t *)k->y, &k->dout);
    case EK_MIN_F32:
        return arm_minimum_f32(NULL, (const float32_t *)k->a, &k->d1, (const float32_t *)k->b, &k->d2,
                               (float32_t *)k->y, &k->dout);
    case EK_PRELU_F32:
        return arm_prelu_f32(&k->d1, (const float32_t *)k->a, &k->d2, (const float32_t *)k->b, &k->dout,
                             (float32_t *)k->y);
    case EK_ACT_F32:
        return arm_nn_activation_f32((const float32_t *)k->a, (float32_t *)k->y, k->n, k->type, k->p);
#endif
#if ARM_NN_ENABLE_F16
    case EK_ADD_F16:
        return arm_elementwise_add_f16((const float16_t *)k->a, (const float16_t *)k->b, (float16_t *)k->y,
                                       (float16_t)k->lo, (float16_t)k->hi, k->n);
    case EK_MUL_F16:
        return arm_elementwise_mul_f16((const float16_t *)k->a, (const float16_t *)k->b, (float16_t *)k->y,
                                       (float16_t)k->lo, (float16_t)k->hi, k->n);
    case EK_SUB_F16:
        return arm_elementwise_sub_f16((const float16_t *)k->a, (const float16_t *)k->b, (float16_t *)k->y,
                                       (float16_t)k->lo, (float16_t)k->hi, k->n);
    case EK_ABS_F16: return arm_nn_abs_f16((const float16_t *)k->a, (float16_t *)k->y, k->n);
    case EK_MAX_F16:
        return arm_maximum_f16(NULL, (const float16_t *)k->a, &k->d1, (const float16_t *)k->b, &k->d2,
                               (float16_t *)k->y, &k->dout);
    case EK_MIN_F16:
        return arm_minimum_f16(NULL, (const float16_t *)k->a, &k->d1, (const float16_t *)k->b, &k->d2,
                               (float16_t *)k->y, &k->dout);
    case EK_PRELU_F16:
        return arm_prelu_f16(&k->d1, (const float16_t *)k->a, &k->d2, (const float16_t *)k->b, &k->dout,
                             (float16_t *)k->y);
    case EK_ACT_F16:
        return arm_nn_activation_f16((const float16_t *)k->a, (float16_t *)k->y, k->n, k->type, (float16_t)k->p);
#endif
    default: return ARM_CMSIS_NN_NO_IMPL_ERROR;
    }
}

static const char *const ek_mm_name[3] = {"max", "min", "prelu"};
static const char *const ek_name[3] = {"add", "mul", "sub"};

static bool ek_run(void *arg)
{
    const ek_call *k = (const ek_call *)arg;
    bool ok = KILN_CHECK_EQ(ek_call_run(k), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->y, k->want, k->y_bytes) == 0);
    return ok;
}

/* Runs k (whose y holds the expected output) again with each operand at the edges of readable memory. */
static void ek_edges(ek_call *k, size_t a_bytes, size_t b_bytes)
{
    void *const want = k->y;
    void *const y2 = malloc(k->y_bytes > 0 ? k->y_bytes : 1);
    KILN_CHECK(y2 != NULL);
    if (y2 == NULL)
    {
        return;
    }
    memset(y2, 0x5A, k->y_bytes);
    k->want = want;
    k->y = y2;
    const kiln_edge_operand ops[] = {{"input 1", &k->a, a_bytes}, {"input 2", &k->b, b_bytes}, {"output", &k->y, k->y_bytes}};
    kiln_edge_each(ops, 3, ek_run, k);
    k->y = want;
    free(y2);
}

/* A random value: sign, a scale 2^e with e in [emin, emax], and 24 random bits; sometimes a small integer or 0
 * (ties and signed zeros for maximum / minimum). */
static double ek_value(kiln_rng *r, int32_t emin, int32_t emax)
{
    const int32_t kind = kiln_rng_range(r, 0, 15);
    if (kind == 0)
    {
        return kiln_rng_range(r, 0, 1) ? 0.0 : -0.0;
    }
    if (kind == 1)
    {
        return (double)kiln_rng_range(r, -3, 3);
    }
    return ldexp(ewt_unit(r), kiln_rng_range(r, emin, emax));
}

static void ek_bounds(kiln_rng *r, double big, float *lo, float *hi)
{
    if (kiln_rng_range(r, 0, 2) == 0)
    {
        *lo = (float)-big;
        *hi = (float)big;
        return;
    }
    double a = ewt_unit(r) * 4.0, b = ewt_unit(r) * 4.0;
    if (a > b)
    {
        const double t = a;
        a = b;
        b = t;
    }
    *lo = (float)a;
    *hi = (float)b;
}

/* Random NHWC shapes with TFLite broadcasting; returns the output count. */
static int32_t ek_shapes(kiln_rng *r, cmsis_nn_dims *d1, cmsis_nn_dims *d2, cmsis_nn_dims *o)
{
    int32_t a[4], b[4], c[4];
    const int32_t mode = kiln_rng_range(r, 0, 5);
    for (int32_t k = 0; k < 4; k++)
    {
        c[k] = kiln_rng_range(r, 1, k == 3 ? 9 : 4);
        const int32_t s = kiln_rng_range(r, 0, 3);
        a[k] = (s == 1) ? 1 : c[k];
        b[k] = (s == 2) ? 1 : c[k];
        if (mode == 0)
        {
            a[k] = 1; /* input 1 a scalar */
        }
        else if (mode == 1)
        {
            b[k] = 1; /* input 2 a scalar */
        }
        else if (mode == 2)
        {
            a[k] = b[k] = c[k]; /* no broadcast */
        }
        c[k] = a[k] > b[k] ? a[k] : b[k];
    }
    d1->n = a[0], d1->h = a[1], d1->w = a[2], d1->c = a[3];
    d2->n = b[0], d2->h = b[1], d2->w = b[2], d2->c = b[3];
    o->n = c[0], o->h = c[1], o->w = c[2], o->c = c[3];
    return c[0] * c[1] * c[2] * c[3];
}

/* Element index of input d for output coordinate (n, h, w, c). */
static int32_t ek_bidx(const cmsis_nn_dims *d, int32_t n, int32_t h, int32_t w, int32_t c)
{
    n = d->n == 1 ? 0 : n;
    h = d->h == 1 ? 0 : h;
    w = d->w == 1 ? 0 : w;
    c = d->c == 1 ? 0 : c;
    return ((n * d->h + h) * d->w + w) * d->c + c;
}

/* kind 0 maximum, 1 minimum, 2 prelu (a the input, b alpha; the product of two floats is exact in double). */
static double ek_ref_maxmin(int32_t kind, double a, double b)
{
    if (kind == 2)
    {
        return a >= 0.0 ? a : a * b;
    }
    return kind == 0 ? (a >= b ? a : b) : (a >= b ? b : a);
}

static arm_nn_activation_type_flt ek_type(kiln_rng *r)
{
    return ewt_act_types[kiln_rng_range(r, 0, 6)];
}

/* Activation input: mostly [-10, 10], sometimes tiny, large, or one of the special values. */
static double ek_act_value(kiln_rng *r, double big)
{
    const int32_t kind = kiln_rng_range(r, 0, 19);
    if (kind == 0)
    {
        const double sp[] = {0.0, -0.0, 3.0, -3.0, 6.0, 1e-8, -1e-8, 0.25, -0.25, 9.5, -9.5, 20.0, -20.0, 90.0, -90.0};
        return sp[kiln_rng_range(r, 0, EWT_COUNT(sp) - 1)];
    }
    if (kind == 1)
    {
        return ewt_unit(r) * big;
    }
    if (kind == 2)
    {
        return ldexp(ewt_unit(r), -kiln_rng_range(r, 5, 30));
    }
    return ewt_unit(r) * 10.0;
}

#if ARM_NN_ENABLE_F32
static double worst_sigmoid_f32, worst_tanh_f32, worst_hswish_f32;

static void test_add_mul_random_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE1F32u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t kind = it % 3; /* add, mul, sub */
        const bool mul = kind == 1;
        const int32_t n = kiln_rng_range(&r, 0, 70);
        float32_t *a = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float32_t *b = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float32_t *y = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float32_t *want = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float lo, hi;
        ek_bounds(&r, 3.0e38, &lo, &hi);
        for (int32_t i = 0; i < n; i++)
        {
            a[i] = (float32_t)ek_value(&r, -20, 20);
            b[i] = (float32_t)ek_value(&r, -20, 20);
            const double v = mul ? (double)a[i] * (double)b[i]
                             : kind == 2 ? (double)a[i] - (double)b[i] : (double)a[i] + (double)b[i];
            want[i] = (float32_t)ewt_clamp(v, lo, hi);
        }
        kiln_test_context("%s f32 case %d n %d", ek_name[kind], (int)it, (int)n);
        ek_call k = {mul ? EK_MUL_F32 : kind == 2 ? EK_SUB_F32 : EK_ADD_F32, a, b, y, n, lo, hi, 0.0f, ARM_NN_FLT_ACT_NONE,
                     {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL, (size_t)n * sizeof(float32_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(y, want, (size_t)n * sizeof(float32_t)) == 0);
        KILN_CHECK(ewt_guards_ok(y, (size_t)n * sizeof(float32_t)));
        KILN_CHECK(ewt_untouched(y + n, sizeof(float32_t)));
        if (it % 50 == 0)
        {
            ek_edges(&k, (size_t)n * sizeof(float32_t), (size_t)n * sizeof(float32_t));
        }
        ewt_free(want);
        ewt_free(y);
        ewt_free(b);
        ewt_free(a);
    }
}

/* abs: |x| from the libm fabs of the value in double (exact); a NaN must stay a NaN with the sign cleared. Random
 * values plus the special ones (signed zeros, infinities, NaNs of both signs, the extremes); every fourth case in
 * place (output == input). */
static void test_abs_random_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE3F32u);
    const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, FLT_MAX, -FLT_MAX, FLT_MIN, -FLT_MIN,
                              -1.0e-45f, 1.0e-45f};
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t n = kiln_rng_range(&r, 0, 70);
        float32_t *a = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float32_t *y = (it % 4 == 0) ? a : (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float32_t *x = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        for (int32_t i = 0; i < n; i++)
        {
            a[i] = kiln_rng_range(&r, 0, 7) == 0 ? specials[kiln_rng_range(&r, 0, EWT_COUNT(specials) - 1)]
                                                 : (float32_t)ek_value(&r, -140, 127);
            x[i] = a[i];
        }
        kiln_test_context("abs f32 case %d n %d%s", (int)it, (int)n, y == a ? " in place" : "");
        ek_call k = {EK_ABS_F32, a, a, y, n, 0.0f, 0.0f, 0.0f, ARM_NN_FLT_ACT_NONE,
                     {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL, (size_t)n * sizeof(float32_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < n; i++)
        {
            const bool ok = isnan(x[i]) ? (isnan(y[i]) && !signbit(y[i]))
                                      : memcmp(&y[i], &(float32_t){(float32_t)fabs((double)x[i])}, sizeof(float32_t)) == 0;
            if (!ok)
            {
                kiln_test_context("abs f32 x %.9g got %.9g", (double)x[i], (double)y[i]);
                KILN_CHECK(false);
                break;
            }
        }
        if (y != a)
        {
            KILN_CHECK(memcmp(a, x, (size_t)n * sizeof(float32_t)) == 0); /* input unchanged */
            KILN_CHECK(ewt_guards_ok(y, (size_t)n * sizeof(float32_t)));
            KILN_CHECK(ewt_untouched(y + n, sizeof(float32_t)));
            if (it % 50 == 1)
            {
                ek_edges(&k, (size_t)n * sizeof(float32_t), (size_t)n * sizeof(float32_t)); /* b is a, unused */
            }
            ewt_free(y);
        }
        ewt_free(x);
        ewt_free(a);
    }
}

static void test_maxmin_random_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE2F32u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t kind = it % 3; /* maximum, minimum, prelu */
        cmsis_nn_dims d1, d2, o;
        const int32_t total = ek_shapes(&r, &d1, &d2, &o);
        const int32_t n1 = d1.n * d1.h * d1.w * d1.c, n2 = d2.n * d2.h * d2.w * d2.c;
        float32_t *a = (float32_t *)ewt_alloc((size_t)n1 * sizeof(float32_t));
        float32_t *b = (float32_t *)ewt_alloc((size_t)n2 * sizeof(float32_t));
        float32_t *y = (float32_t *)ewt_alloc((size_t)total * sizeof(float32_t));
        float32_t *want = (float32_t *)ewt_alloc((size_t)total * sizeof(float32_t));
        for (int32_t i = 0; i < n1; i++)
        {
            a[i] = (float32_t)ek_value(&r, -4, 4);
        }
        for (int32_t i = 0; i < n2; i++)
        {
            b[i] = (float32_t)ek_value(&r, -4, 4);
        }
        int32_t q = 0;
        for (int32_t nn = 0; nn < o.n; nn++)
            for (int32_t hh = 0; hh < o.h; hh++)
                for (int32_t ww = 0; ww < o.w; ww++)
                    for (int32_t cc = 0; cc < o.c; cc++)
                    {
                        want[q++] = (float32_t)ek_ref_maxmin(kind, (double)a[ek_bidx(&d1, nn, hh, ww, cc)],
                                                             (double)b[ek_bidx(&d2, nn, hh, ww, cc)]);
                    }
        kiln_test_context("%s f32 case %d: [%d %d %d %d] [%d %d %d %d]", ek_mm_name[kind], (int)it, (int)d1.n,
                          (int)d1.h, (int)d1.w, (int)d1.c, (int)d2.n, (int)d2.h, (int)d2.w, (int)d2.c);
        ek_call k = {kind == 0 ? EK_MAX_F32 : kind == 1 ? EK_MIN_F32 : EK_PRELU_F32, a, b, y, 0, 0.0f, 0.0f, 0.0f, ARM_NN_FLT_ACT_NONE, d1, d2, o,
                     NULL, (size_t)total * sizeof(float32_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(y, want, (size_t)total * sizeof(float32_t)) == 0);
        KILN_CHECK(ewt_guards_ok(y, (size_t)total * sizeof(float32_t)));
        if (it % 50 == 0)
        {
            ek_edges(&k, (size_t)n1 * sizeof(float32_t), (size_t)n2 * sizeof(float32_t));
        }
        ewt_free(want);
        ewt_free(y);
        ewt_free(b);
        ewt_free(a);
    }
}

static bool act_ok_f32(arm_nn_activation_type_flt t, double x, double p, float got)
{
    const double ref = ewt_ref_act(x, t, p);
    const double g = (double)got;
    switch (t)
    {
    case ARM_NN_FLT_ACT_SIGMOID:
    case ARM_NN_FLT_ACT_TANH: {
        const double d = fabs(g - ref);
        double *w = t == ARM_NN_FLT_ACT_SIGMOID ? &worst_sigmoid_f32 : &worst_tanh_f32;
        *w = d > *w ? d : *w;
        return d <= 1e-6;
    }
    case ARM_NN_FLT_ACT_HARDSWISH: {
        const double d = fabs(g - ref);
        const double rel = ref != 0.0 ? d / fabs(ref) : d;
        worst_hswish_f32 = rel > worst_hswish_f32 ? rel : worst_hswish_f32;
        return d <= ldexp(fabs(ref), -21) + ldexp(1.0, -140);
    }
    default: {
        const float w = (float)ref;
        return memcmp(&w, &got, sizeof(float)) == 0 || (w == 0.0f && got == 0.0f);
    }
    }
}

static void test_activation_random_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE3F32u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        const arm_nn_activation_type_flt t = ek_type(&r);
        const int32_t n = kiln_rng_range(&r, 0, 70);
        const float p = (float)(ewt_unit(&r) * 2.0);
        float32_t *x = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        float32_t *y = (float32_t *)ewt_alloc((size_t)(n + 1) * sizeof(float32_t));
        for (int32_t i = 0; i < n; i++)
        {
            x[i] = (float32_t)ek_act_value(&r, 1e30);
        }
        kiln_test_context("activation f32 case %d type %d n %d", (int)it, (int)t, (int)n);
        ek_call k = {EK_ACT_F32, x, NULL, y, n, 0.0f, 0.0f, p, t, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0},
                     NULL, (size_t)n * sizeof(float32_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < n; i++)
        {
            if (!act_ok_f32(t, (double)x[i], (double)p, y[i]))
            {
                kiln_test_context("activation f32 type %d x %.9g p %.9g got %.9g want %.9g", (int)t, (double)x[i],
                                  (double)p, (double)y[i], ewt_ref_act((double)x[i], t, (double)p));
                KILN_CHECK(false);
                break;
            }
        }
        KILN_CHECK(ewt_guards_ok(y, (size_t)n * sizeof(float32_t)));
        KILN_CHECK(ewt_untouched(y + n, sizeof(float32_t)));
        if (it % 50 == 0)
        {
            ek_edges(&k, (size_t)n * sizeof(float32_t), 0);
        }
        ewt_free(y);
        ewt_free(x);
    }
    printf("f32 activations: largest |error| sigmoid %.3g, tanh %.3g (bound 1e-6); hardswish relative %.3g "
           "(bound 2^-21 = 4.8e-7)\n",
           worst_sigmoid_f32, worst_tanh_f32, worst_hswish_f32);
}

/* Special values: NaN stays NaN, infinities give the limits. */
static void test_activation_special_f32(void)
{
    const float inf = (float)INFINITY;
    const float nan = (float)NAN;
    float32_t x[3] = {inf, -inf, nan};
    float32_t y[3];
    const struct
    {
        arm_nn_activation_type_flt t;
        float pinf, ninf;
    } c[] = {{ARM_NN_FLT_ACT_NONE, inf, -inf},      {ARM_NN_FLT_ACT_SIGMOID, 1.0f, 0.0f},
             {ARM_NN_FLT_ACT_TANH, 1.0f, -1.0f},    {ARM_NN_FLT_ACT_RELU, inf, 0.0f},
             {ARM_NN_FLT_ACT_RELU6, 6.0f, 0.0f},    {ARM_NN_FLT_ACT_HARDSWISH, inf, 0.0f},
             {ARM_NN_FLT_ACT_LEAKY_RELU, inf, -inf}};
    for (int32_t i = 0; i < EWT_COUNT(c); i++)
    {
        kiln_test_context("type %d", (int)c[i].t);
        KILN_CHECK_EQ(arm_nn_activation_f32(x, y, 3, c[i].t, 0.5f), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(y[0] == c[i].pinf);
        KILN_CHECK(y[1] == c[i].ninf);
        KILN_CHECK(y[2] != y[2]);
    }
    /* add / mul: NaN passes the clamp, overflow gives the bound */
    float32_t a[3] = {nan, 3e38f, -3e38f}, b[3] = {1.0f, 3e38f, -3e38f}, o[3];
    KILN_CHECK_EQ(arm_elementwise_add_f32(a, b, o, -1.0f, 1.0f, 3), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(o[0] != o[0] && o[1] == 1.0f && o[2] == -1.0f);
    KILN_CHECK_EQ(arm_elementwise_mul_f32(a, b, o, -inf, inf, 3), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(o[0] != o[0] && o[1] == inf && o[2] == inf);
}
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
static double worst_sigmoid_f16, worst_tanh_f16;

static void test_add_mul_random_f16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE1F16u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t kind = it % 3; /* add, mul, sub */
        const bool mul = kind == 1;
        const int32_t n = kiln_rng_range(&r, 0, 70);
        float16_t *a = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float16_t *b = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float16_t *y = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float16_t *want = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float lo, hi;
        ek_bounds(&r, 65504.0, &lo, &hi);
        lo = (float)(float16_t)lo;
        hi = (float)(float16_t)hi;
        if (lo > hi)
        {
            lo = hi;
        }
        for (int32_t i = 0; i < n; i++)
        {
            a[i] = (float16_t)(float)ek_value(&r, -14, 7);
            b[i] = (float16_t)(float)ek_value(&r, -14, 7);
            const double fa = (double)(float)a[i], fb = (double)(float)b[i];
            const double v = mul ? fa * fb : kind == 2 ? fa - fb : fa + fb;
            want[i] = ewt_to_half(ewt_clamp(v, lo, hi));
        }
        kiln_test_context("%s f16 case %d n %d", ek_name[kind], (int)it, (int)n);
        ek_call k = {mul ? EK_MUL_F16 : kind == 2 ? EK_SUB_F16 : EK_ADD_F16, a, b, y, n, lo, hi, 0.0f, ARM_NN_FLT_ACT_NONE,
                     {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL, (size_t)n * sizeof(float16_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < n; i++)
        {
            if (ewt_bits16(y[i]) != ewt_bits16(want[i]))
            {
                kiln_test_context("%s f16 a %.6g b %.6g got %.6g want %.6g", ek_name[kind], (double)(float)a[i],
                                  (double)(float)b[i], (double)(float)y[i], (double)(float)want[i]);
                KILN_CHECK(false);
                break;
            }
        }
        KILN_CHECK(ewt_guards_ok(y, (size_t)n * sizeof(float16_t)));
        KILN_CHECK(ewt_untouched(y + n, sizeof(float16_t)));
        if (it % 50 == 0)
        {
            ek_edges(&k, (size_t)n * sizeof(float16_t), (size_t)n * sizeof(float16_t));
        }
        ewt_free(want);
        ewt_free(y);
        ewt_free(b);
        ewt_free(a);
    }
}

/* abs: |x| from the libm fabs of the value in double (exact); a NaN must stay a NaN with the sign cleared. Random
 * values plus the special ones (signed zeros, infinities, NaNs of both signs, the extremes); every fourth case in
 * place (output == input). */
static void test_abs_random_f16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE3F32u);
    const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 65504.0f, -65504.0f, 6.103515625e-05f,
                              -6.103515625e-05f, -5.9604645e-08f, 5.9604645e-08f};
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t n = kiln_rng_range(&r, 0, 70);
        float16_t *a = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float16_t *y = (it % 4 == 0) ? a : (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float16_t *x = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        for (int32_t i = 0; i < n; i++)
        {
            a[i] = kiln_rng_range(&r, 0, 7) == 0 ? (float16_t)specials[kiln_rng_range(&r, 0, EWT_COUNT(specials) - 1)]
                                                 : (float16_t)(float)ek_value(&r, -24, 15);
            x[i] = a[i];
        }
        kiln_test_context("abs f16 case %d n %d%s", (int)it, (int)n, y == a ? " in place" : "");
        ek_call k = {EK_ABS_F16, a, a, y, n, 0.0f, 0.0f, 0.0f, ARM_NN_FLT_ACT_NONE,
                     {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL, (size_t)n * sizeof(float16_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < n; i++)
        {
            const bool ok = isnan((float)x[i]) ? (isnan((float)y[i]) && (ewt_bits16(y[i]) & 0x8000u) == 0)
                                                : ewt_bits16(y[i]) == ewt_bits16((float16_t)(float)fabs((double)(float)x[i]));
            if (!ok)
            {
                kiln_test_context("abs f16 x %.9g got %.9g", (double)(float)x[i], (double)(float)y[i]);
                KILN_CHECK(false);
                break;
            }
        }
        if (y != a)
        {
            KILN_CHECK(memcmp(a, x, (size_t)n * sizeof(float16_t)) == 0); /* input unchanged */
            KILN_CHECK(ewt_guards_ok(y, (size_t)n * sizeof(float16_t)));
            KILN_CHECK(ewt_untouched(y + n, sizeof(float16_t)));
            if (it % 50 == 1)
            {
                ek_edges(&k, (size_t)n * sizeof(float16_t), (size_t)n * sizeof(float16_t)); /* b is a, unused */
            }
            ewt_free(y);
        }
        ewt_free(x);
        ewt_free(a);
    }
}

static void test_maxmin_random_f16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE2F16u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t kind = it % 3; /* maximum, minimum, prelu */
        cmsis_nn_dims d1, d2, o;
        const int32_t total = ek_shapes(&r, &d1, &d2, &o);
        const int32_t n1 = d1.n * d1.h * d1.w * d1.c, n2 = d2.n * d2.h * d2.w * d2.c;
        float16_t *a = (float16_t *)ewt_alloc((size_t)n1 * sizeof(float16_t));
        float16_t *b = (float16_t *)ewt_alloc((size_t)n2 * sizeof(float16_t));
        float16_t *y = (float16_t *)ewt_alloc((size_t)total * sizeof(float16_t));
        float16_t *want = (float16_t *)ewt_alloc((size_t)total * sizeof(float16_t));
        for (int32_t i = 0; i < n1; i++)
        {
            a[i] = (float16_t)(float)ek_value(&r, -4, 4);
        }
        for (int32_t i = 0; i < n2; i++)
        {
            b[i] = (float16_t)(float)ek_value(&r, -4, 4);
        }
        int32_t q = 0;
        for (int32_t nn = 0; nn < o.n; nn++)
            for (int32_t hh = 0; hh < o.h; hh++)
                for (int32_t ww = 0; ww < o.w; ww++)
                    for (int32_t cc = 0; cc < o.c; cc++)
                    {
                        want[q++] = ewt_to_half(ek_ref_maxmin(kind, (double)(float)a[ek_bidx(&d1, nn, hh, ww, cc)],
                                                              (double)(float)b[ek_bidx(&d2, nn, hh, ww, cc)]));
                    }
        kiln_test_context("%s f16 case %d: [%d %d %d %d] [%d %d %d %d]", ek_mm_name[kind], (int)it, (int)d1.n,
                          (int)d1.h, (int)d1.w, (int)d1.c, (int)d2.n, (int)d2.h, (int)d2.w, (int)d2.c);
        ek_call k = {kind == 0 ? EK_MAX_F16 : kind == 1 ? EK_MIN_F16 : EK_PRELU_F16, a, b, y, 0, 0.0f, 0.0f, 0.0f, ARM_NN_FLT_ACT_NONE, d1, d2, o,
                     NULL, (size_t)total * sizeof(float16_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(y, want, (size_t)total * sizeof(float16_t)) == 0);
        KILN_CHECK(ewt_guards_ok(y, (size_t)total * sizeof(float16_t)));
        if (it % 50 == 0)
        {
            ek_edges(&k, (size_t)n1 * sizeof(float16_t), (size_t)n2 * sizeof(float16_t));
        }
        ewt_free(want);
        ewt_free(y);
        ewt_free(b);
        ewt_free(a);
    }
}

static bool act_ok_f16(arm_nn_activation_type_flt t, double x, double p, float16_t got)
{
    const double ref = ewt_ref_act(x, t, p);
    const double g = (double)(float)got;
    const double d = fabs(g - ref);
    switch (t)
    {
    case ARM_NN_FLT_ACT_SIGMOID:
    case ARM_NN_FLT_ACT_TANH: {
        double *w = t == ARM_NN_FLT_ACT_SIGMOID ? &worst_sigmoid_f16 : &worst_tanh_f16;
        *w = d > *w ? d : *w;
        return d <= ldexp(fabs(ref), -11) + 1e-6 + ldexp(1.0, -25);
    }
    case ARM_NN_FLT_ACT_HARDSWISH: return d <= ldexp(fabs(ref), -11) + ldexp(fabs(ref), -21) + ldexp(1.0, -25);
    default: {
        /* exact in float32 (a float16 product has 22 bits), then one rounding */
        const float16_t w = ewt_to_half(ref);
        return ewt_bits16(w) == ewt_bits16(got) || ((float)w == 0.0f && (float)got == 0.0f);
    }
    }
}

static void test_activation_random_f16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE3F16u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        const arm_nn_activation_type_flt t = ek_type(&r);
        const int32_t n = kiln_rng_range(&r, 0, 70);
        const float p = (float)(float16_t)(float)(ewt_unit(&r) * 2.0);
        float16_t *x = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        float16_t *y = (float16_t *)ewt_alloc((size_t)(n + 1) * sizeof(float16_t));
        for (int32_t i = 0; i < n; i++)
        {
            x[i] = (float16_t)(float)ek_act_value(&r, 30000.0);
        }
        kiln_test_context("activation f16 case %d type %d n %d", (int)it, (int)t, (int)n);
        ek_call k = {EK_ACT_F16, x, NULL, y, n, 0.0f, 0.0f, p, t, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0},
                     NULL, (size_t)n * sizeof(float16_t)};
        KILN_CHECK_EQ(ek_call_run(&k), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < n; i++)
        {
            if (!act_ok_f16(t, (double)(float)x[i], (double)p, y[i]))
            {
                kiln_test_context("activation f16 type %d x %.6g p %.6g got %.6g want %.9g", (int)t,
                                  (double)(float)x[i], (double)p, (double)(float)y[i],
                                  ewt_ref_act((double)(float)x[i], t, (double)p));
                KILN_CHECK(false);
                break;
            }
        }
        KILN_CHECK(ewt_guards_ok(y, (size_t)n * sizeof(float16_t)));
        KILN_CHECK(ewt_untouched(y + n, sizeof(float16_t)));
        if (it % 50 == 0)
        {
            ek_edges(&k, (size_t)n * sizeof(float16_t), 0);
        }
        ewt_free(y);
        ewt_free(x);
    }
    printf("f16 activations: largest |error| sigmoid %.3g, tanh %.3g (bound half an ulp + 1e-6)\n",
           worst_sigmoid_f16, worst_tanh_f16);
}
#endif /* ARM_NN_ENABLE_F16 */

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_add_mul_random_f32);
    KILN_RUN(test_abs_random_f32);
    KILN_RUN(test_maxmin_random_f32);
    KILN_RUN(test_activation_random_f32);
    KILN_RUN(test_activation_special_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_add_mul_random_f16);
    KILN_RUN(test_abs_random_f16);
    KILN_RUN(test_maxmin_random_f16);
    KILN_RUN(test_activation_random_f16);
#endif
    return kiln_test_finish();
}
