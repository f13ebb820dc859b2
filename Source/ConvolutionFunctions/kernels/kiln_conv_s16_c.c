/*
 * Kiln — the "conv_s16_c" route of the int16x8 convolution (portable C, every backend): for each
 * output pixel and output channel, the int64 sum of the taps that fall inside the input (padding
 * taps contribute 0), requantized by kiln_conv_s16_out (int64 bias) or kiln_conv_s16_out32 (int32
 * bias: int32 accumulator). The input is read in place; no scratch.
 *
 * Bounds (Internal/kiln_conv_s16.h): |in * w| <= 2^22, so a pixel's sum of at most rhs_cols < 2^31
 * products stays within 2^53; each filter row's run of channels is one dot product of the backend's
 * kernel (Internal/kiln_dot.h: SMLALD on DSP, VMLALDAVA on Helium), exact in int64.
 * Coordinates are formed in int64, the valid taps of each axis worked out once per output pixel; every
 * index that reaches memory is inside a tensor whose element count the plan checked to be within int32.
 */
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/Internal/kiln_dot.h"

/* sums[j] += the dot product of x with weight row w + j * stride, j < n (1 or 2), over len elements. */
static inline void kiln_conv_s16_dots(const int16_t *x, const int8_t *w, int32_t stride, int32_t len, int32_t n,
                                      int64_t sums[2])
{
    if (n == 2)
    {
        int64_t d[2];
        kiln_dot2_s16_s8(x, w, stride, len, d);
        sums[0] += d[0];
        sums[1] += d[1];
    }
    else
    {
        sums[0] += kiln_dot_s16_s8(x, w, len);
    }
}

/* The requantized output of channel o. */
static inline int16_t kiln_conv_s16_result(const kiln_conv_s16_run_args *a, int32_t o, int64_t sum)
{
    if (a->acc32)
    {
        return kiln_conv_s16_out32(sum, a->bias32 != NULL ? a->bias32[o] : 0, a->mult[o], a->shift[o], a->out_offset,
                                   a->act_min, a->act_max);
    }
    return kiln_conv_s16_out(sum, a->bias64 != NULL ? a->bias64[o] : 0, REDUCE_MULTIPLIER(a->mult[o]), a->shift[o],
                             a->out_offset, a->act_min, a->act_max);
}

void kiln_conv_s16_run_c(const kiln_conv_s16_run_args *a)
{
    const kiln_conv_s16_shape *s = a->shape;
    const int32_t in_h = s->in_h, in_w = s->in_w, in_c = s->in_c;
    const int32_t fh = s->filter_h, fw = s->filter_w, fc = s->filter_c;
    const int32_t out_h = s->out_h, out_w = s->out_w, out_c = s->out_c;
    const int32_t dh = s->dilation_h, dw = s->dilation_w;
    const int32_t k = a->plan->rhs_cols;
    const int32_t oc_per_group = out_c / a->plan->groups;
    /* Without groups and width dilation, a filter row's taps inside the input are contiguous in the input row
     * and in the filter: one dot product per filter row (a "run"); otherwise one per tap. */
    const bool runs = dw == 1 && fc == in_c;
    const int32_t row = in_w * in_c; /* input elements per image row */
    /* On Helium and DSP, four output channels at a time are requantized together (kiln_requant_s32_out4) when their
     * sums and biases lie in [-2^30, 2^30) and every shift is <= -2 (TFLite's usual layers; the shifts checked here),
     * their sums ... */
    const bool quad = (KILN_BUILD_MVE || KILN_BUILD_DSP) && runs && !a->acc32 && oc_per_group % 4 == 0 &&
                      kiln_shifts_s32_ok(a->shift, out_c);
    /* ... and from one kernel call in int32 when a window has at most KILN_DOT4_CHUNK products and every bias lies
     * below 2^25 in magnitude (then sum + bias is an int32, within reach of kiln_requant_s32_out4) */
    const bool quad32 = quad && k <= KILN_DOT4_CHUNK && kiln_bias_s64_small(a->bias64, out_c);

    int16_t *dst = a->output;
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int16_t *in_batch = a->input + (int64_t)b * in_h * in_w * in_c;
        for (int32_t oy = 0; oy < out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h; /* within int32: kiln_conv_geom_ok */
            int32_t ky0, ky1;
            kiln_tap_range(base_y, in_h, fh, dh, &ky0, &ky1);
            for (int32_t ox = 0; ox < out_w; ox++)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                int32_t kx0, kx1;
                kiln_tap_range(base_x, in_w, fw, dw, &kx0, &kx1);
                /* the first valid tap's input pixel and its offset in a filter (int32: inside the tensors) */
                const int16_t *x0 =
                    ky1 > ky0 && kx1 > kx0
                        ? in_batch + (base_y + ky0 * dh) * row + (base_x + kx0 * dw) * in_c
                        : in_batch;
                const int32_t w0 = (ky0 * fw + kx0) * fc;
                const int32_t run_len = (kx1 - kx0) * fc;
                if (quad && kx1 > kx0)
                {
                    for (int32_t oc = 0; oc < out_c; oc += 4)
                    {
                        /* four channels of one group (oc_per_group % 4 == 0): two two-row calls, one requantization */
                        const int16_t *xg = x0 + (oc / oc_per_group) * fc;
                        const int8_t *wg = a->filter + (int64_t)oc * k + w0;
                        if (quad32)
                        {
                            int32_t acc[4];
                            kiln_dot4_s16_s8_runs32(xg, dh * row, wg, fw * fc, k, run_len, ky1 - ky0, acc);
                            kiln_requant_s32_out4_bias(acc, a->bias64 != NULL ? a->bias64 + oc : NULL, a->mult + oc,
                                                       a->shift + oc, a->out_offset, a->act_min, a->act_max, dst + oc);
                            continue;
                        }
                        int64_t sums[4];
                        kiln_dot2_s16_s8_runs(xg, dh * row, wg, fw * fc, k, run_len, ky1 - ky0, sums);
                        kiln_dot2_s16_s8_runs(xg, dh * row, wg + 2 * (int64_t)k, fw * fc, k, run_len, ky1 - ky0,
                                              sums + 2);
                        if (kiln_requant_s64_out4(sums, a->bias64 != NULL ? a->bias64 + oc : NULL, a->mult + oc,
                                                  a->shift + oc, a->out_offset, a->act_min, a->act_max, dst + oc))
                        {
                            continue;
                        }
                        for (int32_t j = 0; j < 4; j++)
                        {
                            dst[oc + j] = kiln_conv_s16_result(a, oc + j, sums[j]);
                        }
                    }
                }
                else
                {
                    for (int32_t oc = 0, noc = 1; oc < out_c; oc += noc)
                    {
                        /* two output channels at a time when they share their group (the input loads shared) */
                        noc = oc + 1 < out_c && (oc + 1) / oc_per_group == oc / oc_per_group ? 2 : 1;
                        const int16_t *xg = x0 + (oc / oc_per_group) * fc; /* the group's first input channel */
                        const int8_t *wg = a->filter + (int64_t)oc * k + w0;
                        int64_t sums[2] = {0, 0};
                        if (kx1 > kx0 && runs && noc == 2)
                        {
                            /* the filter rows' runs in one call */
                            kiln_dot2_s16_s8_runs(xg, dh * row, wg, fw * fc, k, run_len, ky1 - ky0, sums);
                        }
                        else if (kx1 > kx0)
                        {
                            for (int32_t ky = ky0; ky < ky1; ky++)
                            {
                                const int16_t *xr = xg + (ky - ky0) * dh * row;
                                const int8_t *wr = wg + (ky - ky0) * fw * fc;
                                if (runs)
                                {
                                    kiln_conv_s16_dots(xr, wr, k, run_len, noc, sums);
                                    continue;
                                }
                                for (int32_t kx = kx0; kx < kx1; kx++)
                                {
                                    kiln_conv_s16_dots(xr + (kx - kx0) * dw * in_c, wr + (kx - kx0) * fc, k, fc, noc,
                                                       sums);
                                }
                            }
                        }
                        dst[oc] = kiln_conv_s16_result(a, oc, sums[0]);
                        if (noc == 2)
                        {
                            dst[oc + 1] = kiln_conv_s16_result(a, oc + 1, sums[1]);
                        }
                    }
                }
                dst += out_c;
            }
        }
    }
}
