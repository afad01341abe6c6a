/* SPDX-License-Identifier: Apache-2.0 */
/* mdd ecu: what a file's diagnostic description holds: the ECU, its variants with their own
 * and effective services, its functional groups and its DTCs. */
#include "cli_db.h"
#include "comparams_out.h"
#include "facts.h"
#include "text.h"

#include <inttypes.h>
#include <stdio.h>

/* The layer's own services, in stored order. */
static void own_services_json(json_writer *j, const mdd_db_layer *layer)
{
    mdd_diag_service_vec own = mdd_diag_layer_diag_services(mdd_db_layer_diag_layer(layer));
    json_key(j, "services");
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_diag_service_vec_count(own); i++)
        cli_db_payload_service_json(j, mdd_diag_service_vec_at(own, i));
    json_array_end(j);
}

/* Own and inherited services, by name. */
static void effective_services_json(json_writer *j, const mdd_db_layer *layer)
{
    json_key(j, "effective_services");
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++) {
        mdd_db_service s = mdd_db_layer_service_at(layer, i);
        cli_db_service_json(j, s.service, &s.prefix);
    }
    json_array_end(j);
}

/* The keys beyond the services: identification patterns, effective state charts and jobs,
 * the variant's own SDGs, its resolved ComParams. */
static mdd_status variant_facts_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err)
{
    json_key(j, "variant_patterns");
    mdd_status st = facts_variant_patterns_json(j, layer, err);
    if (st == MDD_OK) {
        json_key(j, "state_charts");
        st = facts_state_charts_json(j, layer, err);
    }
    if (st == MDD_OK) {
        json_key(j, "jobs");
        st = facts_jobs_json(j, layer, err);
    }
    if (st == MDD_OK) {
        json_key(j, "sdgs");
        st = facts_sdgs_json(j, mdd_diag_layer_sdgs(mdd_db_layer_diag_layer(layer)), err);
    }
    if (st == MDD_OK) {
        json_key(j, "comparams");
        st = comparams_list_json(j, layer, err);
    }
    return st;
}

static mdd_status variants_json(json_writer *j, const mdd_db_ecu *ecu, mdd_error *err)
{
    mdd_status st = MDD_OK;
    json_key(j, "variants");
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_db_ecu_variant_count(ecu) && st == MDD_OK; i++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, i);
        json_object_begin(j);
        json_member_string(j, "name", mdd_db_layer_name(layer));
        json_key(j, "is_base");
        json_bool(j, mdd_variant_is_base_variant(mdd_db_layer_variant(layer)));
        own_services_json(j, layer);
        effective_services_json(j, layer);
        st = variant_facts_json(j, layer, err);
        json_object_end(j);
    }
    json_array_end(j);
    return st;
}

static void functional_groups_json(json_writer *j, const mdd_db_ecu *ecu)
{
    json_key(j, "functional_groups");
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_db_ecu_functional_group_count(ecu); i++) {
        const mdd_db_layer *layer = mdd_db_ecu_functional_group_at(ecu, i);
        json_object_begin(j);
        json_member_string(j, "name", mdd_db_layer_name(layer));
        own_services_json(j, layer);
        json_object_end(j);
    }
    json_array_end(j);
}

/* In stored order, as the file lists them. */
static void dtcs_json(json_writer *j, mdd_dtc_vec dtcs)
{
    json_key(j, "dtcs");
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_dtc_vec_count(dtcs); i++)
        cli_db_dtc_json(j, mdd_dtc_vec_at(dtcs, i));
    json_array_end(j);
}

static mdd_status print_json(const mdd_db_ecu *ecu, mdd_error *err)
{
    mdd_ecu_data root = mdd_db_ecu_data(ecu);
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "ecu_name");
    json_optional_string(&j, mdd_ecu_data_ecu_name(root));
    json_key(&j, "version");
    json_optional_string(&j, mdd_ecu_data_version(root));
    json_key(&j, "revision");
    json_optional_string(&j, mdd_ecu_data_revision(root));
    mdd_status st = variants_json(&j, ecu, err);
    functional_groups_json(&j, ecu);
    dtcs_json(&j, mdd_ecu_data_dtcs(root));
    json_object_end(&j);
    json_end_line(&j);
    return st;
}

static void print_field(const char *label, mdd_bytes value)
{
    printf("%-19s", label);
    if (value.ptr)
        text_print(stdout, value);
    else
        fputs("(none)", stdout);
    fputc('\n', stdout);
}

static void print_layer(const mdd_db_layer *layer, const char *note)
{
    uint32_t own = mdd_diag_service_vec_count(
        mdd_diag_layer_diag_services(mdd_db_layer_diag_layer(layer)));
    uint32_t effective = mdd_db_layer_service_count(layer);
    fputs("  ", stdout);
    text_print(stdout, mdd_db_layer_name(layer));
    printf("%s: %" PRIu32 " service%s, %" PRIu32 " effective\n", note, own, cli_plural(own),
           effective);
}

static void print_text(const mdd_db_ecu *ecu)
{
    mdd_ecu_data root = mdd_db_ecu_data(ecu);
    print_field("ecu_name:", mdd_ecu_data_ecu_name(root));
    print_field("version:", mdd_ecu_data_version(root));
    print_field("revision:", mdd_ecu_data_revision(root));
    printf("%-19s%" PRIu32 "\n", "variants:", mdd_db_ecu_variant_count(ecu));
    for (uint32_t i = 0; i < mdd_db_ecu_variant_count(ecu); i++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, i);
        int base = mdd_variant_is_base_variant(mdd_db_layer_variant(layer));
        print_layer(layer, base ? " (base)" : "");
    }
    printf("%-19s%" PRIu32 "\n", "functional_groups:", mdd_db_ecu_functional_group_count(ecu));
    for (uint32_t i = 0; i < mdd_db_ecu_functional_group_count(ecu); i++)
        print_layer(mdd_db_ecu_functional_group_at(ecu, i), "");
    printf("%-19s%" PRIu32 "\n", "dtcs:", mdd_db_ecu_dtc_count(ecu));
}

static int run(int argc, char **argv)
{
    cli_db_args a = cli_db_args_init(&cli_ecu_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, cli_db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(a.cmd, "expected exactly one FILE");
    mdd_db *db;
    const mdd_db_ecu *ecu;
    rc = cli_db_open_ecu(argv[first], &a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_error err;
    if (a.json && print_json(ecu, &err) != MDD_OK)
        rc = facts_query_error(argv[first], &err);
    else if (!a.json)
        print_text(ecu);
    mdd_db_close(db);
    return rc;
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION(
        "print one JSON object instead: {\"ecu_name\", \"version\", \"revision\", \"variants\": "
        "[{\"name\", \"is_base\", \"services\", \"effective_services\", \"variant_patterns\", "
        "\"state_charts\", \"jobs\", \"sdgs\", \"comparams\"}], \"functional_groups\": "
        "[{\"name\", \"services\"}], \"dtcs\": [{\"code\", \"display\", \"name\", \"text\"}]}; a "
        "service is {\"name\", \"request\"} with its request prefix in hex; \"services\" are a "
        "layer's own in file order, \"effective_services\" sorted by name; the variant's "
        "identification patterns, effective state charts and jobs and own SDGs are as mdd "
        "states, jobs and sdgs --json print them, a pattern an array of {\"expected_value\", "
        "\"service\", \"out_param\", \"physical_addressing\"}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_ecu_command = {
    .name = "ecu",
    .summary = "Show an ECU's variants, services, functional groups and DTCs",
    .synopsis = "[--json] [--strategy S] [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] FILE",
    .help = "Opens FILE as a database of one ECU (verifying every chunk's signature and the\n"
            "diagnostic description) and prints its name, version and revision, each\n"
            "variant with its own and effective (own plus inherited) service counts, each\n"
            "functional group, and the number of DTCs.\n",
    .options = option_table,
    .run = run,
};
