/* SPDX-License-Identifier: Apache-2.0 */
#include "prepare.h"

#include "bench_common.h"
#include "interrupt.h"
#include "page_cache.h"

#include <errno.h>
#include <signal.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

/* Disk the copies need at most: every strategy's copy plus a plain copy for the mapped ones
 * (sidecars, converted files and the temporary file of a conversion). */
static uint64_t space_needed(const options *o, const corpus *c)
{
    uint64_t total = 64u << 20;
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            total += c->compressed_bytes;
    for (size_t s = MDD_STRATEGY_SIDECAR; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            total += c->uncompressed_bytes + c->uncompressed_bytes / 8;
    return total;
}

static int check_space(const char *dir, uint64_t needed)
{
    struct statfs sf;
    if (statfs(dir, &sf) != 0)
        return bench_fail_errno(dir, "statfs");
    uint64_t avail = (uint64_t)sf.f_bavail * (uint64_t)sf.f_bsize;
    if (avail < needed)
        return bench_fail(dir, "needs about %llu MiB free, has %llu MiB",
                          (unsigned long long)(needed >> 20), (unsigned long long)(avail >> 20));
    return 0;
}

static int fill_sets(const options *o, const strategy_set *sets)
{
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++) {
        if (!o->use_strategy[i])
            continue;
        fprintf(stderr, "%s: preparing %s in %s\n", program_invocation_short_name,
                mdd_strategy_name(sets[i].strategy), sets[i].dir);
        if (set_copy(&sets[i]) != 0 || set_prepare(&sets[i]) != 0 || set_evict(&sets[i]) != 0)
            return -1;
    }
    return 0;
}

static int fill_sets_in_helper(const options *o, const strategy_set *sets)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return bench_fail_errno("fork", "fork");
    if (pid == 0) {
        interrupt_default();
        _exit(fill_sets(o, sets) == 0 ? 0 : 1);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return bench_fail_errno("preparation", "waitpid");
        if (interrupt_pending())
            kill(pid, SIGTERM); /* then reaped by the next wait */
    }
    if (WIFSIGNALED(status))
        return bench_fail("preparation", "killed by signal %d", WTERMSIG(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1; /* it said why */
}

int prepare_all(const options *o, const corpus *c, const char *root,
                strategy_set sets[MDD_STRATEGY_COUNT])
{
    if (check_space(root, space_needed(o, c)) != 0)
        return -1;
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++) {
        sets[i].strategy = (mdd_strategy)i;
        if (o->use_strategy[i] && set_layout(&sets[i], root, c, o->dir) != 0)
            return -1;
    }
    if (fill_sets_in_helper(o, sets) != 0)
        return -1;
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        if (o->use_strategy[i] && set_measure_disk(&sets[i]) != 0)
            return -1;
    return 0;
}
