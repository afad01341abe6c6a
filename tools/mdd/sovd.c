/* SPDX-License-Identifier: Apache-2.0 */
/* mdd sovd: a variant's (or functional group's) services as SOVD resources. */
#include "sovd_out.h"

static int answer(const char *path, void *args, const mdd_db_layer *layer)
{
    const cli_db_args *a = args;
    sovd_view v;
    mdd_error err;
    mdd_status st = sovd_view_read(layer, &v, &err);
    if (st == MDD_OK && a->json) {
        json_writer j;
        json_init(&j, stdout);
        cli_db_layer_json_begin(&j, layer);
        st = sovd_view_json(&j, layer, &v, &err);
        json_object_end(&j);
        json_end_line(&j);
    } else if (st == MDD_OK) {
        st = sovd_view_text(stdout, layer, &v, &err);
    }
    sovd_view_free(&v);
    return st == MDD_OK ? CLI_EXIT_OK : cli_error(path, "%s", err.message);
}

static int run(int argc, char **argv)
{
    cli_db_args a = cli_db_args_init(&cli_sovd_command);
    cli_db_layer_command c = {.args = &a, .db = &a, .operand = "FILE", .several = 1,
                              .option = cli_db_args_option, .answer = answer};
    return cli_db_run_layer_command(argc, argv, &c);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_layer_options),
    CLI_JSON_OPTION("print one JSON object instead: {\"ecu\", \"variant\", \"data\", "
                    "\"configurations\", \"operations\", \"modes\", \"faults\"}, each an array "
                    "of resources {\"id\", ..., \"services\": [{\"role\", \"service\", "
                    "\"request\", ...}]}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_sovd_command = {
    .name = "sovd",
    .summary = "Show a variant's services as SOVD resources",
    .synopsis = "[--ecu E] [--variant V | --group G] [--json] [--strategy S]\n"
                "    [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] FILE...",
    .help = "Prints the effective services of a variant (or functional group) of FILE as the\n"
            "reference adapter presents them over SOVD: data (0x22 reads and 0x2E writes by\n"
            "identifier), configurations (the same in a coding functional class), operations\n"
            "(0x31 routines by identifier, with their start, stop and request_results\n"
            "services), modes (sessions, security levels with their seed and key,\n"
            "communication control, DTC setting: the value each service enters) and faults\n"
            "(the ECU's DTCs, the 0x19 and 0x14 services). Names lose the naming\n"
            "convention's suffixes (_Read, _Write, _Start...). Each service line gives its\n"
            "role, name and request prefix, then `needs CHART.STATE (SERVICE REQUEST)` for\n"
            "the states it requires and the service that enters each (a security level's\n"
            "seed first). FILE... are opened as one database: one directory or one or more\n"
            "files (--ecu picks the ECU).\n",
    .options = option_table,
    .run = run,
};
