/*
 * arm_memcpy_f32 / _f16 and arm_memset_f32 / _f16 (inline in arm_nnsupportfunctions_flt.h): block_size counts
 * elements; copies are bit for bit (NaN payloads, -0, subnormals), fills write exactly block_size elements and
 * nothing around them; block_size 0 writes nothing.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnsupportfunctions_flt.h"
#include "kiln_test.h"

#define FC_N 67
#define FC_GUARD 8

#if ARM_NN_ENABLE_F32
static void test_copy_fill_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0F32u);
    uint32_t src[FC_N], dst[FC_N + 2 * FC_GUARD];
    for (uint32_t n = 0; n <= FC_N; n++)
    {
        for (int i = 0; i < FC_N; i++)
        {
            src[i] = kiln_rng_u32(&r);
        }
        src[0] = 0x7FC12345u; /* a NaN with a payload */
        memset(dst, 0xA5, sizeof dst);
        kiln_test_context("memcpy f32 n %u", (unsigned)n);
        arm_memcpy_f32((float32_t *)(dst + FC_GUARD), (const float32_t *)src, n);
        KILN_CHECK(memcmp(dst + FC_GUARD, src, n * sizeof(uint32_t)) == 0);
        bool untouched = true;
        for (uint32_t i = 0; i < FC_N + 2 * FC_GUARD; i++)
        {
            if ((i < FC_GUARD || i >= FC_GUARD + n) && dst[i] != 0xA5A5A5A5u)
            {
                untouched = false;
            }
        }
        KILN_CHECK(untouched);
        kiln_test_context("memset f32 n %u", (unsigned)n);
        memset(dst, 0xA5, sizeof dst);
        const float32_t v = (float32_t)kiln_rng_range(&r, -1000, 1000) * 0.125f;
        arm_memset_f32((float32_t *)(dst + FC_GUARD), v, n);
        bool ok = true;
        for (uint32_t i = 0; i < FC_N + 2 * FC_GUARD; i++)
        {
            float32_t got;
            memcpy(&got, &dst[i], sizeof got);
            ok &= (i < FC_GUARD || i >= FC_GUARD + n) ? dst[i] == 0xA5A5A5A5u : got == v;
        }
        KILN_CHECK(ok);
    }
}
#endif

#if ARM_NN_ENABLE_F16
static void test_copy_fill_f16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0F16u);
    uint16_t src[FC_N], dst[FC_N + 2 * FC_GUARD];
    for (uint32_t n = 0; n <= FC_N; n++)
    {
        for (int i = 0; i < FC_N; i++)
        {
            src[i] = (uint16_t)kiln_rng_u32(&r);
        }
        src[0] = 0x7E55u; /* a NaN with a payload */
        memset(dst, 0xA5, sizeof dst);
        kiln_test_context("memcpy f16 n %u", (unsigned)n);
        arm_memcpy_f16((float16_t *)(dst + FC_GUARD), (const float16_t *)src, n);
        KILN_CHECK(memcmp(dst + FC_GUARD, src, n * sizeof(uint16_t)) == 0);
        bool untouched = true;
        for (uint32_t i = 0; i < FC_N + 2 * FC_GUARD; i++)
        {
            if ((i < FC_GUARD || i >= FC_GUARD + n) && dst[i] != 0xA5A5u)
            {
                untouched = false;
            }
        }
        KILN_CHECK(untouched);
        kiln_test_context("memset f16 n %u", (unsigned)n);
        memset(dst, 0xA5, sizeof dst);
        const uint16_t bits = (uint16_t)kiln_rng_u32(&r);
        float16_t v;
        memcpy(&v, &bits, sizeof v);
        arm_memset_f16((float16_t *)(dst + FC_GUARD), v, n);
        bool ok = true;
        for (uint32_t i = 0; i < FC_N + 2 * FC_GUARD; i++)
        {
            ok &= (i < FC_GUARD || i >= FC_GUARD + n) ? dst[i] == 0xA5A5u : dst[i] == bits;
        }
        KILN_CHECK(ok);
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_copy_fill_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_copy_fill_f16);
#endif
    return kiln_test_finish();
}
