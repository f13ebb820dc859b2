/* Convolution case runner shared by the convolution self-test programs. */
#ifndef KILN_REF_SELFTEST_CONV_H
#define KILN_REF_SELFTEST_CONV_H

#include "selftest_common.h"

/* Runs kiln_ref_conv_s8 on one shared case and compares with its output_ref. The shape checks
 * tie the config values to the array lengths, which is what proves the mapping below. */
static inline void selftest_run_conv(const char *name,
                                     const kiln_ref_window *w,
                                     int32_t filter_in_c,
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
                                     int64_t dst_size,
                                     int8_t *out,
                                     int64_t out_cap)
{
    kiln_test_context("%s", name);
    KILN_CHECK_EQ(input_len, (int64_t)w->batches * w->in_h * w->in_w * w->in_c);
    KILN_CHECK_EQ(weights_len, (int64_t)w->out_c * w->filter_h * w->filter_w * filter_in_c);
    KILN_CHECK_EQ(mult_len, w->out_c);
    KILN_CHECK_EQ(ref_len, (int64_t)w->batches * w->out_h * w->out_w * w->out_c);
    KILN_CHECK_EQ(ref_len, dst_size);
    if (!KILN_CHECK(ref_len + 16 <= out_cap))
    {
        return;
    }
    memset(out, SELFTEST_CANARY, (size_t)out_cap);
    KILN_CHECK_EQ(kiln_ref_conv_s8(w, filter_in_c, input, input_offset, weights, bias, mult, shift, output_offset,
                                   act_min, act_max, out),
                  KILN_REF_OK);
    selftest_expect_s8(out, ref, ref_len);
}

/* Defines test_<lo>(): case <lo> (config prefix <UP>) through the convolution reference, with
 * filter_in_c = FILTER_IN_C (UP##_IN_CH, or UP##_FILTER_CH for grouped cases) and bias BIAS.
 * Geometry: <UP>_INPUT_BATCHES/_INPUT_H/_INPUT_W/_IN_CH, _OUTPUT_H/_OUTPUT_W/_OUT_CH,
 * _FILTER_Y/_FILTER_X, _STRIDE_Y/_STRIDE_X, _PAD_Y/_PAD_X, _DILATION_Y/_DILATION_X.
 * UP must only ever appear next to ## here: a case prefix can itself be a config macro of another
 * case (KERNEL1X1_STRIDE_X is kernel1x1's x stride and the prefix of kernel1x1_stride_x), and
 * handing it on to another macro would expand it. */
#define SELFTEST_CONV_CASE(UP, lo, FILTER_IN_C, BIAS)                                                            \
    static void test_##lo(void)                                                                                   \
    {                                                                                                             \
        const kiln_ref_window w = {                                                                               \
            .batches = UP##_INPUT_BATCHES, .in_h = UP##_INPUT_H, .in_w = UP##_INPUT_W, .in_c = UP##_IN_CH,        \
            .out_h = UP##_OUTPUT_H, .out_w = UP##_OUTPUT_W, .out_c = UP##_OUT_CH, .filter_h = UP##_FILTER_Y,      \
            .filter_w = UP##_FILTER_X, .stride_h = UP##_STRIDE_Y, .stride_w = UP##_STRIDE_X,                      \
            .pad_h = UP##_PAD_Y, .pad_w = UP##_PAD_X, .dilation_h = UP##_DILATION_Y,                              \
            .dilation_w = UP##_DILATION_X};                                                                       \
        selftest_run_conv(#lo, &w, (FILTER_IN_C), lo##_input, SELFTEST_LEN(lo##_input), UP##_INPUT_OFFSET,       \
                          lo##_weights, SELFTEST_LEN(lo##_weights), (BIAS), lo##_output_mult, lo##_output_shift,   \
                          SELFTEST_LEN(lo##_output_mult), UP##_OUTPUT_OFFSET, UP##_OUT_ACTIVATION_MIN,             \
                          UP##_OUT_ACTIVATION_MAX, lo##_output_ref, SELFTEST_LEN(lo##_output_ref), UP##_DST_SIZE,  \
                          g_out, SELFTEST_LEN(g_out));                                                             \
    }

#endif
