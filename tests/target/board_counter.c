/*
 * Kiln test boards: the instruction counter.
 *
 * QEMU started with `-icount shift=0` advances virtual time by exactly 1 ns per executed
 * instruction, and SysTick (CLKSOURCE = processor clock) ticks every 1e9/f ns of virtual time:
 * every 40 instructions on the an386 (25 MHz), every 31.25 on the an547 (32 MHz). A tick alone
 * is too coarse, so the counter resolves single instructions:
 *
 *   start  restarts SysTick (VAL cleared, LOAD = KILN_COUNTER_RELOAD); the enabling store is the
 *          time origin, and the instructions after it are a fixed overhead.
 *   stop   masks interrupts (the stop point P), spins until VAL changes (4 instructions per
 *          iteration, n iterations), waits a fixed straight run of instructions, then reads VAL
 *          with 7 back-to-back loads. The run is sized so the next tick edge always falls inside
 *          those 7 loads, whatever the spin's phase, so the first load j that sees the new tick
 *          k executes at exactly the first instruction time I(k) at which tick k is visible.
 *          Then P = I(k) - 4n - j - const.
 *
 * I(k), measured on QEMU 7.2 (tests/target/README.md): the an386 shows tick k from instruction
 * 40k + c, the an547 from floor(31.25k) + c' (for k >= 2; the first tick after enabling is one
 * instruction late, and stop never uses it). The constants, and the start/stop instructions,
 * are measured on an empty region at boot (before main) and subtracted, so an empty region
 * reads exactly 0. Without -icount the readings are not reproducible; the boot calibration
 * notices and kiln_counter_available() returns false.
 *
 * The 24-bit SysTick wraps every 2^24 ticks (~0.67 s of virtual time on the an386): its
 * interrupt counts wraps (64-bit totals), and the handler's own KILN_WRAP_HANDLER_INSNS
 * instructions are subtracted for each wrap taken inside the measured region.
 */
#include <stdint.h>

#include "kiln_board.h"

#if defined(KILN_BOARD_AN547)
#define KILN_BOARD_NAME "an547 (Cortex-M55)"
/* Tick period 31.25 instructions = 125/4. */
#define KILN_TICK_NUM 125u
#define KILN_TICK_DEN 4u
/* Instructions between the spin's detecting load and the first burst load, minus the 6 fixed
 * ones: 26 - 1 - 6 (tick gaps are 30..32 instructions; the burst covers 26..32). */
#define KILN_SYNC_NOPS 19
#elif defined(KILN_BOARD_AN386)
#define KILN_BOARD_NAME "an386 (Cortex-M4)"
#define KILN_TICK_NUM 40u
#define KILN_TICK_DEN 1u
/* Tick gaps are exactly 40 instructions; the burst covers 35..41. */
#define KILN_SYNC_NOPS 28
#else
#error "kiln board: define KILN_BOARD_AN386 or KILN_BOARD_AN547"
#endif

/* SysTick reload. Tests of the wrap logic build this file with a small value. */
#ifndef KILN_COUNTER_RELOAD
#define KILN_COUNTER_RELOAD 0x00FFFFFF /* no integer suffix: the assembler reads it too */
#endif
#if KILN_COUNTER_RELOAD < 0x100u || KILN_COUNTER_RELOAD > 0x00FFFFFFu
#error "KILN_COUNTER_RELOAD must lie in [0x100, 0xFFFFFF]"
#endif
#if defined(KILN_BOARD_AN547) && ((KILN_COUNTER_RELOAD + 1u) % 4u) != 0u
/* QEMU keeps SysTick's schedule in whole nanoseconds: unless a full SysTick period
 * (reload + 1 ticks of 31.25 ns) is a whole number of nanoseconds, the tick edges drift by a
 * fraction of an instruction at every wrap and the decoding below is off by one. */
#error "on the an547, KILN_COUNTER_RELOAD + 1 must be a multiple of 4"
#endif

/* Instructions the SysTick handler executes per wrap (exception entry itself costs none). */
#define KILN_WRAP_HANDLER_INSNS 5

#define KILN_STR2(x) #x
#define KILN_STR(x) KILN_STR2(x)

#define KILN_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))
#define KILN_SYST_CSR KILN_REG(0xE000E010u)
#define KILN_SCB_ICSR KILN_REG(0xE000ED04u)
#define KILN_ICSR_PENDSTSET (1u << 26)
#define KILN_ICSR_PENDSTCLR (1u << 25)

/* What kiln_counter_sync() records; offsets are used by the assembly. */
typedef struct
{
    uint32_t spins;    /* n: iterations of the 4-instruction spin */
    uint32_t before;   /* VAL seen by the spin's detecting load */
    uint32_t burst[7]; /* 7 consecutive loads of VAL */
    uint32_t primask;  /* PRIMASK on entry */
} kiln_sync_sample;

/* Wraps taken since kiln_counter_start(); written only by the handler and start. */
volatile uint32_t kiln_counter_wraps;

void kiln_board_systick_handler(void);
void kiln_board_counter_init(void);
void kiln_counter_sync(kiln_sync_sample *out);
double kiln_counter_empty_region(void);

/* Exactly KILN_WRAP_HANDLER_INSNS instructions. */
__attribute__((naked)) void kiln_board_systick_handler(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "ldr r0, =kiln_counter_wraps\n\t"
                     "ldr r1, [r0]\n\t"
                     "adds r1, r1, #1\n\t"
                     "str r1, [r0]\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
}

/* The time origin is the store that enables SysTick; one instruction (bx lr) follows. */
__attribute__((naked)) void kiln_counter_start(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "ldr r3, =0xE000E010\n\t" /* SYST_CSR */
                     "movs r0, #0\n\t"
                     "str r0, [r3]\n\t"        /* disable */
                     "ldr r1, =" KILN_STR(KILN_COUNTER_RELOAD) "\n\t"
                     "str r1, [r3, #4]\n\t"    /* SYST_RVR */
                     "str r0, [r3, #8]\n\t"    /* SYST_CVR = 0 (also clears COUNTFLAG) */
                     "ldr r1, =0xE000ED04\n\t" /* ICSR */
                     "ldr r2, =0x02000000\n\t" /* PENDSTCLR */
                     "str r2, [r1]\n\t"
                     "ldr r1, =kiln_counter_wraps\n\t"
                     "str r0, [r1]\n\t"
                     "movs r0, #7\n\t"         /* CLKSOURCE = CPU, TICKINT, ENABLE */
                     "str r0, [r3]\n\t"        /* <- time origin */
                     "bx lr\n\t"
                     ".ltorg\n\t");
}

/* The stop point P is the cpsid. Thumb-1 only (the Cortex-M0+ build runs it too). */
__attribute__((naked)) void kiln_counter_sync(__attribute__((unused)) kiln_sync_sample *out)
{
    __asm__ volatile(".syntax unified\n\t"
                     "mrs r2, primask\n\t"
                     "str r2, [r0, #36]\n\t"
                     "cpsid i\n\t" /* P */
                     "push {r4-r7}\n\t"
                     "ldr r1, =0xE000E018\n\t" /* SYST_CVR */
                     "ldr r2, [r1]\n\t"
                     "movs r3, #0\n"
                     "1:\n\t"
                     "ldr r4, [r1]\n\t" /* detecting load: P + 4n + 1 */
                     "adds r3, r3, #1\n\t"
                     "cmp r4, r2\n\t"
                     "beq 1b\n\t"
                     "str r3, [r0, #0]\n\t"
                     "str r4, [r0, #4]\n\t"
                     "mov r12, r0\n\t"
                     ".rept " KILN_STR(KILN_SYNC_NOPS) "\n\t"
                     "nop\n\t"
                     ".endr\n\t"
                     "ldr r0, [r1]\n\t" /* burst load 0 */
                     "ldr r2, [r1]\n\t"
                     "ldr r3, [r1]\n\t"
                     "ldr r4, [r1]\n\t"
                     "ldr r5, [r1]\n\t"
                     "ldr r6, [r1]\n\t"
                     "ldr r7, [r1]\n\t" /* burst load 6 */
                     "mov r1, r12\n\t"
                     "str r0, [r1, #8]\n\t"
                     "str r2, [r1, #12]\n\t"
                     "str r3, [r1, #16]\n\t"
                     "str r4, [r1, #20]\n\t"
                     "str r5, [r1, #24]\n\t"
                     "str r6, [r1, #28]\n\t"
                     "str r7, [r1, #32]\n\t"
                     "pop {r4-r7}\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
}

/* The canonical empty region: nothing between the two calls. */
__attribute__((naked)) double kiln_counter_empty_region(void)
{
    __asm__ volatile(".syntax unified\n\t"
                     "push {r4, lr}\n\t"
                     "bl kiln_counter_start\n\t"
                     "bl kiln_counter_stop\n\t"
                     "pop {r4, pc}\n\t");
}

static enum { KILN_UNCALIBRATED, KILN_CALIBRATING, KILN_READY, KILN_BROKEN } kiln_counter_state;
static int64_t kiln_counter_overhead;

const char *kiln_board_name(void)
{
    return KILN_BOARD_NAME;
}

/* Instructions from the time origin to P, plus a board constant; -1 if the sample is not
 * what the sync sequence guarantees (e.g. QEMU runs without -icount). */
static int64_t kiln_counter_decode(const kiln_sync_sample *s)
{
    const uint32_t reload = KILN_COUNTER_RELOAD;
    uint32_t j = 0;
    while (j < 7u && s->burst[j] == s->before)
    {
        j++;
    }
    if (j == 0u || j == 7u)
    {
        return -1;
    }
    const uint32_t v = s->burst[j];
    /* Wraps up to the tick seen at burst load j: the handled ones, plus one still pending
     * (interrupts are masked from P) if it happened before that load, i.e. if VAL has already
     * reached 0 or reloaded. */
    uint64_t wraps = kiln_counter_wraps;
    const uint32_t handled = (uint32_t)wraps;
    if ((KILN_SCB_ICSR & KILN_ICSR_PENDSTSET) != 0u && (v == 0u || v > reload / 2u))
    {
        wraps++;
    }
    /* VAL reads 0 for the first tick after enabling, then reload, reload-1, ..., 1, 0 (the
     * wrap interrupt fires on reaching 0), reload, ... */
    const uint64_t tick = wraps * ((uint64_t)reload + 1u) + (v == 0u ? 0u : (uint64_t)reload + 1u - v);
    const int64_t first_visible = (int64_t)((tick * KILN_TICK_NUM) / KILN_TICK_DEN);
    return first_visible - 4 * (int64_t)s->spins - (int64_t)j - (int64_t)handled * KILN_WRAP_HANDLER_INSNS;
}

static void kiln_counter_calibrate(void)
{
    kiln_counter_state = KILN_CALIBRATING;
    double first = kiln_counter_empty_region();
    bool ok = first >= 0.0;
    /* The same empty region at several tick phases must read the same: that holds only
     * when QEMU counts instructions (-icount shift=0). */
    for (int i = 0; i < 8 && ok; i++)
    {
        for (volatile int spin = 0; spin < i * 3; spin++)
        {
        }
        ok = kiln_counter_empty_region() == first;
    }
    kiln_counter_overhead = (int64_t)first;
    kiln_counter_state = ok ? KILN_READY : KILN_BROKEN;
    /* No SysTick interrupts in the background until a measurement starts. */
    KILN_SYST_CSR = 0u;
    KILN_SCB_ICSR = KILN_ICSR_PENDSTCLR;
}

/* Called by the reset handler before main, so no measurement is ever disturbed by the lazy
 * calibration. */
void kiln_board_counter_init(void)
{
    if (kiln_counter_state == KILN_UNCALIBRATED)
    {
        kiln_counter_calibrate();
    }
}

double kiln_counter_stop(void)
{
    kiln_sync_sample s;
    if ((KILN_SYST_CSR & 1u) == 0u)
    {
        return 0.0; /* never started */
    }
    kiln_counter_sync(&s);
    const int64_t raw = kiln_counter_decode(&s);
    if (s.primask == 0u)
    {
        __asm__ volatile("cpsie i" ::: "memory");
    }
    if (kiln_counter_state == KILN_CALIBRATING)
    {
        return (double)raw;
    }
    if (kiln_counter_state == KILN_UNCALIBRATED)
    {
        kiln_counter_calibrate();
    }
    if (kiln_counter_state != KILN_READY || raw < 0)
    {
        return 0.0;
    }
    return (double)(raw - kiln_counter_overhead);
}

bool kiln_counter_available(void)
{
    if (kiln_counter_state == KILN_UNCALIBRATED)
    {
        kiln_counter_calibrate();
    }
    return kiln_counter_state == KILN_READY;
}
