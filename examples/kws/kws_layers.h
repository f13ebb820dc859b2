/*
 * Layer builders for the network tables: each macro reads one layer's configuration from the
 * shared test-vector header (upstream names: <OP>_<n>_<PARAM>) and its arrays
 * (<net>_layer_<n>_<kind>_<role>). KWS_NET must be defined to the network's array prefix before
 * use. Include once per network translation unit, after the vector header.
 */
#ifndef KWS_LAYERS_H
#define KWS_LAYERS_H

#include "kws_net.h"

#define KWS_CAT3_(a, b, c) a##b##c
#define KWS_CAT3(a, b, c)  KWS_CAT3_(a, b, c)
/* <net>_layer_<n>_<suffix> */
#define KWS_ARR(N, SUFFIX) KWS_CAT3(KWS_NET, _layer_, N##_##SUFFIX)

/* int8 convolution CONV_2D_<N> (per-channel quantization). */
#define KWS_CONV_LAYER(L, N)                                                                                           \
    do                                                                                                                 \
    {                                                                                                                  \
        kws_layer *const kl_ = (L);                                                                                    \
        kl_->op = KWS_CONV;                                                                                            \
        kl_->name = "CONV_2D_" #N;                                                                                     \
        kl_->in = (cmsis_nn_dims){CONV_2D_##N##_INPUT_BATCHES, CONV_2D_##N##_INPUT_H, CONV_2D_##N##_INPUT_W,           \
                                  CONV_2D_##N##_IN_CH};                                                                \
        kl_->filter = (cmsis_nn_dims){CONV_2D_##N##_OUT_CH, CONV_2D_##N##_FILTER_H, CONV_2D_##N##_FILTER_W,            \
                                      CONV_2D_##N##_IN_CH};                                                            \
        kl_->out = (cmsis_nn_dims){CONV_2D_##N##_INPUT_BATCHES, CONV_2D_##N##_OUTPUT_H, CONV_2D_##N##_OUTPUT_W,        \
                                   CONV_2D_##N##_OUT_CH};                                                              \
        kl_->conv.input_offset = CONV_2D_##N##_INPUT_OFFSET;                                                           \
        kl_->conv.output_offset = CONV_2D_##N##_OUTPUT_OFFSET;                                                         \
        kl_->conv.stride = (cmsis_nn_tile){CONV_2D_##N##_STRIDE_W, CONV_2D_##N##_STRIDE_H};                            \
        kl_->conv.padding = (cmsis_nn_tile){CONV_2D_##N##_PAD_W, CONV_2D_##N##_PAD_H};                                 \
        kl_->conv.dilation = (cmsis_nn_tile){CONV_2D_##N##_DILATION_W, CONV_2D_##N##_DILATION_H};                      \
        kl_->conv.activation =                                                                                         \
            (cmsis_nn_activation){CONV_2D_##N##_OUT_ACTIVATION_MIN, CONV_2D_##N##_OUT_ACTIVATION_MAX};                 \
        kl_->pc.multiplier = (int32_t *)KWS_ARR(N, conv_2d_output_mult);                                               \
        kl_->pc.shift = (int32_t *)KWS_ARR(N, conv_2d_output_shift);                                                   \
        kl_->weights = KWS_ARR(N, conv_2d_weights);                                                                    \
        kl_->bias = KWS_ARR(N, conv_2d_bias);                                                                          \
    } while (0)

/* int8 depthwise convolution DEPTHWISE_CONV_2D_<N> (channel multiplier OUT_CH / IN_CH). */
#define KWS_DW_LAYER(L, N)                                                                                             \
    do                                                                                                                 \
    {                                                                                                                  \
        kws_layer *const kl_ = (L);                                                                                    \
        kl_->op = KWS_DW;                                                                                              \
        kl_->name = "DEPTHWISE_CONV_2D_" #N;                                                                           \
        kl_->in = (cmsis_nn_dims){DEPTHWISE_CONV_2D_##N##_INPUT_BATCHES, DEPTHWISE_CONV_2D_##N##_INPUT_H,              \
                                  DEPTHWISE_CONV_2D_##N##_INPUT_W, DEPTHWISE_CONV_2D_##N##_IN_CH};                     \
        kl_->filter = (cmsis_nn_dims){1, DEPTHWISE_CONV_2D_##N##_FILTER_H, DEPTHWISE_CONV_2D_##N##_FILTER_W,           \
                                      DEPTHWISE_CONV_2D_##N##_OUT_CH};                                                 \
        kl_->out = (cmsis_nn_dims){DEPTHWISE_CONV_2D_##N##_INPUT_BATCHES, DEPTHWISE_CONV_2D_##N##_OUTPUT_H,            \
                                   DEPTHWISE_CONV_2D_##N##_OUTPUT_W, DEPTHWISE_CONV_2D_##N##_OUT_CH};                  \
        kl_->dw.input_offset = DEPTHWISE_CONV_2D_##N##_INPUT_OFFSET;                                                   \
        kl_->dw.output_offset = DEPTHWISE_CONV_2D_##N##_OUTPUT_OFFSET;                                                 \
        kl_->dw.ch_mult = DEPTHWISE_CONV_2D_##N##_OUT_CH / DEPTHWISE_CONV_2D_##N##_IN_CH;                              \
        kl_->dw.stride = (cmsis_nn_tile){DEPTHWISE_CONV_2D_##N##_STRIDE_W, DEPTHWISE_CONV_2D_##N##_STRIDE_H};          \
        kl_->dw.padding = (cmsis_nn_tile){DEPTHWISE_CONV_2D_##N##_PAD_W, DEPTHWISE_CONV_2D_##N##_PAD_H};               \
        kl_->dw.dilation = (cmsis_nn_tile){DEPTHWISE_CONV_2D_##N##_DILATION_W, DEPTHWISE_CONV_2D_##N##_DILATION_H};    \
        kl_->dw.activation = (cmsis_nn_activation){DEPTHWISE_CONV_2D_##N##_OUT_ACTIVATION_MIN,                         \
                                                   DEPTHWISE_CONV_2D_##N##_OUT_ACTIVATION_MAX};                        \
        kl_->pc.multiplier = (int32_t *)KWS_ARR(N, depthwise_conv_2d_output_mult);                                     \
        kl_->pc.shift = (int32_t *)KWS_ARR(N, depthwise_conv_2d_output_shift);                                         \
        kl_->weights = KWS_ARR(N, depthwise_conv_2d_weights);                                                          \
        kl_->bias = KWS_ARR(N, depthwise_conv_2d_bias);                                                                \
    } while (0)

/* int8 average pool AVERAGE_POOL_2D_<N>. */
#define KWS_AVGPOOL_LAYER(L, N)                                                                                        \
    do                                                                                                                 \
    {                                                                                                                  \
        kws_layer *const kl_ = (L);                                                                                    \
        kl_->op = KWS_AVGPOOL;                                                                                         \
        kl_->name = "AVERAGE_POOL_2D_" #N;                                                                             \
        kl_->in = (cmsis_nn_dims){AVERAGE_POOL_2D_##N##_INPUT_BATCHES, AVERAGE_POOL_2D_##N##_INPUT_H,                  \
                                  AVERAGE_POOL_2D_##N##_INPUT_W, AVERAGE_POOL_2D_##N##_IN_CH};                         \
        kl_->filter = (cmsis_nn_dims){1, AVERAGE_POOL_2D_##N##_FILTER_H, AVERAGE_POOL_2D_##N##_FILTER_W, 1};           \
        kl_->out = (cmsis_nn_dims){AVERAGE_POOL_2D_##N##_INPUT_BATCHES, AVERAGE_POOL_2D_##N##_OUTPUT_H,                \
                                   AVERAGE_POOL_2D_##N##_OUTPUT_W, AVERAGE_POOL_2D_##N##_OUT_CH};                      \
        kl_->pool.stride = (cmsis_nn_tile){AVERAGE_POOL_2D_##N##_STRIDE_W, AVERAGE_POOL_2D_##N##_STRIDE_H};            \
        kl_->pool.padding = (cmsis_nn_tile){AVERAGE_POOL_2D_##N##_PAD_W, AVERAGE_POOL_2D_##N##_PAD_H};                 \
        kl_->pool.activation =                                                                                         \
            (cmsis_nn_activation){AVERAGE_POOL_2D_##N##_OUT_ACTIVATION_MIN, AVERAGE_POOL_2D_##N##_OUT_ACTIVATION_MAX}; \
    } while (0)

/* int8 fully connected FULLY_CONNECTED_<N> (per-tensor quantization, filter offset 0). Upstream's
 * names for this layer: OUT_CH is the accumulation depth (the pooled channels) and OUTPUT_W the
 * number of outputs. */
#define KWS_FC_LAYER(L, N)                                                                                             \
    do                                                                                                                 \
    {                                                                                                                  \
        kws_layer *const kl_ = (L);                                                                                    \
        kl_->op = KWS_FC;                                                                                              \
        kl_->name = "FULLY_CONNECTED_" #N;                                                                             \
        kl_->in = (cmsis_nn_dims){FULLY_CONNECTED_##N##_INPUT_BATCHES, 1, 1, FULLY_CONNECTED_##N##_OUT_CH};            \
        kl_->filter = (cmsis_nn_dims){FULLY_CONNECTED_##N##_OUT_CH, 1, 1, FULLY_CONNECTED_##N##_OUTPUT_W};             \
        kl_->out = (cmsis_nn_dims){FULLY_CONNECTED_##N##_INPUT_BATCHES, 1, 1, FULLY_CONNECTED_##N##_OUTPUT_W};         \
        kl_->fc.input_offset = FULLY_CONNECTED_##N##_INPUT_OFFSET;                                                     \
        kl_->fc.filter_offset = 0;                                                                                     \
        kl_->fc.output_offset = FULLY_CONNECTED_##N##_OUTPUT_OFFSET;                                                   \
        kl_->fc.activation =                                                                                           \
            (cmsis_nn_activation){FULLY_CONNECTED_##N##_OUT_ACTIVATION_MIN, FULLY_CONNECTED_##N##_OUT_ACTIVATION_MAX}; \
        kl_->pt.multiplier = FULLY_CONNECTED_##N##_OUTPUT_MULTIPLIER;                                                  \
        kl_->pt.shift = FULLY_CONNECTED_##N##_OUTPUT_SHIFT;                                                            \
        kl_->weights = KWS_ARR(N, fully_connected_weights);                                                            \
        kl_->bias = KWS_ARR(N, fully_connected_bias);                                                                  \
    } while (0)

/* int8 softmax SOFTMAX_<N> (NUM_ROWS rows of ROW_SIZE). */
#define KWS_SOFTMAX_LAYER(L, N)                                                                                        \
    do                                                                                                                 \
    {                                                                                                                  \
        kws_layer *const kl_ = (L);                                                                                    \
        kl_->op = KWS_SOFTMAX;                                                                                         \
        kl_->name = "SOFTMAX_" #N;                                                                                     \
        kl_->in = (cmsis_nn_dims){SOFTMAX_##N##_NUM_ROWS, 1, 1, SOFTMAX_##N##_ROW_SIZE};                               \
        kl_->out = kl_->in;                                                                                            \
        kl_->sm_mult = SOFTMAX_##N##_MULT;                                                                             \
        kl_->sm_shift = SOFTMAX_##N##_SHIFT;                                                                           \
        kl_->sm_diff_min = SOFTMAX_##N##_DIFF_MIN;                                                                     \
    } while (0)

#endif
