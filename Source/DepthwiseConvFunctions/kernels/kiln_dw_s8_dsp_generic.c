/*
 * Kiln — int8 depthwise convolution, "generic" (ch_mult > 1, any filter, stride, padding,
 * dilation, batches) and "ic1" (one input channel) kernels, DSP extension.
 *
 * Output channels are taken four at a time (oc .. oc+3, contiguous in the filter): one word load
 * of the filter per tap, SXTB16 splits it into lanes 0/2 and (rotated by 8) 1/3, and SMLAxy
 * accumulate each channel's product into its own int32. The input values the four channels read
 * depend on the channel multiplier M (lane j reads input channel (oc + j) / M):
 *   M == 2             lanes read channels ic, ic, ic+1, ic+1: one halfword load, SXTAB16 adds
 *                      the input offset to both bytes, the bottom half feeds lanes 0/1, the top 2/3;
 *   M % 4 == 0, ic1    all four lanes read one channel: one byte load plus the offset, fed to the
 *                      bottom/top multiplies of both filter halves;
 *   other M            the four bytes are gathered into the SXTAB16 layout.
 * Channel blocks are outermost, each with its bias and requantization constants in a small stack
 * table; two output columns whose windows are whole along x share the filter words. Requantization
 * uses SMMLAR when the block's shifts and biases allow it (see kiln_dwg_rq_fast), else
 * arm_nn_requantize; SSUB8/SEL apply the activation range to the packed word. The last out_c % 4
 * channels use the scalar arithmetic of the portable kernel. Padding taps are skipped (TFLite's
 * "padding contributes zero"); every sum wraps modulo 2^32 like the reference's int32 arithmetic.
 */
#include "Include/Internal/kiln_dw_s8.h"
#include "Include/Internal/kiln_dsp.h"

#if KILN_BUILD_DSP

enum
{
    KILN_DWG_GATHER = 0, /* any M: lanes gathered byte by byte */
    KILN_DWG_M2 = 1,     /* M == 2 */
    KILN_DWG_BCAST = 2   /* all four lanes read one input channel */
};

static inline int32_t kiln_dwg_load4(const int8_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint32_t kiln_dwg_load2(const int8_t *p)
{
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}

/* One output channel oc of the output whose window starts at (base_y, base_x), taps
 * [ky0,ky1) x [kx0,kx1) (scalar; channel tails). */
static int8_t kiln_dwg_one(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a, const int8_t *in_b, int32_t base_y,
                           int32_t base_x, int32_t ky0, int32_t ky1, int32_t kx0, int32_t kx1, int32_t oc)
{
    const int32_t C = s->in_c;
    const int32_t OC = s->out_c;
    const int32_t ic = oc / s->ch_mult;
    int32_t sum = 0;
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const int8_t *row = in_b + (base_y + ky * s->dil_h) * s->in_w * C + ic;
        const int8_t *wrow = a->filter + ky * s->filter_w * OC + oc;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            sum += (row[(base_x + kx * s->dil_w) * C] + a->input_offset) * wrow[kx * OC];
        }
    }
    const int32_t acc = (int32_t)((uint32_t)sum + (uint32_t)(a->bias != NULL ? a->bias[oc] : 0));
    return kiln_dw_s8_finish(acc, a->mult[oc], a->shift[oc], a->output_offset, a->act_min, a->act_max);
}

/* Per-block constants of channels oc..oc+3, built once per block (the block loop is outermost). */
typedef struct
{
    int32_t bias[4];
    int32_t mult[4];
    int32_t shift[4];
    int32_t nudge[4]; /* fast: 2^(rs - 1) + output_offset * 2^rs */
    int32_t rs[4];    /* fast: -shift */
    uint32_t lo4;     /* act_min in every byte */
    uint32_t hi4;     /* act_max in every byte */
} kiln_dwg_block;

/* Fast requantization of one lane. Valid when |acc| < 2^30, shift in [-21, -1] and
 * |output_offset| <= 255 (checked by the caller). With y = floor((acc * m + 2^30) / 2^31) (the
 * doubling high multiply, SMMLAR of 2 * acc), TFLite's rounding divide by 2^rs (ties away from
 * zero) is (y + 2^(rs - 1) - [y < 0]) >> rs, and adding output_offset * 2^rs before the shift adds
 * output_offset after it. As m >= 0, acc < 0 gives y <= 0 and acc >= 0 gives y >= 0, and y == 0
 * yields 0 with or without the -1, so [acc < 0] serves for [y < 0]. |y| < 2^30 and
 * |nudge| < 2^29 keep the sum inside int32. The result is saturated to int8. */
static inline __attribute__((always_inline)) int32_t kiln_dwg_rq_fast(int32_t acc, int32_t m, int32_t nudge,
                                                                     int32_t rs)
{
    const int32_t y = kiln_smmlar(acc * 2, m, nudge);
    return __ssat((y + (acc >> 31)) >> rs, 8);
}

/* Per-byte clamp of four packed int8 lanes to [lo, hi] (lo4 / hi4: the limits in every byte):
 * SSUB8 sets each lane's GE flag from the signed byte difference, SEL picks per lane. */
static inline uint32_t kiln_dwg_clamp4(uint32_t v, uint32_t lo4, uint32_t hi4)
{
    uint32_t d;
    __asm__("ssub8 %[d], %[v], %[lo]\n\t"
            "sel %[v], %[v], %[lo]\n\t"
            "ssub8 %[d], %[hi], %[v]\n\t"
            "sel %[v], %[v], %[hi]"
            : [v] "+r"(v), [d] "=&r"(d)
            : [lo] "r"(lo4), [hi] "r"(hi4)
            : "cc");
    return v;
}

/* Insert the low byte of b into v at bit position pos. */
#define KILN_DWG_BFI(v, b, pos) __asm__("bfi %0, %1, #" #pos ", #8" : "+r"(v) : "r"(b))

/* Requantize four accumulators (bias included) of block g into out[0..3]. */
static inline __attribute__((always_inline)) void kiln_dwg_store4(int8_t *out, const kiln_dwg_block *g, int32_t fast,
                                                                  const kiln_dw_s8_args *a, int32_t c0, int32_t c1,
                                                                  int32_t c2, int32_t c3)
{
    int32_t q0, q1, q2, q3;
    if (fast)
    {
        q0 = kiln_dwg_rq_fast(c0, g->mult[0], g->nudge[0], g->rs[0]);
        q1 = kiln_dwg_rq_fast(c1, g->mult[1], g->nudge[1], g->rs[1]);
        q2 = kiln_dwg_rq_fast(c2, g->mult[2], g->nudge[2], g->rs[2]);
        q3 = kiln_dwg_rq_fast(c3, g->mult[3], g->nudge[3], g->rs[3]);
    }
    else
    {
        const int32_t oo = a->output_offset;
        q0 = kiln_dw_s8_finish(c0, g->mult[0], g->shift[0], oo, -128, 127);
        q1 = kiln_dw_s8_finish(c1, g->mult[1], g->shift[1], oo, -128, 127);
        q2 = kiln_dw_s8_finish(c2, g->mult[2], g->shift[2], oo, -128, 127);
        q3 = kiln_dw_s8_finish(c3, g->mult[3], g->shift[3], oo, -128, 127);
    }
    uint32_t w = (uint32_t)q0;
    KILN_DWG_BFI(w, q1, 8);
    KILN_DWG_BFI(w, q2, 16);
    KILN_DWG_BFI(w, q3, 24);
    w = kiln_dwg_clamp4(w, g->lo4, g->hi4);
    memcpy(out, &w, 4);
}

/* The input lanes of one tap in SXTAB16 layout, offset added: *xe feeds lanes 0 (bottom) and 2
 * (top), *xo lanes 1 and 3 (for KILN_DWG_M2 *xo == *xe; for KILN_DWG_BCAST both hold the one
 * value, as an int32, read through the bottom half). d1..d3: input channel of lane j minus that
 * of lane 0. */
static inline __attribute__((always_inline)) void kiln_dwg_lanes(const int8_t *p, const int32_t kind, int32_t off,
                                                                 int32_t off16, int32_t d1, int32_t d2, int32_t d3,
                                                                 int32_t *xe, int32_t *xo)
{
    if (kind == KILN_DWG_M2)
    {
        const uint32_t h = kiln_dwg_load2(p);
        *xe = (int32_t)__sxtab16(off16, h | (h << 8));
        *xo = *xe;
    }
    else if (kind == KILN_DWG_BCAST)
    {
        *xe = p[0] + off;
        *xo = *xe;
    }
    else
    {
        const uint32_t e = (uint32_t)(uint8_t)p[0] | ((uint32_t)(uint8_t)p[d2] << 16);
        const uint32_t o = (uint32_t)(uint8_t)p[d1] | ((uint32_t)(uint8_t)p[d3] << 16);
        *xe = (int32_t)__sxtab16(off16, e);
        *xo = (int32_t)__sxtab16(off16, o);
    }
}

/* acc_j += x_j * w_j for the four lanes (layout of kiln_dwg_lanes; we / wo: filter lanes 0/2 and
 * 1/3). */
#define KILN_DWG_MAC(kind, xe, xo, we, wo, c0, c1, c2, c3)                                                            \
    do                                                                                                                \
    {                                                                                                                 \
        if ((kind) == KILN_DWG_BCAST)                                                                                 \
        {                                                                                                             \
            c0 = __smlabb((xe), (we), c0);                                                                            \
            c1 = __smlabb((xe), (wo), c1);                                                                            \
            c2 = __smlabt((xe), (we), c2);                                                                            \
            c3 = __smlabt((xe), (wo), c3);                                                                            \
        }                                                                                                             \
        else                                                                                                          \
        {                                                                                                             \
            c0 = __smlabb((xe), (we), c0);                                                                            \
            c1 = __smlabb((xo), (wo), c1);                                                                            \
            c2 = __smlatt((xe), (we), c2);                                                                            \
            c3 = __smlatt((xo), (wo), c3);                                                                            \
        }                                                                                                             \
    } while (0)

/* Every output of the block of channels oc..oc+3 (lane 0 reads input channel ic, lane j input
 * channel ic + dj). */
static inline __attribute__((always_inline)) void kiln_dwg_block_run(const kiln_dw_s8_shape *s,
                                                                     const kiln_dw_s8_args *a, const int32_t kind,
                                                                     const kiln_dwg_block *g, int32_t fast,
                                                                     int32_t oc, int32_t ic, int32_t d1, int32_t d2,
                                                                     int32_t d3)
{
    const int32_t C = s->in_c;
    const int32_t OC = s->out_c;
    const int32_t fh = s->filter_h;
    const int32_t fw = s->filter_w;
    const int32_t in_row = s->in_w * C;
    const int32_t tap_x = s->dil_w * C;
    const int32_t tap_y = s->dil_h * in_row;
    const int32_t w_row = fw * OC;
    const int32_t col_step = s->stride_w * C;
    const int32_t off = a->input_offset;
    const int32_t off16 = (int32_t)(((uint32_t)off & 0xFFFFu) | ((uint32_t)off << 16));
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * in_row + ic;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int32_t ky0, ky1;
            kiln_tap_range(base_y, s->in_h, fh, s->dil_h, &ky0, &ky1);
            const int32_t nky = ky1 - ky0;
            int8_t *out_row = a->output + (b * s->out_h + oy) * s->out_w * OC + oc;
            int32_t ox = 0;
            while (ox < s->out_w)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                int32_t kx0, kx1;
                kiln_tap_range(base_x, s->in_w, fw, s->dil_w, &kx0, &kx1);
                /* Two columns share the filter words when both windows are whole along x. */
                int32_t pair = 0;
                if (ox + 1 < s->out_w && kx0 == 0 && kx1 == fw)
                {
                    const int32_t nb = base_x + s->stride_w;
                    pair = nb + (fw - 1) * s->dil_w < s->in_w ? 1 : 0;
                }
                const int32_t nkx = kx1 - kx0;
                int32_t c0 = g->bias[0], c1 = g->bias[1], c2 = g->bias[2], c3 = g->bias[3];
                int32_t e0 = c0, e1 = c1, e2 = c2, e3 = c3;
                if (nky > 0 && nkx > 0)
                {
                    /* Addresses are formed only for taps inside the input. */
                    const int8_t *ip = in_b + (base_y + ky0 * s->dil_h) * in_row + (base_x + kx0 * s->dil_w) * C;
                    const int8_t *wp = a->filter + (ky0 * fw + kx0) * OC + oc;
                    for (int32_t ky = 0; ky < nky; ky++)
                    {
                        const int8_t *p = ip;
                        const int8_t *w = wp;
                        const int8_t *w_end = wp + nkx * OC;
                        if (pair)
                        {
                            do
                            {
                                const uint32_t w4 = (uint32_t)kiln_dwg_load4(w);
                                const int32_t we = (int32_t)__sxtb16(w4);
                                const int32_t wo = kiln_sxtb16_ror8(w4);
                                int32_t xe, xo, ye, yo;
                                kiln_dwg_lanes(p, kind, off, off16, d1, d2, d3, &xe, &xo);
                                kiln_dwg_lanes(p + col_step, kind, off, off16, d1, d2, d3, &ye, &yo);
                                KILN_DWG_MAC(kind, xe, xo, we, wo, c0, c1, c2, c3);
                                KILN_DWG_MAC(kind, ye, yo, we, wo, e0, e1, e2, e3);
                                p += tap_x;
                                w += OC;
                            } while (w != w_end);
                        }
                        else
                        {
                            do
                            {
                                const uint32_t w4 = (uint32_t)kiln_dwg_load4(w);
                                const int32_t we = (int32_t)__sxtb16(w4);
                                const int32_t wo = kiln_sxtb16_ror8(w4);
                                int32_t xe, xo;
                                kiln_dwg_lanes(p, kind, off, off16, d1, d2, d3, &xe, &xo);
                                KILN_DWG_MAC(kind, xe, xo, we, wo, c0, c1, c2, c3);
                                p += tap_x;
                                w += OC;
                            } while (w != w_end);
                        }
                        ip += tap_y;
                        wp += w_row;
                    }
                }
                int8_t *out = out_row + ox * OC;
                kiln_dwg_store4(out, g, fast, a, c0, c1, c2, c3);
                if (pair)
                {
                    kiln_dwg_store4(out + OC, g, fast, a, e0, e1, e2, e3);
                }
                ox += 1 + pair;
            }
        }
    }
}

static inline __attribute__((always_inline)) void kiln_dwg_body(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a,
                                                                const int32_t kind)
{
    const int32_t OC = s->out_c;
    const int32_t OC4 = OC & ~3;
    const int32_t M = s->ch_mult;
    /* |acc| < 2^30 for the fast requantization: every product is at most 383 * 128 = 49024 in
     * magnitude and |bias| < 2^29. */
    const int64_t taps = (int64_t)s->filter_h * s->filter_w;
    const int32_t taps_ok = taps * 49024 < ((int64_t)1 << 29) ? 1 : 0;
    int32_t ic = 0, m = 0;
    for (int32_t oc = 0; oc < OC4; oc += 4)
    {
        int32_t d1 = 0, d2 = 0, d3 = 0;
        if (kind == KILN_DWG_GATHER)
        {
            d1 = m + 1 >= M ? 1 : 0;
            d2 = (m + 2 >= M ? 1 : 0) + (m + 2 >= 2 * M ? 1 : 0);
            d3 = (m + 3 >= M ? 1 : 0) + (m + 3 >= 2 * M ? 1 : 0) + (m + 3 >= 3 * M ? 1 : 0);
        }
        kiln_dwg_block g;
        g.lo4 = (uint32_t)(uint8_t)a->act_min * 0x01010101u;
        g.hi4 = (uint32_t)(uint8_t)a->act_max * 0x01010101u;
        int32_t fast = taps_ok;
        for (int32_t j = 0; j < 4; j++)
        {
            const int32_t bias = a->bias != NULL ? a->bias[oc + j] : 0;
            const int32_t sh = a->shift[oc + j];
            g.bias[j] = bias;
            g.mult[j] = a->mult[oc + j];
            g.shift[j] = sh;
            g.rs[j] = -sh;
            g.nudge[j] = 0;
            if (sh <= -1 && sh >= -21 && bias < (1 << 29) && bias > -(1 << 29))
            {
                g.nudge[j] = (int32_t)(1u << (-sh - 1)) + a->output_offset * (1 << -sh);
            }
            else
            {
                fast = 0;
            }
        }
        if (fast)
        {
            kiln_dwg_block_run(s, a, kind, &g, 1, oc, ic, d1, d2, d3);
        }
        else
        {
            kiln_dwg_block_run(s, a, kind, &g, 0, oc, ic, d1, d2, d3);
        }
        /* Next block: lane 0 moves on by four output channels. */
        m += 4;
        while (m >= M)
        {
            m -= M;
            ic++;
        }
    }
    if (OC4 < OC)
    {
        for (int32_t b = 0; b < s->batches; b++)
        {
            const int8_t *in_b = a->input + b * s->in_h * s->in_w * s->in_c;
            for (int32_t oy = 0; oy < s->out_h; oy++)
            {
                const int32_t base_y = oy * s->stride_h - s->pad_h;
                int32_t ky0, ky1;
                kiln_tap_range(base_y, s->in_h, s->filter_h, s->dil_h, &ky0, &ky1);
                for (int32_t ox = 0; ox < s->out_w; ox++)
                {
                    const int32_t base_x = ox * s->stride_w - s->pad_w;
                    int32_t kx0, kx1;
                    kiln_tap_range(base_x, s->in_w, s->filter_w, s->dil_w, &kx0, &kx1);
                    int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w + ox) * OC;
                    for (int32_t oc = OC4; oc < OC; oc++)
                    {
                        out[oc] = kiln_dwg_one(s, a, in_b, base_y, base_x, ky0, ky1, kx0, kx1, oc);
                    }
                }
            }
        }
    }
}

void kiln_dw_s8_kernel_generic(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    if (shape->ch_mult == 2)
    {
        kiln_dwg_body(shape, args, KILN_DWG_M2);
    }
    else if ((shape->ch_mult & 3) == 0 || shape->in_c == 1)
    {
        kiln_dwg_body(shape, args, KILN_DWG_BCAST);
    }
    else
    {
        kiln_dwg_body(shape, args, KILN_DWG_GATHER);
    }
}

void kiln_dw_s8_kernel_ic1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    /* One input channel: every output channel reads the same input value. */
    kiln_dwg_body(shape, args, KILN_DWG_BCAST);
}

#endif /* KILN_BUILD_DSP */
