/* SPDX-License-Identifier: Apache-2.0 */
/* ComParams: resolution through inheritance (overrides, per protocol, protocol filter),
 * protocols, values as a visitor over nested complex values, integer getters, DoIP addresses,
 * and hostile payloads (a parent DAG that multiplies the work, wrong union tags, deep
 * nesting). The payloads are built here with the FlatBuffers builder; the expected answers
 * are worked out by hand from the layouts below. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <mdd/comparams.h>
#include <mdd_internal/ecu_fields.h>
#include <mdd_internal/gen.h>

#include <stdio.h>
#include <string.h>

/* ---- building payloads ---- */

static mdd_fb_ref str(mdd_fb_builder *b, const char *s) { return mdd_fb_create_cstring(b, s); }

static mdd_fb_ref def_regular(mdd_fb_builder *b, const char *name)
{
    mdd_fb_ref n = str(b, name);
    mdd_fb_table_start(b);
    mdd_fb_add_u8(b, FID_COM_PARAM_COM_PARAM_TYPE, MDD_COM_PARAM_TYPE_REGULAR);
    mdd_fb_add_ref(b, FID_COM_PARAM_SHORT_NAME, n);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref def_complex(mdd_fb_builder *b, const char *name, const mdd_fb_ref *members,
                              size_t count)
{
    mdd_fb_ref v = mdd_fb_create_refs(b, members, count);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_COMPLEX_COM_PARAM_COM_PARAMS, v);
    mdd_fb_ref data = mdd_fb_table_end(b);
    mdd_fb_ref n = str(b, name);
    mdd_fb_table_start(b);
    mdd_fb_add_u8(b, FID_COM_PARAM_COM_PARAM_TYPE, MDD_COM_PARAM_TYPE_COMPLEX);
    mdd_fb_add_ref(b, FID_COM_PARAM_SHORT_NAME, n);
    mdd_fb_add_u8(b, FID_COM_PARAM_SPECIFIC_DATA_TYPE,
                  MDD_COM_PARAM_SPECIFIC_DATA_COMPLEX_COM_PARAM);
    mdd_fb_add_ref(b, FID_COM_PARAM_SPECIFIC_DATA, data);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref simple(mdd_fb_builder *b, const char *value)
{
    mdd_fb_ref v = str(b, value);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_SIMPLE_VALUE_VALUE, v);
    return mdd_fb_table_end(b);
}

/* A ComplexValue of count entries with the given union tags. */
static mdd_fb_ref complex(mdd_fb_builder *b, const uint8_t *tags, const mdd_fb_ref *entries,
                          size_t count)
{
    mdd_fb_ref t = mdd_fb_create_bytes(b, tags, count);
    mdd_fb_ref e = mdd_fb_create_refs(b, entries, count);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_COMPLEX_VALUE_ENTRIES_TYPE, t);
    mdd_fb_add_ref(b, FID_COMPLEX_VALUE_ENTRIES, e);
    return mdd_fb_table_end(b);
}

/* A ComParamRef with a simple value (value not NULL) or the complex value cv. */
static mdd_fb_ref cp_ref(mdd_fb_builder *b, mdd_fb_ref def, const char *value, mdd_fb_ref cv,
                         mdd_fb_ref protocol)
{
    mdd_fb_ref sv = value ? simple(b, value) : 0;
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_COM_PARAM_REF_SIMPLE_VALUE, sv);
    mdd_fb_add_ref(b, FID_COM_PARAM_REF_COMPLEX_VALUE, cv);
    mdd_fb_add_ref(b, FID_COM_PARAM_REF_COM_PARAM, def);
    mdd_fb_add_ref(b, FID_COM_PARAM_REF_PROTOCOL, protocol);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref diag_layer(mdd_fb_builder *b, const char *name, const mdd_fb_ref *refs,
                             size_t count)
{
    mdd_fb_ref n = str(b, name);
    mdd_fb_ref v = count ? mdd_fb_create_refs(b, refs, count) : 0;
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_SHORT_NAME, n);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_COM_PARAM_REFS, v);
    return mdd_fb_table_end(b);
}

/* A table whose only field is a DiagLayer: Protocol and EcuSharedData (both id 0). */
static mdd_fb_ref layer_table(mdd_fb_builder *b, mdd_fb_ref dl)
{
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_PROTOCOL_DIAG_LAYER, dl);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref parent(mdd_fb_builder *b, uint8_t type, mdd_fb_ref layer)
{
    mdd_fb_table_start(b);
    mdd_fb_add_u8(b, FID_PARENT_REF_REF_TYPE, type);
    mdd_fb_add_ref(b, FID_PARENT_REF_REF, layer);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref variant(mdd_fb_builder *b, mdd_fb_ref dl, int is_base,
                          const mdd_fb_ref *parents, size_t count)
{
    mdd_fb_ref v = count ? mdd_fb_create_refs(b, parents, count) : 0;
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_VARIANT_DIAG_LAYER, dl);
    mdd_fb_add_u8(b, FID_VARIANT_IS_BASE_VARIANT, (uint8_t)is_base);
    mdd_fb_add_ref(b, FID_VARIANT_PARENT_REFS, v);
    return mdd_fb_table_end(b);
}

/* Finishes an EcuData of the given variants and opens it (verified unless verify is 0). */
static mdd_db *finish(mdd_fb_builder *b, const mdd_fb_ref *variants, size_t count, int verify)
{
    mdd_fb_ref v = mdd_fb_create_refs(b, variants, count);
    mdd_fb_ref name = str(b, "CPECU");
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_ECU_DATA_ECU_NAME, name);
    mdd_fb_add_ref(b, FID_ECU_DATA_VARIANTS, v);
    mdd_fb_ref root = mdd_fb_table_end(b);
    mdd_bytes payload;
    mdd_error err;
    if (mdd_fb_builder_finish(b, root, &payload, &err) != MDD_OK)
        fail_msg("build: %s", err.message);
    mdd_db_options opts = mdd_db_options_default();
    opts.store.verify = verify;
    mdd_db *db = NULL;
    if (mdd_db_open_payloads(&payload, 1, &opts, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return db;
}

static const uint8_t S = MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_SIMPLE_VALUE;
static const uint8_t C = MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_COMPLEX_VALUE;

/* The layers of the main payload:
 *   P1 (Protocol): CP_A=1 (no protocol)          P2 (Protocol): nothing
 *   ESD (EcuSharedData): CP_B=shared, CP_C=7
 *   Base (base variant): CP_A=10 (P1), CP_A=20 (P2), CP_C=base, CP_T={0x1000, {5, 6}, name};
 *        parents P1, P2, ESD
 *   App (variant): CP_A=11 (P1); parent Base
 * CP_T is complex with the members CP_E, CP_R, CP_N (all regular). */
static mdd_db *open_main(mdd_fb_builder *b)
{
    mdd_fb_ref a = def_regular(b, "CP_A"), bd = def_regular(b, "CP_B");
    mdd_fb_ref c = def_regular(b, "CP_C");
    mdd_fb_ref members[] = {def_regular(b, "CP_E"), def_regular(b, "CP_R"),
                            def_regular(b, "CP_N")};
    mdd_fb_ref t = def_complex(b, "CP_T", members, 3);

    mdd_fb_ref p1_refs[] = {cp_ref(b, a, "1", 0, 0)};
    mdd_fb_ref p1 = layer_table(b, diag_layer(b, "P1", p1_refs, 1));
    mdd_fb_ref p2 = layer_table(b, diag_layer(b, "P2", NULL, 0));
    mdd_fb_ref esd_refs[] = {cp_ref(b, bd, "shared", 0, 0), cp_ref(b, c, "7", 0, 0)};
    mdd_fb_ref esd = layer_table(b, diag_layer(b, "ESD", esd_refs, 2));

    mdd_fb_ref row[] = {simple(b, "5"), simple(b, "6")};
    mdd_fb_ref t_entries[] = {simple(b, "0x1000"), complex(b, (uint8_t[]){S, S}, row, 2),
                              simple(b, "name")};
    mdd_fb_ref t_value = complex(b, (uint8_t[]){S, C, S}, t_entries, 3);
    mdd_fb_ref base_refs[] = {cp_ref(b, a, "10", 0, p1), cp_ref(b, a, "20", 0, p2),
                              cp_ref(b, c, "base", 0, 0), cp_ref(b, t, NULL, t_value, 0)};
    mdd_fb_ref base_parents[] = {parent(b, MDD_PARENT_REF_TYPE_PROTOCOL, p1),
                                 parent(b, MDD_PARENT_REF_TYPE_PROTOCOL, p2),
                                 parent(b, MDD_PARENT_REF_TYPE_ECU_SHARED_DATA, esd)};
    mdd_fb_ref base = variant(b, diag_layer(b, "Base", base_refs, 4), 1, base_parents, 3);
    mdd_fb_ref app_refs[] = {cp_ref(b, a, "11", 0, p1)};
    mdd_fb_ref app_parents[] = {parent(b, MDD_PARENT_REF_TYPE_VARIANT, base)};
    mdd_fb_ref app = variant(b, diag_layer(b, "App", app_refs, 1), 0, app_parents, 1);
    mdd_fb_ref variants[] = {base, app};
    return finish(b, variants, 2, 1);
}

/* ---- checking answers ---- */

static void assert_bytes(mdd_bytes actual, const char *expected)
{
    if (!expected) {
        assert_null(actual.ptr);
        return;
    }
    if (!mdd_bytes_equal_str(actual, expected))
        fail_msg("expected \"%s\", got \"%.*s\"%s", expected, (int)actual.len,
                 actual.ptr ? (const char *)actual.ptr : "", actual.ptr ? "" : " (absent)");
}

/* What a resolved ComParam is expected to be; value NULL for a complex one. */
typedef struct expected_cp {
    const char *name;
    const char *protocol;
    const char *value;
    const char *layer;
    uint32_t depth;
} expected_cp;

static void assert_comparams(const mdd_db_layer *layer, const char *protocol,
                             const expected_cp *want, size_t count)
{
    mdd_comparam got[16];
    size_t total = 99;
    mdd_error err;
    if (mdd_db_layer_comparams(layer, protocol, got, 16, &total, &err) != MDD_OK)
        fail_msg("comparams: %s", err.message);
    assert_int_equal(total, count);
    for (size_t i = 0; i < count; i++) {
        assert_bytes(got[i].name, want[i].name);
        assert_bytes(got[i].protocol, want[i].protocol);
        mdd_simple_value sv = mdd_com_param_ref_simple_value(got[i].ref);
        if (want[i].value)
            assert_bytes(mdd_simple_value_value(sv), want[i].value);
        else
            assert_true(mdd_present(mdd_com_param_ref_complex_value(got[i].ref)));
        assert_bytes(mdd_diag_layer_short_name(got[i].layer), want[i].layer);
        assert_int_equal(got[i].depth, want[i].depth);
        assert_bytes(mdd_com_param_short_name(got[i].com_param), want[i].name);
    }
}

static const mdd_db_layer *find_variant(const mdd_db *db, const char *name)
{
    const mdd_db_layer *layer = mdd_db_ecu_find_variant(mdd_db_ecu_at(db, 0), name);
    assert_non_null(layer);
    return layer;
}

/* ---- resolution ---- */

static void test_all_protocols(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_main(&b);
    /* App's own CP_A (P1) hides Base's; Base's CP_A (P2) and P1's protocol-less CP_A are other
     * keys; Base's CP_C hides ESD's. */
    static const expected_cp app[] = {
        {"CP_A", "P1", "11", "App", 0},   {"CP_A", "P2", "20", "Base", 1},
        {"CP_C", NULL, "base", "Base", 1}, {"CP_T", NULL, NULL, "Base", 1},
        {"CP_A", NULL, "1", "P1", 2},     {"CP_B", NULL, "shared", "ESD", 2},
    };
    assert_comparams(find_variant(db, "App"), NULL, app, 6);
    static const expected_cp base[] = {
        {"CP_A", "P1", "10", "Base", 0},  {"CP_A", "P2", "20", "Base", 0},
        {"CP_C", NULL, "base", "Base", 0}, {"CP_T", NULL, NULL, "Base", 0},
        {"CP_A", NULL, "1", "P1", 1},     {"CP_B", NULL, "shared", "ESD", 1},
    };
    assert_comparams(find_variant(db, "Base"), NULL, base, 6);
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

static void test_one_protocol(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_main(&b);
    const mdd_db_layer *app = find_variant(db, "App");
    /* For P2, App's CP_A (P1) does not count; P1's protocol-less CP_A loses to Base's. */
    static const expected_cp p2[] = {
        {"CP_A", "P2", "20", "Base", 1},
        {"CP_C", NULL, "base", "Base", 1},
        {"CP_T", NULL, NULL, "Base", 1},
        {"CP_B", NULL, "shared", "ESD", 2},
    };
    assert_comparams(app, "P2", p2, 4);
    static const expected_cp p1[] = {
        {"CP_A", "P1", "11", "App", 0},
        {"CP_C", NULL, "base", "Base", 1},
        {"CP_T", NULL, NULL, "Base", 1},
        {"CP_B", NULL, "shared", "ESD", 2},
    };
    assert_comparams(app, "P1", p1, 4);

    /* A short array gets the first answers and the total. */
    mdd_comparam two[2];
    size_t total = 0;
    mdd_error err;
    assert_int_equal(mdd_db_layer_comparams(app, NULL, two, 2, &total, &err), MDD_OK);
    assert_int_equal(total, 6);
    assert_bytes(two[1].protocol, "P2");
    assert_int_equal(mdd_db_layer_comparams(app, NULL, NULL, 0, &total, &err), MDD_OK);
    assert_int_equal(total, 6);
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

static void test_protocols_and_unknown_protocol(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_main(&b);
    const mdd_db_layer *app = find_variant(db, "App");
    mdd_bytes names[4];
    size_t total = 0;
    mdd_error err;
    assert_int_equal(mdd_db_layer_protocols(app, names, 4, &total, &err), MDD_OK);
    assert_int_equal(total, 2);
    assert_bytes(names[0], "P1");
    assert_bytes(names[1], "P2");

    mdd_comparam cp;
    assert_int_equal(mdd_db_layer_comparams(app, "P3", NULL, 0, &total, &err),
                     MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "layer 'App' has no protocol 'P3'; it has: P1, P2");
    assert_int_equal(mdd_db_layer_find_comparam(app, "P3", "CP_A", &cp, &err),
                     MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "layer 'App' has no protocol 'P3'; it has: P1, P2");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

static void test_find(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_main(&b);
    const mdd_db_layer *app = find_variant(db, "App");
    mdd_comparam cp;
    mdd_error err;
    assert_int_equal(mdd_db_layer_find_comparam(app, NULL, "CP_A", &cp, &err), MDD_OK);
    assert_bytes(mdd_simple_value_value(mdd_com_param_ref_simple_value(cp.ref)), "11");
    assert_int_equal(mdd_db_layer_find_comparam(app, "P2", "CP_A", &cp, &err), MDD_OK);
    assert_bytes(mdd_simple_value_value(mdd_com_param_ref_simple_value(cp.ref)), "20");
    assert_int_equal(mdd_db_layer_find_comparam(app, "P2", "CP_B", &cp, &err), MDD_OK);
    assert_bytes(mdd_diag_layer_short_name(cp.layer), "ESD");
    assert_int_equal(mdd_db_layer_find_comparam(app, NULL, "CP_X", &cp, &err),
                     MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "layer 'App' has no ComParam 'CP_X'");
    assert_int_equal(mdd_db_layer_find_comparam(app, "P1", "CP_X", &cp, &err),
                     MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "layer 'App' has no ComParam 'CP_X' for protocol P1");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

/* ---- values ---- */

typedef struct trace {
    char text[256];
    int simple_left; /* stop after this many simple values (-1: never) */
} trace;

static void trace_add(trace *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void trace_add(trace *t, const char *fmt, ...)
{
    size_t used = strlen(t->text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->text + used, sizeof t->text - used, fmt, ap);
    va_end(ap);
}

static int on_simple(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def,
                     mdd_bytes value)
{
    trace *t = ctx;
    mdd_bytes n = mdd_com_param_short_name(def);
    trace_add(t, "S%u.%u:%.*s=%.*s;", (unsigned)depth, (unsigned)index, (int)n.len,
              n.ptr ? (const char *)n.ptr : "", (int)value.len, (const char *)value.ptr);
    return t->simple_left >= 0 && --t->simple_left == 0;
}

static int on_begin(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def)
{
    mdd_bytes n = mdd_com_param_short_name(def);
    trace_add(ctx, "B%u.%u:%.*s;", (unsigned)depth, (unsigned)index, (int)n.len,
              n.ptr ? (const char *)n.ptr : "");
    return 0;
}

static int on_end(void *ctx, uint32_t depth)
{
    trace_add(ctx, "E%u;", (unsigned)depth);
    return 0;
}

static const mdd_comparam_visitor tracer = {on_simple, on_begin, on_end};

static mdd_comparam find(const mdd_db *db, const char *variant_name, const char *name)
{
    mdd_comparam cp;
    mdd_error err;
    if (mdd_db_layer_find_comparam(find_variant(db, variant_name), NULL, name, &cp, &err) !=
        MDD_OK)
        fail_msg("find %s: %s", name, err.message);
    return cp;
}

static void test_visit_value(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_main(&b);
    mdd_error err;
    /* The nested value {5, 6} is a row of CP_T (its member CP_R is not complex), so its
     * entries take CP_T's members again. */
    mdd_comparam t = find(db, "App", "CP_T");
    trace tr = {"", -1};
    assert_int_equal(mdd_comparam_visit_value(&t, &tracer, &tr, &err), MDD_OK);
    assert_string_equal(tr.text, "B0.0:CP_T;S1.0:CP_E=0x1000;B1.1:CP_T;S2.0:CP_E=5;"
                                 "S2.1:CP_R=6;E1;S1.2:CP_N=name;E0;");
    trace stop = {"", 2};
    assert_int_equal(mdd_comparam_visit_value(&t, &tracer, &stop, &err), MDD_OK);
    assert_string_equal(stop.text, "B0.0:CP_T;S1.0:CP_E=0x1000;B1.1:CP_T;S2.0:CP_E=5;");
    mdd_comparam c = find(db, "App", "CP_C");
    trace simple_only = {"", -1};
    assert_int_equal(mdd_comparam_visit_value(&c, &tracer, &simple_only, &err), MDD_OK);
    assert_string_equal(simple_only.text, "S0.0:CP_C=base;");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

static void test_uint(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_main(&b);
    mdd_error err;
    uint64_t v = 0;
    mdd_comparam t = find(db, "App", "CP_T");
    assert_int_equal(mdd_comparam_uint(&t, "CP_E", 65535, &v, &err), MDD_OK);
    assert_int_equal(v, 4096);
    assert_int_equal(mdd_comparam_uint(&t, "CP_R", 65535, &v, &err), MDD_OK);
    assert_int_equal(v, 6);
    assert_int_equal(mdd_comparam_uint(&t, "CP_Q", 65535, &v, &err), MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "ComParam 'CP_T' has no member 'CP_Q'");
    assert_int_equal(mdd_comparam_uint(&t, NULL, 65535, &v, &err), MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "ComParam 'CP_T' has no simple value");
    assert_int_equal(mdd_comparam_uint(&t, "CP_N", 65535, &v, &err), MDD_ERR_FORMAT);
    assert_string_equal(err.message,
                        "ComParam 'CP_T' member CP_N: value 'name' is not an integer of 0..65535");
    mdd_comparam a = find(db, "App", "CP_A");
    assert_int_equal(mdd_comparam_uint(&a, NULL, 11, &v, &err), MDD_OK);
    assert_int_equal(v, 11);
    assert_int_equal(mdd_comparam_uint(&a, NULL, 10, &v, &err), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "ComParam 'CP_A': value '11' is not an integer of 0..10");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

/* ---- DoIP addresses ---- */

/* Variant D sets the DoIP ComParams as the corpus does (the functional address in hex);
 * variant Bad has a gateway address past 16 bits. */
static mdd_db *open_doip(mdd_fb_builder *b)
{
    mdd_fb_ref gw = def_regular(b, "CP_DoIPLogicalGatewayAddress");
    mdd_fb_ref fn = def_regular(b, "CP_DoIPLogicalFunctionalAddress");
    mdd_fb_ref members[] = {def_regular(b, "CP_DoIPLogicalEcuAddress"),
                            def_regular(b, "CP_DoIPSecondaryLogicalECUResponseAddress"),
                            def_regular(b, "CP_ECULayerShortName")};
    mdd_fb_ref table = def_complex(b, "CP_UniqueRespIdTable", members, 3);
    mdd_fb_ref row[] = {simple(b, "16384"), simple(b, "0"), simple(b, "D")};
    mdd_fb_ref d_refs[] = {cp_ref(b, table, NULL, complex(b, (uint8_t[]){S, S, S}, row, 3), 0),
                           cp_ref(b, gw, "57005", 0, 0), cp_ref(b, fn, "0xFFFF", 0, 0)};
    mdd_fb_ref bad_refs[] = {cp_ref(b, gw, "65536", 0, 0)};
    mdd_fb_ref variants[] = {variant(b, diag_layer(b, "D", d_refs, 3), 1, NULL, 0),
                             variant(b, diag_layer(b, "Bad", bad_refs, 1), 0, NULL, 0)};
    return finish(b, variants, 2, 1);
}

static void test_doip_addresses(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_db *db = open_doip(&b);
    mdd_doip_addresses d;
    mdd_error err;
    assert_int_equal(mdd_db_layer_doip_addresses(find_variant(db, "D"), NULL, &d, &err), MDD_OK);
    assert_int_equal(d.present, MDD_DOIP_ECU | MDD_DOIP_SECONDARY_RESPONSE | MDD_DOIP_GATEWAY |
                                    MDD_DOIP_FUNCTIONAL);
    assert_int_equal(d.ecu, 16384);
    assert_int_equal(d.secondary_response, 0);
    assert_int_equal(d.gateway, 57005);
    assert_int_equal(d.functional, 65535);
    assert_int_equal(d.tester, 0);
    assert_int_equal(mdd_db_layer_doip_addresses(find_variant(db, "Bad"), NULL, &d, &err),
                     MDD_ERR_FORMAT);
    assert_string_equal(err.message, "ComParam 'CP_DoIPLogicalGatewayAddress': value '65536' "
                                     "is not an integer of 0..65535");
    assert_int_equal(d.present, 0);
    assert_int_equal(mdd_db_layer_doip_addresses(find_variant(db, "D"), "DMC_DoIP", &d, &err),
                     MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "layer 'D' has no protocol 'DMC_DoIP'; it has: none");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

/* ---- hostile payloads ---- */

/* A variant whose one ComParam has the value cv (opened without verification). */
static mdd_db *open_value(mdd_fb_builder *b, mdd_fb_ref def, mdd_fb_ref cv)
{
    mdd_fb_ref refs[] = {cp_ref(b, def, NULL, cv, 0)};
    mdd_fb_ref variants[] = {variant(b, diag_layer(b, "V", refs, 1), 1, NULL, 0)};
    return finish(b, variants, 1, 0);
}

static void assert_value_fails(mdd_db *db, mdd_status status, const char *message)
{
    mdd_comparam cp = find(db, "V", "CP_W");
    trace tr = {"", -1};
    mdd_error err;
    assert_int_equal(mdd_comparam_visit_value(&cp, &tracer, &tr, &err), status);
    assert_string_equal(err.message, message);
}

static void test_wrong_union_tag(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_fb_ref def = def_regular(&b, "CP_W");
    mdd_fb_ref entries[] = {simple(&b, "1"), simple(&b, "2")};
    mdd_fb_ref inner = complex(&b, (uint8_t[]){S, 7}, entries, 2);
    mdd_fb_ref outer_entries[] = {simple(&b, "0"), inner};
    mdd_db *db = open_value(&b, def, complex(&b, (uint8_t[]){S, C}, outer_entries, 2));
    assert_value_fails(db, MDD_ERR_FORMAT,
                       "ComParam 'CP_W': complex_value.entries[1].entries[1]: union tag 7 is "
                       "neither SimpleValue nor ComplexValue");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

static void test_deep_nesting(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_fb_ref def = def_regular(&b, "CP_W");
    mdd_fb_ref v = simple(&b, "x");
    uint8_t tag = S;
    for (int i = 0; i < 20; i++) {
        v = complex(&b, &tag, &v, 1);
        tag = C;
    }
    mdd_db *db = open_value(&b, def, v);
    char expected[256] = "ComParam 'CP_W': complex_value";
    for (int i = 0; i < 16; i++)
        strcat(expected, ".entries[0]");
    strcat(expected, ": complex values nested deeper than 16");
    assert_value_fails(db, MDD_ERR_LIMIT, expected);
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

static void test_shared_entries_bounded(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_fb_ref def = def_regular(&b, "CP_W");
    /* Each level holds the level below 16 times: 16^6 entries from a few hundred bytes. */
    mdd_fb_ref v = simple(&b, "x");
    uint8_t tags[16];
    mdd_fb_ref entries[16];
    for (int level = 0; level < 6; level++) {
        for (int i = 0; i < 16; i++) {
            tags[i] = level == 0 ? S : C;
            entries[i] = v;
        }
        v = complex(&b, tags, entries, 16);
    }
    mdd_db *db = open_value(&b, def, v);
    mdd_comparam cp = find(db, "V", "CP_W");
    mdd_error err;
    static const mdd_comparam_visitor nothing = {0};
    assert_int_equal(mdd_comparam_visit_value(&cp, &nothing, NULL, &err), MDD_ERR_LIMIT);
    /* Below the top, a level-k value holds n(k) = 16 * (1 + n(k-1)) entries, n(0) = 16: the
     * first two levels count 2, each of their first 14 children 1 + n(2) = 4369, so entry
     * 65537 is the last one under child 14. */
    assert_string_equal(err.message, "ComParam 'CP_W': complex_value.entries[0].entries[0]."
                                     "entries[14].entries[15].entries[15].entries[15]: more than "
                                     "65536 entries in the value");
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

/* A chain of variants, each referring to the next twice: the walk meets the bottom 2^levels
 * times, and checking each meeting against the earlier ones runs out of steps. */
static void test_parent_dag_bounded(void **state)
{
    (void)state;
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_fb_ref refs[] = {cp_ref(&b, def_regular(&b, "CP_A"), "1", 0, 0)};
    mdd_fb_ref v = variant(&b, diag_layer(&b, "L20", refs, 1), 0, NULL, 0);
    for (int level = 19; level >= 0; level--) {
        char name[8];
        snprintf(name, sizeof name, "L%d", level);
        mdd_fb_ref p = parent(&b, MDD_PARENT_REF_TYPE_VARIANT, v);
        mdd_fb_ref parents[] = {p, p};
        v = variant(&b, diag_layer(&b, name, NULL, 0), level == 0, parents, 2);
    }
    mdd_db *db = finish(&b, &v, 1, 1);
    const mdd_db_layer *top = find_variant(db, "L0");
    size_t total = 0;
    mdd_error err;
    assert_int_equal(mdd_db_layer_comparams(top, NULL, NULL, 0, &total, &err), MDD_ERR_LIMIT);
    assert_string_equal(err.message, "ComParam inheritance takes more than 16777216 steps");
    /* Finding stops at the first match, which is cheap. */
    mdd_comparam cp;
    assert_int_equal(mdd_db_layer_find_comparam(top, NULL, "CP_A", &cp, &err), MDD_OK);
    assert_int_equal(cp.depth, 20);
    mdd_db_close(db);
    mdd_fb_builder_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_protocols),
        cmocka_unit_test(test_one_protocol),
        cmocka_unit_test(test_protocols_and_unknown_protocol),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_visit_value),
        cmocka_unit_test(test_uint),
        cmocka_unit_test(test_doip_addresses),
        cmocka_unit_test(test_wrong_union_tag),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_shared_entries_bounded),
        cmocka_unit_test(test_parent_dag_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
