/*
 * Kiln — int8 average and max pooling, DSP extension (SIMD32). One output pixel at a time, the
 * channels in blocks of 8 and 4 held in registers, so no scratch is needed:
 *   average: SXTAB16 adds the four bytes of a word to two halfword-pair sums (exact up to 256
 *            taps); larger windows flush the halfword sums into int32 every 256 taps.
 *   max:     SSUB8 compares four bytes at once, SEL keeps the larger.
 * Channels past the last multiple of 4 take the scalar path.
 */
#include "Include/Internal/kiln_pool_s8.h"

#if KILN_BUILD_DSP

static inline int32_t kiln_load_word(const int8_t *p)
{
    int32_t w;
    memcpy(&w, p, 4);
    return w;
}

static inline void kiln_store_word(int8_t *p, uint32_t w)
{
    memcpy(p, &w, 4);
}

/* TFLite's rounded average of an int16-range sum by d taps, through the reciprocal m. */
static inline int32_t kiln_avg16(int32_t sum, int32_t half, uint32_t m, int32_t lo, int32_t hi)
{
    const uint32_t n = (uint32_t)(sum < 0 ? -sum : sum) + (uint32_t)half;
    const int32_t q = (int32_t)(((uint64_t)n * m) >> 31);
    int32_t v = sum < 0 ? -q : q;
    v = MAX(v, lo);
    return MIN(v, hi);
}

/* Bytes 0..3 of the two halfword-pair sums (bytes 0, 2 and 1, 3), averaged and packed. */
static inline uint32_t kiln_avg16x4(uint32_t s02, uint32_t s13, int32_t half, uint32_t m, int32_t lo, int32_t hi)
{
    const int32_t a0 = kiln_avg16((int16_t)s02, half, m, lo, hi);
    const int32_t a1 = kiln_avg16((int16_t)s13, half, m, lo, hi);
    const int32_t a2 = kiln_avg16((int16_t)(s02 >> 16), half, m, lo, hi);
    const int32_t a3 = kiln_avg16((int16_t)(s13 >> 16), half, m, lo, hi);
    return ((uint32_t)a0 & 0xFFu) | (((uint32_t)a1 & 0xFFu) << 8) | (((uint32_t)a2 & 0xFFu) << 16) |
        ((uint32_t)a3 << 24);
}

/* Windows of at most 256 taps: halfword sums throughout. */
static void kiln_avg_acc16_pixel(const int8_t *win, int32_t rows, int32_t cols, int32_t ch, int32_t row_stride,
                                 const kiln_pool_s8_geom *g, int8_t *out)
{
    const int32_t count = rows * cols;
    const int32_t half = count / 2;
    const uint32_t m = kiln_pool_s8_recip31(count);
    int32_t c = 0;
    for (; c + 8 <= ch; c += 8)
    {
        uint32_t a02 = 0, a13 = 0, b02 = 0, b13 = 0;
        const int8_t *row = win + c;
        for (int32_t y = 0; y < rows; y++)
        {
            const int8_t *p = row;
            for (int32_t x = 0; x < cols; x++)
            {
                const uint32_t wa = (uint32_t)kiln_load_word(p);
                const uint32_t wb = (uint32_t)kiln_load_word(p + 4);
                a02 = __sxtab16(a02, wa);
                a13 = __sxtab16(a13, wa >> 8);
                b02 = __sxtab16(b02, wb);
                b13 = __sxtab16(b13, wb >> 8);
                p += ch;
            }
            row += row_stride;
        }
        kiln_store_word(out + c, kiln_avg16x4(a02, a13, half, m, g->act_min, g->act_max));
        kiln_store_word(out + c + 4, kiln_avg16x4(b02, b13, half, m, g->act_min, g->act_max));
    }
    for (; c + 4 <= ch; c += 4)
    {
        uint32_t a02 = 0, a13 = 0;
        const int8_t *row = win + c;
        for (int32_t y = 0; y < rows; y++)
        {
            const int8_t *p = row;
            for (int32_t x = 0; x < cols; x++)
            {
                const uint32_t wa = (uint32_t)kiln_load_word(p);
                a02 = __sxtab16(a02, wa);
                a13 = __sxtab16(a13, wa >> 8);
                p += ch;
            }
            row += row_stride;
        }
        kiln_store_word(out + c, kiln_avg16x4(a02, a13, half, m, g->act_min, g->act_max));
    }
    for (; c < ch; c++)
    {
        int32_t sum = 0;
        const int8_t *row = win + c;
        for (int32_t y = 0; y < rows; y++)
        {
            const int8_t *p = row;
            for (int32_t x = 0; x < cols; x++)
            {
                sum += *p;
                p += ch;
            }
            row += row_stride;
        }
        out[c] = (int8_t)kiln_avg16(sum, half, m, g->act_min, g->act_max);
    }
}

/* Larger windows: halfword sums flushed into four int32 sums every 256 taps. */
static void kiln_avg_acc32_pixel(const int8_t *win, int32_t rows, int32_t cols, int32_t ch, int32_t row_stride,
                                 const kiln_pool_s8_geom *g, int8_t *out)
{
    const int32_t count = rows * cols;
    int32_t c = 0;
    for (; c + 4 <= ch; c += 4)
    {
        int32_t s[4] = {0, 0, 0, 0};
        uint32_t a02 = 0, a13 = 0;
        int32_t pending = 0;
        const int8_t *row = win + c;
        for (int32_t y = 0; y < rows; y++)
        {
            const int8_t *p = row;
            for (int32_t x = 0; x < cols; x++)
            {
                const uint32_t wa = (uint32_t)kiln_load_word(p);
                a02 = __sxtab16(a02, wa);
                a13 = __sxtab16(a13, wa >> 8);
                p += ch;
                if (++pending == KILN_POOL_S8_ACC16_MAX_TAPS)
                {
                    s[0] += (int16_t)a02;
                    s[1] += (int16_t)a13;
                    s[2] += (int16_t)(a02 >> 16);
                    s[3] += (int16_t)(a13 >> 16);
                    a02 = 0;
                    a13 = 0;
                    pending = 0;
                }
            }
            row += row_stride;
        }
        s[0] += (int16_t)a02;
        s[1] += (int16_t)a13;
        s[2] += (int16_t)(a02 >> 16);
        s[3] += (int16_t)(a13 >> 16);
        for (int32_t k = 0; k < 4; k++)
        {
            out[c + k] = kiln_pool_s8_average(s[k], count, g->act_min, g->act_max);
        }
    }
    for (; c < ch; c++)
    {
        int32_t sum = 0;
        const int8_t *row = win + c;
        for (int32_t y = 0; y < rows; y++)
        {
            const int8_t *p = row;
            for (int32_t x = 0; x < cols; x++)
            {
                sum += *p;
                p += ch;
            }
            row += row_stride;
        }
        out[c] = kiln_pool_s8_average(sum, count, g->act_min, g->act_max);
    }
}

void kiln_avgpool_s8_kernel(kiln_pool_s8_route route, const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int8_t *win = in_b + y0 * row_stride + x0 * ch;
                if (route == KILN_POOL_S8_ROUTE_AVG_ACC16)
                {
                    kiln_avg_acc16_pixel(win, y1 - y0, x1 - x0, ch, row_stride, g, out);
                }
                else
                {
                    kiln_avg_acc32_pixel(win, y1 - y0, x1 - x0, ch, row_stride, g, out);
                }
                out += ch;
            }
        }
    }
}

/* Bytewise max of a and b (SSUB8 sets GE where a >= b, SEL takes a there). */
static inline uint32_t kiln_max4(uint32_t a, uint32_t b)
{
    (void)__ssub8(a, b);
    return __sel(a, b);
}

void kiln_maxpool_s8_kernel(const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    const uint32_t lo4 = 0x01010101u * (uint8_t)g->act_min;
    const uint32_t hi4 = 0x01010101u * (uint8_t)g->act_max;
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
                int32_t c = 0;
                for (; c + 8 <= ch; c += 8)
                {
                    uint32_t ma = 0x80808080u, mb = 0x80808080u;
                    const int8_t *row = win + c;
                    for (int32_t y = 0; y < rows; y++)
                    {
                        const int8_t *p = row;
                        for (int32_t x = 0; x < cols; x++)
                        {
                            ma = kiln_max4((uint32_t)kiln_load_word(p), ma);
                            mb = kiln_max4((uint32_t)kiln_load_word(p + 4), mb);
                            p += ch;
                        }
                        row += row_stride;
                    }
                    /* clamp: max with the lower limit, then min with the upper one */
                    ma = kiln_max4(ma, lo4);
                    mb = kiln_max4(mb, lo4);
                    (void)__ssub8(ma, hi4);
                    ma = __sel(hi4, ma);
                    (void)__ssub8(mb, hi4);
                    mb = __sel(hi4, mb);
                    kiln_store_word(out + c, ma);
                    kiln_store_word(out + c + 4, mb);
                }
                for (; c + 4 <= ch; c += 4)
                {
                    uint32_t ma = 0x80808080u;
                    const int8_t *row = win + c;
                    for (int32_t y = 0; y < rows; y++)
                    {
                        const int8_t *p = row;
                        for (int32_t x = 0; x < cols; x++)
                        {
                            ma = kiln_max4((uint32_t)kiln_load_word(p), ma);
                            p += ch;
                        }
                        row += row_stride;
                    }
                    ma = kiln_max4(ma, lo4);
                    (void)__ssub8(ma, hi4);
                    ma = __sel(hi4, ma);
                    kiln_store_word(out + c, ma);
                }
                for (; c < ch; c++)
                {
                    int32_t mx = INT8_MIN;
                    const int8_t *row = win + c;
                    for (int32_t y = 0; y < rows; y++)
                    {
                        const int8_t *p = row;
                        for (int32_t x = 0; x < cols; x++)
                        {
                            mx = MAX(mx, (int32_t)*p);
                            p += ch;
                        }
                        row += row_stride;
                    }
                    mx = MAX(mx, g->act_min);
                    out[c] = (int8_t)MIN(mx, g->act_max);
                }
                out += ch;
            }
        }
    }
}

#endif /* KILN_BUILD_DSP */
