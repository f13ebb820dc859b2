/*
 * Inline support helpers of arm_nnsupportfunctions.h added by h-supint: the byte / nibble
 * expansion helpers (read_and_pad*, DSP and MVE builds), the int16 fixed-point helpers (every
 * build) and the Helium-typed ones (MVE builds). References are written here independently: the
 * expansion helpers are modelled instruction by instruction (SXTB16 / SXTAB16 / ROR / PKHBT /
 * PKHTB on the little-endian word), the fixed-point helpers from their arithmetic definitions in
 * 64 bits. Every output is written between sentinels; inputs are checked unchanged.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#define SENT32 ((int32_t)0x5A5A5A5A)

/* ---- instruction models (little-endian word views) ------------------------------------------ */
#if defined(ARM_MATH_DSP)

static uint32_t m_word(const uint8_t *b, int n)
{
    uint32_t w = 0;
    for (int i = 0; i < n; i++)
    {
        w |= (uint32_t)b[i] << (8 * i);
    }
    return w;
}

static uint32_t m_ror(uint32_t x, int r)
{
    return r == 0 ? x : ((x >> r) | (x << (32 - r)));
}

/* SXTB16: bytes 0 and 2 sign-extended into the two half-words. */
static uint32_t m_sxtb16(uint32_t x)
{
    const uint32_t lo = (uint32_t)(int32_t)(int8_t)(uint8_t)(x & 0xFF) & 0xFFFFu;
    const uint32_t hi = (uint32_t)(int32_t)(int8_t)(uint8_t)((x >> 16) & 0xFF) & 0xFFFFu;
    return lo | (hi << 16);
}

/* SXTAB16: half-word-wise add of SXTB16(x) to a (modulo 2^16). */
static uint32_t m_sxtab16(uint32_t a, uint32_t x)
{
    const uint32_t s = m_sxtb16(x);
    const uint32_t lo = ((a & 0xFFFFu) + (s & 0xFFFFu)) & 0xFFFFu;
    const uint32_t hi = ((a >> 16) + (s >> 16)) & 0xFFFFu;
    return lo | (hi << 16);
}

/* PKHBT(a, b, 16): bottom of a, top = bottom of b. PKHTB(a, b, 16): top of a, bottom = top of b. */
static uint32_t m_pkhbt16(uint32_t a, uint32_t b)
{
    return (a & 0xFFFFu) | (b << 16);
}
static uint32_t m_pkhtb16(uint32_t a, uint32_t b)
{
    return (a & 0xFFFF0000u) | (b >> 16);
}

/* The 2-byte spread used before the s4 / s8x2 expansions: byte 0 to bits 0..7, byte 1 to 16..23. */
static uint32_t m_spread2(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 16);
}

/* Sign-extended nibble extraction the way upstream does it: SXTB16 then ROR 4 then SXTB16. */
static uint32_t m_nib(uint32_t x)
{
    return m_sxtb16(m_ror(m_sxtb16(x), 4));
}

static bool same_bytes(const void *a, const void *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

#endif /* ARM_MATH_DSP */

/* ---- expansion helpers ----------------------------------------------------------------------- */

static void test_read_and_pad(void)
{
#if defined(ARM_MATH_DSP)
    kiln_rng r;
    kiln_rng_seed(&r, 0x5101);
    const int32_t iters = kiln_test_iterations(20000, 600);
    for (int32_t it = 0; it < iters; it++)
    {
        uint8_t raw[8];
        for (int i = 0; i < 8; i++)
        {
            raw[i] = (uint8_t)kiln_rng_u32(&r);
        }
        if (it < 256)
        {
            /* every byte value once at each position of interest */
            raw[0] = (uint8_t)it;
            raw[3] = (uint8_t)(255 - it);
        }
        int8_t src[8];
        memcpy(src, raw, 8);
        int8_t keep[8];
        memcpy(keep, src, 8);
        const int off = (int)(kiln_rng_u32(&r) & 3); /* unaligned starts */
        const uint8_t *b = raw + off;
        const uint32_t w4 = m_word(b, 4);
        const uint32_t add = kiln_rng_u32(&r);
        kiln_test_context("iter %d off %d", (int)it, off);

        int32_t o[5];
        /* read_and_pad: in order */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        const int8_t *next = read_and_pad(src + off, &o[1], &o[3]);
        {
            const uint32_t t1 = m_sxtb16(m_ror(w4, 8)), t2 = m_sxtb16(w4);
            KILN_CHECK(next == src + off + 4);
            KILN_CHECK_EQ((uint32_t)o[1], m_pkhbt16(t2, t1));
            KILN_CHECK_EQ((uint32_t)o[3], m_pkhtb16(t1, t2));
        }
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_and_pad_reordered */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        next = read_and_pad_reordered(src + off, &o[1], &o[3]);
        KILN_CHECK(next == src + off + 4);
        KILN_CHECK_EQ((uint32_t)o[1], m_sxtb16(w4));
        KILN_CHECK_EQ((uint32_t)o[3], m_sxtb16(m_ror(w4, 8)));
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_and_pad_reordered_scalar: the byte in all four positions */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        read_and_pad_reordered_scalar(src[off], &o[1], &o[3]);
        {
            const uint32_t rep = (uint32_t)b[0] * 0x01010101u;
            KILN_CHECK_EQ((uint32_t)o[1], m_sxtb16(rep));
            KILN_CHECK_EQ((uint32_t)o[3], m_sxtb16(m_ror(rep, 8)));
        }
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_pad_and_add_s8 */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        read_pad_and_add_s8(src + off, &o[1], &o[3], add);
        {
            const uint32_t t1 = m_sxtab16(add, m_ror(w4, 8)), t2 = m_sxtab16(add, w4);
            KILN_CHECK_EQ((uint32_t)o[1], m_pkhbt16(t2, t1));
            KILN_CHECK_EQ((uint32_t)o[3], m_pkhtb16(t1, t2));
        }
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_and_pad_s8x2 / read_pad_and_add_s8x2 */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        read_and_pad_s8x2(src + off, &o[1]);
        read_pad_and_add_s8x2(src + off, &o[3], add);
        KILN_CHECK_EQ((uint32_t)o[1], m_sxtb16(m_spread2(b)));
        KILN_CHECK_EQ((uint32_t)o[3], m_sxtab16(add, m_spread2(b)));
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_and_pad_s4: (e0, e2) and (e1, e3) */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        read_and_pad_s4(src + off, &o[1], &o[3]);
        KILN_CHECK_EQ((uint32_t)o[1], m_nib(m_spread2(b) << 4));
        KILN_CHECK_EQ((uint32_t)o[3], m_nib(m_spread2(b)));
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_and_pad_s4_ordered: (e0, e1) and (e2, e3) */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        read_and_pad_s4_ordered(src + off, &o[1], &o[3]);
        {
            const uint32_t t1 = m_nib(m_spread2(b)), t2 = m_nib(m_spread2(b) << 4);
            KILN_CHECK_EQ((uint32_t)o[1], m_pkhbt16(t2, t1));
            KILN_CHECK_EQ((uint32_t)o[3], m_pkhtb16(t1, t2));
        }
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        /* read_and_pad_s4_uneven: three bytes, starting at the high nibble of byte 0 */
        for (int i = 0; i < 5; i++)
            o[i] = SENT32;
        read_and_pad_s4_uneven(src + off, &o[1], &o[3]);
        {
            const uint32_t a1 = (uint32_t)b[0] | ((uint32_t)b[1] << 16);
            const uint32_t a2 = (uint32_t)b[1] | ((uint32_t)b[2] << 16);
            KILN_CHECK_EQ((uint32_t)o[1], m_nib(a2 << 4));
            KILN_CHECK_EQ((uint32_t)o[3], m_nib(a1));
        }
        KILN_CHECK(o[0] == SENT32 && o[2] == SENT32 && o[4] == SENT32);

        KILN_CHECK(same_bytes(src, keep, 8));
    }
    kiln_test_context("");

    /* NULL arguments: nothing written, NULL returned by the pointer-returning ones */
    int8_t src[4] = {1, 2, 3, 4};
    int32_t a = SENT32, c = SENT32;
    KILN_CHECK(read_and_pad(NULL, &a, &c) == NULL);
    KILN_CHECK(read_and_pad(src, NULL, &c) == NULL);
    KILN_CHECK(read_and_pad(src, &a, NULL) == NULL);
    KILN_CHECK(read_and_pad_reordered(NULL, &a, &c) == NULL);
    KILN_CHECK(read_and_pad_reordered(src, NULL, &c) == NULL);
    KILN_CHECK(read_and_pad_reordered(src, &a, NULL) == NULL);
    read_and_pad_reordered_scalar(3, NULL, &c);
    read_and_pad_reordered_scalar(3, &a, NULL);
    read_pad_and_add_s8(NULL, &a, &c, 7u);
    read_pad_and_add_s8(src, NULL, &c, 7u);
    read_pad_and_add_s8(src, &a, NULL, 7u);
    read_and_pad_s8x2(NULL, &a);
    read_pad_and_add_s8x2(NULL, &a, 7u);
    read_and_pad_s4(NULL, &a, &c);
    read_and_pad_s4(src, NULL, &c);
    read_and_pad_s4(src, &a, NULL);
    read_and_pad_s4_uneven(NULL, &a, &c);
    read_and_pad_s4_uneven(src, &a, NULL);
    read_and_pad_s4_ordered(NULL, &a, &c);
    read_and_pad_s4_ordered(src, NULL, &c);
    KILN_CHECK(a == SENT32 && c == SENT32);
#else
    printf("  (no DSP extension on this build: read_and_pad* are not declared)\n");
    KILN_CHECK(1);
#endif
}

/* ---- int16 fixed-point helpers --------------------------------------------------------------- */

static int64_t r_floor_div(int64_t a, int64_t d)
{
    int64_t q = a / d;
    if ((a % d != 0) && ((a < 0) != (d < 0)))
    {
        q--;
    }
    return q;
}

static int64_t r_clamp16(int64_t v)
{
    return v > 32767 ? 32767 : (v < -32768 ? -32768 : v);
}

/* round(x / 2^e), ties away from zero */
static int64_t r_round_away(int64_t x, int e)
{
    if (e == 0)
    {
        return x;
    }
    const int64_t d = (int64_t)1 << e;
    const int64_t m = x < 0 ? -x : x;
    const int64_t q = (2 * m + d) / (2 * d);
    return x < 0 ? -q : q;
}

static void test_fixed_point_s16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5102);
    const int32_t iters = kiln_test_iterations(200000, 4000);
    for (int32_t it = 0; it < iters; it++)
    {
        int16_t a, b;
        if (it < 64)
        {
            static const int16_t edge[8] = {INT16_MIN, INT16_MIN + 1, -2, -1, 0, 1, 16384, INT16_MAX};
            a = edge[it & 7];
            b = edge[it >> 3];
        }
        else
        {
            a = (int16_t)kiln_rng_u32(&r);
            b = (int16_t)kiln_rng_u32(&r);
        }
        kiln_test_context("a %d b %d", a, b);
        const int64_t p = (int64_t)a * b;
        /* SQRDMULH: (2ab + 2^15) >> 16, saturated */
        KILN_CHECK_EQ(arm_nn_sqrdmulh_s16(a, b), r_clamp16(r_floor_div(2 * p + 32768, 65536)));
        /* ns SQDMULH: 2ab / 2^16 truncated toward zero, saturated */
        KILN_CHECK_EQ(arm_nn_sqdmulh_s16(a, b), r_clamp16((2 * p) / 65536));

        const int sh = (int)kiln_rng_range(&r, -3, 20);
        const int64_t want_sh = sh <= 0 ? a : r_clamp16((int64_t)a * ((int64_t)1 << sh));
        kiln_test_context("a %d shift %d", a, sh);
        KILN_CHECK_EQ(arm_nn_sat_lshift_s16(a, sh), want_sh);

        const int e = (int)kiln_rng_range(&r, 0, 15);
        kiln_test_context("x %d exp %d", a, e);
        KILN_CHECK_EQ(arm_nn_divide_by_power_of_two_s16(a, e), r_round_away(a, e));

        /* non-negative dividend, ties up */
        const int32_t x = (int32_t)(kiln_rng_u32(&r) >> 1);
        const int32_t ex = (int32_t)kiln_rng_range(&r, 0, 31);
        kiln_test_context("x %ld exp %d", (long)x, (int)ex);
        const int64_t want_nn = ex == 0 ? x : r_floor_div((int64_t)x + ((int64_t)1 << (ex - 1)), (int64_t)1 << ex);
        KILN_CHECK_EQ(arm_nn_nonneg_divide_by_pot_s32(x, ex), want_nn);
    }
    kiln_test_context("");
    /* exhaustive over x for every exponent of the s16 rounding divide (stride on the boards) */
    const int32_t step = kiln_test_iterations(1, 97);
    for (int e = 0; e <= 15; e++)
    {
        for (int32_t x = INT16_MIN; x <= INT16_MAX; x += step)
        {
            if (arm_nn_divide_by_power_of_two_s16((int16_t)x, e) != r_round_away(x, e))
            {
                kiln_test_context("x %d exp %d", (int)x, e);
                KILN_CHECK_EQ(arm_nn_divide_by_power_of_two_s16((int16_t)x, e), r_round_away(x, e));
                break;
            }
        }
    }
    kiln_test_context("");
    /* boundaries of the s32 helper */
    KILN_CHECK_EQ(arm_nn_nonneg_divide_by_pot_s32(INT32_MAX, 1), 1073741824);
    KILN_CHECK_EQ(arm_nn_nonneg_divide_by_pot_s32(INT32_MAX, 31), 1);
    KILN_CHECK_EQ(arm_nn_nonneg_divide_by_pot_s32(0, 31), 0);
    KILN_CHECK_EQ(arm_nn_nonneg_divide_by_pot_s32(5, 0), 5);
}

/* ---- Helium-typed helpers -------------------------------------------------------------------- */

static void test_mve_helpers(void)
{
#if defined(ARM_MATH_MVEI)
    kiln_rng r;
    kiln_rng_seed(&r, 0x5103);
    const int32_t iters = kiln_test_iterations(2000, 2000);
    for (int32_t it = 0; it < iters; it++)
    {
        int16_t in[8], got[8];
        for (int i = 0; i < 8; i++)
        {
            in[i] = (int16_t)kiln_rng_u32(&r);
        }
        if (it < 16)
        {
            in[0] = INT16_MIN;
            in[1] = INT16_MAX;
            in[2] = -1;
            in[3] = (int16_t)(-(1 << (it & 15)) / 2);
        }
        const int16_t e = (int16_t)(it % 16);
        vst1q_s16(got, arm_divide_by_power_of_two_mve_s16(vld1q_s16(in), e));
        for (int i = 0; i < 8; i++)
        {
            kiln_test_context("lane %d x %d exp %d", i, in[i], e);
            KILN_CHECK_EQ(got[i], r_round_away(in[i], e));
        }

        int32_t acc[16];
        for (int i = 0; i < 16; i++)
        {
            const uint32_t k = kiln_rng_u32(&r) % 4;
            acc[i] = k == 0 ? (int32_t)kiln_rng_u32(&r) : (int32_t)kiln_rng_range(&r, -300, 300);
        }
        int8_t out[16 + 2];
        memset(out, 0x77, sizeof(out));
        const int8x16_t n = arm_narrow_mve_from_int32x4x4_to_int8x16(vld1q_s32(acc), vld1q_s32(acc + 4),
                                                                     vld1q_s32(acc + 8), vld1q_s32(acc + 12));
        vst1q_s8(out + 1, n);
        KILN_CHECK(out[0] == 0x77 && out[17] == 0x77);
        for (int k = 0; k < 4; k++)
        {
            const int src[4] = {0, 8, 4, 12}; /* acc0, acc2, acc1, acc3 */
            for (int j = 0; j < 4; j++)
            {
                const int32_t v = acc[src[j] + k];
                const int32_t want = v > 127 ? 127 : (v < -128 ? -128 : v);
                kiln_test_context("narrow k %d j %d v %ld", k, j, (long)v);
                KILN_CHECK_EQ(out[1 + 4 * k + j], want);
            }
        }
    }
    kiln_test_context("");
#else
    printf("  (no Helium on this build: the MVE-typed helpers are not declared)\n");
    KILN_CHECK(1);
#endif
}

int main(void)
{
    printf("supint_inline on %s\n", kiln_board_name());
    KILN_RUN(test_read_and_pad);
    KILN_RUN(test_fixed_point_s16);
    KILN_RUN(test_mve_helpers);
    return kiln_test_finish();
}
