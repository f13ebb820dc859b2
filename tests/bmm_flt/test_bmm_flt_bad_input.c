/*
 * Float batch matmul and batch normalization: guards and the bad-input table. Every rejected call returns
 * ARM_CMSIS_NN_ARG_ERROR and leaves the (canary-filled) output untouched; the accepted edge requests (K = 0,
 * empty outputs, NULL ctx, size limits that fit) behave as documented.
 */
#include "bmm_flt_test.h"

#define OUT_ELEMS (256)

typedef struct
{
    const char *what;
    int32_t adj_x, adj_y, fmt;
    float lo, hi;
    cmsis_nn_dims l, r, o;
    int32_t null_arg; /* 0 none, 1 params, 2 lhs dims, 3 lhs, 4 rhs dims, 5 rhs, 6 out dims, 7 out */
    int32_t want;     /* expected status; WANT_HOST64: success where the bytes fit ptrdiff_t (64-bit hosts) */
} bmm_bad;

#define WANT_HOST64 (-100)
static int32_t want_of(int32_t w)
{
    return w != WANT_HOST64 ? w : (PTRDIFF_MAX / 4 >= INT32_MAX ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR);
}

/* A valid base: lhs {1, 2, K=3, M=2}, rhs {2, 1, 3, N=4}, out {2, 2, 4, 2}. */
#define L0                                                                                                             \
    {                                                                                                                  \
        1, 2, 3, 2                                                                                                     \
    }
#define R0                                                                                                             \
    {                                                                                                                  \
        2, 1, 3, 4                                                                                                     \
    }
#define O0                                                                                                             \
    {                                                                                                                  \
        2, 2, 4, 2                                                                                                     \
    }

static const bmm_bad bmm_table[] = {
    {"valid", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_SUCCESS},
    {"valid adj", 1, 1, 0, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_SUCCESS},
    {"valid packed", 0, 0, 1, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_SUCCESS},
    {"NULL params", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 1, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL lhs dims", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 2, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL lhs", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 3, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL rhs dims", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 4, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL rhs", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 5, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL out dims", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 6, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL out", 0, 0, 0, -10.0f, 10.0f, L0, R0, O0, 7, ARM_CMSIS_NN_ARG_ERROR},
    {"unknown rhs format 2", 0, 0, 2, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"unknown rhs format -1", 0, 0, -1, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"packed with adj_x", 1, 0, 1, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"packed with adj_y", 0, 1, 1, -10.0f, 10.0f, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"act min > max", 0, 0, 0, 1.0f, -1.0f, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"act min NaN", 0, 0, 0, NAN, 1.0f, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"act max NaN", 0, 0, 0, -1.0f, NAN, L0, R0, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"K mismatch", 0, 0, 0, -10.0f, 10.0f, {1, 2, 3, 2}, {2, 1, 4, 4}, O0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"out M mismatch", 0, 0, 0, -10.0f, 10.0f, L0, R0, {2, 2, 4, 3}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"out N mismatch", 0, 0, 0, -10.0f, 10.0f, L0, R0, {2, 2, 3, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"out batch mismatch", 0, 0, 0, -10.0f, 10.0f, L0, R0, {1, 2, 4, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"out height mismatch", 0, 0, 0, -10.0f, 10.0f, L0, R0, {2, 1, 4, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"batch not broadcastable",
     0,
     0,
     0,
     -10.0f,
     10.0f,
     {2, 1, 3, 2},
     {3, 1, 3, 4},
     {3, 1, 4, 2},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
    {"height not broadcastable",
     0,
     0,
     0,
     -10.0f,
     10.0f,
     {1, 2, 3, 2},
     {1, 3, 3, 4},
     {1, 3, 4, 2},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
    {"negative M", 0, 0, 0, -10.0f, 10.0f, {1, 1, 3, -2}, {1, 1, 3, 4}, {1, 1, 4, -2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"negative K", 0, 0, 0, -10.0f, 10.0f, {1, 1, -3, 2}, {1, 1, -3, 4}, {1, 1, 4, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"negative N", 0, 0, 0, -10.0f, 10.0f, {1, 1, 3, 2}, {1, 1, 3, -4}, {1, 1, -4, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"negative batch", 0, 0, 0, -10.0f, 10.0f, {-1, 1, 3, 2}, {-1, 1, 3, 4}, {-1, 1, 4, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"negative height", 0, 0, 0, -10.0f, 10.0f, {1, -1, 3, 2}, {1, -1, 3, 4}, {1, -1, 4, 2}, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"lhs past INT32_MAX",
     0,
     0,
     0,
     -10.0f,
     10.0f,
     {46341, 46341, 1, 1},
     {1, 1, 1, 0},
     {46341, 46341, 0, 1},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
    {"rhs past INT32_MAX",
     0,
     0,
     0,
     -10.0f,
     10.0f,
     {1, 1, 65536, 0},
     {1, 1, 65536, 65536},
     {1, 1, 65536, 0},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
    {"out past INT32_MAX",
     0,
     0,
     0,
     -10.0f,
     10.0f,
     {1, 1, 0, 65536},
     {1, 1, 0, 65536},
     {1, 1, 65536, 65536},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
    /* N x K = INT32_MAX fits, M = 0 writes nothing; packed pads N to a whole block: past INT32_MAX */
    {"rhs at INT32_MAX, M 0",
     0,
     0,
     0,
     -10.0f,
     10.0f,
     {1, 1, 1, 0},
     {1, 1, 1, INT32_MAX},
     {1, 1, INT32_MAX, 0},
     0,
     WANT_HOST64},
    {"packed rhs padded past INT32_MAX",
     0,
     0,
     1,
     -10.0f,
     10.0f,
     {1, 1, 1, 0},
     {1, 1, 1, INT32_MAX},
     {1, 1, INT32_MAX, 0},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
    {"packed rhs batches past INT32_MAX",
     0,
     0,
     1,
     -10.0f,
     10.0f,
     {2, 1, 1, 0},
     {2, 1, 1, 1073741823},
     {2, 1, 1073741823, 0},
     0,
     ARM_CMSIS_NN_ARG_ERROR},
};

#if ARM_NN_ENABLE_F32
static void test_bmm_bad_f32(void)
{
    float32_t lhs[64], rhs[64];
    for (int i = 0; i < 64; i++)
    {
        lhs[i] = (float32_t)(i % 7) * 0.25f - 0.5f;
        rhs[i] = (float32_t)(i % 5) * 0.5f - 1.0f;
    }
    float32_t *y = (float32_t *)bft_alloc(OUT_ELEMS * sizeof(float32_t));
    for (size_t t = 0; t < sizeof(bmm_table) / sizeof(bmm_table[0]); t++)
    {
        const bmm_bad *b = &bmm_table[t];
        const cmsis_nn_bmm_params_f32 bp = {
            b->adj_x != 0, b->adj_y != 0, {b->lo, b->hi}, (arm_nn_weight_format_flt)b->fmt};
        memset(y, BFT_CANARY, OUT_ELEMS * sizeof(float32_t));
        kiln_test_context("bmm f32: %s", b->what);
        const arm_cmsis_nn_status st = arm_batch_matmul_f32(
            NULL, b->null_arg == 1 ? NULL : &bp, b->null_arg == 2 ? NULL : &b->l, b->null_arg == 3 ? NULL : lhs,
            b->null_arg == 4 ? NULL : &b->r, b->null_arg == 5 ? NULL : rhs, b->null_arg == 6 ? NULL : &b->o,
            b->null_arg == 7 ? NULL : y);
        KILN_CHECK_EQ(st, want_of(b->want));
        /* the size query: 0 where the call is accepted, -1 where its parameters or dims are refused (it
         * takes no data pointers) */
        const bool data_null = b->null_arg == 3 || b->null_arg == 5 || b->null_arg == 7;
        const int32_t q = arm_batch_matmul_f32_get_buffer_size(b->null_arg == 1 ? NULL : &bp, b->null_arg == 2 ? NULL : &b->l,
                                                             b->null_arg == 4 ? NULL : &b->r, b->null_arg == 6 ? NULL : &b->o);
        KILN_CHECK_EQ(q, (data_null || want_of(b->want) == ARM_CMSIS_NN_SUCCESS) ? 0 : -1);
        if (want_of(b->want) != ARM_CMSIS_NN_SUCCESS || b->o.c == 0)
        {
            KILN_CHECK(bft_untouched(y, OUT_ELEMS * sizeof(float32_t)));
        }
        KILN_CHECK(bft_guards_ok(y, OUT_ELEMS * sizeof(float32_t)));
    }
    bft_free(y);
}

/* K = 0: every output is clamp(0); a ctx with a buffer is ignored. */
static void test_bmm_k0_f32(void)
{
    const cmsis_nn_dims l = {2, 1, 0, 3}, r = {1, 1, 0, 5}, o = {2, 1, 5, 3};
    float32_t y[30];
    float32_t dummy = 1.0f;
    int32_t buf[4];
    const cmsis_nn_context ctx = {buf, (int32_t)sizeof(buf)};
    const cmsis_nn_bmm_params_f32 bp = {false, true, {0.5f, 2.0f}, ARM_NN_WEIGHT_FORMAT_STANDARD};
    memset(y, 0, sizeof(y));
    KILN_CHECK_EQ(arm_batch_matmul_f32(&ctx, &bp, &l, &dummy, &r, &dummy, &o, y), ARM_CMSIS_NN_SUCCESS);
    for (int i = 0; i < 30; i++)
        KILN_CHECK(y[i] == 0.5f);
    const cmsis_nn_bmm_params_f32 bp2 = {true, false, {-1.0f, 1.0f}, ARM_NN_WEIGHT_FORMAT_STANDARD};
    KILN_CHECK_EQ(arm_batch_matmul_f32(NULL, &bp2, &l, &dummy, &r, &dummy, &o, y), ARM_CMSIS_NN_SUCCESS);
    for (int i = 0; i < 30; i++)
        KILN_CHECK(y[i] == 0.0f);
}

/* A NaN product stays NaN through the clamp; infinities clamp. */
static void test_bmm_nonfinite_f32(void)
{
    const cmsis_nn_dims l = {1, 1, 2, 1}, r = {1, 1, 2, 3}, o = {1, 1, 3, 1};
    const float32_t lhs[2] = {1.0f, 1.0f};
    const float32_t rhs[6] = {NAN, 0.0f, INFINITY, 0.0f, -INFINITY, 0.0f};
    float32_t y[3];
    const cmsis_nn_bmm_params_f32 bp = {false, false, {-5.0f, 5.0f}, ARM_NN_WEIGHT_FORMAT_STANDARD};
    KILN_CHECK_EQ(arm_batch_matmul_f32(NULL, &bp, &l, lhs, &r, rhs, &o, y), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(isnan(y[0]));
    KILN_CHECK(y[1] == 5.0f);
    KILN_CHECK(y[2] == -5.0f);
}
#endif

#if ARM_NN_ENABLE_F16
static void test_bmm_bad_f16(void)
{
    float16_t lhs[64], rhs[64];
    for (int i = 0; i < 64; i++)
    {
        lhs[i] = (float16_t)((float)(i % 7) * 0.25f - 0.5f);
        rhs[i] = (float16_t)((float)(i % 5) * 0.5f - 1.0f);
    }
    float16_t *y = (float16_t *)bft_alloc(OUT_ELEMS * sizeof(float16_t));
    for (size_t t = 0; t < sizeof(bmm_table) / sizeof(bmm_table[0]); t++)
    {
        const bmm_bad *b = &bmm_table[t];
        const cmsis_nn_bmm_params_f16 bp = {
            b->adj_x != 0, b->adj_y != 0, {(float16_t)b->lo, (float16_t)b->hi}, (arm_nn_weight_format_flt)b->fmt};
        memset(y, BFT_CANARY, OUT_ELEMS * sizeof(float16_t));
        kiln_test_context("bmm f16: %s", b->what);
        const arm_cmsis_nn_status st = arm_batch_matmul_f16(
            NULL, b->null_arg == 1 ? NULL : &bp, b->null_arg == 2 ? NULL : &b->l, b->null_arg == 3 ? NULL : lhs,
            b->null_arg == 4 ? NULL : &b->r, b->null_arg == 5 ? NULL : rhs, b->null_arg == 6 ? NULL : &b->o,
            b->null_arg == 7 ? NULL : y);
        KILN_CHECK_EQ(st, want_of(b->want));
        /* the size query: 0 where the call is accepted, -1 where its parameters or dims are refused (it
         * takes no data pointers) */
        const bool data_null = b->null_arg == 3 || b->null_arg == 5 || b->null_arg == 7;
        const int32_t q = arm_batch_matmul_f16_get_buffer_size(b->null_arg == 1 ? NULL : &bp, b->null_arg == 2 ? NULL : &b->l,
                                                             b->null_arg == 4 ? NULL : &b->r, b->null_arg == 6 ? NULL : &b->o);
        KILN_CHECK_EQ(q, (data_null || want_of(b->want) == ARM_CMSIS_NN_SUCCESS) ? 0 : -1);
        if (want_of(b->want) != ARM_CMSIS_NN_SUCCESS || b->o.c == 0)
        {
            KILN_CHECK(bft_untouched(y, OUT_ELEMS * sizeof(float16_t)));
        }
        KILN_CHECK(bft_guards_ok(y, OUT_ELEMS * sizeof(float16_t)));
    }
    bft_free(y);
}

static void test_bmm_k0_f16(void)
{
    const cmsis_nn_dims l = {1, 2, 0, 3}, r = {1, 2, 0, 5}, o = {1, 2, 5, 3};
    float16_t y[30];
    float16_t dummy = (float16_t)1.0f;
    const cmsis_nn_bmm_params_f16 bp = {true, true, {(float16_t)0.5f, (float16_t)2.0f}, ARM_NN_WEIGHT_FORMAT_STANDARD};
    KILN_CHECK_EQ(arm_batch_matmul_f16(NULL, &bp, &l, &dummy, &r, &dummy, &o, y), ARM_CMSIS_NN_SUCCESS);
    for (int i = 0; i < 30; i++)
        KILN_CHECK((float)y[i] == 0.5f);
}
#endif

/* ---- batch norm ------------------------------------------------------------------------------------ */

typedef struct
{
    const char *what;
    cmsis_nn_dims d;
    int32_t layout;
    int32_t null_arg; /* 0 none, 1 input, 2 output, 3 scale, 4 bias, 5 dims */
    int32_t want;
} bn_bad;

static const bn_bad bn_table[] = {
    {"valid", {2, 3, 4, 5}, 0, 0, ARM_CMSIS_NN_SUCCESS},
    {"NULL input", {2, 3, 4, 5}, 0, 1, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL output", {2, 3, 4, 5}, 0, 2, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL scale", {2, 3, 4, 5}, 0, 3, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL bias", {2, 3, 4, 5}, 0, 4, ARM_CMSIS_NN_ARG_ERROR},
    {"NULL dims", {2, 3, 4, 5}, 0, 5, ARM_CMSIS_NN_ARG_ERROR},
    {"layout 1 (NCHW is not a layout value)", {2, 3, 4, 5}, 1, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"layout -1", {2, 3, 4, 5}, -1, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"n 0", {0, 3, 4, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"h 0", {2, 0, 4, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"w 0", {2, 3, 0, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"c 0", {2, 3, 4, 0}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"n negative", {-2, 3, 4, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"h negative", {2, -3, 4, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"w negative", {2, 3, -4, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"c negative", {2, 3, 4, -5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
    {"count past PTRDIFF_MAX bytes", {INT32_MAX, INT32_MAX, INT32_MAX, 5}, 0, 0, ARM_CMSIS_NN_ARG_ERROR},
};

#define BN_ELEMS (120)

#if ARM_NN_ENABLE_F32
static void test_bn_bad_f32(void)
{
    float32_t x[BN_ELEMS], sc[8], bi[8];
    for (int i = 0; i < BN_ELEMS; i++)
        x[i] = (float32_t)(i % 9) - 4.0f;
    for (int i = 0; i < 8; i++)
    {
        sc[i] = 0.5f * (float32_t)i;
        bi[i] = (float32_t)i - 2.0f;
    }
    float32_t *y = (float32_t *)bft_alloc(BN_ELEMS * sizeof(float32_t));
    for (size_t t = 0; t < sizeof(bn_table) / sizeof(bn_table[0]); t++)
    {
        const bn_bad *b = &bn_table[t];
        memset(y, BFT_CANARY, BN_ELEMS * sizeof(float32_t));
        kiln_test_context("bn f32: %s", b->what);
        KILN_CHECK_EQ(arm_batch_norm_f32(b->null_arg == 1 ? NULL : x, b->null_arg == 2 ? NULL : y,
                                         b->null_arg == 3 ? NULL : sc, b->null_arg == 4 ? NULL : bi,
                                         b->null_arg == 5 ? NULL : &b->d, (arm_nn_tensor_layout)b->layout),
                      b->want);
        if (b->want != ARM_CMSIS_NN_SUCCESS)
            KILN_CHECK(bft_untouched(y, BN_ELEMS * sizeof(float32_t)));
        else
            for (int i = 0; i < BN_ELEMS; i++)
                KILN_CHECK(y[i] == x[i] * sc[i % 5] + bi[i % 5]);
        KILN_CHECK(bft_guards_ok(y, BN_ELEMS * sizeof(float32_t)));
    }
    bft_free(y);
}
#endif

#if ARM_NN_ENABLE_F16
static void test_bn_bad_f16(void)
{
    float16_t x[BN_ELEMS], sc[8], bi[8];
    for (int i = 0; i < BN_ELEMS; i++)
        x[i] = (float16_t)((float)(i % 9) - 4.0f);
    for (int i = 0; i < 8; i++)
    {
        sc[i] = (float16_t)(0.5f * (float)i);
        bi[i] = (float16_t)((float)i - 2.0f);
    }
    float16_t *y = (float16_t *)bft_alloc(BN_ELEMS * sizeof(float16_t));
    for (size_t t = 0; t < sizeof(bn_table) / sizeof(bn_table[0]); t++)
    {
        const bn_bad *b = &bn_table[t];
        memset(y, BFT_CANARY, BN_ELEMS * sizeof(float16_t));
        kiln_test_context("bn f16: %s", b->what);
        KILN_CHECK_EQ(arm_batch_norm_f16(b->null_arg == 1 ? NULL : x, b->null_arg == 2 ? NULL : y,
                                         b->null_arg == 3 ? NULL : sc, b->null_arg == 4 ? NULL : bi,
                                         b->null_arg == 5 ? NULL : &b->d, (arm_nn_tensor_layout)b->layout),
                      b->want);
        if (b->want != ARM_CMSIS_NN_SUCCESS)
            KILN_CHECK(bft_untouched(y, BN_ELEMS * sizeof(float16_t)));
        else
            for (int i = 0; i < BN_ELEMS; i++) /* small integers and halves: exact */
                KILN_CHECK((float)y[i] == (float)x[i] * (float)sc[i % 5] + (float)bi[i % 5]);
        KILN_CHECK(bft_guards_ok(y, BN_ELEMS * sizeof(float16_t)));
    }
    bft_free(y);
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_bmm_bad_f32);
    KILN_RUN(test_bmm_k0_f32);
    KILN_RUN(test_bmm_nonfinite_f32);
    KILN_RUN(test_bn_bad_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_bmm_bad_f16);
    KILN_RUN(test_bmm_k0_f16);
    KILN_RUN(test_bn_bad_f16);
#endif
    return kiln_test_finish();
}
