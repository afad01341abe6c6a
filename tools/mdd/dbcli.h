/* What the commands over the diagnostic description (ecu, services, lookup, dtc) share:
 * their options, opening a database, choosing an ECU and a variant, printing prefixes. */
#ifndef MDD_TOOL_DBCLI_H
#define MDD_TOOL_DBCLI_H

#include "cli.h"

#include <mdd/db.h>

/* The options of those commands; each accepts the subset its long options list. */
typedef struct db_args {
    const cli_command *cmd;
    mdd_strategy strategy; /* default heap: inspecting a file must not convert it */
    int json;
    const char *ecu;
    const char *variant;
} db_args;

/* The defaults for cmd. */
db_args db_args_init(const cli_command *cmd);

/* cli_option_fn for db_args: -s/--strategy, -j/--json, -e/--ecu, -V/--variant. */
int db_args_option(void *ctx, int option, const char *value);

/* Opens path (a file, or a directory of *.mdd files) under a->strategy with verification and
 * picks the ECU a->ecu names, or the only one. Returns CLI_EXIT_OK with *db open (the caller
 * closes it), or the exit code after printing why, with nothing left open. */
int db_open_ecu(const char *path, const db_args *a, mdd_db **db, const mdd_db_ecu **ecu);

/* The variant a->variant names, or the base variant. Prints why and returns the exit code
 * otherwise. */
int db_choose_variant(const char *path, const db_args *a, const mdd_db_ecu *ecu,
                      const mdd_db_layer **layer);

/* The value of a hex digit, or -1 for any other character. */
int db_hex_digit(char c);

/* Room for a prefix as hex. */
#define DB_PREFIX_HEX_SIZE (2 * MDD_REQUEST_PREFIX_MAX + 1)

/* The prefix as lowercase hex ("" for the empty prefix). */
void db_prefix_hex(const mdd_request_prefix *prefix, char out[DB_PREFIX_HEX_SIZE]);

#endif
