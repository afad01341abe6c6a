/* SPDX-License-Identifier: Apache-2.0 */
/* Opening and closing a database: one ECU per file (or payload), loaded, verified and
 * indexed in turn, then ordered by name. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <mdd_internal/db.h>
#include <mdd_internal/fb.h>
#include <mdd_internal/store.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The layout of mdd_db_options, which mdd_db_open() and mdd_db_live_open() read. */
static const options_member db_members[] = {
    OPTIONS_NESTED(mdd_db_options, store, mdd_store_options, options_layout_store),
    OPTIONS_NESTED(mdd_db_options, fb, mdd_fb_verify_options, options_layout_fb_verify),
    OPTIONS_NESTED(mdd_db_options, inherit, mdd_inherit_limits, options_layout_inherit),
    OPTIONS_SCALAR(mdd_db_options, skip_invalid, int),
    OPTIONS_SCALAR(mdd_db_options, allow_downgrade, int),
    OPTIONS_SCALAR(mdd_db_options, persist_index, int),
};
const options_layout options_layout_db =
    OPTIONS_LAYOUT(mdd_db_options, MDD_DB_OPTIONS_SIZE, db_members);

/* Where the ECUs come from: files, or payloads in memory. */
typedef struct sources {
    const char *const *paths; /* NULL for payloads */
    const mdd_bytes *payloads;
    size_t count;
    const mdd_db_history *history; /* a live database's: the floors of its ECUs, or NULL */
} sources;

/* One ECU's source: a path, or a payload, and its place in the order given. */
typedef struct source {
    const char *path; /* NULL for a payload */
    mdd_bytes payload;
    size_t index;
} source;

static source source_at(const sources *src, size_t i)
{
    return src->paths ? (source){src->paths[i], {NULL, 0}, i}
                      : (source){NULL, src->payloads[i], i};
}

/* Names an ECU's source in messages: its path, or "payload N". */
static void source_label(const source *s, char *buf, size_t size)
{
    if (s->path)
        snprintf(buf, size, "%s", s->path);
    else
        snprintf(buf, size, "payload %zu", s->index);
}

/* As source_label() for an ECU already opened. */
static void ecu_label(const mdd_db_ecu *ecu, char *buf, size_t size)
{
    source s = {ecu->path, {NULL, 0}, ecu->source};
    source_label(&s, buf, size);
}

static mdd_status load_ecu(const source *s, const mdd_db_options *opts,
                           mdd_fb_verifier *verifier, mdd_db_ecu *ecu, db_report *report,
                           mdd_error *err)
{
    ecu->source = s->index;
    mdd_status st = s->path ? db_load_file(ecu, s->path, opts, verifier, err)
                            : db_load_payload(ecu, s->payload, opts, verifier, err);
    if (st == MDD_OK) {
        char label[MDD_ERROR_MESSAGE_SIZE];
        source_label(s, label, sizeof label);
        st = db_index_establish(ecu, opts, label, report, err);
    }
    if (st == MDD_OK && s->path)
        st = db_keep_names(ecu, err);
    /* Verification and indexing walked the payload; what lookups need faults back in. */
    db_release_payload(ecu, opts);
    return st;
}

/* The serial of the ECU opened last: an ECU's address may be reused after it is freed, its
 * serial never is. */
static atomic_uint_fast64_t next_serial;

static mdd_status open_ecu(const source *s, const mdd_db_options *opts,
                           mdd_fb_verifier *verifier, db_report *report, mdd_db_ecu **out,
                           mdd_error *err)
{
    mdd_db_ecu *ecu = calloc(1, sizeof *ecu);
    mdd_status st = ecu ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    if (ecu) {
        atomic_init(&ecu->refs, 1);
        ecu->serial = atomic_fetch_add(&next_serial, 1) + 1;
        ecu->index_bytes = sizeof *ecu;
        st = load_ecu(s, opts, verifier, ecu, report, err);
    }
    if (st != MDD_OK) {
        char label[MDD_ERROR_MESSAGE_SIZE];
        source_label(s, label, sizeof label);
        /* A store's read errors (pread) name their file already. */
        if (err && strncmp(err->message, label, strlen(label)) != 0)
            mdd_error_prefix(err, "%s: ", label);
        mdd_store_forget_fresh_record(ecu ? ecu->store : NULL);
        db_ecu_drop(ecu);
        return st;
    }
    *out = ecu;
    return MDD_OK;
}

mdd_status db_open_file_ecu(const char *path, size_t index, const mdd_db_options *opts,
                            mdd_fb_verifier *verifier, db_report *report, mdd_db_ecu **out,
                            mdd_error *err)
{
    source s = {path, {NULL, 0}, index};
    return open_ecu(&s, opts, verifier, report, out, err);
}

/* Leaves ecu, opened from path, out of db when it is below the floor of its name in
 * history (NULL: no floors): a report entry says why. *taken says whether it stays. */
static mdd_status check_floor(mdd_db *db, const mdd_db_history *history, mdd_db_ecu *ecu,
                              const mdd_db_options *opts, int *taken, mdd_error *err)
{
    mdd_error why = {0};
    mdd_status st = history ? db_history_check_ecu(history, ecu, opts, &why) : MDD_OK;
    *taken = st == MDD_OK;
    if (*taken)
        return MDD_OK;
    int downgrade = st == MDD_ERR_DOWNGRADE;
    st = db_report_add(&db->report, downgrade ? MDD_DB_REPORT_DOWNGRADE : MDD_DB_REPORT_SKIPPED,
                       downgrade ? MDD_OK : st, ecu->path, NULL, NULL, err, "%s: %s (%s)",
                       ecu->path, why.message, downgrade ? "refused: a downgrade" : "skipped");
    db_ecu_drop(ecu);
    return st;
}

/* Opens source i into the database, or under skip_invalid reports why it could not. */
static mdd_status add_source(mdd_db *db, const sources *src, size_t i,
                             const mdd_db_options *opts, mdd_fb_verifier *verifier,
                             mdd_error *err)
{
    mdd_error why = {0};
    mdd_db_ecu *ecu = NULL;
    source s = source_at(src, i);
    mdd_status st = open_ecu(&s, opts, verifier, &db->report, &ecu, &why);
    if (st == MDD_OK) {
        int taken;
        st = check_floor(db, src->history, ecu, opts, &taken, err);
        if (st == MDD_OK && taken)
            db->ecus[db->count++] = ecu;
        return st;
    }
    if (opts->skip_invalid && st != MDD_ERR_NOMEM) {
        char label[MDD_ERROR_MESSAGE_SIZE];
        source_label(&s, label, sizeof label);
        return db_report_add(&db->report, MDD_DB_REPORT_SKIPPED, st, label, NULL, NULL, err,
                             "%s (skipped)", why.message);
    }
    if (err)
        *err = why;
    return st;
}

/* An ECU and its place in the order it was added, for sorting. */
typedef struct ranked_ecu {
    mdd_db_ecu *ecu;
    size_t rank;
} ranked_ecu;

/* By name, then newest revision first, then in the order added. */
static int compare_ecus(const void *a, const void *b)
{
    const ranked_ecu *x = a;
    const ranked_ecu *y = b;
    int c = ecu_name_compare(x->ecu->name, y->ecu->name);
    if (c == 0)
        c = mdd_db_revision_compare(y->ecu->revision, x->ecu->revision);
    return c ? c : (x->rank > y->rank) - (x->rank < y->rank);
}

static mdd_status sort_ecus(mdd_db *db, mdd_error *err)
{
    if (db->count < 2)
        return MDD_OK;
    ranked_ecu *r = malloc(db->count * sizeof *r);
    if (!r)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < db->count; i++)
        r[i] = (ranked_ecu){db->ecus[i], i};
    qsort(r, db->count, sizeof *r, compare_ecus);
    for (size_t i = 0; i < db->count; i++)
        db->ecus[i] = r[i].ecu;
    free(r);
    return MDD_OK;
}

/* Reports ecu, which shares its name with the default chosen. */
static mdd_status report_duplicate(mdd_db *db, const mdd_db_ecu *ecu, const mdd_db_ecu *chosen,
                                   mdd_error *err)
{
    char label[MDD_ERROR_MESSAGE_SIZE / 4];
    char chosen_label[MDD_ERROR_MESSAGE_SIZE / 4];
    char name[64];
    char revision[32];
    char chosen_revision[32];
    ecu_label(ecu, label, sizeof label);
    ecu_label(chosen, chosen_label, sizeof chosen_label);
    db_printable(ecu->name, name, sizeof name);
    db_revision_text(ecu->revision, revision, sizeof revision);
    db_revision_text(chosen->revision, chosen_revision, sizeof chosen_revision);
    return db_report_add(&db->report, MDD_DB_REPORT_DUPLICATE, MDD_OK, label, chosen_label,
                         NULL, err,
                         "%s: ECU '%s' revision %s is also in %s revision %s, the default; "
                         "this file stays reachable by its path",
                         label, name, revision, chosen_label, chosen_revision);
}

/* Marks the first ECU of each name (the newest) as its default and reports the others. An
 * ECU that another database holds is not written to: readers of that one may be reading
 * the mark. */
static mdd_status choose_defaults(mdd_db *db, mdd_error *err)
{
    mdd_status st = MDD_OK;
    size_t first = 0;
    for (size_t i = 0; i < db->count && st == MDD_OK; i++) {
        mdd_db_ecu *ecu = db->ecus[i];
        if (i > 0 && ecu_name_compare(db->ecus[first]->name, ecu->name) != 0)
            first = i;
        int is_default = i == first;
        if (ecu->is_default != is_default && atomic_load(&ecu->refs) == 1)
            ecu->is_default = is_default;
        if (i != first)
            st = report_duplicate(db, ecu, db->ecus[first], err);
    }
    return st;
}

mdd_status db_order_ecus(mdd_db *db, mdd_error *err)
{
    mdd_status st = sort_ecus(db, err);
    return st == MDD_OK ? choose_defaults(db, err) : st;
}

mdd_status db_create(size_t cap, mdd_db **out, mdd_error *err)
{
    mdd_db *db = calloc(1, sizeof *db);
    if (db)
        db->ecus = calloc(cap ? cap : 1, sizeof *db->ecus);
    if (!db || !db->ecus) {
        mdd_db_close(db);
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    }
    atomic_init(&db->holds, 1);
    *out = db;
    return MDD_OK;
}

static mdd_status open_sources(const sources *src, const mdd_db_options *opts, mdd_db **out,
                               mdd_error *err)
{
    if (!out || (src->count && !src->paths && !src->payloads))
        return mdd_fail(err, MDD_ERR_ARG, "no database to fill or nothing to open");
    *out = NULL;
    mdd_db_options o = mdd_db_options_default();
    mdd_status st = options_read(&options_layout_db, opts, &o, err);
    if (st != MDD_OK)
        return st;
    mdd_db *db;
    st = db_create(src->count, &db, err);
    if (st != MDD_OK)
        return st;
    /* One verifier for every payload: its bookkeeping is allocated once, not per ECU. */
    mdd_fb_verifier *verifier = NULL;
    st = o.store.verify ? mdd_fb_verifier_create(&verifier, err) : MDD_OK;
    if (src->paths)
        db_prefetch(src->paths, src->count, &o);
    for (size_t i = 0; i < src->count && st == MDD_OK; i++)
        st = add_source(db, src, i, &o, verifier, err);
    mdd_fb_verifier_free(verifier);
    if (st == MDD_OK)
        st = db_order_ecus(db, err);
    if (st != MDD_OK) {
        mdd_db_close(db);
        return st;
    }
    *out = db;
    return MDD_OK;
}

mdd_status mdd_db_open(const char *const *paths, size_t count, const mdd_db_options *opts,
                       mdd_db **out, mdd_error *err)
{
    sources src = {paths, NULL, count, NULL};
    return open_sources(&src, opts, out, err);
}

mdd_status mdd_db_open_payloads(const mdd_bytes *payloads, size_t count,
                                const mdd_db_options *opts, mdd_db **out, mdd_error *err)
{
    sources src = {NULL, payloads, count, NULL};
    return open_sources(&src, opts, out, err);
}

mdd_status db_open_dir_over(const char *dir, const mdd_db_options *opts,
                            const mdd_db_history *history, mdd_db **out, mdd_error *err)
{
    if (!dir)
        return mdd_fail(err, MDD_ERR_ARG, "no directory");
    char **paths;
    size_t count;
    mdd_status st = db_list_dir(dir, &paths, &count, err);
    if (st != MDD_OK)
        return st;
    sources src = {(const char *const *)paths, NULL, count, history};
    st = open_sources(&src, opts, out, err);
    db_paths_free(paths, count);
    return st;
}

static mdd_status open_listed(void *ctx, mdd_error *err)
{
    db_dir_open *o = ctx;
    return db_open_dir_over(o->dir, o->opts, NULL, o->out, err);
}

void db_dir_open_undo(void *ctx)
{
    db_dir_open *o = ctx;
    mdd_db_close(*o->out);
    *o->out = NULL;
}

mdd_status mdd_db_open_dir(const char *dir, const mdd_db_options *opts, mdd_db **out,
                           mdd_error *err)
{
    if (!dir || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no directory or database to fill");
    db_dir_open o = {dir, opts, out};
    return db_switch_read(dir, open_listed, db_dir_open_undo, &o, err);
}

uint64_t db_layer_serial(const mdd_db_layer *layer) { return layer->ecu->serial; }

/* Runs are longest first; all are read, so that the bound holds whatever an index says. */
uint32_t db_layer_prefix_max(const mdd_db_layer *layer)
{
    uint32_t max = 0;
    for (uint32_t r = 0; r < layer->run_count; r++)
        if (layer->ecu->runs[layer->run_first + r].len > max)
            max = layer->ecu->runs[layer->run_first + r].len;
    return max;
}

void db_ecu_drop(mdd_db_ecu *ecu)
{
    if (ecu && atomic_fetch_sub(&ecu->refs, 1) == 1)
        db_ecu_free(ecu);
}

void mdd_db_close(mdd_db *db)
{
    if (!db)
        return;
    for (size_t i = 0; db->ecus && i < db->count; i++)
        db_ecu_drop(db->ecus[i]);
    free(db->ecus);
    db_report_free(&db->report);
    free(db);
}
