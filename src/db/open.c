/* Opening and closing a database: one ECU per file (or payload), loaded, verified and
 * indexed in turn, then ordered by name. */
#include "db_impl.h"

#include "../ecu/names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where the ECUs come from: files, or payloads in memory. */
typedef struct sources {
    const char *const *paths; /* NULL for payloads */
    const mdd_bytes *payloads;
    size_t count;
} sources;

mdd_db_options mdd_db_options_default(void)
{
    return (mdd_db_options){
        .store = mdd_store_options_default(),
        .fb = mdd_fb_verify_options_default(),
        .inherit = mdd_inherit_limits_default(),
    };
}

/* Names an ECU's source in messages: its path, or "payload N". */
static void source_label(const sources *src, size_t i, char *buf, size_t size)
{
    if (src->paths)
        snprintf(buf, size, "%s", src->paths[i]);
    else
        snprintf(buf, size, "payload %zu", i);
}

static mdd_status load_ecu(const sources *src, size_t i, const mdd_db_options *opts,
                           mdd_fb_verifier *verifier, mdd_db_ecu *ecu, mdd_error *err)
{
    ecu->source = i;
    mdd_status st = src->paths ? db_load_file(ecu, src->paths[i], opts, verifier, err)
                               : db_load_payload(ecu, src->payloads[i], opts, verifier, err);
    if (st == MDD_OK)
        st = db_build_index(ecu, &opts->inherit, err);
    /* Verification and indexing walked the payload; what lookups need faults back in. */
    db_release_payload(ecu);
    return st;
}

static mdd_status open_ecu(const sources *src, size_t i, const mdd_db_options *opts,
                           mdd_fb_verifier *verifier, mdd_db_ecu **out, mdd_error *err)
{
    mdd_db_ecu *ecu = calloc(1, sizeof *ecu);
    mdd_status st = ecu ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    if (ecu) {
        ecu->index_bytes = sizeof *ecu;
        st = load_ecu(src, i, opts, verifier, ecu, err);
    }
    if (st != MDD_OK) {
        char label[MDD_ERROR_MESSAGE_SIZE];
        source_label(src, i, label, sizeof label);
        /* A store's read errors (pread) name their file already. */
        if (err && strncmp(err->message, label, strlen(label)) != 0)
            mdd_error_prefix(err, "%s: ", label);
        db_ecu_free(ecu);
        return st;
    }
    *out = ecu;
    return MDD_OK;
}

static int compare_ecus(const void *a, const void *b)
{
    const mdd_db_ecu *x = *(const mdd_db_ecu *const *)a;
    const mdd_db_ecu *y = *(const mdd_db_ecu *const *)b;
    int c = ecu_name_compare(x->name, y->name);
    return c ? c : (x->source > y->source) - (x->source < y->source);
}

/* Lookups by ECU name need every name once. */
static mdd_status check_unique_names(const mdd_db *db, const sources *src, mdd_error *err)
{
    for (size_t i = 1; i < db->count; i++) {
        if (ecu_name_compare(db->ecus[i - 1]->name, db->ecus[i]->name) != 0)
            continue;
        char first[MDD_ERROR_MESSAGE_SIZE / 2];
        char second[MDD_ERROR_MESSAGE_SIZE / 2];
        source_label(src, db->ecus[i - 1]->source, first, sizeof first);
        source_label(src, db->ecus[i]->source, second, sizeof second);
        return mdd_fail(err, MDD_ERR_ARG, "%s: same ECU name as %s", second, first);
    }
    return MDD_OK;
}

static mdd_status open_sources(const sources *src, const mdd_db_options *opts, mdd_db **out,
                               mdd_error *err)
{
    if (!out || (src->count && !src->paths && !src->payloads))
        return mdd_fail(err, MDD_ERR_ARG, "no database to fill or nothing to open");
    *out = NULL;
    mdd_db_options o = opts ? *opts : mdd_db_options_default();
    mdd_db *db = calloc(1, sizeof *db);
    if (db)
        db->ecus = calloc(src->count ? src->count : 1, sizeof *db->ecus);
    if (!db || !db->ecus) {
        mdd_db_close(db);
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    }
    /* One verifier for every payload: its bookkeeping is allocated once, not per ECU. */
    mdd_fb_verifier *verifier = NULL;
    mdd_status st = o.store.verify ? mdd_fb_verifier_create(&verifier, err) : MDD_OK;
    for (; db->count < src->count && st == MDD_OK; db->count++)
        st = open_ecu(src, db->count, &o, verifier, &db->ecus[db->count], err);
    mdd_fb_verifier_free(verifier);
    if (st == MDD_OK) {
        qsort(db->ecus, db->count, sizeof *db->ecus, compare_ecus);
        st = check_unique_names(db, src, err);
    }
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
    sources src = {paths, NULL, count};
    return open_sources(&src, opts, out, err);
}

mdd_status mdd_db_open_payloads(const mdd_bytes *payloads, size_t count,
                                const mdd_db_options *opts, mdd_db **out, mdd_error *err)
{
    sources src = {NULL, payloads, count};
    return open_sources(&src, opts, out, err);
}

mdd_status mdd_db_open_dir(const char *dir, const mdd_db_options *opts, mdd_db **out,
                           mdd_error *err)
{
    if (!dir)
        return mdd_fail(err, MDD_ERR_ARG, "no directory");
    char **paths;
    size_t count;
    mdd_status st = db_list_dir(dir, &paths, &count, err);
    if (st != MDD_OK)
        return st;
    st = mdd_db_open((const char *const *)paths, count, opts, out, err);
    db_paths_free(paths, count);
    return st;
}

void mdd_db_close(mdd_db *db)
{
    if (!db)
        return;
    for (size_t i = 0; db->ecus && i < db->count; i++)
        db_ecu_free(db->ecus[i]);
    free(db->ecus);
    free(db);
}
