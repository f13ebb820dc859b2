/* Kiln — the int8 convolution's im2col copies, Helium (MVE). */
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_BUILD_MVE

/* The copies and fills: tail-predicated low-overhead loops (WLSTP/LETP, n = 0 skips), written as inline
 * assembly because GCC 12 does not form them from intrinsics (measured: about 48 instructions per 48-byte
 * patch row with the VCTP loop, 11 here). Inactive lanes are not accessed. */
void kiln_conv_s8_copy(int8_t *dst, const int8_t *src, int32_t n)
{
    __asm volatile("  wlstp.8     lr, %[n], 2f                 \n"
                   "1:                                         \n"
                   "  vldrb.u8    q0, [%[s]], #16              \n"
                   "  vstrb.8     q0, [%[d]], #16              \n"
                   "  letp        lr, 1b                       \n"
                   "2:                                         \n"
                   : [d] "+r"(dst), [s] "+r"(src)
                   : [n] "r"(n)
                   : "q0", "lr", "memory");
}

void kiln_conv_s8_fill(int8_t *dst, int8_t value, int32_t n)
{
    const int8x16_t v = vdupq_n_s8(value);
    __asm volatile("  wlstp.8     lr, %[n], 2f                 \n"
                   "1:                                         \n"
                   "  vstrb.8     %q[v], [%[d]], #16           \n"
                   "  letp        lr, 1b                       \n"
                   "2:                                         \n"
                   : [d] "+r"(dst)
                   : [n] "r"(n), [v] "w"(v)
                   : "lr", "memory");
}

void kiln_conv_s8_im2col_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t lead,
                              int32_t body, int32_t trail, int8_t pad)
{
    const int32_t row = lead + body + trail;
    if (row > 16)
    {
        for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
        {
            if (lead > 0)
            {
                kiln_conv_s8_fill(dst, pad, lead);
            }
            kiln_conv_s8_copy(dst + lead, src, body);
            if (trail > 0)
            {
                kiln_conv_s8_fill(dst + lead + body, pad, trail);
            }
        }
        return;
    }
    /* A row within one vector (the small filters of one-channel inputs, such as DS-CNN's 10x4 first
     * layer): its inside bytes by one predicated load and store, over the whole row written as padding
     * first when the row has any (lanes past the row or the inside are not accessed). */
    const mve_pred16_t pbody = vctp8q((uint32_t)body);
    if (row == body)
    {
        for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
        {
            vstrbq_p_s8(dst, vldrbq_z_s8(src, pbody), pbody);
        }
        return;
    }
    const int8x16_t pv = vdupq_n_s8(pad);
    const mve_pred16_t prow = vctp8q((uint32_t)row);
    for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
    {
        vstrbq_p_s8(dst, pv, prow);
        vstrbq_p_s8(dst + lead, vldrbq_z_s8(src, pbody), pbody);
    }
}

#endif
