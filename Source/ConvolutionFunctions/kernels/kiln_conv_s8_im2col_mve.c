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

/* rows >= 1 runs of n <= 16 bytes, run r from src + r * src_stride to dst + r * dst_stride: one predicated
 * load and store per run in a VPT block (GCC 12 moves the predicate through a core register for each
 * intrinsic: 7 instructions a run, 6 here). Lanes past a run are not accessed. */
static void kiln_conv_s8_copy_short(int8_t *dst, int32_t dst_stride, const int8_t *src, int32_t src_stride,
                                    int32_t rows, int32_t n)
{
    __asm volatile("  vmsr        p0, %[p]                     \n"
                   "  dls         lr, %[rows]                  \n"
                   "1:                                         \n"
                   "  vpstt                                    \n"
                   "  vldrbt.u8   q0, [%[s]]                   \n"
                   "  vstrbt.8    q0, [%[d]]                   \n"
                   "  add         %[s], %[s], %[ss]            \n"
                   "  add         %[d], %[d], %[ds]            \n"
                   "  le          lr, 1b                       \n"
                   : [d] "+r"(dst), [s] "+r"(src)
                   : [rows] "r"(rows), [p] "r"((uint32_t)vctp8q((uint32_t)n)), [ss] "r"(src_stride),
                     [ds] "r"(dst_stride)
                   : "q0", "lr", "memory", "p0");
}

void kiln_conv_s8_copy_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t row)
{
    if (row == 4)
    {
        kiln_conv_s8_copy_rows4(dst, src, src_stride, rows);
        return;
    }
    if (row > 16)
    {
        for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
        {
            kiln_conv_s8_copy(dst, src, row);
        }
        return;
    }
    kiln_conv_s8_copy_short(dst, row, src, src_stride, rows, row);
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
    if (rows <= 0)
    {
        return;
    }
    if (row == body)
    {
        kiln_conv_s8_copy_rows(dst, src, src_stride, rows, row);
        return;
    }
    /* Rows within one vector with padding (the small filters of one-channel inputs at the image's edges):
     * every row's padding in one fill, then the inside bytes of each row. */
    kiln_conv_s8_fill(dst, pad, rows * row);
    if (body > 0)
    {
        kiln_conv_s8_copy_short(dst + lead, row, src, src_stride, rows, body);
    }
}

#endif
