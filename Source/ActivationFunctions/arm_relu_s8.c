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
    /* The zero points are int8 values; |in - zp| <= 255 keeps the shifted value within int32. */
    if (input == NULL || output == NULL || output_size < 0 || !kiln_shift_ok(output_shift) ||
        input_offset < INT8_MIN || input_offset > INT8_MAX || output_offset < INT8_MIN ||
        output_offset > INT8_MAX || output_shift > 22)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t lo = MAX((int32_t)INT8_MIN, output_offset);
    kiln_relu_requant_s8(input, output, output_size, input_offset, output_offset, output_multiplier, output_shift, lo);
    return ARM_CMSIS_NN_SUCCESS;
}
