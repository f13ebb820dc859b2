/*
 * Kiln — int8 depthwise convolution kernels, Helium (MVE).
 *
 * Vectors hold four output channels as int32 lanes (VLDRB.S32 widens four bytes on load); whole
 * blocks of four use unpredicated accesses, only the last partial block is tail-predicated.
 * Channel blocks are the outer loop, so the bias and weight sums of a block are formed once.
 *
 * ch_mult 1 ("opt", "3x3"): an output whose window lies inside the input starts from the weight
 * sum bias + input_offset * sum(filter) (the ns buffer when given, else formed here per block),
 * so each tap is one input load, one multiply and one add; a window clipped by padding adds the
 * offset tap by tap over the taps inside the input, starting from the bias. Both give the same
 * int32 sum (modulo 2^32). The "3x3" kernel with stride 1 computes four neighbouring columns at once from
 * six input loads per filter row (columns share input vectors), the filter row held in registers;
 * it serves the channels left after the blocks of eight, which "3x3" runs on 16-bit lanes (see
 * kiln_dw_mve_3x3_block8); there, at stride 1 and 2, the column pairs (interior and edge) and the
 * single outputs whose rows are not clipped twice run in inline assembly (kiln_dw_mve_pairs_asm,
 * kiln_dw_mve_edge_asm, kiln_dw_mve_one_asm).
 * At equal strides of 1 or 2 with TFLite's input offsets, "3x3" runs kiln_dw_s8_mve_tile.c instead
 * (channel-major tiles and VMLADAV, about 0.7 instructions per MAC at stride 1); the kernels here
 * serve the other "3x3" shapes.
 * "ic1": every output channel of a position reads the same input value (VMLA by a scalar).
 * "generic": lane l of block oc reads input channel (oc + l) / ch_mult with a gather load.
 */
#include "Include/Internal/kiln_dw_s8.h"
#include <stddef.h>

#if KILN_BUILD_MVE

/* Loads and stores of a channel block: unpredicated for whole blocks of four (one instruction),
 * predicated (VPST + the access) only for the last, partial block. */
static inline __attribute__((always_inline)) int32x4_t kiln_dw_ld8(const int8_t *ptr, bool full, mve_pred16_t p)
{
    return full ? vldrbq_s32(ptr) : vldrbq_z_s32(ptr, p);
}

static inline __attribute__((always_inline)) int32x4_t kiln_dw_ld32(const int32_t *ptr, bool full, mve_pred16_t p)
{
    return full ? vldrwq_s32(ptr) : vldrwq_z_s32(ptr, p);
}

/* Requantize, add the output offset, clamp and store four (predicated) channels. The block's
 * parameters are read from memory here rather than held in registers across the tap loops (the
 * accumulators and filter vectors need all eight Q registers there). */
static inline __attribute__((always_inline)) void kiln_dw_mve_store(int8_t *out, int32x4_t acc,
                                                                    const kiln_dw_s8_args *a, int32_t c,
                                                                    bool full, mve_pred16_t p)
{
    const int32x4_t zero = vdupq_n_s32(0);
    const int32x4_t shift = kiln_dw_ld32(a->shift + c, full, p);
    const int32x4_t right_neg = vminq_s32(shift, zero);
    acc = vshlq_s32(acc, vmaxq_s32(shift, zero));
    acc = vqrdmulhq_s32(acc, kiln_dw_ld32(a->mult + c, full, p));
    /* rounding right shift, ties away from zero: negative lanes step down by one first when the
     * shift is non-zero (right_neg < 0 has its sign bit set) */
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(acc, right_neg), 31);
    acc = vrshlq_s32(vqaddq_s32(acc, fixup), right_neg);
    acc = vaddq_n_s32(acc, a->output_offset);
    acc = vminq_s32(vmaxq_s32(acc, vdupq_n_s32(a->act_min)), vdupq_n_s32(a->act_max));
    if (full)
    {
        vstrbq_s32(out, acc);
    }
    else
    {
        vstrbq_p_s32(out, acc, p);
    }
}

/* Compiler-only ordering point (no instruction): the pointer p is treated as depending on the
 * vector v, so loads through p are not issued before v is computed. It keeps GCC's scheduler from
 * hoisting every load of a window ahead of the multiplies, which needs more than the eight Q
 * registers and spills. */
#define KILN_DW_AFTER(p, v) __asm__("" : "+r"(p) : "w"(v))

/* acc + x * w lane by lane (Helium has no vector-by-vector integer VMLA: VMUL + VADD). */
static inline __attribute__((always_inline)) int32x4_t kiln_dw_mac(int32x4_t acc, int32x4_t x, int32x4_t w)
{
    acc = vaddq_s32(acc, vmulq_s32(x, w));
    /* Empty, no instruction: the sum stays in its Q register here, so the compiler accumulates tap
     * by tap instead of forming every product first and adding them as a tree (which spills). */
    __asm__("" : "+w"(acc));
    return acc;
}

/* Start values of a channel block: [0..3] bias (0 without), [4..7] the weight sum
 * bias + input_offset * sum(filter) (ns buffer when given). */
static inline __attribute__((always_inline)) void kiln_dw_mve_block_start(int32_t start[8], const kiln_dw_s8_args *a,
                                                                          int32_t c, int32_t out_c, int32_t taps,
                                                                          mve_pred16_t p)
{
    const int32x4_t bias = a->bias != NULL ? vldrwq_z_s32(a->bias + c, p) : vdupq_n_s32(0);
    vst1q_s32(start, bias);
    if (a->weight_sum != NULL)
    {
        vst1q_s32(start + 4, vldrwq_z_s32(a->weight_sum + c, p));
        return;
    }
    int32x4_t sum = vdupq_n_s32(0);
    const int8_t *w = a->filter + c;
    for (int32_t t = 0; t < taps; t++)
    {
        sum = vaddq_s32(sum, vldrbq_z_s32(w, p));
        w += out_c;
    }
    vst1q_s32(start + 4, vmlaq_n_s32(bias, sum, a->input_offset));
}

/* One output, one channel block, ch_mult 1. */
static inline __attribute__((always_inline)) int32x4_t kiln_dw_mve_cm1_one(const kiln_dw_s8_shape *s,
                                                                          const kiln_dw_s8_args *a,
                                                                          const int32_t start[8], bool full,
                                                                          mve_pred16_t p,
                                                                          const int8_t *in_b, int32_t c, int32_t fh,
                                                                          int32_t fw, int32_t dil_h, int32_t dil_w,
                                                                          int32_t base_y, int32_t base_x, int32_t ky0,
                                                                          int32_t ky1)
{
    const int32_t C = s->in_c;
    int32_t kx0, kx1;
    kiln_tap_range(base_x, s->in_w, fw, dil_w, &kx0, &kx1);
    const int8_t *ip_row = in_b + ((base_y + ky0 * dil_h) * s->in_w + base_x + kx0 * dil_w) * C + c;
    const int8_t *wp_row = a->filter + (ky0 * fw + kx0) * C + c;
    const int32_t in_row_step = dil_h * s->in_w * C;
    const int32_t tap_step = dil_w * C;
    if (ky0 == 0 && ky1 == fh && kx0 == 0 && kx1 == fw)
    {
        int32x4_t acc = vld1q_s32(start + 4);
        for (int32_t ky = 0; ky < fh; ky++)
        {
            const int8_t *ip = ip_row;
            const int8_t *wp = wp_row;
            for (int32_t kx = 0; kx < fw; kx++)
            {
                acc = kiln_dw_mac(acc, kiln_dw_ld8(ip, full, p), kiln_dw_ld8(wp, full, p));
                KILN_DW_AFTER(ip, acc);
                ip += tap_step;
                wp += C;
            }
            ip_row += in_row_step;
            wp_row += fw * C;
        }
        return acc;
    }
    int32x4_t acc = vld1q_s32(start);
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const int8_t *ip = ip_row;
        const int8_t *wp = wp_row;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            const int32x4_t x = vaddq_n_s32(kiln_dw_ld8(ip, full, p), a->input_offset);
            acc = kiln_dw_mac(acc, x, kiln_dw_ld8(wp, full, p));
            KILN_DW_AFTER(ip, acc);
            ip += tap_step;
            wp += C;
        }
        ip_row += in_row_step;
        wp_row += fw * C;
    }
    return acc;
}

/* One filter row of the four-column 3-wide sliding step: six input loads serve 12 products.
 * xp walks the six input columns, wp the row's three taps (both advanced). */
#define KILN_DW_SLIDE_ROW(xp, wp)                                                                                 \
    do                                                                                                            \
    {                                                                                                             \
        const int32x4_t w0 = kiln_dw_ld8((wp), full, p);                                                          \
        const int32x4_t w1 = kiln_dw_ld8((wp) + C, full, p);                                                      \
        const int32x4_t w2 = kiln_dw_ld8((wp) + 2 * C, full, p);                                                  \
        int32x4_t x = kiln_dw_ld8((xp), full, p);                                                                 \
        acc0 = kiln_dw_mac(acc0, x, w0);                                                                          \
        KILN_DW_AFTER(xp, acc0);                                                                                  \
        x = kiln_dw_ld8((xp) + C, full, p);                                                                       \
        acc0 = kiln_dw_mac(acc0, x, w1);                                                                          \
        acc1 = kiln_dw_mac(acc1, x, w0);                                                                          \
        KILN_DW_AFTER(xp, acc1);                                                                                  \
        x = kiln_dw_ld8((xp) + 2 * C, full, p);                                                                   \
        acc0 = kiln_dw_mac(acc0, x, w2);                                                                          \
        acc1 = kiln_dw_mac(acc1, x, w1);                                                                          \
        acc2 = kiln_dw_mac(acc2, x, w0);                                                                          \
        KILN_DW_AFTER(xp, acc2);                                                                                  \
        x = kiln_dw_ld8((xp) + 3 * C, full, p);                                                                   \
        acc1 = kiln_dw_mac(acc1, x, w2);                                                                          \
        acc2 = kiln_dw_mac(acc2, x, w1);                                                                          \
        acc3 = kiln_dw_mac(acc3, x, w0);                                                                          \
        KILN_DW_AFTER(xp, acc3);                                                                                  \
        x = kiln_dw_ld8((xp) + 4 * C, full, p);                                                                   \
        acc2 = kiln_dw_mac(acc2, x, w2);                                                                          \
        acc3 = kiln_dw_mac(acc3, x, w1);                                                                          \
        KILN_DW_AFTER(xp, acc3);                                                                                  \
        x = kiln_dw_ld8((xp) + 5 * C, full, p);                                                                   \
        acc3 = kiln_dw_mac(acc3, x, w2);                                                                          \
        KILN_DW_AFTER(xp, acc3);                                                                                  \
        KILN_DW_AFTER(wp, acc3);                                                                                  \
        (xp) += in_row;                                                                                           \
        (wp) += 3 * C;                                                                                            \
    } while (0)

/* One channel block c..c+3 of every output (full: all four channels exist). */
static inline __attribute__((always_inline)) void kiln_dw_mve_cm1_block(const kiln_dw_s8_shape *s,
                                                                        const kiln_dw_s8_args *a,
                                                                        const int32_t c,
                                                                        const bool full,
                                                                        const int32_t fh,
                                                                        const int32_t fw,
                                                                        const int32_t dil_h,
                                                                        const int32_t dil_w,
                                                                        const bool three_by_three)
{
    const int32_t C = s->in_c;
    const bool slide = three_by_three && s->stride_w == 1;
    const int32_t in_row = s->in_w * C;
    {
        const mve_pred16_t p = vctp32q((uint32_t)(C - c));
        int32_t start[8];
        kiln_dw_mve_block_start(start, a, c, C, fh * fw, p);
        for (int32_t b = 0; b < s->batches; b++)
        {
            const int8_t *in_b = a->input + b * s->in_h * in_row;
            for (int32_t oy = 0; oy < s->out_h; oy++)
            {
                const int32_t base_y = oy * s->stride_h - s->pad_h;
                int32_t ky0, ky1;
                kiln_tap_range(base_y, s->in_h, fh, dil_h, &ky0, &ky1);
                int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w) * C + c;
                int32_t ox = 0;
                if (slide && ky0 == 0 && ky1 == 3)
                {
                    /* Columns whose 3-wide window is inside the input: ox in [pad_w, in_w - 3 + pad_w]. */
                    const int32_t first = MIN(s->pad_w, s->out_w);
                    const int32_t last = s->in_w - 3 + s->pad_w;
                    for (; ox < first; ox++)
                    {
                        const int32x4_t acc = kiln_dw_mve_cm1_one(s, a, start, full, p, in_b, c, 3, 3, 1, 1, base_y,
                                                                  ox - s->pad_w, ky0, ky1);
                        kiln_dw_mve_store(out + ox * C, acc, a, c, full, p);
                    }
                    for (; ox + 3 <= last && ox + 3 < s->out_w; ox += 4)
                    {
                        int32x4_t acc0 = vld1q_s32(start + 4);
                        int32x4_t acc1 = acc0, acc2 = acc0, acc3 = acc0;
                        const int8_t *xp = in_b + (base_y * s->in_w + ox - s->pad_w) * C + c;
                        const int8_t *wp = a->filter + c;
                        KILN_DW_SLIDE_ROW(xp, wp);
                        KILN_DW_SLIDE_ROW(xp, wp);
                        KILN_DW_SLIDE_ROW(xp, wp);
                        int8_t *o = out + ox * C;
                        kiln_dw_mve_store(o, acc0, a, c, full, p);
                        kiln_dw_mve_store(o + C, acc1, a, c, full, p);
                        kiln_dw_mve_store(o + 2 * C, acc2, a, c, full, p);
                        kiln_dw_mve_store(o + 3 * C, acc3, a, c, full, p);
                    }
                }
                for (; ox < s->out_w; ox++)
                {
                    const int32_t base_x = ox * s->stride_w - s->pad_w;
                    const int32x4_t acc =
                        kiln_dw_mve_cm1_one(s, a, start, full, p, in_b, c, fh, fw, dil_h, dil_w, base_y, base_x, ky0, ky1);
                    kiln_dw_mve_store(out + ox * C, acc, a, c, full, p);
                }
            }
        }
    }
}

static void kiln_dw_mve_cm1_any(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a)
{
    int32_t c = 0;
    for (; c + 4 <= s->in_c; c += 4)
    {
        kiln_dw_mve_cm1_block(s, a, c, true, s->filter_h, s->filter_w, s->dil_h, s->dil_w, false);
    }
    if (c < s->in_c)
    {
        kiln_dw_mve_cm1_block(s, a, c, false, s->filter_h, s->filter_w, s->dil_h, s->dil_w, false);
    }
}

void kiln_dw_s8_kernel_cm1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_mve_cm1_any(shape, args);
}

/* 3x3, eight channels c..c+7 on 16-bit lanes. VLDRB.S16 widens eight input and eight filter bytes;
 * VMULLB/VMULLT form the exact int8 x int8 products of the even and odd channels as int32 lanes and
 * two VADDs accumulate them (e: channels c, c+2, .., o: c+1, c+3, ..).
 * Every output starts from bias + input_offset * (sum of the filter taps its window keeps inside the
 * input), read from a per-block table (rows: all / top row clipped / bottom row clipped; columns:
 * all / left / right; the full-window entry is the ns weight sum when given), so no tap adds the
 * offset, and a clipped window simply has fewer taps. Outputs go in pairs of neighbouring columns
 * that share each filter load; with stride 1 the two windows also share input loads (four per
 * filter row instead of six). A window shape outside the table (an input one pixel wide or high,
 * or two rows or columns clipped by extra bottom/right padding) takes a per-output path from the
 * bias. Requantization runs on the even/odd halves with the block's parameters deinterleaved once
 * (without the left shift and the sign mask when every shift of the block is negative);
 * VQMOVNB/VQMOVNT put the channels back in order as int16 lanes, where the output offset and the
 * clamp take one instruction for eight channels, and VSTRB.16 stores. */
typedef struct
{
    /* (the fields read per output first: short immediate offsets) */
    int32_t prm[24];        /* multiplier e, o; right shift (<= 0) e, o; left shift (>= 0) e, o */
    int16_t lo[8], hi[8];   /* act_min, act_max */
    int32_t out_off;        /* output_offset (kept here: the int8 output stores may alias *args) */
    int8_t w[72];           /* tap t (row-major 3x3) at 8 t */
    int32_t start[3][3][8]; /* [rows: all, top clipped, bottom clipped][columns: all, left, right] e then o */
    int32_t bias[8];        /* even lanes, odd lanes */
} kiln_dw_blk8;

/* Fill the block's table, parameters and filter copy; true when some shift of the block is >= 0
 * (general requantization), false when all are negative. */
static __attribute__((noinline)) bool kiln_dw_mve_blk8_setup(kiln_dw_blk8 *k, const kiln_dw_s8_args *a, const int32_t c,
                                                             const int32_t C)
{
    int32_t wt[9][8];
    for (int32_t t = 0; t < 9; t++)
    {
        const int16x8_t w = vldrbq_s16(a->filter + t * C + c);
        vstrbq_s16(k->w + 8 * t, w);
        vst1q_s32(wt[t], vmovlbq_s16(w));
        vst1q_s32(wt[t] + 4, vmovltq_s16(w));
    }
    int32x4x2_t bias;
    if (a->bias != NULL)
    {
        bias = vld2q_s32(a->bias + c);
    }
    else
    {
        bias.val[0] = vdupq_n_s32(0);
        bias.val[1] = bias.val[0];
    }
    vst1q_s32(k->bias, bias.val[0]);
    vst1q_s32(k->bias + 4, bias.val[1]);
    int32x4x2_t ws = bias;
    if (a->weight_sum != NULL)
    {
        ws = vld2q_s32(a->weight_sum + c);
    }
    const int32_t noff = -a->input_offset;
    for (int32_t h = 0; h < 2; h++)
    {
        const int32_t l = 4 * h;
        const int32x4_t row0 = vaddq_s32(vaddq_s32(vld1q_s32(wt[0] + l), vld1q_s32(wt[1] + l)), vld1q_s32(wt[2] + l));
        const int32x4_t row1 = vaddq_s32(vaddq_s32(vld1q_s32(wt[3] + l), vld1q_s32(wt[4] + l)), vld1q_s32(wt[5] + l));
        const int32x4_t row2 = vaddq_s32(vaddq_s32(vld1q_s32(wt[6] + l), vld1q_s32(wt[7] + l)), vld1q_s32(wt[8] + l));
        const int32x4_t col0 = vaddq_s32(vaddq_s32(vld1q_s32(wt[0] + l), vld1q_s32(wt[3] + l)), vld1q_s32(wt[6] + l));
        const int32x4_t col2 = vaddq_s32(vaddq_s32(vld1q_s32(wt[2] + l), vld1q_s32(wt[5] + l)), vld1q_s32(wt[8] + l));
        int32x4_t base;
        if (a->weight_sum != NULL)
        {
            base = ws.val[h];
        }
        else
        {
            base = vmlaq_n_s32(bias.val[h], vaddq_s32(vaddq_s32(row0, row1), row2), a->input_offset);
        }
        /* clipped taps: a row, a column, or both less their shared corner */
        const int32x4_t clip[3][3] = {
            {vdupq_n_s32(0), col0, col2},
            {row0, vsubq_s32(vaddq_s32(row0, col0), vld1q_s32(wt[0] + l)),
             vsubq_s32(vaddq_s32(row0, col2), vld1q_s32(wt[2] + l))},
            {row2, vsubq_s32(vaddq_s32(row2, col0), vld1q_s32(wt[6] + l)),
             vsubq_s32(vaddq_s32(row2, col2), vld1q_s32(wt[8] + l))},
        };
        for (int32_t r = 0; r < 3; r++)
        {
            for (int32_t q = 0; q < 3; q++)
            {
                vst1q_s32(k->start[r][q] + l, vmlaq_n_s32(base, clip[r][q], noff));
            }
        }
    }
    const int32x4x2_t sh = vld2q_s32(a->shift + c);
    const int32x4x2_t mu = vld2q_s32(a->mult + c);
    const int32x4_t zero = vdupq_n_s32(0);
    vst1q_s32(k->prm, mu.val[0]);
    vst1q_s32(k->prm + 4, mu.val[1]);
    vst1q_s32(k->prm + 8, vminq_s32(sh.val[0], zero));
    vst1q_s32(k->prm + 12, vminq_s32(sh.val[1], zero));
    vst1q_s32(k->prm + 16, vmaxq_s32(sh.val[0], zero));
    vst1q_s32(k->prm + 20, vmaxq_s32(sh.val[1], zero));
    vst1q_s16(k->lo, vdupq_n_s16((int16_t)a->act_min));
    vst1q_s16(k->hi, vdupq_n_s16((int16_t)a->act_max));
    k->out_off = a->output_offset;
    return vmaxvq_s32(INT32_MIN, vmaxq_s32(sh.val[0], sh.val[1])) >= 0;
}

/* TFLite's requantization of four lanes: m multiplier, rs right shift (<= 0), ls left shift;
 * gen false: every rs < 0 and ls == 0. */
static inline __attribute__((always_inline)) int32x4_t kiln_dw_rq4(int32x4_t v, const int32x4_t m,
                                                                   const int32x4_t rs, const int32_t *ls,
                                                                   const bool gen)
{
    if (gen)
    {
        v = vshlq_s32(v, vld1q_s32(ls));
    }
    v = vqrdmulhq_s32(v, m);
    /* ties away from zero: a negative lane steps down by one before the rounding shift (only where
     * the shift is non-zero) */
    const int32x4_t fix = gen ? vshrq_n_s32(vandq_s32(v, rs), 31) : vshrq_n_s32(v, 31);
    return vrshlq_s32(vqaddq_s32(v, fix), rs);
}

/* Requantize one output (e/o halves) and store its eight int8 in channel order. */
static inline __attribute__((always_inline)) void kiln_dw_rq_one(int32x4_t ae, int32x4_t ao, const kiln_dw_blk8 *k,
                                                                 const bool gen, int8_t *o)
{
    /* opaque block pointer: every field below is one load at an immediate offset from it, instead of
     * GCC keeping (and spilling) a precomputed address per field */
    __asm__("" : "+r"(k));
    const int32_t *prm = k->prm;
    ae = kiln_dw_rq4(ae, vld1q_s32(prm), vld1q_s32(prm + 8), prm + 16, gen);
    const int32x4_t m = vld1q_s32(prm + 4);
    ao = kiln_dw_rq4(ao, m, vld1q_s32(prm + 12), prm + 20, gen);
    int16x8_t n = vqmovnbq_s32(vreinterpretq_s16_s32(m), ae);
    n = vqmovntq_s32(n, ao);
    /* saturated to int16, so adding the offset saturating and clamping gives the int32 result */
    n = vqaddq_n_s16(n, (int16_t)k->out_off);
    n = vmaxq_s16(n, vld1q_s16(k->lo));
    n = vminq_s16(n, vld1q_s16(k->hi));
    vstrbq_s16(o, n);
}

/* Two outputs: the parameters of each half are loaded once for both, so are the clamp bounds; the
 * dead parameter vectors serve as the narrowing destinations (no register copies). */
static inline __attribute__((always_inline)) void kiln_dw_rq_two(int32x4_t ae, int32x4_t ao, int32x4_t be,
                                                                 int32x4_t bo, const kiln_dw_blk8 *k, const bool gen,
                                                                 int8_t *o0, int8_t *o1)
{
    __asm__("" : "+r"(k)); /* (as in kiln_dw_rq_one) */
    const int32_t *prm = k->prm;
    int32x4_t m = vld1q_s32(prm);
    int32x4_t rs = vld1q_s32(prm + 8);
    ae = kiln_dw_rq4(ae, m, rs, prm + 16, gen);
    be = kiln_dw_rq4(be, m, rs, prm + 16, gen);
    m = vld1q_s32(prm + 4);
    rs = vld1q_s32(prm + 12);
    ao = kiln_dw_rq4(ao, m, rs, prm + 20, gen);
    bo = kiln_dw_rq4(bo, m, rs, prm + 20, gen);
    int16x8_t na = vqmovnbq_s32(vreinterpretq_s16_s32(m), ae);
    na = vqmovntq_s32(na, ao);
    int16x8_t nb = vqmovnbq_s32(vreinterpretq_s16_s32(rs), be);
    nb = vqmovntq_s32(nb, bo);
    const int16_t off = (int16_t)k->out_off;
    na = vqaddq_n_s16(na, off);
    nb = vqaddq_n_s16(nb, off);
    const int16x8_t lo = vld1q_s16(k->lo);
    na = vmaxq_s16(na, lo);
    nb = vmaxq_s16(nb, lo);
    const int16x8_t hi = vld1q_s16(k->hi);
    na = vminq_s16(na, hi);
    nb = vminq_s16(nb, hi);
    vstrbq_s16(o0, na);
    vstrbq_s16(o1, nb);
}

/* acc_e/acc_o += x * w (eight channels). The empty asm keeps the sums in their registers so the
 * compiler accumulates tap by tap instead of forming every product first. */
#define KILN_DW_M16(acc_e, acc_o, x, w)                                                                           \
    do                                                                                                            \
    {                                                                                                             \
        acc_e = vaddq_s32(acc_e, vmullbq_int_s16((x), (w)));                                                      \
        acc_o = vaddq_s32(acc_o, vmulltq_int_s16((x), (w)));                                                      \
        __asm__("" : "+w"(acc_e), "+w"(acc_o));                                                                   \
    } while (0)

/* KILN_DW_M16, then the pointers t (a walking input pointer) and w (the filter) are taken to depend
 * on the sums: no instruction, it only keeps GCC from issuing the loads early (or hoisting the
 * filter loads out of the column loop), which needs more than the eight Q registers and spills. */
#define KILN_DW_M16S(acc_e, acc_o, xv, wv)                                                                        \
    do                                                                                                            \
    {                                                                                                             \
        KILN_DW_M16(acc_e, acc_o, xv, wv);                                                                        \
        __asm__("" : "+r"(t), "+r"(w) : "w"(acc_o));                                                              \
    } while (0)

/* Filter row r (0..2 from w) of kiln_dw_mve_pair; x: the row's first loaded input column. */
#define KILN_DW_PAIR_ROW(r)                                                                                       \
    do                                                                                                            \
    {                                                                                                             \
        const int8_t *t = x;                                                                                      \
        int16x8_t wv = vldrbq_s16(w + 24 * (r));                                                                  \
        int16x8_t xv;                                                                                             \
        if (s1)                                                                                                   \
        {                                                                                                         \
            if (!L)                                                                                               \
            {                                                                                                     \
                xv = vldrbq_s16(t);                                                                               \
                KILN_DW_M16S(ae, ao, xv, wv);                                                                     \
                t += C;                                                                                           \
            }                                                                                                     \
            xv = vldrbq_s16(t);                                                                                   \
            KILN_DW_M16S(be, bo, xv, wv);                                                                         \
            wv = vldrbq_s16(w + 24 * (r) + 8);                                                                    \
            KILN_DW_M16S(ae, ao, xv, wv);                                                                         \
            t += C;                                                                                               \
            xv = vldrbq_s16(t);                                                                                   \
            KILN_DW_M16S(be, bo, xv, wv);                                                                         \
            wv = vldrbq_s16(w + 24 * (r) + 16);                                                                   \
            KILN_DW_M16S(ae, ao, xv, wv);                                                                         \
            if (!R)                                                                                               \
            {                                                                                                     \
                t += C;                                                                                           \
                xv = vldrbq_s16(t);                                                                               \
                KILN_DW_M16S(be, bo, xv, wv);                                                                     \
            }                                                                                                     \
        }                                                                                                         \
        else                                                                                                      \
        {                                                                                                         \
            if (!L)                                                                                               \
            {                                                                                                     \
                xv = vldrbq_s16(t);                                                                               \
                KILN_DW_M16S(ae, ao, xv, wv);                                                                     \
                t += C;                                                                                           \
            }                                                                                                     \
            xv = vldrbq_s16(t + x1off);                                                                           \
            KILN_DW_M16S(be, bo, xv, wv);                                                                         \
            wv = vldrbq_s16(w + 24 * (r) + 8);                                                                    \
            xv = vldrbq_s16(t);                                                                                   \
            KILN_DW_M16S(ae, ao, xv, wv);                                                                         \
            xv = vldrbq_s16(t + xs);                                                                              \
            KILN_DW_M16S(be, bo, xv, wv);                                                                         \
            wv = vldrbq_s16(w + 24 * (r) + 16);                                                                   \
            t += C;                                                                                               \
            xv = vldrbq_s16(t);                                                                                   \
            KILN_DW_M16S(ae, ao, xv, wv);                                                                         \
            if (!R)                                                                                               \
            {                                                                                                     \
                xv = vldrbq_s16(t + xs);                                                                          \
                KILN_DW_M16S(be, bo, xv, wv);                                                                     \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

/* Two neighbouring outputs ox, ox + 1 of one row. x: input of the first kept filter row at the first
 * column read (output ox's left column, or its middle one when L); nrows kept filter rows from ky0;
 * st the row's start values by column class. L: output ox lacks its left column (ox is 0, pad 1); R: output ox + 1
 * lacks its right column. s1: stride 1, the windows share input loads; otherwise output ox + 1's
 * window is xs bytes on. */
static inline __attribute__((always_inline)) void kiln_dw_mve_pair(const kiln_dw_blk8 *k, const int8_t *x,
                                                                   const int32_t ky0, const int32_t nrows,
                                                                   const int32_t C, const int32_t in_row,
                                                                   const int32_t xs, const int32_t *st,
                                                                   const bool gen, int8_t *o, const bool s1,
                                                                   const bool L, const bool R)
{
    /* st: the row's start values (column classes all, left, right at 0, 8, 16); opaque, so the loads
     * below use immediate offsets from it instead of addresses GCC would precompute and spill */
    __asm__("" : "+r"(st));
    const int32_t *st0 = st + (L ? 8 : 0);
    const int32_t *st1 = st + (R ? 16 : 0);
    int32x4_t ae = vld1q_s32(st0);
    int32x4_t ao = vld1q_s32(st0 + 4);
    int32x4_t be = vld1q_s32(st1);
    int32x4_t bo = vld1q_s32(st1 + 4);
    const int8_t *w = k->w + 24 * ky0;
    /* opaque from here: the filter loads stay in this pair (not hoisted out of the column loop) */
    __asm__("" : "+r"(w));
    /* (stride > 1) output ox + 1's left column, from the middle one of output ox */
    const int32_t x1off = xs - C;
    (void)x1off;
    if (nrows == 3)
    {
        KILN_DW_PAIR_ROW(0);
        x += in_row;
        KILN_DW_PAIR_ROW(1);
        x += in_row;
        KILN_DW_PAIR_ROW(2);
    }
    else
    {
        for (int32_t r = 0; r < nrows; r++)
        {
            KILN_DW_PAIR_ROW(0);
            x += in_row;
            w += 24;
        }
    }
    kiln_dw_rq_two(ae, ao, be, bo, k, gen, o, o + C);
}

/* Filter row r (0..2 from w) of kiln_dw_mve_single; x: the row's first loaded input column. */
#define KILN_DW_SINGLE_ROW(r)                                                                                     \
    do                                                                                                            \
    {                                                                                                             \
        const int8_t *t = x;                                                                                      \
        int16x8_t xv;                                                                                             \
        if (!L)                                                                                                   \
        {                                                                                                         \
            xv = vldrbq_s16(t);                                                                                   \
            KILN_DW_M16S(ae, ao, xv, vldrbq_s16(w + 24 * (r)));                                                   \
            t += C;                                                                                               \
        }                                                                                                         \
        xv = vldrbq_s16(t);                                                                                       \
        KILN_DW_M16S(ae, ao, xv, vldrbq_s16(w + 24 * (r) + 8));                                                   \
        if (!R)                                                                                                   \
        {                                                                                                         \
            t += C;                                                                                               \
            xv = vldrbq_s16(t);                                                                                   \
            KILN_DW_M16S(ae, ao, xv, vldrbq_s16(w + 24 * (r) + 16));                                              \
        }                                                                                                         \
    } while (0)

/* One output (same conventions as kiln_dw_mve_pair; L/R: it lacks its left/right column). */
static inline __attribute__((always_inline)) void kiln_dw_mve_single(const kiln_dw_blk8 *k, const int8_t *x,
                                                                     const int32_t ky0, const int32_t nrows,
                                                                     const int32_t C, const int32_t in_row,
                                                                     const int32_t *st, const bool gen, int8_t *o,
                                                                     const bool L, const bool R)
{
    __asm__("" : "+r"(st)); /* (as in kiln_dw_mve_pair) */
    const int32_t *st0 = st + (L ? 8 : 0) + (R ? 16 : 0);
    int32x4_t ae = vld1q_s32(st0);
    int32x4_t ao = vld1q_s32(st0 + 4);
    const int8_t *w = k->w + 24 * ky0;
    __asm__("" : "+r"(w));
    if (nrows == 3)
    {
        KILN_DW_SINGLE_ROW(0);
        x += in_row;
        KILN_DW_SINGLE_ROW(1);
        x += in_row;
        KILN_DW_SINGLE_ROW(2);
    }
    else
    {
        for (int32_t r = 0; r < nrows; r++)
        {
            KILN_DW_SINGLE_ROW(0);
            x += in_row;
            w += 24;
        }
    }
    kiln_dw_rq_one(ae, ao, k, gen, o);
}

/* One output whose window is clipped in a way the table does not cover: from the bias, the offset
 * added tap by tap (in int16: |input + input_offset| <= 383) over the taps inside the input. */
static void kiln_dw_mve_any8(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a, const kiln_dw_blk8 *k,
                             const bool gen, const int8_t *in_b, int32_t base_y, int32_t base_x, int32_t c,
                             int8_t *o)
{
    const int32_t C = s->in_c;
    int32_t ky0, ky1, kx0, kx1;
    kiln_tap_range(base_y, s->in_h, 3, 1, &ky0, &ky1);
    kiln_tap_range(base_x, s->in_w, 3, 1, &kx0, &kx1);
    int32x4_t acc_e = vld1q_s32(k->bias);
    int32x4_t acc_o = vld1q_s32(k->bias + 4);
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const int8_t *xp = in_b + ((base_y + ky) * s->in_w + base_x + kx0) * C + c;
        const int8_t *wp = k->w + 8 * (ky * 3 + kx0);
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            const int16x8_t x16 = vaddq_n_s16(vldrbq_s16(xp), (int16_t)a->input_offset);
            KILN_DW_M16(acc_e, acc_o, x16, vldrbq_s16(wp));
            xp += C;
            wp += 8;
        }
    }
    kiln_dw_rq_one(acc_e, acc_o, k, gen, o);
}

/* Runs of interior pairs (every filter column inside the input, stride 1 or 2) in inline assembly.
 * GCC 12.2 compiles kiln_dw_mve_pair to about 1.5 instructions per MAC here: it recomputes and
 * copies input addresses between the loads, reloads inputs, and spills the requantization; the
 * loop below takes 150 instructions per pair of outputs at stride 1 with right shifts only (144
 * MACs, 1.04 per MAC: 21 loads, 72 widening multiplies and adds, 12 address steps, 45 for start
 * values, requantization, stores and the loop; 156 at stride 2; 10 more with the general
 * requantization).
 * Registers: q0/q1 output a (even/odd channels), q2/q3 output b, q4 input, q5 (and q7 at stride 2)
 * filter taps, q6 products. p walks the input columns of one filter row, then moves on by adv to
 * the next row. Same arithmetic as kiln_dw_mve_pair and kiln_dw_rq_two. */
#define KILN_DW_A_MAC(lo, hi, xq, wq)                                                                             \
    "vmullb.s16 q6, " xq ", " wq "\n\t"                                                                          \
    "vadd.i32 " lo ", " lo ", q6\n\t"                                                                            \
    "vmullt.s16 q6, " xq ", " wq "\n\t"                                                                          \
    "vadd.i32 " hi ", " hi ", q6\n\t"

/* stride 1: columns 0..3, a = taps on 0..2, b = taps on 1..3; W0..W2 the row's tap offsets in k->w */
#define KILN_DW_A_ROW_S1(W0, W1, W2)                                                                              \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W1 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "add %[p], %[p], %[adv]\n\t"

/* stride 2: columns 0..4, a = taps on 0..2, b = taps on 2..4 (column 2 loaded once) */
#define KILN_DW_A_ROW_S2(W0, W1, W2)                                                                              \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "vldrb.s16 q7, [%[w], #" W1 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q7")                                            \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q7")                                            \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "add %[p], %[p], %[adv]\n\t"

/* pairs at the left edge (L: output a lacks its left column; p starts at its middle column) and at
 * the right edge (R: output b lacks its right column); same registers */
#define KILN_DW_A_ROW_S1L(W0, W1, W2)                                                                             \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "vldrb.s16 q7, [%[w], #" W1 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q7")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q7")                                            \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "add %[p], %[p], %[adv]\n\t"

#define KILN_DW_A_ROW_S1R(W0, W1, W2)                                                                             \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "vldrb.s16 q7, [%[w], #" W1 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q7") KILN_DW_A_MAC("q2", "q3", "q4", "q5")     \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5") KILN_DW_A_MAC("q2", "q3", "q4", "q7")     \
    "add %[p], %[p], %[adv]\n\t"

#define KILN_DW_A_ROW_S2L(W0, W1, W2)                                                                             \
    "vldrb.s16 q7, [%[w], #" W1 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q7")                                            \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q7")                                            \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "add %[p], %[p], %[adv]\n\t"

#define KILN_DW_A_ROW_S2R(W0, W1, W2)                                                                             \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "vldrb.s16 q7, [%[w], #" W1 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q7")                                            \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                   \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q2", "q3", "q4", "q7")                                            \
    "add %[p], %[p], %[adv]\n\t"

/* requantize the even (q0, q2: M, RS byte offsets of the multiplier and right shift in k->prm) or odd
 * (q1, q3) lanes; kiln_dw_rq4 with gen false (every right shift < 0, no left shift) */
#define KILN_DW_A_RQ(A, B, M, RS)                                                                                 \
    "vldrw.u32 q4, [%[k], #" M "]\n\t"                                                                           \
    "vldrw.u32 q5, [%[k], #" RS "]\n\t"                                                                          \
    "vqrdmulh.s32 " A ", " A ", q4\n\t"                                                                          \
    "vqrdmulh.s32 " B ", " B ", q4\n\t"                                                                          \
    "vshr.s32 q6, " A ", #31\n\t"                                                                                \
    "vqadd.s32 " A ", " A ", q6\n\t"                                                                             \
    "vrshl.s32 " A ", " A ", q5\n\t"                                                                             \
    "vshr.s32 q6, " B ", #31\n\t"                                                                                \
    "vqadd.s32 " B ", " B ", q6\n\t"                                                                             \
    "vrshl.s32 " B ", " B ", q5\n\t"

/* the same with gen true: left shift LS first, the tie fix only where the right shift is non-zero */
#define KILN_DW_A_RQG(A, B, M, RS, LS)                                                                            \
    "vldrw.u32 q4, [%[k], #" M "]\n\t"                                                                           \
    "vldrw.u32 q5, [%[k], #" RS "]\n\t"                                                                          \
    "vldrw.u32 q6, [%[k], #" LS "]\n\t"                                                                          \
    "vshl.s32 " A ", " A ", q6\n\t"                                                                              \
    "vshl.s32 " B ", " B ", q6\n\t"                                                                              \
    "vqrdmulh.s32 " A ", " A ", q4\n\t"                                                                          \
    "vqrdmulh.s32 " B ", " B ", q4\n\t"                                                                          \
    "vand q6, " A ", q5\n\t"                                                                                     \
    "vshr.s32 q6, q6, #31\n\t"                                                                                   \
    "vqadd.s32 " A ", " A ", q6\n\t"                                                                             \
    "vrshl.s32 " A ", " A ", q5\n\t"                                                                             \
    "vand q6, " B ", q5\n\t"                                                                                     \
    "vshr.s32 q6, q6, #31\n\t"                                                                                   \
    "vqadd.s32 " B ", " B ", q6\n\t"                                                                             \
    "vrshl.s32 " B ", " B ", q5\n\t"

/* narrow both outputs to int16 in channel order, output offset, clamp, store, next pair */
#define KILN_DW_A_STORE(STEP)                                                                                     \
    "vqmovnb.s32 q4, q0\n\t"                                                                                     \
    "vqmovnt.s32 q4, q1\n\t"                                                                                     \
    "vqmovnb.s32 q5, q2\n\t"                                                                                     \
    "vqmovnt.s32 q5, q3\n\t"                                                                                     \
    "ldr %[p], [%[k], #128]\n\t"                                                                                \
    "vqadd.s16 q4, q4, %[p]\n\t"                                                                                 \
    "vqadd.s16 q5, q5, %[p]\n\t"                                                                                 \
    "vldrh.u16 q6, [%[k], #96]\n\t"                                                                              \
    "vmax.s16 q4, q4, q6\n\t"                                                                                    \
    "vmax.s16 q5, q5, q6\n\t"                                                                                    \
    "vldrh.u16 q6, [%[k], #112]\n\t"                                                                             \
    "vmin.s16 q4, q4, q6\n\t"                                                                                    \
    "vmin.s16 q5, q5, q6\n\t"                                                                                    \
    "vstrb.16 q4, [%[o]]\n\t"                                                                                    \
    "add %[o], %[o], %[c]\n\t"                                                                                   \
    "vstrb.16 q5, [%[o]]\n\t"                                                                                    \
    "add %[o], %[o], %[c]\n\t"                                                                                   \
    "add %[x], %[x], %[c], lsl #" STEP "\n\t"                                                                    \
    "subs %[n], %[n], #1\n\t"                                                                                    \
    "bne 1b\n\t"

#define KILN_DW_A_START                                                                                           \
    "1:\n\t"                                                                                                     \
    "vldrw.u32 q0, [%[st]]\n\t"                                                                                  \
    "vldrw.u32 q1, [%[st], #16]\n\t"                                                                             \
    "vmov q2, q0\n\t"                                                                                            \
    "vmov q3, q1\n\t"                                                                                            \
    "mov %[p], %[x]\n\t"

/* start values of an edge pair: a from column class SA, b from SB (byte offsets in st) */
#define KILN_DW_A_START_EDGE(SA, SB)                                                                              \
    "1:\n\t"                                                                                                     \
    "vldrw.u32 q0, [%[st], #" SA "]\n\t"                                                                         \
    "vldrw.u32 q1, [%[st], #" SA "+16]\n\t"                                                                      \
    "vldrw.u32 q2, [%[st], #" SB "]\n\t"                                                                         \
    "vldrw.u32 q3, [%[st], #" SB "+16]\n\t"                                                                      \
    "mov %[p], %[x]\n\t"
#define KILN_DW_A_ROWS3(R) R("0", "8", "16") R("24", "32", "40") R("48", "56", "64")
#define KILN_DW_A_ROWS2(R) R("0", "8", "16") R("24", "32", "40")
#define KILN_DW_A_RQ_PLAIN KILN_DW_A_RQ("q0", "q2", "0", "32") KILN_DW_A_RQ("q1", "q3", "16", "48")
#define KILN_DW_A_RQ_GEN KILN_DW_A_RQG("q0", "q2", "0", "32", "64") KILN_DW_A_RQG("q1", "q3", "16", "48", "80")
#define KILN_DW_A_ROWS3_S1                                                                                        \
    KILN_DW_A_ROW_S1("0", "8", "16") KILN_DW_A_ROW_S1("24", "32", "40") KILN_DW_A_ROW_S1("48", "56", "64")
#define KILN_DW_A_ROWS2_S1 KILN_DW_A_ROW_S1("0", "8", "16") KILN_DW_A_ROW_S1("24", "32", "40")
#define KILN_DW_A_ROWS3_S2                                                                                        \
    KILN_DW_A_ROW_S2("0", "8", "16") KILN_DW_A_ROW_S2("24", "32", "40") KILN_DW_A_ROW_S2("48", "56", "64")
#define KILN_DW_A_ROWS2_S2 KILN_DW_A_ROW_S2("0", "8", "16") KILN_DW_A_ROW_S2("24", "32", "40")

/* the operands shared by every variant (k: the block, its field offsets checked below) */
#define KILN_DW_A_OPERANDS                                                                                        \
    : [x] "+r"(x), [o] "+l"(o), [n] "+r"(n), [p] "=&l"(p)                                                        \
    : [w] "l"(w), [k] "r"(k), [st] "r"(st), [c] "r"(C), [adv] "r"(adv)                                        \
    : "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "memory", "cc"

typedef char kiln_dw_blk8_layout_check[(offsetof(kiln_dw_blk8, prm) == 0 && offsetof(kiln_dw_blk8, lo) == 96 &&
                                        offsetof(kiln_dw_blk8, hi) == 112 && offsetof(kiln_dw_blk8, out_off) == 128)
                                           ? 1
                                           : -1];

/* n >= 1 interior pairs from x (the first input column of the first kept filter row ky0, at the
 * row's first pair), writing 2 n outputs from o; nrows (2 or 3) kept filter rows, st their start
 * values (full-window column class). s1: stride 1, otherwise stride 2. */
static inline __attribute__((always_inline)) void kiln_dw_mve_pairs_asm(const kiln_dw_blk8 *k, const int8_t *x,
                                                                        int8_t *o, int32_t n, const int32_t ky0,
                                                                        const int32_t nrows, const int32_t C,
                                                                        const int32_t in_row, const int32_t *st,
                                                                        const bool gen, const bool s1)
{
#if !defined(__OPTIMIZE__)
    /* unoptimized builds cannot allocate the operands: the C pair */
    const int32_t xs = (s1 ? 1 : 2) * C;
    for (; n > 0; n--)
    {
        kiln_dw_mve_pair(k, x, ky0, nrows, C, in_row, xs, st, gen, o, s1, false, false);
        x += 2 * xs;
        o += 2 * C;
    }
#else
    const int8_t *w = k->w + 24 * ky0;
    const int32_t adv = in_row - (s1 ? 3 : 4) * C;
    const int8_t *p;
    if (s1)
    {
        if (nrows == 3)
        {
            if (gen)
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS3_S1 KILN_DW_A_RQ_GEN KILN_DW_A_STORE("1")
                                     KILN_DW_A_OPERANDS);
            }
            else
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS3_S1 KILN_DW_A_RQ_PLAIN KILN_DW_A_STORE("1")
                                     KILN_DW_A_OPERANDS);
            }
        }
        else
        {
            if (gen)
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS2_S1 KILN_DW_A_RQ_GEN KILN_DW_A_STORE("1")
                                     KILN_DW_A_OPERANDS);
            }
            else
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS2_S1 KILN_DW_A_RQ_PLAIN KILN_DW_A_STORE("1")
                                     KILN_DW_A_OPERANDS);
            }
        }
    }
    else
    {
        if (nrows == 3)
        {
            if (gen)
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS3_S2 KILN_DW_A_RQ_GEN KILN_DW_A_STORE("2")
                                     KILN_DW_A_OPERANDS);
            }
            else
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS3_S2 KILN_DW_A_RQ_PLAIN KILN_DW_A_STORE("2")
                                     KILN_DW_A_OPERANDS);
            }
        }
        else
        {
            if (gen)
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS2_S2 KILN_DW_A_RQ_GEN KILN_DW_A_STORE("2")
                                     KILN_DW_A_OPERANDS);
            }
            else
            {
                __asm__ volatile(KILN_DW_A_START KILN_DW_A_ROWS2_S2 KILN_DW_A_RQ_PLAIN KILN_DW_A_STORE("2")
                                     KILN_DW_A_OPERANDS);
            }
        }
    }
    (void)p;
#endif
}

/* One edge pair (stride 1 or 2): L, output a (at x's column, which is its middle one) lacks its
 * left column; otherwise R, output b lacks its right column. Always the general requantization
 * (exact for every shift; one pair per row). */
#define KILN_DW_A_EDGE(START, ROWS, STEP) \
    __asm__ volatile(START ROWS KILN_DW_A_RQ_GEN KILN_DW_A_STORE(STEP) KILN_DW_A_OPERANDS)
static inline __attribute__((always_inline)) void kiln_dw_mve_edge_asm(const kiln_dw_blk8 *k, const int8_t *x,
                                                                       int8_t *o, const int32_t ky0,
                                                                       const int32_t nrows, const int32_t C,
                                                                       const int32_t in_row, const int32_t *st,
                                                                       const bool s1, const bool L)
{
#if !defined(__OPTIMIZE__)
    kiln_dw_mve_pair(k, x, ky0, nrows, C, in_row, (s1 ? 1 : 2) * C, st, true, o, s1, L, !L);
#else
    const int8_t *w = k->w + 24 * ky0;
    const int32_t adv = in_row - (s1 ? 2 : 3) * C;
    int32_t n = 1;
    const int8_t *p;
    if (s1)
    {
        if (L)
        {
            if (nrows == 3)
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("32", "0"), KILN_DW_A_ROWS3(KILN_DW_A_ROW_S1L), "1");
            }
            else
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("32", "0"), KILN_DW_A_ROWS2(KILN_DW_A_ROW_S1L), "1");
            }
        }
        else
        {
            if (nrows == 3)
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("0", "64"), KILN_DW_A_ROWS3(KILN_DW_A_ROW_S1R), "1");
            }
            else
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("0", "64"), KILN_DW_A_ROWS2(KILN_DW_A_ROW_S1R), "1");
            }
        }
    }
    else
    {
        if (L)
        {
            if (nrows == 3)
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("32", "0"), KILN_DW_A_ROWS3(KILN_DW_A_ROW_S2L), "2");
            }
            else
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("32", "0"), KILN_DW_A_ROWS2(KILN_DW_A_ROW_S2L), "2");
            }
        }
        else
        {
            if (nrows == 3)
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("0", "64"), KILN_DW_A_ROWS3(KILN_DW_A_ROW_S2R), "2");
            }
            else
            {
                KILN_DW_A_EDGE(KILN_DW_A_START_EDGE("0", "64"), KILN_DW_A_ROWS2(KILN_DW_A_ROW_S2R), "2");
            }
        }
    }
    (void)p;
#endif
}

/* One output in assembly (q0/q1 its even/odd channels): all three columns, or R (lacks its right
 * column); kiln_dw_mve_single's arithmetic with the general requantization. */
#define KILN_DW_A_ROW_ONE(W0, W1, W2)                                                                             \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W1 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W2 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "add %[p], %[p], %[adv]\n\t"
#define KILN_DW_A_ROW_ONER(W0, W1, W2)                                                                            \
    "vldrb.s16 q5, [%[w], #" W0 "]\n\t"                                                                          \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "vldrb.s16 q5, [%[w], #" W1 "]\n\t"                                                                          \
    "add %[p], %[p], %[c]\n\t"                                                                                   \
    "vldrb.s16 q4, [%[p]]\n\t" KILN_DW_A_MAC("q0", "q1", "q4", "q5")                                            \
    "add %[p], %[p], %[adv]\n\t"
/* requantize q0 (even lanes) and q1 (odd lanes) of one output, narrow, clamp and store */
#define KILN_DW_A_RQ_ONE(A, M, RS, LS)                                                                            \
    "vldrw.u32 q4, [%[k], #" M "]\n\t"                                                                           \
    "vldrw.u32 q5, [%[k], #" RS "]\n\t"                                                                          \
    "vldrw.u32 q6, [%[k], #" LS "]\n\t"                                                                          \
    "vshl.s32 " A ", " A ", q6\n\t"                                                                              \
    "vqrdmulh.s32 " A ", " A ", q4\n\t"                                                                          \
    "vand q6, " A ", q5\n\t"                                                                                     \
    "vshr.s32 q6, q6, #31\n\t"                                                                                   \
    "vqadd.s32 " A ", " A ", q6\n\t"                                                                             \
    "vrshl.s32 " A ", " A ", q5\n\t"
#define KILN_DW_A_ONE(SA, ROWS)                                                                                   \
    __asm__ volatile("vldrw.u32 q0, [%[st], #" SA "]\n\t"                                                        \
                     "vldrw.u32 q1, [%[st], #" SA "+16]\n\t"                                                     \
                     "mov %[p], %[x]\n\t" ROWS KILN_DW_A_RQ_ONE("q0", "0", "32", "64")                            \
                         KILN_DW_A_RQ_ONE("q1", "16", "48", "80") "vqmovnb.s32 q4, q0\n\t"                        \
                                                                  "vqmovnt.s32 q4, q1\n\t"                        \
                                                                  "vqadd.s16 q4, q4, %[off]\n\t"                  \
                                                                  "vldrh.u16 q6, [%[k], #96]\n\t"                 \
                                                                  "vmax.s16 q4, q4, q6\n\t"                       \
                                                                  "vldrh.u16 q6, [%[k], #112]\n\t"                \
                                                                  "vmin.s16 q4, q4, q6\n\t"                       \
                                                                  "vstrb.16 q4, [%[o]]\n\t"                       \
                     : [p] "=&l"(p)                                                                               \
                     : [x] "r"(x), [o] "l"(o), [w] "l"(w), [k] "r"(k), [st] "r"(st), [c] "r"(C), [adv] "r"(adv),   \
                       [off] "r"(off)                                                                             \
                     : "q0", "q1", "q4", "q5", "q6", "memory")

static inline __attribute__((always_inline)) void kiln_dw_mve_one_asm(const kiln_dw_blk8 *k, const int8_t *x,
                                                                      int8_t *o, const int32_t ky0,
                                                                      const int32_t nrows, const int32_t C,
                                                                      const int32_t in_row, const int32_t *st,
                                                                      const bool R)
{
#if !defined(__OPTIMIZE__)
    kiln_dw_mve_single(k, x, ky0, nrows, C, in_row, st, true, o, false, R);
#else
    const int8_t *w = k->w + 24 * ky0;
    const int32_t adv = in_row - (R ? 1 : 2) * C;
    const int32_t off = k->out_off;
    const int8_t *p;
    if (R)
    {
        if (nrows == 3)
        {
            KILN_DW_A_ONE("64", KILN_DW_A_ROWS3(KILN_DW_A_ROW_ONER));
        }
        else
        {
            KILN_DW_A_ONE("64", KILN_DW_A_ROWS2(KILN_DW_A_ROW_ONER));
        }
    }
    else
    {
        if (nrows == 3)
        {
            KILN_DW_A_ONE("0", KILN_DW_A_ROWS3(KILN_DW_A_ROW_ONE));
        }
        else
        {
            KILN_DW_A_ONE("0", KILN_DW_A_ROWS2(KILN_DW_A_ROW_ONE));
        }
    }
    (void)p;
#endif
}

/* One output row of a block: pairs, then single outputs, then the clipped leftovers. */
static inline __attribute__((always_inline)) void kiln_dw_mve_row8(const kiln_dw_s8_shape *s,
                                                                   const kiln_dw_s8_args *a,
                                                                   const kiln_dw_blk8 *k, const bool gen,
                                                                   const int8_t *in_b, const int32_t base_y,
                                                                   const int32_t c, int8_t *out,
                                                                   const int32_t f_end, const int32_t r_end,
                                                                   const int32_t rc, const int32_t ky0,
                                                                   const int32_t nrows, const int32_t C,
                                                                   const int32_t in_row, const int32_t xs,
                                                                   const int32_t pw, const bool s1)
{
    int32_t ox = 0;
    if (rc >= 0)
    {
        const int32_t *st = k->start[rc][0];
        /* the first column read by output ox: ox * stride - pw (column 0 for output 0 when pw is 1) */
        const int8_t *x = in_b + (base_y + ky0) * in_row + c;
        int8_t *o = out;
        if (pw > 0 && f_end > 0)
        {
            /* output 0 lacks its left column */
            if (f_end >= 2)
            {
                if (s1 || xs == 2 * C)
                {
                    kiln_dw_mve_edge_asm(k, x, o, ky0, nrows, C, in_row, st, s1, true);
                }
                else
                {
                    kiln_dw_mve_pair(k, x, ky0, nrows, C, in_row, xs, st, gen, o, s1, true, false);
                }
                ox = 2;
            }
            else if (r_end >= 2)
            {
                kiln_dw_mve_pair(k, x, ky0, nrows, C, in_row, xs, st, gen, o, s1, true, true);
                ox = 2;
            }
            else
            {
                kiln_dw_mve_single(k, x, ky0, nrows, C, in_row, st, gen, o, true, false);
                ox = 1;
            }
            x += ox * xs - C; /* column ox * stride - 1 */
            o += ox * C;
        }
        if ((s1 || xs == 2 * C) && f_end - ox >= 2)
        {
            const int32_t n = (f_end - ox) >> 1;
            kiln_dw_mve_pairs_asm(k, x, o, n, ky0, nrows, C, in_row, st, gen, s1);
            ox += 2 * n;
            x += 2 * n * xs;
            o += 2 * n * C;
        }
        for (; ox + 1 < f_end; ox += 2)
        {
            kiln_dw_mve_pair(k, x, ky0, nrows, C, in_row, xs, st, gen, o, s1, false, false);
            x += 2 * xs;
            o += 2 * C;
            /* no instruction: plain increments (GCC would otherwise form closed-form exit values of
             * x and o, which costs more than the loop itself on short rows) */
            __asm__("" : "+r"(ox), "+r"(x), "+r"(o));
        }
        if (ox < f_end)
        {
            if (ox + 1 < r_end)
            {
                if (s1 || xs == 2 * C)
                {
                    kiln_dw_mve_edge_asm(k, x, o, ky0, nrows, C, in_row, st, s1, false);
                }
                else
                {
                    kiln_dw_mve_pair(k, x, ky0, nrows, C, in_row, xs, st, gen, o, s1, false, true);
                }
                ox += 2;
                x += 2 * xs;
                o += 2 * C;
            }
            else
            {
                kiln_dw_mve_one_asm(k, x, o, ky0, nrows, C, in_row, st, false);
                ox++;
                x += xs;
                o += C;
            }
        }
        for (; ox < r_end; ox++)
        {
            /* (after a pair ending at r_end nothing is left here) */
            kiln_dw_mve_one_asm(k, x, o, ky0, nrows, C, in_row, st, true);
            x += xs;
            o += C;
        }
    }
    for (; ox < s->out_w; ox++)
    {
        kiln_dw_mve_any8(s, a, k, gen, in_b, base_y, ox * s->stride_w - pw, c, out + ox * C);
    }
}

static __attribute__((noinline)) void kiln_dw_mve_3x3_block8(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a,
                                                             const int32_t c)
{
    const int32_t C = s->in_c;
    const int32_t pw = s->pad_w;
    const int32_t sw = s->stride_w;
    /* (shape values held here: the int8 output stores may alias *s, which would reload them per row) */
    const int32_t in_row = s->in_w * C;
    const int32_t xs = sw * C;
    kiln_dw_blk8 k;
    const bool gen = kiln_dw_mve_blk8_setup(&k, a, c, C);
    /* Columns: [0, f_end) keep all three taps (output 0 lacks its left one when pad_w is 1),
     * [f_end, r_end) lack the right one, the rest go per output. */
    int32_t f_end = 0, r_end = 0;
    if (s->in_w - 3 + pw >= 0)
    {
        f_end = MIN(s->out_w, (s->in_w - 3 + pw) / sw + 1);
    }
    if (s->in_w - 2 + pw >= 0)
    {
        r_end = MIN(s->out_w, (s->in_w - 2 + pw) / sw + 1);
    }
    if (pw > 0 && f_end == 0)
    {
        r_end = 0; /* output 0 would lack both side columns */
    }
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * s->in_w * C;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w) * C + c;
            int32_t ky0, ky1;
            kiln_tap_range(base_y, s->in_h, 3, 1, &ky0, &ky1);
            /* row class: all rows, top clipped, bottom clipped; anything else per output */
            const int32_t nrows = ky1 - ky0;
            const int32_t rc = nrows == 3 ? 0 : (nrows == 2 ? (ky0 == 1 ? 1 : 2) : -1);
            if (sw == 1)
            {
                kiln_dw_mve_row8(s, a, &k, gen, in_b, base_y, c, out, f_end, r_end, rc, ky0, nrows, C, in_row, xs,
                                 pw, true);
            }
            else
            {
                kiln_dw_mve_row8(s, a, &k, gen, in_b, base_y, c, out, f_end, r_end, rc, ky0, nrows, C, in_row, xs,
                                 pw, false);
            }
        }
    }
}

void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    if (kiln_dw_s8_mve_tile_3x3(shape, args))
    {
        return;
    }
    int32_t c = 0;
    for (; c + 8 <= shape->in_c; c += 8)
    {
        kiln_dw_mve_3x3_block8(shape, args, c);
    }
    for (; c + 4 <= shape->in_c; c += 4)
    {
        kiln_dw_mve_cm1_block(shape, args, c, true, 3, 3, 1, 1, true);
    }
    if (c < shape->in_c)
    {
        kiln_dw_mve_cm1_block(shape, args, c, false, 3, 3, 1, 1, true);
    }
}

/* ch_mult > 1: generic (gather by lane) or one input channel (scalar broadcast). */
static inline __attribute__((always_inline)) void kiln_dw_mve_mult_block(const kiln_dw_s8_shape *s,
                                                                         const kiln_dw_s8_args *a, const int32_t oc,
                                                                         const bool full, const bool ic1)
{
    const int32_t in_c = s->in_c;
    const int32_t out_c = s->out_c;
    const int32_t cm = s->ch_mult;
    const int32_t fh = s->filter_h, fw = s->filter_w;
    const int32_t off = a->input_offset;
    {
        const mve_pred16_t p = vctp32q((uint32_t)(out_c - oc));
        const int32x4_t bias = a->bias != NULL ? kiln_dw_ld32(a->bias + oc, full, p) : vdupq_n_s32(0);
        /* Input channel of each lane (lanes past out_c are predicated off; keep them in range). */
        const uint32x4_t lane = vidupq_n_u32(0, 1);
        uint32x4_t ic_of = vaddq_n_u32(lane, (uint32_t)oc);
        ic_of = vminq_u32(ic_of, vdupq_n_u32((uint32_t)(out_c - 1)));
        uint32_t ic_arr[4];
        vst1q_u32(ic_arr, ic_of);
        for (int32_t l = 0; l < 4; l++)
        {
            ic_arr[l] /= (uint32_t)cm;
        }
        const uint32x4_t offs = vld1q_u32(ic_arr);
        for (int32_t b = 0; b < s->batches; b++)
        {
            const int8_t *in_b = a->input + b * s->in_h * s->in_w * in_c;
            for (int32_t oy = 0; oy < s->out_h; oy++)
            {
                const int32_t base_y = oy * s->stride_h - s->pad_h;
                int32_t ky0, ky1;
                kiln_tap_range(base_y, s->in_h, fh, s->dil_h, &ky0, &ky1);
                int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w) * out_c + oc;
                for (int32_t ox = 0; ox < s->out_w; ox++)
                {
                    const int32_t base_x = ox * s->stride_w - s->pad_w;
                    int32_t kx0, kx1;
                    kiln_tap_range(base_x, s->in_w, fw, s->dil_w, &kx0, &kx1);
                    int32x4_t acc = bias;
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int8_t *ip = in_b + ((base_y + ky * s->dil_h) * s->in_w + base_x + kx0 * s->dil_w) * in_c;
                        const int8_t *wp = a->filter + (ky * fw + kx0) * out_c + oc;
                        for (int32_t kx = kx0; kx < kx1; kx++)
                        {
                            const int32x4_t w = kiln_dw_ld8(wp, full, p);
                            if (ic1)
                            {
                                acc = vmlaq_n_s32(acc, w, (int32_t)ip[0] + off);
                            }
                            else
                            {
                                const int32x4_t x = vaddq_n_s32(full ? vldrbq_gather_offset_s32(ip, offs) : vldrbq_gather_offset_z_s32(ip, offs, p), off);
                                acc = kiln_dw_mac(acc, x, w);
                            }
                            KILN_DW_AFTER(ip, acc);
                            ip += s->dil_w * in_c;
                            wp += out_c;
                        }
                    }
                    kiln_dw_mve_store(out + ox * out_c, acc, a, oc, full, p);
                }
            }
        }
    }
}

static inline __attribute__((always_inline)) void kiln_dw_mve_mult(const kiln_dw_s8_shape *s,
                                                                   const kiln_dw_s8_args *a, const bool ic1)
{
    int32_t oc = 0;
    for (; oc + 4 <= s->out_c; oc += 4)
    {
        kiln_dw_mve_mult_block(s, a, oc, true, ic1);
    }
    if (oc < s->out_c)
    {
        kiln_dw_mve_mult_block(s, a, oc, false, ic1);
    }
}

void kiln_dw_s8_kernel_ic1(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    kiln_dw_mve_mult(shape, args, true);
}

void kiln_dw_s8_kernel_generic(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    if (shape->ch_mult == 1)
    {
        kiln_dw_mve_cm1_any(shape, args);
        return;
    }
    kiln_dw_mve_mult(shape, args, false);
}

#endif /* KILN_BUILD_MVE */
