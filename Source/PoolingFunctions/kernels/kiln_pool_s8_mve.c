/*
 * Kiln — int8 average and max pooling, Helium (MVE). One output pixel at a time, 16 channels per
 * step held in registers (no scratch), tail-predicated:
 *   average: two VLDRB.S16 widening loads and two VADD.I16 per tap (exact up to 256 taps); the
 *            rounded division is a multiply-high by ceil(2^31 / count) on the 32-bit widened
 *            sums. Windows over 256 taps flush the int16 sums into int32 every 256 taps.
 *   max:     one VLDRB.8 and one VMAX.S8 per tap.
 */
#include "Include/Internal/kiln_pool_s8.h"

#if KILN_BUILD_MVE

/* Walk the clipped window: BODY runs once per tap with p at the tap's channel c0. */
#define KILN_POOL_TAPS(BODY)                                                                                     \
    do                                                                                                           \
    {                                                                                                            \
        const int8_t *row_ = win + c0;                                                                           \
        for (int32_t y_ = 0; y_ < rows; y_++)                                                                    \
        {                                                                                                        \
            const int8_t *p = row_;                                                                              \
            for (int32_t x_ = 0; x_ < cols; x_++)                                                                \
            {                                                                                                    \
                BODY;                                                                                            \
                p += ch;                                                                                         \
            }                                                                                                    \
            row_ += row_stride;                                                                                  \
        }                                                                                                        \
    } while (0)

/* The window of one output pixel and how its average divides. */
typedef struct
{
    const int8_t *win;
    int32_t rows, cols, ch, row_stride;
    uint16_t half;      /* count / 2 */
    uint32_t m;         /* ceil(2^32 / count) when count is not a power of two */
    int16_t neg_log2;   /* -log2(count) when count is a power of two, else 1 */
    int16x8_t lo, hi;   /* activation limits */
    int8x16_t lo8, hi8;
} kiln_avg_pixel;

/*
 * Average, clamp and store the 8 int16 sums of 8 channels (predicate p for the tail):
 * TFLite's sign(sum) * floor((|sum| + count/2) / count). |-32768| saturates to 32767, which
 * gives the same 128 (only 256 taps of -128 reach it, and (32767 + 128) >> 8 = 128).
 *   count = 2^k:  (|sum| + 2^(k-1)) >> k is one rounding shift (VRSHL, unsigned).
 *   otherwise:    floor(n * ceil(2^32 / count) / 2^32) == floor(n / count) for n < 2^15 and
 *                 count <= 256 (error term n * (m * count - 2^32) < 2^32), one VMULH.U32 on the
 *                 even and odd lanes widened to 32 bits.
 */
/* TFLite's sign(sum) * floor((|sum| + count/2) / count) of 8 int16 sums, not yet clamped. */
static inline int16x8_t kiln_avg8(int16x8_t acc, const kiln_avg_pixel *px)
{
    const uint16x8_t mag = vreinterpretq_u16_s16(vqabsq_s16(acc));
    uint16x8_t q;
    if (px->neg_log2 <= 0)
    {
        q = vrshlq_u16(mag, vdupq_n_s16(px->neg_log2));
    }
    else
    {
        const uint16x8_t n = vaddq_n_u16(mag, px->half);
        const uint32x4_t qe = vmulhq_u32(vmovlbq_u16(n), vdupq_n_u32(px->m));
        const uint32x4_t qo = vmulhq_u32(vmovltq_u16(n), vdupq_n_u32(px->m));
        /* every lane of n is overwritten: the even ones by qe, the odd ones by qo */
        q = vmovntq_u32(vmovnbq_u32(n, qe), qo);
    }
    const int16x8_t r = vreinterpretq_s16_u16(q);
    return vnegq_m_s16(r, r, vcmpltq_n_s16(acc, 0));
}

/* 16 channels summed as even (bytes 0, 2, ..) and odd (bytes 1, 3, ..) int16 lanes: average,
 * interleave back into byte order, clamp, store. */
static inline void kiln_avg_store16(int8_t *dst, int16x8_t even, int16x8_t odd, const kiln_avg_pixel *px)
{
    int8x16_t r = vmovnbq_s16(vreinterpretq_s8_s16(even), kiln_avg8(even, px));
    r = vmovntq_s16(r, kiln_avg8(odd, px));
    vst1q_s8(dst, vminq_s8(vmaxq_s8(r, px->lo8), px->hi8));
}

static inline void kiln_avg_store8_p(int8_t *dst, int16x8_t acc, const kiln_avg_pixel *px, mve_pred16_t p)
{
    vstrbq_p_s16(dst, vminq_s16(vmaxq_s16(kiln_avg8(acc, px), px->lo), px->hi), p);
}

static void kiln_avg_acc16_pixel(const kiln_avg_pixel *px, int8_t *out)
{
    const int8_t *win = px->win;
    const int32_t rows = px->rows, cols = px->cols, ch = px->ch, row_stride = px->row_stride;
    int32_t c0 = 0;
    for (; c0 + 32 <= ch; c0 += 32)
    {
        /* even / odd byte lanes of channels c0 .. c0+15 (a) and c0+16 .. c0+31 (b) */
        int16x8_t ae = vdupq_n_s16(0), ao = ae, be = ae, bo = ae;
        KILN_POOL_TAPS({
            const int8x16_t va = vld1q_s8(p);
            const int8x16_t vb = vld1q_s8(p + 16);
            ae = vaddq_s16(ae, vmovlbq_s8(va));
            ao = vaddq_s16(ao, vmovltq_s8(va));
            be = vaddq_s16(be, vmovlbq_s8(vb));
            bo = vaddq_s16(bo, vmovltq_s8(vb));
        });
        kiln_avg_store16(out + c0, ae, ao, px);
        kiln_avg_store16(out + c0 + 16, be, bo, px);
    }
    if (c0 + 16 <= ch)
    {
        int16x8_t ae = vdupq_n_s16(0), ao = ae;
        KILN_POOL_TAPS({
            const int8x16_t va = vld1q_s8(p);
            ae = vaddq_s16(ae, vmovlbq_s8(va));
            ao = vaddq_s16(ao, vmovltq_s8(va));
        });
        kiln_avg_store16(out + c0, ae, ao, px);
        c0 += 16;
    }
    if (c0 + 8 <= ch)
    {
        int16x8_t a0 = vdupq_n_s16(0);
        KILN_POOL_TAPS({ a0 = vaddq_s16(a0, vldrbq_s16(p)); });
        vstrbq_s16(out + c0, vminq_s16(vmaxq_s16(kiln_avg8(a0, px), px->lo), px->hi));
        c0 += 8;
    }
    if (c0 < ch)
    {
        /* 1 to 7 channels, predicated */
        const mve_pred16_t p0 = vctp16q((uint32_t)(ch - c0));
        int16x8_t a0 = vdupq_n_s16(0);
        KILN_POOL_TAPS({ a0 = vaddq_s16(a0, vldrbq_z_s16(p, p0)); });
        kiln_avg_store8_p(out + c0, a0, px, p0);
    }
}

/* Windows over 256 taps: int16 sums flushed into int32 every 256 taps, exact scalar division. */
static void kiln_avg_acc32_pixel(const kiln_avg_pixel *px, const kiln_pool_s8_geom *g, int8_t *out)
{
    const int8_t *win = px->win;
    const int32_t rows = px->rows, cols = px->cols, ch = px->ch, row_stride = px->row_stride;
    const int32_t count = rows * cols;
    for (int32_t c0 = 0; c0 < ch; c0 += 8)
    {
        const mve_pred16_t p8 = vctp16q((uint32_t)(ch - c0));
        int16x8_t a = vdupq_n_s16(0);
        int32x4_t ev = vdupq_n_s32(0), od = vdupq_n_s32(0);
        int32_t pending = 0;
        KILN_POOL_TAPS({
            a = vaddq_s16(a, vldrbq_z_s16(p, p8));
            if (++pending == KILN_POOL_S8_ACC16_MAX_TAPS)
            {
                ev = vaddq_s32(ev, vmovlbq_s16(a));
                od = vaddq_s32(od, vmovltq_s16(a));
                a = vdupq_n_s16(0);
                pending = 0;
            }
        });
        ev = vaddq_s32(ev, vmovlbq_s16(a));
        od = vaddq_s32(od, vmovltq_s16(a));
        /* lane k of ev holds channel c0 + 2k, lane k of od channel c0 + 2k + 1 */
        int32_t s_ev[4], s_od[4];
        vst1q_s32(s_ev, ev);
        vst1q_s32(s_od, od);
        const int32_t n = MIN(8, ch - c0);
        for (int32_t k = 0; k < n; k++)
        {
            const int32_t sum = (k & 1) ? s_od[k >> 1] : s_ev[k >> 1];
            out[c0 + k] = kiln_pool_s8_average(sum, count, g->act_min, g->act_max);
        }
    }
}

void kiln_avgpool_s8_kernel(kiln_pool_s8_route route, const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    kiln_avg_pixel px;
    px.half = 0;
    px.m = 0;
    px.neg_log2 = 0;
    px.ch = ch;
    px.row_stride = row_stride;
    px.lo = vdupq_n_s16((int16_t)g->act_min);
    px.hi = vdupq_n_s16((int16_t)g->act_max);
    px.lo8 = vdupq_n_s8((int8_t)g->act_min);
    px.hi8 = vdupq_n_s8((int8_t)g->act_max);
    int32_t last_count = 0;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            px.rows = y1 - y0;
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                px.cols = x1 - x0;
                px.win = in_b + y0 * row_stride + x0 * ch;
                if (route == KILN_POOL_S8_ROUTE_AVG_ACC16)
                {
                    const int32_t count = px.rows * px.cols;
                    if (count != last_count)
                    {
                        last_count = count;
                        px.half = (uint16_t)(count / 2);
                        if ((count & (count - 1)) == 0)
                        {
                            px.neg_log2 = (int16_t)(__builtin_clz((uint32_t)count) - 31);
                            px.m = 0;
                        }
                        else
                        {
                            px.neg_log2 = 1;
                            px.m = (uint32_t)(0xFFFFFFFFu / (uint32_t)count) + 1u;
                        }
                    }
                    kiln_avg_acc16_pixel(&px, out);
                }
                else
                {
                    kiln_avg_acc32_pixel(&px, g, out);
                }
                out += ch;
            }
        }
    }
}

void kiln_maxpool_s8_kernel(const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    const int8x16_t lo = vdupq_n_s8((int8_t)g->act_min);
    const int8x16_t hi = vdupq_n_s8((int8_t)g->act_max);
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            const int32_t rows = MAX(y1 - y0, 0);
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int32_t cols = MAX(x1 - x0, 0);
                /* Empty windows (all padding) read nothing and give clamp(-128). */
                const int8_t *win = (rows > 0 && cols > 0) ? in_b + y0 * row_stride + x0 * ch : in_b;
                int32_t c0 = 0;
                for (; c0 + 64 <= ch; c0 += 64)
                {
                    int8x16_t m0 = vdupq_n_s8(INT8_MIN), m1 = m0, m2 = m0, m3 = m0;
                    KILN_POOL_TAPS({
                        m0 = vmaxq_s8(m0, vld1q_s8(p));
                        m1 = vmaxq_s8(m1, vld1q_s8(p + 16));
                        m2 = vmaxq_s8(m2, vld1q_s8(p + 32));
                        m3 = vmaxq_s8(m3, vld1q_s8(p + 48));
                    });
                    vst1q_s8(out + c0, vminq_s8(vmaxq_s8(m0, lo), hi));
                    vst1q_s8(out + c0 + 16, vminq_s8(vmaxq_s8(m1, lo), hi));
                    vst1q_s8(out + c0 + 32, vminq_s8(vmaxq_s8(m2, lo), hi));
                    vst1q_s8(out + c0 + 48, vminq_s8(vmaxq_s8(m3, lo), hi));
                }
                if (c0 + 32 <= ch)
                {
                    int8x16_t m0 = vdupq_n_s8(INT8_MIN), m1 = m0;
                    KILN_POOL_TAPS({
                        m0 = vmaxq_s8(m0, vld1q_s8(p));
                        m1 = vmaxq_s8(m1, vld1q_s8(p + 16));
                    });
                    vst1q_s8(out + c0, vminq_s8(vmaxq_s8(m0, lo), hi));
                    vst1q_s8(out + c0 + 16, vminq_s8(vmaxq_s8(m1, lo), hi));
                    c0 += 32;
                }
                if (c0 + 16 <= ch)
                {
                    int8x16_t m0 = vdupq_n_s8(INT8_MIN);
                    KILN_POOL_TAPS({ m0 = vmaxq_s8(m0, vld1q_s8(p)); });
                    vst1q_s8(out + c0, vminq_s8(vmaxq_s8(m0, lo), hi));
                    c0 += 16;
                }
                if (c0 + 8 <= ch)
                {
                    int16x8_t m0 = vdupq_n_s16(INT8_MIN);
                    KILN_POOL_TAPS({ m0 = vmaxq_s16(m0, vldrbq_s16(p)); });
                    m0 = vminq_s16(vmaxq_s16(m0, vdupq_n_s16((int16_t)g->act_min)), vdupq_n_s16((int16_t)g->act_max));
                    vstrbq_s16(out + c0, m0);
                    c0 += 8;
                }
                if (c0 < ch)
                {
                    const mve_pred16_t p16 = vctp8q((uint32_t)(ch - c0));
                    int8x16_t m0 = vdupq_n_s8(INT8_MIN);
                    /* Masked-off lanes load 0, which never exceeds lanes that are stored. */
                    KILN_POOL_TAPS({ m0 = vmaxq_s8(m0, vldrbq_z_s8(p, p16)); });
                    vstrbq_p_s8(out + c0, vminq_s8(vmaxq_s8(m0, lo), hi), p16);
                }
                out += ch;
            }
        }
    }
}

#endif /* KILN_BUILD_MVE */
