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
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

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

/* ---- small-C shapes: four output positions as the lanes -------------------------------------------------------- */

/*
 * With few input channels the window runs are short (3 x C_IN elements for a 3x3 filter) and the channel-lane blocks
 * above pay their per-run costs on every few MACs. For windows wholly inside the input this kernel turns the loop
 * around: the four lanes are four neighbouring output positions of one output row; per tap (ky, kx, c) one word
 * gather through a self-advancing address vector fetches the tap's input for the four positions, and each of up to
 * KILN_SC_NC output channels adds it times its weight (a scalar: the channel's weights are first transposed to
 * [tap][channel] on the stack, so one LDM fetches the tap's weights of every channel): 2 + NC instructions per
 * 4 x NC MACs (NC = 6: 0.33 per MAC, plus the loop end). The gather is four word accesses (one per beat on a
 * Cortex-M55) against six two-beat multiply-adds per tap, and four positions stride x C_IN apart admit no contiguous
 * load, so it is also the hardware choice. Each lane sums its channel's products in tap order with fused
 * multiply-adds from 0, then adds the bias and clamps (NaN kept): the bits of the blocks above.
 * Stack: the weight table, KILN_SC_MAXK x KILN_SC_NC words (1800 bytes; GCC 12.2 -O2: 2144-byte frame for
 * kiln_sc_run_f32).
 */
#define KILN_SC_NC (6)
#define KILN_SC_MAXK (75) /* taps the transposed weight table holds (5x5 RGB) */

#define KILN_SCZ1 "vmov.i32 q0, #0\n"
#define KILN_SCZ2 KILN_SCZ1 "vmov.i32 q1, #0\n"
#define KILN_SCZ3 KILN_SCZ2 "vmov.i32 q2, #0\n"
#define KILN_SCZ4 KILN_SCZ3 "vmov.i32 q3, #0\n"
#define KILN_SCZ5 KILN_SCZ4 "vmov.i32 q4, #0\n"
#define KILN_SCZ6 KILN_SCZ5 "vmov.i32 q5, #0\n"
#define KILN_SCF1 "vfma.f32 q0, q7, r0\n"
#define KILN_SCF2 KILN_SCF1 "vfma.f32 q1, q7, r1\n"
#define KILN_SCF3 KILN_SCF2 "vfma.f32 q2, q7, r2\n"
#define KILN_SCF4 KILN_SCF3 "vfma.f32 q3, q7, r3\n"
#define KILN_SCF5 KILN_SCF4 "vfma.f32 q4, q7, r4\n"
#define KILN_SCF6 KILN_SCF5 "vfma.f32 q5, q7, r5\n"
#define KILN_SCL1 "ldm %[w]!, {r0}\n"
#define KILN_SCL2 "ldm %[w]!, {r0-r1}\n"
#define KILN_SCL3 "ldm %[w]!, {r0-r2}\n"
#define KILN_SCL4 "ldm %[w]!, {r0-r3}\n"
#define KILN_SCL5 "ldm %[w]!, {r0-r4}\n"
#define KILN_SCL6 "ldm %[w]!, {r0-r5}\n"
#define KILN_SCS1 "vstrw.32 q0, [%[acc]]\n"
#define KILN_SCS2 KILN_SCS1 "vstrw.32 q1, [%[acc], #16]\n"
#define KILN_SCS3 KILN_SCS2 "vstrw.32 q2, [%[acc], #32]\n"
#define KILN_SCS4 KILN_SCS3 "vstrw.32 q3, [%[acc], #48]\n"
#define KILN_SCS5 KILN_SCS4 "vstrw.32 q4, [%[acc], #64]\n"
#define KILN_SCS6 KILN_SCS5 "vstrw.32 q5, [%[acc], #80]\n"
/* acc[j][0..3] = sum over nrows rows of ntaps taps: the gather at the address vector (each lane's previous word,
 * pre-incremented) times w[tap][j]; after each row the address vector steps rowstep bytes on. ntaps, nrows >= 1. */
#define KILN_SC_KERNEL(i)                                                                                          \
    static void kiln_sc_mac##i(float32_t *acc, const float32_t *w, const uint32_t *addr, uint32_t ntaps,          \
                               uint32_t nrows, uint32_t rowstep)                                                   \
    {                                                                                                              \
        __asm__ volatile(KILN_SCZ##i "vldrw.u32 q6, [%[addr]]\n"                                                   \
                                     "1:\n"                                                                        \
                                     "dls lr, %[nt]\n"                                                             \
                                     "2:\n"                                                                        \
                                     "vldrw.u32 q7, [q6, #4]!\n" KILN_SCL##i KILN_SCF##i "le lr, 2b\n"             \
                                     "vadd.i32 q6, q6, %[rs]\n"                                                    \
                                     "subs %[nr], %[nr], #1\n"                                                     \
                                     "bne 1b\n" KILN_SCS##i                                                        \
                         : [w] "+r"(w), [nr] "+r"(nrows)                                                           \
                         : [acc] "r"(acc), [addr] "r"(addr), [nt] "r"(ntaps), [rs] "r"(rowstep)                    \
                         : "r0", "r1", "r2", "r3", "r4", "r5", "lr", "d0", "d1", "d2", "d3", "d4", "d5", "d6",     \
                           "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "memory", "cc", "p0");      \
    }
KILN_SC_KERNEL(1)
KILN_SC_KERNEL(2)
KILN_SC_KERNEL(3)
KILN_SC_KERNEL(4)
KILN_SC_KERNEL(5)
KILN_SC_KERNEL(6)
typedef void (*kiln_sc_fn)(float32_t *, const float32_t *, const uint32_t *, uint32_t, uint32_t, uint32_t);
static const kiln_sc_fn kiln_sc_mac[KILN_SC_NC] = {kiln_sc_mac1, kiln_sc_mac2, kiln_sc_mac3,
                                                   kiln_sc_mac4, kiln_sc_mac5, kiln_sc_mac6};
/* The same sums for four whole positions, stored in place: channel j gets its bias (p->bias[j]), the NaN-keeping
 * clamp (lo > v, v > hi: VPT "gt", false for NaN) and a scatter to d + j (positions p->soffs elements apart). Saves
 * the accumulator table and a predicate reload per channel (7 instructions per channel and four positions). */
typedef struct
{
    uint32_t addr[4];         /* the gather addresses, less 4 */
    uint32_t soffs[4];        /* output offsets of the four positions, in elements */
    const float32_t *bias;    /* the block's first channel */
    float32_t lo, hi;
} kiln_sc_par;
#define KILN_SCB1 "ldr r0, [r1]\n"
#define KILN_SCB2 "ldm r1, {r0-r1}\n"
#define KILN_SCB3 "ldm r1, {r0-r2}\n"
#define KILN_SCB4 "ldm r1, {r0-r3}\n"
#define KILN_SCB5 "ldm r1, {r0-r4}\n"
#define KILN_SCB6 "ldm r1, {r0-r5}\n"
#define KILN_SCO(q, r)                                                                                             \
    "vadd.f32 " q ", " q ", " r "\n"                                                                               \
    "vpt.f32 gt, q6, " q "\n"                                                                                      \
    "vorrt " q ", q6, q6\n"                                                                                        \
    "vpt.f32 gt, " q ", lr\n"                                                                                      \
    "vdupt.32 " q ", lr\n"                                                                                         \
    "vstrw.32 " q ", [%[d], q7, uxtw #2]\n"                                                                        \
    "add %[d], %[d], #4\n"
#define KILN_SCO1 KILN_SCO("q0", "r0")
#define KILN_SCO2 KILN_SCO1 KILN_SCO("q1", "r1")
#define KILN_SCO3 KILN_SCO2 KILN_SCO("q2", "r2")
#define KILN_SCO4 KILN_SCO3 KILN_SCO("q3", "r3")
#define KILN_SCO5 KILN_SCO4 KILN_SCO("q4", "r4")
#define KILN_SCO6 KILN_SCO5 KILN_SCO("q5", "r5")
#define KILN_SC_KERNEL_ST(i)                                                                                       \
    static void kiln_sc_mac_st##i(const float32_t *w, const kiln_sc_par *p, uint32_t ntaps, uint32_t nrows,       \
                                  uint32_t rowstep, float32_t *d)                                                  \
    {                                                                                                              \
        __asm__ volatile(KILN_SCZ##i "vldrw.u32 q6, [%[p]]\n"                                                      \
                                     "1:\n"                                                                        \
                                     "dls lr, %[nt]\n"                                                             \
                                     "2:\n"                                                                        \
                                     "vldrw.u32 q7, [q6, #4]!\n" KILN_SCL##i KILN_SCF##i "le lr, 2b\n"             \
                                     "vadd.i32 q6, q6, %[rs]\n"                                                    \
                                     "subs %[nr], %[nr], #1\n"                                                     \
                                     "bne 1b\n"                                                                    \
                                     "vldrw.u32 q7, [%[p], #16]\n"                                                 \
                                     "ldr r0, [%[p], #36]\n"                                                       \
                                     "vdup.32 q6, r0\n"                                                            \
                                     "ldr lr, [%[p], #40]\n"                                                       \
                                     "ldr r1, [%[p], #32]\n" KILN_SCB##i KILN_SCO##i                               \
                         : [w] "+r"(w), [nr] "+r"(nrows), [d] "+r"(d)                                              \
                         : [p] "r"(p), [nt] "r"(ntaps), [rs] "r"(rowstep)                                          \
                         : "r0", "r1", "r2", "r3", "r4", "r5", "lr", "d0", "d1", "d2", "d3", "d4", "d5", "d6",     \
                           "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "memory", "cc", "p0");      \
    }
KILN_SC_KERNEL_ST(1)
KILN_SC_KERNEL_ST(2)
KILN_SC_KERNEL_ST(3)
KILN_SC_KERNEL_ST(4)
KILN_SC_KERNEL_ST(5)
KILN_SC_KERNEL_ST(6)
typedef void (*kiln_sc_st_fn)(const float32_t *, const kiln_sc_par *, uint32_t, uint32_t, uint32_t, float32_t *);
static const kiln_sc_st_fn kiln_sc_mac_st[KILN_SC_NC] = {kiln_sc_mac_st1, kiln_sc_mac_st2, kiln_sc_mac_st3,
                                                         kiln_sc_mac_st4, kiln_sc_mac_st5, kiln_sc_mac_st6};

/* The small-C kernel takes the shape: few input channels, unit width dilation, a window the weight table holds. */
static bool kiln_sc_ok(const kiln_conv_flt_geom *g)
{
    return g->in_c <= 4 && g->dil_w == 1 && (int64_t)g->k_h * g->k_w * g->in_c <= KILN_SC_MAXK;
}

/* Whole-window outputs: rows [*y0, *y1) and columns [*x0, *x1) (x0 >= x_begin) keep every tap inside the input. */
static void kiln_sc_interior(const kiln_conv_flt_geom *g, int32_t x_begin, int32_t *y0, int32_t *y1, int32_t *x0,
                             int32_t *x1)
{
    *y0 = *y1 = *x0 = *x1 = 0;
    int32_t a = -1, e = -1;
    for (int32_t y = 0; y < g->out_h; y++)
    {
        const int64_t by = (int64_t)y * g->stride_h - g->pad_h;
        if (by >= 0 && by + (int64_t)(g->k_h - 1) * g->dil_h < g->in_h)
        {
            a = a < 0 ? y : a;
            e = y + 1;
        }
    }
    if (a < 0)
    {
        return;
    }
    *y0 = a;
    *y1 = e;
    a = -1;
    for (int32_t x = x_begin; x < g->out_w; x++)
    {
        const int64_t bx = (int64_t)x * g->stride_w - g->pad_w;
        if (bx >= 0 && bx + g->k_w - 1 < g->in_w)
        {
            a = a < 0 ? x : a;
            e = x + 1;
        }
    }
    if (a < 0)
    {
        *y0 = *y1 = 0;
        return;
    }
    *x0 = a;
    *x1 = e;
}

/* Stores clamp(acc + bias) of nc channels (from o) x np positions (d: position 0, channel o; positions out_c apart). */
static void kiln_sc_store_f32(const float32_t *acc, int32_t nc, int32_t np, const float32_t *bias, float32_t *d,
                              uint32x4_t soffs, float32x4_t vlo, float32x4_t vhi)
{
    const mve_pred16_t pr = vctp32q((uint32_t)np);
    for (int32_t j = 0; j < nc; j++)
    {
        float32x4_t v = vld1q_f32(acc + 4 * j);
        if (bias != NULL)
        {
            v = vaddq_n_f32(v, bias[j]);
        }
        /* the NaN-keeping clamp of kiln_store_f32x4 */
        __asm__("vcmp.f32 gt, %q1, %q0\n\t"
                "vpsel   %q0, %q1, %q0\n\t"
                "vcmp.f32 gt, %q0, %q2\n\t"
                "vpsel   %q0, %q2, %q0"
                : "+w"(v)
                : "w"(vlo), "w"(vhi)
                : "p0");
        vstrwq_scatter_shifted_offset_p_f32(d + j, soffs, v, pr);
    }
}

/* The outputs of rows [y0, y1) x columns [x0, x1) of every batch, four positions per pass. The weights of as many
 * output channels as the table holds are transposed at once; each pass runs them KILN_SC_NC channels at a time. */
static void kiln_sc_run_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w, const float32_t *bias,
                            float32_t *out, float32_t lo, float32_t hi, int32_t y0, int32_t y1, int32_t x0, int32_t x1)
{
    float32_t wt[KILN_SC_MAXK * KILN_SC_NC] __attribute__((aligned(8)));
    float32_t acc[KILN_SC_NC * 4] __attribute__((aligned(8)));
    kiln_sc_par par __attribute__((aligned(8)));
    const int32_t c = g->in_c;
    const int32_t k = g->k_h * g->k_w * c;
    const int32_t ntaps = g->k_w * c;
    const int32_t span = (KILN_SC_MAXK * KILN_SC_NC) / k; /* channels the table holds, >= KILN_SC_NC */
    const uint32_t rowstep = (uint32_t)(((int64_t)g->dil_h * g->in_w - g->k_w) * c * 4);
    const float32x4_t vlo = vdupq_n_f32(lo), vhi = vdupq_n_f32(hi);
    const uint32x4_t lane = vidupq_n_u32(0u, 1);
    const uint32x4_t soffs = vmulq_n_u32(lane, (uint32_t)g->out_c);
    vst1q_u32(par.soffs, soffs);
    par.lo = lo;
    par.hi = hi;
    const uint32x4_t xoffs = vmulq_n_u32(lane, (uint32_t)g->stride_w * (uint32_t)c * 4u);
    for (int32_t o0 = 0; o0 < g->out_c; o0 += span)
    {
        const int32_t ns = g->out_c - o0 < span ? g->out_c - o0 : span;
        /* block j0 of the span (up to KILN_SC_NC channels) at wt + j0 x k: [tap][channel] */
        for (int32_t j0 = 0; j0 < ns; j0 += KILN_SC_NC)
        {
            const int32_t nc = ns - j0 < KILN_SC_NC ? ns - j0 : KILN_SC_NC;
            float32_t *tb = wt + (size_t)j0 * (size_t)k;
            for (int32_t j = 0; j < nc; j++)
            {
                const int32_t oj = o0 + j0 + j;
                const float32_t *src = g->packed ? w + (size_t)(oj / 4) * (size_t)k * 4u + (size_t)(oj % 4)
                                                 : w + (size_t)oj * (size_t)k;
                const size_t step = g->packed ? 4u : 1u;
                for (int32_t t = 0; t < k; t++)
                {
                    tb[t * nc + j] = src[(size_t)t * step];
                }
            }
        }
        for (int32_t b = 0; b < g->n; b++)
        {
            const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
            for (int32_t y = y0; y < y1; y++)
            {
                const int32_t by = y * g->stride_h - g->pad_h;
                float32_t *drow =
                    out + ((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w * (size_t)g->out_c;
                for (int32_t x = x0; x < x1; x += 4)
                {
                    const int32_t np = x1 - x < 4 ? x1 - x : 4;
                    /* lanes past the last position repeat the first (in bounds, never stored) */
                    const int32_t bx = x * g->stride_w - g->pad_w;
                    const uint32_t base =
                        (uint32_t)(uintptr_t)(img + ((size_t)by * (size_t)g->in_w + (size_t)bx) * (size_t)c) - 4u;
                    vst1q_u32(par.addr, vpselq_u32(vaddq_n_u32(xoffs, base), vdupq_n_u32(base),
                                                   vctp32q((uint32_t)np)));
                    float32_t *d = drow + (size_t)x * (size_t)g->out_c + (size_t)o0;
                    for (int32_t j0 = 0; j0 < ns; j0 += KILN_SC_NC)
                    {
                        const int32_t nc = ns - j0 < KILN_SC_NC ? ns - j0 : KILN_SC_NC;
                        if (np == 4 && bias != NULL)
                        {
                            par.bias = bias + o0 + j0;
                            kiln_sc_mac_st[nc - 1](wt + (size_t)j0 * (size_t)k, &par, (uint32_t)ntaps,
                                                   (uint32_t)g->k_h, rowstep, d + j0);
                            continue;
                        }
                        kiln_sc_mac[nc - 1](acc, wt + (size_t)j0 * (size_t)k, par.addr, (uint32_t)ntaps,
                                            (uint32_t)g->k_h, rowstep);
                        kiln_sc_store_f32(acc, nc, np, bias != NULL ? bias + o0 + j0 : NULL, d + j0, soffs, vlo,
                                          vhi);
                    }
                }
            }
        }
    }
}

/*
 * The direct route on Helium (also the small-C shapes): each output channel sums the products of the taps inside
 * the input in patch order (ky, kx, c), then adds its bias and clamps — the portable kernel's order (with fused
 * multiply-adds). Neighbouring output columns with the same valid taps go in pairs sharing every weight load (the
 * blocks above); per filter row one run of valid taps (unit width dilation) or one run per tap.
 * Small-C shapes (C_IN 1..4, unit width dilation, at most KILN_SC_MAXK taps): the outputs whose window lies wholly
 * inside the input run the position-lane kernel above, the others the blocks. 3 input channels, 3x3, 16 output
 * channels, emulated Cortex-M55: first layer RGB 32x32 stride 2 0.800 instructions per MAC, 10x10 stride 1 (36 of
 * 100 outputs at the border) 0.977 (the blocks alone: 1.223 and 1.24; before the blocks 2.09).
 */
void kiln_conv_flt_direct_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                              const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    const int32_t c = g->in_c;
    const int32_t row = g->k_h * g->k_w * c;
    const kiln_fin_f32 f = {bias, lo, hi, true};
    int32_t sy0 = 0, sy1 = 0, sx0 = 0, sx1 = 0; /* the outputs the small-C kernel takes */
    if (kiln_sc_ok(g))
    {
        kiln_sc_interior(g, x_begin, &sy0, &sy1, &sx0, &sx1);
        if (sy1 > sy0 && sx1 > sx0)
        {
            kiln_sc_run_f32(g, in, w, bias, out, lo, hi, sy0, sy1, sx0, sx1);
        }
    }
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t by = y * g->stride_h - g->pad_h;
            const bool sc_row = y >= sy0 && y < sy1 && sx1 > sx0;
            int32_t ky0, ky1;
            kiln_taps_range_f32(by, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float32_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) *
                    (size_t)g->out_c;
            int32_t x = x_begin;
            while (x < g->out_w)
            {
                if (sc_row && x == sx0)
                {
                    dst += (size_t)(sx1 - sx0) * (size_t)g->out_c;
                    x = sx1;
                    continue;
                }
                const int32_t bx = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_taps_range_f32(bx, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                int npos = 1;
                if (x + 1 < g->out_w && !(sc_row && x + 1 == sx0))
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
