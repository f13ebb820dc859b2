/*
 * Float fully connected, average / max pooling and softmax: every shared vector of these functions
 * (index.json: fully_connected_*_f32/_f16, avgpooling_*_f32/_f16, maxpooling_*_f32/_f16, softmax_f32/_f16)
 * with the tolerance of the upstream test driver (test_arm_fully_connected_f32: 2e-4 (large, fc_per_ch 3e-4),
 * _f16: per case 5e-3 .. 0.1; avg pool 2e-4 / 8e-3; max pool 1e-6 / 1e-3; softmax 2e-4 / 5e-3).
 * Fully connected runs through arm_fully_connected_*, arm_fully_connected_nhwc_* and with the weights packed by
 * arm_nn_pack_rhs_nt_n_*; every output buffer has guard bytes on both sides.
 */
#include "flt_ops_test.h"

typedef struct
{
    const char *name;
    int32_t batches, in_h, in_w, in_c, in_size, out_ch, has_bias;
    float act_min, act_max;
    const void *input, *weights, *bias, *ref;
    int32_t dst_size;
    double tol;
} fot_fc_case;

typedef struct
{
    const char *name;
    int32_t n, in_h, in_w, c, k_h, k_w, s_h, s_w, p_h, p_w, out_n, out_h, out_w, out_c;
    float act_min, act_max;
    const void *input, *ref;
    int32_t dst_size;
    double tol;
} fot_pool_case;

typedef struct
{
    const char *name;
    int32_t rows, cols;
    const void *input, *ref;
    int32_t dst_size;
    double tol;
} fot_softmax_case;

#include "vec_cases.inc"

#define COUNT(a) ((int32_t)(sizeof(a) / sizeof((a)[0])))

#if ARM_NN_ENABLE_F32
static void check_f32(const char *what, const float32_t *got, const float *ref, int32_t n, double tol)
{
    for (int32_t i = 0; i < n; i++)
    {
        const double d = fabs((double)got[i] - (double)ref[i]);
        if (!(d <= tol))
        {
            kiln_test_context("%s: element %d got %.9g want %.9g", what, (int)i, (double)got[i], (double)ref[i]);
            KILN_CHECK(d <= tol);
            return;
        }
    }
}

static void test_fc_vectors_f32(void)
{
    for (int32_t t = 0; t < COUNT(fc_cases_f32); t++)
    {
        const fot_fc_case *v = &fc_cases_f32[t];
        const cmsis_nn_context ctx = {NULL, 0};
        cmsis_nn_fc_params_f32 fp = {{v->act_min, v->act_max}, ARM_NN_WEIGHT_FORMAT_STANDARD};
        const cmsis_nn_dims in = {v->batches, v->in_h, v->in_w, v->in_c};
        const cmsis_nn_dims flt = {v->in_size, 1, 1, v->out_ch};
        const cmsis_nn_dims bd = {1, 1, 1, v->out_ch};
        const cmsis_nn_dims out = {v->batches, 1, 1, v->out_ch};
        const float32_t *bias = v->has_bias ? (const float32_t *)v->bias : NULL;
        const size_t bytes = (size_t)v->dst_size * sizeof(float32_t);
        float32_t *y = (float32_t *)fot_alloc(bytes);
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(arm_fully_connected_f32_get_buffer_size(&fp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC), 0);
        KILN_CHECK_EQ(arm_fully_connected_f32(&ctx, &fp, &in, (const float32_t *)v->input, &flt,
                                              (const float32_t *)v->weights, &bd, bias, &out, y, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        check_f32(v->name, y, (const float *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(fot_guards_ok(y, bytes));
        memset(y, FOT_CANARY, bytes);
        KILN_CHECK_EQ(arm_fully_connected_nhwc_f32(NULL, &fp, &in, (const float32_t *)v->input, &flt,
                                                   (const float32_t *)v->weights, &bd, bias, &out, y),
                      ARM_CMSIS_NN_SUCCESS);
        check_f32(v->name, y, (const float *)v->ref, v->dst_size, v->tol);
        /* packed weights */
        const int32_t pb = arm_nn_pack_rhs_nt_n_f32_get_buffer_size(v->out_ch, v->in_size);
        float32_t *wp = (float32_t *)fot_alloc((size_t)pb);
        KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32((const float32_t *)v->weights, v->out_ch, v->in_size, wp),
                      ARM_CMSIS_NN_SUCCESS);
        fp.weight_format = ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
        memset(y, FOT_CANARY, bytes);
        KILN_CHECK_EQ(arm_fully_connected_f32(&ctx, &fp, &in, (const float32_t *)v->input, &flt, wp, &bd, bias, &out, y,
                                              ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        check_f32(v->name, y, (const float *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(fot_guards_ok(y, bytes));
        fot_free(wp);
        fot_free(y);
    }
}

static void run_pool_f32(const fot_pool_case *cases, int32_t n, bool avg)
{
    for (int32_t t = 0; t < n; t++)
    {
        const fot_pool_case *v = &cases[t];
        const cmsis_nn_context ctx = {NULL, 0};
        const cmsis_nn_pool_params_f32 pp = {{v->s_w, v->s_h}, {v->p_w, v->p_h}, {v->act_min, v->act_max}};
        const cmsis_nn_dims in = {v->n, v->in_h, v->in_w, v->c};
        const cmsis_nn_dims flt = {1, v->k_h, v->k_w, v->c};
        const cmsis_nn_dims out = {v->out_n, v->out_h, v->out_w, v->out_c};
        const size_t bytes = (size_t)v->dst_size * sizeof(float32_t);
        float32_t *y = (float32_t *)fot_alloc(bytes);
        kiln_test_context("%s", v->name);
        const arm_cmsis_nn_status st =
            avg ? arm_avg_pool_f32(&ctx, &pp, &in, (const float32_t *)v->input, &flt, &out, y)
                : arm_max_pool_f32(&ctx, &pp, &in, (const float32_t *)v->input, &flt, &out, y);
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        check_f32(v->name, y, (const float *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(fot_guards_ok(y, bytes));
        fot_free(y);
    }
}

static void test_avg_pool_vectors_f32(void)
{
    run_pool_f32(avg_cases_f32, COUNT(avg_cases_f32), true);
}

static void test_max_pool_vectors_f32(void)
{
    run_pool_f32(max_cases_f32, COUNT(max_cases_f32), false);
}

static void test_softmax_vector_f32(void)
{
    const fot_softmax_case *v = &softmax_case_f32;
    const size_t bytes = (size_t)v->dst_size * sizeof(float32_t);
    float32_t *y = (float32_t *)fot_alloc(bytes);
    KILN_CHECK_EQ(arm_softmax_f32((const float32_t *)v->input, v->rows, v->cols, y), ARM_CMSIS_NN_SUCCESS);
    check_f32(v->name, y, (const float *)v->ref, v->dst_size, v->tol);
    KILN_CHECK(fot_guards_ok(y, bytes));
    /* in place */
    memcpy(y, v->input, bytes);
    KILN_CHECK_EQ(arm_softmax_f32(y, v->rows, v->cols, y), ARM_CMSIS_NN_SUCCESS);
    check_f32(v->name, y, (const float *)v->ref, v->dst_size, v->tol);
    fot_free(y);
}
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
static void check_f16(const char *what, const float16_t *got, const uint16_t *ref_bits, int32_t n, double tol)
{
    float16_t *ref = fot_halves(ref_bits, n);
    for (int32_t i = 0; i < n; i++)
    {
        const double d = fabs((double)(float)got[i] - (double)(float)ref[i]);
        if (!(d <= tol))
        {
            kiln_test_context("%s: element %d got %.6g want %.6g", what, (int)i, (double)(float)got[i],
                              (double)(float)ref[i]);
            KILN_CHECK(d <= tol);
            break;
        }
    }
    fot_free(ref);
}

static void test_fc_vectors_f16(void)
{
    for (int32_t t = 0; t < COUNT(fc_cases_f16); t++)
    {
        const fot_fc_case *v = &fc_cases_f16[t];
        const cmsis_nn_context ctx = {NULL, 0};
        cmsis_nn_fc_params_f16 fp;
        memset(&fp, 0, sizeof(fp));
        fp.activation.min = (float16_t)v->act_min;
        fp.activation.max = (float16_t)v->act_max;
        fp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
        const cmsis_nn_dims in = {v->batches, v->in_h, v->in_w, v->in_c};
        const cmsis_nn_dims flt = {v->in_size, 1, 1, v->out_ch};
        const cmsis_nn_dims bd = {1, 1, 1, v->out_ch};
        const cmsis_nn_dims out = {v->batches, 1, 1, v->out_ch};
        float16_t *x = fot_halves((const uint16_t *)v->input, (int64_t)v->batches * v->in_size);
        float16_t *w = fot_halves((const uint16_t *)v->weights, (int64_t)v->out_ch * v->in_size);
        float16_t *bias = v->has_bias ? fot_halves((const uint16_t *)v->bias, v->out_ch) : NULL;
        const size_t bytes = (size_t)v->dst_size * sizeof(float16_t);
        float16_t *y = (float16_t *)fot_alloc(bytes);
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(arm_fully_connected_f16_get_buffer_size(&fp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC), 0);
        KILN_CHECK_EQ(arm_fully_connected_f16(&ctx, &fp, &in, x, &flt, w, &bd, bias, &out, y, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        check_f16(v->name, y, (const uint16_t *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(fot_guards_ok(y, bytes));
        memset(y, FOT_CANARY, bytes);
        KILN_CHECK_EQ(arm_fully_connected_nhwc_f16(NULL, &fp, &in, x, &flt, w, &bd, bias, &out, y),
                      ARM_CMSIS_NN_SUCCESS);
        check_f16(v->name, y, (const uint16_t *)v->ref, v->dst_size, v->tol);
        const int32_t pb = arm_nn_pack_rhs_nt_n_f16_get_buffer_size(v->out_ch, v->in_size);
        float16_t *wp = (float16_t *)fot_alloc((size_t)pb);
        KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(w, v->out_ch, v->in_size, wp), ARM_CMSIS_NN_SUCCESS);
        fp.weight_format = ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
        memset(y, FOT_CANARY, bytes);
        KILN_CHECK_EQ(arm_fully_connected_f16(&ctx, &fp, &in, x, &flt, wp, &bd, bias, &out, y, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        check_f16(v->name, y, (const uint16_t *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(fot_guards_ok(y, bytes));
        fot_free(wp);
        fot_free(y);
        fot_free(bias);
        fot_free(w);
        fot_free(x);
    }
}

static void run_pool_f16(const fot_pool_case *cases, int32_t n, bool avg)
{
    for (int32_t t = 0; t < n; t++)
    {
        const fot_pool_case *v = &cases[t];
        const cmsis_nn_context ctx = {NULL, 0};
        cmsis_nn_pool_params_f16 pp;
        memset(&pp, 0, sizeof(pp));
        pp.stride.w = v->s_w;
        pp.stride.h = v->s_h;
        pp.padding.w = v->p_w;
        pp.padding.h = v->p_h;
        pp.activation.min = (float16_t)v->act_min;
        pp.activation.max = (float16_t)v->act_max;
        const cmsis_nn_dims in = {v->n, v->in_h, v->in_w, v->c};
        const cmsis_nn_dims flt = {1, v->k_h, v->k_w, v->c};
        const cmsis_nn_dims out = {v->out_n, v->out_h, v->out_w, v->out_c};
        float16_t *x = fot_halves((const uint16_t *)v->input, (int64_t)v->n * v->in_h * v->in_w * v->c);
        const size_t bytes = (size_t)v->dst_size * sizeof(float16_t);
        float16_t *y = (float16_t *)fot_alloc(bytes);
        kiln_test_context("%s", v->name);
        const arm_cmsis_nn_status st = avg ? arm_avg_pool_f16(&ctx, &pp, &in, x, &flt, &out, y)
                                           : arm_max_pool_f16(&ctx, &pp, &in, x, &flt, &out, y);
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        check_f16(v->name, y, (const uint16_t *)v->ref, v->dst_size, v->tol);
        KILN_CHECK(fot_guards_ok(y, bytes));
        fot_free(y);
        fot_free(x);
    }
}

static void test_avg_pool_vectors_f16(void)
{
    run_pool_f16(avg_cases_f16, COUNT(avg_cases_f16), true);
}

static void test_max_pool_vectors_f16(void)
{
    run_pool_f16(max_cases_f16, COUNT(max_cases_f16), false);
}

static void test_softmax_vector_f16(void)
{
    const fot_softmax_case *v = &softmax_case_f16;
    float16_t *x = fot_halves((const uint16_t *)v->input, v->dst_size);
    const size_t bytes = (size_t)v->dst_size * sizeof(float16_t);
    float16_t *y = (float16_t *)fot_alloc(bytes);
    KILN_CHECK_EQ(arm_softmax_f16(x, v->rows, v->cols, y), ARM_CMSIS_NN_SUCCESS);
    check_f16(v->name, y, (const uint16_t *)v->ref, v->dst_size, v->tol);
    KILN_CHECK(fot_guards_ok(y, bytes));
    KILN_CHECK_EQ(arm_softmax_f16(x, v->rows, v->cols, x), ARM_CMSIS_NN_SUCCESS);
    check_f16(v->name, x, (const uint16_t *)v->ref, v->dst_size, v->tol);
    fot_free(y);
    fot_free(x);
}
#endif /* ARM_NN_ENABLE_F16 */

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_fc_vectors_f32);
    KILN_RUN(test_avg_pool_vectors_f32);
    KILN_RUN(test_max_pool_vectors_f32);
    KILN_RUN(test_softmax_vector_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_fc_vectors_f16);
    KILN_RUN(test_avg_pool_vectors_f16);
    KILN_RUN(test_max_pool_vectors_f16);
    KILN_RUN(test_softmax_vector_f16);
#endif
    return kiln_test_finish();
}
