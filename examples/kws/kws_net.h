/*
 * Kiln keyword-spotting demo: a tiny int8 "runtime" driving the public CMSIS-NN API.
 *
 * A network is a chain of layers (each consumes the previous layer's output). The runtime queries
 * every layer's scratch and weight-sum bytes through the public size queries, lays out one arena
 * (two ping-pong activation buffers, the largest scratch, and every layer's persistent weight sums),
 * fills the weight sums once, then runs inference layer by layer.
 */
#ifndef KWS_NET_H
#define KWS_NET_H

#include <stdbool.h>
#include <stdint.h>

#include "Include/arm_nnfunctions.h"

#ifdef __cplusplus
extern "C"
{
#endif

    typedef enum
    {
        KWS_CONV = 0,
        KWS_DW = 1,
        KWS_AVGPOOL = 2,
        KWS_FC = 3,
        KWS_SOFTMAX = 4
    } kws_op;

    /** One layer: the public API's own argument structs, filled from the shared test vectors. */
    typedef struct
    {
        kws_op op;
        const char *name;              /* the layer's name in the model, e.g. "CONV_2D_1" */
        cmsis_nn_dims in, filter, out; /* as the public entry takes them (FC: filter n = cols, c = rows) */
        cmsis_nn_conv_params conv;
        cmsis_nn_dw_conv_params dw;
        cmsis_nn_pool_params pool;
        cmsis_nn_fc_params fc;
        cmsis_nn_per_channel_quant_params pc; /* conv, depthwise */
        cmsis_nn_per_tensor_quant_params pt;  /* fully connected */
        const int8_t *weights;
        const int32_t *bias;
        int32_t sm_mult, sm_shift, sm_diff_min; /* softmax */
    } kws_layer;

#define KWS_MAX_LAYERS 16

    typedef struct
    {
        const char *name; /* "ds_cnn_s" */
        int32_t n_layers;
        kws_layer layers[KWS_MAX_LAYERS];
        const int8_t *input;     /* the first layer's input */
        const int8_t *reference; /* the expected output of the last layer */
        int32_t output_bytes;
    } kws_net;

    /* The networks (one translation unit each: their vector headers share macro names). */
    void kws_ds_cnn_s(kws_net *net);
    void kws_ds_cnn_l(kws_net *net);

    /** Elements of a dims struct (n * h * w * c). */
    static inline int64_t kws_dims_elems(const cmsis_nn_dims *d)
    {
        return (int64_t)d->n * d->h * d->w * d->c;
    }

    /** Writes the network in kiln-plan's text format (tools/planner/README.md) to stdout. */
    void kws_describe(const kws_net *net);

    /** Runs the whole demo for one network (plan, arena, weight sums, two inferences, report).
     * Returns 0 when the output equals the reference bit for bit. */
    int kws_run(const kws_net *net, bool quiet);

#ifdef __cplusplus
}
#endif

#endif
