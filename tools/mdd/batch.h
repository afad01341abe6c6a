/* SPDX-License-Identifier: Apache-2.0 */
/* What the parts of `mdd decode --batch` share: why a record failed, the counts of a run,
 * the decoder each thread keeps (batch_decode.c) and the window of records in flight across
 * the threads (batch_pool.c). */
#ifndef MDD_TOOL_BATCH_H
#define MDD_TOOL_BATCH_H

#include "batch_input.h"
#include "batch_record.h"

#include <mdd/db.h>
#include <mdd/uds.h>

#include <stdint.h>
#include <stdio.h>

/* The most threads -j takes. */
#define BATCH_MAX_JOBS 64

/* The slots of each thread's memo of requests (mdd_uds_memo_create(): about 28 KB each). */
#define BATCH_MEMO_ENTRIES 4096

/* Why a record gave an error line; its name is what the line's "error" says. */
typedef enum batch_reason {
    BATCH_LINE_TOO_LONG, /* "line-too-long" */
    BATCH_NUL_BYTE,      /* "nul-byte" */
    BATCH_MALFORMED,     /* "malformed" */
    BATCH_BAD_HEX,       /* "bad-hex" */
    BATCH_UNKNOWN_ECU,   /* "unknown-ecu" */
    BATCH_UNKNOWN_VARIANT, /* "unknown-variant" */
    BATCH_NO_MATCH,      /* "no-match": no service or response matches */
    BATCH_UNDECODABLE,   /* "undecodable": the description cannot read the message */
    BATCH_UNSUPPORTED,   /* "unsupported" */
    BATCH_LIMIT,         /* "limit" */
    BATCH_FAILED,        /* "failed": anything else (out of memory) */
    BATCH_REASONS
} batch_reason;

/* The name of a reason. */
const char *batch_reason_name(batch_reason reason);

typedef struct batch_counts {
    uint64_t records;
    uint64_t decoded;
    uint64_t errors[BATCH_REASONS];
} batch_counts;

/* Adds from to into. */
void batch_counts_add(batch_counts *into, const batch_counts *from);

/* A thread's decoder: its memo, room for the messages, the layer of the last record. */
typedef struct batch_worker {
    const mdd_db *db;
    mdd_uds_memo *memo;
    uint8_t *request, *response; /* BATCH_LINE_MAX / 2 bytes each */
    char ecu[BATCH_NAME_MAX + 1], variant[BATCH_NAME_MAX + 1];
    const mdd_db_layer *layer; /* of ecu and variant, or NULL */
} batch_worker;

/* Sets up w for db. Returns 0, or -1 when out of memory (nothing left to free). */
int batch_worker_init(batch_worker *w, const mdd_db *db);
void batch_worker_free(batch_worker *w);

/* Decodes the record of line (its text in text) and appends its output line to out: the
 * decode's JSON with the record's other members, or an error line {"line", "error",
 * "message", ...}. Counts it in counts. */
void batch_decode_line(batch_worker *w, const batch_text *text, const batch_line *line,
                       mdd_buffer *out, batch_counts *counts);

/* A run over the input: threads decoders, a window of blocks of records in flight. */
typedef struct batch_run_options {
    const mdd_db *db;
    int fd;           /* the input */
    FILE *out;        /* the output lines */
    unsigned threads; /* decoding threads, 1..BATCH_MAX_JOBS */
    int progress;     /* a progress line on stderr */
} batch_run_options;

/* Reads, decodes and writes everything; *counts says what. Returns 0, or -1 after printing
 * why the run stopped early (a read or write error, out of memory). */
int batch_pool_run(const batch_run_options *o, batch_counts *counts);

#endif
