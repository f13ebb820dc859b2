/*
 * Kiln — int8 ADD and MUL kernels, DSP extension. Four elements per step: one word load per
 * operand, SXTAB16 widens and offsets two lanes at a time, halfword multiplies form the products.
 */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_DSP

/* Rotate right by 8 (one ROR): brings bytes 1 and 3 to the SXTAB16 positions. */
static inline uint32_t kiln_ror8(int32_t x)
{
    return ((uint32_t)x >> 8) | ((uint32_t)x << 24);
}

/* Offsets packed in both halfwords, for SXTAB16 (sign-extend bytes 0 and 2, then add). */
static inline int32_t kiln_pack_offset16(int32_t offset)
{
    return (int32_t)(((uint32_t)offset & 0xFFFFu) | ((uint32_t)offset << 16));
}

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    const int32_t off1 = kiln_pack_offset16(p->in1_offset);
    const int32_t off2 = kiln_pack_offset16(p->in2_offset);
    const int32_t ls = p->left_shift;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        int32_t w1, w2;
        memcpy(&w1, in1 + i, 4);
        memcpy(&w2, in2 + i, 4);
        /* Lanes 0 and 2, then (rotated by 8) lanes 1 and 3, each as int16 with its offset added. */
        const int32_t a02 = (int32_t)__sxtab16(off1, w1);
        const int32_t a13 = (int32_t)__sxtab16(off1, kiln_ror8(w1));
        const int32_t b02 = (int32_t)__sxtab16(off2, w2);
        const int32_t b13 = (int32_t)__sxtab16(off2, kiln_ror8(w2));
        const int32_t a[4] = {(int16_t)a02, (int16_t)a13, a02 >> 16, a13 >> 16};
        const int32_t b[4] = {(int16_t)b02, (int16_t)b13, b02 >> 16, b13 >> 16};
        int32_t res = 0;
        for (int32_t k = 0; k < 4; k++)
        {
            const int32_t x1 = arm_nn_requantize(a[k] * (1 << ls), p->in1_mult, p->in1_shift);
            const int32_t x2 = arm_nn_requantize(b[k] * (1 << ls), p->in2_mult, p->in2_shift);
            int32_t s = arm_nn_requantize(x1 + x2, p->out_mult, p->out_shift) + p->out_offset;
            s = MAX(s, p->act_min);
            s = MIN(s, p->act_max);
            res |= (int32_t)((uint32_t)(uint8_t)s << (8 * k));
        }
        memcpy(out + i, &res, 4);
    }
    for (; i < n; i++)
    {
        out[i] = kiln_add_s8_element(in1[i], in2[i], p);
    }
}

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p)
{
    const int32_t off1 = kiln_pack_offset16(p->in1_offset);
    const int32_t off2 = kiln_pack_offset16(p->in2_offset);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        int32_t w1, w2;
        memcpy(&w1, in1 + i, 4);
        memcpy(&w2, in2 + i, 4);
        const int32_t a02 = (int32_t)__sxtab16(off1, w1);
        const int32_t a13 = (int32_t)__sxtab16(off1, kiln_ror8(w1));
        const int32_t b02 = (int32_t)__sxtab16(off2, w2);
        const int32_t b13 = (int32_t)__sxtab16(off2, kiln_ror8(w2));
        /* Halfword products (SMULBB / SMULTT). */
        const int32_t prod[4] = {(int16_t)a02 * (int16_t)b02, (int16_t)a13 * (int16_t)b13, (a02 >> 16) * (b02 >> 16),
                                 (a13 >> 16) * (b13 >> 16)};
        int32_t res = 0;
        for (int32_t k = 0; k < 4; k++)
        {
            int32_t v = arm_nn_requantize(prod[k], p->out_mult, p->out_shift) + p->out_offset;
            v = MAX(v, p->act_min);
            v = MIN(v, p->act_max);
            res |= (int32_t)((uint32_t)(uint8_t)v << (8 * k));
        }
        memcpy(out + i, &res, 4);
    }
    for (; i < n; i++)
    {
        out[i] = kiln_mul_s8_element(in1[i], in2[i], p);
    }
}

#endif
