/* SPDX-License-Identifier: Apache-2.0 */
/* The EcuData verifier: real payloads pass; hand-built hostile payloads fail with exact
 * messages; shared-subtable bombs, truncations and random damage end cleanly. Every payload
 * here is verified twice, with the fast pass and with the walk alone (FB_VERIFY_WALK_ONLY), and the two
 * must give the same status and message. In each mode a reused mdd_fb_verifier checks it too,
 * after everything the file verified before (good and hostile, small and large), and must
 * give the one-shot call's status and message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "fb_builder.h"
#include "testutil.h"

#include <mdd/ecu.h>
#include <mdd/fb.h>
#include <mdd/fb_verify.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/ecu_fields.h>
#include <mdd_internal/fb.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* Tables laid out only up to the last field id a test fills: the later ids stay out of the
 * vtable, which keeps the payloads, and the offsets the tests expect, as they were. */
enum {
    SAMPLE_ECU_DATA_IDS = FID_ECU_DATA_VARIANTS + 1,
    SAMPLE_DIAG_LAYER_IDS = FID_DIAG_LAYER_SHORT_NAME + 1,
    SAMPLE_PARENT_REF_IDS = FID_PARENT_REF_REF + 1,
    SAMPLE_BASE_VARIANT_IDS = FID_VARIANT_IS_BASE_VARIANT + 1
};

/* One verifier per mode, reused by every verification of the file. */
static mdd_fb_verifier *reused[2];

/* Verifies buf with opts in mode one-shot, then with the mode's reused verifier, asserts that
 * the two agree, and returns the status, with the message in *err. */
static mdd_status verify_reused_too(const uint8_t *buf, size_t len,
                                    const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                    mdd_error *err)
{
    mdd_error again = {0};
    *err = (mdd_error){0};
    mdd_status st = fb_verify_ecu_data_mode(buf, len, opts, mode, err);
    assert_int_equal(fb_verifier_check_mode(reused[mode], buf, len, opts, mode, &again), st);
    if (st != MDD_OK)
        assert_string_equal(again.message, err->message);
    return st;
}

/* Verifies buf with o (NULL: the defaults) in both modes, asserts that they agree, and returns
 * the status, with the message in *err. */
static mdd_status verify_both(const uint8_t *buf, size_t len, const mdd_fb_verify_options *o,
                              mdd_error *err)
{
    mdd_fb_verify_options opts = o ? *o : mdd_fb_verify_options_default();
    mdd_error walk;
    mdd_status st = verify_reused_too(buf, len, &opts, FB_VERIFY_QUICK_FIRST, err);
    assert_int_equal(verify_reused_too(buf, len, &opts, FB_VERIFY_WALK_ONLY, &walk), st);
    if (st != MDD_OK)
        assert_string_equal(walk.message, err->message);
    return st;
}

static void assert_verify_fails(const uint8_t *buf, size_t len, const mdd_fb_verify_options *o,
                                mdd_status want, const char *message)
{
    mdd_error err;
    mdd_status st = verify_both(buf, len, o, &err);
    assert_int_equal(st, want);
    assert_int_equal(err.status, want);
    assert_string_equal(err.message, message);
}

/* snprintf into a static buffer, for building expected messages from positions. */
static const char *fmt(const char *format, ...) __attribute__((format(printf, 1, 2)));
static const char *fmt(const char *format, ...)
{
    static char out[MDD_ERROR_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, format);
    vsnprintf(out, sizeof out, format, ap);
    va_end(ap);
    return out;
}

/* The payload of the corpus file name (e.g. "FLXC1000"), or NULL without a corpus. */
static uint8_t *corpus_payload(const char *name, size_t *len)
{
    char file_name[256];
    snprintf(file_name, sizeof file_name, "%s.mdd", name);
    size_t file_len;
    uint8_t *file = tu_read_corpus_file(file_name, &file_len);
    if (!file)
        return NULL;
    uint8_t *payload = tb_corpus_payload(file, file_len, len);
    free(file);
    assert_non_null(payload);
    return payload;
}

/* A small EcuData whose second variant inherits from the first, so the first variant is
 * shared (a DAG):
 *   EcuData {version "1.0", ecu_name "ECU", variants [V0, V1]}
 *   V0 = Variant {diag_layer: DiagLayer {short_name "BASE"}, is_base_variant: true}
 *   V1 = Variant {diag_layer: DiagLayer {short_name "APP"}, parent_refs [ParentRef {ref: V0}]}
 * Offsets only point forward, so V0 comes after V1's parent ref. The positions below let tests
 * break one thing at a time. */
typedef struct sample {
    tb b;
    uint32_t root, version_field, version_str, variants, v0, v0_layer, v1, v1_name, parent_ref,
        ref_field, ref_type_field;
} sample;

/* Appends a DiagLayer {short_name} linked from link_at; returns the layer's position and the
 * name's in *name. */
static uint32_t add_layer(tb *b, uint32_t link_at, const char *short_name, uint32_t *name)
{
    uint32_t at[SAMPLE_DIAG_LAYER_IDS];
    uint32_t layer =
        tb_table(b, SAMPLE_DIAG_LAYER_IDS,
                 (const uint8_t[SAMPLE_DIAG_LAYER_IDS]){[FID_DIAG_LAYER_SHORT_NAME] = 4}, at);
    tb_link(b, link_at, layer);
    *name = tb_string(b, short_name);
    tb_link(b, at[FID_DIAG_LAYER_SHORT_NAME], *name);
    return layer;
}

static void build_sample(sample *s)
{
    tb *b = &s->b;
    tb_init(b);
    uint32_t ecu[SAMPLE_ECU_DATA_IDS], v0[SAMPLE_BASE_VARIANT_IDS], v1[FIDS_VARIANT],
        pr[SAMPLE_PARENT_REF_IDS], name;
    s->root = tb_table(b, SAMPLE_ECU_DATA_IDS,
                       (const uint8_t[SAMPLE_ECU_DATA_IDS]){[FID_ECU_DATA_VERSION] = 4,
                                                            [FID_ECU_DATA_ECU_NAME] = 4,
                                                            [FID_ECU_DATA_VARIANTS] = 4},
                       ecu);
    tb_link(b, 0, s->root);
    s->version_field = ecu[FID_ECU_DATA_VERSION];
    s->version_str = tb_string(b, "1.0");
    tb_link(b, ecu[FID_ECU_DATA_VERSION], s->version_str);
    tb_link(b, ecu[FID_ECU_DATA_ECU_NAME], tb_string(b, "ECU"));
    s->variants = tb_vector(b, 2);
    tb_link(b, ecu[FID_ECU_DATA_VARIANTS], s->variants);

    s->v1 = tb_table(b, FIDS_VARIANT,
                     (const uint8_t[FIDS_VARIANT]){[FID_VARIANT_DIAG_LAYER] = 4,
                                                   [FID_VARIANT_PARENT_REFS] = 4},
                     v1);
    tb_link(b, s->variants + 8, s->v1);
    add_layer(b, v1[FID_VARIANT_DIAG_LAYER], "APP", &s->v1_name);
    uint32_t refs = tb_vector(b, 1);
    tb_link(b, v1[FID_VARIANT_PARENT_REFS], refs);
    s->parent_ref = tb_table(b, SAMPLE_PARENT_REF_IDS,
                             (const uint8_t[SAMPLE_PARENT_REF_IDS]){[FID_PARENT_REF_REF_TYPE] = 1,
                                                                    [FID_PARENT_REF_REF] = 4},
                             pr);
    tb_link(b, refs + 4, s->parent_ref);
    s->ref_type_field = pr[FID_PARENT_REF_REF_TYPE];
    s->ref_field = pr[FID_PARENT_REF_REF];
    b->buf[s->ref_type_field] = MDD_PARENT_REF_TYPE_VARIANT;

    s->v0 = tb_table(b, SAMPLE_BASE_VARIANT_IDS,
                     (const uint8_t[SAMPLE_BASE_VARIANT_IDS]){[FID_VARIANT_DIAG_LAYER] = 4,
                                                              [FID_VARIANT_IS_BASE_VARIANT] = 1},
                     v0);
    tb_link(b, s->variants + 4, s->v0);
    tb_link(b, s->ref_field, s->v0);
    b->buf[v0[FID_VARIANT_IS_BASE_VARIANT]] = 1;
    s->v0_layer = add_layer(b, v0[FID_VARIANT_DIAG_LAYER], "BASE", &name);
}

/* Appends the root EcuData {variants} and its vector of count slots (filled later); returns
 * the vector's position. */
static uint32_t ecu_data_with_variants(tb *b, uint32_t count)
{
    uint32_t ecu[SAMPLE_ECU_DATA_IDS];
    tb_link(b, 0,
            tb_table(b, SAMPLE_ECU_DATA_IDS,
                     (const uint8_t[SAMPLE_ECU_DATA_IDS]){[FID_ECU_DATA_VARIANTS] = 4}, ecu));
    uint32_t variants = tb_vector(b, count);
    tb_link(b, ecu[FID_ECU_DATA_VARIANTS], variants);
    return variants;
}

/* The vtable position of the table at pos. */
static uint32_t vtable_of(const tb *b, uint32_t pos)
{
    return (uint32_t)((int64_t)pos - (int32_t)tb_get32(b, pos));
}

/* ---- real payloads ---- */

/* buf, a sound payload, verified in both modes under the defaults and then under depth and
 * tables limits from tight to loose, so that both modes meet the limits at many places: the
 * two must agree everywhere, and the tightest limits must fail. */
static void sweep_limits(const uint8_t *buf, size_t len, const char *name)
{
    mdd_error err;
    if (verify_both(buf, len, NULL, &err) != MDD_OK)
        fail_msg("%s: %s", name, err.message);
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    for (o.max_depth = 1; o.max_depth <= 12; o.max_depth++) {
        mdd_status st = verify_both(buf, len, &o, &err);
        if (o.max_depth == 1)
            assert_int_equal(st, MDD_ERR_LIMIT);
    }
    o = mdd_fb_verify_options_default();
    for (o.max_tables = 1; o.max_tables < 100000; o.max_tables *= 3) {
        mdd_status st = verify_both(buf, len, &o, &err);
        if (o.max_tables == 1)
            assert_int_equal(st, MDD_ERR_LIMIT);
    }
}

/* Generated payloads: ECU databases and a functional-group database, larger and with more
 * vtables per type than the corpus. */
static void test_generated_modes_agree(void **state)
{
    (void)state;
    mdd_gen_plan plan;
    mdd_error err;
    assert_int_equal(mdd_gen_plan_make("small", 3, 3, 600000, &plan, &err), MDD_OK);
    for (size_t i = 0; i < plan.count; i++) {
        mdd_fb_builder b;
        mdd_fb_builder_init(&b, 0);
        mdd_bytes payload;
        assert_int_equal(mdd_gen_payload(&plan.files[i], &b, &payload, &err), MDD_OK);
        sweep_limits(payload.ptr, payload.len, plan.files[i].name);
        mdd_fb_builder_free(&b);
    }
    mdd_gen_plan_free(&plan);
}

static void test_corpus_verifies(void **state)
{
    (void)state;
    char **paths;
    size_t n = tu_corpus_files(&paths);
    if (n == 0)
        skip();
    for (size_t i = 0; i < n; i++) {
        size_t file_len, len;
        uint8_t *file = tu_read_file(paths[i], &file_len);
        uint8_t *payload = tb_corpus_payload(file, file_len, &len);
        assert_non_null(payload);
        sweep_limits(payload, len, paths[i]);
        free(payload);
        free(file);
        free(paths[i]);
    }
    free(paths);
}

static void test_sample_verifies(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    mdd_error err;
    assert_int_equal(verify_both(s.b.buf, s.b.len, NULL, &err), MDD_OK);
    mdd_ecu_data e = mdd_ecu_data_root(s.b.buf, s.b.len);
    assert_true(mdd_bytes_equal_str(mdd_ecu_data_version(e), "1.0"));
    mdd_variant v1 = mdd_variant_vec_at(mdd_ecu_data_variants(e), 1);
    mdd_parent_ref r = mdd_parent_ref_vec_at(mdd_variant_parent_refs(v1), 0);
    assert_true(mdd_bytes_equal_str(mdd_diag_layer_short_name(mdd_parent_ref_diag_layer(r)),
                                    "BASE"));
    assert_int_equal(mdd_parent_ref_variant(r).t.pos, s.v0);
}

/* ---- sizes and the root ---- */

static void test_too_small(void **state)
{
    (void)state;
    const uint8_t three[3] = {0};
    assert_verify_fails(three, 3, NULL, MDD_ERR_FORMAT,
                        "EcuData: offset 0: 3 bytes are too few for a root offset");
    assert_verify_fails(NULL, 0, NULL, MDD_ERR_FORMAT,
                        "EcuData: offset 0: 0 bytes are too few for a root offset");
    assert_verify_fails(NULL, 8, NULL, MDD_ERR_ARG, "EcuData: offset 0: no buffer");
}

static void test_size_limit(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    o.max_size = 16;
    assert_verify_fails(s.b.buf, s.b.len, &o, MDD_ERR_LIMIT,
                        fmt("EcuData: offset 0: %u bytes exceed the limit of 16", s.b.len));
}

static void test_root_offset(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_set32(&s.b, 0, 0x10000);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData: offset 0: offset 65536 points past the end (%u bytes)",
                            s.b.len));
    tb_set32(&s.b, 0, 0);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        "EcuData: offset 0: offset 0 points at itself");
    tb_set32(&s.b, 0, 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        "EcuData: offset 2: table is not 4-byte aligned");
}

/* ---- tables and vtables ---- */

static void test_vtable_offset(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_set32(&s.b, s.root, 0x7fffffff);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData: offset %u: vtable offset 2147483647 points outside the "
                            "buffer", s.root));
    tb_set32(&s.b, s.root, (uint32_t)-0x10000);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData: offset %u: vtable offset -65536 points outside the buffer",
                            s.root));
    /* A vtable at 2^32 - 1, right after the reused verifiers met the sound sample: the fast
     * pass once took that position for "no vtable seen yet" and trusted what it had learnt. */
    build_sample(&s);
    mdd_error err;
    assert_int_equal(verify_both(s.b.buf, s.b.len, NULL, &err), MDD_OK);
    tb_set32(&s.b, s.root, s.root + 1);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData: offset %u: vtable offset %u points outside the buffer",
                            s.root, s.root + 1));
}

static void test_huge_vtable_size(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    uint32_t vt = vtable_of(&s.b, s.root);
    tb_set(&s.b, vt, 0xfffe, 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData: offset %u: vtable at %u has a bad size 65534 (even, 4 or "
                            "more, inside the buffer)", s.root, vt));
    tb_set(&s.b, vt, 3, 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData: offset %u: vtable at %u has a bad size 3 (even, 4 or "
                            "more, inside the buffer)", s.root, vt));
}

static void test_table_size(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    uint32_t vt = vtable_of(&s.b, s.v1);
    tb_set(&s.b, vt + 2, 0xfff0, 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1]: offset %u: table size 65520 runs past the end "
                            "or is below 4", s.v1));
}

static void test_field_outside_table(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    uint32_t vt = vtable_of(&s.b, s.root);
    tb_set(&s.b, tb_vtable_slot(vt, FID_ECU_DATA_VERSION), 200, 2);
    uint32_t table_size = s.b.buf[vt + 2];
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.version: offset %u: field at 200 runs past the end of its "
                            "table (%u bytes)", s.root, table_size));
}

static void test_misaligned_field(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    uint32_t vt = vtable_of(&s.b, s.root);
    tb_set(&s.b, tb_vtable_slot(vt, FID_ECU_DATA_VERSION), s.version_field - s.root + 1, 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.version: offset %u: field is not 4-byte aligned",
                            s.version_field + 1));
}

/* ---- strings and vectors ---- */

static void test_string_offset(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_set32(&s.b, s.version_field, 0x100000);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.version: offset %u: offset 1048576 points past the end (%u "
                            "bytes)", s.version_field, s.b.len));
}

static void test_string_past_end(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_set32(&s.b, s.v1_name, 1000);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1].diag_layer.short_name: offset %u: string of "
                            "1000 bytes runs past the end", s.v1_name));
}

static void test_string_without_nul(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    s.b.buf[s.version_str + 4 + 3] = 'x';
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.version: offset %u: string of 3 bytes lacks its NUL",
                            s.version_str));
}

static void test_vector_past_end(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_set32(&s.b, s.variants, 0x40000000);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants: offset %u: vector of 1073741824 elements of 4 "
                            "bytes runs past the end", s.variants));
}

static void test_vector_element_offset(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_set32(&s.b, s.variants + 8, 0xfffffff0);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1]: offset %u: offset 4294967280 points past the "
                            "end (%u bytes)", s.variants + 8, s.b.len));
    tb_link(&s.b, s.variants + 8, s.v1 + 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1]: offset %u: table is not 4-byte aligned",
                            s.v1 + 2));
}

/* ---- unions and shared tables ---- */

static void test_union_member(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    tb_link(&s.b, s.ref_field, s.v0 + 2);
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1].parent_refs[0].ref: offset %u: table is not "
                            "4-byte aligned", s.v0 + 2));
}

static void test_union_tags(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    /* An unknown tag and NONE: the member is checked generically or not at all. */
    const uint8_t tags[] = {200, MDD_PARENT_REF_TYPE_NONE};
    mdd_error err;
    for (size_t i = 0; i < sizeof tags; i++) {
        s.b.buf[s.ref_type_field] = tags[i];
        assert_int_equal(verify_both(s.b.buf, s.b.len, NULL, &err), MDD_OK);
        mdd_variant v1 = mdd_variant_vec_at(mdd_ecu_data_variants(
                                                mdd_ecu_data_root(s.b.buf, s.b.len)), 1);
        mdd_parent_ref r = mdd_parent_ref_vec_at(mdd_variant_parent_refs(v1), 0);
        assert_int_equal(mdd_parent_ref_ref_type(r), tags[i]);
        assert_false(mdd_present(mdd_parent_ref_diag_layer(r)));
        assert_int_equal(mdd_parent_ref_vec_count(mdd_parent_ref_parent_refs(r)), 0);
    }
}

static void test_type_confusion(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    s.b.buf[s.ref_type_field] = MDD_PARENT_REF_TYPE_ECU_SHARED_DATA;
    assert_verify_fails(s.b.buf, s.b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1].parent_refs[0].ref: offset %u: EcuSharedData "
                            "is also used as something of another type", s.v0));
}

/* EcuData {variants: V, functional_groups: V}, V = [Variant {is_base_variant}]: one vector
 * met as variants and then as functional groups. */
static void test_vector_confusion(void **state)
{
    (void)state;
    tb b;
    tb_init(&b);
    uint32_t ecu[FIDS_ECU_DATA], variant[FIDS_VARIANT];
    tb_link(&b, 0,
            tb_table(&b, FIDS_ECU_DATA,
                     (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_VARIANTS] = 4,
                                                    [FID_ECU_DATA_FUNCTIONAL_GROUPS] = 4},
                     ecu));
    uint32_t vector = tb_vector(&b, 1);
    tb_link(&b, ecu[FID_ECU_DATA_VARIANTS], vector);
    tb_link(&b, ecu[FID_ECU_DATA_FUNCTIONAL_GROUPS], vector);
    tb_link(&b, vector + 4,
            tb_table(&b, FIDS_VARIANT,
                     (const uint8_t[FIDS_VARIANT]){[FID_VARIANT_IS_BASE_VARIANT] = 1}, variant));
    assert_verify_fails(b.buf, b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.functional_groups: offset %u: vector is also used as "
                            "something of another type",
                            vector));
}

/* The fast pass keeps one memo slot per 8 bytes, so two variants 4 bytes apart (the first
 * with no field, so 4 bytes long) share one. The second must still be verified: its
 * diag_layer offset points past the end. */
static void test_tables_in_one_memo_slot(void **state)
{
    (void)state;
    tb b;
    tb_init(&b);
    uint32_t variants = ecu_data_with_variants(&b, 2);
    uint32_t empty_vtable = tb_put(&b, tb_vtable_size(0), 2);
    tb_put(&b, 4, 2);
    /* {diag_layer at 4}, 8 bytes of table */
    uint32_t layer_vtable = tb_put(&b, tb_vtable_size(FID_VARIANT_DIAG_LAYER + 1), 2);
    tb_put(&b, 8, 2);
    tb_put(&b, 4, 2);
    tb_align(&b, 8);
    uint32_t first = tb_put(&b, b.len - empty_vtable, 4);
    uint32_t second = tb_put(&b, b.len - layer_vtable, 4);
    uint32_t layer_field = tb_put(&b, 0x1000, 4);
    tb_link(&b, variants + 4, first);
    tb_link(&b, variants + 8, second);
    assert_int_equal(second, first + 4);
    assert_verify_fails(b.buf, b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[1].diag_layer: offset %u: offset 4096 points past "
                            "the end (%u bytes)",
                            layer_field, b.len));
    /* Pointing inside, it is sound. */
    uint32_t layer[SAMPLE_DIAG_LAYER_IDS];
    tb_link(&b, layer_field,
            tb_table(&b, SAMPLE_DIAG_LAYER_IDS, (const uint8_t[SAMPLE_DIAG_LAYER_IDS]){0}, layer));
    mdd_error err;
    assert_int_equal(verify_both(b.buf, b.len, NULL, &err), MDD_OK);
}

/* EcuData {variants [Variant {parent_refs [P0, P1]}]}; Pk {ref: TableDop {key_dop: DOP
 * {specific_data: NormalDOP {unit_ref: Uk}}}}. U0 and U1 share one vtable whose only field
 * is the double factorsitounit, 8 bytes into a 16-byte table; U0 starts on an 8-byte boundary,
 * U1 `shift` bytes past one. Returns U1's position. */
static uint32_t units_sharing_a_vtable(tb *b, uint32_t shift)
{
    tb_init(b);
    uint32_t variant[FIDS_VARIANT], unit_ref[2], unit[2];
    uint32_t variants = ecu_data_with_variants(b, 1);
    tb_link(b, variants + 4,
            tb_table(b, FIDS_VARIANT, (const uint8_t[FIDS_VARIANT]){[FID_VARIANT_PARENT_REFS] = 4},
                     variant));
    uint32_t refs = tb_vector(b, 2);
    tb_link(b, variant[FID_VARIANT_PARENT_REFS], refs);
    for (uint32_t k = 0; k < 2; k++) {
        uint32_t pr[FIDS_PARENT_REF], td[FIDS_TABLE_DOP], dop[FIDS_DOP], normal[FIDS_NORMAL_DOP];
        tb_link(b, refs + 4 + 4 * k,
                tb_table(b, FIDS_PARENT_REF,
                         (const uint8_t[FIDS_PARENT_REF]){[FID_PARENT_REF_REF_TYPE] = 1,
                                                          [FID_PARENT_REF_REF] = 4},
                         pr));
        b->buf[pr[FID_PARENT_REF_REF_TYPE]] = MDD_PARENT_REF_TYPE_TABLE_DOP;
        tb_link(b, pr[FID_PARENT_REF_REF],
                tb_table(b, FIDS_TABLE_DOP,
                         (const uint8_t[FIDS_TABLE_DOP]){[FID_TABLE_DOP_KEY_DOP] = 4}, td));
        tb_link(b, td[FID_TABLE_DOP_KEY_DOP],
                tb_table(b, FIDS_DOP,
                         (const uint8_t[FIDS_DOP]){[FID_DOP_SPECIFIC_DATA_TYPE] = 1,
                                                   [FID_DOP_SPECIFIC_DATA] = 4},
                         dop));
        b->buf[dop[FID_DOP_SPECIFIC_DATA_TYPE]] = MDD_SPECIFIC_DOP_DATA_NORMAL_DOP;
        tb_link(b, dop[FID_DOP_SPECIFIC_DATA],
                tb_table(b, FIDS_NORMAL_DOP,
                         (const uint8_t[FIDS_NORMAL_DOP]){[FID_NORMAL_DOP_UNIT_REF] = 4}, normal));
        unit_ref[k] = normal[FID_NORMAL_DOP_UNIT_REF];
    }
    tb_align(b, 2);
    uint32_t vt = tb_put(b, tb_vtable_size(FID_UNIT_FACTORSITOUNIT + 1), 2);
    tb_put(b, 16, 2);
    for (uint32_t id = 0; id <= FID_UNIT_FACTORSITOUNIT; id++)
        tb_put(b, id == FID_UNIT_FACTORSITOUNIT ? 8 : 0, 2);
    for (uint32_t k = 0; k < 2; k++) {
        tb_align(b, 8);
        for (uint32_t i = 0; k == 1 && i < shift; i++)
            tb_put(b, 0, 1);
        unit[k] = tb_put(b, 0, 4);
        tb_set32(b, unit[k], unit[k] - vt);
        for (uint32_t word = 0; word < 3; word++) /* padding, the double 0.0 */
            tb_put(b, 0, 4);
        tb_link(b, unit_ref[k], unit[k]);
    }
    return unit[1];
}

/* A vtable with an 8-byte field, checked for one table, says nothing of the field's alignment
 * in a table 4 bytes off: the fast pass must check that table again and find it misaligned. */
static void test_long_field_alignment_per_table(void **state)
{
    (void)state;
    static tb b;
    mdd_error err;
    units_sharing_a_vtable(&b, 0);
    assert_int_equal(verify_both(b.buf, b.len, NULL, &err), MDD_OK);
    uint32_t misaligned = units_sharing_a_vtable(&b, 4);
    assert_verify_fails(b.buf, b.len, NULL, MDD_ERR_FORMAT,
                        fmt("EcuData.variants[0].parent_refs[1].ref.key_dop.specific_data."
                            "unit_ref.factorsitounit: offset %u: field is not 8-byte aligned",
                            misaligned + 8));
}

/* ---- limits ---- */

static void test_depth_limit(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    o.max_depth = 3;
    mdd_error err;
    assert_int_equal(verify_both(s.b.buf, s.b.len, &o, &err), MDD_OK);
    o.max_depth = 2;
    assert_verify_fails(s.b.buf, s.b.len, &o, MDD_ERR_LIMIT,
                        fmt("EcuData.variants[0].diag_layer: offset %u: tables nest deeper than 2",
                            s.v0_layer));
}

static void test_tables_limit(void **state)
{
    (void)state;
    sample s;
    build_sample(&s);
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    o.max_tables = 3; /* EcuData, V0 and its layer; V1 is one too many */
    assert_verify_fails(s.b.buf, s.b.len, &o, MDD_ERR_LIMIT,
                        fmt("EcuData.variants[1]: offset %u: more than 3 tables", s.v1));
}

/* EcuData {variants [V0]}; Vk {parent_refs [Pk, Pk]}; Pk {ref: Vk+1}: every variant is
 * reached through 2^k paths, 2^levels in all. */
static void build_bomb(tb *b, uint32_t levels)
{
    tb_init(b);
    uint32_t v[FIDS_VARIANT], pr[SAMPLE_PARENT_REF_IDS];
    uint32_t link_at = ecu_data_with_variants(b, 1) + 4;
    for (uint32_t k = 0; k <= levels; k++) {
        tb_link(b, link_at,
                tb_table(b, FIDS_VARIANT,
                         (const uint8_t[FIDS_VARIANT]){
                             [FID_VARIANT_PARENT_REFS] = (uint8_t)(k < levels ? 4 : 0)},
                         v));
        if (k == levels)
            break;
        uint32_t refs = tb_vector(b, 2);
        tb_link(b, v[FID_VARIANT_PARENT_REFS], refs);
        uint32_t p = tb_table(b, SAMPLE_PARENT_REF_IDS,
                              (const uint8_t[SAMPLE_PARENT_REF_IDS]){[FID_PARENT_REF_REF_TYPE] = 1,
                                                                     [FID_PARENT_REF_REF] = 4},
                              pr);
        tb_link(b, refs + 4, p);
        tb_link(b, refs + 8, p);
        b->buf[pr[FID_PARENT_REF_REF_TYPE]] = MDD_PARENT_REF_TYPE_VARIANT;
        link_at = pr[FID_PARENT_REF_REF];
    }
}

static void test_shared_subtable_bomb(void **state)
{
    (void)state;
    tb b;
    build_bomb(&b, 30); /* 2^30 paths; 62 tables deep, inside the default depth of 64 */
    mdd_error err;
    assert_int_equal(verify_both(b.buf, b.len, NULL, &err), MDD_OK);
    /* Each shared table counts once against the tables limit: 1 + 31 variants + 30 refs. */
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    o.max_tables = 62;
    assert_int_equal(verify_both(b.buf, b.len, &o, &err), MDD_OK);
    o.max_tables = 10;
    assert_int_equal(verify_both(b.buf, b.len, &o, &err), MDD_ERR_LIMIT);
    const char *path = "EcuData.variants[0].parent_refs[0].ref.parent_refs[0].ref.parent_refs[0]"
                       ".ref.parent_refs[0].ref.parent_refs[0]: offset ";
    assert_memory_equal(err.message, path, strlen(path));
    assert_non_null(strstr(err.message, ": more than 10 tables"));
}

/* ---- damage to a real payload ---- */

/* Reads what a consumer would: layers, services, params and their coding. */
static void walk_views(const uint8_t *buf, size_t len)
{
    mdd_ecu_data e = mdd_ecu_data_root(buf, len);
    mdd_variant_vec vs = mdd_ecu_data_variants(e);
    for (uint32_t i = 0; i < mdd_variant_vec_count(vs); i++) {
        mdd_diag_layer l = mdd_variant_diag_layer(mdd_variant_vec_at(vs, i));
        mdd_diag_service_vec ss = mdd_diag_layer_diag_services(l);
        for (uint32_t k = 0; k < mdd_diag_service_vec_count(ss); k++) {
            mdd_diag_service svc = mdd_diag_service_vec_at(ss, k);
            (void)mdd_diag_comm_short_name(mdd_diag_service_diag_comm(svc));
            mdd_param_vec ps = mdd_request_params(mdd_diag_service_request(svc));
            for (uint32_t p = 0; p < mdd_param_vec_count(ps); p++) {
                mdd_coded_const c = mdd_param_coded_const(mdd_param_vec_at(ps, p));
                (void)mdd_coded_const_coded_value(c);
                (void)mdd_standard_length_type_bit_length(mdd_diag_coded_type_standard_length_type(
                    mdd_coded_const_diag_coded_type(c)));
            }
        }
    }
}

/* Every prefix fails with a format error, except those that only lose the payload's last
 * two bytes: padding after the last string, which nothing references. */
static void test_truncations(void **state)
{
    (void)state;
    size_t len = 0;
    uint8_t *payload = corpus_payload("FLXC1000", &len);
    if (!payload)
        skip();
    for (size_t cut = 0; cut < len; cut++) {
        /* An allocation of exactly cut bytes, so the sanitizer sees any read past it. */
        uint8_t *copy = malloc(cut ? cut : 1);
        memcpy(copy, payload, cut);
        mdd_error err;
        mdd_status st = verify_both(copy, cut, NULL, &err);
        if (cut >= len - 2) {
            assert_int_equal(st, MDD_OK);
        } else {
            assert_int_equal(st, MDD_ERR_FORMAT);
            assert_memory_equal(err.message, "EcuData", 7);
        }
        walk_views(copy, cut);
        free(copy);
    }
    free(payload);
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void test_byte_flips(void **state)
{
    (void)state;
    size_t len = 0;
    uint8_t *payload = corpus_payload("FLXC1000", &len);
    if (!payload)
        skip();
    uint64_t seed = 0x9e3779b97f4a7c15u;
    size_t outcomes[3] = {0};
    uint8_t *copy = malloc(len);
    for (int round = 0; round < 4000; round++) {
        memcpy(copy, payload, len);
        for (uint64_t n = 1 + next_random(&seed) % 4; n > 0; n--)
            copy[next_random(&seed) % len] ^= (uint8_t)(1 + next_random(&seed) % 255);
        mdd_error err;
        mdd_status st = verify_both(copy, len, NULL, &err);
        assert_true(st == MDD_OK || st == MDD_ERR_FORMAT || st == MDD_ERR_LIMIT);
        outcomes[st == MDD_OK ? 0 : st == MDD_ERR_FORMAT ? 1 : 2]++;
        walk_views(copy, len);
    }
    /* Most flips land in string bytes and verify; many break an offset. */
    assert_true(outcomes[0] > 0 && outcomes[1] > 0);
    free(copy);
    free(payload);
}

static void test_random_bytes(void **state)
{
    (void)state;
    uint64_t seed = 42;
    for (int round = 0; round < 2000; round++) {
        size_t len = 4 + next_random(&seed) % 512;
        uint8_t *buf = malloc(len);
        for (size_t i = 0; i < len; i++)
            buf[i] = (uint8_t)next_random(&seed);
        /* Half the time, a root offset that lands inside, to get past the first check. */
        if (round % 2) {
            buf[0] = (uint8_t)(4 * (1 + next_random(&seed) % 16));
            buf[1] = buf[2] = buf[3] = 0;
        }
        mdd_error err;
        mdd_status st = verify_both(buf, len, NULL, &err);
        assert_true(st == MDD_OK || st == MDD_ERR_FORMAT || st == MDD_ERR_LIMIT);
        walk_views(buf, len);
        free(buf);
    }
}

static int create_reused(void **state)
{
    (void)state;
    return mdd_fb_verifier_create(&reused[0], NULL) != MDD_OK ||
           mdd_fb_verifier_create(&reused[1], NULL) != MDD_OK;
}

static int destroy_reused(void **state)
{
    (void)state;
    mdd_fb_verifier_free(reused[0]);
    mdd_fb_verifier_free(reused[1]);
    return 0;
}

/* ---- the reusable verifier ---- */

/* A good payload, then a damaged copy at the same size and positions: a memo left from the
 * good one would mark its tables verified and let the damage through. Then the good one again,
 * and a larger payload, which grows the bookkeeping. */
static void test_verifier_reuse(void **state)
{
    (void)state;
    sample good, bad;
    build_sample(&good);
    build_sample(&bad);
    tb_set32(&bad.b, bad.v1_name, 1000);
    const char *want = fmt("EcuData.variants[1].diag_layer.short_name: offset %u: string of "
                           "1000 bytes runs past the end", bad.v1_name);
    for (fb_verify_mode mode = FB_VERIFY_QUICK_FIRST; mode <= FB_VERIFY_WALK_ONLY; mode++) {
        mdd_fb_verify_options o = mdd_fb_verify_options_default();
        mdd_fb_verifier *vf = NULL;
        assert_int_equal(mdd_fb_verifier_create(&vf, NULL), MDD_OK);
        mdd_error err = {0};
        assert_int_equal(fb_verifier_check_mode(vf, good.b.buf, good.b.len, &o, mode, &err), MDD_OK);
        assert_int_equal(fb_verifier_check_mode(vf, bad.b.buf, bad.b.len, &o, mode, &err),
                         MDD_ERR_FORMAT);
        assert_string_equal(err.message, want);
        assert_int_equal(fb_verifier_check_mode(vf, good.b.buf, good.b.len, &o, mode, &err), MDD_OK);
        tb bomb;
        build_bomb(&bomb, 20);
        assert_true(bomb.len > good.b.len);
        assert_int_equal(fb_verifier_check_mode(vf, bomb.buf, bomb.len, &o, mode, &err), MDD_OK);
        assert_int_equal(fb_verifier_check_mode(vf, bad.b.buf, bad.b.len, &o, mode, &err),
                         MDD_ERR_FORMAT);
        assert_string_equal(err.message, want);
        mdd_fb_verifier_free(vf);
    }
}

static void test_verifier_null(void **state)
{
    (void)state;
    mdd_error err;
    assert_int_equal(mdd_fb_verifier_create(NULL, &err), MDD_ERR_ARG);
    assert_int_equal(mdd_fb_verifier_check(NULL, (const uint8_t *)"", 0, NULL, &err),
                     MDD_ERR_ARG);
    assert_string_equal(err.message, "no verifier");
    mdd_fb_verifier_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_verifies),
        cmocka_unit_test(test_generated_modes_agree),
        cmocka_unit_test(test_sample_verifies),
        cmocka_unit_test(test_too_small),
        cmocka_unit_test(test_size_limit),
        cmocka_unit_test(test_root_offset),
        cmocka_unit_test(test_vtable_offset),
        cmocka_unit_test(test_huge_vtable_size),
        cmocka_unit_test(test_table_size),
        cmocka_unit_test(test_field_outside_table),
        cmocka_unit_test(test_misaligned_field),
        cmocka_unit_test(test_string_offset),
        cmocka_unit_test(test_string_past_end),
        cmocka_unit_test(test_string_without_nul),
        cmocka_unit_test(test_vector_past_end),
        cmocka_unit_test(test_vector_element_offset),
        cmocka_unit_test(test_union_member),
        cmocka_unit_test(test_union_tags),
        cmocka_unit_test(test_type_confusion),
        cmocka_unit_test(test_vector_confusion),
        cmocka_unit_test(test_tables_in_one_memo_slot),
        cmocka_unit_test(test_long_field_alignment_per_table),
        cmocka_unit_test(test_depth_limit),
        cmocka_unit_test(test_tables_limit),
        cmocka_unit_test(test_shared_subtable_bomb),
        cmocka_unit_test(test_truncations),
        cmocka_unit_test(test_byte_flips),
        cmocka_unit_test(test_random_bytes),
        cmocka_unit_test(test_verifier_reuse),
        cmocka_unit_test(test_verifier_null),
    };
    return cmocka_run_group_tests(tests, create_reused, destroy_reused);
}
