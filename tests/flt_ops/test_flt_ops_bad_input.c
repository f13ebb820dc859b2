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
static void test_fc_bad_f32(void)
{
    static float32_t x[2 * 6], w[3 * 6], b[3];
    float32_t y[2 * 3 + 4];
    for (int32_t m = 0; m < M_COUNT; m++)
    {
        cmsis_nn_fc_params_f32 fp = {{-10.0f, 10.0f}, ARM_NN_WEIGHT_FORMAT_STANDARD};
        cmsis_nn_dims in = {2, 1, 2, 3}, flt = {6, 1, 1, 3}, bd = {1, 1, 1, 3}, out = {2, 1, 1, 3};
        const cmsis_nn_fc_params_f32 *pp = &fp;
        const cmsis_nn_dims *pin = &in, *pflt = &flt, *pout = &out;
        const float32_t *px = x, *pw = w;
        float32_t *py = y;
        int32_t layout = 0;
        switch (m)
        {
        case M_NULL_PARAMS:
            pp = NULL;
            break;
        case M_NULL_IN_DIMS:
            pin = NULL;
            break;
        case M_NULL_INPUT:
            px = NULL;
            break;
        case M_NULL_FLT_DIMS:
            pflt = NULL;
            break;
        case M_NULL_KERNEL:
            pw = NULL;
            break;
        case M_NULL_OUT_DIMS:
            pout = NULL;
            break;
        case M_NULL_OUTPUT:
            py = NULL;
            break;
        case M_LAYOUT:
            layout = 1;
            break;
        case M_FORMAT:
            fp.weight_format = (arm_nn_weight_format_flt)7;
            break;
        case M_NEG_DIM:
            in.w = -2;
            break;
        case M_DEPTH_MISMATCH:
            flt.n = 5;
            break;
        case M_FLT_H:
            flt.h = 2;
            break;
        case M_FLT_W:
            flt.w = 0;
            break;
        case M_OUT_C:
            out.c = 4;
            break;
        case M_OUT_BATCH:
            out.n = 3;
            break;
        case M_BIAS_C:
            bd.c = 2;
            break;
        case M_ACT_ORDER:
            fp.activation.min = 11.0f;
            break;
        case M_ACT_NAN:
            fp.activation.max = NAN_F;
            break;
        case M_OVERFLOW_DEPTH:
            in.h = 65536;
            in.w = 65536;
            in.c = 2;
            flt.n = 0;
            break;
        case M_OVERFLOW_BYTES:
            in.n = INT32_MAX;
            in.h = 1;
            in.w = INT32_MAX;
            in.c = 1;
            flt.n = INT32_MAX;
            out.n = INT32_MAX;
            break;
        case M_OUT_NHW_OVERFLOW:
            out.n = INT32_MAX;
            out.h = INT32_MAX;
            out.w = 4;
            break;
        default:
            break;
        }
        kiln_test_context("fc f32: %s", m_names[m]);
        memset(y, FOT_CANARY, sizeof(y));
        const arm_cmsis_nn_status st =
            arm_fully_connected_f32(NULL, pp, pin, px, pflt, pw, &bd, b, pout, py, (arm_nn_tensor_layout)layout);
        const int32_t q = arm_fully_connected_f32_get_buffer_size(pp, pin, pflt, pout, (arm_nn_tensor_layout)layout);
        if (m == M_NONE)
        {
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_EQ(q, 0);
            KILN_CHECK(fot_untouched(y + 6, 4 * sizeof(float32_t)));
            continue;
        }
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(fot_untouched(y, sizeof(y)));
        /* the query sees everything but the data pointers and bias_dims */
        if (m != M_NULL_INPUT && m != M_NULL_KERNEL && m != M_NULL_OUTPUT && m != M_BIAS_C)
        {
            KILN_CHECK_EQ(q, -1);
        }
    }
    /* valid edges: NULL bias with bad bias_dims (unused), zero depth, no batches, no outputs */
    {
        const cmsis_nn_fc_params_f32 fp = {{-1.0f, 1.0f}, ARM_NN_WEIGHT_FORMAT_STANDARD};
        cmsis_nn_dims in = {1, 1, 1, 0}, flt = {0, 1, 1, 3}, bd = {1, 1, 1, 3}, out = {1, 1, 1, 3};
        const float32_t bias[3] = {0.5f, -3.0f, 2.0f};
        memset(y, FOT_CANARY, sizeof(y));
        KILN_CHECK_EQ(arm_fully_connected_f32(NULL, &fp, &in, NULL, &flt, NULL, &bd, bias, &out, y, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(y[0] == 0.5f && y[1] == -1.0f && y[2] == 1.0f);
        in.n = 0;
        out.n = 0;
        memset(y, FOT_CANARY, sizeof(y));
        KILN_CHECK_EQ(
            arm_fully_connected_f32(NULL, &fp, &in, NULL, &flt, NULL, NULL, NULL, &out, NULL, ARM_NN_LAYOUT_NHWC),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(fot_untouched(y, sizeof(y)));
    }
}

static void test_pool_bad_f32(void)
{
    static float32_t x[2 * 4 * 4 * 3];
    float32_t y[2 * 2 * 2 * 3 + 4];
    for (int32_t avg = 0; avg < 2; avg++)
    {
        for (int32_t m = 0; m < 16; m++)
        {
            cmsis_nn_pool_params_f32 pp = {{2, 2}, {0, 0}, {-5.0f, 5.0f}};
            cmsis_nn_dims in = {2, 4, 4, 3}, flt = {1, 2, 2, 3}, out = {2, 2, 2, 3};
            const cmsis_nn_pool_params_f32 *ppp = &pp;
            const cmsis_nn_dims *pin = &in, *pflt = &flt, *pout = &out;
            const float32_t *px = x;
            float32_t *py = y;
            const char *what = "none";
            switch (m)
            {
            case 1:
                ppp = NULL;
                what = "NULL params";
                break;
            case 2:
                pin = NULL;
                what = "NULL input_dims";
                break;
            case 3:
                px = NULL;
                what = "NULL src";
                break;
            case 4:
                pflt = NULL;
                what = "NULL filter_dims";
                break;
            case 5:
                pout = NULL;
                what = "NULL output_dims";
                break;
            case 6:
                py = NULL;
                what = "NULL dst";
                break;
            case 7:
                pp.stride.h = 0;
                what = "stride 0";
                break;
            case 8:
                pp.padding.w = -1;
                what = "negative padding";
                break;
            case 9:
                flt.w = 0;
                what = "filter w 0";
                break;
            case 10:
                out.c = 2;
                what = "output c";
                break;
            case 11:
                out.n = 1;
                what = "output n";
                break;
            case 12:
                in.h = -4;
                what = "negative dim";
                break;
            case 13:
                pp.activation.min = 6.0f;
                what = "act min > max";
                break;
            case 14:
                pp.activation.min = NAN_F;
                what = "act NaN";
                break;
            case 15:
                pp.stride.w = INT32_MAX;
                out.w = 3;
                what = "window past int32";
                break;
            default:
                break;
            }
            kiln_test_context("%s pool f32: %s", avg ? "avg" : "max", what);
            memset(y, FOT_CANARY, sizeof(y));
            const arm_cmsis_nn_status st = avg ? arm_avg_pool_f32(NULL, ppp, pin, px, pflt, pout, py)
                                               : arm_max_pool_f32(NULL, ppp, pin, px, pflt, pout, py);
            if (m == 0)
            {
                KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
                KILN_CHECK(fot_untouched(y + 24, 4 * sizeof(float32_t)));
            }
            else
            {
                KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(fot_untouched(y, sizeof(y)));
            }
        }
    }
    /* a window with no in-bounds tap: avg 0, max activation.min (clamped) */
    {
        const cmsis_nn_pool_params_f32 pp = {{4, 4}, {0, 0}, {-2.0f, 3.0f}};
        const cmsis_nn_dims in = {1, 2, 2, 1}, flt = {1, 2, 2, 1}, out = {1, 2, 2, 1};
        const float32_t xi[4] = {1.0f, 2.0f, 3.0f, 4.0f};
        float32_t yo[4];
        KILN_CHECK_EQ(arm_avg_pool_f32(NULL, &pp, &in, xi, &flt, &out, yo), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(yo[0] == 2.5f && yo[1] == 0.0f && yo[2] == 0.0f && yo[3] == 0.0f);
        KILN_CHECK_EQ(arm_max_pool_f32(NULL, &pp, &in, xi, &flt, &out, yo), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(yo[0] == 3.0f && yo[1] == -2.0f && yo[3] == -2.0f);
    }
}

static void test_softmax_bad_f32(void)
{
    static float32_t x[8];
    float32_t y[8];
    memset(y, FOT_CANARY, sizeof(y));
    KILN_CHECK_EQ(arm_softmax_f32(NULL, 2, 4, y), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_softmax_f32(x, 2, 4, NULL), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_softmax_f32(x, -1, 4, y), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_softmax_f32(x, 2, -4, y), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_softmax_f32(x, INT32_MAX, INT32_MAX, y), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(fot_untouched(y, sizeof(y)));
    KILN_CHECK_EQ(arm_softmax_f32(NULL, 0, 4, NULL), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_softmax_f32(NULL, 3, 0, NULL), ARM_CMSIS_NN_SUCCESS);
    /* one-element rows are 1; equal logits are uniform */
    const float32_t e[4] = {-3e38f, 7.0f, 7.0f, 7.0f};
    KILN_CHECK_EQ(arm_softmax_f32(e, 4, 1, y), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(y[0] == 1.0f && y[3] == 1.0f);
    KILN_CHECK_EQ(arm_softmax_f32(e + 1, 1, 3, y), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(fabs((double)y[0] - 1.0 / 3.0) < 1e-7 && y[0] == y[2]);
}
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
static void test_fc_bad_f16(void)
{
    static float16_t x[2 * 6], w[3 * 6], b[3];
    float16_t y[2 * 3 + 4];
    for (int32_t m = 0; m < M_COUNT; m++)
    {
        cmsis_nn_fc_params_f16 fp;
        memset(&fp, 0, sizeof(fp));
        fp.activation.min = (float16_t)-10.0f;
        fp.activation.max = (float16_t)10.0f;
        fp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
        cmsis_nn_dims in = {2, 1, 2, 3}, flt = {6, 1, 1, 3}, bd = {1, 1, 1, 3}, out = {2, 1, 1, 3};
        const cmsis_nn_fc_params_f16 *pp = &fp;
        const cmsis_nn_dims *pin = &in, *pflt = &flt, *pout = &out;
        const float16_t *px = x, *pw = w;
        float16_t *py = y;
        int32_t layout = 0;
        switch (m)
        {
        case M_NULL_PARAMS:
            pp = NULL;
            break;
        case M_NULL_IN_DIMS:
            pin = NULL;
            break;
        case M_NULL_INPUT:
            px = NULL;
            break;
        case M_NULL_FLT_DIMS:
            pflt = NULL;
            break;
        case M_NULL_KERNEL:
            pw = NULL;
            break;
        case M_NULL_OUT_DIMS:
            pout = NULL;
            break;
        case M_NULL_OUTPUT:
            py = NULL;
            break;
        case M_LAYOUT:
            layout = 1;
            break;
        case M_FORMAT:
            fp.weight_format = (arm_nn_weight_format_flt)7;
            break;
        case M_NEG_DIM:
            in.w = -2;
            break;
        case M_DEPTH_MISMATCH:
            flt.n = 5;
            break;
        case M_FLT_H:
            flt.h = 2;
            break;
        case M_FLT_W:
            flt.w = 0;
            break;
        case M_OUT_C:
            out.c = 4;
            break;
        case M_OUT_BATCH:
            out.n = 3;
            break;
        case M_BIAS_C:
            bd.c = 2;
            break;
        case M_ACT_ORDER:
            fp.activation.min = (float16_t)11.0f;
            break;
        case M_ACT_NAN:
            fp.activation.max = (float16_t)NAN_F;
            break;
        case M_OVERFLOW_DEPTH:
            in.h = 65536;
            in.w = 65536;
            in.c = 2;
            flt.n = 0;
            break;
        case M_OVERFLOW_BYTES:
            in.n = INT32_MAX;
            in.h = 1;
            in.w = INT32_MAX;
            in.c = 1;
            flt.n = INT32_MAX;
            out.n = INT32_MAX;
            break;
        case M_OUT_NHW_OVERFLOW:
            out.n = INT32_MAX;
            out.h = INT32_MAX;
            out.w = 4;
            break;
        default:
            break;
        }
        if (m == M_OVERFLOW_BYTES && sizeof(void *) > 4)
        {
            continue; /* float16 buffers of int32 dims always fit a 64-bit address space */
        }
        kiln_test_context("fc f16: %s", m_names[m]);
        memset(y, FOT_CANARY, sizeof(y));
        const arm_cmsis_nn_status st =
            arm_fully_connected_f16(NULL, pp, pin, px, pflt, pw, &bd, b, pout, py, (arm_nn_tensor_layout)layout);
        const int32_t q = arm_fully_connected_f16_get_buffer_size(pp, pin, pflt, pout, (arm_nn_tensor_layout)layout);
        if (m == M_NONE)
        {
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_EQ(q, 0);
            KILN_CHECK(fot_untouched(y + 6, 4 * sizeof(float16_t)));
            continue;
        }
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(fot_untouched(y, sizeof(y)));
        if (m != M_NULL_INPUT && m != M_NULL_KERNEL && m != M_NULL_OUTPUT && m != M_BIAS_C)
        {
            KILN_CHECK_EQ(q, -1);
        }
    }
}

static void test_pool_softmax_bad_f16(void)
{
    static float16_t x[2 * 4 * 4 * 3];
    float16_t y[2 * 2 * 2 * 3];
    for (int32_t avg = 0; avg < 2; avg++)
    {
        for (int32_t m = 1; m < 8; m++)
        {
            cmsis_nn_pool_params_f16 pp;
            memset(&pp, 0, sizeof(pp));
            pp.stride.w = 2;
            pp.stride.h = 2;
            pp.activation.min = (float16_t)-5.0f;
            pp.activation.max = (float16_t)5.0f;
            cmsis_nn_dims in = {2, 4, 4, 3}, flt = {1, 2, 2, 3}, out = {2, 2, 2, 3};
            const float16_t *px = x;
            float16_t *py = y;
            switch (m)
            {
            case 1:
                px = NULL;
                break;
            case 2:
                py = NULL;
                break;
            case 3:
                pp.stride.w = -1;
                break;
            case 4:
                pp.padding.h = -2;
                break;
            case 5:
                out.c = 4;
                break;
            case 6:
                pp.activation.max = (float16_t)NAN_F;
                break;
            default:
                flt.h = 0;
                break;
            }
            kiln_test_context("%s pool f16: row %d", avg ? "avg" : "max", m);
            memset(y, FOT_CANARY, sizeof(y));
            KILN_CHECK_EQ(avg ? arm_avg_pool_f16(NULL, &pp, &in, px, &flt, &out, py)
                              : arm_max_pool_f16(NULL, &pp, &in, px, &flt, &out, py),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(fot_untouched(y, sizeof(y)));
        }
    }
    memset(y, FOT_CANARY, sizeof(y));
    KILN_CHECK_EQ(arm_softmax_f16(NULL, 2, 4, y), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_softmax_f16(x, 2, 4, NULL), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_softmax_f16(x, -2, 4, y), ARM_CMSIS_NN_ARG_ERROR);
    if (sizeof(void *) == 4)
    {
        KILN_CHECK_EQ(arm_softmax_f16(x, INT32_MAX, INT32_MAX, y), ARM_CMSIS_NN_ARG_ERROR);
    }
    KILN_CHECK(fot_untouched(y, sizeof(y)));
}
#endif /* ARM_NN_ENABLE_F16 */

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_fc_bad_f32);
    KILN_RUN(test_pool_bad_f32);
    KILN_RUN(test_softmax_bad_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_fc_bad_f16);
    KILN_RUN(test_pool_softmax_bad_f16);
#endif
    return kiln_test_finish();
}
