/*
 * Float16 transposed convolution: arm_transpose_conv_f16, arm_transpose_conv_wrapper_f16,
 * arm_transpose_conv_nhwc_f16 and both size queries. Every shared transpose_conv_basic*_f16 vector through all
 * three entries (upstream's driver: absolute tolerance 0.05), randomized differential tests against a
 * double-precision reference with a rigorous error bound (test_tconv_flt.inc), guards, inputs and contexts
 * unchanged, a bad-input table (entries and queries).
 */
#include "arm_nnfunctions_flt.h"
#include "kiln_test.h"

#include "kiln_vectors/transpose_conv_basic_f16.h"
#include "kiln_vectors/transpose_conv_basic_nhwc_f16.h"

#define TC_T float16_t
#define TC_API(n) n##_f16
#define TC_SFX(a, b) a##_f16##b
#define TC_U16 1
#define TC_VEC_TOL (0.05)
#define TC_VEC_ARR(a) a##_f16bits
#define TC_VECTORS                                                                                              \
    TC_VEC(transpose_conv_basic_f16, TRANSPOSE_CONV_BASIC_F16)                                                    \
    TC_VEC(transpose_conv_basic_nhwc_f16, TRANSPOSE_CONV_BASIC_NHWC_F16)
#include "test_tconv_flt.inc"
