/* SPDX-License-Identifier: Apache-2.0 */
/* Integrity at open for converted files: a verification record that still describes the file
 * spares hashing it; otherwise every chunk is hashed and a record written for the next open
 * (docs/adr/0024-ready-fast-with-integrity.md). */
#include "store_impl.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Takes the file's record into the store when it may be trusted for the file as it is now.
 * Why one is not trusted does not matter to the caller: it then hashes. */
static int trust_record(mdd_store *store)
{
    mdd_record record;
    struct stat st;
    if (mdd_record_load(store->path, &record, NULL) != MDD_OK)
        return 0;
    if (fstat(store->source.fd, &st) != 0 ||
        mdd_record_matches(&record, store->source.fd, &st, &store->file, store->source.data,
                           NULL) != MDD_OK) {
        mdd_record_free(&record);
        return 0;
    }
    store->record = record;
    return 1;
}

/* Writes the record of a store whose chunks hashed to digests while the file had identity
 * *st. Best effort: a directory the process cannot write keeps the file hashed at each open. */
static void write_record(mdd_store *store, const struct stat *st,
                         const uint8_t (*digests)[MDD_SHA512_SIZE])
{
    mdd_record record;
    if (mdd_record_build(store->source.fd, st, &store->file, store->source.data, digests,
                         &record, NULL) != MDD_OK)
        return;
    if (mdd_record_save(store->path, &record, st->st_mode, NULL) == MDD_OK)
        store->record = record;
    else
        mdd_record_free(&record);
}

/* Hashes every chunk and, with a record wanted, writes one. */
static mdd_status hash_and_record(mdd_store *store, int want_record, mdd_error *err)
{
    struct stat st;
    /* The identity before hashing: a change while hashing leaves the record stale. */
    if (want_record && fstat(store->source.fd, &st) != 0)
        want_record = 0;
    size_t count = store->file.chunk_count;
    uint8_t(*digests)[MDD_SHA512_SIZE] =
        want_record ? calloc(count ? count : 1, sizeof *digests) : NULL;
    mdd_status s = store_verify_chunks(store, NULL, digests, err);
    store->verified_by = MDD_VERIFIED_HASH;
    if (s == MDD_OK && digests)
        write_record(store, &st, (const uint8_t(*)[MDD_SHA512_SIZE])digests);
    free(digests);
    return s;
}

mdd_status store_establish_integrity(mdd_store *store, const mdd_store_options *opts,
                                     mdd_error *err)
{
    if (!opts->verify)
        return MDD_OK;
    int by_record = opts->integrity == MDD_INTEGRITY_RECORD;
    if (by_record && trust_record(store)) {
        store->verified_by = MDD_VERIFIED_RECORD;
        return MDD_OK;
    }
    return hash_and_record(store, by_record, err);
}

const mdd_record *mdd_store_record(const mdd_store *store)
{
    return store->record.chunks ? &store->record : NULL;
}

static int same_fb_options(const mdd_record *record, const mdd_fb_verify_options *opts)
{
    return record->fb_max_depth == opts->max_depth &&
           record->fb_max_tables == opts->max_tables && record->fb_max_size == opts->max_size;
}

int mdd_store_record_ecu_data_verified(const mdd_store *store, size_t index,
                                       const mdd_fb_verify_options *opts)
{
    const mdd_record *record = mdd_store_record(store);
    return record && index < record->chunk_count && same_fb_options(record, opts) &&
           (record->chunks[index].flags & MDD_RECORD_ECU_DATA_VERIFIED);
}

void mdd_store_record_note_ecu_data(mdd_store *store, size_t index,
                                    const mdd_fb_verify_options *opts)
{
    mdd_record *record = store->record.chunks ? &store->record : NULL;
    if (!record || index >= record->chunk_count ||
        mdd_store_record_ecu_data_verified(store, index, opts))
        return;
    /* Flags of other options say nothing about these. */
    if (!same_fb_options(record, opts))
        for (size_t i = 0; i < record->chunk_count; i++)
            record->chunks[i].flags &= ~(uint64_t)MDD_RECORD_ECU_DATA_VERIFIED;
    record->fb_max_depth = opts->max_depth;
    record->fb_max_tables = opts->max_tables;
    record->fb_max_size = opts->max_size;
    record->chunks[index].flags |= MDD_RECORD_ECU_DATA_VERIFIED;
    store_record_resave(store);
}

void mdd_store_forget_fresh_record(const mdd_store *store)
{
    char *path;
    if (!store || !store->record.chunks || store->verified_by != MDD_VERIFIED_HASH ||
        mdd_record_path(store->path, &path, NULL) != MDD_OK)
        return;
    (void)unlink(path);
    free(path);
}

void store_record_resave(mdd_store *store)
{
    struct stat st;
    if (store->record.chunks && fstat(store->source.fd, &st) == 0)
        (void)mdd_record_save(store->path, &store->record, st.st_mode, NULL);
}
