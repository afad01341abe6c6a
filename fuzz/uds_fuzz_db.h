/* SPDX-License-Identifier: Apache-2.0 */
/* What the codec's fuzz targets share: the databases they fuzz against (the real corpus, from
 * $MDD_CORPUS or the build's MDD_CORPUS_DIR, and a small generated ECU) and the choice of a
 * layer and a service by the input's first bytes. */
#ifndef MDD_FUZZ_UDS_FUZZ_DB_H
#define MDD_FUZZ_UDS_FUZZ_DB_H

#include <mdd/db.h>
#include <mdd_internal/gen.h>

#include <stdlib.h>

/* The bytes uds_fuzz_pick() takes from the input. */
#define UDS_FUZZ_PICK_BYTES 4

static mdd_db *uds_fuzz_dbs[2];
static mdd_fb_builder uds_fuzz_builder;

/* Opens the databases once; a missing corpus leaves the generated one alone. */
static void uds_fuzz_open(void)
{
    const char *corpus = getenv("MDD_CORPUS");
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    opts.skip_invalid = 1;
    mdd_error err;
    if (mdd_db_open_dir(corpus ? corpus : MDD_CORPUS_DIR, &opts, &uds_fuzz_dbs[0], &err) !=
        MDD_OK)
        uds_fuzz_dbs[0] = NULL;
    mdd_gen_plan plan;
    mdd_bytes payload;
    mdd_fb_builder_init(&uds_fuzz_builder, 0);
    if (mdd_gen_plan_make("small", 7, 1, 300000, &plan, &err) != MDD_OK)
        abort();
    if (mdd_gen_payload(&plan.files[0], &uds_fuzz_builder, &payload, &err) != MDD_OK ||
        mdd_db_open_payloads(&payload, 1, NULL, &uds_fuzz_dbs[1], &err) != MDD_OK)
        abort();
    mdd_gen_plan_free(&plan);
}

/* The number of ECUs of both databases. */
static size_t uds_fuzz_ecu_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < 2; i++)
        n += uds_fuzz_dbs[i] ? mdd_db_ecu_count(uds_fuzz_dbs[i]) : 0;
    return n;
}

static const mdd_db_ecu *uds_fuzz_ecu(size_t i)
{
    size_t first = uds_fuzz_dbs[0] ? mdd_db_ecu_count(uds_fuzz_dbs[0]) : 0;
    return i < first ? mdd_db_ecu_at(uds_fuzz_dbs[0], i) : mdd_db_ecu_at(uds_fuzz_dbs[1], i - first);
}

/* Takes UDS_FUZZ_PICK_BYTES from the input: an ECU, one of its variants and one of that
 * variant's services. Returns 0 when the input is too short or the ECU has no variant or
 * the variant no service. */
static int uds_fuzz_pick(const uint8_t **data, size_t *size, const mdd_db_ecu **ecu,
                         const mdd_db_layer **layer, mdd_db_service *service)
{
    if (*size < UDS_FUZZ_PICK_BYTES)
        return 0;
    const uint8_t *d = *data;
    *data += UDS_FUZZ_PICK_BYTES;
    *size -= UDS_FUZZ_PICK_BYTES;
    *ecu = uds_fuzz_ecu(d[0] % uds_fuzz_ecu_count());
    uint32_t variants = mdd_db_ecu_variant_count(*ecu);
    if (variants == 0)
        return 0;
    *layer = mdd_db_ecu_variant_at(*ecu, d[1] % variants);
    uint32_t services = mdd_db_layer_service_count(*layer);
    if (services == 0)
        return 0;
    *service = mdd_db_layer_service_at(*layer, ((uint32_t)d[2] << 8 | d[3]) % services);
    return 1;
}

#endif
