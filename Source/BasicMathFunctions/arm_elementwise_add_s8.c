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

arm_cmsis_nn_status kiln_add_s8_checked(const int8_t *input_1_vect, const int8_t *input_2_vect,
                                        int32_t input_1_offset, int32_t input_1_mult, int32_t input_1_shift,
                                        int32_t input_2_offset, int32_t input_2_mult, int32_t input_2_shift,
                                        int32_t left_shift, int8_t *output, int32_t out_offset, int32_t out_mult,
                                        int32_t out_shift, int32_t out_activation_min, int32_t out_activation_max,
                                        int32_t block_size)
{
    if (!kiln_add_s8_args_ok(input_1_vect, input_2_vect, output, block_size, input_1_offset, input_2_offset,
                             left_shift, out_activation_min, out_activation_max))
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
    /* Every intermediate must fit int32 for every pair of int8 inputs: TFLite's parameters take the short check
     * (symmetric bounds), any others the exact ranges (so every overflow-free parameter set is accepted). */
    int32_t b;
    if (kiln_add_s8_tflite_form(input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult,
                                input_2_shift, left_shift, out_offset, out_mult, out_shift, &b))
    {
        p.sum_lo = -b;
        p.sum_hi = b;
        p.y_lo = -b;
        p.y_hi = b;
    }
    else if (!kiln_add_ranges_general(&p))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_add_s8(input_1_vect, input_2_vect, output, block_size, &p);
    return ARM_CMSIS_NN_SUCCESS;
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
    /* A single branch to the backend's entry with the same arguments in the same places (it checks them first:
     * kiln_add_s8_checked): each call's fixed cost matters for short vectors, and work here would make the
     * compiler copy the twelve stack arguments. */
    return kiln_add_s8_entry(input_1_vect, input_2_vect, input_1_offset, input_1_mult, input_1_shift, input_2_offset,
                             input_2_mult, input_2_shift, left_shift, output, out_offset, out_mult, out_shift,
                             out_activation_min, out_activation_max, block_size);
}
