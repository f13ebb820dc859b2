/*
 * Kiln — int8 average and max pooling, Helium (MVE). No scratch: the running sums / maxima of
 * 16 (or 8) channels stay in registers.
 *
 * Each output row is split into its edge pixels (clipped windows, one at a time) and the interior
 * run (windows entirely inside the input horizontally: no clipping, the window pointer steps by
 * stride * ch). Both go to a kernel specialized for the window shape: 2x2 fully unrolled, 3x3
 * fully unrolled for 8 channels (max also 16), width 2 or 3 unrolled with a loop over rows (8 and
 * 16 channels: constant tap offsets), or the generic loops (64 / 32 channels per walk; a
 * full-width window is walked as one run). Per tap and 16 channels:
 *   average: two widening VLDRB.S16 and two VADD.I16 (exact up to 256 taps); the rounded
 *            division sign(s) * floor((|s| + count/2) / count) is one 16-bit multiply-high when
 *            that is exact for the count (checked per count, always true for powers of two and
 *            counts up to 23), else a 32-bit multiply-high on the widened halves.
 *            Windows over 256 taps (route acc32) flush the int16 sums into int32 every 256 taps.
 *   max:     one VLDRB.8 and one VMAX.S8 (8 channels: VLDRB.S16 / VMAX.S16).
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

/* The window of one output pixel and how its average divides (acc32 route). */
typedef struct
{
    const int8_t *win;
    int32_t rows, cols, ch, row_stride;
} kiln_avg_pixel;

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

/* ---- average, int16 sums ------------------------------------------------------------------ */

/* How the sums of one window count are divided. */
typedef struct
{
    int32_t count; /* taps, 1 .. 256 (0: not set) */
    bool small;    /* floor(n * m16 / 2^16) == floor(n / count) for every reachable n */
    uint16_t half; /* count / 2 */
    uint16_t m16;  /* ceil(2^16 / count) (small) */
    uint32_t m32;  /* ceil(2^32 / count) (not small, count > 1) or 0 (count 1) */
    int16x8_t lo, hi;
} kiln_avg_div;

static void kiln_avg_div_set(kiln_avg_div *d, int32_t count)
{
    d->count = count;
    d->half = (uint16_t)(count / 2);
    d->small = false;
    d->m16 = 0;
    d->m32 = 0;
    if (count >= 2)
    {
        /* n = |sum| + count / 2 <= 128 * count + count / 2. With m = ceil(2^16 / count) and
         * e = m * count - 2^16 (0 <= e < count): n * m / 2^16 = n / count + n * e / (count 2^16),
         * and the floor is exact when n * e < 2^16 (the fraction of n / count is at most
         * (count - 1) / count). */
        const uint32_t m = (65536u + (uint32_t)count - 1u) / (uint32_t)count;
        const uint32_t e = m * (uint32_t)count - 65536u;
        const uint32_t n_max = 128u * (uint32_t)count + (uint32_t)count / 2u;
        if (n_max * e < 65536u)
        {
            d->small = true;
            d->m16 = (uint16_t)m;
        }
        else
        {
            d->m32 = (uint32_t)(0xFFFFFFFFu / (uint32_t)count) + 1u;
        }
    }
}

/*
 * TFLite's sign(s) * floor((|s| + count/2) / count) of 8 int16 sums, clamped. |-32768| saturates
 * to 32767, which gives the same 128 (only 256 taps of -128 reach it: (32767 + 128) / 256 = 128).
 *   small:      one VMULH.U16 by ceil(2^16 / count) (exactness checked in kiln_avg_div_set).
 *   otherwise:  floor(n * ceil(2^32 / count) / 2^32) == floor(n / count) for n < 2^16 and
 *               count <= 256, on the halves widened to 32 bits; count 1 is the sum itself.
 * The sign is restored as (q ^ s>>15) - s>>15.
 */
static inline int16x8_t kiln_avg8(int16x8_t s, const kiln_avg_div *d)
{
    const int16x8_t sg = vshrq_n_s16(s, 15);
    const uint16x8_t n = vaddq_n_u16(vreinterpretq_u16_s16(vqabsq_s16(s)), d->half);
    uint16x8_t q;
    if (d->small)
    {
        q = vmulhq_u16(n, vdupq_n_u16(d->m16));
    }
    else if (d->m32 != 0u)
    {
        const uint32x4_t qe = vmulhq_u32(vmovlbq_u16(n), vdupq_n_u32(d->m32));
        const uint32x4_t qo = vmulhq_u32(vmovltq_u16(n), vdupq_n_u32(d->m32));
        /* every lane of n is overwritten: the even ones by qe, the odd ones by qo */
        q = vmovntq_u32(vmovnbq_u32(n, qe), qo);
    }
    else
    {
        return vminq_s16(vmaxq_s16(s, d->lo), d->hi);
    }
    const int16x8_t r = vsubq_s16(veorq_s16(vreinterpretq_s16_u16(q), sg), sg);
    return vminq_s16(vmaxq_s16(r, d->lo), d->hi);
}

/*
 * Walk one window: BODY runs once per tap with q at the tap (first_ true for the first tap).
 * KH x KW > 0: the window is exactly KH x KW taps, fully unrolled; KH = 0, KW = 2 or 3: rows
 * loop, the width unrolled; KH = KW = 0: both loop (rows x cols, possibly empty).
 */
#define KILN_WIN(KH, KW, P, BODY)                                                                             \
    do                                                                                                       \
    {                                                                                                        \
        if ((KH) > 0 && (KW) > 0)                                                                            \
        {                                                                                                    \
            _Pragma("GCC unroll 3") for (int32_t y_ = 0; y_ < (KH); y_++)                                   \
            {                                                                                                \
                _Pragma("GCC unroll 3") for (int32_t x_ = 0; x_ < (KW); x_++)                               \
                {                                                                                            \
                    const int8_t *q = (P) + y_ * row_stride + x_ * ch;                                       \
                    const bool first_ = (y_ == 0 && x_ == 0);                                                \
                    BODY;                                                                                    \
                }                                                                                            \
                /* keeps GCC from hoisting every load of the window (and spilling) */                        \
                __asm volatile("" ::: "memory");                                                             \
            }                                                                                                \
        }                                                                                                    \
        else                                                                                                 \
        {                                                                                                    \
            const int8_t *r_ = (P);                                                                          \
            int32_t rows_ = rows, cols_ = cols;                                                              \
            if ((KW) == 0 && cols * ch == row_stride)                                                        \
            {                                                                                                \
                /* full-width window (global pooling): its rows are one contiguous run */                   \
                cols_ = rows * cols;                                                                         \
                rows_ = rows > 0 ? 1 : 0;                                                                    \
            }                                                                                                \
            for (int32_t y_ = 0; y_ < rows_; y_++)                                                           \
            {                                                                                                \
                if ((KW) > 0)                                                                                \
                {                                                                                            \
                    _Pragma("GCC unroll 3") for (int32_t x_ = 0; x_ < (KW); x_++)                           \
                    {                                                                                        \
                        const int8_t *q = r_ + x_ * ch;                                                      \
                        const bool first_ = false;                                                           \
                        BODY;                                                                                \
                    }                                                                                        \
                }                                                                                            \
                else                                                                                         \
                {                                                                                            \
                    const int8_t *q = r_;                                                                    \
                    for (int32_t x_ = 0; x_ < cols_; x_++)                                                   \
                    {                                                                                        \
                        const bool first_ = false;                                                           \
                        BODY;                                                                                \
                        q += ch;                                                                             \
                    }                                                                                        \
                }                                                                                            \
                r_ += row_stride;                                                                            \
            }                                                                                                \
        }                                                                                                    \
    } while (0)

/* acc = first ? v : acc + v (int16 sums) */
#define KILN_ADD16(acc, v) acc = first_ ? (v) : vaddq_s16(acc, (v))

/* n output pixels of one output row whose windows all have rows x cols taps (KH / KW as in
 * KILN_WIN), the first at win, the next ones x_step bytes further; outputs at out, ch apart. */
static inline __attribute__((always_inline)) void kiln_avg16_run(const int KH,
                                                                 const int KW,
                                                                 const int CH,
                                                                 const int8_t *win,
                                                                 int32_t n,
                                                                 int32_t x_step,
                                                                 int32_t rows,
                                                                 int32_t cols,
                                                                 int32_t ch,
                                                                 int32_t row_stride,
                                                                 const kiln_avg_div *dp,
                                                                 int8_t *out)
{
    const kiln_avg_div d = *dp;
    if (CH > 0)
    {
        ch = CH; /* the caller checked: taps then sit at constant offsets */
    }
    for (; n > 0; n--)
    {
        int32_t c0 = 0;
        if (KH == 0 && KW == 0)
        {
            /* generic (large) windows: four vectors per walk */
            for (; c0 + 32 <= ch; c0 += 32)
            {
                int16x8_t a0 = vdupq_n_s16(0), a1 = a0, a2 = a0, a3 = a0;
                const int8_t *p = win + c0;
                KILN_WIN(KH, KW, p, {
                    KILN_ADD16(a0, vldrbq_s16(q));
                    KILN_ADD16(a1, vldrbq_s16(q + 8));
                    KILN_ADD16(a2, vldrbq_s16(q + 16));
                    KILN_ADD16(a3, vldrbq_s16(q + 24));
                });
                vstrbq_s16(out + c0, kiln_avg8(a0, &d));
                vstrbq_s16(out + c0 + 8, kiln_avg8(a1, &d));
                vstrbq_s16(out + c0 + 16, kiln_avg8(a2, &d));
                vstrbq_s16(out + c0 + 24, kiln_avg8(a3, &d));
            }
        }
        for (; c0 + 16 <= ch; c0 += 16)
        {
            int16x8_t a0 = vdupq_n_s16(0), a1 = a0;
            const int8_t *p = win + c0;
            KILN_WIN(KH, KW, p, {
                KILN_ADD16(a0, vldrbq_s16(q));
                KILN_ADD16(a1, vldrbq_s16(q + 8));
            });
            vstrbq_s16(out + c0, kiln_avg8(a0, &d));
            vstrbq_s16(out + c0 + 8, kiln_avg8(a1, &d));
        }
        if (c0 + 8 <= ch)
        {
            int16x8_t a0 = vdupq_n_s16(0);
            const int8_t *p = win + c0;
            KILN_WIN(KH, KW, p, { KILN_ADD16(a0, vldrbq_s16(q)); });
            vstrbq_s16(out + c0, kiln_avg8(a0, &d));
            c0 += 8;
        }
        if (c0 < ch)
        {
            /* 1 to 7 channels: masked lanes load 0 and are not stored */
            const mve_pred16_t p8 = vctp16q((uint32_t)(ch - c0));
            int16x8_t a0 = vdupq_n_s16(0);
            const int8_t *p = win + c0;
            KILN_WIN(KH, KW, p, { KILN_ADD16(a0, vldrbq_z_s16(q, p8)); });
            vstrbq_p_s16(out + c0, kiln_avg8(a0, &d), p8);
        }
        win += x_step;
        out += ch;
    }
}

#define KILN_AVG_RUN(NAME, KH, KW, CH)                                                                       \
    __attribute__((noinline)) static void NAME(const int8_t *win, int32_t n, int32_t x_step, int32_t rows,    \
                                               int32_t cols, int32_t ch,                                     \
                     int32_t row_stride, const kiln_avg_div *d, int8_t *out)                                 \
    {                                                                                                        \
        kiln_avg16_run(KH, KW, CH, win, n, x_step, rows, cols, ch, row_stride, d, out);                       \
    }
KILN_AVG_RUN(kiln_avg_run_2x2, 2, 2, 0)
KILN_AVG_RUN(kiln_avg_run_rx2, 0, 2, 0)
KILN_AVG_RUN(kiln_avg_run_rx2_c8, 0, 2, 8)
KILN_AVG_RUN(kiln_avg_run_rx3, 0, 3, 0)
KILN_AVG_RUN(kiln_avg_run_rx3_c8, 0, 3, 8)
KILN_AVG_RUN(kiln_avg_run_3x3_c8, 3, 3, 8)
KILN_AVG_RUN(kiln_avg_run_rx3_c16, 0, 3, 16)
KILN_AVG_RUN(kiln_avg_run_any, 0, 0, 0)

/* Interior output columns [*lo, *hi): windows entirely inside [0, in) along this axis. */
static void kiln_pool_interior(int32_t out, int32_t stride, int32_t pad, int32_t k, int32_t in, int32_t *lo,
                               int32_t *hi)
{
    /* o * stride >= pad and o * stride - pad + k <= in */
    /* pad >= 0, stride >= 1, k >= 1, in >= 0: the sums below fit in uint32 (32-bit divisions only) */
    const uint32_t a = MIN(((uint32_t)pad + (uint32_t)stride - 1u) / (uint32_t)stride, (uint32_t)out);
    uint32_t b = 0;
    if ((int64_t)in + pad >= (int64_t)k)
    {
        b = MIN(((uint32_t)in + (uint32_t)pad - (uint32_t)k) / (uint32_t)stride + 1u, (uint32_t)out);
    }
    *lo = (int32_t)a;
    *hi = (int32_t)MAX(a, b);
}

/* The run kernel for windows of rows x cols taps (k_h: the unclipped window height). */
static void kiln_avg_dispatch(const int8_t *win, int32_t n, int32_t x_step, int32_t rows, int32_t cols, int32_t k_h,
                              int32_t ch, int32_t row_stride, const kiln_avg_div *d, int8_t *o)
{
    if (rows == 2 && k_h == 2 && cols == 2)
    {
        kiln_avg_run_2x2(win, n, x_step, rows, 2, ch, row_stride, d, o);
    }
    else if (cols == 2 && ch == 8)
    {
        kiln_avg_run_rx2_c8(win, n, x_step, rows, 2, ch, row_stride, d, o);
    }
    else if (cols == 2)
    {
        kiln_avg_run_rx2(win, n, x_step, rows, 2, ch, row_stride, d, o);
    }
    else if (rows == 3 && cols == 3 && ch == 8)
    {
        kiln_avg_run_3x3_c8(win, n, x_step, rows, 3, ch, row_stride, d, o);
    }
    else if (cols == 3 && ch == 8)
    {
        kiln_avg_run_rx3_c8(win, n, x_step, rows, 3, ch, row_stride, d, o);
    }
    else if (cols == 3 && ch == 16)
    {
        kiln_avg_run_rx3_c16(win, n, x_step, rows, 3, ch, row_stride, d, o);
    }
    else if (cols == 3)
    {
        kiln_avg_run_rx3(win, n, x_step, rows, 3, ch, row_stride, d, o);
    }
    else
    {
        kiln_avg_run_any(win, n, x_step, rows, cols, ch, row_stride, d, o);
    }
}

static void kiln_avg_acc16(const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    const int32_t x_step = g->stride_w * ch;
    int32_t ix0, ix1;
    kiln_pool_interior(g->out_w, g->stride_w, g->pad_w, g->k_w, g->in_w, &ix0, &ix1);
    /* one divisor for the edge windows, one for the interior run (counts change only at edges) */
    kiln_avg_div d, de;
    d.lo = vdupq_n_s16((int16_t)g->act_min);
    d.hi = vdupq_n_s16((int16_t)g->act_max);
    kiln_avg_div_set(&d, 1);
    de = d;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            const int32_t rows = y1 - y0;
            const int8_t *in_row = in_b + y0 * row_stride;
            int8_t *out_row = out + (size_t)oy * (size_t)g->out_w * (size_t)ch;
            /* edges: clipped windows one pixel at a time */
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                if (ox == ix0 && ix1 > ix0)
                {
                    ox = ix1 - 1; /* the interior run follows the edges */
                    continue;
                }
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int32_t cols = x1 - x0;
                if (rows * cols != de.count)
                {
                    kiln_avg_div_set(&de, rows * cols);
                }
                kiln_avg_dispatch(in_row + x0 * ch, 1, 0, rows, cols, g->k_h, ch, row_stride, &de, out_row + ox * ch);
            }
            if (ix1 > ix0)
            {
                const int32_t n = ix1 - ix0;
                const int8_t *win = in_row + (ix0 * g->stride_w - g->pad_w) * ch;
                int8_t *o = out_row + ix0 * ch;
                if (rows * g->k_w != d.count)
                {
                    kiln_avg_div_set(&d, rows * g->k_w);
                }
                kiln_avg_dispatch(win, n, x_step, rows, g->k_w, g->k_h, ch, row_stride, &d, o);
            }
        }
        out += (size_t)g->out_h * (size_t)g->out_w * (size_t)ch;
    }
}

void kiln_avgpool_s8_kernel(kiln_pool_s8_route route, const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    if (route == KILN_POOL_S8_ROUTE_AVG_ACC16)
    {
        kiln_avg_acc16(g, in, out);
        return;
    }
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    kiln_avg_pixel px;
    px.ch = ch;
    px.row_stride = row_stride;
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
                kiln_avg_acc32_pixel(&px, g, out);
                out += ch;
            }
        }
    }
}

/* ---- max ------------------------------------------------------------------------------------ */

/* acc = first ? v : max(acc, v) */
#define KILN_MAX8(acc, v) acc = first_ ? (v) : vmaxq_s8(acc, (v))
#define KILN_MAX16(acc, v) acc = first_ ? (v) : vmaxq_s16(acc, (v))

/* Max pooling of n output pixels of one output row (same window walk and layout as
 * kiln_avg16_run). An empty window (rows or cols 0, only on the generic path) gives
 * clamp(-128). */
static inline __attribute__((always_inline)) void kiln_max_run(const int KH,
                                                               const int KW,
                                                               const int CH,
                                                               const int8_t *win,
                                                               int32_t n,
                                                               int32_t x_step,
                                                               int32_t rows,
                                                               int32_t cols,
                                                               int32_t ch,
                                                               int32_t row_stride,
                                                               int32_t act_min,
                                                               int32_t act_max,
                                                               int8_t *out)
{
    if (CH > 0)
    {
        ch = CH;
    }
    const int8x16_t lo = vdupq_n_s8((int8_t)act_min);
    const int8x16_t hi = vdupq_n_s8((int8_t)act_max);
    const int16x8_t lo16 = vdupq_n_s16((int16_t)act_min);
    const int16x8_t hi16 = vdupq_n_s16((int16_t)act_max);
    for (; n > 0; n--)
    {
        int32_t c0 = 0;
        if (KH == 0 && KW == 0)
        {
            /* generic (large) windows: four vectors per walk */
            for (; c0 + 64 <= ch; c0 += 64)
            {
                int8x16_t m0 = vdupq_n_s8(INT8_MIN), m1 = m0, m2 = m0, m3 = m0;
                const int8_t *p = win + c0;
                KILN_WIN(KH, KW, p, {
                    KILN_MAX8(m0, vld1q_s8(q));
                    KILN_MAX8(m1, vld1q_s8(q + 16));
                    KILN_MAX8(m2, vld1q_s8(q + 32));
                    KILN_MAX8(m3, vld1q_s8(q + 48));
                });
                vst1q_s8(out + c0, vminq_s8(vmaxq_s8(m0, lo), hi));
                vst1q_s8(out + c0 + 16, vminq_s8(vmaxq_s8(m1, lo), hi));
                vst1q_s8(out + c0 + 32, vminq_s8(vmaxq_s8(m2, lo), hi));
                vst1q_s8(out + c0 + 48, vminq_s8(vmaxq_s8(m3, lo), hi));
            }
        }
        for (; c0 + 16 <= ch; c0 += 16)
        {
            int8x16_t m0 = vdupq_n_s8(INT8_MIN);
            const int8_t *p = win + c0;
            KILN_WIN(KH, KW, p, { KILN_MAX8(m0, vld1q_s8(q)); });
            vst1q_s8(out + c0, vminq_s8(vmaxq_s8(m0, lo), hi));
        }
        if (c0 + 8 <= ch)
        {
            int16x8_t m0 = vdupq_n_s16(INT8_MIN);
            const int8_t *p = win + c0;
            KILN_WIN(KH, KW, p, { KILN_MAX16(m0, vldrbq_s16(q)); });
            vstrbq_s16(out + c0, vminq_s16(vmaxq_s16(m0, lo16), hi16));
            c0 += 8;
        }
        if (c0 < ch)
        {
            /* 1 to 7 channels: masked lanes load 0 and are not stored */
            const mve_pred16_t p8 = vctp16q((uint32_t)(ch - c0));
            int16x8_t m0 = vdupq_n_s16(INT8_MIN);
            const int8_t *p = win + c0;
            KILN_WIN(KH, KW, p, { KILN_MAX16(m0, vldrbq_z_s16(q, p8)); });
            vstrbq_p_s16(out + c0, vminq_s16(vmaxq_s16(m0, lo16), hi16), p8);
        }
        win += x_step;
        out += ch;
    }
}

#define KILN_MAX_RUN(NAME, KH, KW, CH)                                                                       \
    __attribute__((noinline)) static void NAME(const int8_t *win, int32_t n, int32_t x_step, int32_t rows,    \
                                               int32_t cols, int32_t ch, int32_t row_stride, int32_t act_min, \
                                               int32_t act_max, int8_t *out)                                 \
    {                                                                                                        \
        kiln_max_run(KH, KW, CH, win, n, x_step, rows, cols, ch, row_stride, act_min, act_max, out);          \
    }
KILN_MAX_RUN(kiln_max_run_2x2, 2, 2, 0)
KILN_MAX_RUN(kiln_max_run_rx2, 0, 2, 0)
KILN_MAX_RUN(kiln_max_run_rx2_c8, 0, 2, 8)
KILN_MAX_RUN(kiln_max_run_rx3, 0, 3, 0)
KILN_MAX_RUN(kiln_max_run_rx3_c8, 0, 3, 8)

/* 3x3 windows of 8 channels: a window row is 24 contiguous bytes, read as two overlapping
 * 16-byte vectors (columns 0-1 and 1-2), so the byte-wise maximum over the rows leaves
 * max(col 0, col 1) in lanes 0-7 and max(col 1, col 2) in lanes 8-15; the two halves are folded
 * through a 16-byte stack slot. 6 loads and 5 VMAX per window instead of 9 and 8. */
__attribute__((noinline)) static void kiln_max_run_3x3_c8(const int8_t *win, int32_t n, int32_t x_step,
                                                        int32_t rows, int32_t cols, int32_t ch,
                                                        int32_t row_stride, int32_t act_min, int32_t act_max,
                                                        int8_t *out)
{
    (void)rows;
    (void)cols;
    (void)ch;
    const int16x8_t lo16 = vdupq_n_s16((int16_t)act_min);
    const int16x8_t hi16 = vdupq_n_s16((int16_t)act_max);
    int8_t fold[16];
    for (; n > 0; n--)
    {
        const int8_t *r1 = win + row_stride;
        const int8_t *r2 = r1 + row_stride;
        int8x16_t m = vmaxq_s8(vld1q_s8(win), vld1q_s8(win + 8));
        m = vmaxq_s8(m, vld1q_s8(r1));
        m = vmaxq_s8(m, vld1q_s8(r1 + 8));
        m = vmaxq_s8(m, vld1q_s8(r2));
        m = vmaxq_s8(m, vld1q_s8(r2 + 8));
        vst1q_s8(fold, m);
        const int16x8_t f = vmaxq_s16(vldrbq_s16(fold), vldrbq_s16(fold + 8));
        vstrbq_s16(out, vminq_s16(vmaxq_s16(f, lo16), hi16));
        win += x_step;
        out += 8;
    }
}
KILN_MAX_RUN(kiln_max_run_3x3_c16, 3, 3, 16)
KILN_MAX_RUN(kiln_max_run_rx3_c16, 0, 3, 16)
KILN_MAX_RUN(kiln_max_run_any, 0, 0, 0)

/* The run kernel for windows of rows x cols taps (k_h: the unclipped window height). */
static void kiln_max_dispatch(const int8_t *win, int32_t n, int32_t x_step, int32_t rows, int32_t cols, int32_t k_h,
                              int32_t ch, int32_t row_stride, int32_t amin, int32_t amax, int8_t *o)
{
    if (rows == 2 && k_h == 2 && cols == 2)
    {
        kiln_max_run_2x2(win, n, x_step, rows, 2, ch, row_stride, amin, amax, o);
    }
    else if (cols == 2 && ch == 8)
    {
        kiln_max_run_rx2_c8(win, n, x_step, rows, 2, ch, row_stride, amin, amax, o);
    }
    else if (cols == 2)
    {
        kiln_max_run_rx2(win, n, x_step, rows, 2, ch, row_stride, amin, amax, o);
    }
    else if (rows == 3 && cols == 3 && ch == 8)
    {
        kiln_max_run_3x3_c8(win, n, x_step, rows, 3, ch, row_stride, amin, amax, o);
    }
    else if (rows == 3 && cols == 3 && ch == 16)
    {
        kiln_max_run_3x3_c16(win, n, x_step, rows, 3, ch, row_stride, amin, amax, o);
    }
    else if (cols == 3 && ch == 8)
    {
        kiln_max_run_rx3_c8(win, n, x_step, rows, 3, ch, row_stride, amin, amax, o);
    }
    else if (cols == 3 && ch == 16)
    {
        kiln_max_run_rx3_c16(win, n, x_step, rows, 3, ch, row_stride, amin, amax, o);
    }
    else if (cols == 3)
    {
        kiln_max_run_rx3(win, n, x_step, rows, 3, ch, row_stride, amin, amax, o);
    }
    else
    {
        kiln_max_run_any(win, n, x_step, rows, cols, ch, row_stride, amin, amax, o);
    }
}

void kiln_maxpool_s8_kernel(const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    const int32_t x_step = g->stride_w * ch;
    const int32_t amin = g->act_min, amax = g->act_max;
    int32_t ix0, ix1;
    kiln_pool_interior(g->out_w, g->stride_w, g->pad_w, g->k_w, g->in_w, &ix0, &ix1);
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            const int32_t rows = MAX(y1 - y0, 0);
            /* an empty window reads nothing: any in-bounds row pointer will do */
            const int8_t *in_row = rows > 0 ? in_b + y0 * row_stride : in_b;
            int8_t *out_row = out + (size_t)oy * (size_t)g->out_w * (size_t)ch;
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                if (ox == ix0 && ix1 > ix0)
                {
                    ox = ix1 - 1; /* the interior run follows the edges */
                    continue;
                }
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int32_t cols = MAX(x1 - x0, 0);
                const int8_t *win = (rows > 0 && cols > 0) ? in_row + x0 * ch : in_b;
                kiln_max_dispatch(win, 1, 0, rows, cols, g->k_h, ch, row_stride, amin, amax, out_row + ox * ch);
            }
            if (ix1 > ix0 && rows > 0)
            {
                const int8_t *win = in_row + (ix0 * g->stride_w - g->pad_w) * ch;
                kiln_max_dispatch(win, ix1 - ix0, x_step, rows, g->k_w, g->k_h, ch, row_stride, amin, amax,
                                  out_row + ix0 * ch);
            }
            else if (ix1 > ix0)
            {
                /* windows entirely in the vertical padding: nothing to read */
                kiln_max_run_any(in_b, ix1 - ix0, 0, 0, 0, ch, row_stride, amin, amax, out_row + ix0 * ch);
            }
        }
        out += (size_t)g->out_h * (size_t)g->out_w * (size_t)ch;
    }
}

#endif /* KILN_BUILD_MVE */
