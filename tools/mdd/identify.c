/* SPDX-License-Identifier: Apache-2.0 */
/* mdd identify: the requests that identify an ECU's variant, or, given their responses, the
 * variant they identify (mdd_uds_identify_requests(), mdd_uds_identify()). */
#include "cli_uds.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line per request (SERVICE  HEX), or {"ecu", "requests": [{"service", "request"}]}. */
static int print_requests(const char *path, const cli_db_args *a, const mdd_db_ecu *ecu)
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
        if (cli_uds_encode_request(reqs[i].layer, &reqs[i].service, "{}", 2, &bytes, &len,
                                   &err) != MDD_OK) {
            rc = cli_uds_fail(path, &err);
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
            cli_uds_print_hex(stdout, bytes, len);
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

/* Why an exchange was not used: a sentence and a library message. */
typedef char unused_reason[sizeof ((mdd_error *)0)->message + 64];

/* The exchanges given, their arguments, and why identification could use none of some. */
typedef struct exchanges {
    const mdd_uds_exchange *items;
    char *const *args; /* REQUEST=RESPONSE as given */
    size_t count;
    unused_reason *unused; /* per exchange: why it was not used, or "" */
} exchanges;

static mdd_status ignore_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)ctx, (void)v, (void)err;
    return MDD_OK;
}

/* Why identification can use x, as mdd_uds_identify() tries it: a service it sends whose
 * request x's request is, decoding x's response. Writes the reason to why ("" when used). */
static void why_unused(const mdd_uds_identify_request *reqs, size_t count,
                       const mdd_uds_exchange *x, unused_reason why)
{
    mdd_error first = {.message = ""};
    int addressed = 0;
    mdd_uds_visitor visitor = {ignore_value, NULL};
    for (size_t i = 0; i < count; i++) {
        const mdd_uds_identify_request *r = &reqs[i];
        if (!mdd_request_prefix_matches(&r->service.prefix, x->request, x->request_len))
            continue;
        mdd_error err;
        if (mdd_uds_decode_message(r->layer, &r->service, NULL, x->request, x->request_len,
                                   x->response, x->response_len, &visitor, NULL, NULL,
                                   &err) == MDD_OK) {
            why[0] = '\0';
            return;
        }
        if (!addressed++)
            first = err;
    }
    if (!addressed)
        snprintf(why, sizeof(unused_reason), "its request is none that identification sends");
    else
        snprintf(why, sizeof(unused_reason), "its response does not decode: %s", first.message);
}

/* Finds the exchanges identification cannot use, and notes each on stderr. */
static int find_unused(const char *path, const mdd_db_ecu *ecu, exchanges *x)
{
    size_t count = mdd_uds_identify_requests(ecu, NULL, 0);
    mdd_uds_identify_request *reqs = calloc(count ? count : 1, sizeof *reqs);
    if (!reqs)
        return cli_error(path, "out of memory");
    mdd_uds_identify_requests(ecu, reqs, count);
    for (size_t i = 0; i < x->count; i++) {
        why_unused(reqs, count, &x->items[i], x->unused[i]);
        if (x->unused[i][0])
            fprintf(stderr, "mdd: note: %s: %s not used: %s\n", path, cli_quote(x->args[i]),
                    x->unused[i]);
    }
    free(reqs);
    return CLI_EXIT_OK;
}

/* "unused": [{"request", "response", "reason"}] */
static void print_unused_json(json_writer *j, const exchanges *x)
{
    json_key(j, "unused");
    json_array_begin(j);
    for (size_t i = 0; i < x->count; i++) {
        if (!x->unused[i][0])
            continue;
        json_object_begin(j);
        json_key(j, "request");
        json_hex(j, x->items[i].request, x->items[i].request_len);
        json_key(j, "response");
        json_hex(j, x->items[i].response, x->items[i].response_len);
        json_key(j, "reason");
        json_cstring(j, x->unused[i]);
        json_object_end(j);
    }
    json_array_end(j);
}

static void print_identity(const cli_db_args *a, const mdd_db_ecu *ecu, const mdd_uds_identity *id,
                           const exchanges *x)
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
    print_unused_json(&j, x);
    json_object_end(&j);
    json_end_line(&j);
}

static int identify(const char *path, const cli_db_args *a, exchanges *x)
{
    mdd_db *db;
    const mdd_db_ecu *ecu;
    int rc = cli_db_open_ecu(path, a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_uds_identity id;
    mdd_error err;
    if (x->count == 0)
        rc = print_requests(path, a, ecu);
    else if (mdd_uds_identify(ecu, x->items, x->count, NULL, &id, &err) != MDD_OK)
        rc = cli_uds_fail(path, &err);
    else if ((rc = find_unused(path, ecu, x)) == CLI_EXIT_OK)
        print_identity(a, ecu, &id, x);
    mdd_db_close(db);
    return rc;
}

/* Splits REQUEST=RESPONSE into the two messages (their bytes go to args). */
static int parse_exchange(const cli_command *cmd, char *arg, cli_uds_hex args[2],
                          mdd_uds_exchange *x)
{
    char *eq = strchr(arg, '=');
    if (!eq)
        return cli_usage_error(cmd, "%s is not REQUEST=RESPONSE", cli_quote(arg));
    *eq = '\0';
    int rc = cli_uds_parse_hex(cmd, "request", arg, &args[0]);
    if (rc == CLI_EXIT_OK)
        rc = cli_uds_parse_hex(cmd, "response", eq + 1, &args[1]);
    *eq = '=';
    *x = (mdd_uds_exchange){args[0].bytes, args[0].len, args[1].bytes, args[1].len};
    return rc;
}

static int run(int argc, char **argv)
{
    cli_db_args a = cli_db_args_init(&cli_identify_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, cli_db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first < 1)
        return cli_usage_error(a.cmd, "expected a FILE and REQUEST=RESPONSE exchanges");
    size_t count = (size_t)(argc - first - 1);
    mdd_uds_exchange *items = calloc(count + 1, sizeof *items);
    cli_uds_hex *args = calloc(2 * count + 2, sizeof *args);
    exchanges x = {items, argv + first + 1, count, calloc(count + 1, sizeof *x.unused)};
    rc = items && args && x.unused ? CLI_EXIT_OK : cli_error("mdd", "out of memory");
    for (size_t i = 0; i < count && rc == CLI_EXIT_OK; i++)
        rc = parse_exchange(a.cmd, argv[first + 1 + (int)i], &args[2 * i], &items[i]);
    if (rc == CLI_EXIT_OK)
        rc = identify(argv[first], &a, &x);
    for (size_t i = 0; args && i < 2 * count; i++)
        free(args[i].bytes);
    free(args);
    free(items);
    free(x.unused);
    return rc;
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_uds_options),
    CLI_OPTIONS_END,
};

const cli_command cli_identify_command = {
    .name = "identify",
    .summary = "List the requests that identify the variant, or decide it from responses",
    .synopsis = "[--ecu E] [--json] [--strategy S] [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] "
                "FILE [REQUEST=RESPONSE ...]",
    .help = "Without exchanges, prints the requests to send to identify the ECU's variant,\n"
            "one per line: the service's name, two spaces and the request in hex (with\n"
            "--json, {\"ecu\", \"requests\": [{\"service\", \"request\"}]}). Given each\n"
            "request with its response (REQUEST=RESPONSE, pairs of hex digits), prints the\n"
            "variant they identify as the reference adapter decides it: the first variant\n"
            "one of whose patterns matches, where a pattern matches when every matching\n"
            "parameter's decoded value equals its expected value; when none does, the base\n"
            "variant followed by ` (no pattern matched: the base variant)`. An exchange it\n"
            "cannot use (a request it does not send, a response that does not decode) gets\n"
            "`mdd: note: FILE: 'REQUEST=RESPONSE' not used: REASON` on stderr. With --json,\n"
            "{\"ecu\", \"variant\", \"matched\", \"unused\": [{\"request\", \"response\",\n"
            "\"reason\"}]}.\n",
    .options = option_table,
    .run = run,
};
