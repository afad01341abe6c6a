/* SPDX-License-Identifier: Apache-2.0 */
/* Which index an ECU gets: the persisted one of its file when it is current and checks,
 * else one built now, written beside the file for the next open when the file's integrity
 * rests on a verification record (docs/adr/0024-ready-fast-with-integrity.md). A persisted
 * index that is missing, stale, corrupt or hostile is never an error: it is rebuilt. */
#include "index_format.h"

#include <mdd_internal/os.h>
#include <mdd_internal/db.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lzma.h>

static db_index_key key_base(const mdd_db_ecu *ecu, const mdd_inherit_limits *limits)
{
    db_index_key key;
    memset(&key, 0, sizeof key);
    key.chunk = ecu->chunk;
    key.payload_len = ecu->payload.len;
    key.inherit_max_depth = limits->max_depth;
    key.inherit_max_steps = limits->max_steps;
    return key;
}

/* The key of ecu's file: only a verification record, which says the file was verified in
 * full while it had this identity, can bind an index to it. */
static int file_key(const mdd_db_ecu *ecu, const mdd_db_options *opts, db_index_key *key)
{
    const mdd_record *record = ecu->store ? mdd_store_record(ecu->store) : NULL;
    if (!opts->persist_index || !record || ecu->chunk >= record->chunk_count)
        return 0;
    *key = key_base(ecu, &opts->inherit);
    key->identity = record->identity;
    memcpy(key->chunk_sha512, record->chunks[ecu->chunk].sha512, MDD_SHA512_SIZE);
    return 1;
}

/* Maps and checks ecu's index file and makes it ecu's index, dropping its pages from the
 * process (and under evict from the page cache) once checked. Sets *flags to the header's. */
static mdd_status load_file(mdd_db_ecu *ecu, const db_index_key *key,
                            const mdd_db_options *opts, uint32_t *flags)
{
    db_index_file f;
    db_index_header h;
    mdd_status st = db_index_file_map(ecu->path, &f, NULL);
    if (st != MDD_OK)
        return st;
    st = db_index_check(key, f.map.data, f.map.size, &h, NULL);
    if (st == MDD_OK)
        st = db_index_adopt(ecu, f.map.data, &h, NULL);
    if (st == MDD_OK) {
        ecu->index_file = f.map;
        f.map = (mdd_mapping){NULL, 0, -1};
        *flags = h.counts.flags;
        /* Lookups fault back in the pages they read. */
        mdd_release_file_pages(ecu->index_file.data, ecu->index_file.size);
    }
    db_index_file_close(&f, st == MDD_OK && opts->store.evict);
    return st;
}

/* Writes ecu's built index for the next open and maps it in place of the allocated arrays.
 * Best effort: when it cannot be written or read back, the built index stays. */
static void persist(mdd_db_ecu *ecu, const db_index_key *key, uint32_t flags,
                    const mdd_db_options *opts)
{
    struct stat st;
    db_index_counts counts = db_index_counts_of(ecu, flags);
    db_index_layout l = db_index_layout_of(&counts);
    if (l.size > DB_INDEX_MAX_SIZE || mdd_store_stat(ecu->store, &st, NULL) != MDD_OK)
        return;
    uint8_t *buf = malloc((size_t)l.size);
    if (!buf)
        return;
    db_index_encode(ecu, key, &counts, buf);
    mdd_status s = db_index_file_write(ecu->path, st.st_mode, (mdd_bytes){buf, (size_t)l.size},
                                       NULL);
    free(buf);
    uint32_t loaded_flags;
    if (s == MDD_OK && load_file(ecu, key, opts, &loaded_flags) == MDD_OK)
        ecu->index_origin = MDD_DB_INDEX_WRITTEN;
}

mdd_status db_index_establish(mdd_db_ecu *ecu, const mdd_db_options *opts, const char *source,
                              db_report *report, mdd_error *err)
{
    db_index_key key;
    int persisted = file_key(ecu, opts, &key);
    uint32_t flags = 0;
    if (persisted && load_file(ecu, &key, opts, &flags) == MDD_OK) {
        ecu->index_origin = MDD_DB_INDEX_LOADED;
        /* The walk found nothing to report when the index was built. */
        if (flags & DB_INDEX_NO_MISSING_PARENTS)
            return MDD_OK;
        return db_check_parents(ecu, source, report, err);
    }
    mdd_status st = db_build_index(ecu, &opts->inherit, err);
    size_t entries = report->count;
    if (st == MDD_OK)
        st = db_check_parents(ecu, source, report, err);
    if (st == MDD_OK && persisted)
        persist(ecu, &key, report->count == entries ? DB_INDEX_NO_MISSING_PARENTS : 0, opts);
    return st;
}

mdd_db_index_origin mdd_db_ecu_index_origin(const mdd_db_ecu *ecu)
{
    return (mdd_db_index_origin)ecu->index_origin;
}

void mdd_db_index_seal(uint8_t *data, size_t size)
{
    if (size < DB_INDEX_CHECKSUM_SIZE)
        return;
    uint64_t sum = db_index_checksum(data, size - DB_INDEX_CHECKSUM_SIZE);
    memcpy(data + size - DB_INDEX_CHECKSUM_SIZE, &sum, sizeof sum);
}

mdd_status mdd_db_index_encode_payload(const mdd_db *db, size_t i,
                                       const mdd_inherit_limits *limits, mdd_buffer *out,
                                       mdd_error *err)
{
    if (!db || i >= db->count || !limits || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no ECU %zu to encode", i);
    const mdd_db_ecu *ecu = db->ecus[i];
    db_index_key key = key_base(ecu, limits);
    db_index_counts counts = db_index_counts_of(ecu, 0);
    db_index_layout l = db_index_layout_of(&counts);
    uint8_t *buf = malloc((size_t)l.size);
    if (!buf)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a %llu-byte index",
                        (unsigned long long)l.size);
    db_index_encode(ecu, &key, &counts, buf);
    mdd_sink sink = mdd_buffer_sink(out);
    mdd_status st = mdd_sink_write(&sink, buf, (size_t)l.size, err);
    free(buf);
    return st;
}

mdd_status mdd_db_index_adopt_payload(mdd_db *db, size_t i, const mdd_inherit_limits *limits,
                                      const uint8_t *data, size_t size, mdd_error *err)
{
    if (!db || i >= db->count || !limits || (!data && size))
        return mdd_fail(err, MDD_ERR_ARG, "no ECU %zu or no index", i);
    mdd_db_ecu *ecu = db->ecus[i];
    db_index_key key = key_base(ecu, limits);
    db_index_header h;
    mdd_status st = db_index_check(&key, data, size, &h, err);
    return st == MDD_OK ? db_index_adopt(ecu, data, &h, err) : st;
}

/* Where the persisted index's sections lie: a function of its counts alone, shared by the
 * writer and the checker, so that no offset in the file needs trusting. */
_Static_assert(sizeof(db_index_key) == 136, "the index key has no padding");
_Static_assert(sizeof(db_index_header) == 184, "the index header has no padding");
_Static_assert(sizeof(db_index_header) % 8 == 0, "sections start 8-byte aligned");
_Static_assert(sizeof(db_request) == 12 && sizeof(db_length_run) == 8,
               "the index's element sizes");

static uint64_t align8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

db_index_layout db_index_layout_of(const db_index_counts *c)
{
    uint64_t layers = (uint64_t)c->variant_count + c->group_count;
    uint64_t requests = c->request_count;
    uint64_t classes = c->class_count;
    const uint64_t bytes[IDX_SECTION_COUNT] = {
        [IDX_LAYERS] = layers * sizeof(db_index_layer),
        [IDX_LAYERS_BY_NAME] = layers * sizeof(uint32_t),
        [IDX_REQUESTS] = requests * sizeof(db_request),
        [IDX_NAMES] = requests * sizeof(uint32_t),
        [IDX_NAMES_FOLDED] = requests * sizeof(uint32_t),
        [IDX_SEMANTICS] = requests * sizeof(uint32_t),
        [IDX_PREFIXES] = c->prefix_bytes,
        [IDX_RUNS] = (uint64_t)c->run_count * sizeof(db_length_run),
        [IDX_CLASS_ENTRIES] = classes * sizeof(uint32_t),
        [IDX_CLASS_TABLES] = classes * sizeof(uint32_t),
        [IDX_DTCS] = (uint64_t)c->dtc_count * sizeof(uint64_t),
    };
    db_index_layout l;
    uint64_t at = sizeof(db_index_header);
    for (int i = 0; i < IDX_SECTION_COUNT; i++) {
        l.offset[i] = at;
        l.bytes[i] = bytes[i];
        at = align8(at + bytes[i]);
    }
    l.checksum = at;
    l.size = at + DB_INDEX_CHECKSUM_SIZE;
    return l;
}

uint64_t db_index_checksum(const uint8_t *data, size_t size)
{
    return lzma_crc64(data, size, 0);
}
