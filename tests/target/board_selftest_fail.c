/*
 * Kiln board self-test that must fail: one harness check fails on purpose, so the program
 * returns non-zero, and on a board the status must cross semihosting and QEMU to ctest
 * (registered WILL_FAIL: ctest passes it only if it fails).
 */
#include "kiln_board.h"
#include "kiln_test.h"

static void test_fails_on_purpose(void)
{
    volatile int one = 1;
    printf("board_selftest_fail on %s: the next check fails on purpose\n", kiln_board_name());
    KILN_CHECK_EQ(one + one, 3);
}

static void test_passes(void)
{
    KILN_CHECK(1);
}

int main(void)
{
    KILN_RUN(test_passes);
    KILN_RUN(test_fails_on_purpose);
    return kiln_test_finish();
}
