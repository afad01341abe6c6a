/* SPDX-License-Identifier: Apache-2.0 */
#include "cli_describe.h"
#include "text.h"

#include <stdlib.h>

enum { KEY_REQUEST = CLI_KEY_OWN, KEY_RESPONSE, KEY_NEGATIVE, KEY_INDEX };

const cli_option describe_message_options[] = {
    {KEY_REQUEST, "request", NULL, "the service's request (the default)", NULL},
    {KEY_RESPONSE, "response", NULL, "its positive response", NULL},
    {KEY_NEGATIVE, "negative", NULL,
     "its negative response (past its own: the layer's global negative responses)", NULL},
    {KEY_INDEX, "index", "N", "which response of that kind, from 0 (default 0)", NULL},
    CLI_OPTIONS_END,
};

static int on_option(void *ctx, int option, const char *value)
{
    describe_args *a = ctx;
    uint64_t n;
    switch (option) {
    case KEY_REQUEST: a->message.kind = MDD_UDS_REQUEST; break;
    case KEY_RESPONSE: a->message.kind = MDD_UDS_POSITIVE; break;
    case KEY_NEGATIVE: a->message.kind = MDD_UDS_NEGATIVE; break;
    case KEY_INDEX:
        if (cli_parse_uint(value, UINT32_MAX, &n) != 0)
            return cli_usage_error(a->db.cmd, "--index %s is not a number", cli_quote(value));
        a->message.index = (uint32_t)n;
        return CLI_EXIT_OK;
    default: return cli_db_args_option(&a->db, option, value);
    }
    a->kinds++;
    return CLI_EXIT_OK;
}

static int describe(const char *const *paths, size_t count, const describe_args *a,
                    const char *name, describe_fn fn)
{
    mdd_db *db;
    const mdd_db_ecu *ecu;
    const mdd_db_layer *layer;
    int rc = cli_uds_open_paths(paths, count, &a->db, &db, &ecu, &layer);
    if (rc != CLI_EXIT_OK)
        return rc;
    const char *path = count == 1 ? paths[0] : mdd_db_ecu_path(ecu);
    mdd_db_service s;
    if (!mdd_db_layer_find_service(layer, name, &s)) {
        char layer_name[128];
        text_format(layer_name, sizeof layer_name, mdd_db_layer_name(layer));
        rc = cli_error(path, "no service named %s in %s '%s'", cli_quote_name(name),
                       a->db.group ? "functional group" : "variant", layer_name);
    } else {
        mdd_buffer out = {0};
        mdd_sink sink = mdd_buffer_sink(&out);
        uds_jw w;
        mdd_error err;
        uds_jw_init(&w, &sink, &err);
        mdd_status st = fn(a, layer, &s, &w, &err);
        if (st == MDD_OK)
            st = uds_jw_flush(&w);
        if (st == MDD_OK)
            fwrite(out.data, 1, out.len, stdout);
        else
            rc = cli_uds_fail(path, &err);
        mdd_buffer_free(&out);
    }
    mdd_db_close(db);
    return rc;
}

int describe_run(int argc, char **argv, const cli_command *cmd, describe_fn fn)
{
    describe_args a = {.db = cli_db_args_init(cmd), .message = {MDD_UDS_REQUEST, 0}};
    int first;
    int rc = cli_parse_options(cmd, argc, argv, on_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (a.kinds > 1)
        return cli_usage_error(cmd, "--request, --response and --negative exclude each other");
    if (argc - first < 2)
        return cli_usage_error(cmd, "expected a SERVICE and a FILE...");
    return describe((const char *const *)argv + first + 1, (size_t)(argc - first - 1), &a,
                    argv[first], fn);
}
