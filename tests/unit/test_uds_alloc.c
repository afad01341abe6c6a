/* SPDX-License-Identifier: Apache-2.0 */
/* The codec makes no heap allocation: decoding with a visitor, to JSON into a sink that does
 * not allocate, a known service's message, encoding the decoded values back, and variant
 * identification, on messages
 * of FLXC1000 (skipped without the corpus): a string, a signed number, a text-table value,
 * a list of DTC records, a structure. Allocations are counted by the linker: this
 * program is linked with --wrap=malloc,calloc,realloc (tests/CMakeLists.txt), so every such
 * call from libmdd.a's objects comes through the counters below. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "alloc_count.h"

#include "testutil.h"

#include <mdd/uds.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The messages ---- */

typedef struct exchange {
    const char *request;
    const char *response;
} exchange;

/* VINDataIdentifier_Read, FluxCapacitorPowerConsumption_Read (-1234), Identification_Read,
 * FaultMem_ReportDTCByStatusMask with two records (DTCs 123456 and 234567),
 * FaultMem_ReportDTCSnapshotRecordByDtcNumber (a structure, an empty field). */
static const exchange exchanges[] = {
    {"22f190", "62f1905744443232323030313141303030303031"},
    {"22f200", "62f200fffffb2e"},
    {"22f100", "62f100000101"},
    {"1902ff", "5902ff01e2400903944722"},
    {"190401e240ff", "590401e24009"},
};

static size_t from_hex(const char *hex, uint8_t *out)
{
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
        out[i] = (uint8_t)v;
    }
    return n;
}

static mdd_status count_values(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)v;
    (void)err;
    ++*(unsigned *)ctx;
    return MDD_OK;
}

static mdd_db *open_flxc(void)
{
    const char *dir = tu_corpus_dir();
    if (!dir)
        skip();
    char path[4096];
    snprintf(path, sizeof path, "%s/FLXC1000.mdd", dir);
    const char *paths[] = {path};
    /* heap: the default strategy (inplace) would convert the corpus file. */
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open(paths, 1, &opts, &db, &err), MDD_OK);
    return db;
}

/* A sink into a fixed buffer, which allocates nothing. */
typedef struct fixed_sink {
    char data[4096];
    size_t len;
} fixed_sink;

static mdd_status fixed_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)err;
    fixed_sink *f = ctx;
    assert_true(len < sizeof f->data - f->len);
    memcpy(f->data + f->len, data, len);
    f->len += len;
    f->data[f->len] = '\0';
    return MDD_OK;
}

/* Every call on one exchange: decoded with a visitor, to JSON, as its known message; its
 * decoded params encoded back into the same bytes. */
static void run_exchange(const mdd_db_layer *layer, const uint8_t *req, size_t req_len,
                         const uint8_t *resp, size_t resp_len)
{
    mdd_error err;
    unsigned values = 0;
    mdd_uds_visitor visitor = {count_values, &values};
    mdd_uds_decoded found;
    assert_int_equal(mdd_uds_decode(layer, req, req_len, resp, resp_len, &visitor, NULL,
                                    &found, &err),
                     MDD_OK);
    assert_true(values > 0);
    static fixed_sink json;
    json.len = 0;
    mdd_sink sink = {fixed_write, &json};
    assert_int_equal(mdd_uds_decode_json(layer, req, req_len, resp, resp_len, NULL, &sink,
                                         &err),
                     MDD_OK);
    assert_int_equal(mdd_uds_decode_message(layer, &found.service, &found.message, req,
                                            req_len, resp, resp_len, &visitor, NULL, NULL,
                                            &err),
                     MDD_OK);
    const char *params = strstr(json.data, "\"params\":") + strlen("\"params\":");
    uint8_t out[256];
    size_t needed;
    assert_int_equal(mdd_uds_encode(layer, &found.service, &found.message, req, req_len,
                                    params, tu_json_object_span(params), NULL, out, sizeof out,
                                    &needed, &err),
                     MDD_OK);
    assert_int_equal(needed, resp_len);
    assert_memory_equal(out, resp, resp_len);
}

static void run_exchanges(const mdd_db_layer *layer)
{
    uint8_t req[64], resp[256];
    for (size_t i = 0; i < sizeof exchanges / sizeof exchanges[0]; i++) {
        size_t n = from_hex(exchanges[i].request, req);
        run_exchange(layer, req, n, resp, from_hex(exchanges[i].response, resp));
    }
}

static void test_no_allocations(void **state)
{
    (void)state;
    mdd_db *db = open_flxc();
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    const mdd_db_layer *layer = mdd_db_ecu_base_variant(ecu);
    /* A first pass outside the count: whatever the first use of a page costs. */
    run_exchanges(layer);
    unsigned long before = tu_allocations();
    run_exchanges(layer);
    uint8_t id_req[3], id_resp[6];
    mdd_uds_exchange x = {id_req, from_hex("22f100", id_req), id_resp,
                          from_hex("62f100000101", id_resp)};
    mdd_uds_identity id;
    mdd_error err;
    mdd_uds_identify_request reqs[4];
    assert_int_equal(mdd_uds_identify_requests(ecu, reqs, 4), 1);
    assert_int_equal(mdd_uds_identify(ecu, &x, 1, NULL, &id, &err), MDD_OK);
    assert_int_equal(id.matched, 1);
    assert_int_equal(tu_allocations() - before, 0);
    mdd_db_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_allocations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
