/* SPDX-License-Identifier: Apache-2.0 */
/* The facts of a layer in arrays of their own size: each query asked once for the count and
 * once for the answer. The tool may allocate; the library's queries do not. */
#include "facts.h"

#include <stdio.h>
#include <stdlib.h>

/* Room for count entries of size bytes (at least one, so that an empty answer is not a
 * failure), or MDD_ERR_NOMEM in err. */
static mdd_status room(void **out, uint32_t count, size_t size, mdd_error *err)
{
    *out = calloc(count ? count : 1, size);
    if (*out)
        return MDD_OK;
    err->status = MDD_ERR_NOMEM;
    snprintf(err->message, sizeof err->message, "out of memory for %u facts", (unsigned)count);
    return MDD_ERR_NOMEM;
}

mdd_status facts_state_charts(const mdd_db_layer *layer, mdd_state_chart **out, uint32_t *count,
                              mdd_error *err)
{
    *out = NULL;
    mdd_status st = mdd_db_layer_state_charts(layer, NULL, 0, count, err);
    if (st == MDD_OK)
        st = room((void **)out, *count, sizeof **out, err);
    return st == MDD_OK ? mdd_db_layer_state_charts(layer, *out, *count, count, err) : st;
}

mdd_status facts_required_states(const mdd_db_layer *layer, mdd_diag_comm comm,
                                 mdd_required_state **out, uint32_t *count, mdd_error *err)
{
    *out = NULL;
    mdd_status st = mdd_db_layer_required_states(layer, comm, NULL, 0, count, err);
    if (st == MDD_OK)
        st = room((void **)out, *count, sizeof **out, err);
    return st == MDD_OK ? mdd_db_layer_required_states(layer, comm, *out, *count, count, err) : st;
}

mdd_status facts_transitions(const mdd_db_layer *layer, mdd_diag_comm comm,
                             mdd_triggered_transition **out, uint32_t *count, mdd_error *err)
{
    *out = NULL;
    mdd_status st = mdd_db_layer_triggered_transitions(layer, comm, NULL, 0, count, err);
    if (st == MDD_OK)
        st = room((void **)out, *count, sizeof **out, err);
    return st == MDD_OK ? mdd_db_layer_triggered_transitions(layer, comm, *out, *count, count, err)
                        : st;
}

mdd_status facts_jobs(const mdd_db_layer *layer, mdd_single_ecu_job **out, uint32_t *count,
                      mdd_error *err)
{
    *out = NULL;
    mdd_status st = mdd_db_layer_jobs(layer, NULL, 0, count, err);
    if (st == MDD_OK)
        st = room((void **)out, *count, sizeof **out, err);
    return st == MDD_OK ? mdd_db_layer_jobs(layer, *out, *count, count, err) : st;
}

mdd_status facts_sdg_nodes(mdd_sdgs sdgs, mdd_sdg_node **out, uint32_t *count, mdd_error *err)
{
    *out = NULL;
    mdd_status st = mdd_sdgs_nodes(sdgs, NULL, 0, count, err);
    if (st == MDD_OK)
        st = room((void **)out, *count, sizeof **out, err);
    return st == MDD_OK ? mdd_sdgs_nodes(sdgs, *out, *count, count, err) : st;
}

mdd_status facts_variant_matches(const mdd_db_layer *layer, mdd_variant_match **out,
                                 uint32_t *count, mdd_error *err)
{
    *count = mdd_db_layer_variant_matches(layer, NULL, 0);
    mdd_status st = room((void **)out, *count, sizeof **out, err);
    if (st == MDD_OK)
        *count = mdd_db_layer_variant_matches(layer, *out, *count);
    return st;
}
