/*
 * Kiln internals: the N-dimensional data movement operators of ns-cmsis-nn on elements of 1, 2 or 4 bytes:
 * TILE, BROADCAST_TO, MIRROR_PAD, REVERSE_SEQUENCE, DYNAMIC_UPDATE_SLICE (row-major tensors of rank 1..8) and
 * SPACE_TO_DEPTH, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND (NHWC), and STRIDED_SLICE (NHWC),
 * CONCATENATION / SPLIT along one axis (rank 1..8), RESIZE_NEAREST_NEIGHBOR (NHWC). The public arm_*_s8 / _s16
 * entries pass their arguments through unchanged; all checks and index arithmetic live in
 * Source/ReshapeFunctions/kiln_nd.c.
 *
 * Every function validates everything it reads before writing anything and returns ARM_CMSIS_NN_ARG_ERROR
 * (output untouched) on: a NULL pointer, an element size other than 1, 2 or 4, a rank outside 1..8, a
 * negative extent, an element count above INT32_MAX (or whose bytes leave PTRDIFF_MAX), and the operator's
 * own conditions listed below. An empty output is success with nothing written. Inputs and outputs must not
 * overlap (except DYNAMIC_UPDATE_SLICE's output == operand, updated in place).
 * Not part of the public API (names start with kiln_).
 */
#ifndef KILN_ND_H
#define KILN_ND_H

#include "arm_nn_types.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C"
{
#endif

/** The largest rank of the N-dimensional operators (as ns-cmsis-nn). */
#define KILN_ND_MAX_RANK (8)

    /**
     * TILE: output extent d is input_shape[d] x multiples[d] (multiples >= 0; 0 gives an empty output); output
     * element (o_0 .. o_r-1) is input element (o_0 mod in_0, ..).
     */
    arm_cmsis_nn_status
    kiln_tile_elems(const void *input, const cmsis_nn_tile_params *params, void *output, size_t elem_size);

    /**
     * BROADCAST_TO: each input extent equals the output extent or is 1 (then repeated along that axis).
     */
    arm_cmsis_nn_status kiln_broadcast_to_elems(const void *input,
                                                const cmsis_nn_broadcast_to_params *params,
                                                void *output,
                                                size_t elem_size);

    /**
     * MIRROR_PAD: mode 0 REFLECT (the edge element not repeated), 1 SYMMETRIC (repeated); pad_before[d] >= 0 and
     * the padding after, output_shape[d] - input_shape[d] - pad_before[d], >= 0; each side at most
     * input_shape[d] - 1 (REFLECT) or input_shape[d] (SYMMETRIC), as TFLite requires; an empty input axis takes no
     * padding.
     */
    arm_cmsis_nn_status
    kiln_mirror_pad_elems(const void *input, const cmsis_nn_mirror_pad_params *params, void *output, size_t elem_size);

    /**
     * REVERSE_SEQUENCE: seq_dim and batch_dim distinct axes; for batch b = the coordinate along batch_dim, the first
     * seq_lengths[b] elements along seq_dim are reversed, the rest copied; 0 <= seq_lengths[b] <= shape[seq_dim]
     * for every b < shape[batch_dim].
     */
    arm_cmsis_nn_status kiln_reverse_sequence_elems(const void *input,
                                                    const int32_t *seq_lengths,
                                                    const cmsis_nn_reverse_sequence_params *params,
                                                    void *output,
                                                    size_t elem_size);

    /**
     * DYNAMIC_UPDATE_SLICE: output = operand with the update written at start_indices, each start clamped to
     * [0, operand_shape[d] - update_shape[d]] (TFLite). Checks, besides the common ones: 0 <= update_shape[d] <=
     * operand_shape[d]; operand_size and update_size equal to the products of the shapes; operand_strides the dense
     * row-major strides of operand_shape (the output is a dense operand-shaped tensor). output may be operand
     * itself (only the slice is written then); the update must not overlap the output.
     */
    arm_cmsis_nn_status kiln_dynamic_update_slice_elems(const void *operand,
                                                        const void *update,
                                                        const int32_t *start_indices,
                                                        const cmsis_nn_dynamic_update_slice_params *params,
                                                        void *output,
                                                        size_t elem_size);

    /**
     * SPACE_TO_DEPTH (to_depth true) and DEPTH_TO_SPACE (false), NHWC, block_size > 0. Space to depth: H and W
     * multiples of the block, output (N, H / b, W / b, C b^2), output channel (ky b + kx) C + c. Depth to space: C a
     * multiple of b^2, output (N, H b, W b, C / b^2), the inverse mapping. output_dims must be exactly those.
     */
    arm_cmsis_nn_status kiln_space_depth_elems(const void *input,
                                               const cmsis_nn_dims *input_dims,
                                               int32_t block_size,
                                               void *output,
                                               const cmsis_nn_dims *output_dims,
                                               size_t elem_size,
                                               bool to_depth);

    /**
     * SPACE_TO_BATCH_ND, NHWC with a 2-D block (block_shape->h, ->w > 0). pad packs the four paddings as n: top,
     * h: left, w: bottom, c: right (>= 0); the padded height and width must be multiples of the block. Output
     * (N bh bw, Hp / bh, Wp / bw, C); output batch (iy bw + ix) N + n holds the block offset (iy, ix) of input batch
     * n (TFLite's order); padding positions hold the elem_size bytes at pad_value.
     */
    arm_cmsis_nn_status kiln_space_to_batch_elems(const void *input,
                                                  const cmsis_nn_dims *input_dims,
                                                  const cmsis_nn_tile *block_shape,
                                                  const cmsis_nn_dims *pad,
                                                  void *output,
                                                  const cmsis_nn_dims *output_dims,
                                                  const void *pad_value,
                                                  size_t elem_size);

    /**
     * BATCH_TO_SPACE_ND, the inverse: crop packs top, left, bottom, right as pad above (>= 0); the input batch a
     * multiple of bh bw; output (N / (bh bw), H bh - top - bottom, W bw - left - right, C), both spatial extents
     * >= 0; input batch k fills output batch k mod N' at block offset (k / N' / bw, k / N' mod bw).
     */
    arm_cmsis_nn_status kiln_batch_to_space_elems(const void *input,
                                                  const cmsis_nn_dims *input_dims,
                                                  const cmsis_nn_tile *block_shape,
                                                  const cmsis_nn_dims *crop,
                                                  void *output,
                                                  const cmsis_nn_dims *output_dims,
                                                  size_t elem_size);

    /**
     * GATHER (ns-cmsis-nn form): input and indices of rank 1..4 (their extents the first fields of the dims, n, h, w,
     * c order); axis and batch_dims may be negative (counted from the end); 0 <= batch_dims <= axis; the leading
     * batch_dims extents of input and indices equal; output extents input[0, axis) ++ indices[batch_dims, rank) ++
     * input(axis, rank), at most 4, in output_dims' first fields; every index in [0, input extent along axis).
     */
    arm_cmsis_nn_status kiln_gather_elems(const void *input,
                                          const cmsis_nn_dims *input_dims,
                                          const int32_t *indices,
                                          const cmsis_nn_dims *indices_dims,
                                          const cmsis_nn_gather_params *params,
                                          void *output,
                                          const cmsis_nn_dims *output_dims,
                                          size_t elem_size);

    /**
     * GATHER_ND: params and indices of rank 1..4 (dims as for GATHER), 0 <= batch_dims < both ranks with equal leading
     * extents; the last indices extent (the index width) in [1, params rank - batch_dims]; output extents
     * indices[0, rank - 1) ++ params[batch_dims + width, rank), at most 4; every index within its params extent.
     */
    arm_cmsis_nn_status kiln_gather_nd_elems(const void *params_data,
                                             const cmsis_nn_dims *params_dims,
                                             const int32_t *indices,
                                             const cmsis_nn_dims *indices_dims,
                                             const cmsis_nn_gather_nd_params *params,
                                             void *output,
                                             const cmsis_nn_dims *output_dims,
                                             size_t elem_size);

    /**
     * SCATTER_ND (ns-cmsis-nn form): the output (output_size elements) is zeroed, then update u (slice_size elements)
     * is copied to flat offset sum_d indices[u index_depth + d] output_strides[d]; a later update to the same place
     * replaces an earlier one. Checks: num_updates, slice_size, output_size >= 0, index_depth 1..8, strides and
     * indices >= 0, every slice inside the output (all checked before the output is written).
     */
    arm_cmsis_nn_status kiln_scatter_nd_elems(const int32_t *indices,
                                              const void *updates,
                                              const cmsis_nn_scatter_nd_params *params,
                                              void *output,
                                              size_t elem_size);

    /**
     * STRIDED_SLICE (ns-cmsis-nn form, 4-D NHWC, the begin indices already resolved by the caller as TFLite's
     * StartForAxis does): output element (n, h, w, c) is input element (begin.n + n stride.n, begin.h + h stride.h,
     * ...). Checks, besides the common ones: every stride non-zero (negative walks backwards); for each axis with
     * a non-zero output extent, the first index begin and the last index begin + (out - 1) stride inside
     * [0, input extent) (an axis of output extent 0 places no condition on its begin). An empty output writes
     * nothing.
     */
    arm_cmsis_nn_status kiln_strided_slice_elems(const void *input,
                                                 void *output,
                                                 const cmsis_nn_dims *input_dims,
                                                 const cmsis_nn_dims *begin_dims,
                                                 const cmsis_nn_dims *stride_dims,
                                                 const cmsis_nn_dims *output_dims,
                                                 size_t elem_size);

    /**
     * CONCATENATION (split false) and SPLIT (split true) of a row-major tensor `whole` of rank 1..8 (shape) along
     * axis (0 .. rank - 1) into / from count >= 1 parts: part i has the whole's extents except part_extents[i]
     * (>= 0) along axis, and the part extents sum to shape[axis]. Every parts[i] non-NULL (an empty part too).
     * Concatenation reads the parts and writes whole; split reads whole and writes the parts. Parts and whole
     * must not overlap.
     */
    arm_cmsis_nn_status kiln_axis_copy_elems(const void *const *parts,
                                             int32_t count,
                                             const int32_t *part_extents,
                                             int32_t axis,
                                             const void *whole,
                                             int32_t rank,
                                             const int32_t *shape,
                                             size_t elem_size,
                                             bool split);

    /**
     * RESIZE_NEAREST_NEIGHBOR (TFLite), NHWC: input extents all >= 1; size_shape describes exactly two values
     * (its four fields 1 or 2, product 2); size_data = {new height, new width}, both >= 1; output_shape exactly
     * (N, new height, new width, C). Output pixel (y, x) copies input pixel (GetNearestNeighbor(y, ..),
     * GetNearestNeighbor(x, ..)) with TFLite's float32 scales and offsets (arm_nnsupportfunctions.h).
     */
    arm_cmsis_nn_status kiln_resize_nearest_elems(const cmsis_nn_resize_params *params,
                                                  const cmsis_nn_dims *input_shape,
                                                  const void *input,
                                                  const cmsis_nn_dims *size_shape,
                                                  const int32_t *size_data,
                                                  const cmsis_nn_dims *output_shape,
                                                  void *output,
                                                  size_t elem_size);

#ifdef __cplusplus
}
#endif

#endif /* KILN_ND_H */
