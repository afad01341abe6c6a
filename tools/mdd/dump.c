/* mdd dump: the DIAGNOSTIC_DESCRIPTION payload's EcuData as JSON, through the typed views.
 * The output has flatc's shape (flatc --json --strict-json --defaults-json with the project's
 * schema/ecu_data.fbs): field names of the schema, enum values by name, every scalar (union
 * tags included) even when it holds its default, absent optional scalars as null, absent
 * strings, tables and vectors left out. Only the fields libmdd reads are printed. Subtables
 * shared by several parents are printed in full at each place, so nesting is cut at
 * --max-depth. */
#include "cli.h"
#include "json.h"
#include "source.h"

#include <mdd/ecu.h>
#include <mdd/fb.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_MAX_DEPTH 16

typedef struct dumper {
    json_writer j;
    uint32_t depth;
    uint32_t max_depth;
} dumper;

/* ---- Scalars and strings ---- */

static void put_string(dumper *d, const char *key, mdd_bytes value)
{
    if (!value.ptr)
        return;
    json_key(&d->j, key);
    json_string(&d->j, value);
}

static void put_uint(dumper *d, const char *key, uint64_t value)
{
    json_key(&d->j, key);
    json_uint(&d->j, value);
}

static void put_bool(dumper *d, const char *key, int value)
{
    json_key(&d->j, key);
    json_bool(&d->j, value);
}

/* An optional uint32: the value, or null when absent (as flatc prints `= null` fields). */
static void put_opt_uint(dumper *d, const char *key, int present, const uint32_t *value)
{
    json_key(&d->j, key);
    if (present)
        json_uint(&d->j, *value);
    else
        json_null(&d->j);
}

/* An enum or union tag by name; a value the schema does not define as its number. */
static void enum_value(dumper *d, mdd_ecu_enum which, uint8_t value)
{
    const char *name = mdd_ecu_enum_name(which, value);
    if (name)
        json_cstring(&d->j, name);
    else
        json_uint(&d->j, value);
}

static void put_enum(dumper *d, const char *key, mdd_ecu_enum which, uint8_t value)
{
    json_key(&d->j, key);
    enum_value(d, which, value);
}

static void put_string_vec(dumper *d, const char *key, mdd_string_vec v)
{
    if (!v.v.pos)
        return;
    json_key(&d->j, key);
    json_array_begin(&d->j);
    for (uint32_t i = 0; i < mdd_string_vec_count(v); i++)
        json_optional_string(&d->j, mdd_string_vec_at(v, i));
    json_array_end(&d->j);
}

/* ---- Tables and vectors ---- */

/* Opens the object of a present table under key (NULL inside an array) and returns 1, or
 * writes what stands in for it and returns 0: nothing for an absent field, null for an
 * absent array element, {"$truncated": true} past the depth limit. */
static int table_begin(dumper *d, const char *key, mdd_fb_table t)
{
    if (!t.pos && key)
        return 0;
    if (key)
        json_key(&d->j, key);
    if (!t.pos) {
        json_null(&d->j);
        return 0;
    }
    json_object_begin(&d->j);
    if (d->depth >= d->max_depth) {
        put_bool(d, "$truncated", 1);
        json_object_end(&d->j);
        return 0;
    }
    d->depth++;
    return 1;
}

static void table_end(dumper *d)
{
    json_object_end(&d->j);
    d->depth--;
}

/* Opens the array of a present vector under key and returns 1; 0 for an absent one. */
static int vec_begin(dumper *d, const char *key, mdd_fb_vector v)
{
    if (!v.pos)
        return 0;
    json_key(&d->j, key);
    json_array_begin(&d->j);
    return 1;
}

/* Defines dump_<type>_vec(d, key, vec): the array of a vector of tables, each element printed
 * by dump_<type>(d, NULL, element). */
#define DUMP_VEC(type)                                                                         \
    static void dump_##type##_vec(dumper *d, const char *key, mdd_##type##_vec v)              \
    {                                                                                          \
        if (!vec_begin(d, key, v.v))                                                           \
            return;                                                                            \
        for (uint32_t i = 0; i < mdd_##type##_vec_count(v); i++)                               \
            dump_##type(d, NULL, mdd_##type##_vec_at(v, i));                                   \
        json_array_end(&d->j);                                                                 \
    }

static void dump_sdg(dumper *d, const char *key, mdd_sdg g);

static void dump_sd(dumper *d, const char *key, mdd_sd s)
{
    if (!table_begin(d, key, s.t))
        return;
    put_string(d, "value", mdd_sd_value(s));
    put_string(d, "si", mdd_sd_si(s));
    put_string(d, "ti", mdd_sd_ti(s));
    table_end(d);
}

static void dump_sd_or_sdg(dumper *d, const char *key, mdd_sd_or_sdg e)
{
    if (!table_begin(d, key, e.t))
        return;
    put_enum(d, "content_type", MDD_ENUM_SD_OR_SDG_TYPE, mdd_sd_or_sdg_content_type(e));
    dump_sd(d, "content", mdd_sd_or_sdg_sd(e));
    dump_sdg(d, "content", mdd_sd_or_sdg_sdg(e));
    table_end(d);
}
DUMP_VEC(sd_or_sdg)

static void dump_sdg(dumper *d, const char *key, mdd_sdg g)
{
    if (!table_begin(d, key, g.t))
        return;
    put_string(d, "caption_sn", mdd_sdg_caption_sn(g));
    dump_sd_or_sdg_vec(d, "sds", mdd_sdg_sds(g));
    put_string(d, "si", mdd_sdg_si(g));
    table_end(d);
}
DUMP_VEC(sdg)

static void dump_sdgs(dumper *d, const char *key, mdd_sdgs s)
{
    if (!table_begin(d, key, s.t))
        return;
    dump_sdg_vec(d, "sdgs", mdd_sdgs_sdgs(s));
    table_end(d);
}

static void dump_long_name(dumper *d, const char *key, mdd_long_name n)
{
    if (!table_begin(d, key, n.t))
        return;
    put_string(d, "value", mdd_long_name_value(n));
    put_string(d, "ti", mdd_long_name_ti(n));
    table_end(d);
}

static void dump_text(dumper *d, const char *key, mdd_text t)
{
    if (!table_begin(d, key, t.t))
        return;
    put_string(d, "value", mdd_text_value(t));
    put_string(d, "ti", mdd_text_ti(t));
    table_end(d);
}

static void dump_funct_class(dumper *d, const char *key, mdd_funct_class f)
{
    if (!table_begin(d, key, f.t))
        return;
    put_string(d, "short_name", mdd_funct_class_short_name(f));
    table_end(d);
}
DUMP_VEC(funct_class)

static void dump_key_value(dumper *d, const char *key, mdd_key_value kv)
{
    if (!table_begin(d, key, kv.t))
        return;
    put_string(d, "key", mdd_key_value_key(kv));
    put_string(d, "value", mdd_key_value_value(kv));
    table_end(d);
}
DUMP_VEC(key_value)

static void dump_standard_length_type(dumper *d, const char *key, mdd_standard_length_type s)
{
    if (!table_begin(d, key, s.t))
        return;
    put_uint(d, "bit_length", mdd_standard_length_type_bit_length(s));
    mdd_bytes mask = mdd_standard_length_type_bit_mask(s);
    if (mask.ptr) {
        json_key(&d->j, "bit_mask");
        json_array_begin(&d->j);
        for (size_t i = 0; i < mask.len; i++)
            json_uint(&d->j, mask.ptr[i]);
        json_array_end(&d->j);
    }
    put_bool(d, "condensed", mdd_standard_length_type_condensed(s));
    table_end(d);
}

static void dump_diag_coded_type(dumper *d, const char *key, mdd_diag_coded_type t)
{
    if (!table_begin(d, key, t.t))
        return;
    put_enum(d, "type", MDD_ENUM_CODED_TYPE_NAME, mdd_diag_coded_type_type(t));
    put_string(d, "base_type_encoding", mdd_diag_coded_type_base_type_encoding(t));
    put_enum(d, "base_data_type", MDD_ENUM_DATA_TYPE, mdd_diag_coded_type_base_data_type(t));
    put_bool(d, "is_high_low_byte_order", mdd_diag_coded_type_is_high_low_byte_order(t));
    put_enum(d, "specific_data_type", MDD_ENUM_LENGTH_TYPE,
             mdd_diag_coded_type_specific_data_type(t));
    dump_standard_length_type(d, "specific_data", mdd_diag_coded_type_standard_length_type(t));
    table_end(d);
}

static void dump_coded_const(dumper *d, const char *key, mdd_coded_const c)
{
    if (!table_begin(d, key, c.t))
        return;
    put_string(d, "coded_value", mdd_coded_const_coded_value(c));
    dump_diag_coded_type(d, "diag_coded_type", mdd_coded_const_diag_coded_type(c));
    table_end(d);
}

static void dump_matching_request_param(dumper *d, const char *key,
                                        mdd_matching_request_param m)
{
    if (!table_begin(d, key, m.t))
        return;
    json_key(&d->j, "request_byte_pos");
    json_int(&d->j, mdd_matching_request_param_request_byte_pos(m));
    put_uint(d, "byte_length", mdd_matching_request_param_byte_length(m));
    table_end(d);
}

static void dump_param(dumper *d, const char *key, mdd_param p)
{
    if (!table_begin(d, key, p.t))
        return;
    uint32_t pos = 0;
    put_uint(d, "id", mdd_param_id(p));
    put_enum(d, "param_type", MDD_ENUM_PARAM_TYPE, mdd_param_param_type(p));
    put_string(d, "short_name", mdd_param_short_name(p));
    put_string(d, "semantic", mdd_param_semantic(p));
    dump_sdgs(d, "sdgs", mdd_param_sdgs(p));
    put_string(d, "physical_default_value", mdd_param_physical_default_value(p));
    put_opt_uint(d, "byte_position", mdd_param_byte_position(p, &pos), &pos);
    put_opt_uint(d, "bit_position", mdd_param_bit_position(p, &pos), &pos);
    put_enum(d, "specific_data_type", MDD_ENUM_PARAM_DATA_TYPE, mdd_param_specific_data_type(p));
    dump_coded_const(d, "specific_data", mdd_param_coded_const(p));
    dump_matching_request_param(d, "specific_data", mdd_param_matching_request_param(p));
    table_end(d);
}
DUMP_VEC(param)

static void dump_request(dumper *d, const char *key, mdd_request r)
{
    if (!table_begin(d, key, r.t))
        return;
    dump_param_vec(d, "params", mdd_request_params(r));
    dump_sdgs(d, "sdgs", mdd_request_sdgs(r));
    table_end(d);
}

static void dump_response(dumper *d, const char *key, mdd_response r)
{
    if (!table_begin(d, key, r.t))
        return;
    put_enum(d, "response_type", MDD_ENUM_RESPONSE_TYPE, mdd_response_response_type(r));
    dump_param_vec(d, "params", mdd_response_params(r));
    dump_sdgs(d, "sdgs", mdd_response_sdgs(r));
    table_end(d);
}
DUMP_VEC(response)

static void dump_protocol_vec(dumper *d, const char *key, mdd_protocol_vec v);

static void dump_diag_comm(dumper *d, const char *key, mdd_diag_comm c)
{
    if (!table_begin(d, key, c.t))
        return;
    put_string(d, "short_name", mdd_diag_comm_short_name(c));
    dump_long_name(d, "long_name", mdd_diag_comm_long_name(c));
    put_string(d, "semantic", mdd_diag_comm_semantic(c));
    dump_funct_class_vec(d, "funct_class", mdd_diag_comm_funct_classes(c));
    dump_sdgs(d, "sdgs", mdd_diag_comm_sdgs(c));
    put_enum(d, "diag_class_type", MDD_ENUM_DIAG_CLASS_TYPE, mdd_diag_comm_diag_class_type(c));
    dump_protocol_vec(d, "protocols", mdd_diag_comm_protocols(c));
    put_bool(d, "is_mandatory", mdd_diag_comm_is_mandatory(c));
    put_bool(d, "is_executable", mdd_diag_comm_is_executable(c));
    put_bool(d, "is_final", mdd_diag_comm_is_final(c));
    table_end(d);
}

static void dump_diag_service(dumper *d, const char *key, mdd_diag_service s)
{
    if (!table_begin(d, key, s.t))
        return;
    dump_diag_comm(d, "diag_comm", mdd_diag_service_diag_comm(s));
    dump_request(d, "request", mdd_diag_service_request(s));
    dump_response_vec(d, "pos_responses", mdd_diag_service_pos_responses(s));
    dump_response_vec(d, "neg_responses", mdd_diag_service_neg_responses(s));
    put_bool(d, "is_cyclic", mdd_diag_service_is_cyclic(s));
    put_bool(d, "is_multiple", mdd_diag_service_is_multiple(s));
    put_enum(d, "addressing", MDD_ENUM_ADDRESSING, mdd_diag_service_addressing(s));
    put_enum(d, "transmission_mode", MDD_ENUM_TRANSMISSION_MODE,
             mdd_diag_service_transmission_mode(s));
    table_end(d);
}
DUMP_VEC(diag_service)

static void dump_single_ecu_job(dumper *d, const char *key, mdd_single_ecu_job job)
{
    if (!table_begin(d, key, job.t))
        return;
    dump_diag_comm(d, "diag_comm", mdd_single_ecu_job_diag_comm(job));
    table_end(d);
}
DUMP_VEC(single_ecu_job)

static void dump_diag_layer(dumper *d, const char *key, mdd_diag_layer l)
{
    if (!table_begin(d, key, l.t))
        return;
    put_string(d, "short_name", mdd_diag_layer_short_name(l));
    dump_long_name(d, "long_name", mdd_diag_layer_long_name(l));
    dump_funct_class_vec(d, "funct_classes", mdd_diag_layer_funct_classes(l));
    dump_diag_service_vec(d, "diag_services", mdd_diag_layer_diag_services(l));
    dump_single_ecu_job_vec(d, "single_ecu_jobs", mdd_diag_layer_single_ecu_jobs(l));
    dump_sdgs(d, "sdgs", mdd_diag_layer_sdgs(l));
    table_end(d);
}

static void dump_parent_ref_vec(dumper *d, const char *key, mdd_parent_ref_vec v);

static void dump_protocol(dumper *d, const char *key, mdd_protocol p)
{
    if (!table_begin(d, key, p.t))
        return;
    dump_diag_layer(d, "diag_layer", mdd_protocol_diag_layer(p));
    dump_parent_ref_vec(d, "parent_refs", mdd_protocol_parent_refs(p));
    table_end(d);
}
DUMP_VEC(protocol)

static void dump_ecu_shared_data(dumper *d, const char *key, mdd_ecu_shared_data s)
{
    if (!table_begin(d, key, s.t))
        return;
    dump_diag_layer(d, "diag_layer", mdd_ecu_shared_data_diag_layer(s));
    table_end(d);
}

static void dump_matching_parameter(dumper *d, const char *key, mdd_matching_parameter m)
{
    if (!table_begin(d, key, m.t))
        return;
    int physical = 0;
    put_string(d, "expected_value", mdd_matching_parameter_expected_value(m));
    dump_diag_service(d, "diag_service", mdd_matching_parameter_diag_service(m));
    dump_param(d, "out_param", mdd_matching_parameter_out_param(m));
    json_key(&d->j, "use_physical_addressing");
    if (mdd_matching_parameter_use_physical_addressing(m, &physical))
        json_bool(&d->j, physical);
    else
        json_null(&d->j);
    table_end(d);
}
DUMP_VEC(matching_parameter)

static void dump_variant_pattern(dumper *d, const char *key, mdd_variant_pattern p)
{
    if (!table_begin(d, key, p.t))
        return;
    dump_matching_parameter_vec(d, "matching_parameter",
                                mdd_variant_pattern_matching_parameters(p));
    table_end(d);
}
DUMP_VEC(variant_pattern)

static void dump_variant(dumper *d, const char *key, mdd_variant v);
static void dump_functional_group(dumper *d, const char *key, mdd_functional_group g);

static void dump_parent_ref(dumper *d, const char *key, mdd_parent_ref r)
{
    if (!table_begin(d, key, r.t))
        return;
    put_enum(d, "ref_type", MDD_ENUM_PARENT_REF_TYPE, mdd_parent_ref_ref_type(r));
    dump_variant(d, "ref", mdd_parent_ref_variant(r));
    dump_protocol(d, "ref", mdd_parent_ref_protocol(r));
    dump_functional_group(d, "ref", mdd_parent_ref_functional_group(r));
    dump_ecu_shared_data(d, "ref", mdd_parent_ref_ecu_shared_data(r));
    put_string_vec(d, "not_inherited_diag_comm_short_names",
                   mdd_parent_ref_not_inherited_diag_comm_short_names(r));
    put_string_vec(d, "not_inherited_variables_short_names",
                   mdd_parent_ref_not_inherited_variables_short_names(r));
    put_string_vec(d, "not_inherited_dops_short_names",
                   mdd_parent_ref_not_inherited_dops_short_names(r));
    put_string_vec(d, "not_inherited_tables_short_names",
                   mdd_parent_ref_not_inherited_tables_short_names(r));
    put_string_vec(d, "not_inherited_global_neg_responses_short_names",
                   mdd_parent_ref_not_inherited_global_neg_responses_short_names(r));
    table_end(d);
}
DUMP_VEC(parent_ref)

static void dump_variant(dumper *d, const char *key, mdd_variant v)
{
    if (!table_begin(d, key, v.t))
        return;
    dump_diag_layer(d, "diag_layer", mdd_variant_diag_layer(v));
    put_bool(d, "is_base_variant", mdd_variant_is_base_variant(v));
    dump_variant_pattern_vec(d, "variant_pattern", mdd_variant_variant_patterns(v));
    dump_parent_ref_vec(d, "parent_refs", mdd_variant_parent_refs(v));
    table_end(d);
}
DUMP_VEC(variant)

static void dump_functional_group(dumper *d, const char *key, mdd_functional_group g)
{
    if (!table_begin(d, key, g.t))
        return;
    dump_diag_layer(d, "diag_layer", mdd_functional_group_diag_layer(g));
    dump_parent_ref_vec(d, "parent_refs", mdd_functional_group_parent_refs(g));
    table_end(d);
}
DUMP_VEC(functional_group)

static void dump_dtc(dumper *d, const char *key, mdd_dtc t)
{
    if (!table_begin(d, key, t.t))
        return;
    uint32_t level = 0;
    put_string(d, "short_name", mdd_dtc_short_name(t));
    put_uint(d, "trouble_code", mdd_dtc_trouble_code(t));
    put_string(d, "display_trouble_code", mdd_dtc_display_trouble_code(t));
    dump_text(d, "text", mdd_dtc_text(t));
    put_opt_uint(d, "level", mdd_dtc_level(t, &level), &level);
    dump_sdgs(d, "sdgs", mdd_dtc_sdgs(t));
    put_bool(d, "is_temporary", mdd_dtc_is_temporary(t));
    table_end(d);
}
DUMP_VEC(dtc)

static void dump_feature_flags(dumper *d, mdd_bytes flags)
{
    if (!flags.ptr)
        return;
    json_key(&d->j, "feature_flags");
    json_array_begin(&d->j);
    for (size_t i = 0; i < flags.len; i++)
        enum_value(d, MDD_ENUM_FEATURE_FLAG, flags.ptr[i]);
    json_array_end(&d->j);
}

static void dump_ecu_data(dumper *d, mdd_ecu_data e)
{
    if (!table_begin(d, NULL, e.t))
        return;
    put_string(d, "version", mdd_ecu_data_version(e));
    put_string(d, "ecu_name", mdd_ecu_data_ecu_name(e));
    put_string(d, "revision", mdd_ecu_data_revision(e));
    dump_key_value_vec(d, "metadata", mdd_ecu_data_metadata(e));
    dump_feature_flags(d, mdd_ecu_data_feature_flags(e));
    dump_variant_vec(d, "variants", mdd_ecu_data_variants(e));
    dump_functional_group_vec(d, "functional_groups", mdd_ecu_data_functional_groups(e));
    dump_dtc_vec(d, "dtcs", mdd_ecu_data_dtcs(e));
    table_end(d);
}

/* ---- The command ---- */

/* The first DIAGNOSTIC_DESCRIPTION chunk, or NULL. */
static const mdd_chunk *find_description(const mdd_file *f)
{
    for (size_t i = 0; i < f->chunk_count; i++)
        if (f->chunks[i].type == MDD_CHUNK_DIAGNOSTIC_DESCRIPTION)
            return &f->chunks[i];
    return NULL;
}

/* Decodes the chunk into a new buffer (*out, caller frees) and checks its signatures. */
static mdd_status load_payload(const mdd_chunk *c, uint8_t **out, size_t *len, mdd_error *err)
{
    uint64_t size;
    mdd_status st = mdd_chunk_payload_size(c, NULL, &size, err);
    if (st)
        return st;
    *len = (size_t)size;
    *out = malloc(*len ? *len : 1);
    if (!*out) {
        snprintf(err->message, sizeof err->message, "no memory for %zu payload bytes", *len);
        return err->status = MDD_ERR_NOMEM;
    }
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_chunk_report report = {0};
    st = mdd_chunk_decode(c, *out, *len, NULL, err);
    if (!st)
        st = mdd_sha512(*out, *len, digest, err);
    if (!st)
        st = mdd_chunk_check_signatures(c, digest, &report, err);
    return st;
}

static int dump_file(const char *path, const mdd_file *f, uint32_t max_depth)
{
    const mdd_chunk *c = find_description(f);
    if (!c)
        return cli_error(path, "no DIAGNOSTIC_DESCRIPTION chunk");
    char label[SOURCE_LABEL_SIZE];
    source_chunk_label(f, (size_t)(c - f->chunks), label);
    uint8_t *payload = NULL;
    size_t len = 0;
    mdd_error err;
    mdd_status st = load_payload(c, &payload, &len, &err);
    if (!st)
        st = mdd_fb_verify_ecu_data(payload, len, NULL, &err);
    if (!st) {
        dumper d = {.max_depth = max_depth};
        json_init(&d.j, stdout);
        dump_ecu_data(&d, mdd_ecu_data_root(payload, len));
        json_end_line(&d.j);
    }
    free(payload);
    return st ? cli_error(path, "%s: %s", label, err.message) : CLI_EXIT_OK;
}

static int on_option(void *ctx, int option, const char *value)
{
    uint64_t depth;
    if (option != 'd')
        return CLI_EXIT_OK;
    if (cli_parse_uint(value, UINT32_MAX, &depth) != 0)
        return cli_usage_error(&cli_dump_command, "--max-depth needs a number, not '%s'", value);
    *(uint32_t *)ctx = (uint32_t)depth;
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv)
{
    uint32_t max_depth = DEFAULT_MAX_DEPTH;
    int first;
    int rc = cli_parse_options(&cli_dump_command, argc, argv, on_option, &max_depth, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(&cli_dump_command, "expected exactly one FILE");
    const char *path = argv[first];
    source s;
    mdd_error err;
    if (source_open(&s, path, &err) != MDD_OK)
        return cli_error(path, "%s", err.message);
    rc = dump_file(path, &s.file, max_depth);
    source_close(&s);
    return rc;
}

static const struct option longopts[] = {
    {"max-depth", required_argument, NULL, 'd'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const cli_command cli_dump_command = {
    .name = "dump",
    .summary = "Print the diagnostic description (EcuData) as JSON",
    .synopsis = "[--max-depth N] FILE",
    .help = "Decodes the first DIAGNOSTIC_DESCRIPTION chunk, checks its sha512_uncompressed\n"
            "signatures, verifies the FlatBuffer and prints its EcuData as one line of JSON\n"
            "in flatc's shape (schema/ecu_data.fbs field names, enum values by name, scalars\n"
            "with their defaults, absent optional scalars as null, absent strings, tables\n"
            "and vectors left out). Only the fields libmdd reads are printed. A subtable\n"
            "shared by several parents is printed at each place; tables nested deeper than\n"
            "N print as {\"$truncated\": true}.\n\n"
            "Options:\n"
            "  -d, --max-depth N   nesting limit, counting EcuData as 1 (default 16)\n"
            "  -h, --help          show this help\n",
    .shortopts = ":d:h",
    .longopts = longopts,
    .run = run,
};
