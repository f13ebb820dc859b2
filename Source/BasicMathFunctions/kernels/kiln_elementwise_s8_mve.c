/* Kiln — int8 ADD and MUL kernels, Helium (MVE): four int32 lanes, tail-predicated. */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_MVE

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    const int32x4_t vmin = vdupq_n_s32(p->act_min);
    const int32x4_t vmax = vdupq_n_s32(p->act_max);
    const int32x4_t vls = vdupq_n_s32(p->left_shift);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t pr = vctp32q((uint32_t)left);
        int32x4_t a = vldrbq_z_s32(in1, pr);
        int32x4_t b = vldrbq_z_s32(in2, pr);
        a = vshlq_s32(vaddq_n_s32(a, p->in1_offset), vls);
        b = vshlq_s32(vaddq_n_s32(b, p->in2_offset), vls);
        a = arm_requantize_mve(a, p->in1_mult, p->in1_shift);
        b = arm_requantize_mve(b, p->in2_mult, p->in2_shift);
        int32x4_t s = arm_requantize_mve(vaddq_s32(a, b), p->out_mult, p->out_shift);
        s = vaddq_n_s32(s, p->out_offset);
        s = vminq_s32(vmaxq_s32(s, vmin), vmax);
        vstrbq_p_s32(out, s, pr);
        in1 += 4;
        in2 += 4;
        out += 4;
    }
}

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p)
{
    const int32x4_t vmin = vdupq_n_s32(p->act_min);
    const int32x4_t vmax = vdupq_n_s32(p->act_max);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t pr = vctp32q((uint32_t)left);
        int32x4_t a = vaddq_n_s32(vldrbq_z_s32(in1, pr), p->in1_offset);
        int32x4_t b = vaddq_n_s32(vldrbq_z_s32(in2, pr), p->in2_offset);
        int32x4_t v = arm_requantize_mve(vmulq_s32(a, b), p->out_mult, p->out_shift);
        v = vaddq_n_s32(v, p->out_offset);
        v = vminq_s32(vmaxq_s32(v, vmin), vmax);
        vstrbq_p_s32(out, v, pr);
        in1 += 4;
        in2 += 4;
        out += 4;
    }
}

#endif
