/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve in a tool built without libevent (MDD_WITH_LIBEVENT off or not found): the
 * command stays listed, its help says what is missing, and running it fails saying so. */
#include "serve.h"

#include "cli.h"

#include <stdio.h>

static int no_options(void *ctx, int option, const char *value)
{
    (void)ctx, (void)option, (void)value;
    return CLI_EXIT_OK;
}

/* Usage errors and --help come first, as in every other command; only a well-formed command
 * line learns that this build cannot serve. */
static int run(int argc, char **argv)
{
    int first_arg;
    int rc = cli_parse_options(&cli_serve_command, argc, argv, no_options, NULL, &first_arg);
    if (rc >= 0)
        return rc;
    fprintf(stderr, "mdd serve: built without HTTP support (libevent)\n");
    return CLI_EXIT_FAIL;
}

const cli_command cli_serve_command = {
    .name = "serve",
    .summary = "Serve a directory of MDD files over HTTP (not in this build)",
    .synopsis = "DIR",
    .help = "This mdd was built without HTTP support: libevent was not found or was turned\n"
            "off (MDD_WITH_LIBEVENT). Rebuild with libevent to serve a directory of MDD files.\n",
    .run = run,
};
