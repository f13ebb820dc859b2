/*
 * The N-dimensional data movement operators (arm_tile / _broadcast_to / _mirror_pad / _reverse_sequence /
 * _dynamic_update_slice / _space_to_depth / _depth_to_space / _space_to_batch_nd / _batch_to_space_nd, int8 and
 * int16). No shared vectors exist for them: random shapes (ranks 1..8, extents 0..4, every mode and axis choice)
 * against references written here from TFLite's definitions, gathering from the output side (the kernels
 * scatter runs), with per-axis index tables for MIRROR_PAD; GATHER / GATHER_ND / SCATTER_ND (ranks 1..4, negative
 * axis forms, batch dimensions, duplicate scatter indices). Every call: the output between guard bytes exactly
 * as the reference, nothing written past it, inputs unchanged. A bad-input table per operator: each row returns
 * ARM_CMSIS_NN_ARG_ERROR and the whole output buffer keeps its canary.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_test.h"

#define ND_GUARD  16
#define ND_MAX    40000 /* elements of the largest output (bytes at int16: 80000) */
#define ND_CANARY 0xA5u

static uint8_t g_in[ND_MAX * 2];
static uint8_t g_in_copy[ND_MAX * 2];
static uint8_t g_upd[ND_MAX * 2];
static uint8_t g_out[ND_MAX * 2 + 2 * ND_GUARD];
static uint8_t g_want[ND_MAX * 2];

static int64_t nd_prod(int32_t rank, const int32_t *s)
{
    int64_t n = 1;
    for (int32_t d = 0; d < rank; d++)
    {
        n *= s[d];
    }
    return n;
}

/* row-major coordinates of flat index i */
static void nd_coords(int64_t i, int32_t rank, const int32_t *shape, int32_t *c)
{
    for (int32_t d = rank - 1; d >= 0; d--)
    {
        c[d] = shape[d] > 0 ? (int32_t)(i % shape[d]) : 0;
        i = shape[d] > 0 ? i / shape[d] : 0;
    }
}

static int64_t nd_flat(int32_t rank, const int32_t *shape, const int32_t *c)
{
    int64_t f = 0;
    for (int32_t d = 0; d < rank; d++)
    {
        f = f * shape[d] + c[d];
    }
    return f;
}

static void nd_canary(void)
{
    memset(g_out, ND_CANARY, sizeof(g_out));
}

/* the output bytes equal want[0 .. bytes) and every other byte of g_out keeps the canary */
static bool nd_out_ok(size_t bytes)
{
    for (size_t i = 0; i < ND_GUARD; i++)
    {
        if (g_out[i] != ND_CANARY)
        {
            return false;
        }
    }
    if (memcmp(g_out + ND_GUARD, g_want, bytes) != 0)
    {
        return false;
    }
    for (size_t i = ND_GUARD + bytes; i < sizeof(g_out); i++)
    {
        if (g_out[i] != ND_CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool nd_untouched(void)
{
    for (size_t i = 0; i < sizeof(g_out); i++)
    {
        if (g_out[i] != ND_CANARY)
        {
            return false;
        }
    }
    return true;
}

static void nd_fill_input(kiln_rng *r, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
    {
        g_in[i] = (uint8_t)kiln_rng_u32(r);
    }
    memcpy(g_in_copy, g_in, bytes);
}

static void nd_random_shape(kiln_rng *r, int32_t rank, int32_t *s, int32_t lo, int32_t hi, int64_t cap)
{
    do
    {
        for (int32_t d = 0; d < rank; d++)
        {
            s[d] = kiln_rng_range(r, lo, hi);
        }
    } while (nd_prod(rank, s) > cap);
}

/* One element type: the public entries of int8 or int16 behind byte pointers. */
typedef struct
{
    size_t es;
    const char *name;
    arm_cmsis_nn_status (*tile)(const void *, const cmsis_nn_tile_params *, void *);
    arm_cmsis_nn_status (*bcast)(const void *, const cmsis_nn_broadcast_to_params *, void *);
    arm_cmsis_nn_status (*mirror)(const void *, const cmsis_nn_mirror_pad_params *, void *);
    arm_cmsis_nn_status (*reverse)(const void *, const int32_t *, const cmsis_nn_reverse_sequence_params *, void *);
    arm_cmsis_nn_status (*dus)(
        const void *, const void *, const int32_t *, const cmsis_nn_dynamic_update_slice_params *, void *);
    arm_cmsis_nn_status (*s2d)(const void *, const cmsis_nn_dims *, int32_t, void *, const cmsis_nn_dims *);
    arm_cmsis_nn_status (*d2s)(const void *, const cmsis_nn_dims *, int32_t, void *, const cmsis_nn_dims *);
    arm_cmsis_nn_status (*s2b)(const void *,
                               const cmsis_nn_dims *,
                               const cmsis_nn_tile *,
                               const cmsis_nn_dims *,
                               void *,
                               const cmsis_nn_dims *,
                               int32_t);
    arm_cmsis_nn_status (*b2s)(const void *,
                               const cmsis_nn_dims *,
                               const cmsis_nn_tile *,
                               const cmsis_nn_dims *,
                               void *,
                               const cmsis_nn_dims *);
    arm_cmsis_nn_status (*gather)(const void *,
                                  const cmsis_nn_dims *,
                                  const int32_t *,
                                  const cmsis_nn_dims *,
                                  const cmsis_nn_gather_params *,
                                  void *,
                                  const cmsis_nn_dims *);
    arm_cmsis_nn_status (*gather_nd)(const void *,
                                     const cmsis_nn_dims *,
                                     const int32_t *,
                                     const cmsis_nn_dims *,
                                     const cmsis_nn_gather_nd_params *,
                                     void *,
                                     const cmsis_nn_dims *);
    arm_cmsis_nn_status (*scatter)(const int32_t *, const void *, const cmsis_nn_scatter_nd_params *, void *);
} nd_type;

#define ND_ADAPT(T, CT)                                                                                                \
    static arm_cmsis_nn_status tile_##T(const void *i, const cmsis_nn_tile_params *p, void *o)                         \
    {                                                                                                                  \
        return arm_tile_##T((const CT *)i, p, (CT *)o);                                                                \
    }                                                                                                                  \
    static arm_cmsis_nn_status bcast_##T(const void *i, const cmsis_nn_broadcast_to_params *p, void *o)                \
    {                                                                                                                  \
        return arm_broadcast_to_##T((const CT *)i, p, (CT *)o);                                                        \
    }                                                                                                                  \
    static arm_cmsis_nn_status mirror_##T(const void *i, const cmsis_nn_mirror_pad_params *p, void *o)                 \
    {                                                                                                                  \
        return arm_mirror_pad_##T((const CT *)i, p, (CT *)o);                                                          \
    }                                                                                                                  \
    static arm_cmsis_nn_status reverse_##T(const void *i, const int32_t *l, const cmsis_nn_reverse_sequence_params *p, \
                                           void *o)                                                                    \
    {                                                                                                                  \
        return arm_reverse_sequence_##T((const CT *)i, l, p, (CT *)o);                                                 \
    }                                                                                                                  \
    static arm_cmsis_nn_status dus_##T(const void *a, const void *u, const int32_t *s,                                 \
                                       const cmsis_nn_dynamic_update_slice_params *p, void *o)                         \
    {                                                                                                                  \
        return arm_dynamic_update_slice_##T((const CT *)a, (const CT *)u, s, p, (CT *)o);                              \
    }                                                                                                                  \
    static arm_cmsis_nn_status s2d_##T(const void *i, const cmsis_nn_dims *id, int32_t b, void *o,                     \
                                       const cmsis_nn_dims *od)                                                        \
    {                                                                                                                  \
        return arm_space_to_depth_##T((const CT *)i, id, b, (CT *)o, od);                                              \
    }                                                                                                                  \
    static arm_cmsis_nn_status d2s_##T(const void *i, const cmsis_nn_dims *id, int32_t b, void *o,                     \
                                       const cmsis_nn_dims *od)                                                        \
    {                                                                                                                  \
        return arm_depth_to_space_##T((const CT *)i, id, b, (CT *)o, od);                                              \
    }                                                                                                                  \
    static arm_cmsis_nn_status s2b_##T(const void *i, const cmsis_nn_dims *id, const cmsis_nn_tile *b,                 \
                                       const cmsis_nn_dims *p, void *o, const cmsis_nn_dims *od, int32_t off)          \
    {                                                                                                                  \
        return arm_space_to_batch_nd_##T((const CT *)i, id, b, p, (CT *)o, od, off);                                   \
    }                                                                                                                  \
    static arm_cmsis_nn_status b2s_##T(const void *i, const cmsis_nn_dims *id, const cmsis_nn_tile *b,                 \
                                       const cmsis_nn_dims *c, void *o, const cmsis_nn_dims *od)                       \
    {                                                                                                                  \
        return arm_batch_to_space_nd_##T((const CT *)i, id, b, c, (CT *)o, od);                                        \
    }                                                                                                                  \
    static arm_cmsis_nn_status gather_##T(const void *i, const cmsis_nn_dims *id, const int32_t *x,                    \
                                          const cmsis_nn_dims *xd, const cmsis_nn_gather_params *p, void *o,           \
                                          const cmsis_nn_dims *od)                                                     \
    {                                                                                                                  \
        return arm_gather_##T((const CT *)i, id, x, xd, p, (CT *)o, od);                                               \
    }                                                                                                                  \
    static arm_cmsis_nn_status gather_nd_##T(const void *i, const cmsis_nn_dims *id, const int32_t *x,                 \
                                             const cmsis_nn_dims *xd, const cmsis_nn_gather_nd_params *p, void *o,     \
                                             const cmsis_nn_dims *od)                                                  \
    {                                                                                                                  \
        return arm_gather_nd_##T((const CT *)i, id, x, xd, p, (CT *)o, od);                                            \
    }                                                                                                                  \
    static arm_cmsis_nn_status scatter_##T(const int32_t *x, const void *u, const cmsis_nn_scatter_nd_params *p,       \
                                           void *o)                                                                    \
    {                                                                                                                  \
        return arm_scatter_nd_##T(x, (const CT *)u, p, (CT *)o);                                                       \
    }
ND_ADAPT(s8, int8_t)
ND_ADAPT(s16, int16_t)

static const nd_type nd_types[2] = {
    {1, "s8", tile_s8, bcast_s8, mirror_s8, reverse_s8, dus_s8, s2d_s8, d2s_s8, s2b_s8, b2s_s8, gather_s8, gather_nd_s8,
     scatter_s8},
    {2, "s16", tile_s16, bcast_s16, mirror_s16, reverse_s16, dus_s16, s2d_s16, d2s_s16, s2b_s16, b2s_s16, gather_s16,
     gather_nd_s16, scatter_s16},
};

static void nd_put(uint8_t *dst, int64_t di, const uint8_t *src, int64_t si, size_t es)
{
    memcpy(dst + (size_t)di * es, src + (size_t)si * es, es);
}

/* ---- TILE and BROADCAST_TO ------------------------------------------------------------------- */

static void test_tile_broadcast(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7113u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t rank = kiln_rng_range(&r, 1, 8);
            int32_t in[8], mult[8], out[8], c[8], ic[8];
            nd_random_shape(&r, rank, in, 0, rank > 4 ? 2 : 4, 500);
            const bool bcast = (it & 1) != 0;
            do
            {
                for (int32_t d = 0; d < rank; d++)
                {
                    mult[d] = kiln_rng_range(&r, bcast ? 1 : 0, rank > 4 ? 2 : 4);
                    if (bcast)
                    {
                        /* broadcast_to: a 1 extent grows, others stay */
                        in[d] = in[d] == 1 || kiln_rng_range(&r, 0, 2) == 0 ? 1 : in[d];
                        mult[d] = in[d] == 1 ? kiln_rng_range(&r, 0, 5) : 1;
                    }
                    out[d] = in[d] * mult[d];
                }
            } while (nd_prod(rank, out) > ND_MAX);
            const int64_t n_in = nd_prod(rank, in), n_out = nd_prod(rank, out);
            nd_fill_input(&r, (size_t)n_in * ty->es);
            for (int64_t i = 0; i < n_out; i++)
            {
                nd_coords(i, rank, out, c);
                for (int32_t d = 0; d < rank; d++)
                {
                    ic[d] = bcast ? (in[d] == 1 ? 0 : c[d]) : c[d] % in[d];
                }
                nd_put(g_want, i, g_in, nd_flat(rank, in, ic), ty->es);
            }
            nd_canary();
            arm_cmsis_nn_status st;
            if (bcast)
            {
                const cmsis_nn_broadcast_to_params p = {rank, in, out};
                st = ty->bcast(g_in, &p, g_out + ND_GUARD);
            }
            else
            {
                const cmsis_nn_tile_params p = {rank, in, mult};
                st = ty->tile(g_in, &p, g_out + ND_GUARD);
            }
            kiln_test_context("%s %s rank %d it %d", bcast ? "broadcast_to" : "tile", ty->name, (int)rank, (int)it);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_out * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n_in * ty->es) == 0);
        }
    }
}

/* ---- MIRROR_PAD ------------------------------------------------------------------------------ */

/* The source index of each output position along one axis, built as TFLite describes the result: the mirrored
 * left part, the input, the mirrored right part. */
static void mirror_table(int32_t n, int32_t pre, int32_t post, bool symmetric, int32_t *tab)
{
    int32_t k = 0;
    for (int32_t p = pre; p >= 1; p--)
    {
        tab[k++] = symmetric ? p - 1 : p;
    }
    for (int32_t i = 0; i < n; i++)
    {
        tab[k++] = i;
    }
    for (int32_t p = 1; p <= post; p++)
    {
        tab[k++] = symmetric ? n - p : n - 1 - p;
    }
}

static void test_mirror_pad(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3199u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t rank = kiln_rng_range(&r, 1, 8);
            const bool sym = (it & 1) != 0;
            int32_t in[8], pre[8], post[8], out[8], c[8], ic[8], tab[8][16];
            do
            {
                nd_random_shape(&r, rank, in, 0, rank > 4 ? 3 : 5, 400);
                for (int32_t d = 0; d < rank; d++)
                {
                    const int32_t most = in[d] == 0 ? 0 : (sym ? in[d] : in[d] - 1);
                    pre[d] = kiln_rng_range(&r, 0, most);
                    post[d] = kiln_rng_range(&r, 0, most);
                    out[d] = pre[d] + in[d] + post[d];
                }
            } while (nd_prod(rank, out) > ND_MAX);
            for (int32_t d = 0; d < rank; d++)
            {
                mirror_table(in[d], pre[d], post[d], sym, tab[d]);
            }
            const int64_t n_in = nd_prod(rank, in), n_out = nd_prod(rank, out);
            nd_fill_input(&r, (size_t)n_in * ty->es);
            for (int64_t i = 0; i < n_out; i++)
            {
                nd_coords(i, rank, out, c);
                for (int32_t d = 0; d < rank; d++)
                {
                    ic[d] = tab[d][c[d]];
                }
                nd_put(g_want, i, g_in, nd_flat(rank, in, ic), ty->es);
            }
            nd_canary();
            const cmsis_nn_mirror_pad_params p = {rank, in, out, pre, sym ? 1 : 0};
            kiln_test_context("mirror_pad %s rank %d it %d", ty->name, (int)rank, (int)it);
            KILN_CHECK_EQ(ty->mirror(g_in, &p, g_out + ND_GUARD), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_out * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n_in * ty->es) == 0);
        }
    }
}

/* ---- REVERSE_SEQUENCE ------------------------------------------------------------------------ */

static void test_reverse_sequence(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5e9u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t rank = kiln_rng_range(&r, 2, 6);
            int32_t s[8], c[8], len[16];
            nd_random_shape(&r, rank, s, 0, 5, ND_MAX);
            const int32_t sd = kiln_rng_range(&r, 0, rank - 1);
            int32_t bd = kiln_rng_range(&r, 0, rank - 2);
            bd = bd >= sd ? bd + 1 : bd;
            for (int32_t b = 0; b < s[bd]; b++)
            {
                len[b] = kiln_rng_range(&r, 0, s[sd]);
            }
            const int64_t n = nd_prod(rank, s);
            nd_fill_input(&r, (size_t)n * ty->es);
            for (int64_t i = 0; i < n; i++)
            {
                nd_coords(i, rank, s, c);
                const int32_t l = len[c[bd]];
                if (c[sd] < l)
                {
                    c[sd] = l - 1 - c[sd];
                }
                nd_put(g_want, i, g_in, nd_flat(rank, s, c), ty->es);
            }
            nd_canary();
            const cmsis_nn_reverse_sequence_params p = {rank, s, sd, bd};
            kiln_test_context("reverse_sequence %s rank %d seq %d batch %d it %d", ty->name, (int)rank, (int)sd,
                              (int)bd, (int)it);
            KILN_CHECK_EQ(ty->reverse(g_in, len, &p, g_out + ND_GUARD), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n * ty->es) == 0);
        }
    }
}

/* ---- DYNAMIC_UPDATE_SLICE -------------------------------------------------------------------- */

static void nd_dense_strides(int32_t rank, const int32_t *shape, int32_t *st)
{
    int32_t s = 1;
    for (int32_t d = rank - 1; d >= 0; d--)
    {
        st[d] = s;
        s *= shape[d];
    }
}

static void test_dynamic_update_slice(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xd05u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t rank = kiln_rng_range(&r, 1, 8);
            int32_t os[8], us[8], st[8], start[8], c[8];
            nd_random_shape(&r, rank, os, 0, rank > 4 ? 3 : 6, ND_MAX);
            for (int32_t d = 0; d < rank; d++)
            {
                us[d] = kiln_rng_range(&r, 0, os[d]);
                start[d] = kiln_rng_range(&r, -3, os[d] + 3); /* clamped by the operator */
            }
            nd_dense_strides(rank, os, st);
            const int64_t n_op = nd_prod(rank, os), n_up = nd_prod(rank, us);
            nd_fill_input(&r, (size_t)n_op * ty->es);
            for (size_t i = 0; i < (size_t)n_up * ty->es; i++)
            {
                g_upd[i] = (uint8_t)kiln_rng_u32(&r);
            }
            memcpy(g_want, g_in, (size_t)n_op * ty->es);
            for (int64_t i = 0; i < n_up; i++)
            {
                nd_coords(i, rank, us, c);
                for (int32_t d = 0; d < rank; d++)
                {
                    const int32_t hi = os[d] - us[d];
                    c[d] += start[d] < 0 ? 0 : (start[d] > hi ? hi : start[d]);
                }
                nd_put(g_want, nd_flat(rank, os, c), g_upd, i, ty->es);
            }
            const cmsis_nn_dynamic_update_slice_params p = {rank, os, us, (int32_t)n_op, (int32_t)n_up, st};
            kiln_test_context("dynamic_update_slice %s rank %d it %d", ty->name, (int)rank, (int)it);
            nd_canary();
            KILN_CHECK_EQ(ty->dus(g_in, g_upd, start, &p, g_out + ND_GUARD), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_op * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n_op * ty->es) == 0);
            /* in place: output == operand */
            nd_canary();
            memcpy(g_out + ND_GUARD, g_in, (size_t)n_op * ty->es);
            KILN_CHECK_EQ(ty->dus(g_out + ND_GUARD, g_upd, start, &p, g_out + ND_GUARD), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_op * ty->es));
        }
    }
}

/* ---- SPACE_TO_DEPTH, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND ------------------- */

static int64_t nhwc(const cmsis_nn_dims *d, int32_t n, int32_t y, int32_t x, int32_t c)
{
    return (((int64_t)n * d->h + y) * d->w + x) * d->c + c;
}

static void test_space_depth(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x52du);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t b = kiln_rng_range(&r, 1, 4);
            /* the tensor with the small spatial extents: (n, h, w, c b^2) */
            const int32_t n = kiln_rng_range(&r, 0, 2), h = kiln_rng_range(&r, 0, 4), w = kiln_rng_range(&r, 0, 4);
            const int32_t c = kiln_rng_range(&r, 0, 5);
            const cmsis_nn_dims space = {n, h * b, w * b, c}, depth = {n, h, w, c * b * b};
            const int64_t count = (int64_t)n * h * w * c * b * b;
            nd_fill_input(&r, (size_t)count * ty->es);
            const bool to_depth = (it & 1) == 0;
            for (int32_t i = 0; i < n; i++)
            {
                for (int32_t y = 0; y < h * b; y++)
                {
                    for (int32_t x = 0; x < w * b; x++)
                    {
                        for (int32_t k = 0; k < c; k++)
                        {
                            const int64_t si = nhwc(&space, i, y, x, k);
                            const int64_t di = nhwc(&depth, i, y / b, x / b, ((y % b) * b + x % b) * c + k);
                            if (to_depth)
                            {
                                nd_put(g_want, di, g_in, si, ty->es);
                            }
                            else
                            {
                                nd_put(g_want, si, g_in, di, ty->es);
                            }
                        }
                    }
                }
            }
            nd_canary();
            kiln_test_context("%s %s block %d it %d", to_depth ? "space_to_depth" : "depth_to_space", ty->name, (int)b,
                              (int)it);
            const arm_cmsis_nn_status st = to_depth ? ty->s2d(g_in, &space, b, g_out + ND_GUARD, &depth)
                                                    : ty->d2s(g_in, &depth, b, g_out + ND_GUARD, &space);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)count * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)count * ty->es) == 0);
        }
    }
}

static void test_space_batch(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5b2u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const cmsis_nn_tile blk = {kiln_rng_range(&r, 1, 3), kiln_rng_range(&r, 1, 3)}; /* w, h */
            const int32_t n = kiln_rng_range(&r, 0, 3), c = kiln_rng_range(&r, 0, 4);
            /* the spatial (padded) extents: multiples of the block; the edges cut from them */
            const int32_t hp = blk.h * kiln_rng_range(&r, 0, 4), wp = blk.w * kiln_rng_range(&r, 0, 4);
            const int32_t top = kiln_rng_range(&r, 0, hp), left = kiln_rng_range(&r, 0, wp);
            const int32_t bottom = kiln_rng_range(&r, 0, hp - top), right = kiln_rng_range(&r, 0, wp - left);
            const cmsis_nn_dims edges = {top, left, bottom, right};
            const cmsis_nn_dims space = {n, hp - top - bottom, wp - left - right, c};
            const cmsis_nn_dims batch = {n * blk.h * blk.w, hp / blk.h, wp / blk.w, c};
            const bool to_batch = (it & 1) == 0;
            const int32_t lim = ty->es == 1 ? 127 : 32767;
            const int32_t off = kiln_rng_range(&r, -lim - 1, lim);
            const cmsis_nn_dims *in_d = to_batch ? &space : &batch, *out_d = to_batch ? &batch : &space;
            const int64_t n_in = (int64_t)in_d->n * in_d->h * in_d->w * in_d->c;
            const int64_t n_out = (int64_t)out_d->n * out_d->h * out_d->w * out_d->c;
            nd_fill_input(&r, (size_t)n_in * ty->es);
            /* gather every output element from the output side */
            for (int64_t i = 0; i < n_out; i++)
            {
                int32_t oc[4];
                const int32_t shp[4] = {out_d->n, out_d->h, out_d->w, out_d->c};
                nd_coords(i, 4, shp, oc);
                if (to_batch)
                {
                    const int32_t k = oc[0] / n, bn = oc[0] % n; /* block offset index, batch */
                    const int32_t y = oc[1] * blk.h + k / blk.w - top, x = oc[2] * blk.w + k % blk.w - left;
                    if (y < 0 || y >= space.h || x < 0 || x >= space.w)
                    {
                        const int16_t v16 = (int16_t)off;
                        const int8_t v8 = (int8_t)off;
                        memcpy(g_want + (size_t)i * ty->es, ty->es == 1 ? (const void *)&v8 : (const void *)&v16,
                               ty->es);
                    }
                    else
                    {
                        nd_put(g_want, i, g_in, nhwc(&space, bn, y, x, oc[3]), ty->es);
                    }
                }
                else
                {
                    const int32_t py = oc[1] + top, px = oc[2] + left;
                    const int32_t k = (py % blk.h) * blk.w + px % blk.w;
                    nd_put(g_want, i, g_in, nhwc(&batch, k * n + oc[0], py / blk.h, px / blk.w, oc[3]), ty->es);
                }
            }
            nd_canary();
            kiln_test_context("%s %s block %dx%d it %d", to_batch ? "space_to_batch" : "batch_to_space", ty->name,
                              (int)blk.h, (int)blk.w, (int)it);
            const arm_cmsis_nn_status st = to_batch ? ty->s2b(g_in, &space, &blk, &edges, g_out + ND_GUARD, &batch, off)
                                                    : ty->b2s(g_in, &batch, &blk, &edges, g_out + ND_GUARD, &space);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_out * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n_in * ty->es) == 0);
        }
    }
}

/* ---- GATHER, GATHER_ND, SCATTER_ND ----------------------------------------------------------- */

static int32_t g_idx[4096];

/* dims with shape[0 .. rank) in n, h, w, c and junk after (the operators read only the first rank fields) */
static cmsis_nn_dims nd_dims(const int32_t *shape, int32_t rank)
{
    int32_t all[4] = {-7, -7, -7, -7};
    for (int32_t d = 0; d < rank; d++)
    {
        all[d] = shape[d];
    }
    const cmsis_nn_dims r = {all[0], all[1], all[2], all[3]};
    return r;
}

static void test_gather(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x6a7u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t rank, crank, axis, batch;
            do
            {
                rank = kiln_rng_range(&r, 1, 4);
                crank = kiln_rng_range(&r, 1, 4);
                axis = kiln_rng_range(&r, 0, rank - 1);
                batch = kiln_rng_range(&r, 0, axis < crank ? axis : crank);
            } while (rank + crank - batch - 1 > 4);
            int32_t in[4], ix[4], os[4], oc[4], xc[4], ic[4];
            nd_random_shape(&r, rank, in, 0, 5, 600);
            nd_random_shape(&r, crank, ix, 0, 4, 600);
            for (int32_t d = 0; d < batch; d++)
            {
                ix[d] = in[d];
            }
            const int32_t orank = rank + crank - batch - 1;
            for (int32_t d = 0; d < orank; d++)
            {
                os[d] =
                    d < axis ? in[d] : (d < axis + crank - batch ? ix[d - axis + batch] : in[d - crank + batch + 1]);
            }
            const int64_t n_in = nd_prod(rank, in), n_ix = nd_prod(crank, ix), n_out = nd_prod(orank, os);
            if (n_out > ND_MAX || n_ix > 4096 || (n_in == 0 && n_ix > 0))
            {
                continue;
            }
            for (int64_t i = 0; i < n_ix; i++)
            {
                g_idx[i] = kiln_rng_range(&r, 0, in[axis] - 1);
            }
            nd_fill_input(&r, (size_t)n_in * ty->es);
            for (int64_t i = 0; i < n_out; i++)
            {
                nd_coords(i, orank, os, oc);
                for (int32_t d = 0; d < batch; d++)
                {
                    xc[d] = oc[d];
                }
                for (int32_t d = batch; d < crank; d++)
                {
                    xc[d] = oc[axis + d - batch];
                }
                for (int32_t d = 0; d < rank; d++)
                {
                    ic[d] = d < axis ? oc[d] : (d == axis ? g_idx[nd_flat(crank, ix, xc)] : oc[d + crank - batch - 1]);
                }
                nd_put(g_want, i, g_in, nd_flat(rank, in, ic), ty->es);
            }
            /* negative forms of axis and batch_dims (batch_dims == coords rank has none) half the time */
            const cmsis_nn_gather_params p = {(it & 2) ? axis - rank : axis,
                                              (it & 4) && batch < crank ? batch - crank : batch, rank, crank};
            const cmsis_nn_dims id = nd_dims(in, rank), xd = nd_dims(ix, crank), od = nd_dims(os, orank);
            nd_canary();
            kiln_test_context("gather %s rank %d crank %d axis %d batch %d it %d", ty->name, (int)rank, (int)crank,
                              (int)axis, (int)batch, (int)it);
            KILN_CHECK_EQ(ty->gather(g_in, &id, g_idx, &xd, &p, g_out + ND_GUARD, &od), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_out * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n_in * ty->es) == 0);
            if (n_ix > 0)
            {
                /* one index out of range: nothing written */
                const int32_t keep = g_idx[n_ix - 1];
                g_idx[n_ix - 1] = (it & 1) ? in[axis] : -1;
                nd_canary();
                KILN_CHECK_EQ(ty->gather(g_in, &id, g_idx, &xd, &p, g_out + ND_GUARD, &od), ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(nd_untouched());
                g_idx[n_ix - 1] = keep;
            }
        }
    }
}

static void test_gather_nd(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x6ddu);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t rank, irank, batch, width;
            do
            {
                rank = kiln_rng_range(&r, 1, 4);
                irank = kiln_rng_range(&r, 1, 4);
                batch = kiln_rng_range(&r, 0, (rank < irank ? rank : irank) - 1);
                width = kiln_rng_range(&r, 1, rank - batch);
            } while (irank - 1 + rank - batch - width > 4);
            int32_t in[4], ix[4], os[4], oc[4], xc[4], ic[4];
            nd_random_shape(&r, rank, in, 1, 5, 600);
            nd_random_shape(&r, irank, ix, 0, 4, 600);
            for (int32_t d = 0; d < batch; d++)
            {
                ix[d] = in[d];
            }
            ix[irank - 1] = width;
            const int32_t orank = irank - 1 + rank - batch - width;
            for (int32_t d = 0; d < orank; d++)
            {
                os[d] = d < irank - 1 ? ix[d] : in[d - (irank - 1) + batch + width];
            }
            const int64_t n_in = nd_prod(rank, in), n_ix = nd_prod(irank, ix), n_out = nd_prod(orank, os);
            if (n_out > ND_MAX || n_ix > 4096)
            {
                continue;
            }
            for (int64_t i = 0; i < n_ix; i++)
            {
                g_idx[i] = kiln_rng_range(&r, 0, in[batch + (int32_t)(i % width)] - 1);
            }
            nd_fill_input(&r, (size_t)n_in * ty->es);
            for (int64_t i = 0; i < n_out; i++)
            {
                nd_coords(i, orank, os, oc);
                for (int32_t d = 0; d < irank - 1; d++)
                {
                    xc[d] = oc[d];
                }
                for (int32_t d = 0; d < rank; d++)
                {
                    if (d < batch)
                    {
                        ic[d] = oc[d];
                    }
                    else if (d < batch + width)
                    {
                        xc[irank - 1] = d - batch;
                        ic[d] = g_idx[nd_flat(irank, ix, xc)];
                    }
                    else
                    {
                        ic[d] = oc[irank - 1 + d - batch - width];
                    }
                }
                nd_put(g_want, i, g_in, nd_flat(rank, in, ic), ty->es);
            }
            const cmsis_nn_gather_nd_params p = {rank, irank, batch};
            const cmsis_nn_dims id = nd_dims(in, rank), xd = nd_dims(ix, irank), od = nd_dims(os, orank);
            nd_canary();
            kiln_test_context("gather_nd %s rank %d irank %d batch %d width %d it %d", ty->name, (int)rank, (int)irank,
                              (int)batch, (int)width, (int)it);
            KILN_CHECK_EQ(ty->gather_nd(g_in, &id, g_idx, &xd, &p, g_out + ND_GUARD, &od), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)n_out * ty->es));
            KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)n_in * ty->es) == 0);
            if (n_ix > 0)
            {
                const int32_t keep = g_idx[0];
                g_idx[0] = (it & 1) ? in[batch] : -1;
                nd_canary();
                KILN_CHECK_EQ(ty->gather_nd(g_in, &id, g_idx, &xd, &p, g_out + ND_GUARD, &od), ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(nd_untouched());
                g_idx[0] = keep;
            }
        }
    }
}

static void test_scatter_nd(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5ca7u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t rank = kiln_rng_range(&r, 1, 4), depth = kiln_rng_range(&r, 1, rank);
            int32_t os[4], st[4];
            nd_random_shape(&r, rank, os, 1, 6, ND_MAX);
            nd_dense_strides(rank, os, st);
            const int32_t slice = (int32_t)nd_prod(rank - depth, os + depth), size = (int32_t)nd_prod(rank, os);
            const int32_t nu = kiln_rng_range(&r, 0, 8);
            for (int32_t u = 0; u < nu; u++)
            {
                for (int32_t d = 0; d < depth; d++)
                {
                    /* small extents: duplicates happen */
                    g_idx[u * depth + d] = kiln_rng_range(&r, 0, os[d] - 1);
                }
            }
            for (int32_t i = 0; i < nu * slice * (int32_t)ty->es; i++)
            {
                g_upd[i] = (uint8_t)kiln_rng_u32(&r);
            }
            memset(g_want, 0, (size_t)size * ty->es);
            for (int32_t u = 0; u < nu; u++)
            {
                int32_t c[4] = {0, 0, 0, 0};
                for (int32_t d = 0; d < depth; d++)
                {
                    c[d] = g_idx[u * depth + d];
                }
                for (int32_t j = 0; j < slice; j++)
                {
                    nd_put(g_want, nd_flat(rank, os, c) + j, g_upd, (int64_t)u * slice + j, ty->es);
                }
            }
            const cmsis_nn_scatter_nd_params p = {nu, depth, slice, size, st};
            nd_canary();
            kiln_test_context("scatter_nd %s rank %d depth %d updates %d it %d", ty->name, (int)rank, (int)depth,
                              (int)nu, (int)it);
            KILN_CHECK_EQ(ty->scatter(g_idx, g_upd, &p, g_out + ND_GUARD), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(nd_out_ok((size_t)size * ty->es));
            if (nu > 0)
            {
                /* the last update's first coordinate one past its extent (the operator knows only strides and
                 * the output size: that flat offset is the first past the end): nothing written */
                const int32_t keep = g_idx[(nu - 1) * depth];
                g_idx[(nu - 1) * depth] = os[0];
                nd_canary();
                KILN_CHECK_EQ(ty->scatter(g_idx, g_upd, &p, g_out + ND_GUARD), ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(nd_untouched());
                g_idx[(nu - 1) * depth] = keep;
            }
        }
    }
}

/* ---- bad input -------------------------------------------------------------------------------- */

#define ND_BAD(call)                                                                                                   \
    do                                                                                                                 \
    {                                                                                                                  \
        nd_canary();                                                                                                   \
        kiln_test_context("%s: %s", ty->name, #call);                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(nd_untouched());                                                                                    \
    } while (0)

static void test_bad_input(void)
{
    memset(g_in, 1, sizeof(g_in));
    memset(g_upd, 2, sizeof(g_upd));
    for (int t = 0; t < 2; t++)
    {
        const nd_type *ty = &nd_types[t];
        void *o = g_out + ND_GUARD;
        const int32_t s23[2] = {2, 3}, m22[2] = {2, 2}, mneg[2] = {2, -1}, mbig[2] = {INT32_MAX, 2};
        const int32_t neg[2] = {2, -3}, big[3] = {65536, 65536, 1};
        const cmsis_nn_tile_params tp = {2, s23, m22};
        ND_BAD(ty->tile(NULL, &tp, o));
        ND_BAD(ty->tile(g_in, NULL, o));
        ND_BAD(ty->tile(g_in, &tp, NULL));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){0, s23, m22}, o));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){9, s23, m22}, o));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){2, NULL, m22}, o));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){2, s23, NULL}, o));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){2, s23, mneg}, o));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){2, neg, m22}, o));
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){2, s23, mbig}, o)); /* extent above INT32_MAX */
        ND_BAD(ty->tile(g_in, &(cmsis_nn_tile_params){3, big, (const int32_t[3]){1, 1, 1}}, o)); /* 2^32 elements */

        const int32_t b13[2] = {1, 3}, o43[2] = {4, 3}, o44[2] = {4, 4};
        ND_BAD(ty->bcast(NULL, &(cmsis_nn_broadcast_to_params){2, b13, o43}, o));
        ND_BAD(ty->bcast(g_in, &(cmsis_nn_broadcast_to_params){2, b13, NULL}, o));
        ND_BAD(ty->bcast(g_in, &(cmsis_nn_broadcast_to_params){2, b13, o44}, o)); /* 3 -> 4 */
        ND_BAD(ty->bcast(g_in, &(cmsis_nn_broadcast_to_params){2, b13, neg}, o));
        ND_BAD(ty->bcast(g_in, &(cmsis_nn_broadcast_to_params){0, b13, o43}, o));
        ND_BAD(ty->bcast(g_in, &(cmsis_nn_broadcast_to_params){2, b13, o43}, NULL));

        const int32_t in3[2] = {3, 3}, out5[2] = {5, 5}, out9[2] = {9, 3}, pre1[2] = {1, 1}, pre3[2] = {3, 0};
        const int32_t pren[2] = {-1, 1}, out2[2] = {2, 3}, pre0[2] = {0, 0};
        ND_BAD(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, out5, pre1, 2}, o)); /* mode */
        ND_BAD(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, out9, pre3, 0}, o)); /* 3 > 3 - 1 */
        ND_BAD(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, out5, pren, 0}, o)); /* negative pre */
        ND_BAD(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, out2, pre0, 0}, o)); /* negative post */
        ND_BAD(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, out5, NULL, 0}, o));
        ND_BAD(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, NULL, pre1, 0}, o));
        ND_BAD(ty->mirror(NULL, &(cmsis_nn_mirror_pad_params){2, in3, out5, pre1, 0}, o));
        ND_BAD(ty->mirror(g_in, NULL, o));

        const int32_t rs[3] = {2, 4, 3}, len_ok[2] = {4, 0}, len_big[2] = {5, 1}, len_neg[2] = {1, -1};
        ND_BAD(ty->reverse(g_in, len_ok, &(cmsis_nn_reverse_sequence_params){3, rs, 1, 1}, o)); /* same axis */
        ND_BAD(ty->reverse(g_in, len_ok, &(cmsis_nn_reverse_sequence_params){3, rs, 3, 0}, o));
        ND_BAD(ty->reverse(g_in, len_ok, &(cmsis_nn_reverse_sequence_params){3, rs, 1, -1}, o));
        ND_BAD(ty->reverse(g_in, len_big, &(cmsis_nn_reverse_sequence_params){3, rs, 1, 0}, o));
        ND_BAD(ty->reverse(g_in, len_neg, &(cmsis_nn_reverse_sequence_params){3, rs, 1, 0}, o));
        ND_BAD(ty->reverse(g_in, NULL, &(cmsis_nn_reverse_sequence_params){3, rs, 1, 0}, o));
        ND_BAD(ty->reverse(g_in, len_ok, &(cmsis_nn_reverse_sequence_params){3, NULL, 1, 0}, o));

        const int32_t os[2] = {4, 5}, us[2] = {2, 2}, usb[2] = {5, 1}, st[2] = {5, 1}, stb[2] = {4, 1};
        const int32_t start[2] = {1, 1};
        ND_BAD(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, usb, 20, 5, st}, o));
        ND_BAD(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 21, 4, st}, o));
        ND_BAD(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 3, st}, o));
        ND_BAD(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 4, stb}, o));
        ND_BAD(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 4, NULL}, o));
        ND_BAD(ty->dus(g_in, g_upd, NULL, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 4, st}, o));
        ND_BAD(ty->dus(g_in, NULL, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 4, st}, o));
        ND_BAD(ty->dus(NULL, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 4, st}, o));
        ND_BAD(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){9, os, us, 20, 4, st}, o));

        const cmsis_nn_dims sp = {1, 4, 6, 3}, dp = {1, 2, 3, 12}, dbad = {1, 2, 3, 11};
        ND_BAD(ty->s2d(g_in, &sp, 2, o, &dbad));
        ND_BAD(ty->s2d(g_in, &sp, 0, o, &dp));
        ND_BAD(ty->s2d(g_in, &sp, 4, o, &(cmsis_nn_dims){1, 1, 1, 48})); /* 6 not a multiple of 4 */
        ND_BAD(ty->s2d(g_in, NULL, 2, o, &dp));
        ND_BAD(ty->s2d(g_in, &sp, 2, NULL, &dp));
        ND_BAD(ty->d2s(g_in, &dp, 2, o, &(cmsis_nn_dims){1, 4, 6, 4}));
        ND_BAD(ty->d2s(g_in, &(cmsis_nn_dims){1, 2, 3, 10}, 2, o, &(cmsis_nn_dims){1, 4, 6, 2})); /* 10 % 4 */
        ND_BAD(ty->d2s(g_in, &dp, -1, o, &sp));
        ND_BAD(ty->d2s(g_in, &(cmsis_nn_dims){1, 2, -3, 12}, 2, o, &sp));
        ND_BAD(ty->d2s(g_in, &dp, 65536, o, &sp)); /* b^2 overflows int32 */

        const cmsis_nn_tile bk = {2, 2}; /* w, h */
        const cmsis_nn_dims s_in = {1, 3, 3, 2}, pad = {1, 0, 0, 1}, bout = {4, 2, 2, 2};
        ND_BAD(ty->s2b(g_in, &s_in, &bk, &(cmsis_nn_dims){0, 0, 0, 0}, o, &bout, 0)); /* 3 not a multiple of 2 */
        ND_BAD(ty->s2b(g_in, &s_in, &bk, &(cmsis_nn_dims){-1, 0, 2, 1}, o, &bout, 0));
        ND_BAD(ty->s2b(g_in, &s_in, &bk, &pad, o, &(cmsis_nn_dims){4, 2, 2, 3}, 0));
        ND_BAD(ty->s2b(g_in, &s_in, &(cmsis_nn_tile){0, 2}, &pad, o, &bout, 0));
        ND_BAD(ty->s2b(g_in, &s_in, &bk, &pad, o, &bout, ty->es == 1 ? 128 : 32768)); /* pad value out of range */
        ND_BAD(ty->s2b(g_in, &s_in, &bk, &pad, o, &bout, ty->es == 1 ? -129 : -32769));
        ND_BAD(ty->s2b(g_in, &s_in, NULL, &pad, o, &bout, 0));
        ND_BAD(ty->s2b(NULL, &s_in, &bk, &pad, o, &bout, 0));
        ND_BAD(ty->b2s(g_in, &bout, &bk, &(cmsis_nn_dims){0, 0, 0, 0}, o, &s_in)); /* output would be 4x4 */
        ND_BAD(ty->b2s(g_in, &(cmsis_nn_dims){3, 2, 2, 2}, &bk, &pad, o, &s_in));  /* 3 batches, block 4 */
        ND_BAD(ty->b2s(g_in, &bout, &bk, &(cmsis_nn_dims){3, 0, 2, 1}, o, &s_in)); /* crop leaves -1 rows */
        ND_BAD(ty->b2s(g_in, &bout, &bk, &(cmsis_nn_dims){1, 0, 0, -1}, o, &s_in));
        ND_BAD(ty->b2s(g_in, &bout, &bk, &pad, NULL, &s_in));
        ND_BAD(ty->b2s(g_in, &bout, &bk, NULL, o, &s_in));

        /* GATHER / GATHER_ND / SCATTER_ND */
        const cmsis_nn_dims g_in_d = {4, 3, -7, -7}, g_ix_d = {2, -7, -7, -7}, g_out_d = {2, 3, -7, -7};
        const int32_t gi[2] = {0, 3};
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 2, 1}, o,
                          &(cmsis_nn_dims){3, 3, 0, 0})); /* output extent 3 != 2 */
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){2, 0, 2, 1}, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){-3, 0, 2, 1}, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){0, 1, 2, 1}, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 5, 1}, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 2, 0}, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, (const int32_t[2]){0, 4}, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 2, 1}, o,
                          &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, NULL, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 2, 1}, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &g_in_d, gi, &g_ix_d, NULL, o, &g_out_d));
        ND_BAD(ty->gather(g_in, &(cmsis_nn_dims){4, -3, 0, 0}, gi, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 2, 1}, o,
                          &g_out_d));
        nd_canary();
        KILN_CHECK_EQ(ty->gather(g_in, &g_in_d, gi, &g_ix_d, &(cmsis_nn_gather_params){0, 0, 2, 1}, o, &g_out_d),
                      ARM_CMSIS_NN_SUCCESS);
        const cmsis_nn_dims n_in_d = {4, 3, -7, -7}, n_ix_d = {2, 2, -7, -7}, n_out_d = {2, -7, -7, -7};
        const int32_t ni[4] = {0, 2, 3, 1};
        ND_BAD(ty->gather_nd(g_in, &n_in_d, ni, &n_ix_d, &(cmsis_nn_gather_nd_params){2, 2, 0}, o,
                             &(cmsis_nn_dims){3, 0, 0, 0}));
        ND_BAD(ty->gather_nd(g_in, &n_in_d, (const int32_t[4]){0, 3, 3, 1}, &n_ix_d,
                             &(cmsis_nn_gather_nd_params){2, 2, 0}, o, &n_out_d)); /* 3 >= 3 */
        ND_BAD(ty->gather_nd(g_in, &n_in_d, ni, &(cmsis_nn_dims){2, 3, 0, 0}, &(cmsis_nn_gather_nd_params){2, 2, 0}, o,
                             &n_out_d)); /* width 3 > rank 2 */
        ND_BAD(ty->gather_nd(g_in, &n_in_d, ni, &n_ix_d, &(cmsis_nn_gather_nd_params){2, 2, 2}, o, &n_out_d));
        ND_BAD(ty->gather_nd(g_in, &n_in_d, ni, &n_ix_d, &(cmsis_nn_gather_nd_params){0, 2, 0}, o, &n_out_d));
        ND_BAD(ty->gather_nd(NULL, &n_in_d, ni, &n_ix_d, &(cmsis_nn_gather_nd_params){2, 2, 0}, o, &n_out_d));
        nd_canary();
        KILN_CHECK_EQ(ty->gather_nd(g_in, &n_in_d, ni, &n_ix_d, &(cmsis_nn_gather_nd_params){2, 2, 0}, o, &n_out_d),
                      ARM_CMSIS_NN_SUCCESS);
        const int32_t sst[2] = {3, 1}, sidx[1] = {3};
        ND_BAD(ty->scatter(sidx, g_upd, &(cmsis_nn_scatter_nd_params){1, 1, 3, 11, sst}, o)); /* 9 + 3 > 11 */
        ND_BAD(ty->scatter((const int32_t[1]){-1}, g_upd, &(cmsis_nn_scatter_nd_params){1, 1, 3, 12, sst}, o));
        ND_BAD(ty->scatter(sidx, g_upd, &(cmsis_nn_scatter_nd_params){1, 0, 3, 12, sst}, o));
        ND_BAD(ty->scatter(sidx, g_upd, &(cmsis_nn_scatter_nd_params){-1, 1, 3, 12, sst}, o));
        ND_BAD(ty->scatter(sidx, g_upd, &(cmsis_nn_scatter_nd_params){1, 1, 3, 12, (const int32_t[1]){-3}}, o));
        ND_BAD(ty->scatter(sidx, g_upd, &(cmsis_nn_scatter_nd_params){1, 1, 3, 12, NULL}, o));
        ND_BAD(ty->scatter((const int32_t[1]){INT32_MAX}, g_upd,
                           &(cmsis_nn_scatter_nd_params){1, 1, 3, 12, (const int32_t[1]){INT32_MAX}}, o));
        nd_canary();
        KILN_CHECK_EQ(ty->scatter(sidx, g_upd, &(cmsis_nn_scatter_nd_params){1, 1, 3, 12, sst}, o),
                      ARM_CMSIS_NN_SUCCESS);
        /* the unpadded forms succeed with these very arguments (so the rows above fail for their one change) */
        nd_canary();
        KILN_CHECK_EQ(ty->s2b(g_in, &s_in, &bk, &pad, o, &bout, 0), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->b2s(g_in, &bout, &bk, &pad, o, &s_in), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->s2d(g_in, &sp, 2, o, &dp), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->d2s(g_in, &dp, 2, o, &sp), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->dus(g_in, g_upd, start, &(cmsis_nn_dynamic_update_slice_params){2, os, us, 20, 4, st}, o),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->reverse(g_in, len_ok, &(cmsis_nn_reverse_sequence_params){3, rs, 1, 0}, o),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->mirror(g_in, &(cmsis_nn_mirror_pad_params){2, in3, out5, pre1, 0}, o), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->bcast(g_in, &(cmsis_nn_broadcast_to_params){2, b13, o43}, o), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(ty->tile(g_in, &tp, o), ARM_CMSIS_NN_SUCCESS);
    }
}

int main(void)
{
    KILN_RUN(test_tile_broadcast);
    KILN_RUN(test_mirror_pad);
    KILN_RUN(test_reverse_sequence);
    KILN_RUN(test_dynamic_update_slice);
    KILN_RUN(test_space_depth);
    KILN_RUN(test_space_batch);
    KILN_RUN(test_gather);
    KILN_RUN(test_gather_nd);
    KILN_RUN(test_scatter_nd);
    KILN_RUN(test_bad_input);
    return kiln_test_finish();
}
