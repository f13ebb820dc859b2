/*
 * Kiln — one row of the int16 softmax (kiln_softmax_s16_row, Include/Internal/kiln_softmax_s16.h), Helium, in
 * tail-predicated loops: the row's maximum eight int16 lanes at a time (VMAXV), then four elements per vector of
 * int32 lanes: the difference
 * requantized as arm_nn_requantize (arm_requantize_mve: VQRDMULH cannot saturate here, see the header), the table
 * entries gathered (VLDRH.S32 gather, the segment's two ends), the slope and the result wrapped to int16 as the
 * scalar lookup wraps them (VMOVLB.S16 of the low halves), the sum in 64 bits (VADDLVA); the reciprocal step shared
 * with the portable kernel; the outputs a multiply and a rounding shift (VRSHL) per vector. The last elements
 * predicated. The same values as the portable kernel.
 */
#include "Include/Internal/kiln_softmax_s16.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

void kiln_softmax_s16_row(const int16_t *in, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                          const int16_t *recip_lut, int16_t *out)
{
    /* Tail-predicated loops in assembly: from intrinsics GCC 12.2 builds each predicate by hand (13 instructions
     * per element against 8). */
    int32_t max = INT16_MIN;
    const int16_t *p = in;
    __asm volatile("  dlstp.16    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrh.16    q0, [%[p]], #16        \n"
                   "  vmaxv.s16   %[m], q0               \n"
                   "  letp        lr, 1b                 \n"
                   : [p] "+r"(p), [m] "+r"(max)
                   : [n] "r"(n)
                   : "q0", "lr", "memory");
    /* Per four elements: d = x - max; arm_requantize_mve (VSHL, VQRDMULH, the ties-away fix-up and VRSHL); u =
     * max(s + 65535, 0); the segment's ends gathered; slope and result wrapped to int16 (VMOVLB.S16); e stored and
     * summed in 64 bits. Each vector is read before it is written: out may equal in. */
    const int32_t lsh = LEFT_SHIFT(shift), nrsh = -RIGHT_SHIFT(shift);
    const int32x4_t vnrsh = vdupq_n_s32(nrsh), zero = vdupq_n_s32(0), frac = vdupq_n_s32(0x7F),
                    top = vdupq_n_s32(65535);
    const int16_t *lut1 = exp_lut + 1;
    int64_t sum;
    int16_t *o = out;
    p = in;
    __asm volatile("  mov         %Q[s], #0              \n"
                   "  mov         %R[s], #0              \n"
                   "  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrh.s32   q0, [%[p]], #8         \n"
                   "  vsub.i32    q0, q0, %[max]         \n"
                   "  vshl.s32    q0, %[lsh]             \n"
                   "  vqrdmulh.s32 q0, q0, %[mult]       \n"
                   "  vand        q1, q0, %q[nrsh]       \n"
                   "  vshr.s32    q1, q1, #31            \n"
                   "  vqadd.s32   q0, q0, q1             \n"
                   "  vrshl.s32   q0, %[rsh]             \n"
                   "  vadd.i32    q0, q0, %q[top]        \n"
                   "  vmax.s32    q0, q0, %q[zero]       \n"
                   "  vshr.u32    q1, q0, #7             \n"
                   "  vldrh.s32   q2, [%[lut], q1, uxtw #1] \n"
                   "  vldrh.s32   q3, [%[lut1], q1, uxtw #1] \n"
                   "  vsub.i32    q3, q3, q2             \n"
                   "  vmovlb.s16  q3, q3                 \n"
                   "  vand        q0, q0, %q[frac]       \n"
                   "  vmul.i32    q3, q3, q0             \n"
                   "  vrshr.s32   q3, q3, #7             \n"
                   "  vadd.i32    q3, q3, q2             \n"
                   "  vmovlb.s16  q3, q3                 \n"
                   "  vstrh.32    q3, [%[o]], #8         \n"
                   "  vaddlva.s32 %Q[s], %R[s], q3       \n"
                   "  letp        lr, 1b                 \n"
                   : [p] "+l"(p), [o] "+l"(o), [s] "=&r"(sum)
                   : [n] "r"(n), [max] "r"(max), [lsh] "r"(lsh), [mult] "r"(mult), [rsh] "r"(nrsh),
                     [lut] "r"(exp_lut), [lut1] "r"(lut1), [nrsh] "w"(vnrsh), [zero] "w"(zero), [frac] "w"(frac),
                     [top] "w"(top)
                   : "q0", "q1", "q2", "q3", "lr", "memory");
    int32_t recip, right_shift;
    if (!kiln_softmax_s16_recip(sum, recip_lut, &recip, &right_shift))
    {
        for (int32_t i = 0; i < n; i += 8)
        {
            vstrhq_p_s16(out + i, vdupq_n_s16(0), vctp16q((uint32_t)(n - i)));
        }
        return;
    }
    /* (e * recip + 2^(right_shift - 1)) >> right_shift (VRSHL; |e * recip| <= 2^30), clamped to [0, 32767] */
    const int32x4_t hi = vdupq_n_s32(INT16_MAX);
    const int32_t nrs = -right_shift;
    __asm volatile("  dlstp.32    lr, %[n]               \n"
                   "1:                                   \n"
                   "  vldrh.s32   q0, [%[o]]             \n"
                   "  vmul.i32    q0, q0, %[r]           \n"
                   "  vrshl.s32   q0, %[sh]              \n"
                   "  vmax.s32    q0, q0, %q[zero]       \n"
                   "  vmin.s32    q0, q0, %q[hi]         \n"
                   "  vstrh.32    q0, [%[o]], #8         \n"
                   "  letp        lr, 1b                 \n"
                   : [o] "+l"(out)
                   : [n] "r"(n), [r] "r"(recip), [sh] "r"(nrs), [zero] "w"(zero), [hi] "w"(hi)
                   : "q0", "lr", "memory");
}

#endif /* KILN_BUILD_MVE */
