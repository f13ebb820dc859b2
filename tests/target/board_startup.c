/*
 * Kiln test boards: reset, vector table, heap, argv and fault reporting for the QEMU MPS
 * boards (mps2-an386, mps3-an547). Replaces newlib's crt0 (the program links with
 * -nostartfiles): newlib's own _start asks the semihosting host for the heap and stack
 * placement, and QEMU answers with addresses that land in the an547's ITCM.
 *
 * Reset sequence: enable the FPU/MVE (CPACR) before any compiled code can touch it, set the
 * stack limit (ARMv8-M), copy .data, zero .bss, enable the configurable faults, open the
 * semihosting stdio handles, fetch the command line, run constructors, then exit(main(...)).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kiln_board.h"
#include "kiln_semihost.h"

#if defined(__ARM_ARCH_8M_MAIN__) || defined(__ARM_ARCH_8_1M_MAIN__)
#define KILN_V8M_MAIN 1
#else
#define KILN_V8M_MAIN 0
#endif

#if defined(__ARM_FP) || defined(__ARM_FEATURE_MVE)
#define KILN_HAS_FPU_OR_MVE 1
#else
#define KILN_HAS_FPU_OR_MVE 0
#endif

/* Linker-script symbols (tests/target/ld/kiln_sections.ld). */
extern uint32_t __data_load__[], __data_start__[], __data_end__[];
extern uint32_t __bss_start__[], __bss_end__[];
extern char __heap_start__[], __heap_end__[];
extern char __kiln_edge_start__[], __kiln_edge_end__[], __kiln_front_start__[], __kiln_front_end__[];
extern uint32_t __stack_limit__[], __stack_top__[];

extern int main(int argc, char **argv);
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);

void Reset_Handler(void);
void kiln_board_start(void);
void kiln_fault_entry(void);
void kiln_fault_report(const uint32_t *frame, uint32_t exc_return);
extern uint64_t kiln_fault_stack[512];
void kiln_board_systick_handler(void); /* board_counter.c */
void kiln_board_counter_init(void);    /* board_counter.c */
void _init(void);
void _fini(void);
void *_sbrk(ptrdiff_t incr);

#define KILN_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))
#define KILN_SCB_CCR KILN_REG(0xE000ED14u)
#define KILN_SCB_SHCSR KILN_REG(0xE000ED24u)
#define KILN_SCB_CFSR KILN_REG(0xE000ED28u)
#define KILN_SCB_HFSR KILN_REG(0xE000ED2Cu)
#define KILN_SCB_MMFAR KILN_REG(0xE000ED34u)
#define KILN_SCB_BFAR KILN_REG(0xE000ED38u)
#define KILN_SCB_SFSR KILN_REG(0xE000EDE4u)
#define KILN_SCB_SFAR KILN_REG(0xE000EDE8u)

/* ------------------------------------------------------------------------------------------ */
/* Vector table                                                                                */
/* ------------------------------------------------------------------------------------------ */

typedef void (*kiln_vector)(void);

#define KILN_IRQ_VECTORS 32

__attribute__((section(".vectors"), used)) const kiln_vector kiln_vector_table[16 + KILN_IRQ_VECTORS] = {
    (kiln_vector)(uintptr_t)__stack_top__, /* initial MSP */
    Reset_Handler,
    kiln_fault_entry, /* NMI */
    kiln_fault_entry, /* HardFault */
    kiln_fault_entry, /* MemManage */
    kiln_fault_entry, /* BusFault */
    kiln_fault_entry, /* UsageFault */
    kiln_fault_entry, /* SecureFault (ARMv8-M) */
    0,
    0,
    0,
    kiln_fault_entry, /* SVCall: nothing here issues SVC */
    kiln_fault_entry, /* DebugMonitor */
    0,
    kiln_fault_entry, /* PendSV */
    kiln_board_systick_handler,
    /* External interrupts stay disabled in the NVIC; one firing anyway is reported. */
    kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry,
    kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry,
    kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry,
    kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry,
    kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry, kiln_fault_entry,
    kiln_fault_entry, kiln_fault_entry};

/* ------------------------------------------------------------------------------------------ */
/* Reset                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/* Assembly, so nothing compiled (an auto-vectorised loop, an FP register spill) can run before
 * the FPU/MVE coprocessors are enabled. Thumb-1 only, so the Cortex-M0+ build assembles it. */
__attribute__((naked, noreturn, section(".text.kiln_reset"))) void Reset_Handler(void)
{
    __asm__ volatile(
        ".syntax unified\n\t"
#if KILN_HAS_FPU_OR_MVE
        /* CPACR.CP10/CP11 = full access: FPU and MVE. */
        "ldr r0, =0xE000ED88\n\t"
        "ldr r1, [r0]\n\t"
        "ldr r2, =0x00F00000\n\t"
        "orrs r1, r2\n\t"
        "str r1, [r0]\n\t"
        "dsb\n\t"
        "isb\n\t"
#endif
        "ldr r0, =__stack_top__\n\t"
        "mov sp, r0\n\t"
#if KILN_V8M_MAIN
        /* Stack overflow becomes a UsageFault (STKOF) instead of silent corruption. */
        "ldr r0, =__stack_limit__\n\t"
        "msr msplim, r0\n\t"
#endif
        "bl kiln_board_start\n\t"
        "b .\n\t"
        ".ltorg\n\t");
}

static char kiln_cmdline[1024];
#define KILN_MAX_ARGS 32
static char *kiln_argv[KILN_MAX_ARGS + 1];

/* argv from the semihosting command line (qemu-run passes arg=... for each argument; QEMU
 * joins them with spaces, so arguments cannot contain spaces). */
static int kiln_fetch_args(void)
{
    struct
    {
        char *buf;
        uint32_t len;
    } block = {kiln_cmdline, sizeof(kiln_cmdline) - 1};
    int argc = 0;
    if (kiln_semihost_call(KILN_SYS_GET_CMDLINE, &block) != 0 || block.len >= sizeof(kiln_cmdline))
    {
        block.len = 0;
    }
    kiln_cmdline[block.len] = '\0';
    char *p = kiln_cmdline;
    while (*p != '\0' && argc < KILN_MAX_ARGS)
    {
        while (*p == ' ')
        {
            *p++ = '\0';
        }
        if (*p == '\0')
        {
            break;
        }
        kiln_argv[argc++] = p;
        while (*p != '\0' && *p != ' ')
        {
            p++;
        }
    }
    if (argc == 0)
    {
        kiln_argv[argc++] = (char *)"kiln";
    }
    kiln_argv[argc] = NULL;
    return argc;
}

/* Stack overflow must fault, not corrupt. ARMv8-M: MSPLIM (set in Reset_Handler). an386: the
 * memory below the stack (0x01010000-0x1FFFFFFF) is RAZ/WI in QEMU, so MPU region 0 makes the
 * lowest KILN_STACK_GUARD_BYTES of the stack inaccessible, and region 1 the 1 MiB below it (a
 * function with a frame larger than the guard moves SP straight past it): overflowing is a
 * MemManage fault. The default map stays in force elsewhere (PRIVDEFENA). The linker script
 * aligns the stack. */
#if !KILN_V8M_MAIN
#define KILN_STACK_GUARD_BYTES 1024u
#define KILN_MPU_TYPE KILN_REG(0xE000ED90u)
#define KILN_MPU_CTRL KILN_REG(0xE000ED94u)
#define KILN_MPU_RNR KILN_REG(0xE000ED98u)
#define KILN_MPU_RBAR KILN_REG(0xE000ED9Cu)
#define KILN_MPU_RASR KILN_REG(0xE000EDA0u)
#else
#define KILN_STACK_GUARD_BYTES 0u
#endif

static void kiln_mpu_guards(void)
{
#if !KILN_V8M_MAIN
    if (((KILN_MPU_TYPE >> 8) & 0xFFu) == 0u)
    {
        return; /* no MPU */
    }
    const uint32_t limit = (uint32_t)(uintptr_t)__stack_limit__;
    KILN_MPU_RNR = 0u;
    KILN_MPU_RBAR = limit;
    /* XN, AP = no access, SIZE = log2(1 KiB) - 1, enabled */
    KILN_MPU_RASR = (1u << 28) | (0u << 24) | (9u << 1) | 1u;
    if ((limit & 0xFFFFFu) == 0u && limit >= 0x100000u)
    {
        KILN_MPU_RNR = 1u;
        KILN_MPU_RBAR = limit - 0x100000u;
        KILN_MPU_RASR = (1u << 28) | (0u << 24) | (19u << 1) | 1u; /* 1 MiB */
    }
    /* The end of the edge memory (kiln_edge_alloc): QEMU maps nothing that faults after any RAM
     * of this board, so 64K after it are no-access. */
    KILN_MPU_RNR = 2u;
    KILN_MPU_RBAR = (uint32_t)(uintptr_t)__kiln_edge_end__;
    KILN_MPU_RASR = (1u << 28) | (0u << 24) | (15u << 1) | 1u; /* 64 KiB */
    KILN_MPU_CTRL = (1u << 2) | 1u;
#endif
}

__attribute__((noreturn, used)) void kiln_board_start(void)
{
    /* QEMU has already loaded .data at its run address when load and run addresses agree.
     * (The addresses go through an empty asm so the compiler cannot fold the comparison of two
     * distinct objects.) */
    uintptr_t load = (uintptr_t)__data_load__;
    uintptr_t run = (uintptr_t)__data_start__;
    __asm__("" : "+r"(load), "+r"(run));
    if (load != run)
    {
        memcpy(__data_start__, __data_load__, (size_t)((char *)__data_end__ - (char *)__data_start__));
    }
    memset(__bss_start__, 0, (size_t)((char *)__bss_end__ - (char *)__bss_start__));

    /* MemManage, BusFault and UsageFault get their own handlers (and report the precise
     * cause) instead of escalating to HardFault; SecureFault too on ARMv8-M. Integer divide
     * by zero traps instead of returning 0: it is undefined behaviour in C, as UBSan says on
     * the host. Unaligned accesses stay legal (the DSP code relies on them). */
    KILN_SCB_SHCSR |= (1u << 16) | (1u << 17) | (1u << 18) | (KILN_V8M_MAIN ? (1u << 19) : 0u);
    KILN_SCB_CCR |= (1u << 4);
    kiln_mpu_guards();
    __asm__ volatile("dsb\n\tisb" ::: "memory");

    initialise_monitor_handles();
    int argc = kiln_fetch_args();
    kiln_board_counter_init();
    __libc_init_array();
    exit(main(argc, kiln_argv));
}

/* newlib's __libc_init_array/__libc_fini_array call these (normally from crti.o). */
void _init(void)
{
}

void _fini(void)
{
}

/* The heap is [__heap_start__, __heap_end__) from the linker script. librdimon's weak _sbrk
 * compares against the stack pointer, which is wrong when the stack lies below the heap
 * (an547: stack in DTCM at 0x20000000, heap in DDR at 0x60000000). */
void *_sbrk(ptrdiff_t incr)
{
    static uintptr_t brk;
    if (brk == 0u)
    {
        brk = (uintptr_t)__heap_start__;
    }
    const uintptr_t prev = brk;
    if ((incr >= 0 && (uintptr_t)incr > (uintptr_t)__heap_end__ - brk) ||
        (incr < 0 && (uintptr_t)(-incr) > brk - (uintptr_t)__heap_start__))
    {
        errno = ENOMEM;
        return (void *)-1;
    }
    brk += (uintptr_t)incr;
    return (void *)prev;
}

/* ------------------------------------------------------------------------------------------ */
/* Edge memory (kiln_board.h): [__kiln_edge_start__, __kiln_edge_end__) with addresses that fault   */
/* after it, [__kiln_front_start__, __kiln_front_end__) with addresses that fault before it        */
/* (the board's linker script).                                                                */
/* ------------------------------------------------------------------------------------------ */

static bool kiln_edge_taken, kiln_front_taken;

void *kiln_edge_alloc(size_t size)
{
    if (kiln_edge_taken || size > kiln_edge_capacity())
    {
        return NULL;
    }
    kiln_edge_taken = true;
    return __kiln_edge_end__ - size;
}

void *kiln_edge_alloc_front(size_t size)
{
    if (kiln_front_taken || size > kiln_edge_capacity())
    {
        return NULL;
    }
    kiln_front_taken = true;
    return __kiln_front_start__;
}

void kiln_edge_free(void *p)
{
    if (p == (void *)__kiln_front_start__)
    {
        kiln_front_taken = false;
    }
    else if (p != NULL)
    {
        kiln_edge_taken = false;
    }
}

size_t kiln_edge_capacity(void)
{
    const size_t back = (size_t)(__kiln_edge_end__ - __kiln_edge_start__);
    const size_t front = (size_t)(__kiln_front_end__ - __kiln_front_start__);
    return back < front ? back : front;
}

/* ------------------------------------------------------------------------------------------ */
/* Faults                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* A private stack for the fault report: the fault may be a stack overflow. */
__attribute__((used)) uint64_t kiln_fault_stack[512];

/* Finds the exception frame (MSP or PSP per EXC_RETURN bit 2), switches to the fault stack
 * (lifting the ARMv8-M stack limit) and reports. Thumb-1 only. */
__attribute__((naked, noreturn)) void kiln_fault_entry(void)
{
    __asm__ volatile(
        ".syntax unified\n\t"
        "movs r0, #4\n\t"
        "mov r1, lr\n\t"
        "tst r0, r1\n\t"
        "beq 1f\n\t"
        "mrs r0, psp\n\t"
        "b 2f\n"
        "1:\n\t"
        "mrs r0, msp\n"
        "2:\n\t"
#if KILN_V8M_MAIN
        "movs r2, #0\n\t"
        "msr msplim, r2\n\t"
#endif
        "ldr r2, =kiln_fault_stack + 4096\n\t"
        "mov sp, r2\n\t"
        "ldr r2, =kiln_fault_report\n\t"
        "bx r2\n\t"
        ".ltorg\n\t");
}

/* Raw semihosting output: the fault may have hit inside stdio or malloc. */
typedef struct
{
    char buf[512];
    size_t n;
} kiln_line;

static void kiln_put(kiln_line *l, const char *s)
{
    while (*s != '\0' && l->n + 1 < sizeof(l->buf))
    {
        l->buf[l->n++] = *s++;
    }
    l->buf[l->n] = '\0';
}

static void kiln_put_hex(kiln_line *l, uint32_t v)
{
    char s[11] = "0x";
    for (int i = 0; i < 8; i++)
    {
        s[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xFu];
    }
    s[10] = '\0';
    kiln_put(l, s);
}

static void kiln_put_dec(kiln_line *l, uint32_t v)
{
    char s[11];
    int i = 10;
    s[i] = '\0';
    do
    {
        s[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0u && i > 0);
    kiln_put(l, s + i);
}

static void kiln_put_bits(kiln_line *l, uint32_t value, const char *const names[32])
{
    for (int b = 0; b < 32; b++)
    {
        if ((value & (1u << b)) != 0u && names[b] != NULL)
        {
            kiln_put(l, " ");
            kiln_put(l, names[b]);
        }
    }
}

static const char *const kiln_cfsr_names[32] = {
    "IACCVIOL", "DACCVIOL", NULL, "MUNSTKERR", "MSTKERR", "MLSPERR", NULL, "MMARVALID",
    "IBUSERR", "PRECISERR", "IMPRECISERR", "UNSTKERR", "STKERR", "LSPERR", NULL, "BFARVALID",
    "UNDEFINSTR", "INVSTATE", "INVPC", "NOCP", "STKOF", NULL, NULL, NULL,
    "UNALIGNED", "DIVBYZERO", NULL, NULL, NULL, NULL, NULL, NULL};

static const char *const kiln_hfsr_names[32] = {
    NULL, "VECTTBL", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "FORCED", "DEBUGEVT"};

__attribute__((noreturn, used)) void kiln_fault_report(const uint32_t *frame, uint32_t exc_return)
{
    static const char *const names[16] = {"Thread",     "Reset",       "NMI",        "HardFault",
                                          "MemManage",  "BusFault",    "UsageFault", "SecureFault",
                                          "Reserved8",  "Reserved9",   "Reserved10", "SVCall",
                                          "DebugMon",   "Reserved13",  "PendSV",     "SysTick"};
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    ipsr &= 0x1FFu;
    const uint32_t cfsr = KILN_SCB_CFSR;
    const uint32_t hfsr = KILN_SCB_HFSR;
    kiln_line l = {{0}, 0};

    kiln_put(&l, "\n*** kiln board: ");
    if (ipsr < 16u)
    {
        kiln_put(&l, names[ipsr]);
    }
    else
    {
        kiln_put(&l, "unexpected interrupt IRQ");
        kiln_put_dec(&l, ipsr - 16u);
    }
    kiln_put(&l, " ***\n  CFSR=");
    kiln_put_hex(&l, cfsr);
    kiln_put_bits(&l, cfsr, kiln_cfsr_names);
    kiln_put(&l, "\n  HFSR=");
    kiln_put_hex(&l, hfsr);
    kiln_put_bits(&l, hfsr, kiln_hfsr_names);
    kiln_put(&l, "\n  MMFAR=");
    kiln_put_hex(&l, KILN_SCB_MMFAR);
    kiln_put(&l, (cfsr & (1u << 7)) ? " (valid)" : " (not valid)");
    kiln_put(&l, "  BFAR=");
    kiln_put_hex(&l, KILN_SCB_BFAR);
    kiln_put(&l, (cfsr & (1u << 15)) ? " (valid)" : " (not valid)");
#if KILN_V8M_MAIN
    kiln_put(&l, "\n  SFSR=");
    kiln_put_hex(&l, KILN_SCB_SFSR);
    kiln_put(&l, "  SFAR=");
    kiln_put_hex(&l, KILN_SCB_SFAR);
#endif
    /* The frame is read only if it lies in the usable stack: after a stacking fault (stack
     * overflow) it does not. */
    const uintptr_t lo = (uintptr_t)__stack_limit__ + KILN_STACK_GUARD_BYTES;
    const uintptr_t hi = (uintptr_t)__stack_top__ - 8u * sizeof(uint32_t);
    const uint32_t stacking_failed = (1u << 4) | (1u << 12) | (1u << 20); /* MSTKERR STKERR STKOF */
    if ((uintptr_t)frame >= lo && (uintptr_t)frame <= hi && (cfsr & stacking_failed) == 0u)
    {
        kiln_put(&l, "\n  stacked PC=");
        kiln_put_hex(&l, frame[6]);
        kiln_put(&l, "  LR=");
        kiln_put_hex(&l, frame[5]);
        kiln_put(&l, "  xPSR=");
        kiln_put_hex(&l, frame[7]);
    }
    else
    {
        kiln_put(&l, "\n  no exception frame: SP=");
        kiln_put_hex(&l, (uint32_t)(uintptr_t)frame);
        kiln_put(&l, " (stacking failed or SP outside the stack: stack overflow?)");
    }
    kiln_put(&l, "  EXC_RETURN=");
    kiln_put_hex(&l, exc_return);
    kiln_put(&l, "\n");
    (void)kiln_semihost_call(KILN_SYS_WRITE0, l.buf);
    kiln_semihost_exit(128 + (int)(ipsr < 16u ? ipsr : 16u));
}
