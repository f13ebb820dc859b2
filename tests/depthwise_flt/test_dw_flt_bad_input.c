/*
 * Float depthwise convolution (float32, or float16 with DFT_F16=1): bad-input table. Every entry returns
 * ARM_CMSIS_NN_ARG_ERROR (size queries -1) and leaves the output and the scratch untouched; an empty output
 * returns ARM_CMSIS_NN_SUCCESS with nothing written. The direct route kernels leave their output untouched on
 * inconsistent arguments (arm_nn_depthwise_conv_nt_t_* returns ARM_CMSIS_NN_ARG_ERROR).
 */
#include "dw_flt_test.h"

#if DFT_F16
typedef float16_t T;
typedef cmsis_nn_dw_conv_params_f16 P;
#define ROUTER arm_depthwise_conv_f16
#define WRAPPER arm_depthwise_conv_wrapper_f16
#define NHWC arm_depthwise_nhwc_conv_f16
#define QUERY arm_depthwise_conv_f16_get_buffer_size
#define WQUERY arm_depthwise_conv_wrapper_f16_get_buffer_size
#define NT_T arm_nn_depthwise_conv_nt_t_f16
#define K3 arm_nn_depthwise_conv1d_k3_nhwc_f16
#define K3X3 arm_nn_depthwise_conv3x3_nhwc_f16
#else
typedef float32_t T;
typedef cmsis_nn_dw_conv_params_f32 P;
#define ROUTER arm_depthwise_conv_f32
#define WRAPPER arm_depthwise_conv_wrapper_f32
#define NHWC arm_depthwise_nhwc_conv_f32
#define QUERY arm_depthwise_conv_f32_get_buffer_size
#define WQUERY arm_depthwise_conv_wrapper_f32_get_buffer_size
#define NT_T arm_nn_depthwise_conv_nt_t_f32
#define K3 arm_nn_depthwise_conv1d_k3_nhwc_f32
#define K3X3 arm_nn_depthwise_conv3x3_nhwc_f32
#endif

#define OUT_ELEMS (4096)
#define SCRATCH_BYTES (4096)

typedef struct
{
    const char *what;
    P dp;
    cmsis_nn_dims in, flt, out, bias_dims;
    int null_in, null_w, null_out, null_params, null_dims, layout, misalign, bad_bias_dims;
} bad_case;

static T xin[512], wts[512], bias[64];

static P base_params(void)
{
    P dp;
    memset(&dp, 0, sizeof(dp));
    dp.ch_mult = 1;
    dp.stride.h = dp.stride.w = 1;
    dp.dilation.h = dp.dilation.w = 1;
    dp.activation.min = (T)-10.0f;
    dp.activation.max = (T)10.0f;
    return dp;
}

static void check_case(const bad_case *c, arm_cmsis_nn_status want)
{
    kiln_test_context("%s", c->what);
    T *out = (T *)dft_guarded_alloc(OUT_ELEMS * sizeof(T));
    unsigned char *scratch_raw = (unsigned char *)dft_guarded_alloc(SCRATCH_BYTES + 8);
    KILN_CHECK(out != NULL && scratch_raw != NULL);
    void *scratch = scratch_raw + (c->misalign ? 1 : 0);
    const cmsis_nn_context ctx = {scratch, SCRATCH_BYTES};
    const cmsis_nn_dims bd = c->bias_dims;
    const arm_nn_tensor_layout layout = (arm_nn_tensor_layout)c->layout;
    const P *dp = c->null_params ? NULL : &c->dp;
    const cmsis_nn_dims *ind = c->null_dims == 1 ? NULL : &c->in;
    const cmsis_nn_dims *fd = c->null_dims == 2 ? NULL : &c->flt;
    const cmsis_nn_dims *od = c->null_dims == 3 ? NULL : &c->out;
    KILN_CHECK_EQ(ROUTER(&ctx, dp, ind, c->null_in ? NULL : xin, fd, c->null_w ? NULL : wts, &bd, bias, od,
                         c->null_out ? NULL : out, layout),
                  want);
    if (c->layout == 0)
    {
        KILN_CHECK_EQ(WRAPPER(&ctx, dp, ind, c->null_in ? NULL : xin, fd, c->null_w ? NULL : wts, &bd, bias, od,
                              c->null_out ? NULL : out),
                      want);
        KILN_CHECK_EQ(NHWC(&ctx, dp, ind, c->null_in ? NULL : xin, fd, c->null_w ? NULL : wts, &bd, bias, od,
                           c->null_out ? NULL : out),
                      want);
    }
    KILN_CHECK(dft_all_canary(out, OUT_ELEMS * sizeof(T)));
    KILN_CHECK(dft_guards_ok(out, OUT_ELEMS * sizeof(T)));
    KILN_CHECK(dft_all_canary(scratch_raw, SCRATCH_BYTES + 8));
    if (want == ARM_CMSIS_NN_ARG_ERROR && !c->null_in && !c->null_w && !c->null_out && !c->misalign &&
        !c->bad_bias_dims && !(c->dp.activation.min > c->dp.activation.max) &&
        c->dp.activation.min == c->dp.activation.min)
    {
        KILN_CHECK_EQ(QUERY(dp, ind, fd, od, layout), -1);
        if (c->layout == 0)
        {
            KILN_CHECK_EQ(WQUERY(dp, ind, fd, od), -1);
        }
    }
    dft_guarded_free(out);
    dft_guarded_free(scratch_raw);
}

static bad_case good(const char *what)
{
    bad_case c;
    memset(&c, 0, sizeof(c));
    c.what = what;
    c.dp = base_params();
    c.in = (cmsis_nn_dims){1, 5, 5, 4};
    c.flt = (cmsis_nn_dims){1, 3, 3, 4};
    c.out = (cmsis_nn_dims){1, 3, 3, 4};
    c.bias_dims = (cmsis_nn_dims){1, 1, 1, 4};
    return c;
}

static void test_bad_input(void)
{
    for (size_t i = 0; i < sizeof(xin) / sizeof(xin[0]); i++)
    {
        xin[i] = (T)0.25f;
        wts[i] = (T)0.5f;
    }
    for (size_t i = 0; i < sizeof(bias) / sizeof(bias[0]); i++)
    {
        bias[i] = (T)1.0f;
    }
    bad_case c;
#define BAD(label, stmt)                                                                                         \
    do                                                                                                            \
    {                                                                                                             \
        c = good(label);                                                                                          \
        stmt;                                                                                                     \
        check_case(&c, ARM_CMSIS_NN_ARG_ERROR);                                                                   \
    } while (0)
    BAD("NULL input", c.null_in = 1);
    BAD("NULL kernel", c.null_w = 1);
    BAD("NULL output", c.null_out = 1);
    BAD("NULL params", c.null_params = 1);
    BAD("NULL input dims", c.null_dims = 1);
    BAD("NULL filter dims", c.null_dims = 2);
    BAD("NULL output dims", c.null_dims = 3);
    BAD("layout NCHW", c.layout = 1);
    BAD("layout 77", c.layout = 77);
    BAD("ch_mult 0", c.dp.ch_mult = 0);
    BAD("ch_mult -1", c.dp.ch_mult = -1);
    BAD("ch_mult 2, channels for 1", c.dp.ch_mult = 2);
    BAD("stride w 0", c.dp.stride.w = 0);
    BAD("stride h -1", c.dp.stride.h = -1);
    BAD("dilation w 0", c.dp.dilation.w = 0);
    BAD("dilation h 0", c.dp.dilation.h = 0);
    BAD("padding w -1", c.dp.padding.w = -1);
    BAD("padding h -1", c.dp.padding.h = -1);
    BAD("input c 0", c.in.c = 0);
    BAD("input c -4", c.in.c = -4);
    BAD("input h -1", c.in.h = -1);
    BAD("input w 0, nonempty output", c.in.w = 0);
    BAD("input n -1", c.in.n = -1);
    BAD("filter h 0", c.flt.h = 0);
    BAD("filter w -3", c.flt.w = -3);
    BAD("filter c mismatch", c.flt.c = 5);
    BAD("output c mismatch", c.out.c = 8);
    BAD("output n mismatch", c.out.n = 2);
    BAD("output h -1", c.out.h = -1);
    BAD("activation min > max", (c.dp.activation.min = (T)2.0f, c.dp.activation.max = (T)1.0f));
    BAD("activation NaN", c.dp.activation.min = (T)(0.0f / 0.0f));
    BAD("bias dims mismatch", (c.bias_dims.c = 3, c.bad_bias_dims = 1));
    BAD("coordinate overflow (w)", (c.out.w = INT32_MAX, c.dp.stride.w = 2));
    BAD("coordinate overflow (h, dilation)", (c.flt.h = 3, c.dp.dilation.h = INT32_MAX / 2 + 1));
    BAD("taps x channels past INT32_MAX", (c.in.c = 65536, c.flt = (cmsis_nn_dims){1, 200, 200, 65536},
                                           c.out.c = 65536, c.bias_dims.c = 65536));
    BAD("input bytes past PTRDIFF_MAX", (c.in = (cmsis_nn_dims){INT32_MAX, INT32_MAX, INT32_MAX, 4}, c.out.n = INT32_MAX));
    /* misaligned scratch on a scratch route (nt_t: 2x2 filter, ch_mult 1 shape without a specialized route) */
    c = good("misaligned scratch");
    c.flt = (cmsis_nn_dims){1, 2, 2, 4};
    c.out = (cmsis_nn_dims){1, 4, 4, 4};
    c.misalign = 1;
    if (sizeof(T) > 1)
    {
        check_case(&c, ARM_CMSIS_NN_ARG_ERROR);
    }

    /* empty outputs: SUCCESS, nothing written, even with NULL data pointers */
    c = good("empty output (n 0)");
    c.in.n = 0;
    c.out.n = 0;
    c.null_in = 1;
    check_case(&c, ARM_CMSIS_NN_SUCCESS);
    c = good("empty output (h 0)");
    c.out.h = 0;
    c.null_out = 1;
    check_case(&c, ARM_CMSIS_NN_SUCCESS);
    c = good("empty output (w 0)");
    c.out.w = 0;
    check_case(&c, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(QUERY(&c.dp, &c.in, &c.flt, &c.out, ARM_NN_LAYOUT_NHWC), 0);
    KILN_CHECK_EQ(QUERY(NULL, &c.in, &c.flt, &c.out, ARM_NN_LAYOUT_NHWC), -1);
}

static void test_bad_kernels(void)
{
    T *out = (T *)dft_guarded_alloc(OUT_ELEMS * sizeof(T));
    KILN_CHECK(out != NULL);
    const T lo = (T)-10.0f, hi = (T)10.0f;
    /* conv1d k3: out_w > in_w - 2, in_c < 1, NULLs, negative out_w */
    K3(xin, 4, 5, wts, bias, out, 4);
    K3(xin, 0, 5, wts, bias, out, 3);
    K3(NULL, 4, 5, wts, bias, out, 3);
    K3(xin, 4, 5, NULL, bias, out, 3);
    K3(xin, 4, 5, wts, bias, NULL, 3);
    K3(xin, 4, 5, wts, bias, out, -1);
    K3(xin, 4, INT32_MIN, wts, bias, out, 1);
    /* 3x3 */
    K3X3(xin, 1, 4, 5, 5, wts, bias, out, 0, 1, 0, 0, 3, 3, lo, hi);
    K3X3(xin, 1, 4, 5, 5, wts, bias, out, 1, 1, -1, 0, 3, 3, lo, hi);
    K3X3(xin, 1, 0, 5, 5, wts, bias, out, 1, 1, 0, 0, 3, 3, lo, hi);
    K3X3(xin, -1, 4, 5, 5, wts, bias, out, 1, 1, 0, 0, 3, 3, lo, hi);
    K3X3(xin, 1, 4, 5, 5, wts, bias, out, 1, 1, 0, 0, 3, 3, hi, lo);
    K3X3(NULL, 1, 4, 5, 5, wts, bias, out, 1, 1, 0, 0, 3, 3, lo, hi);
    K3X3(xin, 1, 4, 5, 5, NULL, bias, out, 1, 1, 0, 0, 3, 3, lo, hi);
    K3X3(xin, 1, 4, 0, 5, wts, bias, out, 1, 1, 0, 0, 3, 3, lo, hi);
    K3X3(xin, 1, 4, 5, 5, wts, bias, out, INT32_MAX, 1, 0, 0, 3, 3, lo, hi);
#if DFT_F16
    arm_nn_depthwise_conv2x5_nhwc_f16(xin, 1, 4, 6, 1, wts, bias, out, 3, lo, hi);
    arm_nn_depthwise_conv2x5_nhwc_f16(xin, 1, 4, 6, 0, wts, bias, out, 2, lo, hi);
    arm_nn_depthwise_conv2x5_nhwc_f16(xin, -1, 4, 6, 1, wts, bias, out, 2, lo, hi);
    arm_nn_depthwise_conv2x5_nhwc_f16(NULL, 1, 4, 6, 1, wts, bias, out, 2, lo, hi);
    arm_nn_depthwise_conv2x5_nhwc_f16(xin, 1, 4, 6, 1, wts, bias, out, 2, hi, lo);
#endif
    KILN_CHECK(dft_all_canary(out, OUT_ELEMS * sizeof(T)));
    /* nt_t */
    KILN_CHECK_EQ(NT_T(xin, wts, bias, out, -1, 4, 9, 4, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, wts, bias, out, 1, -4, 9, 4, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, wts, bias, out, 1, 4, -9, 4, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, wts, bias, out, 2, 4, 9, 3, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, wts, bias, out, 1, 4, 9, 4, hi, lo), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(NULL, wts, bias, out, 1, 4, 9, 4, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, NULL, bias, out, 1, 4, 9, 4, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, wts, bias, NULL, 1, 4, 9, 4, lo, hi), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(xin, wts, bias, out, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, lo, hi),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(NULL, NULL, NULL, NULL, 0, 4, 9, 4, lo, hi), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(dft_all_canary(out, OUT_ELEMS * sizeof(T)));
    KILN_CHECK(dft_guards_ok(out, OUT_ELEMS * sizeof(T)));
    dft_guarded_free(out);
}

int main(void)
{
    KILN_RUN(test_bad_input);
    KILN_RUN(test_bad_kernels);
    return kiln_test_finish();
}
