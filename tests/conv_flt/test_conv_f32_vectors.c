/*
 * Float32 convolution: every shared conv_*_f32 vector (test_arm_convolve_f32, absolute tolerance 0.0005)
 * through arm_convolve_f32, arm_convolve_nhwc_f32 and arm_convolve_wrapper_f32 with the queried scratch,
 * without scratch, and with the filter packed by arm_nn_pack_rhs_nt_n_f32 (same bytes as the standard
 * filter on the same route), plus the direct entry of the route the predicates choose.
 */
#include "conv_flt_test.h"

#include "kiln_vectors/conv_1x1_stride2_nhwc_f32.h"
#include "kiln_vectors/conv_basic_f32.h"
#include "kiln_vectors/conv_basic_nhwc_f32.h"
#include "kiln_vectors/conv_k3_opt_f32.h"
#include "kiln_vectors/conv_k3_opt_nhwc_tuned_f32.h"
#include "kiln_vectors/conv_k5_opt_f32.h"
#include "kiln_vectors/conv_k5_opt_nhwc_tuned_f32.h"
#include "kiln_vectors/conv_kernel_2x2_f32.h"
#include "kiln_vectors/conv_kernel_3x3_pad1_f32.h"
#include "kiln_vectors/conv_match_1x1_basic_f32.h"
#include "kiln_vectors/conv_match_1x1_stride_x_f32.h"
#include "kiln_vectors/conv_match_1x1_stride_x_y_1_f32.h"
#include "kiln_vectors/conv_match_1x1_stride_x_y_2_f32.h"
#include "kiln_vectors/conv_match_1x1_stride_x_y_f32.h"
#include "kiln_vectors/conv_match_1xn_1_f32.h"
#include "kiln_vectors/conv_match_1xn_2_f32.h"
#include "kiln_vectors/conv_match_1xn_3_f32.h"
#include "kiln_vectors/conv_match_1xn_4_f32.h"
#include "kiln_vectors/conv_match_1xn_5_f32.h"
#include "kiln_vectors/conv_match_1xn_6_generic_f32.h"
#include "kiln_vectors/conv_match_1xn_7_f32.h"
#include "kiln_vectors/conv_match_1xn_8_f32.h"
#include "kiln_vectors/conv_match_2x2_dilation_5x5_input_f32.h"
#include "kiln_vectors/conv_match_2x2_dilation_f32.h"
#include "kiln_vectors/conv_match_2x3_dilation_f32.h"
#include "kiln_vectors/conv_match_3x2_dilation_f32.h"
#include "kiln_vectors/conv_match_3x3_dilation_5x5_input_f32.h"
#include "kiln_vectors/conv_match_basic_f32.h"
#include "kiln_vectors/conv_match_conv_2_f32.h"
#include "kiln_vectors/conv_match_conv_3_f32.h"
#include "kiln_vectors/conv_match_conv_4_f32.h"
#include "kiln_vectors/conv_match_conv_5_f32.h"
#include "kiln_vectors/conv_match_dilation_golden_f32.h"
#include "kiln_vectors/conv_match_out_activation_f32.h"
#include "kiln_vectors/conv_match_stride2pad1_f32.h"

typedef struct
{
    const char *name;
    int32_t n, in_h, in_w, in_c, k_h, k_w, out_c, s_h, s_w, p_h, p_w, d_h, d_w, out_h, out_w, wrapper;
    float act_min, act_max;
    const float *input, *weights, *bias, *ref;
    int32_t ref_len;
} cft_vec;

#define CFT_CASE(c, C)                                                                                          \
    {#c, C##_INPUT_BATCHES, C##_INPUT_H, C##_INPUT_W, C##_IN_CH, C##_FILTER_H, C##_FILTER_W, C##_OUT_CH,       \
     C##_STRIDE_H, C##_STRIDE_W, C##_PADDING_H, C##_PADDING_W, C##_DILATION_H, C##_DILATION_W, C##_OUTPUT_H,   \
     C##_OUTPUT_W, C##_USE_WRAPPER, C##_OUT_ACTIVATION_MIN, C##_OUT_ACTIVATION_MAX, c##_input_data,            \
     c##_weights_data, c##_biases_data, c##_output_ref_data, C##_DST_SIZE}

static const cft_vec cases[] = {
    CFT_CASE(conv_1x1_stride2_nhwc_f32, CONV_1X1_STRIDE2_NHWC_F32),
    CFT_CASE(conv_basic_f32, CONV_BASIC_F32),
    CFT_CASE(conv_basic_nhwc_f32, CONV_BASIC_NHWC_F32),
    CFT_CASE(conv_k3_opt_f32, CONV_K3_OPT_F32),
    CFT_CASE(conv_k3_opt_nhwc_tuned_f32, CONV_K3_OPT_NHWC_TUNED_F32),
    CFT_CASE(conv_k5_opt_f32, CONV_K5_OPT_F32),
    CFT_CASE(conv_k5_opt_nhwc_tuned_f32, CONV_K5_OPT_NHWC_TUNED_F32),
    CFT_CASE(conv_kernel_2x2_f32, CONV_KERNEL_2X2_F32),
    CFT_CASE(conv_kernel_3x3_pad1_f32, CONV_KERNEL_3X3_PAD1_F32),
    CFT_CASE(conv_match_1x1_basic_f32, CONV_MATCH_1X1_BASIC_F32),
    CFT_CASE(conv_match_1x1_stride_x_f32, CONV_MATCH_1X1_STRIDE_X_F32),
    CFT_CASE(conv_match_1x1_stride_x_y_1_f32, CONV_MATCH_1X1_STRIDE_X_Y_1_F32),
    CFT_CASE(conv_match_1x1_stride_x_y_2_f32, CONV_MATCH_1X1_STRIDE_X_Y_2_F32),
    CFT_CASE(conv_match_1x1_stride_x_y_f32, CONV_MATCH_1X1_STRIDE_X_Y_F32),
    CFT_CASE(conv_match_1xn_1_f32, CONV_MATCH_1XN_1_F32),
    CFT_CASE(conv_match_1xn_2_f32, CONV_MATCH_1XN_2_F32),
    CFT_CASE(conv_match_1xn_3_f32, CONV_MATCH_1XN_3_F32),
    CFT_CASE(conv_match_1xn_4_f32, CONV_MATCH_1XN_4_F32),
    CFT_CASE(conv_match_1xn_5_f32, CONV_MATCH_1XN_5_F32),
    CFT_CASE(conv_match_1xn_6_generic_f32, CONV_MATCH_1XN_6_GENERIC_F32),
    CFT_CASE(conv_match_1xn_7_f32, CONV_MATCH_1XN_7_F32),
    CFT_CASE(conv_match_1xn_8_f32, CONV_MATCH_1XN_8_F32),
    CFT_CASE(conv_match_2x2_dilation_5x5_input_f32, CONV_MATCH_2X2_DILATION_5X5_INPUT_F32),
    CFT_CASE(conv_match_2x2_dilation_f32, CONV_MATCH_2X2_DILATION_F32),
    CFT_CASE(conv_match_2x3_dilation_f32, CONV_MATCH_2X3_DILATION_F32),
    CFT_CASE(conv_match_3x2_dilation_f32, CONV_MATCH_3X2_DILATION_F32),
    CFT_CASE(conv_match_3x3_dilation_5x5_input_f32, CONV_MATCH_3X3_DILATION_5X5_INPUT_F32),
    CFT_CASE(conv_match_basic_f32, CONV_MATCH_BASIC_F32),
    CFT_CASE(conv_match_conv_2_f32, CONV_MATCH_CONV_2_F32),
    CFT_CASE(conv_match_conv_3_f32, CONV_MATCH_CONV_3_F32),
    CFT_CASE(conv_match_conv_4_f32, CONV_MATCH_CONV_4_F32),
    CFT_CASE(conv_match_conv_5_f32, CONV_MATCH_CONV_5_F32),
    CFT_CASE(conv_match_dilation_golden_f32, CONV_MATCH_DILATION_GOLDEN_F32),
    CFT_CASE(conv_match_out_activation_f32, CONV_MATCH_OUT_ACTIVATION_F32),
    CFT_CASE(conv_match_stride2pad1_f32, CONV_MATCH_STRIDE2PAD1_F32)
};

#define TOL (0.0005)

static void run_case(const cft_vec *v)
{
    kiln_test_context("case %s", v->name);
    const cmsis_nn_dims in = {v->n, v->in_h, v->in_w, v->in_c};
    const cmsis_nn_dims flt = {v->out_c, v->k_h, v->k_w, v->in_c};
    const cmsis_nn_dims out = {v->n, v->out_h, v->out_w, v->out_c};
    const cmsis_nn_dims bias_dims = {1, 1, 1, v->out_c};
    KILN_CHECK_EQ((int64_t)out.n * out.h * out.w * out.c, v->ref_len);
    const size_t out_bytes = (size_t)v->ref_len * sizeof(float);
    cmsis_nn_conv_params_f32 cp;
    memset(&cp, 0, sizeof(cp));
    cp.stride.h = v->s_h;
    cp.stride.w = v->s_w;
    cp.padding.h = v->p_h;
    cp.padding.w = v->p_w;
    cp.dilation.h = v->d_h;
    cp.dilation.w = v->d_w;
    cp.activation.min = v->act_min;
    cp.activation.max = v->act_max;
    cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;

    const int32_t rows = v->out_c, cols = v->k_h * v->k_w * v->in_c;
    const int32_t packed_bytes = arm_nn_pack_rhs_nt_n_f32_get_buffer_size(rows, cols);
    KILN_CHECK_EQ(packed_bytes, (int64_t)((rows + 3) / 4 * 4) * cols * 4);
    float *packed = (float *)malloc((size_t)packed_bytes);
    KILN_CHECK(packed != NULL);
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32(v->weights, rows, cols, packed), ARM_CMSIS_NN_SUCCESS);

    float *std_out = (float *)cft_guarded_alloc(out_bytes);
    float *got = (float *)cft_guarded_alloc(out_bytes);
    KILN_CHECK(std_out != NULL && got != NULL);

    const int32_t q = arm_convolve_f32_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
    KILN_CHECK(q >= 0);
    KILN_CHECK_EQ(arm_convolve_wrapper_f32_get_buffer_size(&cp, &in, &flt, &out), q);
    void *scratch = cft_guarded_alloc(q > 0 ? (size_t)q : 1u);
    const cmsis_nn_context ctx = {scratch, q};
    int64_t bytes = 0;
    const int route = cft_model_route(&cp.stride, &cp.padding, &cp.dilation, &in, &flt, &out, 4, false,
                                      kiln_conv_flt_ctx_bytes(&ctx), &bytes);
    KILN_CHECK(route != CFT_ROUTE_ERROR);
    KILN_CHECK_EQ(bytes, q);

    /* The router with the queried scratch */
    KILN_CHECK_EQ(arm_convolve_f32(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, std_out,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_CLOSE_F32(std_out, v->ref, v->ref_len, TOL);
    KILN_CHECK(cft_guards_ok(std_out, out_bytes));
    KILN_CHECK(cft_guards_ok(scratch, q > 0 ? (size_t)q : 1u));

    /* Wrapper and NHWC entry: same route, same bytes */
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_wrapper_f32(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_nhwc_f32(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);

    /* Packed filter: same route, same bytes */
    cp.weight_format = ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
    KILN_CHECK_EQ(arm_convolve_f32_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC), q);
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_f32(&ctx, &cp, &in, v->input, &flt, packed, &bias_dims, v->bias, &out, got,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    KILN_CHECK(cft_guards_ok(got, out_bytes));

    /* The direct entry of the route */
    for (int pk = 0; pk < 2; pk++)
    {
        cp.weight_format = pk ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        const float *w = pk ? packed : v->weights;
        memset(got, 0, out_bytes);
        if (route == CFT_ROUTE_1X1)
        {
            KILN_CHECK_EQ(arm_convolve_1x1_f32(&ctx, &cp, &in, v->input, &flt, w, &bias_dims, v->bias, &out, got,
                                               ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
        else if (route == CFT_ROUTE_1XN)
        {
            KILN_CHECK_EQ(arm_convolve_1_x_n_f32(&ctx, &cp, &in, v->input, &flt, w, &bias_dims, v->bias, &out, got,
                                                 ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
        else if (route == CFT_ROUTE_K5 || route == CFT_ROUTE_K3)
        {
            void (*fn)(const float32_t *, int32_t, int32_t, const float32_t *, const float32_t *, float32_t *, int32_t,
                       int32_t) = route == CFT_ROUTE_K5 ? (pk ? arm_nn_conv1d_k5_packed_f32 : arm_nn_conv1d_k5_nhwc_f32)
                                                        : (pk ? arm_nn_conv1d_k3_packed_f32 : arm_nn_conv1d_k3_nhwc_f32);
            fn(v->input, v->in_c, v->in_w, w, v->bias, got, v->out_c, v->out_w);
            for (int32_t i = 0; i < v->ref_len; i++)
            {
                got[i] = got[i] < v->act_min ? v->act_min : (got[i] > v->act_max ? v->act_max : got[i]);
            }
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
        else if (route == CFT_ROUTE_PATCH)
        {
            float *row = (float *)scratch;
            for (int32_t b = 0; b < v->n; b++)
            {
                for (int32_t y = 0; y < v->out_h; y++)
                {
                    for (int32_t x = 0; x < v->out_w; x++)
                    {
                        arm_nn_pack_conv_patch_f32(v->input + (size_t)b * v->in_h * v->in_w * v->in_c, v->in_h,
                                                   v->in_w, v->in_c, v->k_h, v->k_w, v->s_h, v->s_w, v->p_h, v->p_w,
                                                   v->d_h, v->d_w, y, x, 0.0f, row);
                        float *dst = got + (((size_t)b * v->out_h + y) * v->out_w + x) * v->out_c;
                        KILN_CHECK_EQ(pk ? arm_nn_mat_mult_nt_n_packed_f32(row, w, v->bias, dst, 1, rows, cols, rows,
                                                                          v->act_min, v->act_max)
                                         : arm_nn_mat_mult_nt_t_f32(row, w, v->bias, dst, 1, rows, cols, rows,
                                                                    v->act_min, v->act_max),
                                      ARM_CMSIS_NN_SUCCESS);
                    }
                }
            }
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
    }

    /* Without scratch: a scratch-free route, within tolerance */
    cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_f32(NULL, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_CLOSE_F32(got, v->ref, v->ref_len, TOL);

    cft_guarded_free(scratch);
    cft_guarded_free(std_out);
    cft_guarded_free(got);
    free(packed);
}

static int route_seen[CFT_ROUTE_ERROR + 1];

static void test_conv_f32_vectors(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        run_case(&cases[i]);
    }
    KILN_CHECK_EQ(sizeof(cases) / sizeof(cases[0]), 35);
    (void)route_seen;
}

int main(void)
{
    KILN_RUN(test_conv_f32_vectors);
    return kiln_test_finish();
}
