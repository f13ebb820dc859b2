/*
 * arm_transpose_f32 / _f16 and arm_pad_f32 / _f16 (ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16 builds): bit-exact
 * against the shared vectors (transpose_*_f32/_f16, pad_*_f32/_f16) and against a reference written here
 * that builds each output element from its coordinates, on bytes: random shapes with extents 0 and 1,
 * every num_dims with every permutation, garbage in the dims and perm entries a transpose does not use,
 * pads 0..3 on each dim, arbitrary bit patterns (NaNs, infinities, subnormals, -0) as data, guard bytes,
 * inputs unchanged, each operand at the end and at the start of accessible memory (kiln_edge_each); and a
 * bad-input table per function (each error leaves the output untouched).
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_test.h"
#include "movement_test_util.h"

#if ARM_NN_ENABLE_F32
#include "kiln_vectors/pad_basic_f32.h"
#include "kiln_vectors/pad_int8_1_f32.h"
#include "kiln_vectors/pad_int8_2_f32.h"
#include "kiln_vectors/transpose_3dim2_f32.h"
#include "kiln_vectors/transpose_3dim_f32.h"
#include "kiln_vectors/transpose_chwn_f32.h"
#include "kiln_vectors/transpose_default_f32.h"
#include "kiln_vectors/transpose_matrix_f32.h"
#include "kiln_vectors/transpose_nchw_f32.h"
#include "kiln_vectors/transpose_ncwh_f32.h"
#include "kiln_vectors/transpose_nhcw_f32.h"
#include "kiln_vectors/transpose_nwhc_f32.h"
#include "kiln_vectors/transpose_swap_last2_4d_f32.h"
#include "kiln_vectors/transpose_wchn_f32.h"
#endif
#if ARM_NN_ENABLE_F16
#include "kiln_vectors/pad_basic_f16.h"
#include "kiln_vectors/pad_int8_1_f16.h"
#include "kiln_vectors/pad_int8_2_f16.h"
#include "kiln_vectors/transpose_3dim2_f16.h"
#include "kiln_vectors/transpose_3dim_f16.h"
#include "kiln_vectors/transpose_chwn_f16.h"
#include "kiln_vectors/transpose_default_f16.h"
#include "kiln_vectors/transpose_matrix_f16.h"
#include "kiln_vectors/transpose_matrix_small_f16.h"
#include "kiln_vectors/transpose_nchw_f16.h"
#include "kiln_vectors/transpose_ncwh_f16.h"
#include "kiln_vectors/transpose_nhcw_f16.h"
#include "kiln_vectors/transpose_nwhc_f16.h"
#include "kiln_vectors/transpose_swap_last2_4d_f16.h"
#include "kiln_vectors/transpose_wchn_f16.h"
#endif

#define GUARD      16    /* guard elements each side */
#define MAX_RANDOM 4096  /* elements of a random case */
#define MAX_VECTOR 16384 /* elements of the largest vector (transpose_nhcw_*) */
#define CANARY     0x5A  /* guard byte */

/* Word storage (aligned for either element type), used as bytes. */
static uint32_t g_in_w[MAX_VECTOR + 4];
static uint32_t g_in_copy_w[MAX_VECTOR];
static uint32_t g_out_w[MAX_VECTOR + 2 * GUARD + 4];
static uint32_t g_want_w[MAX_VECTOR];
#define g_in      ((uint8_t *)g_in_w)
#define g_in_copy ((uint8_t *)g_in_copy_w)
#define g_out     ((uint8_t *)g_out_w)
#define g_want    ((uint8_t *)g_want_w)


/* The element types tested: size in bytes and name. */
typedef struct
{
    size_t es;
    const char *name;
} mv_type;

static const mv_type k_types[] = {
#if ARM_NN_ENABLE_F32
    {4, "f32"},
#endif
#if ARM_NN_ENABLE_F16
    {2, "f16"},
#endif
};
#define NUM_TYPES ((int32_t)(sizeof(k_types) / sizeof(k_types[0])))

static bool guards_intact(const uint8_t *buf, size_t bytes, size_t es)
{
    for (size_t i = 0; i < GUARD * es; i++)
    {
        if (buf[i] != CANARY || buf[GUARD * es + bytes + i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool all_canary(void)
{
    for (size_t i = 0; i < sizeof(g_out_w); i++)
    {
        if (g_out[i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

/* ---- the functions under test, by element size ----------------------------------------------- */

static arm_cmsis_nn_status call_pad(size_t es,
                                    const void *in,
                                    void *out,
                                    const void *value,
                                    const cmsis_nn_dims *d,
                                    const cmsis_nn_dims *pre,
                                    const cmsis_nn_dims *post)
{
#if ARM_NN_ENABLE_F32
    if (es == 4)
    {
        float32_t v;
        memcpy(&v, value, sizeof(v));
        return arm_pad_f32((const float32_t *)in, (float32_t *)out, v, d, pre, post);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (es == 2)
    {
        float16_t v;
        memcpy(&v, value, sizeof(v));
        return arm_pad_f16((const float16_t *)in, (float16_t *)out, v, d, pre, post);
    }
#endif
    (void)in;
    (void)out;
    (void)value;
    (void)d;
    (void)pre;
    (void)post;
    return ARM_CMSIS_NN_NO_IMPL_ERROR;
}

/* The transpose params of either type, as the test builds them. */
typedef struct
{
    int32_t num_dims;
    int32_t perm[4];
    int32_t layout;
} mv_tp;

static arm_cmsis_nn_status call_transpose(size_t es,
                                          const cmsis_nn_context *ctx,
                                          const mv_tp *tp, /* NULL: pass NULL params */
                                          const cmsis_nn_dims *d,
                                          const void *in,
                                          const cmsis_nn_dims *o,
                                          void *out)
{
#if ARM_NN_ENABLE_F32
    if (es == 4)
    {
        cmsis_nn_transpose_params_f32 p;
        memset(&p, 0, sizeof(p));
        if (tp != NULL)
        {
            p.num_dims = tp->num_dims;
            memcpy(p.perm, tp->perm, sizeof(p.perm));
            p.layout = (arm_nn_tensor_layout)tp->layout;
        }
        return arm_transpose_f32(ctx, tp ? &p : NULL, d, (const float32_t *)in, o, (float32_t *)out);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (es == 2)
    {
        cmsis_nn_transpose_params_f16 p;
        memset(&p, 0, sizeof(p));
        if (tp != NULL)
        {
            p.num_dims = tp->num_dims;
            memcpy(p.perm, tp->perm, sizeof(p.perm));
            p.layout = (arm_nn_tensor_layout)tp->layout;
        }
        return arm_transpose_f16(ctx, tp ? &p : NULL, d, (const float16_t *)in, o, (float16_t *)out);
    }
#endif
    (void)ctx;
    (void)tp;
    (void)d;
    (void)in;
    (void)o;
    (void)out;
    return ARM_CMSIS_NN_NO_IMPL_ERROR;
}

/* ---- reference (on bytes) -------------------------------------------------------------------- */

static void
ref_pad(const uint8_t *in, const int32_t d[4], const int32_t pre[4], const int32_t post[4], const uint8_t *value,
        size_t es, uint8_t *out)
{
    int32_t o[4];
    for (int32_t k = 0; k < 4; k++)
    {
        o[k] = pre[k] + d[k] + post[k];
    }
    size_t i = 0;
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
                    const size_t src = (size_t)(((p[0] * d[1] + p[1]) * d[2] + p[2]) * d[3] + p[3]);
                    memcpy(out + i * es, inside ? in + src * es : value, es);
                    i++;
                }
            }
        }
    }
}

/* Output element o, with coordinates (i_0, .., i_{rank-1}) over extents d[perm[k]], is the input
 * element j with j[perm[k]] = i_k. */
static void ref_transpose(const uint8_t *in, const int32_t d[4], int32_t rank, const int32_t *perm, size_t es, uint8_t *out)
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
        memcpy(out + (size_t)o * es, in + (size_t)src * es, es);
    }
}

/* Random bit patterns, any float value (NaN, Inf, subnormal, -0 included). */
static void fill_bits(kiln_rng *r, uint8_t *dst, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
    {
        dst[i] = (uint8_t)kiln_rng_u32(r);
    }
}

/* A pad value: random bits, but not a NaN (a value passed by value may be quieted or replaced by
 * the default NaN on some FPUs) and not the guard pattern. */
static void pad_value_bits(kiln_rng *r, size_t es, uint8_t *v)
{
    if (es == 4)
    {
        uint32_t b = kiln_rng_u32(r);
        if ((b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0)
        {
            b &= 0xFF800000u; /* an infinity */
        }
        if (b == 0x5A5A5A5Au)
        {
            b = 0x3F800000u;
        }
        memcpy(v, &b, 4);
    }
    else
    {
        uint16_t b = (uint16_t)kiln_rng_u32(r);
        if ((b & 0x7C00u) == 0x7C00u && (b & 0x03FFu) != 0)
        {
            b &= 0xFC00u;
        }
        if (b == 0x5A5Au)
        {
            b = 0x3C00u;
        }
        memcpy(v, &b, 2);
    }
}

/* ---- one checked call ------------------------------------------------------------------------ */

typedef struct
{
    size_t es;
    const cmsis_nn_dims *d, *pre, *post;
    const uint8_t *value;
    void *in, *out;
    size_t bytes;
} pad_call;

static bool pad_edge_run(void *arg)
{
    const pad_call *k = (const pad_call *)arg;
    bool ok = KILN_CHECK_EQ(call_pad(k->es, k->in, k->out, k->value, k->d, k->pre, k->post), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, (const int8_t *)g_want, (int32_t)k->bytes);
    return ok;
}

/* The pad function of element size es against g_want (total elements): output at element align after
 * the guard, guards intact, input unchanged; then each operand at both edges of memory. */
static void check_pad(size_t es,
                      const uint8_t *in,
                      const int32_t d[4],
                      const int32_t pre[4],
                      const int32_t post[4],
                      const uint8_t *value,
                      int32_t total,
                      int32_t align)
{
    const cmsis_nn_dims dd = {d[0], d[1], d[2], d[3]};
    const cmsis_nn_dims pp = {pre[0], pre[1], pre[2], pre[3]};
    const cmsis_nn_dims qq = {post[0], post[1], post[2], post[3]};
    const size_t in_bytes = (size_t)(d[0] * d[1] * d[2] * d[3]) * es;
    const size_t bytes = (size_t)total * es;
    uint8_t *out = g_out + (GUARD + (size_t)align) * es;
    memset(g_out, CANARY, sizeof(g_out_w));
    memcpy(g_in_copy, in, in_bytes);
    KILN_CHECK_EQ(call_pad(es, in, out, value, &dd, &pp, &qq), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8((const int8_t *)out, (const int8_t *)g_want, (int32_t)bytes);
    KILN_CHECK(guards_intact(g_out + (size_t)align * es, bytes, es));
    KILN_CHECK_MEM_S8((const int8_t *)in, (const int8_t *)g_in_copy, (int32_t)in_bytes);

    pad_call k = {es, &dd, &pp, &qq, value, kiln_edge_ptr(in), g_out + GUARD * es, bytes};
    const kiln_edge_operand ops[] = {{"input", &k.in, in_bytes}, {"output", &k.out, bytes}};
    kiln_edge_each(ops, 2, pad_edge_run, &k);
}

typedef struct
{
    size_t es;
    const cmsis_nn_dims *d, *o;
    void *in, *out, *tp;
    size_t bytes;
} transpose_call;

static bool transpose_edge_run(void *arg)
{
    const transpose_call *k = (const transpose_call *)arg;
    bool ok = KILN_CHECK_EQ(call_transpose(k->es, NULL, (const mv_tp *)k->tp, k->d, k->in, k->o, k->out),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, (const int8_t *)g_want, (int32_t)k->bytes);
    return ok;
}

/* The transpose function of element size es against g_want, as check_pad (with a NULL ctx and with a
 * ctx that states a buffer: it is not used). */
static void check_transpose(size_t es,
                            const uint8_t *in,
                            const cmsis_nn_dims *d,
                            const cmsis_nn_dims *o,
                            const mv_tp *tp,
                            int32_t total,
                            int32_t align)
{
    const size_t bytes = (size_t)total * es;
    uint8_t *out = g_out + (GUARD + (size_t)align) * es;
    memset(g_out, CANARY, sizeof(g_out_w));
    memcpy(g_in_copy, in, bytes);
    KILN_CHECK_EQ(call_transpose(es, NULL, tp, d, in, o, out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8((const int8_t *)out, (const int8_t *)g_want, (int32_t)bytes);
    KILN_CHECK(guards_intact(g_out + (size_t)align * es, bytes, es));
    KILN_CHECK_MEM_S8((const int8_t *)in, (const int8_t *)g_in_copy, (int32_t)bytes);

    uint32_t scratch[4];
    const cmsis_nn_context ctx = {scratch, (int32_t)sizeof(scratch)};
    memset(g_out, CANARY, sizeof(g_out_w));
    KILN_CHECK_EQ(call_transpose(es, &ctx, tp, d, in, o, out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8((const int8_t *)out, (const int8_t *)g_want, (int32_t)bytes);
    KILN_CHECK(guards_intact(g_out + (size_t)align * es, bytes, es));

    transpose_call k = {es, d, o, kiln_edge_ptr(in), g_out + GUARD * es, kiln_edge_ptr(tp), bytes};
    const kiln_edge_operand ops[] = {{"input", &k.in, bytes}, {"output", &k.out, bytes}, {"params", &k.tp, sizeof(*tp)}};
    kiln_edge_each(ops, 3, transpose_edge_run, &k);
}

/* ---- shared vectors -------------------------------------------------------------------------- */

/* in_bits / want_bits: the vector's arrays (float or float16 bit patterns), count elements each. */
static void pad_vector(const char *name,
                       size_t es,
                       const void *in_bits,
                       int32_t in_len,
                       const int32_t d[4],
                       const int32_t pre[4],
                       const int32_t post[4],
                       const uint8_t *value,
                       const void *want_bits,
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
    KILN_CHECK_EQ(in_len, d[0] * d[1] * d[2] * d[3]);
    memcpy(g_in, in_bits, (size_t)in_len * es);
    /* The reference agrees with the vector. */
    ref_pad(g_in, d, pre, post, value, es, g_want);
    KILN_CHECK_MEM_S8((const int8_t *)g_want, (const int8_t *)want_bits, (int32_t)((size_t)out_size * es));
    memcpy(g_want, want_bits, (size_t)out_size * es);
    check_pad(es, g_in, d, pre, post, value, out_size, 0);
    check_pad(es, g_in, d, pre, post, value, out_size, 3);
}

#define PAD_VECTOR(lo, UP, ES, IN, WANT, VALUE_T)                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        const int32_t d[4] = {UP##_INPUT_N, UP##_INPUT_H, UP##_INPUT_W, UP##_INPUT_C};                                 \
        const int32_t pre[4] = {UP##_PRE_PAD_N, UP##_PRE_PAD_H, UP##_PRE_PAD_W, UP##_PRE_PAD_C};                       \
        const int32_t post[4] = {UP##_POST_PAD_N, UP##_POST_PAD_H, UP##_POST_PAD_W, UP##_POST_PAD_C};                  \
        const VALUE_T v = (VALUE_T)UP##_PAD_VALUE;                                                                     \
        uint8_t vb[4];                                                                                                 \
        memcpy(vb, &v, sizeof(v));                                                                                     \
        KILN_CHECK_EQ(UP##_OUTPUT_N *UP##_OUTPUT_H *UP##_OUTPUT_W *UP##_OUTPUT_C, UP##_OUTPUT_SIZE);                   \
        pad_vector(#lo, ES, IN, (int32_t)(sizeof(IN) / sizeof(IN[0])), d, pre, post, vb, WANT,                         \
                   (int32_t)(sizeof(WANT) / sizeof(WANT[0])), UP##_OUTPUT_SIZE);                                       \
    } while (0)

static void test_pad_vectors(void)
{
#if ARM_NN_ENABLE_F32
    PAD_VECTOR(pad_basic_f32, PAD_BASIC_F32, 4, pad_basic_f32_input_tensor, pad_basic_f32_output_ref, float32_t);
    PAD_VECTOR(pad_int8_1_f32, PAD_INT8_1_F32, 4, pad_int8_1_f32_input_tensor, pad_int8_1_f32_output_ref, float32_t);
    PAD_VECTOR(pad_int8_2_f32, PAD_INT8_2_F32, 4, pad_int8_2_f32_input_tensor, pad_int8_2_f32_output_ref, float32_t);
#endif
#if ARM_NN_ENABLE_F16
    PAD_VECTOR(pad_basic_f16, PAD_BASIC_F16, 2, pad_basic_f16_input_tensor_f16bits, pad_basic_f16_output_ref_f16bits,
               float16_t);
    PAD_VECTOR(pad_int8_1_f16, PAD_INT8_1_F16, 2, pad_int8_1_f16_input_tensor_f16bits,
               pad_int8_1_f16_output_ref_f16bits, float16_t);
    PAD_VECTOR(pad_int8_2_f16, PAD_INT8_2_F16, 2, pad_int8_2_f16_input_tensor_f16bits,
               pad_int8_2_f16_output_ref_f16bits, float16_t);
#endif
}

static void transpose_vector(const char *name,
                             size_t es,
                             const void *in_bits,
                             int32_t in_len,
                             const cmsis_nn_dims *d,
                             const cmsis_nn_dims *o,
                             const mv_tp *tp,
                             const void *want_bits,
                             int32_t want_len,
                             int32_t size)
{
    kiln_test_context("vector %s", name);
    KILN_CHECK_EQ(in_len, size);
    KILN_CHECK_EQ(want_len, size);
    const int32_t dd[4] = {d->n, d->h, d->w, d->c};
    int32_t count = 1;
    for (int32_t k = 0; k < tp->num_dims; k++)
    {
        count *= dd[k];
    }
    KILN_CHECK_EQ(count, size);
    memcpy(g_in, in_bits, (size_t)size * es);
    ref_transpose(g_in, dd, tp->num_dims, tp->perm, es, g_want);
    KILN_CHECK_MEM_S8((const int8_t *)g_want, (const int8_t *)want_bits, (int32_t)((size_t)size * es));
    memcpy(g_want, want_bits, (size_t)size * es);
    check_transpose(es, g_in, d, o, tp, size, 0);
    check_transpose(es, g_in, d, o, tp, size, 1);
    /* The dims past num_dims are not used. */
    if (tp->num_dims < 4)
    {
        cmsis_nn_dims gd = *d, go = *o;
        gd.c = -7;
        go.c = 99;
        if (tp->num_dims < 3)
        {
            gd.w = 1234;
            go.w = -1;
        }
        check_transpose(es, g_in, &gd, &go, tp, size, 2);
    }
}

#define TRANSPOSE_VECTOR(lo, UP, ES, IN, WANT)                                                                         \
    do                                                                                                                 \
    {                                                                                                                  \
        const cmsis_nn_dims d = {UP##_INPUT_N, UP##_INPUT_H, UP##_INPUT_W, UP##_INPUT_C};                              \
        const cmsis_nn_dims o = {UP##_OUTPUT_N, UP##_OUTPUT_H, UP##_OUTPUT_W, UP##_OUTPUT_C};                          \
        const mv_tp tp = {UP##_NUM_DIMS, {UP##_PERM_0, UP##_PERM_1, UP##_PERM_2, UP##_PERM_3}, ARM_NN_LAYOUT_NHWC};    \
        KILN_CHECK(strcmp(UP##_LAYOUT, "ARM_NN_LAYOUT_NHWC") == 0);                                                    \
        transpose_vector(#lo, ES, IN, (int32_t)(sizeof(IN) / sizeof(IN[0])), &d, &o, &tp, WANT,                        \
                         (int32_t)(sizeof(WANT) / sizeof(WANT[0])), UP##_SIZE);                                        \
    } while (0)

#define TV32(lo, UP) TRANSPOSE_VECTOR(lo, UP, 4, lo##_input_tensor, lo##_output_ref)
#define TV16(lo, UP) TRANSPOSE_VECTOR(lo, UP, 2, lo##_input_tensor_f16bits, lo##_output_ref_f16bits)

static void test_transpose_vectors(void)
{
#if ARM_NN_ENABLE_F32
    TV32(transpose_3dim2_f32, TRANSPOSE_3DIM2_F32);
    TV32(transpose_3dim_f32, TRANSPOSE_3DIM_F32);
    TV32(transpose_chwn_f32, TRANSPOSE_CHWN_F32);
    TV32(transpose_default_f32, TRANSPOSE_DEFAULT_F32);
    TV32(transpose_matrix_f32, TRANSPOSE_MATRIX_F32);
    TV32(transpose_nchw_f32, TRANSPOSE_NCHW_F32);
    TV32(transpose_ncwh_f32, TRANSPOSE_NCWH_F32);
    TV32(transpose_nhcw_f32, TRANSPOSE_NHCW_F32);
    TV32(transpose_nwhc_f32, TRANSPOSE_NWHC_F32);
    TV32(transpose_swap_last2_4d_f32, TRANSPOSE_SWAP_LAST2_4D_F32);
    TV32(transpose_wchn_f32, TRANSPOSE_WCHN_F32);
#endif
#if ARM_NN_ENABLE_F16
    TV16(transpose_3dim2_f16, TRANSPOSE_3DIM2_F16);
    TV16(transpose_3dim_f16, TRANSPOSE_3DIM_F16);
    TV16(transpose_chwn_f16, TRANSPOSE_CHWN_F16);
    TV16(transpose_default_f16, TRANSPOSE_DEFAULT_F16);
    TV16(transpose_matrix_f16, TRANSPOSE_MATRIX_F16);
    TV16(transpose_matrix_small_f16, TRANSPOSE_MATRIX_SMALL_F16);
    TV16(transpose_nchw_f16, TRANSPOSE_NCHW_F16);
    TV16(transpose_ncwh_f16, TRANSPOSE_NCWH_F16);
    TV16(transpose_nhcw_f16, TRANSPOSE_NHCW_F16);
    TV16(transpose_nwhc_f16, TRANSPOSE_NWHC_F16);
    TV16(transpose_swap_last2_4d_f16, TRANSPOSE_SWAP_LAST2_4D_F16);
    TV16(transpose_wchn_f16, TRANSPOSE_WCHN_F16);
#endif
}

/* ---- randomized ------------------------------------------------------------------------------ */


static void test_transpose_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7A5E0F01u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        /* Every num_dims in turn, and every permutation of it in turn; both types each time. */
        const int32_t rank = 1 + it % 4;
        mv_tp tp;
        tp.layout = ARM_NN_LAYOUT_NHWC;
        tp.num_dims = rank;
        uint32_t perm[4];
        mv_perm_from_index((it / 4) % mv_fact[rank], rank, perm);
        for (int32_t k = 0; k < rank; k++)
        {
            tp.perm[k] = (int32_t)perm[k];
        }
        for (int32_t k = rank; k < 4; k++)
        {
            tp.perm[k] = kiln_rng_range(&r, -5, 9); /* not used */
        }
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
            oi[k] = k < rank ? d[tp.perm[k]] : kiln_rng_range(&r, -3, 50);
            total *= k < rank ? d[k] : 1;
        }
        const cmsis_nn_dims dd = {di[0], di[1], di[2], di[3]}, od = {oi[0], oi[1], oi[2], oi[3]};
        for (int32_t t = 0; t < NUM_TYPES; t++)
        {
            const size_t es = k_types[t].es;
            const int32_t al_in = kiln_rng_range(&r, 0, 3), al_out = kiln_rng_range(&r, 0, 3);
            uint8_t *in = g_in + (size_t)al_in * es;
            fill_bits(&r, in, (size_t)total * es);
            ref_transpose(in, d, rank, tp.perm, es, g_want);
            kiln_test_context("transpose_%s it=%ld rank=%ld perm={%ld,%ld,%ld,%ld} dims={%ld,%ld,%ld,%ld}",
                              k_types[t].name, (long)it, (long)rank, (long)tp.perm[0], (long)tp.perm[1],
                              (long)tp.perm[2], (long)tp.perm[3], (long)di[0], (long)di[1], (long)di[2], (long)di[3]);
            check_transpose(es, in, &dd, &od, &tp, total, al_out);
        }
    }
}

static void test_pad_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7A5E0F02u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t d[4], pre[4], post[4];
        int32_t in_count;
        const int32_t total = mv_random_pad_shape(&r, d, pre, post, MAX_RANDOM, &in_count);
        for (int32_t t = 0; t < NUM_TYPES; t++)
        {
            const size_t es = k_types[t].es;
            uint8_t value[4];
            pad_value_bits(&r, es, value);
            const int32_t al_in = kiln_rng_range(&r, 0, 3), al_out = kiln_rng_range(&r, 0, 3);
            uint8_t *in = g_in + (size_t)al_in * es;
            fill_bits(&r, in, (size_t)in_count * es);
            ref_pad(in, d, pre, post, value, es, g_want);
            kiln_test_context("pad_%s it=%ld in={%ld,%ld,%ld,%ld} pre={%ld,%ld,%ld,%ld} post={%ld,%ld,%ld,%ld}",
                              k_types[t].name, (long)it, (long)d[0], (long)d[1], (long)d[2], (long)d[3], (long)pre[0],
                              (long)pre[1], (long)pre[2], (long)pre[3], (long)post[0], (long)post[1], (long)post[2],
                              (long)post[3]);
            check_pad(es, in, d, pre, post, value, total, al_out);
        }
    }
}

/* ---- bad input ------------------------------------------------------------------------------- */

static void test_transpose_bad_input(void)
{
    const cmsis_nn_dims d = {2, 3, 4, 5};
    for (int32_t i = 0; i < 2 * 3 * 4 * 5 * 4; i++)
    {
        g_in[i] = (uint8_t)(i * 7 + 3);
    }
    const bool narrow = SIZE_MAX <= UINT32_MAX; /* 32-bit size_t: byte counts past 2^31 are errors too */
    struct
    {
        const char *what;
        cmsis_nn_dims in, out;
        int32_t rank;
        int32_t perm[4];
        int32_t layout;
        int32_t nulls; /* bit 0 input, 1 output, 2 input dims, 3 output dims, 4 params */
        int32_t es;    /* 0: both types, else only this element size */
    } cases[] = {
        {"NULL input", d, d, 4, {0, 1, 2, 3}, 0, 1, 0},
        {"NULL output", d, d, 4, {0, 1, 2, 3}, 0, 2, 0},
        {"NULL input dims", d, d, 4, {0, 1, 2, 3}, 0, 4, 0},
        {"NULL output dims", d, d, 4, {0, 1, 2, 3}, 0, 8, 0},
        {"NULL params", d, d, 4, {0, 1, 2, 3}, 0, 16, 0},
        {"NULL input, empty tensor", {2, 0, 4, 5}, {2, 0, 4, 5}, 4, {0, 1, 2, 3}, 0, 1, 0},
        {"NULL output, empty tensor", {2, 0, 4, 5}, {2, 0, 4, 5}, 4, {0, 1, 2, 3}, 0, 2, 0},
        {"layout 1", d, d, 4, {0, 1, 2, 3}, 1, 0, 0},
        {"layout 7", d, d, 4, {0, 1, 2, 3}, 7, 0, 0},
        {"layout 1, empty tensor", {2, 0, 4, 5}, {2, 0, 4, 5}, 4, {0, 1, 2, 3}, 1, 0, 0},
        {"num_dims 0", d, d, 0, {0, 1, 2, 3}, 0, 0, 0},
        {"num_dims 5", d, d, 5, {0, 1, 2, 3}, 0, 0, 0},
        {"num_dims -1", d, d, -1, {0, 1, 2, 3}, 0, 0, 0},
        {"num_dims INT32_MIN", d, d, INT32_MIN, {0, 1, 2, 3}, 0, 0, 0},
        {"repeated entry", d, {2, 2, 3, 4}, 4, {0, 0, 1, 2}, 0, 0, 0},
        {"repeated last entry", d, {2, 3, 4, 4}, 4, {0, 1, 2, 2}, 0, 0, 0},
        {"repeated entry, 2-D", d, {2, 2, 0, 0}, 2, {0, 0, 1, 1}, 0, 0, 0},
        {"entry 4 of 4-D", d, d, 4, {0, 1, 2, 4}, 0, 0, 0},
        {"entry -1", d, d, 4, {0, -1, 2, 3}, 0, 0, 0},
        {"entry INT32_MIN", d, d, 4, {0, 1, INT32_MIN, 3}, 0, 0, 0},
        {"entry INT32_MAX", d, d, 4, {INT32_MAX, 1, 2, 3}, 0, 0, 0},
        {"entry 3 of 3-D", d, {2, 3, 5, 5}, 3, {0, 1, 3, 2}, 0, 0, 0},
        {"entry 2 of 2-D", d, {4, 2, 4, 5}, 2, {2, 0, 1, 3}, 0, 0, 0},
        {"entry 1 of 1-D", d, {3, 3, 4, 5}, 1, {1, 0, 2, 3}, 0, 0, 0},
        {"negative input dim", {2, -3, 4, 5}, {2, -3, 4, 5}, 4, {0, 1, 2, 3}, 0, 0, 0},
        {"negative dim, dims agree", {-2, 3, 4, 5}, {3, -2, 4, 5}, 4, {1, 0, 2, 3}, 0, 0, 0},
        {"INT32_MIN dim", {2, 3, INT32_MIN, 5}, {2, 3, INT32_MIN, 5}, 4, {0, 1, 2, 3}, 0, 0, 0},
        {"negative dim of 3-D", {5, -4, 20, 0}, {5, 20, -4, 0}, 3, {0, 2, 1, 3}, 0, 0, 0},
        {"output dims mismatch, same count", {1, 8, 10, 12}, {12, 8, 10, 1}, 4, {3, 2, 1, 0}, 0, 0, 0},
        {"output dim off by one", d, {2, 3, 4, 6}, 4, {0, 1, 2, 3}, 0, 0, 0},
        {"output dims not permuted", d, d, 4, {3, 2, 1, 0}, 0, 0, 0},
        {"2-D output mismatch", {5, 20, 0, 0}, {5, 20, 0, 0}, 2, {1, 0, 2, 3}, 0, 0, 0},
        {"count over INT32_MAX, 2-D", {65536, 65536, 1, 1}, {65536, 65536, 1, 1}, 2, {1, 0, 2, 3}, 0, 0, 0},
        {"count 2^31", {2, 1 << 30, 1, 1}, {1 << 30, 2, 1, 1}, 4, {1, 0, 2, 3}, 0, 0, 0},
        {"count over INT32_MAX, 3-D", {1291, 1291, 1291, 0}, {1291, 1291, 1291, 0}, 3, {2, 1, 0, 3}, 0, 0, 0},
        {"64-bit overflow",
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
         {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
         4,
         {0, 1, 2, 3},
         0,
         0,
         0},
        /* 32-bit targets: 2^29 float32 / 2^30 float16 elements are 2^31 bytes. */
        {"f32 bytes 2^31", {1 << 29, 1, 1, 1}, {1 << 29, 1, 1, 1}, 1, {0, 1, 2, 3}, 0, 0, narrow ? 4 : -1},
        {"f16 bytes 2^31", {2, 1 << 29, 1, 1}, {1 << 29, 2, 1, 1}, 2, {1, 0, 2, 3}, 0, 0, narrow ? 2 : -1},
    };
    for (int32_t t = 0; t < NUM_TYPES; t++)
    {
        const size_t es = k_types[t].es;
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            if (cases[k].es != 0 && (size_t)cases[k].es != es)
            {
                continue;
            }
            const int32_t z = cases[k].nulls;
            mv_tp tp = {cases[k].rank, {0, 0, 0, 0}, cases[k].layout};
            memcpy(tp.perm, cases[k].perm, sizeof(tp.perm));
            memset(g_out, CANARY, sizeof(g_out_w));
            kiln_test_context("transpose_%s: %s", k_types[t].name, cases[k].what);
            KILN_CHECK_EQ(call_transpose(es, NULL, (z & 16) ? NULL : &tp, (z & 4) ? NULL : &cases[k].in,
                                         (z & 1) ? NULL : g_in, (z & 8) ? NULL : &cases[k].out,
                                         (z & 2) ? NULL : g_out + GUARD * es),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(all_canary());
        }

        /* Empty tensors are valid and write nothing. */
        const struct
        {
            cmsis_nn_dims in, out;
            int32_t rank;
            int32_t perm[4];
        } empty[] = {
            {{2, 0, 4, 5}, {2, 0, 4, 5}, 4, {0, 1, 2, 3}}, {{2, 3, 4, 0}, {0, 4, 3, 2}, 4, {3, 2, 1, 0}},
            {{0, 5, 9, 9}, {5, 0, 9, 9}, 2, {1, 0, 7, -7}}, {{0, 1, 1, 1}, {0, 1, 1, 1}, 1, {0, 0, 0, 0}},
            {{3, 0, 4, -1}, {4, 3, 0, 7}, 3, {2, 0, 1, 9}},
        };
        for (size_t k = 0; k < sizeof(empty) / sizeof(empty[0]); k++)
        {
            mv_tp tp = {empty[k].rank, {0, 0, 0, 0}, ARM_NN_LAYOUT_NHWC};
            memcpy(tp.perm, empty[k].perm, sizeof(tp.perm));
            memset(g_out, CANARY, sizeof(g_out_w));
            kiln_test_context("transpose_%s: empty case %d", k_types[t].name, (int)k);
            KILN_CHECK_EQ(call_transpose(es, NULL, &tp, &empty[k].in, g_in, &empty[k].out, g_out + GUARD * es),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(all_canary());
        }
    }
}

static void test_pad_bad_input(void)
{
    for (int32_t i = 0; i < 2 * 3 * 4 * 5 * 4; i++)
    {
        g_in[i] = (uint8_t)(i * 7 + 3);
    }
    const bool narrow = SIZE_MAX <= UINT32_MAX;
    const cmsis_nn_dims d = {2, 3, 4, 5}, z0 = {0, 0, 0, 0}, p1 = {1, 1, 1, 1};
    struct
    {
        const char *what;
        cmsis_nn_dims in, pre, post;
        int32_t nulls; /* bit 0 input, 1 output, 2 input size, 3 pre, 4 post */
        int32_t es;    /* 0: both types, else only this element size */
    } cases[] = {
        {"NULL input", d, p1, p1, 1, 0},
        {"NULL output", d, p1, p1, 2, 0},
        {"NULL input size", d, p1, p1, 4, 0},
        {"NULL pre pad", d, p1, p1, 8, 0},
        {"NULL post pad", d, p1, p1, 16, 0},
        {"NULL input, empty input", {0, 3, 4, 5}, p1, p1, 1, 0},
        {"NULL output, empty output", {0, 3, 4, 5}, z0, z0, 2, 0},
        {"negative input n", {-2, 3, 4, 5}, p1, p1, 0, 0},
        {"negative input h", {2, -3, 4, 5}, p1, p1, 0, 0},
        {"negative input w", {2, 3, -4, 5}, p1, p1, 0, 0},
        {"negative input c", {2, 3, 4, -5}, p1, p1, 0, 0},
        {"INT32_MIN input dim", {2, 3, INT32_MIN, 5}, z0, z0, 0, 0},
        {"negative pre n", d, {-1, 1, 1, 1}, p1, 0, 0},
        {"negative pre h", d, {1, -1, 1, 1}, p1, 0, 0},
        {"negative pre w", d, {1, 1, -1, 1}, p1, 0, 0},
        {"negative pre c", d, {1, 1, 1, -1}, p1, 0, 0},
        {"negative post n", d, p1, {-1, 1, 1, 1}, 0, 0},
        {"negative post h", d, p1, {1, -1, 1, 1}, 0, 0},
        {"negative post w", d, p1, {1, 1, -1, 1}, 0, 0},
        {"negative post c", d, p1, {1, 1, 1, -1}, 0, 0},
        {"pre and post cancel", d, {0, 2, 0, 0}, {0, -2, 0, 0}, 0, 0},
        {"INT32_MIN pad", d, z0, {0, 0, INT32_MIN, 0}, 0, 0},
        {"output dim 2^31", {1, 1, 1, 1}, {0, 0, 0, INT32_MAX}, z0, 0, 0},
        {"output dim near 2^32", {1, INT32_MAX, 1, 1}, {0, INT32_MAX, 0, 0}, {0, INT32_MAX, 0, 0}, 0, 0},
        {"output dim 2^31, empty output", {0, 1, 1, 1}, {0, INT32_MAX, 0, 0}, z0, 0, 0},
        {"output dim 2^31 from both pads, empty output", {1, 0, 0, 1}, {0, 0, INT32_MAX, 0}, {0, 0, 1, 0}, 0, 0},
        {"padded count over INT32_MAX", {1, 1, 1, 1}, {0, 46340, 46340, 0}, z0, 0, 0},
        {"input count over INT32_MAX", {65536, 65536, 1, 1}, z0, z0, 0, 0},
        {"64-bit overflow", {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, z0, z0, 0, 0},
        {"64-bit overflow by pads", p1, {INT32_MAX - 1, INT32_MAX - 1, INT32_MAX - 1, INT32_MAX - 1}, z0, 0, 0},
        /* 32-bit targets: 2^29 float32 / 2^30 float16 elements are 2^31 bytes. */
        {"f32 bytes 2^31", {1, 1, 1, 1}, {0, 1 << 14, 1 << 15, 0}, {0, 0, 0, 0}, 0, narrow ? 4 : -1},
        {"f16 bytes 2^31", {1, 1, 1, 1}, {0, 1 << 15, 1 << 15, 0}, {0, 0, 0, 0}, 0, narrow ? 2 : -1},
    };
    for (int32_t t = 0; t < NUM_TYPES; t++)
    {
        const size_t es = k_types[t].es;
        uint8_t value[4];
        memset(value, 0x3C, sizeof(value));
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            if (cases[k].es != 0 && (size_t)cases[k].es != es)
            {
                continue;
            }
            const int32_t z = cases[k].nulls;
            memset(g_out, CANARY, sizeof(g_out_w));
            kiln_test_context("pad_%s: %s", k_types[t].name, cases[k].what);
            KILN_CHECK_EQ(call_pad(es, (z & 1) ? NULL : g_in, (z & 2) ? NULL : g_out + GUARD * es, value,
                                   (z & 4) ? NULL : &cases[k].in, (z & 8) ? NULL : &cases[k].pre,
                                   (z & 16) ? NULL : &cases[k].post),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(all_canary());
        }

        /* Empty outputs are valid and write nothing. */
        const struct
        {
            cmsis_nn_dims in, pre, post;
        } empty[] = {
            {{0, 3, 4, 5}, {0, 1, 2, 3}, {0, 3, 2, 1}},
            {{2, 3, 0, 5}, {1, 1, 0, 1}, {1, 1, 0, 1}},
            {{2, 3, 4, 0}, {3, 0, 1, 0}, {0, 2, 0, 0}},
            {{0, 0, 0, 0}, z0, z0},
        };
        for (size_t k = 0; k < sizeof(empty) / sizeof(empty[0]); k++)
        {
            memset(g_out, CANARY, sizeof(g_out_w));
            kiln_test_context("pad_%s: empty output %d", k_types[t].name, (int)k);
            KILN_CHECK_EQ(call_pad(es, g_in, g_out + GUARD * es, value, &empty[k].in, &empty[k].pre, &empty[k].post),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(all_canary());
        }
        /* An empty input with padding: every output element is the pad value. */
        const cmsis_nn_dims e = {2, 0, 3, 4}, pre = {0, 1, 0, 1}, post = {1, 2, 0, 0};
        const int32_t total = 3 * 3 * 3 * 5;
        memset(g_out, CANARY, sizeof(g_out_w));
        kiln_test_context("pad_%s: empty input, padded output", k_types[t].name);
        KILN_CHECK_EQ(call_pad(es, g_in, g_out + GUARD * es, value, &e, &pre, &post), ARM_CMSIS_NN_SUCCESS);
        memset(g_want, 0x3C, (size_t)total * es);
        KILN_CHECK_MEM_S8((const int8_t *)(g_out + GUARD * es), (const int8_t *)g_want, (int32_t)((size_t)total * es));
        KILN_CHECK(guards_intact(g_out, (size_t)total * es, es));
    }
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
