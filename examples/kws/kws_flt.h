/*
 * Kiln keyword-spotting demo, float part: the DS-CNN-S body (four depthwise 3x3 + pointwise 1x1 blocks, average
 * pool, fully connected, softmax) in float32 and float16 from the shared ds_cnn_s_body_f32 / _f16 vectors, run
 * through the public float API the way the int8 networks are (size queries, one arena, per-layer table).
 */
#ifndef KWS_FLT_H
#define KWS_FLT_H

#include <stdbool.h>
#include <stdint.h>

#include "kws_net.h"

#ifdef __cplusplus
extern "C"
{
#endif

    /** One float layer: dims as the public entry takes them, parameters kept dtype-neutral. */
    typedef struct
    {
        kws_op op;
        const char *name;
        cmsis_nn_dims in, filter, out, bias_dims;
        cmsis_nn_tile stride, padding, dilation;
        int32_t ch_mult;
        float act_min, act_max;
        const void *weights; /* float32_t or float16_t */
        const void *bias;
    } kws_flt_layer;

    typedef struct
    {
        const char *name; /* "ds_cnn_s_body_f32" */
        bool half;        /* float16 storage */
        int32_t n_layers;
        kws_flt_layer layers[KWS_MAX_LAYERS];
        const void *input;
        const void *reference;
        int32_t output_elems;
        double tolerance; /* absolute, the upstream driver's */
    } kws_flt_net;

    /** Loads a float network by name; false when unknown or not built (ARM_NN_ENABLE_F32 / F16). */
    bool kws_flt_load(const char *name, kws_flt_net *net);
    /** Plans, runs (twice) and reports one float network; 0 when within the tolerance. */
    int kws_flt_run(const kws_flt_net *net);

    void kws_ds_cnn_s_body_f32(kws_flt_net *net);
    void kws_ds_cnn_s_body_f16(kws_flt_net *net);

#ifdef __cplusplus
}
#endif

#endif
