#include "kiln_test.h"

#include "kiln_board.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

static int32_t g_passed_tests;
static int32_t g_failed_tests;
static int64_t g_failed_checks_in_test;
static int64_t g_total_checks;
static char g_context[256];

void kiln_test_context(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_context, sizeof(g_context), fmt, ap);
    va_end(ap);
}

static const char *g_edge_operand; /* the operand kiln_edge_each() has at an edge, or NULL */
static const char *g_edge_side;    /* "end" or "start" */

static void report(const char *file, int line, const char *msg)
{
    g_failed_checks_in_test++;
    if (g_failed_checks_in_test <= 10)
    {
        printf("  FAIL %s:%d: %s", file, line, msg);
        if (g_context[0] != '\0')
        {
            printf("  [%s]", g_context);
        }
        if (g_edge_operand != NULL)
        {
            printf("  [%s at the %s of memory]", g_edge_operand, g_edge_side);
        }
        printf("\n");
    }
}

bool kiln_edge_each(const kiln_edge_operand *ops, int count, bool (*run)(void *arg), void *arg)
{
    bool ok = true;
    for (int i = 0; i < count; i++)
    {
        void *const saved = *ops[i].slot;
        if (saved == NULL || ops[i].bytes == 0)
        {
            continue;
        }
        for (int side = 0; side < 2; side++)
        {
            void *const edge = side == 0 ? kiln_edge_alloc(ops[i].bytes) : kiln_edge_alloc_front(ops[i].bytes);
            ok &= kiln_check_impl(edge != NULL, __FILE__, __LINE__, "edge memory for the operand's bytes");
            if (edge == NULL)
            {
                continue;
            }
            memcpy(edge, saved, ops[i].bytes);
            *ops[i].slot = edge;
            g_edge_operand = ops[i].name;
            g_edge_side = side == 0 ? "end" : "start";
            ok &= run(arg);
            g_edge_operand = NULL;
            *ops[i].slot = saved;
            kiln_edge_free(edge);
        }
    }
    return ok;
}

bool kiln_check_impl(bool cond, const char *file, int line, const char *expr)
{
    g_total_checks++;
    if (!cond)
    {
        report(file, line, expr);
    }
    return cond;
}

bool kiln_check_int_impl(int64_t got, int64_t want, const char *file, int line, const char *expr)
{
    g_total_checks++;
    if (got != want)
    {
        char buf[200];
        snprintf(buf, sizeof(buf), "%s (got %" PRId64 ", want %" PRId64 ")", expr, got, want);
        report(file, line, buf);
        return false;
    }
    return true;
}

#define KILN_DEFINE_MEM_CHECK(NAME, T)                                                                           \
    bool NAME(const T *got, const T *want, int64_t n, const char *file, int line, const char *what)              \
    {                                                                                                            \
        int64_t bad = 0;                                                                                         \
        int64_t first = -1;                                                                                      \
        g_total_checks++;                                                                                        \
        for (int64_t i = 0; i < n; i++)                                                                          \
        {                                                                                                        \
            if (got[i] != want[i])                                                                               \
            {                                                                                                    \
                if (first < 0)                                                                                   \
                {                                                                                                \
                    first = i;                                                                                   \
                }                                                                                                \
                bad++;                                                                                           \
            }                                                                                                    \
        }                                                                                                        \
        if (bad != 0)                                                                                            \
        {                                                                                                        \
            char buf[200];                                                                                       \
            snprintf(buf, sizeof(buf), "%s: %" PRId64 " of %" PRId64 " elements differ; first at %" PRId64       \
                     " (got %ld, want %ld)",                                                                     \
                     what, bad, n, first, (long)got[first], (long)want[first]);                                  \
            report(file, line, buf);                                                                             \
            return false;                                                                                        \
        }                                                                                                        \
        return true;                                                                                             \
    }

KILN_DEFINE_MEM_CHECK(kiln_check_mem_s8_impl, int8_t)
KILN_DEFINE_MEM_CHECK(kiln_check_mem_s16_impl, int16_t)
KILN_DEFINE_MEM_CHECK(kiln_check_mem_s32_impl, int32_t)

bool kiln_check_close_f32_impl(const float *got, const float *want, int64_t n, double abs_tol, const char *file,
                               int line, const char *what)
{
    int64_t bad = 0;
    int64_t first = -1;
    g_total_checks++;
    for (int64_t i = 0; i < n; i++)
    {
        double d = (double)got[i] - (double)want[i];
        if (!(d <= abs_tol && d >= -abs_tol))
        {
            if (first < 0)
            {
                first = i;
            }
            bad++;
        }
    }
    if (bad != 0)
    {
        char buf[220];
        snprintf(buf, sizeof(buf), "%s: %" PRId64 " of %" PRId64 " elements beyond %g; first at %" PRId64
                 " (got %.9g, want %.9g)",
                 what, bad, n, abs_tol, first, (double)got[first], (double)want[first]);
        report(file, line, buf);
        return false;
    }
    return true;
}

void kiln_run_test(void (*fn)(void), const char *name)
{
    g_failed_checks_in_test = 0;
    g_context[0] = '\0';
    fn();
    if (g_failed_checks_in_test == 0)
    {
        g_passed_tests++;
        printf("ok   %s\n", name);
    }
    else
    {
        g_failed_tests++;
        printf("FAIL %s (%" PRId64 " failed checks)\n", name, g_failed_checks_in_test);
    }
}

int kiln_test_finish(void)
{
    printf("kiln: %ld passed, %ld failed\n", (long)g_passed_tests, (long)g_failed_tests);
    fflush(stdout);
    return (g_failed_tests == 0 && g_passed_tests > 0) ? 0 : 1;
}

void kiln_rng_seed_unsalted(kiln_rng *r, uint64_t seed)
{
    r->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (r->s == 0)
    {
        r->s = 1;
    }
}

void kiln_rng_seed(kiln_rng *r, uint64_t seed)
{
    /* KILN_TEST_SEED_SALT (tests/CMakeLists.txt): 0 keeps the committed cases */
    kiln_rng_seed_unsalted(r, seed ^ ((uint64_t)KILN_TEST_SEED_SALT * 0xD1B54A32D192ED03ull));
}

uint32_t kiln_rng_u32(kiln_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1Dull) >> 32);
}

int32_t kiln_rng_range(kiln_rng *r, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo + 1);
    return (int32_t)((int64_t)lo + (int64_t)(kiln_rng_u32(r) % span));
}

void kiln_rng_fill_s8(kiln_rng *r, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        dst[i] = (int8_t)(kiln_rng_u32(r) & 0xFF);
    }
}

void kiln_rng_fill_s8_range(kiln_rng *r, int8_t *dst, int64_t n, int32_t lo, int32_t hi)
{
    for (int64_t i = 0; i < n; i++)
    {
        dst[i] = (int8_t)kiln_rng_range(r, lo, hi);
    }
}

int32_t kiln_test_iterations(int32_t host, int32_t target)
{
#if defined(__arm__) || defined(__ARM_ARCH)
    (void)host;
    return target * KILN_TEST_SCALE;
#else
    (void)target;
    return host * KILN_TEST_SCALE;
#endif
}
