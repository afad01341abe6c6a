/* SPDX-License-Identifier: Apache-2.0 */
/* The MDD files of the directory bench_strategies measures, and their sizes. */
#ifndef MDD_BENCH_STRATEGIES_CORPUS_H
#define MDD_BENCH_STRATEGIES_CORPUS_H

#include <stddef.h>
#include <stdint.h>

typedef struct corpus {
    char **names; /* base names of DIR's *.mdd files, sorted */
    size_t count;
    uint64_t uncompressed_bytes; /* every chunk's payload */
    uint64_t compressed_bytes;   /* the files as given */
} corpus;

/* Lists dir's regular *.mdd files (not sidecars, not hidden files) into *c and sums their
 * sizes and their chunks' payload sizes. Returns 0, or -1 after a message naming the file;
 * free *c with corpus_free() either way. */
int corpus_load(const char *dir, corpus *c);

void corpus_free(corpus *c);

#endif
