/* SPDX-License-Identifier: Apache-2.0 */
/* mdd comparams: a variant's communication parameters, resolved through inheritance, for one
 * protocol or all of them. */
#include "comparams_out.h"
#include "cli_db.h"

#include <stdio.h>

typedef struct comparams_args {
    cli_db_args db;
    const char *protocol;
} comparams_args;

static int comparams_option(void *ctx, int option, const char *value)
{
    comparams_args *a = ctx;
    if (option != 'P')
        return cli_db_args_option(&a->db, option, value);
    a->protocol = value;
    return CLI_EXIT_OK;
}

static int show(const char *path, void *args, const mdd_db_layer *layer)
{
    const comparams_args *a = args;
    mdd_error err;
    mdd_status st;
    if (a->db.json) {
        json_writer j;
        json_init(&j, stdout);
        st = comparams_json(&j, layer, a->protocol, &err);
        if (st == MDD_OK)
            json_end_line(&j);
    } else {
        st = comparams_print(stdout, layer, a->protocol, &err);
    }
    return st == MDD_OK ? CLI_EXIT_OK : cli_error(path, "%s", err.message);
}

static int run(int argc, char **argv)
{
    comparams_args a = {cli_db_args_init(&cli_comparams_command), NULL};
    cli_db_layer_command c = {.args = &a, .db = &a.db, .operand = "PATH",
                          .option = comparams_option, .answer = show};
    return cli_db_run_layer_command(argc, argv, &c);
}

static const struct option longopts[] = {
    {"variant", required_argument, NULL, 'V'},
    {"protocol", required_argument, NULL, 'P'},
    {"ecu", required_argument, NULL, 'e'},
    {"json", no_argument, NULL, 'j'},
    {"strategy", required_argument, NULL, 's'},
    {"cache-budget", required_argument, NULL, 'B'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const cli_command cli_comparams_command = {
    .name = "comparams",
    .summary = "Show a variant's communication parameters (ComParams)",
    .synopsis = "[--ecu E] [--variant V] [--protocol P] [--json] [--strategy S]\n"
                "              [--cache-budget BYTES] PATH",
    .help = "Prints the ComParams of a variant of PATH (an MDD file, or a directory of them), resolved through inheritance (its own\n"
            "ComParamRefs, then its parents' in order; the nearest reference wins, per\n"
            "protocol), one per line: the protocol (`-` for none), the name and the value,\n"
            "two spaces apart, a complex value as {MEMBER=VALUE, ...}, and `(from LAYER)` for\n"
            "an inherited one. A protocol the variant lacks fails, naming those it has.\n\n"
            "Options:\n"
            "  -V, --variant V   the variant named V (default: the base variant)\n"
            "  -P, --protocol P  only the protocol named P (and references naming none)\n"
            "  -e, --ecu E       the ECU named E, when PATH holds several\n"
            "  -j, --json        print one JSON object with the ComParams, the protocols and\n"
            "                    the DoIP logical addresses\n"
            "  -s, --strategy S  load PATH as heap (default), sidecar, inplace or pread\n"
            "      --cache-budget BYTES\n"
            "                    with pread: the bytes the cache keeps beyond what is in use\n"
            "                    (K, M or G multiply by 2^10, 2^20, 2^30; default 16M)\n"
            "  -h, --help        show this help\n",
    .shortopts = ":V:P:e:js:h",
    .longopts = longopts,
    .run = run,
};
