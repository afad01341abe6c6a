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

#include "case_table.h"

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

/* ---- one thing broken in the sample ---- */

/* Places in the sample that damage and expected messages are given by. */
typedef enum sample_place {
    START,              /* 0: the root offset, and the base of constants */
    LENGTH,             /* the payload's size */
    ROOT,               /* the EcuData table */
    ROOT_VTABLE,        /* its vtable */
    ROOT_TABLE_SIZE,    /* its size, as its vtable says */
    ROOT_VERSION_SLOT,  /* the vtable slot of its version field */
    VERSION_FIELD,      /* the version field (an offset to the string) */
    VERSION_IN_ROOT,    /* the field's offset inside the table */
    VERSION_STRING,     /* the version string "1.0" (its length, then its bytes) */
    VARIANTS,           /* the vector of variants (its count, then its offsets) */
    V0,                 /* the base variant */
    V0_LAYER,           /* its DiagLayer */
    V1,                 /* the second variant */
    V1_VTABLE,          /* its vtable */
    V1_NAME,            /* its DiagLayer's short name */
    REF_FIELD,          /* V1's parent ref's ref field (an offset to V0) */
    REF_TYPE_FIELD,     /* its union tag */
    SAMPLE_PLACES
} sample_place;

static void places_of(const sample *s, uint32_t at[SAMPLE_PLACES])
{
    uint32_t root_vtable = vtable_of(&s->b, s->root);
    at[START] = 0;
    at[LENGTH] = s->b.len;
    at[ROOT] = s->root;
    at[ROOT_VTABLE] = root_vtable;
    at[ROOT_TABLE_SIZE] = s->b.buf[root_vtable + 2] | (uint32_t)s->b.buf[root_vtable + 3] << 8;
    at[ROOT_VERSION_SLOT] = tb_vtable_slot(root_vtable, FID_ECU_DATA_VERSION);
    at[VERSION_FIELD] = s->version_field;
    at[VERSION_IN_ROOT] = s->version_field - s->root;
    at[VERSION_STRING] = s->version_str;
    at[VARIANTS] = s->variants;
    at[V0] = s->v0;
    at[V0_LAYER] = s->v0_layer;
    at[V1] = s->v1;
    at[V1_VTABLE] = vtable_of(&s->b, s->v1);
    at[V1_NAME] = s->v1_name;
    at[REF_FIELD] = s->ref_field;
    at[REF_TYPE_FIELD] = s->ref_type_field;
}

/* A position or value: a place plus a constant (START plus the value for a constant). */
typedef struct spot {
    sample_place place;
    uint32_t plus;
} spot;

#define AT(place) {(place), 0}
#define PAST(place, n) {(place), (n)}
#define VALUE(v) {START, (uint32_t)(v)}
/* A message's unused spot. */
#define NO_SPOT {START, 0}

static uint32_t spot_in(const uint32_t at[SAMPLE_PLACES], spot s)
{
    return at[s.place] + s.plus;
}

/* A message: a printf format of the positions of up to two spots. */
typedef struct message_of {
    const char *format;
    spot first, second;
} message_of;

/* The sample with one thing broken, verified under limits, and what the verifier says. */
typedef struct damage_case {
    const char *name;
    uint32_t width;   /* bytes written at `at` (1, 2 or 4), 0 for none */
    int relative;     /* whether what is written is value's offset from at (a link) */
    spot at, value;
    uint32_t max_size, max_depth, max_tables; /* 0: the default */
    mdd_status status;
    message_of message;
} damage_case;

#define WRITE(n, where, what) .width = (n), .at = where, .value = what
#define LINK(where, target) .width = 4, .relative = 1, .at = where, .value = target
/* FAILS(status, format, spots...) */
#define FAILS(st, ...) .status = (st), .message = {__VA_ARGS__}

static const damage_case damage_cases[] = {
    {"size limit", .max_size = 16,
     FAILS(MDD_ERR_LIMIT, "EcuData: offset 0: %u bytes exceed the limit of 16",
           AT(LENGTH), NO_SPOT)},
    {"root offset past the end", WRITE(4, AT(START), VALUE(0x10000)),
     FAILS(MDD_ERR_FORMAT, "EcuData: offset 0: offset 65536 points past the end (%u bytes)",
           AT(LENGTH), NO_SPOT)},
    {"root offset at itself", WRITE(4, AT(START), VALUE(0)),
     FAILS(MDD_ERR_FORMAT, "EcuData: offset 0: offset 0 points at itself", NO_SPOT, NO_SPOT)},
    {"root table misaligned", WRITE(4, AT(START), VALUE(2)),
     FAILS(MDD_ERR_FORMAT, "EcuData: offset 2: table is not 4-byte aligned", NO_SPOT, NO_SPOT)},
    {"vtable offset past the end", WRITE(4, AT(ROOT), VALUE(0x7fffffff)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData: offset %u: vtable offset 2147483647 points outside the buffer",
           AT(ROOT), NO_SPOT)},
    {"vtable offset before the start", WRITE(4, AT(ROOT), VALUE(-0x10000)),
     FAILS(MDD_ERR_FORMAT, "EcuData: offset %u: vtable offset -65536 points outside the buffer",
           AT(ROOT), NO_SPOT)},
    /* A vtable at 2^32 - 1, right after the reused verifiers met the sound sample: the fast
     * pass once took that position for "no vtable seen yet" and trusted what it had learnt. */
    {"vtable at 2^32 - 1", WRITE(4, AT(ROOT), PAST(ROOT, 1)),
     FAILS(MDD_ERR_FORMAT, "EcuData: offset %u: vtable offset %u points outside the buffer",
           AT(ROOT), PAST(ROOT, 1))},
    {"huge vtable size", WRITE(2, AT(ROOT_VTABLE), VALUE(0xfffe)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData: offset %u: vtable at %u has a bad size 65534 (even, 4 or more, inside the "
           "buffer)",
           AT(ROOT), AT(ROOT_VTABLE))},
    {"odd vtable size", WRITE(2, AT(ROOT_VTABLE), VALUE(3)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData: offset %u: vtable at %u has a bad size 3 (even, 4 or more, inside the "
           "buffer)",
           AT(ROOT), AT(ROOT_VTABLE))},
    {"table size past the end", WRITE(2, PAST(V1_VTABLE, 2), VALUE(0xfff0)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.variants[1]: offset %u: table size 65520 runs past the end or is below 4",
           AT(V1), NO_SPOT)},
    {"field outside its table", WRITE(2, AT(ROOT_VERSION_SLOT), VALUE(200)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.version: offset %u: field at 200 runs past the end of its table (%u bytes)",
           AT(ROOT), AT(ROOT_TABLE_SIZE))},
    {"misaligned field", WRITE(2, AT(ROOT_VERSION_SLOT), PAST(VERSION_IN_ROOT, 1)),
     FAILS(MDD_ERR_FORMAT, "EcuData.version: offset %u: field is not 4-byte aligned",
           PAST(VERSION_FIELD, 1), NO_SPOT)},
    {"string offset past the end", WRITE(4, AT(VERSION_FIELD), VALUE(0x100000)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.version: offset %u: offset 1048576 points past the end (%u bytes)",
           AT(VERSION_FIELD), AT(LENGTH))},
    {"string past the end", WRITE(4, AT(V1_NAME), VALUE(1000)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.variants[1].diag_layer.short_name: offset %u: string of 1000 bytes runs "
           "past the end",
           AT(V1_NAME), NO_SPOT)},
    /* The NUL after "1.0" (4 bytes of length, 3 of text). */
    {"string without its NUL", WRITE(1, PAST(VERSION_STRING, 4 + 3), VALUE('x')),
     FAILS(MDD_ERR_FORMAT, "EcuData.version: offset %u: string of 3 bytes lacks its NUL",
           AT(VERSION_STRING), NO_SPOT)},
    {"vector past the end", WRITE(4, AT(VARIANTS), VALUE(0x40000000)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.variants: offset %u: vector of 1073741824 elements of 4 bytes runs past the "
           "end",
           AT(VARIANTS), NO_SPOT)},
    {"vector element offset past the end", WRITE(4, PAST(VARIANTS, 8), VALUE(0xfffffff0)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.variants[1]: offset %u: offset 4294967280 points past the end (%u bytes)",
           PAST(VARIANTS, 8), AT(LENGTH))},
    {"vector element misaligned", LINK(PAST(VARIANTS, 8), PAST(V1, 2)),
     FAILS(MDD_ERR_FORMAT, "EcuData.variants[1]: offset %u: table is not 4-byte aligned",
           PAST(V1, 2), NO_SPOT)},
    {"union member misaligned", LINK(AT(REF_FIELD), PAST(V0, 2)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.variants[1].parent_refs[0].ref: offset %u: table is not 4-byte aligned",
           PAST(V0, 2), NO_SPOT)},
    {"union member of another type",
     WRITE(1, AT(REF_TYPE_FIELD), VALUE(MDD_PARENT_REF_TYPE_ECU_SHARED_DATA)),
     FAILS(MDD_ERR_FORMAT,
           "EcuData.variants[1].parent_refs[0].ref: offset %u: EcuSharedData is also used as "
           "something of another type",
           AT(V0), NO_SPOT)},
    {"depth limit just enough", .max_depth = 3, .status = MDD_OK},
    {"depth limit", .max_depth = 2,
     FAILS(MDD_ERR_LIMIT,
           "EcuData.variants[0].diag_layer: offset %u: tables nest deeper than 2",
           AT(V0_LAYER), NO_SPOT)},
    /* EcuData, V0 and its layer; V1 is one too many. */
    {"tables limit", .max_tables = 3,
     FAILS(MDD_ERR_LIMIT, "EcuData.variants[1]: offset %u: more than 3 tables", AT(V1), NO_SPOT)},
};

static void test_damaged_sample(void **state)
{
    const damage_case *c = *state;
    sample s;
    build_sample(&s);
    mdd_error err;
    /* The reused verifiers meet the sound sample right before the damaged one. */
    assert_int_equal(verify_both(s.b.buf, s.b.len, NULL, &err), MDD_OK);
    uint32_t at[SAMPLE_PLACES];
    places_of(&s, at);
    if (c->width) {
        uint32_t where = spot_in(at, c->at), what = spot_in(at, c->value);
        tb_set(&s.b, where, c->relative ? what - where : what, c->width);
    }
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    if (c->max_size)
        o.max_size = c->max_size;
    if (c->max_depth)
        o.max_depth = c->max_depth;
    if (c->max_tables)
        o.max_tables = c->max_tables;
    if (c->status == MDD_OK)
        assert_int_equal(verify_both(s.b.buf, s.b.len, &o, &err), MDD_OK);
    else
        assert_verify_fails(s.b.buf, s.b.len, &o, c->status,
                            fmt(c->message.format, spot_in(at, c->message.first),
                                spot_in(at, c->message.second)));
}

/* ---- unions and shared tables ---- */

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
        cmocka_unit_test(test_union_tags),
        cmocka_unit_test(test_vector_confusion),
        cmocka_unit_test(test_tables_in_one_memo_slot),
        cmocka_unit_test(test_long_field_alignment_per_table),
        cmocka_unit_test(test_shared_subtable_bomb),
        cmocka_unit_test(test_truncations),
        cmocka_unit_test(test_byte_flips),
        cmocka_unit_test(test_random_bytes),
        cmocka_unit_test(test_verifier_reuse),
        cmocka_unit_test(test_verifier_null),
    };
    const tu_case_table tables[] = {TU_CASES(test_damaged_sample, damage_cases)};
    return TU_RUN_GROUP_WITH_CASES(tests, tables, create_reused, destroy_reused);
}
