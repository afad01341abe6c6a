/* SPDX-License-Identifier: Apache-2.0 */
/* mdd schema: the JSON Schema of a service's request or response (mdd_uds_schema()). */
#include "cli_describe.h"

#include <mdd/uds_describe.h>

static mdd_status describe(const describe_args *a, const mdd_db_layer *layer,
                           const mdd_db_service *service, uds_jw *w, mdd_error *err)
{
    mdd_status st = uds_jw_flush(w);
    if (st == MDD_OK)
        st = mdd_uds_schema(layer, service, &a->message, NULL, w->sink, err);
    uds_jw_raw(w, "\n", 1);
    return st;
}

static int run(int argc, char **argv)
{
    return describe_run(argc, argv, &cli_schema_command, describe);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_layer_options),
    CLI_INCLUDE(describe_message_options),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_schema_command = {
    .name = "schema",
    .summary = "Print the JSON Schema of a service's request or response",
    .synopsis = "[--ecu E] [--variant V | --group G] [--request | --response | --negative]\n"
                "    [--index N] [--strategy S] [--cache-budget BYTES] [--skip-invalid]\n"
                "    [--trust DIR [--require-signature]] SERVICE FILE...",
    .help = "Prints the JSON Schema (draft 2020-12) of a message of the service named\n"
            "SERVICE: for its request, of the values `mdd encode` takes; for a response, of\n"
            "the object `mdd decode --json` prints for it. Text tables are enums of their\n"
            "texts, integers are bounded by their coded bits, linear compu methods by their\n"
            "physical range, texts by their coded length, fields by their number of items.\n"
            "FILE... are opened as one database: one directory or one or more files (--ecu\n"
            "picks the ECU).\n",
    .options = option_table,
    .run = run,
};
