/*
 * arm_pad_s8 / arm_transpose_s8 against the shared vectors (pad_int8_*, every int8 transpose_*,
 * bit-exact) and a reference written here that builds each output element from its coordinates:
 * random shapes with extents 0 and 1, every num_dims with every permutation, pads 0..3 on each
 * dim, garbage in the dims a transpose does not use, guard bytes, inputs unchanged, each operand
 * at the end and at the start of accessible memory; and a bad-input table (each error leaves the
 * output untouched).
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_test.h"
#include "movement_test_util.h"
#include "kiln_vectors/pad_int8_1.h"
#include "kiln_vectors/pad_int8_2.h"
#include "kiln_vectors/transpose_3dim.h"
#include "kiln_vectors/transpose_3dim2.h"
#include "kiln_vectors/transpose_chwn.h"
#include "kiln_vectors/transpose_default.h"
#include "kiln_vectors/transpose_matrix.h"
#include "kiln_vectors/transpose_nchw.h"
#include "kiln_vectors/transpose_ncwh.h"
#include "kiln_vectors/transpose_nhcw.h"
#include "kiln_vectors/transpose_nwhc.h"
#include "kiln_vectors/transpose_wchn.h"

#define GUARD      16
#define MAX_RANDOM 4096  /* elements of a random case */
#define MAX_VECTOR 16384 /* elements of the largest vector (transpose_nhcw) */
#define CANARY     ((int8_t)0x5A)

static int8_t g_in[MAX_RANDOM + 4];
static int8_t g_in_copy[MAX_VECTOR];
static int8_t g_out[MAX_VECTOR + 2 * GUARD + 4];
static int8_t g_want[MAX_VECTOR];


static bool guards_intact(const int8_t *buf, int32_t n)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (buf[i] != CANARY || buf[GUARD + n + i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool all_canary(void)
{
    for (size_t i = 0; i < sizeof(g_out); i++)
    {
        if (g_out[i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

/* ---- reference ------------------------------------------------------------------------------- */

/* Output element (n, y, x, c) is input (n - pre_n, y - pre_h, x - pre_w, c - pre_c) when that is
 * inside the input, else value. */
static void
ref_pad(const int8_t *in, const int32_t d[4], const int32_t pre[4], const int32_t post[4], int8_t value, int8_t *out)
{
    int32_t o[4];
    for (int32_t k = 0; k < 4; k++)
    {
        o[k] = pre[k] + d[k] + post[k];
    }
    int32_t i = 0;
    for (int32_t n = 0; n < o[0]; n++)
    {
        for (int32_t y = 0; y < o[1]; y++)
        {
            for (int32_t x = 0; x < o[2]; x++)
            {
                for (int32_t c = 0; c < o[3]; c++)
                {
                    const int32_t p[4] = {n - pre[0], y - pre[1], x - pre[2], c - pre[3]};
                    bool inside = true;
                    for (int32_t k = 0; k < 4; k++)
                    {
                        inside = inside && p[k] >= 0 && p[k] < d[k];
                    }
                    out[i++] = inside ? in[((p[0] * d[1] + p[1]) * d[2] + p[2]) * d[3] + p[3]] : value;
                }
            }
        }
    }
}

/* Output element o, with coordinates (i_0, .., i_{rank-1}) over extents d[perm[k]], is the input
 * element j with j[perm[k]] = i_k. */
static void ref_transpose(const int8_t *in, const int32_t d[4], int32_t rank, const uint32_t *perm, int8_t *out)
{
    int32_t total = 1;
    for (int32_t k = 0; k < rank; k++)
    {
        total *= d[k];
    }
    for (int32_t o = 0; o < total; o++)
    {
        int32_t j[4] = {0, 0, 0, 0};
        int32_t rest = o;
        for (int32_t k = rank - 1; k >= 0; k--)
        {
            const int32_t e = d[perm[k]];
            j[perm[k]] = rest % e;
            rest /= e;
        }
        int32_t src = 0;
        for (int32_t a = 0; a < rank; a++)
        {
            src = src * d[a] + j[a];
        }
        out[o] = in[src];
    }
}

/* ---- one checked call -------------------------------------------------------------------------- */

/* A call with its operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_dims *d, *pre, *post;
    int8_t value;
    void *in, *out;
    int32_t total;
} pad_call;

static bool pad_edge_run(void *arg)
{
    const pad_call *k = (const pad_call *)arg;
    bool ok = KILN_CHECK_EQ(arm_pad_s8((const int8_t *)k->in, (int8_t *)k->out, k->value, k->d, k->pre, k->post),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, g_want, k->total);
    return ok;
}

/* arm_pad_s8 against g_want (total elements): output at g_out + GUARD + align between guard
 * bytes, input unchanged; then each operand at both edges of memory. */
static void check_pad(const int8_t *in,
                      const int32_t d[4],
                      const int32_t pre[4],
                      const int32_t post[4],
                      int8_t value,
                      int32_t total,
                      int32_t align)
{
    const cmsis_nn_dims dd = {d[0], d[1], d[2], d[3]};
    const cmsis_nn_dims pp = {pre[0], pre[1], pre[2], pre[3]};
    const cmsis_nn_dims qq = {post[0], post[1], post[2], post[3]};
    const int32_t in_count = d[0] * d[1] * d[2] * d[3];
    int8_t *out = g_out + GUARD + align;
    memset(g_out, CANARY, sizeof(g_out));
    memcpy(g_in_copy, in, (size_t)in_count);
    KILN_CHECK_EQ(arm_pad_s8(in, out, value, &dd, &pp, &qq), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(out, g_want, total);
    KILN_CHECK(guards_intact(g_out + align, total));
    KILN_CHECK_MEM_S8(in, g_in_copy, in_count);

    pad_call k = {&dd, &pp, &qq, value, kiln_edge_ptr(in), g_out + GUARD, total};
    const kiln_edge_operand ops[] = {{"input", &k.in, (size_t)in_count}, {"output", &k.out, (size_t)total}};
    kiln_edge_each(ops, 2, pad_edge_run, &k);
}

typedef struct
{
    const cmsis_nn_dims *d, *o;
    int32_t rank;
    void *in, *out, *perm;
    int32_t total;
} transpose_call;

static bool transpose_edge_run(void *arg)
{
    const transpose_call *k = (const transpose_call *)arg;
    const cmsis_nn_transpose_params tp = {k->rank, (const uint32_t *)k->perm};
    bool ok =
        KILN_CHECK_EQ(arm_transpose_s8((const int8_t *)k->in, (int8_t *)k->out, k->d, k->o, &tp), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, g_want, k->total);
    return ok;
}

/* arm_transpose_s8 against g_want, as check_pad. d / o: the cmsis dims passed (fields past rank
 * are whatever the caller put there). */
static void check_transpose(const int8_t *in,
                            const cmsis_nn_dims *d,
                            const cmsis_nn_dims *o,
                            int32_t rank,
                            const uint32_t *perm,
                            int32_t total,
                            int32_t align)
{
    const cmsis_nn_transpose_params tp = {rank, perm};
    int8_t *out = g_out + GUARD + align;
    memset(g_out, CANARY, sizeof(g_out));
    memcpy(g_in_copy, in, (size_t)total);
    KILN_CHECK_EQ(arm_transpose_s8(in, out, d, o, &tp), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(out, g_want, total);
    KILN_CHECK(guards_intact(g_out + align, total));
    KILN_CHECK_MEM_S8(in, g_in_copy, total);

    transpose_call k = {d, o, rank, kiln_edge_ptr(in), g_out + GUARD, kiln_edge_ptr(perm), total};
    const kiln_edge_operand ops[] = {{"input", &k.in, (size_t)total},
                                     {"output", &k.out, (size_t)total},
                                     {"permutations", &k.perm, (size_t)rank * sizeof(uint32_t)}};
    kiln_edge_each(ops, 3, transpose_edge_run, &k);
}

/* ---- shared vectors -------------------------------------------------------------------------- */

static void pad_vector(const char *name,
                       const int8_t *in,
                       const int32_t d[4],
                       const int32_t pre[4],
                       const int32_t post[4],
                       int8_t value,
                       const int8_t *want,
                       int32_t want_len,
                       int32_t out_size)
{
    kiln_test_context("vector %s", name);
    int32_t total = 1;
    for (int32_t k = 0; k < 4; k++)
    {
        total *= pre[k] + d[k] + post[k];
    }
    KILN_CHECK_EQ(total, out_size);
    KILN_CHECK_EQ(want_len, out_size);
    /* The reference agrees with the vector. */
    ref_pad(in, d, pre, post, value, g_want);
    KILN_CHECK_MEM_S8(g_want, want, out_size);
    memcpy(g_want, want, (size_t)out_size);
    check_pad(in, d, pre, post, value, out_size, 0);
    check_pad(in, d, pre, post, value, out_size, 3);
}

#define PAD_VECTOR(lo, UP)                                                                                             \
    do                                                                                                                 \
    {                                                                                                                  \
        const int32_t d[4] = {UP##_INPUT_N, UP##_INPUT_H, UP##_INPUT_W, UP##_INPUT_C};                                 \
        const int32_t pre[4] = {UP##_PRE_PAD_N, UP##_PRE_PAD_H, UP##_PRE_PAD_W, UP##_PRE_PAD_C};                       \
        const int32_t post[4] = {UP##_POST_PAD_N, UP##_POST_PAD_H, UP##_POST_PAD_W, UP##_POST_PAD_C};                  \
        KILN_CHECK_EQ((int32_t)(sizeof(lo##_input_tensor)), d[0] * d[1] * d[2] * d[3]);                                \
        pad_vector(#lo, lo##_input_tensor, d, pre, post, (int8_t)UP##_PAD_VALUE, lo##_output,                          \
                   (int32_t)(sizeof(lo##_output)), UP##_OUTPUT_SIZE);                                                  \
    } while (0)

static void test_pad_vectors(void)
{
    PAD_VECTOR(pad_int8_1, PAD_INT8_1);
    PAD_VECTOR(pad_int8_2, PAD_INT8_2);
}

static void transpose_vector(const char *name,
                             const int8_t *in,
                             int32_t in_len,
                             const cmsis_nn_dims *d,
                             const cmsis_nn_dims *o,
                             int32_t rank,
                             const uint32_t *perm,
                             const int8_t *want,
                             int32_t want_len,
                             int32_t size)
{
    kiln_test_context("vector %s", name);
    const int32_t dd[4] = {d->n, d->h, d->w, d->c};
    int32_t total = 1;
    for (int32_t k = 0; k < rank; k++)
    {
        total *= dd[k];
    }
    KILN_CHECK_EQ(total, size);
    KILN_CHECK_EQ(in_len, size);
    KILN_CHECK_EQ(want_len, size);
    ref_transpose(in, dd, rank, perm, g_want);
    KILN_CHECK_MEM_S8(g_want, want, size);
    memcpy(g_want, want, (size_t)size);
    check_transpose(in, d, o, rank, perm, size, 0);
    check_transpose(in, d, o, rank, perm, size, 1);
    /* The dims past num_dims are not used: garbage there changes nothing. */
    if (rank < 4)
    {
        cmsis_nn_dims gd = *d, go = *o;
        int32_t *const gdf[4] = {&gd.n, &gd.h, &gd.w, &gd.c};
        int32_t *const gof[4] = {&go.n, &go.h, &go.w, &go.c};
        for (int32_t k = rank; k < 4; k++)
        {
            *gdf[k] = -7 - k;
            *gof[k] = 1000 + k;
        }
        kiln_test_context("vector %s, garbage past num_dims", name);
        check_transpose(in, &gd, &go, rank, perm, size, 2);
    }
}

#define TRANSPOSE_VECTOR(lo, UP)                                                                                       \
    do                                                                                                                 \
    {                                                                                                                  \
        const cmsis_nn_dims d = UP##_IN_DIM;                                                                           \
        const cmsis_nn_dims o = UP##_OUT_DIM;                                                                          \
        const uint32_t perm[UP##_PERM_SIZE] = UP##_PERM;                                                               \
        transpose_vector(#lo, lo##_input_tensor, (int32_t)sizeof(lo##_input_tensor), &d, &o, UP##_PERM_SIZE, perm,     \
                         lo##_output, (int32_t)sizeof(lo##_output), UP##_SIZE);                                        \
    } while (0)

static void test_transpose_vectors(void)
{
    TRANSPOSE_VECTOR(transpose_3dim, TRANSPOSE_3DIM);
    TRANSPOSE_VECTOR(transpose_3dim2, TRANSPOSE_3DIM2);
    TRANSPOSE_VECTOR(transpose_chwn, TRANSPOSE_CHWN);
    TRANSPOSE_VECTOR(transpose_default, TRANSPOSE_DEFAULT);
    TRANSPOSE_VECTOR(transpose_matrix, TRANSPOSE_MATRIX);
    TRANSPOSE_VECTOR(transpose_nchw, TRANSPOSE_NCHW);
    TRANSPOSE_VECTOR(transpose_ncwh, TRANSPOSE_NCWH);
    TRANSPOSE_VECTOR(transpose_nhcw, TRANSPOSE_NHCW);
    TRANSPOSE_VECTOR(transpose_nwhc, TRANSPOSE_NWHC);
    TRANSPOSE_VECTOR(transpose_wchn, TRANSPOSE_WCHN);
}

/* ---- randomized ------------------------------------------------------------------------------ */


static void test_transpose_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7A5E0001u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        /* Every num_dims in turn, and every permutation of it in turn. */
        const int32_t rank = 1 + it % 4;
        uint32_t perm[4];
        mv_perm_from_index((it / 4) % mv_fact[rank], rank, perm);
        const int32_t big = rank == 1 ? MAX_RANDOM : (rank == 2 ? 200 : 40);
        int32_t d[4];
        int32_t span; /* the element count with a zero extent taken as 1 */
        do
        {
            span = 1;
            for (int32_t k = 0; k < rank; k++)
            {
                const int32_t p = kiln_rng_range(&r, 0, 39);
                d[k] = p == 0 ? 0 : (p <= 10 ? 1 : (p <= 32 ? kiln_rng_range(&r, 2, 9) : kiln_rng_range(&r, 10, big)));
                span *= d[k] > 0 ? d[k] : 1;
            }
        } while (span > MAX_RANDOM);
        int32_t total = 1;
        int32_t di[4], oi[4];
        for (int32_t k = 0; k < 4; k++)
        {
            /* Past rank: garbage, negative too. */
            di[k] = k < rank ? d[k] : kiln_rng_range(&r, -3, 50);
            oi[k] = k < rank ? d[perm[k]] : kiln_rng_range(&r, -3, 50);
            total *= k < rank ? d[k] : 1;
        }
        const cmsis_nn_dims dd = {di[0], di[1], di[2], di[3]}, od = {oi[0], oi[1], oi[2], oi[3]};
        const int32_t al_in = kiln_rng_range(&r, 0, 3), al_out = kiln_rng_range(&r, 0, 3);
        int8_t *in = g_in + al_in;
        kiln_rng_fill_s8(&r, in, total);
        ref_transpose(in, d, rank, perm, g_want);
        kiln_test_context("transpose it=%ld rank=%ld perm={%lu,%lu,%lu,%lu} dims={%ld,%ld,%ld,%ld}", (long)it,
                          (long)rank, (unsigned long)perm[0], (unsigned long)(rank > 1 ? perm[1] : 0),
                          (unsigned long)(rank > 2 ? perm[2] : 0), (unsigned long)(rank > 3 ? perm[3] : 0), (long)di[0],
                          (long)di[1], (long)di[2], (long)di[3]);
        check_transpose(in, &dd, &od, rank, perm, total, al_out);
    }
}

static void test_pad_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7A5E0002u);
    const int32_t iters = kiln_test_iterations(4000, 400);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t d[4], pre[4], post[4];
        int32_t in_count;
        const int32_t total = mv_random_pad_shape(&r, d, pre, post, MAX_RANDOM, &in_count);
        int8_t value = (int8_t)kiln_rng_range(&r, -128, 127);
        if (value == CANARY)
        {
            value = (int8_t)(CANARY + 1); /* keep pad bytes visible against the guards */
        }
        const int32_t al_in = kiln_rng_range(&r, 0, 3), al_out = kiln_rng_range(&r, 0, 3);
        int8_t *in = g_in + al_in;
        kiln_rng_fill_s8(&r, in, in_count);
        ref_pad(in, d, pre, post, value, g_want);
        kiln_test_context("pad it=%ld in={%ld,%ld,%ld,%ld} pre={%ld,%ld,%ld,%ld} post={%ld,%ld,%ld,%ld} value=%d",
                          (long)it, (long)d[0], (long)d[1], (long)d[2], (long)d[3], (long)pre[0], (long)pre[1],
                          (long)pre[2], (long)pre[3], (long)post[0], (long)post[1], (long)post[2], (long)post[3],
                          (int)value);
        check_pad(in, d, pre, post, value, total, al_out);
    }
}

/* ---- bad input ------------------------------------------------------------------------------- */

static void test_transpose_bad_input(void)
{
    int8_t in[2 * 3 * 4 * 5];
    for (int32_t i = 0; i < (int32_t)sizeof(in); i++)
    {
        in[i] = (int8_t)(i * 7 - 100);
    }
    const cmsis_nn_dims d = {2, 3, 4, 5};
    struct
    {
        const char *what;
        cmsis_nn_dims in, out;
        int32_t rank;
        uint32_t perm[5];
        int32_t nulls; /* bit 0 input, 1 output, 2 input dims, 3 output dims, 4 params, 5 permutations */
    } cases[] = {
        {"NULL input", d, d, 4, {0, 1, 2, 3, 4}, 1},
        {"NULL output", d, d, 4, {0, 1, 2, 3, 4}, 2},
        {"NULL input dims", d, d, 4, {0, 1, 2, 3, 4}, 4},
        {"NULL output dims", d, d, 4, {0, 1, 2, 3, 4}, 8},
        {"NULL params", d, d, 4, {0, 1, 2, 3, 4}, 16},
        {"NULL permutations", d, d, 4, {0, 1, 2, 3, 4}, 32},
        {"NULL input, empty tensor", {2, 0, 4, 5}, {2, 0, 4, 5}, 4, {0, 1, 2, 3, 4}, 1},
        {"num_dims 0", d, d, 0, {0, 1, 2, 3, 4}, 0},
        {"num_dims 5", d, d, 5, {0, 1, 2, 3, 4}, 0},
        {"num_dims -1", d, d, -1, {0, 1, 2, 3, 4}, 0},
        {"num_dims INT32_MIN", d, d, INT32_MIN, {0, 1, 2, 3, 4}, 0},
        {"repeated entry", d, {2, 2, 3, 4}, 4, {0, 0, 1, 2, 0}, 0},
        {"repeated last entry", d, {2, 3, 4, 4}, 4, {0, 1, 2, 2, 0}, 0},
        {"repeated entry, 2-D", d, {2, 2, 0, 0}, 2, {0, 0, 0, 0, 0}, 0},
        {"entry 4 of 4-D", d, d, 4, {0, 1, 2, 4, 0}, 0},
        {"entry UINT32_MAX", d, d, 4, {0, 1, UINT32_MAX, 3, 0}, 0},
        {"entry 3 of 3-D", d, {2, 3, 5, 5}, 3, {0, 1, 3, 0, 0}, 0},
        {"entry 2 of 2-D", d, {4, 2, 4, 5}, 2, {2, 0, 0, 0, 0}, 0},
        {"entry 1 of 1-D", d, {3, 3, 4, 5}, 1, {1, 0, 0, 0, 0}, 0},
        {"negative input dim", {2, -3, 4, 5}, {2, -3, 4, 5}, 4, {0, 1, 2, 3, 0}, 0},
        {"negative dim, dims agree", {-2, 3, 4, 5}, {3, -2, 4, 5}, 4, {1, 0, 2, 3, 0}, 0},
        {"INT32_MIN dim", {2, 3, INT32_MIN, 5}, {2, 3, INT32_MIN, 5}, 4, {0, 1, 2, 3, 0}, 0},
        {"negative dim of 3-D", {5, -4, 20, 0}, {5, 20, -4, 0}, 3, {0, 2, 1, 0, 0}, 0},
        {"output dims mismatch, same count", {1, 8, 10, 12}, {12, 8, 10, 1}, 4, {3, 2, 1, 0, 0}, 0},
        {"output dim off by one", d, {2, 3, 4, 6}, 4, {0, 1, 2, 3, 0}, 0},
        {"output dims not permuted", d, d, 4, {3, 2, 1, 0, 0}, 0},
        {"3-D output mismatch in a used dim", {5, 4, 20, 0}, {5, 20, 5, 0}, 3, {0, 2, 1, 0, 0}, 0},
        {"2-D output mismatch", {5, 20, 0, 0}, {5, 20, 0, 0}, 2, {1, 0, 0, 0, 0}, 0},
        {"count over INT32_MAX, 2-D", {65536, 65536, 1, 1}, {65536, 65536, 1, 1}, 2, {1, 0, 0, 0, 0}, 0},
        {"count 2^31", {2, 1 << 30, 1, 1}, {1 << 30, 2, 1, 1}, 4, {1, 0, 2, 3, 0}, 0},
        {"count over INT32_MAX, 3-D", {1291, 1291, 1291, 0}, {1291, 1291, 1291, 0}, 3, {2, 1, 0, 0, 0}, 0},
        {"64-bit overflow",
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
         4,
         {0, 1, 2, 3, 0},
         0},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        const int32_t z = cases[k].nulls;
        const cmsis_nn_transpose_params tp = {cases[k].rank, (z & 32) ? NULL : cases[k].perm};
        memset(g_out, CANARY, sizeof(g_out));
        kiln_test_context("transpose: %s", cases[k].what);
        KILN_CHECK_EQ(arm_transpose_s8((z & 1) ? NULL : in, (z & 2) ? NULL : g_out + GUARD,
                                       (z & 4) ? NULL : &cases[k].in, (z & 8) ? NULL : &cases[k].out,
                                       (z & 16) ? NULL : &tp),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(all_canary());
    }

    /* Empty tensors are valid and write nothing. */
    const struct
    {
        cmsis_nn_dims in, out;
        int32_t rank;
        uint32_t perm[4];
    } empty[] = {
        {{2, 0, 4, 5}, {2, 0, 4, 5}, 4, {0, 1, 2, 3}}, {{2, 3, 4, 0}, {0, 4, 3, 2}, 4, {3, 2, 1, 0}},
        {{0, 5, 9, 9}, {5, 0, 9, 9}, 2, {1, 0}},       {{0, 1, 1, 1}, {0, 1, 1, 1}, 1, {0}},
        {{3, 0, 4, -1}, {4, 3, 0, 7}, 3, {2, 0, 1}},
    };
    for (size_t k = 0; k < sizeof(empty) / sizeof(empty[0]); k++)
    {
        const cmsis_nn_transpose_params tp = {empty[k].rank, empty[k].perm};
        memset(g_out, CANARY, sizeof(g_out));
        kiln_test_context("transpose: empty case %d", (int)k);
        KILN_CHECK_EQ(arm_transpose_s8(in, g_out + GUARD, &empty[k].in, &empty[k].out, &tp), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(all_canary());
    }
}

static void test_pad_bad_input(void)
{
    int8_t in[2 * 3 * 4 * 5];
    for (int32_t i = 0; i < (int32_t)sizeof(in); i++)
    {
        in[i] = (int8_t)(i * 7 - 100);
    }
    const cmsis_nn_dims d = {2, 3, 4, 5}, z0 = {0, 0, 0, 0}, p1 = {1, 1, 1, 1};
    struct
    {
        const char *what;
        cmsis_nn_dims in, pre, post;
        int32_t nulls; /* bit 0 input, 1 output, 2 input size, 3 pre, 4 post */
    } cases[] = {
        {"NULL input", d, p1, p1, 1},
        {"NULL output", d, p1, p1, 2},
        {"NULL input size", d, p1, p1, 4},
        {"NULL pre pad", d, p1, p1, 8},
        {"NULL post pad", d, p1, p1, 16},
        {"NULL input, empty input", {0, 3, 4, 5}, p1, p1, 1},
        {"negative input n", {-2, 3, 4, 5}, p1, p1, 0},
        {"negative input h", {2, -3, 4, 5}, p1, p1, 0},
        {"negative input w", {2, 3, -4, 5}, p1, p1, 0},
        {"negative input c", {2, 3, 4, -5}, p1, p1, 0},
        {"INT32_MIN input dim", {2, 3, INT32_MIN, 5}, z0, z0, 0},
        {"negative pre n", d, {-1, 1, 1, 1}, p1, 0},
        {"negative pre h", d, {1, -1, 1, 1}, p1, 0},
        {"negative pre w", d, {1, 1, -1, 1}, p1, 0},
        {"negative pre c", d, {1, 1, 1, -1}, p1, 0},
        {"negative post n", d, p1, {-1, 1, 1, 1}, 0},
        {"negative post h", d, p1, {1, -1, 1, 1}, 0},
        {"negative post w", d, p1, {1, 1, -1, 1}, 0},
        {"negative post c", d, p1, {1, 1, 1, -1}, 0},
        {"pre and post cancel", d, {0, 2, 0, 0}, {0, -2, 0, 0}, 0},
        {"INT32_MIN pad", d, z0, {0, 0, INT32_MIN, 0}, 0},
        {"output dim 2^31", {1, 1, 1, 1}, {0, 0, 0, INT32_MAX}, z0, 0},
        {"output dim near 2^32", {1, INT32_MAX, 1, 1}, {0, INT32_MAX, 0, 0}, {0, INT32_MAX, 0, 0}, 0},
        {"output dim 2^31, empty output", {0, 1, 1, 1}, {0, INT32_MAX, 0, 0}, z0, 0},
        {"output dim 2^31 from both pads, empty output", {1, 0, 0, 1}, {0, 0, INT32_MAX, 0}, {0, 0, 1, 0}, 0},
        {"padded count over INT32_MAX", {1, 1, 1, 1}, {0, 46340, 46340, 0}, z0, 0},
        {"input count over INT32_MAX", {65536, 65536, 1, 1}, z0, z0, 0},
        {"64-bit overflow", {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, z0, z0, 0},
        {"64-bit overflow by pads", p1, {INT32_MAX - 1, INT32_MAX - 1, INT32_MAX - 1, INT32_MAX - 1}, z0, 0},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        const int32_t z = cases[k].nulls;
        memset(g_out, CANARY, sizeof(g_out));
        kiln_test_context("pad: %s", cases[k].what);
        KILN_CHECK_EQ(arm_pad_s8((z & 1) ? NULL : in, (z & 2) ? NULL : g_out + GUARD, -3, (z & 4) ? NULL : &cases[k].in,
                                 (z & 8) ? NULL : &cases[k].pre, (z & 16) ? NULL : &cases[k].post),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(all_canary());
    }

    /* Empty outputs are valid and write nothing. */
    const struct
    {
        cmsis_nn_dims in, pre, post; /* padding on every axis but the empty one */
    } empty[] = {
        {{0, 3, 4, 5}, {0, 1, 2, 3}, {0, 3, 2, 1}},
        {{2, 3, 0, 5}, {1, 1, 0, 1}, {1, 1, 0, 1}},
        {{2, 3, 4, 0}, {3, 0, 1, 0}, {0, 2, 0, 0}},
        {{0, 0, 0, 0}, z0, z0},
    };
    for (size_t k = 0; k < sizeof(empty) / sizeof(empty[0]); k++)
    {
        memset(g_out, CANARY, sizeof(g_out));
        kiln_test_context("pad: empty output %d", (int)k);
        KILN_CHECK_EQ(arm_pad_s8(in, g_out + GUARD, -3, &empty[k].in, &empty[k].pre, &empty[k].post),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(all_canary());
    }
    /* An empty input with padding: every output element is the pad value. */
    const cmsis_nn_dims e = {2, 0, 3, 4}, pre = {0, 1, 0, 1}, post = {1, 2, 0, 0};
    const int32_t total = 3 * 3 * 3 * 5;
    memset(g_out, CANARY, sizeof(g_out));
    kiln_test_context("pad: empty input, padded output");
    KILN_CHECK_EQ(arm_pad_s8(in, g_out + GUARD, -3, &e, &pre, &post), ARM_CMSIS_NN_SUCCESS);
    memset(g_want, -3, (size_t)total);
    KILN_CHECK_MEM_S8(g_out + GUARD, g_want, total);
    KILN_CHECK(guards_intact(g_out, total));
}

int main(void)
{
    KILN_RUN(test_pad_vectors);
    KILN_RUN(test_transpose_vectors);
    KILN_RUN(test_pad_random);
    KILN_RUN(test_transpose_random);
    KILN_RUN(test_pad_bad_input);
    KILN_RUN(test_transpose_bad_input);
    return kiln_test_finish();
}
