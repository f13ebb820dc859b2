/*
 * Kiln — float32 convolution kernels, Helium (MVE float). One multiply-accumulate block serves every route: the
 * output-position kernels of the GEMM-shaped routes (1x1, 1xN, conv1d k5/k3, packed-patch GEMM, in place or from
 * patch rows, arm_nn_mat_mult_*_f32) and the direct / small-C kernel (only the taps inside the input). Lanes are
 * output channels: two positions x eight channels per block (one position: sixteen NT_N_PACKED, twelve standard),
 * each weight vector feeding both positions; each lane sums its channel's products in tap order with fused
 * multiply-adds from 0, then adds its bias and clamps (NaN kept, as the portable kernel), so every blocking and
 * both weight formats give the same bits. NT_N_PACKED weights are loaded contiguously; standard weights are
 * gathered, one four-channel gather per column through a self-advancing address vector (a gather is slower than a
 * contiguous load on a Cortex-M55: pack the weights for speed). The hot loops are inline assembly (see there).
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE

/* n elements from s to d, four lanes per step, the tail predicated. */
static inline void kiln_copy_f32x4(float32_t *d, const float32_t *s, int32_t n)
{
    for (; n >= 4; n -= 4)
    {
        vstrwq_f32(d, vldrwq_f32(s));
        d += 4;
        s += 4;
    }
    if (n > 0)
    {
        const mve_pred16_t p = vctp32q((uint32_t)n);
        vstrwq_p_f32(d, vldrwq_z_f32(s, p), p);
    }
}

/* n copies of pad. */
static inline void kiln_fill_f32x4(float32_t *d, float32x4_t pad, int32_t n)
{
    for (; n >= 4; n -= 4)
    {
        vstrwq_f32(d, pad);
        d += 4;
    }
    if (n > 0)
    {
        vstrwq_p_f32(d, pad, vctp32q((uint32_t)n));
    }
}

void kiln_conv_flt_pack_patch_f32(const float32_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float32_t pad_value, float32_t *patch_row)
{
    const int32_t c = g->in_c;
    const float32x4_t pad = vdupq_n_f32(pad_value);
    float32_t *d = patch_row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        const int32_t iy = out_y * g->stride_h - g->pad_h + ky * g->dil_h;
        const bool row_in = iy >= 0 && iy < g->in_h;
        const float32_t *src_row = row_in ? in + (size_t)iy * (size_t)g->in_w * (size_t)c : NULL;
        const int32_t x0 = out_x * g->stride_w - g->pad_w;
        if (row_in && g->dil_w == 1 && x0 >= 0 && x0 <= g->in_w - g->k_w)
        {
            /* the whole filter row lies inside the input: one contiguous run of KW x C elements */
            kiln_copy_f32x4(d, src_row + (size_t)x0 * (size_t)c, g->k_w * c);
            d += (size_t)g->k_w * (size_t)c;
            continue;
        }
        if (row_in && g->dil_w == 1)
        {
            /* unit dilation at an edge: pad, the contiguous run of taps inside the input, pad */
            const int32_t kx0 = x0 < 0 ? (-x0 < g->k_w ? -x0 : g->k_w) : 0;
            int32_t kx1 = g->in_w - x0 < g->k_w ? g->in_w - x0 : g->k_w;
            kx1 = kx1 < kx0 ? kx0 : kx1;
            kiln_fill_f32x4(d, pad, kx0 * c);
            d += (size_t)kx0 * (size_t)c;
            kiln_copy_f32x4(d, src_row + (size_t)(x0 + kx0) * (size_t)c, (kx1 - kx0) * c);
            d += (size_t)(kx1 - kx0) * (size_t)c;
            kiln_fill_f32x4(d, pad, (g->k_w - kx1) * c);
            d += (size_t)(g->k_w - kx1) * (size_t)c;
            continue;
        }
        for (int32_t kx = 0; kx < g->k_w; kx++)
        {
            const int32_t ix = x0 + kx * g->dil_w;
            const bool in_x = row_in && ix >= 0 && ix < g->in_w;
            if (in_x)
            {
                kiln_copy_f32x4(d, src_row + (size_t)ix * (size_t)c, c);
            }
            else
            {
                kiln_fill_f32x4(d, pad, c);
            }
            d += c;
        }
    }
}

/* ---- the multiply-accumulate block every route runs ------------------------------------------------------- */

/* The taps of one or two output positions: n_outer x n_inner runs of seg_len elements. Run (r, i) of position
 * p starts at x[p] + r * so + i * si and meets the weight columns from wk0 + r * wk_outer + i * wk_inner on. */
typedef struct
{
    const float32_t *x[2];
    ptrdiff_t so, si;
    int32_t seg_len, n_inner, n_outer;
    int32_t wk0, wk_outer, wk_inner;
} kiln_taps_f32;

/* What a block does with its sums: bias (of the block's first channel, or NULL), bounds, clamp or not. */
typedef struct
{
    const float32_t *bias;
    float32_t lo, hi;
    bool clamp;
} kiln_fin_f32;

static inline __attribute__((always_inline)) void kiln_store_f32x4(float32x4_t acc, const kiln_fin_f32 *f, int32_t o,
                                                                   int32_t left, float32x4_t vlo, float32x4_t vhi,
                                                                   float32_t *d)
{
    const bool full = left - o >= 4;
    if (f->bias != NULL)
    {
        acc = vaddq_f32(acc, full ? vldrwq_f32(f->bias + o) : vldrwq_z_f32(f->bias + o, vctp32q((uint32_t)(left - o))));
    }
    if (f->clamp)
    {
        /* compare-and-select keeps a NaN sum (as the portable kernel's clamp); assembly because GCC 12.2 moves the
         * predicate through a core register and back between each compare and select */
        __asm__("vcmp.f32 gt, %q1, %q0\n\t"
                "vpsel   %q0, %q1, %q0\n\t"
                "vcmp.f32 gt, %q0, %q2\n\t"
                "vpsel   %q0, %q2, %q0"
                : "+w"(acc)
                : "w"(vlo), "w"(vhi)
                : "p0");
    }
    if (full)
    {
        vstrwq_f32(d + o, acc);
    }
    else
    {
        vstrwq_p_f32(d + o, acc, vctp32q((uint32_t)(left - o)));
    }
}

/* Gather of one column of four channel rows through an address vector that steps one column (pre-increment
 * writeback): one instruction. Assembly because GCC 12.2 expands vldrwq_gather_base_wb_f32 into a load and a
 * separate address update (and rejects its offset once inlined). */
static inline __attribute__((always_inline)) float32x4_t kiln_gather_col_f32(uint32x4_t *addr)
{
    float32x4_t v;
    __asm__("vldrw.u32 %q0, [%q1, #4]!" : "=&w"(v), "+&w"(*addr));
    return v;
}

/* Weight vector of one column: packed, four contiguous channels (the tail block is zero-filled); standard, the
 * gather above. */
#define KILN_WCOL(packed, wp, gp) ((packed) ? vldrwq_f32(wp) : kiln_gather_col_f32(&(gp)))


/*
 * The hot loops, two columns per iteration, in assembly: GCC 12.2 compiles the intrinsic form with a separate
 * address add per weight stream and single-word lhs loads (19 instructions per 32 multiply-accumulates instead of
 * 15). Each lane still adds its products column by column. pairs: the number of column pairs (may be 0).
 */

/* Two positions x eight channels, NT_N_PACKED: w0 and w1 walk the two blocks of four channels. */
static inline __attribute__((always_inline)) void kiln_pairs_p22_f32(const float32_t **x0, const float32_t **x1,
                                                                     int32_t pairs, const float32_t **w0,
                                                                     const float32_t **w1, float32x4_t *a0,
                                                                     float32x4_t *a1, float32x4_t *c0,
                                                                     float32x4_t *c1)
{
    uint32_t s0, s1, t0, t1;
    float32x4_t v0, v1;
    __asm__("wls     lr, %[np], 2f\n"
            "1:\n\t"
            "ldrd    %[s0], %[s1], [%[x0]], #8\n\t"
            "ldrd    %[t0], %[t1], [%[x1]], #8\n\t"
            "vldrw.u32 %q[v0], [%[w0]], #16\n\t"
            "vldrw.u32 %q[v1], [%[w1]], #16\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s0]\n\t"
            "vfma.f32 %q[c0], %q[v0], %[t0]\n\t"
            "vldrw.u32 %q[v0], [%[w0]], #16\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s0]\n\t"
            "vfma.f32 %q[c1], %q[v1], %[t0]\n\t"
            "vldrw.u32 %q[v1], [%[w1]], #16\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s1]\n\t"
            "vfma.f32 %q[c0], %q[v0], %[t1]\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s1]\n\t"
            "vfma.f32 %q[c1], %q[v1], %[t1]\n\t"
            "le      lr, 1b\n"
            "2:"
            : [x0] "+r"(*x0), [x1] "+r"(*x1), [w0] "+r"(*w0), [w1] "+r"(*w1), [a0] "+w"(*a0), [a1] "+w"(*a1),
              [c0] "+w"(*c0), [c1] "+w"(*c1), [s0] "=&r"(s0), [s1] "=&r"(s1), [t0] "=&r"(t0), [t1] "=&r"(t1),
              [v0] "=&w"(v0), [v1] "=&w"(v1)
            : [np] "r"(pairs)
            : "lr", "memory");
}

/* Two positions x eight channels, standard weights: g0 and g1 are the gather address vectors (kiln_gather_col_f32). */
static inline __attribute__((always_inline)) void kiln_pairs_s22_f32(const float32_t **x0, const float32_t **x1,
                                                                     int32_t pairs, uint32x4_t *g0, uint32x4_t *g1,
                                                                     float32x4_t *a0, float32x4_t *a1,
                                                                     float32x4_t *c0, float32x4_t *c1)
{
    uint32_t s0, s1, t0, t1;
    float32x4_t v0, v1;
    __asm__("wls     lr, %[np], 2f\n"
            "1:\n\t"
            "ldrd    %[s0], %[s1], [%[x0]], #8\n\t"
            "ldrd    %[t0], %[t1], [%[x1]], #8\n\t"
            "vldrw.u32 %q[v0], [%q[g0], #4]!\n\t"
            "vldrw.u32 %q[v1], [%q[g1], #4]!\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s0]\n\t"
            "vfma.f32 %q[c0], %q[v0], %[t0]\n\t"
            "vldrw.u32 %q[v0], [%q[g0], #4]!\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s0]\n\t"
            "vfma.f32 %q[c1], %q[v1], %[t0]\n\t"
            "vldrw.u32 %q[v1], [%q[g1], #4]!\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s1]\n\t"
            "vfma.f32 %q[c0], %q[v0], %[t1]\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s1]\n\t"
            "vfma.f32 %q[c1], %q[v1], %[t1]\n\t"
            "le      lr, 1b\n"
            "2:"
            : [x0] "+r"(*x0), [x1] "+r"(*x1), [g0] "+w"(*g0), [g1] "+w"(*g1), [a0] "+w"(*a0), [a1] "+w"(*a1),
              [c0] "+w"(*c0), [c1] "+w"(*c1), [s0] "=&r"(s0), [s1] "=&r"(s1), [t0] "=&r"(t0), [t1] "=&r"(t1),
              [v0] "=&w"(v0), [v1] "=&w"(v1)
            : [np] "r"(pairs)
            : "lr", "memory");
}

/* One position x sixteen channels, NT_N_PACKED: w0..w3 walk the four blocks of four channels. */
static inline __attribute__((always_inline)) void kiln_pairs_p14_f32(const float32_t **x0, int32_t pairs,
                                                                     const float32_t **w0, const float32_t **w1,
                                                                     const float32_t **w2, const float32_t **w3,
                                                                     float32x4_t *a0, float32x4_t *a1,
                                                                     float32x4_t *a2, float32x4_t *a3)
{
    uint32_t s0, s1;
    float32x4_t v0, v1;
    __asm__("wls     lr, %[np], 2f\n"
            "1:\n\t"
            "ldrd    %[s0], %[s1], [%[x0]], #8\n\t"
            "vldrw.u32 %q[v0], [%[w0]], #16\n\t"
            "vldrw.u32 %q[v1], [%[w1]], #16\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s0]\n\t"
            "vldrw.u32 %q[v0], [%[w2]], #16\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s0]\n\t"
            "vldrw.u32 %q[v1], [%[w3]], #16\n\t"
            "vfma.f32 %q[a2], %q[v0], %[s0]\n\t"
            "vldrw.u32 %q[v0], [%[w0]], #16\n\t"
            "vfma.f32 %q[a3], %q[v1], %[s0]\n\t"
            "vldrw.u32 %q[v1], [%[w1]], #16\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s1]\n\t"
            "vldrw.u32 %q[v0], [%[w2]], #16\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s1]\n\t"
            "vldrw.u32 %q[v1], [%[w3]], #16\n\t"
            "vfma.f32 %q[a2], %q[v0], %[s1]\n\t"
            "vfma.f32 %q[a3], %q[v1], %[s1]\n\t"
            "le      lr, 1b\n"
            "2:"
            : [x0] "+r"(*x0), [w0] "+r"(*w0), [w1] "+r"(*w1), [w2] "+r"(*w2), [w3] "+r"(*w3), [a0] "+w"(*a0),
              [a1] "+w"(*a1), [a2] "+w"(*a2), [a3] "+w"(*a3), [s0] "=&r"(s0), [s1] "=&r"(s1), [v0] "=&w"(v0),
              [v1] "=&w"(v1)
            : [np] "r"(pairs)
            : "lr", "memory");
}

/* One position x twelve channels, standard weights: g0..g2 the gather address vectors. */
static inline __attribute__((always_inline)) void kiln_pairs_s13_f32(const float32_t **x0, int32_t pairs,
                                                                     uint32x4_t *g0, uint32x4_t *g1, uint32x4_t *g2,
                                                                     float32x4_t *a0, float32x4_t *a1,
                                                                     float32x4_t *a2)
{
    uint32_t s0, s1;
    float32x4_t v0, v1;
    __asm__("wls     lr, %[np], 2f\n"
            "1:\n\t"
            "ldrd    %[s0], %[s1], [%[x0]], #8\n\t"
            "vldrw.u32 %q[v0], [%q[g0], #4]!\n\t"
            "vldrw.u32 %q[v1], [%q[g1], #4]!\n\t"
            "vfma.f32 %q[a0], %q[v0], %[s0]\n\t"
            "vldrw.u32 %q[v0], [%q[g2], #4]!\n\t"
            "vfma.f32 %q[a1], %q[v1], %[s0]\n\t"
            "vldrw.u32 %q[v1], [%q[g0], #4]!\n\t"
            "vfma.f32 %q[a2], %q[v0], %[s0]\n\t"
            "vldrw.u32 %q[v0], [%q[g1], #4]!\n\t"
            "vfma.f32 %q[a0], %q[v1], %[s1]\n\t"
            "vldrw.u32 %q[v1], [%q[g2], #4]!\n\t"
            "vfma.f32 %q[a1], %q[v0], %[s1]\n\t"
            "vfma.f32 %q[a2], %q[v1], %[s1]\n\t"
            "le      lr, 1b\n"
            "2:"
            : [x0] "+r"(*x0), [g0] "+w"(*g0), [g1] "+w"(*g1), [g2] "+w"(*g2), [a0] "+w"(*a0), [a1] "+w"(*a1),
              [a2] "+w"(*a2), [s0] "=&r"(s0), [s1] "=&r"(s1), [v0] "=&w"(v0), [v1] "=&w"(v1)
            : [np] "r"(pairs)
            : "lr", "memory");
}

/* The runs of a kiln_taps_f32 in the form the blocks walk them: after run (r, i) the weight streams skip skip_i
 * columns to run (r, i + 1); after a filter row's last run, skip_r columns to the next row's first. */
typedef struct
{
    const float32_t *x0;
    ptrdiff_t pd, so, si;
    int32_t pairs, odd, n_inner, n_outer;
    int32_t skip0, skip_i, skip_r;
    const float32_t *bias;
    float32_t lo, hi;
    bool clamp;
} kiln_runs_f32;

static inline void kiln_runs_init_f32(kiln_runs_f32 *rs, const kiln_taps_f32 *t, const kiln_fin_f32 *f)
{
    rs->x0 = t->x[0];
    rs->pd = t->x[1] - t->x[0];
    rs->so = t->so;
    rs->si = t->si;
    rs->pairs = t->seg_len >> 1;
    rs->odd = t->seg_len & 1;
    rs->n_inner = t->n_inner;
    rs->n_outer = (t->n_inner > 0 && t->seg_len >= 0) ? t->n_outer : 0;
    rs->skip0 = t->wk0;
    rs->skip_i = t->wk_inner - t->seg_len;
    rs->skip_r = t->wk_outer - (t->n_inner - 1) * t->wk_inner - t->seg_len;
    rs->bias = f->bias;
    rs->lo = f->lo;
    rs->hi = f->hi;
    rs->clamp = f->clamp;
}

/*
 * npos (1, 2) positions x nv vectors of four output channels (npos 2: nv <= 2; npos 1: nv <= 4, standard nv <= 3)
 * from channel o on, of which `left` (> 4 (nv - 1)) exist; full: left >= 4 nv. w: all weights, k: the weight row
 * length. Every lane sums its channel's products in tap order, one fused multiply-add per tap, starting from 0;
 * then the bias and the clamp.
 */
static inline __attribute__((always_inline)) void kiln_mac_block_f32(const kiln_runs_f32 *rs, const int npos,
                                                                     const int nv, const bool packed, const bool full,
                                                                     const float32_t *w, int32_t k, int32_t o,
                                                                     int32_t left, float32_t *d0, float32_t *d1)
{
    float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, a2 = a0, a3 = a0, c0 = a0, c1 = a0;
    /* packed: one pointer per block of four channels; standard: one gather address vector per four channels, the
     * byte address of lane j's row at the current column less one column (the loads pre-increment); lanes past the
     * last channel read the last channel's row (never stored) */
    const float32_t *w0 = w + (size_t)o * (size_t)k + (size_t)rs->skip0 * 4u, *w1 = w0, *w2 = w0, *w3 = w0;
    uint32x4_t q0 = vdupq_n_u32(0u), q1 = q0, q2 = q0;
    if (packed)
    {
        const size_t vstep = (size_t)4 * (size_t)k;
        w1 = w0 + vstep;
        w2 = w1 + vstep;
        w3 = w2 + vstep;
    }
    else
    {
        const uint32x4_t lane = vidupq_n_u32(0u, 1);
        const uint32_t base = (uint32_t)(uintptr_t)(w + (size_t)o * (size_t)k + rs->skip0) - 4u;
        const uint32_t rb = (uint32_t)k * 4u;
        if (full)
        {
            q0 = vaddq_n_u32(vmulq_n_u32(lane, rb), base);
            q1 = vaddq_n_u32(q0, 4u * rb);
            q2 = vaddq_n_u32(q1, 4u * rb);
        }
        else
        {
            const uint32x4_t last = vdupq_n_u32((uint32_t)(left - 1));
            q0 = vaddq_n_u32(vmulq_n_u32(vminq_u32(lane, last), rb), base);
            if (nv > 1)
            {
                q1 = vaddq_n_u32(vmulq_n_u32(vminq_u32(vaddq_n_u32(lane, 4u), last), rb), base);
            }
            if (nv > 2)
            {
                q2 = vaddq_n_u32(vmulq_n_u32(vminq_u32(vaddq_n_u32(lane, 8u), last), rb), base);
            }
        }
    }
    const ptrdiff_t pd = rs->pd;
    const int32_t pairs = rs->pairs;
    const float32_t *xr = rs->x0;
    for (int32_t r = rs->n_outer; r > 0;)
    {
        const float32_t *xi = xr;
        for (int32_t i = rs->n_inner; i > 0;)
        {
            const float32_t *x = xi;
            const float32_t *y = xi + pd;
            if (npos == 2 && nv == 2)
            {
                if (packed)
                {
                    kiln_pairs_p22_f32(&x, &y, pairs, &w0, &w1, &a0, &a1, &c0, &c1);
                }
                else
                {
                    kiln_pairs_s22_f32(&x, &y, pairs, &q0, &q1, &a0, &a1, &c0, &c1);
                }
            }
            else if (npos == 1 && nv == 4 && packed)
            {
                kiln_pairs_p14_f32(&x, pairs, &w0, &w1, &w2, &w3, &a0, &a1, &a2, &a3);
            }
            else if (npos == 1 && nv == 3 && !packed)
            {
                kiln_pairs_s13_f32(&x, pairs, &q0, &q1, &q2, &a0, &a1, &a2);
            }
            else
            {
                /* the other shapes (channel tails): intrinsics, two columns per step */
                for (int32_t n = pairs; n > 0; n--)
                {
                    for (int h = 0; h < 2; h++)
                    {
                        const float32_t s0 = *x++;
                        const float32_t t0 = npos == 2 ? *y++ : 0.0f;
                        float32x4_t v = KILN_WCOL(packed, w0, q0);
                        a0 = vfmaq_n_f32(a0, v, s0);
                        if (npos == 2)
                        {
                            c0 = vfmaq_n_f32(c0, v, t0);
                        }
                        if (nv > 1)
                        {
                            v = KILN_WCOL(packed, w1, q1);
                            a1 = vfmaq_n_f32(a1, v, s0);
                            if (npos == 2)
                            {
                                c1 = vfmaq_n_f32(c1, v, t0);
                            }
                        }
                        if (nv > 2)
                        {
                            a2 = vfmaq_n_f32(a2, KILN_WCOL(packed, w2, q2), s0);
                        }
                        w0 += 4;
                        w1 += 4;
                        w2 += 4;
                    }
                }
            }
            if (rs->odd)
            {
                const float32_t s0 = *x;
                const float32_t t0 = npos == 2 ? *y : 0.0f;
                float32x4_t v = KILN_WCOL(packed, w0, q0);
                a0 = vfmaq_n_f32(a0, v, s0);
                if (npos == 2)
                {
                    c0 = vfmaq_n_f32(c0, v, t0);
                }
                if (nv > 1)
                {
                    v = KILN_WCOL(packed, w1, q1);
                    a1 = vfmaq_n_f32(a1, v, s0);
                    if (npos == 2)
                    {
                        c1 = vfmaq_n_f32(c1, v, t0);
                    }
                }
                if (nv > 2)
                {
                    a2 = vfmaq_n_f32(a2, KILN_WCOL(packed, w2, q2), s0);
                }
                if (nv > 3)
                {
                    a3 = vfmaq_n_f32(a3, vldrwq_f32(w3), s0);
                }
                w0 += 4;
                w1 += 4;
                w2 += 4;
                w3 += 4;
            }
            if (--i == 0)
            {
                break;
            }
            xi += rs->si;
            const int32_t sk = rs->skip_i;
            if (packed)
            {
                w0 += sk * 4;
                w1 += sk * 4;
                w2 += sk * 4;
                w3 += sk * 4;
            }
            else if (sk != 0)
            {
                q0 = vaddq_n_u32(q0, (uint32_t)sk * 4u);
                q1 = vaddq_n_u32(q1, (uint32_t)sk * 4u);
                q2 = vaddq_n_u32(q2, (uint32_t)sk * 4u);
            }
        }
        if (--r == 0)
        {
            break;
        }
        xr += rs->so;
        const int32_t sk = rs->skip_r;
        if (packed)
        {
            w0 += sk * 4;
            w1 += sk * 4;
            w2 += sk * 4;
            w3 += sk * 4;
        }
        else if (sk != 0)
        {
            q0 = vaddq_n_u32(q0, (uint32_t)sk * 4u);
            q1 = vaddq_n_u32(q1, (uint32_t)sk * 4u);
            q2 = vaddq_n_u32(q2, (uint32_t)sk * 4u);
        }
    }
    const kiln_fin_f32 fl = {rs->bias != NULL ? rs->bias + o : NULL, rs->lo, rs->hi, rs->clamp};
    const float32x4_t vlo = vdupq_n_f32(fl.lo), vhi = vdupq_n_f32(fl.hi);
    const int32_t lf = full ? 4 * nv : left;
    kiln_store_f32x4(a0, &fl, 0, lf, vlo, vhi, d0 + o);
    if (nv > 1)
    {
        kiln_store_f32x4(a1, &fl, 4, lf, vlo, vhi, d0 + o);
    }
    if (nv > 2)
    {
        kiln_store_f32x4(a2, &fl, 8, lf, vlo, vhi, d0 + o);
    }
    if (nv > 3)
    {
        kiln_store_f32x4(a3, &fl, 12, lf, vlo, vhi, d0 + o);
    }
    if (npos == 2)
    {
        kiln_store_f32x4(c0, &fl, 0, lf, vlo, vhi, d1 + o);
        if (nv > 1)
        {
            kiln_store_f32x4(c1, &fl, 4, lf, vlo, vhi, d1 + o);
        }
    }
}

/* The channel tails (and npos x nv shapes without a whole-block loop): one block. */
#define KILN_BLOCK_F32_FN(name, npos, nv, packed)                                                                  \
    static void name(const kiln_runs_f32 *rs, const float32_t *w, int32_t k, int32_t o, int32_t left,             \
                     float32_t *d0, float32_t *d1)                                                                 \
    {                                                                                                              \
        kiln_mac_block_f32(rs, npos, nv, packed, false, w, k, o, left, d0, d1);                                    \
    }
KILN_BLOCK_F32_FN(kiln_blk_f32_p21, 2, 1, true)
KILN_BLOCK_F32_FN(kiln_blk_f32_p22, 2, 2, true)
KILN_BLOCK_F32_FN(kiln_blk_f32_p11, 1, 1, true)
KILN_BLOCK_F32_FN(kiln_blk_f32_p12, 1, 2, true)
KILN_BLOCK_F32_FN(kiln_blk_f32_p13, 1, 3, true)
KILN_BLOCK_F32_FN(kiln_blk_f32_s21, 2, 1, false)
KILN_BLOCK_F32_FN(kiln_blk_f32_s22, 2, 2, false)
KILN_BLOCK_F32_FN(kiln_blk_f32_s11, 1, 1, false)
KILN_BLOCK_F32_FN(kiln_blk_f32_s12, 1, 2, false)

typedef void (*kiln_blk_f32_fn)(const kiln_runs_f32 *, const float32_t *, int32_t, int32_t, int32_t, float32_t *,
                                float32_t *);

/* Whole blocks of npos x nv (npos 2: 8 channels; npos 1: 16 packed, 12 standard) over every complete block. */
#define KILN_WHOLE_F32_FN(name, npos, nv, packed)                                                                  \
    static int32_t name(const kiln_runs_f32 *rs, const float32_t *w, int32_t k, int32_t oc, float32_t *d0,        \
                        float32_t *d1)                                                                             \
    {                                                                                                              \
        int32_t o = 0;                                                                                             \
        for (; o + 4 * (nv) <= oc; o += 4 * (nv))                                                                  \
        {                                                                                                          \
            kiln_mac_block_f32(rs, npos, nv, packed, true, w, k, o, 4 * (nv), d0, d1);                             \
        }                                                                                                          \
        return o;                                                                                                  \
    }
KILN_WHOLE_F32_FN(kiln_whole_f32_p22, 2, 2, true)
KILN_WHOLE_F32_FN(kiln_whole_f32_s22, 2, 2, false)
KILN_WHOLE_F32_FN(kiln_whole_f32_p14, 1, 4, true)
KILN_WHOLE_F32_FN(kiln_whole_f32_s13, 1, 3, false)

/* All oc channels of npos positions: whole blocks, then the remaining channels in one predicated block. */
static void kiln_run_blocks_f32(const kiln_taps_f32 *t, int npos, const float32_t *w, bool packed, int32_t k,
                                int32_t oc, const kiln_fin_f32 *f, float32_t *d0, float32_t *d1)
{
    static const kiln_blk_f32_fn two[2][2] = {{kiln_blk_f32_s21, kiln_blk_f32_s22},
                                              {kiln_blk_f32_p21, kiln_blk_f32_p22}};
    static const kiln_blk_f32_fn one[2][3] = {{kiln_blk_f32_s11, kiln_blk_f32_s12, kiln_blk_f32_s12},
                                              {kiln_blk_f32_p11, kiln_blk_f32_p12, kiln_blk_f32_p13}};
    kiln_runs_f32 rs;
    kiln_runs_init_f32(&rs, t, f);
    int32_t o;
    if (npos == 2)
    {
        o = (packed ? kiln_whole_f32_p22 : kiln_whole_f32_s22)(&rs, w, k, oc, d0, d1);
    }
    else
    {
        o = (packed ? kiln_whole_f32_p14 : kiln_whole_f32_s13)(&rs, w, k, oc, d0, d1);
    }
    while (o < oc)
    {
        /* at most 7 (two positions), 15 or 11 channels left */
        const int32_t left = oc - o;
        const int32_t need = (left + 3) / 4;
        const int32_t nv = npos == 2 ? need : (need > 3 ? 3 : need);
        if (npos == 2)
        {
            two[packed ? 1 : 0][nv - 1](&rs, w, k, o, left, d0, d1);
        }
        else if (!packed && nv == 3)
        {
            one[0][1](&rs, w, k, o, left, d0, d1);
            o += 8;
            continue;
        }
        else
        {
            one[packed ? 1 : 0][nv - 1](&rs, w, k, o, left, d0, d1);
        }
        o += 4 * nv;
    }
}

void kiln_conv_flt_row_f32(const float32_t *lhs,
                           int32_t k,
                           const float32_t *w,
                           bool packed,
                           int32_t oc,
                           const float32_t *bias,
                           float32_t *dst,
                           float32_t lo,
                           float32_t hi,
                           bool clamp)
{
    const kiln_taps_f32 t = {{lhs, lhs}, 0, 0, k, 1, 1, 0, 0, 0};
    const kiln_fin_f32 f = {bias, lo, hi, clamp};
    kiln_run_blocks_f32(&t, 1, w, packed, k, oc, &f, dst, NULL);
}

void kiln_conv_flt_row2_seg_f32(const float32_t *lhs0,
                                const float32_t *lhs1,
                                int32_t seg_len,
                                int32_t n_seg,
                                int32_t seg_stride,
                                const float32_t *w,
                                bool packed,
                                int32_t oc,
                                const float32_t *bias,
                                float32_t *dst0,
                                float32_t *dst1,
                                float32_t lo,
                                float32_t hi)
{
    /* each position: n_seg runs of seg_len elements, seg_stride apart, meeting consecutive weight columns */
    const kiln_taps_f32 t = {{lhs0, lhs1}, seg_stride, 0, seg_len, 1, n_seg, 0, seg_len, 0};
    const kiln_fin_f32 f = {bias, lo, hi, true};
    kiln_run_blocks_f32(&t, 2, w, packed, seg_len * n_seg, oc, &f, dst0, dst1);
}

void kiln_conv_flt_row2_f32(const float32_t *lhs0,
                            const float32_t *lhs1,
                            int32_t k,
                            const float32_t *w,
                            bool packed,
                            int32_t oc,
                            const float32_t *bias,
                            float32_t *dst0,
                            float32_t *dst1,
                            float32_t lo,
                            float32_t hi)
{
    kiln_conv_flt_row2_seg_f32(lhs0, lhs1, k, 1, 0, w, packed, oc, bias, dst0, dst1, lo, hi);
}

/* ---- direct route (and small-C shapes): only the taps inside the input ------------------------------------- */

/* First tap t in [0, k) with 0 <= base + t * dil < size, and one past the last (t0 == t1: none). */
static inline void kiln_taps_range_f32(int32_t base, int32_t k, int32_t dil, int32_t size, int32_t *t0, int32_t *t1)
{
    if (dil == 1)
    {
        /* (no division) taps base + t in [0, size) */
        const int64_t lo1 = base < 0 ? -(int64_t)base : 0;
        const int64_t hi1 = (int64_t)size - base;
        const int32_t a = lo1 < k ? (int32_t)lo1 : k;
        const int32_t e = hi1 < k ? (hi1 < 0 ? 0 : (int32_t)hi1) : k;
        *t0 = a;
        *t1 = e > a ? e : a;
        return;
    }
    const int64_t b = base;
    int64_t lo = b < 0 ? (-b + dil - 1) / dil : 0;
    int64_t hi = b > (int64_t)size - 1 ? 0 : ((int64_t)size - 1 - b) / dil + 1;
    hi = hi < k ? hi : k;
    lo = lo < k ? lo : k;
    *t0 = (int32_t)lo;
    *t1 = (int32_t)(hi > lo ? hi : lo);
}

/*
 * The direct route on Helium (also the small-C shapes): each output channel sums the products of the taps inside
 * the input in patch order (ky, kx, c), then adds its bias and clamps — the portable kernel's order (with fused
 * multiply-adds). Neighbouring output columns with the same valid taps go in pairs sharing every weight load (the
 * blocks above); per filter row one run of valid taps (unit width dilation) or one run per tap.
 * Small-C shapes (C_IN 1..4) have short runs (3 x C_IN elements for a 3x3 filter), so the per-run and per-block
 * costs dominate there: 3 input channels, 3x3, 16 output channels measured 1.24 instructions per MAC on the
 * emulated Cortex-M55 (2.09 before these blocks); no separate small-C kernel measured faster so far.
 */
void kiln_conv_flt_direct_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                              const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    const int32_t c = g->in_c;
    const int32_t row = g->k_h * g->k_w * c;
    const kiln_fin_f32 f = {bias, lo, hi, true};
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t by = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_taps_range_f32(by, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float32_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) *
                    (size_t)g->out_c;
            int32_t x = x_begin;
            while (x < g->out_w)
            {
                const int32_t bx = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_taps_range_f32(bx, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                int npos = 1;
                if (x + 1 < g->out_w)
                {
                    int32_t nx0, nx1;
                    kiln_taps_range_f32(bx + g->stride_w, g->k_w, g->dil_w, g->in_w, &nx0, &nx1);
                    npos = (nx0 == kx0 && nx1 == kx1) ? 2 : 1;
                }
                kiln_taps_f32 t;
                const int32_t ntx = kx1 - kx0;
                t.seg_len = g->dil_w == 1 ? ntx * c : c;
                t.n_inner = g->dil_w == 1 ? 1 : ntx;
                t.n_outer = (ntx > 0) ? ky1 - ky0 : 0;
                t.wk0 = (ky0 * g->k_w + kx0) * c;
                t.wk_inner = c;
                t.wk_outer = g->k_w * c;
                t.so = t.n_outer > 1 ? (ptrdiff_t)((size_t)g->dil_h * (size_t)g->in_w * (size_t)c) : 0;
                t.si = (ptrdiff_t)g->dil_w * c;
                t.x[0] = img;
                t.x[1] = img;
                if (t.n_outer > 0)
                {
                    const int32_t iy = by + ky0 * g->dil_h;
                    for (int j = 0; j < npos; j++)
                    {
                        const int32_t ix = bx + j * g->stride_w + kx0 * g->dil_w;
                        t.x[j] = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                    }
                }
                kiln_run_blocks_f32(&t, npos, w, g->packed, row, g->out_c, &f, dst, dst + g->out_c);
                dst += (size_t)npos * (size_t)g->out_c;
                x += npos;
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE */
