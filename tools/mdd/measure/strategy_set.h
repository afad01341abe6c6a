/* SPDX-License-Identifier: Apache-2.0 */
/* One strategy's copy of the corpus in the scratch directory, and the files it reads. */
#ifndef MDD_BENCH_STRATEGIES_STRATEGY_SET_H
#define MDD_BENCH_STRATEGIES_STRATEGY_SET_H

#include "corpus.h"

#include <mdd/store.h>

#include <stddef.h>
#include <stdint.h>

typedef struct strategy_set {
    mdd_strategy strategy;
    char *dir;
    char **paths;   /* the copies of the MDD files, in corpus order */
    char **origins; /* the files they were copied from, named in messages about them */
    size_t count;
    uint64_t disk_kb;
} strategy_set;

/* Frees what set_layout() allocated; the files stay. */
void set_free(strategy_set *set);

/* Called for every file a strategy reads: its MDD files and, for sidecar, their sidecars, for
 * inplace and pread their verification records (those that exist).
 * Returns 0, or -1 after a message. */
typedef int (*file_fn)(void *ctx, const char *path);

/* Calls fn on every file the strategy reads, stopping at the first failure. Returns 0 or
 * -1. */
int set_for_each_file(const strategy_set *set, file_fn fn, void *ctx);

/* Names set->strategy's copies of the corpus c of directory from in root/STRATEGY and
 * creates that directory. Returns 0, or -1 after a message. */
int set_layout(strategy_set *set, const char *root, const corpus *c, const char *from);

/* Copies the corpus into the set's directory. Returns 0, or -1 after a message. */
int set_copy(const strategy_set *set);

/* What the strategy's measured opens expect to find: inplace and pread convert their
 * copies and open each once as a database, so that its verification record is written,
 * sidecar opens each once so that its sidecar is written, heap does nothing.
 * Returns 0, or -1 after a message naming the original file. */
int set_prepare(const strategy_set *set);

/* Sums the disk usage of the set's files (st_blocks) into set->disk_kb. Returns 0, or -1
 * after a message. */
int set_measure_disk(strategy_set *set);

#endif
