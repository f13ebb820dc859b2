/*
 * Kiln — depthwise support kernels (nt_t, core), Helium (MVE): four channels per vector as int32
 * lanes, tail-predicated, accumulated modulo 2^32 like the portable kernels.
 */
#include "Include/Internal/kiln_dw_s8.h"

#if KILN_BUILD_MVE

static inline __attribute__((always_inline)) void kiln_dw_sup_store(int8_t *out, int32x4_t acc, int32x4_t mult,
                                                                    int32x4_t shift, int32_t out_off, int32_t lo,
                                                                    int32_t hi, mve_pred16_t p)
{
    acc = arm_requantize_mve_32x4(acc, mult, shift);
    acc = vaddq_n_s32(acc, out_off);
    acc = vmaxq_s32(acc, vdupq_n_s32(lo));
    acc = vminq_s32(acc, vdupq_n_s32(hi));
    vstrbq_p_s32(out, acc, p);
}

void kiln_dw_s8_nt_t_kernel(const int8_t *lhs,
                            const int8_t *rhs,
                            int32_t input_offset,
                            int32_t active_ch,
                            int32_t total_ch,
                            const int32_t *out_shift,
                            const int32_t *out_mult,
                            int32_t out_offset,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t row_x_col,
                            const int32_t *base,
                            bool add_offset_sum,
                            int8_t *out)
{
    const int32_t patch = row_x_col * CH_IN_BLOCK_MVE;
    for (int32_t c = 0; c < active_ch; c += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(active_ch - c));
        int32x4_t start = base != NULL ? vldrwq_z_s32(base + c, p) : vdupq_n_s32(0);
        int32x4_t acc0 = vdupq_n_s32(0), acc1 = acc0, acc2 = acc0, acc3 = acc0, wsum = acc0;
        const int8_t *l = lhs + c;
        const int8_t *r = rhs + c;
        for (int32_t t = 0; t < row_x_col; t++)
        {
            const int32x4_t w = vldrbq_z_s32(r, p);
            wsum = vaddq_s32(wsum, w);
            acc0 = vaddq_s32(acc0, vmulq_s32(vldrbq_z_s32(l, p), w));
            acc1 = vaddq_s32(acc1, vmulq_s32(vldrbq_z_s32(l + patch, p), w));
            acc2 = vaddq_s32(acc2, vmulq_s32(vldrbq_z_s32(l + 2 * patch, p), w));
            acc3 = vaddq_s32(acc3, vmulq_s32(vldrbq_z_s32(l + 3 * patch, p), w));
            l += CH_IN_BLOCK_MVE;
            r += total_ch;
        }
        if (add_offset_sum)
        {
            start = vmlaq_n_s32(start, wsum, input_offset);
        }
        const int32x4_t mult = vldrwq_z_s32(out_mult + c, p);
        const int32x4_t shift = vldrwq_z_s32(out_shift + c, p);
        kiln_dw_sup_store(out + c, vaddq_s32(acc0, start), mult, shift, out_offset, act_min, act_max, p);
        kiln_dw_sup_store(out + total_ch + c, vaddq_s32(acc1, start), mult, shift, out_offset, act_min, act_max, p);
        kiln_dw_sup_store(out + 2 * total_ch + c, vaddq_s32(acc2, start), mult, shift, out_offset, act_min, act_max,
                          p);
        kiln_dw_sup_store(out + 3 * total_ch + c, vaddq_s32(acc3, start), mult, shift, out_offset, act_min, act_max,
                          p);
    }
}

void kiln_dw_s8_core_kernel(const int8_t *row,
                            const int16_t *col,
                            int32_t num_ch,
                            const int32_t *out_shift,
                            const int32_t *out_mult,
                            int32_t out_offset,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t kernel_size,
                            const int32_t *bias,
                            int8_t *out)
{
    const int16_t *col1 = col + kernel_size * num_ch;
    for (int32_t c = 0; c < num_ch; c += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(num_ch - c));
        int32x4_t acc0 = bias != NULL ? vldrwq_z_s32(bias + c, p) : vdupq_n_s32(0);
        int32x4_t acc1 = acc0;
        const int8_t *r = row + c;
        const int16_t *x0 = col + c;
        const int16_t *x1 = col1 + c;
        for (int32_t t = 0; t < kernel_size; t++)
        {
            const int32x4_t w = vldrbq_z_s32(r, p);
            acc0 = vaddq_s32(acc0, vmulq_s32(vldrhq_z_s32(x0, p), w));
            acc1 = vaddq_s32(acc1, vmulq_s32(vldrhq_z_s32(x1, p), w));
            r += num_ch;
            x0 += num_ch;
            x1 += num_ch;
        }
        const int32x4_t mult = vldrwq_z_s32(out_mult + c, p);
        const int32x4_t shift = vldrwq_z_s32(out_shift + c, p);
        kiln_dw_sup_store(out + c, acc0, mult, shift, out_offset, act_min, act_max, p);
        kiln_dw_sup_store(out + num_ch + c, acc1, mult, shift, out_offset, act_min, act_max, p);
    }
}

#endif
