/*
 * Kiln — arm_concatenation_s8_x / _y / _z / _w: TFLite CONCATENATION, one input at a time (upstream CMSIS-NN's
 * interface): the input [w][z][y][x] (x innermost) is copied into the output at index offset_<axis> along the
 * axis, the output's extent along that axis being output_<axis> and its other extents the input's. Bit-exact
 * (bytes are copied). These functions return void: a call with a NULL pointer, a negative extent or offset
 * (the float forms take int32_t), offset + input extent > output extent, or a span too large to address
 * writes nothing. Axis w has no output extent to check: the caller provides room for offset_w + input_w.
 * Block walk in Source/TransposeFunctions/kiln_movement.c (kiln_concat_elems). Portable C on every backend.
 */
#include "Include/Internal/kiln_movement.h"
#include "Include/arm_nnfunctions.h"

void arm_concatenation_s8_x(const int8_t *input,
        const uint16_t input_x,
        const uint16_t input_y,
        const uint16_t input_z,
        const uint16_t input_w,
        int8_t *output,
        const uint16_t output_x,
        const uint32_t offset_x)
{
    const int64_t in[4] = {input_x, input_y, input_z, input_w};
    (void)kiln_concat_elems(input, output, in, 0, (int64_t)output_x, (int64_t)offset_x, sizeof(int8_t));
}

void arm_concatenation_s8_y(const int8_t *input,
        const uint16_t input_x,
        const uint16_t input_y,
        const uint16_t input_z,
        const uint16_t input_w,
        int8_t *output,
        const uint16_t output_y,
        const uint32_t offset_y)
{
    const int64_t in[4] = {input_x, input_y, input_z, input_w};
    (void)kiln_concat_elems(input, output, in, 1, (int64_t)output_y, (int64_t)offset_y, sizeof(int8_t));
}

void arm_concatenation_s8_z(const int8_t *input,
        const uint16_t input_x,
        const uint16_t input_y,
        const uint16_t input_z,
        const uint16_t input_w,
        int8_t *output,
        const uint16_t output_z,
        const uint32_t offset_z)
{
    const int64_t in[4] = {input_x, input_y, input_z, input_w};
    (void)kiln_concat_elems(input, output, in, 2, (int64_t)output_z, (int64_t)offset_z, sizeof(int8_t));
}

void arm_concatenation_s8_w(const int8_t *input,
        const uint16_t input_x,
        const uint16_t input_y,
        const uint16_t input_z,
        const uint16_t input_w,
        int8_t *output,
        const uint32_t offset_w)
{
    const int64_t in[4] = {input_x, input_y, input_z, input_w};
    (void)kiln_concat_elems(input, output, in, 3, -1, (int64_t)offset_w, sizeof(int8_t));
}
