/*
 * Float fully connected, pooling and softmax: bad-input tables. Every row mutates one argument of a valid call;
 * the entry must return ARM_CMSIS_NN_ARG_ERROR and leave the output untouched (canary bytes), and the size query
 * must return -1 where it sees the argument. Valid edge cases (empty outputs, NULL bias, NULL ctx, zero depth)
 * must succeed.
 */
#include "flt_ops_test.h"

enum
{
    M_NONE = 0,
    M_NULL_PARAMS,
    M_NULL_IN_DIMS,
    M_NULL_INPUT,
    M_NULL_FLT_DIMS,
    M_NULL_KERNEL,
    M_NULL_OUT_DIMS,
    M_NULL_OUTPUT,
    M_LAYOUT,
    M_FORMAT,
    M_NEG_DIM,
    M_DEPTH_MISMATCH,
    M_FLT_H,
    M_FLT_W,
    M_OUT_C,
    M_OUT_BATCH,
    M_BIAS_C,
    M_ACT_ORDER,
    M_ACT_NAN,
    M_OVERFLOW_DEPTH,
    M_OVERFLOW_BYTES,
    M_OUT_NHW_OVERFLOW,
    M_COUNT
};

static const char *const m_names[] = {"none",
                                      "NULL fc_params",
                                      "NULL input_dims",
                                      "NULL input",
                                      "NULL filter_dims",
                                      "NULL kernel",
                                      "NULL output_dims",
                                      "NULL output",
                                      "layout 1",
                                      "weight format 7",
                                      "negative dim",
                                      "depth mismatch",
                                      "filter h 2",
                                      "filter w 0",
                                      "output c",
                                      "output batches",
                                      "bias_dims c",
                                      "act min > max",
                                      "act NaN",
                                      "depth past int32",
                                      "bytes past PTRDIFF_MAX",
                                      "output n x h x w past int64"};

#define NAN_F (0.0f / 0.0f)

#if ARM_NN_ENABLE_F32
#define FOT_T float32_t
#define FOT_TNAME "f32"
#define FOT_NAME(n) n##_f32
#define FOT_NAME2(a, b) a##_f32_##b
#define FOT_V(x) (x)
#define FOT_LOWEST (-3e38f)
#define FOT_THIRD_TOL 1e-7
#define FOT_HUGE_FAILS 1
#include "test_flt_ops_bad_input.inc"
#undef FOT_T
#undef FOT_TNAME
#undef FOT_NAME
#undef FOT_NAME2
#undef FOT_V
#undef FOT_LOWEST
#undef FOT_THIRD_TOL
#undef FOT_HUGE_FAILS
#endif

#if ARM_NN_ENABLE_F16
#define FOT_T float16_t
#define FOT_TNAME "f16"
#define FOT_NAME(n) n##_f16
#define FOT_NAME2(a, b) a##_f16_##b
#define FOT_V(x) ((float16_t)(x))
#define FOT_LOWEST ((float16_t)-60000.0f)
#define FOT_THIRD_TOL 5e-4
#define FOT_HUGE_FAILS (sizeof(void *) == 4)
#include "test_flt_ops_bad_input.inc"
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_fc_bad_f32);
    KILN_RUN(test_pool_bad_f32);
    KILN_RUN(test_softmax_bad_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_fc_bad_f16);
    KILN_RUN(test_pool_bad_f16);
    KILN_RUN(test_softmax_bad_f16);
#endif
    return kiln_test_finish();
}
