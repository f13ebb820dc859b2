/*
 * Float elementwise add / mul, maximum / minimum and activations: every rejected argument returns
 * ARM_CMSIS_NN_ARG_ERROR and writes nothing (the output buffer keeps its canary bytes): NULL pointers and dims,
 * negative sizes, unordered activation bounds (min > max, NaN), dims that do not broadcast or whose output is
 * not the broadcast shape, negative dims, more than INT32_MAX outputs, unknown activation types. Empty requests
 * (size 0, a zero dimension) succeed and write nothing.
 */
#include "ew_flt_test.h"

#define EWB_N (8)

static cmsis_nn_dims ewb_d(int32_t n, int32_t h, int32_t w, int32_t c)
{
    const cmsis_nn_dims d = {n, h, w, c};
    return d;
}

typedef struct
{
    const char *what;
    cmsis_nn_dims d1, d2, o;
} ewb_dims_case;

/* Shapes that must be rejected (inputs hold EWB_N elements at most where read). */
static const ewb_dims_case ewb_bad_dims[] = {
    {"inputs 2 vs 3 channels", {1, 1, 1, 2}, {1, 1, 1, 3}, {1, 1, 1, 3}},
    {"output not the broadcast shape", {1, 1, 1, 4}, {1, 1, 1, 4}, {1, 1, 1, 8}},
    {"output smaller", {1, 1, 2, 4}, {1, 1, 1, 4}, {1, 1, 1, 4}},
    {"output broadcasts a 1 that is not there", {1, 1, 1, 4}, {1, 1, 1, 1}, {1, 2, 1, 4}},
    {"negative input 1 dim", {-1, 1, 1, 4}, {1, 1, 1, 4}, {1, 1, 1, 4}},
    {"negative input 2 dim", {1, 1, 1, 4}, {1, -4, 1, 1}, {1, 1, 1, 4}},
    {"negative output dim", {1, 1, 1, 4}, {1, 1, 1, 4}, {1, 1, -1, 4}},
    {"height mismatch", {1, 2, 1, 2}, {1, 3, 1, 2}, {1, 3, 1, 2}},
    {"more than INT32_MAX outputs", {65536, 1, 1, 1}, {1, 1, 1, 65536}, {65536, 1, 1, 65536}},
};

static const int32_t ewb_bad_types[] = {0, 1, 31, 39, 40, -1, 1000};

#if ARM_NN_ENABLE_F32
typedef arm_cmsis_nn_status (*ewb_bin_f32)(const float32_t *, const float32_t *, float32_t *, float32_t, float32_t,
                                           int32_t);
typedef arm_cmsis_nn_status (*ewb_mm_f32)(const cmsis_nn_context *, const float32_t *, const cmsis_nn_dims *,
                                          const float32_t *, const cmsis_nn_dims *, float32_t *, const cmsis_nn_dims *);

/* arm_prelu_f32 in the argument order of arm_maximum_f32 (ctx unused), for the shared bad-input rows. */
static arm_cmsis_nn_status ewb_prelu_f32(const cmsis_nn_context *ctx, const float32_t *in, const cmsis_nn_dims *din,
                                         const float32_t *alpha, const cmsis_nn_dims *dalpha, float32_t *out,
                                         const cmsis_nn_dims *dout)
{
    (void)ctx;
    return arm_prelu_f32(din, in, dalpha, alpha, dout, out);
}

static void test_bad_input_f32(void)
{
    const float nan = (float)NAN;
    float32_t a[EWB_N], b[EWB_N];
    for (int32_t i = 0; i < EWB_N; i++)
    {
        a[i] = (float32_t)i - 3.5f;
        b[i] = 2.0f - (float32_t)i;
    }
    const size_t bytes = EWB_N * sizeof(float32_t);
    float32_t *y = (float32_t *)ewt_alloc(bytes);
    const ewb_bin_f32 bins[3] = {arm_elementwise_add_f32, arm_elementwise_mul_f32, arm_elementwise_sub_f32};
    static const char *const bin_names[3] = {"add", "mul", "sub"};
    for (int32_t f = 0; f < 3; f++)
    {
        const struct
        {
            const char *what;
            const float32_t *a, *b;
            float32_t *y;
            float lo, hi;
            int32_t n;
        } c[] = {{"NULL input 1", NULL, b, y, -1.0f, 1.0f, EWB_N},
                 {"NULL input 2", a, NULL, y, -1.0f, 1.0f, EWB_N},
                 {"NULL output", a, b, NULL, -1.0f, 1.0f, EWB_N},
                 {"negative size", a, b, y, -1.0f, 1.0f, -1},
                 {"INT32_MIN size", a, b, y, -1.0f, 1.0f, INT32_MIN},
                 {"min > max", a, b, y, 1.0f, -1.0f, EWB_N},
                 {"NaN min", a, b, y, nan, 1.0f, EWB_N},
                 {"NaN max", a, b, y, -1.0f, nan, EWB_N},
                 {"NULL with size 0", NULL, b, y, -1.0f, 1.0f, 0}};
        for (int32_t i = 0; i < EWT_COUNT(c); i++)
        {
            kiln_test_context("%s: %s", bin_names[f], c[i].what);
            KILN_CHECK_EQ(bins[f](c[i].a, c[i].b, c[i].y, c[i].lo, c[i].hi, c[i].n), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
        }
        kiln_test_context("%s: size 0", bin_names[f]);
        KILN_CHECK_EQ(bins[f](a, b, y, -1.0f, 1.0f, 0), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(ewt_untouched(y, bytes));
        KILN_CHECK_EQ(bins[f](a, b, y, 0.5f, 0.5f, EWB_N), ARM_CMSIS_NN_SUCCESS); /* min == max is valid */
        KILN_CHECK(y[0] == 0.5f && y[EWB_N - 1] == 0.5f);
        memset(y, EWT_CANARY, bytes);
    }

    /* abs: pointers and size */
    kiln_test_context("abs f32");
    KILN_CHECK_EQ(arm_nn_abs_f32(NULL, y, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f32(a, NULL, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f32(a, y, -1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f32(a, y, INT32_MIN), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f32(NULL, y, 0), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
    KILN_CHECK_EQ(arm_nn_abs_f32(a, y, 0), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(ewt_untouched(y, bytes));

    const ewb_mm_f32 mms[3] = {arm_maximum_f32, arm_minimum_f32, ewb_prelu_f32};
    static const char *const mm_names[3] = {"maximum", "minimum", "prelu"};
    const cmsis_nn_dims d = ewb_d(1, 1, 2, 4);
    for (int32_t f = 0; f < 3; f++)
    {
        const char *name = mm_names[f];
        kiln_test_context("%s: NULL", name);
        KILN_CHECK_EQ(mms[f](NULL, NULL, &d, b, &d, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, NULL, b, &d, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, NULL, &d, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, b, NULL, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, b, &d, NULL, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, b, &d, y, NULL), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
        for (int32_t i = 0; i < EWT_COUNT(ewb_bad_dims); i++)
        {
            kiln_test_context("%s: %s", name, ewb_bad_dims[i].what);
            KILN_CHECK_EQ(mms[f](NULL, a, &ewb_bad_dims[i].d1, b, &ewb_bad_dims[i].d2, y, &ewb_bad_dims[i].o),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
        }
        const cmsis_nn_dims z = ewb_d(1, 0, 2, 4);
        kiln_test_context("%s: empty", name);
        KILN_CHECK_EQ(mms[f](NULL, a, &z, b, &z, y, &z), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(ewt_untouched(y, bytes));
    }

    for (int32_t i = 0; i < EWT_COUNT(ewb_bad_types); i++)
    {
        kiln_test_context("activation f32: type %d", (int)ewb_bad_types[i]);
        KILN_CHECK_EQ(arm_nn_activation_f32(a, y, EWB_N, (arm_nn_activation_type_flt)ewb_bad_types[i], 0.1f),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
    }
    kiln_test_context("activation f32: pointers / size");
    KILN_CHECK_EQ(arm_nn_activation_f32(NULL, y, EWB_N, ARM_NN_FLT_ACT_RELU, 0.0f), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_activation_f32(a, NULL, EWB_N, ARM_NN_FLT_ACT_RELU, 0.0f), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_activation_f32(a, y, -1, ARM_NN_FLT_ACT_RELU, 0.0f), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_activation_f32(a, y, INT32_MIN, ARM_NN_FLT_ACT_TANH, 0.0f), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
    KILN_CHECK_EQ(arm_nn_activation_f32(a, y, 0, ARM_NN_FLT_ACT_SIGMOID, 0.0f), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(ewt_untouched(y, bytes));
    ewt_free(y);
}
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
typedef arm_cmsis_nn_status (*ewb_bin_f16)(const float16_t *, const float16_t *, float16_t *, float16_t, float16_t,
                                           int32_t);
typedef arm_cmsis_nn_status (*ewb_mm_f16)(const cmsis_nn_context *, const float16_t *, const cmsis_nn_dims *,
                                          const float16_t *, const cmsis_nn_dims *, float16_t *, const cmsis_nn_dims *);

static arm_cmsis_nn_status ewb_prelu_f16(const cmsis_nn_context *ctx, const float16_t *in, const cmsis_nn_dims *din,
                                         const float16_t *alpha, const cmsis_nn_dims *dalpha, float16_t *out,
                                         const cmsis_nn_dims *dout)
{
    (void)ctx;
    return arm_prelu_f16(din, in, dalpha, alpha, dout, out);
}

static void test_bad_input_f16(void)
{
    const float16_t nan = (float16_t)(float)NAN;
    const float16_t m1 = (float16_t)-1.0f, p1 = (float16_t)1.0f;
    float16_t a[EWB_N], b[EWB_N];
    for (int32_t i = 0; i < EWB_N; i++)
    {
        a[i] = (float16_t)((float)i - 3.5f);
        b[i] = (float16_t)(2.0f - (float)i);
    }
    const size_t bytes = EWB_N * sizeof(float16_t);
    float16_t *y = (float16_t *)ewt_alloc(bytes);
    const ewb_bin_f16 bins[3] = {arm_elementwise_add_f16, arm_elementwise_mul_f16, arm_elementwise_sub_f16};
    static const char *const bin_names[3] = {"add f16", "mul f16", "sub f16"};
    for (int32_t f = 0; f < 3; f++)
    {
        const char *name = bin_names[f];
        kiln_test_context("%s", name);
        KILN_CHECK_EQ(bins[f](NULL, b, y, m1, p1, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, NULL, y, m1, p1, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, b, NULL, m1, p1, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, b, y, m1, p1, -1), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, b, y, m1, p1, INT32_MIN), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, b, y, p1, m1, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, b, y, nan, p1, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](a, b, y, m1, nan, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(bins[f](NULL, b, y, m1, p1, 0), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
        KILN_CHECK_EQ(bins[f](a, b, y, m1, p1, 0), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(ewt_untouched(y, bytes));
    }

    kiln_test_context("abs f16");
    KILN_CHECK_EQ(arm_nn_abs_f16(NULL, y, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f16(a, NULL, EWB_N), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f16(a, y, -1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f16(a, y, INT32_MIN), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_abs_f16(NULL, y, 0), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
    KILN_CHECK_EQ(arm_nn_abs_f16(a, y, 0), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(ewt_untouched(y, bytes));

    const ewb_mm_f16 mms[3] = {arm_maximum_f16, arm_minimum_f16, ewb_prelu_f16};
    static const char *const mm_names[3] = {"maximum f16", "minimum f16", "prelu f16"};
    const cmsis_nn_dims d = ewb_d(1, 1, 2, 4);
    for (int32_t f = 0; f < 3; f++)
    {
        const char *name = mm_names[f];
        kiln_test_context("%s: NULL", name);
        KILN_CHECK_EQ(mms[f](NULL, NULL, &d, b, &d, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, NULL, b, &d, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, NULL, &d, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, b, NULL, y, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, b, &d, NULL, &d), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(mms[f](NULL, a, &d, b, &d, y, NULL), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
        for (int32_t i = 0; i < EWT_COUNT(ewb_bad_dims); i++)
        {
            kiln_test_context("%s: %s", name, ewb_bad_dims[i].what);
            KILN_CHECK_EQ(mms[f](NULL, a, &ewb_bad_dims[i].d1, b, &ewb_bad_dims[i].d2, y, &ewb_bad_dims[i].o),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
        }
    }

    for (int32_t i = 0; i < EWT_COUNT(ewb_bad_types); i++)
    {
        kiln_test_context("activation f16: type %d", (int)ewb_bad_types[i]);
        KILN_CHECK_EQ(
            arm_nn_activation_f16(a, y, EWB_N, (arm_nn_activation_type_flt)ewb_bad_types[i], (float16_t)0.1f),
            ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
    }
    kiln_test_context("activation f16: pointers / size");
    KILN_CHECK_EQ(arm_nn_activation_f16(NULL, y, EWB_N, ARM_NN_FLT_ACT_RELU, p1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_activation_f16(a, NULL, EWB_N, ARM_NN_FLT_ACT_RELU, p1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_activation_f16(a, y, -5, ARM_NN_FLT_ACT_RELU, p1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(ewt_untouched(y, bytes) && ewt_guards_ok(y, bytes));
    KILN_CHECK_EQ(arm_nn_activation_f16(a, y, 0, ARM_NN_FLT_ACT_TANH, p1), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(ewt_untouched(y, bytes));
    ewt_free(y);
}
#endif /* ARM_NN_ENABLE_F16 */

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_bad_input_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_bad_input_f16);
#endif
    return kiln_test_finish();
}
