/*
 * STRIDED_SLICE (arm_strided_slice_s8 / _s16 / _s32 / _f32 / _f16), multi-input CONCATENATION
 * (arm_concatenation_s8 / _s16 / _s32), SPLIT (arm_split_s8 / _s16 / _f16) and the support helpers
 * arm_memset_s16, arm_memcpy_s16 / _s32, arm_cmsis_nn_dim_at, arm_cmsis_nn_shape_product and
 * arm_reduce_get_flatten_suffix_start_from_arrays. No shared vectors exist for them. Random shapes (strides of
 * either sign, empty axes, 1..5 parts, ranks 1..8) against references written here that map every output element
 * back to its source coordinate; every call: output between guard bytes, inputs unchanged; every eighth strided
 * slice case again with input and output flush against the ends of readable memory. Bad-input tables: each
 * row returns ARM_CMSIS_NN_ARG_ERROR and leaves every output byte untouched.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_test.h"
#include "sr_util.h"

/* ---- element types behind byte pointers ------------------------------------------------------ */

typedef arm_cmsis_nn_status (*ss_fn)(
    const void *, void *, const cmsis_nn_dims *, const cmsis_nn_dims *, const cmsis_nn_dims *, const cmsis_nn_dims *);

#define SS_WRAP(T, name)                                                                                               \
    static arm_cmsis_nn_status ss_##name(const void *in, void *out, const cmsis_nn_dims *i, const cmsis_nn_dims *b,    \
                                         const cmsis_nn_dims *s, const cmsis_nn_dims *o)                               \
    {                                                                                                                  \
        return arm_strided_slice_##name((const T *)in, (T *)out, i, b, s, o);                                          \
    }
SS_WRAP(int8_t, s8)
SS_WRAP(int16_t, s16)
SS_WRAP(int32_t, s32)
#if ARM_NN_ENABLE_F32
SS_WRAP(float32_t, f32)
#endif
#if ARM_NN_ENABLE_F16
SS_WRAP(float16_t, f16)
#endif

typedef struct
{
    const char *name;
    size_t es;
    ss_fn fn;
} ss_type;

static const ss_type ss_types[] = {
    {"s8", 1, ss_s8},   {"s16", 2, ss_s16}, {"s32", 4, ss_s32},
#if ARM_NN_ENABLE_F32
    {"f32", 4, ss_f32},
#endif
#if ARM_NN_ENABLE_F16
    {"f16", 2, ss_f16},
#endif
};
#define SS_NTYPES ((int)(sizeof(ss_types) / sizeof(ss_types[0])))

/* ---- strided slice ----------------------------------------------------------------------------- */

/* reference: output element (i0, i1, i2, i3) is input (b + i s) along each axis */
static void ss_reference(const int32_t *in, const int32_t *b, const int32_t *st, const int32_t *o, size_t es)
{
    int64_t k = 0;
    for (int32_t i0 = 0; i0 < o[0]; i0++)
        for (int32_t i1 = 0; i1 < o[1]; i1++)
            for (int32_t i2 = 0; i2 < o[2]; i2++)
                for (int32_t i3 = 0; i3 < o[3]; i3++)
                {
                    const int64_t c0 = b[0] + (int64_t)i0 * st[0], c1 = b[1] + (int64_t)i1 * st[1];
                    const int64_t c2 = b[2] + (int64_t)i2 * st[2], c3 = b[3] + (int64_t)i3 * st[3];
                    const int64_t src = ((c0 * in[1] + c1) * in[2] + c2) * in[3] + c3;
                    memcpy(sr_want + (size_t)k * es, sr_in + (size_t)src * es, es);
                    k++;
                }
}

/* One call with its operands where kiln_edge_each() puts them (flush against the ends of readable memory). */
typedef struct
{
    const ss_type *t;
    void *in, *out;
    const cmsis_nn_dims *di, *db, *ds, *dout;
    size_t out_bytes;
} ss_edge;

static bool ss_edge_run(void *arg)
{
    const ss_edge *k = (const ss_edge *)arg;
    bool ok = KILN_CHECK_EQ(k->t->fn(k->in, k->out, k->di, k->db, k->ds, k->dout), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->out, sr_want, k->out_bytes) == 0);
    return ok;
}

static void test_strided_slice_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x51CE);
    const int32_t iters = kiln_test_iterations(2000 * SS_NTYPES, 300 * SS_NTYPES); /* per type: 2000 / 300 */
    for (int32_t it = 0; it < iters; it++)
    {
        const ss_type *t = &ss_types[it % SS_NTYPES];
        int32_t in[4], b[4], st[4], o[4];
        do
        {
            for (int32_t d = 0; d < 4; d++)
            {
                in[d] = kiln_rng_range(&r, 1, 7);
            }
        } while (sr_prod(in, 4) * (int64_t)t->es > SR_MAX);
        for (int32_t d = 0; d < 4; d++)
        {
            do
            {
                st[d] = kiln_rng_range(&r, -4, 4);
            } while (st[d] == 0);
            b[d] = kiln_rng_range(&r, 0, in[d] - 1);
            /* the number of steps that stay inside [0, in) */
            const int32_t most = st[d] > 0 ? (in[d] - 1 - b[d]) / st[d] + 1 : b[d] / (-st[d]) + 1;
            o[d] = kiln_rng_range(&r, kiln_rng_range(&r, 0, 7) == 0 ? 0 : 1, most);
            if (o[d] == 0)
            {
                b[d] = kiln_rng_range(&r, -3, in[d] + 3); /* unused by an empty axis */
            }
        }
        const size_t in_bytes = (size_t)sr_prod(in, 4) * t->es;
        const size_t out_bytes = (size_t)sr_prod(o, 4) * t->es;
        sr_fill_input(&r, in_bytes);
        if (out_bytes > 0)
        {
            ss_reference(in, b, st, o, t->es);
        }
        cmsis_nn_dims di, db, ds, dout;
        dims_set(&di, in);
        dims_set(&db, b);
        dims_set(&ds, st);
        dims_set(&dout, o);
        sr_canary();
        kiln_test_context("%s in %d %d %d %d begin %d %d %d %d stride %d %d %d %d out %d %d %d %d", t->name, in[0],
                          in[1], in[2], in[3], b[0], b[1], b[2], b[3], st[0], st[1], st[2], st[3], o[0], o[1], o[2],
                          o[3]);
        KILN_CHECK_EQ(t->fn(sr_in, sr_out_ptr(), &di, &db, &ds, &dout), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(sr_out_ok(out_bytes));
        KILN_CHECK(sr_input_unchanged(in_bytes));
        if (it % 8 == 0 && out_bytes > 0)
        {
            ss_edge k = {t, sr_in, sr_out_ptr(), &di, &db, &ds, &dout, out_bytes};
            const kiln_edge_operand ops[] = {{"input", &k.in, in_bytes}, {"output", &k.out, out_bytes}};
            KILN_CHECK(kiln_edge_each(ops, 2, ss_edge_run, &k));
        }
    }
}

static void test_strided_slice_bad_input(void)
{
    const int32_t in[4] = {2, 3, 4, 5};
    const int32_t b_ok[4] = {1, 2, 0, 4};
    const int32_t s_ok[4] = {1, -1, 2, -2};
    const int32_t o_ok[4] = {1, 3, 2, 3};
    typedef struct
    {
        const char *what;
        int32_t in[4], b[4], s[4], o[4];
        int null_arg; /* 0 none, 1 input, 2 output, 3..6 a dims struct */
    } row;
    const row rows[] = {
        {"null input", {0}, {0}, {0}, {0}, 1},
        {"null output", {0}, {0}, {0}, {0}, 2},
        {"null input dims", {0}, {0}, {0}, {0}, 3},
        {"null begin", {0}, {0}, {0}, {0}, 4},
        {"null stride", {0}, {0}, {0}, {0}, 5},
        {"null output dims", {0}, {0}, {0}, {0}, 6},
        {"zero stride", {2, 3, 4, 5}, {1, 2, 0, 4}, {1, 0, 2, -2}, {1, 3, 2, 3}, 0},
        {"zero stride on an empty axis", {2, 3, 4, 5}, {1, 2, 0, 4}, {1, -1, 2, 0}, {1, 3, 2, 0}, 0},
        {"begin past the end", {2, 3, 4, 5}, {2, 2, 0, 4}, {1, -1, 2, -2}, {1, 3, 2, 3}, 0},
        {"negative begin", {2, 3, 4, 5}, {1, 2, -1, 4}, {1, -1, 2, -2}, {1, 3, 2, 3}, 0},
        {"last index past the end", {2, 3, 4, 5}, {1, 2, 0, 4}, {1, -1, 2, -2}, {1, 3, 3, 3}, 0},
        {"last index below 0", {2, 3, 4, 5}, {1, 2, 0, 4}, {1, -1, 2, -2}, {1, 3, 2, 4}, 0},
        {"negative input extent", {2, -3, 4, 5}, {1, 2, 0, 4}, {1, -1, 2, -2}, {1, 3, 2, 3}, 0},
        {"negative output extent", {2, 3, 4, 5}, {1, 2, 0, 4}, {1, -1, 2, -2}, {1, 3, -2, 3}, 0},
        {"input count past INT32_MAX", {65536, 65536, 1, 1}, {0, 0, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}, 0},
        {"huge stride overflowing int32", {2, 3, 4, 5}, {1, 2, 0, 4}, {1, -1, INT32_MAX, -2}, {1, 3, 3, 3}, 0},
    };
    sr_fill_input(&(kiln_rng){0}, 2 * 3 * 4 * 5 * 4);
    for (int t = 0; t < SS_NTYPES; t++)
    {
        /* the good row first: it succeeds, so the rows below fail for their one difference */
        cmsis_nn_dims di, db, ds, dout;
        dims_set(&di, in);
        dims_set(&db, b_ok);
        dims_set(&ds, s_ok);
        dims_set(&dout, o_ok);
        sr_canary();
        KILN_CHECK_EQ(ss_types[t].fn(sr_in, sr_out_ptr(), &di, &db, &ds, &dout), ARM_CMSIS_NN_SUCCESS);
        for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++)
        {
            const row *w = &rows[k];
            if (w->null_arg == 0)
            {
                dims_set(&di, w->in);
                dims_set(&db, w->b);
                dims_set(&ds, w->s);
                dims_set(&dout, w->o);
            }
            else
            {
                dims_set(&di, in);
                dims_set(&db, b_ok);
                dims_set(&ds, s_ok);
                dims_set(&dout, o_ok);
            }
            kiln_test_context("%s: %s", ss_types[t].name, w->what);
            sr_canary();
            const arm_cmsis_nn_status st = ss_types[t].fn(
                w->null_arg == 1 ? NULL : sr_in, w->null_arg == 2 ? NULL : sr_out_ptr(), w->null_arg == 3 ? NULL : &di,
                w->null_arg == 4 ? NULL : &db, w->null_arg == 5 ? NULL : &ds, w->null_arg == 6 ? NULL : &dout);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(sr_untouched());
        }
    }
}

/* ---- concatenation and split ------------------------------------------------------------------ */

typedef arm_cmsis_nn_status (*cat_fn)(
    const void *const *, int32_t, const int32_t *, int32_t, void *, int32_t, const int32_t *);
typedef arm_cmsis_nn_status (*split_fn)(
    const void *, int32_t, const int32_t *, int32_t, int32_t, const int32_t *, void *const *);

#define SR_MAX_PARTS 6

#define CAT_WRAP(T, name)                                                                                              \
    static arm_cmsis_nn_status cat_##name(const void *const *parts, int32_t n, const int32_t *ext, int32_t axis,       \
                                          void *out, int32_t rank, const int32_t *shape)                               \
    {                                                                                                                  \
        const T *p[SR_MAX_PARTS + 1];                                                                                  \
        for (int32_t i = 0; parts != NULL && i < n && i <= SR_MAX_PARTS; i++)                                          \
        {                                                                                                              \
            p[i] = (const T *)parts[i];                                                                                \
        }                                                                                                              \
        return arm_concatenation_##name(parts == NULL ? NULL : p, n, ext, axis, (T *)out, rank, shape);                \
    }
#define SPLIT_WRAP(T, name)                                                                                            \
    static arm_cmsis_nn_status split_##name(const void *in, int32_t rank, const int32_t *shape, int32_t axis,          \
                                            int32_t n, const int32_t *ext, void *const *parts)                         \
    {                                                                                                                  \
        T *p[SR_MAX_PARTS + 1];                                                                                        \
        for (int32_t i = 0; parts != NULL && i < n && i <= SR_MAX_PARTS; i++)                                          \
        {                                                                                                              \
            p[i] = (T *)parts[i];                                                                                      \
        }                                                                                                              \
        return arm_split_##name((const T *)in, rank, shape, axis, n, ext, parts == NULL ? NULL : p);                   \
    }
CAT_WRAP(int8_t, s8)
CAT_WRAP(int16_t, s16)
CAT_WRAP(int32_t, s32)
SPLIT_WRAP(int8_t, s8)
SPLIT_WRAP(int16_t, s16)
#if ARM_NN_ENABLE_F16
SPLIT_WRAP(float16_t, f16)
#endif

typedef struct
{
    const char *name;
    size_t es;
    cat_fn cat;     /* NULL: no concatenation of this type */
    split_fn split; /* NULL: no split of this type */
} cs_type;

static const cs_type cs_types[] = {
    {"s8", 1, cat_s8, split_s8},
    {"s16", 2, cat_s16, split_s16},
    {"s32", 4, cat_s32, NULL},
#if ARM_NN_ENABLE_F16
    {"f16", 2, NULL, split_f16},
#endif
};
#define CS_NTYPES ((int)(sizeof(cs_types) / sizeof(cs_types[0])))

/* Each part lives in its own region of sr_parts, between guard bytes. */
#define SR_PART_BYTES (SR_MAX / 2)
static uint8_t sr_parts[SR_MAX_PARTS][SR_PART_BYTES + 2 * SR_GUARD];
static uint8_t sr_parts_want[SR_MAX_PARTS][SR_PART_BYTES];

static void *part_ptr(int32_t i)
{
    return sr_parts[i] + SR_GUARD;
}

/* for whole-tensor element k: the part it belongs to and its index inside that part */
static void cs_locate(int64_t k,
                      int32_t rank,
                      const int32_t *shape,
                      int32_t axis,
                      int32_t n,
                      const int32_t *ext,
                      int32_t *part,
                      int64_t *local)
{
    int64_t inner = 1;
    for (int32_t d = axis + 1; d < rank; d++)
    {
        inner *= shape[d];
    }
    const int64_t outer_i = k / (inner * shape[axis]);
    const int64_t a = (k / inner) % shape[axis];
    const int64_t in_i = k % inner;
    int64_t start = 0;
    for (int32_t i = 0; i < n; i++)
    {
        if (a < start + ext[i])
        {
            *part = i;
            *local = (outer_i * ext[i] + (a - start)) * inner + in_i;
            return;
        }
        start += ext[i];
    }
    *part = -1;
    *local = -1;
}

static bool parts_ok(int32_t n, const int64_t *bytes, bool check_values)
{
    for (int32_t i = 0; i < n; i++)
    {
        for (size_t j = 0; j < sizeof(sr_parts[i]); j++)
        {
            const bool inside = j >= SR_GUARD && j < SR_GUARD + (size_t)bytes[i];
            if (!inside && sr_parts[i][j] != SR_CANARY)
            {
                return false;
            }
        }
        if (check_values && memcmp(part_ptr(i), sr_parts_want[i], (size_t)bytes[i]) != 0)
        {
            return false;
        }
    }
    return true;
}

static void test_concat_split_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0CA7);
    const int32_t iters = kiln_test_iterations(2000 * CS_NTYPES, 300 * CS_NTYPES); /* per type: 2000 / 300 */
    for (int32_t it = 0; it < iters; it++)
    {
        const cs_type *t = &cs_types[it % CS_NTYPES];
        const int32_t rank = kiln_rng_range(&r, 1, 8);
        const int32_t axis = kiln_rng_range(&r, 0, rank - 1);
        const int32_t n = kiln_rng_range(&r, 1, 5);
        int32_t shape[8], ext[SR_MAX_PARTS];
        do
        {
            for (int32_t d = 0; d < rank; d++)
            {
                shape[d] = kiln_rng_range(&r, kiln_rng_range(&r, 0, 15) == 0 ? 0 : 1, rank > 5 ? 2 : 4);
            }
            int32_t total = 0;
            for (int32_t i = 0; i < n; i++)
            {
                ext[i] = kiln_rng_range(&r, 0, 3);
                total += ext[i];
            }
            shape[axis] = total;
        } while (sr_prod(shape, rank) * (int64_t)t->es > SR_PART_BYTES);
        const int64_t count = sr_prod(shape, rank);
        int64_t part_bytes[SR_MAX_PARTS];
        for (int32_t i = 0; i < n; i++)
        {
            part_bytes[i] = shape[axis] > 0 ? count / shape[axis] * ext[i] * (int64_t)t->es : 0;
        }
        kiln_test_context("%s rank %d axis %d parts %d count %d", t->name, rank, axis, n, (int)count);
        if (t->cat != NULL)
        {
            /* the parts as inputs: random bytes; the reference gathers the whole tensor from them */
            for (int32_t i = 0; i < n; i++)
            {
                memset(sr_parts[i], SR_CANARY, sizeof(sr_parts[i]));
                for (int64_t j = 0; j < part_bytes[i]; j++)
                {
                    ((uint8_t *)part_ptr(i))[j] = (uint8_t)kiln_rng_u32(&r);
                }
                memcpy(sr_parts_want[i], part_ptr(i), (size_t)part_bytes[i]);
            }
            for (int64_t k = 0; k < count; k++)
            {
                int32_t p;
                int64_t local;
                cs_locate(k, rank, shape, axis, n, ext, &p, &local);
                memcpy(sr_want + (size_t)k * t->es, (const uint8_t *)part_ptr(p) + (size_t)local * t->es, t->es);
            }
            const void *ins[SR_MAX_PARTS];
            for (int32_t i = 0; i < n; i++)
            {
                ins[i] = part_ptr(i);
            }
            sr_canary();
            KILN_CHECK_EQ(t->cat(ins, n, ext, axis, sr_out_ptr(), rank, shape), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(sr_out_ok((size_t)count * t->es));
            KILN_CHECK(parts_ok(n, part_bytes, true)); /* inputs unchanged, guards intact */
        }
        if (t->split != NULL)
        {
            sr_fill_input(&r, (size_t)count * t->es);
            for (int64_t k = 0; k < count; k++)
            {
                int32_t p;
                int64_t local;
                cs_locate(k, rank, shape, axis, n, ext, &p, &local);
                memcpy(sr_parts_want[p] + (size_t)local * t->es, sr_in + (size_t)k * t->es, t->es);
            }
            void *outs[SR_MAX_PARTS];
            for (int32_t i = 0; i < n; i++)
            {
                memset(sr_parts[i], SR_CANARY, sizeof(sr_parts[i]));
                outs[i] = part_ptr(i);
            }
            KILN_CHECK_EQ(t->split(sr_in, rank, shape, axis, n, ext, outs), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(parts_ok(n, part_bytes, true));
            KILN_CHECK(sr_input_unchanged((size_t)count * t->es));
        }
    }
}

static void test_concat_split_bad_input(void)
{
    typedef struct
    {
        const char *what;
        int32_t rank, axis, n;
        int32_t shape[9];
        int32_t ext[3];
        int null_arg; /* 1 parts array, 2 one part, 3 whole, 4 shape, 5 extents */
    } row;
    const row rows[] = {
        {"null parts array", 3, 1, 2, {2, 5, 3}, {2, 3}, 1},
        {"null part", 3, 1, 2, {2, 5, 3}, {2, 3}, 2},
        {"null whole", 3, 1, 2, {2, 5, 3}, {2, 3}, 3},
        {"null shape", 3, 1, 2, {2, 5, 3}, {2, 3}, 4},
        {"null extents", 3, 1, 2, {2, 5, 3}, {2, 3}, 5},
        {"no parts", 3, 1, 0, {2, 5, 3}, {2, 3}, 0},
        {"negative part count", 3, 1, -1, {2, 5, 3}, {2, 3}, 0},
        {"negative axis", 3, -1, 2, {2, 5, 3}, {2, 3}, 0},
        {"axis = rank", 3, 3, 2, {2, 5, 3}, {2, 3}, 0},
        {"rank 0", 0, 0, 2, {2, 5, 3}, {2, 3}, 0},
        {"rank 9", 9, 1, 2, {2, 5, 3, 1, 1, 1, 1, 1, 1}, {2, 3}, 0},
        {"extents sum short", 3, 1, 2, {2, 6, 3}, {2, 3}, 0},
        {"extents sum long", 3, 1, 2, {2, 4, 3}, {2, 3}, 0},
        {"negative extent", 3, 1, 3, {2, 5, 3}, {4, 2, -1}, 0},
        {"negative shape extent", 3, 1, 2, {2, 5, -3}, {2, 3}, 0},
        {"count past INT32_MAX", 3, 1, 2, {65536, 5, 65536}, {2, 3}, 0},
    };
    for (int t = 0; t < CS_NTYPES; t++)
    {
        for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++)
        {
            const row *w = &rows[k];
            kiln_test_context("%s: %s", cs_types[t].name, w->what);
            void *ptrs[3] = {part_ptr(0), part_ptr(1), part_ptr(2)};
            if (w->null_arg == 2)
            {
                ptrs[1] = NULL;
            }
            const int64_t zero[3] = {0, 0, 0};
            if (cs_types[t].cat != NULL)
            {
                sr_canary();
                for (int i = 0; i < 3; i++)
                {
                    memset(sr_parts[i], SR_CANARY, sizeof(sr_parts[i]));
                }
                const arm_cmsis_nn_status st = cs_types[t].cat(
                    w->null_arg == 1 ? NULL : (const void *const *)ptrs, w->n, w->null_arg == 5 ? NULL : w->ext,
                    w->axis, w->null_arg == 3 ? NULL : sr_out_ptr(), w->rank, w->null_arg == 4 ? NULL : w->shape);
                KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(sr_untouched());
            }
            if (cs_types[t].split != NULL)
            {
                for (int i = 0; i < 3; i++)
                {
                    memset(sr_parts[i], SR_CANARY, sizeof(sr_parts[i]));
                }
                const arm_cmsis_nn_status st =
                    cs_types[t].split(w->null_arg == 3 ? NULL : sr_in, w->rank, w->null_arg == 4 ? NULL : w->shape,
                                      w->axis, w->n, w->null_arg == 5 ? NULL : w->ext, w->null_arg == 1 ? NULL : ptrs);
                KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(parts_ok(3, zero, false));
            }
        }
    }
}

/* ---- support helpers ---------------------------------------------------------------------------- */

static void test_copy_fill_helpers(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF111);
    const int32_t iters = kiln_test_iterations(500, 100);
    for (int32_t it = 0; it < iters; it++)
    {
        const uint32_t n = (uint32_t)kiln_rng_range(&r, 0, 200);
        const uint32_t shift = (uint32_t)kiln_rng_range(&r, 0, 3) * 2; /* even byte offsets: int16 aligned */
        const int16_t v = (int16_t)kiln_rng_u32(&r);
        sr_fill_input(&r, 4 * 201 + 8);
        /* memset_s16 */
        sr_canary();
        for (uint32_t i = 0; i < n; i++)
        {
            memcpy(sr_want + shift + 2 * i, &v, 2);
        }
        memset(sr_want, SR_CANARY, shift);
        arm_memset_s16((int16_t *)(void *)(sr_out + SR_GUARD + shift), v, n);
        KILN_CHECK(sr_out_ok(shift + 2 * n));
        /* memcpy_s16 / _s32 */
        sr_canary();
        memcpy(sr_want, sr_in, 2 * n);
        arm_memcpy_s16((int16_t *)sr_out_ptr(), (const int16_t *)(const void *)sr_in, n);
        KILN_CHECK(sr_out_ok(2 * n));
        sr_canary();
        memcpy(sr_want, sr_in, 4 * n);
        arm_memcpy_s32((int32_t *)sr_out_ptr(), (const int32_t *)(const void *)sr_in, n);
        KILN_CHECK(sr_out_ok(4 * n));
        KILN_CHECK(sr_input_unchanged(4 * 201 + 8));
    }
    /* NULL pointers write nothing */
    sr_canary();
    arm_memcpy_s16((int16_t *)sr_out_ptr(), NULL, 10);
    arm_memcpy_s32((int32_t *)sr_out_ptr(), NULL, 10);
    arm_memset_s16(NULL, 7, 10);
    KILN_CHECK(sr_untouched());
}

static void test_dims_helpers(void)
{
    const cmsis_nn_dims d = {7, -3, 11, 13};
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, 0), 7);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, 1), -3);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, 2), 11);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, 3), 13);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, 4), 1);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, -1), 1);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(&d, 100), 1);
    KILN_CHECK_EQ(arm_cmsis_nn_dim_at(NULL, 0), -1);

    kiln_rng r;
    kiln_rng_seed(&r, 0xD175);
    for (int32_t it = 0; it < kiln_test_iterations(2000, 200); it++)
    {
        int32_t s[6];
        const int32_t len = kiln_rng_range(&r, 0, 6);
        uint64_t want = 1;
        bool neg = false;
        for (int32_t i = 0; i < len; i++)
        {
            s[i] = kiln_rng_range(&r, -1, 40);
            neg = neg || s[i] < 0;
            want *= (uint64_t)(s[i] < 0 ? 0 : s[i]);
        }
        KILN_CHECK_EQ((int64_t)arm_cmsis_nn_shape_product(s, len), neg ? 0 : (int64_t)want);
    }
    KILN_CHECK_EQ((int64_t)arm_cmsis_nn_shape_product(NULL, 0), 1);
    KILN_CHECK_EQ((int64_t)arm_cmsis_nn_shape_product(NULL, 3), 0);
    const int32_t big[4] = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}; /* 2^124: past any size_t */
    KILN_CHECK_EQ((int64_t)arm_cmsis_nn_shape_product(big, 4), 0);
    const int32_t big2[2] = {INT32_MAX, 3}; /* about 1.5 x 2^32: fits a 64-bit size_t only */
    KILN_CHECK_EQ((int64_t)arm_cmsis_nn_shape_product(big2, 2), SIZE_MAX > UINT32_MAX ? (int64_t)INT32_MAX * 3 : 0);
    const int32_t big3[2] = {INT32_MAX, 2}; /* 2^32 - 2: fits a 32-bit size_t too */
    KILN_CHECK_EQ((int64_t)arm_cmsis_nn_shape_product(big3, 2), (int64_t)INT32_MAX * 2);

    /* flatten suffix: every mask over every shape of extents 1 and 2, against the definition (a suffix start s:
     * the reduced axes, together with the unit axes from s on, cover s .. 3 and none is before s) */
    for (int32_t shape_bits = 0; shape_bits < 16; shape_bits++)
    {
        for (int32_t mask = 0; mask < 16; mask++)
        {
            int32_t in[4], ax[4];
            for (int32_t d = 0; d < 4; d++)
            {
                in[d] = (shape_bits >> d) & 1 ? 2 : 1;
                ax[d] = (mask >> d) & 1 ? 1 + d : 0; /* any non-zero value marks a reduced axis */
            }
            int32_t want = -1;
            for (int32_t s = 3; s >= 0; s--)
            {
                int32_t reduced_before = 0, bad_after = 0;
                for (int32_t d = 0; d < 4; d++)
                {
                    reduced_before += d < s && ax[d] != 0;
                    bad_after += d >= s && ax[d] == 0 && in[d] != 1;
                }
                if (reduced_before == 0 && bad_after == 0)
                {
                    want = s; /* scanning down: the last hit is the smallest */
                }
            }
            kiln_test_context("shape bits %d mask %d", shape_bits, mask);
            KILN_CHECK_EQ(arm_reduce_get_flatten_suffix_start_from_arrays(in, ax), want);
        }
    }
    KILN_CHECK_EQ(arm_reduce_get_flatten_suffix_start_from_arrays(NULL, big), -1);
    KILN_CHECK_EQ(arm_reduce_get_flatten_suffix_start_from_arrays(big, NULL), -1);
}

int main(void)
{
    KILN_RUN(test_strided_slice_random);
    KILN_RUN(test_strided_slice_bad_input);
    KILN_RUN(test_concat_split_random);
    KILN_RUN(test_concat_split_bad_input);
    KILN_RUN(test_copy_fill_helpers);
    KILN_RUN(test_dims_helpers);
    return kiln_test_finish();
}
