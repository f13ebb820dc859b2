/*
 * Kiln — the int16 depthwise convolution's requantization run, Helium (kiln_dw_s16_requant_run,
 * Include/Internal/kiln_dw_s16.h): four channels per vector, each window sum plus its bias times the channel's
 * one-product multiplier (VRMULH: the rounded high word), the offset, the clamp and a narrowing store.
 */
#include "Include/Internal/kiln_dw_s16.h"

#if KILN_BUILD_MVE

#include <stddef.h>

/* The loop below reads the biases at a fixed offset from the multipliers. */
typedef char kiln_dw_s16_rq_b_at[offsetof(kiln_dw_s16_rq, b) == KILN_DW_S16_CHUNK * 4 ? 1 : -1];

void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_rq *rq, int32_t out_offset, int32_t lo,
                             int32_t hi, int16_t *out)
{
    /* a tail-predicated loop, ten instructions per four channels; the biases lie KILN_DW_S16_CHUNK words past the
     * multipliers (one pointer). Assembly: from intrinsics GCC 12.2 builds each predicate by hand (22 a pass). */
    const int32x4_t vlo = vdupq_n_s32(lo), vhi = vdupq_n_s32(hi);
    const int32_t *m = rq->m;
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrw.32    q0, [%[s]], #16        \n"
                   "  vldrw.32    q1, [%[m], %[bo]]      \n"
                   "  vadd.i32    q0, q0, q1             \n"
                   "  vldrw.32    q1, [%[m]], #16        \n"
                   "  vrmulh.s32  q0, q0, q1             \n"
                   "  vadd.i32    q0, q0, %[off]         \n"
                   "  vmax.s32    q0, q0, %q[lo]         \n"
                   "  vmin.s32    q0, q0, %q[hi]         \n"
                   "  vstrh.32    q0, [%[d]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [s] "+r"(sums), [m] "+r"(m), [d] "+l"(out)
                   : [n] "r"(n), [off] "r"(out_offset), [lo] "w"(vlo), [hi] "w"(vhi),
                     [bo] "i"(KILN_DW_S16_CHUNK * 4)
                   : "q0", "q1", "lr", "memory");
}

#endif /* KILN_BUILD_MVE */
