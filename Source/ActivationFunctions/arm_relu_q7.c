/* Kiln — arm_relu_q7: in-place ReLU on int8 data. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

void arm_relu_q7(int8_t *data, uint16_t size)
{
    if (data == NULL)
    {
        return;
    }
    kiln_clamp_s8_inplace(data, (int32_t)size, 0, INT8_MAX);
}
