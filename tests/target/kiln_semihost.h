/*
 * Kiln boards: the few Arm semihosting calls the startup code makes itself (newlib's librdimon
 * does stdio, files and exit). Cross builds only.
 */
#ifndef KILN_SEMIHOST_H
#define KILN_SEMIHOST_H

#include <stdint.h>

#define KILN_SYS_WRITE0 0x04
#define KILN_SYS_GET_CMDLINE 0x15
#define KILN_SYS_EXIT 0x18
#define KILN_SYS_EXIT_EXTENDED 0x20
#define KILN_ADP_STOPPED_APPLICATION_EXIT 0x20026

/* On M-profile the semihosting trap is BKPT 0xAB; QEMU intercepts it when started with
 * -semihosting-config enable=on. */
static inline uint32_t kiln_semihost_call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* Ends the QEMU process with `status` as its exit status (SYS_EXIT_EXTENDED; the plain
 * A32/T32 SYS_EXIT cannot carry a status). */
__attribute__((noreturn)) static inline void kiln_semihost_exit(int status)
{
    uint32_t block[2] = {KILN_ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    (void)kiln_semihost_call(KILN_SYS_EXIT_EXTENDED, block);
    /* A host without the extension: report a failure the only way plain SYS_EXIT can. */
    (void)kiln_semihost_call(KILN_SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? 0x20026u : 0x20023u));
    for (;;)
    {
    }
}

#endif
