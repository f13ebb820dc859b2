/*
 * Kiln test boards: the stack high-water mark (kiln_board.h).
 *
 * kiln_stack_mark() has no frame of its own (naked): the stack pointer it records is its caller's.
 * It stops SysTick (an exception frame would land on the painted stack; kiln_counter_start()
 * restarts it), then writes the pattern into every word from just below that stack pointer down
 * to the floor: KILN_STACK_WINDOW bytes below it, or the stack limit plus 1K when that is higher
 * (the an386's lowest kilobyte of stack is an MPU no-access guard). kiln_stack_peak() scans up
 * from the floor to the first word that no longer holds the pattern. Thumb-1 only (the Cortex-M0+
 * build runs it too).
 */
#include <stdint.h>

#include "kiln_board.h"

#define KILN_STACK_PATTERN 0x5AC3A53Cu
#define KILN_STR2(x) #x
#define KILN_STR(x) KILN_STR2(x)

/* The caller's stack pointer at the last mark, and the lowest word painted. */
uint32_t kiln_stack_mark_sp;
uint32_t kiln_stack_floor;

bool kiln_stack_available(void)
{
    return true;
}

__attribute__((naked)) void kiln_stack_mark(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "ldr r3, =0xE000E010\n\t" /* SYST_CSR */
                     "movs r0, #0\n\t"
                     "str r0, [r3]\n\t" /* SysTick off */
                     "mov r0, sp\n\t"
                     "ldr r1, =kiln_stack_mark_sp\n\t"
                     "str r0, [r1]\n\t"
                     "ldr r1, =__stack_limit__ + 1024\n\t"
                     "ldr r2, =" KILN_STR(KILN_STACK_WINDOW) "\n\t"
                     "subs r3, r0, r2\n\t" /* sp - window */
                     "cmp r3, r1\n\t"
                     "bls 1f\n\t"
                     "mov r1, r3\n"
                     "1:\n\t"
                     "ldr r2, =kiln_stack_floor\n\t"
                     "str r1, [r2]\n\t"
                     "ldr r2, =" KILN_STR(KILN_STACK_PATTERN) "\n"
                     "2:\n\t"
                     "subs r0, r0, #4\n\t"
                     "str r2, [r0]\n\t"
                     "cmp r0, r1\n\t"
                     "bhi 2b\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
}

size_t kiln_stack_peak(void)
{
    const uint32_t *p = (const uint32_t *)(uintptr_t)kiln_stack_floor;
    const uint32_t *const top = (const uint32_t *)(uintptr_t)kiln_stack_mark_sp;
    while (p < top && *p == KILN_STACK_PATTERN)
    {
        p++;
    }
    return (size_t)((uintptr_t)top - (uintptr_t)p);
}
