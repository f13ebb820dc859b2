/*
 * Kiln — public types (CMSIS-NN compatible: same names, fields, order and layout).
 *
 * Layouts follow ../shared/spec/api.json; tests/api checks every field's offset and type against
 * it. Types marked as ns-cmsis-nn extensions exist in the ns-cmsis-nn API (heliaCORE) only.
 */
#ifndef ARM_NN_TYPES_H
#define ARM_NN_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "Internal/arm_nn_config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kiln's own version. */
#define KILN_VERSION_MAJOR (0)
#define KILN_VERSION_MINOR (1)
#define KILN_VERSION_PATCH (0)
#define KILN_VERSION ((KILN_VERSION_MAJOR * 1000000) + (KILN_VERSION_MINOR * 1000) + KILN_VERSION_PATCH)

#if !KILN_UPSTREAM_API
/* The ns-cmsis-nn API level whose signatures Kiln provides by default (code that adapts to the
 * ns signatures tests NS_CMSIS_NN). Absent in upstream-API mode. */
#define NS_CMSIS_NN_VERSION_MAJOR (7)
#define NS_CMSIS_NN_VERSION_MINOR (29)
#define NS_CMSIS_NN_VERSION_PATCH (2)
#define NS_CMSIS_NN (1)
#define NS_CMSIS_NN_VERSION                                                                                     \
    ((NS_CMSIS_NN_VERSION_MAJOR * 1000000) + (NS_CMSIS_NN_VERSION_MINOR * 1000) + NS_CMSIS_NN_VERSION_PATCH)
#endif

typedef enum
{
    ARM_SIGMOID = 0,
    ARM_TANH = 1,
} arm_nn_activation_type;

typedef enum
{
    ARM_CMSIS_NN_SUCCESS = 0,
    ARM_CMSIS_NN_ARG_ERROR = -1,
    ARM_CMSIS_NN_NO_IMPL_ERROR = -2,
    ARM_CMSIS_NN_FAILURE = -3,
} arm_cmsis_nn_status;

typedef struct
{
    int32_t w;
    int32_t h;
} cmsis_nn_tile;

typedef struct
{
    void *buf;
    int32_t size;
} cmsis_nn_context;

typedef struct
{
    const void *data;
    const bool is_int32_bias;
} cmsis_nn_bias_data;

typedef struct
{
    int32_t n;
    int32_t h;
    int32_t w;
    int32_t c;
} cmsis_nn_dims;

typedef struct
{
    int32_t max_time;
    int32_t num_inputs;
    int32_t num_batches;
    int32_t num_outputs;
} cmsis_nn_lstm_dims;

typedef struct
{
    int32_t *multiplier;
    int32_t *shift;
} cmsis_nn_per_channel_quant_params;

typedef struct
{
    int32_t multiplier;
    int32_t shift;
} cmsis_nn_per_tensor_quant_params;

typedef struct
{
    int32_t *multiplier;
    int32_t *shift;
    int32_t is_per_channel;
} cmsis_nn_quant_params;

typedef struct
{
    int32_t min;
    int32_t max;
} cmsis_nn_activation;

typedef struct
{
    int32_t input_offset;
    int32_t output_offset;
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile dilation;
    cmsis_nn_activation activation;
} cmsis_nn_conv_params;

typedef struct
{
    int32_t input_offset;
    int32_t output_offset;
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile padding_offsets;
    cmsis_nn_tile dilation;
    cmsis_nn_activation activation;
} cmsis_nn_transpose_conv_params;

typedef struct
{
    int32_t input_offset;
    int32_t output_offset;
    int32_t ch_mult;
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile dilation;
    cmsis_nn_activation activation;
} cmsis_nn_dw_conv_params;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_activation activation;
} cmsis_nn_pool_params;

typedef struct
{
    int32_t input_offset;
    int32_t filter_offset;
    int32_t output_offset;
    cmsis_nn_activation activation;
} cmsis_nn_fc_params;

typedef struct
{
    const bool adj_x;
    const bool adj_y;
    cmsis_nn_fc_params fc_params;
} cmsis_nn_bmm_params;

typedef struct
{
    const int32_t num_dims;
    const uint32_t *permutations;
} cmsis_nn_transpose_params;

typedef struct
{
    int32_t rank;
    int32_t input_offset;
    int32_t output_offset;
    cmsis_nn_activation input_activation;
    cmsis_nn_activation output_activation;
} cmsis_nn_svdf_params;

typedef struct
{
    const int16_t *exp_lut;
    const int16_t *one_by_one_lut;
} cmsis_nn_softmax_lut_s16;

typedef struct
{
    int32_t multiplier;
    int32_t shift;
} cmsis_nn_scaling;

typedef struct
{
    int32_t input_multiplier;
    int32_t input_shift;
    const void *input_weights;
    const void *input_effective_bias;
    int32_t hidden_multiplier;
    int32_t hidden_shift;
    const void *hidden_weights;
    const void *hidden_effective_bias;
    const void *bias;
    arm_nn_activation_type activation_type;
} cmsis_nn_lstm_gate;

typedef struct
{
    int32_t time_major;
    int32_t batch_size;
    int32_t time_steps;
    int32_t input_size;
    int32_t hidden_size;
    int32_t input_offset;
    int32_t forget_to_cell_multiplier;
    int32_t forget_to_cell_shift;
    int32_t input_to_cell_multiplier;
    int32_t input_to_cell_shift;
    int32_t cell_clip;
    int32_t cell_scale_power;
    int32_t output_multiplier;
    int32_t output_shift;
    int32_t output_offset;
    cmsis_nn_lstm_gate forget_gate;
    cmsis_nn_lstm_gate input_gate;
    cmsis_nn_lstm_gate cell_gate;
    cmsis_nn_lstm_gate output_gate;
} cmsis_nn_lstm_params;

typedef struct
{
    void *temp1;
    void *temp2;
    void *cell_state;
    void *hidden_state;
} cmsis_nn_lstm_context;

/* ns-cmsis-nn extension */
typedef enum
{
    ARM_COMPARE_EQUAL = 0,
    ARM_COMPARE_NOT_EQUAL = 1,
    ARM_COMPARE_GREATER = 2,
    ARM_COMPARE_GREATER_EQUAL = 3,
    ARM_COMPARE_LESS = 4,
    ARM_COMPARE_LESS_EQUAL = 5,
} arm_nn_compare_operation;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t axis;
    int32_t batch_dims;
    int32_t input_rank;
    int32_t coords_rank;
} cmsis_nn_gather_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t params_rank;
    int32_t indices_rank;
    int32_t batch_dims;
} cmsis_nn_gather_nd_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *input_shape;
    const int32_t *multiples;
} cmsis_nn_tile_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *input_shape;
    const int32_t *output_shape;
} cmsis_nn_broadcast_to_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t num_updates;
    int32_t index_depth;
    int32_t slice_size;
    int32_t output_size;
    const int32_t *output_strides;
} cmsis_nn_scatter_nd_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *input_shape;
    const int32_t *output_shape;
    const int32_t *pad_before;
    int32_t mode;
} cmsis_nn_mirror_pad_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *shape;
} cmsis_nn_where_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *output_shape;
    const int32_t *cond_strides;
    const int32_t *x_strides;
    const int32_t *y_strides;
} cmsis_nn_select_v2_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *shape;
    int32_t seq_dim;
    int32_t batch_dim;
} cmsis_nn_reverse_sequence_params;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t rank;
    const int32_t *operand_shape;
    const int32_t *update_shape;
    int32_t operand_size;
    int32_t update_size;
    const int32_t *operand_strides;
} cmsis_nn_dynamic_update_slice_params;

/* ns-cmsis-nn extension */
typedef struct
{
    bool align_corners;
    bool half_pixel_centers;
} cmsis_nn_resize_params;

/* ns-cmsis-nn extension */
typedef struct
{
    const int32_t axis;
} cmsis_nn_concatenation_params;

#ifdef __cplusplus
}
#endif

#endif /* ARM_NN_TYPES_H */
