/* SPDX-License-Identifier: Apache-2.0 */
/* mdd sdgs: special data groups of a variant, a service (with its request and responses) or
 * a DTC, as indented trees. */
#include "facts.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>

/* What the options ask about: the variant's own SDGs, a service's (or job's) or a DTC's. */
typedef struct sdg_subject {
    mdd_sdgs own;
    mdd_diag_comm comm;       /* with --service */
    mdd_diag_service service; /* with --service, absent for a job */
    int has_dtc;
    uint32_t dtc_code;
} sdg_subject;

static void print_node(const mdd_sdg_node *node)
{
    printf("%*s", (int)(2 * node->depth + 2), "");
    if (mdd_present(node->sdg)) {
        fputc('[', stdout);
        text_print(stdout, mdd_sdg_caption_sn(node->sdg));
        fputc(']', stdout);
        mdd_bytes si = mdd_sdg_si(node->sdg);
        if (si.ptr) {
            fputs(" si=", stdout);
            text_print(stdout, si);
        }
    } else {
        text_print(stdout, mdd_sd_si(node->sd));
        fputs(" = ", stdout);
        text_print(stdout, mdd_sd_value(node->sd));
    }
    fputc('\n', stdout);
}

/* One titled tree, left out when empty. */
static mdd_status print_tree(const char *title, uint32_t index, mdd_sdgs sdgs, mdd_error *err)
{
    mdd_sdg_node *nodes;
    uint32_t count;
    mdd_status st = facts_sdg_nodes(sdgs, &nodes, &count, err);
    if (st == MDD_OK && count > 0) {
        printf(index == UINT32_MAX ? "%s:\n" : "%s[%u]:\n", title, (unsigned)index);
        for (uint32_t i = 0; i < count; i++)
            print_node(&nodes[i]);
    }
    free(nodes);
    return st;
}

static mdd_status print_responses(const char *title, mdd_response_vec responses,
                                  mdd_error *err)
{
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < mdd_response_vec_count(responses) && st == MDD_OK; i++)
        st = print_tree(title, i, mdd_response_sdgs(mdd_response_vec_at(responses, i)), err);
    return st;
}

static mdd_status print_text(const sdg_subject *s, mdd_error *err)
{
    mdd_status st = print_tree("sdgs", UINT32_MAX, s->own, err);
    if (st != MDD_OK || !mdd_present(s->service))
        return st;
    st = print_tree("request", UINT32_MAX, mdd_request_sdgs(mdd_diag_service_request(s->service)),
                    err);
    if (st == MDD_OK)
        st = print_responses("pos_responses", mdd_diag_service_pos_responses(s->service), err);
    if (st == MDD_OK)
        st = print_responses("neg_responses", mdd_diag_service_neg_responses(s->service), err);
    return st;
}

static mdd_status print_json(const facts_args *a, const mdd_db_layer *layer,
                             const sdg_subject *s, mdd_error *err)
{
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "variant");
    json_optional_string(&j, mdd_db_layer_name(layer));
    if (a->service) {
        json_key(&j, "service");
        json_cstring(&j, a->service);
    }
    if (s->has_dtc) {
        json_key(&j, "dtc");
        json_uint(&j, s->dtc_code);
    }
    mdd_status st;
    if (a->service) {
        st = facts_comm_sdgs_json(&j, s->comm, s->service, err);
    } else {
        json_key(&j, "sdgs");
        st = facts_sdgs_json(&j, s->own, err);
    }
    json_object_end(&j);
    json_end_line(&j);
    return st;
}

static int find_dtc(const char *path, const facts_args *a, const mdd_db_layer *layer,
                    sdg_subject *s)
{
    if (cli_db_parse_dtc_code(a->dtc, &s->dtc_code) != 0)
        return cli_usage_error(a->db.cmd, "--dtc: %s is not a trouble code", cli_quote(a->dtc));
    const mdd_db_ecu *ecu = mdd_db_layer_ecu(layer);
    uint32_t first;
    if (mdd_db_ecu_find_dtcs(ecu, s->dtc_code, &first) == 0)
        return cli_error(path, "no DTC with code %s", a->dtc);
    s->has_dtc = 1;
    s->own = mdd_dtc_sdgs(mdd_db_ecu_dtc_at(ecu, first));
    return CLI_EXIT_OK;
}

static int find_subject(const char *path, const facts_args *a, const mdd_db_layer *layer,
                        sdg_subject *s)
{
    *s = (sdg_subject){.own = mdd_diag_layer_sdgs(mdd_db_layer_diag_layer(layer))};
    if (a->service && a->dtc)
        return cli_usage_error(a->db.cmd, "--service and --dtc exclude each other");
    if (a->dtc)
        return find_dtc(path, a, layer, s);
    if (!a->service)
        return CLI_EXIT_OK;
    int rc = facts_find_comm(path, layer, a->service, &s->comm, &s->service);
    if (rc == CLI_EXIT_OK)
        s->own = mdd_diag_comm_sdgs(s->comm);
    return rc;
}

static int answer(const char *path, const facts_args *a, const mdd_db_layer *layer)
{
    sdg_subject s;
    int rc = find_subject(path, a, layer, &s);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_error err = {0};
    mdd_status st = a->db.json ? print_json(a, layer, &s, &err) : print_text(&s, &err);
    return facts_query_exit(path, st, &err);
}

static int run(int argc, char **argv) { return facts_run(argc, argv, &cli_sdgs_command, answer); }

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_variant_options),
    CLI_INCLUDE(facts_service_options),
    {'D', "dtc", "CODE", "the DTC with trouble code CODE (decimal, or hex after 0x)", NULL},
    CLI_JSON_OPTION("print one JSON object instead: {\"variant\", \"sdgs\"}, plus \"service\", "
                    "\"request\", \"pos_responses\" and \"neg_responses\" with --service (the last "
                    "three for a service, not a job), \"dtc\" with --dtc; a tree is an array of "
                    "groups {\"caption\", \"si\", \"items\"}, an item a group or {\"value\", \"si\", "
                    "\"ti\"}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_sdgs_command = {
    .name = "sdgs",
    .summary = "Show the special data groups of a variant, a service or a DTC",
    .synopsis = "[--ecu E] [--variant V] [--service NAME | --dtc CODE] [--json] [--strategy S]\n"
                "    [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] FILE",
    .help = "Prints special data groups (SDGs) as indented trees: a group as `[CAPTION]`\n"
            "(with ` si=SI` when it has a semantic id), a data item as `SI = VALUE`, each\n"
            "nesting level two columns deeper. By default the variant's own SDGs, under\n"
            "`sdgs:`. With --service, the service's (or job's) SDGs, then those of its\n"
            "request (`request:`) and of each response (`pos_responses[N]:`,\n"
            "`neg_responses[N]:`); with --dtc, the SDGs of the first DTC with that code.\n"
            "Empty trees are left out.\n",
    .options = option_table,
    .run = run,
};
