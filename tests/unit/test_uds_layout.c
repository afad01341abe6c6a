/* SPDX-License-Identifier: Apache-2.0 */
/* mdd_uds_layout() against the decoder: every value the decoder reports on a path the layout
 * names (first items of fields) must start where the layout says (from the message's start,
 * or from the decoded end of its anchor) and, for a fixed length, cover the bytes the layout
 * says; every decoded value must have its layout item.
 *
 * On the real corpus (skipped without it), every message of every service of every variant,
 * its sample values encoded (uds_corpus_msgs.h); no corpus message has a value after one of
 * variable length. The codec's test database (uds_msg_fixture.h) has them: its worked
 * examples (the bytes tests/cli/uds_decode.sh decodes: structures, fields, MUX, DTCs, table
 * rows, a length key followed by more values) check positions after them. */
#define TB_CAP 65536 /* the fixture's database */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"
#include "uds_corpus_msgs.h"
#include "uds_msg_fixture.h"

#include <mdd/uds_describe.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ITEMS_MAX 4096
#define PATH_MAX_TEXT 256

typedef struct lay_item {
    char path[PATH_MAX_TEXT];
    int cls; /* 0 scalar, 1 begin, 2 end */
    mdd_uds_layout_item it;
    int seen;
    size_t start, end; /* as decoded */
} lay_item;

typedef struct checker {
    lay_item *items;
    size_t count;
    unsigned messages, laid_out, unsupported, decoded, values, checked, failed;
    char where[256];
} checker;

static int class_of(mdd_uds_kind k)
{
    if (k == MDD_UDS_OBJECT_BEGIN || k == MDD_UDS_ARRAY_BEGIN)
        return 1;
    return k == MDD_UDS_OBJECT_END || k == MDD_UDS_ARRAY_END ? 2 : 0;
}

/* The path as text; 0 when a step is an item index other than 0. */
static int path_text(const mdd_uds_path_elem *path, uint32_t depth, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (uint32_t i = 0; i < depth; i++) {
        int k = path[i].name.ptr
                    ? snprintf(out + n, cap - n, "/%.*s", (int)path[i].name.len,
                               (const char *)path[i].name.ptr)
                    : snprintf(out + n, cap - n, "[%u]", (unsigned)path[i].index);
        if (!path[i].name.ptr && path[i].index != 0)
            return 0;
        if (k < 0 || (size_t)k >= cap - n)
            return 0;
        n += (size_t)k;
    }
    return 1;
}

static mdd_status collect(void *ctx, const mdd_uds_layout_item *it, mdd_error *err)
{
    (void)err;
    checker *c = ctx;
    assert_true(c->count < ITEMS_MAX);
    assert_int_equal(it->ordinal, c->count);
    lay_item *l = &c->items[c->count++];
    memset(l, 0, sizeof *l);
    assert_true(path_text(it->path, it->depth, l->path, sizeof l->path));
    l->cls = class_of(it->kind);
    l->it = *it;
    l->it.path = NULL;
    if (it->anchor >= 0)
        assert_true(it->anchor < (int64_t)it->ordinal);
    return MDD_OK;
}

static lay_item *find(checker *c, const char *path, int cls)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->items[i].cls == cls && strcmp(c->items[i].path, path) == 0)
            return &c->items[i];
    return NULL;
}

static void fail_value(checker *c, const char *path, const char *what, size_t got, size_t want)
{
    if (c->failed++ < 20)
        print_message("FAIL %s %s: %s %zu, the layout says %zu\n", c->where, path, what, got,
                      want);
}

static mdd_status check_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    checker *c = ctx;
    char path[PATH_MAX_TEXT];
    c->values++;
    if (!path_text(v->path, v->depth, path, sizeof path))
        return MDD_OK;
    lay_item *l = find(c, path, class_of(v->kind));
    if (!l) {
        if (c->failed++ < 20)
            print_message("FAIL %s %s: no layout item\n", c->where, path);
        return MDD_OK;
    }
    l->seen = 1;
    l->start = v->byte_offset;
    l->end = v->byte_offset + v->byte_count;
    if (l->it.anchor >= 0 && !c->items[l->it.anchor].seen)
        return MDD_OK;
    size_t base = l->it.anchor < 0 ? 0 : c->items[l->it.anchor].end;
    c->checked++;
    if (v->byte_offset != base + l->it.byte)
        fail_value(c, path, "starts at byte", v->byte_offset, base + l->it.byte);
    else if (l->cls != 1 && !l->it.variable && v->byte_count != l->it.byte_count)
        fail_value(c, path, "covers bytes", v->byte_count, l->it.byte_count);
    return MDD_OK;
}

static void each_message(void *ctx, const uds_corpus_msg *m)
{
    checker *c = ctx;
    static const char *const kinds[] = {"", "request", "positive", "negative"};
    mdd_bytes svc = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(m->service->service));
    mdd_bytes layer = mdd_db_layer_name(m->layer);
    snprintf(c->where, sizeof c->where, "%.*s/%.*s %s %u", (int)layer.len,
             (const char *)layer.ptr, (int)svc.len, (const char *)svc.ptr, kinds[m->message.kind],
             m->message.index);
    c->messages++;
    c->count = 0;
    mdd_uds_layout_visitor lv = {collect, c};
    mdd_error err;
    mdd_status st = mdd_uds_layout(m->layer, m->service, &m->message, &lv, NULL, &err);
    if (st == MDD_ERR_UNSUPPORTED) {
        c->unsupported++;
        return;
    }
    if (st != MDD_OK)
        fail_msg("%s: %s", c->where, err.message);
    c->laid_out++;
    if (!m->bytes)
        return;
    mdd_uds_visitor dv = {check_value, c};
    st = mdd_uds_decode_message(m->layer, m->service, &m->message, m->request, m->request_len,
                                m->bytes, m->len, &dv, NULL, NULL, &err);
    if (st != MDD_OK)
        fail_msg("%s: %s", c->where, err.message);
    c->decoded++;
}

/* hex (pairs of digits) into out; returns the bytes. */
static size_t parse_hex(const char *hex, uint8_t *out)
{
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned byte;
        assert_int_equal(sscanf(hex + 2 * i, "%2x", &byte), 1);
        out[i] = (uint8_t)byte;
    }
    return n;
}

/* The message a decode of response (to request) chose, as a uds_corpus_msg: *m's service
 * points into found. */
static void fixture_message(const mdd_db_layer *layer, const char *request, const char *response,
                            mdd_uds_decoded *found, uint8_t *req, uint8_t *resp,
                            uds_corpus_msg *m)
{
    size_t req_len = parse_hex(request, req), resp_len = parse_hex(response, resp);
    mdd_error err;
    if (mdd_uds_decode(layer, req, req_len, resp, resp_len, NULL, NULL, found, &err) != MDD_OK)
        fail_msg("%s %s: %s", request, response, err.message);
    memset(m, 0, sizeof *m);
    m->layer = layer;
    m->service = &found->service;
    m->message = found->message;
    m->request = req;
    m->request_len = req_len;
    m->bytes = resp;
    m->len = resp_len;
}

static void each_service(void *ctx, const mdd_db_layer *layer, const mdd_db_service *service)
{
    uds_corpus_each_msg(layer, service, each_message, ctx);
}

static void test_layout_agrees_with_decoder(void **state)
{
    (void)state;
    checker c;
    memset(&c, 0, sizeof c);
    c.items = calloc(ITEMS_MAX, sizeof *c.items);
    assert_non_null(c.items);
    if (tu_each_corpus_service(each_service, &c) == 0) {
        free(c.items);
        skip();
    }
    print_message("layout: %u messages, %u laid out, %u unsupported, %u decoded, %u values, "
                  "%u positions checked, %u failed\n",
                  c.messages, c.laid_out, c.unsupported, c.decoded, c.values, c.checked,
                  c.failed);
    free(c.items);
    assert_int_equal(c.failed, 0);
    assert_true(c.checked > 1000);
}

static void test_layout_fixture(void **state)
{
    (void)state;
    /* REQUEST RESPONSE, as tests/cli/uds_decode.sh decodes them. */
    static const char *const cases[][2] = {
        {"22F190", "62F1901234"},   {"22F190", "7F2231"},       {"220100", "620A0B00000C"},
        {"1901", "5901010203040506FF"}, {"1902", "59020102030405"}, {"1903", "5901020304"},
        {"31", "710105FF"},         {"31", "71020E"},           {"1904", "5901010012340B"},
        {"1905", "59020200"},       {"220300", "620107"},       {"220300", "6202"},
        {"220400", "62ABCD07"},     {"220500", "621001022A"},   {"23", "7F2322"},
        {"24", "6405"}};
    static tb fixture;
    mdd_db *db;
    const mdd_db_layer *layer = mb_open(&fixture, &um_ecu, 1, &db);
    assert_non_null(layer);
    checker c;
    memset(&c, 0, sizeof c);
    c.items = calloc(ITEMS_MAX, sizeof *c.items);
    assert_non_null(c.items);
    unsigned anchored = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t req[64], resp[64];
        mdd_uds_decoded found;
        uds_corpus_msg m;
        fixture_message(layer, cases[i][0], cases[i][1], &found, req, resp, &m);
        unsigned checked = c.checked;
        each_message(&c, &m);
        assert_true(c.checked > checked);
        for (size_t k = 0; k < c.count; k++)
            anchored += c.items[k].it.anchor >= 0 && c.items[k].seen;
    }
    print_message("layout of the fixture: %u messages, %u positions checked (%u after a "
                  "variable value), %u failed\n",
                  c.messages, c.checked, anchored, c.failed);
    free(c.items);
    mdd_db_close(db);
    assert_int_equal(c.failed, 0);
    assert_int_equal(c.decoded, sizeof cases / sizeof cases[0]);
    assert_true(anchored >= 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_agrees_with_decoder),
        cmocka_unit_test(test_layout_fixture),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
