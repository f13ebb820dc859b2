/*
 * Kiln — int8 depthwise convolution kernels, portable C. The DSP backend has its own versions:
 * "3x3" and "opt" in kiln_dw_s8_dsp.c, "ic1" and "generic" in kiln_dw_s8_dsp_generic.c.
 *
 * Every kernel reads the NHWC input in place (no scratch). For each output position the filter
 * taps whose input coordinate falls inside the input are found once (padding taps are skipped,
 * which is TFLite's "padding contributes zero"), then each output channel accumulates
 * sum (in + input_offset) * w over them, adds the bias and is requantized.
 */
#include "Include/Internal/kiln_dw_s8.h"

#if KILN_BUILD_C

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
    const int32_t off = a->input_offset;
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
                for (int32_t ic = 0; ic < in_c; ic++)
                {
                    for (int32_t m = 0; m < ch_mult; m++)
                    {
                        const int32_t oc = ic * ch_mult + m;
                        int32_t sum = 0;
                        for (int32_t ky = ky0; ky < ky1; ky++)
                        {
                            const int32_t iy = base_y + ky * s->dil_h;
                            const int8_t *row = in_b + iy * s->in_w * in_c + ic;
                            const int8_t *wrow = a->filter + ky * fw * out_c + oc;
                            for (int32_t kx = kx0; kx < kx1; kx++)
                            {
                                const int32_t ix = base_x + kx * s->dil_w;
                                sum += (row[ix * in_c] + off) * wrow[kx * out_c];
                            }
                        }
                        const int32_t bias = a->bias != NULL ? a->bias[oc] : 0;
                        const int32_t acc = (int32_t)((uint32_t)sum + (uint32_t)bias);
                        out[oc] = kiln_dw_s8_finish(acc, a->mult[oc], a->shift[oc], a->output_offset, a->act_min,
                                                    a->act_max);
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
