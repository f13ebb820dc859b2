/*
 * Kiln — DSP-extension (Cortex-M4/M7/M33) kernels of the legacy int8 convolution support functions:
 * arm_q7_to_q15_with_offset, arm_s8_to_s16_unordered_with_offset and arm_nn_mat_mult_kernel_s8_s16.
 * The public entries (Source/ConvolutionFunctions/) check the arguments and call these on DSP
 * builds; the results are the same as the portable loops, element for element.
 *
 * Widening: SXTAB16 adds the offset to bytes 0 and 2 of a word (and, with the operand rotated by
 * 8, to bytes 1 and 3) in one instruction; the unordered form stores those two words as they come,
 * the ordered form interleaves them back with PKHBT / PKHTB. The s8 x s16 kernel takes two output
 * channels x two columns per step: each channel's four int8 weights are widened and re-paired into
 * (w0, w1), (w2, w3) once and used against both columns' int16 pairs with SMLAD.
 */
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_dsp.h"

#if KILN_BUILD_DSP

static inline int32_t kiln_sup_rd4(const void *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

void kiln_conv_s8_widen_dsp(const int8_t *src, int16_t *dst, int32_t n, int16_t offset, bool ordered)
{
    const int32_t off2 = (int32_t)(((uint32_t)(uint16_t)offset) | ((uint32_t)(uint16_t)offset << 16));
    int32_t i = 0;
    if (ordered)
    {
        for (; i + 8 <= n; i += 8)
        {
            const int32_t w = kiln_sup_rd4(src + i);
            const int32_t v = kiln_sup_rd4(src + i + 4);
            const int32_t we = (int32_t)__sxtab16(off2, w), wo = kiln_sxtab16_ror8(off2, w);
            const int32_t ve = (int32_t)__sxtab16(off2, v), vo = kiln_sxtab16_ror8(off2, v);
            const int32_t w01 = kiln_pack_lo16(we, wo), w23 = kiln_pack_hi16(we, wo);
            const int32_t v01 = kiln_pack_lo16(ve, vo), v23 = kiln_pack_hi16(ve, vo);
            memcpy(dst + i, &w01, 4);
            memcpy(dst + i + 2, &w23, 4);
            memcpy(dst + i + 4, &v01, 4);
            memcpy(dst + i + 6, &v23, 4);
        }
        for (; i + 4 <= n; i += 4)
        {
            const int32_t w = kiln_sup_rd4(src + i);
            const int32_t even = (int32_t)__sxtab16(off2, w); /* b0, b2 */
            const int32_t odd = kiln_sxtab16_ror8(off2, w); /* b1, b3 */
            const int32_t lo = kiln_pack_lo16(even, odd);   /* b0, b1 */
            const int32_t hi = kiln_pack_hi16(even, odd);   /* b2, b3 */
            memcpy(dst + i, &lo, 4);
            memcpy(dst + i + 2, &hi, 4);
        }
    }
    else
    {
        for (; i + 8 <= n; i += 8)
        {
            const int32_t w = kiln_sup_rd4(src + i);
            const int32_t v = kiln_sup_rd4(src + i + 4);
            const int32_t we = (int32_t)__sxtab16(off2, w), wo = kiln_sxtab16_ror8(off2, w);
            const int32_t ve = (int32_t)__sxtab16(off2, v), vo = kiln_sxtab16_ror8(off2, v);
            memcpy(dst + i, &we, 4);
            memcpy(dst + i + 2, &wo, 4);
            memcpy(dst + i + 4, &ve, 4);
            memcpy(dst + i + 6, &vo, 4);
        }
        for (; i + 4 <= n; i += 4)
        {
            const int32_t w = kiln_sup_rd4(src + i);
            const int32_t even = (int32_t)__sxtab16(off2, w);
            const int32_t odd = kiln_sxtab16_ror8(off2, w);
            memcpy(dst + i, &even, 4);
            memcpy(dst + i + 2, &odd, 4);
        }
    }
    for (; i < n; i++)
    {
        dst[i] = (int16_t)((int32_t)src[i] + offset);
    }
}

/* Four int8 weights as the int16 pairs (w0, w1), (w2, w3). */
static inline void kiln_sup_weights(const int8_t *a, int32_t *p01, int32_t *p23)
{
    const int32_t w = kiln_sup_rd4(a);
    const int32_t even = (int32_t)__sxtb16(w);
    const int32_t odd = kiln_sxtb16_ror8(w);
    *p01 = kiln_pack_lo16(even, odd);
    *p23 = kiln_pack_hi16(even, odd);
}

void kiln_conv_s8_mat_mult_s8_s16_dsp(const int8_t *input_a,
                                      const int16_t *input_b,
                                      int32_t output_ch,
                                      const int32_t *out_shift,
                                      const int32_t *out_mult,
                                      int32_t out_offset,
                                      int32_t act_min,
                                      int32_t act_max,
                                      int32_t num_col_a,
                                      int32_t aligned_num_col_a,
                                      const int32_t *bias,
                                      int8_t *out_0)
{
    const int16_t *const b0 = input_b;
    const int16_t *const b1 = input_b + aligned_num_col_a;
    int8_t *const out_1 = out_0 + output_ch;
    const int32_t k4 = num_col_a & ~3;
    int32_t ch = 0;
    for (; ch + 2 <= output_ch; ch += 2)
    {
        const int8_t *a0 = input_a + ch * num_col_a;
        const int8_t *a1 = a0 + num_col_a;
        int32_t c00 = bias != NULL ? bias[ch] : 0;     /* channel ch, column 0 */
        int32_t c11 = bias != NULL ? bias[ch + 1] : 0; /* channel ch + 1, column 1 */
        int32_t c01 = c00, c10 = c11;
#if !defined(__OPTIMIZE__)
        /* -O0 keeps r7 as the frame pointer: too few registers for the loop below. */
        for (int32_t i = 0; i < k4; i += 4)
        {
            int32_t p0, q0, p1, q1;
            kiln_sup_weights(a0 + i, &p0, &q0);
            kiln_sup_weights(a1 + i, &p1, &q1);
            const int32_t x0 = kiln_sup_rd4(b0 + i), x1 = kiln_sup_rd4(b0 + i + 2);
            const int32_t y0 = kiln_sup_rd4(b1 + i), y1 = kiln_sup_rd4(b1 + i + 2);
            c00 = __smlad(q0, x1, __smlad(p0, x0, c00));
            c01 = __smlad(q0, y1, __smlad(p0, y0, c01));
            c10 = __smlad(q1, x1, __smlad(p1, x0, c10));
            c11 = __smlad(q1, y1, __smlad(p1, y0, c11));
        }
#else
        if (k4 > 0)
        {
            /* Nine live values (four sums, four pointers, the end) leave three scratch registers:
             * the column words are loaded once per channel. 27 instructions per 16 MACs. */
            const int8_t *p0 = a0, *p1 = a1;
            const int16_t *q0 = b0, *q1 = b1;
            const int8_t *const end = a0 + k4;
            int32_t t0, t1, t2;
            __asm__ volatile("1:\n\t"
                             "ldr     %[t0], [%[p0]], #4\n\t"
                             "sxtb16  %[t1], %[t0]\n\t"
                             "sxtb16  %[t0], %[t0], ror #8\n\t"
                             "pkhbt   %[t2], %[t1], %[t0], lsl #16\n\t"
                             "pkhtb   %[t0], %[t0], %[t1], asr #16\n\t"
                             "ldr     %[t1], [%[q0]]\n\t"
                             "smlad   %[c00], %[t2], %[t1], %[c00]\n\t"
                             "ldr     %[t1], [%[q0], #4]\n\t"
                             "smlad   %[c00], %[t0], %[t1], %[c00]\n\t"
                             "ldr     %[t1], [%[q1]]\n\t"
                             "smlad   %[c01], %[t2], %[t1], %[c01]\n\t"
                             "ldr     %[t1], [%[q1], #4]\n\t"
                             "smlad   %[c01], %[t0], %[t1], %[c01]\n\t"
                             "ldr     %[t0], [%[p1]], #4\n\t"
                             "sxtb16  %[t1], %[t0]\n\t"
                             "sxtb16  %[t0], %[t0], ror #8\n\t"
                             "pkhbt   %[t2], %[t1], %[t0], lsl #16\n\t"
                             "pkhtb   %[t0], %[t0], %[t1], asr #16\n\t"
                             "ldr     %[t1], [%[q0]], #8\n\t"
                             "smlad   %[c10], %[t2], %[t1], %[c10]\n\t"
                             "ldr     %[t1], [%[q0], #-4]\n\t"
                             "smlad   %[c10], %[t0], %[t1], %[c10]\n\t"
                             "ldr     %[t1], [%[q1]], #8\n\t"
                             "smlad   %[c11], %[t2], %[t1], %[c11]\n\t"
                             "ldr     %[t1], [%[q1], #-4]\n\t"
                             "smlad   %[c11], %[t0], %[t1], %[c11]\n\t"
                             "cmp     %[p0], %[end]\n\t"
                             "bne     1b"
                             : [c00] "+r"(c00), [c01] "+r"(c01), [c10] "+r"(c10), [c11] "+r"(c11), [p0] "+r"(p0),
                               [p1] "+r"(p1), [q0] "+r"(q0), [q1] "+r"(q1), [t0] "=&r"(t0), [t1] "=&r"(t1),
                               [t2] "=&r"(t2)
                             : [end] "r"(end)
                             : "cc", "memory");
        }
#endif
        for (int32_t i = k4; i < num_col_a; i++)
        {
            c00 += a0[i] * b0[i];
            c01 += a0[i] * b1[i];
            c10 += a1[i] * b0[i];
            c11 += a1[i] * b1[i];
        }
        out_0[ch] = kiln_conv_s8_out(c00, out_mult[ch], out_shift[ch], out_offset, act_min, act_max);
        out_1[ch] = kiln_conv_s8_out(c01, out_mult[ch], out_shift[ch], out_offset, act_min, act_max);
        out_0[ch + 1] = kiln_conv_s8_out(c10, out_mult[ch + 1], out_shift[ch + 1], out_offset, act_min, act_max);
        out_1[ch + 1] = kiln_conv_s8_out(c11, out_mult[ch + 1], out_shift[ch + 1], out_offset, act_min, act_max);
    }
    if (ch < output_ch)
    {
        const int8_t *a0 = input_a + ch * num_col_a;
        int32_t c00 = bias != NULL ? bias[ch] : 0;
        int32_t c01 = c00;
        int32_t i = 0;
        for (; i < k4; i += 4)
        {
            int32_t p, q;
            kiln_sup_weights(a0 + i, &p, &q);
            c00 = __smlad(p, kiln_sup_rd4(b0 + i), c00);
            c00 = __smlad(q, kiln_sup_rd4(b0 + i + 2), c00);
            c01 = __smlad(p, kiln_sup_rd4(b1 + i), c01);
            c01 = __smlad(q, kiln_sup_rd4(b1 + i + 2), c01);
        }
        for (; i < num_col_a; i++)
        {
            c00 += a0[i] * b0[i];
            c01 += a0[i] * b1[i];
        }
        out_0[ch] = kiln_conv_s8_out(c00, out_mult[ch], out_shift[ch], out_offset, act_min, act_max);
        out_1[ch] = kiln_conv_s8_out(c01, out_mult[ch], out_shift[ch], out_offset, act_min, act_max);
    }
}

#endif /* KILN_BUILD_DSP */
