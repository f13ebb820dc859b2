/*
 * The float support kernels:
 *  - arm_nn_maxpool1d_k3s3_nhwc_f32 / _f16, arm_nn_maxpool1d_k2s2_nhwc_noclip_f32 / _f16 and
 *    arm_nn_maxpool1d_k2s2_nhwc_f32 / _f16: the shared 1D max pooling vectors (maxpooling_1d_*, the same shapes
 *    TFLite / PyTorch produced for arm_max_pool_f32 / _f16), then random shapes with NaN, +-inf, -0 and subnormal
 *    taps against a double reference (TFLite's rule: the running maximum from the lower bound, -inf for noclip;
 *    NaN never wins; then the upper clamp): exact values;
 *  - arm_nn_softmax_1x2_f32 / _f16: the bytes of arm_softmax_f32 / _f16 on the same row, and a double reference
 *    within the float softmax kernels' bound (tests/flt_ops); in place;
 *  - arm_fully_connected_fp16 and arm_nn_vec_mat_mult_t_fp16: the bytes of arm_fully_connected_f16 (standard
 *    weights), and a double reference within (k + 2) 2^-24 S + 2^-11 |ref| + 2^-25, S = sum |x w| + |bias|.
 * Every call: output between guard elements that must keep their bytes, inputs unchanged, and again with each
 * operand at the ends of readable memory (kiln_edge_each; same output bytes); bad-input tables (each
 * bad argument: ARM_CMSIS_NN_ARG_ERROR where the function returns a status, and the output untouched).
 */
#include "supflt_test.h"

#if ARM_NN_ENABLE_F32
#include "kiln_vectors/maxpooling_1d_k2s2_clip_f32.h"
#include "kiln_vectors/maxpooling_1d_k2s2_noclip_f32.h"
#include "kiln_vectors/maxpooling_1d_k3s3_noclip_f32.h"
#endif
#if ARM_NN_ENABLE_F16
#include "kiln_vectors/maxpooling_1d_k2s2_clip_f16.h"
#include "kiln_vectors/maxpooling_1d_k2s2_noclip_f16.h"
#include "kiln_vectors/maxpooling_1d_k3s3_noclip_f16.h"
#endif

#define GUARD    (16)
#define MAX_ELEM (4096)
#define U32      (1.0 / 16777216.0)
#define U16      (1.0 / 2048.0)

/* Storage: float32 or float16 elements as bytes, with GUARD elements of a pattern on both sides of the output. */
static uint8_t in_buf[MAX_ELEM * 4], in_copy[MAX_ELEM * 4], w_buf[MAX_ELEM * 4], w_copy[MAX_ELEM * 4];
static uint8_t out_buf[(MAX_ELEM + 2 * GUARD) * 4], out2_buf[(MAX_ELEM + 2 * GUARD) * 4];
static double in_d[MAX_ELEM], w_d[MAX_ELEM];

static void guard_fill(uint8_t *b, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
    {
        b[i] = (uint8_t)(0xA5u ^ (i * 7u));
    }
}

static bool guard_kept(const uint8_t *b, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
    {
        if (b[i] != (uint8_t)(0xA5u ^ (i * 7u)))
        {
            return false;
        }
    }
    return true;
}

/* One stored element (es 4: float32, es 2: float16) as double. */
static double elem_d(const uint8_t *p, size_t i, int es)
{
#if ARM_NN_ENABLE_F16
    if (es == 2)
    {
        uint16_t u;
        memcpy(&u, p + i * 2, 2);
        return (double)(float)sf_f16(u);
    }
#endif
    uint32_t u;
    memcpy(&u, p + i * 4, 4);
    return (double)sf_f32(u);
}

/* Store v (already a value of the type) at element i. */
static void elem_set(uint8_t *p, size_t i, int es, double v)
{
#if ARM_NN_ENABLE_F16
    if (es == 2)
    {
        const uint16_t u = sf_bits16((float16_t)(float)v);
        memcpy(p + i * 2, &u, 2);
        return;
    }
#endif
    const uint32_t u = sf_bits32((float)v);
    memcpy(p + i * 4, &u, 4);
}

/* A value of the type: mostly moderate, one in eight a special (NaN, +-inf, +-0, subnormal, extreme). */
static double draw_val(kiln_rng *r, int es)
{
    const int32_t k = kiln_rng_range(r, 0, 15);
    const double sub = es == 2 ? 0x1p-20 : 0x1p-140;
    const double big = es == 2 ? 65504.0 : (double)FLT_MAX;
    switch (k)
    {
    case 0:
        return NAN;
    case 1:
        return kiln_rng_range(r, 0, 1) ? INFINITY : -INFINITY;
    case 2:
        return kiln_rng_range(r, 0, 1) ? 0.0 : -0.0;
    case 3:
        return (kiln_rng_range(r, 0, 1) ? 1 : -1) * sub * kiln_rng_range(r, 1, 15);
    case 4:
        return kiln_rng_range(r, 0, 1) ? big : -big;
    default:
        return (double)(float)sf_uniform(r, -8.0, 8.0);
    }
}

/* ---- 1D max pooling --------------------------------------------------------------------------------------- */

typedef enum
{
    MP_K3S3,
    MP_K2S2_NOCLIP,
    MP_K2S2
} mp_kind;

/* One call with its operands where kiln_edge_each() puts them: run again with each operand flush against the
 * ends of readable memory (a fault on the boards, AddressSanitizer on the host, for any access past them); the
 * output must be the first call's bytes. */
typedef enum
{
    EC_MAXPOOL,
    EC_SOFTMAX,
    EC_FC,
    EC_VMM
} ec_op;

typedef struct
{
    ec_op op;
    int es, kind;
    int32_t a, b, c; /* maxpool: in_c, in_w, out_w; fc: batches, depth, outputs */
    double lo, hi;
    void *x, *w, *bias, *y;
    const void *want;
    size_t y_bytes;
} ec_call;

static void mp_call(
    mp_kind kind, int es, const void *x, int32_t in_c, int32_t in_w, void *out, int32_t out_w, double lo, double hi);

static bool ec_run(void *arg)
{
    const ec_call *k = (const ec_call *)arg;
    arm_cmsis_nn_status st = ARM_CMSIS_NN_SUCCESS;
    switch (k->op)
    {
    case EC_MAXPOOL:
        mp_call((mp_kind)k->kind, k->es, k->x, k->a, k->b, k->y, k->c, k->lo, k->hi);
        break;
    case EC_SOFTMAX:
#if ARM_NN_ENABLE_F16
        if (k->es == 2)
        {
            arm_nn_softmax_1x2_f16((const float16_t *)k->x, (float16_t *)k->y);
        }
#endif
#if ARM_NN_ENABLE_F32
        if (k->es == 4)
        {
            arm_nn_softmax_1x2_f32((const float *)k->x, (float *)k->y);
        }
#endif
        break;
#if ARM_NN_ENABLE_F16 && defined(ARM_FLOAT16_SUPPORTED)
    case EC_FC:
    {
        const cmsis_nn_dims in_dims = {k->a, 1, 1, k->b}, f_dims = {k->b, 1, 1, k->c}, b_dims = {1, 1, 1, k->c},
                            o_dims = {k->a, 1, 1, k->c};
        st = arm_fully_connected_fp16(NULL, NULL, &in_dims, (const float16_t *)k->x, &f_dims, (const float16_t *)k->w,
                                      &b_dims, (const float16_t *)k->bias, &o_dims, (float16_t *)k->y,
                                      (float16_t)(float)k->lo, (float16_t)(float)k->hi);
        break;
    }
    case EC_VMM:
        st =
            arm_nn_vec_mat_mult_t_fp16((const float16_t *)k->x, (const float16_t *)k->w, (const float16_t *)k->bias,
                                       (float16_t *)k->y, k->b, k->c, (float16_t)(float)k->lo, (float16_t)(float)k->hi);
        break;
#endif
    default:
        break;
    }
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok = ok && KILN_CHECK(memcmp(k->y, k->want, k->y_bytes) == 0);
    return ok;
}

static bool ec_edges(ec_call *k, size_t x_bytes, size_t w_bytes, size_t b_bytes)
{
    static uint8_t y2[(MAX_ELEM + 2 * GUARD) * 4];
    k->y = y2;
    const kiln_edge_operand ops[] = {{"input", &k->x, x_bytes},
                                     {"weights", &k->w, w_bytes},
                                     {"bias", &k->bias, b_bytes},
                                     {"output", &k->y, k->y_bytes}};
    return kiln_edge_each(ops, 4, ec_run, k);
}

static void
mp_call(mp_kind kind, int es, const void *x, int32_t in_c, int32_t in_w, void *out, int32_t out_w, double lo, double hi)
{
#if ARM_NN_ENABLE_F16
    if (es == 2)
    {
        if (kind == MP_K3S3)
        {
            arm_nn_maxpool1d_k3s3_nhwc_f16((const float16_t *)x, in_c, in_w, (float16_t *)out, out_w);
        }
        else if (kind == MP_K2S2_NOCLIP)
        {
            arm_nn_maxpool1d_k2s2_nhwc_noclip_f16((const float16_t *)x, in_c, in_w, (float16_t *)out, out_w);
        }
        else
        {
            arm_nn_maxpool1d_k2s2_nhwc_f16((const float16_t *)x, in_c, in_w, (float16_t *)out, out_w,
                                           (float16_t)(float)lo, (float16_t)(float)hi);
        }
        return;
    }
#endif
#if ARM_NN_ENABLE_F32
    if (kind == MP_K3S3)
    {
        arm_nn_maxpool1d_k3s3_nhwc_f32((const float *)x, in_c, in_w, (float *)out, out_w);
    }
    else if (kind == MP_K2S2_NOCLIP)
    {
        arm_nn_maxpool1d_k2s2_nhwc_noclip_f32((const float *)x, in_c, in_w, (float *)out, out_w);
    }
    else
    {
        arm_nn_maxpool1d_k2s2_nhwc_f32((const float *)x, in_c, in_w, (float *)out, out_w, (float)lo, (float)hi);
    }
#else
    (void)kind, (void)x, (void)in_c, (void)in_w, (void)out, (void)out_w, (void)lo, (void)hi;
#endif
}

/* Runs one case from in_buf (in_w x in_c elements) into out_buf's middle; checks values, guards, input. */
static bool mp_run(mp_kind kind, int es, int32_t in_c, int32_t in_w, int32_t out_w, double lo, double hi)
{
    const int32_t k = kind == MP_K3S3 ? 3 : 2;
    if (kind != MP_K2S2)
    {
        lo = -INFINITY;
        hi = INFINITY;
    }
    const size_t n_in = (size_t)in_w * (size_t)in_c, n_out = (size_t)out_w * (size_t)in_c;
    memcpy(in_copy, in_buf, n_in * (size_t)es);
    guard_fill(out_buf, (n_out + 2 * GUARD) * (size_t)es);
    mp_call(kind, es, in_buf, in_c, in_w, out_buf + GUARD * es, out_w, lo, hi);
    bool ok = KILN_CHECK(guard_kept(out_buf, 0, GUARD * (size_t)es));
    ok = ok && KILN_CHECK(guard_kept(out_buf, (GUARD + n_out) * (size_t)es, (2 * GUARD + n_out) * (size_t)es));
    ok = ok && KILN_CHECK(memcmp(in_copy, in_buf, n_in * (size_t)es) == 0);
    for (int32_t o = 0; ok && o < out_w; o++)
    {
        for (int32_t c = 0; c < in_c; c++)
        {
            double m = lo;
            for (int32_t t = 0; t < k; t++)
            {
                const double v = elem_d(in_buf, (size_t)(o * k + t) * (size_t)in_c + (size_t)c, es);
                m = v > m ? v : m; /* NaN never wins */
            }
            m = m > hi ? hi : m;
            const double got = elem_d(out_buf, GUARD + (size_t)o * (size_t)in_c + (size_t)c, es);
#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
            if (es == 4 && m != 0.0 && fabs(m) < (double)FLT_MIN && got == 0.0)
            {
                continue; /* Helium float32 arithmetic (VMAXNM) flushes a subnormal maximum to zero */
            }
#endif
            if (!(got == m))
            {
                kiln_test_context("maxpool1d kind %d es %d in_c %d in_w %d out_w %d: out[%d][%d] = %g, want %g",
                                  (int)kind, es, (int)in_c, (int)in_w, (int)out_w, (int)o, (int)c, got, m);
                return KILN_CHECK(got == m);
            }
        }
    }
    if (ok && n_out > 0)
    {
        ec_call k = {
            EC_MAXPOOL,        es, (int)kind, in_c, in_w, out_w, lo, hi, in_buf, NULL, NULL, NULL, out_buf + GUARD * es,
            n_out * (size_t)es};
        ok = ec_edges(&k, n_in * (size_t)es, 0, 0);
    }
    return ok;
}

static void test_maxpool1d_vectors(void)
{
#if ARM_NN_ENABLE_F32
#define MP_VEC_F32(UP, lo_, kind)                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        memcpy(in_buf, lo_##_input_tensor, sizeof(lo_##_input_tensor));                                                \
        kiln_test_context("vector " #lo_);                                                                             \
        KILN_CHECK(UP##_INPUT_H == 1 && UP##_BATCH_SIZE == 1 && UP##_PADDING_W == 0 &&                                 \
                   UP##_FILTER_W == UP##_STRIDE_W);                                                                    \
        mp_run(kind, 4, UP##_INPUT_C, UP##_INPUT_W, UP##_OUTPUT_W, UP##_ACTIVATION_MIN, UP##_ACTIVATION_MAX);          \
        for (int32_t i = 0; i < UP##_DST_SIZE; i++)                                                                    \
        {                                                                                                              \
            KILN_CHECK(elem_d(out_buf, GUARD + (size_t)i, 4) == (double)lo_##_output_ref[i]);                          \
        }                                                                                                              \
    } while (0)
    MP_VEC_F32(MAXPOOLING_1D_K2S2_CLIP_F32, maxpooling_1d_k2s2_clip_f32, MP_K2S2);
    MP_VEC_F32(MAXPOOLING_1D_K2S2_NOCLIP_F32, maxpooling_1d_k2s2_noclip_f32, MP_K2S2_NOCLIP);
    MP_VEC_F32(MAXPOOLING_1D_K3S3_NOCLIP_F32, maxpooling_1d_k3s3_noclip_f32, MP_K3S3);
#endif
#if ARM_NN_ENABLE_F16
#define MP_VEC_F16(UP, lo_, kind)                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        memcpy(in_buf, lo_##_input_tensor_f16bits, sizeof(lo_##_input_tensor_f16bits));                                \
        kiln_test_context("vector " #lo_);                                                                             \
        KILN_CHECK(UP##_INPUT_H == 1 && UP##_BATCH_SIZE == 1 && UP##_PADDING_W == 0 &&                                 \
                   UP##_FILTER_W == UP##_STRIDE_W);                                                                    \
        mp_run(kind, 2, UP##_INPUT_C, UP##_INPUT_W, UP##_OUTPUT_W, UP##_ACTIVATION_MIN, UP##_ACTIVATION_MAX);          \
        for (int32_t i = 0; i < UP##_DST_SIZE; i++)                                                                    \
        {                                                                                                              \
            KILN_CHECK_EQ(elem_d(out_buf, GUARD + (size_t)i, 2) == (double)(float)sf_f16(lo_##_output_ref_f16bits[i]), \
                          1);                                                                                          \
        }                                                                                                              \
    } while (0)
    MP_VEC_F16(MAXPOOLING_1D_K2S2_CLIP_F16, maxpooling_1d_k2s2_clip_f16, MP_K2S2);
    MP_VEC_F16(MAXPOOLING_1D_K2S2_NOCLIP_F16, maxpooling_1d_k2s2_noclip_f16, MP_K2S2_NOCLIP);
    MP_VEC_F16(MAXPOOLING_1D_K3S3_NOCLIP_F16, maxpooling_1d_k3s3_noclip_f16, MP_K3S3);
#endif
}

static void mp_random(int es, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(7000, 600);
    for (int32_t it = 0; it < iters; it++)
    {
        const mp_kind kind = (mp_kind)kiln_rng_range(&r, 0, 2);
        const int32_t k = kind == MP_K3S3 ? 3 : 2;
        const int32_t in_c = kiln_rng_range(&r, 1, it % 4 == 0 ? 70 : 19);
        const int32_t out_w = kiln_rng_range(&r, 0, 12);
        const int32_t in_w = k * out_w + kiln_rng_range(&r, 0, 3);
        if ((int64_t)in_w * in_c > MAX_ELEM)
        {
            continue;
        }
        for (int32_t i = 0; i < in_w * in_c; i++)
        {
            elem_set(in_buf, (size_t)i, es, draw_val(&r, es));
        }
        double lo = (double)(float)sf_uniform(&r, -6.0, 2.0), hi = (double)(float)sf_uniform(&r, -2.0, 6.0);
        if (es == 2)
        {
            lo = (double)(float)(float16_t)(float)lo; /* bounds of the type */
            hi = (double)(float)(float16_t)(float)hi;
        }
        if (lo > hi)
        {
            const double t = lo;
            lo = hi;
            hi = t;
        }
        if (it % 7 == 0)
        {
            hi = lo;
        }
        if (it % 11 == 0)
        {
            lo = -INFINITY;
        }
        if (!mp_run(kind, es, in_c, in_w, out_w, lo, hi))
        {
            return;
        }
    }
}

static void test_maxpool1d_random(void)
{
#if ARM_NN_ENABLE_F32
    mp_random(4, 0x5F1201u);
#endif
#if ARM_NN_ENABLE_F16
    mp_random(2, 0x5F1202u);
#endif
}

static void mp_bad(int es)
{
    const int32_t in_c = 3, in_w = 7;
    for (int32_t i = 0; i < in_w * in_c; i++)
    {
        elem_set(in_buf, (size_t)i, es, (double)i);
    }
    typedef struct
    {
        const char *what;
        bool null_x, null_out;
        int32_t in_c, in_w, out_w;
        double lo, hi;
        int kinds; /* bit 0: k3s3, 1: k2s2 noclip, 2: k2s2 clip */
    } bad_t;
    const bad_t bad[] = {
        {"NULL x", true, false, in_c, in_w, 2, -1.0, 1.0, 7},
        {"NULL out", false, true, in_c, in_w, 2, -1.0, 1.0, 7}, /* must not crash */
        {"in_c 0", false, false, 0, in_w, 2, -1.0, 1.0, 7},
        {"in_c < 0", false, false, -3, in_w, 2, -1.0, 1.0, 7},
        {"out_w < 0", false, false, in_c, in_w, -1, -1.0, 1.0, 7},
        {"in_w < 0", false, false, in_c, -7, 2, -1.0, 1.0, 7},
        {"k3s3 windows past in_w", false, false, in_c, in_w, 3, -1.0, 1.0, 1},
        {"k2s2 windows past in_w", false, false, in_c, in_w, 4, -1.0, 1.0, 6},
        {"sizes past PTRDIFF_MAX", false, false, INT32_MAX, INT32_MAX, 2, -1.0, 1.0, 7},
        {"act_min > act_max", false, false, in_c, in_w, 2, 1.0, -1.0, 4},
        {"NaN act_min", false, false, in_c, in_w, 2, NAN, 1.0, 4},
        {"NaN act_max", false, false, in_c, in_w, 2, -1.0, NAN, 4},
    };
    for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++)
    {
        for (int kind = 0; kind < 3; kind++)
        {
            if (!(bad[b].kinds & (1 << kind)) || (bad[b].in_c == INT32_MAX && es == 2 && sizeof(void *) > 4))
            {
                continue; /* (2^31 - 1)^2 float16 elements fit ptrdiff_t on 64-bit hosts */
            }
            guard_fill(out_buf, (32 + 2 * GUARD) * (size_t)es);
            kiln_test_context("maxpool1d kind %d es %d bad: %s", kind, es, bad[b].what);
            mp_call((mp_kind)kind, es, bad[b].null_x ? NULL : in_buf, bad[b].in_c, bad[b].in_w,
                    bad[b].null_out ? NULL : out_buf + GUARD * es, bad[b].out_w, bad[b].lo, bad[b].hi);
            KILN_CHECK(guard_kept(out_buf, 0, (32 + 2 * GUARD) * (size_t)es));
        }
    }
    /* out_w 0: nothing written, NULL pointers allowed */
    guard_fill(out_buf, 64);
    mp_call(MP_K2S2, es, NULL, in_c, 0, NULL, 0, -1.0, 1.0);
    mp_call(MP_K3S3, es, in_buf, in_c, in_w, out_buf, 0, 0.0, 0.0);
    KILN_CHECK(guard_kept(out_buf, 0, 64));
}

static void test_maxpool1d_bad(void)
{
#if ARM_NN_ENABLE_F32
    mp_bad(4);
#endif
#if ARM_NN_ENABLE_F16
    mp_bad(2);
#endif
}

/* ---- 1x2 softmax ------------------------------------------------------------------------------------------- */

static void sm_random(int es, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(20000, 1000);
    for (int32_t it = 0; it < iters; it++)
    {
        const double scale = es == 2 ? 30.0 : (it % 3 == 0 ? 1e4 : 20.0);
        double x[2];
        for (int j = 0; j < 2; j++)
        {
            x[j] = it % 17 == 0 ? draw_val(&r, es) : sf_uniform(&r, -scale, scale);
            elem_set(in_buf, (size_t)j, es, x[j]);
            x[j] = elem_d(in_buf, (size_t)j, es);
        }
        if (it % 13 == 0)
        {
            elem_set(in_buf, 1, es, x[0]); /* a tie */
            x[1] = x[0];
        }
        memcpy(in_copy, in_buf, 2 * (size_t)es);
        guard_fill(out_buf, (2 + 2 * GUARD) * (size_t)es);
        guard_fill(out2_buf, (2 + 2 * GUARD) * (size_t)es);
        uint8_t *o = out_buf + GUARD * es, *o2 = out2_buf + GUARD * es;
        arm_cmsis_nn_status st = ARM_CMSIS_NN_SUCCESS;
#if ARM_NN_ENABLE_F16
        if (es == 2)
        {
            arm_nn_softmax_1x2_f16((const float16_t *)in_buf, (float16_t *)o);
            st = arm_softmax_f16((const float16_t *)in_buf, 1, 2, (float16_t *)o2);
        }
#endif
#if ARM_NN_ENABLE_F32
        if (es == 4)
        {
            arm_nn_softmax_1x2_f32((const float *)in_buf, (float *)o);
            st = arm_softmax_f32((const float *)in_buf, 1, 2, (float *)o2);
        }
#endif
        kiln_test_context("softmax_1x2 es %d (%.9g, %.9g)", es, x[0], x[1]);
        bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        ok = ok && KILN_CHECK(memcmp(o, o2, 2 * (size_t)es) == 0); /* the bytes of the softmax kernel */
        ok = ok && KILN_CHECK(guard_kept(out_buf, 0, GUARD * (size_t)es));
        ok = ok && KILN_CHECK(guard_kept(out_buf, (GUARD + 2) * (size_t)es, (2 * GUARD + 2) * (size_t)es));
        ok = ok && KILN_CHECK(memcmp(in_copy, in_buf, 2 * (size_t)es) == 0);
        if (ok && isfinite(x[0]) && isfinite(x[1]))
        {
            const double m = x[0] > x[1] ? x[0] : x[1];
            const double e0 = exp(x[0] - m), e1 = exp(x[1] - m);
            for (int j = 0; j < 2; j++)
            {
                const double ref = (j == 0 ? e0 : e1) / (e0 + e1);
                const double d = fabs(x[j] - m);
                double tol = ref * (3.0 * (d < 104.0 ? d : 104.0) + 70.0) * U32 + 0x1p-126;
                tol += es == 2 ? 0.5 * sf_ulp16(ref) : 0.0;
                const double got = elem_d(o, (size_t)j, es);
                if (!KILN_CHECK(fabs(got - ref) <= tol))
                {
                    kiln_test_context("softmax_1x2 out[%d] = %.9g, ref %.9g", j, got, ref);
                    return;
                }
            }
        }
        if (!ok)
        {
            return;
        }
        /* in place */
        memcpy(out2_buf, in_buf, 2 * (size_t)es);
#if ARM_NN_ENABLE_F16
        if (es == 2)
        {
            arm_nn_softmax_1x2_f16((const float16_t *)out2_buf, (float16_t *)out2_buf);
        }
#endif
#if ARM_NN_ENABLE_F32
        if (es == 4)
        {
            arm_nn_softmax_1x2_f32((const float *)out2_buf, (float *)out2_buf);
        }
#endif
        if (!KILN_CHECK(memcmp(out2_buf, o, 2 * (size_t)es) == 0))
        {
            return;
        }
        if (it % 16 == 0)
        {
            ec_call k = {EC_SOFTMAX, es, 0, 0, 0, 0, 0.0, 0.0, in_buf, NULL, NULL, NULL, o, 2 * (size_t)es};
            if (!ec_edges(&k, 2 * (size_t)es, 0, 0))
            {
                return;
            }
        }
    }
    /* NULL operands write nothing */
    guard_fill(out_buf, 16);
#if ARM_NN_ENABLE_F16
    if (es == 2)
    {
        arm_nn_softmax_1x2_f16(NULL, (float16_t *)out_buf);
        arm_nn_softmax_1x2_f16((const float16_t *)in_buf, NULL);
    }
#endif
#if ARM_NN_ENABLE_F32
    if (es == 4)
    {
        arm_nn_softmax_1x2_f32(NULL, (float *)out_buf);
        arm_nn_softmax_1x2_f32((const float *)in_buf, NULL);
    }
#endif
    KILN_CHECK(guard_kept(out_buf, 0, 16));
}

static void test_softmax_1x2(void)
{
#if ARM_NN_ENABLE_F32
    sm_random(4, 0x5F1301u);
#endif
#if ARM_NN_ENABLE_F16
    sm_random(2, 0x5F1302u);
#endif
}

/* ---- legacy float16 fully connected ------------------------------------------------------------------------- */

#if ARM_NN_ENABLE_F16 && defined(ARM_FLOAT16_SUPPORTED)
static float16_t bias_h[64], bias_copy[64];

/* arm_fully_connected_fp16 (vmm false) or arm_nn_vec_mat_mult_t_fp16 (vmm: batch 1) on in_buf / w_buf. */
static bool fc_run(kiln_rng *r, bool vmm, int32_t b, int32_t k, int32_t oc, bool with_bias, double lo, double hi)
{
    const float16_t *x = (const float16_t *)in_buf;
    const float16_t *w = (const float16_t *)w_buf;
    const size_t n_out = (size_t)b * (size_t)oc;
    for (int32_t i = 0; i < b * k; i++)
    {
        elem_set(in_buf, (size_t)i, 2, sf_uniform(r, -2.0, 2.0));
        in_d[i] = elem_d(in_buf, (size_t)i, 2);
    }
    for (int32_t i = 0; i < oc * k; i++)
    {
        elem_set(w_buf, (size_t)i, 2, sf_uniform(r, -1.0, 1.0));
        w_d[i] = elem_d(w_buf, (size_t)i, 2);
    }
    for (int32_t o = 0; o < oc; o++)
    {
        bias_h[o] = (float16_t)(float)sf_uniform(r, -1.0, 1.0);
    }
    memcpy(in_copy, in_buf, (size_t)(b * k) * 2);
    memcpy(w_copy, w_buf, (size_t)(oc * k) * 2);
    memcpy(bias_copy, bias_h, sizeof(bias_h));
    guard_fill(out_buf, (n_out + 2 * GUARD) * 2);
    guard_fill(out2_buf, (n_out + 2 * GUARD) * 2);
    float16_t *out = (float16_t *)(out_buf + GUARD * 2);
    float16_t *out2 = (float16_t *)(out2_buf + GUARD * 2);
    const float16_t *bias = with_bias ? bias_h : NULL;
    const float16_t flo = (float16_t)(float)lo, fhi = (float16_t)(float)hi;
    arm_cmsis_nn_status st;
    if (vmm)
    {
        st = arm_nn_vec_mat_mult_t_fp16(x, w, bias, out, k, oc, flo, fhi);
    }
    else
    {
        const cmsis_nn_dims in_dims = {b, 1, 1, k}, f_dims = {k, 1, 1, oc}, b_dims = {1, 1, 1, oc},
                            o_dims = {b, 1, 1, oc};
        const cmsis_nn_fc_params fcp = {0, 0, 0, {-128, 127}};
        st = arm_fully_connected_fp16(NULL, &fcp, &in_dims, x, &f_dims, w, &b_dims, bias, &o_dims, out, flo, fhi);
    }
    /* the bytes of arm_fully_connected_f16 (standard weights) */
    const cmsis_nn_dims in_dims = {b, 1, 1, k}, f_dims = {k, 1, 1, oc}, b_dims = {1, 1, 1, oc}, o_dims = {b, 1, 1, oc};
    cmsis_nn_fc_params_f16 p16;
    p16.activation.min = flo;
    p16.activation.max = fhi;
    p16.weight_format = ARM_NN_WEIGHT_FORMAT_STANDARD;
    const arm_cmsis_nn_status st2 =
        arm_fully_connected_f16(NULL, &p16, &in_dims, x, &f_dims, w, &b_dims, bias, &o_dims, out2, ARM_NN_LAYOUT_NHWC);
    kiln_test_context("%s b %d k %d oc %d bias %d clamp [%g, %g]", vmm ? "vec_mat_mult_t_fp16" : "fully_connected_fp16",
                      (int)b, (int)k, (int)oc, (int)with_bias, lo, hi);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS) && KILN_CHECK_EQ(st2, ARM_CMSIS_NN_SUCCESS);
    ok = ok && KILN_CHECK(memcmp(out_buf, out2_buf, (n_out + 2 * GUARD) * 2) == 0);
    ok = ok && KILN_CHECK(guard_kept(out_buf, 0, GUARD * 2));
    ok = ok && KILN_CHECK(guard_kept(out_buf, (GUARD + n_out) * 2, (2 * GUARD + n_out) * 2));
    ok = ok && KILN_CHECK(memcmp(in_copy, in_buf, (size_t)(b * k) * 2) == 0);
    ok = ok && KILN_CHECK(memcmp(w_copy, w_buf, (size_t)(oc * k) * 2) == 0);
    ok = ok && KILN_CHECK(memcmp(bias_copy, bias_h, sizeof(bias_h)) == 0);
    for (int32_t bb = 0; ok && bb < b; bb++)
    {
        for (int32_t o = 0; o < oc; o++)
        {
            double acc = with_bias ? (double)(float)bias_h[o] : 0.0, s = fabs(acc);
            for (int32_t i = 0; i < k; i++)
            {
                acc += in_d[bb * k + i] * w_d[o * k + i];
                s += fabs(in_d[bb * k + i] * w_d[o * k + i]);
            }
            const double ref = acc < lo ? lo : (acc > hi ? hi : acc);
            const double tol = (double)(k + 2) * U32 * s + U16 * fabs(ref) + 0x1p-25;
            const double got = (double)(float)out[bb * oc + o];
            if (!(fabs(got - ref) <= tol))
            {
                kiln_test_context("out[%d][%d] = %.9g, ref %.9g, tol %g", (int)bb, (int)o, got, ref, tol);
                return KILN_CHECK(fabs(got - ref) <= tol);
            }
        }
    }
    if (ok && n_out > 0)
    {
        ec_call e = {vmm ? EC_VMM : EC_FC,
                     2,
                     0,
                     b,
                     k,
                     oc,
                     lo,
                     hi,
                     in_buf,
                     w_buf,
                     with_bias ? (void *)bias_h : NULL,
                     NULL,
                     out,
                     n_out * 2};
        ok = ec_edges(&e, (size_t)(b * k) * 2, (size_t)(oc * k) * 2, with_bias ? (size_t)oc * 2 : 0);
    }
    return ok;
}

static void test_fc_fp16_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5F1401u);
    const int32_t iters = kiln_test_iterations(5000, 500);
    for (int32_t it = 0; it < iters; it++)
    {
        const bool vmm = (it & 1) != 0;
        const int32_t b = vmm ? 1 : kiln_rng_range(&r, 0, 3);
        const int32_t k = kiln_rng_range(&r, 0, it % 5 == 0 ? 300 : 40);
        const int32_t oc = kiln_rng_range(&r, 0, 40);
        if ((int64_t)b * k > MAX_ELEM || (int64_t)oc * k > MAX_ELEM)
        {
            continue;
        }
        double lo = -65504.0, hi = 65504.0;
        if (it % 3 == 0)
        {
            lo = (double)(float)(float16_t)(float)sf_uniform(&r, -3.0, 0.0);
            hi = (double)(float)(float16_t)(float)sf_uniform(&r, 0.0, 3.0);
        }
        if (!fc_run(&r, vmm, b, k, oc, kiln_rng_range(&r, 0, 3) != 0, lo, hi))
        {
            return;
        }
    }
}

static void test_fc_fp16_bad(void)
{
    const int32_t b = 2, k = 5, oc = 3;
    const float16_t *x = (const float16_t *)in_buf, *w = (const float16_t *)w_buf;
    memset(in_buf, 0, 64);
    memset(w_buf, 0, 64);
    float16_t *out = (float16_t *)(out_buf + GUARD * 2);
    const float16_t one = (float16_t)1.0f, m_one = (float16_t)-1.0f, nan_h = sf_f16(0x7E00u);
    const cmsis_nn_fc_params fcp = {0, 0, 0, {-128, 127}};
    typedef struct
    {
        const char *what;
        cmsis_nn_dims in, f, bd, o;
        bool null_in, null_w, null_out, null_dims;
        float16_t lo, hi;
    } bad_t;
    const cmsis_nn_dims I = {b, 1, 1, k}, F = {k, 1, 1, oc}, B = {1, 1, 1, oc}, O = {b, 1, 1, oc};
    const bad_t bad[] = {
        {"NULL input", I, F, B, O, true, false, false, false, m_one, one},
        {"NULL kernel", I, F, B, O, false, true, false, false, m_one, one},
        {"NULL output", I, F, B, O, false, false, true, false, m_one, one},
        {"NULL dims", I, F, B, O, false, false, false, true, m_one, one},
        {"filter n != input depth", I, {k + 1, 1, 1, oc}, B, O, false, false, false, false, m_one, one},
        {"filter c != output c", I, {k, 1, 1, oc + 1}, B, O, false, false, false, false, m_one, one},
        {"output n != input n", I, F, B, {b + 1, 1, 1, oc}, false, false, false, false, m_one, one},
        {"bias c != output c", I, F, {1, 1, 1, oc + 1}, O, false, false, false, false, m_one, one},
        {"negative dims", {-1, 1, 1, k}, F, B, {-1, 1, 1, oc}, false, false, false, false, m_one, one},
        {"filter h != 1", I, {k, 2, 1, oc}, B, O, false, false, false, false, m_one, one},
        {"min > max", I, F, B, O, false, false, false, false, one, m_one},
        {"NaN min", I, F, B, O, false, false, false, false, nan_h, one},
        {"NaN max", I, F, B, O, false, false, false, false, m_one, nan_h},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
    {
        guard_fill(out_buf, (b * oc + 2 * GUARD) * 2);
        kiln_test_context("fully_connected_fp16 bad: %s", bad[i].what);
        const arm_cmsis_nn_status st =
            arm_fully_connected_fp16(NULL, &fcp, bad[i].null_dims ? NULL : &bad[i].in, bad[i].null_in ? NULL : x,
                                     &bad[i].f, bad[i].null_w ? NULL : w, &bad[i].bd, bias_h, &bad[i].o,
                                     bad[i].null_out ? NULL : out, bad[i].lo, bad[i].hi);
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(guard_kept(out_buf, 0, (b * oc + 2 * GUARD) * 2));
    }
    /* vec_mat_mult_t_fp16 */
    typedef struct
    {
        const char *what;
        bool null_l, null_r, null_d;
        int32_t cols, rows;
        float16_t lo, hi;
    } vbad_t;
    const vbad_t vbad[] = {
        {"NULL lhs", true, false, false, k, oc, m_one, one},
        {"NULL rhs", false, true, false, k, oc, m_one, one},
        {"NULL dst", false, false, true, k, oc, m_one, one},
        {"rhs_cols < 0", false, false, false, -1, oc, m_one, one},
        {"rhs_rows < 0", false, false, false, k, -1, m_one, one},
        {"min > max", false, false, false, k, oc, one, m_one},
        {"NaN min", false, false, false, k, oc, nan_h, one},
        {"NaN max", false, false, false, k, oc, m_one, nan_h},
        {"sizes past PTRDIFF_MAX", false, false, false, INT32_MAX, INT32_MAX, m_one, one},
    };
    for (size_t i = 0; i < sizeof(vbad) / sizeof(vbad[0]); i++)
    {
        if (vbad[i].cols == INT32_MAX && sizeof(void *) > 4)
        {
            continue; /* 2^62 elements fit ptrdiff_t on 64-bit hosts */
        }
        guard_fill(out_buf, (oc + 2 * GUARD) * 2);
        kiln_test_context("vec_mat_mult_t_fp16 bad: %s", vbad[i].what);
        const arm_cmsis_nn_status st =
            arm_nn_vec_mat_mult_t_fp16(vbad[i].null_l ? NULL : x, vbad[i].null_r ? NULL : w, bias_h,
                                       vbad[i].null_d ? NULL : out, vbad[i].cols, vbad[i].rows, vbad[i].lo, vbad[i].hi);
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(guard_kept(out_buf, 0, (oc + 2 * GUARD) * 2));
    }
    /* empty requests: success, nothing written */
    guard_fill(out_buf, 64);
    KILN_CHECK_EQ(arm_nn_vec_mat_mult_t_fp16(NULL, NULL, NULL, NULL, 5, 0, m_one, one), ARM_CMSIS_NN_SUCCESS);
    const cmsis_nn_dims I0 = {0, 1, 1, k}, O0 = {0, 1, 1, oc};
    KILN_CHECK_EQ(arm_fully_connected_fp16(NULL, NULL, &I0, NULL, &F, NULL, &B, NULL, &O0, NULL, m_one, one),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(guard_kept(out_buf, 0, 64));
}
#endif /* ARM_NN_ENABLE_F16 && ARM_FLOAT16_SUPPORTED */

int main(void)
{
    KILN_RUN(test_maxpool1d_vectors);
    KILN_RUN(test_maxpool1d_random);
    KILN_RUN(test_maxpool1d_bad);
    KILN_RUN(test_softmax_1x2);
#if ARM_NN_ENABLE_F16 && defined(ARM_FLOAT16_SUPPORTED)
    KILN_RUN(test_fc_fp16_random);
    KILN_RUN(test_fc_fp16_bad);
#endif
    return kiln_test_finish();
}
