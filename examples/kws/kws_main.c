/*
 * Kiln keyword-spotting demo: DS-CNN-S and DS-CNN-L (int8) end to end through the public API.
 *
 *   kws_demo                      every network, a table per layer, exit 0 when the int8 networks are bit-exact
 *                                 and the float bodies within their tolerance
 *   kws_demo --net ds_cnn_s       one network (ds_cnn_s, ds_cnn_l, ds_cnn_s_body_f32 or ds_cnn_s_body_f16; the
 *                                 float bodies need a build with ARM_NN_ENABLE_F32 / F16)
 *   kws_demo --describe ds_cnn_s  print the network in kiln-plan's text format
 */
#include <stdio.h>
#include <string.h>

#include "kiln_board.h"
#include "kws_flt.h"
#include "kws_net.h"

static kws_net kws_the_net;
static kws_flt_net kws_the_flt_net;

static int kws_usage(void)
{
    printf("usage: kws_demo [--net ds_cnn_s|ds_cnn_l|ds_cnn_s_body_f32|ds_cnn_s_body_f16|all] "
           "[--describe ds_cnn_s|ds_cnn_l]\n");
    return 2;
}

static bool kws_load(const char *name, kws_net *net)
{
    if (strcmp(name, "ds_cnn_s") == 0)
    {
        kws_ds_cnn_s(net);
        return true;
    }
    if (strcmp(name, "ds_cnn_l") == 0)
    {
        kws_ds_cnn_l(net);
        return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    const char *which = "all";
    for (int i = 1; i < argc; i++)
    {
        if (strcmp(argv[i], "--net") == 0 && i + 1 < argc)
        {
            which = argv[++i];
        }
        else if (strcmp(argv[i], "--describe") == 0 && i + 1 < argc)
        {
            if (!kws_load(argv[++i], &kws_the_net))
            {
                return kws_usage();
            }
            kws_describe(&kws_the_net);
            return 0;
        }
        else
        {
            return kws_usage();
        }
    }
    static const char *const all[] = {"ds_cnn_s", "ds_cnn_l"};
    int failures = 0;
    int ran = 0;
    for (int k = 0; k < 2; k++)
    {
        if (strcmp(which, "all") != 0 && strcmp(which, all[k]) != 0)
        {
            continue;
        }
        kws_load(all[k], &kws_the_net);
        failures += kws_run(&kws_the_net, false);
        ran++;
    }
    /* the float DS-CNN-S bodies (builds with the float API) */
    static const char *const flt[] = {"ds_cnn_s_body_f32", "ds_cnn_s_body_f16"};
    for (int k = 0; k < 2; k++)
    {
        if (strcmp(which, "all") != 0 && strcmp(which, flt[k]) != 0)
        {
            continue;
        }
        if (!kws_flt_load(flt[k], &kws_the_flt_net))
        {
            if (strcmp(which, "all") != 0)
            {
                printf("kws: %s needs a build with the float API (ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16)\n", flt[k]);
                return 2;
            }
            continue;
        }
        failures += kws_flt_run(&kws_the_flt_net);
        ran++;
    }
    if (ran == 0)
    {
        return kws_usage();
    }
    if (!kiln_counter_available())
    {
        printf("\n(host build: no instruction counter; run on an emulated board for instruction counts)\n");
    }
    return failures == 0 ? 0 : 1;
}
