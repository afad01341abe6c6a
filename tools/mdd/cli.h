/* SPDX-License-Identifier: Apache-2.0 */
/* The mdd tool's command table, option parsing and messages, shared by every subcommand. */
#ifndef MDD_TOOL_CLI_H
#define MDD_TOOL_CLI_H

#include <mdd/mdd.h>
#include <mdd_internal/os.h>

enum cli_exit {
    CLI_EXIT_OK = 0,    /* everything succeeded */
    CLI_EXIT_FAIL = 1,  /* a bad file or a failed read or write */
    CLI_EXIT_USAGE = 2  /* the command line was wrong */
};

/* The key of an option that has a long name only is CLI_KEY_LONG or above, past every short
 * letter; the shared ones come first, a command's own from CLI_KEY_OWN. */
enum cli_key {
    CLI_KEY_LONG = 256,
    CLI_KEY_CACHE_BUDGET = CLI_KEY_LONG, /* --cache-budget */
    CLI_KEY_SKIP_INVALID,                /* --skip-invalid */
    CLI_KEY_TRUST,                       /* --trust */
    CLI_KEY_REQUIRE_SIGNATURE,           /* --require-signature */
    CLI_KEY_OWN = CLI_KEY_LONG + 64
};

/* One option of a command, declared once: the parser (getopt_long) and the "Options:" list of
 * --help are both made from it. An entry with include set stands for that table's options
 * instead, so a group of options shared by several commands is declared once too. A table
 * ends with CLI_OPTIONS_END. */
typedef struct cli_option {
    int key;           /* the short letter (-x), or a CLI_KEY_LONG-and-up key for a long name
                        * only; what cli_parse_options() hands to on_option */
    const char *name;  /* the long name, without "--" */
    const char *value; /* how the help names the option's value, NULL for a flag */
    const char *help;  /* one paragraph, wrapped to the list's column when printed */
    const struct cli_option *include; /* or NULL */
} cli_option;

#define CLI_INCLUDE(table) {.include = (table)}
#define CLI_OPTIONS_END {.key = 0}

/* One subcommand. Every command takes -h/--help besides its options, listed last. */
typedef struct cli_command {
    const char *name;
    const char *summary;  /* one line for `mdd --help` */
    const char *synopsis; /* the arguments after `mdd NAME` */
    const char *help;     /* what the command does, before the options in `mdd NAME --help` */
    const cli_option *options; /* NULL for none but --help */
    int (*run)(int argc, char **argv);
} cli_command;

extern const cli_command cli_info_command;
extern const cli_command cli_verify_command;
extern const cli_command cli_cat_command;
extern const cli_command cli_pack_command;
extern const cli_command cli_convert_command;
extern const cli_command cli_sign_command;
extern const cli_command cli_dump_command;
extern const cli_command cli_diff_command;
extern const cli_command cli_load_command;
extern const cli_command cli_sidecar_command;
extern const cli_command cli_ecu_command;
extern const cli_command cli_services_command;
extern const cli_command cli_lookup_command;
extern const cli_command cli_decode_command;
extern const cli_command cli_encode_command;
extern const cli_command cli_layout_command;
extern const cli_command cli_schema_command;
extern const cli_command cli_sovd_command;
extern const cli_command cli_identify_command;
extern const cli_command cli_dtc_command;
extern const cli_command cli_comparams_command;
extern const cli_command cli_states_command;
extern const cli_command cli_jobs_command;
extern const cli_command cli_sdgs_command;
extern const cli_command cli_gen_command;
extern const cli_command cli_install_command;
extern const cli_command cli_update_command;
extern const cli_command cli_bench_command;

/* Handles one parsed option; returns CLI_EXIT_OK to go on, or an exit code (after printing
 * why) to stop. */
typedef int (*cli_option_fn)(void *ctx, int option, const char *value);

/* Parses argv (argv[0] is the command's name) with getopt_long, given the options of cmd's
 * table (its includes expanded) and --help, calling on_option with the key and the value of
 * each option other than --help. Returns -1 with *first_arg set to the first operand (operands are
 * argv[*first_arg..argc)), or an exit code when the command must stop: --help was printed, or
 * a usage error was reported. */
int cli_parse_options(const cli_command *cmd, int argc, char **argv, cli_option_fn on_option,
                      void *ctx, int *first_arg);

/* Whether cmd has the long option --name. */
int cli_takes_option(const cli_command *cmd, const char *name);

/* The -j/--json flag with the help a command gives it (what its JSON holds). */
#define CLI_JSON_OPTION(help_text) {'j', "json", NULL, (help_text), NULL}

/* The callback for commands whose only option is --json: sets the int flag ctx points to. */
int cli_json_flag(void *ctx, int option, const char *value);

/* --cache-budget BYTES (key CLI_KEY_CACHE_BUDGET), which every command that loads files
 * under the pread strategy takes. */
extern const cli_option cli_cache_budget_options[];

/* How much of a value from the command line a message echoes: of data (hex, numbers, an
 * option), and of a name or a path, which the reader needs whole to know what it was. */
#define CLI_ECHO_BYTES 32
#define CLI_ECHO_NAME_BYTES 4096

/* value in single quotes for a message, or, when longer than CLI_ECHO_BYTES, its first
 * CLI_ECHO_BYTES bytes and "..." in quotes and its length: `'2EF190...' (100000 bytes)`.
 * The text lives until four more calls of it or cli_excerpt(). */
const char *cli_quote(const char *value);

/* The same without the quotes. */
const char *cli_excerpt(const char *value);

/* As cli_quote(), for a name or a path: cut at CLI_ECHO_NAME_BYTES. */
const char *cli_quote_name(const char *name);

/* Prints `mdd NAME: <message>` and a pointer to --help on stderr; returns CLI_EXIT_USAGE.
 * cmd NULL means the top level. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints `mdd: <what>: <message>` on stderr, naming the file the failure is about; returns
 * CLI_EXIT_FAIL. */
int cli_error(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints the command's usage, its help and its options on stdout. */
void cli_print_help(const cli_command *cmd);

/* Parses a whole decimal number no larger than max; returns 0 on success, -1 otherwise. */
int cli_parse_uint(const char *s, uint64_t max, uint64_t *value);

/* Parses the value of a --strategy-like option (named option in the message). Returns
 * CLI_EXIT_OK, or the usage error's exit code after printing it. */
int cli_parse_strategy(const cli_command *cmd, const char *option, const char *value,
                       mdd_strategy *strategy);

/* Parses bytes, optionally followed by K, M or G (2^10, 2^20, 2^30). Returns 0, or -1 when s
 * is not that. */
int cli_parse_size(const char *s, uint64_t *value);

/* Parses the value of --cache-budget: bytes, optionally followed by K, M or G (2^10, 2^20,
 * 2^30). Returns CLI_EXIT_OK, or the usage error's exit code after printing it. */
int cli_parse_cache_budget(const cli_command *cmd, const char *value, uint64_t *bytes);

/* Checks that option (--cache-budget, --share-dir), when given, goes with --strategy pread,
 * once every option is known. Returns CLI_EXIT_OK, or the usage error's exit code after
 * printing it. */
int cli_check_pread_option(const cli_command *cmd, const char *option, int given,
                           mdd_strategy strategy);

/* Writes a command's output: "-" is stdout, any other path is written by the output rule
 * (see mdd_write_output: a regular file replaced atomically, a symbolic link's target
 * replaced, a device or FIFO written in place), a new file with the mode open(2) would give
 * it: 0666 less the umask. */
mdd_status cli_write_file(const char *path, mdd_content_writer write, void *ctx,
                          mdd_error *err);

/* How messages name an output path: "stdout" for "-", else the path. */
const char *cli_output_name(const char *path);

/* "s" unless n is 1, for counts in messages. */
const char *cli_plural(uint64_t n);

#endif
