/*
 * Kiln: arm_elementwise_mul_s16_s8 and arm_elementwise_mul_s16_batch_offset (upstream CMSIS-NN, the
 * int16 LSTM's hidden-state products): out = clamp(requantize(in1 * in2, out_mult, out_shift) +
 * out_offset) to the output type, for batch_size batches of block_size elements. The inputs are
 * dense (batch b at b * block_size); batch b of the output starts at b * batch_offset * block_size
 * and the elements between the batches are not written. Written once for both output types;
 * portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnsupportfunctions.h"

static arm_cmsis_nn_status kiln_mul_s16_batch(const int16_t *in1,
                                              const int16_t *in2,
                                              void *output,
                                              int32_t out_offset,
                                              int32_t out_mult,
                                              int32_t out_shift,
                                              int32_t block_size,
                                              int32_t batch_size,
                                              int32_t batch_offset,
                                              bool s16)
{
    if (in1 == NULL || in2 == NULL || output == NULL || block_size < 0 || batch_size < 0 || batch_offset < 1 ||
        !kiln_act_in_type(out_offset, s16))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Elements spanned by the inputs and by the output, each at most INT32_MAX. */
    if (batch_size > 0)
    {
        const int64_t rows = (int64_t)(batch_size - 1) * batch_offset + 1; /* < 2^62 */
        if ((int64_t)batch_size * block_size > INT32_MAX || kiln_mul_sat64(rows, block_size) > INT32_MAX)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    /* The int16 x int16 product is within [-32768 * 32767, 2^30]. */
    if (!kiln_requant_domain_ok((int64_t)INT16_MIN * INT16_MAX, (int64_t)INT16_MIN * INT16_MIN, out_mult, out_shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t tmin = kiln_act_tmin(s16), tmax = kiln_act_tmax(s16);
    for (int32_t b = 0; b < batch_size; b++)
    {
        const int32_t src = b * block_size;
        const int32_t dst = (int32_t)((int64_t)b * batch_offset * block_size); /* within the checked span */
        for (int32_t i = 0; i < block_size; i++)
        {
            const int32_t v = arm_nn_requantize((int32_t)in1[src + i] * in2[src + i], out_mult, out_shift);
            kiln_act_store(output, dst + i, kiln_add_clamp(v, out_offset, tmin, tmax), s16);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_elementwise_mul_s16_s8(const int16_t *input_1_vect,
                                               const int16_t *input_2_vect,
                                               int8_t *output,
                                               const int32_t out_offset,
                                               const int32_t out_mult,
                                               const int32_t out_shift,
                                               const int32_t block_size,
                                               const int32_t batch_size,
                                               const int32_t batch_offset)
{
    return kiln_mul_s16_batch(input_1_vect, input_2_vect, output, out_offset, out_mult, out_shift, block_size,
                              batch_size, batch_offset, false);
}

arm_cmsis_nn_status arm_elementwise_mul_s16_batch_offset(const int16_t *input_1_vect,
                                                         const int16_t *input_2_vect,
                                                         int16_t *output,
                                                         const int32_t out_offset,
                                                         const int32_t out_mult,
                                                         const int32_t out_shift,
                                                         const int32_t block_size,
                                                         const int32_t batch_size,
                                                         const int32_t batch_offset)
{
    return kiln_mul_s16_batch(input_1_vect, input_2_vect, output, out_offset, out_mult, out_shift, block_size,
                              batch_size, batch_offset, true);
}
