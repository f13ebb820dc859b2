/*
 * RESIZE_NEAREST_NEIGHBOR (arm_resize_nearest_neighbor_s8 / _s16) and GetNearestNeighbor. No shared vectors exist
 * for them. The reference index is written here from TFLite's definition: v = (x + offset) * scale evaluated in
 * float32, then floor (or, with align_corners, round half away from zero) computed through double arithmetic
 * (independent of the header's float-only floor / round), clamped to [.., size - 1] and, with half_pixel_centers,
 * to [0, ..]. GetNearestNeighbor alone: random and adversarial scales / offsets (exact halves, negatives, values
 * past the int32 range, NaN). Resize: random shapes, all four flag combinations, ctx NULL or not; output between
 * guard bytes, input unchanged; every eighth case again with input, size data and output flush against the ends of
 * readable memory. A bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_test.h"
#include "sr_util.h"

/* TFLite's index, the rounding through double */
static int32_t ref_nearest(int32_t x, int32_t size, float scale, float offset, bool ac, bool hp)
{
    const float v = ((float)x + offset) * scale;
    int64_t idx;
    if (v != v)
    {
        idx = 0;
    }
    else
    {
        const double dv = (double)v;
        double f;
        if (ac)
        {
            /* half away from zero: floor(|v| + 0.5) with the sign put back (|v| + 0.5 is exact in double) */
            const double a = dv < 0 ? -dv : dv;
            double t = (double)(int64_t)(a + 0.5 < 9.0e18 ? a + 0.5 : 9.0e18);
            f = dv < 0 ? -t : t;
        }
        else
        {
            const double c = dv < -9.0e18 ? -9.0e18 : (dv > 9.0e18 ? 9.0e18 : dv);
            double t = (double)(int64_t)c; /* toward zero */
            f = t > c ? t - 1.0 : t;
        }
        idx = f >= 2147483647.0 ? INT32_MAX : (f <= -2147483648.0 ? INT32_MIN : (int64_t)f);
    }
    if (idx > (int64_t)size - 1)
    {
        idx = (int64_t)size - 1;
    }
    if (hp && idx < 0)
    {
        idx = 0;
    }
    return (int32_t)idx;
}

static float rand_float(kiln_rng *r)
{
    switch (kiln_rng_range(r, 0, 4))
    {
    case 0: /* a multiple of 1/8: exact halves and integers are common */
        return (float)kiln_rng_range(r, -4000, 4000) / 8.0f;
    case 1:
        return (float)kiln_rng_range(r, -1000000, 1000000) / (float)kiln_rng_range(r, 1, 1000);
    case 2: /* any finite bit pattern, huge values included */
    {
        uint32_t b;
        float f;
        do
        {
            b = kiln_rng_u32(r);
            memcpy(&f, &b, 4);
        } while ((b & 0x7F800000u) == 0x7F800000u);
        return f;
    }
    case 3:
        return (float)kiln_rng_range(r, 0, 64) / (float)kiln_rng_range(r, 1, 64);
    default:
        return 0.5f;
    }
}

static void test_get_nearest_neighbor(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x6E16);
    const int32_t iters = kiln_test_iterations(200000, 20000);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t x = kiln_rng_range(&r, 0, 3) == 0 ? (int32_t)kiln_rng_u32(&r) : kiln_rng_range(&r, -50, 500);
        const int32_t size = kiln_rng_range(&r, 0, 3) == 0 ? (int32_t)kiln_rng_u32(&r) : kiln_rng_range(&r, 1, 600);
        const float scale = rand_float(&r);
        const float offset = kiln_rng_range(&r, 0, 1) ? 0.5f : rand_float(&r);
        const bool ac = kiln_rng_range(&r, 0, 1), hp = kiln_rng_range(&r, 0, 1);
        const int32_t got = GetNearestNeighbor(x, size, scale, offset, ac, hp);
        const int32_t want = ref_nearest(x, size, scale, offset, ac, hp);
        if (got != want)
        {
            kiln_test_context("x %d size %d scale %a offset %a ac %d hp %d", x, size, (double)scale, (double)offset, ac,
                              hp);
            KILN_CHECK_EQ(got, want);
            return;
        }
    }
    /* NaN scale: index 0 (then the clamps) */
    float nan;
    const uint32_t nan_bits = 0x7FC00000u;
    memcpy(&nan, &nan_bits, 4);
    KILN_CHECK_EQ(GetNearestNeighbor(3, 10, nan, 0.0f, false, false), 0);
    KILN_CHECK_EQ(GetNearestNeighbor(3, 10, nan, 0.5f, true, true), 0);
    KILN_CHECK_EQ(GetNearestNeighbor(3, INT32_MIN, 1.0f, 0.0f, false, false), INT32_MIN);
}

typedef arm_cmsis_nn_status (*rs_fn)(const cmsis_nn_context *,
                                     const cmsis_nn_resize_params *,
                                     const cmsis_nn_dims *,
                                     const void *,
                                     const cmsis_nn_dims *,
                                     const int32_t *,
                                     const cmsis_nn_dims *,
                                     void *);
static arm_cmsis_nn_status rs_s8(const cmsis_nn_context *ctx,
                                 const cmsis_nn_resize_params *p,
                                 const cmsis_nn_dims *is,
                                 const void *in,
                                 const cmsis_nn_dims *ss,
                                 const int32_t *sd,
                                 const cmsis_nn_dims *os,
                                 void *out)
{
    return arm_resize_nearest_neighbor_s8(ctx, p, is, (const int8_t *)in, ss, sd, os, (int8_t *)out);
}
static arm_cmsis_nn_status rs_s16(const cmsis_nn_context *ctx,
                                  const cmsis_nn_resize_params *p,
                                  const cmsis_nn_dims *is,
                                  const void *in,
                                  const cmsis_nn_dims *ss,
                                  const int32_t *sd,
                                  const cmsis_nn_dims *os,
                                  void *out)
{
    return arm_resize_nearest_neighbor_s16(ctx, p, is, (const int16_t *)in, ss, sd, os, (int16_t *)out);
}
static const struct
{
    const char *name;
    size_t es;
    rs_fn fn;
} rs_types[] = {{"s8", 1, rs_s8}, {"s16", 2, rs_s16}};

/* One call with its operands where kiln_edge_each() puts them (flush against the ends of readable memory). */
typedef struct
{
    rs_fn fn;
    const cmsis_nn_resize_params *p;
    const cmsis_nn_dims *is, *ss, *os;
    void *in, *sd, *out;
    size_t out_bytes;
} rs_edge;

static bool rs_edge_run(void *arg)
{
    const rs_edge *k = (const rs_edge *)arg;
    bool ok = KILN_CHECK_EQ(k->fn(NULL, k->p, k->is, k->in, k->ss, (const int32_t *)k->sd, k->os, k->out),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->out, sr_want, k->out_bytes) == 0);
    return ok;
}

static void test_resize_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x2E512E);
    static int32_t scratch[64];
    const int32_t iters = kiln_test_iterations(4000, 600); /* per type: 2000 / 300 */
    for (int32_t it = 0; it < iters; it++)
    {
        const size_t es = rs_types[it & 1].es;
        int32_t n, h, w, c, oh, ow;
        do
        {
            n = kiln_rng_range(&r, 1, 3);
            h = kiln_rng_range(&r, 1, 9);
            w = kiln_rng_range(&r, 1, 9);
            c = kiln_rng_range(&r, 1, 5);
            oh = kiln_rng_range(&r, 1, 20);
            ow = kiln_rng_range(&r, 1, 20);
        } while ((int64_t)n * oh * ow * c * (int64_t)es > SR_MAX || (int64_t)n * h * w * c * (int64_t)es > SR_MAX);
        const cmsis_nn_resize_params p = {kiln_rng_range(&r, 0, 1) != 0, kiln_rng_range(&r, 0, 1) != 0};
        const cmsis_nn_dims is = {n, h, w, c}, os = {n, oh, ow, c};
        const int32_t sd[2] = {oh, ow};
        const int32_t shape_form = kiln_rng_range(&r, 0, 2);
        const cmsis_nn_dims ss = shape_form == 0
                                     ? (cmsis_nn_dims){2, 1, 1, 1}
                                     : (shape_form == 1 ? (cmsis_nn_dims){1, 1, 1, 2} : (cmsis_nn_dims){1, 2, 1, 1});
        const cmsis_nn_context ctx = {scratch, (int32_t)sizeof(scratch)};
        const bool with_ctx = kiln_rng_range(&r, 0, 1) != 0;
        sr_fill_input(&r, (size_t)(n * h * w * c) * es);
        /* reference, with TFLite's float32 scales */
        const float ys = (p.align_corners && oh > 1) ? (float)(h - 1) / (float)(oh - 1) : (float)h / (float)oh;
        const float xs = (p.align_corners && ow > 1) ? (float)(w - 1) / (float)(ow - 1) : (float)w / (float)ow;
        const float off = p.half_pixel_centers ? 0.5f : 0.0f;
        size_t k = 0;
        for (int32_t b = 0; b < n; b++)
            for (int32_t y = 0; y < oh; y++)
                for (int32_t x = 0; x < ow; x++)
                {
                    const int32_t iy = ref_nearest(y, h, ys, off, p.align_corners, p.half_pixel_centers);
                    const int32_t ix = ref_nearest(x, w, xs, off, p.align_corners, p.half_pixel_centers);
                    memcpy(sr_want + k, sr_in + (size_t)(((b * h + iy) * w + ix) * c) * es, (size_t)c * es);
                    k += (size_t)c * es;
                }
        kiln_test_context("%s n %d h %d w %d c %d -> %d x %d ac %d hp %d", rs_types[it & 1].name, n, h, w, c, oh, ow,
                          p.align_corners, p.half_pixel_centers);
        sr_canary();
        KILN_CHECK_EQ(rs_types[it & 1].fn(with_ctx ? &ctx : NULL, &p, &is, sr_in, &ss, sd, &os, sr_out_ptr()),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(sr_out_ok(k));
        KILN_CHECK(sr_input_unchanged((size_t)(n * h * w * c) * es));
        if (it % 8 == 0)
        {
            rs_edge e = {rs_types[it & 1].fn, &p, &is, &ss, &os, sr_in, kiln_edge_ptr(sd), sr_out_ptr(), k};
            const kiln_edge_operand ops[] = {{"input", &e.in, (size_t)(n * h * w * c) * es},
                                             {"size data", &e.sd, sizeof(sd)},
                                             {"output", &e.out, k}};
            KILN_CHECK(kiln_edge_each(ops, 3, rs_edge_run, &e));
        }
    }
}

static void test_resize_bad_input(void)
{
    typedef struct
    {
        const char *what;
        cmsis_nn_dims is, ss, os;
        int32_t sd[2];
        int null_arg; /* 1 params, 2 input shape, 3 input, 4 size shape, 5 size data, 6 output shape, 7 output */
    } row;
    const cmsis_nn_dims is = {2, 3, 4, 5}, ss = {1, 1, 1, 2}, os = {2, 6, 7, 5};
    const row rows[] = {
        {"null params", is, ss, os, {6, 7}, 1},
        {"null input shape", is, ss, os, {6, 7}, 2},
        {"null input", is, ss, os, {6, 7}, 3},
        {"null size shape", is, ss, os, {6, 7}, 4},
        {"null size data", is, ss, os, {6, 7}, 5},
        {"null output shape", is, ss, os, {6, 7}, 6},
        {"null output", is, ss, os, {6, 7}, 7},
        {"zero input height", {2, 0, 4, 5}, ss, os, {6, 7}, 0},
        {"negative input channels", {2, 3, 4, -5}, ss, {2, 6, 7, -5}, {6, 7}, 0},
        {"size shape of 3 values", is, {1, 1, 1, 3}, os, {6, 7}, 0},
        {"size shape of 1 value", is, {1, 1, 1, 1}, os, {6, 7}, 0},
        {"size shape with -1 fields", is, {-1, -2, 1, 1}, os, {6, 7}, 0},
        {"zero new height", is, ss, {2, 0, 7, 5}, {0, 7}, 0},
        {"negative new width", is, ss, {2, 6, -7, 5}, {6, -7}, 0},
        {"output height differs from size", is, ss, {2, 5, 7, 5}, {6, 7}, 0},
        {"output width differs from size", is, ss, {2, 6, 8, 5}, {6, 7}, 0},
        {"output batch differs", is, ss, {1, 6, 7, 5}, {6, 7}, 0},
        {"output channels differ", is, ss, {2, 6, 7, 4}, {6, 7}, 0},
        {"output count past INT32_MAX", is, ss, {2, 65536, 65536, 5}, {65536, 65536}, 0},
    };
    const cmsis_nn_resize_params p = {false, true};
    sr_fill_input(&(kiln_rng){0}, 2 * 3 * 4 * 5 * 2);
    for (int t = 0; t < 2; t++)
    {
        const int32_t sd_ok[2] = {6, 7};
        sr_canary();
        KILN_CHECK_EQ(rs_types[t].fn(NULL, &p, &is, sr_in, &ss, sd_ok, &os, sr_out_ptr()), ARM_CMSIS_NN_SUCCESS);
        for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++)
        {
            const row *w = &rows[k];
            kiln_test_context("%s: %s", rs_types[t].name, w->what);
            sr_canary();
            KILN_CHECK_EQ(rs_types[t].fn(NULL, w->null_arg == 1 ? NULL : &p, w->null_arg == 2 ? NULL : &w->is,
                                         w->null_arg == 3 ? NULL : sr_in, w->null_arg == 4 ? NULL : &w->ss,
                                         w->null_arg == 5 ? NULL : w->sd, w->null_arg == 6 ? NULL : &w->os,
                                         w->null_arg == 7 ? NULL : sr_out_ptr()),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(sr_untouched());
        }
    }
}

int main(void)
{
    KILN_RUN(test_get_nearest_neighbor);
    KILN_RUN(test_resize_random);
    KILN_RUN(test_resize_bad_input);
    return kiln_test_finish();
}
