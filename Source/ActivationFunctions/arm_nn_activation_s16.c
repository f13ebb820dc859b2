/*
 * Kiln: the int16 LUT sigmoid / tanh -- arm_nn_activation_s16 (upstream CMSIS-NN, power-of-two input
 * scale), arm_logistic_s16 and arm_tanh_s16 (ns-cmsis-nn, TFLite's int16 LOGISTIC / TANH with its
 * input multiplier), and the kernel the integer LSTM shares (kiln_sigmoid_tanh_s16: portable C here, the Helium
 * one in kernels/kiln_sigmoid_tanh_s16_mve.c). See Include/Internal/kiln_activation.h.
 */
#include <stddef.h>
#include <stdint.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nn_tables.h"
#include "Include/arm_nnfunctions.h"

/* sigmoid(i / 24) in Q0.16 for i = 0..255: TensorFlow Lite's published sigmoid_table_uint16 (the
 * entries are tuned for the linear interpolation, so they are not plain roundings of the formula;
 * bit-exactness needs these values). Public under that name (arm_nn_tables.h), as in CMSIS-NN. */
const uint16_t sigmoid_table_uint16[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149,
    40794, 41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369,
    47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169,
    53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370,
    60565, 60753, 60935, 61110, 61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302,
    62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186, 63279, 63368, 63454, 63536,
    63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786,
    64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079,
    65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258,
    65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474,
    65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498,
    65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522,
    65523, 65523, 65524, 65524, 65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528,
    65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530, 65530, 65530, 65531, 65531,
    65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65534, 65534, 65534, 65535,
};

#if !KILN_BUILD_MVE
void kiln_sigmoid_tanh_s16(const int16_t *in,
                           int16_t *out,
                           int32_t n,
                           int32_t multiplier,
                           int32_t right_shift,
                           bool sigmoid)
{
    /* The table step is 1/24: x (|input| * 3 in Q3.12 for the power-of-two scales) has 9 fraction
     * bits per step for sigmoid; tanh(x) is read as 2 * sigmoid(2x) - 1, one fraction bit fewer. */
    const uint32_t frac_bits = sigmoid ? 9u : 8u;
    const uint32_t frac_mask = (1u << frac_bits) - 1u;
    const uint32_t saturated = sigmoid ? (0x7FFFu << 10) : (0xFFFFu << 8);
    const int32_t half = (right_shift > 0) ? (int32_t)(1u << (uint32_t)(right_shift - 1)) : 0;

    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = ((int32_t)in[i] * multiplier + half) >> right_shift;
        const uint32_t ax = (x >= 0) ? (uint32_t)x : 0u - (uint32_t)x; /* x may be INT32_MIN */
        const uint32_t idx = ax >> frac_bits;
        uint32_t r = saturated;
        if (idx < 255u)
        {
            const uint32_t lo = sigmoid_table_uint16[idx];
            const uint32_t hi = sigmoid_table_uint16[idx + 1u];
            r = (lo << frac_bits) + (ax & frac_mask) * (hi - lo);
        }
        int32_t y;
        if (sigmoid)
        {
            /* Q0.16 << 9 -> Q0.15 with rounding; negative x: 1 - sigmoid(|x|). */
            y = (x >= 0) ? (int32_t)((r + (1u << 9)) >> 10) : (int32_t)(((1u << 25) - r + (1u << 9) - 1u) >> 10);
        }
        else
        {
            /* r >= 2^23 (sigmoid of a non-negative value); negative x: floor((2^23 + 127 - r) / 256),
             * within [-32767, 0]. */
            y = (x >= 0) ? (int32_t)((r - (1u << 23) + (1u << 7)) >> 8)
                         : (((int32_t)(1u << 23) + 127 - (int32_t)r) >> 8);
        }
        out[i] = (int16_t)y;
    }
}
#endif /* !KILN_BUILD_MVE */

arm_cmsis_nn_status arm_nn_activation_s16(const int16_t *input,
                                          int16_t *output,
                                          const int32_t size,
                                          const int32_t left_shift,
                                          const arm_nn_activation_type type)
{
    /* input * 3 * 2^left_shift fits int32 for every int16 input up to left_shift 14. */
    if (input == NULL || output == NULL || size < 0 || left_shift < -31 || left_shift > 14 ||
        (type != ARM_SIGMOID && type != ARM_TANH))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t multiplier, right_shift;
    kiln_sigmoid_tanh_pot(left_shift, &multiplier, &right_shift);
    kiln_sigmoid_tanh_s16(input, output, size, multiplier, right_shift, type == ARM_SIGMOID);
    return ARM_CMSIS_NN_SUCCESS;
}

/* TFLite's int16 LOGISTIC / TANH parameters: multiplier 0 selects the power-of-two form
 * (3 << input_left_shift, no shift); otherwise input_left_shift is the rounding right shift applied
 * after the multiplication. Accepted exactly when every int16 input * multiplier, and that + rounding,
 * fits int32. */
static arm_cmsis_nn_status kiln_logistic_tanh_s16(const int16_t *input,
                                                  int16_t *output,
                                                  int32_t input_size,
                                                  int32_t input_multiplier,
                                                  int32_t input_left_shift,
                                                  bool sigmoid)
{
    if (input == NULL || output == NULL || input_size < 0 || input_multiplier < 0 || input_left_shift < 0 ||
        input_left_shift > 31)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t multiplier = input_multiplier, right_shift = input_left_shift;
    if (input_multiplier == 0)
    {
        if (input_left_shift > 14)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        kiln_sigmoid_tanh_pot(input_left_shift, &multiplier, &right_shift);
    }
    const int64_t half = (right_shift > 0) ? ((int64_t)1 << (right_shift - 1)) : 0;
    if ((int64_t)INT16_MIN * multiplier < INT32_MIN || (int64_t)INT16_MAX * multiplier + half > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_sigmoid_tanh_s16(input, output, input_size, multiplier, right_shift, sigmoid);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_logistic_s16(const int16_t *input,
                                     int16_t *output,
                                     const int32_t input_size,
                                     int32_t input_multiplier,
                                     int32_t input_left_shift)
{
    return kiln_logistic_tanh_s16(input, output, input_size, input_multiplier, input_left_shift, true);
}

arm_cmsis_nn_status arm_tanh_s16(const int16_t *input,
                                 int16_t *output,
                                 const int32_t input_size,
                                 int32_t input_multiplier,
                                 int32_t input_left_shift)
{
    return kiln_logistic_tanh_s16(input, output, input_size, input_multiplier, input_left_shift, false);
}
