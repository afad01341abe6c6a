/* SPDX-License-Identifier: Apache-2.0 */
/* mdd_uds_decode_json() and mdd_uds_decode_message_json(): a visitor that writes the decoded
 * values as the reference adapter's JSON, in one pass. The header ({"ecu", "variant" or
 * "functional_group", "service", "response"}) comes first: the decode names the service and
 * the response in its *out before the first value reaches the visitor (include/mdd/uds.h),
 * so the visitor writes the header then; a message without values gets it once the decode
 * returns. */
#include "memo.h"

#include <mdd_internal/uds.h>

#include <stdint.h>
#include <string.h>

/* Texts met before in this document whose bytes were written as they are, by where they
 * are (the database's names and texts, the message's texts: neither changes during a
 * decode): a parameter name of a structure's items, a text table's texts come back often. */
#define SEEN_TEXTS 16

/* The visitor's state. skip_depth: nonzero while the value opened at that depth is left out
 * (its BEGIN was, so its content and its END are). */
typedef struct json_visit {
    uds_jw w;
    const uds_walk *walk; /* the decode's, while it runs (uds_decode_with()); NULL after */
    mdd_bytes seen[SEEN_TEXTS];
    const mdd_db_layer *layer;
    const mdd_uds_decoded *found; /* what the decode selected, set before the first value */
    int started;                  /* the header is written */
    int need_comma;
    uint32_t skip_depth;
} json_visit;

/* The reference adapter shows a response's top-level parameters only when their semantic is
 * absent, DATA or SERVICEIDRQ: the service id and identifier constants disappear. */
bool uds_json_shown_at_top(mdd_param p)
{
/* Whether bytes are the literal lit, whose length is known without strlen(). */
#define IS_LITERAL(bytes, lit) \
    ((bytes).len == sizeof(lit) - 1 && memcmp((bytes).ptr, lit, sizeof(lit) - 1) == 0)
    mdd_bytes semantic = mdd_param_semantic(p);
    return !semantic.ptr || IS_LITERAL(semantic, "DATA") || IS_LITERAL(semantic, "SERVICEIDRQ");
#undef IS_LITERAL
}

/* The plan's step that decoded v's parameter, when the decode follows a plan and it did:
 * what it keeps for the JSON writer is v's. */
static const uds_step *step_of(const json_visit *j, const mdd_uds_value *v)
{
    const uds_step *s = j->walk ? j->walk->step : NULL;
    return s && uds_same_table(s->view.param.t, v->param.t) ? s : NULL;
}

static bool shown_at_top(const json_visit *j, const mdd_uds_value *v)
{
    const uds_step *s = step_of(j, v);
    return s ? s->json_shown : uds_json_shown_at_top(v->param);
}

/* Leaves the value out when the filter says so, and everything inside it. */
static int skipped(json_visit *j, const mdd_uds_value *v)
{
    if (j->skip_depth) {
        if (v->depth == j->skip_depth &&
            (v->kind == MDD_UDS_OBJECT_END || v->kind == MDD_UDS_ARRAY_END))
            j->skip_depth = 0;
        return 1;
    }
    if (j->found->message.kind == MDD_UDS_REQUEST || v->depth != 1 || shown_at_top(j, v))
        return 0;
    if (v->kind == MDD_UDS_OBJECT_BEGIN || v->kind == MDD_UDS_ARRAY_BEGIN)
        j->skip_depth = v->depth;
    return 1;
}

/* A text as a JSON string: one written as it is before in this document is copied again
 * without looking at its bytes. */
static void text(json_visit *j, const mdd_uds_text *t)
{
    mdd_bytes b = t->bytes;
    size_t k = (size_t)(((uint64_t)(uintptr_t)b.ptr * UINT64_C(0x9E3779B97F4A7C15)) >> 60);
    bool ascii = t->encoding == MDD_UDS_TEXT_UTF8 || t->encoding == MDD_UDS_TEXT_LATIN1;
    if (ascii && b.ptr && j->seen[k].ptr == b.ptr && j->seen[k].len == b.len) {
        uds_jw_raw(&j->w, "\"", 1);
        uds_jw_raw(&j->w, (const char *)b.ptr, b.len);
        uds_jw_raw(&j->w, "\"", 1);
    } else if (uds_jw_text(&j->w, t) && b.ptr) {
        j->seen[k] = b;
    }
}

/* The comma and, inside an object, the key: a path step without a name is an array item. */
static void key(json_visit *j, const mdd_uds_value *v)
{
    if (j->need_comma)
        uds_jw_raw(&j->w, ",", 1);
    const mdd_uds_path_elem *last = v->depth ? &v->path[v->depth - 1] : NULL;
    if (!last || !last->name.ptr)
        return;
    /* The plan's step named the path: it knows whether the name needs escaping. */
    const uds_step *s = j->walk ? j->walk->step : NULL;
    if (s && s->json_key_len && s->name.ptr == last->name.ptr) {
        uds_jw_raw(&j->w, s->json_key, s->json_key_len);
        return;
    }
    mdd_uds_text name = {last->name, MDD_UDS_TEXT_UTF8};
    text(j, &name);
    uds_jw_raw(&j->w, ":", 1);
}

/* {"ecu": .., "variant" (or "functional_group"): .., "service": .., "response": ..,
 * "params": { ("request" for a request) */
static void header(uds_jw *w, const mdd_db_layer *layer, const mdd_uds_decoded *found)
{
    uds_jw_service_head(w, layer, &found->service);
    uds_jw_cstr(w, found->message.kind == MDD_UDS_NEGATIVE   ? ",\"response\":\"negative\""
                   : found->message.kind == MDD_UDS_POSITIVE ? ",\"response\":\"positive\""
                                                              : ",\"response\":\"request\"");
    uds_jw_cstr(w, ",\"params\":{");
}

/* The header, once: through a plan, as the memo entry keeps it from the first time (the plan
 * names one service and response). */
static void start(json_visit *j)
{
    if (j->started)
        return;
    j->started = 1;
    uds_memo_entry *e = j->walk ? j->walk->entry : NULL;
    if (e && e->json_head_len) {
        uds_jw_raw(&j->w, e->json_head, e->json_head_len);
        return;
    }
    size_t at = j->w.len;
    uint64_t flushed = j->w.flushed;
    header(&j->w, j->layer, j->found);
    size_t n = j->w.len - at;
    if (e && j->w.status == MDD_OK && j->w.flushed == flushed && n <= sizeof e->json_head) {
        memcpy(e->json_head, j->w.buf + at, n);
        e->json_head_len = (uint32_t)n;
    }
}

static mdd_status visit(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    json_visit *j = ctx;
    start(j);
    if (skipped(j, v))
        return MDD_OK;
    switch (v->kind) {
    case MDD_UDS_OBJECT_BEGIN:
    case MDD_UDS_ARRAY_BEGIN:
        key(j, v);
        uds_jw_raw(&j->w, v->kind == MDD_UDS_OBJECT_BEGIN ? "{" : "[", 1);
        j->need_comma = 0;
        break;
    case MDD_UDS_OBJECT_END:
    case MDD_UDS_ARRAY_END:
        uds_jw_raw(&j->w, v->kind == MDD_UDS_OBJECT_END ? "}" : "]", 1);
        j->need_comma = 1;
        break;
    default:
        key(j, v);
        if (v->kind == MDD_UDS_TEXT)
            text(j, &v->as.text);
        else
            uds_jw_scalar(&j->w, v);
        j->need_comma = 1;
        break;
    }
    return j->w.status;
}

/* A visitor writing to sink, its buffer left as it is (written before it is read). */
static void visit_init(json_visit *j, const mdd_db_layer *layer, mdd_uds_decoded *found,
                       mdd_sink *sink, mdd_error *err)
{
    uds_jw_init(&j->w, sink, err);
    j->walk = NULL;
    memset(j->seen, 0, sizeof j->seen);
    j->layer = layer;
    j->found = found;
    j->started = 0;
    j->need_comma = 0;
    j->skip_depth = 0;
}

/* The end of the JSON once the decode succeeded: the header if no value wrote it, the
 * uncovered bytes. */
static mdd_status finish(json_visit *j, const uint8_t *msg, size_t msg_len)
{
    start(j);
    uds_jw_raw(&j->w, "}", 1);
    if (j->found->covered < msg_len) {
        uds_jw_cstr(&j->w, ",\"trailing\":");
        uds_jw_bytes(&j->w, (mdd_bytes){msg + j->found->covered, msg_len - j->found->covered});
    }
    uds_jw_raw(&j->w, "}", 1);
    return uds_jw_flush(&j->w);
}

mdd_status mdd_uds_decode_json(const mdd_db_layer *layer, const uint8_t *request,
                               size_t request_len, const uint8_t *response, size_t response_len,
                               const mdd_uds_options *opts, mdd_sink *sink, mdd_error *err)
{
    mdd_uds_decoded found;
    json_visit j;
    visit_init(&j, layer, &found, sink, err);
    mdd_uds_visitor visitor = {visit, &j};
    mdd_status st = uds_decode_with(layer, request, request_len, response, response_len,
                                    &visitor, opts, &found, &j.walk, err);
    j.walk = NULL;
    return st != MDD_OK ? st : finish(&j, response, response_len);
}

mdd_status mdd_uds_decode_message_json(const mdd_db_layer *layer,
                                       const mdd_db_service *service,
                                       const mdd_uds_message *message, const uint8_t *request,
                                       size_t request_len, const uint8_t *msg, size_t msg_len,
                                       const mdd_uds_options *opts, mdd_sink *sink,
                                       mdd_error *err)
{
    mdd_uds_decoded found;
    json_visit j;
    visit_init(&j, layer, &found, sink, err);
    mdd_uds_visitor visitor = {visit, &j};
    mdd_status st = mdd_uds_decode_message(layer, service, message, request, request_len, msg,
                                           msg_len, &visitor, opts, &found, err);
    return st != MDD_OK ? st : finish(&j, msg, msg_len);
}
