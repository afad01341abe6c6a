/* SPDX-License-Identifier: Apache-2.0 */
/* Options structs from a program built against an older libmdd: shorter structs, nesting
 * shorter options, are read by their own layout, and what they lack takes the defaults. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "testutil.h"

#include <mdd_internal/async.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/container.h>
#include <mdd_internal/convert.h>
#include <mdd_internal/db.h>
#include <mdd_internal/ecu.h>
#include <mdd_internal/fb.h>
#include <mdd_internal/store.h>
#include <mdd_internal/uds.h>

#include <string.h>

/* mdd_store_options as a header without its last field (parse) declares it. */
typedef struct old_store_options {
    size_t size;
    mdd_strategy strategy;
    int verify;
    mdd_integrity integrity;
    int allow_fallback;
    mdd_strategy fallback;
    int evict;
    mdd_cache *cache;
    mdd_cache_options cache_options;
    const char *share_dir;
    mdd_codec_limits limits;
} old_store_options;

/* mdd_db_options as a header without its last field (persist_index) and with the shorter
 * store options declares it: every member after store sits elsewhere than in today's. */
typedef struct old_db_options {
    size_t size;
    old_store_options store;
    mdd_fb_verify_options fb;
    mdd_inherit_limits inherit;
    int skip_invalid;
    int allow_downgrade;
} old_db_options;

/* mdd_uds_options without its last field (memo). */
typedef struct old_uds_options {
    size_t size;
    uint32_t max_depth;
    uint32_t max_values;
} old_uds_options;

/* An older caller's struct of size bytes as the library meets it: followed by bytes that are
 * not options (0xA5), which the library must not read. */
static const void *older_caller(const void *old, size_t size)
{
    static _Alignas(max_align_t) unsigned char memory[sizeof(mdd_db_options) * 2];
    assert_true(size <= sizeof memory);
    memset(memory, 0xA5, sizeof memory);
    memcpy(memory, old, size);
    return memory;
}

/* Old options whose every field differs from its default. */
static old_db_options old_db_options_set(void)
{
    old_db_options o;
    memset(&o, 0xA5, sizeof o); /* padding as an old caller's stack may leave it */
    o.size = MDD_OPTIONS_END(old_db_options, allow_downgrade);
    o.store.size = MDD_OPTIONS_END(old_store_options, limits);
    o.store.strategy = MDD_STRATEGY_PREAD;
    o.store.verify = 1;
    o.store.integrity = MDD_INTEGRITY_HASH;
    o.store.allow_fallback = 1;
    o.store.fallback = MDD_STRATEGY_SIDECAR;
    o.store.evict = 0;
    o.store.cache = NULL;
    o.store.cache_options = mdd_cache_options_default();
    o.store.cache_options.budget_bytes = 12345;
    o.store.cache_options.block_size = 8192;
    o.store.share_dir = "/dev/shm/x";
    o.store.limits = mdd_codec_limits_default();
    o.store.limits.max_uncompressed_size = 111;
    o.store.limits.lzma_memlimit = 222;
    o.fb = mdd_fb_verify_options_default();
    o.fb.max_depth = 7;
    o.fb.max_tables = 8;
    o.fb.max_size = 9;
    o.inherit = mdd_inherit_limits_default();
    o.inherit.max_depth = 5;
    o.inherit.max_steps = 6;
    o.skip_invalid = 1;
    o.allow_downgrade = 1;
    return o;
}

static void the_layouts_differ(void **state)
{
    (void)state;
    assert_true(sizeof(old_store_options) < sizeof(mdd_store_options));
    assert_true(offsetof(old_db_options, fb) < offsetof(mdd_db_options, fb));
    assert_true(offsetof(old_db_options, skip_invalid) < offsetof(mdd_db_options, skip_invalid));
}

static void reads_an_older_callers_fields_and_defaults_the_rest(void **state)
{
    (void)state;
    old_db_options old = old_db_options_set();
    mdd_db_options o = mdd_db_options_default();
    mdd_error err;
    assert_int_equal(options_read(&options_layout_db, older_caller(&old, sizeof old), &o, &err),
                     MDD_OK);
    assert_int_equal(o.size, MDD_DB_OPTIONS_SIZE);
    assert_int_equal(o.store.size, MDD_STORE_OPTIONS_SIZE);
    assert_int_equal(o.store.strategy, MDD_STRATEGY_PREAD);
    assert_int_equal(o.store.verify, 1);
    assert_int_equal(o.store.integrity, MDD_INTEGRITY_HASH);
    assert_int_equal(o.store.allow_fallback, 1);
    assert_int_equal(o.store.fallback, MDD_STRATEGY_SIDECAR);
    assert_int_equal(o.store.evict, 0);
    assert_null(o.store.cache);
    assert_int_equal(o.store.cache_options.budget_bytes, 12345);
    assert_int_equal(o.store.cache_options.block_size, 8192);
    assert_string_equal(o.store.share_dir, "/dev/shm/x");
    assert_int_equal(o.store.limits.max_uncompressed_size, 111);
    assert_int_equal(o.store.limits.lzma_memlimit, 222);
    assert_int_equal(o.store.parse.max_repeated, 65536); /* not in the old store options */
    assert_int_equal(o.fb.max_depth, 7);
    assert_int_equal(o.fb.max_tables, 8);
    assert_int_equal(o.fb.max_size, 9);
    assert_int_equal(o.inherit.max_depth, 5);
    assert_int_equal(o.inherit.max_steps, 6);
    assert_int_equal(o.skip_invalid, 1);
    assert_int_equal(o.allow_downgrade, 1);
    assert_int_equal(o.persist_index, 1); /* not in the old options */
}

/* The database reads skip_invalid, the store's verify and the verifier's max_size from where the
 * old layout holds them: a payload larger than max_size (9 bytes) is skipped, not fatal, and
 * fails the open without skip_invalid. */
static void an_older_caller_opens_a_database(void **state)
{
    (void)state;
    static const uint8_t garbage[] = "not a FlatBuffer at all";
    mdd_bytes payload = {garbage, sizeof garbage};
    old_db_options old = old_db_options_set();
    mdd_db *db = NULL;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, older_caller(&old, sizeof old), &db, &err),
                     MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 0);
    assert_int_equal(mdd_db_report_count(db), 1);
    assert_int_equal(mdd_db_report_at(db, 0)->kind, MDD_DB_REPORT_SKIPPED);
    mdd_db_close(db);

    old.skip_invalid = 0;
    db = NULL;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, older_caller(&old, sizeof old), &db, &err),
                     MDD_ERR_LIMIT);
    assert_null(db);
}

static void reads_flat_options_without_their_last_field(void **state)
{
    (void)state;
    old_uds_options old = {MDD_OPTIONS_END(old_uds_options, max_values), 3, 4};
    mdd_uds_options o = mdd_uds_options_default();
    mdd_error err;
    /* What follows the old struct is not a memo. */
    assert_int_equal(options_read(&options_layout_uds, older_caller(&old, sizeof old), &o, &err),
                     MDD_OK);
    assert_int_equal(o.max_depth, 3);
    assert_int_equal(o.max_values, 4);
    assert_null(o.memo);
}

static void refuses_options_not_made_by_their_initialiser(void **state)
{
    (void)state;
    mdd_error err;
    mdd_db_options o = mdd_db_options_default();
    mdd_db_options zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    assert_int_equal(options_read(&options_layout_db, &zeroed, &o, &err), MDD_ERR_ARG);
    assert_string_equal(err.message,
                        "mdd_db_options: size 0: not made by mdd_db_options_default()");

    mdd_db_options nested = mdd_db_options_default();
    nested.store.size = 0;
    assert_int_equal(options_read(&options_layout_db, &nested, &o, &err), MDD_ERR_ARG);
    assert_string_equal(err.message,
                        "mdd_db_options.store: size 0: not made by mdd_store_options_default()");

    mdd_db_options newer = mdd_db_options_default();
    newer.size = MDD_DB_OPTIONS_SIZE + 8;
    assert_int_equal(options_read(&options_layout_db, &newer, &o, &err), MDD_ERR_UNSUPPORTED);

    /* Through a public entry point too. */
    mdd_db *db = NULL;
    assert_int_equal(mdd_db_open(NULL, 0, &zeroed, &db, &err), MDD_ERR_ARG);
    assert_null(db);
}

/* Each initialiser's size covers every field (nothing but padding follows the field its
 * MDD_X_SIZE names), and the library's table of each struct reaches that field. */
static void initialisers_cover_every_field(void **state)
{
    (void)state;
#define COVERS(type, value, expected)                          \
    do {                                                       \
        type v = value;                                        \
        assert_int_equal(v.size, expected);                    \
        assert_true(sizeof(type) - expected < _Alignof(type)); \
    } while (0)
    COVERS(mdd_db_options, mdd_db_options_default(), MDD_DB_OPTIONS_SIZE);
    COVERS(mdd_store_options, mdd_store_options_default(), MDD_STORE_OPTIONS_SIZE);
    COVERS(mdd_cache_options, mdd_cache_options_default(), MDD_CACHE_OPTIONS_SIZE);
    COVERS(mdd_codec_limits, mdd_codec_limits_default(), MDD_CODEC_LIMITS_SIZE);
    COVERS(mdd_parse_options, mdd_parse_options_default(), MDD_PARSE_OPTIONS_SIZE);
    COVERS(mdd_fb_verify_options, mdd_fb_verify_options_default(), MDD_FB_VERIFY_OPTIONS_SIZE);
    COVERS(mdd_inherit_limits, mdd_inherit_limits_default(), MDD_INHERIT_LIMITS_SIZE);
    COVERS(mdd_uds_options, mdd_uds_options_default(), MDD_UDS_OPTIONS_SIZE);
    COVERS(mdd_reader_options, mdd_reader_options_default(), MDD_READER_OPTIONS_SIZE);
    COVERS(mdd_convert_options, mdd_convert_options_default(), MDD_CONVERT_OPTIONS_SIZE);
#undef COVERS
    const options_layout *layouts[] = {
        &options_layout_cache, &options_layout_codec,     &options_layout_parse,
        &options_layout_store, &options_layout_fb_verify, &options_layout_inherit,
        &options_layout_db,    &options_layout_uds,       &options_layout_reader,
        &options_layout_convert,
    };
    /* Each table ends with its struct's last field (at MDD_X_SIZE): a field appended to the
     * struct but not to its table would never be read. */
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
        const options_member *last = &layouts[i]->members[layouts[i]->count - 1];
        assert_int_equal(last->offset + last->size, layouts[i]->size);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_layouts_differ),
        cmocka_unit_test(reads_an_older_callers_fields_and_defaults_the_rest),
        cmocka_unit_test(an_older_caller_opens_a_database),
        cmocka_unit_test(reads_flat_options_without_their_last_field),
        cmocka_unit_test(refuses_options_not_made_by_their_initialiser),
        cmocka_unit_test(initialisers_cover_every_field),
    };
    return cmocka_run_group_tests_name("options", tests, NULL, NULL);
}
