/*
 * Float16 convolution: every shared conv_*_f16 vector (test_arm_convolve_f16: absolute tolerance 0.02 to 0.2;
 * checked here at 0.02 plus two float16 half-ulps of the reference, at most 0.2; float32 accumulation) through arm_convolve_f16, arm_convolve_nhwc_f16 and
 * arm_convolve_wrapper_f16 with the queried scratch, without scratch, and with the filter packed by
 * arm_nn_pack_rhs_nt_n_f16 (same bytes as the standard filter on the same route), plus the direct entry of the
 * route the predicates choose. arm_convolve_f16_acc16 is checked against its documented bound (double
 * reference of the same half inputs) and against the vector at 0.2.
 */
#include "conv_flt_test.h"

#include "kiln_vectors/conv_1x1_stride2_nhwc_f16.h"
#include "kiln_vectors/conv_basic_f16.h"
#include "kiln_vectors/conv_basic_nhwc_f16.h"
#include "kiln_vectors/conv_k3_opt_f16.h"
#include "kiln_vectors/conv_k3_opt_nhwc_tuned_f16.h"
#include "kiln_vectors/conv_k5_opt_f16.h"
#include "kiln_vectors/conv_k5_opt_nhwc_tuned_f16.h"
#include "kiln_vectors/conv_kernel_2x2_f16.h"
#include "kiln_vectors/conv_kernel_3x3_pad1_f16.h"
#include "kiln_vectors/conv_match_1x1_basic_f16.h"
#include "kiln_vectors/conv_match_1x1_stride_x_f16.h"
#include "kiln_vectors/conv_match_1x1_stride_x_y_1_f16.h"
#include "kiln_vectors/conv_match_1x1_stride_x_y_2_f16.h"
#include "kiln_vectors/conv_match_1x1_stride_x_y_f16.h"
#include "kiln_vectors/conv_match_1xn_1_f16.h"
#include "kiln_vectors/conv_match_1xn_2_f16.h"
#include "kiln_vectors/conv_match_1xn_3_f16.h"
#include "kiln_vectors/conv_match_1xn_4_f16.h"
#include "kiln_vectors/conv_match_1xn_5_f16.h"
#include "kiln_vectors/conv_match_1xn_6_generic_f16.h"
#include "kiln_vectors/conv_match_1xn_7_f16.h"
#include "kiln_vectors/conv_match_1xn_8_f16.h"
#include "kiln_vectors/conv_match_2x2_dilation_5x5_input_f16.h"
#include "kiln_vectors/conv_match_2x2_dilation_f16.h"
#include "kiln_vectors/conv_match_2x3_dilation_f16.h"
#include "kiln_vectors/conv_match_3x2_dilation_f16.h"
#include "kiln_vectors/conv_match_3x3_dilation_5x5_input_f16.h"
#include "kiln_vectors/conv_match_basic_f16.h"
#include "kiln_vectors/conv_match_conv_2_f16.h"
#include "kiln_vectors/conv_match_conv_3_f16.h"
#include "kiln_vectors/conv_match_conv_4_f16.h"
#include "kiln_vectors/conv_match_conv_5_f16.h"
#include "kiln_vectors/conv_match_dilation_golden_f16.h"
#include "kiln_vectors/conv_match_out_activation_f16.h"
#include "kiln_vectors/conv_match_stride2pad1_f16.h"

typedef struct
{
    const char *name;
    int32_t n, in_h, in_w, in_c, k_h, k_w, out_c, s_h, s_w, p_h, p_w, d_h, d_w, out_h, out_w, wrapper;
    float act_min, act_max;
    const uint16_t *input, *weights, *bias, *ref;
    int32_t ref_len;
} cft_vec;

typedef struct
{
    const char *name;
    int32_t n, in_h, in_w, in_c, k_h, k_w, out_c, s_h, s_w, p_h, p_w, d_h, d_w, out_h, out_w;
    float16_t act_min, act_max;
    float16_t *input, *weights, *bias, *ref;
    int32_t ref_len;
} cft_vec_h;

#define CFT_CASE(c, C)                                                                                          \
    {#c, C##_INPUT_BATCHES, C##_INPUT_H, C##_INPUT_W, C##_IN_CH, C##_FILTER_H, C##_FILTER_W, C##_OUT_CH,       \
     C##_STRIDE_H, C##_STRIDE_W, C##_PADDING_H, C##_PADDING_W, C##_DILATION_H, C##_DILATION_W, C##_OUTPUT_H,   \
     C##_OUTPUT_W, C##_USE_WRAPPER, C##_OUT_ACTIVATION_MIN, C##_OUT_ACTIVATION_MAX, c##_input_data_f16bits,    \
     c##_weights_data_f16bits, c##_biases_data_f16bits, c##_output_ref_data_f16bits, C##_DST_SIZE}

static const cft_vec cases[] = {
    CFT_CASE(conv_1x1_stride2_nhwc_f16, CONV_1X1_STRIDE2_NHWC_F16),
    CFT_CASE(conv_basic_f16, CONV_BASIC_F16),
    CFT_CASE(conv_basic_nhwc_f16, CONV_BASIC_NHWC_F16),
    CFT_CASE(conv_k3_opt_f16, CONV_K3_OPT_F16),
    CFT_CASE(conv_k3_opt_nhwc_tuned_f16, CONV_K3_OPT_NHWC_TUNED_F16),
    CFT_CASE(conv_k5_opt_f16, CONV_K5_OPT_F16),
    CFT_CASE(conv_k5_opt_nhwc_tuned_f16, CONV_K5_OPT_NHWC_TUNED_F16),
    CFT_CASE(conv_kernel_2x2_f16, CONV_KERNEL_2X2_F16),
    CFT_CASE(conv_kernel_3x3_pad1_f16, CONV_KERNEL_3X3_PAD1_F16),
    CFT_CASE(conv_match_1x1_basic_f16, CONV_MATCH_1X1_BASIC_F16),
    CFT_CASE(conv_match_1x1_stride_x_f16, CONV_MATCH_1X1_STRIDE_X_F16),
    CFT_CASE(conv_match_1x1_stride_x_y_1_f16, CONV_MATCH_1X1_STRIDE_X_Y_1_F16),
    CFT_CASE(conv_match_1x1_stride_x_y_2_f16, CONV_MATCH_1X1_STRIDE_X_Y_2_F16),
    CFT_CASE(conv_match_1x1_stride_x_y_f16, CONV_MATCH_1X1_STRIDE_X_Y_F16),
    CFT_CASE(conv_match_1xn_1_f16, CONV_MATCH_1XN_1_F16),
    CFT_CASE(conv_match_1xn_2_f16, CONV_MATCH_1XN_2_F16),
    CFT_CASE(conv_match_1xn_3_f16, CONV_MATCH_1XN_3_F16),
    CFT_CASE(conv_match_1xn_4_f16, CONV_MATCH_1XN_4_F16),
    CFT_CASE(conv_match_1xn_5_f16, CONV_MATCH_1XN_5_F16),
    CFT_CASE(conv_match_1xn_6_generic_f16, CONV_MATCH_1XN_6_GENERIC_F16),
    CFT_CASE(conv_match_1xn_7_f16, CONV_MATCH_1XN_7_F16),
    CFT_CASE(conv_match_1xn_8_f16, CONV_MATCH_1XN_8_F16),
    CFT_CASE(conv_match_2x2_dilation_5x5_input_f16, CONV_MATCH_2X2_DILATION_5X5_INPUT_F16),
    CFT_CASE(conv_match_2x2_dilation_f16, CONV_MATCH_2X2_DILATION_F16),
    CFT_CASE(conv_match_2x3_dilation_f16, CONV_MATCH_2X3_DILATION_F16),
    CFT_CASE(conv_match_3x2_dilation_f16, CONV_MATCH_3X2_DILATION_F16),
    CFT_CASE(conv_match_3x3_dilation_5x5_input_f16, CONV_MATCH_3X3_DILATION_5X5_INPUT_F16),
    CFT_CASE(conv_match_basic_f16, CONV_MATCH_BASIC_F16),
    CFT_CASE(conv_match_conv_2_f16, CONV_MATCH_CONV_2_F16),
    CFT_CASE(conv_match_conv_3_f16, CONV_MATCH_CONV_3_F16),
    CFT_CASE(conv_match_conv_4_f16, CONV_MATCH_CONV_4_F16),
    CFT_CASE(conv_match_conv_5_f16, CONV_MATCH_CONV_5_F16),
    CFT_CASE(conv_match_dilation_golden_f16, CONV_MATCH_DILATION_GOLDEN_F16),
    CFT_CASE(conv_match_out_activation_f16, CONV_MATCH_OUT_ACTIVATION_F16),
    CFT_CASE(conv_match_stride2pad1_f16, CONV_MATCH_STRIDE2PAD1_F16)
};

#define TOL (0.02)
#define TOL_ACC16 (0.2)

static float16_t *halves(const uint16_t *bits, int64_t n)
{
    float16_t *h = (float16_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof(float16_t));
    if (h != NULL)
    {
        memcpy(h, bits, (size_t)n * sizeof(float16_t));
    }
    return h;
}

/* |got - want| <= tol + |want| x 2^-10 (two float16 half-ulps of the reference: the vectors' reference values
 * are themselves rounded to float16, e.g. conv_match_out_activation_f16 reaches 45), at most 0.2 (the driver's
 * largest tolerance). */
static void close_f16(const float16_t *got, const float16_t *want, int64_t n, double tol)
{
    for (int64_t i = 0; i < n; i++)
    {
        const double d = (double)got[i] - (double)want[i];
        const double a = (double)want[i] < 0 ? -(double)want[i] : (double)want[i];
        double t = tol + a / 1024.0;
        t = t > 0.2 ? 0.2 : t;
        if (!KILN_CHECK((d < 0 ? -d : d) <= t))
        {
            break;
        }
    }
}

static void run_case(const cft_vec *v_bits)
{
    cft_vec_h hv;
    const cft_vec_h *v = &hv;
    hv.name = v_bits->name;
    hv.n = v_bits->n; hv.in_h = v_bits->in_h; hv.in_w = v_bits->in_w; hv.in_c = v_bits->in_c; hv.k_h = v_bits->k_h;
    hv.k_w = v_bits->k_w; hv.out_c = v_bits->out_c; hv.s_h = v_bits->s_h; hv.s_w = v_bits->s_w; hv.p_h = v_bits->p_h;
    hv.p_w = v_bits->p_w; hv.d_h = v_bits->d_h; hv.d_w = v_bits->d_w; hv.out_h = v_bits->out_h; hv.out_w = v_bits->out_w;
    hv.act_min = (float16_t)v_bits->act_min;
    hv.act_max = (float16_t)v_bits->act_max;
    hv.ref_len = v_bits->ref_len;
    hv.input = halves(v_bits->input, (int64_t)v_bits->n * v_bits->in_h * v_bits->in_w * v_bits->in_c);
    hv.weights = halves(v_bits->weights, (int64_t)v_bits->out_c * v_bits->k_h * v_bits->k_w * v_bits->in_c);
    hv.bias = halves(v_bits->bias, v_bits->out_c);
    hv.ref = halves(v_bits->ref, v_bits->ref_len);
    KILN_CHECK(hv.input != NULL && hv.weights != NULL && hv.bias != NULL && hv.ref != NULL);
    kiln_test_context("case %s", v->name);
    const cmsis_nn_dims in = {v->n, v->in_h, v->in_w, v->in_c};
    const cmsis_nn_dims flt = {v->out_c, v->k_h, v->k_w, v->in_c};
    const cmsis_nn_dims out = {v->n, v->out_h, v->out_w, v->out_c};
    const cmsis_nn_dims bias_dims = {1, 1, 1, v->out_c};
    KILN_CHECK_EQ((int64_t)out.n * out.h * out.w * out.c, v->ref_len);
    const size_t out_bytes = (size_t)v->ref_len * sizeof(float16_t);
    cmsis_nn_conv_params_f16 cp;
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
    const int32_t packed_bytes = arm_nn_pack_rhs_nt_n_f16_get_buffer_size(rows, cols);
    KILN_CHECK_EQ(packed_bytes, (int64_t)((rows + 7) / 8 * 8) * cols * 2);
    float16_t *packed = (float16_t *)malloc((size_t)packed_bytes);
    KILN_CHECK(packed != NULL);
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(v->weights, rows, cols, packed), ARM_CMSIS_NN_SUCCESS);

    float16_t *std_out = (float16_t *)cft_guarded_alloc(out_bytes);
    float16_t *got = (float16_t *)cft_guarded_alloc(out_bytes);
    KILN_CHECK(std_out != NULL && got != NULL);

    const int32_t q = arm_convolve_f16_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
    KILN_CHECK(q >= 0);
    KILN_CHECK_EQ(arm_convolve_wrapper_f16_get_buffer_size(&cp, &in, &flt, &out), q);
    void *scratch = cft_guarded_alloc(q > 0 ? (size_t)q : 1u);
    const cmsis_nn_context ctx = {scratch, q};
    int64_t bytes = 0;
    const int route = cft_model_route(&cp.stride, &cp.padding, &cp.dilation, &in, &flt, &out, 2, false,
                                      kiln_conv_flt_ctx_bytes(&ctx), &bytes);
    KILN_CHECK(route != CFT_ROUTE_ERROR);
    KILN_CHECK_EQ(bytes, q);

    /* The router with the queried scratch */
    KILN_CHECK_EQ(arm_convolve_f16(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, std_out,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    close_f16(std_out, v->ref, v->ref_len, TOL);
    KILN_CHECK(cft_guards_ok(std_out, out_bytes));
    KILN_CHECK(cft_guards_ok(scratch, q > 0 ? (size_t)q : 1u));

    /* Wrapper and NHWC entry: same route, same bytes */
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_wrapper_f16(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_nhwc_f16(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);

    /* Packed filter: same route, same bytes */
    cp.weight_format = ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
    KILN_CHECK_EQ(arm_convolve_f16_get_buffer_size(&cp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC), q);
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_f16(&ctx, &cp, &in, v->input, &flt, packed, &bias_dims, v->bias, &out, got,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
    KILN_CHECK(cft_guards_ok(got, out_bytes));

    /* The direct entry of the route */
    for (int pk = 0; pk < 2; pk++)
    {
        cp.weight_format = pk ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        const float16_t *w = pk ? packed : v->weights;
        memset(got, 0, out_bytes);
        if (route == CFT_ROUTE_1X1)
        {
            KILN_CHECK_EQ(arm_convolve_1x1_f16(&ctx, &cp, &in, v->input, &flt, w, &bias_dims, v->bias, &out, got,
                                               ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
        else if (route == CFT_ROUTE_1XN)
        {
            KILN_CHECK_EQ(arm_convolve_1_x_n_f16(&ctx, &cp, &in, v->input, &flt, w, &bias_dims, v->bias, &out, got,
                                                 ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
        else if (route == CFT_ROUTE_K5 || route == CFT_ROUTE_K3)
        {
            void (*fn)(const float16_t *, int32_t, int32_t, const float16_t *, const float16_t *, float16_t *, int32_t,
                       int32_t) = route == CFT_ROUTE_K5 ? (pk ? arm_nn_conv1d_k5_packed_f16 : arm_nn_conv1d_k5_nhwc_f16)
                                                        : (pk ? arm_nn_conv1d_k3_packed_f16 : arm_nn_conv1d_k3_nhwc_f16);
            fn(v->input, v->in_c, v->in_w, w, v->bias, got, v->out_c, v->out_w);
            for (int32_t i = 0; i < v->ref_len; i++)
            {
                got[i] = (float)got[i] < (float)v->act_min ? v->act_min : ((float)got[i] > (float)v->act_max ? v->act_max : got[i]);
            }
            KILN_CHECK(memcmp(got, std_out, out_bytes) == 0);
        }
        else if (route == CFT_ROUTE_PATCH)
        {
            float16_t *row = (float16_t *)scratch;
            for (int32_t b = 0; b < v->n; b++)
            {
                for (int32_t y = 0; y < v->out_h; y++)
                {
                    for (int32_t x = 0; x < v->out_w; x++)
                    {
                        arm_nn_pack_conv_patch_f16(v->input + (size_t)b * v->in_h * v->in_w * v->in_c, v->in_h,
                                                   v->in_w, v->in_c, v->k_h, v->k_w, v->s_h, v->s_w, v->p_h, v->p_w,
                                                   v->d_h, v->d_w, y, x, (float16_t)0.0f, row);
                        float16_t *dst = got + (((size_t)b * v->out_h + y) * v->out_w + x) * v->out_c;
                        KILN_CHECK_EQ(pk ? arm_nn_mat_mult_nt_n_packed_f16(row, w, v->bias, dst, 1, rows, cols, rows,
                                                                          v->act_min, v->act_max)
                                         : arm_nn_mat_mult_nt_t_f16(row, w, v->bias, dst, 1, rows, cols, rows,
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
    KILN_CHECK_EQ(arm_convolve_f16(NULL, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got,
                                   ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    close_f16(got, v->ref, v->ref_len, TOL);

    /* float16 accumulation */
    memset(got, 0, out_bytes);
    KILN_CHECK_EQ(arm_convolve_f16_acc16(&ctx, &cp, &in, v->input, &flt, v->weights, &bias_dims, v->bias, &out, got,
                                         ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_SUCCESS);
    close_f16(got, v->ref, v->ref_len, TOL_ACC16);
    KILN_CHECK(cft_guards_ok(scratch, q > 0 ? (size_t)q : 1u));

    cft_guarded_free(scratch);
    cft_guarded_free(std_out);
    cft_guarded_free(got);
    free(packed);
    free(hv.input);
    free(hv.weights);
    free(hv.bias);
    free(hv.ref);
}

static int route_seen[CFT_ROUTE_ERROR + 1];

static void test_conv_f16_vectors(void)
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
    KILN_RUN(test_conv_f16_vectors);
    return kiln_test_finish();
}
