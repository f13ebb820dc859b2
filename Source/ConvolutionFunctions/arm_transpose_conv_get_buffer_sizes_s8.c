/* Kiln — the int8 transposed-convolution size queries: each answers exactly the bytes the planned
 * route uses in that buffer (Include/Internal/kiln_tconv_s8.h), or -1 for invalid arguments. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_tconv_s8.h"

static int32_t kiln_tconv_ctx_query(const cmsis_nn_transpose_conv_params *params,
                                    const cmsis_nn_dims *input_dims,
                                    const cmsis_nn_dims *filter_dims,
                                    const cmsis_nn_dims *out_dims,
                                    kiln_isa isa)
{
    kiln_tconv_s8_shape s;
    kiln_tconv_s8_plan_t plan;
    if (!kiln_tconv_s8_shape_from(params, input_dims, filter_dims, out_dims, &s) ||
        kiln_tconv_s8_plan(&s, isa, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t arm_transpose_conv_s8_get_buffer_size(const cmsis_nn_transpose_conv_params *transposed_conv_params,
                                              const cmsis_nn_dims *input_dims,
                                              const cmsis_nn_dims *filter_dims,
                                              const cmsis_nn_dims *out_dims)
{
    return kiln_tconv_ctx_query(transposed_conv_params, input_dims, filter_dims, out_dims, KILN_NATIVE_ISA);
}

int32_t arm_transpose_conv_s8_get_buffer_size_mve(const cmsis_nn_transpose_conv_params *transposed_conv_params,
                                                  const cmsis_nn_dims *input_dims,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const cmsis_nn_dims *out_dims)
{
    return kiln_tconv_ctx_query(transposed_conv_params, input_dims, filter_dims, out_dims, KILN_ISA_MVE);
}

int32_t arm_transpose_conv_s8_get_reverse_conv_buffer_size(const cmsis_nn_transpose_conv_params *transposed_conv_params,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims)
{
    kiln_tconv_s8_shape s;
    kiln_tconv_s8_plan_t plan;
    if (!kiln_tconv_s8_input_side_from(transposed_conv_params, input_dims, filter_dims, &s) ||
        kiln_tconv_s8_plan_input_side(&s, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.reverse_conv_bytes);
}
