/*
 * Kiln — arm_reshape_s8: TFLite RESHAPE, a copy of total_size elements in order (nothing when input == output
 * or total_size is 0). Overlapping buffers are allowed (memmove). Returns void: a NULL pointer, or a byte count
 * that does not fit in size_t, writes nothing. Portable C on every backend.
 */
#include <string.h>

#include "Include/arm_nnfunctions.h"

void arm_reshape_s8(const int8_t *input, int8_t *output, const uint32_t total_size)
{
    if (input == NULL || output == NULL || input == output || total_size == 0u ||
        (uint64_t)total_size * sizeof(int8_t) > (uint64_t)PTRDIFF_MAX)
    {
        return;
    }
    memmove(output, input, (size_t)total_size * sizeof(int8_t));
}
