/*
 * Kiln — the window loops of the int16 pooling kernels (Include/Internal/kiln_pool_s8.h), Helium: the maxima of
 * eight channels per vector (VMAX on int16 lanes, then the clamp; the last channels predicated), the sums of eight channels per pass in two vectors
 * of int32 lanes (VLDRH.S32, VADD; the last channels four per vector, predicated), the averages four per vector
 * with the division as a multiply (kiln_div_magic_u31). The same values as the portable loops.
 */
#include "Include/Internal/kiln_pool_s8.h"

#if KILN_BUILD_MVE

void kiln_pool_s16_max_window(const int16_t *p, int32_t ch, int32_t ny, int32_t nx, int32_t row, int32_t lo,
                              int32_t hi, int16_t *out)
{
    const int16x8_t vlo = vdupq_n_s16((int16_t)lo), vhi = vdupq_n_s16((int16_t)hi);
    int32_t c = 0;
    if (ch >= 8)
    {
        /* eight channels a pass, per tap a load and a VMAX, the columns a low-overhead loop (four instructions per
         * tap; assembly as the sums below) */
        const int32_t step = ch * 2, row_adj = (row - nx * ch) * 2;
        for (; c + 8 <= ch; c += 8)
        {
            const int16_t *q = p + c;
            int32_t y;
            int16x8_t m;
            __asm volatile("  vmov.i16    %q[m], #0x8000         \n"
                           "  mov         %[y], %[ny]            \n"
                           "1:                                   \n"
                           "  dls         lr, %[nx]              \n"
                           "2:                                   \n"
                           "  vldrh.u16   q0, [%[q]]             \n"
                           "  add         %[q], %[step]          \n"
                           "  vmax.s16    %q[m], %q[m], q0       \n"
                           "  le          lr, 2b                 \n"
                           "  add         %[q], %[adj]           \n"
                           "  subs        %[y], #1               \n"
                           "  bne         1b                     \n"
                           : [q] "+r"(q), [y] "=&r"(y), [m] "=&w"(m)
                           : [ny] "r"(ny), [nx] "r"(nx), [step] "r"(step), [adj] "r"(row_adj)
                           : "q0", "lr", "memory", "cc");
            vstrhq_s16(out + c, vminq_s16(vmaxq_s16(m, vlo), vhi));
        }
    }
    for (; c < ch; c += 8)
    {
        const mve_pred16_t pr = vctp16q((uint32_t)(ch - c));
        int16x8_t m = vdupq_n_s16(INT16_MIN);
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                m = vmaxq_s16(m, vldrhq_z_s16(q, pr));
            }
        }
        vstrhq_p_s16(out + c, vminq_s16(vmaxq_s16(m, vlo), vhi), pr);
    }
}

void kiln_pool_s16_sum_window(const int16_t *p, int32_t n, int32_t ny, int32_t nx, int32_t row, int32_t ch,
                              int32_t *sum)
{
    int32_t c = 0;
    if (n >= 8)
    {
        /* eight channels a pass as two vectors of int32 lanes; per tap two widening loads and two adds, the columns a
         * low-overhead loop (six instructions per tap). Assembly: from intrinsics GCC 12.2 recomputes each tap's
         * address (about 2.2 instructions per tap and channel) */
        const int32_t step = ch * 2, row_adj = (row - nx * ch) * 2;
        for (; c + 8 <= n; c += 8)
        {
            const int16_t *q = p + c;
            int32_t *d = sum + c;
            int32_t y;
            __asm volatile("  vmov.i32    q0, #0                 \n"
                           "  vmov.i32    q1, #0                 \n"
                           "  mov         %[y], %[ny]            \n"
                           "1:                                   \n"
                           "  dls         lr, %[nx]              \n"
                           "2:                                   \n"
                           "  vldrh.s32   q2, [%[q]]             \n"
                           "  vldrh.s32   q3, [%[q], #8]         \n"
                           "  add         %[q], %[step]          \n"
                           "  vadd.i32    q0, q0, q2             \n"
                           "  vadd.i32    q1, q1, q3             \n"
                           "  le          lr, 2b                 \n"
                           "  add         %[q], %[adj]           \n"
                           "  subs        %[y], #1               \n"
                           "  bne         1b                     \n"
                           "  vstrw.32    q0, [%[d]]             \n"
                           "  vstrw.32    q1, [%[d], #16]        \n"
                           : [q] "+r"(q), [y] "=&r"(y)
                           : [d] "r"(d), [ny] "r"(ny), [nx] "r"(nx), [step] "r"(step), [adj] "r"(row_adj)
                           : "q0", "q1", "q2", "q3", "lr", "memory", "cc");
        }
    }
    for (; c < n; c += 4)
    {
        const mve_pred16_t pr = vctp32q((uint32_t)(n - c));
        int32x4_t s = vdupq_n_s32(0);
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                s = vaddq_s32(s, vldrhq_z_s32(q, pr));
            }
        }
        vstrwq_p_s32(sum + c, s, pr);
    }
}

void kiln_pool_s16_avg_run(const int32_t *sum, int32_t n, int32_t count, int32_t lo, int32_t hi, int16_t *out)
{
    const int32x4_t vlo = vdupq_n_s32(lo), vhi = vdupq_n_s32(hi);
    if (count == 1)
    {
        for (int32_t c = 0; c < n; c += 4)
        {
            const mve_pred16_t pr = vctp32q((uint32_t)(n - c));
            vstrhq_p_s32(out + c, vminq_s32(vmaxq_s32(vldrwq_z_s32(sum + c, pr), vlo), vhi), pr);
        }
        return;
    }
    /* sign(s) * floor((|s| + count / 2) / count): |s| + count / 2 < 2^31, the division a VMULH.U32 by the magic
     * multiplier and a shift (kiln_div_magic_u31), the sign restored by a predicated VNEG; ten instructions per
     * four channels in a tail-predicated loop */
    int32_t l;
    const uint32x4_t vm = vdupq_n_u32(kiln_div_magic_u31((uint32_t)count, &l));
    const int32_t half = count / 2, sh = 1 - l;
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrw.32    q0, [%[s]], #16        \n"
                   "  vabs.s32    q1, q0                 \n"
                   "  vadd.i32    q1, q1, %[h]           \n"
                   "  vmulh.u32   q1, q1, %q[m]          \n"
                   "  vshl.u32    q1, %[sh]              \n"
                   "  vpt.s32     lt, q0, zr             \n"
                   "  vnegt.s32   q1, q1                 \n"
                   "  vmax.s32    q1, q1, %q[lo]         \n"
                   "  vmin.s32    q1, q1, %q[hi]         \n"
                   "  vstrh.32    q1, [%[o]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [s] "+r"(sum), [o] "+l"(out)
                   : [n] "r"(n), [h] "r"(half), [sh] "r"(sh), [m] "w"(vm), [lo] "w"(vlo), [hi] "w"(vhi)
                   : "q0", "q1", "p0", "lr", "memory");
}

#endif /* KILN_BUILD_MVE */
