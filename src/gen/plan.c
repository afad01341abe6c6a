/* SPDX-License-Identifier: Apache-2.0 */
/* Corpus plans: how many files, their names, seeds and sizes. The adr profile reproduces
 * the reference fleet of 68 files: sizes skewed as in a real fleet (many small ECUs, a few
 * large ones, up to 35 times the smallest), four of them functional-group databases. */
#include "gen_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gen_profile {
    const char *name;
    uint32_t files;
    uint32_t group_files;
    uint64_t total_bytes;
} gen_profile;

static const gen_profile profiles[] = {
    {"small", 5, 1, 3000000},
    {"adr", 68, 4, 242000000},
};

#define GEN_GROUP_FILE_SHARE 0.004 /* of the total, per functional-group file */

static const char *const ecu_kinds[] = {"BCM", "ECM", "TCM", "ABS", "EPS", "ACU", "IPC",
                                        "HVAC", "PDC", "TPMS", "DCU", "SCU", "RCM", "GWM",
                                        "ADAS", "CAM", "RAD", "BMS", "OBC", "INV"};
#define ECU_KINDS (sizeof ecu_kinds / sizeof ecu_kinds[0])

/* A skewed weight in [0.3, 10.3): the cube of a uniform number puts most files near the
 * small end and a few far above it. */
static double gen_weight(gen_rng *r)
{
    double u = (double)(gen_next(r) >> 11) / 9007199254740992.0;
    return 0.3 + 10.0 * u * u * u;
}

/* Names, seeds and the share of the total of file i (weights still to be normalised). */
static double gen_plan_file(gen_rng *r, uint32_t i, uint32_t ecu_files, mdd_gen_spec *f)
{
    f->seed = gen_next(r);
    f->functional_groups = i >= ecu_files;
    if (f->functional_groups)
        snprintf(f->name, sizeof f->name, "FG_%s_%02u", ecu_kinds[i % ECU_KINDS], i - ecu_files + 1);
    else
        snprintf(f->name, sizeof f->name, "%s%04u", ecu_kinds[i % ECU_KINDS], 1000 + i);
    return gen_weight(r);
}

/* A size in bytes from a share of a total, which may round up past the largest uint64_t. */
static uint64_t gen_bytes(double share)
{
    return share >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)share;
}

mdd_status mdd_gen_plan_make(const char *profile, uint64_t seed, uint32_t files,
                             uint64_t total_bytes, mdd_gen_plan *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    const gen_profile *p = NULL;
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
        if (strcmp(profiles[i].name, profile) == 0)
            p = &profiles[i];
    if (!p)
        return mdd_fail(err, MDD_ERR_ARG, "unknown profile '%s' (small, adr)", profile);
    uint32_t n = files ? files : p->files;
    uint64_t total = total_bytes ? total_bytes : p->total_bytes;
    uint32_t groups = n > p->group_files ? p->group_files : 0;
    out->files = calloc(n, sizeof *out->files);
    double *weight = calloc(n, sizeof *weight);
    if (!out->files || !weight) {
        free(weight);
        mdd_gen_plan_free(out);
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot allocate a plan of %u files", n);
    }
    gen_rng r = {seed};
    double sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        weight[i] = gen_plan_file(&r, i, n - groups, &out->files[i]);
        if (!out->files[i].functional_groups)
            sum += weight[i];
    }
    double ecu_share = 1.0 - GEN_GROUP_FILE_SHARE * groups;
    for (uint32_t i = 0; i < n; i++) {
        mdd_gen_spec *f = &out->files[i];
        f->share = f->functional_groups ? GEN_GROUP_FILE_SHARE : ecu_share * weight[i] / sum;
        f->target_bytes = gen_bytes((double)total * f->share);
    }
    free(weight);
    out->count = n;
    out->total_bytes = total;
    return MDD_OK;
}

/* The largest total that aims a file of that share at no more than MDD_GEN_MAX_FILE_BYTES
 * (as mdd_gen_plan_make() rounds). */
static uint64_t gen_most_total(double share)
{
    uint64_t most = gen_bytes((MDD_GEN_MAX_FILE_BYTES + 1.0) / share);
    while (most > 0 && gen_bytes((double)most * share) > MDD_GEN_MAX_FILE_BYTES)
        most--;
    while (gen_bytes((double)(most + 1) * share) <= MDD_GEN_MAX_FILE_BYTES)
        most++;
    return most;
}

mdd_status mdd_gen_plan_check(const mdd_gen_plan *plan, mdd_error *err)
{
    uint64_t total = plan->total_bytes;
    uint64_t least = 0;
    const mdd_gen_spec *largest = NULL;
    for (size_t i = 0; i < plan->count; i++) {
        const mdd_gen_spec *f = &plan->files[i];
        least += f->functional_groups ? MDD_GEN_MIN_GROUP_BYTES : MDD_GEN_MIN_ECU_BYTES;
        if (!largest || f->target_bytes > largest->target_bytes)
            largest = f;
    }
    if (total < least)
        return mdd_fail(err, MDD_ERR_ARG,
                        "%llu bytes is too few for %zu file%s: the least is %llu bytes (%u an "
                        "ECU, %u a functional-group file)",
                        (unsigned long long)total, plan->count, plan->count == 1 ? "" : "s",
                        (unsigned long long)least, MDD_GEN_MIN_ECU_BYTES,
                        MDD_GEN_MIN_GROUP_BYTES);
    if (largest && largest->target_bytes > MDD_GEN_MAX_FILE_BYTES) {
        uint64_t most = gen_most_total(largest->share);
        return mdd_fail(err, MDD_ERR_ARG,
                        "%llu bytes aims %s at %llu bytes, more than a file takes (%u); "
                        "the most for %zu file%s is %llu bytes",
                        (unsigned long long)total, largest->name,
                        (unsigned long long)largest->target_bytes, MDD_GEN_MAX_FILE_BYTES,
                        plan->count, plan->count == 1 ? "" : "s", (unsigned long long)most);
    }
    return MDD_OK;
}

void mdd_gen_plan_aim_rest(mdd_gen_plan *plan, size_t next, uint64_t done)
{
    uint64_t left = done < plan->total_bytes ? plan->total_bytes - done : 0;
    double planned = 0;
    for (size_t i = next; i < plan->count; i++)
        planned += (double)plan->files[i].target_bytes;
    for (size_t i = next; i < plan->count; i++) {
        mdd_gen_spec *f = &plan->files[i];
        f->target_bytes =
            planned > 0 ? gen_bytes((double)left * (double)f->target_bytes / planned) : 0;
    }
}

void mdd_gen_plan_free(mdd_gen_plan *plan)
{
    free(plan->files);
    *plan = (mdd_gen_plan){0};
}
