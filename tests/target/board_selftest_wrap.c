/*
 * Kiln board self-test of the counter's SysTick wrap handling. This program carries its own
 * copy of the counter (board_counter.c built with KILN_COUNTER_RELOAD = 0x3FF, so SysTick wraps
 * every 1024 ticks: 40960 instructions on the an386, 32000 on the an547) and checks that
 * measurements spanning any number of wraps, at every phase, stay exact. Cross builds only.
 */
#include <stdint.h>
#include <stdio.h>

#include "board_selftest_regions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#if !defined(KILN_COUNTER_RELOAD) || KILN_COUNTER_RELOAD != 0x3FF
#error "board_selftest_wrap must be built with KILN_COUNTER_RELOAD=0x3FF"
#endif

#if defined(KILN_BOARD_AN547)
#define KILN_WRAP_INSNS 32000u
#else
#define KILN_WRAP_INSNS 40960u
#endif

static double absd(double x)
{
    return x < 0.0 ? -x : x;
}

static void check_loop(uint32_t iterations, double *worst)
{
    const double got = kiln_selftest_loop(iterations);
    const double err = got - 2.0 * iterations;
    kiln_test_context("loop of %u iterations measured %.1f", (unsigned)iterations, got);
    KILN_CHECK(absd(err) <= 2.0);
    *worst = absd(err) > *worst ? absd(err) : *worst;
}

static void test_wrap_boundaries(void)
{
    double worst = 0.0;
    /* Regions ending just before, at and after the 1st, 2nd and 5th wrap. */
    static const uint32_t wraps[] = {1u, 2u, 5u};
    for (size_t w = 0; w < sizeof(wraps) / sizeof(wraps[0]); w++)
    {
        const uint32_t centre = wraps[w] * KILN_WRAP_INSNS / 2u;
        for (uint32_t it = centre - 40u; it <= centre + 40u; it++)
        {
            check_loop(it, &worst);
        }
    }
    printf("wrap boundaries: worst error %.1f\n", worst);
}

static void test_many_wraps(void)
{
    double worst = 0.0;
    kiln_rng rng;
    kiln_rng_seed(&rng, 2024);
    for (int i = 0; i < 150; i++)
    {
        check_loop((uint32_t)kiln_rng_range(&rng, 1, 400000), &worst);
    }
    check_loop(3000000u, &worst); /* ~190 wraps */
    printf("random lengths up to 190 wraps: worst error %.1f\n", worst);
}

static void test_short_regions_still_exact(void)
{
    double worst = 0.0;
    for (uint32_t n = 0; n < KILN_SLED_MAX; n++)
    {
        const double err = kiln_selftest_sled(n) - (double)(n + 1u);
        kiln_test_context("sled of %u NOPs measured %+.1f off", (unsigned)n, err);
        KILN_CHECK(absd(err) <= 2.0);
        worst = absd(err) > worst ? absd(err) : worst;
    }
    KILN_CHECK(absd(kiln_selftest_nops1000() - 1000.0) <= 2.0);
    printf("short regions: worst error %.1f\n", worst);
}

int main(void)
{
    printf("board_selftest_wrap on %s\n", kiln_board_name());
    if (!kiln_counter_available())
    {
        printf("counter unavailable (QEMU without -icount?)\n");
        return 1;
    }
    KILN_RUN(test_short_regions_still_exact);
    KILN_RUN(test_wrap_boundaries);
    KILN_RUN(test_many_wraps);
    return kiln_test_finish();
}
