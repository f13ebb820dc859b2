/*
 * Kiln — the window loops and the average run of the int16 pooling kernels (Include/Internal/kiln_pool_s8.h), DSP
 * extension: two channels per word, four channels a pass in assembly loops (nine instructions per tap; seven in rows
 * of three columns, unrolled). Maxima: SSUB16 sets the GE flags per halfword, SEL keeps the larger (kiln_max_s16x2
 * and kiln_clamp_s16x2 of Internal/kiln_dsp.h; four channels per pass, their maxima in registers across the window's
 * taps). Sums: SXTAH adds the low halfword to one int32 sum, an add of the word shifted right by 16 the high one
 * (four channels per pass). Odd channel counts end with one channel in scalar code. Averages: two channels a step,
 * one SDIV each, packed and clamped as a halfword pair.
 */
#include <string.h>
#include "Include/Internal/kiln_dsp.h"

#include "Include/Internal/kiln_pool_s8.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_DSP

/* The window walk of the assembly loops below: per tap the two words of four channels in t0 / t1 (q stepped to the
 * next column), nx columns a row, ny rows (q stepped past the row to the next); rows of three columns unrolled (TAP
 * the per-tap step, once per column there). */
#define KILN_POOL16_LOAD                                                                                              \
    "  ldr         %[t0], [%[q]]          \n"                                                                         \
    "  ldr         %[t1], [%[q], #4]      \n"                                                                         \
    "  add         %[q], %[step]          \n"
#define KILN_POOL16_TAPS(TAP)                                                                                         \
    "  cmp         %[nx], #3              \n"                                                                         \
    "  bne         1f                     \n"                                                                         \
    "3:                                   \n"                                                                         \
    KILN_POOL16_LOAD TAP KILN_POOL16_LOAD TAP KILN_POOL16_LOAD TAP                                                    \
    "  add         %[q], %[adj]           \n"                                                                         \
    "  subs        %[y], %[y], #1         \n"                                                                         \
    "  bne         3b                     \n"                                                                         \
    "  b           4f                     \n"                                                                         \
    "1:                                   \n"                                                                         \
    "  mov         %[x], %[nx]            \n"                                                                         \
    "2:                                   \n"                                                                         \
    KILN_POOL16_LOAD TAP                                                                                              \
    "  subs        %[x], %[x], #1         \n"                                                                         \
    "  bne         2b                     \n"                                                                         \
    "  add         %[q], %[adj]           \n"                                                                         \
    "  subs        %[y], %[y], #1         \n"                                                                         \
    "  bne         1b                     \n"                                                                         \
    "4:                                   \n"

void kiln_pool_s16_max_window(const int16_t *p, int32_t ch, int32_t ny, int32_t nx, int32_t row, int32_t lo,
                              int32_t hi, int16_t *out)
{
    const int32_t lo2 = kiln_dup_s16x2(lo);
    const int32_t hi2 = kiln_dup_s16x2(hi);
    const int32_t step = ch * 2, adj = (row - nx * ch) * 2; /* bytes: the next column; past a row to the next */
    int32_t c = 0;
    for (; c + 4 <= ch; c += 4)
    {
        /* per tap two words, SSUB16 / SEL keeping the larger halves: nine instructions per tap and four channels,
         * seven in rows of three (assembly: from C, GCC 12.2 took 13) */
        const int16_t *q = p + c;
        int32_t m01 = (int32_t)0x80008000u, m23 = (int32_t)0x80008000u; /* INT16_MIN in both halves */
        int32_t y = ny, x, t0, t1, t2;
#define KILN_POOL16_MAX_TAP                                                                                           \
    "  ssub16      %[t2], %[m01], %[t0]   \n"                                                                         \
    "  sel         %[m01], %[m01], %[t0]  \n"                                                                         \
    "  ssub16      %[t2], %[m23], %[t1]   \n"                                                                         \
    "  sel         %[m23], %[m23], %[t1]  \n"
        __asm volatile(KILN_POOL16_TAPS(KILN_POOL16_MAX_TAP)
                       : [q] "+r"(q), [m01] "+r"(m01), [m23] "+r"(m23), [y] "+r"(y), [x] "=&r"(x), [t0] "=&r"(t0),
                         [t1] "=&r"(t1), [t2] "=&r"(t2)
                       : [nx] "r"(nx), [step] "r"(step), [adj] "r"(adj)
                       : "cc", "memory");
        m01 = kiln_clamp_s16x2(m01, lo2, hi2);
        m23 = kiln_clamp_s16x2(m23, lo2, hi2);
        memcpy(out + c, &m01, 4);
        memcpy(out + c + 2, &m23, 4);
    }
    for (; c < ch; c++)
    {
        int32_t m = INT16_MIN;
        for (int32_t yy = 0; yy < ny; yy++)
        {
            const int16_t *q = p + yy * row + c;
            for (int32_t xx = 0; xx < nx; xx++, q += ch)
            {
                m = MAX(m, (int32_t)*q);
            }
        }
        out[c] = (int16_t)MIN(MAX(m, lo), hi);
    }
}

void kiln_pool_s16_sum_window(const int16_t *p, int32_t n, int32_t ny, int32_t nx, int32_t row, int32_t ch,
                              int32_t *sum)
{
    const int32_t step = ch * 2, adj = (row - nx * ch) * 2; /* bytes: the next column; past a row to the next */
    int32_t c = 0;
    for (; c + 4 <= n; c += 4)
    {
        /* per tap two words, SXTAH for the low halves, an add of the word shifted right by 16 for the high ones:
         * nine or seven instructions per tap and four channels (assembly, as the maxima above) */
        const int16_t *q = p + c;
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        int32_t y = ny, x, t0, t1;
#define KILN_POOL16_SUM_TAP                                                                                           \
    "  sxtah       %[s0], %[s0], %[t0]    \n"                                                                         \
    "  add         %[s1], %[s1], %[t0], asr #16 \n"                                                                   \
    "  sxtah       %[s2], %[s2], %[t1]    \n"                                                                         \
    "  add         %[s3], %[s3], %[t1], asr #16 \n"
        __asm volatile(KILN_POOL16_TAPS(KILN_POOL16_SUM_TAP)
                       : [q] "+r"(q), [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [s3] "+r"(s3), [y] "+r"(y),
                         [x] "=&r"(x), [t0] "=&r"(t0), [t1] "=&r"(t1)
                       : [nx] "r"(nx), [step] "r"(step), [adj] "r"(adj)
                       : "cc", "memory");
        sum[c] = s0;
        sum[c + 1] = s1;
        sum[c + 2] = s2;
        sum[c + 3] = s3;
    }
    for (; c < n; c++)
    {
        int32_t s = 0;
        for (int32_t yy = 0; yy < ny; yy++)
        {
            const int16_t *q = p + yy * row + c;
            for (int32_t xx = 0; xx < nx; xx++, q += ch)
            {
                s += *q;
            }
        }
        sum[c] = s;
    }
}

/* sum / count rounded as TFLite rounds it (ties away from zero): kiln_pool_s16_avg_run's arithmetic */
static inline int32_t kiln_pool_s16_avg_one(int32_t s, int32_t count, int32_t half)
{
    return (s > 0 ? s + half : s - half) / count;
}

void kiln_pool_s16_avg_run(const int32_t *sum, int32_t n, int32_t count, int32_t lo, int32_t hi, int16_t *out)
{
    /* |sum| <= 32768 count, so each average lies in [-32768, 32768]: saturated to int16 (SSAT; the clamp bounds lie
     * within int16), two are packed (PKHBT) and clamped as a halfword pair (SSUB16 / SEL) */
    const int32_t half = count / 2;
    const int32_t lo2 = kiln_dup_s16x2(lo);
    const int32_t hi2 = kiln_dup_s16x2(hi);
    int32_t c = 0;
    for (; c + 2 <= n; c += 2)
    {
        const int32_t a0 = __ssat(kiln_pool_s16_avg_one(sum[c], count, half), 16);
        const int32_t a1 = __ssat(kiln_pool_s16_avg_one(sum[c + 1], count, half), 16);
        const int32_t w = kiln_clamp_s16x2(kiln_pack_lo16(a0, a1), lo2, hi2);
        memcpy(out + c, &w, 4);
    }
    if (c < n)
    {
        const int32_t a = kiln_pool_s16_avg_one(sum[c], count, half);
        out[c] = (int16_t)MIN(MAX(a, lo), hi);
    }
}

#endif /* KILN_BUILD_DSP */
