/*
 * Float32 convolution: bad input (the tables of test_conv_flt_bad_input.inc).
 */
#include "conv_flt_test.h"

#define CFB_T float32_t
#define CFB_V(x) ((float32_t)(x))
#define CFB_NAME(n) n##_f32
#define CFB_NAME2(a, b) a##_f32_##b
#define CFB_PATCH_C 5
#define CFB_ACC16 0
#include "test_conv_flt_bad_input.inc"

int main(void)
{
    KILN_RUN(test_conv_bad_input_f32);
    KILN_RUN(test_conv_empty_and_decline_f32);
    return kiln_test_finish();
}
