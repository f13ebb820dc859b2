/* Kiln — arm_elementwise_add_s8: TFLite int8 ADD (same-shape operands). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

/*
 * The range [*lo, *hi] of one input's rescaled value, arm_nn_requantize((in + offset) << ls, mult,
 * shift) over every int8 in, or false when it leaves its domain for some in: a negative
 * multiplier, a shift outside [-31, 30], or (in + offset) << (ls + max(shift, 0)) outside int32
 * (kiln_requant_range's conditions, for this operand). offset in [-255, 255], ls in [0, 30].
 */
static inline bool kiln_add_in_range(int32_t offset, int32_t ls, int32_t mult, int32_t shift, int32_t *lo, int32_t *hi)
{
    if (mult < 0 || !kiln_shift_ok(shift))
    {
        return false;
    }
    /* The ends differ by 255, so with a total left shift of 31 or more one of them leaves int32. */
    const int32_t L = ls + LEFT_SHIFT(shift);
    if (L > 30)
    {
        return false;
    }
    /* (in + offset) << L within int32 for in = -128 and 127: the bounds INT32_MIN >> L and
     * INT32_MAX >> L, 32-bit compares. */
    const int32_t elo = INT8_MIN + offset;
    const int32_t ehi = INT8_MAX + offset;
    if (elo < (INT32_MIN >> L) || ehi > (INT32_MAX >> L))
    {
        return false;
    }
    const int32_t vlo = (int32_t)((uint32_t)elo << L);
    const int32_t vhi = (int32_t)((uint32_t)ehi << L);
    const int32_t r = RIGHT_SHIFT(shift);
    *lo = arm_nn_divide_by_power_of_two(arm_nn_doubling_high_mult_no_sat(vlo, mult), r);
    *hi = arm_nn_divide_by_power_of_two(arm_nn_doubling_high_mult_no_sat(vhi, mult), r);
    return true;
}


/*
 * The exact ranges of the sum and of the output stage's doubling high multiply (p->sum_lo ..
 * p->y_hi), or false when some intermediate leaves int32 for some pair of int8 inputs: the
 * shifted inputs (through the left shift of each requantization), their sum, the output
 * requantization and the output offset. The requantization is non-decreasing in its input for a
 * multiplier >= 0, so the ends of each range are the images of the ends. Any parameters.
 */
static __attribute__((noinline)) bool kiln_add_ranges_general(kiln_add_s8_params *p)
{
    int32_t lo1, hi1, lo2, hi2;
    if (!kiln_add_in_range(p->in1_offset, p->left_shift, p->in1_mult, p->in1_shift, &lo1, &hi1) ||
        !kiln_add_in_range(p->in2_offset, p->left_shift, p->in2_mult, p->in2_shift, &lo2, &hi2) ||
        p->out_mult < 0 || !kiln_shift_ok(p->out_shift))
    {
        return false;
    }
    /* The sum's range and the output requantization: sum << los within int32. */
    const int64_t sum_lo = (int64_t)lo1 + lo2;
    const int64_t sum_hi = (int64_t)hi1 + hi2;
    const int32_t los = LEFT_SHIFT(p->out_shift);
    if (sum_lo < (INT32_MIN >> los) || sum_hi > (INT32_MAX >> los))
    {
        return false;
    }
    const int32_t sl = (int32_t)((uint32_t)(int32_t)sum_lo << los);
    const int32_t sh = (int32_t)((uint32_t)(int32_t)sum_hi << los);
    const int32_t y_lo = arm_nn_doubling_high_mult_no_sat(sl, p->out_mult);
    const int32_t y_hi = arm_nn_doubling_high_mult_no_sat(sh, p->out_mult);
    const int32_t ros = RIGHT_SHIFT(p->out_shift);
    if (!kiln_offset_fits(arm_nn_divide_by_power_of_two(y_lo, ros), arm_nn_divide_by_power_of_two(y_hi, ros),
                          p->out_offset))
    {
        return false;
    }
    p->sum_lo = (int32_t)sum_lo;
    p->sum_hi = (int32_t)sum_hi;
    p->y_lo = y_lo;
    p->y_hi = y_hi;
    return true;
}

/*
 * The common form, TFLite's (left shift 20, every real multiplier below one): left_shift <= 20,
 * every shift a right shift (in [-31, 0]), every multiplier >= 0. Then no intermediate can leave
 * int32, and the ranges are bounded without evaluating their ends: each v = (in + offset) <<
 * left_shift has |v| <= (128 + |offset|) << left_shift, a requantization by a multiplier below
 * 2^31 and a rounding right shift never increase a magnitude, so |x1 + x2| and the output stage's
 * |y| are at most B = (256 + |offset1| + |offset2|) << left_shift <= 766 * 2^20 < 2^30. The
 * kernels take their fast arithmetic when it fits these bounds (TFLite's parameters do with room
 * to spare); only the output offset needs a check: |round(y / 2^ro)| <= B, B + |out_offset| must
 * fit int32 (else the exact ranges decide).
 */
static inline bool kiln_add_common_ranges(kiln_add_s8_params *p)
{
    if (p->left_shift > 20 || (p->in1_mult | p->in2_mult | p->out_mult) < 0 ||
        0u - (uint32_t)p->in1_shift > 31u || 0u - (uint32_t)p->in2_shift > 31u || 0u - (uint32_t)p->out_shift > 31u)
    {
        return false;
    }
    const int32_t a1 = p->in1_offset < 0 ? -p->in1_offset : p->in1_offset;
    const int32_t a2 = p->in2_offset < 0 ? -p->in2_offset : p->in2_offset;
    const int32_t b = (256 + a1 + a2) << p->left_shift;
    if (p->out_offset < b - INT32_MAX || p->out_offset > INT32_MAX - b)
    {
        return false;
    }
    p->sum_lo = -b;
    p->sum_hi = b;
    p->y_lo = -b;
    p->y_hi = b;
    return true;
}

arm_cmsis_nn_status arm_elementwise_add_s8(const int8_t *input_1_vect,
                                           const int8_t *input_2_vect,
                                           const int32_t input_1_offset,
                                           const int32_t input_1_mult,
                                           const int32_t input_1_shift,
                                           const int32_t input_2_offset,
                                           const int32_t input_2_mult,
                                           const int32_t input_2_shift,
                                           const int32_t left_shift,
                                           int8_t *output,
                                           const int32_t out_offset,
                                           const int32_t out_mult,
                                           const int32_t out_shift,
                                           const int32_t out_activation_min,
                                           const int32_t out_activation_max,
                                           const int32_t block_size)
{
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Offsets within [-255, 255] keep in + offset within int16 (the DSP kernel's lanes); TFLite's
     * are -zero_point, within [-127, 128]. */
    if (input_1_offset < -255 || input_1_offset > 255 || input_2_offset < -255 || input_2_offset > 255 ||
        left_shift < 0 || left_shift > 30 || !kiln_act_s8_ok(out_activation_min, out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_add_s8_params p = {
        .in1_offset = input_1_offset,
        .in1_mult = input_1_mult,
        .in1_shift = input_1_shift,
        .in2_offset = input_2_offset,
        .in2_mult = input_2_mult,
        .in2_shift = input_2_shift,
        .left_shift = left_shift,
        .out_offset = out_offset,
        .out_mult = out_mult,
        .out_shift = out_shift,
        .act_min = out_activation_min,
        .act_max = out_activation_max,
    };
    /* Every intermediate must fit int32 for every pair of int8 inputs: TFLite's parameters take
     * the short check, any others the exact ranges (so every overflow-free parameter set is
     * accepted). */
    if (!kiln_add_common_ranges(&p) && !kiln_add_ranges_general(&p))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_add_s8(input_1_vect, input_2_vect, output, block_size, &p);
    return ARM_CMSIS_NN_SUCCESS;
}
