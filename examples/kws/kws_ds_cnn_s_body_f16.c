/* DS-CNN-S body (float16) from the shared ds_cnn_s_body_f16 vectors: 4 x (depthwise 3x3 + ReLU, pointwise 1x1 +
 * ReLU) on 25x5x64, average pool to 64, fully connected to 12, softmax. Same layer arguments as the upstream
 * test driver (test_arm_ds_cnn_s_body_f16). */
#include <string.h>

#include "kws_flt.h"

#if ARM_NN_ENABLE_F16
#include "kiln_vectors/ds_cnn_s_body_f16.h"

#define B_(x) DS_CNN_S_BODY_F16_##x
#define A_(x) ds_cnn_s_body_f16_##x##_f16bits

void kws_ds_cnn_s_body_f16(kws_flt_net *net)
{
    static const char *const dw_names[4] = {"DW_CONV_0", "DW_CONV_1", "DW_CONV_2", "DW_CONV_3"};
    static const char *const pw_names[4] = {"PW_CONV_0", "PW_CONV_1", "PW_CONV_2", "PW_CONV_3"};
    const void *dw_w[4] = {A_(dwconv0_weights_data), A_(dwconv1_weights_data), A_(dwconv2_weights_data),
                           A_(dwconv3_weights_data)};
    const void *dw_b[4] = {A_(dwconv0_biases_data), A_(dwconv1_biases_data), A_(dwconv2_biases_data),
                           A_(dwconv3_biases_data)};
    const void *pw_w[4] = {A_(pwconv0_weights_data), A_(pwconv1_weights_data), A_(pwconv2_weights_data),
                           A_(pwconv3_weights_data)};
    const void *pw_b[4] = {A_(pwconv0_biases_data), A_(pwconv1_biases_data), A_(pwconv2_biases_data),
                           A_(pwconv3_biases_data)};
    const cmsis_nn_dims feat = {B_(INPUT_BATCHES), B_(INPUT_H), B_(INPUT_W), B_(CHANNELS)};
    const cmsis_nn_dims bias64 = {1, 1, 1, B_(CHANNELS)};
    memset(net, 0, sizeof(*net));
    net->name = "ds_cnn_s_body_f16";
    net->half = true;
    kws_flt_layer *l = net->layers;
    for (int32_t b = 0; b < B_(NUM_BLOCKS) && b < 4; b++)
    {
        l->op = KWS_DW;
        l->name = dw_names[b];
        l->in = feat;
        l->filter = (cmsis_nn_dims){B_(INPUT_C), B_(DEPTHWISE_FILTER_H), B_(DEPTHWISE_FILTER_W), B_(CHANNELS)};
        l->out = feat;
        l->bias_dims = bias64;
        l->stride = (cmsis_nn_tile){B_(DEPTHWISE_STRIDE_W), B_(DEPTHWISE_STRIDE_H)};
        l->padding = (cmsis_nn_tile){B_(DEPTHWISE_PADDING_W), B_(DEPTHWISE_PADDING_H)};
        l->dilation = (cmsis_nn_tile){B_(DEPTHWISE_DILATION_W), B_(DEPTHWISE_DILATION_H)};
        l->ch_mult = B_(DEPTHWISE_CH_MULT);
        l->act_min = B_(RELU_MIN);
        l->act_max = B_(RELU_MAX);
        l->weights = dw_w[b];
        l->bias = dw_b[b];
        l++;
        l->op = KWS_CONV;
        l->name = pw_names[b];
        l->in = feat;
        l->filter = (cmsis_nn_dims){B_(CHANNELS), B_(POINTWISE_FILTER_H), B_(POINTWISE_FILTER_W), B_(CHANNELS)};
        l->out = feat;
        l->bias_dims = bias64;
        l->stride = (cmsis_nn_tile){B_(POINTWISE_STRIDE_W), B_(POINTWISE_STRIDE_H)};
        l->padding = (cmsis_nn_tile){B_(POINTWISE_PADDING_W), B_(POINTWISE_PADDING_H)};
        l->dilation = (cmsis_nn_tile){B_(POINTWISE_DILATION_W), B_(POINTWISE_DILATION_H)};
        l->act_min = B_(RELU_MIN);
        l->act_max = B_(RELU_MAX);
        l->weights = pw_w[b];
        l->bias = pw_b[b];
        l++;
    }
    l->op = KWS_AVGPOOL;
    l->name = "AVERAGE_POOL";
    l->in = feat;
    l->filter = (cmsis_nn_dims){1, B_(AVGPOOL_FILTER_H), B_(AVGPOOL_FILTER_W), B_(CHANNELS)};
    l->out = (cmsis_nn_dims){B_(INPUT_BATCHES), B_(AVGPOOL_OUTPUT_H), B_(AVGPOOL_OUTPUT_W), B_(CHANNELS)};
    l->stride = (cmsis_nn_tile){1, 1};
    l->padding = (cmsis_nn_tile){0, 0};
    l->act_min = B_(IDENTITY_MIN);
    l->act_max = B_(IDENTITY_MAX);
    l++;
    l->op = KWS_FC;
    l->name = "FULLY_CONNECTED";
    l->in = (cmsis_nn_dims){B_(INPUT_BATCHES), B_(AVGPOOL_OUTPUT_H), B_(AVGPOOL_OUTPUT_W), B_(CHANNELS)};
    l->filter = (cmsis_nn_dims){B_(POOLED_SIZE), 1, 1, B_(NUM_CLASSES)};
    l->out = (cmsis_nn_dims){B_(INPUT_BATCHES), 1, 1, B_(NUM_CLASSES)};
    l->bias_dims = (cmsis_nn_dims){1, 1, 1, B_(NUM_CLASSES)};
    l->act_min = B_(IDENTITY_MIN);
    l->act_max = B_(IDENTITY_MAX);
    l->weights = A_(fc_weights_data);
    l->bias = A_(fc_biases_data);
    l++;
    l->op = KWS_SOFTMAX;
    l->name = "SOFTMAX";
    l->in = (cmsis_nn_dims){B_(SOFTMAX_ROWS), 1, 1, B_(SOFTMAX_COLS)};
    l->out = l->in;
    l++;
    net->n_layers = (int32_t)(l - net->layers);
    net->input = A_(input_data);
    net->reference = A_(output_ref_data);
    net->output_elems = B_(DST_SIZE);
    net->tolerance = 0.025; /* the upstream driver's absolute tolerance */
}
#else
void kws_ds_cnn_s_body_f16(kws_flt_net *net)
{
    memset(net, 0, sizeof(*net));
}
#endif
