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
int cli_parse_size(const char *s, uint64_t *value)
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
    if (cli_parse_size(value, bytes) != 0)
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
