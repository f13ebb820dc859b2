/* Reference self-test: softmax (s8 -> s8, s8 -> s16), elementwise add / mul and maximum /
 * minimum against the shared vectors (test_arm_softmax_s8, _softmax_s8_s16,
 * _elementwise_add_s8, _elementwise_mul_s8 and _maximum_minimum_s8 cases). */
#include "selftest_common.h"

#include "kiln_vectors/add.h"
#include "kiln_vectors/mul.h"
#include "kiln_vectors/softmax.h"
#include "kiln_vectors/softmax_s8_s16.h"

#include "kiln_vectors/maximum_broadcast_batch_int8.h"
#include "kiln_vectors/maximum_broadcast_ch_int8.h"
#include "kiln_vectors/maximum_broadcast_height_int8.h"
#include "kiln_vectors/maximum_broadcast_width_int8.h"
#include "kiln_vectors/maximum_no_broadcast_int8.h"
#include "kiln_vectors/maximum_scalar_1_int8.h"
#include "kiln_vectors/maximum_scalar_2_int8.h"
#include "kiln_vectors/minimum_broadcast_batch_int8.h"
#include "kiln_vectors/minimum_broadcast_ch_int8.h"
#include "kiln_vectors/minimum_broadcast_height_int8.h"
#include "kiln_vectors/minimum_broadcast_width_int8.h"
#include "kiln_vectors/minimum_no_broadcast_int8.h"
#include "kiln_vectors/minimum_scalar_1_int8.h"
#include "kiln_vectors/minimum_scalar_2_int8.h"

static int8_t g_out[512 + 16];
static int16_t g_out16[64 + 16];

/* softmax: SOFTMAX_NUM_ROWS, SOFTMAX_ROW_SIZE, SOFTMAX_INPUT_MULT (-> mult),
 * SOFTMAX_INPUT_LEFT_SHIFT (-> shift), SOFTMAX_DIFF_MIN (-> diff_min), SOFTMAX_DST_SIZE. */
static void test_softmax(void)
{
    KILN_CHECK_EQ(SELFTEST_LEN(softmax_input), SOFTMAX_NUM_ROWS * SOFTMAX_ROW_SIZE);
    KILN_CHECK_EQ(SELFTEST_LEN(softmax_output_ref), SOFTMAX_DST_SIZE);
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    kiln_ref_softmax_s8(softmax_input, SOFTMAX_NUM_ROWS, SOFTMAX_ROW_SIZE, SOFTMAX_INPUT_MULT, SOFTMAX_INPUT_LEFT_SHIFT,
                        SOFTMAX_DIFF_MIN, g_out);
    selftest_expect_s8(g_out, softmax_output_ref, SOFTMAX_DST_SIZE);
}

static void test_softmax_s8_s16(void)
{
    KILN_CHECK_EQ(SELFTEST_LEN(softmax_s8_s16_input), SOFTMAX_S8_S16_NUM_ROWS * SOFTMAX_S8_S16_ROW_SIZE);
    KILN_CHECK_EQ(SELFTEST_LEN(softmax_s8_s16_output_ref), SOFTMAX_S8_S16_DST_SIZE);
    for (int64_t i = 0; i < SELFTEST_LEN(g_out16); i++)
    {
        g_out16[i] = 0x5A5A;
    }
    kiln_ref_softmax_s8_s16(softmax_s8_s16_input, SOFTMAX_S8_S16_NUM_ROWS, SOFTMAX_S8_S16_ROW_SIZE,
                            SOFTMAX_S8_S16_INPUT_MULT, SOFTMAX_S8_S16_INPUT_LEFT_SHIFT, SOFTMAX_S8_S16_DIFF_MIN, g_out16);
    KILN_CHECK_MEM_S16(g_out16, softmax_s8_s16_output_ref, SOFTMAX_S8_S16_DST_SIZE);
    KILN_CHECK_EQ(g_out16[SOFTMAX_S8_S16_DST_SIZE], 0x5A5A);
}

/* add: ADD_INPUT1_OFFSET/_MULT/_SHIFT, ADD_INPUT2_OFFSET/_MULT/_SHIFT, ADD_LEFT_SHIFT,
 * ADD_OUTPUT_OFFSET/_MULT/_SHIFT, ADD_OUT_ACTIVATION_MIN/_MAX, ADD_DST_SIZE (= block_size), in
 * arm_elementwise_add_s8's parameter order. */
static void test_add(void)
{
    KILN_CHECK_EQ(SELFTEST_LEN(add_input1), ADD_DST_SIZE);
    KILN_CHECK_EQ(SELFTEST_LEN(add_input2), ADD_DST_SIZE);
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    kiln_ref_add_s8(add_input1, add_input2, ADD_INPUT1_OFFSET, ADD_INPUT1_MULT, ADD_INPUT1_SHIFT, ADD_INPUT2_OFFSET,
                    ADD_INPUT2_MULT, ADD_INPUT2_SHIFT, ADD_LEFT_SHIFT, g_out, ADD_OUTPUT_OFFSET, ADD_OUTPUT_MULT,
                    ADD_OUTPUT_SHIFT, ADD_OUT_ACTIVATION_MIN, ADD_OUT_ACTIVATION_MAX, ADD_DST_SIZE);
    selftest_expect_s8(g_out, add_output_ref, ADD_DST_SIZE);
}

/* mul: MUL_INPUT1_OFFSET, MUL_INPUT2_OFFSET, MUL_OUTPUT_OFFSET/_MULT/_SHIFT,
 * MUL_OUT_ACTIVATION_MIN/_MAX, MUL_DST_SIZE. */
static void test_mul(void)
{
    KILN_CHECK_EQ(SELFTEST_LEN(mul_input1), MUL_DST_SIZE);
    KILN_CHECK_EQ(SELFTEST_LEN(mul_input2), MUL_DST_SIZE);
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    kiln_ref_mul_s8(mul_input1, mul_input2, MUL_INPUT1_OFFSET, MUL_INPUT2_OFFSET, g_out, MUL_OUTPUT_OFFSET,
                    MUL_OUTPUT_MULT, MUL_OUTPUT_SHIFT, MUL_OUT_ACTIVATION_MIN, MUL_OUT_ACTIVATION_MAX, MUL_DST_SIZE);
    selftest_expect_s8(g_out, mul_output_ref, MUL_DST_SIZE);
}

/* maximum / minimum: dims {<UP>_BATCH_1, _HEIGHT_1, _WIDTH_1, _CHANNEL_1} and the same with _2,
 * output {<UP>_OUTPUT_BATCH, _OUTPUT_HEIGHT, _OUTPUT_WIDTH, _OUTPUT_CHANNEL}; arrays
 * _input_tensor_1, _input_tensor_2, _output (alias _output_ref). The offsets, multiplier and
 * shift in the config are not used: the comparison is on stored values. */
typedef int (*maxmin_fn)(const int8_t *, const int32_t[4], const int8_t *, const int32_t[4], int8_t *,
                         const int32_t[4]);

static void run_maxmin(const char *name, maxmin_fn fn, const char *layer_type, const char *want_type,
                       const int32_t d1[4], const int8_t *in1, int64_t in1_len, const int32_t d2[4], const int8_t *in2,
                       int64_t in2_len, const int32_t dout[4], const int8_t *ref, int64_t ref_len, int64_t dst_size)
{
    kiln_test_context("%s", name);
    KILN_CHECK(strcmp(layer_type, want_type) == 0);
    KILN_CHECK_EQ(in1_len, (int64_t)d1[0] * d1[1] * d1[2] * d1[3]);
    KILN_CHECK_EQ(in2_len, (int64_t)d2[0] * d2[1] * d2[2] * d2[3]);
    KILN_CHECK_EQ(ref_len, (int64_t)dout[0] * dout[1] * dout[2] * dout[3]);
    KILN_CHECK_EQ(ref_len, dst_size);
    if (!KILN_CHECK(ref_len + 16 <= SELFTEST_LEN(g_out)))
    {
        return;
    }
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    KILN_CHECK_EQ(fn(in1, d1, in2, d2, g_out, dout), KILN_REF_OK);
    selftest_expect_s8(g_out, ref, ref_len);
}

#define MAXMIN_CASE(UP, lo, FN, TYPE)                                                                              \
    static void test_##lo(void)                                                                                    \
    {                                                                                                              \
        const int32_t d1[4] = {UP##_BATCH_1, UP##_HEIGHT_1, UP##_WIDTH_1, UP##_CHANNEL_1};                         \
        const int32_t d2[4] = {UP##_BATCH_2, UP##_HEIGHT_2, UP##_WIDTH_2, UP##_CHANNEL_2};                         \
        const int32_t dout[4] = {UP##_OUTPUT_BATCH, UP##_OUTPUT_HEIGHT, UP##_OUTPUT_WIDTH, UP##_OUTPUT_CHANNEL};   \
        run_maxmin(#lo, FN, UP##_LAYER_TYPE, TYPE, d1, lo##_input_tensor_1, SELFTEST_LEN(lo##_input_tensor_1), d2, \
                   lo##_input_tensor_2, SELFTEST_LEN(lo##_input_tensor_2), dout, lo##_output_ref,                  \
                   SELFTEST_LEN(lo##_output_ref), UP##_DST_SIZE);                                                  \
    }

MAXMIN_CASE(MAXIMUM_BROADCAST_BATCH_INT8, maximum_broadcast_batch_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MAXIMUM_BROADCAST_CH_INT8, maximum_broadcast_ch_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MAXIMUM_BROADCAST_HEIGHT_INT8, maximum_broadcast_height_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MAXIMUM_BROADCAST_WIDTH_INT8, maximum_broadcast_width_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MAXIMUM_NO_BROADCAST_INT8, maximum_no_broadcast_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MAXIMUM_SCALAR_1_INT8, maximum_scalar_1_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MAXIMUM_SCALAR_2_INT8, maximum_scalar_2_int8, kiln_ref_maximum_s8, "maximum")
MAXMIN_CASE(MINIMUM_BROADCAST_BATCH_INT8, minimum_broadcast_batch_int8, kiln_ref_minimum_s8, "minimum")
MAXMIN_CASE(MINIMUM_BROADCAST_CH_INT8, minimum_broadcast_ch_int8, kiln_ref_minimum_s8, "minimum")
MAXMIN_CASE(MINIMUM_BROADCAST_HEIGHT_INT8, minimum_broadcast_height_int8, kiln_ref_minimum_s8, "minimum")
MAXMIN_CASE(MINIMUM_BROADCAST_WIDTH_INT8, minimum_broadcast_width_int8, kiln_ref_minimum_s8, "minimum")
MAXMIN_CASE(MINIMUM_NO_BROADCAST_INT8, minimum_no_broadcast_int8, kiln_ref_minimum_s8, "minimum")
MAXMIN_CASE(MINIMUM_SCALAR_1_INT8, minimum_scalar_1_int8, kiln_ref_minimum_s8, "minimum")
MAXMIN_CASE(MINIMUM_SCALAR_2_INT8, minimum_scalar_2_int8, kiln_ref_minimum_s8, "minimum")

int main(void)
{
    KILN_RUN(test_softmax);
    KILN_RUN(test_softmax_s8_s16);
    KILN_RUN(test_add);
    KILN_RUN(test_mul);
    KILN_RUN(test_maximum_broadcast_batch_int8);
    KILN_RUN(test_maximum_broadcast_ch_int8);
    KILN_RUN(test_maximum_broadcast_height_int8);
    KILN_RUN(test_maximum_broadcast_width_int8);
    KILN_RUN(test_maximum_no_broadcast_int8);
    KILN_RUN(test_maximum_scalar_1_int8);
    KILN_RUN(test_maximum_scalar_2_int8);
    KILN_RUN(test_minimum_broadcast_batch_int8);
    KILN_RUN(test_minimum_broadcast_ch_int8);
    KILN_RUN(test_minimum_broadcast_height_int8);
    KILN_RUN(test_minimum_broadcast_width_int8);
    KILN_RUN(test_minimum_no_broadcast_int8);
    KILN_RUN(test_minimum_scalar_1_int8);
    KILN_RUN(test_minimum_scalar_2_int8);
    return kiln_test_finish();
}
