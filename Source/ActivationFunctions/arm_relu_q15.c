/* Kiln — arm_relu_q15 (upstream CMSIS-NN): in-place ReLU on int16 data. Portable C on every backend. */
#include <stddef.h>

#include "Include/arm_nnfunctions.h"

void arm_relu_q15(int16_t *data, uint16_t size)
{
    if (data == NULL)
    {
        return;
    }
    for (uint32_t i = 0; i < size; i++)
    {
        data[i] = (data[i] < 0) ? (int16_t)0 : data[i];
    }
}
