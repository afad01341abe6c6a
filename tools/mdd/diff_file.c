/* SPDX-License-Identifier: Apache-2.0 */
#include "diff_file.h"

#include "cli.h"
#include "payload.h"
#include "source.h"

#include <mdd/fb_verify.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct diff_file {
    const char *path;
    source src;
    uint8_t (*digests)[MDD_SHA512_SIZE]; /* per chunk */
    uint64_t *sizes;                     /* per chunk: the payload's size */
    uint8_t **payloads; /* per chunk: the verified EcuData of a description, else NULL */
};

static int is_description(const mdd_chunk *c)
{
    return c->type == MDD_CHUNK_DIAGNOSTIC_DESCRIPTION;
}

/* Decodes chunk i; keeps it when it is a description (after verifying it), else only its
 * size and SHA-512, so that memory holds one other chunk at a time. */
static mdd_status load_chunk(diff_file *f, size_t i, mdd_error *err)
{
    const mdd_chunk *c = &f->src.file.chunks[i];
    uint8_t *payload = NULL;
    size_t len = 0;
    mdd_status st = payload_load(c, &payload, &len, f->digests[i], err);
    f->sizes[i] = len;
    if (!st && is_description(c))
        st = mdd_fb_verify_ecu_data(payload, len, NULL, err);
    if (!st && is_description(c))
        f->payloads[i] = payload;
    else
        free(payload);
    return st;
}

diff_file *diff_file_open(const char *path)
{
    diff_file *f = calloc(1, sizeof *f);
    mdd_error err;
    if (!f) {
        cli_error(path, "no memory");
        return NULL;
    }
    f->path = path;
    if (source_open(&f->src, path, &err) != MDD_OK) {
        cli_error(path, "%s", err.message);
        free(f);
        return NULL;
    }
    size_t n = f->src.file.chunk_count;
    f->digests = calloc(n ? n : 1, sizeof *f->digests);
    f->sizes = calloc(n ? n : 1, sizeof *f->sizes);
    f->payloads = calloc(n ? n : 1, sizeof *f->payloads);
    if (!f->digests || !f->sizes || !f->payloads) {
        cli_error(path, "no memory for %zu chunks", n);
        diff_file_close(f);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        if (load_chunk(f, i, &err) == MDD_OK)
            continue;
        char label[SOURCE_LABEL_SIZE];
        source_chunk_label(&f->src.file, i, label);
        cli_error(path, "%s: %s", label, err.message);
        diff_file_close(f);
        return NULL;
    }
    return f;
}

void diff_file_close(diff_file *f)
{
    if (!f)
        return;
    for (size_t i = 0; f->payloads && i < f->src.file.chunk_count; i++)
        free(f->payloads[i]);
    free(f->payloads);
    free(f->sizes);
    free(f->digests);
    source_close(&f->src);
    free(f);
}

mdd_bytes diff_file_ecu(const diff_file *f)
{
    return f->src.file.ecu_name;
}

typedef struct emitter {
    diff_path *path;
    diff_emit_fn emit;
    void *ctx;
} emitter;

static int same_bytes(mdd_bytes x, mdd_bytes y)
{
    return !x.ptr == !y.ptr && x.len == y.len && (!x.len || memcmp(x.ptr, y.ptr, x.len) == 0);
}

/* A string field of the container under segment seg. */
static void diff_string(emitter *e, const char *seg, mdd_bytes x, mdd_bytes y)
{
    if (same_bytes(x, y))
        return;
    char old_value[256], new_value[256];
    diff_quote(old_value, sizeof old_value, x);
    diff_quote(new_value, sizeof new_value, y);
    size_t mark = diff_path_push(e->path, "/%s", seg);
    e->emit(e->ctx, DIFF_CHANGED, e->path->buf, old_value, new_value);
    diff_path_pop(e->path, mark);
}

/* The value of key in m: the last one, as protobuf reads maps; ptr NULL when absent. */
static mdd_bytes map_get(mdd_map_view m, mdd_bytes key, size_t *last)
{
    mdd_bytes v = {NULL, 0};
    for (size_t i = 0; i < m.count; i++)
        if (same_bytes(m.entries[i].key, key)) {
            v = m.entries[i].value;
            *last = i;
        }
    return v;
}

/* The entries of map x (once per key: its last) not in y, or, when both, changed. */
static void diff_map_side(emitter *e, mdd_map_view x, mdd_map_view y, int x_is_old)
{
    for (size_t i = 0; i < x.count; i++) {
        size_t last = 0, other;
        mdd_bytes key = x.entries[i].key;
        mdd_bytes vx = map_get(x, key, &last);
        if (last != i)
            continue;
        mdd_bytes vy = map_get(y, key, &other);
        size_t mark = diff_path_push(e->path, "[%.*s]", (int)key.len,
                                     key.ptr ? (const char *)key.ptr : "");
        if (!vy.ptr)
            e->emit(e->ctx, x_is_old ? DIFF_REMOVED : DIFF_ADDED, e->path->buf, NULL, NULL);
        else if (x_is_old && !same_bytes(vx, vy)) {
            char old_value[256], new_value[256];
            diff_quote(old_value, sizeof old_value, vx);
            diff_quote(new_value, sizeof new_value, vy);
            e->emit(e->ctx, DIFF_CHANGED, e->path->buf, old_value, new_value);
        }
        diff_path_pop(e->path, mark);
    }
}

static void diff_map(emitter *e, const char *seg, mdd_map_view x, mdd_map_view y)
{
    size_t mark = diff_path_push(e->path, "/%s", seg);
    diff_map_side(e, x, y, 1);
    diff_map_side(e, y, x, 0);
    diff_path_pop(e->path, mark);
}

/* Chunks pair by name, but descriptions by their order among descriptions, so that the
 * description of an ECU renamed with it is still compared. */
static int same_slot(const mdd_chunk *x, const mdd_chunk *y)
{
    if (is_description(x) || is_description(y))
        return is_description(x) && is_description(y);
    return same_bytes(x->name, y->name);
}

/* How many chunks before index i of file f pair as it does: the n of "NAME#n" from 2 on. */
static size_t slot_rank(const mdd_file *f, size_t i)
{
    size_t n = 0;
    for (size_t k = 0; k < i; k++)
        n += (size_t)same_slot(&f->chunks[k], &f->chunks[i]);
    return n;
}

/* The chunk of g that pairs with chunk i of f, or SIZE_MAX. */
static size_t chunk_partner(const mdd_file *f, size_t i, const mdd_file *g)
{
    size_t rank = slot_rank(f, i);
    for (size_t k = 0; k < g->chunk_count; k++)
        if (same_slot(&g->chunks[k], &f->chunks[i]) && rank-- == 0)
            return k;
    return SIZE_MAX;
}

static size_t push_chunk(emitter *e, const mdd_file *f, size_t i)
{
    mdd_bytes name = f->chunks[i].name;
    size_t rank = slot_rank(f, i);
    char nth[24] = "";
    if (rank)
        snprintf(nth, sizeof nth, "#%zu", rank + 1);
    return diff_path_push(e->path, "/chunks[%.*s%s]", (int)name.len,
                          name.ptr ? (const char *)name.ptr : "", nth);
}

static void diff_number(emitter *e, const char *seg, uint64_t x, uint64_t y)
{
    if (x == y)
        return;
    char old_value[24], new_value[24];
    snprintf(old_value, sizeof old_value, "%llu", (unsigned long long)x);
    snprintf(new_value, sizeof new_value, "%llu", (unsigned long long)y);
    size_t mark = diff_path_push(e->path, "/%s", seg);
    e->emit(e->ctx, DIFF_CHANGED, e->path->buf, old_value, new_value);
    diff_path_pop(e->path, mark);
}

/* Two chunks of the same name: a description's content structurally, any other's by its
 * size and SHA-512; neither by how it is stored (compressed or not). */
static int diff_chunk(emitter *e, const diff_file *a, size_t i, const diff_file *b, size_t k)
{
    const mdd_chunk *x = &a->src.file.chunks[i], *y = &b->src.file.chunks[k];
    diff_string(e, "name", x->name, y->name);
    diff_number(e, "type", (uint64_t)(int64_t)x->type, (uint64_t)(int64_t)y->type);
    diff_string(e, "mime_type", x->mime_type, y->mime_type);
    diff_map(e, "metadata", x->metadata, y->metadata);
    if (a->payloads[i] && b->payloads[k]) {
        mdd_error err;
        mdd_bytes pa = {a->payloads[i], (size_t)a->sizes[i]};
        mdd_bytes pb = {b->payloads[k], (size_t)b->sizes[k]};
        if (diff_ecu_data(pa, pb, e->path, e->emit, e->ctx, &err) != MDD_OK)
            return cli_error(a->path, "%s", err.message);
        return CLI_EXIT_OK;
    }
    diff_number(e, "size", a->sizes[i], b->sizes[k]);
    if (memcmp(a->digests[i], b->digests[k], MDD_SHA512_SIZE) != 0) {
        char old_value[2 * MDD_SHA512_SIZE + 1], new_value[2 * MDD_SHA512_SIZE + 1];
        for (size_t n = 0; n < MDD_SHA512_SIZE; n++) {
            snprintf(old_value + 2 * n, 3, "%02x", a->digests[i][n]);
            snprintf(new_value + 2 * n, 3, "%02x", b->digests[k][n]);
        }
        size_t mark = diff_path_push(e->path, "/sha512");
        e->emit(e->ctx, DIFF_CHANGED, e->path->buf, old_value, new_value);
        diff_path_pop(e->path, mark);
    }
    return CLI_EXIT_OK;
}

static int diff_chunks(emitter *e, const diff_file *a, const diff_file *b)
{
    const mdd_file *fa = &a->src.file, *fb = &b->src.file;
    for (size_t i = 0; i < fa->chunk_count; i++) {
        size_t k = chunk_partner(fa, i, fb);
        size_t mark = push_chunk(e, fa, i);
        int rc = CLI_EXIT_OK;
        if (k == SIZE_MAX)
            e->emit(e->ctx, DIFF_REMOVED, e->path->buf, NULL, NULL);
        else
            rc = diff_chunk(e, a, i, b, k);
        diff_path_pop(e->path, mark);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    for (size_t k = 0; k < fb->chunk_count; k++) {
        if (chunk_partner(fb, k, fa) != SIZE_MAX)
            continue;
        size_t mark = push_chunk(e, fb, k);
        e->emit(e->ctx, DIFF_ADDED, e->path->buf, NULL, NULL);
        diff_path_pop(e->path, mark);
    }
    return CLI_EXIT_OK;
}

int diff_files(const diff_file *a, const diff_file *b, diff_path *path, diff_emit_fn emit,
               void *ctx)
{
    emitter e = {path, emit, ctx};
    const mdd_file *fa = &a->src.file, *fb = &b->src.file;
    diff_string(&e, "version", fa->version, fb->version);
    diff_string(&e, "ecu_name", fa->ecu_name, fb->ecu_name);
    diff_string(&e, "revision", fa->revision, fb->revision);
    diff_map(&e, "metadata", fa->metadata, fb->metadata);
    return diff_chunks(&e, a, b);
}

int diff_file_pair(const diff_file *a, const diff_file *b, diff_emit_fn emit, void *ctx)
{
    diff_path path = {.len = 0};
    mdd_bytes ecu = diff_file_ecu(a);
    diff_path_push(&path, "%.*s", (int)ecu.len, ecu.ptr ? (const char *)ecu.ptr : "");
    return diff_files(a, b, &path, emit, ctx);
}
