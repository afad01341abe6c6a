/* SPDX-License-Identifier: Apache-2.0 */
/* What the codec commands (decode, encode, identify) share: their options, hex arguments,
 * printing messages in hex, and a sink on stdout for the library's JSON writer. */
#ifndef MDD_TOOL_CLI_UDS_H
#define MDD_TOOL_CLI_UDS_H

#include "cli_db.h"

#include <mdd/uds.h>
#include <mdd_internal/uds.h>

/* The options every codec command takes after its --ecu (and --variant, --group): --json,
 * then the database's load options. */
extern const cli_option cli_uds_options[];

/* A message given in hex on the command line. */
typedef struct cli_uds_hex {
    uint8_t *bytes; /* owned: free() it */
    size_t len;
} cli_uds_hex;

/* Parses hex (pairs of hex digits) into *out: MDD_OK, MDD_ERR_ARG for what is not such hex
 * or MDD_ERR_NOMEM (out->bytes NULL after a failure). */
mdd_status cli_uds_hex_parse(const char *hex, cli_uds_hex *out);

/* Parses hex (pairs of hex digits) as what (e.g. "request") into *out. Returns CLI_EXIT_OK,
 * or the usage error's exit code after printing it. */
int cli_uds_parse_hex(const cli_command *cmd, const char *what, const char *hex,
                      cli_uds_hex *out);

/* Prints bytes as lowercase hex, as the commands take them. */
void cli_uds_print_hex(FILE *out, const uint8_t *bytes, size_t len);

/* Opens FILE, picks the ECU and the layer: the functional group --group names, else the
 * variant --variant names, else the base variant (cli_db_choose_layer()).
 * Returns CLI_EXIT_OK with *db open (the caller closes it), or the exit code after printing
 * why. */
int cli_uds_open(const char *path, const cli_db_args *a, mdd_db **db, const mdd_db_ecu **ecu,
                 const mdd_db_layer **layer);

/* As cli_uds_open() for paths[0..count) (cli_db_open_ecu_paths()); a message about the layer
 * names the ECU's file. */
int cli_uds_open_paths(const char *const *paths, size_t count, const cli_db_args *a,
                       mdd_db **db, const mdd_db_ecu **ecu, const mdd_db_layer **layer);

/* A sink that writes to out through stdio, so it keeps order with the other writes; write
 * errors show in ferror(out). */
mdd_sink cli_uds_file_sink(FILE *out);

/* Encodes the request of service from the JSON values json[0..len) into *out (owned:
 * free() it) of *out_len bytes. Fails as mdd_uds_encode(). */
mdd_status cli_uds_encode_request(const mdd_db_layer *layer, const mdd_db_service *service,
                                  const char *json, size_t len, uint8_t **out, size_t *out_len,
                                  mdd_error *err);

/* Prints a failed codec call as `mdd: FILE: MESSAGE` and returns CLI_EXIT_FAIL. */
int cli_uds_fail(const char *path, const mdd_error *err);

#endif
