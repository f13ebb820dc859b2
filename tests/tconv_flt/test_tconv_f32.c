/*
 * Float32 transposed convolution: arm_transpose_conv_f32, arm_transpose_conv_wrapper_f32,
 * arm_transpose_conv_nhwc_f32 and both size queries. Every shared transpose_conv_basic*_f32 vector through all
 * three entries (upstream's driver: absolute tolerance 2.0e-5), randomized differential tests against a
 * double-precision reference with a rigorous error bound (test_tconv_flt.inc), guards, inputs and contexts
 * unchanged, a bad-input table (entries and queries).
 */
#include "arm_nnfunctions_flt.h"
#include "kiln_test.h"

#include "kiln_vectors/transpose_conv_basic_f32.h"
#include "kiln_vectors/transpose_conv_basic_nhwc_f32.h"

#define TC_T float32_t
#define TC_API(n) n##_f32
#define TC_SFX(a, b) a##_f32##b
#define TC_U16 0
#define TC_VEC_TOL (2.0e-5)
#define TC_VEC_ARR(a) a
#define TC_VECTORS                                                                                              \
    TC_VEC(transpose_conv_basic_f32, TRANSPOSE_CONV_BASIC_F32)                                                    \
    TC_VEC(transpose_conv_basic_nhwc_f32, TRANSPOSE_CONV_BASIC_NHWC_F32)
#include "test_tconv_flt.inc"
