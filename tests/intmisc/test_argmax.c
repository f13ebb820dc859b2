/*
 * arm_argmax_s8 / arm_argmin_s8 / arm_argmax_s16 / arm_argmin_s16 against a reference written here (TFLite
 * ARG_MAX / ARG_MIN: the first index on ties): random NHWC shapes for every axis, data with many ties and the
 * type's extremes, empty outputs, guard bytes, input unchanged; a bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "intmisc_test.h"

#define MAX_ELEMS 3000

typedef arm_cmsis_nn_status (*arg_s8_fn)(const int8_t *, const cmsis_nn_dims *, const int32_t, int32_t *);
typedef arm_cmsis_nn_status (*arg_s16_fn)(const int16_t *, const cmsis_nn_dims *, const int32_t, int32_t *);

static int16_t g_in[MAX_ELEMS], g_copy[MAX_ELEMS];
static int8_t g_in8[MAX_ELEMS], g_copy8[MAX_ELEMS];
static int32_t g_want[MAX_ELEMS];
static uint8_t g_out[MAX_ELEMS * 4 + 2 * IM_GUARD];

/* Reference: for every output coordinate (the dims without axis), scan the axis from index 0 and keep the first
 * extreme. */
static void ref_arg(const int16_t *in, const int32_t d[4], int32_t axis, bool is_max, int32_t *out)
{
    int32_t od[4], m = 0;
    for (int32_t k = 0; k < 4; k++)
    {
        od[k] = (k == axis) ? 1 : d[k];
    }
    for (int32_t n = 0; n < od[0]; n++)
        for (int32_t h = 0; h < od[1]; h++)
            for (int32_t w = 0; w < od[2]; w++)
                for (int32_t c = 0; c < od[3]; c++)
                {
                    int32_t best = 0;
                    int32_t idx[4] = {n, h, w, c};
                    int32_t best_v = 0;
                    for (int32_t k = 0; k < d[axis]; k++)
                    {
                        idx[axis] = k;
                        const int32_t v = in[((idx[0] * d[1] + idx[1]) * d[2] + idx[2]) * d[3] + idx[3]];
                        if (k == 0 || (is_max ? v > best_v : v < best_v))
                        {
                            best = k;
                            best_v = v;
                        }
                    }
                    out[m++] = best;
                }
}

/* One call with the operands where kiln_edge_each() puts them (flush against the ends of readable memory). */
typedef struct
{
    bool is16, is_max;
    const cmsis_nn_dims *dims;
    int32_t axis, nout;
    void *in, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const arm_cmsis_nn_status rc =
        k->is16
            ? (k->is_max ? arm_argmax_s16 : arm_argmin_s16)((const int16_t *)k->in, k->dims, k->axis, (int32_t *)k->out)
            : (k->is_max ? arm_argmax_s8 : arm_argmin_s8)((const int8_t *)k->in, k->dims, k->axis, (int32_t *)k->out);
    bool ok = KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S32((const int32_t *)k->out, g_want, k->nout);
    return ok;
}

static void random_case(kiln_rng *r, int32_t it, bool is16)
{
    int32_t d[4], total;
    do
    {
        total = 1;
        for (int32_t k = 0; k < 4; k++)
        {
            const int32_t pick = kiln_rng_range(r, 0, 9);
            d[k] = pick < 3 ? 1 : (pick < 8 ? kiln_rng_range(r, 2, 8) : kiln_rng_range(r, 9, 40));
            total *= d[k];
        }
    } while (total > MAX_ELEMS);
    const int32_t axis = it & 3;
    if (it % 41 == 9)
    {
        /* Empty output: a zero in another dim. */
        d[(axis + 1 + kiln_rng_range(r, 0, 2)) & 3] = 0;
        total = 0;
    }
    const int32_t lo = is16 ? INT16_MIN : INT8_MIN, hi = is16 ? INT16_MAX : INT8_MAX;
    const int32_t mode = (it >> 2) % 4;
    for (int32_t i = 0; i < total; i++)
    {
        const int32_t pick = kiln_rng_range(r, 0, 3);
        g_in[i] = (int16_t)(mode == 0   ? kiln_rng_range(r, lo, hi)
                            : mode == 1 ? kiln_rng_range(r, -1, 1) /* ties */
                            : mode == 2 ? (pick == 0   ? lo
                                           : pick == 1 ? hi
                                                       : kiln_rng_range(r, lo, hi))
                                        : (pick == 0 ? lo : hi)); /* every value an extreme */
        g_in8[i] = (int8_t)g_in[i];
    }
    memcpy(g_copy, g_in, sizeof(int16_t) * (size_t)total);
    memcpy(g_copy8, g_in8, (size_t)total);
    const bool is_max = (it & 16) == 0;
    ref_arg(g_in, d, axis, is_max, g_want);
    const int32_t nout = total / (d[axis] > 0 ? d[axis] : 1);
    const cmsis_nn_dims dims = {d[0], d[1], d[2], d[3]};
    kiln_test_context("%s s%d it=%ld dims={%ld,%ld,%ld,%ld} axis=%ld mode=%ld", is_max ? "argmax" : "argmin",
                      is16 ? 16 : 8, (long)it, (long)d[0], (long)d[1], (long)d[2], (long)d[3], (long)axis, (long)mode);
    memset(g_out, IM_CANARY, sizeof(g_out));
    int32_t *out = (int32_t *)(void *)(g_out + IM_GUARD);
    arm_cmsis_nn_status rc;
    if (is16)
    {
        rc = (is_max ? arm_argmax_s16 : arm_argmin_s16)(g_in, &dims, axis, out);
        KILN_CHECK_MEM_S16(g_in, g_copy, total);
    }
    else
    {
        rc = (is_max ? arm_argmax_s8 : arm_argmin_s8)(g_in8, &dims, axis, out);
        KILN_CHECK_MEM_S8(g_in8, g_copy8, total);
    }
    KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S32(out, g_want, nout);
    KILN_CHECK(im_guards_intact(g_out, sizeof(int32_t) * (size_t)nout));
    if (it % 8 == 0)
    {
        edge_call k = {is16, is_max, &dims, axis, nout, is16 ? (void *)g_in : (void *)g_in8, out};
        const kiln_edge_operand ops[] = {{"input", &k.in, (is16 ? 2u : 1u) * (size_t)total},
                                         {"output", &k.out, sizeof(int32_t) * (size_t)nout}};
        kiln_edge_each(ops, 2, edge_run, &k);
    }
}

static void test_arg_s8_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xA4C0001u);
    const int32_t iters = kiln_test_iterations(4096, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        random_case(&r, it, false);
    }
}

static void test_arg_s16_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xA4C0002u);
    const int32_t iters = kiln_test_iterations(4096, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        random_case(&r, it, true);
    }
}

static void test_arg_bad_input(void)
{
    static int8_t a8[64];
    static int16_t a16[64];
    const cmsis_nn_dims d = {1, 2, 4, 8};
    struct
    {
        const char *what;
        cmsis_nn_dims dims;
        int32_t axis;
        int32_t nulls; /* bit 0 input, 1 dims, 2 output */
    } cases[] = {
        {"NULL input", d, 3, 1},
        {"NULL dims", d, 3, 2},
        {"NULL output", d, 3, 4},
        {"axis -1", d, -1, 0},
        {"axis 4", d, 4, 0},
        {"axis INT32_MIN", d, INT32_MIN, 0},
        {"negative dim", {1, -2, 4, 8}, 3, 0},
        {"negative axis dim", {1, 2, 4, -8}, 3, 0},
        {"axis dim 0", {1, 2, 0, 8}, 2, 0},
        {"axis dim 0 (empty input)", {0, 2, 4, 8}, 0, 0},
        {"over INT32_MAX elements", {65536, 65536, 1, 1}, 1, 0},
        {"INT32_MAX dims", {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, 0, 0},
    };
    for (int32_t f = 0; f < 4; f++)
    {
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const int32_t z = cases[k].nulls;
            const cmsis_nn_dims *dims = (z & 2) ? NULL : &cases[k].dims;
            int32_t *out = (z & 4) ? NULL : (int32_t *)(void *)(g_out + IM_GUARD);
            kiln_test_context("fn %ld: %s", (long)f, cases[k].what);
            memset(g_out, IM_CANARY, sizeof(g_out));
            const arm_cmsis_nn_status rc = f == 0   ? arm_argmax_s8((z & 1) ? NULL : a8, dims, cases[k].axis, out)
                                           : f == 1 ? arm_argmin_s8((z & 1) ? NULL : a8, dims, cases[k].axis, out)
                                           : f == 2 ? arm_argmax_s16((z & 1) ? NULL : a16, dims, cases[k].axis, out)
                                                    : arm_argmin_s16((z & 1) ? NULL : a16, dims, cases[k].axis, out);
            KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
    }
}

int main(void)
{
    KILN_RUN(test_arg_s8_random);
    KILN_RUN(test_arg_s16_random);
    KILN_RUN(test_arg_bad_input);
    return kiln_test_finish();
}
