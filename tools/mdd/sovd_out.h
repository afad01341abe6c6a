/* SPDX-License-Identifier: Apache-2.0 */
/* A layer's SOVD view (include/mdd/sovd.h) grouped into resources, for mdd sovd and mdd
 * serve's /ecus/{ecu}/sovd: entries sorted by collection, resource and role, written as text
 * or as the JSON members "data", "configurations", "operations", "modes", "faults". */
#ifndef MDD_TOOL_SOVD_OUT_H
#define MDD_TOOL_SOVD_OUT_H

#include "cli_db.h"

#include <mdd/sovd.h>
#include <mdd_internal/common.h>

#include <stdio.h>

typedef struct sovd_view {
    mdd_sovd_entry *entries; /* owned: sovd_view_free() */
    uint32_t count;
} sovd_view;

/* The layer's entries, sorted. Fails as mdd_sovd_entries() or with MDD_ERR_NOMEM; free the
 * view either way. */
mdd_status sovd_view_read(const mdd_db_layer *layer, sovd_view *v, mdd_error *err);
void sovd_view_free(sovd_view *v);

/* The five collections as members of the JSON object being written: each an array of
 * resources {"id", "value" and "chart" (modes) or "identifier" and "class", "services":
 * [{"role", "service", "request", "seed", "needs": [{"chart", "state", "entered_by"}]}]};
 * "faults" starts with {"id": "dtcs", "dtcs": [...]}. */
mdd_status sovd_view_json(json_writer *j, const mdd_db_layer *layer, const sovd_view *v,
                          mdd_error *err);

/* The same as text: a line per collection, per resource and per service. */
mdd_status sovd_view_text(FILE *out, const mdd_db_layer *layer, const sovd_view *v,
                          mdd_error *err);

#endif
