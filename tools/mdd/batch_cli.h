/* SPDX-License-Identifier: Apache-2.0 */
/* `mdd decode --batch`: the options and the run, which tools/mdd/decode.c hands over to. */
#ifndef MDD_TOOL_BATCH_CLI_H
#define MDD_TOOL_BATCH_CLI_H

#include "cli_db.h"

typedef struct batch_args {
    int batch;         /* --batch */
    const char *input; /* --input FILE, or NULL for standard input */
    unsigned jobs;     /* -j N, 0 for the CPUs */
} batch_args;

/* --batch, -j/--jobs N, --input FILE. */
extern const cli_option batch_cli_options[];

/* Takes option when it is one of batch_cli_options: returns 1 with *rc the exit code of
 * parsing it (CLI_EXIT_OK, or a usage error's after printing it), else 0. */
int batch_cli_option(const cli_command *cmd, batch_args *b, int option, const char *value,
                     int *rc);

/* Checks the options' combination, then decodes the records of the input with the
 * database paths[0..count) opens and prints the summary. Returns the exit code: 0 when every
 * record decoded, 1 when some did not or the run failed, 2 on a usage error. */
int batch_cli_run(const cli_db_args *a, const batch_args *b, const char *const *paths,
                  size_t count);

/* Without --batch: a usage error when a batch option was given, else CLI_EXIT_OK. */
int batch_cli_check_single(const cli_command *cmd, const batch_args *b);

#endif
