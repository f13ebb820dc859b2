/*
 * Kiln — kiln_lstm_acc4_s8 (Include/Internal/kiln_lstm.h), portable C: the four rows one at a time, the int64 sum
 * clamped to int16.
 */
#include <string.h>

#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_C /* Helium: kiln_lstm_acc_mve.c, DSP: kiln_lstm_acc_dsp.c */

void kiln_lstm_acc4_s8(const uint32_t dots[4], const uint8_t *bias_bytes, int32_t multiplier, int32_t shift,
                       int16_t *dst)
{
    for (int32_t j = 0; j < 4; j++)
    {
        int32_t b;
        memcpy(&b, bias_bytes + (size_t)j * sizeof(int32_t), sizeof(b));
        const int64_t v = (int64_t)dst[j] + arm_nn_requantize(kiln_lstm_wrap32((uint32_t)b + dots[j]), multiplier, shift);
        dst[j] = (int16_t)((v < INT16_MIN) ? INT16_MIN : ((v > INT16_MAX) ? INT16_MAX : v));
    }
}

#endif /* KILN_BUILD_C */
