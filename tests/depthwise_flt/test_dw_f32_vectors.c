/*
 * Float32 depthwise convolution: every shared depthwise_*_f32 vector (test_arm_depthwise_conv_f32, absolute
 * tolerance 0.0005) through arm_depthwise_conv_f32, arm_depthwise_nhwc_conv_f32 and arm_depthwise_conv_wrapper_f32
 * with exactly the queried scratch (canaries around it), and without scratch; the route is the one the
 * documented predicates choose, and the route's direct kernel gives the router's bytes.
 */
#include "dw_flt_test.h"

#include "kiln_vectors/depthwise_2x5_opt_batch2_f32.h"
#include "kiln_vectors/depthwise_2x5_opt_nhwc_chmult16_f32.h"
#include "kiln_vectors/depthwise_basic_f32.h"
#include "kiln_vectors/depthwise_basic_smallc_nhwc_f32.h"
#include "kiln_vectors/depthwise_ic1_to_conv_nhwc_f32.h"
#include "kiln_vectors/depthwise_k3_1d_opt_batch2_f32.h"
#include "kiln_vectors/depthwise_k3_1d_opt_nhwc_f32.h"
#include "kiln_vectors/depthwise_kernel_2x2_f32.h"
#include "kiln_vectors/depthwise_kernel_3x3_f32.h"
#include "kiln_vectors/depthwise_kernel_3x3_null_bias_f32.h"
#include "kiln_vectors/depthwise_match_basic_f32.h"
#include "kiln_vectors/depthwise_match_dilation_f32.h"
#include "kiln_vectors/depthwise_match_out_activation_f32.h"
#include "kiln_vectors/depthwise_match_stride2pad1_f32.h"
#include "kiln_vectors/depthwise_match_sub_block_f32.h"

typedef struct
{
    const char *name;
    int32_t n, in_h, in_w, in_c, ch_mult, k_h, k_w, out_c, s_h, s_w, p_h, p_w, d_h, d_w, out_h, out_w, null_bias;
    float act_min, act_max;
    const float *input, *weights, *bias, *ref;
    int32_t ref_len;
} dft_vec;

#define DFT_CASE(c, C)                                                                                          \
    {#c, C##_INPUT_BATCHES, C##_INPUT_H, C##_INPUT_W, C##_IN_CH, C##_CH_MULT, C##_FILTER_H, C##_FILTER_W,      \
     C##_OUT_CH, C##_STRIDE_H, C##_STRIDE_W, C##_PADDING_H, C##_PADDING_W, C##_DILATION_H, C##_DILATION_W,     \
     C##_OUTPUT_H, C##_OUTPUT_W, C##_USE_NULL_BIAS, C##_OUT_ACTIVATION_MIN, C##_OUT_ACTIVATION_MAX,            \
     c##_input_data, c##_weights_data, c##_biases_data, c##_output_ref_data, C##_DST_SIZE}

static const dft_vec cases[] = {
    DFT_CASE(depthwise_2x5_opt_batch2_f32, DEPTHWISE_2X5_OPT_BATCH2_F32),
    DFT_CASE(depthwise_2x5_opt_nhwc_chmult16_f32, DEPTHWISE_2X5_OPT_NHWC_CHMULT16_F32),
    DFT_CASE(depthwise_basic_f32, DEPTHWISE_BASIC_F32),
    DFT_CASE(depthwise_basic_smallc_nhwc_f32, DEPTHWISE_BASIC_SMALLC_NHWC_F32),
    DFT_CASE(depthwise_ic1_to_conv_nhwc_f32, DEPTHWISE_IC1_TO_CONV_NHWC_F32),
    DFT_CASE(depthwise_k3_1d_opt_batch2_f32, DEPTHWISE_K3_1D_OPT_BATCH2_F32),
    DFT_CASE(depthwise_k3_1d_opt_nhwc_f32, DEPTHWISE_K3_1D_OPT_NHWC_F32),
    DFT_CASE(depthwise_kernel_2x2_f32, DEPTHWISE_KERNEL_2X2_F32),
    DFT_CASE(depthwise_kernel_3x3_f32, DEPTHWISE_KERNEL_3X3_F32),
    DFT_CASE(depthwise_kernel_3x3_null_bias_f32, DEPTHWISE_KERNEL_3X3_NULL_BIAS_F32),
    DFT_CASE(depthwise_match_basic_f32, DEPTHWISE_MATCH_BASIC_F32),
    DFT_CASE(depthwise_match_dilation_f32, DEPTHWISE_MATCH_DILATION_F32),
    DFT_CASE(depthwise_match_out_activation_f32, DEPTHWISE_MATCH_OUT_ACTIVATION_F32),
    DFT_CASE(depthwise_match_stride2pad1_f32, DEPTHWISE_MATCH_STRIDE2PAD1_F32),
    DFT_CASE(depthwise_match_sub_block_f32, DEPTHWISE_MATCH_SUB_BLOCK_F32),
};

#define TOL (0.0005)

static int route_seen[DFT_ROUTE_ERROR + 1];

static void run_case(const dft_vec *v)
{
    kiln_test_context("case %s", v->name);
    const cmsis_nn_dims in = {v->n, v->in_h, v->in_w, v->in_c};
    const cmsis_nn_dims flt = {1, v->k_h, v->k_w, v->out_c};
    const cmsis_nn_dims out = {v->n, v->out_h, v->out_w, v->out_c};
    const cmsis_nn_dims bias_dims = {1, 1, 1, v->out_c};
    const float *bias = v->null_bias ? NULL : v->bias;
    KILN_CHECK_EQ((int64_t)out.n * out.h * out.w * out.c, v->ref_len);
    const size_t out_bytes = (size_t)v->ref_len * sizeof(float);
    cmsis_nn_dw_conv_params_f32 dp;
    memset(&dp, 0, sizeof(dp));
    dp.ch_mult = v->ch_mult;
    dp.stride.h = v->s_h;
    dp.stride.w = v->s_w;
    dp.padding.h = v->p_h;
    dp.padding.w = v->p_w;
    dp.dilation.h = v->d_h;
    dp.dilation.w = v->d_w;
    dp.activation.min = v->act_min;
    dp.activation.max = v->act_max;
    const dft_params mp = {dp.ch_mult, dp.stride, dp.padding, dp.dilation};

    float *std_out = (float *)dft_guarded_alloc(out_bytes);
    float *got = (float *)dft_guarded_alloc(out_bytes);
    KILN_CHECK(std_out != NULL && got != NULL);

    const int32_t q = arm_depthwise_conv_f32_get_buffer_size(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
    KILN_CHECK(q >= 0);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_f32_get_buffer_size(&dp, &in, &flt, &out), q);
    void *scratch = dft_guarded_alloc(q > 0 ? (size_t)q : 1u);
    const cmsis_nn_context ctx = {scratch, q};
    int64_t bytes = 0;
    const int route = dft_model_route(&mp, NULL, &in, &flt, &out, 4, INT64_MAX, &bytes);
    KILN_CHECK(route != DFT_ROUTE_ERROR);
    KILN_CHECK_EQ(bytes, q);
    route_seen[route]++;

    /* The router with exactly the queried scratch */
    KILN_CHECK_EQ(arm_depthwise_conv_f32(&ctx, &dp, &in, v->input, &flt, v->weights, &bias_dims, bias, &out, std_out,
                                         ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_CLOSE_F32(std_out, v->ref, v->ref_len, TOL);
    KILN_CHECK(dft_guards_ok(std_out, out_bytes));
    KILN_CHECK(dft_guards_ok(scratch, q > 0 ? (size_t)q : 1u));

    /* Wrapper and NHWC entry: same route, same bytes */
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_f32(&ctx, &dp, &in, v->input, &flt, v->weights, &bias_dims, bias, &out,
                                                 got),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_depthwise_nhwc_conv_f32(&ctx, &dp, &in, v->input, &flt, v->weights, &bias_dims, bias, &out, got),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);

    /* The direct kernel of the route */
    memset(got, 0, out_bytes);
    if (route == DFT_ROUTE_K3 && v->out_w <= v->in_w - 2)
    {
        arm_nn_depthwise_conv1d_k3_nhwc_f32(v->input, v->in_c, v->in_w, v->weights, bias, got, v->out_w);
        for (int32_t i = 0; i < v->ref_len; i++)
        {
            got[i] = got[i] < v->act_min ? v->act_min : (got[i] > v->act_max ? v->act_max : got[i]);
        }
        KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    }
    else if (route == DFT_ROUTE_3X3)
    {
        arm_nn_depthwise_conv3x3_nhwc_f32(v->input, v->n, v->in_c, v->in_h, v->in_w, v->weights, bias, got, v->s_w,
                                          v->s_h, v->p_w, v->p_h, v->out_h, v->out_w, v->act_min, v->act_max);
        KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    }
    else if (route == DFT_ROUTE_NT_T)
    {
        const int32_t taps = v->k_h * v->k_w;
        float *row = (float *)malloc((size_t)taps * (size_t)v->out_c * sizeof(float));
        KILN_CHECK(row != NULL);
        for (int32_t b = 0; b < v->n; b++)
        {
            for (int32_t y = 0; y < v->out_h; y++)
            {
                for (int32_t x = 0; x < v->out_w; x++)
                {
                    for (int32_t ky = 0; ky < v->k_h; ky++)
                    {
                        for (int32_t kx = 0; kx < v->k_w; kx++)
                        {
                            const int32_t iy = y * v->s_h - v->p_h + ky * v->d_h;
                            const int32_t ix = x * v->s_w - v->p_w + kx * v->d_w;
                            for (int32_t o = 0; o < v->out_c; o++)
                            {
                                row[(ky * v->k_w + kx) * v->out_c + o] =
                                    (iy < 0 || iy >= v->in_h || ix < 0 || ix >= v->in_w)
                                    ? 0.0f
                                    : v->input[(((size_t)b * v->in_h + iy) * v->in_w + ix) * v->in_c + o / v->ch_mult];
                            }
                        }
                    }
                    float *dst = got + (((size_t)b * v->out_h + y) * v->out_w + x) * v->out_c;
                    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_f32(row, v->weights, bias, dst, 1, v->out_c, taps,
                                                                 v->out_c, v->act_min, v->act_max),
                                  ARM_CMSIS_NN_SUCCESS);
                }
            }
        }
        free(row);
        KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    }
    KILN_CHECK(dft_guards_ok(got, out_bytes));

    /* Without scratch: a scratch-free route, within tolerance */
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_depthwise_conv_f32(NULL, &dp, &in, v->input, &flt, v->weights, &bias_dims, bias, &out, got,
                                         ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_CLOSE_F32(got, v->ref, v->ref_len, TOL);

    dft_guarded_free(scratch);
    dft_guarded_free(std_out);
    dft_guarded_free(got);
}

static void test_dw_f32_vectors(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        run_case(&cases[i]);
    }
    KILN_CHECK_EQ(sizeof(cases) / sizeof(cases[0]), 15);
    /* the vectors reach the k3, 3x3 and nt_t routes (and cin1 on MVE-float builds) */
    KILN_CHECK(route_seen[DFT_ROUTE_K3] > 0 && route_seen[DFT_ROUTE_3X3] > 0 && route_seen[DFT_ROUTE_NT_T] > 0);
    KILN_CHECK(!dft_mve_float() || route_seen[DFT_ROUTE_CIN1] > 0);
}

int main(void)
{
    KILN_RUN(test_dw_f32_vectors);
    return kiln_test_finish();
}
