/*
 * Kiln: hard swish, x * relu6(x + 3) / 6 (ns-cmsis-nn):
 *  - arm_hard_swish_compat_s8: TFLite's int8 HARD_SWISH reference kernel, bit-exact (int16 fixed
 *    point: input on a 2^7 finer scale, the "reluish" factor in Q0.15, a truncating doubling high
 *    multiply, the output exponent as a rounding right shift; the int16 fixed-point steps are the public
 *    arm_nn_sqrdmulh_s16 / _sqdmulh_s16 / _sat_lshift_s16 / _divide_by_power_of_two_s16, used where their
 *    definitions and TFLite's agree: exponents validated to [-31, 31]);
 *  - arm_hard_swish_precise_s8 / _s16: ns-cmsis-nn's integer form: x * clamp(x + relu_q3, 0, relu_q6),
 *    with the clamped factor first divided by 2^prescale (rounding half up), then one
 *    requantization that folds in the 1/6 and the scales.
 * Portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"

/* ---- compat (TFLite) ------------------------------------------------------------------------ */

static int8_t kiln_hard_swish_compat_element(int32_t in,
                                             int32_t input_offset,
                                             int32_t output_offset,
                                             int16_t out_fp,
                                             int32_t out_exp,
                                             int16_t relu_fp,
                                             int32_t relu_exp)
{
    /* |in - input_offset| <= 255: on the 2^7 finer scale it stays within int16. */
    const int16_t hires = (int16_t)((in - input_offset) * 128);
    const int16_t preshift_out = arm_nn_sqrdmulh_s16(hires, out_fp);

    /* reluish = hires * relu multiplier, in [-1, 1] as Q0.15 (saturated), then mapped to [0, 1]. */
    int16_t reluish = hires;
    if (relu_exp > 0)
    {
        reluish = arm_nn_sat_lshift_s16(reluish, relu_exp - 1);
    }
    reluish = arm_nn_sqrdmulh_s16(reluish, relu_fp);
    if (relu_exp > 0)
    {
        reluish = arm_nn_sat_lshift_s16(reluish, 1);
    }
    else if (relu_exp < 0)
    {
        reluish = arm_nn_divide_by_power_of_two_s16(reluish, -relu_exp);
    }
    reluish = (int16_t)(((int32_t)reluish + 32768) >> 1);

    int16_t y = arm_nn_sqdmulh_s16(reluish, preshift_out);
    y = arm_nn_divide_by_power_of_two_s16(y, -out_exp);
    const int32_t v = (int32_t)y + output_offset;
    return (int8_t)(v < INT8_MIN ? INT8_MIN : (v > INT8_MAX ? INT8_MAX : v));
}

arm_cmsis_nn_status arm_hard_swish_compat_s8(const int8_t *input,
                                             const int32_t input_offset,
                                             const int32_t output_offset,
                                             const int32_t output_multiplier_fp,
                                             const int32_t output_multiplier_exp,
                                             const int32_t relu_multiplier_fp,
                                             const int32_t relu_multiplier_exp,
                                             int8_t *output,
                                             const int32_t output_size)
{
    if (input == NULL || output == NULL || output_size < 0 || !kiln_act_in_type(input_offset, false) ||
        !kiln_act_in_type(output_offset, false) || !kiln_act_in_type(output_multiplier_fp, true) ||
        !kiln_act_in_type(relu_multiplier_fp, true) || output_multiplier_exp > 0 || output_multiplier_exp < -31 ||
        relu_multiplier_exp < -31 || relu_multiplier_exp > 31)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < output_size; i++)
    {
        output[i] =
            kiln_hard_swish_compat_element(input[i], input_offset, output_offset, (int16_t)output_multiplier_fp,
                                           output_multiplier_exp, (int16_t)relu_multiplier_fp, relu_multiplier_exp);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- precise (ns-cmsis-nn) ------------------------------------------------------------------ */

/* The relu6 factor of x: clamp(x + relu_q3, 0, relu_q6) / 2^prescale, rounded half up. */
static inline int64_t kiln_hard_swish_factor(int64_t x, int32_t relu_q3, int32_t relu_q6, int32_t prescale)
{
    int64_t r = x + relu_q3;
    r = r < 0 ? 0 : (r > relu_q6 ? relu_q6 : r);
    return (prescale > 0) ? (r + ((int64_t)1 << (prescale - 1))) >> prescale : r;
}

static arm_cmsis_nn_status kiln_hard_swish_precise(const void *input,
                                                   int32_t input_offset,
                                                   int32_t output_offset,
                                                   int32_t multiplier,
                                                   int32_t shift,
                                                   int32_t relu_q3,
                                                   int32_t relu_q6,
                                                   int32_t prescale,
                                                   void *output,
                                                   int32_t n,
                                                   bool s16)
{
    const int32_t tmin = kiln_act_tmin(s16), tmax = kiln_act_tmax(s16);
    if (input == NULL || output == NULL || n < 0 || !kiln_act_in_type(input_offset, s16) ||
        !kiln_act_in_type(output_offset, s16) || relu_q6 < 0 || prescale < 0 || prescale > 31)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* x + relu_q3 must fit int32; the product x * factor is bounded by the extreme x of each sign
     * times the largest factor that sign can reach (the factor is non-decreasing in x). */
    const int64_t xlo = (int64_t)tmin - input_offset, xhi = (int64_t)tmax - input_offset;
    if (xlo + relu_q3 < INT32_MIN || xhi + relu_q3 > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t pmin = (xlo < 0) ? xlo * kiln_hard_swish_factor(MIN(xhi, -1), relu_q3, relu_q6, prescale) : 0;
    const int64_t pmax = (xhi > 0) ? xhi * kiln_hard_swish_factor(xhi, relu_q3, relu_q6, prescale) : 0;
    if (pmin < INT32_MIN || pmax > INT32_MAX || !kiln_requant_domain_ok(pmin, pmax, multiplier, shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = kiln_act_load(input, i, s16) - input_offset;
        const int32_t factor = (int32_t)kiln_hard_swish_factor(x, relu_q3, relu_q6, prescale);
        const int32_t v = arm_nn_requantize(x * factor, multiplier, shift);
        kiln_act_store(output, i, kiln_add_clamp(v, output_offset, tmin, tmax), s16);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_hard_swish_precise_s8(const int8_t *input,
                                              const int32_t input_offset,
                                              const int32_t output_offset,
                                              const int32_t output_multiplier,
                                              const int32_t output_shift,
                                              const int32_t relu_q3,
                                              const int32_t relu_q6,
                                              const int32_t prescale,
                                              int8_t *output,
                                              const int32_t output_size)
{
    return kiln_hard_swish_precise(input, input_offset, output_offset, output_multiplier, output_shift, relu_q3,
                                   relu_q6, prescale, output, output_size, false);
}

arm_cmsis_nn_status arm_hard_swish_precise_s16(const int16_t *input,
                                               const int32_t input_offset,
                                               const int32_t output_offset,
                                               const int32_t output_multiplier,
                                               const int32_t output_shift,
                                               const int32_t relu_q3,
                                               const int32_t relu_q6,
                                               const int32_t prescale,
                                               int16_t *output,
                                               const int32_t output_size)
{
    return kiln_hard_swish_precise(input, input_offset, output_offset, output_multiplier, output_shift, relu_q3,
                                   relu_q6, prescale, output, output_size, true);
}
