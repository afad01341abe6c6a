/* SPDX-License-Identifier: Apache-2.0 */
#include "cli.h"

#include <mdd_internal/os.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_print_help(const cli_command *cmd)
{
    printf("Usage: mdd %s %s\n\n%s.\n\n%s", cmd->name, cmd->synopsis, cmd->summary, cmd->help);
}

int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
{
    const char *name = cmd ? cmd->name : NULL;
    fprintf(stderr, "mdd%s%s: ", name ? " " : "", name ? name : "");
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'mdd%s%s --help'.\n", name ? " " : "", name ? name : "");
    return CLI_EXIT_USAGE;
}

int cli_error(const char *what, const char *fmt, ...)
{
    /* Keeps this message after the results already printed when both go to one place. */
    fflush(stdout);
    fprintf(stderr, "mdd: %s: ", what);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_EXIT_FAIL;
}

/* Enough rotating buffers for the values one message echoes. */
#define SHOWN_BUFFERS 4
#define SHOWN_SIZE (CLI_ECHO_NAME_BYTES + 48)

static const char *shown(const char *value, const char *quote, int limit)
{
    static char buffers[SHOWN_BUFFERS][SHOWN_SIZE];
    static unsigned next;
    char *buf = buffers[next++ % SHOWN_BUFFERS];
    size_t n = strlen(value);
    if (n <= (size_t)limit)
        snprintf(buf, SHOWN_SIZE, "%s%s%s", quote, value, quote);
    else
        snprintf(buf, SHOWN_SIZE, "%s%.*s...%s (%zu bytes)", quote, limit, value, quote, n);
    return buf;
}

const char *cli_quote(const char *value) { return shown(value, "'", CLI_ECHO_BYTES); }

const char *cli_excerpt(const char *value) { return shown(value, "", CLI_ECHO_BYTES); }

const char *cli_quote_name(const char *name) { return shown(name, "'", CLI_ECHO_NAME_BYTES); }

/* Reports what getopt_long rejected: with a leading ':' in shortopts it returns ':' for a
 * missing value and '?' for an unknown option, and argv[optind - 1] is the offending word. */
static int option_error(const cli_command *cmd, int option, char **argv)
{
    const char *word = argv[optind - 1];
    int is_long = strncmp(word, "--", 2) == 0;
    if (option == ':')
        return cli_usage_error(cmd, "option %s needs a value", cli_quote(word));
    if (optopt && !is_long)
        return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    /* A long option it knows (so a short name), given a value it does not take (--json=1):
     * optopt is the option's value then, 0 for an option it does not know. */
    const char *equals = strchr(word, '=');
    if (optopt && is_long && equals)
        return cli_usage_error(cmd, "option '%.*s' takes no value", (int)(equals - word), word);
    return cli_usage_error(cmd, "unknown option %s", cli_quote(word));
}

int cli_parse_options(const cli_command *cmd, int argc, char **argv, cli_option_fn on_option,
                      void *ctx, int *first_arg)
{
    /* Each process parses one command line, but reset anyway so the parser starts afresh. */
    optind = 0;
    opterr = 0;
    int option;
    while ((option = getopt_long(argc, argv, cmd->shortopts, cmd->longopts, NULL)) != -1) {
        if (option == 'h') {
            cli_print_help(cmd);
            return CLI_EXIT_OK;
        }
        if (option == ':' || option == '?')
            return option_error(cmd, option, argv);
        int rc = on_option(ctx, option, optarg);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    *first_arg = optind;
    return -1;
}

int cli_takes_option(const cli_command *cmd, const char *name)
{
    for (const struct option *o = cmd->longopts; o->name; o++)
        if (strcmp(o->name, name) == 0)
            return 1;
    return 0;
}

const struct option cli_json_longopts[] = {
    {"json", no_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

int cli_json_flag(void *ctx, int option, const char *value)
{
    (void)value;
    if (option == 'j')
        *(int *)ctx = 1;
    return CLI_EXIT_OK;
}

int cli_parse_uint(const char *s, uint64_t max, uint64_t *value)
{
    if (*s < '0' || *s > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *value = v;
    return 0;
}

int cli_parse_strategy(const cli_command *cmd, const char *option, const char *value,
                       mdd_strategy *strategy)
{
    if (mdd_strategy_parse(value, strategy, NULL) != MDD_OK)
        return cli_usage_error(cmd, "%s takes heap, sidecar, inplace or pread, not %s", option,
                               cli_quote(value));
    return CLI_EXIT_OK;
}

/* A whole decimal number of bytes, times 2^10, 2^20 or 2^30 after K, M or G. */
static int parse_size(const char *s, uint64_t *value)
{
    if (*s < '0' || *s > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    const char *suffixes = "KMG";
    const char *unit = *end ? strchr(suffixes, *end) : NULL;
    unsigned shift = unit ? 10u * (unsigned)(unit - suffixes + 1) : 0;
    if (errno || (*end && (!unit || end[1])) || v > UINT64_MAX >> shift)
        return -1;
    *value = (uint64_t)v << shift;
    return 0;
}

int cli_parse_cache_budget(const cli_command *cmd, const char *value, uint64_t *bytes)
{
    if (parse_size(value, bytes) != 0)
        return cli_usage_error(cmd, "--cache-budget takes bytes (optionally K, M or G), not %s",
                               cli_quote(value));
    return CLI_EXIT_OK;
}

int cli_check_pread_option(const cli_command *cmd, const char *option, int given,
                           mdd_strategy strategy)
{
    if (given && strategy != MDD_STRATEGY_PREAD)
        return cli_usage_error(cmd, "%s applies to --strategy pread only", option);
    return CLI_EXIT_OK;
}

mdd_status cli_write_file(const char *path, mdd_content_writer write, void *ctx,
                          mdd_error *err)
{
    if (strcmp(path, "-") == 0) {
        int fd = STDOUT_FILENO;
        mdd_sink sink = mdd_fd_sink(&fd);
        return write(ctx, &sink, err);
    }
    /* umask can only be read by setting it; this tool is single-threaded, so the moment
     * with a zero umask affects no other file. */
    mode_t mask = umask(0);
    umask(mask);
    return mdd_write_output(path, 0666 & ~mask, write, ctx, err);
}

const char *cli_output_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "stdout" : path;
}

const char *cli_plural(uint64_t n) { return n == 1 ? "" : "s"; }
