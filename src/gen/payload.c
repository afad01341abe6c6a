/* SPDX-License-Identifier: Apache-2.0 */
/* One payload: the EcuData of a spec, its detail level fitted to the size aimed at. */
#include "gen_impl.h"

#define GEN_MAX_DETAIL 240
#define GEN_PROBE_LOW 2
#define GEN_PROBE_HIGH 10

/* Builds the payload at one detail level; returns its size, or 0 with *status set. */
static size_t gen_build(const mdd_gen_spec *spec, uint32_t detail, mdd_fb_builder *b,
                        mdd_bytes *out, mdd_status *status, mdd_error *err)
{
    gen_ctx g = {.b = b, .rng = {spec->seed}, .shape = gen_shape_for(spec, detail)};
    mdd_fb_builder_reset(b);
    mdd_fb_ref root = gen_ecu_data(&g, spec);
    if (g.nomem) {
        *status = mdd_fail(err, MDD_ERR_NOMEM, "generator: out of memory");
        return 0;
    }
    *status = mdd_fb_builder_finish(b, root, out, err);
    return *status == MDD_OK ? out->len : 0;
}

/* The detail level whose size comes nearest target: the size grows linearly with it, so
 * two probes fix the line. A target below the low probe gets the least detail. */
static uint32_t gen_fit_detail(uint64_t target, size_t low, size_t high)
{
    if (target <= low || high <= low)
        return 1;
    double per = (double)(high - low) / (GEN_PROBE_HIGH - GEN_PROBE_LOW);
    double detail = GEN_PROBE_LOW + ((double)target - (double)low) / per + 0.5;
    return detail > GEN_MAX_DETAIL ? GEN_MAX_DETAIL : (uint32_t)detail;
}

mdd_status mdd_gen_payload(const mdd_gen_spec *spec, mdd_fb_builder *b, mdd_bytes *out,
                           mdd_error *err)
{
    mdd_status st = MDD_OK;
    size_t low = gen_build(spec, GEN_PROBE_LOW, b, out, &st, err);
    size_t high = low ? gen_build(spec, GEN_PROBE_HIGH, b, out, &st, err) : 0;
    if (st != MDD_OK)
        return st;
    gen_build(spec, gen_fit_detail(spec->target_bytes, low, high), b, out, &st, err);
    return st;
}
