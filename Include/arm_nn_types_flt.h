/*
 * Kiln — float public types (CMSIS-NN compatible layouts; see arm_nn_types.h).
 */
#ifndef ARM_NN_TYPES_FLT_H
#define ARM_NN_TYPES_FLT_H

#include "arm_nn_math_types_flt.h"
#include "arm_nn_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Compile-time assertion usable in C99 and C11. */
#if !defined(ARM_NN_STATIC_ASSERT)
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && (__STDC_VERSION__ >= 201112L))
#define ARM_NN_STATIC_ASSERT(cond, msg) static_assert(cond, #msg)
#else
#define ARM_NN_STATIC_ASSERT_GLUE(a, b) a##b
#define ARM_NN_STATIC_ASSERT_XGLUE(a, b) ARM_NN_STATIC_ASSERT_GLUE(a, b)
#define ARM_NN_STATIC_ASSERT(cond, msg)                                                                         \
    typedef char ARM_NN_STATIC_ASSERT_XGLUE(arm_nn_static_assert_, __LINE__)[(cond) ? 1 : -1]
#endif
#endif

typedef enum
{
    ARM_NN_LAYOUT_NHWC = 0,
} arm_nn_tensor_layout;

typedef enum
{
    ARM_NN_FLT_ACT_NONE = 32,
    ARM_NN_FLT_ACT_SIGMOID = 33,
    ARM_NN_FLT_ACT_TANH = 34,
    ARM_NN_FLT_ACT_RELU = 35,
    ARM_NN_FLT_ACT_RELU6 = 36,
    ARM_NN_FLT_ACT_HARDSWISH = 37,
    ARM_NN_FLT_ACT_LEAKY_RELU = 38,
} arm_nn_activation_type_flt;

typedef enum
{
    ARM_NN_DW_KERNEL_KC = 0,
    ARM_NN_DW_KERNEL_CK = 1,
} arm_nn_dw_kernel_layout_f32;

typedef enum
{
    ARM_NN_WEIGHT_FORMAT_STANDARD = 0,
    ARM_NN_WEIGHT_FORMAT_NT_N_PACKED = 1,
} arm_nn_weight_format_flt;

#if ARM_NN_ENABLE_F32

typedef struct
{
    float32_t min;
    float32_t max;
} cmsis_nn_activation_f32;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile dilation;
    cmsis_nn_activation_f32 activation;
    arm_nn_weight_format_flt weight_format;
} cmsis_nn_conv_params_f32;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile padding_offsets;
    cmsis_nn_tile dilation;
    cmsis_nn_activation_f32 activation;
} cmsis_nn_transpose_conv_params_f32;

typedef struct
{
    int32_t ch_mult;
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile dilation;
    cmsis_nn_activation_f32 activation;
} cmsis_nn_dw_conv_params_f32;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_activation_f32 activation;
} cmsis_nn_pool_params_f32;

typedef struct
{
    cmsis_nn_activation_f32 activation;
    arm_nn_weight_format_flt weight_format;
} cmsis_nn_fc_params_f32;

typedef struct
{
    const bool adj_x;
    const bool adj_y;
    cmsis_nn_activation_f32 activation;
    arm_nn_weight_format_flt rhs_format;
} cmsis_nn_bmm_params_f32;

typedef struct
{
    cmsis_nn_activation_f32 activation;
} cmsis_nn_ew_params_f32;

typedef struct
{
    int32_t num_dims;
    int32_t perm[4];
    arm_nn_tensor_layout layout;
} cmsis_nn_transpose_params_f32;

typedef struct
{
    int32_t rank;
    cmsis_nn_activation_f32 input_activation;
    cmsis_nn_activation_f32 output_activation;
} cmsis_nn_svdf_params_f32;

typedef struct
{
    const float32_t *input_weights;
    const float32_t *hidden_weights;
    const float32_t *bias;
    arm_nn_activation_type_flt activation_type;
} cmsis_nn_lstm_gate_f32;

typedef struct
{
    int32_t time_major;
    int32_t batch_size;
    int32_t time_steps;
    int32_t input_size;
    int32_t hidden_size;
    float32_t cell_clip;
    cmsis_nn_lstm_gate_f32 forget_gate;
    cmsis_nn_lstm_gate_f32 input_gate;
    cmsis_nn_lstm_gate_f32 cell_gate;
    cmsis_nn_lstm_gate_f32 output_gate;
} cmsis_nn_lstm_params_f32;

#if KILN_UPSTREAM_API
typedef struct
{
    float32_t *temp1;
    float32_t *temp2;
    float32_t *cell_state;
} cmsis_nn_lstm_context_f32;
#else
typedef struct
{
    float32_t *temp1;
    float32_t *temp2;
    float32_t *cell_state;
    float32_t *hidden_state;
} cmsis_nn_lstm_context_f32;
#endif

#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16

typedef arm_nn_dw_kernel_layout_f32 arm_nn_dw_kernel_layout_f16;

typedef struct
{
    float16_t min;
    float16_t max;
} cmsis_nn_activation_f16;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile dilation;
    cmsis_nn_activation_f16 activation;
    arm_nn_weight_format_flt weight_format;
} cmsis_nn_conv_params_f16;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile padding_offsets;
    cmsis_nn_tile dilation;
    cmsis_nn_activation_f16 activation;
} cmsis_nn_transpose_conv_params_f16;

typedef struct
{
    int32_t ch_mult;
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_tile dilation;
    cmsis_nn_activation_f16 activation;
} cmsis_nn_dw_conv_params_f16;

typedef struct
{
    cmsis_nn_tile stride;
    cmsis_nn_tile padding;
    cmsis_nn_activation_f16 activation;
} cmsis_nn_pool_params_f16;

typedef struct
{
    cmsis_nn_activation_f16 activation;
    arm_nn_weight_format_flt weight_format;
} cmsis_nn_fc_params_f16;

typedef struct
{
    const bool adj_x;
    const bool adj_y;
    cmsis_nn_activation_f16 activation;
    arm_nn_weight_format_flt rhs_format;
} cmsis_nn_bmm_params_f16;

typedef struct
{
    cmsis_nn_activation_f16 activation;
} cmsis_nn_ew_params_f16;

typedef struct
{
    int32_t num_dims;
    int32_t perm[4];
    arm_nn_tensor_layout layout;
} cmsis_nn_transpose_params_f16;

typedef struct
{
    int32_t rank;
    cmsis_nn_activation_f16 input_activation;
    cmsis_nn_activation_f16 output_activation;
} cmsis_nn_svdf_params_f16;

typedef struct
{
    const float16_t *input_weights;
    const float16_t *hidden_weights;
    const float16_t *bias;
    arm_nn_activation_type_flt activation_type;
} cmsis_nn_lstm_gate_f16;

typedef struct
{
    int32_t time_major;
    int32_t batch_size;
    int32_t time_steps;
    int32_t input_size;
    int32_t hidden_size;
    float16_t cell_clip;
    cmsis_nn_lstm_gate_f16 forget_gate;
    cmsis_nn_lstm_gate_f16 input_gate;
    cmsis_nn_lstm_gate_f16 cell_gate;
    cmsis_nn_lstm_gate_f16 output_gate;
} cmsis_nn_lstm_params_f16;

#if KILN_UPSTREAM_API
typedef struct
{
    float16_t *temp1;
    float16_t *temp2;
    float16_t *cell_state;
} cmsis_nn_lstm_context_f16;
#else
typedef struct
{
    float16_t *temp1;
    float16_t *temp2;
    float16_t *cell_state;
    float16_t *hidden_state;
} cmsis_nn_lstm_context_f16;
#endif

#endif /* ARM_NN_ENABLE_F16 */

#if ARM_NN_ENABLE_F32

/* ns-cmsis-nn extension */
typedef struct
{
    const float32_t *input_weights;
    const float32_t *hidden_weights;
    const float32_t *input_bias;
    const float32_t *hidden_bias;
} cmsis_nn_gru_gate_f32;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t time_major;
    int32_t batch_size;
    int32_t time_steps;
    int32_t input_size;
    int32_t hidden_size;
    int32_t reset_after;
    cmsis_nn_gru_gate_f32 update_gate;
    cmsis_nn_gru_gate_f32 reset_gate;
    cmsis_nn_gru_gate_f32 candidate_gate;
} cmsis_nn_gru_params_f32;

/* ns-cmsis-nn extension */
typedef struct
{
    float32_t *temp1;
    float32_t *hidden_state;
} cmsis_nn_gru_context_f32;

#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16

/* ns-cmsis-nn extension */
typedef struct
{
    const float16_t *input_weights;
    const float16_t *hidden_weights;
    const float16_t *input_bias;
    const float16_t *hidden_bias;
} cmsis_nn_gru_gate_f16;

/* ns-cmsis-nn extension */
typedef struct
{
    int32_t time_major;
    int32_t batch_size;
    int32_t time_steps;
    int32_t input_size;
    int32_t hidden_size;
    int32_t reset_after;
    cmsis_nn_gru_gate_f16 update_gate;
    cmsis_nn_gru_gate_f16 reset_gate;
    cmsis_nn_gru_gate_f16 candidate_gate;
} cmsis_nn_gru_params_f16;

/* ns-cmsis-nn extension */
typedef struct
{
    float16_t *temp1;
    float16_t *hidden_state;
} cmsis_nn_gru_context_f16;

#endif /* ARM_NN_ENABLE_F16 */

#ifdef __cplusplus
}
#endif

#endif /* ARM_NN_TYPES_FLT_H */
