/*
 * Kiln — int8 convolution GEMM, DSP extension (Cortex-M4/M7/M33). Blocks of two patches x two
 * output channels: each 4-byte step loads one word per operand, widens the patch bytes to int16
 * with the input offset added (SXTAB16, even and odd lanes) and the weights (SXTB16), and issues
 * eight SMLADs for 16 MACs. Both operands use the same lane permutation, so the dot product is
 * unchanged. Leftover columns (k % 4), rows and channels take the same arithmetic one at a time.
 */
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_BUILD_DSP

/* SXTB16 / SXTAB16 of the operand rotated right by 8 (bytes 1 and 3), one instruction each: the
 * rotate is the instruction's own operand field (GCC does not fold a separate ROR into it). */
static inline int32_t kiln_sxtb16_ror8(int32_t x)
{
    int32_t r;
    __asm("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(x));
    return r;
}

static inline int32_t kiln_sxtab16_ror8(int32_t acc, int32_t x)
{
    int32_t r;
    __asm("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(acc), "r"(x));
    return r;
}

static inline int32_t kiln_rd4(const int8_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* acc[r][c] += sum_i (lhs_r[i] + off) * rhs_c[i], two rows x two channels. */
static inline void kiln_dot_2x2(const int8_t *l0, const int8_t *l1, const int8_t *w0, const int8_t *w1, int32_t k,
                                int32_t off, int32_t *acc)
{
    const int32_t off16 = (int32_t)(((uint32_t)off & 0xFFFFu) | ((uint32_t)off << 16));
    int32_t a00 = acc[0], a01 = acc[1], a10 = acc[2], a11 = acc[3];
    int32_t i = 0;
    for (; i + 4 <= k; i += 4)
    {
        /* Widen one operand word at a time so few values are live (no spills on Cortex-M4). */
        const int32_t y0 = kiln_rd4(w0 + i);
        const int32_t y0e = (int32_t)__sxtb16(y0);
        const int32_t y0o = kiln_sxtb16_ror8(y0);
        const int32_t x0 = kiln_rd4(l0 + i);
        const int32_t x0e = (int32_t)__sxtab16(off16, x0);
        const int32_t x0o = kiln_sxtab16_ror8(off16, x0);
        a00 = __smlad(x0e, y0e, a00);
        a00 = __smlad(x0o, y0o, a00);
        const int32_t x1 = kiln_rd4(l1 + i);
        const int32_t x1e = (int32_t)__sxtab16(off16, x1);
        const int32_t x1o = kiln_sxtab16_ror8(off16, x1);
        a10 = __smlad(x1e, y0e, a10);
        a10 = __smlad(x1o, y0o, a10);
        const int32_t y1 = kiln_rd4(w1 + i);
        const int32_t y1e = (int32_t)__sxtb16(y1);
        const int32_t y1o = kiln_sxtb16_ror8(y1);
        a01 = __smlad(x0e, y1e, a01);
        a01 = __smlad(x0o, y1o, a01);
        a11 = __smlad(x1e, y1e, a11);
        a11 = __smlad(x1o, y1o, a11);
    }
    for (; i < k; i++)
    {
        const int32_t v0 = l0[i] + off;
        const int32_t v1 = l1[i] + off;
        a00 += v0 * w0[i];
        a01 += v0 * w1[i];
        a10 += v1 * w0[i];
        a11 += v1 * w1[i];
    }
    acc[0] = a00;
    acc[1] = a01;
    acc[2] = a10;
    acc[3] = a11;
}

/* One row x two channels. */
static inline void kiln_dot_1x2(const int8_t *l0, const int8_t *w0, const int8_t *w1, int32_t k, int32_t off,
                                int32_t *acc)
{
    const int32_t off16 = (int32_t)(((uint32_t)off & 0xFFFFu) | ((uint32_t)off << 16));
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
    const int32_t off16 = (int32_t)(((uint32_t)off & 0xFFFFu) | ((uint32_t)off << 16));
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
    int32_t r = 0;
    for (; r + 2 <= n_rows; r += 2)
    {
        int8_t *out0 = dst + r * stride;
        int8_t *out1 = out0 + stride;
        const int8_t *l0 = rows[r];
        const int8_t *l1 = rows[r + 1];
        const int8_t *w = rhs;
        int32_t oc = 0;
        for (; oc + 2 <= n_oc; oc += 2)
        {
            const int32_t b0 = bias != NULL ? bias[oc] : 0;
            const int32_t b1 = bias != NULL ? bias[oc + 1] : 0;
            int32_t acc[4] = {b0, b1, b0, b1};
            kiln_dot_2x2(l0, l1, w, w + ws, k, off, acc);
            const int32_t m0 = mult[oc], m1 = mult[oc + 1], s0 = shift[oc], s1 = shift[oc + 1];
            out0[oc] = kiln_conv_s8_out(acc[0], m0, s0, oo, lo, hi);
            out0[oc + 1] = kiln_conv_s8_out(acc[1], m1, s1, oo, lo, hi);
            out1[oc] = kiln_conv_s8_out(acc[2], m0, s0, oo, lo, hi);
            out1[oc + 1] = kiln_conv_s8_out(acc[3], m1, s1, oo, lo, hi);
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
            int32_t acc[2] = {bias != NULL ? bias[oc] : 0, bias != NULL ? bias[oc + 1] : 0};
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

void kiln_conv_s8_copy(int8_t *dst, const int8_t *src, int32_t n)
{
    memcpy(dst, src, (size_t)n);
}

void kiln_conv_s8_fill(int8_t *dst, int8_t value, int32_t n)
{
    memset(dst, value, (size_t)n);
}

#endif
