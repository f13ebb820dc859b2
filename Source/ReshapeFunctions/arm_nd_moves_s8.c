/*
 * Kiln — the ns-cmsis-nn N-dimensional data movement operators on int8_t: arm_tile_s8, arm_broadcast_to_s8,
 * arm_mirror_pad_s8, arm_reverse_sequence_s8, arm_dynamic_update_slice_s8, arm_space_to_depth_s8,
 * arm_depth_to_space_s8, arm_space_to_batch_nd_s8, arm_batch_to_space_nd_s8, arm_gather_s8, arm_gather_nd_s8,
 * arm_scatter_nd_s8 (the entries in kiln_nd_moves.inc; checks and index arithmetic in kiln_nd.c). Portable C on
 * every backend; bit-exact copies.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/arm_nnfunctions.h"

#include <limits.h>

#define KILN_ND_T          int8_t
#define KILN_ND_MIN        INT8_MIN
#define KILN_ND_MAX        INT8_MAX
#define KILN_ND_NAME(base) base##_s8
#include "kiln_nd_moves.inc"
