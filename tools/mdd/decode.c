/* SPDX-License-Identifier: Apache-2.0 */
/* mdd decode: a response decoded with the description of the service its request addresses,
 * as JSON (mdd_uds_decode_json()) or as one line per value. */
#include "batch_cli.h"
#include "cli_uds.h"
#include "decode_values.h"

#include <stdlib.h>

/* The text visitor: the header line before the first value, then a line per value. */
typedef struct text_visit {
    uds_jw w;
    const mdd_uds_decoded *found; /* set by the decode before the first value */
    int started;
} text_visit;

/* SERVICE: positive|negative response, once. */
static void start(text_visit *t)
{
    if (t->started)
        return;
    t->started = 1;
    mdd_uds_text name = {
        mdd_diag_comm_short_name(mdd_diag_service_diag_comm(t->found->service.service)),
        MDD_UDS_TEXT_UTF8};
    uds_jw_text_content(&t->w, &name);
    uds_jw_cstr(&t->w, t->found->message.kind == MDD_UDS_NEGATIVE ? ": negative response\n"
                                                                   : ": positive response\n");
}

static mdd_status print_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    text_visit *t = ctx;
    start(t);
    if (v->kind >= MDD_UDS_OBJECT_BEGIN)
        return MDD_OK;
    decode_value_path(&t->w, v);
    uds_jw_raw(&t->w, " = ", 3);
    uds_jw_scalar(&t->w, v);
    uds_jw_raw(&t->w, "\n", 1);
    return t->w.status;
}

/* The header line, every value, then the bytes no parameter covers, into sink. */
static mdd_status write_text(const mdd_db_layer *layer, const cli_uds_hex *req,
                             const cli_uds_hex *resp, mdd_sink *sink, mdd_error *err)
{
    mdd_uds_decoded found;
    text_visit t = {.found = &found};
    uds_jw_init(&t.w, sink, err);
    mdd_uds_visitor visitor = {print_value, &t};
    mdd_status st = mdd_uds_decode(layer, req->bytes, req->len, resp->bytes, resp->len,
                                   &visitor, NULL, &found, err);
    if (st != MDD_OK)
        return st;
    start(&t);
    if (found.covered < resp->len) {
        uds_jw_cstr(&t.w, "trailing bytes: ");
        uds_jw_bytes(&t.w, (mdd_bytes){resp->bytes + found.covered, resp->len - found.covered});
        uds_jw_raw(&t.w, "\n", 1);
    }
    return uds_jw_flush(&t.w);
}

/* The output goes to memory first, so that a message that fails halfway prints only the
 * error. */
static mdd_status print_decoded(const cli_db_args *a, const mdd_db_layer *layer,
                                const cli_uds_hex *req, const cli_uds_hex *resp,
                                mdd_error *err)
{
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    mdd_status st = a->json ? mdd_uds_decode_json(layer, req->bytes, req->len, resp->bytes,
                                                  resp->len, NULL, &sink, err)
                            : write_text(layer, req, resp, &sink, err);
    if (st == MDD_OK) {
        fwrite(out.data, 1, out.len, stdout);
        if (a->json)
            fputc('\n', stdout);
    }
    mdd_buffer_free(&out);
    return st;
}

static int decode(const char *path, const cli_db_args *a, const cli_uds_hex *req,
                  const cli_uds_hex *resp)
{
    mdd_db *db;
    const mdd_db_ecu *ecu;
    const mdd_db_layer *layer;
    int rc = cli_uds_open(path, a, &db, &ecu, &layer);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_error err;
    if (print_decoded(a, layer, req, resp, &err) != MDD_OK)
        rc = cli_uds_fail(path, &err);
    mdd_db_close(db);
    return rc;
}

/* --json has no short letter here: -j is --batch's thread count. */
enum { KEY_JSON = CLI_KEY_OWN + 8 };

typedef struct decode_args {
    cli_db_args db;
    batch_args batch;
} decode_args;

static int on_option(void *ctx, int option, const char *value)
{
    decode_args *d = ctx;
    int rc;
    if (batch_cli_option(d->db.cmd, &d->batch, option, value, &rc))
        return rc;
    if (option == KEY_JSON)
        option = 'j';
    return cli_db_args_option(&d->db, option, value);
}

static int run(int argc, char **argv)
{
    decode_args d = {.db = cli_db_args_init(&cli_decode_command)};
    cli_db_args *a = &d.db;
    int first;
    int rc = cli_parse_options(a->cmd, argc, argv, on_option, &d, &first);
    if (rc >= 0)
        return rc;
    if (d.batch.batch)
        return batch_cli_run(a, &d.batch, (const char *const *)argv + first,
                             (size_t)(argc - first));
    rc = batch_cli_check_single(a->cmd, &d.batch);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (argc - first != 3)
        return cli_usage_error(a->cmd, "expected a FILE, a REQUEST and a RESPONSE in hex");
    cli_uds_hex req = {0}, resp = {0};
    rc = cli_uds_parse_hex(a->cmd, "request", argv[first + 1], &req);
    if (rc == CLI_EXIT_OK)
        rc = cli_uds_parse_hex(a->cmd, "response", argv[first + 2], &resp);
    if (rc == CLI_EXIT_OK)
        rc = decode(argv[first], a, &req, &resp);
    free(req.bytes);
    free(resp.bytes);
    return rc;
}

static const cli_option json_option[] = {
    {KEY_JSON, "json", NULL, "print JSON (--batch always does)", NULL},
    CLI_OPTIONS_END,
};

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_layer_options),
    CLI_INCLUDE(json_option),
    CLI_INCLUDE(batch_cli_options),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_decode_command = {
    .name = "decode",
    .summary = "Decode a UDS response with the description of its service",
    .synopsis = "[--ecu E] [--variant V | --group G] [--json] [--strategy S]\n"
                "    [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]]\n"
                "    FILE REQUEST RESPONSE | --batch [-j N] [--input FILE] FILE...|DIR",
    .help = "Finds the service the REQUEST addresses (pairs of hex digits, most specific\n"
            "service first), the positive or negative response of it whose constants match\n"
            "RESPONSE, and prints its values: a line `SERVICE: positive response` (or\n"
            "negative), then one line `/PATH = VALUE` per value, constants included, values\n"
            "as JSON writes them, and `trailing bytes: ...` for bytes no parameter covers.\n"
            "With --json, one object {\"ecu\", \"variant\" (or \"functional_group\"),\n"
            "\"service\", \"response\", \"params\"} as the reference adapter shows it (only\n"
            "data parameters at the top level). A message that does not decode prints\n"
            "`mdd: FILE: MESSAGE` naming the parameter path and the byte offset, and exits 1.\n\n"
            "With --batch, reads records from standard input (or --input FILE), one a line:\n"
            "JSON {\"ecu\", \"variant\" (optional), \"request\", \"response\", ...} or\n"
            "`ECU REQUEST RESPONSE`, and prints one JSON line per record in input order: the\n"
            "--json object with the record's other members added, or {\"line\", \"error\",\n"
            "\"message\"} for a record that does not decode; then a summary on stderr. Exits 1\n"
            "when any record failed.\n",
    .options = option_table,
    .run = run,
};
