/*
 * arm_where_s8 / _s16 (TFLite WHERE, coordinates of the non-zero elements) and arm_select_v2_s8 / _s16 (TFLite
 * SELECT_V2 with strided broadcasting) against references written here: random ranks 1..8 and shapes, empty
 * tensors, dense, broadcast (stride 0) and permuted strides for every operand, guard bytes, inputs unchanged;
 * bad-input tables.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "intmisc_test.h"

#define MAX_ELEMS 2048
#define MAX_RANK  8

static int16_t g_c16[MAX_ELEMS], g_c16_copy[MAX_ELEMS];
static int8_t g_c8[MAX_ELEMS], g_c8_copy[MAX_ELEMS];
static int64_t g_want64[MAX_ELEMS * MAX_RANK];
static uint8_t g_out[MAX_ELEMS * MAX_RANK * 8 + 2 * IM_GUARD];

/* Random shape of the given rank with at most max_elems elements (dims 1..6, now and then a 0 when empty). */
static int32_t random_shape(kiln_rng *r, int32_t rank, bool empty, int32_t *shape)
{
    int32_t total;
    do
    {
        total = 1;
        for (int32_t d = 0; d < rank; d++)
        {
            const int32_t pick = kiln_rng_range(r, 0, 9);
            shape[d] = pick < 2 ? 1 : (pick < 9 ? kiln_rng_range(r, 2, 6) : kiln_rng_range(r, 7, 30));
            total *= shape[d];
        }
    } while (total > MAX_ELEMS);
    if (empty)
    {
        shape[kiln_rng_range(r, 0, rank - 1)] = 0;
        total = 0;
    }
    return total;
}

/* ---- WHERE ---- */

static int32_t ref_where(const int16_t *cond, const int32_t *shape, int32_t rank, int32_t total, int64_t *out)
{
    int32_t found = 0;
    for (int32_t i = 0; i < total; i++)
    {
        if (cond[i] == 0)
        {
            continue;
        }
        int32_t rem = i;
        for (int32_t d = rank - 1; d >= 0; d--)
        {
            out[found * rank + d] = rem % shape[d];
            rem /= shape[d];
        }
        found++;
    }
    return found;
}

/* WHERE with its operands where kiln_edge_each() puts them (the output slot spans exactly the rows found). */
typedef struct
{
    bool is16;
    const cmsis_nn_where_params *params;
    int32_t want_n;
    void *cond, *out;
} where_edge;

static bool where_edge_run(void *arg)
{
    const where_edge *k = (const where_edge *)arg;
    int32_t num_true = -7;
    const arm_cmsis_nn_status rc =
        k->is16 ? arm_where_s16((const int16_t *)k->cond, k->params, (int64_t *)k->out, &num_true)
                : arm_where_s8((const int8_t *)k->cond, k->params, (int64_t *)k->out, &num_true);
    bool ok = KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_EQ(num_true, k->want_n);
    int32_t bad = 0;
    for (int32_t i = 0; i < k->want_n * k->params->rank; i++)
    {
        bad += ((const int64_t *)k->out)[i] != g_want64[i];
    }
    ok &= KILN_CHECK_EQ(bad, 0);
    return ok;
}

static void where_case(kiln_rng *r, int32_t it, bool is16)
{
    int32_t shape[MAX_RANK];
    const int32_t rank = 1 + it % MAX_RANK;
    const int32_t total = random_shape(r, rank, it % 37 == 5, shape);
    const int32_t density = kiln_rng_range(r, 0, 4); /* 0: none true, 4: all true */
    for (int32_t i = 0; i < total; i++)
    {
        const bool nz = kiln_rng_range(r, 1, 4) <= density;
        const int32_t v = nz ? (kiln_rng_range(r, 0, 1) ? kiln_rng_range(r, 1, is16 ? INT16_MAX : INT8_MAX)
                                                        : kiln_rng_range(r, is16 ? INT16_MIN : INT8_MIN, -1))
                             : 0;
        g_c16[i] = (int16_t)v;
        g_c8[i] = (int8_t)(is16 ? 0 : v);
        if (!is16)
        {
            g_c16[i] = g_c8[i];
        }
    }
    memcpy(g_c16_copy, g_c16, sizeof(int16_t) * (size_t)total);
    memcpy(g_c8_copy, g_c8, (size_t)total);
    const int32_t want_n = ref_where(g_c16, shape, rank, total, g_want64);
    const cmsis_nn_where_params params = {rank, shape};
    kiln_test_context("where s%d it=%ld rank=%ld total=%ld true=%ld", is16 ? 16 : 8, (long)it, (long)rank, (long)total,
                      (long)want_n);
    memset(g_out, IM_CANARY, sizeof(g_out));
    int64_t *out = (int64_t *)(void *)(g_out + IM_GUARD);
    int32_t num_true = -7;
    const arm_cmsis_nn_status rc =
        is16 ? arm_where_s16(g_c16, &params, out, &num_true) : arm_where_s8(g_c8, &params, out, &num_true);
    KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(num_true, want_n);
    int32_t bad = 0;
    for (int32_t i = 0; i < want_n * rank; i++)
    {
        bad += out[i] != g_want64[i];
    }
    KILN_CHECK_EQ(bad, 0);
    /* Nothing written past the rows found (the buffer holds room for every element). */
    KILN_CHECK(im_guards_intact(g_out, sizeof(int64_t) * (size_t)want_n * (size_t)rank));
    KILN_CHECK(im_all_canary(g_out + IM_GUARD + sizeof(int64_t) * (size_t)want_n * (size_t)rank,
                             sizeof(int64_t) * (size_t)(total - want_n) * (size_t)rank));
    if (is16)
    {
        KILN_CHECK_MEM_S16(g_c16, g_c16_copy, total);
    }
    else
    {
        KILN_CHECK_MEM_S8(g_c8, g_c8_copy, total);
    }
    if (it % 8 == 0)
    {
        where_edge k = {is16, &params, want_n, is16 ? (void *)g_c16 : (void *)g_c8, out};
        const kiln_edge_operand ops[] = {{"condition", &k.cond, (is16 ? 2u : 1u) * (size_t)total},
                                         {"output", &k.out, sizeof(int64_t) * (size_t)want_n * (size_t)rank}};
        kiln_edge_each(ops, 2, where_edge_run, &k);
    }
}

static void test_where_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5E1E001u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        where_case(&r, it, (it & 8) != 0);
    }
}

static void test_where_bad_input(void)
{
    static int8_t c8[64];
    static int16_t c16[64];
    static int64_t out[64 * 8];
    for (int32_t i = 0; i < 64; i++)
    {
        c8[i] = (int8_t)(i % 3);
        c16[i] = (int16_t)(i % 5);
    }
    const int32_t shape[MAX_RANK + 1] = {2, 4, 8, 1, 1, 1, 1, 1, 1};
    const int32_t neg[2] = {4, -1};
    const int32_t big[3] = {65536, 65536, 1};
    const int32_t big_coords[2] = {46340, 46340}; /* elements fit int32, elements x rank do not */
    struct
    {
        const char *what;
        int32_t rank;
        const int32_t *shape;
        int32_t nulls; /* bit 0 condition, 1 params, 2 output, 3 num_true */
    } cases[] = {
        {"NULL condition", 3, shape, 1},
        {"NULL params", 3, shape, 2},
        {"NULL output", 3, shape, 4},
        {"NULL num_true", 3, shape, 8},
        {"NULL shape", 3, NULL, 0},
        {"rank 0", 0, shape, 0},
        {"rank 9", 9, shape, 0},
        {"rank -1", -1, shape, 0},
        {"negative dim", 2, neg, 0},
        {"over INT32_MAX elements", 3, big, 0},
        {"over INT32_MAX coordinates", 2, big_coords, 0},
    };
    for (int32_t bits = 8; bits <= 16; bits += 8)
    {
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const int32_t z = cases[k].nulls;
            const cmsis_nn_where_params params = {cases[k].rank, cases[k].shape};
            int32_t num_true = 12345;
            memset(out, IM_CANARY, sizeof(out));
            kiln_test_context("where s%ld: %s", (long)bits, cases[k].what);
            const arm_cmsis_nn_status rc = bits == 8 ? arm_where_s8((z & 1) ? NULL : c8, (z & 2) ? NULL : &params,
                                                                    (z & 4) ? NULL : out, (z & 8) ? NULL : &num_true)
                                                     : arm_where_s16((z & 1) ? NULL : c16, (z & 2) ? NULL : &params,
                                                                     (z & 4) ? NULL : out, (z & 8) ? NULL : &num_true);
            KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK_EQ(num_true, 12345);
            KILN_CHECK(im_all_canary(out, sizeof(out)));
        }
        /* The base row is accepted. */
        const cmsis_nn_where_params ok = {3, shape};
        int32_t num_true = -1;
        KILN_CHECK_EQ(bits == 8 ? arm_where_s8(c8, &ok, out, &num_true) : arm_where_s16(c16, &ok, out, &num_true),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(num_true > 0 && num_true < 64);
    }
}

/* ---- SELECT_V2 ---- */

static bool g_cond[MAX_ELEMS * 2];
static int16_t g_x[MAX_ELEMS * 2], g_y[MAX_ELEMS * 2];
static int8_t g_x8[MAX_ELEMS * 2], g_y8[MAX_ELEMS * 2];
static bool g_cond_copy[MAX_ELEMS * 2];
static int16_t g_x_copy[MAX_ELEMS * 2], g_y_copy[MAX_ELEMS * 2];
static int8_t g_x8_copy[MAX_ELEMS * 2], g_y8_copy[MAX_ELEMS * 2];
static int16_t g_want16[MAX_ELEMS];

/*
 * Strides of an operand over the output shape: each dim broadcast (stride 0) or not; the operand's own dims laid
 * out densely in row-major order (kind 0), in a random permuted order (kind 1), or row-major with one padding
 * element per innermost row (kind 2). Returns the number of elements the operand spans.
 */
static int32_t operand_strides(kiln_rng *r, const int32_t *oshape, int32_t rank, int32_t *stride)
{
    int32_t own[MAX_RANK], order[MAX_RANK];
    for (int32_t d = 0; d < rank; d++)
    {
        own[d] = (oshape[d] == 1 || kiln_rng_range(r, 0, 2) == 0) ? 1 : oshape[d];
        order[d] = d;
    }
    const int32_t kind = kiln_rng_range(r, 0, 2);
    if (kind == 1)
    {
        for (int32_t d = rank - 1; d > 0; d--)
        {
            const int32_t j = kiln_rng_range(r, 0, d);
            const int32_t t = order[d];
            order[d] = order[j];
            order[j] = t;
        }
    }
    int32_t run = 1;
    for (int32_t k = rank - 1; k >= 0; k--)
    {
        const int32_t d = order[k];
        stride[d] = own[d] == 1 ? 0 : run;
        run *= own[d];
        if (kind == 2 && k == rank - 1)
        {
            run += 1; /* a gap after each innermost row */
        }
    }
    return run;
}

/* SELECT_V2 with its operands where kiln_edge_each() puts them. */
typedef struct
{
    bool is16;
    const cmsis_nn_select_v2_params *params;
    int32_t total;
    void *cond, *x, *y, *out;
} select_edge;

static bool select_edge_run(void *arg)
{
    const select_edge *k = (const select_edge *)arg;
    bool ok;
    if (k->is16)
    {
        ok = KILN_CHECK_EQ(arm_select_v2_s16((const bool *)k->cond, (const int16_t *)k->x, (const int16_t *)k->y,
                                             k->params, (int16_t *)k->out),
                           ARM_CMSIS_NN_SUCCESS);
        ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, g_want16, k->total);
    }
    else
    {
        ok = KILN_CHECK_EQ(arm_select_v2_s8((const bool *)k->cond, (const int8_t *)k->x, (const int8_t *)k->y,
                                            k->params, (int8_t *)k->out),
                           ARM_CMSIS_NN_SUCCESS);
        int32_t bad = 0;
        for (int32_t i = 0; i < k->total; i++)
        {
            bad += ((const int8_t *)k->out)[i] != (int8_t)g_want16[i];
        }
        ok &= KILN_CHECK_EQ(bad, 0);
    }
    return ok;
}

static void select_case(kiln_rng *r, int32_t it, bool is16)
{
    int32_t shape[MAX_RANK], cs[MAX_RANK], xs[MAX_RANK], ys[MAX_RANK];
    const int32_t rank = 1 + it % MAX_RANK;
    const int32_t total = random_shape(r, rank, it % 41 == 3, shape);
    const int32_t nc = operand_strides(r, shape, rank, cs);
    const int32_t nx = operand_strides(r, shape, rank, xs);
    const int32_t ny = operand_strides(r, shape, rank, ys);
    for (int32_t i = 0; i < nc; i++)
    {
        g_cond[i] = kiln_rng_range(r, 0, 1) != 0;
    }
    for (int32_t i = 0; i < nx; i++)
    {
        g_x[i] = (int16_t)kiln_rng_range(r, is16 ? INT16_MIN : INT8_MIN, is16 ? INT16_MAX : INT8_MAX);
        g_x8[i] = (int8_t)g_x[i];
    }
    for (int32_t i = 0; i < ny; i++)
    {
        g_y[i] = (int16_t)kiln_rng_range(r, is16 ? INT16_MIN : INT8_MIN, is16 ? INT16_MAX : INT8_MAX);
        g_y8[i] = (int8_t)g_y[i];
    }
    memcpy(g_cond_copy, g_cond, sizeof(bool) * (size_t)nc);
    memcpy(g_x_copy, g_x, sizeof(int16_t) * (size_t)nx);
    memcpy(g_y_copy, g_y, sizeof(int16_t) * (size_t)ny);
    memcpy(g_x8_copy, g_x8, (size_t)nx);
    memcpy(g_y8_copy, g_y8, (size_t)ny);
    /* Reference: each output coordinate by division, each operand's offset by its strides. */
    for (int32_t i = 0; i < total; i++)
    {
        int32_t rem = i, oc = 0, ox = 0, oy = 0;
        for (int32_t d = rank - 1; d >= 0; d--)
        {
            const int32_t coord = rem % shape[d];
            rem /= shape[d];
            oc += coord * cs[d];
            ox += coord * xs[d];
            oy += coord * ys[d];
        }
        g_want16[i] = g_cond[oc] ? g_x[ox] : g_y[oy];
    }
    const cmsis_nn_select_v2_params params = {rank, shape, cs, xs, ys};
    kiln_test_context("select s%d it=%ld rank=%ld total=%ld", is16 ? 16 : 8, (long)it, (long)rank, (long)total);
    memset(g_out, IM_CANARY, sizeof(g_out));
    if (is16)
    {
        int16_t *out = (int16_t *)(void *)(g_out + IM_GUARD);
        KILN_CHECK_EQ(arm_select_v2_s16(g_cond, g_x, g_y, &params, out), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(out, g_want16, total);
        KILN_CHECK(im_guards_intact(g_out, sizeof(int16_t) * (size_t)total));
        KILN_CHECK_MEM_S16(g_x, g_x_copy, nx);
        KILN_CHECK_MEM_S16(g_y, g_y_copy, ny);
    }
    else
    {
        int8_t *out = (int8_t *)(void *)(g_out + IM_GUARD);
        KILN_CHECK_EQ(arm_select_v2_s8(g_cond, g_x8, g_y8, &params, out), ARM_CMSIS_NN_SUCCESS);
        int32_t bad = 0;
        for (int32_t i = 0; i < total; i++)
        {
            bad += out[i] != (int8_t)g_want16[i];
        }
        KILN_CHECK_EQ(bad, 0);
        KILN_CHECK(im_guards_intact(g_out, (size_t)total));
        KILN_CHECK_MEM_S8(g_x8, g_x8_copy, nx);
        KILN_CHECK_MEM_S8(g_y8, g_y8_copy, ny);
    }
    KILN_CHECK(memcmp(g_cond, g_cond_copy, sizeof(bool) * (size_t)nc) == 0);
    if (it % 8 == 0 && total > 0)
    {
        /* Each operand's span: its largest offset + 1 (the padded layouts end with a gap it never reads). */
        int32_t reach_c = 1, reach_x = 1, reach_y = 1;
        for (int32_t d = 0; d < rank; d++)
        {
            reach_c += (shape[d] - 1) * cs[d];
            reach_x += (shape[d] - 1) * xs[d];
            reach_y += (shape[d] - 1) * ys[d];
        }
        const size_t es = is16 ? sizeof(int16_t) : 1u;
        select_edge k = {is16,
                         &params,
                         total,
                         g_cond,
                         is16 ? (void *)g_x : (void *)g_x8,
                         is16 ? (void *)g_y : (void *)g_y8,
                         g_out + IM_GUARD};
        const kiln_edge_operand ops[] = {{"condition", &k.cond, sizeof(bool) * (size_t)reach_c},
                                         {"x", &k.x, es * (size_t)reach_x},
                                         {"y", &k.y, es * (size_t)reach_y},
                                         {"output", &k.out, es * (size_t)total}};
        kiln_edge_each(ops, 4, select_edge_run, &k);
    }
}

static void test_select_v2_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5E1E002u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        select_case(&r, it, (it & 8) != 0);
    }
}

static void test_select_v2_bad_input(void)
{
    static bool c[64];
    static int8_t x8[64], y8[64];
    static int16_t x16[64], y16[64];
    const int32_t shape[MAX_RANK + 1] = {2, 4, 8, 1, 1, 1, 1, 1, 1};
    const int32_t st[MAX_RANK + 1] = {32, 8, 1, 0, 0, 0, 0, 0, 0};
    const int32_t st_neg[3] = {32, -8, 1};
    const int32_t neg_shape[3] = {2, -4, 8};
    const int32_t big_shape[3] = {65536, 65536, 1};
    const int32_t big_st[3] = {INT32_MAX, 8, 1}; /* (2 - 1) * INT32_MAX + 3 * 8 + 7 past INT32_MAX */
    struct
    {
        const char *what;
        int32_t rank;
        const int32_t *shape, *cs, *xs, *ys;
        int32_t nulls; /* bit 0 condition, 1 x, 2 y, 3 params, 4 output */
    } cases[] = {
        {"NULL condition", 3, shape, st, st, st, 1},
        {"NULL x", 3, shape, st, st, st, 2},
        {"NULL y", 3, shape, st, st, st, 4},
        {"NULL params", 3, shape, st, st, st, 8},
        {"NULL output", 3, shape, st, st, st, 16},
        {"NULL output_shape", 3, NULL, st, st, st, 0},
        {"NULL cond_strides", 3, shape, NULL, st, st, 0},
        {"NULL x_strides", 3, shape, st, NULL, st, 0},
        {"NULL y_strides", 3, shape, st, st, NULL, 0},
        {"rank 0", 0, shape, st, st, st, 0},
        {"rank 9", 9, shape, st, st, st, 0},
        {"negative dim", 3, neg_shape, st, st, st, 0},
        {"negative cond stride", 3, shape, st_neg, st, st, 0},
        {"negative x stride", 3, shape, st, st_neg, st, 0},
        {"negative y stride", 3, shape, st, st, st_neg, 0},
        {"over INT32_MAX outputs", 3, big_shape, st, st, st, 0},
        {"cond offset past INT32_MAX", 3, shape, big_st, st, st, 0},
        {"x offset past INT32_MAX", 3, shape, st, big_st, st, 0},
        {"y offset past INT32_MAX", 3, shape, st, st, big_st, 0},
    };
    for (int32_t bits = 8; bits <= 16; bits += 8)
    {
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const int32_t z = cases[k].nulls;
            const cmsis_nn_select_v2_params params = {cases[k].rank, cases[k].shape, cases[k].cs, cases[k].xs,
                                                      cases[k].ys};
            memset(g_out, IM_CANARY, sizeof(g_out));
            kiln_test_context("select s%ld: %s", (long)bits, cases[k].what);
            const arm_cmsis_nn_status rc =
                bits == 8
                    ? arm_select_v2_s8((z & 1) ? NULL : c, (z & 2) ? NULL : x8, (z & 4) ? NULL : y8,
                                       (z & 8) ? NULL : &params, (z & 16) ? NULL : (int8_t *)(void *)(g_out + IM_GUARD))
                    : arm_select_v2_s16((z & 1) ? NULL : c, (z & 2) ? NULL : x16, (z & 4) ? NULL : y16,
                                        (z & 8) ? NULL : &params,
                                        (z & 16) ? NULL : (int16_t *)(void *)(g_out + IM_GUARD));
            KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
        /* The base row is accepted. */
        const cmsis_nn_select_v2_params ok = {3, shape, st, st, st};
        KILN_CHECK_EQ(bits == 8 ? arm_select_v2_s8(c, x8, y8, &ok, (int8_t *)(void *)(g_out + IM_GUARD))
                                : arm_select_v2_s16(c, x16, y16, &ok, (int16_t *)(void *)(g_out + IM_GUARD)),
                      ARM_CMSIS_NN_SUCCESS);
    }
}

int main(void)
{
    KILN_RUN(test_where_random);
    KILN_RUN(test_where_bad_input);
    KILN_RUN(test_select_v2_random);
    KILN_RUN(test_select_v2_bad_input);
    return kiln_test_finish();
}
