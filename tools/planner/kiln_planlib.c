/* kiln-plan's core: parsing and the calls into the families' plan functions (see kiln_planlib.h). */
#include "kiln_planlib.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "Include/Internal/kiln_conv_flt.h"
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_dw_flt.h"
#include "Include/Internal/kiln_dw_s8.h"
#include "Include/Internal/kiln_flt_ops.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/Internal/kiln_pool_s8.h"

static bool kp_fail(char *err, int err_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, (size_t)err_len, fmt, ap);
    va_end(ap);
    return false;
}

const char *kp_op_name(kp_op op)
{
    static const char *const names[] = {"conv", "dw", "avgpool", "maxpool", "fc", "softmax"};
    return names[op];
}

int kp_split(char *line, const char **words, int max)
{
    int n = 0;
    char *p = line;
    for (;;)
    {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        {
            p++;
        }
        if (*p == '\0' || *p == '#')
        {
            return n;
        }
        if (n == max)
        {
            return -1;
        }
        words[n++] = p;
        while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '#')
        {
            p++;
        }
        if (*p == '#')
        {
            *p = '\0';
            return n;
        }
        if (*p != '\0')
        {
            *p++ = '\0';
        }
    }
}

/* "a", "axb" or "axbxcxd": exactly `count` decimal integers in [0, INT32_MAX] separated by 'x'. */
static bool kp_ints(const char *s, int32_t *v, int count)
{
    for (int i = 0; i < count; i++)
    {
        if (*s < '0' || *s > '9')
        {
            return false;
        }
        int64_t x = 0;
        while (*s >= '0' && *s <= '9')
        {
            x = x * 10 + (*s++ - '0');
            if (x > INT32_MAX)
            {
                return false;
            }
        }
        v[i] = (int32_t)x;
        if (i + 1 < count)
        {
            if (*s != 'x')
            {
                return false;
            }
            s++;
        }
    }
    return *s == '\0';
}

static int kp_count_parts(const char *s)
{
    int n = 1;
    for (; *s; s++)
    {
        n += *s == 'x';
    }
    return n;
}

typedef struct
{
    const char *key;
    int parts; /* 1, 2 or 4 */
    bool required;
    unsigned ops; /* bit per kp_op that accepts the key */
} kp_key;

#define KP_BIT(op) (1u << (op))
#define KP_SPATIAL (KP_BIT(KP_CONV) | KP_BIT(KP_DW) | KP_BIT(KP_AVGPOOL) | KP_BIT(KP_MAXPOOL))

static const kp_key kp_keys[] = {
    {"in", 4, true, KP_SPATIAL},
    {"out", 4, true, KP_SPATIAL},
    {"filter", 2, true, KP_SPATIAL}, /* conv also takes 4 parts */
    {"stride", 2, false, KP_SPATIAL},
    {"pad", 2, false, KP_SPATIAL},
    {"dilation", 2, false, KP_BIT(KP_CONV) | KP_BIT(KP_DW)},
    {"mult", 1, false, KP_BIT(KP_DW)},
    {"dtype", 0, false, KP_SPATIAL | KP_BIT(KP_FC) | KP_BIT(KP_SOFTMAX)},
    {"batches", 1, false, KP_BIT(KP_FC)},
    {"cols", 1, true, KP_BIT(KP_FC) | KP_BIT(KP_SOFTMAX)},
    {"rows", 1, true, KP_BIT(KP_FC)},
    {"rows", 1, false, KP_BIT(KP_SOFTMAX)},
    {"ctx", 1, false, KP_BIT(KP_CONV) | KP_BIT(KP_DW)},
    {"format", 0, false, KP_BIT(KP_CONV) | KP_BIT(KP_FC)},
    {"name", 0, false, 0xFFu},
};
#define KP_NKEYS ((int)(sizeof(kp_keys) / sizeof(kp_keys[0])))

static bool seen_key(const bool *seen, const char *key)
{
    for (int i = 0; i < KP_NKEYS; i++)
    {
        if (seen[i] && strcmp(kp_keys[i].key, key) == 0)
        {
            return true;
        }
    }
    return false;
}

bool kp_parse(int argc, const char *const *argv, kp_layer *l, char *err, int err_len)
{
    memset(l, 0, sizeof(*l));
    if (argc < 1)
    {
        return kp_fail(err, err_len, "empty layer description (expected: <op> key=value ...)");
    }
    static const char *const ops[] = {"conv", "dw", "avgpool", "maxpool", "fc", "softmax"};
    int op = -1;
    for (int i = 0; i < 6; i++)
    {
        op = strcmp(argv[0], ops[i]) == 0 ? i : op;
    }
    if (op < 0)
    {
        return kp_fail(err, err_len, "unknown operator '%s' (expected conv, dw, avgpool, maxpool, fc or softmax)",
                       argv[0]);
    }
    l->op = (kp_op)op;
    l->stride = (cmsis_nn_tile){1, 1};
    l->dilation = (cmsis_nn_tile){1, 1};
    l->batches = 1;
    l->rows = 1;
    l->ctx_bytes = -1;
    bool seen[KP_NKEYS];
    memset(seen, 0, sizeof(seen));
    bool have_mult = false;
    for (int a = 1; a < argc; a++)
    {
        const char *eq = strchr(argv[a], '=');
        if (eq == NULL || eq == argv[a])
        {
            return kp_fail(err, err_len, "'%s': expected key=value", argv[a]);
        }
        const size_t klen = (size_t)(eq - argv[a]);
        const char *val = eq + 1;
        int k = -1;
        for (int i = 0; i < KP_NKEYS; i++)
        {
            if (strlen(kp_keys[i].key) == klen && strncmp(kp_keys[i].key, argv[a], klen) == 0 &&
                (kp_keys[i].ops & KP_BIT(op)) != 0)
            {
                k = i;
                break;
            }
        }
        if (k < 0)
        {
            return kp_fail(err, err_len, "%s: unknown key '%.*s'", ops[op], (int)klen, argv[a]);
        }
        for (int i = 0; i < KP_NKEYS; i++)
        {
            if (seen[i] && strcmp(kp_keys[i].key, kp_keys[k].key) == 0)
            {
                return kp_fail(err, err_len, "%s: key '%s' given twice", ops[op], kp_keys[k].key);
            }
        }
        seen[k] = true;
        const char *key = kp_keys[k].key;
        if (strcmp(key, "name") == 0)
        {
            snprintf(l->name, sizeof(l->name), "%s", val);
            continue;
        }
        if (strcmp(key, "dtype") == 0)
        {
            const int dt =
                strcmp(val, "s8") == 0 ? 0 : (strcmp(val, "f32") == 0 ? 1 : (strcmp(val, "f16") == 0 ? 2 : -1));
            if (dt < 0)
            {
                return kp_fail(err, err_len, "%s: dtype '%s' not planned (expected s8, f32 or f16)", ops[op], val);
            }
            l->dtype = dt;
            continue;
        }
        if (strcmp(key, "format") == 0)
        {
            if (strcmp(val, "standard") != 0 && strcmp(val, "packed") != 0)
            {
                return kp_fail(err, err_len, "%s: format=%s: expected standard or packed", ops[op], val);
            }
            l->weight_format = val[0] == 'p' ? 1 : 0;
            continue;
        }
        int32_t v[4];
        int parts = kp_keys[k].parts;
        if (strcmp(key, "filter") == 0 && op == KP_CONV && kp_count_parts(val) == 4)
        {
            parts = 4;
        }
        if (!kp_ints(val, v, parts))
        {
            return kp_fail(
                err, err_len, "%s: %s=%s: expected %s of decimal integers below 2^31", ops[op], key, val,
                parts == 4 ? "NxHxWxC"
                           : (parts == 2 ? (op == KP_CONV && strcmp(key, "filter") == 0 ? "HxW or CoutxHxWxCin" : "HxW")
                                         : "a number"));
        }
        if (strcmp(key, "in") == 0 || strcmp(key, "out") == 0)
        {
            for (int i = 0; i < 4; i++)
            {
                if (v[i] < 1)
                {
                    return kp_fail(err, err_len, "%s: %s=%s: every dimension must be >= 1", ops[op], key, val);
                }
            }
            cmsis_nn_dims *d = strcmp(key, "in") == 0 ? &l->in : &l->out;
            *d = (cmsis_nn_dims){v[0], v[1], v[2], v[3]};
        }
        else if (strcmp(key, "filter") == 0)
        {
            l->filter = parts == 4 ? (cmsis_nn_dims){v[0], v[1], v[2], v[3]} : (cmsis_nn_dims){0, v[0], v[1], 0};
            if ((parts == 4 && v[0] < 1) || v[parts == 4 ? 1 : 0] < 1 || v[parts == 4 ? 2 : 1] < 1 ||
                (parts == 4 && v[3] < 1))
            {
                return kp_fail(err, err_len, "%s: filter=%s: every dimension must be >= 1", ops[op], val);
            }
        }
        else if (strcmp(key, "stride") == 0 || strcmp(key, "dilation") == 0)
        {
            if (v[0] < 1 || v[1] < 1)
            {
                return kp_fail(err, err_len, "%s: %s=%s: must be >= 1 in both axes", ops[op], key, val);
            }
            cmsis_nn_tile *t = strcmp(key, "stride") == 0 ? &l->stride : &l->dilation;
            *t = (cmsis_nn_tile){v[1], v[0]};
        }
        else if (strcmp(key, "pad") == 0)
        {
            l->pad = (cmsis_nn_tile){v[1], v[0]};
        }
        else if (strcmp(key, "mult") == 0)
        {
            if (v[0] < 1)
            {
                return kp_fail(err, err_len, "dw: mult=%s: the channel multiplier must be >= 1", val);
            }
            l->ch_mult = v[0];
            have_mult = true;
        }
        else if (strcmp(key, "ctx") == 0)
        {
            l->ctx_bytes = v[0];
        }
        else
        {
            if (v[0] < 1)
            {
                return kp_fail(err, err_len, "%s: %s=%s: must be >= 1", ops[op], key, val);
            }
            int32_t *dst = strcmp(key, "batches") == 0 ? &l->batches : (strcmp(key, "cols") == 0 ? &l->cols : &l->rows);
            *dst = v[0];
        }
    }
    for (int i = 0; i < KP_NKEYS; i++)
    {
        if (kp_keys[i].required && (kp_keys[i].ops & KP_BIT(op)) != 0)
        {
            bool got = false;
            for (int j = 0; j < KP_NKEYS; j++)
            {
                got = got || (seen[j] && strcmp(kp_keys[j].key, kp_keys[i].key) == 0);
            }
            if (!got)
            {
                return kp_fail(err, err_len, "%s: missing %s=", ops[op], kp_keys[i].key);
            }
        }
    }
    if (seen_key(seen, "ctx") && l->dtype == 0)
    {
        return kp_fail(err, err_len, "%s: ctx= applies to float convolution and depthwise (dtype=f32 or f16)",
                       ops[op]);
    }
    if (seen_key(seen, "format") && l->dtype == 0)
    {
        return kp_fail(err, err_len, "%s: format= applies to float convolution and fully connected (dtype=f32 or f16)",
                       ops[op]);
    }
    if (op == KP_CONV && l->filter.n == 0)
    {
        l->filter.n = l->out.c; /* HxW: every input channel, one group */
        l->filter.c = l->in.c;
    }
    if (op == KP_DW)
    {
        if (!have_mult)
        {
            l->ch_mult = l->out.c / l->in.c;
        }
        l->filter.n = 1;
        l->filter.c = l->out.c;
    }
    if (op == KP_SOFTMAX)
    {
        l->batches = l->rows;
    }
    if (l->name[0] == '\0')
    {
        snprintf(l->name, sizeof(l->name), "%s", ops[op]);
    }
    return true;
}

int64_t kp_output_elems(const kp_layer *l)
{
    switch (l->op)
    {
    case KP_FC:
        return (int64_t)l->batches * l->rows;
    case KP_SOFTMAX:
        return (int64_t)l->rows * l->cols;
    default:
        return (int64_t)l->out.n * l->out.h * l->out.w * l->out.c;
    }
}

int64_t kp_input_elems(const kp_layer *l)
{
    switch (l->op)
    {
    case KP_FC:
        return (int64_t)l->batches * l->cols;
    case KP_SOFTMAX:
        return (int64_t)l->rows * l->cols;
    default:
        return (int64_t)l->in.n * l->in.h * l->in.w * l->in.c;
    }
}

int64_t kp_elem_bytes(const kp_layer *l)
{
    return l->dtype == 1 ? 4 : (l->dtype == 2 ? 2 : 1);
}

const char *kp_dtype_name(const kp_layer *l)
{
    return l->dtype == 1 ? "f32" : (l->dtype == 2 ? "f16" : "s8");
}

/* A hint for a rejected geometry: the output sizes TFLite's VALID/SAME arithmetic gives. */
static void kp_expected_out(const kp_layer *l, char *buf, int len)
{
    int64_t o[2];
    const int32_t in[2] = {l->in.h, l->in.w};
    const int32_t k[2] = {l->filter.h, l->filter.w};
    const int32_t s[2] = {l->stride.h, l->stride.w};
    const int32_t p[2] = {l->pad.h, l->pad.w};
    const int32_t d[2] = {l->op == KP_CONV || l->op == KP_DW ? l->dilation.h : 1,
                          l->op == KP_CONV || l->op == KP_DW ? l->dilation.w : 1};
    for (int i = 0; i < 2; i++)
    {
        const int64_t eff = (int64_t)(k[i] - 1) * d[i] + 1;
        const int64_t span = (int64_t)in[i] + 2 * (int64_t)p[i] - eff;
        o[i] = span < 0 ? 0 : span / s[i] + 1;
    }
    snprintf(buf, (size_t)len,
             "for this input, filter, stride, padding and dilation the output is %lldx%lld "
             "(one more row/column with SAME's extra bottom/right padding)",
             (long long)o[0], (long long)o[1]);
}

/* The conditions of the routes, as the family headers document them (the decision itself is the
 * family's predicate; this text only says what it requires). */
static const char *kp_conv_cond(kiln_conv_s8_route r)
{
    switch (r)
    {
    case KILN_CONV_S8_ROUTE_1X1_FAST:
        return "needs a 1x1 filter, stride 1 and no padding";
    case KILN_CONV_S8_ROUTE_1X1:
        return "needs a 1x1 filter and no padding";
    case KILN_CONV_S8_ROUTE_1XN:
        return "needs filter_h == 1, unit horizontal dilation and one group";
    default:
        return "-";
    }
}

static const char *kp_dw_cond(int32_t r)
{
    switch (r)
    {
    case KILN_DW_S8_ROUTE_3X3:
        return "needs ch_mult 1, a 3x3 filter, padding <= 1 and unit dilation";
    case KILN_DW_S8_ROUTE_OPT:
        return "needs ch_mult 1";
    case KILN_DW_S8_ROUTE_IC1:
        return "needs one input channel and ch_mult > 1";
    default:
        return "-";
    }
}

static void kp_reject(kp_result *res, const char *route, const char *why)
{
    if (res->n_rejected < KP_MAX_REJECTED)
    {
        res->rejected[res->n_rejected] = route;
        res->rejected_why[res->n_rejected] = why;
        res->n_rejected++;
    }
}

#if ARM_NN_FLOAT_API_ENABLED
static void kp_reject_fmt(kp_result *res, const char *route, const char *fmt, ...);

/* Why the float convolution routes before `taken` (dispatch order: 1x1, 1xN, conv1d k5, conv1d k3, small-C,
 * packed-patch GEMM, direct) were not taken, from the same public route predicates kiln_conv_flt_plan() asks. */
static void kp_flt_conv_why(const kp_layer *l, kiln_isa isa, bool f32, int64_t ctx, kiln_conv_flt_route taken,
                            kp_result *res)
{
    const size_t elem = f32 ? 4u : 2u;
#if defined(NN_DISABLE_SPECIALIZATION)
    const bool k5 = false, k3 = false;
    const char *const k_off = "disabled (NN_DISABLE_SPECIALIZATION)";
#else
    const bool k5 = arm_nn_conv_flt_is_1d_k(&l->stride, &l->pad, &l->dilation, &l->in, &l->filter, &l->out, 5);
    const bool k3 = arm_nn_conv_flt_is_1d_k(&l->stride, &l->pad, &l->dilation, &l->in, &l->filter, &l->out, 3);
    const char *const k_off = NULL;
#endif
    /* 1x1 */
    kp_reject(res, "1x1", "needs a 1x1 filter and no padding (arm_nn_conv_flt_is_1x1)");
    if (taken == KILN_CONV_FLT_ROUTE_1XN)
    {
        return;
    }
    /* 1xN */
    if (!arm_nn_conv_flt_is_1xn(&l->stride, &l->pad, &l->dilation, &l->in, &l->filter, &l->out))
    {
        kp_reject(res, "1xN", "needs input, output and filter height 1, a filter wider than 1, unit stride and "
                              "dilation (arm_nn_conv_flt_is_1xn)");
    }
    else if (k5 || k3)
    {
        kp_reject(res, "1xN", k5 ? "conv1d k5 claims this shape" : "conv1d k3 claims this shape");
    }
    else
    {
        kp_reject_fmt(res, "1xN", "needs ctx >= %lld bytes (one KW x C_IN patch row), offered %lld",
                      (long long)kiln_conv_flt_1xn_bytes(&l->filter, &l->in, elem), (long long)ctx);
    }
    if (taken == KILN_CONV_FLT_ROUTE_K5 || taken == KILN_CONV_FLT_ROUTE_K3)
    {
        if (taken == KILN_CONV_FLT_ROUTE_K3)
        {
            kp_reject(res, "conv1d_k5", "needs a 1x5 filter, batch 1, height 1, unit stride and dilation, no padding");
        }
        return;
    }
    kp_reject(res, "conv1d_k5",
              k_off != NULL ? k_off : "needs a 1x5 filter, batch 1, height 1, unit stride and dilation, no padding");
    kp_reject(res, "conv1d_k3",
              k_off != NULL ? k_off : "needs a 1x3 filter, batch 1, height 1, unit stride and dilation, no padding");
    if (taken == KILN_CONV_FLT_ROUTE_SMALL_C)
    {
        return;
    }
    if (isa != KILN_ISA_MVE)
    {
        kp_reject(res, "small_c", "MVE float builds only");
    }
    else
    {
        kp_reject(res, "small_c",
                  f32 ? "needs fewer than ARM_NN_CONV_SMALL_C_F32_LANES input channels (or the 3x3 four-channel "
                        "region) within the small-C coordinate bounds (arm_nn_conv_f32_is_small_c*)"
                      : "needs fewer than ARM_NN_CONV_SMALL_C_F16_LANES input channels (arm_nn_conv_f16_is_small_c)");
    }
    if (taken == KILN_CONV_FLT_ROUTE_PATCH_GEMM)
    {
        return;
    }
    if (!arm_nn_conv_flt_is_patch_gemm(&l->out))
    {
        kp_reject_fmt(res, "patch_gemm", "needs >= %d output channels and >= %d output positions per batch",
                      f32 ? ARM_NN_CONV_NHWC_PATCH_GEMM_F32_MIN_OC : ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_OC,
                      f32 ? ARM_NN_CONV_NHWC_PATCH_GEMM_F32_MIN_POS : ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_POS);
    }
    else
    {
        kp_reject_fmt(res, "patch_gemm", "needs ctx >= %lld bytes (one KH x KW x C_IN patch row), offered %lld",
                      (long long)kiln_conv_flt_row_bytes(&l->filter, &l->in, elem), (long long)ctx);
    }
}
#endif

/* Float convolution: kiln_conv_flt_plan() decides route and scratch; kp_flt_conv_why() explains the earlier
 * routes. Compiled when the build enables the float API. */
static bool kp_plan_flt(const kp_layer *l, kiln_isa isa, kp_result *res, char *err, int err_len)
{
#if ARM_NN_FLOAT_API_ENABLED
    static const char *const names[] = {"1x1", "1xN", "conv1d_k5", "conv1d_k3", "small_c", "patch_gemm", "direct"};
    const bool want_f32 = l->dtype == 1;
    if ((want_f32 && !ARM_NN_ENABLE_F32) || (!want_f32 && !ARM_NN_ENABLE_F16))
    {
        return kp_fail(err, err_len, "%s: this kiln-plan was built without ARM_NN_ENABLE_%s", l->name,
                       want_f32 ? "F32" : "F16");
    }
    kiln_conv_flt_plan_t p;
    const int64_t ctx = l->ctx_bytes < 0 ? INT64_MAX : l->ctx_bytes;
    if (kiln_conv_flt_plan(&l->stride, &l->pad, &l->dilation, l->weight_format, (int32_t)ARM_NN_LAYOUT_NHWC, &l->in,
                           &l->filter, &l->out, want_f32 ? KILN_FLT_F32 : KILN_FLT_F16, isa, ctx,
                           &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return kp_fail(err, err_len, "%s: the float convolution plan rejects this geometry", l->name);
    }
    res->route = p.empty ? "(empty output)" : names[p.route];
    if (!p.empty && p.route != KILN_CONV_FLT_ROUTE_1X1)
    {
        kp_flt_conv_why(l, isa, want_f32, ctx, p.route, res);
    }
    res->scratch_bytes = p.scratch_bytes;
    return true;
#else
    (void)isa;
    (void)res;
    return kp_fail(err, err_len,
                   "%s: dtype f32/f16: this kiln-plan was built without the float API "
                   "(ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16)",
                   l->name);
#endif
}

#if ARM_NN_FLOAT_API_ENABLED
/* Storage-backed variant of kp_reject() for conditions that state numbers. */
static void kp_reject_fmt(kp_result *res, const char *route, const char *fmt, ...)
{
    if (res->n_rejected >= KP_MAX_REJECTED)
    {
        return;
    }
    char *buf = res->why_text[res->n_rejected];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(res->why_text[0]), fmt, ap);
    va_end(ap);
    kp_reject(res, route, buf);
}
#endif

/* The float API of this build refuses a dtype it was built without. */
static bool kp_flt_enabled(const kp_layer *l, char *err, int err_len)
{
#if ARM_NN_FLOAT_API_ENABLED
    const bool want_f32 = l->dtype == 1;
    if ((want_f32 && !ARM_NN_ENABLE_F32) || (!want_f32 && !ARM_NN_ENABLE_F16))
    {
        return kp_fail(err, err_len, "%s: this kiln-plan was built without ARM_NN_ENABLE_%s", l->name,
                       want_f32 ? "F32" : "F16");
    }
    return true;
#else
    return kp_fail(err, err_len,
                   "%s: dtype f32/f16: this kiln-plan was built without the float API "
                   "(ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16)",
                   l->name);
#endif
}

#if ARM_NN_FLOAT_API_ENABLED
/*
 * Why the float depthwise route table's entry `e` (earlier in the dispatch order than the route the plan
 * took) does not apply to request q. The answer is the table's own predicate; the text adds which part of
 * it failed, from the public float16 predicates (float16) or the plan header's shape tests (float32), and
 * for the ctx-dependent routes the bytes they need (the plan's own size functions).
 */
static void kp_dw_flt_why(const kiln_dw_flt_req *q, const kiln_dw_flt_route_entry *e, kp_result *res)
{
    const bool f16 = q->dtype == KILN_FLT_F16;
    switch (e->route)
    {
    case KILN_DW_FLT_ROUTE_K3:
#if defined(NN_DISABLE_SPECIALIZATION)
        kp_reject(res, e->name, "disabled by NN_DISABLE_SPECIALIZATION");
#else
        kp_reject(res, e->name,
                  f16 ? "arm_nn_dw_f16_is_1d_k3() is false: needs batch 1, ch_mult 1, a 1x3 filter, input and output "
                        "height 1, unit stride and dilation, no padding"
                      : "needs the arm_nn_dw_f16_is_1d_k3() shape: batch 1, ch_mult 1, a 1x3 filter, input and output "
                        "height 1, unit stride and dilation, no padding");
#endif
        return;
    case KILN_DW_FLT_ROUTE_2X5:
#if defined(NN_DISABLE_SPECIALIZATION)
        kp_reject(res, e->name, "disabled by NN_DISABLE_SPECIALIZATION");
#else
        kp_reject(res, e->name,
                  f16 ? "arm_nn_dw_f16_is_2x5() is false: needs a 2x5 filter, input height 2, output height 1, unit "
                        "stride and dilation, no padding"
                      : "float16 only: no float32 2x5 kernel");
#endif
        return;
    case KILN_DW_FLT_ROUTE_3X3:
        kp_reject(res, e->name, "needs ch_mult 1, a 3x3 filter and unit dilation");
        return;
    case KILN_DW_FLT_ROUTE_CIN1:
    {
        if (q->isa != KILN_ISA_MVE)
        {
            kp_reject(res, e->name, "MVE float builds only");
            return;
        }
        bool shape;
        int64_t need;
#if ARM_NN_ENABLE_F16
        if (f16)
        {
            shape = arm_nn_dw_f16_is_cin1(q->in, q->out);
            need = arm_nn_dw_f16_cin1_min_ctx_size(q->flt, q->out);
        }
        else
#endif
        {
            shape = kiln_dw_flt_is_cin1(q->g);
            need = kiln_dw_flt_cin1_min(q);
        }
        if (!shape)
        {
            kp_reject_fmt(res, e->name, "%s: needs one input channel and at least %d output channel(s)",
                          f16 ? "arm_nn_dw_f16_is_cin1() is false" : "not the arm_nn_dw_f16_is_cin1() shape",
                          (int)CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD);
        }
        else
        {
            kp_reject_fmt(res, e->name, "needs ctx >= %lld bytes (%s: packed filter + one patch row), offered %lld",
                          (long long)need, f16 ? "arm_nn_dw_f16_cin1_min_ctx_size()" : "float32 blocks of 4",
                          (long long)q->stated);
        }
        return;
    }
    case KILN_DW_FLT_ROUTE_NT_T:
        kp_reject_fmt(res, e->name, "needs ctx >= %lld bytes (one KHxKWxC_OUT patch row), offered %lld",
                      (long long)kiln_dw_flt_row_bytes(q->g, q->dtype), (long long)q->stated);
        return;
    default:
        kp_reject(res, e->name, "-");
        return;
    }
}
#endif

/* Float depthwise: kiln_dw_f32_plan() / kiln_dw_f16_plan() with the offered ctx (INT64_MAX: the query's
 * answer); the rejected routes are the plan's route table before the route taken, each asked again. */
static bool kp_plan_flt_dw(const kp_layer *l, kiln_isa isa, kp_result *res, char *err, int err_len)
{
    if (!kp_flt_enabled(l, err, err_len))
    {
        return false;
    }
#if ARM_NN_FLOAT_API_ENABLED
    const int64_t stated = l->ctx_bytes < 0 ? INT64_MAX : l->ctx_bytes;
    kiln_dw_flt_plan_t p;
    kiln_dw_flt_req q;
    memset(&q, 0, sizeof(q));
    arm_cmsis_nn_status st = ARM_CMSIS_NN_ARG_ERROR;
#if ARM_NN_ENABLE_F32
    cmsis_nn_dw_conv_params_f32 p32;
    memset(&p32, 0, sizeof(p32));
    p32.ch_mult = l->ch_mult;
    p32.stride = l->stride;
    p32.padding = l->pad;
    p32.dilation = l->dilation;
    if (l->dtype == 1)
    {
        st = kiln_dw_f32_plan(&p32, (int32_t)ARM_NN_LAYOUT_NHWC, &l->in, &l->filter, &l->out, isa, stated, &p);
    }
#endif
#if ARM_NN_ENABLE_F16
    cmsis_nn_dw_conv_params_f16 p16;
    memset(&p16, 0, sizeof(p16));
    p16.ch_mult = l->ch_mult;
    p16.stride = l->stride;
    p16.padding = l->pad;
    p16.dilation = l->dilation;
    if (l->dtype == 2)
    {
        st = kiln_dw_f16_plan(&p16, (int32_t)ARM_NN_LAYOUT_NHWC, &l->in, &l->filter, &l->out, isa, stated, &p);
        q.p16 = &p16;
    }
#endif
    if (st != ARM_CMSIS_NN_SUCCESS)
    {
        char hint[200];
        kp_expected_out(l, hint, sizeof(hint));
        return kp_fail(err, err_len,
                       "%s: the float depthwise plan rejects this geometry (out c must be in c * mult = %lld, batches "
                       "equal, sizes within int32; %s)",
                       l->name, (long long)l->in.c * l->ch_mult, hint);
    }
    res->scratch_bytes = p.scratch_bytes;
    if (p.empty)
    {
        res->route = "(empty output)";
        return true;
    }
    res->route = p.name;
    q.dtype = l->dtype == 1 ? KILN_FLT_F32 : KILN_FLT_F16;
    q.isa = isa;
    q.stated = stated;
    q.g = &p.g;
    q.in = &l->in;
    q.flt = &l->filter;
    q.out = &l->out;
    const kiln_dw_flt_route_entry *t = kiln_dw_flt_routes();
    for (int i = 0; i < (int)KILN_DW_FLT_ROUTE_COUNT && t[i].route != p.route; i++)
    {
        if (t[i].applies(&q))
        {
            /* the plan took a later route although this one applies: never planned around silently */
            return kp_fail(err, err_len, "%s: internal: route %s applies but the plan took %s", l->name, t[i].name,
                           p.name);
        }
        kp_dw_flt_why(&q, &t[i], res);
    }
    return true;
#else
    (void)isa;
    (void)res;
    return false;
#endif
}

/* Float fully connected, pooling and softmax: the families' validation (kiln_fc_flt_plan, kiln_pool_flt_check,
 * the softmax entries' size check); none takes scratch. */
static bool kp_plan_flt_ops(const kp_layer *l, kiln_isa isa, kp_result *res, char *err, int err_len)
{
    (void)isa; /* one route per backend: the Helium kernels run the same walk */
    if (!kp_flt_enabled(l, err, err_len))
    {
        return false;
    }
#if ARM_NN_FLOAT_API_ENABLED
    const bool f32 = l->dtype == 1;
    const int64_t elem = kp_elem_bytes(l);
    switch (l->op)
    {
    case KP_FC:
    {
        const cmsis_nn_dims in = {l->batches, 1, 1, l->cols};
        const cmsis_nn_dims flt = {l->cols, 1, 1, l->rows};
        const cmsis_nn_dims out = {l->batches, 1, 1, l->rows};
        kiln_fc_flt_plan_t p;
        if (kiln_fc_flt_plan(l->weight_format, (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, NULL, &out, elem,
                             f32 ? KILN_FC_F32_BLOCK : KILN_FC_F16_BLOCK, &p) != ARM_CMSIS_NN_SUCCESS)
        {
            return kp_fail(err, err_len, "%s: the float fully connected plan rejects this shape (byte sizes past "
                                         "PTRDIFF_MAX)",
                           l->name);
        }
        res->route = kiln_fc_flt_route_name(p.route);
        res->scratch_bytes = p.scratch_bytes;
        return true;
    }
    case KP_AVGPOOL:
    case KP_MAXPOOL:
    {
        kiln_pool_flt_geom g;
        if (kiln_pool_flt_check(&l->stride, &l->pad, &l->in, &l->filter, &l->out, elem, &g) != ARM_CMSIS_NN_SUCCESS)
        {
            char hint[200];
            kp_expected_out(l, hint, sizeof(hint));
            return kp_fail(err, err_len,
                           "%s: the float pooling check rejects this geometry (in c must equal out c, batches equal, "
                           "window coordinates within int32; %s)",
                           l->name, hint);
        }
        res->route = l->op == KP_AVGPOOL ? (f32 ? "avg_f32" : "avg_f16") : (f32 ? "max_f32" : "max_f16");
        return true;
    }
    case KP_SOFTMAX:
        if (!kiln_flt_bytes_ok((int64_t)l->rows * l->cols, elem))
        {
            return kp_fail(err, err_len, "%s: rows * cols * %lld bytes exceeds PTRDIFF_MAX", l->name, (long long)elem);
        }
        res->route = "(no plan)";
        return true;
    default:
        return kp_fail(err, err_len, "%s: not a float operator of this planner", l->name);
    }
#else
    (void)res;
    return false;
#endif
}

bool kp_plan(const kp_layer *l, kiln_isa isa, kp_result *res, char *err, int err_len)
{
    memset(res, 0, sizeof(*res));
    char hint[200];
    if (l->op == KP_CONV && l->dtype != 0)
    {
        return kp_plan_flt(l, isa, res, err, err_len);
    }
    if (l->op == KP_DW && l->dtype != 0)
    {
        return kp_plan_flt_dw(l, isa, res, err, err_len);
    }
    if (l->dtype != 0)
    {
        return kp_plan_flt_ops(l, isa, res, err, err_len);
    }
    switch (l->op)
    {
    case KP_CONV:
    {
        cmsis_nn_conv_params cp;
        memset(&cp, 0, sizeof(cp));
        cp.stride = l->stride;
        cp.padding = l->pad;
        cp.dilation = l->dilation;
        cp.activation = (cmsis_nn_activation){-128, 127};
        kiln_conv_s8_shape s;
        kiln_conv_s8_plan_t p;
        if (!kiln_conv_s8_shape_from(&cp, &l->in, &l->filter, &l->out, NULL, &s) ||
            kiln_conv_s8_plan(&s, isa, &p) != ARM_CMSIS_NN_SUCCESS)
        {
            kp_expected_out(l, hint, sizeof(hint));
            return kp_fail(err, err_len,
                           "%s: the convolution plan rejects this geometry (filter c must divide in c, the groups "
                           "must divide out c, batches equal, sizes within int32; %s)",
                           l->name, hint);
        }
        for (int32_t i = 0; i < KILN_CONV_S8_ROUTE_COUNT && kiln_conv_s8_routes[i].route != p.route; i++)
        {
            if (!kiln_conv_s8_routes[i].predicate(&s))
            {
                kp_reject(res, kiln_conv_s8_routes[i].name, kp_conv_cond(kiln_conv_s8_routes[i].route));
            }
        }
        res->route = p.route_name;
        res->scratch_bytes = p.scratch_bytes;
        res->weight_sum_bytes = p.weight_sum_bytes;
        return true;
    }
    case KP_DW:
    {
        cmsis_nn_dw_conv_params dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = l->ch_mult;
        dp.stride = l->stride;
        dp.padding = l->pad;
        dp.dilation = l->dilation;
        dp.activation = (cmsis_nn_activation){-128, 127};
        kiln_dw_s8_shape s;
        kiln_dw_s8_plan_t p;
        if (!kiln_dw_s8_shape_from(&dp, &l->in, &l->filter, &l->out, &s) || !kiln_dw_s8_plan(&s, isa, &p))
        {
            kp_expected_out(l, hint, sizeof(hint));
            return kp_fail(err, err_len,
                           "%s: the depthwise plan rejects this geometry (out c must be in c * mult = %lld, batches "
                           "equal, sizes within int32; %s)",
                           l->name, (long long)l->in.c * l->ch_mult, hint);
        }
        for (int32_t i = 0; i < (int32_t)p.route; i++)
        {
            if (!kiln_dw_s8_routes[i].applies(&s))
            {
                kp_reject(res, kiln_dw_s8_routes[i].name, kp_dw_cond(i));
            }
        }
        res->route = p.name;
        res->scratch_bytes = p.scratch_bytes;
        res->weight_sum_bytes = p.weight_sum_bytes;
        return true;
    }
    case KP_AVGPOOL:
    case KP_MAXPOOL:
    {
        static int8_t dummy; /* the check wants data pointers; nothing is read or written */
        cmsis_nn_pool_params pp;
        pp.stride = l->stride;
        pp.padding = l->pad;
        pp.activation = (cmsis_nn_activation){-128, 127};
        const kiln_pool_s8_op op = l->op == KP_AVGPOOL ? KILN_POOL_S8_AVG : KILN_POOL_S8_MAX;
        kiln_pool_s8_geom g;
        kiln_pool_s8_plan_info info;
        if (!kiln_pool_s8_check(op, &pp, &l->in, &dummy, &l->filter, &l->out, &dummy, &g) ||
            kiln_pool_s8_plan(&g, op, isa, &info) != 0)
        {
            kp_expected_out(l, hint, sizeof(hint));
            return kp_fail(err, err_len,
                           "%s: the pooling check rejects this geometry (in c must equal out c; average pooling "
                           "needs an input tap in every window; %s)",
                           l->name, hint);
        }
        if (op == KILN_POOL_S8_AVG && info.route == KILN_POOL_S8_ROUTE_AVG_ACC32)
        {
            /* The int16-sum route of this backend, by name: the plan for a one-tap window takes it. */
            kiln_pool_s8_geom g1 = g;
            g1.k_h = 1;
            g1.k_w = 1;
            kiln_pool_s8_plan_info i1;
            if (kiln_pool_s8_plan(&g1, op, isa, &i1) == 0 && i1.route == KILN_POOL_S8_ROUTE_AVG_ACC16)
            {
                kp_reject(res, i1.name, "needs at most 256 window taps (int16 running sums)");
            }
        }
        res->route = info.name;
        res->scratch_bytes = info.scratch_bytes;
        return true;
    }
    case KP_FC:
    {
        const kiln_fc_s8_shape s = {l->batches, l->cols, l->rows};
        kiln_fc_s8_plan_t p;
        if (kiln_fc_s8_plan(&s, isa, &p) != ARM_CMSIS_NN_SUCCESS)
        {
            return kp_fail(err, err_len, "%s: the fully connected plan rejects this shape", l->name);
        }
        res->route = p.name;
        res->scratch_bytes = p.scratch_bytes;
        res->weight_sum_bytes = p.kernel_sum_bytes;
        return true;
    }
    case KP_SOFTMAX:
        if ((int64_t)l->rows * l->cols > INT32_MAX)
        {
            return kp_fail(err, err_len, "%s: rows * cols exceeds INT32_MAX", l->name);
        }
        res->route = "(no plan)";
        return true;
    }
    return kp_fail(err, err_len, "unknown operator");
}
