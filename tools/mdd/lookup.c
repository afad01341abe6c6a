/* SPDX-License-Identifier: Apache-2.0 */
/* mdd lookup: which services a UDS request addresses, by the index the library builds at
 * open: every effective service whose request prefix matches, most specific first. */
#include "cli_db.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_text(const mdd_db_service *matches, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        text_print(stdout, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(
                               matches[i].service)));
        fputc('\n', stdout);
    }
}

static void print_json(const mdd_db_layer *layer, const uint8_t *request, size_t len,
                       const mdd_db_service *matches, size_t n)
{
    json_writer j;
    cli_db_layer_json_begin(&j, layer);
    json_key(&j, "request");
    json_hex(&j, request, len);
    cli_db_services_json(&j, matches, n);
    json_object_end(&j);
    json_end_line(&j);
}

/* Prints every match; the matches come in the library's order. */
static int print_matches(const char *path, const cli_db_args *a, const mdd_db_layer *layer,
                         const uint8_t *request, size_t len, const char *hex)
{
    size_t total = mdd_db_layer_lookup_request(layer, request, len, NULL, 0);
    if (total == 0) {
        char name[128];
        text_format(name, sizeof name, mdd_db_layer_name(layer));
        return cli_error(path, "no service of variant '%s' matches request %s", name,
                         cli_excerpt(hex));
    }
    mdd_db_service *matches = malloc(total * sizeof *matches);
    if (!matches)
        return cli_error(path, "out of memory");
    mdd_db_layer_lookup_request(layer, request, len, matches, total);
    if (a->json)
        print_json(layer, request, len, matches, total);
    else
        print_text(matches, total);
    free(matches);
    return CLI_EXIT_OK;
}

static int lookup(const char *path, const cli_db_args *a, const uint8_t *request, size_t len,
                  const char *hex)
{
    mdd_db *db;
    const mdd_db_ecu *ecu;
    int rc = cli_db_open_ecu(path, a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    const mdd_db_layer *layer;
    rc = cli_db_choose_variant(path, a, ecu, &layer);
    if (rc == CLI_EXIT_OK)
        rc = print_matches(path, a, layer, request, len, hex);
    mdd_db_close(db);
    return rc;
}

static int run(int argc, char **argv)
{
    cli_db_args a = cli_db_args_init(&cli_lookup_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, cli_db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 2)
        return cli_usage_error(a.cmd, "expected a PATH and a HEX request");
    const char *hex = argv[first + 1];
    uint8_t *request = malloc(strlen(hex) / 2 + 1);
    if (!request)
        return cli_error("mdd", "out of memory");
    if (cli_db_parse_hex(hex, request) != 0)
        rc = cli_usage_error(a.cmd, "%s is not a request in hex (pairs of hex digits)",
                             cli_quote(hex));
    else
        rc = lookup(argv[first], &a, request, strlen(hex) / 2, hex);
    free(request);
    return rc;
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_variant_options),
    CLI_JSON_OPTION("print one JSON object instead: {\"ecu\", \"variant\", \"request\", "
                    "\"services\": [{\"name\", \"request\"}]}, the request looked up and each "
                    "matching service with its request prefix, in hex"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_lookup_command = {
    .name = "lookup",
    .summary = "Find the services a UDS request addresses",
    .synopsis = "[--ecu E] [--variant V] [--json] [--strategy S] [--cache-budget BYTES]\n"
                "    [--skip-invalid] [--trust DIR [--require-signature]] PATH HEX",
    .help = "Prints the short name of every effective service of a variant whose request\n"
            "prefix matches the request HEX (pairs of hex digits, e.g. 22F190), one per line,\n"
            "most specific first: longest prefix first (a prefix has any length), then by\n"
            "prefix bytes, then by name. A request shorter than a prefix matches on the bytes\n"
            "it has. PATH is an MDD file or a directory of them (its *.mdd files, not\n"
            "recursing). A request that matches nothing prints `mdd: PATH: no service ...`\n"
            "and exits 1.\n",
    .options = option_table,
    .run = run,
};
