/*
 * Measured regions of exactly known instruction counts for the counter self-tests, written in
 * assembly so the compiler adds nothing between kiln_counter_start() and kiln_counter_stop().
 * Each returns kiln_counter_stop()'s reading. Cross builds only.
 */
#ifndef KILN_BOARD_SELFTEST_REGIONS_H
#define KILN_BOARD_SELFTEST_REGIONS_H

#include <stdint.h>

/* 1000 NOPs: reads 1000. */
double kiln_selftest_nops1000(void);

/* A branch into a NOP sled, n NOPs then the stop: reads n + 1 (n < KILN_SLED_MAX). */
#define KILN_SLED_MAX 600u
double kiln_selftest_sled(uint32_t n);

/* A 2-instruction loop (subs; bne) run `iterations` times (>= 1): reads 2 * iterations. */
double kiln_selftest_loop(uint32_t iterations);

#endif
