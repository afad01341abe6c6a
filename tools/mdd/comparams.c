/* SPDX-License-Identifier: Apache-2.0 */
/* mdd comparams: a variant's communication parameters, resolved through inheritance, for one
 * protocol or all of them. */
#include "comparams_out.h"
#include "cli_db.h"

#include <stdio.h>

typedef struct comparams_args {
    cli_db_args db;
    const char *protocol;
} comparams_args;

static int comparams_option(void *ctx, int option, const char *value)
{
    comparams_args *a = ctx;
    if (option != 'P')
        return cli_db_args_option(&a->db, option, value);
    a->protocol = value;
    return CLI_EXIT_OK;
}

static int show(const char *path, void *args, const mdd_db_layer *layer)
{
    const comparams_args *a = args;
    mdd_error err;
    mdd_status st;
    if (a->db.json) {
        json_writer j;
        json_init(&j, stdout);
        st = comparams_json(&j, layer, a->protocol, &err);
        if (st == MDD_OK)
            json_end_line(&j);
    } else {
        st = comparams_print(stdout, layer, a->protocol, &err);
    }
    return st == MDD_OK ? CLI_EXIT_OK : cli_error(path, "%s", err.message);
}

static int run(int argc, char **argv)
{
    comparams_args a = {cli_db_args_init(&cli_comparams_command), NULL};
    cli_db_layer_command c = {.args = &a, .db = &a.db, .operand = "PATH",
                              .option = comparams_option, .answer = show};
    return cli_db_run_layer_command(argc, argv, &c);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_variant_options),
    {'P', "protocol", "P", "only the protocol named P (and references naming none)", NULL},
    CLI_JSON_OPTION("print one JSON object with the ComParams, the protocols and the DoIP "
                    "logical addresses"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_comparams_command = {
    .name = "comparams",
    .summary = "Show a variant's communication parameters (ComParams)",
    .synopsis = "[--ecu E] [--variant V] [--protocol P] [--json] [--strategy S]\n"
                "              [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] PATH",
    .help = "Prints the ComParams of a variant of PATH (an MDD file, or a directory of them), resolved through inheritance (its own\n"
            "ComParamRefs, then its parents' in order; the nearest reference wins, per\n"
            "protocol), one per line: the protocol (`-` for none), the name and the value,\n"
            "two spaces apart, a complex value as {MEMBER=VALUE, ...}, and `(from LAYER)` for\n"
            "an inherited one. A protocol the variant lacks fails, naming those it has.\n",
    .options = option_table,
    .run = run,
};
