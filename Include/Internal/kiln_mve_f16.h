/*
 * Kiln — float16 <-> float32 lane conversions for the Helium (MVE-F) float16 kernels.
 *
 * Why not the intrinsics: the GNU assembler of the Arm GNU Toolchain 12.2 encodes the register fields of
 * VCVTB/VCVTT between F16 and F32 (the instructions behind vcvtbq_f32_f16, vcvttq_f32_f16, vcvtbq_f16_f32 and
 * vcvttq_f16_f32) as if they were D registers: only q0 comes out right, q1..q3 silently convert another register
 * and q4..q7 give UNDEF encodings (the "QEMU raises UNDEF on vcvtbq_f32_f16" symptom). LLVM's assembler
 * agrees with the architectural encoding used here.
 *
 * kiln_vcvt_hs is an assembler macro that emits the architectural encoding
 *     111U 1110 0D11 1111 | Qd T 1110 00M0 Qm 1   (U = 1: half to single, U = 0: single to half; T: top halves)
 * for whatever Q registers the compiler allocated, so the kernels keep ordinary register allocation.
 * The macro is defined once per assembly unit (.ifndef also covers LTO merging units).
 */
#ifndef KILN_MVE_F16_H
#define KILN_MVE_F16_H

#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
#include <arm_mve.h>

__asm__(".ifndef kiln_vcvt_hs_defined\n"
        ".set kiln_vcvt_hs_defined, 1\n"
        ".macro kiln_qreg_num reg\n"
        ".set kiln_qreg_n, -1\n"
        ".irp i, 0, 1, 2, 3, 4, 5, 6, 7\n"
        ".ifc \\reg, q\\i\n"
        ".set kiln_qreg_n, \\i\n"
        ".endif\n"
        ".endr\n"
        ".if kiln_qreg_n < 0\n"
        ".error \"kiln_vcvt_hs: not a Q register\"\n"
        ".endif\n"
        ".endm\n"
        ".macro kiln_vcvt_hs qd, qm, u, t\n"
        "kiln_qreg_num \\qd\n"
        ".set kiln_qd_n, kiln_qreg_n\n"
        "kiln_qreg_num \\qm\n"
        ".inst.w 0xEE3F0E01 | (\\u << 28) | (kiln_qd_n << 13) | (\\t << 12) | (kiln_qreg_n << 1)\n"
        ".endm\n"
        ".endif\n");

/* Widening results are written to a register distinct from the source (earlyclobber): no reliance on an
 * overlapping source and destination of a widening conversion. */

/** Float32 of the bottom (even) halves of v: lanes 0, 2, 4, 6 (VCVTB.F32.F16). */
static inline float32x4_t kiln_mve_f16_bottom_to_f32(float16x8_t v)
{
    float32x4_t r;
    __asm__("kiln_vcvt_hs %q0, %q1, 1, 0" : "=&w"(r) : "w"(v));
    return r;
}

/** Float32 of the top (odd) halves of v: lanes 1, 3, 5, 7 (VCVTT.F32.F16). */
static inline float32x4_t kiln_mve_f16_top_to_f32(float16x8_t v)
{
    float32x4_t r;
    __asm__("kiln_vcvt_hs %q0, %q1, 1, 1" : "=&w"(r) : "w"(v));
    return r;
}

/** a with its bottom (even) halves replaced by v rounded to float16 (VCVTB.F16.F32; top halves kept). */
static inline float16x8_t kiln_mve_f32_to_f16_bottom(float16x8_t a, float32x4_t v)
{
    __asm__("kiln_vcvt_hs %q0, %q1, 0, 0" : "+w"(a) : "w"(v));
    return a;
}

/** a with its top (odd) halves replaced by v rounded to float16 (VCVTT.F16.F32; bottom halves kept). */
static inline float16x8_t kiln_mve_f32_to_f16_top(float16x8_t a, float32x4_t v)
{
    __asm__("kiln_vcvt_hs %q0, %q1, 0, 1" : "+w"(a) : "w"(v));
    return a;
}

/** Halves with lanes 0, 2, 4, 6 from even and lanes 1, 3, 5, 7 from odd, each rounded to nearest. */
static inline float16x8_t kiln_mve_f32_pair_to_f16(float32x4_t even, float32x4_t odd)
{
    return kiln_mve_f32_to_f16_top(kiln_mve_f32_to_f16_bottom(vdupq_n_f16((float16_t)0.0f), even), odd);
}

#endif /* ARM_MATH_MVEF */

#endif /* KILN_MVE_F16_H */
