/*
 * CONCATENATION (arm_concatenation_<type>_x / _y / _z / _w, one input per call) and RESHAPE (arm_reshape_<type>)
 * for int8, float32 and float16 (the float ones in ARM_NN_ENABLE_F32 / _F16 builds). No shared vectors exist for
 * these: every case is checked against an index-mapping reference written here.
 *
 * Concatenation: random extents 0..5 per axis, 1..3 inputs joined along each axis, each input copied by its own
 * call at its running offset; one input is sometimes left out, and its region (like everything the calls do not
 * own) must keep the canary; guard bytes around the output; inputs unchanged; random bit patterns as data
 * (NaN payloads and -0 must arrive unchanged). Bad calls (NULL pointers, offset + extent past the output extent,
 * negative float extents, spans past PTRDIFF_MAX) must write nothing. Reshape: copies, in place, overlapping
 * (memmove semantics), bad calls.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_test.h"

#define CR_GUARD 16
#define CR_CANARY 0xA5

typedef enum
{
    CR_S8,
    CR_F32,
    CR_F16
} cr_type;

static const char *const cr_names[3] = {"s8", "f32", "f16"};
static const size_t cr_size[3] = {1, 4, 2};

/* One call of arm_concatenation_<type>_<axis>. Extents as int64_t so the bad-input rows can pass what the int32_t
 * float forms accept and the uint16_t int8 forms cannot. Returns false when the type is not built. */
static bool cr_concat(cr_type t, int axis, const void *in, const int64_t e[4], void *out, int64_t out_axis,
                      uint32_t offset)
{
    switch (t)
    {
    case CR_S8: {
        const uint16_t x = (uint16_t)e[0], y = (uint16_t)e[1], z = (uint16_t)e[2], w = (uint16_t)e[3];
        const int8_t *i8 = (const int8_t *)in;
        int8_t *o8 = (int8_t *)out;
        switch (axis)
        {
        case 0: arm_concatenation_s8_x(i8, x, y, z, w, o8, (uint16_t)out_axis, offset); break;
        case 1: arm_concatenation_s8_y(i8, x, y, z, w, o8, (uint16_t)out_axis, offset); break;
        case 2: arm_concatenation_s8_z(i8, x, y, z, w, o8, (uint16_t)out_axis, offset); break;
        default: arm_concatenation_s8_w(i8, x, y, z, w, o8, offset); break;
        }
        return true;
    }
#if ARM_NN_ENABLE_F32
    case CR_F32: {
        const int32_t x = (int32_t)e[0], y = (int32_t)e[1], z = (int32_t)e[2], w = (int32_t)e[3];
        const float32_t *i = (const float32_t *)in;
        float32_t *o = (float32_t *)out;
        switch (axis)
        {
        case 0: arm_concatenation_f32_x(i, x, y, z, w, o, (int32_t)out_axis, offset); break;
        case 1: arm_concatenation_f32_y(i, x, y, z, w, o, (int32_t)out_axis, offset); break;
        case 2: arm_concatenation_f32_z(i, x, y, z, w, o, (int32_t)out_axis, offset); break;
        default: arm_concatenation_f32_w(i, x, y, z, w, o, offset); break;
        }
        return true;
    }
#endif
#if ARM_NN_ENABLE_F16
    case CR_F16: {
        const int32_t x = (int32_t)e[0], y = (int32_t)e[1], z = (int32_t)e[2], w = (int32_t)e[3];
        const float16_t *i = (const float16_t *)in;
        float16_t *o = (float16_t *)out;
        switch (axis)
        {
        case 0: arm_concatenation_f16_x(i, x, y, z, w, o, (int32_t)out_axis, offset); break;
        case 1: arm_concatenation_f16_y(i, x, y, z, w, o, (int32_t)out_axis, offset); break;
        case 2: arm_concatenation_f16_z(i, x, y, z, w, o, (int32_t)out_axis, offset); break;
        default: arm_concatenation_f16_w(i, x, y, z, w, o, offset); break;
        }
        return true;
    }
#endif
    default: return false;
    }
}

static bool cr_reshape(cr_type t, const void *in, void *out, uint32_t n)
{
    switch (t)
    {
    case CR_S8: arm_reshape_s8((const int8_t *)in, (int8_t *)out, n); return true;
#if ARM_NN_ENABLE_F32
    case CR_F32: arm_reshape_f32((const float32_t *)in, (float32_t *)out, n); return true;
#endif
#if ARM_NN_ENABLE_F16
    case CR_F16: arm_reshape_f16((const float16_t *)in, (float16_t *)out, n); return true;
#endif
    default: return false;
    }
}

/* A buffer of n bytes between CR_GUARD canary bytes on each side, itself filled with the canary. */
static uint8_t *cr_alloc(size_t n)
{
    uint8_t *p = (uint8_t *)malloc(n + 2 * CR_GUARD);
    KILN_CHECK(p != NULL);
    if (p == NULL)
    {
        abort();
    }
    memset(p, CR_CANARY, n + 2 * CR_GUARD);
    return p + CR_GUARD;
}

static bool cr_all_canary(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
    {
        if (p[i] != CR_CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool cr_guards_ok(const uint8_t *p, size_t n)
{
    return cr_all_canary(p - CR_GUARD, CR_GUARD) && cr_all_canary(p + n, CR_GUARD);
}

static void cr_free(uint8_t *p)
{
    free(p - CR_GUARD);
}

static void test_concat_random_type(cr_type t)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0C4u + (uint64_t)t);
    const size_t es = cr_size[t];
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int axis = (int)(it % 4);
        const int count = kiln_rng_range(&r, 1, 3);
        const int skip = kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 0, count - 1) : -1;
        int64_t base[4];
        for (int k = 0; k < 4; k++)
        {
            base[k] = kiln_rng_range(&r, kiln_rng_range(&r, 0, 9) == 0 ? 0 : 1, 5);
        }
        int64_t ext[3], total = 0;
        uint8_t *in[3];
        for (int i = 0; i < count; i++)
        {
            ext[i] = kiln_rng_range(&r, kiln_rng_range(&r, 0, 9) == 0 ? 0 : 1, 5);
            int64_t e[4] = {base[0], base[1], base[2], base[3]};
            e[axis] = ext[i];
            const size_t bytes = (size_t)(e[0] * e[1] * e[2] * e[3]) * es;
            in[i] = cr_alloc(bytes);
            for (size_t b = 0; b < bytes; b++)
            {
                in[i][b] = (uint8_t)kiln_rng_u32(&r);
            }
            total += ext[i];
        }
        int64_t oe[4] = {base[0], base[1], base[2], base[3]};
        oe[axis] = total;
        const int64_t out_n = oe[0] * oe[1] * oe[2] * oe[3];
        const size_t out_bytes = (size_t)out_n * es;
        uint8_t *out = cr_alloc(out_bytes);
        kiln_test_context("concat %s axis %d inputs %d base [%d %d %d %d] skip %d case %d", cr_names[t], axis, count,
                          (int)base[0], (int)base[1], (int)base[2], (int)base[3], skip, (int)it);
        uint8_t *copy[3];
        int64_t off = 0;
        for (int i = 0; i < count; i++)
        {
            int64_t e[4] = {base[0], base[1], base[2], base[3]};
            e[axis] = ext[i];
            const size_t bytes = (size_t)(e[0] * e[1] * e[2] * e[3]) * es;
            copy[i] = (uint8_t *)malloc(bytes + 1);
            memcpy(copy[i], in[i], bytes);
            if (i != skip)
            {
                KILN_CHECK(cr_concat(t, axis, in[i], e, out, total, (uint32_t)off));
            }
            KILN_CHECK(memcmp(copy[i], in[i], bytes) == 0); /* input unchanged */
            off += ext[i];
        }
        /* Reference: output element (x, y, z, w) -> which input along axis, and its index there. */
        bool ok = true;
        int64_t q = 0;
        for (int64_t w = 0; w < oe[3]; w++)
            for (int64_t z = 0; z < oe[2]; z++)
                for (int64_t y = 0; y < oe[1]; y++)
                    for (int64_t x = 0; x < oe[0]; x++, q++)
                    {
                        int64_t c[4] = {x, y, z, w};
                        int i = 0;
                        while (c[axis] >= ext[i])
                        {
                            c[axis] -= ext[i];
                            i++;
                        }
                        int64_t e[4] = {base[0], base[1], base[2], base[3]};
                        e[axis] = ext[i];
                        const int64_t src = ((c[3] * e[2] + c[2]) * e[1] + c[1]) * e[0] + c[0];
                        for (size_t b = 0; b < es && ok; b++)
                        {
                            const uint8_t want = i == skip ? (uint8_t)CR_CANARY : copy[i][(size_t)src * es + b];
                            ok = out[(size_t)q * es + b] == want;
                        }
                    }
        KILN_CHECK(ok);
        KILN_CHECK(cr_guards_ok(out, out_bytes));
        cr_free(out);
        for (int i = 0; i < count; i++)
        {
            free(copy[i]);
            cr_free(in[i]);
        }
    }
}

static void test_concat_random(void)
{
    test_concat_random_type(CR_S8);
#if ARM_NN_ENABLE_F32
    test_concat_random_type(CR_F32);
#endif
#if ARM_NN_ENABLE_F16
    test_concat_random_type(CR_F16);
#endif
}

static void test_concat_bad_input_type(cr_type t)
{
    const size_t es = cr_size[t];
    uint8_t *in = cr_alloc(2 * 3 * 2 * 2 * es);
    memset(in, 0x11, 2 * 3 * 2 * 2 * es);
    const size_t out_bytes = 64 * es;
    uint8_t *out = cr_alloc(out_bytes);
    const int64_t e[4] = {2, 3, 2, 2};
    for (int axis = 0; axis < 4; axis++)
    {
        kiln_test_context("concat %s axis %d: bad input", cr_names[t], axis);
        cr_concat(t, axis, NULL, e, out, e[axis] + 1, 0);
        cr_concat(t, axis, in, e, NULL, e[axis] + 1, 0);
        if (axis < 3)
        {
            cr_concat(t, axis, in, e, out, e[axis] - 1, 0);        /* output extent smaller than the input's */
            cr_concat(t, axis, in, e, out, e[axis] + 1, 2);        /* offset + extent past the output */
            cr_concat(t, axis, in, e, out, e[axis], UINT32_MAX);   /* offset far past */
        }
        else if (sizeof(size_t) == 4)
        {
            cr_concat(t, axis, in, e, out, 0, UINT32_MAX); /* a span past PTRDIFF_MAX (32-bit targets) */
        }
        if (t != CR_S8)
        {
            for (int k = 0; k < 4; k++)
            {
                int64_t n[4] = {e[0], e[1], e[2], e[3]};
                n[k] = -1;
                cr_concat(t, axis, in, n, out, 4, 0);
                n[k] = INT32_MIN;
                cr_concat(t, axis, in, n, out, 4, 0);
            }
            if (axis < 3)
            {
                cr_concat(t, axis, in, e, out, -1, 0);
                cr_concat(t, axis, in, e, out, INT32_MIN, 0);
                /* extents whose product leaves any address space */
                const int64_t big[4] = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
                cr_concat(t, axis, in, big, out, INT32_MAX, 0);
            }
        }
        KILN_CHECK(cr_all_canary(out, out_bytes) && cr_guards_ok(out, out_bytes));
        /* an empty input writes nothing and is not an error */
        int64_t z[4] = {e[0], e[1], e[2], e[3]};
        z[axis] = 0;
        cr_concat(t, axis, in, z, out, e[axis], 1);
        z[axis] = e[axis];
        z[(axis + 1) % 4] = 0;
        cr_concat(t, axis, in, z, out, e[axis], 0);
        KILN_CHECK(cr_all_canary(out, out_bytes) && cr_guards_ok(out, out_bytes));
    }
    cr_free(out);
    cr_free(in);
}

static void test_concat_bad_input(void)
{
    test_concat_bad_input_type(CR_S8);
#if ARM_NN_ENABLE_F32
    test_concat_bad_input_type(CR_F32);
#endif
#if ARM_NN_ENABLE_F16
    test_concat_bad_input_type(CR_F16);
#endif
}

static void test_reshape_type(cr_type t)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5E5Au + (uint64_t)t);
    const size_t es = cr_size[t];
    for (int32_t it = 0; it < 200; it++)
    {
        const uint32_t n = (uint32_t)kiln_rng_range(&r, 0, 100);
        const size_t bytes = (size_t)n * es;
        uint8_t *in = cr_alloc(bytes);
        uint8_t *out = cr_alloc(bytes);
        for (size_t b = 0; b < bytes; b++)
        {
            in[b] = (uint8_t)kiln_rng_u32(&r);
        }
        kiln_test_context("reshape %s n %u", cr_names[t], (unsigned)n);
        KILN_CHECK(cr_reshape(t, in, out, n));
        KILN_CHECK(memcmp(in, out, bytes) == 0 && cr_guards_ok(out, bytes));
        /* in place: unchanged */
        KILN_CHECK(cr_reshape(t, out, out, n));
        KILN_CHECK(memcmp(in, out, bytes) == 0);
        /* overlapping, the output one element after the input start (memmove semantics) */
        if (n > 1)
        {
            memcpy(out, in, bytes);
            KILN_CHECK(cr_reshape(t, out, out + es, n - 1));
            KILN_CHECK(memcmp(out + es, in, bytes - es) == 0 && memcmp(out, in, es) == 0);
        }
        cr_free(out);
        cr_free(in);
    }
    uint8_t *out = cr_alloc(16 * es);
    uint8_t in[64];
    memset(in, 0x22, sizeof in);
    kiln_test_context("reshape %s: bad input", cr_names[t]);
    cr_reshape(t, NULL, out, 4);
    cr_reshape(t, in, NULL, 4);
    cr_reshape(t, in, out, 0);
    if (sizeof(size_t) == 4)
    {
        cr_reshape(t, in, out, UINT32_MAX); /* a byte count past PTRDIFF_MAX: refused, nothing read or written */
    }
    KILN_CHECK(cr_all_canary(out, 16 * es) && cr_guards_ok(out, 16 * es));
    cr_free(out);
}

static void test_reshape(void)
{
    test_reshape_type(CR_S8);
#if ARM_NN_ENABLE_F32
    test_reshape_type(CR_F32);
#endif
#if ARM_NN_ENABLE_F16
    test_reshape_type(CR_F16);
#endif
}

int main(void)
{
    KILN_RUN(test_concat_random);
    KILN_RUN(test_concat_bad_input);
    KILN_RUN(test_reshape);
    return kiln_test_finish();
}
