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
    mdd_bytes seen[SEEN_TEXTS]; /* cleared when the first is kept (seen_ready) */
    bool seen_ready;
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

/* The plan's step decoding now, if any. */
static const uds_step *current_step(const json_visit *j)
{
    return j->walk ? j->walk->step : NULL;
}

/* Whether v is shown at the top: the current step s knows when it decoded v's parameter. */
static bool shown_at_top(const uds_step *s, const mdd_uds_value *v)
{
    return s && uds_same_table(s->view.param.t, v->param.t) ? s->json_shown
                                                              : uds_json_shown_at_top(v->param);
}

/* Leaves the value out when the filter says so, and everything inside it. */
static int skipped(json_visit *j, const mdd_uds_value *v, const uds_step *s)
{
    if (j->skip_depth) {
        if (v->depth == j->skip_depth &&
            (v->kind == MDD_UDS_OBJECT_END || v->kind == MDD_UDS_ARRAY_END))
            j->skip_depth = 0;
        return 1;
    }
    if (v->depth != 1 || j->found->message.kind == MDD_UDS_REQUEST || shown_at_top(s, v))
        return 0;
    if (v->kind == MDD_UDS_OBJECT_BEGIN || v->kind == MDD_UDS_ARRAY_BEGIN)
        j->skip_depth = v->depth;
    return 1;
}

/* Whether b lies in the message being decoded. */
static bool in_message(const json_visit *j, mdd_bytes b)
{
    uintptr_t at = (uintptr_t)b.ptr, from = j->walk ? (uintptr_t)j->walk->msg.ptr : 0;
    return j->walk && at >= from && at - from < j->walk->msg.len;
}

/* A text as a JSON string: one written as it is before in this document is copied again
 * without looking at its bytes. The message's own texts (rarely met twice) are not kept. */
static void text(json_visit *j, const mdd_uds_text *t)
{
    mdd_bytes b = t->bytes;
    if (!b.ptr || in_message(j, b)) {
        uds_jw_text(&j->w, t);
        return;
    }
    size_t k = (size_t)(((uint64_t)(uintptr_t)b.ptr * UINT64_C(0x9E3779B97F4A7C15)) >> 60);
    bool ascii = t->encoding == MDD_UDS_TEXT_UTF8 || t->encoding == MDD_UDS_TEXT_LATIN1;
    if (ascii && j->seen_ready && j->seen[k].ptr == b.ptr && j->seen[k].len == b.len) {
        uds_jw_raw(&j->w, "\"", 1);
        uds_jw_raw(&j->w, (const char *)b.ptr, b.len);
        uds_jw_raw(&j->w, "\"", 1);
    } else if (uds_jw_text(&j->w, t)) {
        if (!j->seen_ready) {
            memset(j->seen, 0, sizeof j->seen);
            j->seen_ready = true;
        }
        j->seen[k] = b;
    }
}

/* What the plan rendered (a key or a member), without its comma when none is due. The
 * plan's json has 16 bytes to spare after its last: a short one is copied as 16. */
static inline void put_rendered(json_visit *j, const uds_plan_member *m)
{
    uint32_t skip = j->need_comma ? 0 : 1;
    const char *p = m->text + skip;
    size_t len = m->len - skip;
    uds_jw *w = &j->w;
    if (len > 16 || 16 > sizeof w->buf - w->len) {
        uds_jw_raw(w, p, len);
        return;
    }
    uint64_t a, b;
    memcpy(&a, p, sizeof a);
    memcpy(&b, p + 8, sizeof b);
    memcpy(w->buf + w->len, &a, sizeof a);
    memcpy(w->buf + w->len + 8, &b, sizeof b);
    w->len += len;
}

/* The comma and, inside an object, the key: a path step without a name is an array item. */
static void key(json_visit *j, const mdd_uds_value *v, const uds_step *s)
{
    const mdd_uds_path_elem *last = v->depth ? &v->path[v->depth - 1] : NULL;
    /* The plan's step s named the path: its key is rendered, with the comma. */
    if (last && s && s->json_key.len && s->name.ptr == last->name.ptr) {
        put_rendered(j, &s->json_key);
        return;
    }
    if (j->need_comma)
        uds_jw_raw(&j->w, ",", 1);
    if (!last || !last->name.ptr)
        return;
    mdd_uds_text name = {last->name, MDD_UDS_TEXT_UTF8};
    text(j, &name);
    uds_jw_raw(&j->w, ":", 1);
}

/* The member (key and value) the plan's step rendered for v, which the writer would write
 * the same: a text of one of the step's TEXT_TABLE scales (the same bytes), or one of its
 * DTCs (the same code and DTC); NULL when there is none. */
static const uds_plan_member *rendered(const uds_step *s, const mdd_uds_value *v)
{
    const mdd_uds_path_elem *last = v->depth ? &v->path[v->depth - 1] : NULL;
    if (!s || !s->json_key.len || !last || s->name.ptr != last->name.ptr)
        return NULL;
    const uds_plan_member *m = s->members;
    if (!m)
        return NULL;
    if (v->kind == MDD_UDS_TEXT && s->op == UDS_STEP_READ &&
        v->as.text.encoding == MDD_UDS_TEXT_UTF8) {
        for (uint32_t i = 0; i < s->read.scale_count; i++) {
            mdd_bytes text = s->read.scales[i].text;
            if (text.ptr == v->as.text.bytes.ptr && text.len == v->as.text.bytes.len)
                return m[i].len ? &m[i] : NULL;
        }
        return NULL;
    }
    if (v->kind != MDD_UDS_DTC || s->op != UDS_STEP_DTC)
        return NULL;
    uint32_t lo = 0, hi = s->dtc_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->dtcs[mid].code < v->as.dtc.code)
            lo = mid + 1;
        else
            hi = mid;
    }
    const uds_plan_dtc *d = lo < s->dtc_count ? &s->dtcs[lo] : NULL;
    return d && d->code == v->as.dtc.code && uds_same_table(d->dtc.t, v->as.dtc.dtc.t) &&
                   m[lo].len
               ? &m[lo]
               : NULL;
}

/* A scalar value with its key: copied whole when the plan rendered it. */
static void member(json_visit *j, const mdd_uds_value *v, const uds_step *s)
{
    const uds_plan_member *m = rendered(s, v);
    if (m) {
        put_rendered(j, m);
        return;
    }
    key(j, v, s);
    if (v->kind == MDD_UDS_TEXT)
        text(j, &v->as.text);
    else
        uds_jw_scalar(&j->w, v);
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

/* The header: through a plan, as the memo entry keeps it from the first time (the plan
 * names one service and response); the plan's JSON rendered the first time. */
static void start(json_visit *j)
{
    j->started = 1;
    uds_memo_entry *e = j->walk ? j->walk->entry : NULL;
    if (e && !e->walk.json_rendered)
        uds_plan_json_compile(&e->walk);
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

/* Writes v, which the filter keeps. */
static mdd_status write_value(json_visit *j, const mdd_uds_value *v, const uds_step *s)
{
    switch (v->kind) {
    case MDD_UDS_OBJECT_BEGIN:
    case MDD_UDS_ARRAY_BEGIN:
        key(j, v, s);
        uds_jw_raw(&j->w, v->kind == MDD_UDS_OBJECT_BEGIN ? "{" : "[", 1);
        j->need_comma = 0;
        break;
    case MDD_UDS_OBJECT_END:
    case MDD_UDS_ARRAY_END:
        uds_jw_raw(&j->w, v->kind == MDD_UDS_OBJECT_END ? "}" : "]", 1);
        j->need_comma = 1;
        break;
    default:
        member(j, v, s);
        j->need_comma = 1;
        break;
    }
    return j->w.status;
}

/* Kept small, so that a value the filter leaves out costs little. */
static mdd_status visit(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    json_visit *j = ctx;
    if (!j->started)
        start(j);
    const uds_step *s = current_step(j);
    if (skipped(j, v, s))
        return MDD_OK;
    return write_value(j, v, s);
}

/* A visitor writing to sink, its buffer left as it is (written before it is read). */
static void visit_init(json_visit *j, const mdd_db_layer *layer, mdd_uds_decoded *found,
                       mdd_sink *sink, mdd_error *err)
{
    uds_jw_init(&j->w, sink, err);
    j->walk = NULL;
    j->seen_ready = false;
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
    if (!j->started)
        start(j);
    if (j->found->covered < msg_len) {
        uds_jw_cstr(&j->w, "},\"trailing\":");
        uds_jw_bytes(&j->w, (mdd_bytes){msg + j->found->covered, msg_len - j->found->covered});
        uds_jw_raw(&j->w, "}", 1);
    } else {
        uds_jw_raw(&j->w, "}}", 2);
    }
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
