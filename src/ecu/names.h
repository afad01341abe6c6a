/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the ecu and db layers: how libmdd compares and sorts short names. Names are
 * compared as bytes (so UTF-8 sorts by code point), and an absent name counts as empty. */
#ifndef MDD_ECU_NAMES_H
#define MDD_ECU_NAMES_H

#include "../common/error.h"

#include <mdd/ecu.h>

/* <0, 0 or >0 as a sorts before, equal to or after b. */
MDD_INTERNAL int ecu_name_compare(mdd_bytes a, mdd_bytes b);

/* As ecu_name_compare() with ASCII letters folded to lower case: how adapters address
 * services, classes and semantics (by lower-cased ids). */
MDD_INTERNAL int ecu_name_compare_folded(mdd_bytes a, mdd_bytes b);

/* A service's name: its DiagComm short_name. */
MDD_INTERNAL mdd_bytes ecu_service_name(mdd_diag_service s);

/* A name with the index of what it names, for sorting with qsort(). */
typedef struct ecu_name_key {
    const uint8_t *ptr;
    uint32_t len;
    uint32_t index;
} ecu_name_key;

/* Makes the key of name for index. Payload strings are shorter than MDD_FB_MAX_SIZE, so the
 * length fits. */
MDD_INTERNAL ecu_name_key ecu_name_key_make(mdd_bytes name, uint32_t index);

/* qsort() comparator of ecu_name_key: by name, then by index, so equal names keep their
 * order. */
MDD_INTERNAL int ecu_name_key_compare(const void *a, const void *b);

#endif
