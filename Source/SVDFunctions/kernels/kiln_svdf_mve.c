/*
 * Kiln — the SVDF step's state shift, newest state column and outputs (kiln_svdf_shift, kiln_svdf_state_col,
 * kiln_svdf_out_run, Include/Internal/kiln_svdf.h), Helium, tail-predicated loops: the shift sixteen bytes a vector, ascending (each
 * vector is loaded before the stores below it reach it); the column four filters a vector: arm_nn_requantize lane by
 * lane (KILN_MVE_REQUANT_Q0_ASM), the clamp, and a scatter store of the four values memory_size elements apart; the
 * outputs four units a vector.
 */
#include "Include/Internal/kiln_svdf.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_requant_mve.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

void kiln_svdf_shift(uint8_t *p, size_t n, size_t by)
{
    const uint8_t *src = p + by;
    if (n == 0)
    {
        return;
    }
    __asm volatile("  dlstp.8     lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrb.8     q0, [%[s]], #16        \n"
                   "  vstrb.8     q0, [%[d]], #16        \n"
                   "  letp        lr, 1b                 \n"
                   : [s] "+r"(src), [d] "+r"(p)
                   : [n] "r"(n)
                   : "q0", "lr", "memory");
}

/* One loop per element type: STORE is the scatter (offsets in q2). */
#define KILN_SVDF_COL_ASM(STORE)                                                                                      \
    __asm volatile("  dlstp.32    lr, %[n]               \n"                                                          \
                   "1:                                   \n"                                                          \
                   "  vldrw.32    q0, [%[dots]], #16     \n"                                                          \
                   KILN_MVE_REQUANT_Q0_ASM                                                                            \
                   "  vmax.s32    q0, q0, %q[lo]         \n"                                                          \
                   "  vmin.s32    q0, q0, %q[hi]         \n"                                                          \
                   STORE                                                                                              \
                   "  add         %[c], %[c], %[adv]     \n"                                                          \
                   "  letp        lr, 1b                 \n"                                                          \
                   : [dots] "+r"(dots), [c] "+r"(c)                                                                   \
                   : [n] "r"(n), [ls] "r"(ls), [m] "r"(mult), [nrs] "r"(nrs), [vnrs] "w"(vnrs), [lo] "w"(vlo),      \
                     [hi] "w"(vhi), [offs] "w"(offs), [adv] "r"(adv)                                                  \
                   : "q0", "q1", "lr", "memory")

void kiln_svdf_state_col(const uint32_t *dots, int32_t n, int32_t mult, int32_t shift, int32_t lo, int32_t hi,
                         void *col, int32_t step, bool s16)
{
    if (n <= 0)
    {
        return;
    }
    const int32_t ls = LEFT_SHIFT(shift), nrs = -RIGHT_SHIFT(shift);
    const int32x4_t vnrs = vdupq_n_s32(nrs), vlo = vdupq_n_s32(lo), vhi = vdupq_n_s32(hi);
    /* the four filters' element offsets 0, step, 2 step, 3 step; the next four 4 step elements on */
    const uint32x4_t offs = vmulq_n_u32(vidupq_n_u32(0, 1), (uint32_t)step);
    const int32_t adv = 4 * step * (s16 ? 2 : 1);
    uint8_t *c = (uint8_t *)col;
    if (s16)
    {
        KILN_SVDF_COL_ASM("  vstrh.32    q0, [%[c], %q[offs], uxtw #1] \n");
    }
    else
    {
        KILN_SVDF_COL_ASM("  vstrb.32    q0, [%[c], %q[offs]]   \n");
    }
}

void kiln_svdf_out_run(const uint32_t *sums, int32_t n, const kiln_svdf_args *a, int8_t *out)
{
    /* four units a vector: arm_nn_requantize, the offset (VQADD: where the exact int64 sum leaves int32 it is far past
     * the clamp), the clamp, a narrowing byte store */
    if (n <= 0)
    {
        return;
    }
    const int32_t ls = LEFT_SHIFT(a->out_shift), nrs = -RIGHT_SHIFT(a->out_shift), mult = a->out_mult;
    const int32x4_t vnrs = vdupq_n_s32(nrs), vlo = vdupq_n_s32(a->out_min), vhi = vdupq_n_s32(a->out_max);
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrw.32    q0, [%[s]], #16        \n"
                   KILN_MVE_REQUANT_Q0_ASM
                   "  vqadd.s32   q0, q0, %[off]         \n"
                   "  vmax.s32    q0, q0, %q[lo]         \n"
                   "  vmin.s32    q0, q0, %q[hi]         \n"
                   "  vstrb.32    q0, [%[o]], #4         \n"
                   "  letp        lr, 1b                 \n"
                   : [s] "+r"(sums), [o] "+r"(out)
                   : [n] "r"(n), [ls] "r"(ls), [m] "r"(mult), [nrs] "r"(nrs), [off] "r"(a->output_offset),
                     [vnrs] "w"(vnrs), [lo] "w"(vlo), [hi] "w"(vhi)
                   : "q0", "q1", "lr", "memory");
}

#endif /* KILN_BUILD_MVE */
