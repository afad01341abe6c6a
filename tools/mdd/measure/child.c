/* SPDX-License-Identifier: Apache-2.0 */
#include "child.h"

#include "adapter.h"
#include "bench_common.h"
#include "interrupt.h"
#include "reclaim.h"
#include "touch.h"

#include <mdd/store.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A child that neither reports nor dies within this time is taken to be stuck. */
#define CHILD_TIMEOUT_MS (10 * 60 * 1000)

/* The one command the parent sends: reclaim your own pages (the fallback). Closing the pipe
 * or killing the child ends it. */
enum { CMD_PAGEOUT = 'P' };

/* ---- in the child ---- */

static void open_all(const child_task *t, mdd_store **stores, child_report *r)
{
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = t->set->strategy;
    opts.verify = t->verify;
    double t0 = bench_now_ms();
    for (size_t i = 0; i < t->set->count; i++) {
        mdd_error err;
        if (mdd_store_open(t->set->paths[i], &opts, &stores[i], &err) != MDD_OK) {
            r->failed = i;
            snprintf(r->message, sizeof r->message, "open: %s", err.message);
            return;
        }
    }
    r->open_ms = bench_now_ms() - t0;
    r->ok = 1;
}

static void start_adapter(const child_task *t, child_report *r)
{
    adapter_figures f;
    unsigned requests = t->ready ? 0 : t->adapter_lookups;
    if (adapter_start(t->set, t->verify, requests, &f, r->message, sizeof r->message) != 0)
        return;
    r->ready_ms = f.ready_ms;
    r->open_ms = f.open_ms;
    r->lookups_per_s = f.lookups_per_s;
    r->ok = 1;
}

/* Answers the parent's commands until it closes the pipe or kills the child. */
static void serve_commands(int command_fd, int report_fd)
{
    char cmd;
    while (read(command_fd, &cmd, 1) == 1 && cmd == CMD_PAGEOUT) {
        pageout_self();
        if (bench_write_all(report_fd, &cmd, 1) != 0)
            break;
    }
}

static _Noreturn void child_main(const child_task *t, int report_fd, int command_fd)
{
    child_report r;
    memset(&r, 0, sizeof r);
    r.failed = SIZE_MAX;
    size_t count = t->set->count;
    mdd_store **stores = calloc(count ? count : 1, sizeof *stores);
    if (!stores)
        snprintf(r.message, sizeof r.message, "out of memory");
    else if ((t->adapter_lookups || t->ready) && count)
        start_adapter(t, &r);
    else
        open_all(t, stores, &r);
    if (r.ok && !t->adapter_lookups && !t->ready)
        r.touched_pages = touch_all(stores, count, t->touch_words);
    if (bench_write_all(report_fd, &r, sizeof r) == 0 && r.ok)
        serve_commands(command_fd, report_fd);
    /* The stores stay open: the process ends here, and unmapping would only cost time. */
    _exit(0);
}

/* ---- in the parent ---- */

static int read_exact(int fd, void *buf, size_t len, const char *what)
{
    char *p = buf;
    while (len > 0) {
        struct pollfd pfd = {fd, POLLIN, 0};
        int ready = poll(&pfd, 1, CHILD_TIMEOUT_MS);
        if (ready < 0 && errno == EINTR && interrupt_pending())
            return bench_fail(what, "interrupted");
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            return bench_fail(what, "the child did not answer within %d s",
                              CHILD_TIMEOUT_MS / 1000);
        ssize_t n = ready < 0 ? -1 : read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return bench_fail(what, "the child ended without reporting");
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int child_start(const child_task *task, child *c)
{
    int report[2], command[2];
    *c = (child){-1, -1, -1};
    if (pipe2(report, O_CLOEXEC) != 0)
        return bench_fail_errno("pipe", "pipe2");
    if (pipe2(command, O_CLOEXEC) != 0) {
        close(report[0]);
        close(report[1]);
        return bench_fail_errno("pipe", "pipe2");
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        interrupt_default();
        close(report[0]);
        close(command[1]);
        child_main(task, report[1], command[0]);
    }
    close(report[1]);
    close(command[0]);
    *c = (child){pid, report[0], command[1]};
    if (pid < 0) {
        close(report[0]);
        close(command[1]);
        return bench_fail_errno("fork", "fork");
    }
    return 0;
}

int child_read_report(const child *c, child_report *r, const char *what)
{
    if (read_exact(c->report_fd, r, sizeof *r, what) != 0)
        return -1;
    r->message[sizeof r->message - 1] = '\0';
    return 0;
}

int child_pageout_self(const child *c)
{
    char cmd = CMD_PAGEOUT, reply;
    if (bench_write_all(c->command_fd, &cmd, 1) != 0)
        return bench_fail_errno("child", "write");
    return read_exact(c->report_fd, &reply, 1, "child");
}

void child_end(child *c)
{
    if (c->pid > 0) {
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    close(c->report_fd);
    close(c->command_fd);
    c->pid = -1;
}

/* Pause between the child's report and the idle reading, so that it is really idle. */
#define SETTLE_MS 100u

static pageout_method pageout_used = PAGEOUT_UNKNOWN;

pageout_method child_memory_pageout_method(void)
{
    return pageout_used;
}

/* Makes the kernel reclaim what it can of the child's memory: from the parent where the
 * kernel allows it, else by asking the child to advise its own mappings. */
static int reclaim(const child *c)
{
    if (pageout_used != PAGEOUT_SELF_MADVISE) {
        if (pageout_remote(c->pid) == 0) {
            pageout_used = PAGEOUT_PROCESS_MADVISE;
            return 0;
        }
        fprintf(stderr, "%s: process_madvise: %s; the child reclaims its own pages instead\n",
                program_invocation_short_name, strerror(errno));
        pageout_used = PAGEOUT_SELF_MADVISE;
    }
    return child_pageout_self(c);
}

int child_memory_measure(const child *c, const char *what, int pressure, FILE *trace,
                         const char *trace_label, child_memory *m)
{
    mdd_error err;
    bench_sleep_ms(SETTLE_MS);
    if (mdd_process_memory_read(c->pid, &m->idle, &err) != MDD_OK)
        return bench_fail(what, "%s", err.message);
    if (!pressure)
        return 0;
    if (trace && trace_label && pageout_traced(c->pid, PRESSURE_STEPS, trace, trace_label) != 0)
        return -1;
    if (reclaim(c) != 0)
        return -1;
    if (mdd_process_memory_read(c->pid, &m->pressed, &err) != MDD_OK)
        return bench_fail(what, "%s", err.message);
    return 0;
}
