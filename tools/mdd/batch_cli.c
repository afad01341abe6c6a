/* SPDX-License-Identifier: Apache-2.0 */
#include "batch_cli.h"

#include "batch.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { KEY_BATCH = CLI_KEY_OWN, KEY_INPUT };

const cli_option batch_cli_options[] = {
    {KEY_BATCH, "batch", NULL,
     "decode the records of the input, one output line each (below), with the ECUs of FILE... "
     "or DIR", NULL},
    {'j', "jobs", "N", "with --batch: decode on N threads (1..64, default: the CPUs)", NULL},
    {KEY_INPUT, "input", "FILE",
     "with --batch: read the records from the regular file FILE instead of standard input",
     NULL},
    CLI_OPTIONS_END,
};

int batch_cli_option(const cli_command *cmd, batch_args *b, int option, const char *value,
                     int *rc)
{
    uint64_t jobs;
    *rc = CLI_EXIT_OK;
    switch (option) {
    case KEY_BATCH: b->batch = 1; return 1;
    case KEY_INPUT: b->input = value; return 1;
    case 'j':
        if (cli_parse_uint(value, BATCH_MAX_JOBS, &jobs) != 0 || jobs == 0)
            *rc = cli_usage_error(cmd, "-j takes a number from 1 to %d", BATCH_MAX_JOBS);
        b->jobs = (unsigned)jobs;
        return 1;
    default: return 0;
    }
}

int batch_cli_check_single(const cli_command *cmd, const batch_args *b)
{
    if (b->input || b->jobs)
        return cli_usage_error(cmd, "--input and -j go with --batch");
    return CLI_EXIT_OK;
}

static unsigned default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > BATCH_MAX_JOBS ? BATCH_MAX_JOBS : (unsigned)n;
}

/* The descriptor of --input: a regular file only, so that nothing waits for a writer
 * (a pipe comes on standard input). -1 after printing why. */
static int open_input(const char *path)
{
    if (!path)
        return STDIN_FILENO;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    struct stat st;
    const char *why = fstat(fd, &st) != 0 ? strerror(errno)
                      : S_ISDIR(st.st_mode) ? "is a directory"
                      : !S_ISREG(st.st_mode)
                          ? "is not a regular file (give a pipe or a device on standard input)"
                          : NULL;
    if (!why && fcntl(fd, F_SETFL, 0) != 0)
        why = strerror(errno);
    if (!why)
        return fd;
    close(fd);
    cli_error(path, "%s", why);
    return -1;
}

/* `mdd: decode --batch: R records, D decoded, E errors (REASON N, ...), X records/s`. */
static void print_summary(const batch_counts *c, double seconds)
{
    uint64_t errors = 0;
    for (int i = 0; i < BATCH_REASONS; i++)
        errors += c->errors[i];
    fflush(stdout);
    fprintf(stderr, "mdd: decode --batch: %" PRIu64 " record%s, %" PRIu64 " decoded, %" PRIu64
            " error%s", c->records, cli_plural(c->records), c->decoded, errors,
            cli_plural(errors));
    const char *sep = " (";
    for (int i = 0; i < BATCH_REASONS; i++) {
        if (!c->errors[i])
            continue;
        fprintf(stderr, "%s%s %" PRIu64, sep, batch_reason_name((batch_reason)i), c->errors[i]);
        sep = ", ";
    }
    fprintf(stderr, "%s, %.0f records/s\n", errors ? ")" : "",
            seconds > 0 ? (double)c->records / seconds : 0.0);
}

static int run_batch(const batch_run_options *o)
{
    struct timespec start, end;
    batch_counts counts;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int failed = batch_pool_run(o, &counts) != 0;
    clock_gettime(CLOCK_MONOTONIC, &end);
    print_summary(&counts, (double)(end.tv_sec - start.tv_sec) +
                               (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    return failed || counts.decoded != counts.records ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

int batch_cli_run(const cli_db_args *a, const batch_args *b, const char *const *paths,
                  size_t count)
{
    if (a->ecu || a->variant || a->group)
        return cli_usage_error(a->cmd, "--batch takes the ECU and the variant from each record");
    if (count == 0)
        return cli_usage_error(a->cmd, "expected FILE... or DIR");
    int rc = cli_check_pread_option(a->cmd, "--cache-budget", a->budget_given, a->strategy);
    if (rc != CLI_EXIT_OK)
        return rc;
    int fd = open_input(b->input);
    if (fd < 0)
        return CLI_EXIT_FAIL;
    mdd_db *db;
    rc = cli_db_open_paths(paths, count, a, &db);
    if (rc == CLI_EXIT_OK) {
        batch_run_options o = {db, fd, stdout, b->jobs ? b->jobs : default_jobs(),
                               isatty(STDERR_FILENO)};
        rc = run_batch(&o);
        mdd_db_close(db);
    }
    if (fd != STDIN_FILENO)
        close(fd);
    return rc;
}
