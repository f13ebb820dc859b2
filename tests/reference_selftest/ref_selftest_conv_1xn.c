/* Reference self-test: kiln_ref_conv_s8 against the shared 1xN convolution vectors
 * (test_arm_convolve_1_x_n_s8 cases). */
#include "selftest_conv.h"

#include "kiln_vectors/conv_1_x_n_1.h"
#include "kiln_vectors/conv_1_x_n_2.h"
#include "kiln_vectors/conv_1_x_n_3.h"
#include "kiln_vectors/conv_1_x_n_4.h"
#include "kiln_vectors/conv_1_x_n_5.h"
#include "kiln_vectors/conv_1_x_n_6_generic.h"
#include "kiln_vectors/conv_1_x_n_7.h"
#include "kiln_vectors/conv_1_x_n_8.h"

static int8_t g_out[4440 + 16];

SELFTEST_CONV_CASE(CONV_1_X_N_1, conv_1_x_n_1, CONV_1_X_N_1_IN_CH, conv_1_x_n_1_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_2, conv_1_x_n_2, CONV_1_X_N_2_IN_CH, conv_1_x_n_2_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_3, conv_1_x_n_3, CONV_1_X_N_3_IN_CH, conv_1_x_n_3_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_4, conv_1_x_n_4, CONV_1_X_N_4_IN_CH, conv_1_x_n_4_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_5, conv_1_x_n_5, CONV_1_X_N_5_IN_CH, conv_1_x_n_5_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_6_GENERIC, conv_1_x_n_6_generic, CONV_1_X_N_6_GENERIC_IN_CH, conv_1_x_n_6_generic_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_7, conv_1_x_n_7, CONV_1_X_N_7_IN_CH, conv_1_x_n_7_biases)
SELFTEST_CONV_CASE(CONV_1_X_N_8, conv_1_x_n_8, CONV_1_X_N_8_IN_CH, conv_1_x_n_8_biases)

int main(void)
{
    KILN_RUN(test_conv_1_x_n_1);
    KILN_RUN(test_conv_1_x_n_2);
    KILN_RUN(test_conv_1_x_n_3);
    KILN_RUN(test_conv_1_x_n_4);
    KILN_RUN(test_conv_1_x_n_5);
    KILN_RUN(test_conv_1_x_n_6_generic);
    KILN_RUN(test_conv_1_x_n_7);
    KILN_RUN(test_conv_1_x_n_8);
    return kiln_test_finish();
}
