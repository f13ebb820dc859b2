/* Shared helpers of the reference self-test programs (tests/reference_selftest). */
#ifndef KILN_REF_SELFTEST_COMMON_H
#define KILN_REF_SELFTEST_COMMON_H

#include <stdint.h>
#include <string.h>

#include "kiln_ref.h"
#include "kiln_test.h"

#define SELFTEST_LEN(a) ((int64_t)(sizeof(a) / sizeof((a)[0])))

/* Byte the output buffers are filled with before a kernel runs, so that writes past the expected
 * output size are caught. */
#define SELFTEST_CANARY ((int8_t)0x5A)

/* out must have room for n + 16 elements: the kernel's output is compared with want[0..n) and the
 * 16 elements after it must still hold the canary. */
static inline void selftest_expect_s8(const int8_t *got, const int8_t *want, int64_t n)
{
    KILN_CHECK_MEM_S8(got, want, n);
    for (int64_t i = n; i < n + 16; i++)
    {
        if (!KILN_CHECK(got[i] == SELFTEST_CANARY))
        {
            break;
        }
    }
}

#endif
