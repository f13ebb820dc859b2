/*
 * Kiln board self-test that must crash: triggers a fault on purpose; the board's fault handler
 * must report it and end QEMU with a non-zero status (registered WILL_FAIL; the
 * board_fault_report_* tests also check the report and the status).
 *
 *   board_selftest_fault [udf]   undefined instruction     -> UsageFault UNDEFINSTR
 *   board_selftest_fault div0    integer divide by zero     -> UsageFault DIVBYZERO (not ARMv6-M)
 *   board_selftest_fault bus     load from unmapped memory  -> BusFault PRECISERR
 *   board_selftest_fault edge    load of the byte after edge memory (kiln_edge_alloc)
 *                                                           -> an547: BusFault PRECISERR,
 *                                                              an386: MemManage DACCVIOL
 *   board_selftest_fault front   load of the byte before front edge memory
 *                                (kiln_edge_alloc_front)   -> the same
 *   board_selftest_fault stack   runaway recursion          -> an547: UsageFault STKOF,
 *                                                              an386: MemManage (MPU guard)
 * Cross builds only.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kiln_board.h"

#if defined(KILN_BOARD_AN547)
#define KILN_UNMAPPED_ADDRESS 0x22000000u
#else
#define KILN_UNMAPPED_ADDRESS 0x30000000u
#endif

static volatile int g_zero;
static volatile uint32_t g_sink;
static volatile uint32_t g_depth_limit = 0xFFFFFFFFu;

__attribute__((noinline)) static uint32_t recurse(uint32_t depth)
{
    volatile uint8_t frame[1024];
    if (depth == g_depth_limit)
    {
        return 0u;
    }
    frame[0] = (uint8_t)depth;
    frame[sizeof(frame) - 1] = (uint8_t)depth;
    return recurse(depth + 1u) + frame[0] + frame[sizeof(frame) - 1];
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "udf";
    printf("board_selftest_fault on %s: mode %s; a fault report and a non-zero exit must follow\n",
           kiln_board_name(), mode);
    fflush(stdout);
    if (strcmp(mode, "udf") == 0)
    {
        __asm__ volatile("udf #66");
    }
    else if (strcmp(mode, "div0") == 0)
    {
        g_sink = (uint32_t)(100 / g_zero);
    }
    else if (strcmp(mode, "bus") == 0)
    {
        g_sink = *(volatile uint32_t *)(uintptr_t)KILN_UNMAPPED_ADDRESS;
    }
    else if (strcmp(mode, "edge") == 0)
    {
        /* the whole buffer reads and writes; the byte after it faults */
        volatile uint8_t *p = (volatile uint8_t *)kiln_edge_alloc(64);
        for (int i = 0; i < 64; i++)
        {
            p[i] = (uint8_t)i;
            g_sink += p[i];
        }
        printf("edge buffer at %p: 64 bytes read and written (sum %lu)\n", (void *)p, (unsigned long)g_sink);
        fflush(stdout);
        g_sink = p[64];
    }
    else if (strcmp(mode, "front") == 0)
    {
        volatile uint8_t *p = (volatile uint8_t *)kiln_edge_alloc_front(64);
        for (int i = 0; i < 64; i++)
        {
            p[i] = (uint8_t)i;
            g_sink += p[i];
        }
        printf("front edge buffer at %p: 64 bytes read and written (sum %lu)\n", (void *)p, (unsigned long)g_sink);
        fflush(stdout);
        g_sink = p[-1];
    }
    else if (strcmp(mode, "stack") == 0)
    {
        g_sink = recurse(0);
    }
    else
    {
        printf("unknown mode %s\n", mode);
        return 2;
    }
    printf("still running after the fault: the board did not stop the program\n");
    return 0;
}
