/*
 * Kiln — int8 depthwise convolution, ch_mult 1 kernels ("3x3", "opt"), DSP extension.
 *
 * Four channels per step and two output columns per filter load: one word holds four channels of
 * a tap; SXTAB16 widens channels 0/2 (and, rotated, 1/3) to int16 with the input offset added,
 * SXTB16 does the same for the filter, and SMLABB / SMLATT accumulate each channel's product into
 * its own int32. The filter lanes are widened once and used for both output columns. Columns
 * whose window is clipped by padding take the one-column path (only the taps inside the input);
 * the last channels (C % 4) use the scalar arithmetic of the portable kernel.
 */
#include "Include/Internal/kiln_dw_s8.h"

#if KILN_BUILD_DSP

/* SXTB16 / SXTAB16 of the operand rotated right by 8 (bytes 1 and 3), rotation folded in. */
static inline int32_t kiln_dw_sxtb16_r8(uint32_t x)
{
    int32_t r;
    __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(x));
    return r;
}

static inline int32_t kiln_dw_sxtab16_r8(int32_t acc, uint32_t x)
{
    int32_t r;
    __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(acc), "r"(x));
    return r;
}

static inline int32_t kiln_dw_load4(const int8_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Requantize one accumulator (bias already added) with per-channel parameters prepared by the
 * caller: ls = max(shift, 0), rs = max(-shift, 0), mask = 2^rs - 1, half = mask >> 1. Same
 * arithmetic as arm_nn_requantize (doubling high multiply, then divide by 2^rs rounding half away
 * from zero), written without branches so that two columns share the per-channel set-up. */
static inline __attribute__((always_inline)) uint32_t kiln_dw_rq(int32_t acc, int32_t m, int32_t ls, int32_t rs,
                                                                 int32_t mask, int32_t half, int32_t oo, int32_t lo,
                                                                 int32_t hi)
{
    const int32_t y = arm_nn_doubling_high_mult_no_sat((int32_t)((uint32_t)acc << ls), m);
    const int32_t thr = half + (y < 0 ? 1 : 0);
    int32_t q = (y >> rs) + ((y & mask) > thr ? 1 : 0);
    q += oo;
    q = MAX(q, lo);
    q = MIN(q, hi);
    return (uint8_t)q;
}

/* Requantize the accumulators of channels c..c+3 (bias included) of one output column (acc_b NULL)
 * or two (acc_b non-NULL: stored at out + C), offset, clamp, store one word per column. */
static inline __attribute__((always_inline)) void kiln_dw_store4(int8_t *out, int32_t C, const kiln_dw_s8_args *a,
                                                                 int32_t c, const int32_t *acc_a,
                                                                 const int32_t *acc_b)
{
    const int32_t lo = a->act_min, hi = a->act_max, oo = a->output_offset;
    uint32_t wa = 0, wb = 0;
#pragma GCC unroll 4
    for (int32_t j = 0; j < 4; j++)
    {
        const int32_t sh = a->shift[c + j];
        const int32_t m = a->mult[c + j];
        const int32_t ls = sh > 0 ? sh : 0;
        const int32_t rs = sh > 0 ? 0 : -sh;
        const int32_t mask = (int32_t)((1u << rs) - 1u);
        const int32_t half = mask >> 1;
        wa |= kiln_dw_rq(acc_a[j], m, ls, rs, mask, half, oo, lo, hi) << (8 * j);
        if (acc_b != NULL)
        {
            wb |= kiln_dw_rq(acc_b[j], m, ls, rs, mask, half, oo, lo, hi) << (8 * j);
        }
    }
    memcpy(out, &wa, 4);
    if (acc_b != NULL)
    {
        memcpy(out + C, &wb, 4);
    }
}

/* One channel of one output over taps [ky0,ky1) x [kx0,kx1) (scalar; tails). */
static inline int8_t kiln_dw_one(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a, const int8_t *in_b, int32_t fw,
                                 int32_t base_y, int32_t base_x, int32_t ky0, int32_t ky1, int32_t kx0, int32_t kx1,
                                 int32_t c)
{
    const int32_t C = s->in_c;
    int32_t sum = 0;
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const int8_t *row = in_b + (base_y + ky * s->dil_h) * s->in_w * C + c;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            sum += (row[(base_x + kx * s->dil_w) * C] + a->input_offset) * a->filter[(ky * fw + kx) * C + c];
        }
    }
    const int32_t acc = (int32_t)((uint32_t)sum + (uint32_t)(a->bias != NULL ? a->bias[c] : 0));
    return kiln_dw_s8_finish(acc, a->mult[c], a->shift[c], a->output_offset, a->act_min, a->act_max);
}

static inline __attribute__((always_inline)) void kiln_dw_cm1_dsp(const kiln_dw_s8_shape *s,
                                                                  const kiln_dw_s8_args *a,
                                                                  const int32_t fh,
                                                                  const int32_t fw,
                                                                  const int32_t dil_h,
                                                                  const int32_t dil_w)
{
    const int32_t C = s->in_c;
    const int32_t C4 = C & ~3;
    const int32_t in_row = s->in_w * C;
    const int32_t tap_step = dil_w * C;
    const int32_t col_step = s->stride_w * C;
    const int32_t off16 = (int32_t)(((uint32_t)a->input_offset & 0xFFFFu) | ((uint32_t)a->input_offset << 16));
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * in_row;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int32_t ky0, ky1;
            kiln_dw_tap_range(base_y, s->in_h, fh, dil_h, &ky0, &ky1);
            int8_t *out_row = a->output + (b * s->out_h + oy) * s->out_w * C;
            int32_t ox = 0;
            while (ox < s->out_w)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                int32_t kx0, kx1;
                kiln_dw_tap_range(base_x, s->in_w, fw, dil_w, &kx0, &kx1);
                /* Two columns share the filter words when both windows are whole along x. */
                int32_t pair = 0;
                if (ox + 1 < s->out_w && kx0 == 0 && kx1 == fw)
                {
                    int32_t nx0, nx1;
                    kiln_dw_tap_range(base_x + s->stride_w, s->in_w, fw, dil_w, &nx0, &nx1);
                    pair = (nx0 == 0 && nx1 == fw) ? 1 : 0;
                }
                int8_t *out = out_row + ox * C;
                for (int32_t c = 0; c < C4; c += 4)
                {
                    /* Bias first: the int32 sums wrap, so the order of additions does not matter. */
                    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
                    if (a->bias != NULL)
                    {
                        a0 = a->bias[c];
                        a1 = a->bias[c + 1];
                        a2 = a->bias[c + 2];
                        a3 = a->bias[c + 3];
                    }
                    int32_t b0 = a0, b1 = a1, b2 = a2, b3 = a3;
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int8_t *ip = in_b + (base_y + ky * dil_h) * in_row + (base_x + kx0 * dil_w) * C + c;
                        const int8_t *wp = a->filter + (ky * fw + kx0) * C + c;
                        if (pair)
                        {
                            for (int32_t kx = 0; kx < fw; kx++)
                            {
                                const uint32_t w4 = (uint32_t)kiln_dw_load4(wp);
                                const int32_t we = (int32_t)__sxtb16(w4);
                                const int32_t wo = kiln_dw_sxtb16_r8(w4);
                                const uint32_t x4 = (uint32_t)kiln_dw_load4(ip);
                                const uint32_t y4 = (uint32_t)kiln_dw_load4(ip + col_step);
                                const int32_t xe = (int32_t)__sxtab16(off16, x4);
                                const int32_t xo = kiln_dw_sxtab16_r8(off16, x4);
                                const int32_t ye = (int32_t)__sxtab16(off16, y4);
                                const int32_t yo = kiln_dw_sxtab16_r8(off16, y4);
                                a0 = __smlabb(xe, we, a0);
                                a2 = __smlatt(xe, we, a2);
                                a1 = __smlabb(xo, wo, a1);
                                a3 = __smlatt(xo, wo, a3);
                                b0 = __smlabb(ye, we, b0);
                                b2 = __smlatt(ye, we, b2);
                                b1 = __smlabb(yo, wo, b1);
                                b3 = __smlatt(yo, wo, b3);
                                ip += tap_step;
                                wp += C;
                            }
                        }
                        else
                        {
#pragma GCC unroll 3
                            for (int32_t kx = kx0; kx < kx1; kx++)
                            {
                                const uint32_t w4 = (uint32_t)kiln_dw_load4(wp);
                                const int32_t we = (int32_t)__sxtb16(w4);
                                const int32_t wo = kiln_dw_sxtb16_r8(w4);
                                const uint32_t x4 = (uint32_t)kiln_dw_load4(ip);
                                const int32_t xe = (int32_t)__sxtab16(off16, x4);
                                const int32_t xo = kiln_dw_sxtab16_r8(off16, x4);
                                a0 = __smlabb(xe, we, a0);
                                a2 = __smlatt(xe, we, a2);
                                a1 = __smlabb(xo, wo, a1);
                                a3 = __smlatt(xo, wo, a3);
                                ip += tap_step;
                                wp += C;
                            }
                        }
                    }
                    const int32_t acc_a[4] = {a0, a1, a2, a3};
                    const int32_t acc_b[4] = {b0, b1, b2, b3};
                    kiln_dw_store4(out + c, C, a, c, acc_a, pair ? acc_b : NULL);
                }
                for (int32_t c = C4; c < C; c++)
                {
                    out[c] = kiln_dw_one(s, a, in_b, fw, base_y, base_x, ky0, ky1, kx0, kx1, c);
                    if (pair)
                    {
                        out[C + c] = kiln_dw_one(s, a, in_b, fw, base_y, base_x + s->stride_w, ky0, ky1, kx0, kx1, c);
                    }
                }
                ox += 1 + pair;
            }
        }
    }
}

void kiln_dw_s8_kernel_cm1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_cm1_dsp(shape, args, shape->filter_h, shape->filter_w, shape->dil_h, shape->dil_w);
}

void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_cm1_dsp(shape, args, 3, 3, 1, 1);
}

#endif /* KILN_BUILD_DSP */
