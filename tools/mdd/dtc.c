/* SPDX-License-Identifier: Apache-2.0 */
/* mdd dtc: an ECU's diagnostic trouble codes, all of them or those with one code. */
#include "cli_db.h"
#include "text.h"

#include <inttypes.h>
#include <stdio.h>

/* One line: code, display form (`-` when absent), short name, text. */
static void print_dtc(mdd_dtc d)
{
    mdd_bytes display = mdd_dtc_display_trouble_code(d);
    printf("%" PRIu32 "  ", mdd_dtc_trouble_code(d));
    if (display.ptr)
        text_print(stdout, display);
    else
        fputc('-', stdout);
    fputs("  ", stdout);
    text_print(stdout, mdd_dtc_short_name(d));
    fputs("  ", stdout);
    text_print(stdout, mdd_text_value(mdd_dtc_text(d)));
    fputc('\n', stdout);
}

/* The DTCs at [first, first + n) of ecu, as lines or (json) as one JSON object. */
static void print_range(const cli_db_args *a, const mdd_db_ecu *ecu, uint32_t first, uint32_t n)
{
    if (!a->json) {
        for (uint32_t i = first; i < first + n; i++)
            print_dtc(mdd_db_ecu_dtc_at(ecu, i));
        return;
    }
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "ecu");
    json_optional_string(&j, mdd_db_ecu_name(ecu));
    json_key(&j, "dtcs");
    json_array_begin(&j);
    for (uint32_t i = first; i < first + n; i++)
        cli_db_dtc_json(&j, mdd_db_ecu_dtc_at(ecu, i));
    json_array_end(&j);
    json_object_end(&j);
    json_end_line(&j);
}

/* All the DTCs of ecu, or (code_arg given) those with that code. */
static int print_ecu_dtcs(const char *path, const cli_db_args *a, const mdd_db_ecu *ecu,
                          const char *code_arg, uint32_t code)
{
    uint32_t first = 0;
    uint32_t n = mdd_db_ecu_dtc_count(ecu);
    if (code_arg)
        n = mdd_db_ecu_find_dtcs(ecu, code, &first);
    if (code_arg && n == 0)
        return cli_error(path, "no DTC with trouble code %" PRIu32, code);
    print_range(a, ecu, first, n);
    return CLI_EXIT_OK;
}

static int print_dtcs(const char *path, const char *code_arg, const cli_db_args *a)
{
    uint32_t code = 0;
    if (code_arg && cli_db_parse_dtc_code(code_arg, &code) != 0)
        return cli_usage_error(a->cmd, "%s is not a trouble code (decimal, or hex after 0x)",
                               cli_quote(code_arg));
    mdd_db *db;
    const mdd_db_ecu *ecu;
    int rc = cli_db_open_ecu(path, a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = print_ecu_dtcs(path, a, ecu, code_arg, code);
    mdd_db_close(db);
    return rc;
}

static int run(int argc, char **argv)
{
    cli_db_args a = cli_db_args_init(&cli_dtc_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, cli_db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1 && argc - first != 2)
        return cli_usage_error(a.cmd, "expected a FILE and at most one CODE");
    return print_dtcs(argv[first], argc - first == 2 ? argv[first + 1] : NULL, &a);
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION("print one JSON object instead: {\"ecu\", \"dtcs\": [{\"code\", "
                    "\"display\", \"name\", \"text\"}]}, the display form null when absent"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_dtc_command = {
    .name = "dtc",
    .summary = "List an ECU's DTCs, or those with one trouble code",
    .synopsis = "[--json] [--strategy S] [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] FILE [CODE]",
    .help = "Prints the DTCs of FILE sorted by trouble code, one per line: the code in\n"
            "decimal, its display form (`-` when absent), its short name and its text,\n"
            "separated by two spaces. With CODE (decimal, or hex after 0x), prints only the\n"
            "DTCs with that code; a code no DTC has prints `mdd: FILE: no DTC ...` and exits\n"
            "1.\n",
    .options = option_table,
    .run = run,
};
