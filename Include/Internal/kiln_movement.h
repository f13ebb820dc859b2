/*
 * Kiln internals: the data movement operators (TRANSPOSE, constant PAD, CONCATENATION) on elements of 1, 2
 * or 4 bytes.
 * arm_transpose_s8 / _f16 / _f32 and arm_pad_s8 / _f16 / _f32 check their own parameter structs and
 * call these; all index arithmetic lives in Source/TransposeFunctions/kiln_movement.c. Elements are
 * moved with memcpy, so every bit pattern (NaN payloads, -0.0, float16 subnormals) arrives unchanged.
 * Not part of the public API (names start with kiln_).
 */
#ifndef KILN_MOVEMENT_H
#define KILN_MOVEMENT_H

#include "arm_nn_types.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * true when a tensor of elems elements of elem_size bytes can be indexed by the movement kernels: elems in
 * [0, INT32_MAX] and its byte count within PTRDIFF_MAX and half of SIZE_MAX (so no size_t product wraps).
 */
bool kiln_movement_count_ok(int64_t elems, size_t elem_size);

/**
 * Transpose of a tensor of rank 1..4 (TFLite TRANSPOSE): output axis i is input axis perm[i]; the
 * extents are in_dims[0 .. rank-1] (n, h, w, c order), entries past rank are not read, nor is perm
 * past rank. Checks, writing nothing on error (ARM_CMSIS_NN_ARG_ERROR): input / output / perm not
 * NULL, elem_size 1, 2 or 4, rank 1..4, perm a permutation of 0 .. rank-1, in_dims[i] >= 0,
 * out_dims[i] == in_dims[perm[i]], element count <= INT32_MAX and its byte count within
 * PTRDIFF_MAX and SIZE_MAX / 2. An empty tensor writes nothing. input and output must not overlap.
 */
arm_cmsis_nn_status kiln_transpose_elems(const void *input,
                                         void *output,
                                         const int32_t in_dims[4],
                                         const int32_t out_dims[4],
                                         int32_t rank,
                                         const uint32_t *perm,
                                         size_t elem_size);

/**
 * Constant padding of a 4-D tensor (TFLite PAD / PADV2): output extent k is pre[k] + in[k] + post[k]
 * (n, h, w, c order); output element (n, y, x, c) is input (n - pre[0], y - pre[1], x - pre[2],
 * c - pre[3]) when that is inside the input, else the elem_size bytes at pad_value. Checks, writing
 * nothing on error (ARM_CMSIS_NN_ARG_ERROR): input / output / pad_value not NULL, elem_size 1, 2 or
 * 4, every in / pre / post >= 0, each output extent <= INT32_MAX, output element count <= INT32_MAX
 * and its byte count within PTRDIFF_MAX and SIZE_MAX / 2. An empty output writes nothing. input and
 * output must not overlap.
 */
arm_cmsis_nn_status kiln_pad_elems(const void *input,
                                   void *output,
                                   const void *pad_value,
                                   const int32_t in[4],
                                   const int32_t pre[4],
                                   const int32_t post[4],
                                   size_t elem_size);

/**
 * One input of a concatenation along axis 0..3 (x, y, z, w; x innermost, as upstream CMSIS-NN's
 * arm_concatenation_<type>_x/_y/_z/_w): the input [w][z][y][x] (extents in[0..3] = x, y, z, w) is copied into
 * the output, whose extent along axis is out_axis and whose other extents are the input's, starting at
 * index offset along axis. For axis 3 (w) out_axis is not known to the caller's API: pass -1, the output is
 * then taken as large enough. Returns false and writes nothing when a pointer is NULL, elem_size is not 1, 2
 * or 4, an extent or the offset is negative, offset + in[axis] > out_axis (axes 0..2), or a byte count of the
 * output span leaves PTRDIFF_MAX. An empty input writes nothing. input and output must not overlap.
 */
bool kiln_concat_elems(const void *input, void *output, const int64_t in[4], int32_t axis, int64_t out_axis,
                       int64_t offset, size_t elem_size);

#ifdef __cplusplus
}
#endif

#endif /* KILN_MOVEMENT_H */
