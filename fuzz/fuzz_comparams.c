/* SPDX-License-Identifier: Apache-2.0 */
/* ComParams over fuzzed EcuData: the input is a payload; when it verifies and indexes, every
 * layer's ComParams are resolved for all protocols and for each protocol the layer lists, and
 * the answers must agree with one another: the total does not depend on the room given, every
 * listed protocol is accepted, each resolved ComParam is what a search by its name finds, and
 * walking a value ends with success or a bounded error, never a crash or a hang. */
#include "fuzz_payload_db.h"

#include <mdd/comparams.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_CHECKED 16
#define MAX_PROTOCOLS 4

static void check(int ok)
{
    if (!ok)
        abort();
}

/* bytes as a C string in buf, or NULL when they hold a NUL or do not fit. */
static const char *c_string(mdd_bytes bytes, char *buf, size_t size)
{
    if (!bytes.ptr || bytes.len >= size || (bytes.len && memchr(bytes.ptr, 0, bytes.len)))
        return NULL;
    if (bytes.len)
        memcpy(buf, bytes.ptr, bytes.len);
    buf[bytes.len] = '\0';
    return buf;
}

static int count_simple(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def,
                        mdd_bytes value)
{
    (void)depth;
    (void)index;
    (void)def;
    (void)value;
    (*(uint32_t *)ctx)++;
    return 0;
}

static void check_value(const mdd_comparam *cp)
{
    static const mdd_comparam_visitor v = {.simple = count_simple};
    uint32_t simple = 0;
    mdd_status st = mdd_comparam_visit_value(cp, &v, &simple, NULL);
    check(st == MDD_OK || st == MDD_ERR_FORMAT || st == MDD_ERR_LIMIT);
    check(simple <= MDD_COMPARAM_VALUE_MAX_ENTRIES);
    uint64_t n;
    st = mdd_comparam_uint(cp, NULL, UINT64_MAX, &n, NULL);
    check(st == MDD_OK || st == MDD_ERR_FORMAT || st == MDD_ERR_NOT_FOUND);
}

static void check_comparams(const mdd_db_layer *layer, const char *protocol)
{
    size_t total = 0;
    mdd_status st = mdd_db_layer_comparams(layer, protocol, NULL, 0, &total, NULL);
    if (st == MDD_ERR_LIMIT)
        return;
    check(st == MDD_OK);
    mdd_comparam found[MAX_CHECKED];
    size_t again = 0;
    check(mdd_db_layer_comparams(layer, protocol, found, MAX_CHECKED, &again, NULL) == MDD_OK);
    check(again == total);
    for (size_t i = 0; i < total && i < MAX_CHECKED; i++) {
        check_value(&found[i]);
        char buf[128];
        const char *name = c_string(found[i].name, buf, sizeof buf);
        mdd_comparam first;
        if (!name || mdd_db_layer_find_comparam(layer, protocol, name, &first, NULL) != MDD_OK)
            continue;
        /* With a protocol the name is the key; without, the nearest of the name, whatever
         * its protocol, comes first. */
        check(!protocol || first.ref.t.pos == found[i].ref.t.pos);
        check(mdd_bytes_equal_str(first.name, name));
    }
    mdd_doip_addresses doip;
    st = mdd_db_layer_doip_addresses(layer, protocol, &doip, NULL);
    check(st == MDD_OK || st == MDD_ERR_FORMAT || st == MDD_ERR_LIMIT);
}

static void check_layer(const mdd_db_layer *layer)
{
    check_comparams(layer, NULL);
    mdd_bytes protocols[MAX_PROTOCOLS];
    size_t total = 0;
    if (mdd_db_layer_protocols(layer, protocols, MAX_PROTOCOLS, &total, NULL) != MDD_OK)
        return;
    for (size_t i = 0; i < total && i < MAX_PROTOCOLS; i++) {
        char buf[128];
        const char *name = c_string(protocols[i], buf, sizeof buf);
        if (name)
            check_comparams(layer, name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_db *db = fuzz_open_payload(data, size);
    if (!db)
        return 0;
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    for (uint32_t l = 0; l < fuzz_layer_count(ecu); l++)
        check_layer(fuzz_layer_at(ecu, l));
    mdd_db_close(db);
    return 0;
}
