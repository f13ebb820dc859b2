/*
 * Kiln — the int16 depthwise convolution's requantization run and fused window outputs, Helium
 * (kiln_dw_s16_requant_run, kiln_dw_s16_window_out, Include/Internal/kiln_dw_s16.h): each window sum plus its bias
 * times the channel's one-product multiplier (VRMULH: the rounded high word), the offset, the clamp and a narrowing
 * store; four channels per vector in the run, sixteen channels a pass straight from the window sums' registers in the
 * fused form.
 */
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_dw_acc_mve.h"
#include "Include/Internal/kiln_dw_s16.h"

#if KILN_BUILD_MVE

#include <stddef.h>

/* The loops below and kiln_dw16_run read the biases at a fixed offset from the multipliers. */
typedef char kiln_dw_s16_rq_b_at
    [offsetof(kiln_dw_s16_rq, b) == KILN_DW_S16_CHUNK * 4 && KILN_DW16_BIAS_OFFSET == KILN_DW_S16_CHUNK * 4 ? 1 : -1];

void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_rq *rq, int32_t c0, int32_t out_offset,
                             int32_t lo, int32_t hi, int16_t *out)
{
    /* a tail-predicated loop, ten instructions per four channels; the biases lie KILN_DW_S16_CHUNK words past the
     * multipliers (one pointer). Assembly: from intrinsics GCC 12.2 builds each predicate by hand (22 a pass). */
    const int32x4_t vlo = vdupq_n_s32(lo), vhi = vdupq_n_s32(hi);
    const int32_t *m = rq->m + c0;
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

void kiln_dw_s16_window_out(const kiln_dw_s16_wo *p, const int16_t *x, const int8_t *w, int32_t n, int32_t nky,
                            int32_t nkx, int32_t npix, int32_t x_step, int16_t *out, int32_t out_step)
{
    const int32_t groups = n / 16, c = groups * 16;
    if (groups > 0)
    {
        const int32_t xr = (p->x_row - nkx * p->x_col) * 2, wr = p->w_row - nkx * p->w_col;
        kiln_dw16_job job = {x,        w,        out,           groups, nky,   nkx,   p->x_col * 2, p->w_col,
                             xr,       wr,       p->rq->m,      p->out_offset, p->lo, p->hi, NULL, npix,
                             x_step * 2 - c * 2, p->rq->m, -c, (out_step - c) * 2,
                             p->out_offset == 0 && p->lo == INT16_MIN && p->hi == INT16_MAX};
        kiln_dw16_run(&job);
    }
    if (c < n)
    {
        kiln_dw_s16_window_out_calls(p, x, w, c, n, nky, nkx, npix, x_step, out, out_step);
    }
}

#endif /* KILN_BUILD_MVE */
