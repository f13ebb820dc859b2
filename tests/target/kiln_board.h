/*
 * Kiln board support: what a test or benchmark program may ask of the board it runs on.
 *
 * Cross builds link the startup code for an emulated Arm MPS board (QEMU mps2-an386 or
 * mps3-an547): reset handler, linker script, semihosting stdio/argv/exit, fault reporting.
 * Host builds link a stub with the same API.
 *
 * The instruction counter relies on QEMU running with `-icount shift=0` (one instruction per
 * nanosecond of virtual time, which is what tests/target/qemu-run passes): SysTick then counts
 * executed instructions deterministically, and kiln_counter_stop() resolves them exactly
 * (sub-tick) with the start/stop overhead already subtracted.
 */
#ifndef KILN_BOARD_H
#define KILN_BOARD_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "an547 (Cortex-M55)", "an386 (Cortex-M4)" or "host". */
const char *kiln_board_name(void);

/* Begins a measurement (restarts the counter). One measurement at a time. */
void kiln_counter_start(void);

/* Instructions executed since kiln_counter_start(), start/stop overhead subtracted: an empty
 * region reads 0. Returns 0 when the counter is unavailable. */
double kiln_counter_stop(void);

/* False on the host build (and when the board's counter failed its power-on calibration). */
bool kiln_counter_available(void);

/*
 * Edge memory: a buffer of `size` bytes whose last byte is the last one of readable memory, so
 * that any read or write past its end stops the program: on the boards the addresses after it
 * fault (unmapped, or an MPU no-access region; reported like every fault); on the host it is a
 * fresh allocation of exactly `size` bytes, where AddressSanitizer reports the access. For the
 * tests of "never outside the buffers it was given" on the backends the host cannot sanitize (DSP,
 * Helium). kiln_edge_alloc_front() is the same at the other end: its first byte is the first one
 * of readable memory (an access before it faults). Contents not initialised. One buffer of each
 * kind at a time: NULL when it is taken or size exceeds kiln_edge_capacity() (256K on the an547,
 * 960K on the an386). Give either back with kiln_edge_free().
 */
void *kiln_edge_alloc(size_t size);
void *kiln_edge_alloc_front(size_t size);
void kiln_edge_free(void *p);
size_t kiln_edge_capacity(void);

/*
 * Stack high-water mark (the boards; the host build has none: kiln_stack_available() is false and
 * kiln_stack_peak() returns 0). kiln_stack_mark() fills the stack below its caller's stack pointer
 * (down to KILN_STACK_WINDOW bytes, and never into the stack's guard) with a pattern, and stops
 * SysTick so that no exception frame lands there before the next kiln_counter_start();
 * kiln_stack_peak() then returns how many bytes below that stack pointer were written since: the
 * deepest stack use of the calls made in between, their own frames included, to the word. Call
 * both from the same function (kiln_stack_peak()'s own frame is a few bytes: a smaller use reads
 * as that). A use of the whole window reads as KILN_STACK_WINDOW.
 */
#define KILN_STACK_WINDOW 65536u
bool kiln_stack_available(void);
void kiln_stack_mark(void);
size_t kiln_stack_peak(void);

#ifdef __cplusplus
}
#endif

#endif
