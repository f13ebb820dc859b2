/*
 * Kiln: arm_elementwise_mul_acc_s16 (upstream CMSIS-NN, the int16 LSTM's cell update):
 *   output[i] = clamp(output[i] + requantize(in1[i] * in2[i], out_mult, out_shift), lo, hi)
 * with [lo, hi] = [out_activation_min, out_activation_max] when out_activation_max > 0, else the
 * whole int16 range (upstream's rule: a cell clip of 0 means no clip). The input offsets and the
 * output offset are not used (as upstream). Portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnsupportfunctions.h"

arm_cmsis_nn_status arm_elementwise_mul_acc_s16(const int16_t *input_1_vect,
                                                const int16_t *input_2_vect,
                                                const int32_t input_1_offset,
                                                const int32_t input_2_offset,
                                                int16_t *output,
                                                const int32_t out_offset,
                                                const int32_t out_mult,
                                                const int32_t out_shift,
                                                const int32_t out_activation_min,
                                                const int32_t out_activation_max,
                                                const int32_t block_size)
{
    (void)input_1_offset;
    (void)input_2_offset;
    (void)out_offset;
    const bool clip = out_activation_max > 0;
    const int32_t lo = clip ? out_activation_min : INT16_MIN;
    const int32_t hi = clip ? out_activation_max : INT16_MAX;
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0 || !kiln_act_s16_ok(lo, hi) ||
        !kiln_requant_domain_ok((int64_t)INT16_MIN * INT16_MAX, (int64_t)INT16_MIN * INT16_MIN, out_mult, out_shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        /* Element i of every operand is read before output[i] is written (aliasing is fine). */
        const int32_t v = arm_nn_requantize((int32_t)input_1_vect[i] * input_2_vect[i], out_mult, out_shift);
        output[i] = (int16_t)kiln_add_clamp(v, output[i], lo, hi);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
