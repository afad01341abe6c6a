/* SPDX-License-Identifier: Apache-2.0 */
#include "cli_uds.h"

#include <stdlib.h>
#include <string.h>

mdd_status cli_uds_hex_parse(const char *hex, cli_uds_hex *out)
{
    out->len = strlen(hex) / 2;
    out->bytes = malloc(out->len + 1);
    if (!out->bytes)
        return MDD_ERR_NOMEM;
    if (cli_db_parse_hex(hex, out->bytes) == 0)
        return MDD_OK;
    free(out->bytes);
    out->bytes = NULL;
    return MDD_ERR_ARG;
}

int cli_uds_parse_hex(const cli_command *cmd, const char *what, const char *hex,
                      cli_uds_hex *out)
{
    mdd_status st = cli_uds_hex_parse(hex, out);
    if (st == MDD_ERR_NOMEM)
        return cli_error("mdd", "out of memory");
    if (st != MDD_OK)
        return cli_usage_error(cmd, "%s is not a %s in hex (pairs of hex digits)",
                               cli_quote(hex), what);
    return CLI_EXIT_OK;
}

void cli_uds_print_hex(FILE *out, const uint8_t *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        fprintf(out, "%02x", bytes[i]);
}

int cli_uds_open(const char *path, const cli_db_args *a, mdd_db **db, const mdd_db_ecu **ecu,
                 const mdd_db_layer **layer)
{
    return cli_uds_open_paths(&path, 1, a, db, ecu, layer);
}

int cli_uds_open_paths(const char *const *paths, size_t count, const cli_db_args *a,
                       mdd_db **db, const mdd_db_ecu **ecu, const mdd_db_layer **layer)
{
    int rc = cli_db_open_ecu_paths(paths, count, a, db, ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = cli_db_choose_layer(count == 1 ? paths[0] : mdd_db_ecu_path(*ecu), a, *ecu, layer);
    if (rc != CLI_EXIT_OK)
        mdd_db_close(*db);
    return rc;
}

static mdd_status file_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)err;
    fwrite(data, 1, len, ctx);
    return MDD_OK;
}

mdd_sink cli_uds_file_sink(FILE *out) { return (mdd_sink){file_write, out}; }

int cli_uds_fail(const char *path, const mdd_error *err)
{
    return cli_error(path, "%s", err->message);
}

mdd_status cli_uds_encode_request(const mdd_db_layer *layer, const mdd_db_service *service,
                                  const char *json, size_t len, uint8_t **out, size_t *out_len,
                                  mdd_error *err)
{
    const mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    size_t cap = 64;
    for (;;) {
        *out = malloc(cap);
        if (!*out) {
            snprintf(err->message, sizeof err->message, "out of memory");
            return err->status = MDD_ERR_NOMEM;
        }
        mdd_status st = mdd_uds_encode(layer, service, &request, NULL, 0, json, len, NULL,
                                       *out, cap, out_len, err);
        if (st == MDD_OK)
            return MDD_OK;
        free(*out);
        *out = NULL;
        if (st != MDD_ERR_LIMIT || *out_len <= cap)
            return st;
        cap = *out_len;
    }
}

const cli_option cli_uds_options[] = {
    CLI_JSON_OPTION("print JSON"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};
