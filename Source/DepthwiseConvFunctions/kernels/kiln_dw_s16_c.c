/*
 * Kiln — the "dw_s16_c" kernel of the int16x8 depthwise convolution, built on every backend. Walks the
 * NHWC input in place (no scratch); the window of each output position is cut to the taps inside the
 * input once. With a channel multiplier of 1 and at most KILN_DW_ACC_MAX_TAPS taps, the window's sums of
 * a run of channels come from the backend's kernel (kiln_dw_acc_s16_s8, Internal/kiln_dot.h: exact in
 * int32); otherwise every channel accumulates in int64 here. Where the call's taps, biases and shifts allow
 * (kiln_dw_s16_rq32_ok: TFLite's usual layers) the channels run in runs of KILN_DW_S16_CHUNK, each with its
 * requantization table made once (kiln_dw_s16_rq) and every output of the run requantized by
 * kiln_dw_s16_requant_run (one rounded high-word multiply; here for portable C, the Helium and DSP ones in
 * kernels/kiln_dw_s16_mve.c and kernels/kiln_dw_s16_dsp.c); elsewhere each sum is requantized by
 * kiln_requant_s64_out, with the same results. Stack: the table (512 bytes) and the sums of 16 channels; with the
 * entry, 1.1 - 1.2 KB (kiln_test_dot measures it). See
 * Include/Internal/kiln_dw_s16.h for the arithmetic and the bounds.
 */
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_dw_s16.h"

/* Output channel oc from its window sum: the int64 requantization with its bias, offset and clamp. */
static inline int16_t kiln_dw_s16_result(const kiln_dw_s16_args *a, int32_t oc, int64_t sum)
{
    const int64_t bias = a->bias != NULL ? a->bias[oc] : 0;
    return kiln_requant_s64_out(sum, bias, REDUCE_MULTIPLIER(a->mult[oc]), a->shift[oc], a->output_offset, a->act_min,
                                a->act_max);
}

/* Whether the call takes the one-product requantization of kiln_dw_s16_requant_run: channel multiplier 1, at most
 * KILN_DW_S16_RQ32_MAX_TAPS taps (every window sum within 2^30), |bias| <= 2^30 (their sum an int32) and every
 * shift in [-17, -2] (t = 15 - shift in [17, 32], Internal/kiln_requant_s64.h's kiln_requant_m_hi). */
#define KILN_DW_S16_RQ32_MAX_TAPS 255
static bool kiln_dw_s16_rq32_ok(const kiln_dw_s8_shape *s, const kiln_dw_s16_args *a)
{
    if (s->ch_mult != 1 || (int64_t)s->filter_h * s->filter_w > KILN_DW_S16_RQ32_MAX_TAPS)
    {
        return false;
    }
    for (int32_t c = 0; c < s->out_c; c++)
    {
        const int64_t b = a->bias != NULL ? a->bias[c] : 0;
        if (a->shift[c] > -2 || a->shift[c] < -17 || b > ((int64_t)1 << 30) || b < -((int64_t)1 << 30))
        {
            return false;
        }
    }
    return true;
}

#if KILN_BUILD_C /* Helium: kiln_dw_s16_mve.c; DSP: kiln_dw_s16_dsp.c */
void kiln_dw_s16_window_out(const kiln_dw_s16_wo *p, const int16_t *x, const int8_t *w, int32_t n, int32_t nky,
                            int32_t nkx, int32_t npix, int32_t x_step, int16_t *out, int32_t out_step)
{
    kiln_dw_s16_window_out_calls(p, x, w, 0, n, nky, nkx, npix, x_step, out, out_step);
}
#endif

#if KILN_BUILD_C /* Helium: kiln_dw_s16_mve.c; DSP: kiln_dw_s16_dsp.c */
void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_rq *rq, int32_t c0, int32_t out_offset,
                             int32_t lo, int32_t hi, int16_t *out)
{
    for (int32_t j = 0; j < n; j++)
    {
        /* |sum| < 2^30 and |bias| <= 2^30: their sum is an int32; |R| < 2^29 */
        int32_t v = kiln_mulhr_s32(sums[j] + rq->b[c0 + j], rq->m[c0 + j]) + out_offset;
        v = v < lo ? lo : v;
        out[j] = (int16_t)(v > hi ? hi : v);
    }
}
#endif

static void kiln_dw_s16_pixel_s64(const kiln_dw_s8_shape *s, const kiln_dw_s16_args *a, const int16_t *in_b,
                                  int32_t c0, int32_t nc, int32_t base_y, int32_t ky0, int32_t ky1, int32_t base_x,
                                  int32_t kx0, int32_t kx1, int16_t *out);

/* One output position's channels c0 .. c0 + nc - 1 (with a channel multiplier above 1: c0 = 0 and every output
 * channel), their window cut to the taps [ky0, ky1) x [kx0, kx1) inside the input; base_y / base_x: the window's
 * first input row and column (possibly in the padding), in_b: the batch's input, out: the position's output at c0.
 * wo non-NULL: the one-product requantization from its table (the calls kiln_dw_s16_rq32_ok accepts), for npix
 * positions along the row with the same taps (npix 1 otherwise). */
static inline void kiln_dw_s16_pixel(const kiln_dw_s8_shape *s, const kiln_dw_s16_args *a, const kiln_dw_s16_wo *wo,
                                     const int16_t *in_b, int32_t c0, int32_t nc, int32_t base_y, int32_t ky0,
                                     int32_t ky1, int32_t base_x, int32_t kx0, int32_t kx1, int32_t npix, int16_t *out)
{
    const int32_t in_c = s->in_c, out_c = s->out_c;
    const int32_t nky = ky1 - ky0, nkx = kx1 - kx0;
    const int32_t iy0 = base_y + ky0 * s->dil_h, ix0 = base_x + kx0 * s->dil_w;
    if (wo != NULL)
    {
        if (nky > 0 && nkx > 0)
        {
            kiln_dw_s16_window_out(wo, in_b + (iy0 * s->in_w + ix0) * in_c + c0,
                                   a->filter + (ky0 * s->filter_w + kx0) * out_c + c0, nc, nky, nkx, npix,
                                   s->stride_w * in_c, out, out_c);
        }
        else
        {
            /* windows wholly in the padding sum to 0 */
            static const int32_t zeros[KILN_DW_S16_CHUNK] = {0};
            for (int32_t i = 0; i < npix; i++)
            {
                kiln_dw_s16_requant_run(zeros, nc, wo->rq, 0, a->output_offset, a->act_min, a->act_max,
                                        out + i * out_c);
            }
        }
        return;
    }
    kiln_dw_s16_pixel_s64(s, a, in_b, c0, nc, base_y, ky0, ky1, base_x, kx0, kx1, out);
}

/* kiln_dw_s16_pixel's other calls: every output requantized in int64 (a function of its own: its sums stay off the
 * stack of the usual calls). */
static __attribute__((noinline)) void kiln_dw_s16_pixel_s64(const kiln_dw_s8_shape *s, const kiln_dw_s16_args *a,
                                                            const int16_t *in_b, int32_t c0, int32_t nc,
                                                            int32_t base_y, int32_t ky0, int32_t ky1, int32_t base_x,
                                                            int32_t kx0, int32_t kx1, int16_t *out)
{
    const int32_t in_c = s->in_c, out_c = s->out_c, cm = s->ch_mult;
    const int32_t nky = ky1 - ky0, nkx = kx1 - kx0;
    const int32_t iy0 = base_y + ky0 * s->dil_h, ix0 = base_x + kx0 * s->dil_w;
    if (cm == 1 && nky > 0 && nkx > 0 && nky * nkx <= KILN_DW_ACC_MAX_TAPS)
    {
        /* channel multiplier 1: the window's sums in int32 (exact: at most KILN_DW_ACC_MAX_TAPS products of at most
         * 2^22) by the backend's kernel, each requantized in int64 */
        int32_t sums[KILN_DW_S16_CHUNK];
        kiln_dw_acc_s16_s8(in_b + (iy0 * s->in_w + ix0) * in_c + c0, a->filter + (ky0 * s->filter_w + kx0) * out_c + c0,
                           nc, nky, nkx, s->dil_w * in_c, s->dil_h * s->in_w * in_c, out_c, s->filter_w * out_c, sums);
        for (int32_t j = 0; j < nc; j++)
        {
            out[j] = kiln_dw_s16_result(a, c0 + j, sums[j]);
        }
        return;
    }
    for (int32_t oc = c0; oc < c0 + nc; oc++)
    {
        const int32_t ic = oc / cm;
        int64_t sum = 0;
        for (int32_t ky = ky0; ky < ky1; ky++)
        {
            const int32_t iy = base_y + ky * s->dil_h;
            const int16_t *in_row = in_b + iy * s->in_w * in_c + ic;
            const int8_t *f_row = a->filter + ky * s->filter_w * out_c + oc;
            for (int32_t kx = kx0; kx < kx1; kx++)
            {
                const int32_t ix = base_x + kx * s->dil_w;
                /* |term| <= 2^22, at most 2^14 taps: |sum| <= 2^36 */
                sum += (int32_t)in_row[ix * in_c] * (int32_t)f_row[kx * out_c];
            }
        }
        out[oc - c0] = kiln_dw_s16_result(a, oc, sum);
    }
}

void kiln_dw_s16_kernel_c(const kiln_dw_s8_shape *s, const kiln_dw_s16_args *a)
{
    /* Every index below is at most an element count of a validated tensor (< 2^31), and every
     * coordinate within int32 (kiln_dw_s8_shape_from). Channel multiplier 1: runs of KILN_DW_S16_CHUNK channels
     * (with the one-product requantization, the run's table made once); otherwise every channel in one pass. */
    const int32_t in_c = s->in_c, out_c = s->out_c;
    const bool rq32 = kiln_dw_s16_rq32_ok(s, a);
    const int32_t run = s->ch_mult == 1 ? KILN_DW_S16_CHUNK : out_c;
    kiln_dw_s16_rq rq;
    const kiln_dw_s16_wo wo = {&rq, s->dil_w * in_c, s->dil_h * s->in_w * in_c, out_c, s->filter_w * out_c,
                               a->output_offset, a->act_min, a->act_max};
    for (int32_t c0 = 0; c0 < out_c; c0 += run)
    {
        const int32_t nc = out_c - c0 < run ? out_c - c0 : run;
        if (rq32)
        {
            for (int32_t j = 0; j < nc; j++)
            {
                rq.m[j] = kiln_requant_m_hi(REDUCE_MULTIPLIER(a->mult[c0 + j]), a->shift[c0 + j]);
                rq.b[j] = a->bias != NULL ? (int32_t)a->bias[c0 + j] : 0;
            }
        }
        int16_t *out = a->output + c0;
        for (int32_t b = 0; b < s->batches; b++)
        {
            const int16_t *in_b = a->input + (int32_t)(b * s->in_h) * s->in_w * in_c;
            for (int32_t oy = 0; oy < s->out_h; oy++)
            {
                const int32_t base_y = oy * s->stride_h - s->pad_h;
                int32_t ky0, ky1;
                kiln_tap_range(base_y, s->in_h, s->filter_h, s->dil_h, &ky0, &ky1);
                for (int32_t ox = 0, npix = 1; ox < s->out_w; ox += npix, out += npix * out_c)
                {
                    const int32_t base_x = ox * s->stride_w - s->pad_w;
                    int32_t kx0, kx1;
                    kiln_tap_range(base_x, s->in_w, s->filter_w, s->dil_w, &kx0, &kx1);
                    npix = 1;
                    if (rq32 && kx0 == 0 && kx1 == s->filter_w)
                    {
                        /* the following positions whose windows lie wholly inside the row too: one call */
                        const int32_t span = (s->filter_w - 1) * s->dil_w;
                        while (ox + npix < s->out_w && base_x + npix * s->stride_w + span < s->in_w)
                        {
                            npix++;
                        }
                    }
                    kiln_dw_s16_pixel(s, a, rq32 ? &wo : NULL, in_b, c0, nc, base_y, ky0, ky1, base_x, kx0, kx1, npix,
                                      out);
                }
            }
        }
    }
}
