/*
 * Kiln internals, DSP extension only: arm_nn_requantize for the usual operands in three instructions, shared by the
 * SVDF and LSTM DSP kernels.
 */
#ifndef KILN_REQUANT_DSP_H
#define KILN_REQUANT_DSP_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_dsp.h"
#include "arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

/** The rounding constant of kiln_requant_dsp for rs = RIGHT_SHIFT(shift): 2^(rs - 1), or 0 without a right shift. */
static inline int32_t kiln_requant_dsp_nudge(int32_t rs)
{
    return rs > 0 ? (int32_t)(1u << (uint32_t)(rs - 1)) : 0;
}

/**
 * arm_nn_requantize(acc, mult, shift) for mult >= 0, rs = RIGHT_SHIFT(shift), nudge = kiln_requant_dsp_nudge(rs).
 * For a right shift (rs >= 1) and |acc| < 2^30 (the usual sums and products): SMMLAR(2 acc, mult, nudge) is the
 * doubling high multiply (2 acc fits) plus 2^(rs - 1) in one instruction; since mult >= 0 the product is negative
 * exactly when acc is (or rounds to 0), so subtracting one for acc < 0 before the shift makes its ties go away from
 * zero, as arm_nn_divide_by_power_of_two rounds. Other operands take arm_nn_requantize.
 */
static inline int32_t kiln_requant_dsp(int32_t acc, int32_t mult, int32_t shift, int32_t rs, int32_t nudge)
{
    if (rs > 0 && (uint32_t)acc + (1u << 30) < (1u << 31))
    {
        /* |y| < 2^30 + 2^30 */
        return (kiln_smmlar(acc * 2, mult, nudge) + (acc >> 31)) >> rs;
    }
    return arm_nn_requantize(acc, mult, shift);
}

#endif /* KILN_BUILD_DSP */

#endif /* KILN_REQUANT_DSP_H */
