/*
 * Kiln test harness: tiny, dependency-free checks shared by every test program on the host and
 * on the emulated boards. A test program registers nothing: it calls KILN_RUN(fn) for each test
 * function and returns kiln_test_finish() from main(). Output ends with the line
 *     kiln: N passed, N failed
 * and the exit status is non-zero when any check failed.
 */
#ifndef KILN_TEST_H
#define KILN_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Record one check; prints file:line and the message when it fails. Returns cond. */
bool kiln_check_impl(bool cond, const char *file, int line, const char *expr);
bool kiln_check_int_impl(int64_t got, int64_t want, const char *file, int line, const char *expr);
/* Compare two byte-typed or int-typed arrays element by element; reports the first few mismatches. */
bool kiln_check_mem_s8_impl(const int8_t *got, const int8_t *want, int64_t n, const char *file, int line,
                            const char *what);
bool kiln_check_mem_s16_impl(const int16_t *got, const int16_t *want, int64_t n, const char *file, int line,
                             const char *what);
bool kiln_check_mem_s32_impl(const int32_t *got, const int32_t *want, int64_t n, const char *file, int line,
                             const char *what);
/* Float arrays with an absolute tolerance. */
bool kiln_check_close_f32_impl(const float *got, const float *want, int64_t n, double abs_tol, const char *file,
                               int line, const char *what);

void kiln_run_test(void (*fn)(void), const char *name);
int kiln_test_finish(void);

/* Context printed with the next failure (e.g. the random case that failed). */
void kiln_test_context(const char *fmt, ...);

#define KILN_CHECK(cond) kiln_check_impl((cond), __FILE__, __LINE__, #cond)
#define KILN_CHECK_EQ(got, want) kiln_check_int_impl((int64_t)(got), (int64_t)(want), __FILE__, __LINE__, #got " == " #want)
#define KILN_CHECK_MEM_S8(got, want, n) kiln_check_mem_s8_impl((got), (want), (n), __FILE__, __LINE__, #got)
#define KILN_CHECK_MEM_S16(got, want, n) kiln_check_mem_s16_impl((got), (want), (n), __FILE__, __LINE__, #got)
#define KILN_CHECK_MEM_S32(got, want, n) kiln_check_mem_s32_impl((got), (want), (n), __FILE__, __LINE__, #got)
#define KILN_CHECK_CLOSE_F32(got, want, n, tol)                                                                  \
    kiln_check_close_f32_impl((got), (want), (n), (tol), __FILE__, __LINE__, #got)
#define KILN_RUN(fn) kiln_run_test((fn), #fn)

/* An operand of a call, for kiln_edge_each(): the pointer variable the call reads (*slot) and the
 * operand's size in bytes. */
typedef struct
{
    const char *name;
    void **slot;
    size_t bytes;
} kiln_edge_operand;

/*
 * For each operand in turn, twice: copies its bytes into edge memory (kiln_board.h: memory whose end
 * is the end of what the program may touch, then memory whose start is the start of it), points
 * *slot at that copy, runs run(arg) (true when its checks held) and restores *slot. A read or write
 * past the operand's end, or before its start, then stops the program (a fault on the boards) or is
 * reported by AddressSanitizer (host). run() finds every operand through the slots, outputs included
 * (their edge copy starts as a copy of the buffer). Operands whose slot holds NULL or whose size is 0
 * are skipped. Failed checks name the operand and the edge. Returns true when every run held.
 */
bool kiln_edge_each(const kiln_edge_operand *ops, int count, bool (*run)(void *arg), void *arg);

/* A call's operand (often const) as the void * its slot holds. */
static inline void *kiln_edge_ptr(const void *p)
{
    return (void *)(uintptr_t)p;
}

/* Deterministic pseudo-random numbers (xorshift64*), so every board draws the same cases. */
typedef struct
{
    uint64_t s;
} kiln_rng;
void kiln_rng_seed(kiln_rng *r, uint64_t seed);
/* The same without KILN_TEST_SEED_SALT: the data of a performance guard tuned to its counts (stress
 * runs change every other case). */
void kiln_rng_seed_unsalted(kiln_rng *r, uint64_t seed);
uint32_t kiln_rng_u32(kiln_rng *r);
/* Uniform integer in [lo, hi], both inclusive. */
int32_t kiln_rng_range(kiln_rng *r, int32_t lo, int32_t hi);
void kiln_rng_fill_s8(kiln_rng *r, int8_t *dst, int64_t n);
void kiln_rng_fill_s8_range(kiln_rng *r, int8_t *dst, int64_t n, int32_t lo, int32_t hi);

/* Scale for randomized loops: the host runs many cases, the emulated boards fewer.
 * kiln_test_iterations(host, target) picks one by build. */
int32_t kiln_test_iterations(int32_t host, int32_t target);

#ifdef __cplusplus
}
#endif

#endif
