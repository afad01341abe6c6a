/* SPDX-License-Identifier: Apache-2.0 */
/* Layouts written out as JSON or as a byte grid (describe_out.h). */
#include "describe_out.h"

#include <mdd/ecu_views.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *describe_message_kind(mdd_uds_message_kind kind)
{
    return kind == MDD_UDS_POSITIVE ? "positive" : kind == MDD_UDS_NEGATIVE ? "negative"
                                                                              : "request";
}

static const char *kind_name(mdd_uds_kind kind)
{
    static const char *const names[] = {"",     "uint",         "int",        "float",
                                        "text", "bytes",        "dtc",        "object_begin",
                                        "object_end", "array_begin", "array_end"};
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "";
}

static const char *rule_name(mdd_uds_length_rule rule)
{
    static const char *const names[] = {"",           "fixed",      "leading_length",
                                        "end_of_pdu", "terminated", "length_key",
                                        "items",      "members"};
    return (unsigned)rule < sizeof names / sizeof names[0] ? names[rule] : "";
}

static void path_text(uds_jw *w, const mdd_uds_path_elem *path, uint32_t depth)
{
    for (uint32_t i = 0; i < depth; i++) {
        if (path[i].name.ptr) {
            uds_jw_raw(w, "/", 1);
            mdd_uds_text t = {path[i].name, MDD_UDS_TEXT_UTF8};
            uds_jw_text_content(w, &t);
        } else {
            uds_jw_raw(w, "[", 1);
            uds_jw_uint(w, path[i].index);
            uds_jw_raw(w, "]", 1);
        }
    }
}

static void member(uds_jw *w, const char *key)
{
    uds_jw_raw(w, ",\"", 2);
    uds_jw_cstr(w, key);
    uds_jw_raw(w, "\":", 2);
}

static void member_str(uds_jw *w, const char *key, const char *value)
{
    if (!value)
        return;
    member(w, key);
    uds_jw_string(w, (mdd_bytes){(const uint8_t *)value, strlen(value)});
}

static void member_uint(uds_jw *w, const char *key, uint64_t value)
{
    member(w, key);
    uds_jw_uint(w, value);
}

/* The members an item has beyond its place. */
static void item_details(uds_jw *w, const mdd_uds_layout_item *it)
{
    if (it->rule == MDD_UDS_LENGTH_FIXED || it->rule == MDD_UDS_LENGTH_LEADING)
        member_uint(w, "bit_length", it->bit_length);
    if (!it->variable && it->kind != MDD_UDS_OBJECT_BEGIN && it->kind != MDD_UDS_ARRAY_BEGIN)
        member_uint(w, "byte_count", it->byte_count);
    if (it->min_bytes || it->max_bytes) {
        const char *unit = it->rule == MDD_UDS_LENGTH_ITEMS ? "items" : "bytes";
        char key[16];
        snprintf(key, sizeof key, "min_%s", unit);
        member_uint(w, key, it->min_bytes);
        if (it->max_bytes) {
            snprintf(key, sizeof key, "max_%s", unit);
            member_uint(w, key, it->max_bytes);
        }
    }
    if (it->rule == MDD_UDS_LENGTH_TERMINATED)
        member_str(w, "termination", mdd_ecu_enum_name(MDD_ENUM_TERMINATION, it->termination));
    if (it->constant.ptr) {
        member(w, "constant");
        uds_jw_string(w, it->constant);
    }
    if (it->dop.t.pos) {
        member(w, "dop");
        uds_jw_string(w, mdd_dop_short_name(it->dop));
    }
    if (it->compu_category >= 0)
        member_str(w, "compu", mdd_ecu_enum_name(MDD_ENUM_COMPU_CATEGORY,
                                                 (uint8_t)it->compu_category));
}

static mdd_status item_json(void *ctx, const mdd_uds_layout_item *it, mdd_error *err)
{
    (void)err;
    uds_jw *w = ctx;
    if (it->ordinal)
        uds_jw_raw(w, ",", 1);
    uds_jw_cstr(w, "{\"path\":\"");
    path_text(w, it->path, it->depth);
    uds_jw_raw(w, "\"", 1);
    member_str(w, "kind", kind_name(it->kind));
    if (it->param.t.pos)
        member_str(w, "param_type", mdd_ecu_enum_name(MDD_ENUM_PARAM_TYPE, it->param_type));
    member_uint(w, "byte", it->byte);
    member_uint(w, "bit", it->bit);
    if (it->anchor >= 0)
        member_uint(w, "after", (uint64_t)it->anchor);
    member_str(w, "rule", rule_name(it->rule));
    item_details(w, it);
    if (it->kind < MDD_UDS_OBJECT_BEGIN)
        member_str(w, "coded_type", mdd_ecu_enum_name(MDD_ENUM_DATA_TYPE, it->coded_type));
    member(w, "variable");
    uds_jw_cstr(w, it->variable ? "true" : "false");
    member(w, "conditional");
    uds_jw_cstr(w, it->conditional ? "true" : "false");
    uds_jw_raw(w, "}", 1);
    return w->status;
}

/* {"ecu", "variant", "service", "message", "index", */
static void header(uds_jw *w, const mdd_db_layer *layer, const mdd_db_service *service,
                   const mdd_uds_message *message)
{
    uds_jw_service_head(w, layer, service);
    member_str(w, "message", describe_message_kind(message->kind));
    member_uint(w, "index", message->index);
}

mdd_status describe_layout_json(uds_jw *w, const mdd_db_layer *layer,
                                const mdd_db_service *service, const mdd_uds_message *message,
                                mdd_error *err)
{
    header(w, layer, service, message);
    uds_jw_cstr(w, ",\"items\":[");
    mdd_uds_layout_visitor v = {item_json, w};
    mdd_status st = mdd_uds_layout(layer, service, message, &v, NULL, err);
    if (st != MDD_OK)
        return st;
    uds_jw_raw(w, "]}", 2);
    return w->status;
}

/* ---- The byte grid ---- */

/* The rows of one anchor: bytes 0..GRID_BYTES of it, 8 bits each, a letter per bit. */
#define GRID_BYTES 512

typedef struct grid_row {
    int64_t anchor;
    size_t bytes; /* rows used */
    char cells[GRID_BYTES][8];
} grid_row;

typedef struct grid {
    uds_jw *w;
    grid_row *groups;
    size_t group_count, group_cap;
    uint32_t letters;
    int failed;
} grid;

static char letter_of(uint32_t n)
{
    static const char letters[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    return letters[n % (sizeof letters - 1)];
}

static grid_row *group_for(grid *g, int64_t anchor)
{
    for (size_t i = 0; i < g->group_count; i++)
        if (g->groups[i].anchor == anchor)
            return &g->groups[i];
    if (g->group_count == g->group_cap) {
        size_t cap = g->group_cap ? 2 * g->group_cap : 4;
        grid_row *n = realloc(g->groups, cap * sizeof *n);
        if (!n) {
            g->failed = 1;
            return NULL;
        }
        g->groups = n;
        g->group_cap = cap;
    }
    grid_row *r = &g->groups[g->group_count++];
    r->anchor = anchor;
    r->bytes = 0;
    memset(r->cells, '.', sizeof r->cells);
    return r;
}

/* Marks the item's bits (a conditional item's only where nothing else is): bit j of a value,
 * counted from its least significant, lies in byte byte + n - 1 - j / 8 of the n bytes it
 * spans, column j % 8. */
static void mark(grid_row *r, const mdd_uds_layout_item *it, char c)
{
    size_t n = it->byte_count;
    uint64_t bits = it->rule == MDD_UDS_LENGTH_FIXED ? it->bit_length : 8u * n;
    for (uint64_t j = 0; j < bits; j++) {
        uint64_t b = it->bit + j;
        size_t byte = it->byte + n - 1 - (size_t)(b / 8);
        if (b / 8 >= n || byte >= GRID_BYTES)
            continue;
        char *cell = &r->cells[byte][7 - b % 8];
        if (!it->conditional || *cell == '.')
            *cell = c;
        if (byte + 1 > r->bytes)
            r->bytes = byte + 1;
    }
}

static mdd_status item_grid(void *ctx, const mdd_uds_layout_item *it, mdd_error *err)
{
    (void)err;
    grid *g = ctx;
    if (it->kind >= MDD_UDS_OBJECT_BEGIN)
        return MDD_OK;
    char c = letter_of(g->letters++);
    uds_jw *w = g->w;
    uds_jw_raw(w, &c, 1);
    uds_jw_raw(w, "  ", 2);
    path_text(w, it->path, it->depth);
    uds_jw_cstr(w, it->anchor < 0 ? "  at byte " : "  at +");
    uds_jw_uint(w, it->byte);
    if (it->anchor >= 0) {
        uds_jw_cstr(w, " after #");
        uds_jw_uint(w, (uint64_t)it->anchor);
    }
    uds_jw_cstr(w, " bit ");
    uds_jw_uint(w, it->bit);
    uds_jw_cstr(w, ", ");
    uds_jw_cstr(w, rule_name(it->rule));
    if (it->rule == MDD_UDS_LENGTH_FIXED || it->rule == MDD_UDS_LENGTH_LEADING) {
        uds_jw_cstr(w, " ");
        uds_jw_uint(w, it->bit_length);
        uds_jw_cstr(w, " bits");
    }
    if (it->constant.ptr) {
        uds_jw_cstr(w, " = ");
        mdd_uds_text t = {it->constant, MDD_UDS_TEXT_UTF8};
        uds_jw_text_content(w, &t);
    }
    if (it->conditional)
        uds_jw_cstr(w, " (conditional)");
    uds_jw_cstr(w, " #");
    uds_jw_uint(w, it->ordinal);
    uds_jw_raw(w, "\n", 1);
    if (it->variable || it->byte >= GRID_BYTES)
        return MDD_OK;
    grid_row *r = group_for(g, it->anchor);
    if (r)
        mark(r, it, c);
    return g->failed ? MDD_ERR_NOMEM : MDD_OK;
}

static void print_groups(const grid *g)
{
    uds_jw *w = g->w;
    for (size_t i = 0; i < g->group_count; i++) {
        const grid_row *r = &g->groups[i];
        if (r->anchor < 0) {
            uds_jw_cstr(w, "\nbyte  7 6 5 4 3 2 1 0\n");
        } else {
            uds_jw_cstr(w, "\nafter #");
            uds_jw_uint(w, (uint64_t)r->anchor);
            uds_jw_cstr(w, "\n+byte 7 6 5 4 3 2 1 0\n");
        }
        for (size_t b = 0; b < r->bytes; b++) {
            char line[32];
            int n = snprintf(line, sizeof line, "%4zu ", b);
            uds_jw_raw(w, line, (size_t)n);
            for (int c = 0; c < 8; c++) {
                uds_jw_raw(w, " ", 1);
                uds_jw_raw(w, &r->cells[b][c], 1);
            }
            uds_jw_raw(w, "\n", 1);
        }
    }
}

mdd_status describe_layout_grid(uds_jw *w, const mdd_db_layer *layer,
                                const mdd_db_service *service, const mdd_uds_message *message,
                                mdd_error *err)
{
    grid g = {.w = w};
    mdd_uds_layout_visitor v = {item_grid, &g};
    mdd_status st = mdd_uds_layout(layer, service, message, &v, NULL, err);
    if (st == MDD_OK)
        print_groups(&g);
    free(g.groups);
    return st == MDD_OK ? w->status : st;
}
