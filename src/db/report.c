/* SPDX-License-Identifier: Apache-2.0 */
/* The database's report: what opening skipped, which of several files of one ECU name is the
 * default, which parent references name no layer. Written while opening, read-only after. */
#include "db_impl.h"

#include <mdd_internal/store.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t mdd_db_report_count(const mdd_db *db) { return db->report.count; }

const mdd_db_report_entry *mdd_db_report_at(const mdd_db *db, size_t i)
{
    return i < db->report.count ? &db->report.entries[i] : NULL;
}

/* A heap copy of s, or NULL for NULL; *failed is set when out of memory. */
static char *copy_string(const char *s, int *failed)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, s, n);
    else
        *failed = 1;
    return copy;
}

static void free_entry(mdd_db_report_entry *e)
{
    free((char *)e->source);
    free((char *)e->chosen);
    free((char *)e->where);
    free((char *)e->message);
}

mdd_status db_report_add(db_report *r, mdd_db_report_kind kind, mdd_status status,
                         const char *source, const char *chosen, const char *where,
                         mdd_error *err, const char *fmt, ...)
{
    char message[MDD_ERROR_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    int failed = 0;
    mdd_db_report_entry e = {
        .kind = kind,
        .status = status,
        .source = copy_string(source, &failed),
        .chosen = copy_string(chosen, &failed),
        .where = copy_string(where, &failed),
        .message = copy_string(message, &failed),
    };
    mdd_db_report_entry *grown =
        failed ? NULL : db_reserve(r->entries, &r->cap, r->count + 1, sizeof *r->entries);
    if (!grown) {
        free_entry(&e);
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the report");
    }
    r->entries = grown;
    r->entries[r->count++] = e;
    return MDD_OK;
}

mdd_status db_report_copy(db_report *r, const db_report *from, mdd_db_report_kind kind,
                          const char *source, mdd_error *err)
{
    mdd_status st = MDD_OK;
    for (size_t i = 0; i < from->count && st == MDD_OK; i++) {
        const mdd_db_report_entry *e = &from->entries[i];
        if (e->kind == kind && strcmp(e->source, source) == 0)
            st = db_report_add(r, e->kind, e->status, e->source, e->chosen, e->where, err,
                               "%s", e->message);
    }
    return st;
}

void db_report_free(db_report *r)
{
    for (size_t i = 0; i < r->count; i++)
        free_entry(&r->entries[i]);
    free(r->entries);
    memset(r, 0, sizeof *r);
}

void db_printable(mdd_bytes name, char *buf, size_t size)
{
    size_t n = name.len < size - 1 ? name.len : size - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = name.ptr[i] >= 0x20 && name.ptr[i] < 0x7f ? (char)name.ptr[i] : '?';
    buf[n] = '\0';
}

void db_revision_text(mdd_bytes revision, char *buf, size_t size)
{
    if (revision.len == 0)
        snprintf(buf, size, "none");
    else
        db_printable(revision, buf, size);
}

/* What a database holds in memory: its stores, as they report themselves, and its index. */
static void add_store(mdd_store_memory *sum, const mdd_store_memory *m)
{
    sum->payload_bytes += m->payload_bytes;
    sum->mapped_bytes += m->mapped_bytes;
    sum->resident_bytes += m->resident_bytes;
    sum->heap_bytes += m->heap_bytes;
    sum->cached_bytes += m->cached_bytes;
    sum->shared_bytes += m->shared_bytes;
}

/* Whether a store before ECU i reads into the same cache as ECU i's: a cache shared by stores
 * holds their bytes once and counts once. */
static int cache_counted(const mdd_db *db, size_t i)
{
    const mdd_cache *cache = mdd_store_cache(db->ecus[i]->store);
    for (size_t k = 0; cache && k < i; k++)
        if (db->ecus[k]->store && mdd_store_cache(db->ecus[k]->store) == cache)
            return 1;
    return 0;
}

mdd_status mdd_db_memory_report(const mdd_db *db, mdd_db_memory *out, mdd_error *err)
{
    if (!db || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no database or report");
    memset(out, 0, sizeof *out);
    out->index_bytes = sizeof *db + db->count * sizeof *db->ecus;
    for (size_t i = 0; i < db->count; i++) {
        const mdd_db_ecu *ecu = db->ecus[i];
        out->index_bytes += ecu->index_bytes;
        if (!ecu->store)
            continue;
        mdd_store_memory m;
        mdd_status st = mdd_store_memory_report(ecu->store, &m, err);
        if (st != MDD_OK) {
            mdd_error_prefix(err, "%s: ", ecu->path);
            return st;
        }
        if (cache_counted(db, i))
            m.cached_bytes = 0;
        add_store(&out->stores, &m);
    }
    return MDD_OK;
}
