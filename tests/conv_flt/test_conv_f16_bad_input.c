/*
 * Float16 convolution: bad input (arm_convolve_f16, arm_convolve_f16_acc16 and the float16 entries). Every public entry rejects each broken argument with
 * ARM_CMSIS_NN_ARG_ERROR (or declines another route's shape with ARM_CMSIS_NN_NO_IMPL_ERROR) before touching
 * memory: output, scratch and their guards keep their canary. Size queries return -1. Empty outputs succeed
 * without writing. Includes 64-bit size overflow and int32 coordinate overflow cases.
 */
#include "conv_flt_test.h"

typedef struct
{
    cmsis_nn_dims in, flt, out, bias;
    cmsis_nn_conv_params_f16 cp;
    int32_t layout;
    bool null_params, null_in, null_w, null_out, misaligned_ctx;
} bad_case;

static void base_case(bad_case *b)
{
    memset(b, 0, sizeof(*b));
    b->in = (cmsis_nn_dims){1, 6, 6, 4};
    b->flt = (cmsis_nn_dims){8, 3, 3, 4};
    b->out = (cmsis_nn_dims){1, 6, 6, 8};
    b->bias = (cmsis_nn_dims){1, 1, 1, 8};
    b->cp.stride = (cmsis_nn_tile){1, 1};
    b->cp.padding = (cmsis_nn_tile){1, 1};
    b->cp.dilation = (cmsis_nn_tile){1, 1};
    b->cp.activation.min = (float16_t)-6.0f;
    b->cp.activation.max = (float16_t)6.0f;
    b->cp.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
    b->layout = ARM_NN_LAYOUT_NHWC;
}

#define N_MUT 32

/* Applies mutation m; returns false past the last one. */
static bool mutate(bad_case *b, int m, const char **what)
{
    base_case(b);
    switch (m)
    {
    case 0: *what = "NULL conv_params"; b->null_params = true; break;
    case 1: *what = "NULL input"; b->null_in = true; break;
    case 2: *what = "NULL filter"; b->null_w = true; break;
    case 3: *what = "NULL output"; b->null_out = true; break;
    case 4: *what = "stride.w 0"; b->cp.stride.w = 0; break;
    case 5: *what = "stride.h -1"; b->cp.stride.h = -1; break;
    case 6: *what = "dilation.w 0"; b->cp.dilation.w = 0; break;
    case 7: *what = "dilation.h -2"; b->cp.dilation.h = -2; break;
    case 8: *what = "padding.w -1"; b->cp.padding.w = -1; break;
    case 9: *what = "padding.h INT32_MIN"; b->cp.padding.h = INT32_MIN; break;
    case 10: *what = "filter C != input C"; b->flt.c = 3; break;
    case 11: *what = "output C != filter N"; b->out.c = 7; break;
    case 12: *what = "output N != input N"; b->out.n = 2; break;
    case 13: *what = "input C 0"; b->in.c = 0; b->flt.c = 0; break;
    case 14: *what = "negative input H"; b->in.h = -1; break;
    case 15: *what = "negative output W"; b->out.w = -3; break;
    case 16: *what = "filter H 0"; b->flt.h = 0; break;
    case 17: *what = "layout 7"; b->layout = 7; break;
    case 18: *what = "weight format 5"; b->cp.weight_format = (arm_nn_weight_format_flt)5; break;
    case 19: *what = "activation min > max"; b->cp.activation.min = (float16_t)1.0f; b->cp.activation.max = (float16_t)-1.0f; break;
    case 20: *what = "activation NaN"; { volatile float z = 0.0f; b->cp.activation.max = (float16_t)(z / z); } break;
    case 21: *what = "bias dims C"; b->bias.c = 9; break;
    case 22: *what = "coordinate past int32 (stride)"; b->cp.stride.w = INT32_MAX / 2; b->out.w = 4; break;
    case 23: *what = "coordinate past int32 (dilation)"; b->cp.dilation.h = INT32_MAX / 2 + 1; break;
    case 24: *what = "patch row past int32"; b->flt.h = 65536; b->flt.w = 65536; b->out.h = 1; b->out.w = 1; b->cp.padding.h = 0; b->cp.padding.w = 0; break;
    case 25: *what = "output bytes past 64-bit/ptrdiff"; b->out.h = INT32_MAX; b->out.w = INT32_MAX; b->in.n = b->out.n = INT32_MAX; break;
    case 26: *what = "input bytes past ptrdiff"; b->in.h = INT32_MAX; b->in.w = INT32_MAX; b->in.c = 1 << 20; b->flt.c = 1 << 20; break;
    case 27: *what = "input H 0 with nonempty output"; b->in.h = 0; break;
    case 28: *what = "1x1 window past the input"; b->flt.h = b->flt.w = 1; b->cp.padding = (cmsis_nn_tile){0, 0}; b->cp.stride.w = 2; b->out.w = 4; break;
    case 29: *what = "filter N 0"; b->flt.n = 0; b->out.c = 0; break;
    case 30: *what = "misaligned scratch on the patch-GEMM route"; b->misaligned_ctx = true; b->in.c = b->flt.c = 8; break; /* C 8: not small-C on MVE */
    case 31: *what = "negative batch"; b->in.n = b->out.n = -1; break;
    default: return false;
    }
    return true;
}

static float16_t in_data[6 * 6 * 8], w_data[8 * 3 * 3 * 8 + 64], bias_data[16];

static void test_conv_f16_bad_input(void)
{
    for (int m = 0; m < N_MUT; m++)
    {
        bad_case b;
        const char *what = "";
        KILN_CHECK(mutate(&b, m, &what));
        kiln_test_context("mutation %d: %s", m, what);
        static unsigned char out_mem[6 * 6 * 8 * 4 + 2 * CFT_GUARD];
        static unsigned char scratch_mem[4096 + 2 * CFT_GUARD + 4];
        memset(out_mem, CFT_CANARY, sizeof(out_mem));
        memset(scratch_mem, CFT_CANARY, sizeof(scratch_mem));
        float16_t *out = b.null_out ? NULL : (float16_t *)(out_mem + CFT_GUARD);
        void *buf = scratch_mem + CFT_GUARD + (b.misaligned_ctx ? 1 : 0);
        const cmsis_nn_context ctx = {buf, 4096};
        const cmsis_nn_conv_params_f16 *cp = b.null_params ? NULL : &b.cp;
        const float16_t *x = b.null_in ? NULL : in_data;
        const float16_t *w = b.null_w ? NULL : w_data;
        const arm_nn_tensor_layout layout = (arm_nn_tensor_layout)b.layout;

        KILN_CHECK_EQ(arm_convolve_f16(&ctx, cp, &b.in, x, &b.flt, w, &b.bias, bias_data, &b.out, out, layout),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(arm_convolve_f16_acc16(&ctx, cp, &b.in, x, &b.flt, w, &b.bias, bias_data, &b.out, out, layout),
                      ARM_CMSIS_NN_ARG_ERROR);
        if (layout == ARM_NN_LAYOUT_NHWC)
        {
            KILN_CHECK_EQ(arm_convolve_wrapper_f16(&ctx, cp, &b.in, x, &b.flt, w, &b.bias, bias_data, &b.out, out),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK_EQ(arm_convolve_nhwc_f16(&ctx, cp, &b.in, x, &b.flt, w, &b.bias, bias_data, &b.out, out),
                          ARM_CMSIS_NN_ARG_ERROR);
        }
        /* Data pointers, bias dims, activation and scratch alignment are not part of the queries. */
        const bool query_sees = m != 1 && m != 2 && m != 3 && m != 19 && m != 20 && m != 21 && m != 30;
        if (query_sees)
        {
            KILN_CHECK_EQ(arm_convolve_f16_get_buffer_size(cp, &b.in, &b.flt, &b.out, layout), -1);
            KILN_CHECK_EQ(arm_convolve_1x1_f16_get_buffer_size(cp, &b.in, &b.flt, &b.out, layout), -1);
            KILN_CHECK_EQ(arm_convolve_1_x_n_f16_get_buffer_size(cp, &b.in, &b.flt, &b.out, layout), -1);
        }
        /* The direct entries: an error, or (for valid arguments of another shape) a decline */
        const arm_cmsis_nn_status s1 =
            arm_convolve_1x1_f16(&ctx, cp, &b.in, x, &b.flt, w, &b.bias, bias_data, &b.out, out, layout);
        const arm_cmsis_nn_status s2 =
            arm_convolve_1_x_n_f16(&ctx, cp, &b.in, x, &b.flt, w, &b.bias, bias_data, &b.out, out, layout);
        KILN_CHECK(s1 == ARM_CMSIS_NN_ARG_ERROR || (s1 == ARM_CMSIS_NN_NO_IMPL_ERROR && !query_sees));
        KILN_CHECK(s2 == ARM_CMSIS_NN_ARG_ERROR || (s2 == ARM_CMSIS_NN_NO_IMPL_ERROR && !query_sees));
        KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
        KILN_CHECK(cft_all_canary(scratch_mem, sizeof(scratch_mem)));
    }
}

static void test_conv_f16_empty_and_decline(void)
{
    bad_case b;
    base_case(&b);
    static unsigned char out_mem[6 * 6 * 8 * 4];
    memset(out_mem, CFT_CANARY, sizeof(out_mem));
    const cmsis_nn_context none = {NULL, 0};
    /* empty outputs: success, nothing written, NULL data allowed */
    const cmsis_nn_dims empties[3][2] = {{{0, 6, 6, 4}, {0, 6, 6, 8}}, {{1, 6, 6, 4}, {1, 0, 6, 8}}, {{1, 6, 6, 4}, {1, 6, 0, 8}}};
    for (int i = 0; i < 3; i++)
    {
        KILN_CHECK_EQ(arm_convolve_f16(&none, &b.cp, &empties[i][0], NULL, &b.flt, NULL, NULL, NULL, &empties[i][1],
                                       NULL, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(arm_convolve_f16(&none, &b.cp, &empties[i][0], in_data, &b.flt, w_data, NULL, NULL,
                                       &empties[i][1], (float16_t *)out_mem, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(arm_convolve_f16_get_buffer_size(&b.cp, &empties[i][0], &b.flt, &empties[i][1],
                                                       ARM_NN_LAYOUT_NHWC),
                      0);
    }
    KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
    /* another route's shape: the 1x1 and 1xN entries decline without writing */
    KILN_CHECK_EQ(arm_convolve_1x1_f16(&none, &b.cp, &b.in, in_data, &b.flt, w_data, NULL, NULL, &b.out,
                                       (float16_t *)out_mem, ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_NO_IMPL_ERROR);
    KILN_CHECK_EQ(arm_convolve_1_x_n_f16(&none, &b.cp, &b.in, in_data, &b.flt, w_data, NULL, NULL, &b.out,
                                         (float16_t *)out_mem, ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_NO_IMPL_ERROR);
    KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
    /* the 1xN entry needs its scratch */
    const cmsis_nn_dims in1 = {1, 1, 8, 4}, f1 = {8, 1, 4, 4}, o1 = {1, 1, 5, 8};
    cmsis_nn_conv_params_f16 cp = b.cp;
    cp.padding = (cmsis_nn_tile){0, 0};
    const int32_t need = arm_convolve_1_x_n_f16_get_buffer_size(&cp, &in1, &f1, &o1, ARM_NN_LAYOUT_NHWC);
    KILN_CHECK_EQ(need, 4 * 4 * 2);
    static float16_t scratch[64];
    const cmsis_nn_context small = {scratch, need - 4};
    KILN_CHECK_EQ(arm_convolve_1_x_n_f16(&small, &cp, &in1, in_data, &f1, w_data, NULL, NULL, &o1, (float16_t *)out_mem,
                                         ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_convolve_1_x_n_f16(&none, &cp, &in1, in_data, &f1, w_data, NULL, NULL, &o1, (float16_t *)out_mem,
                                         ARM_NN_LAYOUT_NHWC),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
    /* low-level kernels: errors and no-ops */
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_f16(in_data, w_data, NULL, (float16_t *)out_mem, 2, 8, 4, 7,
                                           (float16_t)-1.0f, (float16_t)1.0f),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_f16(NULL, w_data, NULL, (float16_t *)out_mem, 2, 8, 4, 8, (float16_t)-1.0f, (float16_t)1.0f),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_n_packed_f16(in_data, w_data, NULL, (float16_t *)out_mem, -1, 8, 4, 8, (float16_t)-1.0f, (float16_t)1.0f),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_n_packed_f16(in_data, w_data, NULL, (float16_t *)out_mem, 1, 8, 4, 8, (float16_t)1.0f, (float16_t)-1.0f),
                  ARM_CMSIS_NN_ARG_ERROR);
    if (sizeof(void *) == 4)
    {
        /* past PTRDIFF_MAX bytes on a 32-bit target (addressable, hence accepted, on a 64-bit host) */
        KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_f16(in_data, w_data, NULL, (float16_t *)out_mem, INT32_MAX, 8, INT32_MAX, 8, (float16_t)-1.0f,
                                               (float16_t)1.0f),
                      ARM_CMSIS_NN_ARG_ERROR);
    }
    arm_nn_conv1d_k5_nhwc_f16(in_data, 4, 8, w_data, NULL, (float16_t *)out_mem, 8, 5); /* needs out_w <= 4 */
    arm_nn_conv1d_k3_packed_f16(in_data, 0, 8, w_data, NULL, (float16_t *)out_mem, 8, 2);
    arm_nn_conv1d_k3_nhwc_f16(NULL, 4, 8, w_data, NULL, (float16_t *)out_mem, 8, 2);
    arm_nn_pack_conv_patch_f16(in_data, 6, 6, 4, 3, 3, 0, 1, 1, 1, 1, 1, 0, 0, (float16_t)0.0f, (float16_t *)out_mem);
    arm_nn_pack_conv_patch_f16(in_data, 6, 6, 4, 3, 3, 1, 1, -1, 1, 1, 1, 0, 0, (float16_t)0.0f, (float16_t *)out_mem);
    arm_nn_pack_conv_patch_f16(in_data, 6, 6, 4, 3, 3, 1, INT32_MAX, 1, 1, 1, 1, 0, 3, (float16_t)0.0f, (float16_t *)out_mem);
    KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16_get_buffer_size(-1, 4), -1);
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16_get_buffer_size(INT32_MAX, INT32_MAX), -1);
    KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(NULL, 3, 3, (float16_t *)out_mem), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(cft_all_canary(out_mem, sizeof(out_mem)));
}

int main(void)
{
    KILN_RUN(test_conv_f16_bad_input);
    KILN_RUN(test_conv_f16_empty_and_decline);
    return kiln_test_finish();
}
