/* SPDX-License-Identifier: Apache-2.0 */
/* A one-line progress display on stderr for long runs over many files: files done, bytes
 * written and the rate. Safe to update from several threads. */
#ifndef MDD_TOOL_PROGRESS_H
#define MDD_TOOL_PROGRESS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <time.h>

typedef struct progress {
    int enabled;
    size_t files_total;
    atomic_size_t files_done;
    atomic_uint_least64_t bytes;
    struct timespec start;
    struct timespec last_draw;
    pthread_mutex_t lock; /* serialises the display and the lines printed around it */
} progress;

void progress_init(progress *p, int enabled, size_t files_total);
void progress_free(progress *p);

/* Counts bytes and redraws the line, at most ten times a second. */
void progress_add_bytes(progress *p, uint64_t bytes);

/* Counts a finished file and prints its result line (to stream, may be NULL) above the
 * progress line. */
void progress_file_done(progress *p, FILE *stream, const char *line);

/* Clears the line for good. */
void progress_finish(progress *p);

#endif
