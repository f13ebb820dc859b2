/*
 * Kiln board self-test: the board boots, initialises memory, prints floats, has a working
 * FPU/MVE, passes argv, and its instruction counter measures exactly. Runs on the host too
 * (where the counter is unavailable and the board checks are skipped).
 *
 *   board_selftest                          all checks
 *   board_selftest --check-args alpha b=2 c,d   also checks that the arguments arrived
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_selftest_regions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#if defined(__ARM_FEATURE_MVE) && !defined(KILN_BOARD_HOST)
#include <arm_mve.h>
#endif

static int g_argc;
static char **g_argv;

/* .data and .bss as the reset handler must leave them; a constructor must have run. */
static volatile uint32_t g_data_word = 0x12345678u;
static volatile double g_data_double = 2.5;
static volatile uint32_t g_bss_words[256];
static volatile int g_constructor_ran;

__attribute__((constructor)) static void kiln_selftest_constructor(void)
{
    g_constructor_ran = 1;
}


static void test_board_name(void)
{
    const char *name = kiln_board_name();
    printf("board: %s\n", name);
    KILN_CHECK(name != NULL);
#if defined(KILN_BOARD_AN547)
    KILN_CHECK(strcmp(name, "an547 (Cortex-M55)") == 0);
#elif defined(KILN_BOARD_AN386)
    KILN_CHECK(strcmp(name, "an386 (Cortex-M4)") == 0);
#else
    KILN_CHECK(strcmp(name, "host") == 0);
#endif
}

#if !defined(KILN_BOARD_HOST)
static double absd(double x)
{
    return x < 0.0 ? -x : x;
}
#endif

static void test_counter(void)
{
#if defined(KILN_BOARD_HOST)
    KILN_CHECK(!kiln_counter_available());
    kiln_counter_start();
    KILN_CHECK(kiln_counter_stop() == 0.0);
#else
    /* qemu-run always passes -icount shift=0; without it the counter reports unavailable. */
    if (!KILN_CHECK(kiln_counter_available()))
    {
        return;
    }
    kiln_counter_start();
    const double empty = kiln_counter_stop();
    const double nops = kiln_selftest_nops1000();
    printf("counter: empty region %.1f, 1000 NOPs %.1f\n", empty, nops);
    KILN_CHECK(absd(empty) <= 2.0);
    KILN_CHECK(absd(nops - 1000.0) <= 2.0);

    /* Every tick phase: n = 0..599 instructions (15+ SysTick periods). */
    double worst = 0.0;
    uint32_t exact = 0;
    for (uint32_t n = 0; n < KILN_SLED_MAX; n++)
    {
        const double err = kiln_selftest_sled(n) - (double)(n + 1u);
        kiln_test_context("sled of %u NOPs measured %+.1f off", (unsigned)n, err);
        KILN_CHECK(absd(err) <= 2.0);
        worst = absd(err) > worst ? absd(err) : worst;
        exact += (err == 0.0) ? 1u : 0u;
    }
    kiln_test_context("%s", "");
    printf("counter: %u of %u NOP runs exact, worst error %.1f\n", (unsigned)exact, (unsigned)KILN_SLED_MAX, worst);

    static const uint32_t loops[] = {1u, 2u, 3u, 17u, 1000u, 123457u, 5000000u};
    for (size_t i = 0; i < sizeof(loops) / sizeof(loops[0]); i++)
    {
        const double got = kiln_selftest_loop(loops[i]);
        kiln_test_context("loop of %u iterations measured %.1f", (unsigned)loops[i], got);
        KILN_CHECK(absd(got - 2.0 * loops[i]) <= 2.0);
    }
    kiln_test_context("%s", "");
#endif
}

#if !defined(KILN_BOARD_HOST)
/* 700M instructions: past one 2^24-tick SysTick wrap on both boards (671M instructions on the
 * an386, 524M on the an547); about two seconds of QEMU. */
static void test_counter_wrap(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    const uint32_t iterations = 350000000u;
    const double got = kiln_selftest_loop(iterations);
    printf("counter: %u-iteration loop measured %.1f (want %.1f)\n", (unsigned)iterations, got, 2.0 * iterations);
    KILN_CHECK(absd(got - 2.0 * iterations) <= 2.0);
}
#endif

/* Uses exactly `bytes` (a multiple of 8, at most 68K) of stack below its caller's frame, besides
 * its own saved registers: the deepest word written is the array's first. */
static __attribute__((noinline)) uint32_t kiln_selftest_stack_user(uint32_t bytes)
{
    volatile uint32_t words[17408];
    const uint32_t n = bytes / 4u;
    uint32_t sum = 0;
    for (uint32_t i = 0; i < n; i++)
    {
        words[17408u - n + i] = i;
    }
    for (uint32_t i = 0; i < n; i++)
    {
        sum += words[17408u - n + i];
    }
    return sum;
}

static void test_stack_peak(void)
{
    if (!kiln_stack_available())
    {
        KILN_CHECK_EQ(kiln_stack_peak(), 0);
        return;
    }
    kiln_stack_mark();
    const size_t none = kiln_stack_peak();
    /* The frame of kiln_selftest_stack_user is the 68K array plus a few saved registers; it writes
     * only the array's top `bytes`, so the peak moves with `bytes`, one for one. */
    size_t base = 0;
    for (uint32_t bytes = 8; bytes <= 4096u; bytes *= 2u)
    {
        kiln_stack_mark();
        const uint32_t sum = kiln_selftest_stack_user(bytes);
        const size_t peak = kiln_stack_peak();
        KILN_CHECK_EQ(sum, (bytes / 4u) * (bytes / 4u - 1u) / 2u);
        if (bytes == 8u)
        {
            base = peak - 8u;
            printf("stack: no call %u bytes, a call writing 8 bytes %u (its frame %u besides)\n", (unsigned)none,
                   (unsigned)peak, (unsigned)base);
            KILN_CHECK(peak > none && base < 64u);
        }
        KILN_CHECK_EQ(peak, base + bytes);
    }
    /* A use past the window reads as the window. */
    kiln_stack_mark();
    (void)kiln_selftest_stack_user(69632u);
    KILN_CHECK_EQ(kiln_stack_peak(), KILN_STACK_WINDOW);
}

static void test_memory(void)
{
    KILN_CHECK_EQ(g_data_word, 0x12345678u);
    KILN_CHECK(g_data_double == 2.5);
    uint32_t bss_or = 0;
    for (size_t i = 0; i < sizeof(g_bss_words) / sizeof(g_bss_words[0]); i++)
    {
        bss_or |= g_bss_words[i];
    }
    KILN_CHECK_EQ(bss_or, 0);
    KILN_CHECK(g_constructor_ran == 1);

    /* A large heap block (the test vectors and scratch buffers of the big cases need MBs). */
    const size_t big = 8u * 1024u * 1024u;
    unsigned char *p = (unsigned char *)malloc(big);
    if (KILN_CHECK(p != NULL))
    {
        memset(p, 0xA5, big);
        KILN_CHECK(p[0] == 0xA5 && p[big / 2] == 0xA5 && p[big - 1] == 0xA5);
        free(p);
    }
    void *small = malloc(100);
    KILN_CHECK(small != NULL);
    free(small);
}

static void test_printf_float(void)
{
    volatile float pi = 3.14159265f;
    volatile float neg = -2.5f;
    char buf[64];
    printf("printf: pi = %.3f, neg = %.3f\n", (double)pi, (double)neg);
    snprintf(buf, sizeof(buf), "%.3f", (double)pi);
    KILN_CHECK(strcmp(buf, "3.142") == 0);
    snprintf(buf, sizeof(buf), "%.3f|%g|%e", (double)neg, 0.001, 12345.678);
    kiln_test_context("snprintf gave \"%s\"", buf);
    KILN_CHECK(strcmp(buf, "-2.500|0.001|1.234568e+04") == 0);
    kiln_test_context("%s", "");
    KILN_CHECK(strtod("1.25e2", NULL) == 125.0);
}

static void test_fpu(void)
{
    volatile float a = 1.5f;
    volatile float b = 2.25f;
    volatile float three = 3.0f;
    KILN_CHECK(a * b == 3.375f);
    KILN_CHECK(b / a == 1.5f);
    KILN_CHECK(fabsf(sqrtf(b) - a) == 0.0f);
    KILN_CHECK(fabsf(1.0f / three * three - 1.0f) <= 1e-7f);
    volatile double d = 1.0 / 3.0;
    KILN_CHECK(fabs(d * 3.0 - 1.0) <= 1e-15);
    KILN_CHECK(lrintf(a * 10.0f) == 15);
#if defined(__ARM_FP) && !defined(KILN_BOARD_HOST)
    /* CP10/CP11 full access, as the reset handler set them. */
    KILN_CHECK_EQ(*(volatile uint32_t *)0xE000ED88u & 0x00F00000u, 0x00F00000u);
#endif
#if defined(__ARM_FP16_FORMAT_IEEE) && !defined(KILN_BOARD_HOST)
    volatile __fp16 h = (__fp16)1.5f;
    KILN_CHECK((float)h * 2.0f == 3.0f);
    volatile __fp16 tiny = (__fp16)65504.0f; /* largest IEEE half */
    KILN_CHECK((float)tiny == 65504.0f);
#endif
}

#if defined(__ARM_FEATURE_MVE) && !defined(KILN_BOARD_HOST)
static void test_mve(void)
{
    volatile int32_t x = 7;
    int32x4_t v = vaddq_s32(vdupq_n_s32(x), vreinterpretq_s32_u32(vidupq_n_u32(0, 1))); /* 7 8 9 10 */
    KILN_CHECK_EQ(vgetq_lane_s32(v, 0), 7);
    KILN_CHECK_EQ(vgetq_lane_s32(v, 3), 10);
    KILN_CHECK_EQ(vaddvq_s32(v), 34);
    int8x16_t bytes = vdupq_n_s8((int8_t)x);
    KILN_CHECK_EQ(vmladavq_s8(bytes, bytes), 16 * 49);
#if (__ARM_FEATURE_MVE & 2)
    volatile float f = 1.5f;
    float32x4_t fv = vmulq_n_f32(vdupq_n_f32(f), 2.0f);
    KILN_CHECK(vgetq_lane_f32(fv, 2) == 3.0f);
    float16x8_t hv = vaddq_f16(vdupq_n_f16((float16_t)f), vdupq_n_f16((float16_t)0.25f));
    KILN_CHECK((float)vgetq_lane_f16(hv, 7) == 1.75f);
#endif
}
#endif

static void test_args(void)
{
    if (g_argc > 1 && strcmp(g_argv[1], "--check-args") == 0)
    {
        KILN_CHECK_EQ(g_argc, 5);
        if (g_argc == 5)
        {
            KILN_CHECK(strcmp(g_argv[2], "alpha") == 0);
            KILN_CHECK(strcmp(g_argv[3], "b=2") == 0);
            KILN_CHECK(strcmp(g_argv[4], "c,d") == 0);
        }
    }
    else
    {
        KILN_CHECK(g_argc >= 1);
    }
    for (int i = 0; i < g_argc; i++)
    {
        printf("argv[%d] = %s\n", i, g_argv[i]);
    }
}

int main(int argc, char **argv)
{
    g_argc = argc;
    g_argv = argv;
    KILN_RUN(test_board_name);
    KILN_RUN(test_args);
    KILN_RUN(test_memory);
    KILN_RUN(test_printf_float);
    KILN_RUN(test_fpu);
#if defined(__ARM_FEATURE_MVE) && !defined(KILN_BOARD_HOST)
    KILN_RUN(test_mve);
#endif
    KILN_RUN(test_counter);
    KILN_RUN(test_stack_peak);
#if !defined(KILN_BOARD_HOST)
    KILN_RUN(test_counter_wrap);
#endif
    return kiln_test_finish();
}
