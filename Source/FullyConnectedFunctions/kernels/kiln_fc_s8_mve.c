/*
 * Kiln — int8 fully connected kernels, Helium (MVE). With kernel sums (see kiln_fc_s8.h; the
 * fully connected and batch matmul routes) the input offset costs nothing in the loop: six
 * matrix rows per pass, one input load feeding six VMLADAVA (16 int8 MACs each) in a
 * tail-predicated loop (any column count), the raw dot products of up to 72 rows collected on
 * the stack and requantized four at a time; the last rows % 6 go four / one at a time
 * (kiln_fc_rows_run, which also requantizes TFLite's usual layer). Other layers with kernel sums
 * of fewer than 16 rows take four rows per pass directly (less set-up). Without kernel sums, four
 * rows per pass with each row's weight sum accumulated beside the dot product (VADDVA).
 */
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

/* Requantize four accumulators (rows r..r+3), offset, clamp, store at dst with the row stride. */
static inline void kiln_fc_s8_store4(int32x4_t acc, int8_t *dst, int32_t r, const kiln_fc_s8_args *a)
{
    if (a->mult_pc != NULL)
    {
        acc = arm_requantize_mve_32x4(acc, vldrwq_s32(a->mult_pc + r), vldrwq_s32(a->shift_pc + r));
    }
    else
    {
        acc = arm_requantize_mve(acc, a->mult, a->shift);
    }
    acc = vaddq_n_s32(acc, a->dst_offset);
    acc = vmaxq_s32(acc, vdupq_n_s32(a->act_min));
    acc = vminq_s32(acc, vdupq_n_s32(a->act_max));
    if (a->dst_stride == 1)
    {
        vstrbq_s32(dst + r, acc);
    }
    else
    {
        const uint32x4_t offs = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)a->dst_stride);
        vstrbq_scatter_offset_s32(dst + (size_t)r * (size_t)a->dst_stride, offs, acc);
    }
}

static inline int32_t kiln_sum_s8(const int8_t *x, int32_t n)
{
    int32_t s = 0;
    for (int32_t left = n; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        s = vaddvaq_p_s8(s, vldrbq_z_s8(x, p), p);
        x += 16;
    }
    return s;
}

/* The loop of kiln_dot4: four sums a0..a3 (started by the caller's first instructions) over n columns of x and
 * rows w0..w3, then packed into acc in row order. */
#define KILN_FC_DOT4_LOOP                                                                                              \
    "  wlstp.8     lr, %[n], 2f           \n"                                                                         \
    "1:                                   \n"                                                                         \
    "  vldrb.8     q0, [%[x]], #16        \n"                                                                         \
    "  vldrb.8     q1, [%[w0]], #16       \n"                                                                         \
    "  vmladava.s8 %[a0], q0, q1          \n"                                                                         \
    "  vldrb.8     q2, [%[w1]], #16       \n"                                                                         \
    "  vmladava.s8 %[a1], q0, q2          \n"                                                                         \
    "  vldrb.8     q3, [%[w2]], #16       \n"                                                                         \
    "  vmladava.s8 %[a2], q0, q3          \n"                                                                         \
    "  vldrb.8     q1, [%[w3]], #16       \n"                                                                         \
    "  vmladava.s8 %[a3], q0, q1          \n"                                                                         \
    "  letp        lr, 1b                 \n"                                                                         \
    "2:                                   \n"                                                                         \
    "  vmov        %q[acc][2], %q[acc][0], %[a0], %[a2] \n"                                                           \
    "  vmov        %q[acc][3], %q[acc][1], %[a1], %[a3] \n"

/* Four dot products of x against rows w0 .. w0 + 3 * cols. A tail-predicated low-overhead loop
 * (WLSTP/LETP): per 16 columns one VLDRB of x, four of the rows and four VMLADAVA, any column
 * count, no separate tail. Written as inline assembly because GCC 12 neither forms
 * tail-predicated loops from intrinsics nor keeps this loop's pointers in registers (measured:
 * 0.29 instructions per MAC with the intrinsic version against 0.16 here). */
static inline int32x4_t kiln_dot4(const int8_t *x, const int8_t *w0, int32_t cols)
{
    const int8_t *w1 = w0 + cols;
    const int8_t *w2 = w1 + cols;
    const int8_t *w3 = w2 + cols;
    int32_t acc0, acc1, acc2, acc3;
    int32x4_t acc;
    __asm volatile("  mov         %[a0], #0              \n"
                   "  mov         %[a1], #0              \n"
                   "  mov         %[a2], #0              \n"
                   "  mov         %[a3], #0              \n"
                   KILN_FC_DOT4_LOOP
                   : [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3), [a0] "=&Te"(acc0),
                     [a1] "=&Te"(acc1), [a2] "=&Te"(acc2), [a3] "=&Te"(acc3), [acc] "=w"(acc)
                   : [n] "r"(cols)
                   : "q0", "q1", "q2", "q3", "lr", "memory");
    return acc;
}

/* One dot product (the rows % 4 leftover rows), same tail-predicated loop. */
static inline int32_t kiln_dot1(const int8_t *x, const int8_t *w0, int32_t cols)
{
    int32_t acc0;
    __asm volatile("  mov         %[a0], #0              \n"
                   "  wlstp.8     lr, %[n], 2f           \n"
                   "1:                                   \n"
                   "  vldrb.8     q0, [%[x]], #16        \n"
                   "  vldrb.8     q1, [%[w0]], #16       \n"
                   "  vmladava.s8 %[a0], q0, q1          \n"
                   "  letp        lr, 1b                 \n"
                   "2:                                   \n"
                   : [x] "+r"(x), [w0] "+r"(w0), [a0] "=&Te"(acc0)
                   : [n] "r"(cols)
                   : "q0", "q1", "lr", "memory");
    return acc0;
}

/* The same four rows without kernel sums: each row's weight sum is accumulated beside it. */
static inline int32x4_t kiln_dot4_wsum(const int8_t *x, const int8_t *w0, int32_t cols, int32x4_t *wsum)
{
    const int8_t *w1 = w0 + cols;
    const int8_t *w2 = w1 + cols;
    const int8_t *w3 = w2 + cols;
    int32_t acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0;
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int32_t left = cols; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        const int8x16_t xv = vldrbq_z_s8(x, p);
        const int8x16_t v0 = vldrbq_z_s8(w0, p);
        const int8x16_t v1 = vldrbq_z_s8(w1, p);
        const int8x16_t v2 = vldrbq_z_s8(w2, p);
        const int8x16_t v3 = vldrbq_z_s8(w3, p);
        acc0 = vmladavaq_s8(acc0, xv, v0);
        s0 = vaddvaq_s8(s0, v0);
        acc1 = vmladavaq_s8(acc1, xv, v1);
        s1 = vaddvaq_s8(s1, v1);
        acc2 = vmladavaq_s8(acc2, xv, v2);
        s2 = vaddvaq_s8(s2, v2);
        acc3 = vmladavaq_s8(acc3, xv, v3);
        s3 = vaddvaq_s8(s3, v3);
        x += 16;
        w0 += 16;
        w1 += 16;
        w2 += 16;
        w3 += 16;
    }
    int32x4_t s = vdupq_n_s32(s0);
    s = vsetq_lane_s32(s1, s, 1);
    s = vsetq_lane_s32(s2, s, 2);
    *wsum = vsetq_lane_s32(s3, s, 3);
    int32x4_t acc = vdupq_n_s32(acc0);
    acc = vsetq_lane_s32(acc1, acc, 1);
    acc = vsetq_lane_s32(acc2, acc, 2);
    return vsetq_lane_s32(acc3, acc, 3);
}

/* Rows handled per chunk: raw dot products go to a stack buffer of this many int32, then are
 * requantized. A multiple of 6 and 4; 72 (288 bytes of stack) keeps layers of up to 72 rows to
 * one chunk. */
#define KILN_FC_CHUNK 72

/*
 * The kernel-sum path's rows, dot products and (when dst is set) the usual requantization, as one function in
 * assembly (AAPCS: r4-r11 and lr saved, only q0-q3 used): GCC 12 neither forms the tail-predicated loops from
 * intrinsics nor keeps their pointers in registers, and the C glue around them cost ~150 instructions a call.
 * Arguments: x, w (row 0), ks (the kernel sums), sums, dst, a (a kiln_fc_s8_call: cols >= 1, rows >= 1). Chunks of
 * up to KILN_FC_CHUNK rows:
 *   sums[i] = ks[i] + dot(x, row i): six rows per pass, one VLDRB of x feeding six VMLADAVA per 16 columns
 *     (14 instructions per 96 MACs; six accumulators and seven pointers take every general register, so the pass's
 *     state lives on the stack: 18 instructions per group outside the column loop); then four rows in one pass when
 *     at least four remain, then one row per pass. Tail-predicated low-overhead loops (DLSTP / LETP): any cols >= 1.
 *   dst != NULL (TFLite's usual layer, kiln_fc_is_usual): dst[i] = the output stage of sums[i] (kiln_fc_rq_fits,
 *     co and the shift computed here from a's out, mult and shift), eight instructions per four outputs for the whole int8 range, nine for
 *     a narrower one; the sums in the function's own stack buffer (sums unused).
 *   dst == NULL: the sums only, into sums; a may then be just its first two words, int32_t {cols, rows}
 *     (rows <= KILN_FC_CHUNK).
 */
typedef char kiln_fc_call_layout[(offsetof(kiln_fc_s8_call, cols) == 0 && offsetof(kiln_fc_s8_call, rows) == 4 &&
                                  offsetof(kiln_fc_s8_call, out) == 8 && offsetof(kiln_fc_s8_call, mult) == 12 &&
                                  offsetof(kiln_fc_s8_call, shift) == 16 &&
                                  /* kiln_fc_s8_run's dispatcher: batches, per_channel, fc, fc->filter_offset */
                                  offsetof(kiln_fc_s8_call, batches) == 20 &&
                                  offsetof(kiln_fc_s8_call, per_channel) == 24 && offsetof(kiln_fc_s8_call, fc) == 28 &&
                                  offsetof(cmsis_nn_fc_params, filter_offset) == 4 &&
                                  offsetof(cmsis_nn_fc_params, activation) == offsetof(cmsis_nn_fc_params, output_offset) + 4 &&
                                  offsetof(cmsis_nn_activation, max) == 4 &&
                                  offsetof(kiln_fc_s8_args, act_min) == offsetof(kiln_fc_s8_args, dst_offset) + 4 &&
                                  offsetof(kiln_fc_s8_args, act_max) == offsetof(kiln_fc_s8_args, dst_offset) + 8)
                                     ? 1
                                     : -1];

/* The passes' pieces: the accumulators from the kernel sums (LDM, the pointer kept on the stack), row 0 and the
 * column count from the stack; one row's pointer from the previous one (lr: cols), the last one's successor stored as
 * the next pass's row 0; the column loop's head (x reloaded); one row's load and VMLADAVA; the sums stored (r12 left
 * at the next ones). */
#define KILN_FC_PASS_HEAD(accs)                                                                                        \
    "  ldr         r12, [sp, #20]              \n"                                                                     \
    "  ldm         r12!, {" accs "}             \n"                                                                    \
    "  str         r12, [sp, #20]              \n"                                                                     \
    "  ldm         sp, {r1, lr}                \n"
#define KILN_FC_NEXT_ROW(dst, src) "  add         " dst ", " src ", lr \n"
#define KILN_FC_PASS_LOOP(label)                                                                                       \
    "  str         r12, [sp, #0]               \n"                                                                     \
    "  ldr         r12, [sp, #8]               \n"                                                                     \
    "  dlstp.8     lr, lr                      \n" label ":                                        \n"                 \
    "  vldrb.8     q0, [r12], #16              \n"
#define KILN_FC_MAC(q, row, acc)                                                                                       \
    "  vldrb.8     " q ", [" row "], #16 \n"                                                                          \
    "  vmladava.s8 " acc ", q0, " q " \n"
#define KILN_FC_PASS_STORE(accs)                                                                                       \
    "  ldr         r12, [sp, #12]              \n"                                                                     \
    "  stmia       r12!, {" accs "}             \n"                                                                    \
    "  str         r12, [sp, #12]              \n"

__attribute__((naked, noinline)) static void kiln_fc_rows_run(const int8_t *x __attribute__((unused)),
                                                              const int8_t *w __attribute__((unused)),
                                                              const int32_t *ks __attribute__((unused)),
                                                              int32_t *sums __attribute__((unused)),
                                                              int8_t *dst __attribute__((unused)),
                                                              const void *a __attribute__((unused)))
{
    __asm volatile("  push        {r4, r5, r6, r7, r8, r9, r10, r11, lr} \n"
                   "  sub         sp, sp, #352                \n"
                   /* [0] w [4] cols [8] x [12] sums [16] end of the six-row sums [20] ks [24] sums of a chunk
                    * [28] rows of the chunk left after its six-row groups [32] rows after the chunk [36] rows of the
                    * chunk [40] dst [44] mult [48] co [52] shift [56] full [60] out [64..352) own sums */
                   "  ldrd        r4, r5, [sp, #388]          \n" /* dst, a */
                   "  ldrd        r6, r7, [r5]                \n" /* cols, rows */
                   "  strd        r1, r6, [sp, #0]            \n"
                   "  str         r0, [sp, #8]                \n"
                   "  str         r2, [sp, #20]               \n"
                   "  str         r4, [sp, #40]               \n"
                   "  cbz         r4, 20f                     \n"
                   "  add         r3, sp, #64                 \n" /* the output stage's constants */
                   "  ldrd        r12, r0, [r5, #8]           \n" /* out (offset, min, max), mult pointers */
                   "  ldr         r8, [r5, #16]               \n"
                   "  ldr         r0, [r0]                    \n" /* mult */
                   "  ldr         r8, [r8]                    \n" /* shift */
                   "  ldr         r9, [r12]                   \n" /* out_offset */
                   "  str         r0, [sp, #44]               \n"
                   "  rsbs        r8, r8, #0                  \n" /* rs */
                   "  movs        r10, #1                     \n"
                   "  lsl         r10, r10, r8                \n"
                   "  mul         r9, r9, r10                 \n"
                   "  add         r9, r9, r10, lsr #1         \n" /* co = out_offset * 2^rs + 2^(rs - 1) */
                   "  ldrd        r10, r11, [r12, #4]         \n" /* act_min, act_max */
                   "  movs        r0, #0                      \n"
                   "  rsbs        r8, r8, #0                  \n" /* -rs */
                   "  cmn         r10, #128                   \n"
                   "  it          eq                          \n"
                   "  cmpeq       r11, #127                   \n"
                   "  itt         eq                          \n"
                   "  addeq       r8, r8, #24                 \n" /* 24 - rs: the whole int8 range */
                   "  moveq       r0, #1                      \n"
                   "  str         r9, [sp, #48]               \n"
                   "  strd        r8, r0, [sp, #52]           \n"
                   "  str         r12, [sp, #60]              \n"
                   "20:                                       \n"
                   "  str         r3, [sp, #24]               \n"
                   "  mov         r5, r7                      \n"
                   "13:                                       \n" /* a chunk of the r5 rows left */
                   "  movs        r7, #72                     \n"
                   "  cmp         r5, r7                      \n"
                   "  it          lt                          \n"
                   "  movlt       r7, r5                      \n" /* n = min(left, 72) */
                   "  subs        r5, r5, r7                  \n"
                   "  strd        r5, r7, [sp, #32]           \n"
                   "  ldr         r6, [sp, #24]               \n" /* sums */
                   "  movs        r8, #43                     \n"
                   "  mul         r8, r7, r8                  \n"
                   "  lsrs        r8, r8, #8                  \n" /* groups = n / 6 (n <= 72) */
                   "  add         r9, r8, r8, lsl #1          \n"
                   "  sub         r10, r7, r9, lsl #1         \n" /* n - 6 * groups */
                   "  add         r9, r6, r9, lsl #3          \n" /* sums + 6 * groups */
                   "  strd        r6, r9, [sp, #12]           \n"
                   "  str         r10, [sp, #28]              \n"
                   "  cmp         r8, #0                      \n"
                   "  beq         4f                          \n"
                   "3:                                        \n" /* six rows */
                   KILN_FC_PASS_HEAD("r0, r2, r4, r6, r8, r10")
                   KILN_FC_NEXT_ROW("r3", "r1") KILN_FC_NEXT_ROW("r5", "r3") KILN_FC_NEXT_ROW("r7", "r5")
                   KILN_FC_NEXT_ROW("r9", "r7") KILN_FC_NEXT_ROW("r11", "r9") KILN_FC_NEXT_ROW("r12", "r11")
                   KILN_FC_PASS_LOOP("1")
                   KILN_FC_MAC("q1", "r1", "r0") KILN_FC_MAC("q2", "r3", "r2") KILN_FC_MAC("q3", "r5", "r4")
                   KILN_FC_MAC("q1", "r7", "r6") KILN_FC_MAC("q2", "r9", "r8") KILN_FC_MAC("q3", "r11", "r10")
                   "  letp        lr, 1b                      \n"
                   "  ldrd        r12, lr, [sp, #12]          \n" /* sums, the end of the six-row sums */
                   "  stmia       r12!, {r0, r2, r4, r6, r8, r10} \n"
                   "  str         r12, [sp, #12]              \n"
                   "  cmp         r12, lr                     \n"
                   "  bne         3b                          \n"
                   "4:                                        \n"
                   "  ldr         r6, [sp, #28]               \n"
                   "  cmp         r6, #4                      \n"
                   "  blt         6f                          \n" /* four rows */
                   KILN_FC_PASS_HEAD("r0, r2, r4, r6")
                   KILN_FC_NEXT_ROW("r3", "r1") KILN_FC_NEXT_ROW("r5", "r3") KILN_FC_NEXT_ROW("r7", "r5")
                   KILN_FC_NEXT_ROW("r12", "r7")
                   KILN_FC_PASS_LOOP("5")
                   KILN_FC_MAC("q1", "r1", "r0") KILN_FC_MAC("q2", "r3", "r2") KILN_FC_MAC("q3", "r5", "r4")
                   KILN_FC_MAC("q1", "r7", "r6")
                   "  letp        lr, 5b                      \n"
                   KILN_FC_PASS_STORE("r0, r2, r4, r6")
                   "  ldr         r6, [sp, #28]               \n"
                   "  subs        r6, r6, #4                  \n"
                   "6:                                        \n" /* r6 (0..3) rows, one per pass */
                   "  cmp         r6, #0                      \n"
                   "  beq         8f                          \n"
                   "  ldr         r2, [sp, #20]               \n" /* ks */
                   "  ldr         r3, [sp, #12]               \n" /* sums */
                   "  ldrd        r5, r4, [sp, #0]            \n" /* w, cols */
                   "  ldr         r7, [sp, #8]                \n" /* x */
                   "7:                                        \n"
                   "  ldr         r0, [r2], #4                \n"
                   "  mov         r1, r5                      \n"
                   "  add         r5, r5, r4                  \n"
                   "  mov         r12, r7                     \n"
                   "  dlstp.8     lr, r4                      \n"
                   "2:                                        \n"
                   "  vldrb.8     q0, [r12], #16              \n"
                   "  vldrb.8     q1, [r1], #16               \n"
                   "  vmladava.s8 r0, q0, q1                  \n"
                   "  letp        lr, 2b                      \n"
                   "  str         r0, [r3], #4                \n"
                   "  subs        r6, r6, #1                  \n"
                   "  bne         7b                          \n"
                   "8:                                        \n" /* requantization */
                   "  ldrd        r5, r2, [sp, #36]           \n" /* n, dst */
                   "  cbz         r2, 11f                     \n"
                   "  ldr         r1, [sp, #24]               \n" /* sums */
                   "  add         r0, sp, #44                 \n"
                   "  ldm         r0, {r3, r6, r7, r10}       \n" /* mult, co, shift, full */
                   "  cmp         r10, #0                     \n"
                   "  beq         9f                          \n"
                   "  dlstp.32    lr, r5                      \n"
                   "10:                                       \n"
                   "  vldrw.32    q0, [r1], #16               \n"
                   "  vshr.s32    q1, q0, #31                 \n"
                   "  vadd.i32    q1, q1, r6                  \n"
                   "  vqrdmlah.s32 q1, q0, r3                 \n"
                   "  vqshl.s32   q1, r7                      \n"
                   "  vshr.s32    q1, q1, #24                 \n"
                   "  vstrb.32    q1, [r2], #4                \n"
                   "  letp        lr, 10b                     \n"
                   "  b           15f                         \n"
                   "9:                                        \n"
                   "  ldr         r0, [sp, #60]               \n" /* out */
                   "  ldrd        r8, r9, [r0, #4]            \n"
                   "  vdup.32     q2, r8                      \n"
                   "  vdup.32     q3, r9                      \n"
                   "  dlstp.32    lr, r5                      \n"
                   "12:                                       \n"
                   "  vldrw.32    q0, [r1], #16               \n"
                   "  vshr.s32    q1, q0, #31                 \n"
                   "  vadd.i32    q1, q1, r6                  \n"
                   "  vqrdmlah.s32 q1, q0, r3                 \n"
                   "  vshl.s32    q1, r7                      \n"
                   "  vmax.s32    q1, q1, q2                  \n"
                   "  vmin.s32    q1, q1, q3                  \n"
                   "  vstrb.32    q1, [r2], #4                \n"
                   "  letp        lr, 12b                     \n"
                   "15:                                       \n" /* the next chunk */
                   "  ldr         r5, [sp, #32]               \n"
                   "  str         r2, [sp, #40]               \n"
                   "  cmp         r5, #0                      \n"
                   "  bne         13b                         \n"
                   "11:                                       \n"
                   "  add         sp, sp, #352                \n"
                   "  pop         {r4, r5, r6, r7, r8, r9, r10, r11, pc} \n");
}

/* Layers other than TFLite's usual one (kiln_fc_is_usual): below this many rows the chunk and six-row set-up
 * costs more than it saves (measured before the usual layer took kiln_fc_rows_run for every row count: 64 x 12 and
 * 256 x 12 were faster four rows at a time, 1024 x 16 and 64 x 64 six at a time). */
#define KILN_FC_SIX_ROW_MIN 16

/* sums[i] = ks[i] + dot(x, row i) for the n (1 .. KILN_FC_CHUNK) rows starting at w; cols >= 1. */
void kiln_fc_s8_dots(const int8_t *x, const int8_t *w, int32_t cols, int32_t n, const int32_t *ks, int32_t *sums)
{
    const int32_t shape[2] = {cols, n}; /* kiln_fc_s8_args' first two words */
    kiln_fc_rows_run(x, w, ks, sums, NULL, shape);
}

/*
 * TFLite's usual output stage (per-tensor, dense output, no left shift, a right shift rs in [1, 24]):
 *   t = (acc >> 31) + co + SRDHM(acc, mult)        (VSHR, VADD, VQRDMLAH; saturating)
 * with co = 2^(rs-1) + out_offset * 2^rs folding the rounding and the offset into one constant, so that
 * floor(t / 2^rs) = RDP(SRDHM(acc, mult), rs) + out_offset: (acc >> 31) is the ties-away-from-zero step (acc's
 * sign is the product's, mult >= 0; a zero product gives out_offset either way). A saturated t is beyond the int8
 * range after the shift (rs <= 24), as the true value is. The whole int8 clamp is then one saturating shift to the
 * top byte (VQSHL by 24 - rs) and VSHR #24; a narrower range a VSHL by -rs (floor), VMAX and VMIN.
 * kiln_fc_rq_fits: false (the generic requantization runs) for another shift or an offset that could take co out
 * of int32 (|out_offset| >= 2^(30 - rs); no valid offset for rs <= 15). kiln_fc_rows_run forms co itself.
 */
static inline bool kiln_fc_rq_fits(int32_t shift, int32_t out_off)
{
    if (shift > -1 || shift < -24)
    {
        return false;
    }
    const int32_t rs = -shift;
    const int32_t lim = (int32_t)1 << (30 - rs); /* |out_off| < lim: |co| < 2^30 + 2^23 */
    return (uint32_t)out_off + (uint32_t)lim < 2u * (uint32_t)lim;
}

/* The same for any per-tensor shift and a filter-offset term (added before the left shift). */
static inline void kiln_fc_requant_any(const int32_t *acc, int32_t n, int8_t *dst, const kiln_fc_s8_args *a,
                                       int32_t fo_term)
{
    const int32x4_t vshl = vdupq_n_s32(LEFT_SHIFT(a->shift));
    const int32x4_t vrsh = vdupq_n_s32(-RIGHT_SHIFT(a->shift));
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int32_t mult = a->mult;
    const int32_t out_off = a->dst_offset;
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        int32x4_t v = vldrwq_z_s32(acc, p);
        v = vshlq_s32(vaddq_n_s32(v, fo_term), vshl);
        v = vqrdmulhq_n_s32(v, mult);
        v = vqaddq_s32(v, vshrq_n_s32(vandq_s32(v, vrsh), 31));
        v = vrshlq_s32(v, vrsh);
        v = vaddq_n_s32(v, out_off);
        v = vminq_s32(vmaxq_s32(v, vmin), vmax);
        vstrbq_p_s32(dst, v, p);
        acc += 4;
        dst += 4;
    }
}

/* Per-channel multipliers and shifts (rows r0 .. r0 + n - 1), dense output. */
static inline void kiln_fc_requant_pc(const int32_t *acc, int32_t n, int8_t *dst, const kiln_fc_s8_args *a,
                                      int32_t r0, int32_t fo_term)
{
    const int32_t *mp = a->mult_pc + r0;
    const int32_t *sp = a->shift_pc + r0;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int32x4_t zero = vdupq_n_s32(0);
    const int32_t out_off = a->dst_offset;
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        const int32x4_t sh = vldrwq_z_s32(sp, p);
        const int32x4_t rsh = vminq_s32(sh, zero); /* -RIGHT_SHIFT */
        int32x4_t v = vaddq_n_s32(vldrwq_z_s32(acc, p), fo_term);
        v = vshlq_s32(v, vmaxq_s32(sh, zero));
        v = vqrdmulhq_s32(v, vldrwq_z_s32(mp, p));
        v = vqaddq_s32(v, vshrq_n_s32(vandq_s32(v, rsh), 31));
        v = vrshlq_s32(v, rsh);
        v = vaddq_n_s32(v, out_off);
        v = vminq_s32(vmaxq_s32(v, vmin), vmax);
        vstrbq_p_s32(dst, v, p);
        acc += 4;
        dst += 4;
        mp += 4;
        sp += 4;
    }
}

/* Requantization of n >= 1 accumulators of rows r0 .. r0 + n - 1 other than TFLite's usual
 * layer (per-channel, a left or no shift, a filter-offset term, a strided output). */
__attribute__((noinline)) static void kiln_fc_requant_other(
    const int32_t *sums, int32_t n, int8_t *dst, int32_t r0, const kiln_fc_s8_args *a, int32_t fo_term)
{
    if (a->dst_stride == 1)
    {
        if (a->mult_pc == NULL)
        {
            kiln_fc_requant_any(sums, n, dst + r0, a, fo_term);
        }
        else
        {
            kiln_fc_requant_pc(sums, n, dst + r0, a, r0, fo_term);
        }
        return;
    }
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        kiln_fc_s8_store4(vaddq_n_s32(vldrwq_s32(sums + i), fo_term), dst, r0 + i, a);
    }
    for (; i < n; i++)
    {
        const int32_t acc = kiln_wrap_add(sums[i], fo_term);
        dst[(size_t)(r0 + i) * (size_t)a->dst_stride] = kiln_fc_s8_out(acc, a, r0 + i);
    }
}

/* The kernel-sum path (cols >= 1): dot products plus kernel sums per chunk of rows, then
 * requantization. */
__attribute__((noinline)) static void kiln_fc_vec_mat_ksum(const int8_t *lhs,
                                                          const int8_t *rhs,
                                                          const int32_t *kernel_sum,
                                                          int8_t *dst,
                                                          const kiln_fc_s8_args *a,
                                                          int32_t fo_term)
{
    const int32_t cols = a->cols;
    const int32_t rows = a->rows;
    int32_t sums[KILN_FC_CHUNK];
    for (int32_t r0 = 0; r0 < rows; r0 += KILN_FC_CHUNK)
    {
        const int32_t n = MIN(KILN_FC_CHUNK, rows - r0);
        kiln_fc_s8_dots(lhs, rhs + (size_t)r0 * (size_t)cols, cols, n, kernel_sum + r0, sums);
        kiln_fc_requant_other(sums, n, dst, r0, a, fo_term);
    }
}

/* Everything but the kernel-sum path of layers of at least KILN_FC_SIX_ROW_MIN rows. */
__attribute__((noinline)) static void kiln_fc_vec_mat_small(const int8_t *lhs,
                                                           const int8_t *rhs,
                                                           const int32_t *kernel_sum,
                                                           const int32_t *bias,
                                                           int8_t *dst,
                                                           const kiln_fc_s8_args *a,
                                                           int32_t fo_term);

/* TFLite's usual layer on the kernel-sum path: per-tensor, dense output, symmetric weights (no filter-offset term),
 * a right shift of 1 to 24 and no left shift (kiln_fc_rq_fits), any row count (measured: 64 x 12 603 instructions against
 * 717 four rows at a time in C, 16 x 4 455 against 499). */
static inline bool kiln_fc_is_usual(const kiln_fc_s8_args *a)
{
    return a->cols > 0 && a->rows > 0 && a->rhs_offset == 0 && a->mult_pc == NULL && a->dst_stride == 1 &&
           kiln_fc_rq_fits(a->shift, a->dst_offset);
}

/* Everything but TFLite's usual layer on the kernel-sum path. */
__attribute__((noinline)) static void kiln_fc_vec_mat_other(const int8_t *lhs,
                                                           const int8_t *rhs,
                                                           const int32_t *kernel_sum,
                                                           const int32_t *bias,
                                                           int8_t *dst,
                                                           const kiln_fc_s8_args *a)
{
    /* rhs_offset * sum(x), the filter-offset term, once per input vector (0 for TFLite's symmetric int8 weights). */
    const int32_t fo_term = a->rhs_offset != 0 ? kiln_wrap_mul(a->rhs_offset, kiln_sum_s8(lhs, a->cols)) : 0;
    if (kernel_sum != NULL && a->cols > 0 && a->rows >= KILN_FC_SIX_ROW_MIN)
    {
        kiln_fc_vec_mat_ksum(lhs, rhs, kernel_sum, dst, a, fo_term);
    }
    else
    {
        kiln_fc_vec_mat_small(lhs, rhs, kernel_sum, bias, dst, a, fo_term);
    }
}

void kiln_fc_s8_vec_mat(const int8_t *lhs,
                        const int8_t *rhs,
                        const int32_t *kernel_sum,
                        const int32_t *bias,
                        int8_t *dst,
                        const kiln_fc_s8_args *a)
{
    if (kernel_sum != NULL && kiln_fc_is_usual(a))
    {
        const kiln_fc_s8_call c = {a->cols, a->rows, &a->dst_offset, &a->mult, &a->shift, 1, 0, NULL};
        kiln_fc_rows_run(lhs, rhs, kernel_sum, NULL, dst, &c);
        return;
    }
    kiln_fc_vec_mat_other(lhs, rhs, kernel_sum, bias, dst, a);
}

/* kiln_fc_s8_run's other layers (a sibling call from its assembly: the same arguments). */
__attribute__((used, noinline, noclone)) static void kiln_fc_run_other(const int8_t *x,
                                                                     const int8_t *w,
                                                                     const int32_t *ksum,
                                                                     const int32_t *bias,
                                                                     int8_t *dst,
                                                                     const kiln_fc_s8_call *c)
{
    kiln_fc_s8_run_generic(x, w, ksum, bias, dst, c);
}

/*
 * The public entries' layers. TFLite's usual one (kernel sums, one input vector, per-tensor, symmetric weights,
 * kiln_fc_rq_fits: shift in [-24, -1] and |out_offset| < 2^(30 + shift)) goes straight into kiln_fc_rows_run with the
 * caller's parameters (c's first five words), the others to kiln_fc_run_other: both sibling calls (the stack arguments
 * dst and c stay in place). In assembly: GCC 12 saves nine registers and reloads and re-stores the stack arguments
 * around either sibling call (30 instructions for the usual layer, 23 here).
 */
__attribute__((naked, noinline)) void kiln_fc_s8_run(const int8_t *x __attribute__((unused)),
                                                     const int8_t *w __attribute__((unused)),
                                                     const int32_t *ksum __attribute__((unused)),
                                                     const int32_t *bias __attribute__((unused)),
                                                     int8_t *dst __attribute__((unused)),
                                                     const kiln_fc_s8_call *c __attribute__((unused)))
{
    __asm volatile("  cbz         r2, 9f                      \n"
                   "  push        {r4, r5, r6}                \n"
                   "  ldr         r12, [sp, #16]              \n" /* c */
                   "  ldr         r4, [r12, #20]              \n" /* batches */
                   "  cmp         r4, #1                      \n"
                   "  bne         8f                          \n"
                   "  ldrd        r4, r5, [r12, #24]          \n" /* per_channel, fc */
                   "  ldr         r5, [r5, #4]                \n" /* filter_offset */
                   "  orrs        r4, r4, r5                  \n"
                   "  bne         8f                          \n"
                   "  ldr         r4, [r12, #16]              \n"
                   "  ldr         r4, [r4]                    \n" /* shift */
                   "  adds        r4, r4, #24                 \n"
                   "  cmp         r4, #23                     \n" /* shift + 24 in [0, 23] */
                   "  bhi         8f                          \n"
                   "  movs        r5, #64                     \n"
                   "  lsls        r5, r5, r4                  \n" /* lim = 2^6 x 2^(shift + 24) = 2^(30 + shift) */
                   "  ldr         r6, [r12, #8]               \n"
                   "  ldr         r6, [r6]                    \n" /* out_offset */
                   "  add         r6, r6, r5                  \n"
                   "  cmp         r6, r5, lsl #1              \n" /* out_offset + lim < 2 lim, unsigned */
                   "  bhs         8f                          \n"
                   "  pop         {r4, r5, r6}                \n"
                   "  movs        r3, #0                      \n" /* sums: the assembly's own */
                   "  b           kiln_fc_rows_run            \n"
                   "8:                                        \n"
                   "  pop         {r4, r5, r6}                \n"
                   "9:                                        \n"
                   "  b           kiln_fc_run_other           \n");
}

__attribute__((noinline)) static void kiln_fc_vec_mat_small(const int8_t *lhs,
                                                           const int8_t *rhs,
                                                           const int32_t *kernel_sum,
                                                           const int32_t *bias,
                                                           int8_t *dst,
                                                           const kiln_fc_s8_args *a,
                                                           int32_t fo_term)
{
    const int32_t cols = a->cols;
    const int32_t rows = a->rows;
    /* Without kernel sums: io * (sum w + cols * fo) + bias per row, sum w accumulated in the loop. */
    const int32_t io = a->lhs_offset;
    const int32_t cols_fo = kiln_wrap_mul(cols, a->rhs_offset);
    const size_t row_step = (size_t)cols * 4u;
    const int8_t *w = rhs;
    int32_t r = 0;

    /* Few rows: four rows per pass, no chunk set-up. */
    if (kernel_sum != NULL && a->mult_pc == NULL && a->dst_stride == 1)
    {
        /* The common case (per-tensor, dense output) with every constant hoisted into registers. */
        const int32_t left_shift = LEFT_SHIFT(a->shift);
        const int32x4_t vshl = vdupq_n_s32(left_shift);
        const int32x4_t vrsh = vdupq_n_s32(-RIGHT_SHIFT(a->shift));
        const int32x4_t vmin = vdupq_n_s32(a->act_min);
        const int32x4_t vmax = vdupq_n_s32(a->act_max);
        const int32_t mult = a->mult;
        const int32_t out_off = a->dst_offset;
        const int32_t *ks = kernel_sum;
        int8_t *d = dst;
        for (int32_t groups = rows >> 2; groups > 0; groups--)
        {
            int32x4_t acc = kiln_dot4(lhs, w, cols);
            acc = vaddq_s32(acc, vldrwq_s32(ks));
            if (fo_term != 0)
            {
                acc = vaddq_n_s32(acc, fo_term);
            }
            if (left_shift != 0)
            {
                acc = vshlq_s32(acc, vshl);
            }
            acc = vqrdmulhq_n_s32(acc, mult);
            acc = vqaddq_s32(acc, vshrq_n_s32(vandq_s32(acc, vrsh), 31));
            acc = vrshlq_s32(acc, vrsh);
            acc = vaddq_n_s32(acc, out_off);
            acc = vminq_s32(vmaxq_s32(acc, vmin), vmax);
            vstrbq_s32(d, acc);
            ks += 4;
            d += 4;
            w += row_step;
        }
        r = rows & ~3;
    }
    else if (kernel_sum != NULL)
    {
        for (; r + 4 <= rows; r += 4)
        {
            int32x4_t acc = kiln_dot4(lhs, w, cols);
            acc = vaddq_s32(acc, vldrwq_s32(kernel_sum + r));
            kiln_fc_s8_store4(vaddq_n_s32(acc, fo_term), dst, r, a);
            w += row_step;
        }
    }
    else
    {
        for (; r + 4 <= rows; r += 4)
        {
            int32x4_t wsum;
            int32x4_t acc = kiln_dot4_wsum(lhs, w, cols, &wsum);
            acc = vaddq_s32(acc, vmulq_n_s32(vaddq_n_s32(wsum, cols_fo), io));
            if (bias != NULL)
            {
                acc = vaddq_s32(acc, vldrwq_s32(bias + r));
            }
            kiln_fc_s8_store4(vaddq_n_s32(acc, fo_term), dst, r, a);
            w += row_step;
        }
    }
    for (; r < rows; r++)
    {
        const int8_t *w0 = rhs + (size_t)r * (size_t)cols;
        int32_t acc0;
        if (kernel_sum != NULL)
        {
            acc0 = kiln_wrap_add(kiln_dot1(lhs, w0, cols), kernel_sum[r]);
        }
        else
        {
            const int8_t *x = lhs;
            int32_t s0 = 0;
            acc0 = 0;
            for (int32_t left = cols; left > 0; left -= 16)
            {
                const mve_pred16_t p = vctp8q((uint32_t)left);
                const int8x16_t v0 = vldrbq_z_s8(w0, p);
                acc0 = vmladavaq_s8(acc0, vldrbq_z_s8(x, p), v0);
                s0 = vaddvaq_s8(s0, v0);
                x += 16;
                w0 += 16;
            }
            acc0 = kiln_wrap_add(acc0, kiln_wrap_mul(kiln_wrap_add(s0, cols_fo), io));
            acc0 = kiln_wrap_add(acc0, bias != NULL ? bias[r] : 0);
        }
        acc0 = kiln_wrap_add(acc0, fo_term);
        dst[(size_t)r * (size_t)a->dst_stride] = kiln_fc_s8_out(acc0, a, r);
    }
}

void kiln_fc_s8_row_sums(int32_t *ksum,
                         int32_t cols,
                         int32_t rows,
                         const int8_t *m,
                         int32_t lhs_offset,
                         int32_t rhs_offset,
                         const int32_t *bias)
{
    const int32_t cols_fo = kiln_wrap_mul(cols, rhs_offset);
    int32_t r = 0;
    for (; r + 4 <= rows; r += 4)
    {
        const int8_t *w0 = m + (size_t)r * (size_t)cols;
        const int8_t *w1 = w0 + cols;
        const int8_t *w2 = w1 + cols;
        const int8_t *w3 = w2 + cols;
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int32_t blk = cols >> 4; blk > 0; blk--)
        {
            s0 = vaddvaq_s8(s0, vldrbq_s8(w0));
            s1 = vaddvaq_s8(s1, vldrbq_s8(w1));
            s2 = vaddvaq_s8(s2, vldrbq_s8(w2));
            s3 = vaddvaq_s8(s3, vldrbq_s8(w3));
            w0 += 16;
            w1 += 16;
            w2 += 16;
            w3 += 16;
        }
        if ((cols & 15) != 0)
        {
            const mve_pred16_t p = vctp8q((uint32_t)(cols & 15));
            s0 = vaddvaq_s8(s0, vldrbq_z_s8(w0, p));
            s1 = vaddvaq_s8(s1, vldrbq_z_s8(w1, p));
            s2 = vaddvaq_s8(s2, vldrbq_z_s8(w2, p));
            s3 = vaddvaq_s8(s3, vldrbq_z_s8(w3, p));
        }
        int32x4_t s = vsetq_lane_s32(s0, vdupq_n_s32(0), 0);
        s = vsetq_lane_s32(s1, s, 1);
        s = vsetq_lane_s32(s2, s, 2);
        s = vsetq_lane_s32(s3, s, 3);
        s = vmulq_n_s32(vaddq_n_s32(s, cols_fo), lhs_offset);
        if (bias != NULL)
        {
            s = vaddq_s32(s, vldrwq_s32(bias + r));
        }
        vstrwq_s32(ksum + r, s);
    }
    for (; r < rows; r++)
    {
        const int32_t s = kiln_sum_s8(m + (size_t)r * (size_t)cols, cols);
        ksum[r] = kiln_wrap_add(bias != NULL ? bias[r] : 0, kiln_wrap_mul(kiln_wrap_add(s, cols_fo), lhs_offset));
    }
}

uint32_t kiln_fc_s8_hash_s32(const int32_t *v, int32_t n)
{
    /* A polynomial per lane: acc = acc * K + (next four values), K odd, so any single changed
     * value changes the lane (and the result), and the order of the blocks matters; then the
     * lanes are mixed with different odd weights. Only equality of two hashes is ever
     * tested, so no final avalanche step (a bijection of the result would not change which inputs
     * collide). This is the Helium route's own hash (only this route seals sums). In assembly:
     * four steps per pass alternating the two accumulator registers (VMLA accumulates into the
     * freshly loaded vector), nine instructions per sixteen sums, then the n % 16 left in a
     * tail-predicated loop (four per four sums; lanes past n keep their previous step's value,
     * the same on every call); GCC 12 adds a register copy per step and a predicate computation
     * per tail vector. */
    const uint32_t k = 0x9E3779B1u;
    uint32x4_t acc;
    uint32x4_t t;
    const int32_t *p = v;
    const int32_t quads = n >> 4;
    const int32_t tail = n & 15;
    __asm__ volatile("   vmov.i32  %q[acc], #0\n"
                     "   wls     lr, %[cnt], 2f\n"
                     "1: vldrw.u32 %q[t], [%[p]], #16\n"
                     "   vmla.u32  %q[t], %q[acc], %[k]\n"
                     "   vldrw.u32 %q[acc], [%[p]], #16\n"
                     "   vmla.u32  %q[acc], %q[t], %[k]\n"
                     "   vldrw.u32 %q[t], [%[p]], #16\n"
                     "   vmla.u32  %q[t], %q[acc], %[k]\n"
                     "   vldrw.u32 %q[acc], [%[p]], #16\n"
                     "   vmla.u32  %q[acc], %q[t], %[k]\n"
                     "   le      lr, 1b\n"
                     "2: wlstp.32 lr, %[tail], 4f\n"
                     "3: vldrw.u32 %q[t], [%[p]], #16\n"
                     "   vmla.u32  %q[t], %q[acc], %[k]\n"
                     "   vmov      %q[acc], %q[t]\n"
                     "   letp    lr, 3b\n"
                     "4:\n"
                     : [acc] "=&w"(acc), [t] "=&w"(t), [p] "+r"(p)
                     : [k] "r"(k), [cnt] "r"(quads), [tail] "r"(tail)
                     : "lr", "memory");
    return vmladavq_u32(acc, vidupq_n_u32(1u, 2)); /* lane weights 1, 3, 5, 7 (n is part of the seal's key) */
}

#endif
