/*
 * Kiln — shared parts of the ns-cmsis-nn integer elementwise family (Include/Internal/kiln_ew_int.h): the
 * parameter checks, the strided runs and the broadcast driver. Portable C, but for the int16 runs of two dense
 * operands, which the backend's kernels take where it has them (kiln_ew_q_dense_s16, kiln_ew_m_dense_s16).
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

bool kiln_ew_q_raw_range(const kiln_ew_q *q, kiln_ew_op op, kiln_ew_type t, int64_t *plo, int64_t *phi)
{
    int64_t lo1, hi1, lo2, hi2;
    if (!kiln_ew_in_range(t, q->in1_offset, q->left_shift, q->in1_mult, q->in1_shift, &lo1, &hi1) ||
        !kiln_ew_in_range(t, q->in2_offset, q->left_shift, q->in2_mult, q->in2_shift, &lo2, &hi2))
    {
        return false;
    }
    /* The two inputs vary independently, so each end of raw pairs ends of x1 and x2. */
    int64_t rlo, rhi;
    if (op == KILN_EW_ADD)
    {
        rlo = lo1 + lo2;
        rhi = hi1 + hi2;
    }
    else
    {
        rlo = lo1 - hi2;
        rhi = hi1 - lo2;
        if (op == KILN_EW_SQDIFF)
        {
            /* The difference must fit int32 and its square too: |d| <= 46340 (46341^2 > INT32_MAX). The square
             * is largest at an end of [rlo, rhi] and smallest at 0 when 0 is inside. */
            if (rlo < -46340 || rhi > 46340)
            {
                return false;
            }
            const int64_t sl = rlo * rlo, sh = rhi * rhi;
            const int64_t smax = MAX(sl, sh);
            const int64_t smin = (rlo <= 0 && rhi >= 0) ? 0 : MIN(sl, sh);
            rlo = smin;
            rhi = smax;
        }
    }
    *plo = rlo;
    *phi = rhi;
    return true;
}

bool kiln_ew_q_ok(const kiln_ew_q *q, kiln_ew_op op, kiln_ew_type t)
{
    const int32_t max_ls = t.s16 ? 31 : 30;
    if (!kiln_ew_in_offset_ok(t, q->in1_offset) || !kiln_ew_in_offset_ok(t, q->in2_offset) ||
        !kiln_ew_out_offset_ok(t, q->out_offset) || q->left_shift < 0 || q->left_shift > max_ls ||
        !kiln_ew_act_ok(t, q->act_min, q->act_max))
    {
        return false;
    }
    int64_t rlo, rhi;
    if (!kiln_ew_q_raw_range(q, op, t, &rlo, &rhi))
    {
        return false;
    }
    int64_t ylo, yhi;
    return kiln_requant_range(rlo, rhi, q->out_mult, q->out_shift, &ylo, &yhi) &&
           kiln_offset_fits(ylo, yhi, q->out_offset);
}

/* The range of (x + o1) * (y + o2) over the type: extreme at a corner of the box (|corner| < 2^34). */
static void kiln_ew_product_range(int64_t a0, int64_t a1, int64_t b0, int64_t b1, int64_t *lo, int64_t *hi)
{
    const int64_t c[4] = {a0 * b0, a0 * b1, a1 * b0, a1 * b1};
    *lo = c[0];
    *hi = c[0];
    for (int32_t k = 1; k < 4; k++)
    {
        *lo = MIN(*lo, c[k]);
        *hi = MAX(*hi, c[k]);
    }
}

bool kiln_ew_m_ok(const kiln_ew_m *m, kiln_ew_type t, int64_t *plo, int64_t *phi)
{
    if (!kiln_ew_in_offset_ok(t, m->in1_offset) || !kiln_ew_in_offset_ok(t, m->in2_offset) ||
        !kiln_ew_out_offset_ok(t, m->out_offset) || !kiln_ew_act_ok(t, m->act_min, m->act_max))
    {
        return false;
    }
    int64_t lo, hi, ylo, yhi;
    kiln_ew_product_range((int64_t)t.tmin + m->in1_offset, (int64_t)t.tmax + m->in1_offset,
                          (int64_t)t.tmin + m->in2_offset, (int64_t)t.tmax + m->in2_offset, &lo, &hi);
    if (!kiln_requant_range(lo, hi, m->out_mult, m->out_shift, &ylo, &yhi) ||
        !kiln_offset_fits(ylo, yhi, m->out_offset))
    {
        return false;
    }
    if (plo != NULL && phi != NULL)
    {
        *plo = lo;
        *phi = hi;
    }
    return true;
}

bool kiln_ew_prelu_ok(const kiln_ew_prelu *p, kiln_ew_type t)
{
    if (!kiln_ew_in_offset_ok(t, p->in_offset) || !kiln_ew_in_offset_ok(t, p->alpha_offset) ||
        !kiln_ew_out_offset_ok(t, p->out_offset) || p->mult_id < 0 || !kiln_shift_ok(p->shift_id) ||
        p->mult_alpha < 0 || !kiln_shift_ok(p->shift_alpha))
    {
        return false;
    }
    const int64_t vlo = (int64_t)t.tmin + p->in_offset, vhi = (int64_t)t.tmax + p->in_offset;
    int64_t ylo, yhi;
    /* Identity branch: v = x + in_offset >= 0. */
    if (vhi >= 0 && (!kiln_requant_range(MAX(vlo, 0), vhi, p->mult_id, p->shift_id, &ylo, &yhi) ||
                     !kiln_offset_fits(ylo, yhi, p->out_offset)))
    {
        return false;
    }
    /* Alpha branch: v < 0, times alpha + alpha_offset over the type. */
    if (vlo < 0)
    {
        int64_t lo, hi;
        kiln_ew_product_range(vlo, MIN(vhi, -1), (int64_t)t.tmin + p->alpha_offset, (int64_t)t.tmax + p->alpha_offset,
                              &lo, &hi);
        if (!kiln_requant_range(lo, hi, p->mult_alpha, p->shift_alpha, &ylo, &yhi) ||
            !kiln_offset_fits(ylo, yhi, p->out_offset))
        {
            return false;
        }
    }
    return true;
}

/* The runs: one loop per op so that each inlines its arithmetic. Element i of each operand is read before
 * output i is written (an output over an input of the output's shape). */
#define KILN_EW_RUN_LOOP(OUT_T, EXPR)                                                                                  \
    for (int32_t i = 0; i < n; i++)                                                                                    \
    {                                                                                                                  \
        out[i] = (OUT_T)(EXPR);                                                                                        \
    }

void kiln_ew_q_run_s8(
    const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out, int32_t n, const kiln_ew_q *q, kiln_ew_op op)
{
    switch (op)
    {
    case KILN_EW_ADD:
        KILN_EW_RUN_LOOP(int8_t, kiln_ew_q_element(a[i * sa], b[i * sb], q, KILN_EW_ADD));
        break;
    case KILN_EW_SUB:
        KILN_EW_RUN_LOOP(int8_t, kiln_ew_q_element(a[i * sa], b[i * sb], q, KILN_EW_SUB));
        break;
    default:
        KILN_EW_RUN_LOOP(int8_t, kiln_ew_q_element(a[i * sa], b[i * sb], q, KILN_EW_SQDIFF));
        break;
    }
}

void kiln_ew_q_run_s16(const int16_t *a,
                       int32_t sa,
                       const int16_t *b,
                       int32_t sb,
                       int16_t *out,
                       int32_t n,
                       const kiln_ew_q *q,
                       kiln_ew_op op)
{
    if (sa == 1 && sb == 1 && kiln_ew_q_dense_s16(a, b, out, n, q, op))
    {
        return;
    }
    switch (op)
    {
    case KILN_EW_ADD:
        KILN_EW_RUN_LOOP(int16_t, kiln_ew_q_element(a[i * sa], b[i * sb], q, KILN_EW_ADD));
        break;
    case KILN_EW_SUB:
        KILN_EW_RUN_LOOP(int16_t, kiln_ew_q_element(a[i * sa], b[i * sb], q, KILN_EW_SUB));
        break;
    default:
        KILN_EW_RUN_LOOP(int16_t, kiln_ew_q_element(a[i * sa], b[i * sb], q, KILN_EW_SQDIFF));
        break;
    }
}

void kiln_ew_m_run_s8(
    const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out, int32_t n, const kiln_ew_m *m)
{
    KILN_EW_RUN_LOOP(int8_t, kiln_ew_m_element(a[i * sa], b[i * sb], m));
}

void kiln_ew_m_run_s16(
    const int16_t *a, int32_t sa, const int16_t *b, int32_t sb, int16_t *out, int32_t n, const kiln_ew_m *m)
{
    if (sa == 1 && sb == 1 && kiln_ew_m_dense_s16(a, b, out, n, m))
    {
        return;
    }
    KILN_EW_RUN_LOOP(int16_t, kiln_ew_m_element(a[i * sa], b[i * sb], m));
}

void kiln_ew_prelu_run_s8(
    const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out, int32_t n, const kiln_ew_prelu *p)
{
    KILN_EW_RUN_LOOP(int8_t, kiln_ew_prelu_element(a[i * sa], b[i * sb], p));
}

void kiln_ew_prelu_run_s16(
    const int16_t *a, int32_t sa, const int16_t *b, int32_t sb, int16_t *out, int32_t n, const kiln_ew_prelu *p)
{
    KILN_EW_RUN_LOOP(int16_t, kiln_ew_prelu_element(a[i * sa], b[i * sb], p));
}

bool kiln_ew_bcast_plan(const void *in1,
                        const cmsis_nn_dims *d1,
                        const void *in2,
                        const cmsis_nn_dims *d2,
                        const void *out,
                        const cmsis_nn_dims *dout,
                        kiln_maxmin_plan *plan)
{
    if (in1 == NULL || d1 == NULL || in2 == NULL || d2 == NULL || out == NULL || dout == NULL)
    {
        return false;
    }
    const cmsis_nn_dims *all[3] = {d1, d2, dout};
    for (int32_t k = 0; k < 3; k++)
    {
        if (all[k]->n < 1 || all[k]->h < 1 || all[k]->w < 1 || all[k]->c < 1)
        {
            return false;
        }
    }
    return kiln_maxmin_s8_plan(d1, d2, dout, plan);
}

void kiln_ew_bcast(const kiln_maxmin_plan *plan,
                   size_t esize,
                   const void *in1,
                   const void *in2,
                   void *out,
                   kiln_ew_run_fn run,
                   const void *arg)
{
    const uint8_t *base1 = (const uint8_t *)in1;
    const uint8_t *base2 = (const uint8_t *)in2;
    uint8_t *o = (uint8_t *)out;
    const int32_t n = plan->count[3];
    for (int32_t i0 = 0; plan->total > 0 && i0 < plan->count[0]; i0++)
    {
        for (int32_t i1 = 0; i1 < plan->count[1]; i1++)
        {
            for (int32_t i2 = 0; i2 < plan->count[2]; i2++)
            {
                /* Element offsets below the input's count (< 2^31), then bytes in size_t. */
                const size_t e1 = (size_t)(i0 * plan->stride1[0] + i1 * plan->stride1[1] + i2 * plan->stride1[2]);
                const size_t e2 = (size_t)(i0 * plan->stride2[0] + i1 * plan->stride2[1] + i2 * plan->stride2[2]);
                run(base1 + e1 * esize, plan->stride1[3], base2 + e2 * esize, plan->stride2[3], o, n, arg);
                o += (size_t)n * esize;
            }
        }
    }
}

void kiln_ew_q_run_fn_s8(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n, const void *arg)
{
    const kiln_ew_q_arg *g = (const kiln_ew_q_arg *)arg;
    const kiln_ew_q *q = &g->q;
    if (g->op == KILN_EW_ADD && sa == 1 && sb == 1)
    {
        /* Same-shape run: the backend's ADD kernel (the parameters passed kiln_ew_q_ok, which accepts exactly
         * what it accepts, so it cannot refuse them). */
        (void)arm_elementwise_add_s8((const int8_t *)a, (const int8_t *)b, q->in1_offset, q->in1_mult, q->in1_shift,
                                     q->in2_offset, q->in2_mult, q->in2_shift, q->left_shift, (int8_t *)out,
                                     q->out_offset, q->out_mult, q->out_shift, q->act_min, q->act_max, n);
        return;
    }
    kiln_ew_q_run_s8((const int8_t *)a, sa, (const int8_t *)b, sb, (int8_t *)out, n, q, g->op);
}

void kiln_ew_q_run_fn_s16(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n, const void *arg)
{
    const kiln_ew_q_arg *g = (const kiln_ew_q_arg *)arg;
    const kiln_ew_q *q = &g->q;
    if (g->op == KILN_EW_ADD && sa == 1 && sb == 1)
    {
        /* Same-shape run: arm_elementwise_add_s16 (accepts exactly what kiln_ew_q_ok accepted). */
        (void)arm_elementwise_add_s16((const int16_t *)a, (const int16_t *)b, q->in1_offset, q->in1_mult, q->in1_shift,
                                      q->in2_offset, q->in2_mult, q->in2_shift, q->left_shift, (int16_t *)out,
                                      q->out_offset, q->out_mult, q->out_shift, q->act_min, q->act_max, n);
        return;
    }
    kiln_ew_q_run_s16((const int16_t *)a, sa, (const int16_t *)b, sb, (int16_t *)out, n, q, g->op);
}

arm_cmsis_nn_status kiln_ew_q_bcast(kiln_ew_op op,
                                    kiln_ew_type t,
                                    const void *in1,
                                    const cmsis_nn_dims *d1,
                                    const void *in2,
                                    const cmsis_nn_dims *d2,
                                    void *out,
                                    const cmsis_nn_dims *dout,
                                    const kiln_ew_q *q)
{
    kiln_maxmin_plan plan;
    if (!kiln_ew_bcast_plan(in1, d1, in2, d2, out, dout, &plan) || !kiln_ew_q_ok(q, op, t))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_ew_q_arg g = {*q, op};
    kiln_ew_bcast(&plan, t.s16 ? sizeof(int16_t) : sizeof(int8_t), in1, in2, out,
                  t.s16 ? kiln_ew_q_run_fn_s16 : kiln_ew_q_run_fn_s8, &g);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_ew_q_block(kiln_ew_op op,
                                    kiln_ew_type t,
                                    const void *in1,
                                    int32_t s1,
                                    const void *in2,
                                    void *out,
                                    int32_t n,
                                    const kiln_ew_q *q)
{
    if (in1 == NULL || in2 == NULL || out == NULL || n < 0 || !kiln_ew_q_ok(q, op, t))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (t.s16)
    {
        kiln_ew_q_run_s16((const int16_t *)in1, s1, (const int16_t *)in2, 1, (int16_t *)out, n, q, op);
    }
    else
    {
        kiln_ew_q_run_s8((const int8_t *)in1, s1, (const int8_t *)in2, 1, (int8_t *)out, n, q, op);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* MUL runs of the broadcast walk: same-shape runs through arm_elementwise_mul_s8 / _s16 (the backend's kernel;
 * kiln_ew_m_ok accepts exactly what they accept), the others here. */
static void
kiln_ew_m_run_fn_s8(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n, const void *arg)
{
    const kiln_ew_m *m = (const kiln_ew_m *)arg;
    if (sa == 1 && sb == 1)
    {
        (void)arm_elementwise_mul_s8((const int8_t *)a, (const int8_t *)b, m->in1_offset, m->in2_offset, (int8_t *)out,
                                     m->out_offset, m->out_mult, m->out_shift, m->act_min, m->act_max, n);
        return;
    }
    kiln_ew_m_run_s8((const int8_t *)a, sa, (const int8_t *)b, sb, (int8_t *)out, n, m);
}

static void
kiln_ew_m_run_fn_s16(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n, const void *arg)
{
    const kiln_ew_m *m = (const kiln_ew_m *)arg;
    if (sa == 1 && sb == 1)
    {
        (void)arm_elementwise_mul_s16((const int16_t *)a, (const int16_t *)b, m->in1_offset, m->in2_offset,
                                      (int16_t *)out, m->out_offset, m->out_mult, m->out_shift, m->act_min, m->act_max,
                                      n);
        return;
    }
    kiln_ew_m_run_s16((const int16_t *)a, sa, (const int16_t *)b, sb, (int16_t *)out, n, m);
}

arm_cmsis_nn_status kiln_ew_m_bcast(kiln_ew_type t,
                                    const void *in1,
                                    const cmsis_nn_dims *d1,
                                    const void *in2,
                                    const cmsis_nn_dims *d2,
                                    void *out,
                                    const cmsis_nn_dims *dout,
                                    const kiln_ew_m *m)
{
    kiln_maxmin_plan plan;
    if (!kiln_ew_bcast_plan(in1, d1, in2, d2, out, dout, &plan) || !kiln_ew_m_ok(m, t, NULL, NULL))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_ew_bcast(&plan, t.s16 ? sizeof(int16_t) : sizeof(int8_t), in1, in2, out,
                  t.s16 ? kiln_ew_m_run_fn_s16 : kiln_ew_m_run_fn_s8, m);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
kiln_ew_m_block(kiln_ew_type t, const void *in1, int32_t s1, const void *in2, void *out, int32_t n, const kiln_ew_m *m)
{
    if (in1 == NULL || in2 == NULL || out == NULL || n < 0 || !kiln_ew_m_ok(m, t, NULL, NULL))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (t.s16)
    {
        kiln_ew_m_run_s16((const int16_t *)in1, s1, (const int16_t *)in2, 1, (int16_t *)out, n, m);
    }
    else
    {
        kiln_ew_m_run_s8((const int8_t *)in1, s1, (const int8_t *)in2, 1, (int8_t *)out, n, m);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_ew_prelu_block(kiln_ew_type t,
                                        const void *in,
                                        int32_t si,
                                        const void *alpha,
                                        int32_t sa,
                                        void *out,
                                        int32_t n,
                                        const kiln_ew_prelu *p)
{
    if (in == NULL || alpha == NULL || out == NULL || n < 0 || !kiln_ew_prelu_ok(p, t))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (t.s16)
    {
        kiln_ew_prelu_run_s16((const int16_t *)in, si, (const int16_t *)alpha, sa, (int16_t *)out, n, p);
    }
    else
    {
        kiln_ew_prelu_run_s8((const int8_t *)in, si, (const int8_t *)alpha, sa, (int8_t *)out, n, p);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
