/* SPDX-License-Identifier: Apache-2.0 */
/* The descriptions of messages (include/mdd/uds_describe.h) over fuzzed EcuData: the input is
 * the payload. A payload that verifies is opened, and every message (request, positive and
 * negative responses) of the first services of every layer is laid out and its JSON Schema
 * written. Both fail only with a status the API names; a layout numbers its items in order,
 * anchors each on an earlier item, closes every composite it opens and gives a fixed value the
 * bytes its bits span; a schema is one JSON object, its brackets balanced outside strings. */
#include "fuzz_payload_db.h"

#include <mdd/uds_describe.h>
#include <mdd_internal/common.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LAYERS 16
#define MAX_SERVICES 32
#define MAX_RESPONSES 4
#define SCHEMA_CAP (1u << 20)

static void check(int ok)
{
    if (!ok)
        abort();
}

static int named_status(mdd_status st)
{
    return st == MDD_OK || st == MDD_ERR_FORMAT || st == MDD_ERR_UNSUPPORTED ||
           st == MDD_ERR_LIMIT || st == MDD_ERR_ARG;
}

typedef struct layout_check {
    uint32_t next;
    int64_t open; /* composites opened and not closed */
} layout_check;

static mdd_status check_item(void *ctx, const mdd_uds_layout_item *it, mdd_error *err)
{
    (void)err;
    layout_check *c = ctx;
    check(it->ordinal == c->next++);
    check(it->anchor >= -1 && it->anchor < (int64_t)it->ordinal);
    check(it->depth == 0 || it->path != NULL);
    if (it->kind == MDD_UDS_OBJECT_BEGIN || it->kind == MDD_UDS_ARRAY_BEGIN)
        c->open++;
    else if (it->kind == MDD_UDS_OBJECT_END || it->kind == MDD_UDS_ARRAY_END)
        check(--c->open >= 0);
    else if (it->rule == MDD_UDS_LENGTH_FIXED)
        check(it->byte_count == ((size_t)it->bit + it->bit_length + 7u) / 8u && !it->variable);
    return MDD_OK;
}

/* A sink that keeps at most SCHEMA_CAP bytes and refuses more. */
typedef struct capped {
    char *buf;
    size_t len;
} capped;

static mdd_status capped_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    capped *c = ctx;
    if (len > SCHEMA_CAP - c->len)
        return mdd_fail(err, MDD_ERR_LIMIT, "schema larger than the fuzzer's cap");
    memcpy(c->buf + c->len, data, len);
    c->len += len;
    return MDD_OK;
}

/* One JSON object: '{' to its '}', brackets balanced outside strings. */
static void check_object(const char *s, size_t len)
{
    long depth = 0;
    int in_string = 0;
    check(len >= 2 && s[0] == '{' && s[len - 1] == '}');
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        if (in_string) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                in_string = 0;
            continue;
        }
        if (ch == '"')
            in_string = 1;
        else if (ch == '{' || ch == '[')
            depth++;
        else if (ch == '}' || ch == ']')
            check(--depth >= 0 && (depth > 0 || i == len - 1));
    }
    check(depth == 0 && !in_string);
}

static void describe(const mdd_db_layer *layer, const mdd_db_service *s,
                     const mdd_uds_message *m, capped *schema)
{
    mdd_uds_options opts = mdd_uds_options_default();
    opts.max_values = 4096;
    layout_check c = {0, 0};
    mdd_uds_layout_visitor v = {check_item, &c};
    mdd_error err;
    mdd_status st = mdd_uds_layout(layer, s, m, &v, &opts, &err);
    check(named_status(st));
    if (st == MDD_OK)
        check(c.open == 0);
    schema->len = 0;
    mdd_sink sink = {capped_write, schema};
    st = mdd_uds_schema(layer, s, m, &opts, &sink, &err);
    check(named_status(st));
    if (st == MDD_OK)
        check_object(schema->buf, schema->len);
}

static void describe_service(const mdd_db_layer *layer, const mdd_db_service *s, capped *schema)
{
    mdd_uds_message m = {MDD_UDS_REQUEST, 0};
    describe(layer, s, &m, schema);
    for (uint32_t i = 0; i < MAX_RESPONSES; i++) {
        m = (mdd_uds_message){MDD_UDS_POSITIVE, i};
        describe(layer, s, &m, schema);
        m = (mdd_uds_message){MDD_UDS_NEGATIVE, i};
        describe(layer, s, &m, schema);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_db *db = fuzz_open_payload(data, size);
    if (!db)
        return 0;
    capped schema = {malloc(SCHEMA_CAP), 0};
    check(schema.buf != NULL);
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    for (uint32_t l = 0; l < fuzz_layer_count(ecu) && l < MAX_LAYERS; l++) {
        const mdd_db_layer *layer = fuzz_layer_at(ecu, l);
        for (uint32_t i = 0; i < mdd_db_layer_service_count(layer) && i < MAX_SERVICES; i++) {
            mdd_db_service s = mdd_db_layer_service_at(layer, i);
            describe_service(layer, &s, &schema);
        }
    }
    free(schema.buf);
    mdd_db_close(db);
    return 0;
}
