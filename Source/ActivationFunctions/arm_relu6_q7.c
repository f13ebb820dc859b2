/* Kiln — arm_relu6_q7 (and upstream's arm_relu6_s8): in-place clamp to [0, 6]. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

void arm_relu6_q7(int8_t *data, uint16_t size)
{
    if (data == NULL)
    {
        return;
    }
    kiln_clamp_s8_inplace(data, (int32_t)size, 0, 6);
}

#if KILN_UPSTREAM_API
void arm_relu6_s8(int8_t *data, uint16_t size)
{
    arm_relu6_q7(data, size);
}
#endif
