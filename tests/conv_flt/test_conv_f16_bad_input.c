/*
 * Float16 convolution: bad input (the tables of test_conv_flt_bad_input.inc, with arm_convolve_f16_acc16 too).
 */
#include "conv_flt_test.h"

#define CFB_T float16_t
#define CFB_V(x) ((float16_t)(x))
#define CFB_NAME(n) n##_f16
#define CFB_NAME2(a, b) a##_f16_##b
#define CFB_PATCH_C 8
#define CFB_ACC16 1
#include "test_conv_flt_bad_input.inc"

int main(void)
{
    KILN_RUN(test_conv_bad_input_f16);
    KILN_RUN(test_conv_empty_and_decline_f16);
    return kiln_test_finish();
}
