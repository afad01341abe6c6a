/* SPDX-License-Identifier: Apache-2.0 */
/* EcuData verifier and typed views: no input may crash them or make them read outside it.
 *
 * Input: a path of PATH_STEPS little-endian 16-bit choices, then the payload. The payload is
 * verified, then the views are walked (whatever the verdict: views must stay in bounds over
 * unverified bytes too) from the table the path leads to, over at most WALK_BUDGET tables and
 * MAX_DEPTH levels. Every string and byte view must lie inside the payload, every table must
 * start inside it.
 *
 * Why a path: walking the whole DAG from the root for every input costs tens of thousands of
 * visits (shared subtables make the expanded tree exponential), which held a 40 KB payload to
 * a few hundred executions per second. A bounded walk from a chosen table costs the same for
 * any payload, and the fuzzer reaches the rest of the DAG through the path: scripts/run-fuzz.sh
 * seeds each real payload under several paths, and mutating a path moves the walk elsewhere.
 *
 * A choice of 0 stops the path at the current table; c > 0 moves to its child (c - 1) modulo
 * its number of present children, counted in the order its visitor reports them. The path
 * stops early at a table without children. */
#include <mdd/ecu.h>
#include <mdd/fb.h>
#include <mdd/fb_verify.h>

#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PATH_STEPS 4
#define PATH_BYTES (2 * PATH_STEPS) /* keeps the payload 8-byte aligned in libFuzzer's copy */
#define WALK_BUDGET 400
#define MAX_DEPTH 64

/* The tables the walk knows. A new table is one kind, one visitor in visitors[] and a
 * report_child() call in each visitor of a table that refers to it. */
typedef enum table_kind {
    K_ECU_DATA,
    K_VARIANT,
    K_MATCHING_PARAMETER,
    K_FUNCTIONAL_GROUP,
    K_DTC,
    K_DIAG_LAYER,
    K_DIAG_SERVICE,
    K_REQUEST,
    K_RESPONSE,
    K_DIAG_COMM,
    K_PROTOCOL,
    K_PARENT_REF,
    K_PARAM,
    K_CODED_CONST,
    K_SDGS,
    K_SDG,
    K_SD_OR_SDG,
    K_SD,
    K_COUNT
} table_kind;

typedef struct node {
    table_kind kind;
    mdd_fb_table t;
} node;

typedef struct walk {
    const uint8_t *buf;
    size_t len;
    long budget;
    uint32_t depth;
    /* While following the path, visitors only report children: they are counted, and the
     * one at index wanted is kept in picked. */
    int following;
    uint32_t wanted;
    uint32_t seen;
    node picked;
} walk;

typedef void (*visitor)(walk *w, mdd_fb_table t);
static const visitor visitors[K_COUNT];

/* One verifier for the whole run: its bookkeeping is allocated once, not per input. */
static mdd_fb_verifier *verifier;

static void check_bytes(const walk *w, mdd_bytes b)
{
    if (b.ptr && (b.ptr < w->buf || b.len > w->len || (size_t)(b.ptr - w->buf) > w->len - b.len))
        abort();
}

static void check_table(const walk *w, mdd_fb_table t)
{
    if (t.pos && (t.pos >= w->len || t.buf != w->buf))
        abort();
}

/* A child table of the one being visited: counted while following the path, visited when
 * walking and the budget and depth allow. */
static void report_child(walk *w, table_kind kind, mdd_fb_table t)
{
    check_table(w, t);
    if (!t.pos)
        return;
    if (w->following) {
        if (w->seen++ == w->wanted)
            w->picked = (node){kind, t};
        return;
    }
    if (w->budget <= 0 || w->depth >= MAX_DEPTH)
        return;
    w->budget--;
    w->depth++;
    visitors[kind](w, t);
    w->depth--;
}

static void strings(walk *w, mdd_string_vec v)
{
    for (uint32_t i = 0; i < mdd_string_vec_count(v); i++)
        check_bytes(w, mdd_string_vec_at(v, i));
}

static void long_name(walk *w, mdd_long_name n)
{
    check_bytes(w, mdd_long_name_value(n));
    check_bytes(w, mdd_long_name_ti(n));
}

static void funct_classes(walk *w, mdd_funct_class_vec v)
{
    for (uint32_t i = 0; i < mdd_funct_class_vec_count(v); i++)
        check_bytes(w, mdd_funct_class_short_name(mdd_funct_class_vec_at(v, i)));
}

static void params(walk *w, mdd_param_vec v)
{
    for (uint32_t i = 0; i < mdd_param_vec_count(v); i++)
        report_child(w, K_PARAM, mdd_param_vec_at(v, i).t);
}

static void responses(walk *w, mdd_response_vec v)
{
    for (uint32_t i = 0; i < mdd_response_vec_count(v); i++)
        report_child(w, K_RESPONSE, mdd_response_vec_at(v, i).t);
}

static void parent_refs(walk *w, mdd_parent_ref_vec v)
{
    for (uint32_t i = 0; i < mdd_parent_ref_vec_count(v); i++)
        report_child(w, K_PARENT_REF, mdd_parent_ref_vec_at(v, i).t);
}

static void visit_sd(walk *w, mdd_fb_table t)
{
    mdd_sd sd = {t};
    check_bytes(w, mdd_sd_value(sd));
    check_bytes(w, mdd_sd_si(sd));
    check_bytes(w, mdd_sd_ti(sd));
}

static void visit_sd_or_sdg(walk *w, mdd_fb_table t)
{
    mdd_sd_or_sdg e = {t};
    (void)mdd_sd_or_sdg_sd_or_sdg_type(e);
    report_child(w, K_SD, mdd_sd_or_sdg_sd(e).t);
    report_child(w, K_SDG, mdd_sd_or_sdg_sdg(e).t);
}

static void visit_sdg(walk *w, mdd_fb_table t)
{
    mdd_sdg g = {t};
    check_bytes(w, mdd_sdg_caption_sn(g));
    check_bytes(w, mdd_sdg_si(g));
    mdd_sd_or_sdg_vec v = mdd_sdg_sds(g);
    for (uint32_t i = 0; i < mdd_sd_or_sdg_vec_count(v); i++)
        report_child(w, K_SD_OR_SDG, mdd_sd_or_sdg_vec_at(v, i).t);
}

static void visit_sdgs(walk *w, mdd_fb_table t)
{
    mdd_sdg_vec v = mdd_sdgs_sdgs((mdd_sdgs){t});
    for (uint32_t i = 0; i < mdd_sdg_vec_count(v); i++)
        report_child(w, K_SDG, mdd_sdg_vec_at(v, i).t);
}

static void visit_coded_const(walk *w, mdd_fb_table t)
{
    mdd_coded_const c = {t};
    check_bytes(w, mdd_coded_const_coded_value(c));
    mdd_diag_coded_type d = mdd_coded_const_diag_coded_type(c);
    (void)mdd_diag_coded_type_type(d);
    check_bytes(w, mdd_diag_coded_type_base_type_encoding(d));
    (void)mdd_diag_coded_type_base_data_type(d);
    (void)mdd_diag_coded_type_is_high_low_byte_order(d);
    (void)mdd_diag_coded_type_specific_data_type(d);
    mdd_standard_length_type s = mdd_diag_coded_type_standard_length_type(d);
    (void)mdd_standard_length_type_bit_length(s);
    check_bytes(w, mdd_standard_length_type_bit_mask(s));
    (void)mdd_standard_length_type_condensed(s);
}

static void visit_param(walk *w, mdd_fb_table t)
{
    mdd_param p = {t};
    uint32_t u;
    (void)mdd_param_id(p);
    (void)mdd_param_param_type(p);
    check_bytes(w, mdd_param_short_name(p));
    check_bytes(w, mdd_param_semantic(p));
    report_child(w, K_SDGS, mdd_param_sdgs(p).t);
    check_bytes(w, mdd_param_physical_default_value(p));
    (void)mdd_param_byte_position(p, &u);
    (void)mdd_param_bit_position(p, &u);
    (void)mdd_param_specific_data_type(p);
    report_child(w, K_CODED_CONST, mdd_param_coded_const(p).t);
    mdd_matching_request_param m = mdd_param_matching_request_param(p);
    (void)mdd_matching_request_param_request_byte_pos(m);
    (void)mdd_matching_request_param_byte_length(m);
}

static void visit_request(walk *w, mdd_fb_table t)
{
    mdd_request r = {t};
    params(w, mdd_request_params(r));
    report_child(w, K_SDGS, mdd_request_sdgs(r).t);
}

static void visit_response(walk *w, mdd_fb_table t)
{
    mdd_response r = {t};
    (void)mdd_response_response_type(r);
    params(w, mdd_response_params(r));
    report_child(w, K_SDGS, mdd_response_sdgs(r).t);
}

static void visit_protocol(walk *w, mdd_fb_table t)
{
    mdd_protocol p = {t};
    report_child(w, K_DIAG_LAYER, mdd_protocol_diag_layer(p).t);
    parent_refs(w, mdd_protocol_parent_refs(p));
}

static void visit_diag_comm(walk *w, mdd_fb_table t)
{
    mdd_diag_comm c = {t};
    check_bytes(w, mdd_diag_comm_short_name(c));
    long_name(w, mdd_diag_comm_long_name(c));
    check_bytes(w, mdd_diag_comm_semantic(c));
    funct_classes(w, mdd_diag_comm_funct_class(c));
    report_child(w, K_SDGS, mdd_diag_comm_sdgs(c).t);
    (void)mdd_diag_comm_diag_class_type(c);
    mdd_protocol_vec ps = mdd_diag_comm_protocols(c);
    for (uint32_t i = 0; i < mdd_protocol_vec_count(ps); i++)
        report_child(w, K_PROTOCOL, mdd_protocol_vec_at(ps, i).t);
    (void)mdd_diag_comm_is_mandatory(c);
    (void)mdd_diag_comm_is_executable(c);
    (void)mdd_diag_comm_is_final(c);
}

static void visit_diag_service(walk *w, mdd_fb_table t)
{
    mdd_diag_service s = {t};
    report_child(w, K_DIAG_COMM, mdd_diag_service_diag_comm(s).t);
    report_child(w, K_REQUEST, mdd_diag_service_request(s).t);
    responses(w, mdd_diag_service_pos_responses(s));
    responses(w, mdd_diag_service_neg_responses(s));
    (void)mdd_diag_service_is_cyclic(s);
    (void)mdd_diag_service_is_multiple(s);
    (void)mdd_diag_service_addressing(s);
    (void)mdd_diag_service_transmission_mode(s);
}

static void visit_diag_layer(walk *w, mdd_fb_table t)
{
    mdd_diag_layer l = {t};
    check_bytes(w, mdd_diag_layer_short_name(l));
    long_name(w, mdd_diag_layer_long_name(l));
    funct_classes(w, mdd_diag_layer_funct_classes(l));
    mdd_diag_service_vec ss = mdd_diag_layer_diag_services(l);
    for (uint32_t i = 0; i < mdd_diag_service_vec_count(ss); i++)
        report_child(w, K_DIAG_SERVICE, mdd_diag_service_vec_at(ss, i).t);
    mdd_single_ecu_job_vec js = mdd_diag_layer_single_ecu_jobs(l);
    for (uint32_t i = 0; i < mdd_single_ecu_job_vec_count(js); i++)
        report_child(w, K_DIAG_COMM,
                     mdd_single_ecu_job_diag_comm(mdd_single_ecu_job_vec_at(js, i)).t);
    report_child(w, K_SDGS, mdd_diag_layer_sdgs(l).t);
}

static void visit_parent_ref(walk *w, mdd_fb_table t)
{
    mdd_parent_ref r = {t};
    (void)mdd_parent_ref_ref_type(r);
    (void)mdd_parent_ref_variant(r);
    (void)mdd_parent_ref_protocol(r);
    (void)mdd_parent_ref_functional_group(r);
    report_child(w, K_DIAG_LAYER, mdd_parent_ref_diag_layer(r).t);
    parent_refs(w, mdd_parent_ref_parent_refs(r));
    strings(w, mdd_parent_ref_not_inherited_diag_comm_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_variables_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_dops_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_tables_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_global_neg_responses_short_names(r));
}

static void visit_matching_parameter(walk *w, mdd_fb_table t)
{
    mdd_matching_parameter m = {t};
    int physical;
    check_bytes(w, mdd_matching_parameter_expected_value(m));
    report_child(w, K_DIAG_SERVICE, mdd_matching_parameter_diag_service(m).t);
    report_child(w, K_PARAM, mdd_matching_parameter_out_param(m).t);
    (void)mdd_matching_parameter_use_physical_addressing(m, &physical);
}

static void visit_variant(walk *w, mdd_fb_table t)
{
    mdd_variant v = {t};
    report_child(w, K_DIAG_LAYER, mdd_variant_diag_layer(v).t);
    (void)mdd_variant_is_base_variant(v);
    mdd_variant_pattern_vec ps = mdd_variant_variant_pattern(v);
    for (uint32_t i = 0; i < mdd_variant_pattern_vec_count(ps); i++) {
        mdd_matching_parameter_vec ms =
            mdd_variant_pattern_matching_parameter(mdd_variant_pattern_vec_at(ps, i));
        for (uint32_t k = 0; k < mdd_matching_parameter_vec_count(ms); k++)
            report_child(w, K_MATCHING_PARAMETER, mdd_matching_parameter_vec_at(ms, k).t);
    }
    parent_refs(w, mdd_variant_parent_refs(v));
}

static void visit_functional_group(walk *w, mdd_fb_table t)
{
    mdd_functional_group g = {t};
    report_child(w, K_DIAG_LAYER, mdd_functional_group_diag_layer(g).t);
    parent_refs(w, mdd_functional_group_parent_refs(g));
}

static void visit_dtc(walk *w, mdd_fb_table t)
{
    mdd_dtc d = {t};
    uint32_t level;
    check_bytes(w, mdd_dtc_short_name(d));
    (void)mdd_dtc_trouble_code(d);
    check_bytes(w, mdd_dtc_display_trouble_code(d));
    check_bytes(w, mdd_text_value(mdd_dtc_text(d)));
    check_bytes(w, mdd_text_ti(mdd_dtc_text(d)));
    (void)mdd_dtc_level(d, &level);
    report_child(w, K_SDGS, mdd_dtc_sdgs(d).t);
    (void)mdd_dtc_is_temporary(d);
}

static void visit_ecu_data(walk *w, mdd_fb_table t)
{
    mdd_ecu_data e = {t};
    check_bytes(w, mdd_ecu_data_version(e));
    check_bytes(w, mdd_ecu_data_ecu_name(e));
    check_bytes(w, mdd_ecu_data_revision(e));
    check_bytes(w, mdd_ecu_data_feature_flags(e));
    mdd_key_value_vec kv = mdd_ecu_data_metadata(e);
    for (uint32_t i = 0; i < mdd_key_value_vec_count(kv); i++) {
        check_bytes(w, mdd_key_value_key(mdd_key_value_vec_at(kv, i)));
        check_bytes(w, mdd_key_value_value(mdd_key_value_vec_at(kv, i)));
    }
    mdd_variant_vec vs = mdd_ecu_data_variants(e);
    for (uint32_t i = 0; i < mdd_variant_vec_count(vs); i++)
        report_child(w, K_VARIANT, mdd_variant_vec_at(vs, i).t);
    mdd_functional_group_vec gs = mdd_ecu_data_functional_groups(e);
    for (uint32_t i = 0; i < mdd_functional_group_vec_count(gs); i++)
        report_child(w, K_FUNCTIONAL_GROUP, mdd_functional_group_vec_at(gs, i).t);
    mdd_dtc_vec ds = mdd_ecu_data_dtcs(e);
    for (uint32_t i = 0; i < mdd_dtc_vec_count(ds); i++)
        report_child(w, K_DTC, mdd_dtc_vec_at(ds, i).t);
}

static const visitor visitors[K_COUNT] = {
    [K_ECU_DATA] = visit_ecu_data,
    [K_VARIANT] = visit_variant,
    [K_MATCHING_PARAMETER] = visit_matching_parameter,
    [K_FUNCTIONAL_GROUP] = visit_functional_group,
    [K_DTC] = visit_dtc,
    [K_DIAG_LAYER] = visit_diag_layer,
    [K_DIAG_SERVICE] = visit_diag_service,
    [K_REQUEST] = visit_request,
    [K_RESPONSE] = visit_response,
    [K_DIAG_COMM] = visit_diag_comm,
    [K_PROTOCOL] = visit_protocol,
    [K_PARENT_REF] = visit_parent_ref,
    [K_PARAM] = visit_param,
    [K_CODED_CONST] = visit_coded_const,
    [K_SDGS] = visit_sdgs,
    [K_SDG] = visit_sdg,
    [K_SD_OR_SDG] = visit_sd_or_sdg,
    [K_SD] = visit_sd,
};

/* The number of present children of n; with wanted set, the one at that index in picked. */
static uint32_t follow(walk *w, node n, uint32_t wanted)
{
    w->following = 1;
    w->wanted = wanted;
    w->seen = 0;
    visitors[n.kind](w, n.t);
    w->following = 0;
    return w->seen;
}

/* The table the path leads to from n. */
static node follow_path(walk *w, node n, const uint8_t path[PATH_BYTES])
{
    for (size_t i = 0; i < PATH_STEPS; i++) {
        uint32_t choice = (uint32_t)path[2 * i] | (uint32_t)path[2 * i + 1] << 8;
        uint32_t children = choice ? follow(w, n, UINT32_MAX) : 0;
        if (children == 0)
            break;
        follow(w, n, (choice - 1) % children);
        n = w->picked;
    }
    return n;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (mdd_fb_verifier_create(&verifier, NULL) != MDD_OK)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < PATH_BYTES)
        return 0;
    const uint8_t *payload = data + PATH_BYTES;
    size_t len = size - PATH_BYTES;
    mdd_error err;
    mdd_status st = mdd_fb_verifier_check(verifier, payload, len, NULL, &err);
    if (st != MDD_OK && st != MDD_ERR_FORMAT && st != MDD_ERR_LIMIT)
        abort();
    walk w = {.buf = payload, .len = len, .budget = WALK_BUDGET};
    node root = {K_ECU_DATA, mdd_ecu_data_root(payload, len).t};
    check_table(&w, root.t);
    if (!root.t.pos)
        return 0;
    node start = follow_path(&w, root, data);
    visitors[start.kind](&w, start.t);
    return 0;
}
