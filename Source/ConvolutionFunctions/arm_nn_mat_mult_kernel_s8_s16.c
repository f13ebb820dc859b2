/*
 * Kiln — arm_nn_mat_mult_kernel_s8_s16: the legacy two-column convolution kernel. For each of the
 * output_ch rows of A (int8, row stride num_col_a) and the two int16 columns of B (input_b and
 * input_b + aligned_num_col_a, num_col_a values each, offsets already applied):
 *   out_0[ch]             = clamp(requantize(bias[ch] + A[ch] . B0, out_mult[ch], out_shift[ch]) + out_offset)
 *   out_0[output_ch + ch] = the same with B1
 * Returns out_0 + 2 * output_ch, or NULL for invalid arguments. Every backend (DSP: two channels x
 * two columns per SMLAD step, kernels/kiln_conv_support_s8_dsp.c).
 * arm_nn_mat_mult_kernel_row_offset_s8_s16: the same with column 1's results at
 * out_0[row_address_offset + ch] (grouped convolution), returning out_0 + 2 * row_address_offset.
 */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/Internal/kiln_conv_s8.h"

/* Shared argument checks of the two entries. */
static bool kiln_mm_s8_s16_ok(const int8_t *input_a,
                              const int16_t *input_b,
                              int32_t output_ch,
                              const int32_t *out_shift,
                              const int32_t *out_mult,
                              int32_t out_offset,
                              int32_t activation_min,
                              int32_t activation_max,
                              int32_t num_col_a,
                              int32_t aligned_num_col_a,
                              const int8_t *out_0)
{
    return input_a != NULL && input_b != NULL && out_0 != NULL && output_ch >= 1 && num_col_a >= 0 &&
        aligned_num_col_a >= num_col_a && kiln_conv_s8_offsets_ok(0, out_offset, activation_min, activation_max) &&
        kiln_conv_s8_quant_ok(out_mult, out_shift, output_ch) && (int64_t)output_ch * num_col_a <= INT32_MAX;
}

/* The portable kernel: column 0 results to out_0[ch], column 1 results to out_1[ch]. */
static void kiln_mm_s8_s16_c(const int8_t *input_a,
                             const int16_t *input_b,
                             int32_t output_ch,
                             const int32_t *out_shift,
                             const int32_t *out_mult,
                             int32_t out_offset,
                             int32_t activation_min,
                             int32_t activation_max,
                             int32_t num_col_a,
                             int32_t aligned_num_col_a,
                             const int32_t *output_bias,
                             int8_t *out_0,
                             int8_t *out_1)
{
    const int16_t *b0 = input_b;
    const int16_t *b1 = input_b + aligned_num_col_a;
    for (int32_t ch = 0; ch < output_ch; ch++)
    {
        const int8_t *a = input_a + ch * num_col_a;
        /* Accumulated modulo 2^32 like the int32 accumulators of the Arm kernels. */
        uint32_t acc0 = output_bias != NULL ? (uint32_t)output_bias[ch] : 0u;
        uint32_t acc1 = acc0;
        for (int32_t i = 0; i < num_col_a; i++)
        {
            acc0 += (uint32_t)(a[i] * b0[i]);
            acc1 += (uint32_t)(a[i] * b1[i]);
        }
        out_0[ch] = kiln_conv_s8_out(kiln_conv_s16_wrap32((int64_t)acc0), out_mult[ch], out_shift[ch], out_offset,
                                     activation_min, activation_max);
        out_1[ch] = kiln_conv_s8_out(kiln_conv_s16_wrap32((int64_t)acc1), out_mult[ch], out_shift[ch], out_offset,
                                     activation_min, activation_max);
    }
}

int8_t *arm_nn_mat_mult_kernel_s8_s16(const int8_t *input_a,
                                      const int16_t *input_b,
                                      const uint16_t output_ch,
                                      const int32_t *out_shift,
                                      const int32_t *out_mult,
                                      const int32_t out_offset,
                                      const int16_t activation_min,
                                      const int16_t activation_max,
                                      const int32_t num_col_a,
                                      const int32_t aligned_num_col_a,
                                      const int32_t *const output_bias,
                                      int8_t *out_0)
{
    if (!kiln_mm_s8_s16_ok(input_a, input_b, output_ch, out_shift, out_mult, out_offset, activation_min,
                           activation_max, num_col_a, aligned_num_col_a, out_0))
    {
        return NULL;
    }
#if KILN_BUILD_DSP
    kiln_conv_s8_mat_mult_s8_s16_dsp(input_a, input_b, output_ch, out_shift, out_mult, out_offset, activation_min,
                                     activation_max, num_col_a, aligned_num_col_a, output_bias, out_0);
#else
    kiln_mm_s8_s16_c(input_a, input_b, output_ch, out_shift, out_mult, out_offset, activation_min, activation_max,
                     num_col_a, aligned_num_col_a, output_bias, out_0, out_0 + output_ch);
#endif
    return out_0 + 2 * output_ch;
}

int8_t *arm_nn_mat_mult_kernel_row_offset_s8_s16(const int8_t *input_a,
                                                 const int16_t *input_b,
                                                 const uint16_t output_ch,
                                                 const int32_t *out_shift,
                                                 const int32_t *out_mult,
                                                 const int32_t out_offset,
                                                 const int16_t activation_min,
                                                 const int16_t activation_max,
                                                 const int32_t num_col_a,
                                                 const int32_t aligned_num_col_a,
                                                 const int32_t *const output_bias,
                                                 const int32_t row_address_offset,
                                                 int8_t *out_0)
{
    if (!kiln_mm_s8_s16_ok(input_a, input_b, output_ch, out_shift, out_mult, out_offset, activation_min,
                           activation_max, num_col_a, aligned_num_col_a, out_0) ||
        row_address_offset < output_ch || row_address_offset > INT32_MAX / 2)
    {
        return NULL;
    }
#if KILN_BUILD_DSP
    if (row_address_offset == output_ch)
    {
        kiln_conv_s8_mat_mult_s8_s16_dsp(input_a, input_b, output_ch, out_shift, out_mult, out_offset, activation_min,
                                         activation_max, num_col_a, aligned_num_col_a, output_bias, out_0);
        return out_0 + 2 * row_address_offset;
    }
#endif
    kiln_mm_s8_s16_c(input_a, input_b, output_ch, out_shift, out_mult, out_offset, activation_min, activation_max,
                     num_col_a, aligned_num_col_a, output_bias, out_0, out_0 + row_address_offset);
    return out_0 + 2 * row_address_offset;
}
