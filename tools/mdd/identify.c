/* SPDX-License-Identifier: Apache-2.0 */
/* mdd identify: the requests that identify an ECU's variant, or, given their responses, the
 * variant they identify (mdd_uds_identify_requests(), mdd_uds_identify()). */
#include "uds_cli.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* One line per request (SERVICE  HEX), or {"ecu", "requests": [{"service", "request"}]}. */
static int print_requests(const char *path, const db_args *a, const mdd_db_ecu *ecu)
{
    size_t count = mdd_uds_identify_requests(ecu, NULL, 0);
    mdd_uds_identify_request *reqs = calloc(count ? count : 1, sizeof *reqs);
    if (!reqs)
        return cli_error(path, "out of memory");
    mdd_uds_identify_requests(ecu, reqs, count);
    json_writer j;
    json_init(&j, stdout);
    if (a->json) {
        json_object_begin(&j);
        json_key(&j, "ecu");
        json_string(&j, mdd_db_ecu_name(ecu));
        json_key(&j, "requests");
        json_array_begin(&j);
    }
    int rc = CLI_EXIT_OK;
    for (size_t i = 0; i < count && rc == CLI_EXIT_OK; i++) {
        mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(reqs[i].service.service));
        uint8_t *bytes;
        size_t len;
        mdd_error err;
        if (uds_cli_encode_request(reqs[i].layer, &reqs[i].service, "{}", 2, &bytes, &len,
                                   &err) != MDD_OK) {
            rc = uds_cli_fail(path, &err);
            break;
        }
        if (a->json) {
            json_object_begin(&j);
            json_key(&j, "service");
            json_string(&j, name);
            json_key(&j, "request");
            json_hex(&j, bytes, len);
            json_object_end(&j);
        } else {
            text_print(stdout, name);
            fputs("  ", stdout);
            uds_cli_print_hex(stdout, bytes, len);
            fputc('\n', stdout);
        }
        free(bytes);
    }
    if (a->json && rc == CLI_EXIT_OK) {
        json_array_end(&j);
        json_object_end(&j);
        json_end_line(&j);
    }
    free(reqs);
    return rc;
}

static void print_identity(const db_args *a, const mdd_db_ecu *ecu, const mdd_uds_identity *id)
{
    if (!a->json) {
        mdd_bytes name = mdd_db_layer_name(id->variant);
        text_print(stdout, name);
        fputs(id->matched ? "\n" : " (no pattern matched: the base variant)\n", stdout);
        return;
    }
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "ecu");
    json_string(&j, mdd_db_ecu_name(ecu));
    json_key(&j, "variant");
    json_string(&j, mdd_db_layer_name(id->variant));
    json_key(&j, "matched");
    json_bool(&j, id->matched);
    json_object_end(&j);
    json_end_line(&j);
}

static int identify(const char *path, const db_args *a, const mdd_uds_exchange *exchanges,
                    size_t count, int listing)
{
    mdd_db *db;
    const mdd_db_ecu *ecu;
    int rc = db_open_ecu(path, a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_uds_identity id;
    mdd_error err;
    if (listing)
        rc = print_requests(path, a, ecu);
    else if (mdd_uds_identify(ecu, exchanges, count, NULL, &id, &err) != MDD_OK)
        rc = uds_cli_fail(path, &err);
    else
        print_identity(a, ecu, &id);
    mdd_db_close(db);
    return rc;
}

/* Splits REQUEST=RESPONSE into the two messages (their bytes go to args). */
static int parse_exchange(const cli_command *cmd, char *arg, uds_hex_arg args[2],
                          mdd_uds_exchange *x)
{
    char *eq = strchr(arg, '=');
    if (!eq)
        return cli_usage_error(cmd, "%s is not REQUEST=RESPONSE", cli_quote(arg));
    *eq = '\0';
    int rc = uds_cli_parse_hex(cmd, "request", arg, &args[0]);
    if (rc == CLI_EXIT_OK)
        rc = uds_cli_parse_hex(cmd, "response", eq + 1, &args[1]);
    *eq = '=';
    *x = (mdd_uds_exchange){args[0].bytes, args[0].len, args[1].bytes, args[1].len};
    return rc;
}

static int run(int argc, char **argv)
{
    db_args a = db_args_init(&cli_identify_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first < 1)
        return cli_usage_error(a.cmd, "expected a FILE and REQUEST=RESPONSE exchanges");
    size_t count = (size_t)(argc - first - 1);
    mdd_uds_exchange *exchanges = calloc(count + 1, sizeof *exchanges);
    uds_hex_arg *args = calloc(2 * count + 2, sizeof *args);
    rc = exchanges && args ? CLI_EXIT_OK : cli_error("mdd", "out of memory");
    for (size_t i = 0; i < count && rc == CLI_EXIT_OK; i++)
        rc = parse_exchange(a.cmd, argv[first + 1 + (int)i], &args[2 * i], &exchanges[i]);
    if (rc == CLI_EXIT_OK)
        rc = identify(argv[first], &a, exchanges, count, count == 0);
    for (size_t i = 0; args && i < 2 * count; i++)
        free(args[i].bytes);
    free(args);
    free(exchanges);
    return rc;
}

static const struct option longopts[] = {
    {"ecu", required_argument, NULL, 'e'},
    {"json", no_argument, NULL, 'j'},
    {"strategy", required_argument, NULL, 's'},
    {"cache-budget", required_argument, NULL, 'B'},
    {"skip-invalid", no_argument, NULL, 'K'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const cli_command cli_identify_command = {
    .name = "identify",
    .summary = "List the requests that identify the variant, or decide it from responses",
    .synopsis = "[--ecu E] [--json] [--strategy S] [--cache-budget BYTES] [--skip-invalid] "
                "FILE [REQUEST=RESPONSE ...]",
    .help = "Without exchanges, prints the requests to send to identify the ECU's variant,\n"
            "one per line: the service's name, two spaces and the request in hex (with\n"
            "--json, {\"ecu\", \"requests\": [{\"service\", \"request\"}]}). Given each\n"
            "request with its response (REQUEST=RESPONSE, pairs of hex digits), prints the\n"
            "variant they identify as the reference adapter decides it: the first variant\n"
            "one of whose patterns matches, where a pattern matches when every matching\n"
            "parameter's decoded value equals its expected value; when none does, the base\n"
            "variant followed by ` (no pattern matched: the base variant)`. With --json,\n"
            "{\"ecu\", \"variant\", \"matched\"}.\n\n"
            "Options:\n"
            UDS_CLI_ECU_HELP
            UDS_CLI_OPTIONS_HELP
            "  -h, --help        show this help\n",
    .shortopts = ":e:js:h",
    .longopts = longopts,
    .run = run,
};
