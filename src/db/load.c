/* SPDX-License-Identifier: Apache-2.0 */
/* Loading one ECU: its file through a store (or a payload the caller holds), the
 * DIAGNOSTIC_DESCRIPTION payload, its verification as EcuData, its name. */
#include "db_impl.h"

#include <mdd_internal/os.h>
#include <mdd_internal/store.h>

#include <stdlib.h>
#include <string.h>

mdd_status db_load_payload(mdd_db_ecu *ecu, mdd_bytes payload, const mdd_db_options *opts,
                           mdd_fb_verifier *verifier, mdd_error *err)
{
    if (opts->store.verify) {
        mdd_status st = mdd_fb_verifier_check(verifier, payload.ptr, payload.len, &opts->fb, err);
        if (st != MDD_OK)
            return st;
    }
    ecu->payload = payload;
    ecu->root = mdd_ecu_data_root(payload.ptr, payload.len);
    if (!mdd_present(ecu->root))
        return mdd_fail(err, MDD_ERR_FORMAT, "EcuData: no root table");
    ecu->name = mdd_ecu_data_ecu_name(ecu->root);
    ecu->revision = mdd_ecu_data_revision(ecu->root);
    return MDD_OK;
}

/* The index of the first DIAGNOSTIC_DESCRIPTION chunk. */
static mdd_status find_description(const mdd_store *store, size_t *index, mdd_error *err)
{
    const mdd_file *f = mdd_store_file(store);
    for (size_t i = 0; i < f->chunk_count; i++) {
        if (f->chunks[i].type == MDD_CHUNK_DIAGNOSTIC_DESCRIPTION) {
            *index = i;
            return MDD_OK;
        }
    }
    return mdd_fail(err, MDD_ERR_NOT_FOUND, "no DIAGNOSTIC_DESCRIPTION chunk");
}

/* Whether path's container has a DIAGNOSTIC_DESCRIPTION chunk, asked before the store opens
 * it: a store may convert the file in place or write a sidecar beside it, and nothing may be
 * written for a file that then does not open. Reads the container's fields, not the chunks'
 * data. */
static mdd_status check_description(const char *path, const mdd_parse_options *parse,
                                    mdd_error *err)
{
    mdd_mapping map;
    mdd_status st = mdd_mapping_open(path, &map, err);
    if (st != MDD_OK)
        return st;
    mdd_file file = {0};
    st = mdd_file_parse(map.data, map.size, parse, &file, err);
    size_t i = 0;
    while (st == MDD_OK && i < file.chunk_count &&
           file.chunks[i].type != MDD_CHUNK_DIAGNOSTIC_DESCRIPTION)
        i++;
    if (st == MDD_OK && i == file.chunk_count)
        st = mdd_fail(err, MDD_ERR_NOT_FOUND, "no DIAGNOSTIC_DESCRIPTION chunk");
    mdd_file_free(&file);
    mdd_mapping_close(&map);
    return st;
}

/* The payload of chunk, pinned in ecu->pin for the ECU's life: a view of the store's memory,
 * or under pread the cache entry it was read into, so that a failed read reports why. */
static mdd_status read_payload(mdd_db_ecu *ecu, size_t chunk, mdd_bytes *payload,
                               mdd_error *err)
{
    uint64_t size;
    mdd_status st = mdd_store_chunk_size(ecu->store, chunk, &size, err);
    if (st == MDD_OK)
        st = mdd_store_read(ecu->store, chunk, 0, (size_t)size, &ecu->pin, err);
    *payload = ecu->pin.bytes;
    return st;
}

/* db_load_payload() for chunk of the ECU's store, whose FlatBuffers verification a trusted
 * verification record may already vouch for (docs/adr/0024-ready-fast-with-integrity.md); a
 * verification done here is added to the record for the next open. */
static mdd_status load_verified(mdd_db_ecu *ecu, size_t chunk, mdd_bytes payload,
                                const mdd_db_options *opts, mdd_fb_verifier *verifier,
                                mdd_error *err)
{
    if (!mdd_store_record_ecu_data_verified(ecu->store, chunk, &opts->fb)) {
        mdd_status st = db_load_payload(ecu, payload, opts, verifier, err);
        if (st == MDD_OK && opts->store.verify)
            mdd_store_record_note_ecu_data(ecu->store, chunk, &opts->fb);
        return st;
    }
    mdd_db_options recorded = *opts;
    recorded.store.verify = 0;
    return db_load_payload(ecu, payload, &recorded, verifier, err);
}

static mdd_status load_description(mdd_db_ecu *ecu, const mdd_db_options *opts,
                                   mdd_fb_verifier *verifier, mdd_error *err)
{
    size_t chunk = 0;
    mdd_bytes payload;
    mdd_status st = find_description(ecu->store, &chunk, err);
    if (st == MDD_OK)
        st = read_payload(ecu, chunk, &payload, err);
    if (st != MDD_OK)
        return st;
    ecu->chunk = chunk;
    st = load_verified(ecu, chunk, payload, opts, verifier, err);
    if (st != MDD_OK) {
        mdd_error_prefix(err, "chunk %zu: ", chunk);
        return st;
    }
    if (ecu->name.len == 0)
        ecu->name = mdd_store_file(ecu->store)->ecu_name;
    if (ecu->revision.len == 0)
        ecu->revision = mdd_store_file(ecu->store)->revision;
    return MDD_OK;
}

mdd_status db_load_file(mdd_db_ecu *ecu, const char *path, const mdd_db_options *opts,
                        mdd_fb_verifier *verifier, mdd_error *err)
{
    size_t len = strlen(path);
    ecu->path = malloc(len + 1);
    if (!ecu->path)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    memcpy(ecu->path, path, len + 1);
    ecu->index_bytes += len + 1;
    /* The payload is read again right away (verification, indexing): the store keeps it
     * cached until db_release_payload() evicts it after that pass. */
    mdd_store_options store_opts = opts->store;
    store_opts.evict = 0;
    mdd_status st = check_description(path, &store_opts.parse, err);
    if (st == MDD_OK)
        st = mdd_store_open(path, &store_opts, &ecu->store, err);
    if (st != MDD_OK)
        return st;
    /* Of the file loaded, not of what path names by now: a reload compares the two. */
    ecu->identity = db_store_identity(ecu->store);
    return load_description(ecu, opts, verifier, err);
}

mdd_status db_keep_names(mdd_db_ecu *ecu, mdd_error *err)
{
    size_t n = ecu->name.len + ecu->revision.len;
    ecu->strings = malloc(n ? n : 1);
    if (!ecu->strings)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    if (ecu->name.len)
        memcpy(ecu->strings, ecu->name.ptr, ecu->name.len);
    if (ecu->revision.len)
        memcpy(ecu->strings + ecu->name.len, ecu->revision.ptr, ecu->revision.len);
    ecu->name.ptr = ecu->strings;
    ecu->revision.ptr = ecu->strings + ecu->name.len;
    ecu->index_bytes += n;
    return MDD_OK;
}

void db_release_payload(const mdd_db_ecu *ecu, const mdd_db_options *opts)
{
    if (ecu->store && opts->store.evict)
        mdd_store_evict(ecu->store);
    else if (ecu->store)
        mdd_store_release_pages(ecu->store);
}
