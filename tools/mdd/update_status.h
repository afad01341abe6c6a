/* SPDX-License-Identifier: Apache-2.0 */
/* The status of an update (mdd_update_status()) as `mdd update status` and `mdd serve
 * --updates` show it (update_status.c): each changed file's differences counted as `mdd diff`
 * finds them, and the whole status as one JSON object. */
#ifndef MDD_TOOL_UPDATE_STATUS_H
#define MDD_TOOL_UPDATE_STATUS_H

#include "diff_tree.h"
#include "json.h"

#include <mdd/mdd.h> /* mdd_update_*: the advanced tier, which the tool sees */

/* The differences of a changed file, by kind (diff_kind); failed when either side did not
 * open (`mdd: PATH: reason` printed on stderr). */
typedef struct update_diff_counts {
    size_t by_kind[4];
    int failed;
} update_diff_counts;

/* mdd diff of the old and the new side of f, counted. */
update_diff_counts update_diff_summary(const mdd_update_file *f);

/* The names of the kinds, by diff_kind: "added", "removed", "changed", "renamed". */
extern const char *const update_diff_kind_names[4];

/* Writes u's status to j as one object: {"files":[{"name","change","ecu","old","new",
 * "diff"}],"staged","backup","in_flight"} (`mdd update status --json`), without ending the
 * line. Returns what mdd_update_status() returned; j holds a partial object on failure. */
mdd_status update_status_json(mdd_update *u, json_writer *j, mdd_error *err);

#endif
