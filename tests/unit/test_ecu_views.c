/* SPDX-License-Identifier: Apache-2.0 */
/* The typed EcuData views: exact values from real payloads (checked against the corpus's
 * expect files and flatc), defaults of absent fields, optional scalars, absent views, and
 * views over bytes that were never verified. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "fb_builder.h"
#include "testutil.h"

#include <mdd/ecu.h>
#include <mdd/fb.h>
#include <mdd/fb_verify.h>
#include <mdd_internal/ecu_fields.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static void assert_bytes(mdd_bytes actual, const char *expected)
{
    if (!mdd_bytes_equal_str(actual, expected))
        fail_msg("expected \"%s\", got \"%.*s\"%s", expected, (int)actual.len,
                 actual.ptr ? (const char *)actual.ptr : "", actual.ptr ? "" : " (absent)");
}

/* A verified corpus payload; the test skips without a corpus. */
typedef struct payload {
    uint8_t *buf;
    size_t len;
    mdd_ecu_data root;
} payload;

static void load(payload *p, const char *name)
{
    char file_name[256];
    snprintf(file_name, sizeof file_name, "%s.mdd", name);
    size_t file_len;
    uint8_t *file = tu_read_corpus_file(file_name, &file_len);
    if (!file)
        skip();
    p->buf = tb_corpus_payload(file, file_len, &p->len);
    free(file);
    assert_non_null(p->buf);
    assert_int_equal(mdd_fb_verify_ecu_data(p->buf, p->len, NULL, NULL), MDD_OK);
    p->root = mdd_ecu_data_root(p->buf, p->len);
    assert_true(mdd_present(p->root));
}

static mdd_diag_layer variant_layer(const payload *p, uint32_t i)
{
    return mdd_variant_diag_layer(mdd_variant_vec_at(mdd_ecu_data_variants(p->root), i));
}

/* The service of layer l named name; fails when there is none. */
static mdd_diag_service find_service(mdd_diag_layer l, const char *name)
{
    mdd_diag_service_vec v = mdd_diag_layer_diag_services(l);
    for (uint32_t i = 0; i < mdd_diag_service_vec_count(v); i++) {
        mdd_diag_service s = mdd_diag_service_vec_at(v, i);
        if (mdd_bytes_equal_str(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s)), name))
            return s;
    }
    fail_msg("no service %s", name);
    return mdd_diag_service_vec_at(v, UINT32_MAX);
}

/* ---- FLXC1000 ---- */

static void test_root(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    assert_bytes(mdd_ecu_data_version(p.root), "2025-05-10");
    assert_bytes(mdd_ecu_data_ecu_name(p.root), "FLXC1000");
    assert_bytes(mdd_ecu_data_revision(p.root), "00.01.00");
    assert_int_equal(mdd_ecu_data_metadata(p.root).v.pos, 0);
    assert_null(mdd_ecu_data_feature_flags(p.root).ptr);
    assert_int_equal(mdd_variant_vec_count(mdd_ecu_data_variants(p.root)), 3);
    assert_int_equal(mdd_functional_group_vec_count(mdd_ecu_data_functional_groups(p.root)), 0);
    free(p.buf);
}

static void test_variants(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    static const struct {
        const char *name;
        int is_base;
        uint32_t services;
    } want[] = {{"FLXC1000", 1, 38}, {"FLXC1000_Boot_Variant", 0, 8}, {"FLXC1000_App_0101", 0, 0}};
    mdd_variant_vec vs = mdd_ecu_data_variants(p.root);
    for (uint32_t i = 0; i < 3; i++) {
        mdd_variant v = mdd_variant_vec_at(vs, i);
        assert_bytes(mdd_diag_layer_short_name(mdd_variant_diag_layer(v)), want[i].name);
        assert_int_equal(mdd_variant_is_base_variant(v), want[i].is_base);
        assert_int_equal(mdd_diag_service_vec_count(
                             mdd_diag_layer_diag_services(mdd_variant_diag_layer(v))),
                         want[i].services);
        assert_false(mdd_present(mdd_diag_layer_long_name(mdd_variant_diag_layer(v))));
    }
    assert_false(mdd_present(mdd_variant_vec_at(vs, 3)));
    mdd_diag_service_vec own = mdd_diag_layer_diag_services(variant_layer(&p, 1));
    assert_bytes(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(
                     mdd_diag_service_vec_at(own, 0))), "RequestSeed_Level_3");
    mdd_funct_class_vec fc = mdd_diag_layer_funct_classes(variant_layer(&p, 0));
    assert_int_equal(mdd_funct_class_vec_count(fc), 10);
    assert_bytes(mdd_funct_class_short_name(mdd_funct_class_vec_at(fc, 9)), "Routines");
    free(p.buf);
}

static void test_parent_refs(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    mdd_variant_vec vs = mdd_ecu_data_variants(p.root);
    /* The base variant inherits from two protocols, which have no parents of their own. */
    mdd_parent_ref_vec base_refs = mdd_variant_parent_refs(mdd_variant_vec_at(vs, 0));
    assert_int_equal(mdd_parent_ref_vec_count(base_refs), 2);
    const char *protocols[] = {"UDS_Ethernet_DoIP", "UDS_Ethernet_DoIP_DOBT"};
    for (uint32_t i = 0; i < 2; i++) {
        mdd_parent_ref r = mdd_parent_ref_vec_at(base_refs, i);
        assert_int_equal(mdd_parent_ref_ref_type(r), MDD_PARENT_REF_TYPE_PROTOCOL);
        assert_true(mdd_present(mdd_parent_ref_protocol(r)));
        assert_false(mdd_present(mdd_parent_ref_variant(r)));
        assert_bytes(mdd_diag_layer_short_name(mdd_parent_ref_diag_layer(r)), protocols[i]);
        assert_int_equal(mdd_parent_ref_vec_count(mdd_parent_ref_parent_refs(r)), 0);
        assert_int_equal(mdd_string_vec_count(
                             mdd_parent_ref_not_inherited_diag_comm_short_names(r)), 0);
    }
    /* The boot variant inherits from the base variant: the very same table, shared. */
    mdd_parent_ref r = mdd_parent_ref_vec_at(mdd_variant_parent_refs(mdd_variant_vec_at(vs, 1)), 0);
    assert_int_equal(mdd_parent_ref_ref_type(r), MDD_PARENT_REF_TYPE_VARIANT);
    assert_int_equal(mdd_parent_ref_variant(r).t.pos, mdd_variant_vec_at(vs, 0).t.pos);
    assert_bytes(mdd_diag_layer_short_name(mdd_parent_ref_diag_layer(r)), "FLXC1000");
    assert_int_equal(mdd_parent_ref_vec_count(mdd_parent_ref_parent_refs(r)), 2);
    free(p.buf);
}

/* VINDataIdentifier_Read = SID 34 (8 bits) + DID 61840 (16 bits), request 22 f1 90. */
static void test_vin_read(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    mdd_diag_service s = find_service(variant_layer(&p, 0), "VINDataIdentifier_Read");
    mdd_diag_comm c = mdd_diag_service_diag_comm(s);
    assert_bytes(mdd_long_name_value(mdd_diag_comm_long_name(c)), "Vehicle Identification Number");
    assert_null(mdd_long_name_ti(mdd_diag_comm_long_name(c)).ptr);
    assert_bytes(mdd_diag_comm_semantic(c), "STOREDDATA");
    assert_bytes(mdd_funct_class_short_name(
                     mdd_funct_class_vec_at(mdd_diag_comm_funct_class(c), 0)), "Ident");
    assert_int_equal(mdd_diag_comm_diag_class_type(c), MDD_DIAG_CLASS_TYPE_START_COMM);
    assert_true(mdd_diag_comm_is_executable(c));
    assert_false(mdd_diag_comm_is_mandatory(c));
    assert_int_equal(mdd_diag_service_addressing(s), MDD_ADDRESSING_PHYSICAL);
    assert_int_equal(mdd_diag_service_transmission_mode(s), MDD_TRANSMISSION_MODE_SEND_AND_RECEIVE);

    mdd_param_vec params = mdd_request_params(mdd_diag_service_request(s));
    assert_int_equal(mdd_param_vec_count(params), 2);
    static const struct {
        const char *name, *semantic, *value;
        int has_byte_position;
        uint32_t byte_position, bit_length;
    } want[] = {{"SID_RQ", "SERVICE-ID", "34", 0, 0, 8}, {"DID_RQ", "DID", "61840", 1, 1, 16}};
    for (uint32_t i = 0; i < 2; i++) {
        mdd_param prm = mdd_param_vec_at(params, i);
        assert_bytes(mdd_param_short_name(prm), want[i].name);
        assert_bytes(mdd_param_semantic(prm), want[i].semantic);
        assert_int_equal(mdd_param_param_type(prm), MDD_PARAM_TYPE_CODED_CONST);
        uint32_t pos = 99, bit = 99;
        assert_int_equal(mdd_param_byte_position(prm, &pos), want[i].has_byte_position);
        assert_int_equal(pos, want[i].has_byte_position ? want[i].byte_position : 99);
        assert_int_equal(mdd_param_bit_position(prm, &bit), 0);
        assert_int_equal(bit, 99);
        assert_int_equal(mdd_param_specific_data_type(prm), MDD_PARAM_SPECIFIC_DATA_CODED_CONST);
        assert_false(mdd_present(mdd_param_matching_request_param(prm)));
        mdd_coded_const cc = mdd_param_coded_const(prm);
        assert_bytes(mdd_coded_const_coded_value(cc), want[i].value);
        mdd_diag_coded_type t = mdd_coded_const_diag_coded_type(cc);
        assert_int_equal(mdd_diag_coded_type_type(t), MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE);
        assert_int_equal(mdd_diag_coded_type_base_data_type(t), MDD_DATA_TYPE_A_UINT_32);
        assert_true(mdd_diag_coded_type_is_high_low_byte_order(t));
        assert_null(mdd_diag_coded_type_base_type_encoding(t).ptr);
        assert_int_equal(mdd_diag_coded_type_specific_data_type(t),
                         MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE);
        mdd_standard_length_type len = mdd_diag_coded_type_standard_length_type(t);
        assert_int_equal(mdd_standard_length_type_bit_length(len), want[i].bit_length);
        assert_false(mdd_standard_length_type_condensed(len));
        assert_null(mdd_standard_length_type_bit_mask(len).ptr);
    }

    mdd_response_vec pos = mdd_diag_service_pos_responses(s);
    assert_int_equal(mdd_response_vec_count(pos), 1);
    assert_int_equal(mdd_response_vec_count(mdd_diag_service_neg_responses(s)), 0);
    mdd_response r = mdd_response_vec_at(pos, 0);
    assert_int_equal(mdd_response_response_type(r), MDD_RESPONSE_TYPE_POS_RESPONSE);
    mdd_param_vec rp = mdd_response_params(r);
    assert_int_equal(mdd_param_vec_count(rp), 3);
    mdd_param did = mdd_param_vec_at(rp, 1);
    assert_int_equal(mdd_param_param_type(did), MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM);
    mdd_matching_request_param m = mdd_param_matching_request_param(did);
    assert_int_equal(mdd_matching_request_param_request_byte_pos(m), 1);
    assert_int_equal(mdd_matching_request_param_byte_length(m), 2);
    assert_false(mdd_present(mdd_param_coded_const(did)));
    mdd_param vin = mdd_param_vec_at(rp, 2);
    assert_int_equal(mdd_param_specific_data_type(vin), MDD_PARAM_SPECIFIC_DATA_VALUE);
    assert_false(mdd_present(mdd_param_coded_const(vin)));
    assert_false(mdd_present(mdd_param_matching_request_param(vin)));
    free(p.buf);
}

static void test_dtcs(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    static const uint32_t codes[] = {123456, 234567, 123457, 123458, 123459, 123460};
    mdd_dtc_vec dtcs = mdd_ecu_data_dtcs(p.root);
    assert_int_equal(mdd_dtc_vec_count(dtcs), 6);
    for (uint32_t i = 0; i < 6; i++) {
        mdd_dtc d = mdd_dtc_vec_at(dtcs, i);
        char name[16], text[16];
        snprintf(name, sizeof name, "Code%u", i + 1);
        snprintf(text, sizeof text, "DTC Code %u", i + 1);
        assert_bytes(mdd_dtc_short_name(d), name);
        assert_int_equal(mdd_dtc_trouble_code(d), codes[i]);
        assert_bytes(mdd_text_value(mdd_dtc_text(d)), text);
        assert_null(mdd_dtc_display_trouble_code(d).ptr);
        uint32_t level = 7;
        assert_int_equal(mdd_dtc_level(d, &level), 0);
        assert_int_equal(level, 7);
        assert_false(mdd_dtc_is_temporary(d));
        assert_false(mdd_present(mdd_dtc_sdgs(d)));
    }
    free(p.buf);
}

static void test_sdgs(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    mdd_sdg_vec groups = mdd_sdgs_sdgs(mdd_diag_layer_sdgs(variant_layer(&p, 0)));
    assert_int_equal(mdd_sdg_vec_count(groups), 1);
    mdd_sdg g = mdd_sdg_vec_at(groups, 0);
    assert_bytes(mdd_sdg_caption_sn(g), "default_sdg");
    assert_bytes(mdd_sdg_si(g), "default");
    mdd_sd_or_sdg_vec entries = mdd_sdg_sds(g);
    assert_int_equal(mdd_sd_or_sdg_vec_count(entries), 1);
    mdd_sd_or_sdg e = mdd_sd_or_sdg_vec_at(entries, 0);
    assert_int_equal(mdd_sd_or_sdg_sd_or_sdg_type(e), MDD_SD_XOR_SDG_SD);
    assert_false(mdd_present(mdd_sd_or_sdg_sdg(e)));
    mdd_sd sd = mdd_sd_or_sdg_sd(e);
    assert_bytes(mdd_sd_value(sd), "1.21GW");
    assert_bytes(mdd_sd_si(sd), "power_requirement_max");
    assert_null(mdd_sd_ti(sd).ptr);
    free(p.buf);
}

static void test_variant_pattern(void **state)
{
    (void)state;
    payload p;
    load(&p, "FLXC1000");
    mdd_variant boot = mdd_variant_vec_at(mdd_ecu_data_variants(p.root), 1);
    mdd_variant_pattern_vec patterns = mdd_variant_variant_pattern(boot);
    assert_int_equal(mdd_variant_pattern_vec_count(patterns), 1);
    mdd_matching_parameter m = mdd_matching_parameter_vec_at(
        mdd_variant_pattern_matching_parameter(mdd_variant_pattern_vec_at(patterns, 0)), 0);
    assert_bytes(mdd_matching_parameter_expected_value(m), "16711680");
    assert_bytes(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(
                     mdd_matching_parameter_diag_service(m))), "Identification_Read");
    assert_bytes(mdd_param_short_name(mdd_matching_parameter_out_param(m)), "Identification");
    int physical = 5;
    assert_int_equal(mdd_matching_parameter_use_physical_addressing(m, &physical), 0);
    assert_int_equal(physical, 5);
    free(p.buf);
}

static void test_functional_groups(void **state)
{
    (void)state;
    payload p;
    load(&p, "functional_groups");
    assert_int_equal(mdd_variant_vec_count(mdd_ecu_data_variants(p.root)), 0);
    mdd_functional_group_vec groups = mdd_ecu_data_functional_groups(p.root);
    assert_int_equal(mdd_functional_group_vec_count(groups), 2);
    const char *names[] = {"FGL_UDS_Ethernet_DoIP", "FGL_UDS_Ethernet_DoIP_DOBT"};
    uint32_t shared[2];
    for (uint32_t i = 0; i < 2; i++) {
        mdd_functional_group g = mdd_functional_group_vec_at(groups, i);
        assert_bytes(mdd_diag_layer_short_name(mdd_functional_group_diag_layer(g)), names[i]);
        mdd_parent_ref_vec refs = mdd_functional_group_parent_refs(g);
        assert_int_equal(mdd_parent_ref_vec_count(refs), 2);
        mdd_parent_ref esd = mdd_parent_ref_vec_at(refs, 1);
        assert_int_equal(mdd_parent_ref_ref_type(esd), MDD_PARENT_REF_TYPE_ECU_SHARED_DATA);
        assert_bytes(mdd_diag_layer_short_name(mdd_parent_ref_diag_layer(esd)), "ESD_FGL_UDS");
        shared[i] = mdd_parent_ref_ecu_shared_data(esd).t.pos;
    }
    /* Both groups name the same EcuSharedData table. */
    assert_int_equal(shared[0], shared[1]);
    free(p.buf);
}

/* ---- defaults and optional scalars, on a hand-built payload ---- */

/* EcuData {variants [Variant {diag_layer: DiagLayer {diag_services [S]}}], dtcs [DTC {level 0}]}
 * S = DiagService {diag_comm: DiagComm {}, request: Request {params [P]}}
 * P = Param {byte_position 0, specific_data_type CodedConst,
 *            specific_data: CodedConst {diag_coded_type: DiagCodedType {}}} */
/* The tables stop at the last field id they fill, as flatc's do: trailing absent fields take
 * no vtable slot. */
enum {
    DEFAULTS_VARIANT_IDS = FID_VARIANT_DIAG_LAYER + 1,
    DEFAULTS_DIAG_LAYER_IDS = FID_DIAG_LAYER_DIAG_SERVICES + 1,
    DEFAULTS_DIAG_SERVICE_IDS = FID_DIAG_SERVICE_REQUEST + 1,
    DEFAULTS_REQUEST_IDS = FID_REQUEST_PARAMS + 1,
    DEFAULTS_DTC_IDS = FID_DTC_LEVEL + 1
};

static void build_defaults(tb *b)
{
    uint32_t ecu[FIDS_ECU_DATA], v[DEFAULTS_VARIANT_IDS], l[DEFAULTS_DIAG_LAYER_IDS],
        s[DEFAULTS_DIAG_SERVICE_IDS], req[DEFAULTS_REQUEST_IDS], prm[FIDS_PARAM],
        cc[FIDS_CODED_CONST], dtc[DEFAULTS_DTC_IDS];
    tb_init(b);
    tb_link(b, 0,
            tb_table(b, FIDS_ECU_DATA,
                     (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_VARIANTS] = 4,
                                                    [FID_ECU_DATA_DTCS] = 4},
                     ecu));
    uint32_t vs = tb_vector(b, 1);
    tb_link(b, ecu[FID_ECU_DATA_VARIANTS], vs);
    tb_link(b, vs + 4,
            tb_table(b, DEFAULTS_VARIANT_IDS,
                     (const uint8_t[DEFAULTS_VARIANT_IDS]){[FID_VARIANT_DIAG_LAYER] = 4}, v));
    tb_link(b, v[FID_VARIANT_DIAG_LAYER],
            tb_table(b, DEFAULTS_DIAG_LAYER_IDS,
                     (const uint8_t[DEFAULTS_DIAG_LAYER_IDS]){[FID_DIAG_LAYER_DIAG_SERVICES] = 4},
                     l));
    uint32_t ss = tb_vector(b, 1);
    tb_link(b, l[FID_DIAG_LAYER_DIAG_SERVICES], ss);
    tb_link(b, ss + 4,
            tb_table(b, DEFAULTS_DIAG_SERVICE_IDS,
                     (const uint8_t[DEFAULTS_DIAG_SERVICE_IDS]){[FID_DIAG_SERVICE_DIAG_COMM] = 4,
                                                                [FID_DIAG_SERVICE_REQUEST] = 4},
                     s));
    tb_link(b, s[FID_DIAG_SERVICE_DIAG_COMM], tb_table(b, 0, NULL, NULL));
    tb_link(b, s[FID_DIAG_SERVICE_REQUEST],
            tb_table(b, DEFAULTS_REQUEST_IDS,
                     (const uint8_t[DEFAULTS_REQUEST_IDS]){[FID_REQUEST_PARAMS] = 4}, req));
    uint32_t ps = tb_vector(b, 1);
    tb_link(b, req[FID_REQUEST_PARAMS], ps);
    tb_link(b, ps + 4,
            tb_table(b, FIDS_PARAM,
                     (const uint8_t[FIDS_PARAM]){[FID_PARAM_BYTE_POSITION] = 4,
                                                 [FID_PARAM_SPECIFIC_DATA_TYPE] = 1,
                                                 [FID_PARAM_SPECIFIC_DATA] = 4},
                     prm));
    b->buf[prm[FID_PARAM_SPECIFIC_DATA_TYPE]] = MDD_PARAM_SPECIFIC_DATA_CODED_CONST;
    tb_link(b, prm[FID_PARAM_SPECIFIC_DATA],
            tb_table(b, FIDS_CODED_CONST,
                     (const uint8_t[FIDS_CODED_CONST]){[FID_CODED_CONST_DIAG_CODED_TYPE] = 4}, cc));
    tb_link(b, cc[FID_CODED_CONST_DIAG_CODED_TYPE], tb_table(b, 0, NULL, NULL));
    uint32_t ds = tb_vector(b, 1);
    tb_link(b, ecu[FID_ECU_DATA_DTCS], ds);
    tb_link(b, ds + 4,
            tb_table(b, DEFAULTS_DTC_IDS,
                     (const uint8_t[DEFAULTS_DTC_IDS]){[FID_DTC_LEVEL] = 4}, dtc));
}

static void test_defaults(void **state)
{
    (void)state;
    tb b;
    build_defaults(&b);
    assert_int_equal(mdd_fb_verify_ecu_data(b.buf, b.len, NULL, NULL), MDD_OK);
    mdd_ecu_data e = mdd_ecu_data_root(b.buf, b.len);
    assert_null(mdd_ecu_data_version(e).ptr);
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(e), 0);
    assert_false(mdd_variant_is_base_variant(v));
    assert_int_equal(mdd_parent_ref_vec_count(mdd_variant_parent_refs(v)), 0);
    mdd_diag_service s = mdd_diag_service_vec_at(
        mdd_diag_layer_diag_services(mdd_variant_diag_layer(v)), 0);
    assert_false(mdd_diag_service_is_cyclic(s));
    assert_int_equal(mdd_diag_service_addressing(s), MDD_ADDRESSING_FUNCTIONAL);
    mdd_diag_comm c = mdd_diag_service_diag_comm(s);
    assert_true(mdd_present(c));
    assert_null(mdd_diag_comm_short_name(c).ptr);
    assert_true(mdd_diag_comm_is_executable(c));
    assert_false(mdd_diag_comm_is_final(c));

    mdd_param prm = mdd_param_vec_at(mdd_request_params(mdd_diag_service_request(s)), 0);
    uint32_t pos = 99;
    assert_int_equal(mdd_param_byte_position(prm, &pos), 1); /* present, and 0 */
    assert_int_equal(pos, 0);
    assert_int_equal(mdd_param_bit_position(prm, &pos), 0);
    assert_int_equal(mdd_param_id(prm), 0);
    assert_int_equal(mdd_param_param_type(prm), MDD_PARAM_TYPE_CODED_CONST);
    mdd_diag_coded_type t = mdd_coded_const_diag_coded_type(mdd_param_coded_const(prm));
    assert_true(mdd_present(t));
    assert_true(mdd_diag_coded_type_is_high_low_byte_order(t));
    assert_int_equal(mdd_diag_coded_type_base_data_type(t), MDD_DATA_TYPE_A_INT_32);
    assert_int_equal(mdd_diag_coded_type_specific_data_type(t), MDD_SPECIFIC_DATA_TYPE_NONE);
    assert_false(mdd_present(mdd_diag_coded_type_standard_length_type(t)));

    uint32_t level = 99;
    assert_int_equal(mdd_dtc_level(mdd_dtc_vec_at(mdd_ecu_data_dtcs(e), 0), &level), 1);
    assert_int_equal(level, 0);
}

/* ---- absent views and unverified bytes ---- */

static void test_absent_views(void **state)
{
    (void)state;
    mdd_ecu_data e = mdd_ecu_data_root(NULL, 0);
    assert_false(mdd_present(e));
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(e), 0);
    assert_false(mdd_present(v));
    mdd_diag_comm c = mdd_diag_service_diag_comm(mdd_diag_service_vec_at(
        mdd_diag_layer_diag_services(mdd_variant_diag_layer(v)), 0));
    assert_false(mdd_present(c));
    assert_null(mdd_diag_comm_short_name(c).ptr);
    assert_true(mdd_diag_comm_is_executable(c));
    mdd_diag_coded_type t = mdd_coded_const_diag_coded_type(
        mdd_param_coded_const(mdd_matching_parameter_out_param((mdd_matching_parameter){e.t})));
    assert_true(mdd_diag_coded_type_is_high_low_byte_order(t));
    assert_int_equal(mdd_string_vec_count((mdd_string_vec){{NULL, 0, 0, 0}}), 0);
    assert_null(mdd_string_vec_at((mdd_string_vec){{NULL, 0, 0, 0}}, 0).ptr);
}

static void test_unverified_bytes(void **state)
{
    (void)state;
    tb b;
    build_defaults(&b);
    mdd_ecu_data e = mdd_ecu_data_root(b.buf, b.len);
    mdd_fb_vector variants = mdd_ecu_data_variants(e).v;
    /* A count that does not fit: the vector reads as absent. */
    tb_set32(&b, variants.pos - 4, 0x40000000);
    assert_int_equal(mdd_variant_vec_count(mdd_ecu_data_variants(e)), 0);
    /* A vtable that runs past the end: the table reads as absent. */
    tb_set32(&b, variants.pos - 4, 1);
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(e), 0);
    tb_set(&b, (uint32_t)((int64_t)v.t.pos - (int32_t)tb_get32(&b, v.t.pos)), 0xfffe, 2);
    assert_false(mdd_present(mdd_variant_vec_at(mdd_ecu_data_variants(e), 0)));
    /* Shorter buffers than the views were made for: every read stays inside. */
    for (size_t len = 0; len < b.len; len++) {
        mdd_ecu_data cut = mdd_ecu_data_root(b.buf, len);
        (void)mdd_dtc_level(mdd_dtc_vec_at(mdd_ecu_data_dtcs(cut), 0), &(uint32_t){0});
        (void)mdd_variant_is_base_variant(mdd_variant_vec_at(mdd_ecu_data_variants(cut), 0));
    }
}

static void test_enum_names(void **state)
{
    (void)state;
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_DATA_TYPE, MDD_DATA_TYPE_A_UINT_32), "A_UINT_32");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_PARAM_SPECIFIC_DATA, 12), "LengthKeyRef");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_PARENT_REF_TYPE, 0), "NONE");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_FEATURE_FLAG, 0), "RESERVED");
    assert_null(mdd_ecu_enum_name(MDD_ENUM_DATA_TYPE, 8));
    assert_null(mdd_ecu_enum_name((mdd_ecu_enum)99, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_root),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_parent_refs),
        cmocka_unit_test(test_vin_read),
        cmocka_unit_test(test_dtcs),
        cmocka_unit_test(test_sdgs),
        cmocka_unit_test(test_variant_pattern),
        cmocka_unit_test(test_functional_groups),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_absent_views),
        cmocka_unit_test(test_unverified_bytes),
        cmocka_unit_test(test_enum_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
