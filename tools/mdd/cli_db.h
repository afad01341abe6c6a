/* SPDX-License-Identifier: Apache-2.0 */
/* What the commands over the diagnostic description (ecu, services, lookup, dtc) share:
 * their options, opening a database, choosing an ECU and a variant, printing prefixes. */
#ifndef MDD_TOOL_CLI_DB_H
#define MDD_TOOL_CLI_DB_H

#include "cli.h"
#include "cli_sig.h"
#include "json.h"

#include <mdd/db.h>

/* The options of those commands; each takes the groups below its option table includes. */
typedef struct cli_db_args {
    const cli_command *cmd;
    mdd_strategy strategy; /* default heap: inspecting a file must not convert it */
    int budget_given;
    uint64_t cache_budget; /* pread: --cache-budget */
    int json;
    const char *ecu;
    const char *variant;
    const char *group; /* --group: a functional group instead of a variant */
    int skip_invalid; /* --skip-invalid */
    cli_sig_args sig;  /* --trust, --require-signature */
} cli_db_args;

/* The option groups of those commands. How the database is loaded, which every one of them
 * takes: -s/--strategy, --cache-budget, --skip-invalid, --trust, --require-signature. */
extern const cli_option cli_db_load_options[];
/* Which ECU of a directory: -e/--ecu. */
extern const cli_option cli_db_ecu_options[];
/* Which variant: -V/--variant. */
extern const cli_option cli_db_variant_options[];
/* Which layer: -V/--variant or -g/--group. */
extern const cli_option cli_db_layer_options[];

/* The defaults for cmd. */
cli_db_args cli_db_args_init(const cli_command *cmd);

/* cli_option_fn for cli_db_args: the options of the groups above, and -j/--json
 * (CLI_JSON_OPTION). */
int cli_db_args_option(void *ctx, int option, const char *value);

/* Opens path (a file, or a directory of *.mdd files) under a->strategy with verification,
 * prints the database's report (cli_db_print_report()) and picks the ECU a->ecu names (the
 * default of that name, or the one opened from the path a->ecu), or the only default one.
 * Returns CLI_EXIT_OK with *db open (the caller
 * closes it), or the exit code after printing why, with nothing left open. */
int cli_db_open_ecu(const char *path, const cli_db_args *a, mdd_db **db, const mdd_db_ecu **ecu);

/* As cli_db_open_ecu() for paths[0..count) (cli_db_open_paths()). */
int cli_db_open_ecu_paths(const char *const *paths, size_t count, const cli_db_args *a,
                          mdd_db **db, const mdd_db_ecu **ecu);

/* The bytes of a label for several paths. */
#define CLI_DB_LABEL_SIZE 4096

/* How a message names paths[0..count): the path, or "FIRST and N more" in label. */
const char *cli_db_paths_label(const char *const *paths, size_t count,
                               char label[CLI_DB_LABEL_SIZE]);

/* Opens paths[0..count) (files, or one directory of *.mdd files) under a->strategy with
 * verification and prints the database's report (cli_db_print_report()). Returns
 * CLI_EXIT_OK with *db open (the caller closes it), or the exit code after printing why. */
int cli_db_open_paths(const char *const *paths, size_t count, const cli_db_args *a,
                      mdd_db **db);

/* Prints each entry of db's report on stderr as `mdd: note: MESSAGE`: which files were
 * skipped, which file is the default of an ECU name, which parent references name no
 * layer. */
void cli_db_print_report(const mdd_db *db);

/* The variant a->variant names, or the base variant. Prints why and returns the exit code
 * otherwise. */
int cli_db_choose_variant(const char *path, const cli_db_args *a, const mdd_db_ecu *ecu,
                          const mdd_db_layer **layer);

/* The functional group a->group names, else as cli_db_choose_variant(); --variant and --group
 * together are a usage error. */
int cli_db_choose_layer(const char *path, const cli_db_args *a, const mdd_db_ecu *ecu,
                        const mdd_db_layer **layer);

/* "variant" or "functional_group": what layer is, as the JSON outputs name it. */
const char *cli_db_layer_kind(const mdd_db_layer *layer);

/* A command over one layer of the database at one PATH operand. */
typedef struct cli_db_layer_command {
    void *args;           /* the command's arguments, handed to the functions below */
    cli_db_args *db;          /* the cli_db_args inside args */
    const char *operand;  /* how the synopsis names the operand, for the usage error */
    int several;          /* nonzero: one or more operands (FILE...), opened as one database */
    cli_option_fn option; /* parses an option into args */
    /* Prints the answer about layer and returns the exit code. */
    int (*answer)(const char *path, void *args, const mdd_db_layer *layer);
} cli_db_layer_command;

/* The whole of such a command: parses argv (its options and exactly one operand, or with
 * several one or more), opens the operands (cli_db_open_ecu_paths()), chooses the layer
 * (cli_db_choose_layer()), calls answer with the path of the ECU's file and closes. Returns
 * the exit code. */
int cli_db_run_layer_command(int argc, char **argv, const cli_db_layer_command *c);

/* The value of a hex digit, or -1 for any other character. */
int cli_db_hex_digit(char c);

/* Parses hex (an even number of hex digits, at least two) into bytes, which holds
 * strlen(hex) / 2. Returns 0, or -1 for anything else. */
int cli_db_parse_hex(const char *hex, uint8_t *bytes);

/* A byte as two hex digits (e.g. 2E). Returns 0, or -1 for anything else. */
int cli_db_parse_byte(const char *hex, uint8_t *byte);

/* A trouble code in decimal or, after 0x, in hex, below 2^32. Returns 0, or -1 for anything
 * else. */
int cli_db_parse_dtc_code(const char *s, uint32_t *code);

/* Prints the prefix as lowercase hex, `-` for the empty one, padded to width columns. */
void cli_db_prefix_print(FILE *out, const mdd_request_prefix *prefix, int width);

/* A service as JSON: {"name", "request"} with its request prefix in hex. */
void cli_db_service_json(json_writer *j, mdd_diag_service s, const mdd_request_prefix *prefix);

/* As cli_db_service_json() for a service outside any index, its prefix read from the payload.
 * Not reentrant: it reads the prefix into static storage. */
void cli_db_payload_service_json(json_writer *j, mdd_diag_service s);

/* Starts the JSON object of an answer about layer on stdout: {"ecu": its ECU's name, then
 * "variant" or "functional_group" (cli_db_layer_kind()): its name. */
void cli_db_layer_json_begin(json_writer *j, const mdd_db_layer *layer);

/* The key "services" with found[0..n) as an array of cli_db_service_json() objects, each with
 * the prefix the index holds, into the object being written. */
void cli_db_services_json(json_writer *j, const mdd_db_service *found, size_t n);

/* A DTC as JSON: {"code", "display", "name", "text"}. */
void cli_db_dtc_json(json_writer *j, mdd_dtc d);

#endif
