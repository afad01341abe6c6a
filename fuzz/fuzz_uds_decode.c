/* SPDX-License-Identifier: Apache-2.0 */
/* The UDS decoder against random messages: the input picks an ECU of the real corpus or of a
 * generated database, a variant and a service (uds_fuzz_db.h), then a byte n, n % 8 bytes
 * that follow the service's request prefix, and the response. The request (prefix and those
 * bytes) and the response are decoded with a visitor that checks what it is given: values
 * inside the message, paths no deeper than max_depth, objects and arrays that open and close
 * in pairs. The decode fails only with a status the API names; the JSON writer agrees with
 * it; identification with the exchange decides or falls back. */
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

typedef struct visit_check {
    size_t message_len;
    uint32_t max_depth;
    uint32_t open;      /* objects and arrays open */
    uint32_t last_depth;
} visit_check;

static mdd_status check_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    visit_check *c = ctx;
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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    uds_fuzz_open();
    return 0;
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
