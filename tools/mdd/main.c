/* SPDX-License-Identifier: Apache-2.0 */
/* mdd: inspect, verify, extract and build MDD files. Dispatches to one subcommand per file. */
#include "cli.h"
#include "serve/serve.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const cli_command *const commands[] = {
    &cli_info_command,
    &cli_verify_command,
    &cli_cat_command,
    &cli_pack_command,
    &cli_convert_command,
    &cli_sign_command,
    &cli_dump_command,
    &cli_diff_command,
    &cli_load_command,
    &cli_sidecar_command,
    &cli_ecu_command,
    &cli_services_command,
    &cli_lookup_command,
    &cli_decode_command,
    &cli_encode_command,
    &cli_identify_command,
    &cli_layout_command,
    &cli_schema_command,
    &cli_sovd_command,
    &cli_dtc_command,
    &cli_comparams_command,
    &cli_states_command,
    &cli_jobs_command,
    &cli_sdgs_command,
    &cli_gen_command,
    &cli_serve_command,
    &cli_install_command,
    &cli_update_command,
    &cli_bench_command,
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void print_usage(void)
{
    printf("Usage: mdd COMMAND [OPTIONS] [ARGS]\n"
           "       mdd --help | --version\n\n"
           "Inspect, verify, extract and build MDD files (ECU diagnostic databases).\n\n"
           "Commands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        printf("  %-8s %s\n", commands[i]->name, commands[i]->summary);
    printf("\nRun 'mdd COMMAND --help' for a command's options. Exit status: 0 success,\n"
           "1 a bad file or a failed read or write, 2 a usage error.\n");
}

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* Output goes through stdio; a full disk or a closed pipe shows only when it is flushed. */
static int finish_stdout(int rc)
{
    errno = 0;
    if (fflush(stdout) != 0)
        return cli_error("stdout", "write: %s", strerror(errno));
    if (ferror(stdout))
        return cli_error("stdout", "write failed");
    return rc;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error(NULL, "no command given");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_usage();
        return CLI_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("mdd (libmdd) %s\n", mdd_version());
        return CLI_EXIT_OK;
    }
    const cli_command *cmd = find_command(name);
    if (!cmd && name[0] == '-')
        return cli_usage_error(NULL, "unknown option %s", cli_quote(name));
    if (!cmd)
        return cli_usage_error(NULL, "unknown command %s", cli_quote(name));
    return cmd->run(argc - 1, argv + 1);
}

int main(int argc, char **argv) { return finish_stdout(dispatch(argc, argv)); }
