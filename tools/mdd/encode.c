/* SPDX-License-Identifier: Apache-2.0 */
/* mdd encode: a service's request built from parameter values given as JSON. */
#include "cli_uds.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

static void print_request(const cli_db_args *a, const mdd_db_layer *layer, const char *service,
                          const uint8_t *bytes, size_t len)
{
    if (!a->json) {
        cli_uds_print_hex(stdout, bytes, len);
        fputc('\n', stdout);
        return;
    }
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "ecu");
    json_string(&j, mdd_db_ecu_name(mdd_db_layer_ecu(layer)));
    json_key(&j, cli_db_layer_kind(layer));
    json_string(&j, mdd_db_layer_name(layer));
    json_key(&j, "service");
    json_cstring(&j, service);
    json_key(&j, "request");
    json_hex(&j, bytes, len);
    json_object_end(&j);
    json_end_line(&j);
}

static int encode(const char *path, const cli_db_args *a, const char *service, const char *values)
{
    mdd_db *db;
    const mdd_db_ecu *ecu;
    const mdd_db_layer *layer;
    int rc = cli_uds_open(path, a, &db, &ecu, &layer);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_db_service s;
    uint8_t *bytes = NULL;
    size_t len = 0;
    mdd_error err;
    if (!mdd_db_layer_find_service(layer, service, &s)) {
        char name[128];
        text_format(name, sizeof name, mdd_db_layer_name(layer));
        rc = cli_error(path, "no service named %s in %s '%s'", cli_quote_name(service),
                       a->group ? "functional group" : "variant", name);
    } else if (cli_uds_encode_request(layer, &s, values, strlen(values), &bytes, &len, &err) !=
               MDD_OK) {
        rc = cli_uds_fail(path, &err);
    } else {
        print_request(a, layer, service, bytes, len);
    }
    free(bytes);
    mdd_db_close(db);
    return rc;
}

static int run(int argc, char **argv)
{
    cli_db_args a = cli_db_args_init(&cli_encode_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, cli_db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 3)
        return cli_usage_error(a.cmd, "expected a FILE, a SERVICE and its VALUES as JSON");
    return encode(argv[first], &a, argv[first + 1], argv[first + 2]);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_layer_options),
    CLI_INCLUDE(cli_uds_options),
    CLI_OPTIONS_END,
};

const cli_command cli_encode_command = {
    .name = "encode",
    .summary = "Encode a service's UDS request from values given as JSON",
    .synopsis = "[--ecu E] [--variant V | --group G] [--json] [--strategy S]\n"
                "    [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] FILE SERVICE VALUES",
    .help = "Builds the request of the service named SERVICE (exactly) from VALUES, a JSON\n"
            "object mapping parameter short names to values in the shapes `mdd decode\n"
            "--json` prints (e.g. '{\"EcuSessionType\": \"Extended\"}'), and prints it in\n"
            "hex: constants filled in, physical values through the inverse compu method,\n"
            "lengths computed, parameters not given at their default. With --json,\n"
            "{\"ecu\", \"variant\" (or \"functional_group\"), \"service\", \"request\"}. A value\n"
            "of the wrong type, out of range, unknown or missing prints `mdd: FILE: MESSAGE`\n"
            "naming the parameter, and exits 1.\n",
    .options = option_table,
    .run = run,
};
