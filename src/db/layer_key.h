/* SPDX-License-Identifier: Apache-2.0 */
/* What a memo of request lookups (the UDS codec's, src/uds/memo.c) keys a layer on: an
 * identity that outlives the layer's address, and how many request bytes a lookup reads. */
#ifndef MDD_DB_LAYER_KEY_H
#define MDD_DB_LAYER_KEY_H

#include "../common/error.h"

#include <mdd/db.h>

/* The serial of the layer's ECU: unique among every ECU the process opened, so that a
 * layer freed and another allocated at its address are told apart. Never 0. */
MDD_INTERNAL uint64_t db_layer_serial(const mdd_db_layer *layer);

/* The length of the layer's longest request prefix: mdd_db_lookup_request() of a request
 * reads no byte past it, so requests that agree on their first prefix_max bytes (and are
 * both at least that long) find the same services. */
MDD_INTERNAL uint32_t db_layer_prefix_max(const mdd_db_layer *layer);

#endif
