/*
 * Kiln — arm_maximum_s16 / arm_minimum_s16 (ns-cmsis-nn): TFLite int16 MAXIMUM / MINIMUM with TFLite's
 * broadcasting over NHWC dims, exactly as arm_maximum_s8 / arm_minimum_s8 (same plan, kiln_maxmin_s8_plan: each
 * dimension of an input equals the output's or is 1; the output's is the broadcast of the two). Elements are
 * compared as stored (no requantization). Output may equal an input of the output's shape. Portable C on every
 * backend. No scratch: ctx is not used and may be NULL.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

#define KILN_MAX_S16(a, b, unused) ((a) >= (b) ? (a) : (b))
#define KILN_MIN_S16(a, b, unused) ((a) <= (b) ? (a) : (b))

static bool kiln_maxmin_s16_ok(const int16_t *in1,
                               const cmsis_nn_dims *d1,
                               const int16_t *in2,
                               const cmsis_nn_dims *d2,
                               const int16_t *out,
                               const cmsis_nn_dims *dout,
                               kiln_maxmin_plan *plan)
{
    return in1 != NULL && d1 != NULL && in2 != NULL && d2 != NULL && out != NULL && dout != NULL &&
           kiln_maxmin_s8_plan(d1, d2, dout, plan);
}

arm_cmsis_nn_status arm_maximum_s16(const cmsis_nn_context *ctx,
                                    const int16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const int16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    int16_t *output_data,
                                    const cmsis_nn_dims *output_dims)
{
    (void)ctx;
    kiln_maxmin_plan plan;
    if (!kiln_maxmin_s16_ok(input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims, &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_BCAST_WALK(int16_t, int16_t, int16_t, &plan, input_1_data, input_2_data, output_data, KILN_MAX_S16, 0);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_minimum_s16(const cmsis_nn_context *ctx,
                                    const int16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const int16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    int16_t *output_data,
                                    const cmsis_nn_dims *output_dims)
{
    (void)ctx;
    kiln_maxmin_plan plan;
    if (!kiln_maxmin_s16_ok(input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims, &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_BCAST_WALK(int16_t, int16_t, int16_t, &plan, input_1_data, input_2_data, output_data, KILN_MIN_S16, 0);
    return ARM_CMSIS_NN_SUCCESS;
}
