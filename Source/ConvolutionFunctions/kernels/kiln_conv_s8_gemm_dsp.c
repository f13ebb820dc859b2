/*
 * Kiln — int8 convolution GEMM, DSP extension (Cortex-M4/M7/M33). Blocks of two patches x two
 * output channels: the patch bytes are widened to int16 with the input offset added (SXTAB16, even
 * and odd lanes) and the weights (SXTB16), eight SMLADs per 16 MACs. Both operands use the same
 * lane permutation, so the dot product is unchanged. Patches of up to KILN_GEMM_WIDE_MAX columns
 * are widened once per block into a stack buffer (1152 bytes) for all its channel pairs (20
 * instructions per 16 MACs), longer ones per channel pair as they are read (25). Leftover columns (k % 4), rows and channels take the same arithmetic one at a time.
 * Blocks of three or four patches of up to KILN_CONV_S8_DSP_QUAD_K columns (the im2col route's blocks there: first
 * layers, 3x3 over up to 16 channels) run one channel x four patches instead (kiln_gemm_quad: 17 instructions per
 * 16 MACs, the channel's requantization constants formed once for four outputs).
 * The four results of a block are requantized (SMMLAR form, below), packed into one word and
 * clamped with SSUB8/SEL. Also here: kiln_conv_s8_gemm_strided (the 1x1 routes: rows at a fixed
 * stride, channel groups outermost: one pixel x eight channels at a time at dot lengths 16, 32 and 64, x seven
 * channels at other dot lengths up to 72, the channels left over in blocks of two pixels x two channels, in
 * assembly, see below) and the DSP kernel of arm_nn_mat_mult_nt_t_s8_s32.
 */
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_dsp.h"

#include <stddef.h>

#if KILN_BUILD_DSP

static inline int32_t kiln_rd4(const int8_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The k % 4 last columns of a 2x2 block, one at a time. */
static inline void kiln_dot_2x2_tail(const int8_t *l0, const int8_t *l1, const int8_t *w0, const int8_t *w1,
                                     int32_t n, int32_t off, int32_t *acc)
{
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t v0 = l0[i] + off;
        const int32_t v1 = l1[i] + off;
        acc[0] += v0 * w0[i];
        acc[1] += v0 * w1[i];
        acc[2] += v1 * w0[i];
        acc[3] += v1 * w1[i];
    }
}

/* acc[r][c] += sum_i (lhs_r[i] + off) * rhs_c[i], two rows x two channels. The 4-byte steps run
 * in one asm loop: 10 live values (four sums, four pointers, the end, the offset pair) leave four
 * scratch registers on Cortex-M4, so row 0's word is loaded twice (once per weight word) instead of
 * keeping six widened values: 25 instructions per 16 MACs with no stack traffic. */
static inline void kiln_dot_2x2(const int8_t *l0, const int8_t *l1, const int8_t *w0, const int8_t *w1, int32_t k,
                                int32_t off, int32_t *acc)
{
    const int32_t off16 = kiln_dup_s16x2(off);
    int32_t a00 = acc[0], a01 = acc[1], a10 = acc[2], a11 = acc[3];
    const int32_t k4 = k & ~3;
#if !defined(__OPTIMIZE__)
    /* -O0 keeps r7 as the frame pointer: too few registers for the loop below. */
    for (int32_t i = 0; i < k4; i += 4)
    {
        const int32_t y0 = kiln_rd4(w0 + i), y1 = kiln_rd4(w1 + i);
        const int32_t y0e = (int32_t)__sxtb16(y0), y0o = kiln_sxtb16_ror8(y0);
        const int32_t y1e = (int32_t)__sxtb16(y1), y1o = kiln_sxtb16_ror8(y1);
        const int32_t x0 = kiln_rd4(l0 + i), x1 = kiln_rd4(l1 + i);
        const int32_t x0e = (int32_t)__sxtab16(off16, x0), x0o = kiln_sxtab16_ror8(off16, x0);
        const int32_t x1e = (int32_t)__sxtab16(off16, x1), x1o = kiln_sxtab16_ror8(off16, x1);
        a00 = __smlad(x0o, y0o, __smlad(x0e, y0e, a00));
        a01 = __smlad(x0o, y1o, __smlad(x0e, y1e, a01));
        a10 = __smlad(x1o, y0o, __smlad(x1e, y0e, a10));
        a11 = __smlad(x1o, y1o, __smlad(x1e, y1e, a11));
    }
    l0 += k4;
    l1 += k4;
    w0 += k4;
    w1 += k4;
#else
    if (k4 > 0)
    {
        const int8_t *const end = l0 + k4;
        int32_t t0, t1, t2, t3;
        __asm__ volatile("1:\n\t"
                         "ldr     %[t0], [%[w0]], #4\n\t"
                         "sxtb16  %[t1], %[t0]\n\t"
                         "sxtb16  %[t0], %[t0], ror #8\n\t"
                         "ldr     %[t2], [%[l0]]\n\t"
                         "sxtab16 %[t3], %[off], %[t2]\n\t"
                         "sxtab16 %[t2], %[off], %[t2], ror #8\n\t"
                         "smlad   %[a00], %[t3], %[t1], %[a00]\n\t"
                         "smlad   %[a00], %[t2], %[t0], %[a00]\n\t"
                         "ldr     %[t2], [%[l1]], #4\n\t"
                         "sxtab16 %[t3], %[off], %[t2]\n\t"
                         "sxtab16 %[t2], %[off], %[t2], ror #8\n\t"
                         "smlad   %[a10], %[t3], %[t1], %[a10]\n\t"
                         "smlad   %[a10], %[t2], %[t0], %[a10]\n\t"
                         "ldr     %[t0], [%[w1]], #4\n\t"
                         "sxtb16  %[t1], %[t0]\n\t"
                         "sxtb16  %[t0], %[t0], ror #8\n\t"
                         "smlad   %[a11], %[t3], %[t1], %[a11]\n\t"
                         "smlad   %[a11], %[t2], %[t0], %[a11]\n\t"
                         "ldr     %[t2], [%[l0]], #4\n\t"
                         "sxtab16 %[t3], %[off], %[t2]\n\t"
                         "sxtab16 %[t2], %[off], %[t2], ror #8\n\t"
                         "smlad   %[a01], %[t3], %[t1], %[a01]\n\t"
                         "smlad   %[a01], %[t2], %[t0], %[a01]\n\t"
                         "cmp     %[l0], %[end]\n\t"
                         "bne     1b"
                         : [a00] "+r"(a00), [a01] "+r"(a01), [a10] "+r"(a10), [a11] "+r"(a11), [l0] "+r"(l0),
                           [l1] "+r"(l1), [w0] "+r"(w0), [w1] "+r"(w1), [t0] "=&r"(t0), [t1] "=&r"(t1),
                           [t2] "=&r"(t2), [t3] "=&r"(t3)
                         : [end] "r"(end), [off] "r"(off16)
                         : "cc", "memory");
    }
#endif
    acc[0] = a00;
    acc[1] = a01;
    acc[2] = a10;
    acc[3] = a11;
    kiln_dot_2x2_tail(l0, l1, w0, w1, k - k4, off, acc);
}

/*
 * Two patches widened once for every channel pair of a block: per four columns the words
 * (x0 + off) even lanes, odd lanes, then (x1 + off) even, odd (SXTAB16, the weights' SXTB16 lane
 * order). A channel pair then costs 20 instructions per 16 MACs (kiln_dot_2x2w: two weight words
 * widened, four patch words loaded, eight SMLADs) instead of 25 with the patches widened per pair.
 * Patches of up to KILN_GEMM_WIDE_MAX columns (the widened block on the stack: 4 x that many bytes).
 */
#define KILN_GEMM_WIDE_MAX 288

static inline void kiln_widen_2(const int8_t *l0, const int8_t *l1, int32_t k4, int32_t off16, int32_t *xw)
{
    for (int32_t i = 0; i < k4; i += 4)
    {
        const int32_t x0 = kiln_rd4(l0 + i), x1 = kiln_rd4(l1 + i);
        xw[0] = (int32_t)__sxtab16(off16, x0);
        xw[1] = kiln_sxtab16_ror8(off16, x0);
        xw[2] = (int32_t)__sxtab16(off16, x1);
        xw[3] = kiln_sxtab16_ror8(off16, x1);
        xw += 4;
    }
}

/* acc[r][c] += the widened patches (k4 columns, kiln_widen_2) x weight rows w0, w1. */
static inline void kiln_dot_2x2w(const int32_t *xw, const int8_t *w0, const int8_t *w1, int32_t k4, int32_t *acc)
{
    int32_t a00 = acc[0], a01 = acc[1], a10 = acc[2], a11 = acc[3];
#if !defined(__OPTIMIZE__)
    for (int32_t i = 0; i < k4; i += 4)
    {
        const int32_t y0 = kiln_rd4(w0 + i), y1 = kiln_rd4(w1 + i);
        const int32_t y0e = (int32_t)__sxtb16(y0), y0o = kiln_sxtb16_ror8(y0);
        const int32_t y1e = (int32_t)__sxtb16(y1), y1o = kiln_sxtb16_ror8(y1);
        a00 = __smlad(xw[1], y0o, __smlad(xw[0], y0e, a00));
        a01 = __smlad(xw[1], y1o, __smlad(xw[0], y1e, a01));
        a10 = __smlad(xw[3], y0o, __smlad(xw[2], y0e, a10));
        a11 = __smlad(xw[3], y1o, __smlad(xw[2], y1e, a11));
        xw += 4;
    }
#else
    if (k4 > 0)
    {
        const int8_t *const end = w0 + k4;
        int32_t t0, t1, t2, t3, t4;
        __asm__ volatile("1:\n\t"
                         "ldr     %[t0], [%[w0]], #4\n\t"
                         "sxtb16  %[t1], %[t0]\n\t"
                         "sxtb16  %[t0], %[t0], ror #8\n\t"
                         "ldr     %[t2], [%[w1]], #4\n\t"
                         "sxtb16  %[t3], %[t2]\n\t"
                         "sxtb16  %[t2], %[t2], ror #8\n\t"
                         "ldr     %[t4], [%[x], #4]\n\t"
                         "smlad   %[a00], %[t4], %[t0], %[a00]\n\t"
                         "smlad   %[a01], %[t4], %[t2], %[a01]\n\t"
                         "ldr     %[t4], [%[x], #8]\n\t"
                         "smlad   %[a10], %[t4], %[t1], %[a10]\n\t"
                         "smlad   %[a11], %[t4], %[t3], %[a11]\n\t"
                         "ldr     %[t4], [%[x], #12]\n\t"
                         "smlad   %[a10], %[t4], %[t0], %[a10]\n\t"
                         "smlad   %[a11], %[t4], %[t2], %[a11]\n\t"
                         "ldr     %[t4], [%[x]], #16\n\t"
                         "smlad   %[a00], %[t4], %[t1], %[a00]\n\t"
                         "smlad   %[a01], %[t4], %[t3], %[a01]\n\t"
                         "cmp     %[w0], %[end]\n\t"
                         "bne     1b"
                         : [a00] "+r"(a00), [a01] "+r"(a01), [a10] "+r"(a10), [a11] "+r"(a11), [x] "+r"(xw),
                           [w0] "+r"(w0), [w1] "+r"(w1), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2),
                           [t3] "=&r"(t3), [t4] "=&r"(t4)
                         : [end] "r"(end)
                         : "cc", "memory");
    }
#endif
    acc[0] = a00;
    acc[1] = a01;
    acc[2] = a10;
    acc[3] = a11;
}

/* One row x two channels. */
static inline void kiln_dot_1x2(const int8_t *l0, const int8_t *w0, const int8_t *w1, int32_t k, int32_t off,
                                int32_t *acc)
{
    const int32_t off16 = kiln_dup_s16x2(off);
    int32_t a0 = acc[0], a1 = acc[1];
    int32_t i = 0;
    for (; i + 4 <= k; i += 4)
    {
        const int32_t x0 = kiln_rd4(l0 + i);
        const int32_t y0 = kiln_rd4(w0 + i);
        const int32_t y1 = kiln_rd4(w1 + i);
        const int32_t x0e = (int32_t)__sxtab16(off16, x0);
        const int32_t x0o = kiln_sxtab16_ror8(off16, x0);
        a0 = __smlad(x0e, (int32_t)__sxtb16(y0), a0);
        a0 = __smlad(x0o, kiln_sxtb16_ror8(y0), a0);
        a1 = __smlad(x0e, (int32_t)__sxtb16(y1), a1);
        a1 = __smlad(x0o, kiln_sxtb16_ror8(y1), a1);
    }
    for (; i < k; i++)
    {
        const int32_t v0 = l0[i] + off;
        a0 += v0 * w0[i];
        a1 += v0 * w1[i];
    }
    acc[0] = a0;
    acc[1] = a1;
}

/* One row x one channel. */
static inline int32_t kiln_dot_1x1(const int8_t *l0, const int8_t *w0, int32_t k, int32_t off, int32_t acc)
{
    const int32_t off16 = kiln_dup_s16x2(off);
    int32_t i = 0;
    for (; i + 4 <= k; i += 4)
    {
        const int32_t x0 = kiln_rd4(l0 + i);
        const int32_t y0 = kiln_rd4(w0 + i);
        acc = __smlad((int32_t)__sxtab16(off16, x0), (int32_t)__sxtb16(y0), acc);
        acc = __smlad(kiln_sxtab16_ror8(off16, x0), kiln_sxtb16_ror8(y0), acc);
    }
    for (; i < k; i++)
    {
        acc += (l0[i] + off) * w0[i];
    }
    return acc;
}

/* ---- requantization -------------------------------------------------------------------------
 * A channel takes the fast form when its shift is in [-22, -1], |bias| <= 2^29 and k <= 16384 (so
 * |acc| < 2^29 + 16384 * 255 * 128 < 2^30 and 2 * acc fits): y = SMMLAR(2 acc, m, nudge) is the
 * doubling high multiply floor((acc m + 2^30) / 2^31) plus nudge = 2^(rs-1) + out_offset * 2^rs,
 * and (y - [acc < 0]) >> rs is the rounding divide by 2^rs (ties away from zero) plus the offset:
 * [acc < 0] may stand for [y < 0] because acc < 0 with a non-negative doubled product forces that
 * product to 0, where both forms give 0; out_offset * 2^rs is a multiple of 2^rs, so adding it
 * before the shift is exact, and |y| <= 2^30 + 2^29 + 2^21 cannot overflow. Other channels use
 * arm_nn_requantize. Either way SSAT brings the value to int8, four values are packed into one
 * word and SSUB8/SEL apply the activation range to the four lanes at once. */

#define KILN_GEMM_FAST_K 16384


/* Insert the low byte of v into w at bit lsb. */
#define KILN_GEMM_BFI(w, v, lsb) __asm__("bfi %0, %1, #" #lsb ", #8" : "+r"(w) : "r"(v))

/* Clamp four packed int8 lanes to [lo, hi] per byte (lo4/hi4: the limits in every byte). */
static inline uint32_t kiln_gemm_clamp4(uint32_t w, uint32_t lo4, uint32_t hi4)
{
    uint32_t t;
    __asm__("ssub8 %[t], %[w], %[lo]\n\t"
            "sel %[w], %[w], %[lo]\n\t"
            "ssub8 %[t], %[hi], %[w]\n\t"
            "sel %[w], %[w], %[hi]"
            : [w] "+r"(w), [t] "=&r"(t)
            : [lo] "r"(lo4), [hi] "r"(hi4)
            : "cc");
    return w;
}

/* Fast-form constants of one channel: returns false when the channel needs the scalar form. */
static inline __attribute__((always_inline)) bool kiln_gemm_fast_setup(int32_t shift, int32_t bias, int32_t oo21,
                                                                      int32_t *nudge, int32_t *rs)
{
    if ((uint32_t)(shift + 22) >= 22u || (uint32_t)(bias + (1 << 29)) > (1u << 30))
    {
        return false;
    }
    *rs = -shift;
    *nudge = oo21 << (-shift - 1); /* (2 out_offset + 1) * 2^(rs-1) = 2^(rs-1) + out_offset * 2^rs */
    return true;
}

static inline __attribute__((always_inline)) uint32_t kiln_gemm_rq_fast(int32_t acc, int32_t m, int32_t nudge,
                                                                       int32_t rs)
{
    const int32_t y = kiln_smmlar(acc * 2, m, nudge);
    return (uint32_t)__ssat((y + (acc >> 31)) >> rs, 8);
}

static inline uint32_t kiln_gemm_rq_slow(int32_t acc, int32_t m, int32_t shift, int32_t oo)
{
    return (uint32_t)kiln_add_clamp(arm_nn_requantize(acc, m, shift), oo, INT8_MIN, INT8_MAX);
}

static const int32_t kiln_gemm_zero_bias[2] = {0, 0};

/*
 * Blocks of three or four patches with dot lengths up to KILN_CONV_S8_DSP_QUAD_K (the first layers, 3x3 over up to
 * 16 channels: the im2col route hands this backend four patches per call there). The patches are widened once per
 * block (kiln_widen_4), then the block runs one channel at a time: per four columns the channel's weight word is
 * widened once for the four patches (one LDR, two SXTB16, four LDRDs of patch words, eight SMLADs: 17
 * instructions per 16 MACs, where the channel pairs of kiln_dot_2x2w take 20), and the channel's requantization
 * constants are formed once for its four outputs.
 */
static inline void kiln_widen_4(const int8_t *const *l, int32_t k4, int32_t off16, int32_t *xw)
{
    for (int32_t i = 0; i < k4; i += 4)
    {
        for (int32_t r = 0; r < 4; r++)
        {
            const int32_t x = kiln_rd4(l[r] + i);
            xw[2 * r] = (int32_t)__sxtab16(off16, x);
            xw[2 * r + 1] = kiln_sxtab16_ror8(off16, x);
        }
        xw += 8;
    }
}

/* One step of four columns: the weight word widened (t1 even lanes, t0 odd), the four patches' words (eight, at
 * xw - 32 after the post-increment) multiplied into a0..a3. */
#define KILN_QUAD_STEP                                                                                               \
    "ldr     %[t0], [%[w]], #4\n\t"                                                                                  \
    "ldrd    %[x0], %[x1], [%[xw]], #32\n\t"                                                                         \
    "sxtb16  %[t1], %[t0]\n\t"                                                                                       \
    "sxtb16  %[t0], %[t0], ror #8\n\t"                                                                               \
    "smlad   %[a0], %[x0], %[t1], %[a0]\n\t"                                                                         \
    "smlad   %[a0], %[x1], %[t0], %[a0]\n\t"                                                                         \
    "ldrd    %[x0], %[x1], [%[xw], #-24]\n\t"                                                                        \
    "smlad   %[a1], %[x0], %[t1], %[a1]\n\t"                                                                         \
    "smlad   %[a1], %[x1], %[t0], %[a1]\n\t"                                                                         \
    "ldrd    %[x0], %[x1], [%[xw], #-16]\n\t"                                                                        \
    "smlad   %[a2], %[x0], %[t1], %[a2]\n\t"                                                                         \
    "smlad   %[a2], %[x1], %[t0], %[a2]\n\t"                                                                         \
    "ldrd    %[x0], %[x1], [%[xw], #-8]\n\t"                                                                         \
    "smlad   %[a3], %[x0], %[t1], %[a3]\n\t"                                                                         \
    "smlad   %[a3], %[x1], %[t0], %[a3]\n\t"

/* acc[r] += the widened patches (k4 >= 4 columns, kiln_widen_4) x the weight row w. */
static inline void kiln_dot_4x1w(const int32_t *xw, const int8_t *w, int32_t k4, int32_t *acc)
{
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
#if !defined(__OPTIMIZE__)
    for (int32_t i = 0; i < k4; i += 4)
    {
        const int32_t y = kiln_rd4(w + i);
        const int32_t ye = (int32_t)__sxtb16(y), yo = kiln_sxtb16_ror8(y);
        a0 = __smlad(xw[1], yo, __smlad(xw[0], ye, a0));
        a1 = __smlad(xw[3], yo, __smlad(xw[2], ye, a1));
        a2 = __smlad(xw[5], yo, __smlad(xw[4], ye, a2));
        a3 = __smlad(xw[7], yo, __smlad(xw[6], ye, a3));
        xw += 8;
    }
#else
    /* an odd number of steps: one first, then two per iteration */
    const int8_t *const end = w + k4;
    int32_t t0, t1, x0, x1;
    if ((k4 & 4) != 0)
    {
        __asm__ volatile(KILN_QUAD_STEP
                         : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [xw] "+r"(xw), [w] "+r"(w),
                           [t0] "=&r"(t0), [t1] "=&r"(t1), [x0] "=&r"(x0), [x1] "=&r"(x1)
                         :
                         : "memory");
    }
    if (w != end)
    {
        __asm__ volatile("1:\n\t" KILN_QUAD_STEP KILN_QUAD_STEP "cmp     %[w], %[end]\n\t"
                         "bne     1b"
                         : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [xw] "+r"(xw), [w] "+r"(w),
                           [t0] "=&r"(t0), [t1] "=&r"(t1), [x0] "=&r"(x0), [x1] "=&r"(x1)
                         : [end] "r"(end)
                         : "cc", "memory");
    }
#endif
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
}

/* One channel's four outputs (int8 values) clamped to [lo, hi] when `clamp`, stored at d, d + s1, d + s2, d + s3. */
static inline __attribute__((always_inline)) void kiln_quad_store(int8_t *d, int32_t s1, int32_t s2, int32_t s3,
                                                                  int32_t v0, int32_t v1, int32_t v2, int32_t v3,
                                                                  bool clamp, int32_t lo, int32_t hi)
{
    if (clamp)
    {
        v0 = MIN(MAX(v0, lo), hi);
        v1 = MIN(MAX(v1, lo), hi);
        v2 = MIN(MAX(v2, lo), hi);
        v3 = MIN(MAX(v3, lo), hi);
    }
    d[0] = (int8_t)v0;
    d[s1] = (int8_t)v1;
    d[s2] = (int8_t)v2;
    d[s3] = (int8_t)v3;
}

/* A channel outside the fast form (kiln_gemm_fast_setup): the general requantization, out of line (rare). */
static __attribute__((noinline)) void kiln_quad_slow(const int32_t *acc, int32_t m, int32_t sh, int32_t oo, int32_t lo,
                                                     int32_t hi, int8_t *d, int32_t s1, int32_t s2, int32_t s3)
{
    kiln_quad_store(d, s1, s2, s3, (int32_t)(int8_t)kiln_gemm_rq_slow(acc[0], m, sh, oo),
                    (int32_t)(int8_t)kiln_gemm_rq_slow(acc[1], m, sh, oo),
                    (int32_t)(int8_t)kiln_gemm_rq_slow(acc[2], m, sh, oo),
                    (int32_t)(int8_t)kiln_gemm_rq_slow(acc[3], m, sh, oo), true, lo, hi);
}

/* The channel loop of kiln_gemm_quad over channels [oc0, oc1): kd columns (a multiple of 4) through the assembly
 * dot, then with has_tail the columns from kd to k one at a time (one copy per kind: without a tail GCC keeps the
 * loop's values in registers). */
static inline __attribute__((always_inline)) void kiln_quad_channels(const kiln_conv_s8_gemm_args *a,
                                                                     const int8_t *const *l, const int32_t *xw,
                                                                     int32_t n_rows, int8_t *dst, int32_t oc0,
                                                                     int32_t oc1, int32_t kd, const bool has_tail,
                                                                     bool clamp)
{
    /* Everything read from *a, in locals: the int8 output stores may alias any memory. */
    const int32_t k = a->k;
    const int32_t ws = a->rhs_stride;
    const int32_t off = a->lhs_offset;
    const int32_t stride = a->dst_stride;
    const int8_t *w = a->rhs + oc0 * ws;
    int8_t *d = dst + oc0;
    const int32_t *const bias = a->bias;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t oo = a->out_offset, lo = a->act_min, hi = a->act_max;
    const int32_t oo21 = 2 * oo + 1;
    /* row offsets of the outputs (a block of three writes its third row twice, the same value) */
    const int32_t s2 = 2 * stride, s3 = (n_rows - 1) * stride;
    for (int32_t oc = oc0; oc < oc1; oc++)
    {
        const int32_t b = bias != NULL ? bias[oc] : 0;
        int32_t acc[4] = {b, b, b, b};
        kiln_dot_4x1w(xw, w, kd, acc);
        int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
        if (has_tail)
        {
            for (int32_t i = kd; i < k; i++)
            {
                const int32_t wv = w[i];
                a0 += (l[0][i] + off) * wv;
                a1 += (l[1][i] + off) * wv;
                a2 += (l[2][i] + off) * wv;
                a3 += (l[3][i] + off) * wv;
            }
        }
        const int32_t m = mult[oc];
        const int32_t sh = shift[oc];
        int32_t nudge, rs;
        if (kiln_gemm_fast_setup(sh, b, oo21, &nudge, &rs))
        {
            kiln_quad_store(d, stride, s2, s3, (int32_t)kiln_gemm_rq_fast(a0, m, nudge, rs),
                            (int32_t)kiln_gemm_rq_fast(a1, m, nudge, rs), (int32_t)kiln_gemm_rq_fast(a2, m, nudge, rs),
                            (int32_t)kiln_gemm_rq_fast(a3, m, nudge, rs), clamp, lo, hi);
        }
        else
        {
            const int32_t acc4[4] = {a0, a1, a2, a3};
            kiln_quad_slow(acc4, m, sh, oo, lo, hi, d, stride, s2, s3);
        }
        d++;
        w += ws;
    }
}

/* n_rows (3 or 4) patches x every channel, k4 = k & ~3 in [4, KILN_CONV_S8_DSP_QUAD_K]. */
static __attribute__((noinline)) void kiln_gemm_quad(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows,
                                                     int32_t n_rows, int8_t *dst)
{
    const int32_t k = a->k;
    const int32_t k4 = k & ~3;
    const int32_t off = a->lhs_offset;
    const int32_t n_oc = a->n_oc;
    const int8_t *const l[4] = {rows[0], rows[1], rows[2], rows[n_rows - 1]};
    int32_t xw[2 * KILN_CONV_S8_DSP_QUAD_K + 8];
    kiln_widen_4(l, k4, kiln_dup_s16x2(off), xw);
    /* SSAT already bounds the values to int8: the clamp only for a narrower activation range */
    const bool clamp = a->act_min != INT8_MIN || a->act_max != INT8_MAX;
    if (k4 == k)
    {
        kiln_quad_channels(a, l, xw, n_rows, dst, 0, n_oc, k4, false, clamp);
        return;
    }
    /* The last one to three columns as one more step of the patches: their values plus the input offset, zeros
     * after them. Every channel but the last reads that step's weight word whole: its bytes past the row are the
     * next channel's first weights (inside the tensor), multiplied by those zeros. The last channel takes its
     * last columns one at a time (no byte past its row is read). */
    int32_t *const xt = xw + 2 * k4;
    for (int32_t r = 0; r < 4; r++)
    {
        int32_t v[4];
        for (int32_t j = 0; j < 4; j++)
        {
            v[j] = k4 + j < k ? l[r][k4 + j] + off : 0;
        }
        xt[2 * r] = kiln_pack_lo16(v[0], v[2]);
        xt[2 * r + 1] = kiln_pack_lo16(v[1], v[3]);
    }
    kiln_quad_channels(a, l, xw, n_rows, dst, 0, n_oc - 1, k4 + 4, false, clamp);
    kiln_quad_channels(a, l, xw, n_rows, dst, n_oc - 1, n_oc, k4, true, clamp);
}

void kiln_conv_s8_gemm(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows, int8_t *dst)
{
    /* Everything read from *a, in locals: the int8 output stores may alias any memory. */
    const int32_t k = a->k;
    const int32_t ws = a->rhs_stride;
    const int32_t off = a->lhs_offset;
    const int32_t n_oc = a->n_oc;
    const int32_t stride = a->dst_stride;
    const int8_t *const rhs = a->rhs;
    const int32_t *const bias = a->bias;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t oo = a->out_offset, lo = a->act_min, hi = a->act_max;
    const uint32_t lo4 = (uint32_t)(uint8_t)lo * 0x01010101u;
    const uint32_t hi4 = (uint32_t)(uint8_t)hi * 0x01010101u;
    /* k above the bound: make every channel take the scalar form (shift + 22 out of range). */
    const int32_t oo21 = 2 * oo + 1;
    const int32_t sh_bias = k <= KILN_GEMM_FAST_K ? 0 : 64;
    const int32_t k4 = k & ~3;
    if (n_rows >= 3 && k4 >= 4 && k <= KILN_CONV_S8_DSP_QUAD_K)
    {
        kiln_gemm_quad(a, rows, n_rows, dst);
        return;
    }
    /* the widened block (two patches), when the patches are short enough for the stack */
    const bool wide = k4 >= 4 && k4 <= KILN_GEMM_WIDE_MAX && n_oc >= 2;
    int32_t xw[KILN_GEMM_WIDE_MAX];
    int32_t r = 0;
    for (; r + 2 <= n_rows; r += 2)
    {
        int8_t *out0 = dst + r * stride;
        int8_t *out1 = out0 + stride;
        const int8_t *l0 = rows[r];
        const int8_t *l1 = rows[r + 1];
        const int8_t *w = rhs;
        if (wide)
        {
            kiln_widen_2(l0, l1, k4, kiln_dup_s16x2(off), xw);
        }
        /* No bias: read two zeros with a zero step (no test per block). */
        const int32_t *bp = bias != NULL ? bias : kiln_gemm_zero_bias;
        const int32_t b_step = bias != NULL ? 2 : 0;
        int32_t oc = 0;
        for (; oc + 2 <= n_oc; oc += 2)
        {
            const int32_t b0 = bp[0];
            const int32_t b1 = bp[1];
            bp += b_step;
            int32_t acc[4] = {b0, b1, b0, b1};
            if (wide)
            {
                kiln_dot_2x2w(xw, w, w + ws, k4, acc);
                kiln_dot_2x2_tail(l0 + k4, l1 + k4, w + k4, w + ws + k4, k - k4, off, acc);
            }
            else
            {
                kiln_dot_2x2(l0, l1, w, w + ws, k, off, acc);
            }
            const int32_t m0 = mult[oc], m1 = mult[oc + 1];
            const int32_t s0 = shift[oc], s1 = shift[oc + 1];
            int32_t n0, n1, r0, r1;
            uint32_t v;
            if (kiln_gemm_fast_setup(s0 + sh_bias, b0, oo21, &n0, &r0) &&
                kiln_gemm_fast_setup(s1 + sh_bias, b1, oo21, &n1, &r1))
            {
                v = kiln_gemm_rq_fast(acc[0], m0, n0, r0);
                const uint32_t v1 = kiln_gemm_rq_fast(acc[1], m1, n1, r1);
                KILN_GEMM_BFI(v, v1, 8);
                const uint32_t v2 = kiln_gemm_rq_fast(acc[2], m0, n0, r0);
                KILN_GEMM_BFI(v, v2, 16);
                const uint32_t v3 = kiln_gemm_rq_fast(acc[3], m1, n1, r1);
                KILN_GEMM_BFI(v, v3, 24);
            }
            else
            {
                v = kiln_gemm_rq_slow(acc[0], m0, s0, oo);
                const uint32_t v1 = kiln_gemm_rq_slow(acc[1], m1, s1, oo);
                KILN_GEMM_BFI(v, v1, 8);
                const uint32_t v2 = kiln_gemm_rq_slow(acc[2], m0, s0, oo);
                KILN_GEMM_BFI(v, v2, 16);
                const uint32_t v3 = kiln_gemm_rq_slow(acc[3], m1, s1, oo);
                KILN_GEMM_BFI(v, v3, 24);
            }
            v = kiln_gemm_clamp4(v, lo4, hi4);
            const uint16_t h0 = (uint16_t)v;
            const uint16_t h1 = (uint16_t)(v >> 16);
            memcpy(out0 + oc, &h0, 2);
            memcpy(out1 + oc, &h1, 2);
            w += 2 * ws;
        }
        if (oc < n_oc)
        {
            const int32_t b0 = bias != NULL ? bias[oc] : 0;
            const int32_t acc0 = kiln_dot_1x1(l0, w, k, off, b0);
            const int32_t acc1 = kiln_dot_1x1(l1, w, k, off, b0);
            out0[oc] = kiln_conv_s8_out(acc0, mult[oc], shift[oc], oo, lo, hi);
            out1[oc] = kiln_conv_s8_out(acc1, mult[oc], shift[oc], oo, lo, hi);
        }
    }
    if (r < n_rows)
    {
        int8_t *out0 = dst + r * stride;
        const int8_t *l0 = rows[r];
        const int8_t *w = rhs;
        int32_t oc = 0;
        for (; oc + 2 <= n_oc; oc += 2)
        {
            const int32_t b0 = bias != NULL ? bias[oc] : 0;
            const int32_t b1 = bias != NULL ? bias[oc + 1] : 0;
            int32_t acc[2] = {b0, b1};
            kiln_dot_1x2(l0, w, w + ws, k, off, acc);
            out0[oc] = kiln_conv_s8_out(acc[0], mult[oc], shift[oc], oo, lo, hi);
            out0[oc + 1] = kiln_conv_s8_out(acc[1], mult[oc + 1], shift[oc + 1], oo, lo, hi);
            w += 2 * ws;
        }
        if (oc < n_oc)
        {
            const int32_t acc0 = kiln_dot_1x1(l0, w, k, off, bias != NULL ? bias[oc] : 0);
            out0[oc] = kiln_conv_s8_out(acc0, mult[oc], shift[oc], oo, lo, hi);
        }
    }
}

/* ---- 1x1 with 16, 32 or 64 input channels: one pixel x eight channels ----------------------------
 * With k known at assembly time the dot loop is unrolled away. The eight channels' weights are widened and doubled
 * once per call into the caller's frame (kiln_dsp_group: per 4-byte step and channel its even and odd halfword pairs,
 * 8 bytes; 16 k bytes in all), so a step is one LDR of the pixel word, two SXTB16 and per channel one LDRD and two
 * SMLADs: 27 instructions per 32 MACs (the blocks of three pixels x two channels this replaced took 23 per 24).
 * The input offset is folded into the start values (bias + lhs_offset * sum(weights): the same exact sum, doubled
 * with the weights), so the pixel words need no offset register, and the sums start from the job's values by one
 * LDM. Registers while the dot runs: r0-r6 and lr the eight sums, r7 r8 the widened pixel word, r9 r10 a channel's
 * weight pair, r11 the pixel, r12 the widened weights (every general register: the job pointer is kept on the
 * stack). Then each sum, already doubled, is requantized in the fast form (one LDM of the channel's constants and
 * four instructions), the eight values packed into two words, clamped with SSUB8/SEL (skipped, by one test, when
 * the activation range is all of int8) and stored as two words: about 60 instructions per pixel besides the dot.
 * Any pixel stride (the job's lhs_stride). */
typedef struct
{
    int32_t start[8];        /* [0] 2 x (bias + lhs_offset * sum(weights)) of channels 0 .. 7 */
    int32_t rq[8][3];        /* [32] per channel: fast-form multiplier, nudge and right shift */
    const int32_t *w;        /* [128] the widened weights, doubled (kiln_dsp_group) */
    const int8_t *lhs;       /* [132] the first pixel (kiln_dsp_dot1x7 advances it) */
    int32_t lhs_stride;      /* [136] */
    const int8_t *lhs_end;   /* [140] lhs + n_rows * lhs_stride, n_rows >= 1 */
    int8_t *out;             /* [144] the next pixel's output (advanced by the kernel) */
    int32_t dst_stride;      /* [148] */
    uint32_t lo4, hi4;       /* [152] [156] activation limits in every byte */
    int32_t clamp;           /* [160] 0: the activation range is all of int8 (the clamp is skipped) */
    const int32_t *w_end;    /* [164] the end of the widened weights (kiln_dsp_dot1x7) */
} kiln_dsp_job1x8;

typedef char kiln_dsp_job1x8_layout[(offsetof(kiln_dsp_job1x8, w) == 128 && offsetof(kiln_dsp_job1x8, out) == 144 &&
                                     offsetof(kiln_dsp_job1x8, clamp) == 160 && offsetof(kiln_dsp_job1x8, w_end) == 164)
                                        ? 1
                                        : -1];

/* Channel J's widened pair of step S (byte offset 4 S in the pixel) times the pixel word into sum ACC. */
#define KILN_DSP_OCT_CH(S, J, ACC)                                                                                 \
    "  ldrd    r9, r10, [r12, #(8*" S "+" J ")*8]\n"                                                               \
    "  smlad   " ACC ", r8, r9, " ACC "\n"                                                                         \
    "  smlad   " ACC ", r7, r10, " ACC "\n"
/* Step S: the pixel word at r11 + 4 S widened (r8 even bytes, r7 odd) against the eight channels. */
#define KILN_DSP_OCT_STEP(S)                                                                                       \
    "  ldr     r7, [r11, #4*" S "]\n"                                                                              \
    "  sxtb16  r8, r7\n"                                                                                           \
    "  sxtb16  r7, r7, ror #8\n" KILN_DSP_OCT_CH(S, "0", "r0") KILN_DSP_OCT_CH(S, "1", "r1")                       \
        KILN_DSP_OCT_CH(S, "2", "r2") KILN_DSP_OCT_CH(S, "3", "r3") KILN_DSP_OCT_CH(S, "4", "r4")                  \
            KILN_DSP_OCT_CH(S, "5", "r5") KILN_DSP_OCT_CH(S, "6", "r6") KILN_DSP_OCT_CH(S, "7", "lr")
/* The packed int8 lanes of W clamped to [LO, HI] (the limits in every byte, SSUB8 / SEL; T a temporary). */
#define KILN_DSP_CLAMP4(W, T, LO, HI)                                                                              \
    "  ssub8   " T ", " W ", " LO "\n"                                                                             \
    "  sel     " W ", " W ", " LO "\n"                                                                             \
    "  ssub8   " T ", " HI ", " W "\n"                                                                             \
    "  sel     " W ", " W ", " HI "\n"

/* Fast-form requantization of the sum ACC in place: multiplier M, nudge N, right shift RS; T temp. */
#define KILN_DSP_RQ(ACC, T, M, N, RS)                                                                              \
    "  lsl     " T ", " ACC ", #1\n"                                                                               \
    "  smmlar  " T ", " T ", " M ", " N "\n"                                                                       \
    "  add     " T ", " T ", " ACC ", asr #31\n"                                                                   \
    "  asr     " T ", " T ", " RS "\n"                                                                             \
    "  ssat    " ACC ", #8, " T "\n"

/* Eight steps of a dot loop, unrolled. */
#define KILN_DSP_STEPS8(STEP) STEP STEP STEP STEP STEP STEP STEP STEP

/* The same for a sum ACC already doubled (the kernels whose widened weights are doubled). */
#define KILN_DSP_RQ2(ACC, T, M, N, RS)                                                                             \
    "  smmlar  " T ", " ACC ", " M ", " N "\n"                                                                     \
    "  add     " T ", " T ", " ACC ", asr #31\n"                                                                   \
    "  asr     " T ", " T ", " RS "\n"                                                                             \
    "  ssat    " ACC ", #8, " T "\n"

/* The fast-form requantization of the doubled sum ACC (constants at r12, advanced), saturated to int8 in place. */
#define KILN_DSP_OCT_RQ(ACC) "  ldm     r12!, {r8, r9, r10}\n" KILN_DSP_RQ2(ACC, "r7", "r8", "r9", "r10")

/* STEPS: the step numbers 0 .. k / 4 - 1. The job's fields after rq are read at r12 - 128 + offset once the
 * requantization has walked r12 past the constants. */
#define KILN_DSP_DOT1X8_BODY(STEPS)                                                                                \
    __asm volatile("  push    {r0, r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"                                        \
                   "  mov     r12, r0\n"                                                                           \
                   "  ldr     r11, [r12, #132]\n"                                                                  \
                   "1:\n"                                                                                          \
                   "  ldm     r12, {r0, r1, r2, r3, r4, r5, r6, lr}\n"                                             \
                   "  ldr     r12, [r12, #128]\n"                                                                  \
                   "  .irp    s, " STEPS "\n" KILN_DSP_OCT_STEP("\\s") "  .endr\n"                                 \
                   "  ldr     r12, [sp]\n"                                                                         \
                   "  add     r12, r12, #32\n" KILN_DSP_OCT_RQ("r0") KILN_DSP_OCT_RQ("r1") KILN_DSP_OCT_RQ("r2")  \
                       KILN_DSP_OCT_RQ("r3") KILN_DSP_OCT_RQ("r4") KILN_DSP_OCT_RQ("r5") KILN_DSP_OCT_RQ("r6")     \
                           KILN_DSP_OCT_RQ("lr")                                                                   \
                   "  bfi     r0, r1, #8, #8\n"                                                                    \
                   "  bfi     r0, r2, #16, #8\n"                                                                   \
                   "  bfi     r0, r3, #24, #8\n"                                                                   \
                   "  bfi     r4, r5, #8, #8\n"                                                                    \
                   "  bfi     r4, r6, #16, #8\n"                                                                   \
                   "  bfi     r4, lr, #24, #8\n"                                                                   \
                   "  ldr     r7, [r12, #160-128]\n"                                                               \
                   "  cbz     r7, 6f\n"                                                                            \
                   "  ldrd    r8, r9, [r12, #152-128]\n"                                                           \
                   KILN_DSP_CLAMP4("r0", "r7", "r8", "r9")                                                             \
                   KILN_DSP_CLAMP4("r4", "r7", "r8", "r9")                                                             \
                   "6:\n"                                                                                          \
                   "  ldrd    r8, r9, [r12, #144-128]\n"                                                           \
                   "  str     r0, [r8]\n"                                                                          \
                   "  str     r4, [r8, #4]\n"                                                                      \
                   "  add     r8, r8, r9\n"                                                                        \
                   "  str     r8, [r12, #144-128]\n"                                                               \
                   "  ldrd    r8, r9, [r12, #136-128]\n"                                                           \
                   "  add     r11, r11, r8\n"                                                                      \
                   "  cmp     r11, r9\n"                                                                           \
                   "  sub     r12, r12, #128\n"                                                                    \
                   "  bne     1b\n"                                                                                \
                   "  pop     {r0, r4, r5, r6, r7, r8, r9, r10, r11, pc}\n")

__attribute__((naked, noinline)) static void kiln_dsp_dot1x8_k16(kiln_dsp_job1x8 *job __attribute__((unused)))
{
    KILN_DSP_DOT1X8_BODY("0, 1, 2, 3");
}

__attribute__((naked, noinline)) static void kiln_dsp_dot1x8_k32(kiln_dsp_job1x8 *job __attribute__((unused)))
{
    KILN_DSP_DOT1X8_BODY("0, 1, 2, 3, 4, 5, 6, 7");
}

__attribute__((naked, noinline)) static void kiln_dsp_dot1x8_k64(kiln_dsp_job1x8 *job __attribute__((unused)))
{
    KILN_DSP_DOT1X8_BODY("0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15");
}

/* Any other dot length up to KILN_DSP_SEPT_KMAX: one pixel x seven channels with a loop
 * over the steps (r0-r6 the sums, lr the end of the widened weights: one register fewer for sums than the unrolled
 * kernels), the same job (start[0..6], rq[0..6], w_end), the same widened layout with seven channels a step: 26
 * instructions per 28 MACs. The seventh output byte goes out by STRB. */
#define KILN_DSP_SEPT_CH(ACC)                                                                                      \
    "  ldrd    r9, r10, [r12], #8\n"                                                                               \
    "  smlad   " ACC ", r8, r9, " ACC "\n"                                                                         \
    "  smlad   " ACC ", r7, r10, " ACC "\n"

__attribute__((naked, noinline)) static void kiln_dsp_dot1x7(kiln_dsp_job1x8 *job __attribute__((unused)))
{
    __asm volatile("  push    {r0, r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                   "  mov     r12, r0\n"
                   "1:\n"
                   "  ldr     r11, [r12, #132]\n"
                   "  ldm     r12, {r0, r1, r2, r3, r4, r5, r6}\n"
                   "  ldr     lr, [r12, #164]\n"
                   "  ldr     r12, [r12, #128]\n"
                   "2:\n"
                   "  ldr     r7, [r11], #4\n"
                   "  sxtb16  r8, r7\n"
                   "  sxtb16  r7, r7, ror #8\n" KILN_DSP_SEPT_CH("r0") KILN_DSP_SEPT_CH("r1") KILN_DSP_SEPT_CH("r2")
                       KILN_DSP_SEPT_CH("r3") KILN_DSP_SEPT_CH("r4") KILN_DSP_SEPT_CH("r5") KILN_DSP_SEPT_CH("r6")
                   "  cmp     r12, lr\n"
                   "  bne     2b\n"
                   "  ldr     r12, [sp]\n"
                   "  add     lr, r12, #32\n"
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r0", "r7", "r8", "r9", "r10")
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r1", "r7", "r8", "r9", "r10")
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r2", "r7", "r8", "r9", "r10")
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r3", "r7", "r8", "r9", "r10")
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r4", "r7", "r8", "r9", "r10")
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r5", "r7", "r8", "r9", "r10")
                   "  ldm     lr!, {r8, r9, r10}\n" KILN_DSP_RQ2("r6", "r7", "r8", "r9", "r10")
                   "  bfi     r0, r1, #8, #8\n"
                   "  bfi     r0, r2, #16, #8\n"
                   "  bfi     r0, r3, #24, #8\n"
                   "  bfi     r4, r5, #8, #8\n"
                   "  bfi     r4, r6, #16, #8\n"
                   "  ldr     r7, [r12, #160]\n"
                   "  cbz     r7, 6f\n"
                   "  ldrd    r8, r9, [r12, #152]\n"
                   KILN_DSP_CLAMP4("r0", "r7", "r8", "r9")
                   KILN_DSP_CLAMP4("r4", "r7", "r8", "r9")
                   "6:\n"
                   "  ldrd    r8, r9, [r12, #144]\n"
                   "  str     r0, [r8]\n"
                   "  strh    r4, [r8, #4]\n"
                   "  lsr     r4, r4, #16\n"
                   "  strb    r4, [r8, #6]\n"
                   "  add     r8, r8, r9\n"
                   "  str     r8, [r12, #144]\n"
                   "  ldrd    r8, r9, [r12, #132]\n"
                   "  add     r8, r8, r9\n"
                   "  str     r8, [r12, #132]\n"
                   "  ldr     r9, [r12, #140]\n"
                   "  cmp     r8, r9\n"
                   "  bne     1b\n"
                   "  pop     {r0, r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}

#define KILN_DSP_SEPT_KMAX 72
/* the widened words of a group: 2 x 8 x 64 / 4 = 256 (1,024 bytes), 2 x 7 x 72 / 4 = 252 */
#define KILN_DSP_GROUP_WORDS MAX(2 * 8 * 64 / 4, 2 * 7 * KILN_DSP_SEPT_KMAX / 4)

/* One step of a channel's weights (word y) widened and doubled into d[0], d[1]; their sum times the offset into *s
 * (doubled: the sums come out as 2 acc, the requantization's first step; |2 acc| < 2^31 in the fast form). */
static inline __attribute__((always_inline)) void kiln_dsp_group_widen(int32_t y, int32_t off16, int32_t *d,
                                                                       int32_t *s)
{
    const int32_t e = (int32_t)__sxtb16(y), o = kiln_sxtb16_ror8(y);
    const int32_t e2 = (int32_t)__sadd16(e, e), o2 = (int32_t)__sadd16(o, o);
    d[0] = e2;
    d[1] = o2;
    *s = __smlad(o2, off16, __smlad(e2, off16, *s));
}

/* Channels oc .. oc + g - 1 (g = 8: kiln_dsp_dot1x8_k*, k 16, 32 or 64; g = 7: kiln_dsp_dot1x7, other dot lengths
 * up to KILN_DSP_SEPT_KMAX) of kiln_conv_s8_gemm_strided on a one-pixel kernel, when every one of them takes the
 * fast requantization; returns false (nothing written) otherwise. The weights are widened and doubled into this
 * function's frame (per step, per channel its even and odd word: 2 g k bytes; a last partial step with zeros past
 * k) and their offset sums added to the start values (doubled). With k % 4 != 0 the kernel's last step reads up to
 * three bytes past each pixel (times those zeros): the caller passes pixels that have bytes after them. */
static __attribute__((noinline)) bool kiln_dsp_group(const kiln_conv_s8_gemm_args *a, int32_t oc, const int8_t *lhs,
                                                     int32_t lhs_stride, int32_t n_rows, int8_t *dst,
                                                     void (*kernel)(kiln_dsp_job1x8 *), int32_t g)
{
    const int32_t k = a->k;
    const int32_t oo21 = 2 * a->out_offset + 1;
    kiln_dsp_job1x8 job;
    for (int32_t j = 0; j < g; j++)
    {
        const int32_t b = a->bias != NULL ? a->bias[oc + j] : 0;
        if (!kiln_gemm_fast_setup(a->shift[oc + j], b, oo21, &job.rq[j][1], &job.rq[j][2]))
        {
            return false;
        }
        job.rq[j][0] = a->mult[oc + j];
        job.start[j] = b;
    }
    int32_t wide[KILN_DSP_GROUP_WORDS];
    const int32_t off16 = kiln_dup_s16x2(a->lhs_offset);
    const int8_t *w = a->rhs + oc * a->rhs_stride;
    for (int32_t j = 0; j < g; j++, w += a->rhs_stride)
    {
        int32_t s = 0;
        int32_t *d = wide + 2 * j; /* step 0, channel j; the next step 2 g words on */
        const int32_t k4 = k & ~3;
        for (int32_t i = 0; i < k4; i += 4, d += 2 * g)
        {
            kiln_dsp_group_widen(kiln_rd4(w + i), off16, d, &s);
        }
        if (k4 < k)
        {
            /* the last 1 - 3 columns read one by one, zeros after them (within the row) */
            uint32_t u = 0;
            for (int32_t b = 0; k4 + b < k; b++)
            {
                u |= (uint32_t)(uint8_t)w[k4 + b] << (8 * b);
            }
            kiln_dsp_group_widen((int32_t)u, off16, d, &s);
        }
        job.start[j] = 2 * job.start[j] + s;
    }
    job.w = wide;
    job.w_end = wide + 2 * g * ((k + 3) / 4);
    job.lhs = lhs;
    job.lhs_stride = lhs_stride;
    job.lhs_end = lhs + n_rows * lhs_stride;
    job.out = dst + oc;
    job.dst_stride = a->dst_stride;
    job.lo4 = (uint32_t)(uint8_t)a->act_min * 0x01010101u;
    job.hi4 = (uint32_t)(uint8_t)a->act_max * 0x01010101u;
    job.clamp = job.lo4 != 0x80808080u || job.hi4 != 0x7F7F7F7Fu;
    kernel(&job);
    return true;
}

/* ---- any dot length that is a multiple of 4, any pixel stride: blocks of two pixels x two channels --
 * The 14 free registers: four sums, the pixel pointer (r0, pixel 1 at r0 + stride r3), the weight
 * pointer (r1, channel 1 at r1 + k r2) and six operands; per 4-byte step two weight words and two
 * pixel words are widened (SXTB16, the input offset folded into the start values as above) for
 * eight SMLADs: 20 instructions per 16 MACs, with post-indexed loads. Steps run four at a time
 * (eight with the widened weights), then one at a time, the loop ends compared against the weight
 * pointer's end values in the frame; each block is then requantized, packed, clamped (unless the
 * range is all of int8) and stored as two halfwords. */
typedef struct
{
    int32_t start[4];        /* [0] b0, b1, b0, b1: bias + lhs_offset * sum(weights), channels 0 and 1 */
    int32_t m0, n0, rs0;     /* [16] [20] [24] fast-form constants, channel 0 */
    int32_t m1, n1, rs1;     /* [28] [32] [36] channel 1 */
    uint32_t lo4, hi4;       /* [40] [44] activation limits in every byte */
    int8_t *out;             /* [48] the first block's output (the frame copy advances) */
    int32_t dst_stride;      /* [52] */
    const int8_t *w;         /* [56] channel 0's weights; channel 1's at w + k */
    const int8_t *w_end16;   /* [60] the end of the unrolled steps: w + (k & ~15); widened, w + (k & ~31) */
    const int8_t *w_end;     /* [64] w + k */
    int32_t advance;         /* [68] 2 * lhs_stride - k: from the end of pixel 0 to the next block */
    const int8_t *lhs_end;   /* [72] the end of pixel 0 in the last block */
    int32_t clamp;           /* [76] 0: the activation range is all of int8 (the clamp is skipped) */
    const int8_t *lhs;       /* [80] the first pixel (r0) */
    int32_t k;               /* [84] (r2) */
    int32_t lhs_stride;      /* [88] (r3) */
} kiln_dsp_job2x2;

#define KILN_DSP_STEP2X2                                                                                           \
    "  ldr     r5, [r1, r2]\n"                                                                                     \
    "  ldr     r4, [r1], #4\n"                                                                                     \
    "  sxtb16  r6, r4\n"                                                                                           \
    "  sxtb16  r4, r4, ror #8\n"                                                                                   \
    "  sxtb16  r7, r5\n"                                                                                           \
    "  sxtb16  r5, r5, ror #8\n"                                                                                   \
    "  ldr     r8, [r0, r3]\n"                                                                                     \
    "  sxtb16  r9, r8\n"                                                                                           \
    "  sxtb16  r8, r8, ror #8\n"                                                                                   \
    "  smlad   r12, r9, r6, r12\n"                                                                                 \
    "  smlad   r12, r8, r4, r12\n"                                                                                 \
    "  smlad   lr, r9, r7, lr\n"                                                                                   \
    "  smlad   lr, r8, r5, lr\n"                                                                                   \
    "  ldr     r8, [r0], #4\n"                                                                                     \
    "  sxtb16  r9, r8\n"                                                                                           \
    "  sxtb16  r8, r8, ror #8\n"                                                                                   \
    "  smlad   r10, r9, r6, r10\n"                                                                                 \
    "  smlad   r10, r8, r4, r10\n"                                                                                 \
    "  smlad   r11, r9, r7, r11\n"                                                                                 \
    "  smlad   r11, r8, r5, r11\n"

/* The body of the 2x2 block kernels (r0 = job, kiln_dsp_job2x2): STEP one 4-byte step, LOAD_END what sets r2 after the
 * job's values are loaded, END_CMP the compare of r1 with the end of the steps. */
#define KILN_DSP_DOT2X2_BODY(STEP, BLOCK, LOAD_END, END_CMP, RQ)                                                  \
    __asm volatile("  push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"                                              \
                   "  sub     sp, sp, #80\n"                                                                         \
                   "  ldm     r0!, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, lr}\n"                        \
                   "  stm     sp, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, lr}\n"                         \
                   "  ldm     r0!, {r1, r2, r3, r4, r5, r6, r7}\n"                                                   \
                   "  add     r8, sp, #52\n"                                                                         \
                   "  stm     r8, {r1, r2, r3, r4, r5, r6, r7}\n"                                                    \
                   "  ldm     r0, {r0, r2, r3}\n" LOAD_END                                                           \
                   "1:\n"                                                                                            \
                   "  ldm     sp, {r10, r11, r12, lr}\n"                                                             \
                   "  ldr     r1, [sp, #56]\n"                                                                       \
                   "  ldr     r4, [sp, #60]\n"                                                                       \
                   "  cmp     r1, r4\n"                                                                              \
                   "  beq     3f\n"                                                                                  \
                   "2:\n" BLOCK                                                                                      \
                   "  ldr     r4, [sp, #60]\n"                                                                       \
                   "  cmp     r1, r4\n"                                                                              \
                   "  bne     2b\n"                                                                                  \
                   "3:\n" END_CMP                                                                                    \
                   "  beq     5f\n"                                                                                  \
                   "4:\n" STEP END_CMP                                                                               \
                   "  bne     4b\n"                                                                                  \
                   "5:\n"                                                                                            \
                   "  ldrd    r4, r5, [sp, #16]\n"                                                                   \
                   "  ldr     r6, [sp, #24]\n" RQ("r10", "r7", "r4", "r5", "r6") RQ("r12", "r8", "r4", "r5", "r6")    \
                   "  ldrd    r4, r5, [sp, #28]\n"                                                                   \
                   "  ldr     r6, [sp, #36]\n" RQ("r11", "r7", "r4", "r5", "r6") RQ("lr", "r8", "r4", "r5", "r6")     \
                   "  bfi     r10, r11, #8, #8\n"                                                                    \
                   "  bfi     r12, lr, #8, #8\n"                                                                     \
                   "  pkhbt   r10, r10, r12, lsl #16\n"                                                              \
                   "  ldr     r4, [sp, #76]\n"                                                                       \
                   "  cbz     r4, 6f\n"                                                                              \
                   "  ldrd    r4, r5, [sp, #40]\n"                                                                   \
                   KILN_DSP_CLAMP4("r10", "r6", "r4", "r5")                                                            \
                   "6:\n"                                                                                            \
                   "  ldrd    r4, r5, [sp, #48]\n"                                                                   \
                   "  strh    r10, [r4]\n"                                                                           \
                   "  lsr     r10, r10, #16\n"                                                                       \
                   "  strh    r10, [r4, r5]\n"                                                                       \
                   "  add     r4, r4, r5, lsl #1\n"                                                                  \
                   "  str     r4, [sp, #48]\n"                                                                       \
                   "  ldr     r4, [sp, #72]\n"                                                                       \
                   "  cmp     r0, r4\n" /* flags kept by the LDR and the ADD (no S) */                               \
                   "  ldr     r4, [sp, #68]\n"                                                                       \
                   "  add     r0, r0, r4\n"                                                                          \
                   "  bne     1b\n"                                                                                  \
                   "  add     sp, sp, #80\n"                                                                         \
                   "  pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n")

/* Sums: r10 / r11 pixel 0 channel 0 / 1, r12 / lr pixel 1. */
__attribute__((naked, noinline)) static void kiln_dsp_dot2x2(const kiln_dsp_job2x2 *job __attribute__((unused)))
{
    KILN_DSP_DOT2X2_BODY(KILN_DSP_STEP2X2, KILN_DSP_STEP2X2 KILN_DSP_STEP2X2 KILN_DSP_STEP2X2 KILN_DSP_STEP2X2, "",
                         "  ldr     r4, [sp, #64]\n  cmp     r1, r4\n", KILN_DSP_RQ);
}

/* The same blocks with the channel pair's weights widened (and doubled) beforehand (kiln_dsp_dot2x2w): r1 walks the
 * widened words (per step channel 0 even, odd, channel 1 even, odd: two LDRDs) up to r2, so a step is 16
 * instructions per 16 MACs instead of 20, eight steps per loop iteration. The job's w / w_end16 / w_end point into
 * the widened words (4 bytes per weight), its start values are doubled and the requantization skips its doubling
 * (KILN_DSP_RQ2). */
#define KILN_DSP_W2X2W                                                                                             \
    "  ldrd    r6, r7, [r1, #8]\n"                                                                                 \
    "  ldrd    r4, r5, [r1], #16\n"
/* one pixel word (LOAD into r8) widened against the pair's widened weights r4 - r7: sums A0 (channel 0), A1 */
#define KILN_DSP_PX2W(LOAD, A0, A1)                                                                                \
    LOAD "  sxtb16  r9, r8\n"                                                                                      \
         "  sxtb16  r8, r8, ror #8\n"                                                                              \
         "  smlad   " A0 ", r9, r4, " A0 "\n"                                                                      \
         "  smlad   " A0 ", r8, r5, " A0 "\n"                                                                      \
         "  smlad   " A1 ", r9, r6, " A1 "\n"                                                                      \
         "  smlad   " A1 ", r8, r7, " A1 "\n"
#define KILN_DSP_STEP2X2W                                                                                          \
    KILN_DSP_W2X2W KILN_DSP_PX2W("  ldr     r8, [r0, r3]\n", "r12", "lr")                                           \
        KILN_DSP_PX2W("  ldr     r8, [r0], #4\n", "r10", "r11")

__attribute__((naked, noinline)) static void kiln_dsp_dot2x2w(const kiln_dsp_job2x2 *job __attribute__((unused)))
{
    KILN_DSP_DOT2X2_BODY(KILN_DSP_STEP2X2W, KILN_DSP_STEPS8(KILN_DSP_STEP2X2W), "  ldr     r2, [sp, #64]\n",
                         "  cmp     r1, r2\n", KILN_DSP_RQ2);
}

/* One pixel x the channel pair, the widened weights of kiln_dsp_dot2x2w (an odd last pixel): the job's start[0..1],
 * constants, w / w_end16 / w_end, lhs, out and clamp; 9 instructions per 8 MACs. Sums r10 / r11. */
#define KILN_DSP_STEP1X2W KILN_DSP_W2X2W KILN_DSP_PX2W("  ldr     r8, [r0], #4\n", "r10", "r11")

__attribute__((naked, noinline)) static void kiln_dsp_dot1x2w(const kiln_dsp_job2x2 *job __attribute__((unused)))
{
    __asm volatile("  push    {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                   "  mov     r12, r0\n"
                   "  ldrd    r10, r11, [r12]\n"
                   "  ldrd    r1, r3, [r12, #56]\n"
                   "  ldr     r2, [r12, #64]\n"
                   "  ldr     r0, [r12, #80]\n"
                   "  cmp     r1, r3\n"
                   "  beq     3f\n"
                   "2:\n" KILN_DSP_STEPS8(KILN_DSP_STEP1X2W) "  cmp     r1, r3\n"
                   "  bne     2b\n"
                   "3:\n"
                   "  cmp     r1, r2\n"
                   "  beq     5f\n"
                   "4:\n" KILN_DSP_STEP1X2W "  cmp     r1, r2\n"
                   "  bne     4b\n"
                   "5:\n"
                   "  ldrd    r4, r5, [r12, #16]\n"
                   "  ldr     r6, [r12, #24]\n" KILN_DSP_RQ2("r10", "r7", "r4", "r5", "r6")
                   "  ldrd    r4, r5, [r12, #28]\n"
                   "  ldr     r6, [r12, #36]\n" KILN_DSP_RQ2("r11", "r7", "r4", "r5", "r6")
                   "  bfi     r10, r11, #8, #8\n"
                   "  ldr     r4, [r12, #76]\n"
                   "  cbz     r4, 6f\n"
                   "  ldrd    r4, r5, [r12, #40]\n"
                   KILN_DSP_CLAMP4("r10", "r6", "r4", "r5")
                   "6:\n"
                   "  ldr     r4, [r12, #48]\n"
                   "  strh    r10, [r4]\n"
                   "  pop     {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}

/* The pair's weights (channel 0 at w, channel 1 at w + k, k a multiple of 4 up to KILN_GEMM_WIDE_MAX) widened and
 * doubled into a frame of this function only (4 k bytes), and their sums times the input offset added to the
 * job's start values (the biases on entry; doubled: the kernels' sums come out as 2 acc, the requantization's first
 * step); then the 2x2 blocks of *job and, when odd, the pixel after them alone (kiln_dsp_dot1x2w). */
static __attribute__((noinline)) void kiln_dsp_pairs_wide(kiln_dsp_job2x2 *job, int32_t blocks, bool odd,
                                                          const int8_t *w, int32_t k, int32_t off)
{
    int32_t wide[KILN_GEMM_WIDE_MAX];
    const int32_t off16 = kiln_dup_s16x2(off);
    int32_t s0 = 0, s1 = 0;
    for (int32_t i = 0; i < k; i += 4)
    {
        const int32_t y0 = kiln_rd4(w + i), y1 = kiln_rd4(w + k + i);
        const int32_t e0 = (int32_t)__sxtb16(y0), o0 = kiln_sxtb16_ror8(y0);
        const int32_t e1 = (int32_t)__sxtb16(y1), o1 = kiln_sxtb16_ror8(y1);
        wide[i] = (int32_t)__sadd16(e0, e0);
        wide[i + 1] = (int32_t)__sadd16(o0, o0);
        wide[i + 2] = (int32_t)__sadd16(e1, e1);
        wide[i + 3] = (int32_t)__sadd16(o1, o1);
        s0 = __smlad(wide[i + 1], off16, __smlad(wide[i], off16, s0));
        s1 = __smlad(wide[i + 3], off16, __smlad(wide[i + 2], off16, s1));
    }
    job->start[0] = job->start[2] = 2 * job->start[0] + s0;
    job->start[1] = job->start[3] = 2 * job->start[1] + s1;
    job->w = (const int8_t *)(const void *)wide;
    job->w_end16 = (const int8_t *)(const void *)(wide + (k & ~31)); /* blocks of eight steps */
    job->w_end = (const int8_t *)(const void *)(wide + k);
    if (blocks > 0)
    {
        kiln_dsp_dot2x2w(job);
    }
    if (odd)
    {
        job->lhs += 2 * blocks * job->lhs_stride;
        job->out += 2 * blocks * job->dst_stride;
        kiln_dsp_dot1x2w(job);
    }
    job->w = job->w_end16 = job->w_end = NULL; /* (they pointed into this frame) */
}

/* lhs_offset * sum(w[0..k)), k a multiple of 4. */
static int32_t kiln_dsp_offset_wsum(const int8_t *w, int32_t k, int32_t off)
{
    const int32_t off16 = kiln_dup_s16x2(off);
    int32_t s = 0;
    for (int32_t i = 0; i < k; i += 4)
    {
        const int32_t y = kiln_rd4(w + i);
        s = __smlad((int32_t)__sxtb16(y), off16, s);
        s = __smlad(kiln_sxtb16_ror8(y), off16, s);
    }
    return s;
}

/* The GEMM over n_rows rows at lhs + r * lhs_stride (kiln_conv_s8.h): channel pairs outermost, so
 * each pair's weights pointer, bias and requantization constants are formed once per call and the
 * rows run through the 2x2 dot kernel in pairs. Channel pairs that do not take the fast
 * requantization, and an odd last channel, go through kiln_conv_s8_gemm on the same rows. */
static void kiln_gemm_strided_rest(const kiln_conv_s8_gemm_args *a, int32_t oc, int32_t n, const int8_t *lhs,
                                   int32_t lhs_stride, int32_t n_rows, int8_t *dst)
{
    kiln_conv_s8_gemm_args g = *a;
    g.rhs = a->rhs + oc * a->rhs_stride;
    g.bias = a->bias != NULL ? a->bias + oc : NULL;
    g.mult = a->mult + oc;
    g.shift = a->shift + oc;
    g.n_oc = n;
    for (int32_t r = 0; r < n_rows; r += 2)
    {
        const int8_t *rows[2] = {lhs + r * lhs_stride, lhs + (r + 1 < n_rows ? r + 1 : r) * lhs_stride};
        kiln_conv_s8_gemm(&g, rows, MIN(2, n_rows - r), dst + r * a->dst_stride + oc);
    }
}

void kiln_conv_s8_gemm_strided(const kiln_conv_s8_gemm_args *a, const int8_t *lhs, int32_t lhs_stride,
                               int32_t n_rows, int8_t *dst)
{
    const int32_t k = a->k;
    const int32_t ws = a->rhs_stride;
    const int32_t off = a->lhs_offset;
    const int32_t n_oc = a->n_oc;
    const int32_t stride = a->dst_stride;
    const int32_t oo = a->out_offset;
    const uint32_t lo4 = (uint32_t)(uint8_t)a->act_min * 0x01010101u;
    const uint32_t hi4 = (uint32_t)(uint8_t)a->act_max * 0x01010101u;
    const int32_t oo21 = 2 * oo + 1;
    const int32_t sh_bias = k <= KILN_GEMM_FAST_K ? 0 : 64;
    if (n_rows <= 0)
    {
        return; /* (the assembly kernels run at least one pixel or block) */
    }
    /* Dot lengths that are multiples of 4 take the assembly kernels: groups of channels one pixel at a time
     * (kiln_dsp_group: eight at 16, 32 and 64, seven at the others up to KILN_DSP_SEPT_KMAX), the other channels
     * (and every channel of a group with one outside the fast requantization) blocks of two pixels x two channels
     * (channel 1's weights at w + k); other dot lengths the C blocks below. */
    void (*dot1xg)(kiln_dsp_job1x8 *) = k == 16 ? kiln_dsp_dot1x8_k16 : (k == 32 ? kiln_dsp_dot1x8_k32 : NULL);
    dot1xg = k == 64 ? kiln_dsp_dot1x8_k64 : dot1xg;
    int32_t g = 8;
    if (dot1xg == NULL && k >= 4 && k <= KILN_DSP_SEPT_KMAX)
    {
        dot1xg = kiln_dsp_dot1x7;
        g = 7;
    }
    /* k % 4 != 0: the groups' last step reads past the pixel, so the call's last pixel takes the pair path */
    const int32_t g_rows = (k & 3) == 0 ? n_rows : n_rows - 1;
    if (g_rows <= 0)
    {
        dot1xg = NULL;
    }
    const bool k4 = (k & 3) == 0 && ws == k;
    const int32_t clamp = lo4 != 0x80808080u || hi4 != 0x7F7F7F7Fu;
    int32_t pairs_until = 0; /* a group that failed kiln_dsp_group goes in pairs up to here */
    int32_t oc = 0;
    while (oc < n_oc)
    {
        if (oc + 1 == n_oc)
        {
            if (!k4 || oc == 0)
            {
                break;
            }
            oc--; /* a last single channel: a pair with the one before (computed again: the same values) */
        }
        if (dot1xg != NULL && oc >= pairs_until && oc + g <= n_oc)
        {
            if (kiln_dsp_group(a, oc, lhs, lhs_stride, g_rows, dst, dot1xg, g))
            {
                if (g_rows < n_rows)
                {
                    kiln_gemm_strided_rest(a, oc, g, lhs + g_rows * lhs_stride, lhs_stride, 1,
                                           dst + g_rows * a->dst_stride);
                }
                oc += g;
                continue;
            }
            pairs_until = oc + g;
        }
        const int32_t b0 = a->bias != NULL ? a->bias[oc] : 0;
        const int32_t b1 = a->bias != NULL ? a->bias[oc + 1] : 0;
        const int32_t m0 = a->mult[oc], m1 = a->mult[oc + 1];
        int32_t n0, n1, r0, r1;
        if (!kiln_gemm_fast_setup(a->shift[oc] + sh_bias, b0, oo21, &n0, &r0) ||
            !kiln_gemm_fast_setup(a->shift[oc + 1] + sh_bias, b1, oo21, &n1, &r1))
        {
            kiln_gemm_strided_rest(a, oc, 2, lhs, lhs_stride, n_rows, dst);
            oc += 2;
            continue;
        }
        const int8_t *const w = a->rhs + oc * ws;
        const int8_t *l = lhs;
        int8_t *out = dst + oc;
        int32_t r = 0;
        if (k4)
        {
            const int32_t pairs = n_rows / 2;
            /* two or more blocks: the pair's weights widened once for them (k up to KILN_GEMM_WIDE_MAX), an odd last
             * pixel on them too; otherwise the blocks on the raw weights */
            const bool wide = pairs >= 2 && k <= KILN_GEMM_WIDE_MAX;
            const int32_t s0 = wide ? b0 : b0 + kiln_dsp_offset_wsum(w, k, off);
            const int32_t s1 = wide ? b1 : b1 + kiln_dsp_offset_wsum(w + k, k, off);
            kiln_dsp_job2x2 job = {{s0, s1, s0, s1},
                                   m0,
                                   n0,
                                   r0,
                                   m1,
                                   n1,
                                   r1,
                                   lo4,
                                   hi4,
                                   out,
                                   stride,
                                   w,
                                   w + (k & ~15),
                                   w + k,
                                   2 * lhs_stride - k,
                                   l + k + (pairs - 1) * 2 * lhs_stride,
                                   clamp,
                                   l,
                                   k,
                                   lhs_stride};
            if (wide)
            {
                kiln_dsp_pairs_wide(&job, pairs, (n_rows & 1) != 0, w, k, off);
                oc += 2;
                continue;
            }
            if (pairs > 0)
            {
                kiln_dsp_dot2x2(&job);
            }
            r = 2 * pairs;
            l += r * lhs_stride;
            out += r * stride;
        }
        for (; r + 2 <= n_rows; r += 2)
        {
            int32_t acc[4] = {b0, b1, b0, b1};
            kiln_dot_2x2(l, l + lhs_stride, w, w + ws, k, off, acc);
            uint32_t v = kiln_gemm_rq_fast(acc[0], m0, n0, r0);
            const uint32_t v1 = kiln_gemm_rq_fast(acc[1], m1, n1, r1);
            KILN_GEMM_BFI(v, v1, 8);
            const uint32_t v2 = kiln_gemm_rq_fast(acc[2], m0, n0, r0);
            KILN_GEMM_BFI(v, v2, 16);
            const uint32_t v3 = kiln_gemm_rq_fast(acc[3], m1, n1, r1);
            KILN_GEMM_BFI(v, v3, 24);
            v = kiln_gemm_clamp4(v, lo4, hi4);
            const uint16_t h0 = (uint16_t)v;
            const uint16_t h1 = (uint16_t)(v >> 16);
            memcpy(out, &h0, 2);
            memcpy(out + stride, &h1, 2);
            l += 2 * lhs_stride;
            out += 2 * stride;
        }
        if (r < n_rows)
        {
            int32_t acc[2] = {b0, b1};
            kiln_dot_1x2(l, w, w + ws, k, off, acc);
            uint32_t v = kiln_gemm_rq_fast(acc[0], m0, n0, r0);
            const uint32_t v1 = kiln_gemm_rq_fast(acc[1], m1, n1, r1);
            KILN_GEMM_BFI(v, v1, 8);
            v = kiln_gemm_clamp4(v, lo4, hi4);
            const uint16_t h0 = (uint16_t)v;
            memcpy(out, &h0, 2);
        }
        oc += 2;
    }
    if (oc < n_oc)
    {
        kiln_gemm_strided_rest(a, oc, 1, lhs, lhs_stride, n_rows, dst);
    }
}

/* arm_nn_mat_mult_nt_t_s8_s32 on DSP: blocks of two lhs rows x two rhs rows on the same dot
 * kernels as the GEMM; dst[m * dst_idx_offset * n_rhs + n * dst_idx_offset] += the dot. */
void kiln_conv_s8_mat_mult_s32_dsp(const int8_t *lhs,
                                   const int8_t *rhs,
                                   int32_t *dst,
                                   int32_t lhs_rows,
                                   int32_t k,
                                   int32_t n_rhs,
                                   int32_t lhs_offset,
                                   int32_t dst_idx_offset)
{
    const int32_t row_stride = dst_idx_offset * n_rhs;
    int32_t m = 0;
    for (; m + 2 <= lhs_rows; m += 2)
    {
        const int8_t *l0 = lhs + m * k;
        const int8_t *l1 = l0 + k;
        int32_t *d0 = dst + m * row_stride;
        int32_t *d1 = d0 + row_stride;
        int32_t n = 0;
        for (; n + 2 <= n_rhs; n += 2)
        {
            const int8_t *r0 = rhs + n * k;
            int32_t acc[4] = {0, 0, 0, 0};
            kiln_dot_2x2(l0, l1, r0, r0 + k, k, lhs_offset, acc);
            d0[n * dst_idx_offset] += acc[0];
            d0[(n + 1) * dst_idx_offset] += acc[1];
            d1[n * dst_idx_offset] += acc[2];
            d1[(n + 1) * dst_idx_offset] += acc[3];
        }
        if (n < n_rhs)
        {
            const int8_t *r0 = rhs + n * k;
            d0[n * dst_idx_offset] += kiln_dot_1x1(l0, r0, k, lhs_offset, 0);
            d1[n * dst_idx_offset] += kiln_dot_1x1(l1, r0, k, lhs_offset, 0);
        }
    }
    if (m < lhs_rows)
    {
        const int8_t *l0 = lhs + m * k;
        int32_t *d0 = dst + m * row_stride;
        int32_t n = 0;
        for (; n + 2 <= n_rhs; n += 2)
        {
            const int8_t *r0 = rhs + n * k;
            int32_t acc[2] = {0, 0};
            kiln_dot_1x2(l0, r0, r0 + k, k, lhs_offset, acc);
            d0[n * dst_idx_offset] += acc[0];
            d0[(n + 1) * dst_idx_offset] += acc[1];
        }
        if (n < n_rhs)
        {
            d0[n * dst_idx_offset] += kiln_dot_1x1(l0, rhs + n * k, k, lhs_offset, 0);
        }
    }
}

#endif
