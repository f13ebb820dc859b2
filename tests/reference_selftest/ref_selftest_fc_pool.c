/* Reference self-test: kiln_ref_fully_connected_s8 / _per_channel_s8 and kiln_ref_avgpool_s8 /
 * kiln_ref_maxpool_s8 against the shared vectors (test_arm_fully_connected_s8,
 * test_arm_avgpool_s8 and test_arm_max_pool_s8 cases). */
#include "selftest_common.h"

#include "kiln_vectors/fc_per_ch.h"
#include "kiln_vectors/fully_connected.h"
#include "kiln_vectors/fully_connected_mve_0.h"
#include "kiln_vectors/fully_connected_mve_1.h"
#include "kiln_vectors/fully_connected_null_bias_0.h"
#include "kiln_vectors/fully_connected_out_activation.h"
#include "kiln_vectors/fully_connected_w_zp.h"

#include "kiln_vectors/avgpooling.h"
#include "kiln_vectors/avgpooling_1.h"
#include "kiln_vectors/avgpooling_2.h"
#include "kiln_vectors/avgpooling_3.h"
#include "kiln_vectors/avgpooling_4.h"
#include "kiln_vectors/avgpooling_5.h"
#include "kiln_vectors/maxpooling.h"
#include "kiln_vectors/maxpooling_1.h"
#include "kiln_vectors/maxpooling_2.h"
#include "kiln_vectors/maxpooling_3.h"
#include "kiln_vectors/maxpooling_4.h"
#include "kiln_vectors/maxpooling_5.h"
#include "kiln_vectors/maxpooling_6.h"
#include "kiln_vectors/maxpooling_7.h"

static int8_t g_out[256 + 16];

/* ---------------------------------------------------------------------------------------------
 * Fully connected. Config: <UP>_INPUT_BATCHES (batches), <UP>_ACCUMULATION_DEPTH
 * (= IN_CH * INPUT_W * INPUT_H), <UP>_OUT_CH, <UP>_INPUT_OFFSET, <UP>_FILTER_OFFSET (absent in
 * older cases: 0), <UP>_OUTPUT_MULTIPLIER / <UP>_OUTPUT_SHIFT (per tensor), <UP>_OUTPUT_OFFSET,
 * <UP>_OUT_ACTIVATION_MIN/_MAX, <UP>_DST_SIZE. Arrays: _input, _weights, _biases, _output_ref.
 * ------------------------------------------------------------------------------------------- */
#define FULLY_CONNECTED_MVE_1_FILTER_OFFSET 0
#define FULLY_CONNECTED_NULL_BIAS_0_FILTER_OFFSET 0
#define FULLY_CONNECTED_OUT_ACTIVATION_FILTER_OFFSET 0

static void check_fc(const char *name, int32_t result, int32_t batches, int32_t depth, int32_t out_c, int64_t input_len,
                     int64_t weights_len, const int8_t *ref, int64_t ref_len, int64_t dst_size)
{
    kiln_test_context("%s", name);
    KILN_CHECK_EQ(input_len, (int64_t)batches * depth);
    KILN_CHECK_EQ(weights_len, (int64_t)out_c * depth);
    KILN_CHECK_EQ(ref_len, (int64_t)batches * out_c);
    KILN_CHECK_EQ(ref_len, dst_size);
    KILN_CHECK_EQ(result, KILN_REF_OK);
    selftest_expect_s8(g_out, ref, ref_len);
}

#define FC_CASE(UP, lo, BIAS)                                                                                       \
    static void test_##lo(void)                                                                                     \
    {                                                                                                               \
        KILN_CHECK(SELFTEST_LEN(lo##_output_ref) + 16 <= SELFTEST_LEN(g_out));                                      \
        KILN_CHECK_EQ(UP##_ACCUMULATION_DEPTH, UP##_IN_CH * UP##_INPUT_W * UP##_INPUT_H);                           \
        memset(g_out, SELFTEST_CANARY, sizeof(g_out));                                                              \
        const int32_t r = kiln_ref_fully_connected_s8(UP##_INPUT_BATCHES, UP##_ACCUMULATION_DEPTH, UP##_OUT_CH,     \
                                                      lo##_input, UP##_INPUT_OFFSET, lo##_weights,                  \
                                                      UP##_FILTER_OFFSET, (BIAS), UP##_OUTPUT_MULTIPLIER,           \
                                                      UP##_OUTPUT_SHIFT, UP##_OUTPUT_OFFSET,                        \
                                                      UP##_OUT_ACTIVATION_MIN, UP##_OUT_ACTIVATION_MAX, g_out);     \
        check_fc(#lo, r, UP##_INPUT_BATCHES, UP##_ACCUMULATION_DEPTH, UP##_OUT_CH, SELFTEST_LEN(lo##_input),        \
                 SELFTEST_LEN(lo##_weights), lo##_output_ref, SELFTEST_LEN(lo##_output_ref), UP##_DST_SIZE);        \
    }

FC_CASE(FULLY_CONNECTED, fully_connected, fully_connected_biases)
FC_CASE(FULLY_CONNECTED_MVE_0, fully_connected_mve_0, fully_connected_mve_0_biases)
FC_CASE(FULLY_CONNECTED_MVE_1, fully_connected_mve_1, fully_connected_mve_1_biases)
FC_CASE(FULLY_CONNECTED_NULL_BIAS_0, fully_connected_null_bias_0, NULL)
FC_CASE(FULLY_CONNECTED_OUT_ACTIVATION, fully_connected_out_activation, fully_connected_out_activation_biases)
FC_CASE(FULLY_CONNECTED_W_ZP, fully_connected_w_zp, fully_connected_w_zp_biases) /* the alias is NULL */

static void test_fully_connected_null_bias_0_zero_bias(void)
{
    for (int64_t i = 0; i < SELFTEST_LEN(fully_connected_null_bias_0_biases); i++)
    {
        KILN_CHECK_EQ(fully_connected_null_bias_0_biases[i], 0);
    }
}

/* fc_per_ch: per-channel requantization; arrays _output_mult / _output_shift (aliases of
 * _output_multiplier), bias alias _biases, reference alias _output_ref; no FILTER_OFFSET. */
static void test_fc_per_ch(void)
{
    KILN_CHECK_EQ(FC_PER_CH_PER_CHANNEL_QUANT, 1);
    KILN_CHECK_EQ(SELFTEST_LEN(fc_per_ch_output_mult), FC_PER_CH_OUT_CH);
    KILN_CHECK_EQ(SELFTEST_LEN(fc_per_ch_output_shift), FC_PER_CH_OUT_CH);
    KILN_CHECK_EQ(FC_PER_CH_ACCUMULATION_DEPTH, FC_PER_CH_IN_CH * FC_PER_CH_INPUT_W * FC_PER_CH_INPUT_H);
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    const int32_t r = kiln_ref_fully_connected_per_channel_s8(
        FC_PER_CH_INPUT_BATCHES, FC_PER_CH_ACCUMULATION_DEPTH, FC_PER_CH_OUT_CH, fc_per_ch_input, FC_PER_CH_INPUT_OFFSET,
        fc_per_ch_weights, 0, fc_per_ch_biases, fc_per_ch_output_mult, fc_per_ch_output_shift, FC_PER_CH_OUTPUT_OFFSET,
        FC_PER_CH_OUT_ACTIVATION_MIN, FC_PER_CH_OUT_ACTIVATION_MAX, g_out);
    check_fc("fc_per_ch", r, FC_PER_CH_INPUT_BATCHES, FC_PER_CH_ACCUMULATION_DEPTH, FC_PER_CH_OUT_CH,
             SELFTEST_LEN(fc_per_ch_input), SELFTEST_LEN(fc_per_ch_weights), fc_per_ch_output_ref,
             SELFTEST_LEN(fc_per_ch_output_ref), FC_PER_CH_DST_SIZE);
}

/* ---------------------------------------------------------------------------------------------
 * Pooling. Config: <UP>_BATCH_SIZE (batches; <UP>_INPUT_N is not the batch count, see
 * avgpooling_4), <UP>_INPUT_H/_INPUT_W/_INPUT_C, <UP>_OUTPUT_H/_OUTPUT_W/_OUTPUT_C,
 * <UP>_FILTER_H/_FILTER_W, <UP>_STRIDE_H/_STRIDE_W, <UP>_PADDING_H/_PADDING_W (already resolved
 * from <UP>_PAD "SAME"/"VALID"), <UP>_ACTIVATION_MIN/_MAX. Arrays: _input_tensor, _output.
 * ------------------------------------------------------------------------------------------- */
typedef int (*pool_fn)(const kiln_ref_window *, const int8_t *, int32_t, int32_t, int8_t *);

static void run_pool(const char *name, pool_fn fn, const kiln_ref_window *w, const int8_t *input, int64_t input_len,
                     int32_t act_min, int32_t act_max, const int8_t *ref, int64_t ref_len)
{
    kiln_test_context("%s", name);
    KILN_CHECK_EQ(input_len, (int64_t)w->batches * w->in_h * w->in_w * w->in_c);
    KILN_CHECK_EQ(ref_len, (int64_t)w->batches * w->out_h * w->out_w * w->out_c);
    if (!KILN_CHECK(ref_len + 16 <= SELFTEST_LEN(g_out)))
    {
        return;
    }
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    KILN_CHECK_EQ(fn(w, input, act_min, act_max, g_out), KILN_REF_OK);
    selftest_expect_s8(g_out, ref, ref_len);
}

#define POOL_CASE(UP, lo, FN)                                                                                       \
    static void test_##lo(void)                                                                                     \
    {                                                                                                               \
        const kiln_ref_window w = {                                                                                 \
            .batches = UP##_BATCH_SIZE, .in_h = UP##_INPUT_H, .in_w = UP##_INPUT_W, .in_c = UP##_INPUT_C,           \
            .out_h = UP##_OUTPUT_H, .out_w = UP##_OUTPUT_W, .out_c = UP##_OUTPUT_C, .filter_h = UP##_FILTER_H,      \
            .filter_w = UP##_FILTER_W, .stride_h = UP##_STRIDE_H, .stride_w = UP##_STRIDE_W,                        \
            .pad_h = UP##_PADDING_H, .pad_w = UP##_PADDING_W, .dilation_h = 1, .dilation_w = 1};                    \
        run_pool(#lo, FN, &w, lo##_input_tensor, SELFTEST_LEN(lo##_input_tensor), UP##_ACTIVATION_MIN,             \
                 UP##_ACTIVATION_MAX, lo##_output, SELFTEST_LEN(lo##_output));                                      \
    }

POOL_CASE(AVGPOOLING, avgpooling, kiln_ref_avgpool_s8)
POOL_CASE(AVGPOOLING_1, avgpooling_1, kiln_ref_avgpool_s8)
POOL_CASE(AVGPOOLING_2, avgpooling_2, kiln_ref_avgpool_s8)
POOL_CASE(AVGPOOLING_3, avgpooling_3, kiln_ref_avgpool_s8)
POOL_CASE(AVGPOOLING_4, avgpooling_4, kiln_ref_avgpool_s8)
POOL_CASE(AVGPOOLING_5, avgpooling_5, kiln_ref_avgpool_s8)
POOL_CASE(MAXPOOLING, maxpooling, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_1, maxpooling_1, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_2, maxpooling_2, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_3, maxpooling_3, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_4, maxpooling_4, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_5, maxpooling_5, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_6, maxpooling_6, kiln_ref_maxpool_s8)
POOL_CASE(MAXPOOLING_7, maxpooling_7, kiln_ref_maxpool_s8)

int main(void)
{
    KILN_RUN(test_fc_per_ch);
    KILN_RUN(test_fully_connected);
    KILN_RUN(test_fully_connected_mve_0);
    KILN_RUN(test_fully_connected_mve_1);
    KILN_RUN(test_fully_connected_null_bias_0);
    KILN_RUN(test_fully_connected_null_bias_0_zero_bias);
    KILN_RUN(test_fully_connected_out_activation);
    KILN_RUN(test_fully_connected_w_zp);
    KILN_RUN(test_avgpooling);
    KILN_RUN(test_avgpooling_1);
    KILN_RUN(test_avgpooling_2);
    KILN_RUN(test_avgpooling_3);
    KILN_RUN(test_avgpooling_4);
    KILN_RUN(test_avgpooling_5);
    KILN_RUN(test_maxpooling);
    KILN_RUN(test_maxpooling_1);
    KILN_RUN(test_maxpooling_2);
    KILN_RUN(test_maxpooling_3);
    KILN_RUN(test_maxpooling_4);
    KILN_RUN(test_maxpooling_5);
    KILN_RUN(test_maxpooling_6);
    KILN_RUN(test_maxpooling_7);
    return kiln_test_finish();
}
