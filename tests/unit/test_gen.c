/* SPDX-License-Identifier: Apache-2.0 */
/* The FlatBuffers builder (strings, vectors, tables, shared vtables, the byte cap, calls out
 * of order) and the corpus generator: plans, determinism, verification, and the shape of
 * every generated ECU read back through the views and the database. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/db.h>
#include <mdd/fb_verify.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

/* ---- builder ---- */

/* The builder knows no schema: the field ids of a made-up table {name: string, unset: uint,
 * count: uint} and of a root {items: [table]}. */
enum { T_NAME = 0, T_UNSET = 1, T_COUNT = 2, ROOT_ITEMS = 0 };

/* A table {name "ab", count 7} twice: the second reuses the first one's vtable. */
static void test_builder_tables(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_fb_ref t[2];
    for (int i = 0; i < 2; i++) {
        mdd_fb_ref s = mdd_fb_create_cstring(&b, "ab");
        mdd_fb_table_start(&b);
        mdd_fb_add_ref(&b, T_NAME, s);
        mdd_fb_add_u32(&b, T_COUNT, 7);
        t[i] = mdd_fb_table_end(&b);
    }
    /* string 7 + pad 1, table 12, vtable 10; pad 3, string 7, table 12: no second vtable. */
    assert_int_equal(mdd_fb_builder_size(&b), 52);
    mdd_fb_ref vec = mdd_fb_create_refs(&b, t, 2);
    mdd_fb_table_start(&b);
    mdd_fb_add_ref(&b, ROOT_ITEMS, vec);
    mdd_fb_ref root_ref = mdd_fb_table_end(&b);
    mdd_bytes out;
    mdd_error err;
    assert_int_equal(mdd_fb_builder_finish(&b, root_ref, &out, &err), MDD_OK);
    assert_int_equal(out.len % 8, 0);
    mdd_fb_table root = mdd_fb_root(out.ptr, out.len);
    assert_int_not_equal(root.pos, 0);
    mdd_fb_vector v = mdd_fb_vector_field(root, ROOT_ITEMS, 4);
    assert_int_equal(v.count, 2);
    for (uint32_t i = 0; i < 2; i++) {
        mdd_fb_table tt = mdd_fb_vector_table(v, i);
        assert_true(mdd_bytes_equal_str(mdd_fb_string_field(tt, T_NAME), "ab"));
        assert_int_equal(mdd_fb_u32(tt, T_COUNT, 0), 7);
        assert_int_equal(mdd_fb_u32(tt, T_UNSET, 99), 99);
    }
    mdd_fb_builder_free(&b);
}

static void test_builder_limit(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 64);
    char text[100];
    memset(text, 'x', sizeof text);
    mdd_fb_ref s = mdd_fb_create_string(&b, text, sizeof text);
    assert_int_equal(s, 0);
    mdd_bytes out;
    mdd_error err;
    assert_int_equal(mdd_fb_builder_finish(&b, s, &out, &err), MDD_ERR_LIMIT);
    assert_null(out.ptr);
    mdd_fb_builder_free(&b);
}

static void test_builder_out_of_order(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_fb_table_start(&b);
    assert_int_equal(mdd_fb_create_cstring(&b, "inside"), 0);
    mdd_fb_ref t = mdd_fb_table_end(&b);
    mdd_bytes out;
    mdd_error err;
    assert_int_equal(mdd_fb_builder_finish(&b, t, &out, &err), MDD_ERR_ARG);
    mdd_fb_builder_reset(&b);
    mdd_fb_table_start(&b);
    mdd_fb_add_ref(&b, T_NAME, 12345);
    assert_int_equal(mdd_fb_builder_finish(&b, mdd_fb_table_end(&b), &out, &err), MDD_ERR_ARG);
    mdd_fb_builder_free(&b);
}

/* ---- generator ---- */

/* The small profile's payloads, built once for the tests below. */
typedef struct corpus {
    mdd_gen_plan plan;
    mdd_bytes *payloads;
    uint8_t *storage;
} corpus;

static void corpus_make(corpus *c, uint64_t seed)
{
    mdd_error err;
    assert_int_equal(mdd_gen_plan_make("small", seed, 0, 0, &c->plan, &err), MDD_OK);
    c->payloads = calloc(c->plan.count, sizeof *c->payloads);
    size_t total = 0, at = 0;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < c->plan.count; i++) {
            mdd_bytes p;
            assert_int_equal(mdd_gen_payload(&c->plan.files[i], &b, &p, &err), MDD_OK);
            if (pass == 0) {
                total += p.len;
                continue;
            }
            memcpy(c->storage + at, p.ptr, p.len);
            c->payloads[i] = (mdd_bytes){c->storage + at, p.len};
            at += (p.len + 7) & ~(size_t)7;
        }
        if (pass == 0)
            c->storage = aligned_alloc(8, total + 8 * c->plan.count);
    }
    mdd_fb_builder_free(&b);
}

static void corpus_free(corpus *c)
{
    free(c->storage);
    free(c->payloads);
    mdd_gen_plan_free(&c->plan);
}

static void test_plan(void **state)
{
    (void)state;
    mdd_gen_plan plan;
    mdd_error err;
    assert_int_equal(mdd_gen_plan_make("adr", 1, 0, 0, &plan, &err), MDD_OK);
    assert_int_equal(plan.count, 68);
    uint64_t total = 0;
    size_t groups = 0;
    for (size_t i = 0; i < plan.count; i++) {
        total += plan.files[i].target_bytes;
        groups += plan.files[i].functional_groups != 0;
    }
    assert_true(total > 241900000 && total <= 242000000);
    assert_int_equal(groups, 4);
    mdd_gen_plan_free(&plan);
    assert_int_equal(mdd_gen_plan_make("small", 1, 0, 0, &plan, &err), MDD_OK);
    assert_int_equal(plan.count, 5);
    assert_string_equal(plan.files[0].name, "BCM1000");
    assert_string_equal(plan.files[4].name, "FG_EPS_01");
    mdd_gen_plan_free(&plan);
    assert_int_equal(mdd_gen_plan_make("huge", 1, 0, 0, &plan, &err), MDD_ERR_ARG);
}

/* mdd_gen_plan_check() at its exact bounds: the least the files take, and the total that
 * aims the largest file at MDD_GEN_MAX_FILE_BYTES. */
static int plan_fits(uint32_t files, uint64_t total)
{
    mdd_gen_plan plan;
    mdd_error err;
    assert_int_equal(mdd_gen_plan_make("small", 1, files, total, &plan, &err), MDD_OK);
    assert_true(plan.total_bytes == total);
    mdd_status st = mdd_gen_plan_check(&plan, &err);
    mdd_gen_plan_free(&plan);
    return st == MDD_OK;
}

static void test_plan_bounds(void **state)
{
    (void)state;
    uint64_t least = 4 * MDD_GEN_MIN_ECU_BYTES + MDD_GEN_MIN_GROUP_BYTES; /* 5 files, 1 group */
    assert_true(plan_fits(5, least));
    assert_false(plan_fits(5, least - 1));
    assert_true(plan_fits(1, MDD_GEN_MIN_ECU_BYTES));
    assert_false(plan_fits(1, MDD_GEN_MIN_ECU_BYTES - 1));
    assert_true(plan_fits(1, MDD_GEN_MAX_FILE_BYTES));
    assert_false(plan_fits(1, MDD_GEN_MAX_FILE_BYTES + 1));
    /* The most for the small profile's 5 files, as the refusal names it. */
    assert_true(plan_fits(5, 53733554));
    assert_false(plan_fits(5, 53733555));
    assert_false(plan_fits(5, UINT64_MAX));
}

/* The plan's aims follow what is left: the files after next share it in their proportions. */
static void test_plan_aim_rest(void **state)
{
    (void)state;
    mdd_gen_plan plan;
    mdd_error err;
    assert_int_equal(mdd_gen_plan_make("small", 1, 0, 3000000, &plan, &err), MDD_OK);
    uint64_t a = plan.files[3].target_bytes, b = plan.files[4].target_bytes;
    mdd_gen_plan_aim_rest(&plan, 3, 3000000 - 1000);
    uint64_t sum = plan.files[3].target_bytes + plan.files[4].target_bytes;
    assert_true(sum >= 999 && sum <= 1000);
    assert_true(plan.files[3].target_bytes == (uint64_t)(1000.0 * (double)a / (double)(a + b)));
    mdd_gen_plan_aim_rest(&plan, 3, 4000000); /* overshot: nothing left */
    assert_true(plan.files[3].target_bytes == 0 && plan.files[4].target_bytes == 0);
    mdd_gen_plan_free(&plan);
}

/* The SHA-512 over every packed file of a small corpus. */
static void corpus_digest(uint64_t seed, uint8_t digest[MDD_SHA512_SIZE])
{
    corpus c = {0};
    corpus_make(&c, seed);
    mdd_sha512_ctx h;
    mdd_error err;
    assert_int_equal(mdd_sha512_init(&h, &err), MDD_OK);
    for (size_t i = 0; i < c.plan.count; i++) {
        mdd_buffer file = {0};
        assert_int_equal(mdd_gen_pack(&c.plan.files[i], c.payloads[i], &file, &err), MDD_OK);
        assert_int_equal(mdd_sha512_update(&h, file.data, file.len, &err), MDD_OK);
        mdd_buffer_free(&file);
    }
    assert_int_equal(mdd_sha512_final(&h, digest, &err), MDD_OK);
    corpus_free(&c);
}

static void test_deterministic(void **state)
{
    (void)state;
    uint8_t a[MDD_SHA512_SIZE], b[MDD_SHA512_SIZE], c[MDD_SHA512_SIZE];
    corpus_digest(7, a);
    corpus_digest(7, b);
    corpus_digest(8, c);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_not_equal(a, c, sizeof a);
}

/* A packed file parses, names its ECU and carries the converter's metadata keys. */
static void test_pack(void **state)
{
    (void)state;
    corpus c = {0};
    corpus_make(&c, 1);
    mdd_buffer file = {0};
    mdd_error err;
    assert_int_equal(mdd_gen_pack(&c.plan.files[1], c.payloads[1], &file, &err), MDD_OK);
    mdd_file f;
    assert_int_equal(mdd_file_parse(file.data, file.len, NULL, &f, &err), MDD_OK);
    assert_true(mdd_bytes_equal_str(f.ecu_name, c.plan.files[1].name));
    assert_int_equal(f.chunk_count, 1);
    assert_true(mdd_bytes_equal_str(f.chunks[0].compression_algorithm, "lzma"));
    assert_int_equal(f.chunks[0].uncompressed_size, c.payloads[1].len);
    assert_true(mdd_bytes_equal_str(f.chunks[0].signatures[0].algorithm,
                                    MDD_SIG_SHA512_UNCOMPRESSED));
    static const char *const keys[] = {"created", "source", "options", "converter", "plugins"};
    for (size_t i = 0; i < 5; i++)
        assert_non_null(mdd_map_get(f.metadata, keys[i]));
    assert_true(mdd_bytes_equal_str(*mdd_map_get(f.metadata, "created"), MDD_GEN_CREATED));
    mdd_file_free(&f);
    mdd_buffer_free(&file);
    corpus_free(&c);
}

/* Whether any effective service of layer has a request prefix starting with sid. */
static int has_sid(const mdd_db_layer *layer, uint8_t sid)
{
    for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++) {
        mdd_db_service s = mdd_db_layer_service_at(layer, i);
        if (s.prefix.len > 0 && s.prefix.bytes[0] == sid)
            return 1;
    }
    return 0;
}

static void check_ecu(const mdd_db_ecu *ecu)
{
    static const uint8_t sids[] = {0x10, 0x11, 0x14, 0x19, 0x22, 0x2e, 0x27,
                                   0x28, 0x31, 0x34, 0x36, 0x37, 0x3e, 0x85};
    uint32_t variants = mdd_db_ecu_variant_count(ecu);
    assert_in_range(variants, 4, 7);
    assert_in_range(mdd_db_ecu_dtc_count(ecu), 100, 800);
    uint32_t largest = 0;
    for (uint32_t v = 0; v < variants; v++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, v);
        uint32_t n = mdd_db_layer_service_count(layer);
        largest = n > largest ? n : largest;
        for (size_t i = 0; i < sizeof sids; i++)
            if (!has_sid(layer, sids[i]))
                fail_msg("variant %u lacks SID %02x", v, sids[i]);
        mdd_variant view = mdd_db_layer_variant(layer);
        mdd_parent_ref_vec parents = mdd_variant_parent_refs(view);
        if (mdd_variant_is_base_variant(view)) {
            assert_int_equal(mdd_parent_ref_vec_count(parents), 1);
            continue;
        }
        assert_int_equal(mdd_parent_ref_vec_count(parents), 2);
        mdd_parent_ref base = mdd_parent_ref_vec_at(parents, 0);
        assert_in_range(mdd_string_vec_count(
                            mdd_parent_ref_not_inherited_diag_comm_short_names(base)), 1, 5);
    }
    assert_true(largest >= 150);
}

static void test_shapes(void **state)
{
    (void)state;
    corpus c = {0};
    corpus_make(&c, 1);
    for (size_t i = 0; i < c.plan.count; i++) {
        mdd_error err;
        if (mdd_fb_verify_ecu_data(c.payloads[i].ptr, c.payloads[i].len, NULL, &err) != MDD_OK)
            fail_msg("%s: %s", c.plan.files[i].name, err.message);
    }
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(c.payloads, c.plan.count, NULL, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 5);
    for (size_t i = 0; i < c.plan.count; i++) {
        const mdd_db_ecu *ecu = mdd_db_find_ecu(db, c.plan.files[i].name);
        assert_non_null(ecu);
        if (c.plan.files[i].functional_groups)
            assert_in_range(mdd_db_ecu_functional_group_count(ecu), 3, 6);
        else
            check_ecu(ecu);
    }
    mdd_db_close(db);
    corpus_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builder_tables),
        cmocka_unit_test(test_builder_limit),
        cmocka_unit_test(test_builder_out_of_order),
        cmocka_unit_test(test_plan),
        cmocka_unit_test(test_plan_bounds),
        cmocka_unit_test(test_plan_aim_rest),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_pack),
        cmocka_unit_test(test_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
