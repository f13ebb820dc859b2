/*
 * kiln-plan: which route a Kiln int8 / float32 / float16 operator takes on each backend, its scratch and weight-sum
 * bytes, and why earlier routes were rejected -- answered by the library's own plan functions.
 *
 *   kiln-plan [--backend c|dsp|mve|all] <op> key=value ...     one layer
 *   kiln-plan [--backend c|dsp|mve|all] --file <net.txt|->      a network (one layer per line)
 *
 * The layer syntax is described in kiln_planlib.h (and printed by --help). For a network the
 * layers form a chain; kiln-plan also prints, per backend, the arena the demo's runtime lays out:
 * two ping-pong activation buffers, the largest scratch and every layer's weight sums, each region
 * 16-byte aligned.
 */
#include <stdio.h>
#include <string.h>

#include "kiln_planlib.h"

#define KP_MAX_WORDS 32
#define KP_MAX_NET   256

static void kp_help(FILE *f)
{
    fprintf(f, "usage: kiln-plan [--backend c|dsp|mve|all] <op> key=value ...\n"
               "       kiln-plan [--backend c|dsp|mve|all] --file <network.txt | ->\n"
               "ops and keys (dims NxHxWxC, pairs HxW):\n"
               "  conv     in= out= filter=CoutxHxWxCin|HxW [stride=1x1] [pad=0x0] [dilation=1x1]\n"
               "           float also [ctx=<bytes offered>] [format=standard|packed]\n"
               "  dw       in= out= filter=HxW [mult=out_c/in_c] [stride=1x1] [pad=0x0] [dilation=1x1]\n"
               "           float also [ctx=<bytes offered>]\n"
               "  avgpool  in= out= filter=HxW [stride=1x1] [pad=0x0]   (maxpool: the same)\n"
               "  fc       cols= rows= [batches=1]; float also [format=standard|packed]\n"
               "  softmax  cols= [rows=1]\n"
               "every op also takes name=<id> and [dtype=s8|f32|f16] (float: a build with ARM_NN_ENABLE_F32 /\n"
               "F16); ctx= absent: the bytes the size query asks. A network file has one layer per line;\n"
               "'#' comments; its layers share one dtype.\n");
}

static int64_t kp_align16(int64_t v)
{
    return (v + 15) / 16 * 16;
}

typedef struct
{
    int64_t act[2];
    int64_t max_scratch;
    int64_t wsum;
    int64_t arena_wsum; /* aligned */
} kp_totals;

static void
kp_print_layer(const char *text, const kp_layer *l, const kiln_isa *isas, int n_isa, kp_totals *tot, int index)
{
    printf("%s: %s\n", l->name, text);
    printf("  %-7s %-18s %10s %11s  %s\n", "backend", "route", "scratch", "weight-sum",
           "rejected earlier in the dispatch order");
    for (int k = 0; k < n_isa; k++)
    {
        kp_result r;
        char err[300];
        if (!kp_plan(l, isas[k], &r, err, sizeof(err)))
        {
            printf("  %-7s error: %s\n", kiln_isa_name(isas[k]), err);
            continue;
        }
        char rej[1600] = "-";
        size_t at = 0;
        for (int32_t i = 0; i < r.n_rejected; i++)
        {
            const int w =
                snprintf(rej + at, sizeof(rej) - at, "%s%s (%s)", i ? "; " : "", r.rejected[i], r.rejected_why[i]);
            if (w < 0 || (size_t)w >= sizeof(rej) - at)
            {
                break;
            }
            at += (size_t)w;
        }
        printf("  %-7s %-18s %10lld %11lld  %s\n", kiln_isa_name(isas[k]), r.route, (long long)r.scratch_bytes,
               (long long)r.weight_sum_bytes, rej);
        if (tot != NULL)
        {
            kp_totals *t = &tot[k];
            if (index == 0)
            {
                t->act[0] = kp_input_elems(l) * kp_elem_bytes(l);
            }
            const int64_t o = kp_output_elems(l) * kp_elem_bytes(l);
            t->act[(index + 1) % 2] = o > t->act[(index + 1) % 2] ? o : t->act[(index + 1) % 2];
            t->max_scratch = r.scratch_bytes > t->max_scratch ? r.scratch_bytes : t->max_scratch;
            t->wsum += r.weight_sum_bytes;
            t->arena_wsum += kp_align16(r.weight_sum_bytes);
        }
    }
}

static int kp_file(const char *path, const kiln_isa *isas, int n_isa)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (f == NULL)
    {
        fprintf(stderr, "kiln-plan: cannot open %s\n", path);
        return 2;
    }
    static kp_layer layers[KP_MAX_NET];
    static char texts[KP_MAX_NET][256];
    int n = 0;
    char line[1024];
    int lineno = 0;
    int rc = 0;
    while (fgets(line, sizeof(line), f) != NULL)
    {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f))
        {
            fprintf(stderr, "kiln-plan: %s:%d: line longer than %d characters\n", path, lineno, (int)sizeof(line) - 2);
            rc = 2;
            break;
        }
        char copy[1024];
        snprintf(copy, sizeof(copy), "%s", line);
        const char *words[KP_MAX_WORDS];
        const int nw = kp_split(line, words, KP_MAX_WORDS);
        if (nw == 0)
        {
            continue;
        }
        char err[300];
        if (nw < 0)
        {
            fprintf(stderr, "kiln-plan: %s:%d: more than %d words\n", path, lineno, KP_MAX_WORDS);
            rc = 2;
            break;
        }
        if (n == KP_MAX_NET)
        {
            fprintf(stderr, "kiln-plan: %s:%d: more than %d layers\n", path, lineno, KP_MAX_NET);
            rc = 2;
            break;
        }
        if (!kp_parse(nw, words, &layers[n], err, sizeof(err)))
        {
            fprintf(stderr, "kiln-plan: %s:%d: %s\n", path, lineno, err);
            rc = 2;
            break;
        }
        kp_result probe;
        if (!kp_plan(&layers[n], isas[0], &probe, err, sizeof(err)))
        {
            fprintf(stderr, "kiln-plan: %s:%d: %s\n", path, lineno, err);
            rc = 2;
            break;
        }
        if (n > 0 && layers[n].dtype != layers[n - 1].dtype)
        {
            fprintf(stderr, "kiln-plan: %s:%d: %s is %s but %s is %s (the layers of a network share one dtype)\n",
                    path, lineno, layers[n].name, kp_dtype_name(&layers[n]), layers[n - 1].name,
                    kp_dtype_name(&layers[n - 1]));
            rc = 2;
            break;
        }
        if (n > 0 && kp_input_elems(&layers[n]) != kp_output_elems(&layers[n - 1]))
        {
            fprintf(stderr, "kiln-plan: %s:%d: %s reads %lld elements but %s writes %lld (layers form a chain)\n", path,
                    lineno, layers[n].name, (long long)kp_input_elems(&layers[n]), layers[n - 1].name,
                    (long long)kp_output_elems(&layers[n - 1]));
            rc = 2;
            break;
        }
        copy[strcspn(copy, "\r\n#")] = '\0';
        snprintf(texts[n], sizeof(texts[n]), "%.250s", copy);
        n++;
    }
    if (f != stdin)
    {
        fclose(f);
    }
    if (rc != 0)
    {
        return rc;
    }
    if (n == 0)
    {
        fprintf(stderr, "kiln-plan: %s: no layers\n", path);
        return 2;
    }
    kp_totals tot[3];
    memset(tot, 0, sizeof(tot));
    for (int i = 0; i < n; i++)
    {
        kp_print_layer(texts[i], &layers[i], isas, n_isa, tot, i);
    }
    printf("\nnetwork: %d layers\n", n);
    printf("  %-7s %12s %12s %12s %12s\n", "backend", "max scratch", "weight sums", "activations", "arena");
    for (int k = 0; k < n_isa; k++)
    {
        const kp_totals *t = &tot[k];
        const int64_t arena =
            kp_align16(t->act[0]) + kp_align16(t->act[1]) + kp_align16(t->max_scratch) + t->arena_wsum;
        printf("  %-7s %12lld %12lld %5lld+%-6lld %12lld\n", kiln_isa_name(isas[k]), (long long)t->max_scratch,
               (long long)t->wsum, (long long)t->act[0], (long long)t->act[1], (long long)arena);
    }
    return 0;
}

int main(int argc, char **argv)
{
    kiln_isa isas[3] = {KILN_ISA_C, KILN_ISA_DSP, KILN_ISA_MVE};
    int n_isa = 3;
    int a = 1;
    if (a < argc && (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0))
    {
        kp_help(stdout);
        return 0;
    }
    if (a + 1 < argc && strcmp(argv[a], "--backend") == 0)
    {
        const char *b = argv[a + 1];
        if (strcmp(b, "c") == 0 || strcmp(b, "dsp") == 0 || strcmp(b, "mve") == 0)
        {
            isas[0] = b[0] == 'c' ? KILN_ISA_C : (b[0] == 'd' ? KILN_ISA_DSP : KILN_ISA_MVE);
            n_isa = 1;
        }
        else if (strcmp(b, "all") != 0)
        {
            fprintf(stderr, "kiln-plan: unknown backend '%s' (c, dsp, mve or all)\n", b);
            return 2;
        }
        a += 2;
    }
    if (a + 1 < argc && strcmp(argv[a], "--file") == 0)
    {
        if (a + 2 != argc)
        {
            fprintf(stderr, "kiln-plan: --file takes one file and nothing after it\n");
            return 2;
        }
        return kp_file(argv[a + 1], isas, n_isa);
    }
    if (a >= argc)
    {
        kp_help(stderr);
        return 2;
    }
    kp_layer l;
    char err[300];
    if (!kp_parse(argc - a, (const char *const *)(argv + a), &l, err, sizeof(err)))
    {
        fprintf(stderr, "kiln-plan: %s\n", err);
        return 2;
    }
    kp_result probe;
    if (!kp_plan(&l, isas[0], &probe, err, sizeof(err)))
    {
        fprintf(stderr, "kiln-plan: %s\n", err);
        return 1;
    }
    char text[512] = "";
    size_t at = 0;
    for (int i = a; i < argc && at < sizeof(text); i++)
    {
        const int w = snprintf(text + at, sizeof(text) - at, "%s%s", i > a ? " " : "", argv[i]);
        at += w > 0 ? (size_t)w : 0;
    }
    kp_print_layer(text, &l, isas, n_isa, NULL, 0);
    return 0;
}
