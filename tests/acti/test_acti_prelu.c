/*
 * arm_prelu_s8 / arm_prelu_s16 against a reference written here from TFLite's BroadcastPrelu4DSlow
 * (4-D loops, each alpha dimension equal to the input's or broadcast from 1) with tests/reference's
 * MultiplyByQuantizedMultiplier: random shapes and broadcasts, TFLite-derived and raw parameters over
 * the accepted ranges, in place (input == output) and out of place, output between guard bytes,
 * input and alpha unchanged, a subset again with each operand against the ends of readable memory,
 * every int8 input against every int8 alpha once, and a bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "acti_common.h"
#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define MAX_ELEMS 4096

typedef struct
{
    bool s16;
    int32_t in_dims[4], alpha_dims[4];
    int32_t io, ao, oo, mi, si, ma, sa;
} prelu_case;

static uint8_t g_in[2 * MAX_ELEMS], g_alpha[2 * MAX_ELEMS], g_in_copy[2 * MAX_ELEMS], g_alpha_copy[2 * MAX_ELEMS];
static uint8_t g_want[2 * MAX_ELEMS];
static uint8_t g_out_buf[2 * MAX_ELEMS + 2 * ACTI_GUARD + 8];

static int32_t count4(const int32_t d[4])
{
    return d[0] * d[1] * d[2] * d[3];
}

static cmsis_nn_dims to_dims(const int32_t d[4])
{
    const cmsis_nn_dims r = {d[0], d[1], d[2], d[3]};
    return r;
}

/* TFLite BroadcastPrelu4DSlow: offsets are added (negated zero points). */
static void ref_prelu(const prelu_case *c, const void *in, const void *alpha, void *out)
{
    const int32_t *d = c->in_dims, *a = c->alpha_dims;
    for (int32_t b = 0; b < d[0]; b++)
    {
        for (int32_t y = 0; y < d[1]; y++)
        {
            for (int32_t x = 0; x < d[2]; x++)
            {
                for (int32_t ch = 0; ch < d[3]; ch++)
                {
                    const int32_t i = ((b * d[1] + y) * d[2] + x) * d[3] + ch;
                    const int32_t j =
                        (((a[0] == 1 ? 0 : b) * a[1] + (a[1] == 1 ? 0 : y)) * a[2] + (a[2] == 1 ? 0 : x)) * a[3] +
                        (a[3] == 1 ? 0 : ch);
                    const int32_t v = c->io + acti_get(in, i, c->s16);
                    int32_t y_val;
                    if (v >= 0)
                    {
                        y_val = kiln_ref_multiply_by_quantized_multiplier(v, c->mi, c->si);
                    }
                    else
                    {
                        const int32_t av = c->ao + acti_get(alpha, j, c->s16);
                        y_val = kiln_ref_multiply_by_quantized_multiplier(v * av, c->ma, c->sa);
                    }
                    acti_set(out, i, acti_clamp((int64_t)c->oo + y_val, acti_tmin(c->s16), acti_tmax(c->s16)), c->s16);
                }
            }
        }
    }
}

static arm_cmsis_nn_status
call_prelu(const prelu_case *c, const int32_t out_d[4], const void *in, const void *alpha, void *out)
{
    const cmsis_nn_dims di = to_dims(c->in_dims), da = to_dims(c->alpha_dims), dout = to_dims(out_d);
    if (c->s16)
    {
        return arm_prelu_s16(&di, (const int16_t *)in, &da, (const int16_t *)alpha, c->io, c->ao, c->oo, c->mi, c->si,
                             c->ma, c->sa, &dout, (int16_t *)out);
    }
    return arm_prelu_s8(&di, (const int8_t *)in, &da, (const int8_t *)alpha, c->io, c->ao, c->oo, c->mi, c->si, c->ma,
                        c->sa, &dout, (int8_t *)out);
}

static void gen_case(kiln_rng *r, int32_t it, prelu_case *c)
{
    c->s16 = (it & 1) != 0;
    const bool s16 = c->s16;
    int64_t total;
    do
    {
        total = 1;
        for (int32_t k = 0; k < 4; k++)
        {
            c->in_dims[k] = kiln_rng_range(r, 1, (k == 3) ? 24 : 4);
            if (kiln_rng_u32(r) % 64u == 0)
            {
                c->in_dims[k] = 0; /* an empty tensor */
            }
            c->alpha_dims[k] = (kiln_rng_u32(r) & 1u) ? c->in_dims[k] : 1;
            total *= c->in_dims[k];
        }
    } while (total > MAX_ELEMS);
    if (it % 8 == 4)
    {
        /* a single alpha */
        c->alpha_dims[0] = c->alpha_dims[1] = c->alpha_dims[2] = c->alpha_dims[3] = 1;
    }
    if (!s16)
    {
        c->io = (it % 13 == 6) ? ((it & 2) ? -255 : 255) : -kiln_rng_range(r, -128, 127);
        c->ao = (it % 13 == 7) ? ((it & 2) ? -255 : 255) : -kiln_rng_range(r, -128, 127);
        c->oo = kiln_rng_range(r, -128, 127);
    }
    else
    {
        const bool zero = (kiln_rng_u32(r) % 2u) == 0;
        c->io = zero ? 0 : kiln_rng_range(r, -8000, 8000);
        c->ao = zero ? 0 : kiln_rng_range(r, -8000, 8000);
        c->oo = zero ? 0 : kiln_rng_range(r, -32768, 32767);
    }
    const int64_t tmin = acti_tmin(s16), tmax = acti_tmax(s16);
    const int64_t xlo = tmin + c->io, xhi = tmax + c->io;
    const int64_t alo = tmin + c->ao, ahi = tmax + c->ao;
    /* The largest shifts for which the requantized values (x >= 0, and x * alpha for x < 0) stay
     * within int32 once shifted left. */
    int64_t plo = xlo * alo, phi = plo;
    const int64_t nhi = xhi < -1 ? xhi : -1;
    const int64_t corners[3] = {xlo * ahi, nhi * alo, nhi * ahi};
    for (int32_t k = 0; k < 3; k++)
    {
        plo = corners[k] < plo ? corners[k] : plo;
        phi = corners[k] > phi ? corners[k] : phi;
    }
    const int32_t smax_i = acti_max_shift(xlo > 0 ? xlo : 0, xhi), smax_a = acti_max_shift(plo, phi);
    if (kiln_rng_u32(r) & 1u)
    {
        /* TFLite: input scale / output scale and input scale * alpha scale / output scale */
        const double in_scale = acti_rand_scale(r, s16 ? -15 : -8, s16 ? -8 : -2);
        const double out_scale = in_scale * acti_rand_scale(r, -2, 1);
        const double alpha_scale = acti_rand_scale(r, s16 ? -16 : -9, -1);
        acti_quantize_multiplier(in_scale / out_scale, &c->mi, &c->si);
        acti_quantize_multiplier(in_scale * alpha_scale / out_scale, &c->ma, &c->sa);
        c->si = c->si > smax_i ? smax_i : c->si;
        c->sa = c->sa > smax_a ? smax_a : c->sa;
    }
    else
    {
        c->mi = kiln_rng_range(r, 0, INT32_MAX);
        c->ma = (kiln_rng_u32(r) % 8u == 0) ? -kiln_rng_range(r, 1, INT32_MAX) : kiln_rng_range(r, 0, INT32_MAX);
        c->si = kiln_rng_range(r, -31, smax_i);
        c->sa = kiln_rng_range(r, -31, smax_a);
        if (kiln_rng_u32(r) & 1u)
        {
            /* scales that keep most outputs unsaturated */
            c->si = kiln_rng_range(r, -12, 0);
            c->sa = kiln_rng_range(r, -20, -8);
        }
    }
}

typedef struct
{
    const prelu_case *c;
    const int32_t *out_d;
    int32_t n;
    void *in, *alpha, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(call_prelu(k->c, k->out_d, k->in, k->alpha, k->out), ARM_CMSIS_NN_SUCCESS);
    ok &= k->c->s16 ? KILN_CHECK_MEM_S16((const int16_t *)k->out, (const int16_t *)g_want, k->n)
                    : KILN_CHECK_MEM_S8((const int8_t *)k->out, (const int8_t *)g_want, k->n);
    return ok;
}

static void run_case(kiln_rng *r, const prelu_case *c, int32_t it, bool in_place, bool edges)
{
    const bool s16 = c->s16;
    const int32_t es = s16 ? 2 : 1;
    const int32_t n = count4(c->in_dims), na = count4(c->alpha_dims);
    const size_t bytes = (size_t)n * (size_t)es, abytes = (size_t)na * (size_t)es;
    ref_prelu(c, g_in, g_alpha, g_want);
    memset(g_out_buf, ACTI_CANARY, sizeof(g_out_buf));
    uint8_t *out = g_out_buf + ACTI_GUARD + kiln_rng_range(r, 0, 3) * es;
    const void *in = g_in;
    memcpy(g_in_copy, g_in, bytes);
    memcpy(g_alpha_copy, g_alpha, abytes);
    if (in_place)
    {
        memcpy(out, g_in, bytes);
        in = out;
    }
    kiln_test_context("it=%ld s16=%d in=%ldx%ldx%ldx%ld alpha=%ldx%ldx%ldx%ld io=%ld ao=%ld oo=%ld mi=%ld si=%ld "
                      "ma=%ld sa=%ld in_place=%d",
                      (long)it, (int)s16, (long)c->in_dims[0], (long)c->in_dims[1], (long)c->in_dims[2],
                      (long)c->in_dims[3], (long)c->alpha_dims[0], (long)c->alpha_dims[1], (long)c->alpha_dims[2],
                      (long)c->alpha_dims[3], (long)c->io, (long)c->ao, (long)c->oo, (long)c->mi, (long)c->si,
                      (long)c->ma, (long)c->sa, (int)in_place);
    KILN_CHECK_EQ(call_prelu(c, c->in_dims, in, g_alpha, out), ARM_CMSIS_NN_SUCCESS);
    if (s16)
    {
        KILN_CHECK_MEM_S16((const int16_t *)out, (const int16_t *)g_want, n);
    }
    else
    {
        KILN_CHECK_MEM_S8((const int8_t *)out, (const int8_t *)g_want, n);
    }
    KILN_CHECK(acti_guards_intact(out, bytes));
    KILN_CHECK(memcmp(g_alpha, g_alpha_copy, abytes) == 0);
    if (!in_place)
    {
        KILN_CHECK(memcmp(g_in, g_in_copy, bytes) == 0);
    }
    if (edges && !in_place)
    {
        edge_call k = {c, c->in_dims, n, g_in, g_alpha, out};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, bytes}, {"alpha", &k.alpha, abytes}, {"output", &k.out, bytes}};
        kiln_edge_each(ops, 3, edge_run, &k);
    }
}

static void test_prelu_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xAC710400u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        prelu_case c;
        gen_case(&r, it, &c);
        acti_fill(&r, g_in, count4(c.in_dims), c.s16, it);
        acti_fill(&r, g_alpha, count4(c.alpha_dims), c.s16, it + 1);
        run_case(&r, &c, it, (it % 4) == 3, (it % 16) == 2);
    }
}

/* Every int8 input with every int8 alpha (a 256 x 256 tensor, alpha broadcast over the rows), for
 * a few parameter sets. */
static void test_prelu_s8_all_pairs(void)
{
    static int8_t s_in[256 * 256], s_alpha[256], s_out[256 * 256], s_want[256 * 256];
    kiln_rng r;
    kiln_rng_seed(&r, 0xAC710401u);
    for (int32_t i = 0; i < 256 * 256; i++)
    {
        s_in[i] = (int8_t)((i >> 8) - 128);
    }
    for (int32_t i = 0; i < 256; i++)
    {
        s_alpha[i] = (int8_t)(i - 128);
    }
    const int32_t sets = kiln_test_iterations(12, 2);
    for (int32_t it = 0; it < sets; it++)
    {
        prelu_case c;
        gen_case(&r, 2 * it, &c); /* int8 parameters */
        const int32_t d[4] = {1, 1, 256, 256}, a[4] = {1, 1, 1, 256};
        memcpy(c.in_dims, d, sizeof(d));
        memcpy(c.alpha_dims, a, sizeof(a));
        ref_prelu(&c, s_in, s_alpha, s_want);
        kiln_test_context("all pairs, set %ld io=%ld ao=%ld oo=%ld mi=%ld si=%ld ma=%ld sa=%ld", (long)it, (long)c.io,
                          (long)c.ao, (long)c.oo, (long)c.mi, (long)c.si, (long)c.ma, (long)c.sa);
        KILN_CHECK_EQ(call_prelu(&c, d, s_in, s_alpha, s_out), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(s_out, s_want, 256 * 256);
    }
}

static void test_prelu_bad_input(void)
{
    for (int32_t t = 0; t < 2; t++)
    {
        const bool s16 = (t == 1);
        const int32_t span = s16 ? 65535 : 255;
        const prelu_case good = {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4};
        struct
        {
            const char *what;
            prelu_case c;
            int32_t out_d[4];
            int null_arg; /* 1..6: input dims, input, alpha dims, alpha, output dims, output */
        } cases[] = {
            {"NULL input dims", good, {1, 2, 2, 3}, 1},
            {"NULL input", good, {1, 2, 2, 3}, 2},
            {"NULL alpha dims", good, {1, 2, 2, 3}, 3},
            {"NULL alpha", good, {1, 2, 2, 3}, 4},
            {"NULL output dims", good, {1, 2, 2, 3}, 5},
            {"NULL output", good, {1, 2, 2, 3}, 6},
            {"output dims differ from input", good, {1, 2, 3, 3}, 0},
            {"output c broadcast from alpha",
             {s16, {1, 2, 2, 1}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"alpha c neither 1 nor input c",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 2}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"alpha larger than input",
             {s16, {1, 1, 2, 3}, {1, 2, 2, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {1, 1, 2, 3},
             0},
            {"negative input dim",
             {s16, {1, -2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {1, -2, 2, 3},
             0},
            {"negative alpha dim",
             {s16, {1, 2, 2, 3}, {1, -1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"more than INT32_MAX elements",
             {s16, {65536, 65536, 1, 1}, {1, 1, 1, 1}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {65536, 65536, 1, 1},
             0},
            {"input offset too large",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, span + 1, 0, 0, 1 << 30, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"alpha offset too small",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, -span - 1, 0, 1 << 30, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"output offset outside the type",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, s16 ? 32768 : 128, 1 << 30, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"identity shift above 30",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 31, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"identity shift overflows",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, s16 ? 17 : 25, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"alpha shift below -31",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -32},
             {1, 2, 2, 3},
             0},
            {"alpha shift overflows",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, s16 ? 2 : 18},
             {1, 2, 2, 3},
             0},
            /* int8: no product can overflow; the largest alpha shift plus one instead */
            {"alpha product overflows int32 (int16) / alpha shift 17 (int8)",
             {s16,
              {1, 2, 2, 3},
              {1, 1, 1, 3},
              s16 ? -30000 : 0,
              s16 ? -30000 : 0,
              0,
              1 << 30,
              0,
              1 << 30,
              s16 ? -4 : 17},
             {1, 2, 2, 3},
             0},
            {"identity multiplier INT32_MIN",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, INT32_MIN, 0, 1 << 30, -4},
             {1, 2, 2, 3},
             0},
            {"alpha multiplier INT32_MIN",
             {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, INT32_MIN, -4},
             {1, 2, 2, 3},
             0},
        };
        uint8_t in[64], alpha[64], out[64 + 2 * ACTI_GUARD];
        memset(in, 0x81, sizeof(in));
        memset(alpha, 3, sizeof(alpha));
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const prelu_case *c = &cases[k].c;
            const cmsis_nn_dims di = to_dims(c->in_dims), da = to_dims(c->alpha_dims), dout = to_dims(cases[k].out_d);
            const int na = cases[k].null_arg;
            memset(out, ACTI_CANARY, sizeof(out));
            kiln_test_context("s16=%d: %s", (int)s16, cases[k].what);
            arm_cmsis_nn_status st;
            if (s16)
            {
                st = arm_prelu_s16(na == 1 ? NULL : &di, na == 2 ? NULL : (const int16_t *)in, na == 3 ? NULL : &da,
                                   na == 4 ? NULL : (const int16_t *)alpha, c->io, c->ao, c->oo, c->mi, c->si, c->ma,
                                   c->sa, na == 5 ? NULL : &dout, na == 6 ? NULL : (int16_t *)(out + ACTI_GUARD));
            }
            else
            {
                st = arm_prelu_s8(na == 1 ? NULL : &di, na == 2 ? NULL : (const int8_t *)in, na == 3 ? NULL : &da,
                                  na == 4 ? NULL : (const int8_t *)alpha, c->io, c->ao, c->oo, c->mi, c->si, c->ma,
                                  c->sa, na == 5 ? NULL : &dout, na == 6 ? NULL : (int8_t *)(out + ACTI_GUARD));
            }
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
            for (size_t i = 0; i < sizeof(out); i++)
            {
                KILN_CHECK_EQ(out[i], ACTI_CANARY);
            }
        }
        /* Limits that are accepted: the largest offsets, an empty tensor, the largest shifts. */
        kiln_rng r;
        kiln_rng_seed(&r, 0xAC710402u + (uint64_t)t);
        const prelu_case limits[] = {
            {s16,
             {1, 2, 2, 3},
             {1, 1, 1, 3},
             s16 ? 0 : span,
             s16 ? 0 : -span,
             s16 ? 32767 : -128,
             INT32_MAX,
             0,
             INT32_MAX,
             -31},
            {s16, {1, 2, 2, 3}, {1, 2, 2, 3}, s16 ? -32767 : -span, 0, 0, 1 << 30, s16 ? 0 : 30, 1 << 30, 0},
            {s16, {2, 0, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, 0, 1 << 30, -4},
            {s16, {1, 2, 2, 3}, {1, 1, 1, 3}, 0, 0, 0, 1 << 30, s16 ? 16 : 24, 1 << 30, s16 ? 0 : 16},
        };
        for (size_t k = 0; k < sizeof(limits) / sizeof(limits[0]); k++)
        {
            acti_fill(&r, g_in, count4(limits[k].in_dims), s16, 2);
            acti_fill(&r, g_alpha, count4(limits[k].alpha_dims), s16, 2);
            run_case(&r, &limits[k], (int32_t)k, false, false);
        }
    }
}

int main(void)
{
    KILN_RUN(test_prelu_random);
    KILN_RUN(test_prelu_s8_all_pairs);
    KILN_RUN(test_prelu_bad_input);
    return kiln_test_finish();
}
