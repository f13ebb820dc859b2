/* DS-CNN-L (ARM ML-Zoo keyword spotting, int8) from the shared ds_cnn_l vectors. */
#include <string.h>

#include "kiln_vectors/ds_cnn_l.h"
#include "kws_layers.h"

#define KWS_NET ds_cnn_l

void kws_ds_cnn_l(kws_net *net)
{
    memset(net, 0, sizeof(*net));
    net->name = "ds_cnn_l";
    kws_layer *l = net->layers;
    KWS_CONV_LAYER(l++, 1); /* the 1x490 input read as 49x10x1 */
    KWS_DW_LAYER(l++, 2);
    KWS_CONV_LAYER(l++, 3);
    KWS_DW_LAYER(l++, 4);
    KWS_CONV_LAYER(l++, 5);
    KWS_DW_LAYER(l++, 6);
    KWS_CONV_LAYER(l++, 7);
    KWS_DW_LAYER(l++, 8);
    KWS_CONV_LAYER(l++, 9);
    KWS_DW_LAYER(l++, 10);
    KWS_CONV_LAYER(l++, 11);
    KWS_AVGPOOL_LAYER(l++, 12);
    KWS_FC_LAYER(l++, 14); /* layer 13 is a reshape */
    KWS_SOFTMAX_LAYER(l++, 15);
    net->n_layers = (int32_t)(l - net->layers);
    net->input = ds_cnn_l_input;
    net->reference = ds_cnn_l_output_ref;
    net->output_bytes = (int32_t)sizeof(ds_cnn_l_output_ref);
}
