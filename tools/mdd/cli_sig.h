/* SPDX-License-Identifier: Apache-2.0 */
/* The signature options every command that opens databases takes (--trust DIR,
 * --require-signature), and the policy and trust store they make. */
#ifndef MDD_TOOL_CLI_SIG_H
#define MDD_TOOL_CLI_SIG_H

#include "cli.h"

/* --trust and --require-signature. */
extern const cli_option cli_sig_options[];

typedef struct cli_sig_args {
    const char *trust_dir; /* --trust */
    int require;           /* --require-signature */
    mdd_trust *trust;      /* open between cli_sig_open() and cli_sig_close() */
} cli_sig_args;

/* Takes option (CLI_KEY_TRUST or CLI_KEY_REQUIRE_SIGNATURE) into a; returns 1 when it was one
 * of them, 0 otherwise. */
int cli_sig_option(cli_sig_args *a, int option, const char *value);

/* Opens the trust store and fills *opts: off without options, verify-if-present with --trust,
 * require with --require-signature (which needs --trust). Returns CLI_EXIT_OK, or the exit
 * code after printing why. */
int cli_sig_open(const cli_command *cmd, cli_sig_args *a, mdd_sig_options *opts);

/* Closes the trust store. Safe when none is open. */
void cli_sig_close(cli_sig_args *a);

/* "ALG key KEYHEX16 (SOURCE)" for a verified result, "unsigned" or "" (not checked), into
 * buf; returns buf. */
const char *cli_sig_describe(const mdd_sig_result *result, char *buf, size_t size);

#endif
