/*
 * arm_maximum_s16 / arm_minimum_s16: random shapes with every broadcast pattern of the four dims (each dim of
 * each input full or 1) and empty outputs against a reference written here, int16 extremes and ties, output in
 * place of an input of the output's shape, guard bytes, inputs unchanged; a bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "intmisc_test.h"

#define MAX_ELEMS 2048

typedef arm_cmsis_nn_status (*maxmin_fn)(const cmsis_nn_context *,
                                         const int16_t *,
                                         const cmsis_nn_dims *,
                                         const int16_t *,
                                         const cmsis_nn_dims *,
                                         int16_t *,
                                         const cmsis_nn_dims *);

static int16_t g_in1[MAX_ELEMS], g_in2[MAX_ELEMS], g_copy1[MAX_ELEMS], g_copy2[MAX_ELEMS];
static int16_t g_want[MAX_ELEMS];
static uint8_t g_out[MAX_ELEMS * 2 + 2 * IM_GUARD];

static void ref_maxmin(bool is_max,
                       const int16_t *in1,
                       const int32_t a[4],
                       const int16_t *in2,
                       const int32_t b[4],
                       int16_t *out,
                       const int32_t o[4])
{
    for (int32_t n = 0; n < o[0]; n++)
        for (int32_t h = 0; h < o[1]; h++)
            for (int32_t w = 0; w < o[2]; w++)
                for (int32_t c = 0; c < o[3]; c++)
                {
                    const int16_t x = in1[im_bcast_index(a, n, h, w, c)];
                    const int16_t y = in2[im_bcast_index(b, n, h, w, c)];
                    *out++ = is_max ? (x > y ? x : y) : (x < y ? x : y);
                }
}

static void fill_s16(kiln_rng *r, int16_t *p, int32_t n, int32_t mode)
{
    for (int32_t i = 0; i < n; i++)
    {
        if (mode == 0)
        {
            p[i] = (int16_t)kiln_rng_range(r, INT16_MIN, INT16_MAX);
        }
        else if (mode == 1)
        {
            p[i] = (int16_t)kiln_rng_range(r, -2, 2); /* ties */
        }
        else
        {
            const int32_t pick = kiln_rng_range(r, 0, 3); /* the extremes */
            p[i] = (int16_t)(pick == 0 ? INT16_MIN : pick == 1 ? INT16_MAX : pick == 2 ? -1 : 0);
        }
    }
}

/* One call with the operands where kiln_edge_each() puts them (flush against the ends of readable memory). */
typedef struct
{
    maxmin_fn fn;
    const cmsis_nn_dims *d1, *d2, *dout;
    void *a, *b, *out;
    int32_t total;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(
        k->fn(NULL, (const int16_t *)k->a, k->d1, (const int16_t *)k->b, k->d2, (int16_t *)k->out, k->dout),
        ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, g_want, k->total);
    return ok;
}

static void random_case(kiln_rng *r, int32_t it, bool is_max)
{
    const maxmin_fn fn = is_max ? arm_maximum_s16 : arm_minimum_s16;
    int32_t o[4], a[4], b[4];
    im_broadcast_shape(r, it & 0xFF, MAX_ELEMS, it % 61 == 7, o, a, b);
    const int32_t total = im_count4(o), n1 = im_count4(a), n2 = im_count4(b);
    fill_s16(r, g_in1, n1, it % 3);
    fill_s16(r, g_in2, n2, (it / 3) % 3);
    memcpy(g_copy1, g_in1, sizeof(int16_t) * (size_t)n1);
    memcpy(g_copy2, g_in2, sizeof(int16_t) * (size_t)n2);
    ref_maxmin(is_max, g_in1, a, g_in2, b, g_want, o);
    const cmsis_nn_dims d1 = {a[0], a[1], a[2], a[3]}, d2 = {b[0], b[1], b[2], b[3]}, dout = {o[0], o[1], o[2], o[3]};
    kiln_test_context("%s it=%ld in1={%ld,%ld,%ld,%ld} in2={%ld,%ld,%ld,%ld} out={%ld,%ld,%ld,%ld}",
                      is_max ? "max" : "min", (long)it, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)b[0],
                      (long)b[1], (long)b[2], (long)b[3], (long)o[0], (long)o[1], (long)o[2], (long)o[3]);
    memset(g_out, IM_CANARY, sizeof(g_out));
    int16_t *out = (int16_t *)(void *)(g_out + IM_GUARD);
    const cmsis_nn_context ctx = {NULL, 0};
    KILN_CHECK_EQ(fn((it & 1) ? &ctx : NULL, g_in1, &d1, g_in2, &d2, out, &dout), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S16(out, g_want, total);
    KILN_CHECK(im_guards_intact(g_out, sizeof(int16_t) * (size_t)total));
    KILN_CHECK_MEM_S16(g_in1, g_copy1, n1);
    KILN_CHECK_MEM_S16(g_in2, g_copy2, n2);
    if (it % 8 == 0)
    {
        /* Nothing read or written past or before any operand (a fault on the boards, ASan on the host). */
        edge_call k = {fn, &d1, &d2, &dout, g_in1, g_in2, out, total};
        const kiln_edge_operand ops[] = {{"input 1", &k.a, sizeof(int16_t) * (size_t)n1},
                                         {"input 2", &k.b, sizeof(int16_t) * (size_t)n2},
                                         {"output", &k.out, sizeof(int16_t) * (size_t)total}};
        kiln_edge_each(ops, 3, edge_run, &k);
    }
    /* In place: output over an input of the output's shape. */
    if (n1 == total && it % 4 == 1)
    {
        KILN_CHECK_EQ(fn(NULL, g_in1, &d1, g_in2, &d2, g_in1, &dout), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_in1, g_want, total);
    }
    else if (n2 == total && it % 4 == 3)
    {
        KILN_CHECK_EQ(fn(NULL, g_in1, &d1, g_in2, &d2, g_in2, &dout), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_in2, g_want, total);
    }
}

static void test_maxmin_s16_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x16A0001u);
    const int32_t iters = kiln_test_iterations(4096, 512);
    for (int32_t it = 0; it < iters; it++)
    {
        random_case(&r, it, (it & 256) == 0);
    }
}

static void test_maxmin_s16_bad_input(void)
{
    int16_t a[64], b[64];
    for (int32_t i = 0; i < 64; i++)
    {
        a[i] = (int16_t)(i * 1000 - 30000);
        b[i] = (int16_t)(20000 - i * 700);
    }
    const cmsis_nn_dims d = {1, 2, 4, 8};
    struct
    {
        const char *what;
        cmsis_nn_dims d1, d2, dout;
        int32_t nulls; /* bit 0 in1, 1 in1 dims, 2 in2, 3 in2 dims, 4 out, 5 out dims */
    } cases[] = {
        {"NULL input 1", d, d, d, 1},
        {"NULL input 1 dims", d, d, d, 2},
        {"NULL input 2", d, d, d, 4},
        {"NULL input 2 dims", d, d, d, 8},
        {"NULL output", d, d, d, 16},
        {"NULL output dims", d, d, d, 32},
        {"negative input 1 dim", {1, 2, 4, -8}, d, d, 0},
        {"negative input 2 dim", d, {-1, 2, 4, 8}, d, 0},
        {"negative output dim", {1, 2, 4, 1}, {1, 2, 4, 1}, {1, 2, 4, -1}, 0},
        {"dims that do not broadcast", {1, 2, 4, 8}, {1, 2, 4, 4}, d, 0},
        {"output smaller than the broadcast", {1, 2, 4, 8}, {1, 2, 1, 8}, {1, 2, 1, 8}, 0},
        {"output larger than the broadcast", {1, 2, 4, 1}, {1, 2, 4, 1}, {1, 2, 4, 8}, 0},
        {"zero against a full dim", {1, 2, 0, 8}, d, {1, 2, 0, 8}, 0},
        {"element count over INT32_MAX", {65536, 65536, 1, 1}, {1, 1, 1, 1}, {65536, 65536, 1, 1}, 0},
        {"INT32_MAX dims",
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
         {1, 1, 1, 1},
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
         0},
        {"INT32_MIN dim", {INT32_MIN, 1, 1, 1}, {1, 1, 1, 1}, {INT32_MIN, 1, 1, 1}, 0},
    };
    for (int32_t op = 0; op < 2; op++)
    {
        const maxmin_fn fn = op ? arm_minimum_s16 : arm_maximum_s16;
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            memset(g_out, IM_CANARY, sizeof(g_out));
            const int32_t z = cases[k].nulls;
            kiln_test_context("%s: %s", op ? "min" : "max", cases[k].what);
            KILN_CHECK_EQ(fn(NULL, (z & 1) ? NULL : a, (z & 2) ? NULL : &cases[k].d1, (z & 4) ? NULL : b,
                             (z & 8) ? NULL : &cases[k].d2, (z & 16) ? NULL : (int16_t *)(void *)(g_out + IM_GUARD),
                             (z & 32) ? NULL : &cases[k].dout),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
    }
}

int main(void)
{
    KILN_RUN(test_maxmin_s16_random);
    KILN_RUN(test_maxmin_s16_bad_input);
    return kiln_test_finish();
}
