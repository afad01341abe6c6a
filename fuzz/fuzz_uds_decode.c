/* SPDX-License-Identifier: Apache-2.0 */
/* The UDS decoder against random messages: the input picks an ECU of the real corpus or of a
 * generated database, a variant and a service (uds_fuzz_db.h), then a byte n, n % 8 bytes
 * that follow the service's request prefix, and the response. The request (prefix and those
 * bytes) and the response are decoded with a visitor that checks what it is given: values
 * inside the message, paths no deeper than max_depth, objects and arrays that open and close
 * in pairs. The decode fails only with a status the API names; the JSON writer agrees with
 * it; identification with the exchange decides or falls back. Both decodes run again through
 * a memo of 4 slots shared by every input (so that its entries are replaced and found
 * stale all the time), following the response plans its entries keep (DTC lists, structures
 * and fields among them; docs/adr/0033-response-plans.md): the same status, the same events
 * (counted and summed), the same decoded out and error message, the same JSON. */
#include "uds_fuzz_db.h"

#include <mdd/uds.h>

#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUEST_MAX 64

static void check(int ok)
{
    if (!ok)
        abort();
}

/* FNV-1a: a sum of what the decodes report, to compare them. */
static uint64_t sum_bytes(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

static uint64_t sum_u64(uint64_t h, uint64_t v) { return sum_bytes(h, &v, sizeof v); }

#define SUM_START UINT64_C(0xcbf29ce484222325)

typedef struct visit_check {
    size_t message_len;
    uint32_t max_depth;
    uint32_t open;      /* objects and arrays open */
    uint32_t last_depth;
    uint32_t count;     /* events */
    uint64_t sum;       /* of every event's kind, path, parameter, place and value */
} visit_check;

static uint64_t sum_value(uint64_t h, const mdd_uds_value *v)
{
    switch (v->kind) {
    case MDD_UDS_UINT:
    case MDD_UDS_INT:
    case MDD_UDS_FLOAT: return sum_bytes(h, &v->as.u, sizeof v->as.u);
    case MDD_UDS_TEXT:
        h = sum_u64(h, (uint64_t)v->as.text.encoding);
        return sum_bytes(sum_u64(h, v->as.text.bytes.len), v->as.text.bytes.ptr,
                         v->as.text.bytes.len);
    case MDD_UDS_BYTES:
        return sum_bytes(sum_u64(h, v->as.bytes.len), v->as.bytes.ptr, v->as.bytes.len);
    case MDD_UDS_DTC: return sum_u64(sum_u64(h, v->as.dtc.code), v->as.dtc.dtc.t.pos);
    default: return h;
    }
}

static uint64_t sum_event(uint64_t h, const mdd_uds_value *v)
{
    h = sum_u64(h, (uint64_t)v->kind);
    for (uint32_t i = 0; i < v->depth; i++) {
        h = sum_u64(h, v->path[i].index);
        h = sum_bytes(sum_u64(h, v->path[i].name.len), v->path[i].name.ptr,
                      v->path[i].name.len);
    }
    h = sum_u64(sum_u64(h, v->param.t.pos), v->byte_offset);
    return sum_value(sum_u64(h, v->byte_count), v);
}

static mdd_status check_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    visit_check *c = ctx;
    c->count++;
    c->sum = sum_event(c->sum, v);
    check(v->depth >= 1 && v->depth <= c->max_depth + 2 && v->path);
    check(v->byte_offset <= c->message_len && v->byte_count <= c->message_len - v->byte_offset);
    if (v->kind == MDD_UDS_OBJECT_BEGIN || v->kind == MDD_UDS_ARRAY_BEGIN)
        c->open++;
    if (v->kind == MDD_UDS_OBJECT_END || v->kind == MDD_UDS_ARRAY_END) {
        check(c->open > 0);
        c->open--;
    }
    if (v->kind == MDD_UDS_TEXT)
        check(v->as.text.bytes.len == 0 || v->as.text.bytes.ptr);
    return MDD_OK;
}

static int named_status(mdd_status st)
{
    return st == MDD_OK || st == MDD_ERR_NOT_FOUND || st == MDD_ERR_FORMAT ||
           st == MDD_ERR_UNSUPPORTED || st == MDD_ERR_LIMIT;
}

/* A sink that sums what it is given. */
static mdd_status sum_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)err;
    uint64_t *h = ctx;
    *h = sum_bytes(sum_u64(*h, len), data, len);
    return MDD_OK;
}

static int same_decoded(const mdd_uds_decoded *a, const mdd_uds_decoded *b)
{
    return a->service.service.t.buf == b->service.service.t.buf &&
           a->service.service.t.pos == b->service.service.t.pos &&
           a->service.prefix.bytes == b->service.prefix.bytes &&
           a->service.prefix.len == b->service.prefix.len && a->message.kind == b->message.kind &&
           a->message.index == b->message.index && a->response.t.buf == b->response.t.buf &&
           a->response.t.pos == b->response.t.pos && a->covered == b->covered;
}

/* What one decode reported. */
typedef struct decode_sum {
    mdd_status status, json_status;
    visit_check visits;
    mdd_uds_decoded found;
    mdd_error err, json_err;
    uint64_t json;
} decode_sum;

static mdd_uds_memo *memo;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    uds_fuzz_open();
    if (mdd_uds_memo_create(4, &memo, NULL) != MDD_OK)
        abort();
    return 0;
}

/* Decodes the exchange with a visitor and to JSON through opts (and its memo) into *d. */
static void decode_into(const mdd_db_layer *layer, const uint8_t *request, size_t request_len,
                        const uint8_t *response, size_t response_len,
                        const mdd_uds_options *opts, decode_sum *d)
{
    memset(d, 0, sizeof *d);
    memset(&d->found, 0xA5, sizeof d->found);
    d->visits = (visit_check){.message_len = response_len, .max_depth = opts->max_depth,
                              .sum = SUM_START};
    mdd_uds_visitor visitor = {check_value, &d->visits};
    d->status = mdd_uds_decode(layer, request, request_len, response, response_len, &visitor,
                               opts, &d->found, &d->err);
    d->json = SUM_START;
    mdd_sink sink = {sum_write, &d->json};
    d->json_status = mdd_uds_decode_json(layer, request, request_len, response, response_len,
                                         opts, &sink, &d->json_err);
}

/* The decode through the memo reports what the decode without it did. */
static void check_memo(const mdd_db_layer *layer, const uint8_t *request, size_t request_len,
                       const uint8_t *response, size_t response_len, mdd_uds_options opts)
{
    static decode_sum plain, memoized;
    decode_into(layer, request, request_len, response, response_len, &opts, &plain);
    opts.memo = memo;
    decode_into(layer, request, request_len, response, response_len, &opts, &memoized);
    check(memoized.status == plain.status && memoized.visits.count == plain.visits.count &&
          memoized.visits.sum == plain.visits.sum && same_decoded(&memoized.found, &plain.found));
    check(plain.status == MDD_OK || strcmp(memoized.err.message, plain.err.message) == 0);
    check(memoized.json_status == plain.json_status && memoized.json == plain.json);
    check(plain.json_status == MDD_OK ||
          strcmp(memoized.json_err.message, plain.json_err.message) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const mdd_db_ecu *ecu;
    const mdd_db_layer *layer;
    mdd_db_service service;
    if (!uds_fuzz_pick(&data, &size, &ecu, &layer, &service) || size < 1)
        return 0;
    size_t extra = data[0] % 8u;
    data++;
    size--;
    if (extra > size || service.prefix.len + extra > REQUEST_MAX)
        return 0;
    uint8_t request[REQUEST_MAX];
    if (service.prefix.len)
        memcpy(request, service.prefix.bytes, service.prefix.len);
    memcpy(request + service.prefix.len, data, extra);
    size_t request_len = service.prefix.len + extra;
    const uint8_t *response = data + extra;
    size_t response_len = size - extra;

    mdd_uds_options opts = mdd_uds_options_default();
    opts.max_values = 4096;
    visit_check c = {.message_len = response_len, .max_depth = opts.max_depth};
    mdd_uds_visitor visitor = {check_value, &c};
    mdd_uds_decoded found;
    mdd_error err;
    mdd_status st = mdd_uds_decode(layer, request, request_len, response, response_len,
                                   &visitor, &opts, &found, &err);
    check(named_status(st));
    if (st == MDD_OK)
        check(c.open == 0 && found.covered <= response_len);

    uint64_t bytes = 0;
    mdd_sink sink = mdd_counting_sink(&bytes);
    mdd_status json_st = mdd_uds_decode_json(layer, request, request_len, response,
                                             response_len, &opts, &sink, &err);
    check(json_st == st && (st != MDD_OK || bytes > 0));
    check_memo(layer, request, request_len, response, response_len, opts);

    c = (visit_check){.message_len = request_len, .max_depth = opts.max_depth};
    const mdd_uds_message as_request = {MDD_UDS_REQUEST, 0};
    check(named_status(mdd_uds_decode_message(layer, &service, &as_request, NULL, 0, request,
                                              request_len, &visitor, &opts, NULL, &err)));

    mdd_uds_exchange x = {request, request_len, response, response_len};
    mdd_uds_identity id;
    st = mdd_uds_identify(ecu, &x, 1, &opts, &id, &err);
    check(st == MDD_ERR_NOT_FOUND || (st == MDD_OK && id.variant));
    return 0;
}
