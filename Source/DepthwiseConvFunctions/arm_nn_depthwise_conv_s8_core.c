/* Kiln — arm_nn_depthwise_conv_s8_core: depthwise accumulation of two int16 im2col columns. */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_dw_s8.h"

int8_t *arm_nn_depthwise_conv_s8_core(const int8_t *row,
                                      const int16_t *col,
                                      const uint16_t num_ch,
                                      const int32_t *out_shift,
                                      const int32_t *out_mult,
                                      const int32_t out_offset,
                                      const int32_t activation_min,
                                      const int32_t activation_max,
                                      const uint16_t kernel_size,
                                      const int32_t *const output_bias,
                                      int8_t *out)
{
    if (row == NULL || col == NULL || out_shift == NULL || out_mult == NULL || out == NULL || out_offset < -255 ||
        out_offset > 255 || !kiln_act_s8_ok(activation_min, activation_max))
    {
        return NULL;
    }
    if (!kiln_quant_ok(out_mult, out_shift, (int32_t)num_ch))
    {
        return NULL;
    }
    kiln_dw_s8_core_kernel(row,
                           col,
                           num_ch,
                           out_shift,
                           out_mult,
                           out_offset,
                           activation_min,
                           activation_max,
                           kernel_size,
                           output_bias,
                           out);
    return out + 2 * (int32_t)num_ch;
}
