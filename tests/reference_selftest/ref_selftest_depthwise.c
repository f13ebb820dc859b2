/* Reference self-test: kiln_ref_depthwise_conv_s8 against the shared int8 depthwise vectors
 * (test_arm_depthwise_conv_s8, _s8_opt and _3x3_s8 cases; basic and stride2pad1 have one input
 * and one output channel, where depthwise and ordinary convolution coincide). */
#include "selftest_common.h"

#include "kiln_vectors/basic.h"
#include "kiln_vectors/stride2pad1.h"
#include "kiln_vectors/depthwise_2.h"
#include "kiln_vectors/depthwise_dilation.h"
#include "kiln_vectors/depthwise_eq_in_out_ch.h"
#include "kiln_vectors/depthwise_kernel_3x3.h"
#include "kiln_vectors/depthwise_kernel_3x3_null_bias.h"
#include "kiln_vectors/depthwise_mult_batches.h"
#include "kiln_vectors/depthwise_null_bias_0.h"
#include "kiln_vectors/depthwise_null_bias_1.h"
#include "kiln_vectors/depthwise_out_activation.h"
#include "kiln_vectors/depthwise_sub_block.h"
#include "kiln_vectors/depthwise_x_stride.h"
#include "kiln_vectors/in_ch_one_out_ch_larger_one.h"

static int8_t g_out[8750 + 16];

static void run_depthwise(const char *name,
                          const kiln_ref_window *w,
                          int32_t ch_mult,
                          const int8_t *input,
                          int64_t input_len,
                          int32_t input_offset,
                          const int8_t *weights,
                          int64_t weights_len,
                          const int32_t *bias,
                          const int32_t *mult,
                          const int32_t *shift,
                          int64_t mult_len,
                          int32_t output_offset,
                          int32_t act_min,
                          int32_t act_max,
                          const int8_t *ref,
                          int64_t ref_len,
                          int64_t dst_size)
{
    kiln_test_context("%s", name);
    KILN_CHECK_EQ(w->out_c, (int64_t)w->in_c * ch_mult);
    KILN_CHECK_EQ(input_len, (int64_t)w->batches * w->in_h * w->in_w * w->in_c);
    KILN_CHECK_EQ(weights_len, (int64_t)w->filter_h * w->filter_w * w->out_c);
    KILN_CHECK_EQ(mult_len, w->out_c);
    KILN_CHECK_EQ(ref_len, (int64_t)w->batches * w->out_h * w->out_w * w->out_c);
    KILN_CHECK_EQ(ref_len, dst_size);
    if (!KILN_CHECK(ref_len + 16 <= SELFTEST_LEN(g_out)))
    {
        return;
    }
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    KILN_CHECK_EQ(kiln_ref_depthwise_conv_s8(w, ch_mult, input, input_offset, weights, bias, mult, shift,
                                             output_offset, act_min, act_max, g_out),
                  KILN_REF_OK);
    selftest_expect_s8(g_out, ref, ref_len);
}

/* Defines test_<lo>_<SUFFIX>: the case through the depthwise reference. Geometry as for
 * convolution (<UP>_INPUT_BATCHES, _INPUT_H, _INPUT_W, _IN_CH, _OUTPUT_H, _OUTPUT_W, _OUT_CH,
 * _FILTER_Y/_X, _STRIDE_Y/_X, _PAD_Y/_X, _DILATION_Y/_X); channel multiplier CH_MULT. */
#define DW_CASE(UP, lo, CH_MULT, BIAS, SUFFIX)                                                                     \
    static void test_##lo##_##SUFFIX(void)                                                                         \
    {                                                                                                              \
        const kiln_ref_window w = {                                                                                \
            .batches = UP##_INPUT_BATCHES, .in_h = UP##_INPUT_H, .in_w = UP##_INPUT_W, .in_c = UP##_IN_CH,         \
            .out_h = UP##_OUTPUT_H, .out_w = UP##_OUTPUT_W, .out_c = UP##_OUT_CH, .filter_h = UP##_FILTER_Y,       \
            .filter_w = UP##_FILTER_X, .stride_h = UP##_STRIDE_Y, .stride_w = UP##_STRIDE_X,                       \
            .pad_h = UP##_PAD_Y, .pad_w = UP##_PAD_X, .dilation_h = UP##_DILATION_Y,                               \
            .dilation_w = UP##_DILATION_X};                                                                        \
        run_depthwise(#lo, &w, (CH_MULT), lo##_input, SELFTEST_LEN(lo##_input), UP##_INPUT_OFFSET, lo##_weights,   \
                      SELFTEST_LEN(lo##_weights), (BIAS), lo##_output_mult, lo##_output_shift,                     \
                      SELFTEST_LEN(lo##_output_mult), UP##_OUTPUT_OFFSET, UP##_OUT_ACTIVATION_MIN,                 \
                      UP##_OUT_ACTIVATION_MAX, lo##_output_ref, SELFTEST_LEN(lo##_output_ref), UP##_DST_SIZE);     \
    }

/* The *_null_bias cases are meant to run without a bias (upstream passes NULL); their bias
 * arrays are all zero, so run them both ways. */
static bool all_zero(const int32_t *v, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        if (v[i] != 0)
        {
            return false;
        }
    }
    return true;
}

DW_CASE(BASIC, basic, BASIC_OUT_CH / BASIC_IN_CH, basic_biases, dw)
DW_CASE(STRIDE2PAD1, stride2pad1, STRIDE2PAD1_OUT_CH / STRIDE2PAD1_IN_CH, stride2pad1_biases, dw)
DW_CASE(DEPTHWISE_2, depthwise_2, DEPTHWISE_2_CH_MULT, depthwise_2_biases, dw)
DW_CASE(DEPTHWISE_DILATION, depthwise_dilation, DEPTHWISE_DILATION_CH_MULT, depthwise_dilation_biases, dw)
DW_CASE(DEPTHWISE_EQ_IN_OUT_CH, depthwise_eq_in_out_ch, DEPTHWISE_EQ_IN_OUT_CH_CH_MULT, depthwise_eq_in_out_ch_biases,
        dw)
DW_CASE(DEPTHWISE_KERNEL_3X3, depthwise_kernel_3x3, DEPTHWISE_KERNEL_3X3_CH_MULT, depthwise_kernel_3x3_biases, dw)
DW_CASE(DEPTHWISE_KERNEL_3X3_NULL_BIAS, depthwise_kernel_3x3_null_bias, DEPTHWISE_KERNEL_3X3_NULL_BIAS_CH_MULT, NULL,
        dw)
DW_CASE(DEPTHWISE_KERNEL_3X3_NULL_BIAS, depthwise_kernel_3x3_null_bias, DEPTHWISE_KERNEL_3X3_NULL_BIAS_CH_MULT,
        depthwise_kernel_3x3_null_bias_biases, dw_zero_bias)
DW_CASE(DEPTHWISE_MULT_BATCHES, depthwise_mult_batches, DEPTHWISE_MULT_BATCHES_CH_MULT, depthwise_mult_batches_biases,
        dw)
DW_CASE(DEPTHWISE_NULL_BIAS_0, depthwise_null_bias_0, DEPTHWISE_NULL_BIAS_0_CH_MULT, NULL, dw)
DW_CASE(DEPTHWISE_NULL_BIAS_0, depthwise_null_bias_0, DEPTHWISE_NULL_BIAS_0_CH_MULT, depthwise_null_bias_0_biases,
        dw_zero_bias)
DW_CASE(DEPTHWISE_NULL_BIAS_1, depthwise_null_bias_1, DEPTHWISE_NULL_BIAS_1_CH_MULT, NULL, dw)
DW_CASE(DEPTHWISE_NULL_BIAS_1, depthwise_null_bias_1, DEPTHWISE_NULL_BIAS_1_CH_MULT, depthwise_null_bias_1_biases,
        dw_zero_bias)
DW_CASE(DEPTHWISE_OUT_ACTIVATION, depthwise_out_activation, DEPTHWISE_OUT_ACTIVATION_CH_MULT,
        depthwise_out_activation_biases, dw)
DW_CASE(DEPTHWISE_SUB_BLOCK, depthwise_sub_block, DEPTHWISE_SUB_BLOCK_CH_MULT, depthwise_sub_block_biases, dw)
DW_CASE(DEPTHWISE_X_STRIDE, depthwise_x_stride, DEPTHWISE_X_STRIDE_CH_MULT, depthwise_x_stride_biases, dw)
DW_CASE(IN_CH_ONE_OUT_CH_LARGER_ONE, in_ch_one_out_ch_larger_one, IN_CH_ONE_OUT_CH_LARGER_ONE_CH_MULT,
        in_ch_one_out_ch_larger_one_biases, dw)

static void test_null_bias_arrays_are_zero(void)
{
    KILN_CHECK(all_zero(depthwise_kernel_3x3_null_bias_biases, SELFTEST_LEN(depthwise_kernel_3x3_null_bias_biases)));
    KILN_CHECK(all_zero(depthwise_null_bias_0_biases, SELFTEST_LEN(depthwise_null_bias_0_biases)));
    KILN_CHECK(all_zero(depthwise_null_bias_1_biases, SELFTEST_LEN(depthwise_null_bias_1_biases)));
}

int main(void)
{
    KILN_RUN(test_basic_dw);
    KILN_RUN(test_stride2pad1_dw);
    KILN_RUN(test_depthwise_2_dw);
    KILN_RUN(test_depthwise_dilation_dw);
    KILN_RUN(test_depthwise_eq_in_out_ch_dw);
    KILN_RUN(test_depthwise_kernel_3x3_dw);
    KILN_RUN(test_depthwise_kernel_3x3_null_bias_dw);
    KILN_RUN(test_depthwise_kernel_3x3_null_bias_dw_zero_bias);
    KILN_RUN(test_depthwise_mult_batches_dw);
    KILN_RUN(test_depthwise_null_bias_0_dw);
    KILN_RUN(test_depthwise_null_bias_0_dw_zero_bias);
    KILN_RUN(test_depthwise_null_bias_1_dw);
    KILN_RUN(test_depthwise_null_bias_1_dw_zero_bias);
    KILN_RUN(test_depthwise_out_activation_dw);
    KILN_RUN(test_depthwise_sub_block_dw);
    KILN_RUN(test_depthwise_x_stride_dw);
    KILN_RUN(test_in_ch_one_out_ch_larger_one_dw);
    KILN_RUN(test_null_bias_arrays_are_zero);
    return kiln_test_finish();
}
