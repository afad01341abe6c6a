/* SPDX-License-Identifier: Apache-2.0 */
/* mdd layout: a service's message as a byte grid, or its layout as JSON (mdd_uds_layout()). */
#include "cli_describe.h"
#include "describe_out.h"

static mdd_status describe(const describe_args *a, const mdd_db_layer *layer,
                           const mdd_db_service *service, uds_jw *w, mdd_error *err)
{
    if (!a->db.json)
        return describe_layout_grid(w, layer, service, &a->message, err);
    mdd_status st = describe_layout_json(w, layer, service, &a->message, err);
    uds_jw_raw(w, "\n", 1);
    return st;
}

static int run(int argc, char **argv)
{
    return describe_run(argc, argv, &cli_layout_command, describe);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_layer_options),
    CLI_INCLUDE(describe_message_options),
    CLI_JSON_OPTION("print one JSON object instead: {\"ecu\", \"variant\", \"service\", "
                    "\"message\", \"index\", \"items\": [{\"path\", \"kind\", \"byte\", \"bit\", "
                    "\"after\", \"rule\", ...}]}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_layout_command = {
    .name = "layout",
    .summary = "Show where a service message's parameters lie, as a byte grid",
    .synopsis = "[--ecu E] [--variant V | --group G] [--request | --response | --negative]\n"
                "    [--index N] [--json] [--strategy S] [--cache-budget BYTES] [--skip-invalid]\n"
                "    [--trust DIR [--require-signature]] SERVICE FILE...",
    .help = "Prints the layout of a message of the service named SERVICE without a message:\n"
            "one legend line per value (a letter, its path, where it starts, its length rule,\n"
            "its constant, `#N` its number), then a byte grid, one row per byte and its bits\n"
            "7..0 as columns, each marked with its value's letter. A position after a value\n"
            "whose length the message decides counts from that value's end (`after #N`).\n"
            "What only some messages have (a field's items, MUX cases, table rows,\n"
            "environment data) is marked conditional and drawn where no other value is.\n"
            "FILE... are opened as one database: one directory or one or more files (--ecu\n"
            "picks the ECU).\n",
    .options = option_table,
    .run = run,
};
