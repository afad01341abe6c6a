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
    double group_bytes = GEN_GROUP_FILE_SHARE * (double)total;
    double ecu_total = (double)total - group_bytes * groups;
    for (uint32_t i = 0; i < n; i++)
        out->files[i].target_bytes = (uint64_t)(out->files[i].functional_groups
                                                    ? group_bytes
                                                    : ecu_total * weight[i] / sum);
    free(weight);
    out->count = n;
    return MDD_OK;
}

void mdd_gen_plan_free(mdd_gen_plan *plan)
{
    free(plan->files);
    plan->files = NULL;
    plan->count = 0;
}
