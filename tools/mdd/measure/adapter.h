/* SPDX-License-Identifier: Apache-2.0 */
/* A diagnostic adapter's start-up work, done by the measured child under --adapter N. */
#ifndef MDD_BENCH_STRATEGIES_ADAPTER_H
#define MDD_BENCH_STRATEGIES_ADAPTER_H

#include "strategy_set.h"

#include <mdd/db.h>

/* What the adapter measured. */
typedef struct adapter_figures {
    double ready_ms;      /* opening the database: ready to answer a lookup */
    double open_ms;       /* opening the database and answering the requests */
    double lookups_per_s; /* warm lookups afterwards */
} adapter_figures;

/* Opens the set's files as one database (verification as given, and the lookup index), timed
 * on its own and together with answering `requests` requests spread over every ECU; then,
 * when there were requests, measures warm lookups per second. The database stays open, for
 * the child to idle with: the process ends without closing it. Returns 0, or -1 with a reason in message. */
int adapter_start(const strategy_set *set, int verify, unsigned requests, adapter_figures *out,
                  char *message, size_t message_size);

#endif
