/* SPDX-License-Identifier: Apache-2.0 */
#include "measure.h"

#include "bench_common.h"
#include "child.h"
#include "corpus.h"
#include "interrupt.h"
#include "prepare.h"
#include "report.h"
#include "run.h"

#include <errno.h> /* program_invocation_short_name */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* Measures into r; the scratch directory is gone when it returns. */
static int measure(const options *o, const corpus *c, results *r, long *scratch_fs)
{
    strategy_set sets[MDD_STRATEGY_COUNT];
    memset(sets, 0, sizeof sets);
    char *root = bench_scratch_create("mdd-strategies", scratch_fs);
    int rc = root ? prepare_all(o, c, root, sets) : -1;
    if (rc == 0)
        rc = run_all(o, sets, r);
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        set_free(&sets[i]);
    if (root && o->keep)
        fprintf(stderr, "%s: kept %s\n", program_invocation_short_name, root);
    else if (root)
        bench_remove_tree(root);
    free(root);
    return rc;
}

static void write_report(const report *rp)
{
    if (rp->o->json_out) {
        FILE *f = bench_open_output(rp->o->json_out);
        report_json(f, rp);
        bench_close_output(f, rp->o->json_out);
    }
    if (rp->o->json)
        report_json(stdout, rp);
    else
        report_markdown(rp);
}

int strategies_measure(const options *o)
{
    corpus c;
    results r;
    long scratch_fs = 0;
    memset(&r, 0, sizeof r);
    /* A child that dies while the parent writes a command must not kill the parent. */
    signal(SIGPIPE, SIG_IGN);
    interrupt_catch();
    int rc = corpus_load(o->dir, &c) != 0 || results_alloc(&r, o->runs) != 0 ? -1 : 0;
    if (rc == 0)
        rc = measure(o, &c, &r, &scratch_fs);
    if (rc == 0)
        write_report(&(report){o, &r, &c, scratch_fs, child_memory_pageout_method()});
    results_free(&r);
    corpus_free(&c);
    return rc;
}

/* ---- SIGINT and SIGTERM in the parent (interrupt.h) ---- */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    interrupted = sig;
}

void interrupt_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a blocking wait returns EINTR and looks at the flag. */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void interrupt_default(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

int interrupt_pending(void)
{
    return interrupted != 0;
}
