/* SPDX-License-Identifier: Apache-2.0 */
/* The persisted index, NAME.mdd.idx (docs/adr/0024-ready-fast-with-integrity.md): written at
 * the first open, mapped instead of rebuilt at the next, rebuilt when the file changed or the
 * index is corrupt, of another version or byte order, or hostile behind a valid checksum;
 * never used then, and lookups answer exactly as with an index built in memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/db.h>
#include <mdd_internal/db.h>
#include <mdd_internal/gen.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILES 16

typedef struct fixture {
    char dir[4096];
    char paths[MAX_FILES][4200];
    size_t count;
} fixture;

/* ---- files ---- */

static void write_generated(const char *path, const char *name, int groups, uint64_t seed)
{
    mdd_gen_spec spec = {.seed = seed, .target_bytes = 120000, .functional_groups = groups};
    snprintf(spec.name, sizeof spec.name, "%s", name);
    tu_write_generated(path, &spec);
}

static void index_path(const char *mdd, char *out, size_t size)
{
    snprintf(out, size, "%s%s", mdd, MDD_DB_INDEX_SUFFIX);
}

static int exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

static int setup_dir(fixture *fx)
{
    return tu_make_temp_dir(fx->dir, sizeof fx->dir, "index");
}

/* Two generated files: an ECU database and a functional-group database. */
static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx || setup_dir(fx) != 0)
        return -1;
    snprintf(fx->paths[0], sizeof fx->paths[0], "%s/ecu.mdd", fx->dir);
    snprintf(fx->paths[1], sizeof fx->paths[1], "%s/groups.mdd", fx->dir);
    write_generated(fx->paths[0], "ECU", 0, 21);
    write_generated(fx->paths[1], "GROUPS", 1, 22);
    fx->count = 2;
    *state = fx;
    return 0;
}

/* Copies of the real corpus's files, when there is one. */
static int setup_corpus(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx || setup_dir(fx) != 0)
        return -1;
    char **paths;
    size_t n = tu_corpus_files(&paths);
    for (size_t i = 0; i < n; i++) {
        if (fx->count < MAX_FILES) {
            const char *base = strrchr(paths[i], '/');
            char *dst = fx->paths[fx->count];
            size_t dir_len = strlen(fx->dir);
            memcpy(dst, fx->dir, dir_len);
            snprintf(dst + dir_len, sizeof fx->paths[0] - dir_len, "%s", base);
            size_t len;
            uint8_t *bytes = tu_read_file(paths[i], &len);
            tu_write_file(fx->paths[fx->count++], bytes, len);
            free(bytes);
        }
        free(paths[i]);
    }
    free(paths);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    int rc = tu_remove_tree(fx->dir);
    free(fx);
    return rc;
}

/* ---- opening ---- */

static mdd_db *open_with(const fixture *fx, const mdd_db_options *o)
{
    const char *paths[MAX_FILES];
    for (size_t i = 0; i < fx->count; i++)
        paths[i] = fx->paths[i];
    mdd_db *db = NULL;
    mdd_error err = {0};
    if (mdd_db_open(paths, fx->count, o, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return db;
}

static mdd_db *open_default(const fixture *fx)
{
    mdd_db_options o = mdd_db_options_default();
    return open_with(fx, &o);
}

/* The database with its index built in memory: what every other open must answer alike. */
static mdd_db *open_reference(const fixture *fx)
{
    mdd_db_options o = mdd_db_options_default();
    o.persist_index = 0;
    return open_with(fx, &o);
}

/* Opens with the defaults and checks that every ECU's index came from origin. */
static mdd_db *open_expecting(const fixture *fx, mdd_db_index_origin origin)
{
    mdd_db *db = open_default(fx);
    assert_int_equal(mdd_db_ecu_count(db), fx->count);
    for (size_t i = 0; i < fx->count; i++)
        assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, i)), origin);
    return db;
}

/* ---- answers compared ---- */

static void assert_same_service(mdd_db_service a, mdd_db_service b)
{
    assert_int_equal(a.service.t.pos, b.service.t.pos);
    assert_int_equal(a.prefix.len, b.prefix.len);
    if (a.prefix.len)
        assert_memory_equal(a.prefix.bytes, b.prefix.bytes, a.prefix.len);
}

/* Lookups of service j of both layers by its request and by its name. */
static void assert_same_lookups(const mdd_db_layer *a, const mdd_db_layer *b, mdd_db_service s)
{
    mdd_db_service x[4];
    mdd_db_service y[4];
    size_t n = mdd_db_layer_lookup_request(a, s.prefix.bytes, s.prefix.len, x, 4);
    assert_int_equal(n, mdd_db_layer_lookup_request(b, s.prefix.bytes, s.prefix.len, y, 4));
    for (size_t k = 0; k < n && k < 4; k++)
        assert_same_service(x[k], y[k]);
    mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)name.len, (const char *)name.ptr);
    mdd_db_service fa;
    mdd_db_service fb;
    assert_int_equal(mdd_db_layer_find_service(a, buf, &fa), mdd_db_layer_find_service(b, buf, &fb));
    assert_int_equal(mdd_db_layer_lookup_name(a, buf, x, 4), mdd_db_layer_lookup_name(b, buf, y, 4));
    if (s.prefix.len)
        assert_int_equal(mdd_db_layer_lookup_sid(a, s.prefix.bytes[0], x, 4),
                         mdd_db_layer_lookup_sid(b, s.prefix.bytes[0], y, 4));
}

static void assert_same_layer(const mdd_db_layer *a, const mdd_db_layer *b)
{
    assert_int_equal(mdd_db_layer_name(a).len, mdd_db_layer_name(b).len);
    uint32_t n = mdd_db_layer_service_count(a);
    assert_int_equal(n, mdd_db_layer_service_count(b));
    for (uint32_t j = 0; j < n; j++) {
        mdd_db_service s = mdd_db_layer_service_at(a, j);
        assert_same_service(s, mdd_db_layer_service_at(b, j));
        assert_same_lookups(a, b, s);
    }
    mdd_db_service_query all = {0};
    assert_int_equal(mdd_db_layer_query_services(a, &all, NULL, 0),
                     mdd_db_layer_query_services(b, &all, NULL, 0));
}

static void assert_same_dtcs(const mdd_db_ecu *a, const mdd_db_ecu *b)
{
    uint32_t n = mdd_db_ecu_dtc_count(a);
    assert_int_equal(n, mdd_db_ecu_dtc_count(b));
    for (uint32_t i = 0; i < n; i++) {
        mdd_dtc d = mdd_db_ecu_dtc_at(a, i);
        assert_int_equal(d.t.pos, mdd_db_ecu_dtc_at(b, i).t.pos);
        uint32_t fa;
        uint32_t fb;
        uint32_t code = mdd_dtc_trouble_code(d);
        assert_int_equal(mdd_db_ecu_find_dtcs(a, code, &fa), mdd_db_ecu_find_dtcs(b, code, &fb));
        assert_int_equal(fa, fb);
    }
}

static size_t layer_checks;

/* Every layer, service, lookup and DTC of a answers as in b. */
static void assert_same_answers(const mdd_db *a, const mdd_db *b)
{
    assert_int_equal(mdd_db_ecu_count(a), mdd_db_ecu_count(b));
    for (size_t i = 0; i < mdd_db_ecu_count(a); i++) {
        const mdd_db_ecu *x = mdd_db_ecu_at(a, i);
        const mdd_db_ecu *y = mdd_db_ecu_at(b, i);
        if (mdd_db_ecu_path(x))
            assert_string_equal(mdd_db_ecu_path(x), mdd_db_ecu_path(y));
        assert_int_equal(mdd_db_ecu_variant_count(x), mdd_db_ecu_variant_count(y));
        assert_int_equal(mdd_db_ecu_functional_group_count(x), mdd_db_ecu_functional_group_count(y));
        for (uint32_t v = 0; v < mdd_db_ecu_variant_count(x); v++, layer_checks++)
            assert_same_layer(mdd_db_ecu_variant_at(x, v), mdd_db_ecu_variant_at(y, v));
        for (uint32_t g = 0; g < mdd_db_ecu_functional_group_count(x); g++, layer_checks++)
            assert_same_layer(mdd_db_ecu_functional_group_at(x, g), mdd_db_ecu_functional_group_at(y, g));
        assert_same_dtcs(x, y);
    }
    assert_int_equal(mdd_db_report_count(a), mdd_db_report_count(b));
}

/* The answers of the fixture opened with the defaults equal those of an index built in
 * memory, and every ECU's index came from origin. */
static void assert_answers_as_built(const fixture *fx, mdd_db_index_origin origin)
{
    mdd_db *ref = open_reference(fx);
    mdd_db *db = open_expecting(fx, origin);
    assert_same_answers(db, ref);
    mdd_db_close(db);
    mdd_db_close(ref);
}

/* ---- tests: written, then used ---- */

static void test_written_at_first_open_then_loaded(void **state)
{
    fixture *fx = *state;
    char idx[4300];
    index_path(fx->paths[0], idx, sizeof idx);
    assert_false(exists(idx));
    mdd_db_close(open_expecting(fx, MDD_DB_INDEX_WRITTEN));
    assert_true(exists(idx));
    struct stat first;
    assert_int_equal(stat(idx, &first), 0);
    assert_int_equal(first.st_mode & 0777, 0644);
    layer_checks = 0;
    assert_answers_as_built(fx, MDD_DB_INDEX_LOADED);
    /* Variants of the ECU database and groups of the other were all compared. */
    assert_true(layer_checks >= 3);
    /* Not written again. */
    struct stat second;
    assert_int_equal(stat(idx, &second), 0);
    assert_int_equal(second.st_ino, first.st_ino);
    assert_int_equal(second.st_mtim.tv_nsec, first.st_mtim.tv_nsec);
}

static void test_corpus_answers_alike(void **state)
{
    fixture *fx = *state;
    if (fx->count == 0)
        skip();
    mdd_db_close(open_expecting(fx, MDD_DB_INDEX_WRITTEN));
    assert_answers_as_built(fx, MDD_DB_INDEX_LOADED);
}

/* The index's bytes leave the heap: what the database allocates drops by the arrays the
 * index files now hold (their sections but the layers, which stay allocated, the header,
 * the padding and the checksum). */
static void test_index_leaves_the_heap(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    mdd_db *ref = open_reference(fx);
    mdd_db *db = open_expecting(fx, MDD_DB_INDEX_LOADED);
    mdd_db_memory m_ref;
    mdd_db_memory m;
    mdd_error err;
    assert_int_equal(mdd_db_memory_report(ref, &m_ref, &err), MDD_OK);
    assert_int_equal(mdd_db_memory_report(db, &m, &err), MDD_OK);
    uint64_t arrays = 0;
    uint64_t slack = 0;
    for (size_t i = 0; i < fx->count; i++) {
        char idx[4300];
        index_path(fx->paths[i], idx, sizeof idx);
        struct stat st;
        assert_int_equal(stat(idx, &st), 0);
        const mdd_db_ecu *ecu = mdd_db_ecu_at(db, i);
        uint64_t layers = mdd_db_ecu_variant_count(ecu) + mdd_db_ecu_functional_group_count(ecu);
        /* header 184, checksum 8, 28 bytes a layer's table and ranges */
        arrays += (uint64_t)st.st_size - 184 - 8 - 28 * layers;
        slack += 10 * 7 + 10 * 8; /* padding of 10 sections; an empty array's one element */
    }
    uint64_t dropped = m_ref.index_bytes - m.index_bytes;
    assert_true(m.index_bytes < m_ref.index_bytes);
    assert_true(dropped + slack >= arrays);
    assert_true(dropped <= arrays + slack);
    mdd_db_close(db);
    mdd_db_close(ref);
}

static void test_not_persisted_when_asked_or_hashing(void **state)
{
    fixture *fx = *state;
    char idx[4300];
    index_path(fx->paths[0], idx, sizeof idx);
    mdd_db *db = open_reference(fx);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, 0)), MDD_DB_INDEX_MEMORY);
    mdd_db_close(db);
    assert_false(exists(idx));
    /* MDD_INTEGRITY_HASH trusts nothing persisted: an index there is not used. */
    mdd_db_close(open_default(fx));
    assert_true(exists(idx));
    mdd_db_options o = mdd_db_options_default();
    o.store.integrity = MDD_INTEGRITY_HASH;
    db = open_with(fx, &o);
    for (size_t i = 0; i < fx->count; i++)
        assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, i)), MDD_DB_INDEX_MEMORY);
    mdd_db_close(db);
    /* Nor under heap, which keeps no verification record. */
    o = mdd_db_options_default();
    o.store.strategy = MDD_STRATEGY_HEAP;
    db = open_with(fx, &o);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, 0)), MDD_DB_INDEX_MEMORY);
    mdd_db_close(db);
}

/* An index that cannot be written (its name is taken by a directory, which stops root as
 * well as anyone) leaves the index in memory, and the open succeeds. */
static void test_unwritable_index_stays_in_memory(void **state)
{
    fixture *fx = *state;
    char idx[4300];
    index_path(fx->paths[0], idx, sizeof idx);
    assert_int_equal(mkdir(idx, 0755), 0);
    mdd_db *ref = open_reference(fx);
    mdd_db *db = open_default(fx);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(db, fx->paths[0])),
                     MDD_DB_INDEX_MEMORY);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(db, fx->paths[1])),
                     MDD_DB_INDEX_WRITTEN);
    assert_same_answers(db, ref);
    mdd_db_close(db);
    mdd_db_close(ref);
}

/* ---- tests: stale ---- */

static void test_touched_file_rebuilds(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    struct timespec times[2] = {{0, UTIME_OMIT}, {1000000000, 5}};
    assert_int_equal(utimensat(AT_FDCWD, fx->paths[0], times, 0), 0);
    mdd_db *db = open_default(fx);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(db, fx->paths[0])),
                     MDD_DB_INDEX_WRITTEN);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(db, fx->paths[1])),
                     MDD_DB_INDEX_LOADED);
    mdd_db_close(db);
    assert_answers_as_built(fx, MDD_DB_INDEX_LOADED);
}

/* A file replaced by another of the same name and size class (as `mdd install` replaces
 * one: a new inode renamed over it) gets an index of its own, not the old one. */
static void test_replaced_file_rebuilds(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    char other[4300];
    snprintf(other, sizeof other, "%s/new.tmp", fx->dir);
    write_generated(other, "ECU", 0, 99);
    assert_int_equal(rename(other, fx->paths[0]), 0);
    mdd_db *db = open_default(fx);
    const mdd_db_ecu *ecu = mdd_db_find_ecu_path(db, fx->paths[0]);
    assert_int_equal(mdd_db_ecu_index_origin(ecu), MDD_DB_INDEX_WRITTEN);
    mdd_db_close(db);
    assert_answers_as_built(fx, MDD_DB_INDEX_LOADED);
}

/* Other inheritance limits shape another index. */
static void test_other_limits_rebuild(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    mdd_db_options o = mdd_db_options_default();
    o.inherit.max_depth = 5;
    mdd_db *db = open_with(fx, &o);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, 0)), MDD_DB_INDEX_WRITTEN);
    mdd_db_close(db);
    db = open_with(fx, &o);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, 0)), MDD_DB_INDEX_LOADED);
    mdd_db_close(db);
}

/* ---- tests: corrupt and hostile ---- */

static uint32_t u32_at(const uint8_t *p, size_t off)
{
    uint32_t v;
    memcpy(&v, p + off, sizeof v);
    return v;
}

static void put_u32(uint8_t *p, size_t off, uint32_t v) { memcpy(p + off, &v, sizeof v); }

/* Sets the DTC index of the DTC entry at off: the entry is one native uint64_t, trouble code
 * << 32 | index, so the index is its low half, whose bytes lie at off or off + 4 by the host's
 * byte order. */
static void put_dtc_index(uint8_t *p, size_t off, uint32_t index)
{
    uint64_t dtc;
    memcpy(&dtc, p + off, sizeof dtc);
    dtc = (dtc & ~(uint64_t)UINT32_MAX) | index;
    memcpy(p + off, &dtc, sizeof dtc);
}

static size_t align8(size_t n) { return (n + 7) & ~(size_t)7; }

/* Where the sections of an index start, computed here from docs/format.md: the header is
 * 184 bytes, its counts at 152 (variants, groups, requests, prefix bytes, runs, classes,
 * DTCs, flags); then layers (28 bytes each: table, first entry, count, first run, ...), layers by name (4), requests (12), names,
 * folded names, semantics (4 each), prefixes (1), runs (8), class entries and tables (4
 * each), DTCs (8), each 8-byte aligned; then the 8-byte checksum. */
typedef struct sections {
    size_t layers, by_name, requests, names, prefixes, runs, dtcs;
    uint32_t variant_count, request_count, prefix_bytes, dtc_count;
} sections;

static sections sections_of(const uint8_t *idx)
{
    sections s;
    s.variant_count = u32_at(idx, 152);
    uint32_t n = s.variant_count + u32_at(idx, 156);
    s.request_count = u32_at(idx, 160);
    s.prefix_bytes = u32_at(idx, 164);
    uint32_t runs = u32_at(idx, 168);
    uint32_t classes = u32_at(idx, 172);
    s.dtc_count = u32_at(idx, 176);
    s.layers = 184;
    s.by_name = align8(s.layers + 28 * (size_t)n);
    s.requests = align8(s.by_name + 4 * (size_t)n);
    s.names = align8(s.requests + 12 * (size_t)s.request_count);
    size_t semantics = align8(align8(s.names + 4 * (size_t)s.request_count) +
                              4 * (size_t)s.request_count);
    s.prefixes = align8(semantics + 4 * (size_t)s.request_count);
    s.runs = align8(s.prefixes + s.prefix_bytes);
    size_t class_entries = align8(s.runs + 8 * (size_t)runs);
    size_t class_tables = align8(class_entries + 4 * (size_t)classes);
    s.dtcs = align8(class_tables + 4 * (size_t)classes);
    return s;
}

typedef enum damage {
    FLIP_BIT,
    TRUNCATE,
    OTHER_VERSION,
    OTHER_BYTE_ORDER,
    LAYER_OUTSIDE,
    PREFIX_OUTSIDE,
    NAME_ORDER_OUTSIDE,
    RUN_PAST_LAYER,
    LAYER_NAME_OUTSIDE,
    DTC_OUTSIDE,
    DAMAGE_COUNT
} damage;

/* Applies d to the index idx of size *size; all but the first two keep the checksum valid. */
static void apply(damage d, uint8_t *idx, size_t *size)
{
    sections s = sections_of(idx);
    switch (d) {
    case FLIP_BIT: idx[*size / 2] ^= 0x04; return;
    case TRUNCATE: *size -= 8; return;
    case OTHER_VERSION: put_u32(idx, 12, 2); break;
    case OTHER_BYTE_ORDER: put_u32(idx, 8, 0x04030201u); break;
    case LAYER_OUTSIDE: put_u32(idx, s.layers + 4, s.request_count); break;
    case PREFIX_OUTSIDE: put_u32(idx, s.requests, s.prefix_bytes); break;
    case NAME_ORDER_OUTSIDE: put_u32(idx, s.names, u32_at(idx, s.layers + 8)); break;
    case RUN_PAST_LAYER: {
        uint32_t run_first = u32_at(idx, s.layers + 12);
        put_u32(idx, s.runs + 8 * (size_t)run_first + 4, u32_at(idx, s.layers + 8) + 1);
        break;
    }
    case LAYER_NAME_OUTSIDE: put_u32(idx, s.by_name, s.variant_count); break;
    case DTC_OUTSIDE: put_dtc_index(idx, s.dtcs, s.dtc_count); break;
    case DAMAGE_COUNT: break;
    }
    mdd_db_index_seal(idx, *size);
}

static void test_corrupt_or_hostile_index_is_rebuilt(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    char idx_path[4300];
    index_path(fx->paths[0], idx_path, sizeof idx_path);
    size_t size;
    uint8_t *pristine = tu_read_file(idx_path, &size);
    /* The ECU's first layer has services and runs, so each damage hits something used. */
    assert_true(u32_at(pristine, 184 + 8) > 0);
    assert_true(u32_at(pristine, 184 + 16) > 0);
    mdd_db *ref = open_reference(fx);
    for (int d = 0; d < DAMAGE_COUNT; d++) {
        uint8_t *bytes = malloc(size);
        assert_non_null(bytes);
        memcpy(bytes, pristine, size);
        size_t damaged = size;
        apply((damage)d, bytes, &damaged);
        tu_write_file(idx_path, bytes, damaged);
        free(bytes);
        mdd_db *db = open_default(fx);
        const mdd_db_ecu *ecu = mdd_db_find_ecu_path(db, fx->paths[0]);
        if (mdd_db_ecu_index_origin(ecu) != MDD_DB_INDEX_WRITTEN)
            fail_msg("damage %d: the index was used", d);
        assert_same_answers(db, ref);
        mdd_db_close(db);
    }
    mdd_db_close(ref);
    free(pristine);
}

/* Table positions are not checked against the payload (only its readers can tell a table):
 * a hostile one behind a valid checksum is used, and reads as the readers read any table
 * position, without a crash. */
static void test_hostile_table_position_is_read_safely(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    char idx_path[4300];
    index_path(fx->paths[0], idx_path, sizeof idx_path);
    size_t size;
    uint8_t *bytes = tu_read_file(idx_path, &size);
    sections s = sections_of(bytes);
    for (uint32_t i = 0; i < s.request_count; i++)
        put_u32(bytes, s.requests + 12 * (size_t)i + 8, i * 7 + 1);
    mdd_db_index_seal(bytes, size);
    tu_write_file(idx_path, bytes, size);
    free(bytes);
    mdd_db *db = open_default(fx);
    const mdd_db_ecu *ecu = mdd_db_find_ecu_path(db, fx->paths[0]);
    assert_int_equal(mdd_db_ecu_index_origin(ecu), MDD_DB_INDEX_LOADED);
    const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, 0);
    for (uint32_t j = 0; j < mdd_db_layer_service_count(layer); j++) {
        mdd_db_service svc = mdd_db_layer_service_at(layer, j);
        mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(svc.service));
        assert_true(name.len == 0 || name.ptr != NULL);
    }
    mdd_db_service out[4];
    (void)mdd_db_layer_lookup_name(layer, "x", out, 4);
    mdd_db_close(db);
}

/* An index file that another user could have written is not read. */
static void test_untrusted_index_file_is_ignored(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    char idx[4300];
    index_path(fx->paths[0], idx, sizeof idx);
    assert_int_equal(chmod(idx, 0666), 0);
    mdd_db *db = open_default(fx);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(db, fx->paths[0])),
                     MDD_DB_INDEX_WRITTEN);
    mdd_db_close(db);
    struct stat st;
    assert_int_equal(stat(idx, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    /* A symbolic link in its place is not followed. */
    char target[4300];
    snprintf(target, sizeof target, "%s/elsewhere", fx->dir);
    assert_int_equal(rename(idx, target), 0);
    assert_int_equal(symlink(target, idx), 0);
    db = open_default(fx);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(db, fx->paths[0])),
                     MDD_DB_INDEX_WRITTEN);
    mdd_db_close(db);
}

/* The index files beside the MDD files are not MDD files of the directory. */
static void test_directory_skips_index_files(void **state)
{
    fixture *fx = *state;
    mdd_db_close(open_default(fx));
    mdd_db *db = NULL;
    mdd_error err;
    assert_int_equal(mdd_db_open_dir(fx->dir, NULL, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), fx->count);
    assert_int_equal(mdd_db_report_count(db), 0);
    for (size_t i = 0; i < fx->count; i++)
        assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, i)), MDD_DB_INDEX_LOADED);
    mdd_db_close(db);
}

/* A live database's reload gives a changed file its own index, while the generation
 * before keeps answering from the old one. */
static void test_reload_gets_its_own_index(void **state)
{
    fixture *fx = *state;
    mdd_db_live *live;
    mdd_error err;
    assert_int_equal(mdd_db_live_open_dir(fx->dir, NULL, &live, &err), MDD_OK);
    const mdd_db *old = mdd_db_live_acquire(live);
    const mdd_db_ecu *old_ecu = mdd_db_find_ecu_path(old, fx->paths[0]);
    assert_int_equal(mdd_db_ecu_index_origin(old_ecu), MDD_DB_INDEX_WRITTEN);
    const mdd_db_layer *old_base = mdd_db_ecu_base_variant(old_ecu);
    uint32_t old_count = mdd_db_layer_service_count(old_base);
    mdd_db_service first = mdd_db_layer_service_at(old_base, 0);
    char other[4300];
    snprintf(other, sizeof other, "%s/new.tmp", fx->dir);
    write_generated(other, "ECU", 0, 77);
    assert_int_equal(rename(other, fx->paths[0]), 0);
    mdd_db_reload_stats stats;
    assert_int_equal(mdd_db_live_reload(live, &stats, &err), MDD_OK);
    const mdd_db *now = mdd_db_live_acquire(live);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_find_ecu_path(now, fx->paths[0])),
                     MDD_DB_INDEX_WRITTEN);
    /* The old generation still reads its own index. */
    assert_int_equal(mdd_db_layer_service_count(old_base), old_count);
    assert_same_service(mdd_db_layer_service_at(old_base, 0), first);
    mdd_db_live_release(now);
    mdd_db_live_release(old);
    mdd_db_live_close(live);
    assert_answers_as_built(fx, MDD_DB_INDEX_LOADED);
}

/* How each damage is refused: its status and message (formatted with the checksum's offset
 * and the undamaged size). */
static const struct {
    mdd_status status;
    const char *message;
} refusals[DAMAGE_COUNT] = {
    [FLIP_BIT] = {MDD_ERR_CHECKSUM, "offset %zu: the index's checksum does not match"},
    [TRUNCATE] = {MDD_ERR_FORMAT, "%zu bytes, its counts make %zu"},
    [OTHER_VERSION] = {MDD_ERR_FORMAT, "offset 12: index version 2, expected 1"},
    [OTHER_BYTE_ORDER] = {MDD_ERR_FORMAT, "offset 8: written in another byte order"},
    [LAYER_OUTSIDE] = {MDD_ERR_FORMAT, "layers[0]: its entries lie outside the request index"},
    [PREFIX_OUTSIDE] = {MDD_ERR_FORMAT, "requests[0]: its prefix lies outside the prefix arena"},
    [NAME_ORDER_OUTSIDE] = {MDD_ERR_FORMAT,
                            "layers[0]: an order names an entry outside the layer"},
    [RUN_PAST_LAYER] = {MDD_ERR_FORMAT,
                        "layers[0]: its runs do not split its entries by prefix length"},
    [LAYER_NAME_OUTSIDE] = {MDD_ERR_FORMAT, "layers by name: a position outside its kind"},
    [DTC_OUTSIDE] = {MDD_ERR_FORMAT, "dtcs[0]: names no DTC"},
};

/* The internal entry points the fuzz target uses: an encoded payload index adopts and
 * answers alike; each damage is refused, for its own reason, and leaves the index as it
 * was. */
static void test_payload_index_round_trip(void **state)
{
    (void)state;
    mdd_gen_spec spec = {.seed = 5, .target_bytes = 60000};
    snprintf(spec.name, sizeof spec.name, "P");
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_bytes payload;
    mdd_error err;
    assert_int_equal(mdd_gen_payload(&spec, &b, &payload, &err), MDD_OK);
    mdd_db_options o = mdd_db_options_default();
    mdd_db *ref;
    mdd_db *db;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, &o, &ref, &err), MDD_OK);
    assert_int_equal(mdd_db_open_payloads(&payload, 1, &o, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_index_origin(mdd_db_ecu_at(db, 0)), MDD_DB_INDEX_MEMORY);
    mdd_buffer idx = {0};
    assert_int_equal(mdd_db_index_encode_payload(db, 0, &o.inherit, &idx, &err), MDD_OK);
    uint64_t *aligned = malloc(idx.len);
    assert_non_null(aligned);
    memcpy(aligned, idx.data, idx.len);
    uint8_t *bytes = (uint8_t *)aligned;
    for (int d = 0; d < DAMAGE_COUNT; d++) {
        memcpy(aligned, idx.data, idx.len);
        size_t size = idx.len;
        apply((damage)d, bytes, &size);
        mdd_status st = mdd_db_index_adopt_payload(db, 0, &o.inherit, bytes, size, &err);
        char want[160];
        snprintf(want, sizeof want, refusals[d].message, idx.len - 8, idx.len);
        if (st != refusals[d].status || strcmp(err.message, want) != 0)
            fail_msg("damage %d: %d '%s', expected %d '%s'", d, st, err.message,
                     refusals[d].status, want);
    }
    memcpy(aligned, idx.data, idx.len);
    assert_int_equal(mdd_db_index_adopt_payload(db, 0, &o.inherit, bytes, idx.len, &err),
                     MDD_OK);
    assert_same_answers(db, ref);
    mdd_db_close(db);
    mdd_db_close(ref);
    free(aligned);
    mdd_buffer_free(&idx);
    mdd_fb_builder_free(&b);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_written_at_first_open_then_loaded),
        cmocka_unit_test_setup_teardown(test_corpus_answers_alike, setup_corpus, teardown),
        T(test_index_leaves_the_heap),
        T(test_not_persisted_when_asked_or_hashing),
        T(test_unwritable_index_stays_in_memory),
        T(test_touched_file_rebuilds),
        T(test_replaced_file_rebuilds),
        T(test_other_limits_rebuild),
        T(test_corrupt_or_hostile_index_is_rebuilt),
        T(test_hostile_table_position_is_read_safely),
        T(test_untrusted_index_file_is_ignored),
        T(test_directory_skips_index_files),
        T(test_reload_gets_its_own_index),
        cmocka_unit_test(test_payload_index_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
