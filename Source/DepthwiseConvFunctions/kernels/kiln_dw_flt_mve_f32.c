/*
 * Kiln — float32 depthwise convolution, Helium (MVE-F) kernels. 3x3 route: four channels per vector. With
 * horizontal stride 1 or 2 and at least four channels, up to four adjacent outputs run together as a block (each
 * input and weight vector loaded once for the block, the filter rows inside the input only, a window column
 * outside the input on either side skipped; the sums start from the bias and take the taps in (ky, kx) order,
 * then the clamp). Other windows (other strides, fewer than four channels, windows missing two or more columns)
 * run one at a time over the taps inside the input, the channel tail predicated: interior windows start the sum
 * with the first product, border windows from zero, then the bias, then the clamp. conv1d k3 and nt_t routes: the
 * same four-channel vectors over their taps. Generic route: see its section.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE
#include <arm_mve.h>

/* The activation clamp of the portable kernels (x < lo ? lo : x, then x > hi ? hi : x): NaN stays NaN and -0 stays
 * -0 (VMAXNM / VMINNM would turn NaN into a bound and -0 into +0). Both compares are "greater than", false for a NaN
 * lane (MVE's "less than" is true for unordered operands). Assembly: GCC 12.2 moves the predicate of an intrinsic
 * compare through a core register and back before each select. */
static inline __attribute__((always_inline)) float32x4_t kiln_dw32_clamp(float32x4_t x, float32x4_t vlo,
                                                                         float32x4_t vhi)
{
    __asm__("vpt.f32 gt, %q1, %q0\n"
            "vorrt %q0, %q1, %q1\n"
            "vpt.f32 gt, %q0, %q2\n"
            "vorrt %q0, %q2, %q2\n"
            : "+w"(x)
            : "w"(vlo), "w"(vhi)
            : "p0");
    return x;
}

static inline void kiln_dw3_finish(float32x4_t acc, const float32_t *bias, int32_t ch, mve_pred16_t p,
                                   float32x4_t vlo, float32x4_t vhi, float32_t *dst)
{
    const float32x4_t b = bias != NULL ? vldrwq_z_f32(bias + ch, p) : vdupq_n_f32(0.0f);
    acc = vaddq_f32(acc, b);
    acc = kiln_dw32_clamp(acc, vlo, vhi);
    vstrwq_p_f32(dst + ch, acc, p);
}

/* One output window for channels [ch, ch + 4) under predicate p: filter rows ky0..ky1-1 and columns kx0..kx1-1
 * (s and wt at the window's first valid tap). mul_first: the first product starts the sum (interior windows);
 * otherwise the sum starts from zero (border windows). */
static inline float32x4_t kiln_dw3_win_p(const float32_t *s, const float32_t *wt, int32_t nky, int32_t nkx,
                                         size_t row, size_t c, mve_pred16_t p, bool mul_first)
{
    float32x4_t acc = vdupq_n_f32(0.0f);
    bool first = mul_first;
    for (int32_t ky = 0; ky < nky; ky++, s += row, wt += 3 * c)
    {
        const float32_t *sp = s;
        const float32_t *wp = wt;
        for (int32_t kx = 0; kx < nkx; kx++, sp += c, wp += c)
        {
            if (first)
            {
                acc = vmulq_f32(vldrwq_z_f32(sp, p), vldrwq_z_f32(wp, p));
                first = false;
            }
            else
            {
                acc = vfmaq_f32(acc, vldrwq_z_f32(sp, p), vldrwq_z_f32(wp, p));
            }
        }
    }
    return acc;
}

/* ---- 3x3 route, stride 1 and 2: blocks of up to four adjacent outputs ----
 * A block of n outputs (x0 .. x0 + n - 1) at horizontal stride st reads the st x (n - 1) + 3 input columns from
 * x0 x st - pad_w on (its window: n + 2 columns at stride 1, 2n + 1 at stride 2, where adjacent outputs share one
 * column); l leading and r trailing window columns lie outside the input (l, r <= 1). For each filter row inside
 * the input, the row's three weight vectors are loaded once and every window column once, and each column feeds
 * the outputs that use it (output i takes window column st x i + kx with weight kx, in kx order). The sums start
 * from the bias and take the taps in (ky, kx) order, then the clamp. st, n, l and r are compile-time constants of
 * each instance (kiln_dw3_blk_<st>_<n><l><r>), so the column loop is straight-line code with the n sums in Q
 * registers and no per-tap test; the column and weight pointers step by c (an empty asm statement keeps each
 * step a single add: GCC otherwise keeps one offset register per column and spills the loop pointers). Channels
 * four at a time; a channel count that is not a multiple of four ends with the block at channels c - 4 .. c - 1
 * (recomputing a few channels with the same operations), so no load is predicated. A block of one output reads the
 * same columns at either stride: the stride-1 instances serve both (the caller's sstep steps between blocks). */

#define KILN_DW3_INLINE static inline __attribute__((always_inline))

static const float32_t kiln_dw3_zero[4] = {0.0f, 0.0f, 0.0f, 0.0f};

/* One window column j of a filter row (j, st, n, l, r compile-time constants after inlining): when the column is
 * inside the input, load it and feed output (j - kx) / st with weight kx for each kx in 0..2 where that output is
 * one of the block's. Weights 1 and 2 are loaded just before columns 1 and 2 (the first columns that use them;
 * l <= 1, so column 1 is always inside, and column 2 is outside only when no column uses weight 2). The empty
 * asm statement after each column keeps the sums in Q registers and the next column's loads after it: GCC 12.2
 * otherwise hoists loads, runs out of the eight Q registers and spills the sums. */
#define KILN_DW3_COL(j)                                                                                               \
    if ((j) >= l && (j) < st * (n - 1) + 3 - r)                                                                       \
    {                                                                                                                 \
        if ((j) == 1)                                                                                                 \
        {                                                                                                             \
            KILN_DW3_BUMP(wp);                                                                                        \
            w1 = vld1q_f32(wp);                                                                                       \
        }                                                                                                             \
        if ((j) == 2)                                                                                                 \
        {                                                                                                             \
            KILN_DW3_BUMP(wp);                                                                                        \
            w2 = vld1q_f32(wp);                                                                                       \
        }                                                                                                             \
        if ((j) > l)                                                                                                  \
        {                                                                                                             \
            KILN_DW3_BUMP(sp);                                                                                        \
        }                                                                                                             \
        const float32x4_t v = vld1q_f32(sp);                                                                          \
        KILN_DW3_TAP((j), 0, w0);                                                                                     \
        KILN_DW3_TAP((j), 1, w1);                                                                                     \
        KILN_DW3_TAP((j), 2, w2);                                                                                     \
        KILN_DW3_PIN();                                                                                               \
    }
#define KILN_DW3_BUMP(ptr)                                                                                            \
    ptr += c;                                                                                                         \
    __asm__("" : "+r"(ptr))
#define KILN_DW3_TAP(j, kx, wv)                                                                                       \
    if ((j) >= (kx) && ((j) - (kx)) % st == 0)                                                                        \
    {                                                                                                                 \
        KILN_DW3_ACC(((j) - (kx)) / st, wv);                                                                          \
    }
#define KILN_DW3_ACC(x, wv)                                                                                           \
    if ((x) == 0)                                                                                                     \
    {                                                                                                                 \
        *a0 = vfmaq_f32(*a0, v, wv);                                                                                  \
    }                                                                                                                 \
    else if ((x) == 1 && n > 1)                                                                                       \
    {                                                                                                                 \
        *a1 = vfmaq_f32(*a1, v, wv);                                                                                  \
    }                                                                                                                 \
    else if ((x) == 2 && n > 2)                                                                                       \
    {                                                                                                                 \
        *a2 = vfmaq_f32(*a2, v, wv);                                                                                  \
    }                                                                                                                 \
    else if ((x) == 3 && n > 3)                                                                                       \
    {                                                                                                                 \
        *a3 = vfmaq_f32(*a3, v, wv);                                                                                  \
    }
#define KILN_DW3_PIN()                                                                                                \
    if (n == 1)                                                                                                       \
    {                                                                                                                 \
        __asm__ volatile("" : "+w"(*a0)::"memory");                                                                   \
    }                                                                                                                 \
    else if (n == 2)                                                                                                  \
    {                                                                                                                 \
        __asm__ volatile("" : "+w"(*a0), "+w"(*a1)::"memory");                                                        \
    }                                                                                                                 \
    else if (n == 3)                                                                                                  \
    {                                                                                                                 \
        __asm__ volatile("" : "+w"(*a0), "+w"(*a1), "+w"(*a2)::"memory");                                             \
    }                                                                                                                 \
    else                                                                                                              \
    {                                                                                                                 \
        __asm__ volatile("" : "+w"(*a0), "+w"(*a1), "+w"(*a2), "+w"(*a3)::"memory");                                  \
    }

/* One filter row of a block: s at the first window column inside the input (window column l), wt at tap (ky, 0). */
KILN_DW3_INLINE void kiln_dw3_blk_row(float32x4_t *a0, float32x4_t *a1, float32x4_t *a2, float32x4_t *a3,
                                      const float32_t *s, const float32_t *wt, size_t c, int st, int n, int l, int r)
{
    const float32_t *sp = s;
    const float32_t *wp = wt;
    const float32x4_t w0 = vld1q_f32(wp);
    float32x4_t w1 = vuninitializedq_f32();
    float32x4_t w2 = vuninitializedq_f32();
    KILN_DW3_COL(0)
    KILN_DW3_COL(1)
    KILN_DW3_COL(2)
    KILN_DW3_COL(3)
    KILN_DW3_COL(4)
    KILN_DW3_COL(5)
    KILN_DW3_COL(6)
    KILN_DW3_COL(7)
    KILN_DW3_COL(8)
}
#undef KILN_DW3_COL
#undef KILN_DW3_PIN
#undef KILN_DW3_TAP
#undef KILN_DW3_ACC
#undef KILN_DW3_BUMP

/* One call: count adjacent blocks of the same shape along an output row. */
typedef struct
{
    const float32_t *s;    /* first block: input at (first filter row inside the input, window column l), channel 0 */
    const float32_t *w;    /* weights at tap (ky0, 0), channel 0 */
    const float32_t *bias; /* NULL: zero */
    float32_t *dst;        /* first block: output x0, channel 0 */
    size_t c;              /* channels (>= 4) */
    size_t row;            /* input row stride (elements) */
    size_t sstep;          /* input step between blocks (elements): stride x n x c */
    int32_t nky;           /* filter rows inside the input (>= 1) */
    int32_t count;         /* blocks (>= 1) */
    float32_t lo, hi;
} kiln_dw3_blk_args;

KILN_DW3_INLINE void kiln_dw3_blk(const kiln_dw3_blk_args *a, int st, int n, int l, int r)
{
    /* locals, not the struct: the empty asm statements clobber memory */
    const size_t c = a->c;
    const size_t row = a->row;
    const int32_t nky = a->nky;
    const float32x4_t vlo = vdupq_n_f32(a->lo);
    const float32x4_t vhi = vdupq_n_f32(a->hi);
    const bool has_bias = a->bias != NULL;
    const float32_t *const bias = has_bias ? a->bias : kiln_dw3_zero;
    const size_t bmask = has_bias ? ~(size_t)0 : 0u; /* no bias: the zeros, not stepped */
    const float32_t *const w = a->w;
    const size_t first = (c & 3u) != 0 ? (c & 3u) : 4u;
    const size_t dstep = (size_t)n * c;
    const size_t sstep = a->sstep;
    const float32_t *sx = a->s;
    float32_t *dx = a->dst;
    for (int32_t bx = a->count; bx > 0; bx--, sx += sstep, dx += dstep)
    {
        const float32_t *bp = bias;
        const float32_t *s0 = sx;
        const float32_t *w0 = w;
        float32_t *d = dx;
        /* channel blocks at 0, then c % 4 (when nonzero), then steps of 4 up to c - 4 */
        size_t step = first;
        for (size_t i = (c + 3) / 4; i > 0; i--)
        {
            const float32x4_t b = vld1q_f32(bp);
            float32x4_t a0 = b, a1 = b, a2 = b, a3 = b;
            const float32_t *s = s0;
            const float32_t *wt = w0;
            for (int32_t k = nky; k > 0; k--, s += row, wt += 3 * c)
            {
                kiln_dw3_blk_row(&a0, &a1, &a2, &a3, s, wt, c, st, n, l, r);
            }
            vst1q_f32(d, kiln_dw32_clamp(a0, vlo, vhi));
            if (n > 1)
            {
                vst1q_f32(d + c, kiln_dw32_clamp(a1, vlo, vhi));
            }
            if (n > 2)
            {
                vst1q_f32(d + 2 * c, kiln_dw32_clamp(a2, vlo, vhi));
            }
            if (n > 3)
            {
                vst1q_f32(d + 3 * c, kiln_dw32_clamp(a3, vlo, vhi));
            }
            s0 += step;
            w0 += step;
            d += step;
            bp += step & bmask;
            step = 4;
        }
    }
}

#define KILN_DW3_BLK(st, n, l, r)                                                                                     \
    static void kiln_dw3_blk_##st##_##n##l##r(const kiln_dw3_blk_args *a)                                            \
    {                                                                                                                 \
        kiln_dw3_blk(a, st, n, l, r);                                                                                 \
    }
#define KILN_DW3_BLKS(st)                                                                                             \
    KILN_DW3_BLK(st, 4, 0, 0)                                                                                         \
    KILN_DW3_BLK(st, 4, 1, 0)                                                                                         \
    KILN_DW3_BLK(st, 4, 0, 1)                                                                                         \
    KILN_DW3_BLK(st, 4, 1, 1)                                                                                         \
    KILN_DW3_BLK(st, 3, 0, 0)                                                                                         \
    KILN_DW3_BLK(st, 3, 1, 0)                                                                                         \
    KILN_DW3_BLK(st, 3, 0, 1)                                                                                         \
    KILN_DW3_BLK(st, 3, 1, 1)                                                                                         \
    KILN_DW3_BLK(st, 2, 0, 0)                                                                                         \
    KILN_DW3_BLK(st, 2, 1, 0)                                                                                         \
    KILN_DW3_BLK(st, 2, 0, 1)                                                                                         \
    KILN_DW3_BLK(st, 2, 1, 1)
KILN_DW3_BLKS(1)
KILN_DW3_BLKS(2)
/* one output per block: the same columns at any stride (the caller's sstep steps between blocks) */
KILN_DW3_BLK(1, 1, 0, 0)
KILN_DW3_BLK(1, 1, 1, 0)
KILN_DW3_BLK(1, 1, 0, 1)
KILN_DW3_BLK(1, 1, 1, 1)
#undef KILN_DW3_BLKS
#undef KILN_DW3_BLK

/* Instances by [st - 1][n - 1][l][r]. */
#define KILN_DW3_ROW(st, n)                                                                                           \
    {                                                                                                                 \
        {kiln_dw3_blk_##st##_##n##00, kiln_dw3_blk_##st##_##n##01},                                                   \
        {                                                                                                             \
            kiln_dw3_blk_##st##_##n##10, kiln_dw3_blk_##st##_##n##11                                                  \
        }                                                                                                             \
    }
static void (*const kiln_dw3_blks[2][4][2][2])(const kiln_dw3_blk_args *) = {
    {KILN_DW3_ROW(1, 1), KILN_DW3_ROW(1, 2), KILN_DW3_ROW(1, 3), KILN_DW3_ROW(1, 4)},
    {KILN_DW3_ROW(1, 1), KILN_DW3_ROW(2, 2), KILN_DW3_ROW(2, 3), KILN_DW3_ROW(2, 4)},
};
#undef KILN_DW3_ROW

/* One output (any window): the taps inside the input, channels four at a time, the tail predicated. */
static void kiln_dw3_one(const kiln_dw_flt_geom *g, const float32_t *img, const float32_t *w, int32_t iy0,
                         int32_t ky0, int32_t ky1, int32_t x, const float32_t *bias, float32x4_t vlo, float32x4_t vhi,
                         float32_t *dst)
{
    const int32_t c = g->in_c;
    const size_t c1 = (size_t)c;
    const size_t row = (size_t)g->in_w * c1;
    const int32_t ix0 = x * g->stride_w - g->pad_w;
    const int32_t kx0 = ix0 < 0 ? (-ix0 > 3 ? 3 : -ix0) : 0;
    int32_t kx1 = g->in_w - ix0;
    kx1 = kx1 < kx0 ? kx0 : (kx1 > 3 ? 3 : kx1);
    const bool full = ky0 == 0 && ky1 == 3 && kx0 == 0 && kx1 == 3;
    /* no address is formed outside the image when no tap is inside it */
    const float32_t *s0 =
        ky1 > ky0 && kx1 > kx0 ? img + (size_t)(iy0 + ky0) * row + (size_t)(ix0 + kx0) * c1 : img;
    const float32_t *w0 = w + (size_t)(ky0 * 3 + kx0) * c1;
    for (int32_t ch = 0; ch < c; ch += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
        const float32x4_t acc = kiln_dw3_win_p(s0 + ch, w0 + ch, ky1 - ky0, kx1 - kx0, row, c1, p, full);
        kiln_dw3_finish(acc, bias, ch, p, vlo, vhi, dst);
    }
}

/* A run of output columns of every row: count blocks of shape (n, l, r) from column x0, or (n == 0) count
 * columns one at a time (kiln_dw3_one). */
typedef struct
{
    int32_t x0, count;
    int8_t n, l, r;
} kiln_dw3_seg;

/* Worst case: one-at-a-time columns, a block with l = 1, a run of interior blocks, one last block, one-at-a-time
 * columns. */
#define KILN_DW3_SEGS (6)

/* The column plan, the same for every output row: blocks where the horizontal stride is 1 or 2 and c >= 4, else
 * one at a time. A block takes up to four outputs, fewer where its last window would miss two or more columns on
 * the right; a window missing two or more columns on the left runs one at a time. At most one block has l = 1
 * (the first); after the first block with r = 1, or one cut short, every window misses two or more columns. */
static int32_t kiln_dw3_plan(const kiln_dw_flt_geom *g, kiln_dw3_seg *seg)
{
    int32_t k = 0;
    int32_t x = 0;
    const int32_t st = g->stride_w;
    const bool blocks = (st == 1 || st == 2) && g->in_c >= 4;
    while (x < g->out_w)
    {
        int32_t n = 0, l = 0, r = 0;
        if (blocks && k < KILN_DW3_SEGS - 1)
        {
            const int64_t ix = (int64_t)x * st - g->pad_w; /* the block's first window column */
            n = g->out_w - x < 4 ? g->out_w - x : 4;
            l = ix < 0 ? 2 : 0; /* 2: two or more (no block) */
            l = ix == -1 ? 1 : l;
            /* window columns of the last output past the input: at most one */
            while (n > 0 && ix + (int64_t)st * (n - 1) + 3 - g->in_w > 1)
            {
                n--;
            }
            r = n > 0 && ix + (int64_t)st * (n - 1) + 3 > g->in_w ? 1 : 0;
            if (l > 1)
            {
                n = 0;
            }
        }
        if (n == 0)
        {
            l = 0;
            r = 0;
        }
        if (k > 0 && seg[k - 1].n == n && seg[k - 1].l == l && seg[k - 1].r == r)
        {
            seg[k - 1].count++;
        }
        else
        {
            seg[k].x0 = x;
            seg[k].count = 1;
            seg[k].n = (int8_t)n;
            seg[k].l = (int8_t)l;
            seg[k].r = (int8_t)r;
            k++;
        }
        x += n > 0 ? n : 1;
    }
    return k;
}

void kiln_dw_flt_3x3_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w, const float32_t *bias,
                         float32_t *out, float32_t lo, float32_t hi)
{
    const int32_t c = g->in_c;
    const size_t c1 = (size_t)c;
    const size_t row = (size_t)g->in_w * c1;
    const size_t orow = (size_t)g->out_w * c1;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    kiln_dw3_seg seg[KILN_DW3_SEGS];
    const int32_t nseg = kiln_dw3_plan(g, seg);
    kiln_dw3_blk_args a;
    a.bias = bias;
    a.c = c1;
    a.row = row;
    a.lo = lo;
    a.hi = hi;
    float32_t *orow0 = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t y = 0; y < g->out_h; y++, orow0 += orow)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            const int32_t ky0 = iy0 < 0 ? (-iy0 > 3 ? 3 : -iy0) : 0;
            int32_t ky1 = g->in_h - iy0;
            ky1 = ky1 < ky0 ? ky0 : (ky1 > 3 ? 3 : ky1);
            a.w = w + (size_t)ky0 * 3 * c1;
            a.nky = ky1 - ky0;
            for (int32_t k = 0; k < nseg; k++)
            {
                const kiln_dw3_seg *sg = &seg[k];
                float32_t *dst = orow0 + (size_t)sg->x0 * c1;
                if (sg->n > 0 && ky1 > ky0)
                {
                    a.s = img + (size_t)(iy0 + ky0) * row + (size_t)(sg->x0 * g->stride_w - g->pad_w + sg->l) * c1;
                    a.dst = dst;
                    a.count = sg->count;
                    a.sstep = (size_t)g->stride_w * (size_t)sg->n * c1;
                    kiln_dw3_blks[g->stride_w - 1][sg->n - 1][sg->l][sg->r](&a);
                    continue;
                }
                const int32_t cols = sg->n > 0 ? sg->n * sg->count : sg->count;
                for (int32_t x = sg->x0; x < sg->x0 + cols; x++, dst += c1)
                {
                    kiln_dw3_one(g, img, w, iy0, ky0, ky1, x, bias, vlo, vhi, dst);
                }
            }
        }
    }
}

void kiln_dw_flt_k3_f32(const float32_t *x, int32_t ch, const float32_t *w, const float32_t *bias, float32_t *out,
                        int32_t out_w, float32_t lo, float32_t hi, bool clamp)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const size_t c1 = (size_t)ch, c2 = 2 * (size_t)ch;
    for (int32_t i = 0; i < out_w; i++)
    {
        const float32_t *s = x + (size_t)i * c1;
        float32_t *d = out + (size_t)i * c1;
        for (int32_t c = 0; c < ch; c += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(ch - c));
            float32x4_t acc = vmulq_f32(vldrwq_z_f32(s + c, p), vldrwq_z_f32(w + c, p));
            acc = vfmaq_f32(acc, vldrwq_z_f32(s + c1 + c, p), vldrwq_z_f32(w + c1 + c, p));
            acc = vfmaq_f32(acc, vldrwq_z_f32(s + c2 + c, p), vldrwq_z_f32(w + c2 + c, p));
            acc = vaddq_f32(acc, bias != NULL ? vldrwq_z_f32(bias + c, p) : vdupq_n_f32(0.0f));
            if (clamp)
            {
                acc = kiln_dw32_clamp(acc, vlo, vhi);
            }
            vstrwq_p_f32(d + c, acc, p);
        }
    }
}

void kiln_dw_flt_nt_t_f32(const float32_t *lhs, const float32_t *rhs, const float32_t *bias, float32_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float32_t lo, float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    for (int32_t r = 0; r < rows; r++)
    {
        const float32_t *l = lhs + (size_t)r * (size_t)taps * (size_t)ch;
        float32_t *d = out + (size_t)r * (size_t)out_stride;
        for (int32_t c = 0; c < ch; c += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(ch - c));
            float32x4_t acc = vdupq_n_f32(0.0f);
            const float32_t *lk = l + c;
            const float32_t *rk = rhs + c;
            for (int32_t k = 0; k < taps; k++, lk += ch, rk += ch)
            {
                acc = vfmaq_f32(acc, vldrwq_z_f32(lk, p), vldrwq_z_f32(rk, p));
            }
            kiln_dw3_finish(acc, bias, c, p, vlo, vhi, d);
        }
    }
}

/* ---- generic route (any filter size, stride, padding, dilation and channel multiplier) ----
 * Each output sums, from its bias, the taps inside the input in (ky, kx) order, then clamps. ch_mult 1: four
 * channels per vector (input and weight loads contiguous). ch_mult > 1: per input channel, its ch_mult outputs
 * four per vector, each tap's input value broadcast (vector-by-scalar fused multiply-add) - no gathers; ch_mult 2
 * with at least four input channels: four input channels (eight outputs) per step, weights deinterleaved and
 * sums interleaved by vld2q / vst2q, two adjacent outputs with every filter column inside sharing the weight loads.
 * Channel tails run predicated (or, in the four-output and ch_mult 2 paths, as
 * an overlapping last group at full width). */

/* Window of one output: s at its first tap inside the input (channel 0), wt at that tap's weights, nky x nkx taps,
 * dy / dx input steps between taps (elements), wy weight step between filter rows. */
typedef struct
{
    const float32_t *s;
    const float32_t *wt;
    int32_t nky, nkx;
    size_t dy, dx, wy;
} kiln_dwg_win;

/* ch_mult 1: channels [ch, ch + 4) of one output (tail: predicate p). */
KILN_DW3_INLINE float32x4_t kiln_dwg_c1(const kiln_dwg_win *v, size_t c, size_t ch, float32x4_t acc, bool tail,
                                        mve_pred16_t p)
{
    const float32_t *sr = v->s + ch;
    const float32_t *wr = v->wt + ch;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += v->dy, wr += v->wy)
    {
        const float32_t *sp = sr;
        const float32_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += v->dx, wp += c)
        {
            if (tail)
            {
                acc = vfmaq_f32(acc, vldrwq_z_f32(sp, p), vldrwq_z_f32(wp, p));
            }
            else
            {
                acc = vfmaq_f32(acc, vld1q_f32(sp), vld1q_f32(wp));
            }
        }
    }
    return acc;
}

/* ch_mult > 1: outputs [o, o + 4) of input channel i (o = i * ch_mult + m); weights of output channel o. */
KILN_DW3_INLINE float32x4_t kiln_dwg_cm(const kiln_dwg_win *v, size_t oc, size_t i, size_t o, float32x4_t acc,
                                        bool tail, mve_pred16_t p)
{
    const float32_t *sr = v->s + i;
    const float32_t *wr = v->wt + o;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += v->dy, wr += v->wy)
    {
        const float32_t *sp = sr;
        const float32_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += v->dx, wp += oc)
        {
            if (tail)
            {
                acc = vfmaq_m_n_f32(acc, vldrwq_z_f32(wp, p), *sp, p);
            }
            else
            {
                acc = vfmaq_n_f32(acc, vld1q_f32(wp), *sp);
            }
        }
    }
    return acc;
}

/* ch_mult 1, four outputs with the same taps (every filter column inside the input), sx input elements apart:
 * each weight vector loaded once for the four. Channels [ch, ch + 4), full vectors. */
__attribute__((noinline)) static void kiln_dwg_c1_quad(const kiln_dwg_win *v, size_t c, size_t sx,
                                                        const float32_t *bias, float32_t lo, float32_t hi,
                                                        float32_t *dst)
{
    const size_t last = c - 4;
    const size_t first = (c & 3u) != 0 ? (c & 3u) : 4u;
    const float32_t *const s0 = v->s;
    const float32_t *const w0 = v->wt;
    const int32_t nky = v->nky, nkx = v->nkx;
    const size_t dy = v->dy, dx = v->dx, wy = v->wy;
    size_t step = first;
    size_t ch = 0;
    /* channel blocks at 0, then c % 4 (when nonzero), then steps of 4 up to c - 4: no predication */
    for (size_t i = (c + 3) / 4; i > 0; i--)
    {
        const float32x4_t b = bias != NULL ? vld1q_f32(bias + ch) : vdupq_n_f32(0.0f);
        float32x4_t a0 = b, a1 = b, a2 = b, a3 = b;
        const float32_t *sr = s0 + ch;
        const float32_t *wr = w0 + ch;
        for (int32_t ky = nky; ky > 0; ky--, sr += dy, wr += wy)
        {
            const float32_t *sp = sr;
            const float32_t *wp = wr;
            for (int32_t kx = nkx; kx > 0; kx--, sp += dx, wp += c)
            {
                const float32x4_t wv = vld1q_f32(wp);
                a0 = vfmaq_f32(a0, vld1q_f32(sp), wv);
                a1 = vfmaq_f32(a1, vld1q_f32(sp + sx), wv);
                a2 = vfmaq_f32(a2, vld1q_f32(sp + 2 * sx), wv);
                a3 = vfmaq_f32(a3, vld1q_f32(sp + 3 * sx), wv);
            }
        }
        /* the bounds are broadcast here, not kept in Q registers across the taps */
        const float32x4_t vlo = vdupq_n_f32(lo);
        const float32x4_t vhi = vdupq_n_f32(hi);
        float32_t *d = dst + ch;
        vst1q_f32(d, kiln_dw32_clamp(a0, vlo, vhi));
        vst1q_f32(d + c, kiln_dw32_clamp(a1, vlo, vhi));
        vst1q_f32(d + 2 * c, kiln_dw32_clamp(a2, vlo, vhi));
        vst1q_f32(d + 3 * c, kiln_dw32_clamp(a3, vlo, vhi));
        ch += step;
        ch = ch > last ? last : ch;
        step = 4;
    }
}

/* ch_mult > 1, four outputs with the same taps, sx input elements apart: outputs [o, o + 4) of input channel i for
 * the four, each weight vector loaded once for the four, each input value broadcast. Full vectors only. */
__attribute__((noinline)) static void kiln_dwg_cm_quad(const kiln_dwg_win *v, size_t oc, size_t i, size_t o,
                                                      size_t sx, const float32_t *bias, float32_t lo, float32_t hi,
                                                      float32_t *dst)
{
    const size_t dy = v->dy, dx = v->dx, wy = v->wy;
    const float32x4_t b = bias != NULL ? vld1q_f32(bias + o) : vdupq_n_f32(0.0f);
    float32x4_t a0 = b, a1 = b, a2 = b, a3 = b;
    const float32_t *sr = v->s + i;
    const float32_t *wr = v->wt + o;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += dy, wr += wy)
    {
        const float32_t *sp = sr;
        const float32_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += dx, wp += oc)
        {
            const float32x4_t wv = vld1q_f32(wp);
            a0 = vfmaq_n_f32(a0, wv, sp[0]);
            a1 = vfmaq_n_f32(a1, wv, sp[sx]);
            a2 = vfmaq_n_f32(a2, wv, sp[2 * sx]);
            a3 = vfmaq_n_f32(a3, wv, sp[3 * sx]);
        }
    }
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    float32_t *d = dst + o;
    vst1q_f32(d, kiln_dw32_clamp(a0, vlo, vhi));
    vst1q_f32(d + oc, kiln_dw32_clamp(a1, vlo, vhi));
    vst1q_f32(d + 2 * oc, kiln_dw32_clamp(a2, vlo, vhi));
    vst1q_f32(d + 3 * oc, kiln_dw32_clamp(a3, vlo, vhi));
}

/* ch_mult 2, c >= 4, np (1 or 2, a compile-time constant) outputs with the same taps, sx input elements apart:
 * four input channels per step (their eight outputs) with full vectors - each input vector loaded once per tap
 * and output, the weights of the even and the odd outputs deinterleaved (vld2q, loaded once for the np outputs),
 * the two sums of each output stored interleaved (vst2q). A channel count that is not a multiple of four ends with
 * the group at c - 4 (recomputing a few outputs with the same operations). */
KILN_DW3_INLINE void kiln_dwg_cm2_run(const kiln_dwg_win *v, size_t c, size_t sx, const float32_t *bias,
                                      float32_t lo, float32_t hi, float32_t *dst, int np)
{
    const size_t oc = 2 * c;
    const size_t first = (c & 3u) != 0 ? (c & 3u) : 4u;
    const int32_t nky = v->nky, nkx = v->nkx;
    const size_t dy = v->dy, dx = v->dx, wy = v->wy;
    size_t i = 0;
    size_t step = first;
    for (size_t k = (c + 3) / 4; k > 0; k--)
    {
        float32x4x2_t acc0;
        if (bias != NULL)
        {
            acc0 = vld2q_f32(bias + 2 * i);
        }
        else
        {
            acc0.val[0] = vdupq_n_f32(0.0f);
            acc0.val[1] = acc0.val[0];
        }
        float32x4x2_t acc1 = acc0;
        const float32_t *sr = v->s + i;
        const float32_t *wr = v->wt + 2 * i;
        for (int32_t ky = nky; ky > 0; ky--, sr += dy, wr += wy)
        {
            const float32_t *sp = sr;
            const float32_t *wp = wr;
            for (int32_t kx = nkx; kx > 0; kx--)
            {
                /* the weight load reads an opaque copy of wp: GCC 12.2 would otherwise fold the step below into
                 * the vld21 as a register post-increment, which does not assemble */
                const float32_t *wl = wp;
                __asm__("" : "+r"(wl));
                const float32x4x2_t wv = vld2q_f32(wl);
                const float32x4_t x0 = vld1q_f32(sp);
                acc0.val[0] = vfmaq_f32(acc0.val[0], x0, wv.val[0]);
                acc0.val[1] = vfmaq_f32(acc0.val[1], x0, wv.val[1]);
                if (np > 1)
                {
                    const float32x4_t x1 = vld1q_f32(sp + sx);
                    acc1.val[0] = vfmaq_f32(acc1.val[0], x1, wv.val[0]);
                    acc1.val[1] = vfmaq_f32(acc1.val[1], x1, wv.val[1]);
                }
                sp += dx;
                wp += oc;
            }
        }
        const float32x4_t vlo = vdupq_n_f32(lo);
        const float32x4_t vhi = vdupq_n_f32(hi);
        acc0.val[0] = kiln_dw32_clamp(acc0.val[0], vlo, vhi);
        acc0.val[1] = kiln_dw32_clamp(acc0.val[1], vlo, vhi);
        vst2q_f32(dst + 2 * i, acc0);
        if (np > 1)
        {
            acc1.val[0] = kiln_dw32_clamp(acc1.val[0], vlo, vhi);
            acc1.val[1] = kiln_dw32_clamp(acc1.val[1], vlo, vhi);
            vst2q_f32(dst + oc + 2 * i, acc1);
        }
        i += step;
        step = 4;
    }
}

/* ch_mult 2, c >= 4: output x (window v, first input column ix0, filter columns [kx0, kx1) inside), and output
 * x + 1 with it when both have every filter column inside. Returns the outputs written (1 or 2). */
__attribute__((noinline)) static int32_t kiln_dwg_cm2(const kiln_dw_flt_geom *g, const kiln_dwg_win *v, int32_t x,
                                                     int32_t ix0, int32_t kx0, int32_t kx1, const float32_t *bias,
                                                     float32_t lo, float32_t hi, float32_t *dst)
{
    const size_t c = (size_t)g->in_c;
    int32_t px0 = 1, px1 = 0;
    if (v->nky > 0 && kx0 == 0 && kx1 == g->k_w && x + 1 < g->out_w)
    {
        kiln_dw_flt_taps(ix0 + g->stride_w, g->k_w, g->dil_w, g->in_w, &px0, &px1);
    }
    if (px0 == 0 && px1 == g->k_w)
    {
        kiln_dwg_cm2_run(v, c, (size_t)g->stride_w * c, bias, lo, hi, dst, 2);
        return 2;
    }
    kiln_dwg_cm2_run(v, c, 0, bias, lo, hi, dst, 1);
    return 1;
}

KILN_DW3_INLINE float32x4_t kiln_dwg_bias(const float32_t *bias, size_t o, bool tail, mve_pred16_t p)
{
    if (bias == NULL)
    {
        return vdupq_n_f32(0.0f);
    }
    return tail ? vldrwq_z_f32(bias + o, p) : vld1q_f32(bias + o);
}

void kiln_dw_flt_generic_mve_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w,
                                 const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    const size_t c = (size_t)g->in_c;
    const size_t oc = (size_t)g->out_c;
    const size_t cm = (size_t)g->ch_mult;
    const size_t row = (size_t)g->in_w * c;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    kiln_dwg_win v;
    v.dy = (size_t)g->dil_h * row;
    v.dx = (size_t)g->dil_w * c;
    v.wy = (size_t)g->k_w * oc;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_dw_flt_taps(iy0, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float32_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) * oc;
            for (int32_t x = x_begin; x < g->out_w; x++, dst += oc)
            {
                const int32_t ix0 = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_dw_flt_taps(ix0, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                if ((cm == 1 ? c >= 4 : cm >= 4) && ky1 > ky0 && kx0 == 0 && kx1 == g->k_w && x + 3 < g->out_w)
                {
                    /* outputs x .. x + 3 share the taps when output x + 3 has every filter column inside too */
                    int32_t qx0, qx1;
                    kiln_dw_flt_taps(ix0 + 3 * g->stride_w, g->k_w, g->dil_w, g->in_w, &qx0, &qx1);
                    if (qx0 == 0 && qx1 == g->k_w)
                    {
                        v.nky = ky1 - ky0;
                        v.nkx = g->k_w;
                        v.s = img + (size_t)(iy0 + ky0 * g->dil_h) * row + (size_t)ix0 * c;
                        v.wt = w + (size_t)ky0 * (size_t)g->k_w * oc;
                        const size_t sx = (size_t)g->stride_w * c;
                        if (cm == 1)
                        {
                            kiln_dwg_c1_quad(&v, c, sx, bias, lo, hi, dst);
                        }
                        else
                        {
                            for (size_t i = 0; i < c; i++)
                            {
                                size_t m = 0;
                                for (; m + 4 <= cm; m += 4)
                                {
                                    kiln_dwg_cm_quad(&v, oc, i, i * cm + m, sx, bias, lo, hi, dst);
                                }
                                for (int32_t q = 0; m < cm && q < 4; q++)
                                {
                                    /* ch_mult tail: one output at a time, predicated */
                                    const mve_pred16_t p = vctp32q((uint32_t)(cm - m));
                                    kiln_dwg_win u = v;
                                    u.s = v.s + (size_t)q * sx;
                                    float32x4_t acc = kiln_dwg_cm(&u, oc, i, i * cm + m,
                                                                  kiln_dwg_bias(bias, i * cm + m, true, p), true, p);
                                    vstrwq_p_f32(dst + (size_t)q * oc + i * cm + m,
                                                 kiln_dw32_clamp(acc, vlo, vhi), p);
                                }
                            }
                        }
                        x += 3;
                        dst += 3 * oc;
                        continue;
                    }
                }
                v.nky = ky1 - ky0;
                v.nkx = kx1 - kx0;
                if (v.nky == 0 || v.nkx == 0)
                {
                    v.nky = 0; /* no tap: bias only; no address is formed outside the image */
                    v.s = img;
                }
                else
                {
                    v.s = img + (size_t)(iy0 + ky0 * g->dil_h) * row + (size_t)(ix0 + kx0 * g->dil_w) * c;
                }
                v.wt = w + ((size_t)ky0 * (size_t)g->k_w + (size_t)kx0) * oc;
                if (cm == 1)
                {
                    size_t ch = 0;
                    for (; ch + 4 <= c; ch += 4)
                    {
                        float32x4_t acc = kiln_dwg_c1(&v, c, ch, kiln_dwg_bias(bias, ch, false, 0), false, 0);
                        vst1q_f32(dst + ch, kiln_dw32_clamp(acc, vlo, vhi));
                    }
                    if (ch < c)
                    {
                        const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
                        float32x4_t acc = kiln_dwg_c1(&v, c, ch, kiln_dwg_bias(bias, ch, true, p), true, p);
                        vstrwq_p_f32(dst + ch, kiln_dw32_clamp(acc, vlo, vhi), p);
                    }
                }
                else if (cm == 2 && c >= 4)
                {
                    const int32_t done = kiln_dwg_cm2(g, &v, x, ix0, kx0, kx1, bias, lo, hi, dst);
                    x += done - 1;
                    dst += (size_t)(done - 1) * oc;
                }
                else
                {
                    for (size_t i = 0; i < c; i++)
                    {
                        const size_t o0 = i * cm;
                        size_t m = 0;
                        for (; m + 4 <= cm; m += 4)
                        {
                            float32x4_t acc = kiln_dwg_cm(&v, oc, i, o0 + m, kiln_dwg_bias(bias, o0 + m, false, 0),
                                                          false, 0);
                            vst1q_f32(dst + o0 + m, kiln_dw32_clamp(acc, vlo, vhi));
                        }
                        if (m < cm)
                        {
                            const mve_pred16_t p = vctp32q((uint32_t)(cm - m));
                            float32x4_t acc =
                                kiln_dwg_cm(&v, oc, i, o0 + m, kiln_dwg_bias(bias, o0 + m, true, p), true, p);
                            vstrwq_p_f32(dst + o0 + m, kiln_dw32_clamp(acc, vlo, vhi), p);
                        }
                    }
                }
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE */
