/* Kiln — arm_softmax_s16: TFLite int16 softmax (table exp and reciprocal), portable C on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"

/*
 * Per row x[0..n):
 *   d = x - max(row)                                     in [-65535, 0]
 *   s = arm_nn_requantize(d, mult, shift)                TFLite MultiplyByQuantizedMultiplier, <= 0
 *   e = lut(exp_lut, max(s + 32767, -32768))             cached in the output
 *   sum = sum of e; b = bit length of sum (sum < 2^31)
 *   t = top 17 bits of sum, rounded half up              in [2^16, 2^17]
 *   r = lut(one_by_one_lut, min(t - 98304, 32767))
 *   out = clamp((e * r + 2^(b - 2)) >> (b - 1), 0, 32767)   (no rounding term for b = 1)
 * lut(): 512 segments of 128 steps, linear interpolation rounded half up (TFLite's int16 table
 * lookup, int16 wrap-around of the slope and the result included).
 * Outside TFLite's domain: a sum of 2^31 or more (rows of over 65538 elements; TFLite's int32 sum
 * overflows) outputs 0, the exact rounding of every e / sum there; a sum <= 0 (only with tables
 * holding values <= 0) outputs 0.
 * Accepted: mult >= 0 and shift in [-31, 15]: d << shift stays within int32 for d = -65535, the
 * doubling high multiply cannot saturate, the rounding right shift is at most 31.
 */

#define KILN_SOFTMAX_S16_SHIFT_MIN (-31)
#define KILN_SOFTMAX_S16_SHIFT_MAX 15

/* Table lookup of u = value + 32768 in [0, 65535]. */
static inline int32_t kiln_softmax_s16_lut(const int16_t *lut, int32_t u)
{
    const int32_t idx = u >> 7;
    const int32_t base = lut[idx];
    const int32_t slope = (int16_t)(lut[idx + 1] - base);
    const int32_t delta = (slope * (u & 0x7F) + 64) >> 7;
    return (int16_t)(base + delta);
}

arm_cmsis_nn_status arm_softmax_s16(const int16_t *input,
                                    const int32_t num_rows,
                                    const int32_t row_size,
                                    const int32_t mult,
                                    const int32_t shift,
                                    const cmsis_nn_softmax_lut_s16 *softmax_params,
                                    int16_t *output)
{
    if (input == NULL || output == NULL || softmax_params == NULL || softmax_params->exp_lut == NULL ||
        softmax_params->one_by_one_lut == NULL || num_rows <= 0 || row_size <= 0 ||
        (int64_t)num_rows * row_size > INT32_MAX || mult < 0 || shift < KILN_SOFTMAX_S16_SHIFT_MIN ||
        shift > KILN_SOFTMAX_S16_SHIFT_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int16_t *const exp_lut = softmax_params->exp_lut;
    const int16_t *const recip_lut = softmax_params->one_by_one_lut;

    for (int32_t row = 0; row < num_rows; row++)
    {
        int32_t max = input[0];
        for (int32_t i = 1; i < row_size; i++)
        {
            max = MAX(max, input[i]);
        }

        /* Element i is read before it is written: output may equal input. */
        int64_t sum = 0;
        for (int32_t i = 0; i < row_size; i++)
        {
            const int32_t scaled = arm_nn_requantize(input[i] - max, mult, shift);
            const int32_t e = kiln_softmax_s16_lut(exp_lut, MAX(scaled + 65535, 0));
            output[i] = (int16_t)e;
            sum += e;
        }

        if (sum <= 0 || sum > INT32_MAX)
        {
            for (int32_t i = 0; i < row_size; i++)
            {
                output[i] = 0;
            }
        }
        else
        {
            const int32_t bits = 32 - (int32_t)__builtin_clz((uint32_t)sum); /* bit length, 1..31 */
            /* sum << (31 - bits) is in [2^30, 2^31): round it to 17 bits */
            const int32_t top = (int32_t)((((uint32_t)sum << (31 - bits)) + (1u << 13)) >> 14);
            const int32_t recip = kiln_softmax_s16_lut(recip_lut, MIN(top - 65536, 65535));
            const int32_t right_shift = bits - 1;
            const int32_t round = (int32_t)((1u << right_shift) >> 1);
            for (int32_t i = 0; i < row_size; i++)
            {
                /* |e * recip| <= 2^30 and round <= 2^29: within int32 */
                const int32_t out = (output[i] * recip + round) >> right_shift;
                output[i] = (int16_t)MIN(MAX(out, 0), INT16_MAX);
            }
        }
        input += row_size;
        output += row_size;
    }
    return ARM_CMSIS_NN_SUCCESS;
}
