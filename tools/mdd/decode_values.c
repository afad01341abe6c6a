/* SPDX-License-Identifier: Apache-2.0 */
/* Decoded values with their positions (decode_values.h). */
#include "decode_values.h"

void decode_value_path(uds_jw *w, const mdd_uds_value *v)
{
    for (uint32_t i = 0; i < v->depth; i++) {
        if (v->path[i].name.ptr) {
            uds_jw_raw(w, "/", 1);
            mdd_uds_text name = {v->path[i].name, MDD_UDS_TEXT_UTF8};
            uds_jw_text_content(w, &name);
        } else {
            uds_jw_raw(w, "[", 1);
            uds_jw_uint(w, v->path[i].index);
            uds_jw_raw(w, "]", 1);
        }
    }
}

typedef struct values_visit {
    uds_jw w;
    const mdd_db_layer *layer;
    const mdd_uds_decoded *found; /* set by the decode before the first value */
    size_t written;
} values_visit;

/* The head and the start of the list, before the first value (or at the end). */
static void begin(values_visit *t)
{
    uds_jw_service_head(&t->w, t->layer, &t->found->service);
    uds_jw_cstr(&t->w, t->found->message.kind == MDD_UDS_NEGATIVE
                           ? ",\"response\":\"negative\",\"values\":["
                           : ",\"response\":\"positive\",\"values\":[");
}

static mdd_status write_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    values_visit *t = ctx;
    if (v->kind >= MDD_UDS_OBJECT_BEGIN)
        return MDD_OK;
    if (t->written++ == 0)
        begin(t);
    else
        uds_jw_raw(&t->w, ",", 1);
    uds_jw_cstr(&t->w, "{\"path\":\"");
    decode_value_path(&t->w, v);
    uds_jw_cstr(&t->w, "\",\"byte\":");
    uds_jw_uint(&t->w, v->byte_offset);
    uds_jw_cstr(&t->w, ",\"length\":");
    uds_jw_uint(&t->w, v->byte_count);
    uds_jw_cstr(&t->w, ",\"value\":");
    uds_jw_scalar(&t->w, v);
    uds_jw_raw(&t->w, "}", 1);
    return t->w.status;
}

mdd_status decode_values_json(const mdd_db_layer *layer, const uint8_t *request,
                              size_t request_len, const uint8_t *response, size_t response_len,
                              mdd_sink *sink, mdd_error *err)
{
    mdd_uds_decoded found;
    values_visit t = {.layer = layer, .found = &found};
    uds_jw_init(&t.w, sink, err);
    mdd_uds_visitor visitor = {write_value, &t};
    mdd_status st = mdd_uds_decode(layer, request, request_len, response, response_len,
                                   &visitor, NULL, &found, err);
    if (st != MDD_OK)
        return st;
    if (t.written == 0)
        begin(&t);
    uds_jw_raw(&t.w, "]", 1);
    if (found.covered < response_len) {
        uds_jw_cstr(&t.w, ",\"trailing\":");
        uds_jw_bytes(&t.w, (mdd_bytes){response + found.covered, response_len - found.covered});
    }
    uds_jw_raw(&t.w, "}", 1);
    return uds_jw_flush(&t.w);
}
