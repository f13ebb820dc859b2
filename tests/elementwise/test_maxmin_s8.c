/*
 * arm_maximum_s8 / arm_minimum_s8 against the shared vectors (every maximum_*_int8 and
 * minimum_*_int8 case, bit-exact) and tests/reference: random shapes with every broadcast pattern
 * of the four dims (each dim of each input full or 1), empty outputs, output in place of a
 * full-shape input, guard bytes; and a bad-input table (each error leaves the output untouched).
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"
#include "kiln_vectors/maximum_broadcast_batch_int8.h"
#include "kiln_vectors/maximum_broadcast_ch_int8.h"
#include "kiln_vectors/maximum_broadcast_height_int8.h"
#include "kiln_vectors/maximum_broadcast_width_int8.h"
#include "kiln_vectors/maximum_no_broadcast_int8.h"
#include "kiln_vectors/maximum_scalar_1_int8.h"
#include "kiln_vectors/maximum_scalar_2_int8.h"
#include "kiln_vectors/minimum_broadcast_batch_int8.h"
#include "kiln_vectors/minimum_broadcast_ch_int8.h"
#include "kiln_vectors/minimum_broadcast_height_int8.h"
#include "kiln_vectors/minimum_broadcast_width_int8.h"
#include "kiln_vectors/minimum_no_broadcast_int8.h"
#include "kiln_vectors/minimum_scalar_1_int8.h"
#include "kiln_vectors/minimum_scalar_2_int8.h"

#define GUARD 16
#define MAX_ELEMS 4096
#define CANARY ((int8_t)0x5A)

static int8_t g_in1[MAX_ELEMS + 4], g_in2[MAX_ELEMS + 4];
static int8_t g_out[MAX_ELEMS + 2 * GUARD + 4];
static int8_t g_want[MAX_ELEMS];

typedef arm_cmsis_nn_status (*maxmin_fn)(const cmsis_nn_context *, const int8_t *, const cmsis_nn_dims *,
                                         const int8_t *, const cmsis_nn_dims *, int8_t *, const cmsis_nn_dims *);

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

static int32_t count4(const cmsis_nn_dims *d)
{
    return d->n * d->h * d->w * d->c;
}

static void run_vector(bool is_max, const cmsis_nn_dims *d1, const int8_t *in1, const cmsis_nn_dims *d2,
                       const int8_t *in2, const cmsis_nn_dims *dout, const int8_t *want, int32_t dst_size)
{
    const maxmin_fn fn = is_max ? arm_maximum_s8 : arm_minimum_s8;
    KILN_CHECK_EQ(count4(dout), dst_size);
    memset(g_out, CANARY, sizeof(g_out));
    /* TFLite Micro passes a context with no buffer; NULL is accepted too. */
    const cmsis_nn_context ctx = {NULL, 0};
    KILN_CHECK_EQ(fn(&ctx, in1, d1, in2, d2, g_out + GUARD, dout), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(g_out + GUARD, want, dst_size);
    KILN_CHECK(guards_intact(g_out, dst_size));
    memset(g_out, CANARY, sizeof(g_out));
    KILN_CHECK_EQ(fn(NULL, in1, d1, in2, d2, g_out + GUARD, dout), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(g_out + GUARD, want, dst_size);
    /* The reference agrees with the vector. */
    const int32_t a[4] = {d1->n, d1->h, d1->w, d1->c}, b[4] = {d2->n, d2->h, d2->w, d2->c};
    const int32_t o[4] = {dout->n, dout->h, dout->w, dout->c};
    KILN_CHECK_EQ((is_max ? kiln_ref_maximum_s8 : kiln_ref_minimum_s8)(in1, a, in2, b, g_want, o), KILN_REF_OK);
    KILN_CHECK_MEM_S8(g_want, want, dst_size);
}

#define VECTOR_CASE(name, NAME, is_max)                                                                       \
    do                                                                                                        \
    {                                                                                                         \
        const cmsis_nn_dims d1 = {NAME##_BATCH_1, NAME##_HEIGHT_1, NAME##_WIDTH_1, NAME##_CHANNEL_1};         \
        const cmsis_nn_dims d2 = {NAME##_BATCH_2, NAME##_HEIGHT_2, NAME##_WIDTH_2, NAME##_CHANNEL_2};         \
        const cmsis_nn_dims dout = {NAME##_OUTPUT_BATCH, NAME##_OUTPUT_HEIGHT, NAME##_OUTPUT_WIDTH,           \
                                    NAME##_OUTPUT_CHANNEL};                                                   \
        kiln_test_context("vector %s", #name);                                                                \
        run_vector((is_max), &d1, name##_input_tensor_1, &d2, name##_input_tensor_2, &dout, name##_output_ref, \
                   NAME##_DST_SIZE);                                                                          \
    } while (0)

static void test_maxmin_vectors(void)
{
    VECTOR_CASE(maximum_broadcast_batch_int8, MAXIMUM_BROADCAST_BATCH_INT8, true);
    VECTOR_CASE(maximum_broadcast_ch_int8, MAXIMUM_BROADCAST_CH_INT8, true);
    VECTOR_CASE(maximum_broadcast_height_int8, MAXIMUM_BROADCAST_HEIGHT_INT8, true);
    VECTOR_CASE(maximum_broadcast_width_int8, MAXIMUM_BROADCAST_WIDTH_INT8, true);
    VECTOR_CASE(maximum_no_broadcast_int8, MAXIMUM_NO_BROADCAST_INT8, true);
    VECTOR_CASE(maximum_scalar_1_int8, MAXIMUM_SCALAR_1_INT8, true);
    VECTOR_CASE(maximum_scalar_2_int8, MAXIMUM_SCALAR_2_INT8, true);
    VECTOR_CASE(minimum_broadcast_batch_int8, MINIMUM_BROADCAST_BATCH_INT8, false);
    VECTOR_CASE(minimum_broadcast_ch_int8, MINIMUM_BROADCAST_CH_INT8, false);
    VECTOR_CASE(minimum_broadcast_height_int8, MINIMUM_BROADCAST_HEIGHT_INT8, false);
    VECTOR_CASE(minimum_broadcast_width_int8, MINIMUM_BROADCAST_WIDTH_INT8, false);
    VECTOR_CASE(minimum_no_broadcast_int8, MINIMUM_NO_BROADCAST_INT8, false);
    VECTOR_CASE(minimum_scalar_1_int8, MINIMUM_SCALAR_1_INT8, false);
    VECTOR_CASE(minimum_scalar_2_int8, MINIMUM_SCALAR_2_INT8, false);
}

/* A random broadcast case: output dims with a random product <= MAX_ELEMS, each input dim full or
 * 1 at random (pattern chosen from every one of the 2^8 combinations in turn). */
/* One call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    bool is_max;
    const cmsis_nn_dims *d1, *d2, *dout;
    void *a, *b, *out;
    int32_t total;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ((k->is_max ? arm_maximum_s8 : arm_minimum_s8)(NULL, (const int8_t *)k->a, k->d1,
                                                                          (const int8_t *)k->b, k->d2,
                                                                          (int8_t *)k->out, k->dout),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, g_want, k->total);
    return ok;
}

static void random_case(kiln_rng *r, int32_t it, bool is_max)
{
    int32_t o[4];
    int32_t total;
    int32_t span; /* the product with a zero dim taken as 1: an input's elements are at most this */
    do
    {
        span = 1;
        for (int32_t k = 0; k < 4; k++)
        {
            const int32_t pick = kiln_rng_range(r, 0, 9);
            o[k] = pick < 2 ? 1 : (pick < 8 ? kiln_rng_range(r, 2, 9) : kiln_rng_range(r, 10, 40));
            if (it % 97 == 5 && k == (it / 97) % 4)
            {
                o[k] = 0; /* empty output */
            }
            span *= o[k] > 0 ? o[k] : 1;
        }
    } while (span > MAX_ELEMS);
    const int32_t pattern = it & 0xFF;
    int32_t a[4], b[4];
    for (int32_t k = 0; k < 4; k++)
    {
        a[k] = ((pattern >> k) & 1) ? 1 : o[k];
        b[k] = ((pattern >> (k + 4)) & 1) ? 1 : o[k];
        if (o[k] == 0)
        {
            /* A zero dim broadcasts against 1 only: keep one side 0. */
            a[k] = ((pattern >> k) & 1) && b[k] == 0 ? 1 : 0;
            b[k] = (a[k] == 1) ? 0 : b[k];
        }
    }
    for (int32_t k = 0; k < 4; k++)
    {
        if (a[k] == 1 && b[k] == 1)
        {
            o[k] = 1; /* both broadcast: the output dim is 1 */
        }
    }
    total = o[0] * o[1] * o[2] * o[3];
    const int32_t n1 = a[0] * a[1] * a[2] * a[3], n2 = b[0] * b[1] * b[2] * b[3];
    const int32_t al1 = kiln_rng_range(r, 0, 3), al2 = kiln_rng_range(r, 0, 3), alo = kiln_rng_range(r, 0, 3);
    int8_t *in1 = g_in1 + al1, *in2 = g_in2 + al2;
    kiln_rng_fill_s8(r, in1, n1);
    kiln_rng_fill_s8(r, in2, n2);
    if (it % 5 == 0)
    {
        /* Many equal values: ties between the inputs. */
        kiln_rng_fill_s8_range(r, in1, n1, -2, 2);
        kiln_rng_fill_s8_range(r, in2, n2, -2, 2);
    }
    const int32_t ref_rc = (is_max ? kiln_ref_maximum_s8 : kiln_ref_minimum_s8)(in1, a, in2, b, g_want, o);
    KILN_CHECK_EQ(ref_rc, KILN_REF_OK);
    const cmsis_nn_dims d1 = {a[0], a[1], a[2], a[3]}, d2 = {b[0], b[1], b[2], b[3]}, dout = {o[0], o[1], o[2], o[3]};
    /* In place: the output may be an input of the output's own shape. */
    int8_t *out = g_out + alo + GUARD;
    const bool in_place1 = (n1 == total) && (it % 3 == 1), in_place2 = (n2 == total) && (it % 3 == 2);
    memset(g_out, CANARY, sizeof(g_out));
    if (in_place1)
    {
        out = in1;
    }
    else if (in_place2)
    {
        out = in2;
    }
    kiln_test_context("%s it=%ld in1={%ld,%ld,%ld,%ld} in2={%ld,%ld,%ld,%ld} out={%ld,%ld,%ld,%ld} in_place=%d/%d",
                      is_max ? "max" : "min", (long)it, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)b[0],
                      (long)b[1], (long)b[2], (long)b[3], (long)o[0], (long)o[1], (long)o[2], (long)o[3],
                      (int)in_place1, (int)in_place2);
    KILN_CHECK_EQ((is_max ? arm_maximum_s8 : arm_minimum_s8)(NULL, in1, &d1, in2, &d2, out, &dout),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(out, g_want, total);
    if (!in_place1 && !in_place2)
    {
        KILN_CHECK(guards_intact(g_out + alo, total));
        /* Again with each operand flush against the end of readable memory: nothing is read or
         * written past any of them (a fault on the boards, AddressSanitizer on the host). */
        edge_call k = {is_max, &d1, &d2, &dout, in1, in2, g_out + GUARD, total};
        const kiln_edge_operand ops[] = {
            {"input 1", &k.a, (size_t)n1}, {"input 2", &k.b, (size_t)n2}, {"output", &k.out, (size_t)total}};
        kiln_edge_each(ops, 3, edge_run, &k);
    }
}

static void test_maximum_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3A800001u);
    const int32_t iters = kiln_test_iterations(8192, 1280);
    for (int32_t it = 0; it < iters; it++)
    {
        random_case(&r, it, true);
    }
}

static void test_minimum_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3A800002u);
    const int32_t iters = kiln_test_iterations(8192, 1280);
    for (int32_t it = 0; it < iters; it++)
    {
        random_case(&r, it, false);
    }
}

static void test_maxmin_bad_input(void)
{
    int8_t a[64], b[64];
    for (int32_t i = 0; i < 64; i++)
    {
        a[i] = (int8_t)(i * 3 - 90);
        b[i] = (int8_t)(40 - i * 2);
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
        {"output dim 1 where inputs have 4", {1, 1, 4, 1}, {1, 1, 4, 1}, {1, 1, 1, 1}, 0},
        {"zero against a full dim", {1, 2, 0, 8}, d, {1, 2, 0, 8}, 0},
        {"element count over INT32_MAX", {65536, 65536, 1, 1}, {1, 1, 1, 1}, {65536, 65536, 1, 1}, 0},
        {"64-bit product overflow", {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, {1, 1, 1, 1},
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, 0},
        {"INT32_MIN dim", {INT32_MIN, 1, 1, 1}, {1, 1, 1, 1}, {INT32_MIN, 1, 1, 1}, 0},
    };
    for (int32_t op = 0; op < 2; op++)
    {
        const maxmin_fn fn = op ? arm_minimum_s8 : arm_maximum_s8;
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            memset(g_out, CANARY, sizeof(g_out));
            const int32_t z = cases[k].nulls;
            kiln_test_context("%s: %s", op ? "min" : "max", cases[k].what);
            KILN_CHECK_EQ(fn(NULL, (z & 1) ? NULL : a, (z & 2) ? NULL : &cases[k].d1, (z & 4) ? NULL : b,
                             (z & 8) ? NULL : &cases[k].d2, (z & 16) ? NULL : g_out + GUARD,
                             (z & 32) ? NULL : &cases[k].dout),
                          ARM_CMSIS_NN_ARG_ERROR);
            for (size_t i = 0; i < sizeof(g_out); i++)
            {
                if (g_out[i] != CANARY)
                {
                    KILN_CHECK_EQ(g_out[i], CANARY);
                    break;
                }
            }
        }
        /* Empty outputs are valid and write nothing. */
        const cmsis_nn_dims e = {1, 0, 4, 8}, one = {1, 1, 1, 1}, e1 = {1, 0, 1, 1};
        memset(g_out, CANARY, sizeof(g_out));
        kiln_test_context("%s: empty", op ? "min" : "max");
        KILN_CHECK_EQ(fn(NULL, a, &e, b, &e, g_out + GUARD, &e), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(fn(NULL, a, &one, b, &e1, g_out + GUARD, &e1), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(guards_intact(g_out, 0));
    }
}

int main(void)
{
    KILN_RUN(test_maxmin_vectors);
    KILN_RUN(test_maximum_random);
    KILN_RUN(test_minimum_random);
    KILN_RUN(test_maxmin_bad_input);
    return kiln_test_finish();
}
