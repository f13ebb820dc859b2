/*
 * Kiln tests — int8 convolution on every shared CMSIS-NN vector whose upstream driver calls the
 * convolution entries: bit-exact through the wrapper, through the case's direct entry, through
 * arm_convolve_s8 (which takes every shape), with and without precomputed weight sums, each with
 * a scratch of exactly the queried size between guard bytes.
 */
#include <stdio.h>
#include <string.h>

#include "conv_s8_util.h"
#include "kiln_board.h"

#include "kiln_vectors/basic.h"
#include "kiln_vectors/conv_2.h"
#include "kiln_vectors/conv_3.h"
#include "kiln_vectors/conv_4.h"
#include "kiln_vectors/conv_5.h"
#include "kiln_vectors/conv_2x2_dilation.h"
#include "kiln_vectors/conv_2x2_dilation_5x5_input.h"
#include "kiln_vectors/conv_2x3_dilation.h"
#include "kiln_vectors/conv_3x2_dilation.h"
#include "kiln_vectors/conv_3x3_dilation_5x5_input.h"
#include "kiln_vectors/conv_dilation_golden.h"
#include "kiln_vectors/conv_out_activation.h"
#include "kiln_vectors/stride2pad1.h"
#include "kiln_vectors/conv_1_x_n_1.h"
#include "kiln_vectors/conv_1_x_n_2.h"
#include "kiln_vectors/conv_1_x_n_3.h"
#include "kiln_vectors/conv_1_x_n_4.h"
#include "kiln_vectors/conv_1_x_n_5.h"
#include "kiln_vectors/conv_1_x_n_6_generic.h"
#include "kiln_vectors/conv_1_x_n_7.h"
#include "kiln_vectors/conv_1_x_n_8.h"
#include "kiln_vectors/kernel1x1.h"
#include "kiln_vectors/kernel1x1_stride_x.h"
#include "kiln_vectors/kernel1x1_stride_x_y.h"
#include "kiln_vectors/kernel1x1_stride_x_y_1.h"
#include "kiln_vectors/kernel1x1_stride_x_y_2.h"
#include "kiln_vectors/grouped_conv.h"
#include "kiln_vectors/grouped_conv_1.h"
#include "kiln_vectors/grouped_conv_2.h"
#include "kiln_vectors/grouped_conv_3.h"
#include "kiln_vectors/grouped_conv_4.h"

typedef struct
{
    const char *name;
    conv_entry direct;
    kiln_conv_s8_shape s;
    int32_t input_offset, output_offset, act_min, act_max;
    const int8_t *input, *weights;
    const int32_t *bias, *mult, *shift;
    const int8_t *ref;
    int64_t ref_size;
} vector_case;

static const vector_case k_cases[] = {
    {"basic", CONV_ENTRY_CONVOLVE, {BASIC_INPUT_BATCHES, BASIC_INPUT_H, BASIC_INPUT_W, BASIC_IN_CH, BASIC_FILTER_Y, BASIC_FILTER_X, BASIC_IN_CH, BASIC_OUTPUT_H, BASIC_OUTPUT_W, BASIC_OUT_CH, BASIC_STRIDE_Y, BASIC_STRIDE_X, BASIC_PAD_Y, BASIC_PAD_X, BASIC_DILATION_Y, BASIC_DILATION_X, 1, 1}, BASIC_INPUT_OFFSET, BASIC_OUTPUT_OFFSET, BASIC_OUT_ACTIVATION_MIN, BASIC_OUT_ACTIVATION_MAX, basic_input, basic_weights, basic_biases, basic_output_mult, basic_output_shift, basic_output_ref, (int64_t)sizeof(basic_output_ref)},
    {"conv_2", CONV_ENTRY_CONVOLVE, {CONV_2_INPUT_BATCHES, CONV_2_INPUT_H, CONV_2_INPUT_W, CONV_2_IN_CH, CONV_2_FILTER_Y, CONV_2_FILTER_X, CONV_2_IN_CH, CONV_2_OUTPUT_H, CONV_2_OUTPUT_W, CONV_2_OUT_CH, CONV_2_STRIDE_Y, CONV_2_STRIDE_X, CONV_2_PAD_Y, CONV_2_PAD_X, CONV_2_DILATION_Y, CONV_2_DILATION_X, 1, 1}, CONV_2_INPUT_OFFSET, CONV_2_OUTPUT_OFFSET, CONV_2_OUT_ACTIVATION_MIN, CONV_2_OUT_ACTIVATION_MAX, conv_2_input, conv_2_weights, conv_2_biases, conv_2_output_mult, conv_2_output_shift, conv_2_output_ref, (int64_t)sizeof(conv_2_output_ref)},
    {"conv_3", CONV_ENTRY_CONVOLVE, {CONV_3_INPUT_BATCHES, CONV_3_INPUT_H, CONV_3_INPUT_W, CONV_3_IN_CH, CONV_3_FILTER_Y, CONV_3_FILTER_X, CONV_3_IN_CH, CONV_3_OUTPUT_H, CONV_3_OUTPUT_W, CONV_3_OUT_CH, CONV_3_STRIDE_Y, CONV_3_STRIDE_X, CONV_3_PAD_Y, CONV_3_PAD_X, CONV_3_DILATION_Y, CONV_3_DILATION_X, 1, 1}, CONV_3_INPUT_OFFSET, CONV_3_OUTPUT_OFFSET, CONV_3_OUT_ACTIVATION_MIN, CONV_3_OUT_ACTIVATION_MAX, conv_3_input, conv_3_weights, conv_3_biases, conv_3_output_mult, conv_3_output_shift, conv_3_output_ref, (int64_t)sizeof(conv_3_output_ref)},
    {"conv_4", CONV_ENTRY_CONVOLVE, {CONV_4_INPUT_BATCHES, CONV_4_INPUT_H, CONV_4_INPUT_W, CONV_4_IN_CH, CONV_4_FILTER_Y, CONV_4_FILTER_X, CONV_4_IN_CH, CONV_4_OUTPUT_H, CONV_4_OUTPUT_W, CONV_4_OUT_CH, CONV_4_STRIDE_Y, CONV_4_STRIDE_X, CONV_4_PAD_Y, CONV_4_PAD_X, CONV_4_DILATION_Y, CONV_4_DILATION_X, 1, 1}, CONV_4_INPUT_OFFSET, CONV_4_OUTPUT_OFFSET, CONV_4_OUT_ACTIVATION_MIN, CONV_4_OUT_ACTIVATION_MAX, conv_4_input, conv_4_weights, conv_4_biases, conv_4_output_mult, conv_4_output_shift, conv_4_output_ref, (int64_t)sizeof(conv_4_output_ref)},
    {"conv_5", CONV_ENTRY_CONVOLVE, {CONV_5_INPUT_BATCHES, CONV_5_INPUT_H, CONV_5_INPUT_W, CONV_5_IN_CH, CONV_5_FILTER_Y, CONV_5_FILTER_X, CONV_5_IN_CH, CONV_5_OUTPUT_H, CONV_5_OUTPUT_W, CONV_5_OUT_CH, CONV_5_STRIDE_Y, CONV_5_STRIDE_X, CONV_5_PAD_Y, CONV_5_PAD_X, CONV_5_DILATION_Y, CONV_5_DILATION_X, 1, 1}, CONV_5_INPUT_OFFSET, CONV_5_OUTPUT_OFFSET, CONV_5_OUT_ACTIVATION_MIN, CONV_5_OUT_ACTIVATION_MAX, conv_5_input, conv_5_weights, conv_5_biases, conv_5_output_mult, conv_5_output_shift, conv_5_output_ref, (int64_t)sizeof(conv_5_output_ref)},
    {"conv_2x2_dilation", CONV_ENTRY_CONVOLVE, {CONV_2X2_DILATION_INPUT_BATCHES, CONV_2X2_DILATION_INPUT_H, CONV_2X2_DILATION_INPUT_W, CONV_2X2_DILATION_IN_CH, CONV_2X2_DILATION_FILTER_Y, CONV_2X2_DILATION_FILTER_X, CONV_2X2_DILATION_IN_CH, CONV_2X2_DILATION_OUTPUT_H, CONV_2X2_DILATION_OUTPUT_W, CONV_2X2_DILATION_OUT_CH, CONV_2X2_DILATION_STRIDE_Y, CONV_2X2_DILATION_STRIDE_X, CONV_2X2_DILATION_PAD_Y, CONV_2X2_DILATION_PAD_X, CONV_2X2_DILATION_DILATION_Y, CONV_2X2_DILATION_DILATION_X, 1, 1}, CONV_2X2_DILATION_INPUT_OFFSET, CONV_2X2_DILATION_OUTPUT_OFFSET, CONV_2X2_DILATION_OUT_ACTIVATION_MIN, CONV_2X2_DILATION_OUT_ACTIVATION_MAX, conv_2x2_dilation_input, conv_2x2_dilation_weights, conv_2x2_dilation_biases, conv_2x2_dilation_output_mult, conv_2x2_dilation_output_shift, conv_2x2_dilation_output_ref, (int64_t)sizeof(conv_2x2_dilation_output_ref)},
    {"conv_2x2_dilation_5x5_input", CONV_ENTRY_CONVOLVE, {CONV_2X2_DILATION_5X5_INPUT_INPUT_BATCHES, CONV_2X2_DILATION_5X5_INPUT_INPUT_H, CONV_2X2_DILATION_5X5_INPUT_INPUT_W, CONV_2X2_DILATION_5X5_INPUT_IN_CH, CONV_2X2_DILATION_5X5_INPUT_FILTER_Y, CONV_2X2_DILATION_5X5_INPUT_FILTER_X, CONV_2X2_DILATION_5X5_INPUT_IN_CH, CONV_2X2_DILATION_5X5_INPUT_OUTPUT_H, CONV_2X2_DILATION_5X5_INPUT_OUTPUT_W, CONV_2X2_DILATION_5X5_INPUT_OUT_CH, CONV_2X2_DILATION_5X5_INPUT_STRIDE_Y, CONV_2X2_DILATION_5X5_INPUT_STRIDE_X, CONV_2X2_DILATION_5X5_INPUT_PAD_Y, CONV_2X2_DILATION_5X5_INPUT_PAD_X, CONV_2X2_DILATION_5X5_INPUT_DILATION_Y, CONV_2X2_DILATION_5X5_INPUT_DILATION_X, 1, 1}, CONV_2X2_DILATION_5X5_INPUT_INPUT_OFFSET, CONV_2X2_DILATION_5X5_INPUT_OUTPUT_OFFSET, CONV_2X2_DILATION_5X5_INPUT_OUT_ACTIVATION_MIN, CONV_2X2_DILATION_5X5_INPUT_OUT_ACTIVATION_MAX, conv_2x2_dilation_5x5_input_input, conv_2x2_dilation_5x5_input_weights, conv_2x2_dilation_5x5_input_biases, conv_2x2_dilation_5x5_input_output_mult, conv_2x2_dilation_5x5_input_output_shift, conv_2x2_dilation_5x5_input_output_ref, (int64_t)sizeof(conv_2x2_dilation_5x5_input_output_ref)},
    {"conv_2x3_dilation", CONV_ENTRY_CONVOLVE, {CONV_2X3_DILATION_INPUT_BATCHES, CONV_2X3_DILATION_INPUT_H, CONV_2X3_DILATION_INPUT_W, CONV_2X3_DILATION_IN_CH, CONV_2X3_DILATION_FILTER_Y, CONV_2X3_DILATION_FILTER_X, CONV_2X3_DILATION_IN_CH, CONV_2X3_DILATION_OUTPUT_H, CONV_2X3_DILATION_OUTPUT_W, CONV_2X3_DILATION_OUT_CH, CONV_2X3_DILATION_STRIDE_Y, CONV_2X3_DILATION_STRIDE_X, CONV_2X3_DILATION_PAD_Y, CONV_2X3_DILATION_PAD_X, CONV_2X3_DILATION_DILATION_Y, CONV_2X3_DILATION_DILATION_X, 1, 1}, CONV_2X3_DILATION_INPUT_OFFSET, CONV_2X3_DILATION_OUTPUT_OFFSET, CONV_2X3_DILATION_OUT_ACTIVATION_MIN, CONV_2X3_DILATION_OUT_ACTIVATION_MAX, conv_2x3_dilation_input, conv_2x3_dilation_weights, conv_2x3_dilation_biases, conv_2x3_dilation_output_mult, conv_2x3_dilation_output_shift, conv_2x3_dilation_output_ref, (int64_t)sizeof(conv_2x3_dilation_output_ref)},
    {"conv_3x2_dilation", CONV_ENTRY_CONVOLVE, {CONV_3X2_DILATION_INPUT_BATCHES, CONV_3X2_DILATION_INPUT_H, CONV_3X2_DILATION_INPUT_W, CONV_3X2_DILATION_IN_CH, CONV_3X2_DILATION_FILTER_Y, CONV_3X2_DILATION_FILTER_X, CONV_3X2_DILATION_IN_CH, CONV_3X2_DILATION_OUTPUT_H, CONV_3X2_DILATION_OUTPUT_W, CONV_3X2_DILATION_OUT_CH, CONV_3X2_DILATION_STRIDE_Y, CONV_3X2_DILATION_STRIDE_X, CONV_3X2_DILATION_PAD_Y, CONV_3X2_DILATION_PAD_X, CONV_3X2_DILATION_DILATION_Y, CONV_3X2_DILATION_DILATION_X, 1, 1}, CONV_3X2_DILATION_INPUT_OFFSET, CONV_3X2_DILATION_OUTPUT_OFFSET, CONV_3X2_DILATION_OUT_ACTIVATION_MIN, CONV_3X2_DILATION_OUT_ACTIVATION_MAX, conv_3x2_dilation_input, conv_3x2_dilation_weights, conv_3x2_dilation_biases, conv_3x2_dilation_output_mult, conv_3x2_dilation_output_shift, conv_3x2_dilation_output_ref, (int64_t)sizeof(conv_3x2_dilation_output_ref)},
    {"conv_3x3_dilation_5x5_input", CONV_ENTRY_CONVOLVE, {CONV_3X3_DILATION_5X5_INPUT_INPUT_BATCHES, CONV_3X3_DILATION_5X5_INPUT_INPUT_H, CONV_3X3_DILATION_5X5_INPUT_INPUT_W, CONV_3X3_DILATION_5X5_INPUT_IN_CH, CONV_3X3_DILATION_5X5_INPUT_FILTER_Y, CONV_3X3_DILATION_5X5_INPUT_FILTER_X, CONV_3X3_DILATION_5X5_INPUT_IN_CH, CONV_3X3_DILATION_5X5_INPUT_OUTPUT_H, CONV_3X3_DILATION_5X5_INPUT_OUTPUT_W, CONV_3X3_DILATION_5X5_INPUT_OUT_CH, CONV_3X3_DILATION_5X5_INPUT_STRIDE_Y, CONV_3X3_DILATION_5X5_INPUT_STRIDE_X, CONV_3X3_DILATION_5X5_INPUT_PAD_Y, CONV_3X3_DILATION_5X5_INPUT_PAD_X, CONV_3X3_DILATION_5X5_INPUT_DILATION_Y, CONV_3X3_DILATION_5X5_INPUT_DILATION_X, 1, 1}, CONV_3X3_DILATION_5X5_INPUT_INPUT_OFFSET, CONV_3X3_DILATION_5X5_INPUT_OUTPUT_OFFSET, CONV_3X3_DILATION_5X5_INPUT_OUT_ACTIVATION_MIN, CONV_3X3_DILATION_5X5_INPUT_OUT_ACTIVATION_MAX, conv_3x3_dilation_5x5_input_input, conv_3x3_dilation_5x5_input_weights, conv_3x3_dilation_5x5_input_biases, conv_3x3_dilation_5x5_input_output_mult, conv_3x3_dilation_5x5_input_output_shift, conv_3x3_dilation_5x5_input_output_ref, (int64_t)sizeof(conv_3x3_dilation_5x5_input_output_ref)},
    {"conv_dilation_golden", CONV_ENTRY_CONVOLVE, {CONV_DILATION_GOLDEN_INPUT_BATCHES, CONV_DILATION_GOLDEN_INPUT_H, CONV_DILATION_GOLDEN_INPUT_W, CONV_DILATION_GOLDEN_IN_CH, CONV_DILATION_GOLDEN_FILTER_Y, CONV_DILATION_GOLDEN_FILTER_X, CONV_DILATION_GOLDEN_IN_CH, CONV_DILATION_GOLDEN_OUTPUT_H, CONV_DILATION_GOLDEN_OUTPUT_W, CONV_DILATION_GOLDEN_OUT_CH, CONV_DILATION_GOLDEN_STRIDE_Y, CONV_DILATION_GOLDEN_STRIDE_X, CONV_DILATION_GOLDEN_PAD_Y, CONV_DILATION_GOLDEN_PAD_X, CONV_DILATION_GOLDEN_DILATION_Y, CONV_DILATION_GOLDEN_DILATION_X, 1, 1}, CONV_DILATION_GOLDEN_INPUT_OFFSET, CONV_DILATION_GOLDEN_OUTPUT_OFFSET, CONV_DILATION_GOLDEN_OUT_ACTIVATION_MIN, CONV_DILATION_GOLDEN_OUT_ACTIVATION_MAX, conv_dilation_golden_input, conv_dilation_golden_weights, conv_dilation_golden_biases, conv_dilation_golden_output_mult, conv_dilation_golden_output_shift, conv_dilation_golden_output_ref, (int64_t)sizeof(conv_dilation_golden_output_ref)},
    {"conv_out_activation", CONV_ENTRY_CONVOLVE, {CONV_OUT_ACTIVATION_INPUT_BATCHES, CONV_OUT_ACTIVATION_INPUT_H, CONV_OUT_ACTIVATION_INPUT_W, CONV_OUT_ACTIVATION_IN_CH, CONV_OUT_ACTIVATION_FILTER_Y, CONV_OUT_ACTIVATION_FILTER_X, CONV_OUT_ACTIVATION_IN_CH, CONV_OUT_ACTIVATION_OUTPUT_H, CONV_OUT_ACTIVATION_OUTPUT_W, CONV_OUT_ACTIVATION_OUT_CH, CONV_OUT_ACTIVATION_STRIDE_Y, CONV_OUT_ACTIVATION_STRIDE_X, CONV_OUT_ACTIVATION_PAD_Y, CONV_OUT_ACTIVATION_PAD_X, CONV_OUT_ACTIVATION_DILATION_Y, CONV_OUT_ACTIVATION_DILATION_X, 1, 1}, CONV_OUT_ACTIVATION_INPUT_OFFSET, CONV_OUT_ACTIVATION_OUTPUT_OFFSET, CONV_OUT_ACTIVATION_OUT_ACTIVATION_MIN, CONV_OUT_ACTIVATION_OUT_ACTIVATION_MAX, conv_out_activation_input, conv_out_activation_weights, conv_out_activation_biases, conv_out_activation_output_mult, conv_out_activation_output_shift, conv_out_activation_output_ref, (int64_t)sizeof(conv_out_activation_output_ref)},
    {"stride2pad1", CONV_ENTRY_CONVOLVE, {STRIDE2PAD1_INPUT_BATCHES, STRIDE2PAD1_INPUT_H, STRIDE2PAD1_INPUT_W, STRIDE2PAD1_IN_CH, STRIDE2PAD1_FILTER_Y, STRIDE2PAD1_FILTER_X, STRIDE2PAD1_IN_CH, STRIDE2PAD1_OUTPUT_H, STRIDE2PAD1_OUTPUT_W, STRIDE2PAD1_OUT_CH, STRIDE2PAD1_STRIDE_Y, STRIDE2PAD1_STRIDE_X, STRIDE2PAD1_PAD_Y, STRIDE2PAD1_PAD_X, STRIDE2PAD1_DILATION_Y, STRIDE2PAD1_DILATION_X, 1, 1}, STRIDE2PAD1_INPUT_OFFSET, STRIDE2PAD1_OUTPUT_OFFSET, STRIDE2PAD1_OUT_ACTIVATION_MIN, STRIDE2PAD1_OUT_ACTIVATION_MAX, stride2pad1_input, stride2pad1_weights, stride2pad1_biases, stride2pad1_output_mult, stride2pad1_output_shift, stride2pad1_output_ref, (int64_t)sizeof(stride2pad1_output_ref)},
    {"conv_1_x_n_1", CONV_ENTRY_1_X_N, {CONV_1_X_N_1_INPUT_BATCHES, CONV_1_X_N_1_INPUT_H, CONV_1_X_N_1_INPUT_W, CONV_1_X_N_1_IN_CH, CONV_1_X_N_1_FILTER_Y, CONV_1_X_N_1_FILTER_X, CONV_1_X_N_1_IN_CH, CONV_1_X_N_1_OUTPUT_H, CONV_1_X_N_1_OUTPUT_W, CONV_1_X_N_1_OUT_CH, CONV_1_X_N_1_STRIDE_Y, CONV_1_X_N_1_STRIDE_X, CONV_1_X_N_1_PAD_Y, CONV_1_X_N_1_PAD_X, CONV_1_X_N_1_DILATION_Y, CONV_1_X_N_1_DILATION_X, 1, 1}, CONV_1_X_N_1_INPUT_OFFSET, CONV_1_X_N_1_OUTPUT_OFFSET, CONV_1_X_N_1_OUT_ACTIVATION_MIN, CONV_1_X_N_1_OUT_ACTIVATION_MAX, conv_1_x_n_1_input, conv_1_x_n_1_weights, conv_1_x_n_1_biases, conv_1_x_n_1_output_mult, conv_1_x_n_1_output_shift, conv_1_x_n_1_output_ref, (int64_t)sizeof(conv_1_x_n_1_output_ref)},
    {"conv_1_x_n_2", CONV_ENTRY_1_X_N, {CONV_1_X_N_2_INPUT_BATCHES, CONV_1_X_N_2_INPUT_H, CONV_1_X_N_2_INPUT_W, CONV_1_X_N_2_IN_CH, CONV_1_X_N_2_FILTER_Y, CONV_1_X_N_2_FILTER_X, CONV_1_X_N_2_IN_CH, CONV_1_X_N_2_OUTPUT_H, CONV_1_X_N_2_OUTPUT_W, CONV_1_X_N_2_OUT_CH, CONV_1_X_N_2_STRIDE_Y, CONV_1_X_N_2_STRIDE_X, CONV_1_X_N_2_PAD_Y, CONV_1_X_N_2_PAD_X, CONV_1_X_N_2_DILATION_Y, CONV_1_X_N_2_DILATION_X, 1, 1}, CONV_1_X_N_2_INPUT_OFFSET, CONV_1_X_N_2_OUTPUT_OFFSET, CONV_1_X_N_2_OUT_ACTIVATION_MIN, CONV_1_X_N_2_OUT_ACTIVATION_MAX, conv_1_x_n_2_input, conv_1_x_n_2_weights, conv_1_x_n_2_biases, conv_1_x_n_2_output_mult, conv_1_x_n_2_output_shift, conv_1_x_n_2_output_ref, (int64_t)sizeof(conv_1_x_n_2_output_ref)},
    {"conv_1_x_n_3", CONV_ENTRY_1_X_N, {CONV_1_X_N_3_INPUT_BATCHES, CONV_1_X_N_3_INPUT_H, CONV_1_X_N_3_INPUT_W, CONV_1_X_N_3_IN_CH, CONV_1_X_N_3_FILTER_Y, CONV_1_X_N_3_FILTER_X, CONV_1_X_N_3_IN_CH, CONV_1_X_N_3_OUTPUT_H, CONV_1_X_N_3_OUTPUT_W, CONV_1_X_N_3_OUT_CH, CONV_1_X_N_3_STRIDE_Y, CONV_1_X_N_3_STRIDE_X, CONV_1_X_N_3_PAD_Y, CONV_1_X_N_3_PAD_X, CONV_1_X_N_3_DILATION_Y, CONV_1_X_N_3_DILATION_X, 1, 1}, CONV_1_X_N_3_INPUT_OFFSET, CONV_1_X_N_3_OUTPUT_OFFSET, CONV_1_X_N_3_OUT_ACTIVATION_MIN, CONV_1_X_N_3_OUT_ACTIVATION_MAX, conv_1_x_n_3_input, conv_1_x_n_3_weights, conv_1_x_n_3_biases, conv_1_x_n_3_output_mult, conv_1_x_n_3_output_shift, conv_1_x_n_3_output_ref, (int64_t)sizeof(conv_1_x_n_3_output_ref)},
    {"conv_1_x_n_4", CONV_ENTRY_1_X_N, {CONV_1_X_N_4_INPUT_BATCHES, CONV_1_X_N_4_INPUT_H, CONV_1_X_N_4_INPUT_W, CONV_1_X_N_4_IN_CH, CONV_1_X_N_4_FILTER_Y, CONV_1_X_N_4_FILTER_X, CONV_1_X_N_4_IN_CH, CONV_1_X_N_4_OUTPUT_H, CONV_1_X_N_4_OUTPUT_W, CONV_1_X_N_4_OUT_CH, CONV_1_X_N_4_STRIDE_Y, CONV_1_X_N_4_STRIDE_X, CONV_1_X_N_4_PAD_Y, CONV_1_X_N_4_PAD_X, CONV_1_X_N_4_DILATION_Y, CONV_1_X_N_4_DILATION_X, 1, 1}, CONV_1_X_N_4_INPUT_OFFSET, CONV_1_X_N_4_OUTPUT_OFFSET, CONV_1_X_N_4_OUT_ACTIVATION_MIN, CONV_1_X_N_4_OUT_ACTIVATION_MAX, conv_1_x_n_4_input, conv_1_x_n_4_weights, conv_1_x_n_4_biases, conv_1_x_n_4_output_mult, conv_1_x_n_4_output_shift, conv_1_x_n_4_output_ref, (int64_t)sizeof(conv_1_x_n_4_output_ref)},
    {"conv_1_x_n_5", CONV_ENTRY_1_X_N, {CONV_1_X_N_5_INPUT_BATCHES, CONV_1_X_N_5_INPUT_H, CONV_1_X_N_5_INPUT_W, CONV_1_X_N_5_IN_CH, CONV_1_X_N_5_FILTER_Y, CONV_1_X_N_5_FILTER_X, CONV_1_X_N_5_IN_CH, CONV_1_X_N_5_OUTPUT_H, CONV_1_X_N_5_OUTPUT_W, CONV_1_X_N_5_OUT_CH, CONV_1_X_N_5_STRIDE_Y, CONV_1_X_N_5_STRIDE_X, CONV_1_X_N_5_PAD_Y, CONV_1_X_N_5_PAD_X, CONV_1_X_N_5_DILATION_Y, CONV_1_X_N_5_DILATION_X, 1, 1}, CONV_1_X_N_5_INPUT_OFFSET, CONV_1_X_N_5_OUTPUT_OFFSET, CONV_1_X_N_5_OUT_ACTIVATION_MIN, CONV_1_X_N_5_OUT_ACTIVATION_MAX, conv_1_x_n_5_input, conv_1_x_n_5_weights, conv_1_x_n_5_biases, conv_1_x_n_5_output_mult, conv_1_x_n_5_output_shift, conv_1_x_n_5_output_ref, (int64_t)sizeof(conv_1_x_n_5_output_ref)},
    {"conv_1_x_n_6_generic", CONV_ENTRY_1_X_N, {CONV_1_X_N_6_GENERIC_INPUT_BATCHES, CONV_1_X_N_6_GENERIC_INPUT_H, CONV_1_X_N_6_GENERIC_INPUT_W, CONV_1_X_N_6_GENERIC_IN_CH, CONV_1_X_N_6_GENERIC_FILTER_Y, CONV_1_X_N_6_GENERIC_FILTER_X, CONV_1_X_N_6_GENERIC_IN_CH, CONV_1_X_N_6_GENERIC_OUTPUT_H, CONV_1_X_N_6_GENERIC_OUTPUT_W, CONV_1_X_N_6_GENERIC_OUT_CH, CONV_1_X_N_6_GENERIC_STRIDE_Y, CONV_1_X_N_6_GENERIC_STRIDE_X, CONV_1_X_N_6_GENERIC_PAD_Y, CONV_1_X_N_6_GENERIC_PAD_X, CONV_1_X_N_6_GENERIC_DILATION_Y, CONV_1_X_N_6_GENERIC_DILATION_X, 1, 1}, CONV_1_X_N_6_GENERIC_INPUT_OFFSET, CONV_1_X_N_6_GENERIC_OUTPUT_OFFSET, CONV_1_X_N_6_GENERIC_OUT_ACTIVATION_MIN, CONV_1_X_N_6_GENERIC_OUT_ACTIVATION_MAX, conv_1_x_n_6_generic_input, conv_1_x_n_6_generic_weights, conv_1_x_n_6_generic_biases, conv_1_x_n_6_generic_output_mult, conv_1_x_n_6_generic_output_shift, conv_1_x_n_6_generic_output_ref, (int64_t)sizeof(conv_1_x_n_6_generic_output_ref)},
    {"conv_1_x_n_7", CONV_ENTRY_1_X_N, {CONV_1_X_N_7_INPUT_BATCHES, CONV_1_X_N_7_INPUT_H, CONV_1_X_N_7_INPUT_W, CONV_1_X_N_7_IN_CH, CONV_1_X_N_7_FILTER_Y, CONV_1_X_N_7_FILTER_X, CONV_1_X_N_7_IN_CH, CONV_1_X_N_7_OUTPUT_H, CONV_1_X_N_7_OUTPUT_W, CONV_1_X_N_7_OUT_CH, CONV_1_X_N_7_STRIDE_Y, CONV_1_X_N_7_STRIDE_X, CONV_1_X_N_7_PAD_Y, CONV_1_X_N_7_PAD_X, CONV_1_X_N_7_DILATION_Y, CONV_1_X_N_7_DILATION_X, 1, 1}, CONV_1_X_N_7_INPUT_OFFSET, CONV_1_X_N_7_OUTPUT_OFFSET, CONV_1_X_N_7_OUT_ACTIVATION_MIN, CONV_1_X_N_7_OUT_ACTIVATION_MAX, conv_1_x_n_7_input, conv_1_x_n_7_weights, conv_1_x_n_7_biases, conv_1_x_n_7_output_mult, conv_1_x_n_7_output_shift, conv_1_x_n_7_output_ref, (int64_t)sizeof(conv_1_x_n_7_output_ref)},
    {"conv_1_x_n_8", CONV_ENTRY_1_X_N, {CONV_1_X_N_8_INPUT_BATCHES, CONV_1_X_N_8_INPUT_H, CONV_1_X_N_8_INPUT_W, CONV_1_X_N_8_IN_CH, CONV_1_X_N_8_FILTER_Y, CONV_1_X_N_8_FILTER_X, CONV_1_X_N_8_IN_CH, CONV_1_X_N_8_OUTPUT_H, CONV_1_X_N_8_OUTPUT_W, CONV_1_X_N_8_OUT_CH, CONV_1_X_N_8_STRIDE_Y, CONV_1_X_N_8_STRIDE_X, CONV_1_X_N_8_PAD_Y, CONV_1_X_N_8_PAD_X, CONV_1_X_N_8_DILATION_Y, CONV_1_X_N_8_DILATION_X, 1, 1}, CONV_1_X_N_8_INPUT_OFFSET, CONV_1_X_N_8_OUTPUT_OFFSET, CONV_1_X_N_8_OUT_ACTIVATION_MIN, CONV_1_X_N_8_OUT_ACTIVATION_MAX, conv_1_x_n_8_input, conv_1_x_n_8_weights, conv_1_x_n_8_biases, conv_1_x_n_8_output_mult, conv_1_x_n_8_output_shift, conv_1_x_n_8_output_ref, (int64_t)sizeof(conv_1_x_n_8_output_ref)},
    {"kernel1x1", CONV_ENTRY_1X1_FAST, {KERNEL1X1_INPUT_BATCHES, KERNEL1X1_INPUT_H, KERNEL1X1_INPUT_W, KERNEL1X1_IN_CH, KERNEL1X1_FILTER_Y, KERNEL1X1_FILTER_X, KERNEL1X1_IN_CH, KERNEL1X1_OUTPUT_H, KERNEL1X1_OUTPUT_W, KERNEL1X1_OUT_CH, KERNEL1X1_STRIDE_Y, KERNEL1X1_STRIDE_X, KERNEL1X1_PAD_Y, KERNEL1X1_PAD_X, KERNEL1X1_DILATION_Y, KERNEL1X1_DILATION_X, 1, 1}, KERNEL1X1_INPUT_OFFSET, KERNEL1X1_OUTPUT_OFFSET, KERNEL1X1_OUT_ACTIVATION_MIN, KERNEL1X1_OUT_ACTIVATION_MAX, kernel1x1_input, kernel1x1_weights, kernel1x1_biases, kernel1x1_output_mult, kernel1x1_output_shift, kernel1x1_output_ref, (int64_t)sizeof(kernel1x1_output_ref)},
    {"kernel1x1_stride_x", CONV_ENTRY_1X1, {KERNEL1X1_STRIDE_X_INPUT_BATCHES, KERNEL1X1_STRIDE_X_INPUT_H, KERNEL1X1_STRIDE_X_INPUT_W, KERNEL1X1_STRIDE_X_IN_CH, KERNEL1X1_STRIDE_X_FILTER_Y, KERNEL1X1_STRIDE_X_FILTER_X, KERNEL1X1_STRIDE_X_IN_CH, KERNEL1X1_STRIDE_X_OUTPUT_H, KERNEL1X1_STRIDE_X_OUTPUT_W, KERNEL1X1_STRIDE_X_OUT_CH, KERNEL1X1_STRIDE_X_STRIDE_Y, KERNEL1X1_STRIDE_X_STRIDE_X, KERNEL1X1_STRIDE_X_PAD_Y, KERNEL1X1_STRIDE_X_PAD_X, KERNEL1X1_STRIDE_X_DILATION_Y, KERNEL1X1_STRIDE_X_DILATION_X, 1, 1}, KERNEL1X1_STRIDE_X_INPUT_OFFSET, KERNEL1X1_STRIDE_X_OUTPUT_OFFSET, KERNEL1X1_STRIDE_X_OUT_ACTIVATION_MIN, KERNEL1X1_STRIDE_X_OUT_ACTIVATION_MAX, kernel1x1_stride_x_input, kernel1x1_stride_x_weights, kernel1x1_stride_x_biases, kernel1x1_stride_x_output_mult, kernel1x1_stride_x_output_shift, kernel1x1_stride_x_output_ref, (int64_t)sizeof(kernel1x1_stride_x_output_ref)},
    {"kernel1x1_stride_x_y", CONV_ENTRY_1X1, {KERNEL1X1_STRIDE_X_Y_INPUT_BATCHES, KERNEL1X1_STRIDE_X_Y_INPUT_H, KERNEL1X1_STRIDE_X_Y_INPUT_W, KERNEL1X1_STRIDE_X_Y_IN_CH, KERNEL1X1_STRIDE_X_Y_FILTER_Y, KERNEL1X1_STRIDE_X_Y_FILTER_X, KERNEL1X1_STRIDE_X_Y_IN_CH, KERNEL1X1_STRIDE_X_Y_OUTPUT_H, KERNEL1X1_STRIDE_X_Y_OUTPUT_W, KERNEL1X1_STRIDE_X_Y_OUT_CH, KERNEL1X1_STRIDE_X_Y_STRIDE_Y, KERNEL1X1_STRIDE_X_Y_STRIDE_X, KERNEL1X1_STRIDE_X_Y_PAD_Y, KERNEL1X1_STRIDE_X_Y_PAD_X, KERNEL1X1_STRIDE_X_Y_DILATION_Y, KERNEL1X1_STRIDE_X_Y_DILATION_X, 1, 1}, KERNEL1X1_STRIDE_X_Y_INPUT_OFFSET, KERNEL1X1_STRIDE_X_Y_OUTPUT_OFFSET, KERNEL1X1_STRIDE_X_Y_OUT_ACTIVATION_MIN, KERNEL1X1_STRIDE_X_Y_OUT_ACTIVATION_MAX, kernel1x1_stride_x_y_input, kernel1x1_stride_x_y_weights, kernel1x1_stride_x_y_biases, kernel1x1_stride_x_y_output_mult, kernel1x1_stride_x_y_output_shift, kernel1x1_stride_x_y_output_ref, (int64_t)sizeof(kernel1x1_stride_x_y_output_ref)},
    {"kernel1x1_stride_x_y_1", CONV_ENTRY_1X1, {KERNEL1X1_STRIDE_X_Y_1_INPUT_BATCHES, KERNEL1X1_STRIDE_X_Y_1_INPUT_H, KERNEL1X1_STRIDE_X_Y_1_INPUT_W, KERNEL1X1_STRIDE_X_Y_1_IN_CH, KERNEL1X1_STRIDE_X_Y_1_FILTER_Y, KERNEL1X1_STRIDE_X_Y_1_FILTER_X, KERNEL1X1_STRIDE_X_Y_1_IN_CH, KERNEL1X1_STRIDE_X_Y_1_OUTPUT_H, KERNEL1X1_STRIDE_X_Y_1_OUTPUT_W, KERNEL1X1_STRIDE_X_Y_1_OUT_CH, KERNEL1X1_STRIDE_X_Y_1_STRIDE_Y, KERNEL1X1_STRIDE_X_Y_1_STRIDE_X, KERNEL1X1_STRIDE_X_Y_1_PAD_Y, KERNEL1X1_STRIDE_X_Y_1_PAD_X, KERNEL1X1_STRIDE_X_Y_1_DILATION_Y, KERNEL1X1_STRIDE_X_Y_1_DILATION_X, 1, 1}, KERNEL1X1_STRIDE_X_Y_1_INPUT_OFFSET, KERNEL1X1_STRIDE_X_Y_1_OUTPUT_OFFSET, KERNEL1X1_STRIDE_X_Y_1_OUT_ACTIVATION_MIN, KERNEL1X1_STRIDE_X_Y_1_OUT_ACTIVATION_MAX, kernel1x1_stride_x_y_1_input, kernel1x1_stride_x_y_1_weights, kernel1x1_stride_x_y_1_biases, kernel1x1_stride_x_y_1_output_mult, kernel1x1_stride_x_y_1_output_shift, kernel1x1_stride_x_y_1_output_ref, (int64_t)sizeof(kernel1x1_stride_x_y_1_output_ref)},
    {"kernel1x1_stride_x_y_2", CONV_ENTRY_1X1, {KERNEL1X1_STRIDE_X_Y_2_INPUT_BATCHES, KERNEL1X1_STRIDE_X_Y_2_INPUT_H, KERNEL1X1_STRIDE_X_Y_2_INPUT_W, KERNEL1X1_STRIDE_X_Y_2_IN_CH, KERNEL1X1_STRIDE_X_Y_2_FILTER_Y, KERNEL1X1_STRIDE_X_Y_2_FILTER_X, KERNEL1X1_STRIDE_X_Y_2_IN_CH, KERNEL1X1_STRIDE_X_Y_2_OUTPUT_H, KERNEL1X1_STRIDE_X_Y_2_OUTPUT_W, KERNEL1X1_STRIDE_X_Y_2_OUT_CH, KERNEL1X1_STRIDE_X_Y_2_STRIDE_Y, KERNEL1X1_STRIDE_X_Y_2_STRIDE_X, KERNEL1X1_STRIDE_X_Y_2_PAD_Y, KERNEL1X1_STRIDE_X_Y_2_PAD_X, KERNEL1X1_STRIDE_X_Y_2_DILATION_Y, KERNEL1X1_STRIDE_X_Y_2_DILATION_X, 1, 1}, KERNEL1X1_STRIDE_X_Y_2_INPUT_OFFSET, KERNEL1X1_STRIDE_X_Y_2_OUTPUT_OFFSET, KERNEL1X1_STRIDE_X_Y_2_OUT_ACTIVATION_MIN, KERNEL1X1_STRIDE_X_Y_2_OUT_ACTIVATION_MAX, kernel1x1_stride_x_y_2_input, kernel1x1_stride_x_y_2_weights, kernel1x1_stride_x_y_2_biases, kernel1x1_stride_x_y_2_output_mult, kernel1x1_stride_x_y_2_output_shift, kernel1x1_stride_x_y_2_output_ref, (int64_t)sizeof(kernel1x1_stride_x_y_2_output_ref)},
    {"grouped_conv", CONV_ENTRY_CONVOLVE, {GROUPED_CONV_INPUT_BATCHES, GROUPED_CONV_INPUT_H, GROUPED_CONV_INPUT_W, GROUPED_CONV_IN_CH, GROUPED_CONV_FILTER_Y, GROUPED_CONV_FILTER_X, GROUPED_CONV_IN_CH, GROUPED_CONV_OUTPUT_H, GROUPED_CONV_OUTPUT_W, GROUPED_CONV_OUT_CH, GROUPED_CONV_STRIDE_Y, GROUPED_CONV_STRIDE_X, GROUPED_CONV_PAD_Y, GROUPED_CONV_PAD_X, GROUPED_CONV_DILATION_Y, GROUPED_CONV_DILATION_X, 1, 1}, GROUPED_CONV_INPUT_OFFSET, GROUPED_CONV_OUTPUT_OFFSET, GROUPED_CONV_OUT_ACTIVATION_MIN, GROUPED_CONV_OUT_ACTIVATION_MAX, grouped_conv_input, grouped_conv_weights, grouped_conv_biases, grouped_conv_output_mult, grouped_conv_output_shift, grouped_conv_output_ref, (int64_t)sizeof(grouped_conv_output_ref)},
    {"grouped_conv_1", CONV_ENTRY_CONVOLVE, {GROUPED_CONV_1_INPUT_BATCHES, GROUPED_CONV_1_INPUT_H, GROUPED_CONV_1_INPUT_W, GROUPED_CONV_1_IN_CH, GROUPED_CONV_1_FILTER_Y, GROUPED_CONV_1_FILTER_X, GROUPED_CONV_1_FILTER_CH, GROUPED_CONV_1_OUTPUT_H, GROUPED_CONV_1_OUTPUT_W, GROUPED_CONV_1_OUT_CH, GROUPED_CONV_1_STRIDE_Y, GROUPED_CONV_1_STRIDE_X, GROUPED_CONV_1_PAD_Y, GROUPED_CONV_1_PAD_X, GROUPED_CONV_1_DILATION_Y, GROUPED_CONV_1_DILATION_X, 1, 1}, GROUPED_CONV_1_INPUT_OFFSET, GROUPED_CONV_1_OUTPUT_OFFSET, GROUPED_CONV_1_OUT_ACTIVATION_MIN, GROUPED_CONV_1_OUT_ACTIVATION_MAX, grouped_conv_1_input, grouped_conv_1_weights, grouped_conv_1_biases, grouped_conv_1_output_mult, grouped_conv_1_output_shift, grouped_conv_1_output_ref, (int64_t)sizeof(grouped_conv_1_output_ref)},
    {"grouped_conv_2", CONV_ENTRY_CONVOLVE, {GROUPED_CONV_2_INPUT_BATCHES, GROUPED_CONV_2_INPUT_H, GROUPED_CONV_2_INPUT_W, GROUPED_CONV_2_IN_CH, GROUPED_CONV_2_FILTER_Y, GROUPED_CONV_2_FILTER_X, GROUPED_CONV_2_FILTER_CH, GROUPED_CONV_2_OUTPUT_H, GROUPED_CONV_2_OUTPUT_W, GROUPED_CONV_2_OUT_CH, GROUPED_CONV_2_STRIDE_Y, GROUPED_CONV_2_STRIDE_X, GROUPED_CONV_2_PAD_Y, GROUPED_CONV_2_PAD_X, GROUPED_CONV_2_DILATION_Y, GROUPED_CONV_2_DILATION_X, 1, 1}, GROUPED_CONV_2_INPUT_OFFSET, GROUPED_CONV_2_OUTPUT_OFFSET, GROUPED_CONV_2_OUT_ACTIVATION_MIN, GROUPED_CONV_2_OUT_ACTIVATION_MAX, grouped_conv_2_input, grouped_conv_2_weights, grouped_conv_2_biases, grouped_conv_2_output_mult, grouped_conv_2_output_shift, grouped_conv_2_output_ref, (int64_t)sizeof(grouped_conv_2_output_ref)},
    {"grouped_conv_3", CONV_ENTRY_CONVOLVE, {GROUPED_CONV_3_INPUT_BATCHES, GROUPED_CONV_3_INPUT_H, GROUPED_CONV_3_INPUT_W, GROUPED_CONV_3_IN_CH, GROUPED_CONV_3_FILTER_Y, GROUPED_CONV_3_FILTER_X, GROUPED_CONV_3_FILTER_CH, GROUPED_CONV_3_OUTPUT_H, GROUPED_CONV_3_OUTPUT_W, GROUPED_CONV_3_OUT_CH, GROUPED_CONV_3_STRIDE_Y, GROUPED_CONV_3_STRIDE_X, GROUPED_CONV_3_PAD_Y, GROUPED_CONV_3_PAD_X, GROUPED_CONV_3_DILATION_Y, GROUPED_CONV_3_DILATION_X, 1, 1}, GROUPED_CONV_3_INPUT_OFFSET, GROUPED_CONV_3_OUTPUT_OFFSET, GROUPED_CONV_3_OUT_ACTIVATION_MIN, GROUPED_CONV_3_OUT_ACTIVATION_MAX, grouped_conv_3_input, grouped_conv_3_weights, grouped_conv_3_biases, grouped_conv_3_output_mult, grouped_conv_3_output_shift, grouped_conv_3_output_ref, (int64_t)sizeof(grouped_conv_3_output_ref)},
    {"grouped_conv_4", CONV_ENTRY_CONVOLVE, {GROUPED_CONV_4_INPUT_BATCHES, GROUPED_CONV_4_INPUT_H, GROUPED_CONV_4_INPUT_W, GROUPED_CONV_4_IN_CH, GROUPED_CONV_4_FILTER_Y, GROUPED_CONV_4_FILTER_X, GROUPED_CONV_4_FILTER_CH, GROUPED_CONV_4_OUTPUT_H, GROUPED_CONV_4_OUTPUT_W, GROUPED_CONV_4_OUT_CH, GROUPED_CONV_4_STRIDE_Y, GROUPED_CONV_4_STRIDE_X, GROUPED_CONV_4_PAD_Y, GROUPED_CONV_4_PAD_X, GROUPED_CONV_4_DILATION_Y, GROUPED_CONV_4_DILATION_X, 1, 1}, GROUPED_CONV_4_INPUT_OFFSET, GROUPED_CONV_4_OUTPUT_OFFSET, GROUPED_CONV_4_OUT_ACTIVATION_MIN, GROUPED_CONV_4_OUT_ACTIVATION_MAX, grouped_conv_4_input, grouped_conv_4_weights, grouped_conv_4_biases, grouped_conv_4_output_mult, grouped_conv_4_output_shift, grouped_conv_4_output_ref, (int64_t)sizeof(grouped_conv_4_output_ref)},
};

static void test_vectors(void)
{
    for (size_t i = 0; i < sizeof(k_cases) / sizeof(k_cases[0]); i++)
    {
        const vector_case *v = &k_cases[i];
        const conv_case c = {v->s, v->input_offset, v->output_offset, v->act_min, v->act_max,
                             v->input, v->weights, v->bias, v->mult, v->shift};
        KILN_CHECK_EQ(conv_out_bytes(&c), v->ref_size);
        const conv_entry entries[3] = {CONV_ENTRY_WRAPPER, v->direct, CONV_ENTRY_CONVOLVE};
        for (int32_t e = 0; e < 3; e++)
        {
            for (int32_t sums = 0; sums < 2; sums++)
            {
                kiln_test_context("%s via %s%s", v->name, conv_entry_name(entries[e]), sums ? " with weight sums" : "");
                KILN_CHECK(conv_entry_accepts(&c, entries[e]));
                conv_run_checked(&c, entries[e], sums != 0, v->ref);
            }
        }
        kiln_test_context("");
    }
}

/* The reference agrees with the shared vectors (so the random tests' oracle is itself pinned). */
static void test_reference_matches_vectors(void)
{
    static int8_t out[8192];
    for (size_t i = 0; i < sizeof(k_cases) / sizeof(k_cases[0]); i++)
    {
        const vector_case *v = &k_cases[i];
        const conv_case c = {v->s, v->input_offset, v->output_offset, v->act_min, v->act_max,
                             v->input, v->weights, v->bias, v->mult, v->shift};
        kiln_test_context("%s (reference)", v->name);
        if (KILN_CHECK(v->ref_size <= (int64_t)sizeof(out)) && KILN_CHECK(conv_reference(&c, out)))
        {
            KILN_CHECK_MEM_S8(out, v->ref, v->ref_size);
        }
        kiln_test_context("");
    }
}

/* Which route the wrapper takes for each vector, and that the queries agree with the plan. */
static void test_vector_routes(void)
{
    for (size_t i = 0; i < sizeof(k_cases) / sizeof(k_cases[0]); i++)
    {
        const vector_case *v = &k_cases[i];
        kiln_conv_s8_plan_t p;
        kiln_test_context("%s", v->name);
        KILN_CHECK_EQ(kiln_conv_s8_plan(&v->s, KILN_NATIVE_ISA, &p), ARM_CMSIS_NN_SUCCESS);
        const conv_case c = {v->s, 0, 0, -128, 127, NULL, NULL, NULL, NULL, NULL};
        KILN_CHECK_EQ(conv_entry_scratch(&c, CONV_ENTRY_WRAPPER), p.scratch_bytes);
        printf("  %-28s %-12s scratch %d\n", v->name, p.route_name, (int)p.scratch_bytes);
        kiln_test_context("");
    }
}

int main(void)
{
    printf("conv_s8_vectors on %s\n", kiln_board_name());
    KILN_RUN(test_reference_matches_vectors);
    KILN_RUN(test_vectors);
    KILN_RUN(test_vector_routes);
    return kiln_test_finish();
}
