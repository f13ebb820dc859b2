/*
 * Float batch matmul and batch normalization: every shared vector of these functions (index.json:
 * batch_matmul_*_f32 / _f16, bn_*_f32 / _f16) with the upstream drivers' tolerances (test_arm_batch_matmul_f32:
 * 2e-4; _f16: 8e-3, batch_matmul_6_f16 2e-2; test_arm_batch_norm_f32: 1e-5; _f16: 5e-3).
 * Batch matmul operands as the upstream driver passes them: lhs = ADJ_X ? _lhs_transposed_tensor :
 * _lhs_input_tensor (then [K][M], else [M][K]), rhs = ADJ_Y ? _rhs_input_tensor : _rhs_transposed_tensor (then
 * [K][N], else [N][K]). Each case then runs again in every other adj_x / adj_y layout (the operands transposed
 * by the test) and with the rhs packed (NT_N_PACKED, arm_nn_pack_rhs_nt_n_*): the outputs must be the first
 * run's bits (the kernel sums in k order whatever the layout). Output buffers are guarded on both sides.
 */
#include "bmm_flt_test.h"

#if ARM_NN_ENABLE_F32
#include "kiln_vectors/batch_matmul_1_f32.h"
#include "kiln_vectors/batch_matmul_2_f32.h"
#include "kiln_vectors/batch_matmul_3_f32.h"
#include "kiln_vectors/batch_matmul_4_f32.h"
#include "kiln_vectors/batch_matmul_5_f32.h"
#include "kiln_vectors/batch_matmul_6_f32.h"
#include "kiln_vectors/batch_matmul_et_small_f32.h"
#include "kiln_vectors/bn_basic_f32.h"
#include "kiln_vectors/bn_basic_nhwc_f32.h"
#include "kiln_vectors/bn_op_f32.h"
#include "kiln_vectors/bn_op_nhwc_f32.h"
#endif
#if ARM_NN_ENABLE_F16
#include "kiln_vectors/batch_matmul_1_f16.h"
#include "kiln_vectors/batch_matmul_2_f16.h"
#include "kiln_vectors/batch_matmul_3_f16.h"
#include "kiln_vectors/batch_matmul_4_f16.h"
#include "kiln_vectors/batch_matmul_5_f16.h"
#include "kiln_vectors/batch_matmul_6_f16.h"
#include "kiln_vectors/batch_matmul_et_small_f16.h"
#include "kiln_vectors/bn_basic_f16.h"
#include "kiln_vectors/bn_basic_nhwc_f16.h"
#include "kiln_vectors/bn_op_f16.h"
#include "kiln_vectors/bn_op_nhwc_f16.h"
#endif

#define COUNT(a) ((int32_t)(sizeof(a) / sizeof((a)[0])))

typedef struct
{
    const char *name;
    bft_bmm_shape s;
    float act_min, act_max;
    const void *lhs, *rhs, *ref; /* as the upstream driver passes them; float or uint16 bits */
    int32_t dst_size;
    double tol;
} bv_bmm_case;

typedef struct
{
    const char *name;
    int32_t n, h, w, c, size;
    const void *input, *scale, *bias, *ref;
    double tol;
} bv_bn_case;

/* UP: upper-case prefix, lo: case name (pasted directly, see tests/vectors/README.md). */
#define BV_BMM(UP, lo, BITS, tol)                                                                                      \
    {                                                                                                                  \
#lo, {UP##_LHS_BATCH, UP##_LHS_HEIGHT, UP##_RHS_BATCH, UP##_RHS_HEIGHT, UP##_OUTPUT_BATCH, UP##_OUTPUT_HEIGHT, \
              UP##_OUTPUT_ROWS, UP##_ADJ_X ? UP##_LHS_ROWS : UP##_LHS_COLS, UP##_OUTPUT_COLS, UP##_ADJ_X != 0,         \
              UP##_ADJ_Y != 0, false },                                                                                \
              UP##_ACTIVATION_MIN, UP##_ACTIVATION_MAX,                                                                \
              UP##_ADJ_X ? lo##_lhs_transposed_tensor##BITS : lo##_lhs_input_tensor##BITS,                             \
              UP##_ADJ_Y ? lo##_rhs_input_tensor##BITS : lo##_rhs_transposed_tensor##BITS, lo##_output##BITS,          \
              UP##_DST_SIZE, tol                                                                                       \
    }

#define BV_BN(UP, lo, BITS, tol)                                                                                       \
    {                                                                                                                  \
#lo, UP##_INPUT_N, UP##_INPUT_H, UP##_INPUT_W, UP##_INPUT_C, UP##_SIZE, lo##_input##BITS, lo##_scale##BITS,    \
            lo##_bias##BITS, lo##_output_ref##BITS, tol                                                                \
    }

#if ARM_NN_ENABLE_F32
static const bv_bmm_case bmm_f32[] = {
    BV_BMM(BATCH_MATMUL_1_F32, batch_matmul_1_f32, , 2e-4),
    BV_BMM(BATCH_MATMUL_2_F32, batch_matmul_2_f32, , 2e-4),
    BV_BMM(BATCH_MATMUL_3_F32, batch_matmul_3_f32, , 2e-4),
    BV_BMM(BATCH_MATMUL_4_F32, batch_matmul_4_f32, , 2e-4),
    BV_BMM(BATCH_MATMUL_5_F32, batch_matmul_5_f32, , 2e-4),
    BV_BMM(BATCH_MATMUL_6_F32, batch_matmul_6_f32, , 2e-4),
    BV_BMM(BATCH_MATMUL_ET_SMALL_F32, batch_matmul_et_small_f32, , 2e-4),
};
static const bv_bn_case bn_f32[] = {
    BV_BN(BN_BASIC_F32, bn_basic_f32, , 1e-5),
    BV_BN(BN_BASIC_NHWC_F32, bn_basic_nhwc_f32, , 1e-5),
    BV_BN(BN_OP_F32, bn_op_f32, , 1e-5),
    BV_BN(BN_OP_NHWC_F32, bn_op_nhwc_f32, , 1e-5),
};
#endif
#if ARM_NN_ENABLE_F16
static const bv_bmm_case bmm_f16[] = {
    BV_BMM(BATCH_MATMUL_1_F16, batch_matmul_1_f16, _f16bits, 8e-3),
    BV_BMM(BATCH_MATMUL_2_F16, batch_matmul_2_f16, _f16bits, 8e-3),
    BV_BMM(BATCH_MATMUL_3_F16, batch_matmul_3_f16, _f16bits, 8e-3),
    BV_BMM(BATCH_MATMUL_4_F16, batch_matmul_4_f16, _f16bits, 8e-3),
    BV_BMM(BATCH_MATMUL_5_F16, batch_matmul_5_f16, _f16bits, 8e-3),
    BV_BMM(BATCH_MATMUL_6_F16, batch_matmul_6_f16, _f16bits, 2e-2),
    BV_BMM(BATCH_MATMUL_ET_SMALL_F16, batch_matmul_et_small_f16, _f16bits, 8e-3),
};
static const bv_bn_case bn_f16[] = {
    BV_BN(BN_BASIC_F16, bn_basic_f16, _f16bits, 5e-3),
    BV_BN(BN_BASIC_NHWC_F16, bn_basic_nhwc_f16, _f16bits, 5e-3),
    BV_BN(BN_OP_F16, bn_op_f16, _f16bits, 5e-3),
    BV_BN(BN_OP_NHWC_F16, bn_op_nhwc_f16, _f16bits, 5e-3),
};
#endif

/* Element (i, j) of matrix mat of a stored [rows][cols] operand, or of its transpose when t. */
static size_t bv_at(bool t, int32_t rows, int32_t cols, size_t mat, int32_t i, int32_t j)
{
    return mat * (size_t)rows * (size_t)cols +
           (t ? (size_t)j * (size_t)rows + (size_t)i : (size_t)i * (size_t)cols + (size_t)j);
}

/*
 * One element type: es bytes per element, copy(dst, di, src, si) moves one element, run() calls the entry.
 * The layout variants transpose the canonical operands (lhs [M][K], rhs [N][K]) with byte copies.
 */
typedef arm_cmsis_nn_status (*bv_run_fn)(
    const bft_bmm_shape *s, float lo, float hi, int32_t fmt, const void *lhs, const void *rhs, void *out);

static void bv_bmm_variants(const bv_bmm_case *v,
                            size_t es,
                            bv_run_fn run,
                            const void *first,
                            int32_t block,
                            arm_cmsis_nn_status (*pack)(const void *rhs, int32_t rows, int32_t cols, void *dst))
{
    const bft_bmm_shape *s0 = &v->s;
    const size_t lmats = (size_t)s0->lb * (size_t)s0->lh, rmats = (size_t)s0->rb * (size_t)s0->rh;
    const size_t nl = lmats * (size_t)s0->m * (size_t)s0->k, nr = rmats * (size_t)s0->n * (size_t)s0->k;
    const size_t out_bytes = (size_t)v->dst_size * es;
    uint8_t *lc = (uint8_t *)malloc(nl * es), *rc = (uint8_t *)malloc(nr * es);
    uint8_t *lv = (uint8_t *)malloc(nl * es), *rv = (uint8_t *)malloc(nr * es);
    uint8_t *y = (uint8_t *)bft_alloc(out_bytes);
    KILN_CHECK(lc != NULL && rc != NULL && lv != NULL && rv != NULL && y != NULL);
    if (lc == NULL || rc == NULL || lv == NULL || rv == NULL || y == NULL)
    {
        goto done;
    }
    /* canonical lhs [M][K], rhs [N][K] from the stored ones */
    for (size_t mat = 0; mat < lmats; mat++)
        for (int32_t i = 0; i < s0->m; i++)
            for (int32_t j = 0; j < s0->k; j++)
                memcpy(lc + bv_at(false, s0->m, s0->k, mat, i, j) * es,
                       (const uint8_t *)v->lhs + bv_at(s0->adj_x, s0->m, s0->k, mat, i, j) * es, es);
    for (size_t mat = 0; mat < rmats; mat++)
        for (int32_t i = 0; i < s0->n; i++)
            for (int32_t j = 0; j < s0->k; j++)
                memcpy(rc + bv_at(false, s0->n, s0->k, mat, i, j) * es,
                       (const uint8_t *)v->rhs + bv_at(s0->adj_y, s0->n, s0->k, mat, i, j) * es, es);
    for (int32_t variant = 0; variant < 5; variant++)
    {
        bft_bmm_shape s = *s0;
        s.adj_x = (variant & 1) != 0;
        s.adj_y = (variant & 2) != 0;
        s.packed = variant == 4;
        s.adj_x = s.packed ? false : s.adj_x;
        s.adj_y = s.packed ? false : s.adj_y;
        for (size_t mat = 0; mat < lmats; mat++)
            for (int32_t i = 0; i < s.m; i++)
                for (int32_t j = 0; j < s.k; j++)
                    memcpy(lv + bv_at(s.adj_x, s.m, s.k, mat, i, j) * es, lc + bv_at(false, s.m, s.k, mat, i, j) * es,
                           es);
        const void *rhs_use = rv;
        uint8_t *packed = NULL;
        if (s.packed)
        {
            const size_t pm = (size_t)((s.n + block - 1) / block * block) * (size_t)s.k; /* elements per matrix */
            packed = (uint8_t *)malloc(rmats * pm * es + 1);
            KILN_CHECK(packed != NULL);
            if (packed == NULL)
                continue;
            for (size_t mat = 0; mat < rmats; mat++)
                KILN_CHECK_EQ(pack(rc + mat * (size_t)s.n * (size_t)s.k * es, s.n, s.k, packed + mat * pm * es),
                              ARM_CMSIS_NN_SUCCESS);
            rhs_use = packed;
        }
        else
        {
            for (size_t mat = 0; mat < rmats; mat++)
                for (int32_t i = 0; i < s.n; i++)
                    for (int32_t j = 0; j < s.k; j++)
                        memcpy(rv + bv_at(s.adj_y, s.n, s.k, mat, i, j) * es,
                               rc + bv_at(false, s.n, s.k, mat, i, j) * es, es);
        }
        memset(y, BFT_CANARY, out_bytes);
        kiln_test_context("%s variant adj_x=%d adj_y=%d packed=%d", v->name, s.adj_x, s.adj_y, s.packed);
        KILN_CHECK_EQ(run(&s, v->act_min, v->act_max,
                          s.packed ? (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD,
                          lv, rhs_use, y),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(y, first, out_bytes) == 0);
        KILN_CHECK(bft_guards_ok(y, out_bytes));
        free(packed);
    }
done:
    free(lc);
    free(rc);
    free(lv);
    free(rv);
    bft_free(y);
}

#if ARM_NN_ENABLE_F32
static arm_cmsis_nn_status
bv_run_f32(const bft_bmm_shape *s, float lo, float hi, int32_t fmt, const void *lhs, const void *rhs, void *out)
{
    cmsis_nn_dims l, r, o;
    bft_dims(s, &l, &r, &o);
    const cmsis_nn_bmm_params_f32 bp = {s->adj_x, s->adj_y, {lo, hi}, (arm_nn_weight_format_flt)fmt};
    const cmsis_nn_context ctx = {NULL, 0};
    return arm_batch_matmul_f32(&ctx, &bp, &l, (const float32_t *)lhs, &r, (const float32_t *)rhs, &o,
                                (float32_t *)out);
}

static arm_cmsis_nn_status bv_pack_f32(const void *rhs, int32_t rows, int32_t cols, void *dst)
{
    return arm_nn_pack_rhs_nt_n_f32((const float32_t *)rhs, rows, cols, (float32_t *)dst);
}

static void test_bmm_vectors_f32(void)
{
    for (int32_t t = 0; t < COUNT(bmm_f32); t++)
    {
        const bv_bmm_case *v = &bmm_f32[t];
        const size_t bytes = (size_t)v->dst_size * sizeof(float32_t);
        float32_t *y = (float32_t *)bft_alloc(bytes);
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(
            bv_run_f32(&v->s, v->act_min, v->act_max, (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD, v->lhs, v->rhs, y),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_CLOSE_F32(y, (const float *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(bft_guards_ok(y, bytes));
        bv_bmm_variants(v, sizeof(float32_t), bv_run_f32, y, 4, bv_pack_f32);
        bft_free(y);
    }
}

static void test_bn_vectors_f32(void)
{
    for (int32_t t = 0; t < COUNT(bn_f32); t++)
    {
        const bv_bn_case *v = &bn_f32[t];
        const cmsis_nn_dims d = {v->n, v->h, v->w, v->c};
        const size_t bytes = (size_t)v->size * sizeof(float32_t);
        float32_t *y = (float32_t *)bft_alloc(bytes);
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(arm_batch_norm_f32((const float32_t *)v->input, y, (const float32_t *)v->scale,
                                         (const float32_t *)v->bias, &d, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_CLOSE_F32(y, (const float *)v->ref, v->size, v->tol);
        KILN_CHECK(bft_guards_ok(y, bytes));
        /* in place: the same bits */
        float32_t *z = (float32_t *)bft_alloc(bytes);
        memcpy(z, v->input, bytes);
        KILN_CHECK_EQ(
            arm_batch_norm_f32(z, z, (const float32_t *)v->scale, (const float32_t *)v->bias, &d, ARM_NN_LAYOUT_NHWC),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(z, y, bytes) == 0);
        KILN_CHECK(bft_guards_ok(z, bytes));
        bft_free(z);
        bft_free(y);
    }
}
#endif

#if ARM_NN_ENABLE_F16
static void check_f16(const char *what, const float16_t *got, const uint16_t *ref_bits, int32_t n, double tol)
{
    for (int32_t i = 0; i < n; i++)
    {
        float16_t r;
        memcpy(&r, &ref_bits[i], sizeof(r));
        const double d = fabs((double)(float)got[i] - (double)(float)r);
        if (!(d <= tol))
        {
            kiln_test_context("%s: element %d got %.6g want %.6g", what, (int)i, (double)(float)got[i],
                              (double)(float)r);
            KILN_CHECK(d <= tol);
            return;
        }
    }
}

static arm_cmsis_nn_status
bv_run_f16(const bft_bmm_shape *s, float lo, float hi, int32_t fmt, const void *lhs, const void *rhs, void *out)
{
    cmsis_nn_dims l, r, o;
    bft_dims(s, &l, &r, &o);
    const cmsis_nn_bmm_params_f16 bp = {
        s->adj_x, s->adj_y, {(float16_t)lo, (float16_t)hi}, (arm_nn_weight_format_flt)fmt};
    const cmsis_nn_context ctx = {NULL, 0};
    return arm_batch_matmul_f16(&ctx, &bp, &l, (const float16_t *)lhs, &r, (const float16_t *)rhs, &o,
                                (float16_t *)out);
}

static arm_cmsis_nn_status bv_pack_f16(const void *rhs, int32_t rows, int32_t cols, void *dst)
{
    return arm_nn_pack_rhs_nt_n_f16((const float16_t *)rhs, rows, cols, (float16_t *)dst);
}

static void test_bmm_vectors_f16(void)
{
    for (int32_t t = 0; t < COUNT(bmm_f16); t++)
    {
        bv_bmm_case c = bmm_f16[t];
        const bv_bmm_case *v = &c;
        const size_t nl = (size_t)c.s.lb * (size_t)c.s.lh * (size_t)c.s.m * (size_t)c.s.k;
        const size_t nr = (size_t)c.s.rb * (size_t)c.s.rh * (size_t)c.s.n * (size_t)c.s.k;
        float16_t *lh = bft_halves((const uint16_t *)c.lhs, nl), *rh = bft_halves((const uint16_t *)c.rhs, nr);
        c.lhs = lh;
        c.rhs = rh;
        const size_t bytes = (size_t)v->dst_size * sizeof(float16_t);
        float16_t *y = (float16_t *)bft_alloc(bytes);
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(
            bv_run_f16(&v->s, v->act_min, v->act_max, (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD, v->lhs, v->rhs, y),
            ARM_CMSIS_NN_SUCCESS);
        check_f16(v->name, y, (const uint16_t *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(bft_guards_ok(y, bytes));
        bv_bmm_variants(v, sizeof(float16_t), bv_run_f16, y, 8, bv_pack_f16);
        bft_free(y);
        free(lh);
        free(rh);
    }
}

static void test_bn_vectors_f16(void)
{
    for (int32_t t = 0; t < COUNT(bn_f16); t++)
    {
        const bv_bn_case *v = &bn_f16[t];
        const cmsis_nn_dims d = {v->n, v->h, v->w, v->c};
        const size_t bytes = (size_t)v->size * sizeof(float16_t);
        float16_t *x = bft_halves((const uint16_t *)v->input, (size_t)v->size);
        float16_t *sc = bft_halves((const uint16_t *)v->scale, (size_t)v->c);
        float16_t *bi = bft_halves((const uint16_t *)v->bias, (size_t)v->c);
        float16_t *y = (float16_t *)bft_alloc(bytes);
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(arm_batch_norm_f16(x, y, sc, bi, &d, ARM_NN_LAYOUT_NHWC), ARM_CMSIS_NN_SUCCESS);
        check_f16(v->name, y, (const uint16_t *)v->ref, v->size, v->tol);
        KILN_CHECK(bft_guards_ok(y, bytes));
        KILN_CHECK_EQ(arm_batch_norm_f16(x, x, sc, bi, &d, ARM_NN_LAYOUT_NHWC), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(x, y, bytes) == 0);
        free(x);
        free(sc);
        free(bi);
        bft_free(y);
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_bmm_vectors_f32);
    KILN_RUN(test_bn_vectors_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_bmm_vectors_f16);
    KILN_RUN(test_bn_vectors_f16);
#endif
    return kiln_test_finish();
}
