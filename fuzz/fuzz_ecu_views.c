/* SPDX-License-Identifier: Apache-2.0 */
/* The generated typed views over unverified bytes: every accessor of every table
 * (ecu_views_walk.h, generated from the schema) must stay inside the input and never crash,
 * whatever the bytes. The walk is bounded per input (a table budget and a depth), so that the
 * fuzzer spends its time on many inputs rather than on one large DAG. */
#include "ecu_views_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TABLE_BUDGET 512
#define MAX_DEPTH 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)walk_views(data, size, TABLE_BUDGET, MAX_DEPTH);
    return 0;
}
