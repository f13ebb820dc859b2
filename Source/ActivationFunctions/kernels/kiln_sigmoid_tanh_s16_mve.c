/*
 * Kiln — the int16 LUT sigmoid / tanh (kiln_sigmoid_tanh_s16, Include/Internal/kiln_activation.h), Helium: four
 * elements per vector of int32 lanes, the portable kernel's arithmetic lane by lane (arm_nn_activation_s16.c):
 * x = (in * multiplier + round) >> right_shift (VMLAS, VSHL by the negative shift), |x| (VABS: INT32_MIN stays 2^31
 * as an unsigned lane, as the scalar 0u - x), the segment's two table entries gathered (VLDRH.U32 gathers at index
 * and index + 1, the index capped at 254 so both stay inside the table; lanes past the table take the saturated
 * value by a predicated select), the interpolation in uint32 lanes, then the sign's two output forms selected.
 * The last elements predicated.
 */
#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nn_tables.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

/*
 * One tail-predicated loop per function (assembly: from intrinsics GCC 12.2 moves each predicate through a core
 * register and spills, 40 instructions per four elements against 23 / 24). FB: the fraction bits (9 sigmoid, 8 tanh);
 * SH: 32 - FB. Registers: q0 x, q1 |x| then its fraction then the output, q2 the index, q3 the capped index, q4 / q5
 * the segment's ends then r, q6 the negative form's base, q7 254 (an index above it is past the table).
 */
#define KILN_ST16_HEAD(FB, SH)                                                                                        \
    "  dlstp.32    lr, %[n]               \n"                                                                         \
    "1:                                   \n"                                                                         \
    "  vldrh.s32   q0, [%[in]], #8        \n"                                                                         \
    "  vmul.i32    q0, q0, %[m]           \n"                                                                         \
    "  vadd.i32    q0, q0, %[half]        \n"                                                                         \
    "  vshl.s32    q0, %[nrs]             \n"                                                                         \
    "  vabs.s32    q1, q0                 \n"                                                                         \
    "  vshr.u32    q2, q1, #" FB "        \n"                                                                         \
    "  vshl.i32    q1, q1, #" SH "        \n"                                                                         \
    "  vshr.u32    q1, q1, #" SH "        \n"                                                                         \
    "  vmin.u32    q3, q2, q7             \n"                                                                         \
    "  vldrh.u32   q4, [%[t0], q3, uxtw #1] \n"                                                                       \
    "  vldrh.u32   q5, [%[t1], q3, uxtw #1] \n"                                                                       \
    "  vsub.i32    q5, q5, q4             \n"                                                                         \
    "  vmul.i32    q5, q5, q1             \n"                                                                         \
    "  vmla.u32    q5, q4, %[one]         \n"                                                                         \
    "  vpt.u32     hi, q2, q7             \n"                                                                         \
    "  vdupt.32    q5, %[sat]             \n"
#define KILN_ST16_TAIL                                                                                                \
    "  vpt.s32     lt, q0, zr             \n"                                                                         \
    "  vorrt       q1, q5, q5             \n"                                                                         \
    "  vstrh.32    q1, [%[out]], #8       \n"                                                                         \
    "  letp        lr, 1b                 \n"
#define KILN_ST16_OPERANDS                                                                                            \
    : [in] "+r"(in), [out] "+r"(out)                                                                                  \
    : [n] "r"(n), [m] "r"(multiplier), [half] "r"(half), [nrs] "r"(-right_shift), [t0] "r"(sigmoid_table_uint16),   \
      [t1] "r"(sigmoid_table_uint16 + 1), [one] "r"(one), [sat] "r"(sat), [base] "r"(base)                            \
    : "q0", "q1", "q2", "q3", "q4", "q5", "lr", "memory", "p0"

void kiln_sigmoid_tanh_s16(const int16_t *in,
                           int16_t *out,
                           int32_t n,
                           int32_t multiplier,
                           int32_t right_shift,
                           bool sigmoid)
{
    if (n <= 0)
    {
        return;
    }
    const int32_t half = right_shift > 0 ? (int32_t)(1u << (uint32_t)(right_shift - 1)) : 0;
    if (sigmoid)
    {
        /* r = (lo << 9) + frac * (hi - lo), saturated 0x7FFF << 10 past the table; x >= 0: (r + 2^9) >> 10,
         * else (2^25 + 2^9 - 1 - r) >> 10 (unsigned) */
        const int32_t one = 1 << 9, sat = (int32_t)(0x7FFFu << 10);
        const int32_t base = (int32_t)((1u << 25) + (1u << 9) - 1u);
        __asm volatile("  vdup.32     q6, %[base]            \n"
                       "  vmov.i32    q7, #254               \n" /* an index above it is past the table */
                       KILN_ST16_HEAD("9", "23")
                       "  vrshr.u32   q1, q5, #10            \n"
                       "  vsub.i32    q5, q6, q5             \n"
                       "  vshr.u32    q5, q5, #10            \n"
                       KILN_ST16_TAIL
                       KILN_ST16_OPERANDS, "q6", "q7");
    }
    else
    {
        /* tanh: 8 fraction bits, saturated 0xFFFF << 8; x >= 0: (r - 2^23 + 2^7) >> 8, else (2^23 + 127 - r) >> 8
         * (signed) */
        const int32_t one = 1 << 8, sat = (int32_t)(0xFFFFu << 8);
        const int32_t base = (int32_t)((1u << 23) + 127u);
        __asm volatile("  vdup.32     q6, %[base]            \n"
                       "  vmov.i32    q7, #254               \n" /* an index above it is past the table */
                       KILN_ST16_HEAD("8", "24")
                       "  vmov.i32    q1, #0x800000          \n"
                       "  vsub.i32    q1, q5, q1             \n"
                       "  vrshr.u32   q1, q1, #8             \n"
                       "  vsub.i32    q5, q6, q5             \n"
                       "  vshr.s32    q5, q5, #8             \n"
                       KILN_ST16_TAIL
                       KILN_ST16_OPERANDS, "q6", "q7");
    }
}

#endif /* KILN_BUILD_MVE */
