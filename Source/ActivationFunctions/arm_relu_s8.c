/* Kiln — arm_relu_s8: TFLite's quantized int8 ReLU with rescaling. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

arm_cmsis_nn_status arm_relu_s8(const int8_t *input,
                                const int32_t input_offset,
                                const int32_t output_offset,
                                const int32_t output_multiplier,
                                const int32_t output_shift,
                                int8_t *output,
                                const int32_t output_size)
{
    /* The zero points are int8 values. in - input_offset, its requantization (with the left
     * shift of a positive output_shift) and the output offset must fit int32 for every int8 in;
     * the range check is exact, so every overflow-free parameter set is accepted. */
    if (input == NULL || output == NULL || output_size < 0 || input_offset < INT8_MIN || input_offset > INT8_MAX ||
        output_offset < INT8_MIN || output_offset > INT8_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int64_t rlo, rhi;
    if (!kiln_requant_range((int64_t)INT8_MIN - input_offset, (int64_t)INT8_MAX - input_offset, output_multiplier,
                            output_shift, &rlo, &rhi) ||
        !kiln_offset_fits(rlo, rhi, output_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t lo = MAX((int32_t)INT8_MIN, output_offset);
    kiln_relu_requant_s8(input, output, output_size, input_offset, output_offset, output_multiplier, output_shift, lo);
    return ARM_CMSIS_NN_SUCCESS;
}
