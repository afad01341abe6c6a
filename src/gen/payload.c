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

/* The bytes one more detail level adds: the size grows linearly with it, so two probes fix
 * the line. */
static double gen_detail_step(size_t low, size_t high)
{
    return (double)(high - low) / (GEN_PROBE_HIGH - GEN_PROBE_LOW);
}

/* The detail level nearest detail + (target - size) / step, within 1..GEN_MAX_DETAIL. */
static uint32_t gen_detail_toward(double detail, size_t size, uint64_t target, double step)
{
    double d = detail + ((double)target - (double)size) / step + 0.5;
    return d < 1 ? 1 : d > GEN_MAX_DETAIL ? GEN_MAX_DETAIL : (uint32_t)d;
}

static uint64_t gen_distance(size_t size, uint64_t target)
{
    return size > target ? size - target : target - size;
}

mdd_status mdd_gen_payload(const mdd_gen_spec *spec, mdd_fb_builder *b, mdd_bytes *out,
                           mdd_error *err)
{
    mdd_status st = MDD_OK;
    size_t low = gen_build(spec, GEN_PROBE_LOW, b, out, &st, err);
    size_t high = low ? gen_build(spec, GEN_PROBE_HIGH, b, out, &st, err) : 0;
    if (st != MDD_OK)
        return st;
    uint64_t target = spec->target_bytes;
    if (high <= low) {
        gen_build(spec, 1, b, out, &st, err);
        return st;
    }
    double step = gen_detail_step(low, high);
    uint32_t detail = gen_detail_toward(GEN_PROBE_LOW, low, target, step);
    size_t size = gen_build(spec, detail, b, out, &st, err);
    /* The line is not quite straight: one correction from where the fit landed, along the
     * slope between it and the nearer probe, kept when it comes nearer (the payload last
     * built is the one returned). */
    uint32_t probe = detail > (GEN_PROBE_LOW + GEN_PROBE_HIGH) / 2 ? GEN_PROBE_HIGH : GEN_PROBE_LOW;
    size_t probe_size = probe == GEN_PROBE_HIGH ? high : low;
    if (detail != probe && size != probe_size)
        step = ((double)size - (double)probe_size) / ((double)detail - (double)probe);
    uint32_t better =
        st == MDD_OK && step > 0 ? gen_detail_toward(detail, size, target, step) : detail;
    if (better == detail)
        return st;
    size_t corrected = gen_build(spec, better, b, out, &st, err);
    if (st == MDD_OK && gen_distance(corrected, target) > gen_distance(size, target))
        gen_build(spec, detail, b, out, &st, err);
    return st;
}

/* How big each part of an ECU database is. Service and DTC counts grow slowly with the
 * size aimed at (real ECUs have 150 to 400 services); the detail level (data params per
 * response, SDG texts per service) makes up the rest and is fitted by mdd_gen_payload(). */
#define GEN_MIN_SERVICES 150
#define GEN_MAX_SERVICES 400

gen_shape gen_shape_for(const mdd_gen_spec *spec, uint32_t detail)
{
    gen_shape s;
    uint64_t services = GEN_MIN_SERVICES + spec->target_bytes / 16000;
    s.services = services > GEN_MAX_SERVICES ? GEN_MAX_SERVICES : (uint32_t)services;
    uint64_t dtcs = 100 + spec->target_bytes / 20000;
    s.dtcs = dtcs > 800 ? 800 : (uint32_t)dtcs;
    s.variants = 3 + (uint32_t)(spec->seed % 4);
    s.detail = detail;
    return s;
}
