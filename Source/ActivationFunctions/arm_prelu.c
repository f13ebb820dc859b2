/*
 * Kiln: arm_prelu_s8 / arm_prelu_s16 (ns-cmsis-nn): TFLite's quantized PRELU (BroadcastPrelu4DSlow)
 * with alpha broadcast onto the input (the output has the input's shape), written once for both
 * element types on the broadcasting plan of MAXIMUM / MINIMUM. Portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnfunctions.h"

typedef struct
{
    int32_t input_offset, alpha_offset, output_offset;
    int32_t mult_identity, shift_identity, mult_alpha, shift_alpha;
    int32_t tmin, tmax;
} kiln_prelu_params;

/* One output value: x = input_offset + in; x >= 0 keeps x (identity scale), otherwise
 * x * (alpha_offset + alpha) (alpha scale); then the output offset and the clamp to the type. */
static inline int32_t kiln_prelu_element(int32_t in, int32_t alpha, const kiln_prelu_params *p)
{
    const int32_t x = p->input_offset + in;
    const int32_t v = (x >= 0) ? arm_nn_requantize(x, p->mult_identity, p->shift_identity)
                               : arm_nn_requantize(x * (p->alpha_offset + alpha), p->mult_alpha, p->shift_alpha);
    return kiln_add_clamp(v, p->output_offset, p->tmin, p->tmax);
}

/* Checks every argument and fills the plan and the parameters. */
static bool kiln_prelu_args_ok(const cmsis_nn_dims *input_dims,
                               const void *input,
                               const cmsis_nn_dims *alpha_dims,
                               const void *alpha,
                               const cmsis_nn_dims *output_dims,
                               const void *output,
                               bool s16,
                               const kiln_prelu_params *p,
                               kiln_maxmin_plan *plan)
{
    if (input_dims == NULL || input == NULL || alpha_dims == NULL || alpha == NULL || output_dims == NULL ||
        output == NULL)
    {
        return false;
    }
    if (input_dims->n != output_dims->n || input_dims->h != output_dims->h || input_dims->w != output_dims->w ||
        input_dims->c != output_dims->c || !kiln_maxmin_s8_plan(input_dims, alpha_dims, output_dims, plan))
    {
        return false;
    }
    /* Offsets: the negated zero points of TFLite (|offset| <= 255 for int8, 65535 for int16); the
     * output offset is the output zero point. */
    const int32_t span = p->tmax - p->tmin;
    if (p->input_offset < -span || p->input_offset > span || p->alpha_offset < -span || p->alpha_offset > span ||
        !kiln_act_in_type(p->output_offset, s16))
    {
        return false;
    }
    /* x = input_offset + in over every input; the identity requantization sees x >= 0, the alpha one
     * the products x * a of the negative x with every alpha a (extreme at a corner). */
    const int64_t xlo = (int64_t)p->tmin + p->input_offset, xhi = (int64_t)p->tmax + p->input_offset;
    if (!kiln_requant_domain_ok(MAX(xlo, 0), xhi, p->mult_identity, p->shift_identity))
    {
        return false;
    }
    if (xlo <= -1)
    {
        const int64_t nhi = MIN(xhi, -1);
        const int64_t alo = (int64_t)p->tmin + p->alpha_offset, ahi = (int64_t)p->tmax + p->alpha_offset;
        const int64_t c[4] = {xlo * alo, xlo * ahi, nhi * alo, nhi * ahi};
        int64_t plo = c[0], phi = c[0];
        for (int32_t k = 1; k < 4; k++)
        {
            plo = MIN(plo, c[k]);
            phi = MAX(phi, c[k]);
        }
        if (plo < INT32_MIN || phi > INT32_MAX || !kiln_requant_domain_ok(plo, phi, p->mult_alpha, p->shift_alpha))
        {
            return false;
        }
    }
    return true;
}

arm_cmsis_nn_status arm_prelu_s8(const cmsis_nn_dims *input_dims,
                                 const int8_t *input,
                                 const cmsis_nn_dims *alpha_dims,
                                 const int8_t *alpha,
                                 const int32_t input_offset,
                                 const int32_t alpha_offset,
                                 const int32_t output_offset,
                                 const int32_t output_multiplier_identity,
                                 const int32_t output_shift_identity,
                                 const int32_t output_multiplier_alpha,
                                 const int32_t output_shift_alpha,
                                 const cmsis_nn_dims *output_dims,
                                 int8_t *output)
{
    const kiln_prelu_params p = {input_offset,
                                 alpha_offset,
                                 output_offset,
                                 output_multiplier_identity,
                                 output_shift_identity,
                                 output_multiplier_alpha,
                                 output_shift_alpha,
                                 INT8_MIN,
                                 INT8_MAX};
    kiln_maxmin_plan plan;
    if (!kiln_prelu_args_ok(input_dims, input, alpha_dims, alpha, output_dims, output, false, &p, &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_BCAST_WALK(int8_t, int8_t, int8_t, &plan, input, alpha, output, (int8_t)kiln_prelu_element, &p);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_prelu_s16(const cmsis_nn_dims *input_dims,
                                  const int16_t *input,
                                  const cmsis_nn_dims *alpha_dims,
                                  const int16_t *alpha,
                                  const int32_t input_offset,
                                  const int32_t alpha_offset,
                                  const int32_t output_offset,
                                  const int32_t output_multiplier_identity,
                                  const int32_t output_shift_identity,
                                  const int32_t output_multiplier_alpha,
                                  const int32_t output_shift_alpha,
                                  const cmsis_nn_dims *output_dims,
                                  int16_t *output)
{
    const kiln_prelu_params p = {input_offset,
                                 alpha_offset,
                                 output_offset,
                                 output_multiplier_identity,
                                 output_shift_identity,
                                 output_multiplier_alpha,
                                 output_shift_alpha,
                                 INT16_MIN,
                                 INT16_MAX};
    kiln_maxmin_plan plan;
    if (!kiln_prelu_args_ok(input_dims, input, alpha_dims, alpha, output_dims, output, true, &p, &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_BCAST_WALK(int16_t, int16_t, int16_t, &plan, input, alpha, output, (int16_t)kiln_prelu_element, &p);
    return ARM_CMSIS_NN_SUCCESS;
}
