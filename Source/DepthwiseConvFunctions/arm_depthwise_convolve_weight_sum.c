/* Kiln — arm_depthwise_convolve_weight_sum: per-channel bias + lhs_offset * sum(filter) (ns-cmsis-nn). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s8.h"

arm_cmsis_nn_status arm_depthwise_convolve_weight_sum(int32_t *vector_sum_buf,
                                                      int8_t *scratch_buf,
                                                      const int8_t *rhs,
                                                      const cmsis_nn_dw_conv_params *dw_conv_params,
                                                      const cmsis_nn_dims *input_dims,
                                                      const cmsis_nn_dims *filter_dims,
                                                      const cmsis_nn_dims *output_dims,
                                                      const int32_t lhs_offset,
                                                      const int32_t *bias_data)
{
    (void)scratch_buf;    /* not needed: the sums are formed directly */
    (void)dw_conv_params; /* the sums depend on the filter only */
    (void)input_dims;
    if (vector_sum_buf == NULL || rhs == NULL || filter_dims == NULL || output_dims == NULL || filter_dims->h < 1 ||
        filter_dims->w < 1 || output_dims->c < 1 || lhs_offset < -255 || lhs_offset > 255)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const cmsis_nn_dims fd = {1, filter_dims->h, filter_dims->w, output_dims->c};
    if (kiln_dims_count(&fd) > INT32_MAX || (int64_t)filter_dims->h * filter_dims->w > 16384)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (KILN_NATIVE_ISA != KILN_ISA_MVE)
    {
        /* Only the Helium kernels use weight sums; ns-cmsis-nn sizes the buffer 0 elsewhere. */
        return ARM_CMSIS_NN_NO_IMPL_ERROR;
    }
    const int32_t out_c = output_dims->c;
    const int32_t taps = filter_dims->h * filter_dims->w;
    for (int32_t c = 0; c < out_c; c++)
    {
        int32_t sum = 0;
        for (int32_t t = 0; t < taps; t++)
        {
            sum += rhs[t * out_c + c];
        }
        const int32_t bias = bias_data != NULL ? bias_data[c] : 0;
        vector_sum_buf[c] = (int32_t)((uint32_t)bias + (uint32_t)(sum * lhs_offset));
    }
    return ARM_CMSIS_NN_SUCCESS;
}
