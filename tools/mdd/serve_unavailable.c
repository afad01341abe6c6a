/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve in a tool built without libevent (MDD_WITH_LIBEVENT off or not found): the
 * command stays listed, its help says what is missing, and running it fails saying so. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static int run(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_print_help(&cli_serve_command);
            return CLI_EXIT_OK;
        }
    }
    fprintf(stderr, "mdd serve: built without HTTP support (libevent)\n");
    return CLI_EXIT_FAIL;
}

static const struct option longopts[] = {
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const cli_command cli_serve_command = {
    .name = "serve",
    .summary = "Serve a directory of MDD files over HTTP (not in this build)",
    .synopsis = "DIR",
    .help = "This mdd was built without HTTP support: libevent was not found or was turned\n"
            "off (MDD_WITH_LIBEVENT). Rebuild with libevent to serve a directory of MDD files.\n",
    .shortopts = ":h",
    .longopts = longopts,
    .run = run,
};
