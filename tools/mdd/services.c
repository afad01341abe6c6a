/* SPDX-License-Identifier: Apache-2.0 */
/* mdd services: a variant's or functional group's effective services (its own plus the
 * inherited ones), all of them by name or those a query selects through the index, each with
 * its request prefix. */
#include "cli_db.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct services_args {
    cli_db_args db;
    mdd_db_service_query query;
} services_args;

static int parse_byte_option(const cli_command *cmd, const char *option, const char *value,
                             uint8_t *byte)
{
    if (cli_db_parse_byte(value, byte) == 0)
        return CLI_EXIT_OK;
    return cli_usage_error(cmd, "%s wants a byte as two hex digits, not %s", option,
                           cli_quote(value));
}

static int option(void *ctx, int opt, const char *value)
{
    services_args *a = ctx;
    mdd_db_service_query *q = &a->query;
    switch (opt) {
    case 'n': q->name = value; return CLI_EXIT_OK;
    case 'c': q->funct_class = value; return CLI_EXIT_OK;
    case 'm': q->semantic = value; return CLI_EXIT_OK;
    case 'i':
        q->has_sid = 1;
        return parse_byte_option(a->db.cmd, "--sid", value, &q->sid);
    case 'u':
        q->has_subfunction = 1;
        return parse_byte_option(a->db.cmd, "--subfunction", value, &q->subfunction);
    default: return cli_db_args_option(&a->db, opt, value);
    }
}

static void print_text(const mdd_db_service *found, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cli_db_prefix_print(stdout, &found[i].prefix, 8);
        fputs("  ", stdout);
        text_print(stdout, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(found[i].service)));
        fputc('\n', stdout);
    }
}

static void print_json(const mdd_db_layer *layer, const mdd_db_service *found, size_t n)
{
    json_writer j;
    cli_db_layer_json_begin(&j, layer);
    cli_db_services_json(&j, found, n);
    json_object_end(&j);
    json_end_line(&j);
}

static int print_services(const char *path, void *args, const mdd_db_layer *layer)
{
    const services_args *a = args;
    size_t total = mdd_db_layer_query_services(layer, &a->query, NULL, 0);
    mdd_db_service *found = malloc((total ? total : 1) * sizeof *found);
    if (!found)
        return cli_error(path, "out of memory");
    mdd_db_layer_query_services(layer, &a->query, found, total);
    if (a->db.json)
        print_json(layer, found, total);
    else
        print_text(found, total);
    free(found);
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv)
{
    services_args a = {.db = cli_db_args_init(&cli_services_command)};
    cli_db_layer_command c = {.args = &a, .db = &a.db, .operand = "PATH", .option = option,
                          .answer = print_services};
    return cli_db_run_layer_command(argc, argv, &c);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_layer_options),
    {'n', "name", "N", "the service named N", NULL},
    {'i', "sid", "XX", "services whose request starts with service id XX (hex)", NULL},
    {'u', "subfunction", "XX",
     "services whose prefix's second byte is XX (hex), the suppress-positive-response bit 0x80 "
     "ignored", NULL},
    {'c', "class", "C", "services of functional class C", NULL},
    {'m', "semantic", "S", "services whose semantic is S", NULL},
    CLI_JSON_OPTION("one JSON object: {ecu, variant or functional_group, services: [{name, "
                    "request}]}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_services_command = {
    .name = "services",
    .summary = "List or find a variant's or functional group's effective services",
    .synopsis = "[--ecu E] [--variant V | --group G] [--name N] [--sid XX] [--subfunction XX]\n"
                "    [--class C] [--semantic S] [--json] [--strategy S] [--cache-budget BYTES]\n"
                "    [--skip-invalid] [--trust DIR [--require-signature]] PATH",
    .help = "Prints the effective services (own plus inherited) of a variant or functional\n"
            "group of PATH (an MDD file or a directory of them), one per line: the request\n"
            "prefix in hex (`-` when empty) padded to 8 columns, two spaces, the short name.\n"
            "Without a query option, every service by name. With query options, the services\n"
            "that meet all of them: most specific first (longest prefix, then prefix bytes,\n"
            "then name) for --sid and --subfunction, else by name. Names, classes and\n"
            "semantics compare without ASCII case.\n",
    .options = option_table,
    .run = run,
};
