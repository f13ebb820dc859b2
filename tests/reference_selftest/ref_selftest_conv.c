/* Reference self-test: kiln_ref_conv_s8 against the shared convolution vectors
 * (test_arm_convolve_s8, test_arm_convolve_1x1_s8_fast and test_arm_grouped_convolve_s8 cases). */
#include "selftest_conv.h"

#include "kiln_vectors/basic.h"
#include "kiln_vectors/conv_2.h"
#include "kiln_vectors/conv_2x2_dilation.h"
#include "kiln_vectors/conv_2x2_dilation_5x5_input.h"
#include "kiln_vectors/conv_2x3_dilation.h"
#include "kiln_vectors/conv_3.h"
#include "kiln_vectors/conv_3x2_dilation.h"
#include "kiln_vectors/conv_3x3_dilation_5x5_input.h"
#include "kiln_vectors/conv_4.h"
#include "kiln_vectors/conv_5.h"
#include "kiln_vectors/conv_dilation_golden.h"
#include "kiln_vectors/conv_out_activation.h"
#include "kiln_vectors/stride2pad1.h"
#include "kiln_vectors/kernel1x1.h"
#include "kiln_vectors/kernel1x1_stride_x.h"
#include "kiln_vectors/kernel1x1_stride_x_y.h"
#include "kiln_vectors/kernel1x1_stride_x_y_1.h"
#include "kiln_vectors/kernel1x1_stride_x_y_2.h"
#include "kiln_vectors/grouped_conv.h"
#include "kiln_vectors/grouped_conv_1.h"
#include "kiln_vectors/grouped_conv_2.h"
#include "kiln_vectors/grouped_conv_3.h"
#include "kiln_vectors/grouped_conv_4.h"

static int8_t g_out[1024];

SELFTEST_CONV_CASE(BASIC, basic, BASIC_IN_CH, basic_biases)
SELFTEST_CONV_CASE(CONV_2, conv_2, CONV_2_IN_CH, conv_2_biases)
SELFTEST_CONV_CASE(CONV_2X2_DILATION, conv_2x2_dilation, CONV_2X2_DILATION_IN_CH, conv_2x2_dilation_biases)
SELFTEST_CONV_CASE(CONV_2X2_DILATION_5X5_INPUT, conv_2x2_dilation_5x5_input, CONV_2X2_DILATION_5X5_INPUT_IN_CH,
                   conv_2x2_dilation_5x5_input_biases)
SELFTEST_CONV_CASE(CONV_2X3_DILATION, conv_2x3_dilation, CONV_2X3_DILATION_IN_CH, conv_2x3_dilation_biases)
SELFTEST_CONV_CASE(CONV_3, conv_3, CONV_3_IN_CH, conv_3_biases)
SELFTEST_CONV_CASE(CONV_3X2_DILATION, conv_3x2_dilation, CONV_3X2_DILATION_IN_CH, conv_3x2_dilation_biases)
SELFTEST_CONV_CASE(CONV_3X3_DILATION_5X5_INPUT, conv_3x3_dilation_5x5_input, CONV_3X3_DILATION_5X5_INPUT_IN_CH,
                   conv_3x3_dilation_5x5_input_biases)
SELFTEST_CONV_CASE(CONV_4, conv_4, CONV_4_IN_CH, conv_4_biases)
SELFTEST_CONV_CASE(CONV_5, conv_5, CONV_5_IN_CH, conv_5_biases)
SELFTEST_CONV_CASE(CONV_DILATION_GOLDEN, conv_dilation_golden, CONV_DILATION_GOLDEN_IN_CH, conv_dilation_golden_biases)
SELFTEST_CONV_CASE(CONV_OUT_ACTIVATION, conv_out_activation, CONV_OUT_ACTIVATION_IN_CH, conv_out_activation_biases)
SELFTEST_CONV_CASE(STRIDE2PAD1, stride2pad1, STRIDE2PAD1_IN_CH, stride2pad1_biases)
SELFTEST_CONV_CASE(KERNEL1X1, kernel1x1, KERNEL1X1_IN_CH, kernel1x1_biases)
SELFTEST_CONV_CASE(KERNEL1X1_STRIDE_X, kernel1x1_stride_x, KERNEL1X1_STRIDE_X_IN_CH, kernel1x1_stride_x_biases)
SELFTEST_CONV_CASE(KERNEL1X1_STRIDE_X_Y, kernel1x1_stride_x_y, KERNEL1X1_STRIDE_X_Y_IN_CH, kernel1x1_stride_x_y_biases)
SELFTEST_CONV_CASE(KERNEL1X1_STRIDE_X_Y_1, kernel1x1_stride_x_y_1, KERNEL1X1_STRIDE_X_Y_1_IN_CH,
                   kernel1x1_stride_x_y_1_biases)
SELFTEST_CONV_CASE(KERNEL1X1_STRIDE_X_Y_2, kernel1x1_stride_x_y_2, KERNEL1X1_STRIDE_X_Y_2_IN_CH,
                   kernel1x1_stride_x_y_2_biases)
/* grouped_conv (used by no upstream driver) is an ordinary convolution; the grouped cases give
 * the filter's input channels as <UP>_FILTER_CH. */
SELFTEST_CONV_CASE(GROUPED_CONV, grouped_conv, GROUPED_CONV_IN_CH, grouped_conv_biases)
SELFTEST_CONV_CASE(GROUPED_CONV_1, grouped_conv_1, GROUPED_CONV_1_FILTER_CH, grouped_conv_1_biases)
SELFTEST_CONV_CASE(GROUPED_CONV_2, grouped_conv_2, GROUPED_CONV_2_FILTER_CH, grouped_conv_2_biases)
SELFTEST_CONV_CASE(GROUPED_CONV_3, grouped_conv_3, GROUPED_CONV_3_FILTER_CH, grouped_conv_3_biases)
SELFTEST_CONV_CASE(GROUPED_CONV_4, grouped_conv_4, GROUPED_CONV_4_FILTER_CH, grouped_conv_4_biases)

int main(void)
{
    KILN_RUN(test_basic);
    KILN_RUN(test_conv_2);
    KILN_RUN(test_conv_2x2_dilation);
    KILN_RUN(test_conv_2x2_dilation_5x5_input);
    KILN_RUN(test_conv_2x3_dilation);
    KILN_RUN(test_conv_3);
    KILN_RUN(test_conv_3x2_dilation);
    KILN_RUN(test_conv_3x3_dilation_5x5_input);
    KILN_RUN(test_conv_4);
    KILN_RUN(test_conv_5);
    KILN_RUN(test_conv_dilation_golden);
    KILN_RUN(test_conv_out_activation);
    KILN_RUN(test_stride2pad1);
    KILN_RUN(test_kernel1x1);
    KILN_RUN(test_kernel1x1_stride_x);
    KILN_RUN(test_kernel1x1_stride_x_y);
    KILN_RUN(test_kernel1x1_stride_x_y_1);
    KILN_RUN(test_kernel1x1_stride_x_y_2);
    KILN_RUN(test_grouped_conv);
    KILN_RUN(test_grouped_conv_1);
    KILN_RUN(test_grouped_conv_2);
    KILN_RUN(test_grouped_conv_3);
    KILN_RUN(test_grouped_conv_4);
    return kiln_test_finish();
}
