/* SPDX-License-Identifier: Apache-2.0 */
/* What the commands that describe a service's message (layout, schema) share: which message
 * (--request, --response, --negative, --index N), their operands SERVICE FILE..., and the run. */
#ifndef MDD_TOOL_CLI_DESCRIBE_H
#define MDD_TOOL_CLI_DESCRIBE_H

#include "cli_uds.h"

typedef struct describe_args {
    cli_db_args db;
    mdd_uds_message message;
    int kinds; /* how many of --request, --response, --negative were given */
} describe_args;

/* --request, --response, --negative and --index N. */
extern const cli_option describe_message_options[];

/* Writes the description of message of service into the buffer's sink through w. */
typedef mdd_status (*describe_fn)(const describe_args *a, const mdd_db_layer *layer,
                                  const mdd_db_service *service, uds_jw *w, mdd_error *err);

/* The whole command: parses argv, opens the FILEs as one database, finds SERVICE (exactly), writes what describe
 * gives to stdout (nothing on failure) and returns the exit code. */
int describe_run(int argc, char **argv, const cli_command *cmd, describe_fn describe);

#endif
