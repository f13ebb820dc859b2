/*
 * Kiln reference: quantized softmax, TFLite reference semantics (gemmlowp fixed point).
 *
 * For one row x[0..n):
 *   diff[i]  = x[i] - max(x)                                   (<= 0)
 *   taps with diff[i] < diff_min are ignored and output the type's minimum
 *   scaled   = MultiplyByQuantizedMultiplierGreaterThanOne(diff, mult, shift)   a Q5.26 number
 *   e[i]     = exp_on_negative_values(scaled)                  Q0.31
 *   sum      = sum of e[i] each rescaled Q0.31 -> Q12.19 (rounding right shift by 12)
 *   reciprocal of sum: with h = count of leading zeros of sum, sum << h is in [1, 2) as Q1.31;
 *     recip = one_over_one_plus_x(sum << h minus 1) is 1/(sum << h) in Q0.31,
 *     bits_over_unit = 12 - h
 *   out[i]   = RoundingDivideByPOT(SRDHM(recip, e[i]), bits_over_unit + 31 - output_bits)
 *              + output minimum, clamped to the output type
 * (output_bits is 8 for int8 / uint8, 16 for int16; the output minimum is -128, -32768 or 0).
 */
#include "kiln_ref_internal.h"

#define SCALED_DIFF_INTEGER_BITS 5
#define ACCUMULATION_INTEGER_BITS 12

static int32_t count_leading_zeros_u32(uint32_t v)
{
    int32_t n = 0;
    for (uint32_t bit = 0x80000000u; bit != 0 && (v & bit) == 0; bit >>= 1)
    {
        n++;
    }
    return n;
}

typedef enum
{
    SOFTMAX_S8,
    SOFTMAX_U8,
    SOFTMAX_S8_S16
} softmax_kind;

static int32_t load(softmax_kind kind, const void *input, int64_t at)
{
    return (kind == SOFTMAX_U8) ? (int32_t)((const uint8_t *)input)[at] : (int32_t)((const int8_t *)input)[at];
}

static void store(softmax_kind kind, void *output, int64_t at, int32_t value)
{
    if (kind == SOFTMAX_S8_S16)
    {
        ((int16_t *)output)[at] = (int16_t)value;
    }
    else if (kind == SOFTMAX_U8)
    {
        ((uint8_t *)output)[at] = (uint8_t)value;
    }
    else
    {
        ((int8_t *)output)[at] = (int8_t)value;
    }
}

static void softmax_any(softmax_kind kind,
                        const void *input,
                        int32_t rows,
                        int32_t row_size,
                        int32_t mult,
                        int32_t shift,
                        int32_t diff_min,
                        void *output)
{
    if (input == NULL || output == NULL || rows <= 0 || row_size <= 0)
    {
        return;
    }
    const int32_t output_bits = (kind == SOFTMAX_S8_S16) ? 16 : 8;
    const int32_t out_min = (kind == SOFTMAX_S8_S16) ? INT16_MIN : (kind == SOFTMAX_U8) ? 0 : INT8_MIN;
    const int32_t out_max = (kind == SOFTMAX_S8_S16) ? INT16_MAX : (kind == SOFTMAX_U8) ? UINT8_MAX : INT8_MAX;

    for (int32_t r = 0; r < rows; r++)
    {
        const int64_t row = (int64_t)r * row_size;

        int32_t max = load(kind, input, row);
        for (int32_t i = 1; i < row_size; i++)
        {
            const int32_t v = load(kind, input, row + i);
            if (v > max)
            {
                max = v;
            }
        }

        /* The sum is kept as TFLite keeps it, in an int32 (which would wrap for rows longer than
         * 4096 elements near the maximum; TFLite does not guard against that either). */
        uint32_t sum_bits = 0;
        for (int32_t i = 0; i < row_size; i++)
        {
            const int32_t diff = load(kind, input, row + i) - max;
            if (diff >= diff_min)
            {
                const int32_t scaled = kiln_ref_multiply_by_quantized_multiplier_greater_than_one(diff, mult, shift);
                const int32_t e = kiln_ref_exp_on_negative_values(scaled, SCALED_DIFF_INTEGER_BITS);
                /* Q0.31 -> Q12.19: rounding divide by 2^12 (nearest, ties away from zero) */
                sum_bits += (uint32_t)kiln_ref_saturating_rounding_multiply_by_pot(e, -ACCUMULATION_INTEGER_BITS);
            }
        }
        const int32_t sum = kiln_ref_wrap32((int64_t)sum_bits);

        /* The largest element alone contributes exp(0) = 2^19 in Q12.19, so sum > 0 and h <= 12. */
        const int32_t headroom_plus_one = count_leading_zeros_u32((uint32_t)sum);
        const int32_t bits_over_unit = ACCUMULATION_INTEGER_BITS - headroom_plus_one;
        /* sum << h has its top bit set; minus 2^31 leaves the fraction x in [0, 1) of 1 + x. */
        const int32_t shifted_sum_minus_one = (int32_t)(((uint32_t)sum << headroom_plus_one) - 0x80000000u);
        const int32_t reciprocal = kiln_ref_one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one);

        for (int32_t i = 0; i < row_size; i++)
        {
            const int32_t diff = load(kind, input, row + i) - max;
            int32_t result = out_min;
            if (diff >= diff_min)
            {
                const int32_t scaled = kiln_ref_multiply_by_quantized_multiplier_greater_than_one(diff, mult, shift);
                const int32_t e = kiln_ref_exp_on_negative_values(scaled, SCALED_DIFF_INTEGER_BITS);
                /* Q0.31 product rounded by SRDHM, then one rounding right shift to the output scale
                 * 2^-output_bits (nearest, ties away from zero). */
                const int32_t unsaturated = kiln_ref_rounding_divide_by_pot(
                    kiln_ref_sat_rounding_doubling_high_mul(reciprocal, e), bits_over_unit + 31 - output_bits);
                result = kiln_ref_clamp32((int64_t)unsaturated + out_min, out_min, out_max);
            }
            store(kind, output, row + i, result);
        }
    }
}

void kiln_ref_softmax_s8(const int8_t *input,
                         int32_t rows,
                         int32_t row_size,
                         int32_t mult,
                         int32_t shift,
                         int32_t diff_min,
                         int8_t *output)
{
    softmax_any(SOFTMAX_S8, input, rows, row_size, mult, shift, diff_min, output);
}

void kiln_ref_softmax_s8_s16(const int8_t *input,
                             int32_t rows,
                             int32_t row_size,
                             int32_t mult,
                             int32_t shift,
                             int32_t diff_min,
                             int16_t *output)
{
    softmax_any(SOFTMAX_S8_S16, input, rows, row_size, mult, shift, diff_min, output);
}

void kiln_ref_softmax_u8(const uint8_t *input,
                         int32_t rows,
                         int32_t row_size,
                         int32_t mult,
                         int32_t shift,
                         int32_t diff_min,
                         uint8_t *output)
{
    softmax_any(SOFTMAX_U8, input, rows, row_size, mult, shift, diff_min, output);
}
