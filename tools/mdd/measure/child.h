/* SPDX-License-Identifier: Apache-2.0 */
/* The measured child: forked per strategy and run, it opens every file of a set, touches
 * each chunk a little (or does the adapter's start-up work), reports through a pipe and
 * waits, idle, while the parent reads its memory. Forked from a parent that allocates next
 * to nothing, it starts as small as a fresh process. */
#ifndef MDD_BENCH_STRATEGIES_CHILD_H
#define MDD_BENCH_STRATEGIES_CHILD_H

#include "reclaim.h"
#include "strategy_set.h"

#include <mdd/status.h>
#include <mdd_internal/os.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* What a child does. An empty set (no files) makes a child that only measures the process
 * itself. */
typedef struct child_task {
    const strategy_set *set;
    int verify;
    unsigned touch_words;     /* per chunk, when not adapter_lookups */
    unsigned adapter_lookups; /* nonzero: the adapter's start-up work with this many requests */
    int ready;                /* nonzero: only open the files as one database (ready_ms) */
} child_task;

/* What the child sends once it has opened everything. */
typedef struct child_report {
    int ok;
    size_t failed; /* the file that did not open, or SIZE_MAX */
    double open_ms;
    double ready_ms; /* adapter_lookups or ready only */
    uint64_t touched_pages;
    double lookups_per_s; /* adapter_lookups only */
    char message[MDD_ERROR_MESSAGE_SIZE + PATH_MAX];
} child_report;

/* A running child, seen from the parent. */
typedef struct child {
    pid_t pid;
    int report_fd;  /* the child writes its report and command replies here */
    int command_fd; /* the parent writes commands here */
} child;

/* Forks a child doing task. Returns 0, or -1 after a message. */
int child_start(const child_task *task, child *c);

/* Waits for the child's report (at most 10 minutes; not when interrupted). Returns 0, or -1
 * after a message naming `what`; a report of a failure is 0 with r->ok clear. */
int child_read_report(const child *c, child_report *r, const char *what);

/* Asks the child to reclaim its own pages (pageout_self()) and waits until it has. Returns
 * 0, or -1 after a message. */
int child_pageout_self(const child *c);

/* Kills and reaps the child and closes its pipes. */
void child_end(child *c);

/* ---- A measured child's memory, read by the parent: idle, then after the kernel reclaimed
 * what it could ---- */

typedef struct child_memory {
    mdd_process_memory idle;
    mdd_process_memory pressed; /* after reclaim; only when asked for */
} child_memory;

/* How much of the address space each step of a traced reclaim covers: 1/PRESSURE_STEPS. */
#define PRESSURE_STEPS 10

/* After a pause that lets the reported child go idle, reads its memory into m->idle; when
 * pressure is set, then makes the kernel reclaim what it can (first stepwise, appending
 * to trace under trace_label, when both are given) and reads m->pressed. Returns 0, or -1
 * after a message naming `what`. */
int child_memory_measure(const child *c, const char *what, int pressure, FILE *trace,
                         const char *trace_label, child_memory *m);

/* How the reclaims so far were made. */
pageout_method child_memory_pageout_method(void);

#endif
