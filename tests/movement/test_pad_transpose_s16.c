/*
 * int16 PAD and TRANSPOSE (arm_pad_s16, arm_transpose_s16). No shared int16 vectors exist: random shapes against
 * an index-mapping reference written here (every permutation of rank 1..4, pads 0..3 per dimension, random
 * 16-bit patterns), guard and canary checks, inputs unchanged, and the bad-input rows of the int8 forms (output
 * untouched).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_test.h"
#include "movement_test_util.h"

#define PT_GUARD 8
#define PT_CANARY ((int16_t)0x5AA5)
#define PT_MAX 10000 /* pad: (4 + 3 + 3)^4 */

static int16_t g_out[PT_MAX + 2 * PT_GUARD];
static int16_t g_want[PT_MAX];

static void pt_fill_canary(void)
{
    for (int32_t i = 0; i < PT_MAX + 2 * PT_GUARD; i++)
    {
        g_out[i] = PT_CANARY;
    }
}

static bool pt_canary_from(int32_t from)
{
    for (int32_t i = from; i < PT_MAX + 2 * PT_GUARD; i++)
    {
        if (g_out[i] != PT_CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool pt_guard_front_ok(void)
{
    for (int32_t i = 0; i < PT_GUARD; i++)
    {
        if (g_out[i] != PT_CANARY)
        {
            return false;
        }
    }
    return true;
}


static void test_transpose_random_s16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7516u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t rank = kiln_rng_range(&r, 1, 4);
        uint32_t perm[4] = {0, 1, 2, 3};
        mv_perm_from_index(kiln_rng_range(&r, 0, mv_fact[rank] - 1), rank, perm);
        int32_t d[4] = {1, 1, 1, 1};
        int32_t n = 1;
        for (int32_t k = 0; k < rank; k++)
        {
            d[k] = kiln_rng_range(&r, kiln_rng_range(&r, 0, 15) == 0 ? 0 : 1, 6);
            n *= d[k];
        }
        int32_t od[4] = {1, 1, 1, 1};
        for (int32_t k = 0; k < rank; k++)
        {
            od[k] = d[perm[k]];
        }
        int16_t *in = (int16_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof(int16_t));
        int16_t *copy = (int16_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof(int16_t));
        for (int32_t i = 0; i < n; i++)
        {
            in[i] = (int16_t)kiln_rng_u32(&r);
        }
        memcpy(copy, in, (size_t)n * sizeof(int16_t));
        /* Reference: output coordinate o, input coordinate c[perm[k]] = o[k]; both row-major over rank dims. */
        for (int32_t q = 0; q < n; q++)
        {
            int32_t o[4] = {0, 0, 0, 0}, c[4] = {0, 0, 0, 0}, rem = q;
            for (int32_t k = rank - 1; k >= 0; k--)
            {
                o[k] = rem % od[k];
                rem /= od[k];
            }
            for (int32_t k = 0; k < rank; k++)
            {
                c[perm[k]] = o[k];
            }
            int32_t src = 0;
            for (int32_t k = 0; k < rank; k++)
            {
                src = src * d[k] + c[k];
            }
            g_want[q] = in[src];
        }
        pt_fill_canary();
        const cmsis_nn_dims id = {d[0], d[1], d[2], d[3]}, odims = {od[0], od[1], od[2], od[3]};
        const cmsis_nn_transpose_params tp = {rank, perm};
        kiln_test_context("transpose s16 rank %d perm %u%u%u%u dims %d %d %d %d", (int)rank, perm[0], perm[1], perm[2],
                          perm[3], (int)d[0], (int)d[1], (int)d[2], (int)d[3]);
        KILN_CHECK_EQ(arm_transpose_s16(in, g_out + PT_GUARD, &id, &odims, &tp), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(g_out + PT_GUARD, g_want, (size_t)n * sizeof(int16_t)) == 0);
        KILN_CHECK(pt_guard_front_ok() && pt_canary_from(PT_GUARD + n));
        KILN_CHECK(memcmp(copy, in, (size_t)n * sizeof(int16_t)) == 0);
        free(copy);
        free(in);
    }
}

static void test_pad_random_s16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xBAD16u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t in[4], pre[4], post[4], out[4];
        int32_t n = 1, on = 1;
        for (int32_t k = 0; k < 4; k++)
        {
            in[k] = kiln_rng_range(&r, kiln_rng_range(&r, 0, 15) == 0 ? 0 : 1, 4);
            pre[k] = kiln_rng_range(&r, 0, 3);
            post[k] = kiln_rng_range(&r, 0, 3);
            out[k] = pre[k] + in[k] + post[k];
            n *= in[k];
            on *= out[k];
        }
        const int16_t pad = (int16_t)kiln_rng_u32(&r);
        int16_t *src = (int16_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof(int16_t));
        for (int32_t i = 0; i < n; i++)
        {
            src[i] = (int16_t)kiln_rng_u32(&r);
        }
        int32_t q = 0;
        for (int32_t a = 0; a < out[0]; a++)
            for (int32_t b = 0; b < out[1]; b++)
                for (int32_t c = 0; c < out[2]; c++)
                    for (int32_t e = 0; e < out[3]; e++, q++)
                    {
                        const int32_t ia = a - pre[0], ib = b - pre[1], ic = c - pre[2], ie = e - pre[3];
                        const bool inside = ia >= 0 && ia < in[0] && ib >= 0 && ib < in[1] && ic >= 0 && ic < in[2] &&
                                            ie >= 0 && ie < in[3];
                        g_want[q] = inside ? src[((ia * in[1] + ib) * in[2] + ic) * in[3] + ie] : pad;
                    }
        pt_fill_canary();
        const cmsis_nn_dims id = {in[0], in[1], in[2], in[3]}, pr = {pre[0], pre[1], pre[2], pre[3]},
                            po = {post[0], post[1], post[2], post[3]};
        kiln_test_context("pad s16 case %d in %d %d %d %d", (int)it, (int)in[0], (int)in[1], (int)in[2], (int)in[3]);
        KILN_CHECK_EQ(arm_pad_s16(src, g_out + PT_GUARD, pad, &id, &pr, &po), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(g_out + PT_GUARD, g_want, (size_t)on * sizeof(int16_t)) == 0);
        KILN_CHECK(pt_guard_front_ok() && pt_canary_from(PT_GUARD + on));
        free(src);
    }
}

static void test_bad_input_s16(void)
{
    int16_t in[64];
    memset(in, 0x11, sizeof in);
    const cmsis_nn_dims d = {1, 2, 3, 4}, z = {0, 0, 0, 0}, neg = {1, -1, 3, 4}, big = {INT32_MAX, 2, 1, 1};
    const cmsis_nn_dims od = {1, 2, 4, 3}, wrong = {1, 2, 3, 4};
    uint32_t perm[4] = {0, 1, 3, 2}, dup[4] = {0, 1, 1, 2}, out_of_range[4] = {0, 1, 2, 4};
    const cmsis_nn_transpose_params tp = {4, perm}, tdup = {4, dup}, trange = {4, out_of_range}, trank0 = {0, perm},
                                    trank5 = {5, perm}, tnull = {4, NULL};
    pt_fill_canary();
    int16_t *o = g_out + PT_GUARD;
    kiln_test_context("transpose s16 bad input");
    KILN_CHECK_EQ(arm_transpose_s16(NULL, o, &d, &od, &tp), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, NULL, &d, &od, &tp), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, NULL, &od, &tp), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, NULL, &tp), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &od, NULL), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &od, &tnull), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &od, &tdup), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &od, &trange), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &od, &trank0), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &od, &trank5), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &d, &wrong, &tp), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_transpose_s16(in, o, &neg, &od, &tp), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(pt_canary_from(0));
    kiln_test_context("pad s16 bad input");
    KILN_CHECK_EQ(arm_pad_s16(NULL, o, 0, &d, &z, &z), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, NULL, 0, &d, &z, &z), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, NULL, &z, &z), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, &d, NULL, &z), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, &d, &z, NULL), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, &neg, &z, &z), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, &d, &neg, &z), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, &d, &z, &neg), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_pad_s16(in, o, 0, &big, &z, &z), ARM_CMSIS_NN_ARG_ERROR); /* past INT32_MAX elements */
    KILN_CHECK(pt_canary_from(0));
}

int main(void)
{
    KILN_RUN(test_transpose_random_s16);
    KILN_RUN(test_pad_random_s16);
    KILN_RUN(test_bad_input_s16);
    return kiln_test_finish();
}
