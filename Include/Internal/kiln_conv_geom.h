/*
 * Kiln internals: the geometry of the direct convolutions (the int16 family, kiln_conv_s16.h, and
 * the int4-weight family, kiln_conv_s4.h), which read their operands in place: the shape taken from
 * the public arguments and its checks (Source/ConvolutionFunctions/kiln_conv_geom.c).
 */
#ifndef KILN_CONV_GEOM_H
#define KILN_CONV_GEOM_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    int32_t batches;
    int32_t in_h, in_w, in_c;
    int32_t filter_h, filter_w, filter_c; /* filter_c = input channels per group */
    int32_t out_h, out_w, out_c;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;
    int32_t dilation_h, dilation_w;
} kiln_conv_geom;

/**
 * Whether a shape is valid:
 *  - batches, out_c >= 0; in_c, filter h / w / c >= 1; stride, dilation >= 1; padding >= 0;
 *  - filter_c divides in_c and the group count in_c / filter_c divides out_c;
 *  - output h / w equal floor((in + 2 pad (+1) - eff_k) / stride) + 1 (TFLite's VALID / SAME
 *    arithmetic with an optional extra trailing row / column of padding), eff_k = dil (k - 1) + 1;
 *    an output size of 0 needs in + 2 pad < eff_k (no window fits);
 *  - every coordinate, element count (input, output, filter) and the dot length within int32.
 * An empty output (batches, out_h, out_w or out_c 0) is valid when everything else is.
 */
bool kiln_conv_geom_ok(const kiln_conv_geom *s);

/**
 * Fill a shape from the public arguments (filter_dims->n, bias_dims and output_dims->n are not
 * read, as for the int8 convolution). NULL pointers give false.
 */
bool kiln_conv_geom_from(const cmsis_nn_conv_params *conv_params,
                         const cmsis_nn_dims *input_dims,
                         const cmsis_nn_dims *filter_dims,
                         const cmsis_nn_dims *output_dims,
                         kiln_conv_geom *s);

#ifdef __cplusplus
}
#endif

#endif /* KILN_CONV_GEOM_H */
