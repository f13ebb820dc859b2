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
 * six input loads per filter row (columns share input vectors), the filter row held in registers.
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

void kiln_dw_s8_kernel_3x3(const kiln_dw_s8_shape *shape, const kiln_dw_s8_args *args)
{
    int32_t c = 0;
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
