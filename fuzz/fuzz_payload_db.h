/* SPDX-License-Identifier: Apache-2.0 */
/* What the fuzz targets over one EcuData payload share: the database opened as they open it,
 * and its layers walked as one list. Header-only. */
#ifndef MDD_FUZZ_PAYLOAD_DB_H
#define MDD_FUZZ_PAYLOAD_DB_H

#include <mdd/db.h>

#include <stddef.h>
#include <stdint.h>

/* Inheritance steps a fuzz database may take: enough for any real file, few enough that a
 * hostile parent chain ends quickly. */
#define FUZZ_INHERIT_STEPS 200000

/* The options the fuzz targets open a database with. */
static inline mdd_db_options fuzz_db_options(void)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.inherit.max_steps = FUZZ_INHERIT_STEPS;
    return opts;
}

/* The database of the payload data[0..size), or NULL when it does not open. */
static inline mdd_db *fuzz_open_payload(const uint8_t *data, size_t size)
{
    mdd_db_options opts = fuzz_db_options();
    mdd_bytes payload = {data, size};
    mdd_db *db;
    return mdd_db_open_payloads(&payload, 1, &opts, &db, NULL) == MDD_OK ? db : NULL;
}

/* The variants of ecu, then its functional groups. */
static inline uint32_t fuzz_layer_count(const mdd_db_ecu *ecu)
{
    return mdd_db_ecu_variant_count(ecu) + mdd_db_ecu_functional_group_count(ecu);
}

/* Layer l of that list (l < fuzz_layer_count(ecu)). */
static inline const mdd_db_layer *fuzz_layer_at(const mdd_db_ecu *ecu, uint32_t l)
{
    uint32_t variants = mdd_db_ecu_variant_count(ecu);
    return l < variants ? mdd_db_ecu_variant_at(ecu, l)
                        : mdd_db_ecu_functional_group_at(ecu, l - variants);
}

#endif
