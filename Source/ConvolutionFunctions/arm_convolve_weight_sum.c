/* Kiln — the convolution weight sums (ns-cmsis-nn): on MVE builds one int32 per output channel,
 * sum(weights of the channel) * input_offset + bias, which the MVE kernels add instead of offsetting
 * every activation. Other backends need none. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

#if !KILN_UPSTREAM_API

int32_t arm_convolve_s8_get_weights_sum_size(const cmsis_nn_dims *output_dims)
{
    if (output_dims == NULL || output_dims->c < 0)
    {
        return -1;
    }
#if KILN_BUILD_MVE
    return kiln_query_result((int64_t)output_dims->c * (int64_t)sizeof(int32_t));
#else
    return 0;
#endif
}

arm_cmsis_nn_status arm_convolve_weight_sum(int32_t *vector_sum_buf,
                                            const int8_t *rhs,
                                            const cmsis_nn_dims *input_dims,
                                            const cmsis_nn_dims *filter_dims,
                                            const cmsis_nn_dims *output_dims,
                                            const int32_t lhs_offset,
                                            const int32_t *bias_data)
{
#if KILN_BUILD_MVE
    (void)input_dims;
    if (vector_sum_buf == NULL || rhs == NULL || filter_dims == NULL || output_dims == NULL || filter_dims->h < 1 ||
        filter_dims->w < 1 || filter_dims->c < 1 || output_dims->c < 1 || lhs_offset < -INT8_MAX ||
        lhs_offset > -INT8_MIN)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t cols = (int64_t)filter_dims->h * filter_dims->w * filter_dims->c;
    if (kiln_mul_sat64(cols, output_dims->c) > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t k = (int32_t)cols;
    kiln_conv_s8_wsum(rhs, k, k, output_dims->c, lhs_offset, bias_data, vector_sum_buf);
    return ARM_CMSIS_NN_SUCCESS;
#else
    /* No backend but MVE reads weight sums: nothing to fill (ns-cmsis-nn's documented no-op). */
    (void)vector_sum_buf;
    (void)rhs;
    (void)input_dims;
    (void)filter_dims;
    (void)output_dims;
    (void)lhs_offset;
    (void)bias_data;
    return ARM_CMSIS_NN_NO_IMPL_ERROR;
#endif
}

#endif /* !KILN_UPSTREAM_API */
