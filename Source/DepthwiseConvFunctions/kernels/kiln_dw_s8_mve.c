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
 * kiln_dw_mve_3x3_block8).
 * "ic1": every output channel of a position reads the same input value (VMLA by a scalar).
 * "generic": lane l of block oc reads input channel (oc + l) / ch_mult with a gather load.
 */
#include "Include/Internal/kiln_dw_s8.h"

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
    kiln_dw_tap_range(base_x, s->in_w, fw, dil_w, &kx0, &kx1);
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
                kiln_dw_tap_range(base_y, s->in_h, fh, dil_h, &ky0, &ky1);
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

/* 3x3, eight channels c..c+7 on 16-bit lanes: VLDRB.S16 widens eight input and eight filter bytes,
 * VMULLB/VMULLT form the exact int8 x int8 products of the even and odd channels as int32 lanes and
 * two VADDs accumulate them (acc_e: channels c, c+2, .., acc_o: c+1, c+3, ..). A window inside the
 * input starts from the weight sums (deinterleaved by VLD2), so no per-tap offset add; two
 * neighbouring such outputs share each filter load. A window clipped by padding starts from the
 * bias and adds the offset in int16 over its taps inside the input. Requantization runs on the
 * even/odd halves with parameters deinterleaved once per block; VMOVNB/VMOVNT put the channels back
 * in order for one VSTRB.16. The block's 72 filter bytes are copied to the stack once, so every tap
 * is an immediate offset. */
/* One tap of the eight-channel 3x3 kernel (x: input, w: filter; both eight bytes). */
#define KILN_DW_TAP16(xaddr, waddr)                                                                               \
    do                                                                                                            \
    {                                                                                                             \
        const int16x8_t x16 = vldrbq_s16(xaddr);                                                                  \
        const int16x8_t w16 = vldrbq_s16(waddr);                                                                  \
        acc_e = vaddq_s32(acc_e, vmullbq_int_s16(x16, w16));                                                      \
        acc_o = vaddq_s32(acc_o, vmulltq_int_s16(x16, w16));                                                      \
        __asm__("" : "+w"(acc_e), "+w"(acc_o));                                                                   \
        KILN_DW_AFTER(xp, acc_o);                                                                                 \
        KILN_DW_AFTER(wp, acc_o);                                                                                 \
    } while (0)

/* One tap of two neighbouring outputs (inputs xaddr and xaddr + xstep) sharing the filter vector. */
#define KILN_DW_TAP16X2(xaddr, waddr)                                                                             \
    do                                                                                                            \
    {                                                                                                             \
        const int16x8_t w16 = vldrbq_s16(waddr);                                                                  \
        int16x8_t x16 = vldrbq_s16(xaddr);                                                                        \
        acc_e = vaddq_s32(acc_e, vmullbq_int_s16(x16, w16));                                                      \
        acc_o = vaddq_s32(acc_o, vmulltq_int_s16(x16, w16));                                                      \
        __asm__("" : "+w"(acc_e), "+w"(acc_o));                                                                   \
        KILN_DW_AFTER(xp, acc_o);                                                                                 \
        x16 = vldrbq_s16((xaddr) + xstep);                                                                        \
        acc2_e = vaddq_s32(acc2_e, vmullbq_int_s16(x16, w16));                                                    \
        acc2_o = vaddq_s32(acc2_o, vmulltq_int_s16(x16, w16));                                                    \
        __asm__("" : "+w"(acc2_e), "+w"(acc2_o));                                                                 \
        KILN_DW_AFTER(xp, acc2_o);                                                                                \
        KILN_DW_AFTER(wp, acc2_o);                                                                                \
    } while (0)

/* Requantize four lanes with parameters prm[0..3] left shift, prm[8..11] multiplier,
 * prm[16..19] right shift (non-positive); add the output offset and clamp (int32 result). */
static inline __attribute__((always_inline)) int32x4_t kiln_dw_mve_rq(int32x4_t acc, const int32_t *prm,
                                                                      const kiln_dw_s8_args *a)
{
    const int32x4_t right_neg = vld1q_s32(prm + 16);
    acc = vshlq_s32(acc, vld1q_s32(prm));
    acc = vqrdmulhq_s32(acc, vld1q_s32(prm + 8));
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(acc, right_neg), 31);
    acc = vrshlq_s32(vqaddq_s32(acc, fixup), right_neg);
    acc = vaddq_n_s32(acc, a->output_offset);
    return vminq_s32(vmaxq_s32(acc, vdupq_n_s32(a->act_min)), vdupq_n_s32(a->act_max));
}

static void kiln_dw_mve_3x3_block8(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a, const int32_t c)
{
    const int32_t C = s->in_c;
    const int32_t in_row = s->in_w * C;
    const mve_pred16_t p = vctp32q(4U);
    int32_t start_lo[8], start_hi[8];
    kiln_dw_mve_block_start(start_lo, a, c, C, 9, p);
    kiln_dw_mve_block_start(start_hi, a, c + 4, C, 9, p);
    int32_t wsum[8], bias8[8];
    vst1q_s32(wsum, vld1q_s32(start_lo + 4));
    vst1q_s32(wsum + 4, vld1q_s32(start_hi + 4));
    vst1q_s32(bias8, vld1q_s32(start_lo));
    vst1q_s32(bias8 + 4, vld1q_s32(start_hi));
    /* Requantization parameters of the even and odd channels: left shift, multiplier, right shift
     * (non-positive), each as [even lanes, odd lanes]. */
    int32_t prm[24];
    {
        const int32x4_t zero = vdupq_n_s32(0);
        const int32x4x2_t sh = vld2q_s32(a->shift + c);
        const int32x4x2_t mu = vld2q_s32(a->mult + c);
        vst1q_s32(prm, vmaxq_s32(sh.val[0], zero));
        vst1q_s32(prm + 4, vmaxq_s32(sh.val[1], zero));
        vst1q_s32(prm + 8, mu.val[0]);
        vst1q_s32(prm + 12, mu.val[1]);
        vst1q_s32(prm + 16, vminq_s32(sh.val[0], zero));
        vst1q_s32(prm + 20, vminq_s32(sh.val[1], zero));
    }
    /* The block's 9 x 8 filter bytes, contiguous: tap t at wblk + 8 t (immediate offsets). */
    int8_t wblk[72];
    for (int32_t t = 0; t < 9; t++)
    {
        vstrbq_s16(wblk + 8 * t, vldrbq_s16(a->filter + t * C + c));
    }
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *in_b = a->input + b * s->in_h * in_row;
        for (int32_t oy = 0; oy < s->out_h; oy++)
        {
            const int32_t base_y = oy * s->stride_h - s->pad_h;
            int32_t ky0, ky1;
            kiln_dw_tap_range(base_y, s->in_h, 3, 1, &ky0, &ky1);
            int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w) * C + c;
            for (int32_t ox = 0; ox < s->out_w; ox++)
            {
                const int32_t base_x = ox * s->stride_w - s->pad_w;
                int8_t *o = out + ox * C;
                if (ky0 == 0 && ky1 == 3 && base_x >= 0 && ox + 1 < s->out_w &&
                    base_x + s->stride_w + 3 <= s->in_w)
                {
                    /* Two outputs ox, ox + 1, both windows inside the input. */
                    const int32_t xstep = s->stride_w * C;
                    const int32x4x2_t init = vld2q_s32(wsum);
                    int32x4_t acc_e = init.val[0];
                    int32x4_t acc_o = init.val[1];
                    int32x4_t acc2_e = acc_e;
                    int32x4_t acc2_o = acc_o;
                    const int8_t *xp = in_b + (base_y * s->in_w + base_x) * C + c;
                    const int8_t *wp = wblk;
                    KILN_DW_TAP16X2(xp, wp);
                    KILN_DW_TAP16X2(xp + C, wp + 8);
                    KILN_DW_TAP16X2(xp + 2 * C, wp + 16);
                    xp += in_row;
                    KILN_DW_TAP16X2(xp, wp + 24);
                    KILN_DW_TAP16X2(xp + C, wp + 32);
                    KILN_DW_TAP16X2(xp + 2 * C, wp + 40);
                    xp += in_row;
                    KILN_DW_TAP16X2(xp, wp + 48);
                    KILN_DW_TAP16X2(xp + C, wp + 56);
                    KILN_DW_TAP16X2(xp + 2 * C, wp + 64);
                    acc_e = kiln_dw_mve_rq(acc_e, prm, a);
                    acc_o = kiln_dw_mve_rq(acc_o, prm + 4, a);
                    int16x8_t n = vmovnbq_s32(vreinterpretq_s16_s32(acc_e), acc_e);
                    n = vmovntq_s32(n, acc_o);
                    vstrbq_s16(o, n);
                    acc2_e = kiln_dw_mve_rq(acc2_e, prm, a);
                    acc2_o = kiln_dw_mve_rq(acc2_o, prm + 4, a);
                    n = vmovnbq_s32(vreinterpretq_s16_s32(acc2_e), acc2_e);
                    n = vmovntq_s32(n, acc2_o);
                    vstrbq_s16(o + C, n);
                    ox++;
                }
                else if (ky0 == 0 && ky1 == 3 && base_x >= 0 && base_x + 3 <= s->in_w)
                {
                    const int32x4x2_t init = vld2q_s32(wsum);
                    int32x4_t acc_e = init.val[0];
                    int32x4_t acc_o = init.val[1];
                    const int8_t *xp = in_b + (base_y * s->in_w + base_x) * C + c;
                    const int8_t *wp = wblk;
                    KILN_DW_TAP16(xp, wp);
                    KILN_DW_TAP16(xp + C, wp + 8);
                    KILN_DW_TAP16(xp + 2 * C, wp + 16);
                    xp += in_row;
                    KILN_DW_TAP16(xp, wp + 24);
                    KILN_DW_TAP16(xp + C, wp + 32);
                    KILN_DW_TAP16(xp + 2 * C, wp + 40);
                    xp += in_row;
                    KILN_DW_TAP16(xp, wp + 48);
                    KILN_DW_TAP16(xp + C, wp + 56);
                    KILN_DW_TAP16(xp + 2 * C, wp + 64);
                    acc_e = kiln_dw_mve_rq(acc_e, prm, a);
                    acc_o = kiln_dw_mve_rq(acc_o, prm + 4, a);
                    int16x8_t n = vmovnbq_s32(vreinterpretq_s16_s32(acc_e), acc_e);
                    n = vmovntq_s32(n, acc_o);
                    vstrbq_s16(o, n);
                }
                else
                {
                    /* Window clipped by padding: from the bias, the offset added tap by tap (in int16:
                     * |input + input_offset| <= 383) over the taps inside the input. */
                    int32_t kx0, kx1;
                    kiln_dw_tap_range(base_x, s->in_w, 3, 1, &kx0, &kx1);
                    const int32x4x2_t init = vld2q_s32(bias8);
                    int32x4_t acc_e = init.val[0];
                    int32x4_t acc_o = init.val[1];
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int8_t *xp = in_b + ((base_y + ky) * s->in_w + base_x + kx0) * C + c;
                        const int8_t *wp = wblk + 8 * (ky * 3 + kx0);
                        for (int32_t kx = kx0; kx < kx1; kx++)
                        {
                            const int16x8_t x16 = vaddq_n_s16(vldrbq_s16(xp), (int16_t)a->input_offset);
                            const int16x8_t w16 = vldrbq_s16(wp);
                            acc_e = vaddq_s32(acc_e, vmullbq_int_s16(x16, w16));
                            acc_o = vaddq_s32(acc_o, vmulltq_int_s16(x16, w16));
                            xp += C;
                            wp += 8;
                        }
                    }
                    acc_e = kiln_dw_mve_rq(acc_e, prm, a);
                    acc_o = kiln_dw_mve_rq(acc_o, prm + 4, a);
                    int16x8_t n = vmovnbq_s32(vreinterpretq_s16_s32(acc_e), acc_e);
                    n = vmovntq_s32(n, acc_o);
                    vstrbq_s16(o, n);
                }
            }
        }
    }
}

void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
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
                kiln_dw_tap_range(base_y, s->in_h, fh, s->dil_h, &ky0, &ky1);
                int8_t *out = a->output + ((b * s->out_h + oy) * s->out_w) * out_c + oc;
                for (int32_t ox = 0; ox < s->out_w; ox++)
                {
                    const int32_t base_x = ox * s->stride_w - s->pad_w;
                    int32_t kx0, kx1;
                    kiln_dw_tap_range(base_x, s->in_w, fw, s->dil_w, &kx0, &kx1);
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
