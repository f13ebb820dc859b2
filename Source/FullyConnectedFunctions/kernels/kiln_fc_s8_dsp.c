/*
 * Kiln — int8 fully connected kernels, DSP extension (Cortex-M4/M7/M33). Four rows share each
 * input word: SXTAB16 widens two input bytes at a time and adds the input offset, the same for the
 * weights with the filter offset, and SMLAD accumulates two products per instruction.
 */
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/Internal/kiln_dsp.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_DSP

static inline int32_t kiln_pair16(int32_t v)
{
    return (int32_t)(((uint32_t)v & 0xFFFFu) | ((uint32_t)v << 16));
}

/* Widen four weights into (bytes 0, 2) and (bytes 1, 3) halfword pairs, adding the filter offset
 * unless it is zero (then SXTB16 needs no offset register). */
__STATIC_FORCEINLINE void kiln_widen_w(int32_t w, bool has_fo, int32_t fo2, int32_t *w02, int32_t *w13)
{
    if (has_fo)
    {
        *w02 = (int32_t)__sxtab16(fo2, w);
        *w13 = kiln_sxtab16_ror8(fo2, w);
    }
    else
    {
        *w02 = (int32_t)__sxtb16(w);
        *w13 = kiln_sxtb16_ror8(w);
    }
}

/* One input word (4 columns) against `nrows` (1..3) rows: the input word is widened once. */
__STATIC_FORCEINLINE void kiln_step(const int8_t **x,
                                    const int8_t **w0,
                                    const int8_t **w1,
                                    const int8_t **w2,
                                    int32_t io2,
                                    int32_t fo2,
                                    bool has_fo,
                                    int nrows,
                                    int32_t *acc0,
                                    int32_t *acc1,
                                    int32_t *acc2)
{
    const int32_t xv = arm_nn_read_s8x4_ia(x);
    const int32_t x02 = (int32_t)__sxtab16(io2, xv);
    const int32_t x13 = kiln_sxtab16_ror8(io2, xv);
    int32_t p02, p13;

    kiln_widen_w(arm_nn_read_s8x4_ia(w0), has_fo, fo2, &p02, &p13);
    *acc0 = __smlad(p02, x02, *acc0);
    *acc0 = __smlad(p13, x13, *acc0);
    if (nrows > 1)
    {
        kiln_widen_w(arm_nn_read_s8x4_ia(w1), has_fo, fo2, &p02, &p13);
        *acc1 = __smlad(p02, x02, *acc1);
        *acc1 = __smlad(p13, x13, *acc1);
    }
    if (nrows > 2)
    {
        kiln_widen_w(arm_nn_read_s8x4_ia(w2), has_fo, fo2, &p02, &p13);
        *acc2 = __smlad(p02, x02, *acc2);
        *acc2 = __smlad(p13, x13, *acc2);
    }
}

/* The inner loop over `blocks` words for `nrows` rows: its own function, so that only the values
 * it needs are live and they stay in registers; two words per iteration to halve the loop cost. */
__STATIC_FORCEINLINE void kiln_dot_body(const int8_t *x,
                                        const int8_t *w0,
                                        int32_t cols,
                                        int32_t blocks,
                                        int32_t io2,
                                        int32_t fo2,
                                        bool has_fo,
                                        int nrows,
                                        int32_t *acc)
{
    const int8_t *w1 = w0 + cols;
    const int8_t *w2 = nrows > 2 ? w1 + cols : w1;
    int32_t acc0 = acc[0], acc1 = acc[1], acc2 = acc[2];
#if defined(__GNUC__) && !defined(__clang__)
    if (nrows == 3 && !has_fo && (blocks >> 2) > 0)
    {
        /* The hot loop, register-allocated by hand (GCC hoists the loads and spills): per 16
         * columns x 3 rows, 4 + 12 loads, 8 + 24 extends, 24 SMLAD, 2 loop = 74 for 48 MACs. */
        int32_t n = blocks >> 2;
        int32_t xv, x13, t, p;
#define KILN_DSP_WORD3                                                                                         \
    "  ldr     %[xv], [%[x]], #4             \n"                                                              \
    "  sxtab16 %[x13], %[io2], %[xv], ror #8 \n"                                                              \
    "  sxtab16 %[xv], %[io2], %[xv]          \n"                                                              \
    "  ldr     %[t], [%[w0]], #4             \n"                                                              \
    "  sxtb16  %[p], %[t]                    \n"                                                              \
    "  smlad   %[a0], %[p], %[xv], %[a0]     \n"                                                              \
    "  sxtb16  %[t], %[t], ror #8            \n"                                                              \
    "  smlad   %[a0], %[t], %[x13], %[a0]    \n"                                                              \
    "  ldr     %[t], [%[w1]], #4             \n"                                                              \
    "  sxtb16  %[p], %[t]                    \n"                                                              \
    "  smlad   %[a1], %[p], %[xv], %[a1]     \n"                                                              \
    "  sxtb16  %[t], %[t], ror #8            \n"                                                              \
    "  smlad   %[a1], %[t], %[x13], %[a1]    \n"                                                              \
    "  ldr     %[t], [%[w2]], #4             \n"                                                              \
    "  sxtb16  %[p], %[t]                    \n"                                                              \
    "  smlad   %[a2], %[p], %[xv], %[a2]     \n"                                                              \
    "  sxtb16  %[t], %[t], ror #8            \n"                                                              \
    "  smlad   %[a2], %[t], %[x13], %[a2]    \n"
        __asm volatile("1:                                    \n" KILN_DSP_WORD3 KILN_DSP_WORD3 KILN_DSP_WORD3
                           KILN_DSP_WORD3 "  subs    %[n], %[n], #1              \n"
                                          "  bne     1b                          \n"
                       : [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [n] "+r"(n), [a0] "+r"(acc0),
                         [a1] "+r"(acc1), [a2] "+r"(acc2), [xv] "=&r"(xv), [x13] "=&r"(x13), [t] "=&r"(t),
                         [p] "=&r"(p)
                       : [io2] "r"(io2)
                       : "cc", "memory");
#undef KILN_DSP_WORD3
        for (int32_t rest = blocks & 3; rest > 0; rest--)
        {
            kiln_step(&x, &w0, &w1, &w2, io2, fo2, has_fo, nrows, &acc0, &acc1, &acc2);
        }
        acc[0] = acc0;
        acc[1] = acc1;
        acc[2] = acc2;
        return;
    }
#endif
    {
        for (int32_t pairs = blocks >> 1; pairs > 0; pairs--)
        {
            kiln_step(&x, &w0, &w1, &w2, io2, fo2, has_fo, nrows, &acc0, &acc1, &acc2);
            kiln_step(&x, &w0, &w1, &w2, io2, fo2, has_fo, nrows, &acc0, &acc1, &acc2);
        }
    }
    if ((blocks & 1) != 0)
    {
        kiln_step(&x, &w0, &w1, &w2, io2, fo2, has_fo, nrows, &acc0, &acc1, &acc2);
    }
    acc[0] = acc0;
    acc[1] = acc1;
    acc[2] = acc2;
}

#define KILN_DOT_FN(name, nrows, has_fo)                                                                       \
    static void __attribute__((noinline))                                                                      \
    name(const int8_t *x, const int8_t *w0, int32_t cols, int32_t blocks, int32_t io2, int32_t fo2, int32_t *acc) \
    {                                                                                                          \
        kiln_dot_body(x, w0, cols, blocks, io2, fo2, has_fo, nrows, acc);                                      \
    }
KILN_DOT_FN(kiln_dot1, 1, false)
KILN_DOT_FN(kiln_dot2, 2, false)
KILN_DOT_FN(kiln_dot3, 3, false)
KILN_DOT_FN(kiln_dot1_fo, 1, true)
KILN_DOT_FN(kiln_dot2_fo, 2, true)
KILN_DOT_FN(kiln_dot3_fo, 3, true)

typedef void (*kiln_dot_fn)(const int8_t *, const int8_t *, int32_t, int32_t, int32_t, int32_t, int32_t *);

/* Groups of three rows (then two or one); the input word is widened once per group. */
static void kiln_fc_s8_rows_dsp(const int8_t *lhs,
                                const int8_t *rhs,
                                const int32_t *kernel_sum,
                                const int32_t *bias,
                                int8_t *dst,
                                const kiln_fc_s8_args *a)
{
    const int32_t cols = a->cols;
    const bool has_fo = a->rhs_offset != 0;
    /* With kernel sums the input offset is already inside them: accumulate (w + fo) * x. */
    const int32_t lhs_offset = kernel_sum != NULL ? 0 : a->lhs_offset;
    const int32_t io2 = kiln_pair16(lhs_offset);
    const int32_t fo2 = kiln_pair16(a->rhs_offset);
    const int32_t col_blocks = cols >> 2;
    const size_t stride = (size_t)a->dst_stride;

    int32_t r = 0;
    const kiln_dot_fn dot3 = has_fo ? kiln_dot3_fo : kiln_dot3;
    for (; r + 3 <= a->rows; r += 3)
    {
        const int8_t *w = rhs + (size_t)r * (size_t)cols;
        int32_t acc[3];
        if (kernel_sum != NULL)
        {
            acc[0] = kernel_sum[r];
            acc[1] = kernel_sum[r + 1];
            acc[2] = kernel_sum[r + 2];
        }
        else if (bias != NULL)
        {
            acc[0] = bias[r];
            acc[1] = bias[r + 1];
            acc[2] = bias[r + 2];
        }
        else
        {
            acc[0] = acc[1] = acc[2] = 0;
        }
        dot3(lhs, w, cols, col_blocks, io2, fo2, acc);
        for (int32_t k = col_blocks * 4; k < cols; k++)
        {
            const int32_t xi = lhs[k] + lhs_offset;
            acc[0] = kiln_wrap_add(acc[0], (w[k] + a->rhs_offset) * xi);
            acc[1] = kiln_wrap_add(acc[1], (w[(size_t)cols + (size_t)k] + a->rhs_offset) * xi);
            acc[2] = kiln_wrap_add(acc[2], (w[2 * (size_t)cols + (size_t)k] + a->rhs_offset) * xi);
        }
        int8_t *d = dst + (size_t)r * stride;
        d[0] = kiln_fc_s8_out(acc[0], a, r);
        d[stride] = kiln_fc_s8_out(acc[1], a, r + 1);
        d[2 * stride] = kiln_fc_s8_out(acc[2], a, r + 2);
    }
    if (r < a->rows)
    {
        const int32_t n = a->rows - r;
        const int8_t *w = rhs + (size_t)r * (size_t)cols;
        int32_t acc[3] = {0, 0, 0};
        for (int32_t i = 0; i < n; i++)
        {
            acc[i] = kernel_sum != NULL ? kernel_sum[r + i] : (bias != NULL ? bias[r + i] : 0);
        }
        const kiln_dot_fn fn = n == 1 ? (has_fo ? kiln_dot1_fo : kiln_dot1) : (has_fo ? kiln_dot2_fo : kiln_dot2);
        fn(lhs, w, cols, col_blocks, io2, fo2, acc);
        for (int32_t k = col_blocks * 4; k < cols; k++)
        {
            const int32_t xi = lhs[k] + lhs_offset;
            for (int32_t i = 0; i < n; i++)
            {
                acc[i] = kiln_wrap_add(acc[i], (w[(size_t)i * (size_t)cols + (size_t)k] + a->rhs_offset) * xi);
            }
        }
        for (int32_t i = 0; i < n; i++)
        {
            dst[(size_t)(r + i) * stride] = kiln_fc_s8_out(acc[i], a, r + i);
        }
    }
}

void kiln_fc_s8_vec_mat(const int8_t *lhs,
                        const int8_t *rhs,
                        const int32_t *kernel_sum,
                        const int32_t *bias,
                        int8_t *dst,
                        const kiln_fc_s8_args *a)
{
    kiln_fc_s8_rows_dsp(lhs, rhs, kernel_sum, bias, dst, a);
}

void kiln_fc_s8_row_sums(int32_t *ksum,
                         int32_t cols,
                         int32_t rows,
                         const int8_t *m,
                         int32_t lhs_offset,
                         int32_t rhs_offset,
                         const int32_t *bias)
{
    const int32_t ones = 0x00010001;
    for (int32_t r = 0; r < rows; r++)
    {
        int32_t s = 0;
        int32_t k = 0;
        for (; k + 4 <= cols; k += 4)
        {
            const uint32_t wv = (uint32_t)arm_nn_read_s8x4_ia(&m);
            s = __smlad((int32_t)__sxtb16(wv), ones, s);
            s = __smlad(kiln_sxtb16_ror8((int32_t)wv), ones, s);
        }
        for (; k < cols; k++)
        {
            s += *m++;
        }
        s = kiln_wrap_add(s, kiln_wrap_mul(cols, rhs_offset));
        ksum[r] = kiln_wrap_add(bias != NULL ? bias[r] : 0, kiln_wrap_mul(s, lhs_offset));
    }
}

#endif
