/*
 * Kiln internals shared by every operator family: the backend enumeration the plan functions take,
 * checked 64-bit size arithmetic, and argument checks. Not part of the public API (names start
 * with kiln_); C99, no libc beyond the freestanding headers.
 */
#ifndef KILN_COMMON_H
#define KILN_COMMON_H

#include "arm_nn_math_types.h"
#include "arm_nn_types.h"
#include "arm_nnsupportfunctions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The three backends. Plans take one explicitly, so a host tool can ask for any target's answer. */
typedef enum
{
    KILN_ISA_C = 0,   /* portable C */
    KILN_ISA_DSP = 1, /* Armv7E-M / Armv8-M DSP extension (SIMD32) */
    KILN_ISA_MVE = 2  /* Helium (M-profile Vector Extension) */
} kiln_isa;

/* The backend this translation unit is compiled for. ISA kernel files are guarded with these. */
#if defined(ARM_MATH_MVEI)
#define KILN_NATIVE_ISA KILN_ISA_MVE
#define KILN_BUILD_MVE 1
#define KILN_BUILD_DSP 0
#define KILN_BUILD_C 0
#elif defined(ARM_MATH_DSP)
#define KILN_NATIVE_ISA KILN_ISA_DSP
#define KILN_BUILD_MVE 0
#define KILN_BUILD_DSP 1
#define KILN_BUILD_C 0
#else
#define KILN_NATIVE_ISA KILN_ISA_C
#define KILN_BUILD_MVE 0
#define KILN_BUILD_DSP 0
#define KILN_BUILD_C 1
#endif

/** Printable backend name ("c", "dsp", "mve"). */
static inline const char *kiln_isa_name(kiln_isa isa)
{
    return isa == KILN_ISA_MVE ? "mve" : (isa == KILN_ISA_DSP ? "dsp" : "c");
}

/* ---- sizes in 64 bits ------------------------------------------------------------------------ */

/* Largest byte count a size query can return (its return type is int32_t). */
#define KILN_MAX_QUERY_BYTES ((int64_t)INT32_MAX)

/** a * b for non-negative a, b, saturating at INT64_MAX (a negative factor also gives INT64_MAX). No 64-bit
 * division: 32-bit halves, so on a Cortex-M this is a few UMULLs instead of a library divide call. */
static inline int64_t kiln_mul_sat64(int64_t a, int64_t b)
{
    if (a < 0 || b < 0)
    {
        return INT64_MAX;
    }
    const uint64_t ah = (uint64_t)a >> 32, al = (uint64_t)a & 0xFFFFFFFFu;
    const uint64_t bh = (uint64_t)b >> 32, bl = (uint64_t)b & 0xFFFFFFFFu;
    if (ah != 0 && bh != 0)
    {
        return INT64_MAX; /* >= 2^64 */
    }
    const uint64_t cross = ah * bl + al * bh; /* one term is 0, the other < 2^63 */
    if ((cross >> 31) != 0)
    {
        return INT64_MAX; /* cross x 2^32 >= 2^63 */
    }
    const uint64_t lo = al * bl;
    const uint64_t sum = (cross << 32) + lo;
    if (sum < lo || sum > (uint64_t)INT64_MAX)
    {
        return INT64_MAX;
    }
    return (int64_t)sum;
}

/** Element count of a dims struct in 64 bits (saturating at INT64_MAX), or -1 when any dimension is negative. */
static inline int64_t kiln_dims_count(const cmsis_nn_dims *d)
{
    if (d->n < 0 || d->h < 0 || d->w < 0 || d->c < 0)
    {
        return -1;
    }
    /* Each factor is < 2^31, so the two pair products are exact (< 2^62). */
    return kiln_mul_sat64((int64_t)d->n * d->h, (int64_t)d->w * d->c);
}

/** The int32 answer of a size query: bytes, or -1 past what an int32 can state. */
static inline int32_t kiln_query_result(int64_t bytes)
{
    return (bytes < 0 || bytes > KILN_MAX_QUERY_BYTES) ? -1 : (int32_t)bytes;
}

/* ---- argument checks ------------------------------------------------------------------------- */

/** A requantization shift accepted by arm_nn_requantize(): [-31, 30]. */
static inline bool kiln_shift_ok(int32_t shift)
{
    return shift >= -31 && shift <= 30;
}

/**
 * Per-channel requantization parameters the kernels accept: every multiplier >= 0 and every shift
 * within [-31, 30], for n >= 0 channels (mult and shift non-NULL when n > 0). One pass without a
 * branch per channel (Source/NNSupportFunctions/kernels/kiln_quant_check_*.c).
 */
bool kiln_quant_ok(const int32_t *mult, const int32_t *shift, int32_t n);

/**
 * Every one of n >= 0 shifts within [lo, hi], for shifts that kiln_quant_ok accepted (within [-31, 30]) and
 * -31 <= lo <= hi <= 30. One pass without a branch per channel (kernels/kiln_quant_check_*.c).
 */
bool kiln_shifts_within(const int32_t *shift, int32_t n, int32_t lo, int32_t hi);

/**
 * Whether an int8 layer's requantization has the Helium kernels' top-byte form: the activation range is all of int8
 * and every shift a right shift r of 1 to 24 bits with co = 2^(r-1) + out_offset * 2^r within int32, which for an
 * output offset outside [-128, 127] (the depthwise API allows [-255, 255]) holds up to 23 bits. The output is then
 * the top byte of a saturating shift: no clamp (the depthwise 3x3 tiles, the convolution GEMM).
 */
static inline bool kiln_requant_top_ok(const int32_t *shift, int32_t n, int32_t out_offset, int32_t act_min,
                                       int32_t act_max)
{
    const int32_t least = (out_offset >= INT8_MIN && out_offset <= INT8_MAX) ? -24 : -23;
    return act_min == INT8_MIN && act_max == INT8_MAX && kiln_shifts_within(shift, n, least, -1);
}

/** An int8 activation range: min <= max, both within [-128, 127]. */
static inline bool kiln_act_s8_ok(int32_t act_min, int32_t act_max)
{
    return act_min <= act_max && act_min >= INT8_MIN && act_max <= INT8_MAX;
}

/** clamp(v + offset, lo, hi) for lo <= hi and |lo|, |hi|, |offset| < 2^30, without forming v + offset: a
 *  requantized value near the int32 limits plus an output offset would overflow. v is clamped to
 *  [lo - offset, hi - offset] first (the same result; the bounds are loop invariants in the kernels). */
static inline int32_t kiln_add_clamp(int32_t v, int32_t offset, int32_t lo, int32_t hi)
{
    const int32_t l = lo - offset, h = hi - offset;
    return (v < l ? l : (v > h ? h : v)) + offset;
}

/** An int16 activation range: min <= max, both within [-32768, 32767]. */
static inline bool kiln_act_s16_ok(int32_t act_min, int32_t act_max)
{
    return act_min <= act_max && act_min >= INT16_MIN && act_max <= INT16_MAX;
}

/**
 * Whether a context can hold `need` scratch bytes: a non-NULL buffer, and a stated size (size > 0)
 * that is at least `need`. size == 0 with a buffer means "not stated" (TFLite Micro's convention),
 * accepted on the caller's word. need == 0 accepts any context, including NULL.
 */
static inline bool kiln_ctx_holds(const cmsis_nn_context *ctx, int64_t need)
{
    if (need <= 0)
    {
        return true;
    }
    if (ctx == NULL || ctx->buf == NULL || ctx->size < 0)
    {
        return false;
    }
    return ctx->size == 0 || (int64_t)ctx->size >= need;
}

/**
 * First and one-past-last filter tap [*k0, *k1) along one axis whose input coordinate base + k * dil lies in
 * [0, size), k < taps (k0 == k1: none), in 32-bit arithmetic: for geometries whose validation bounds -base by the
 * padding, size - base by size + padding and the last window's last tap, base + (taps - 1) * dil, all within
 * int32 (kiln_dw_s8_shape_from, kiln_conv_geom_ok). The ceilings are (n - 1) / dil + 1 for n >= 1, which cannot
 * overflow where n + dil - 1 could (a one-tap filter passes the shape checks with any dilation): one hardware
 * division each on the cores that have it (the 64-bit form took ~200 instructions a division on a Cortex-M4).
 */
static inline void kiln_tap_range(int32_t base, int32_t size, int32_t taps, int32_t dil, int32_t *k0, int32_t *k1)
{
    const int32_t lo = base < 0 ? (-base - 1) / dil + 1 : 0;
    const int32_t room = size - base; /* k < room / dil, rounded up */
    int32_t hi = room <= 0 ? 0 : (room - 1) / dil + 1;
    hi = hi < taps ? hi : taps;
    *k0 = lo;
    *k1 = hi < lo ? lo : hi;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_COMMON_H */
