/* SPDX-License-Identifier: Apache-2.0 */
/* Single-ECU jobs: a layer's effective ones, listed or found by name. */
#include "query_impl.h"

#include <string.h>

static mdd_fb_vector job_items(mdd_diag_layer layer)
{
    return mdd_diag_layer_single_ecu_jobs(layer).v;
}

static mdd_bytes job_name(mdd_fb_table item)
{
    return mdd_diag_comm_short_name(mdd_single_ecu_job_diag_comm((mdd_single_ecu_job){item}));
}

const query_content query_jobs = {.items = job_items, .name = job_name, .diag_comm = 1};

typedef struct job_list {
    mdd_single_ecu_job *out;
    uint32_t cap;
    uint32_t total;
} job_list;

static int take_job(void *ctx, mdd_fb_table item)
{
    job_list *l = ctx;
    if (l->total < l->cap)
        l->out[l->total] = (mdd_single_ecu_job){item};
    l->total++;
    return 0;
}

mdd_status mdd_db_layer_jobs(const mdd_db_layer *layer, mdd_single_ecu_job *out, uint32_t cap,
                             uint32_t *total, mdd_error *err)
{
    job_list l = {.out = out, .cap = cap};
    mdd_status st = query_effective(layer, &query_jobs, take_job, &l, err);
    *total = st == MDD_OK ? l.total : 0;
    return st;
}

typedef struct job_search {
    const char *name;
    size_t len;
    mdd_single_ecu_job found;
} job_search;

static int take_named(void *ctx, mdd_fb_table item)
{
    job_search *s = ctx;
    mdd_bytes name = job_name(item);
    if (name.len != s->len || (s->len && memcmp(name.ptr, s->name, s->len) != 0))
        return 0;
    s->found = (mdd_single_ecu_job){item};
    return 1;
}

mdd_status mdd_db_layer_find_job(const mdd_db_layer *layer, const char *name,
                                 mdd_single_ecu_job *out, mdd_error *err)
{
    job_search s = {.name = name, .len = strlen(name)};
    mdd_status st = query_effective(layer, &query_jobs, take_named, &s, err);
    if (st != MDD_OK)
        return st;
    if (!mdd_present(s.found))
        return mdd_fail(err, MDD_ERR_NOT_FOUND, "no job named '%s'", name);
    *out = s.found;
    return MDD_OK;
}
