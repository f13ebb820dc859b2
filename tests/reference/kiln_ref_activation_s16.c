/*
 * Test reference: TFLite's int16 Logistic / Tanh (reference_integer_ops) with a power-of-two input
 * scale, as the int16 LSTM uses them (CMSIS-NN arm_nn_activation_s16). Shared by tests/lstm and
 * tests/supint. Independent of the library.
 */
#include <stdint.h>

#include "kiln_ref.h"

/* sigmoid(i / 24) in Q0.16, i = 0..255: the table TFLite and CMSIS-NN publish (sigmoid_table_uint16
 * of arm_nntables.c / TFLite's reference integer Logistic and Tanh), taken from the published file. */
static const uint16_t g_ref_sigmoid_table[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794, 41432, 42064, 42688,
    43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409,
    51865, 52311, 52745, 53169, 53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110,
    61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186,
    63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900,
    64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208,
    65221, 65234, 65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433, 65438, 65442, 65445, 65449,
    65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491,
    65493, 65495, 65497, 65498, 65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530,
    65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535};

/* floor(v / 2^s), 0 <= s <= 62, without right-shifting a negative number. */
static int64_t lstm_floor_pow2(int64_t v, int32_t s)
{
    const int64_t d = (int64_t)1 << s;
    const int64_t q = v / d; /* truncates toward zero */
    return (q * d > v) ? q - 1 : q;
}

/* TFLite's int16 Logistic / Tanh with a power-of-two input scale (reference_integer_ops, CMSIS-NN
 * arm_nn_activation_s16): x = v * 3 * 2^left_shift (rounded, half up, for left_shift < 0); the
 * table holds sigmoid(i / 24); sigmoid reads |x| with 9 fraction bits per table step, tanh (as
 * 2 * sigmoid(2y) - 1) with 8; linear interpolation; saturated past the last step; negative x by
 * symmetry; output Q0.15. */
int16_t kiln_ref_activation_s16(int32_t v, int32_t left_shift, int sigmoid)
{
    int64_t x = (int64_t)v * 3;
    if (left_shift >= 0)
    {
        x *= (int64_t)1 << left_shift;
    }
    else
    {
        x = lstm_floor_pow2(x + ((int64_t)1 << (-left_shift - 1)), -left_shift);
    }
    const int sig = sigmoid != 0;
    const int32_t frac = sig ? 9 : 8;
    const int64_t ax = (x < 0) ? -x : x;
    const int64_t step = ax / ((int64_t)1 << frac);
    int64_t s; /* sigmoid(|.|) in Q0.(16 + frac) */
    if (step >= 255)
    {
        s = sig ? ((int64_t)0x7FFF << 10) : ((int64_t)0xFFFF << 8);
    }
    else
    {
        const int64_t a = g_ref_sigmoid_table[step];
        const int64_t b = g_ref_sigmoid_table[step + 1];
        s = a * ((int64_t)1 << frac) + (ax % ((int64_t)1 << frac)) * (b - a);
    }
    int64_t y;
    if (sig)
    {
        /* Q0.25 -> Q0.15, nearest; 1 - s for x < 0 with the rounding biased down by one. */
        y = (x >= 0) ? lstm_floor_pow2(s + 512, 10) : lstm_floor_pow2(((int64_t)1 << 25) - s + 511, 10);
    }
    else
    {
        /* 2 * s - 1 in Q0.24 -> Q0.15: (s - 2^23) / 2^8, and -(that) for x < 0. */
        y = (x >= 0) ? lstm_floor_pow2(s - ((int64_t)1 << 23) + 128, 8)
                     : lstm_floor_pow2(((int64_t)1 << 23) - s + 127, 8);
    }
    return (int16_t)(y < INT16_MIN ? INT16_MIN : (y > INT16_MAX ? INT16_MAX : y));
}
