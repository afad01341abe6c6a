/* SPDX-License-Identifier: Apache-2.0 */
/* The queries of include/mdd/query.h over fuzzed EcuData: the input is the payload. A payload
 * that verifies is opened as a database and every query runs on every layer (and the first
 * services of each); the answers must be bounded and consistent: a count that does not
 * depend on the room given, charts and jobs with distinct names, each job found by its name,
 * one answer per state and transition reference, SDG depths that grow by one at most. */
#include "fuzz_payload_db.h"

#include <mdd/query.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ROOM 8
#define MAX_CHECKED 64

static void check(int ok)
{
    if (!ok)
        abort();
}

static int same_bytes(mdd_bytes a, mdd_bytes b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

/* No two of names[0..n) are equal. */
static void check_distinct(const mdd_bytes *names, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < i; j++)
            check(!same_bytes(names[i], names[j]));
}

static void check_charts(const mdd_db_layer *layer)
{
    mdd_state_chart charts[ROOM];
    uint32_t total = 0, counted = 0;
    if (mdd_db_layer_state_charts(layer, charts, ROOM, &total, NULL) != MDD_OK)
        return;
    check(mdd_db_layer_state_charts(layer, NULL, 0, &counted, NULL) == MDD_OK && counted == total);
    mdd_bytes names[ROOM];
    uint32_t n = total < ROOM ? total : ROOM;
    for (uint32_t i = 0; i < n; i++)
        names[i] = mdd_state_chart_short_name(charts[i]);
    check_distinct(names, n);
}

static void check_jobs(const mdd_db_layer *layer)
{
    mdd_single_ecu_job jobs[ROOM];
    uint32_t total = 0, counted = 0;
    if (mdd_db_layer_jobs(layer, jobs, ROOM, &total, NULL) != MDD_OK)
        return;
    check(mdd_db_layer_jobs(layer, NULL, 0, &counted, NULL) == MDD_OK && counted == total);
    mdd_bytes names[ROOM];
    uint32_t n = total < ROOM ? total : ROOM;
    for (uint32_t i = 0; i < n; i++) {
        names[i] = mdd_diag_comm_short_name(mdd_single_ecu_job_diag_comm(jobs[i]));
        char buf[64];
        if (names[i].len >= sizeof buf || (names[i].len && memchr(names[i].ptr, 0, names[i].len)))
            continue;
        if (names[i].len)
            memcpy(buf, names[i].ptr, names[i].len);
        buf[names[i].len] = '\0';
        mdd_single_ecu_job found;
        check(mdd_db_layer_find_job(layer, buf, &found, NULL) == MDD_OK &&
              found.t.pos == jobs[i].t.pos);
    }
    check_distinct(names, n);
}

static void check_sdgs(mdd_sdgs sdgs)
{
    mdd_sdg_node nodes[ROOM];
    uint32_t total = 0;
    if (mdd_sdgs_nodes(sdgs, nodes, ROOM, &total, NULL) != MDD_OK)
        return;
    uint32_t n = total < ROOM ? total : ROOM;
    for (uint32_t i = 0; i < n; i++) {
        check(mdd_present(nodes[i].sdg) != mdd_present(nodes[i].sd));
        check(nodes[i].depth <= MDD_SDG_MAX_DEPTH + 1);
        check(i == 0 ? nodes[i].depth == 0 : nodes[i].depth <= nodes[i - 1].depth + 1);
    }
}

static void check_comm(const mdd_db_layer *layer, mdd_diag_comm comm)
{
    mdd_required_state states[ROOM];
    uint32_t total = 0;
    if (mdd_db_layer_required_states(layer, comm, states, ROOM, &total, NULL) == MDD_OK)
        check(total == mdd_pre_condition_state_ref_vec_count(
                           mdd_diag_comm_pre_condition_state_refs(comm)));
    mdd_triggered_transition transitions[ROOM];
    if (mdd_db_layer_triggered_transitions(layer, comm, transitions, ROOM, &total, NULL) == MDD_OK)
        check(total ==
              mdd_state_transition_ref_vec_count(mdd_diag_comm_state_transition_refs(comm)));
    check_sdgs(mdd_diag_comm_sdgs(comm));
}

static void check_layer(const mdd_db_layer *layer)
{
    check_charts(layer);
    check_jobs(layer);
    check_sdgs(mdd_diag_layer_sdgs(mdd_db_layer_diag_layer(layer)));
    for (uint32_t i = 0; i < mdd_db_layer_service_count(layer) && i < MAX_CHECKED; i++) {
        mdd_diag_service s = mdd_db_layer_service_at(layer, i).service;
        check_comm(layer, mdd_diag_service_diag_comm(s));
        check_sdgs(mdd_request_sdgs(mdd_diag_service_request(s)));
    }
    mdd_variant_match matches[ROOM];
    uint32_t total = mdd_db_layer_variant_matches(layer, matches, ROOM);
    check(mdd_db_layer_variant_matches(layer, NULL, 0) == total);
    for (uint32_t i = 1; i < total && i < ROOM; i++)
        check(matches[i].pattern >= matches[i - 1].pattern);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_db *db = fuzz_open_payload(data, size);
    if (!db)
        return 0;
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    for (uint32_t l = 0; l < fuzz_layer_count(ecu) && l < MAX_CHECKED; l++)
        check_layer(fuzz_layer_at(ecu, l));
    for (uint32_t i = 0; i < mdd_db_ecu_dtc_count(ecu) && i < MAX_CHECKED; i++)
        check_sdgs(mdd_dtc_sdgs(mdd_db_ecu_dtc_at(ecu, i)));
    mdd_db_close(db);
    return 0;
}
