/* SPDX-License-Identifier: Apache-2.0 */
/* `mdd diff --json`'s object (diff_json.c): {"a", "b", "differences": [{"kind", "path",
 * "old", "new"}], "summary": {"added", "removed", "changed", "renamed"}}, written as the
 * differences come; also what mdd serve's /diff answers. */
#ifndef MDD_TOOL_DIFF_JSON_H
#define MDD_TOOL_DIFF_JSON_H

#include "diff_tree.h"
#include "json.h"

#include <stdint.h>
#include <stdio.h>

typedef struct diff_json {
    json_writer j;
    uint64_t counts[4]; /* by diff_kind */
} diff_json;

/* The kinds' names: "added", "removed", "changed", "renamed". */
extern const char *const diff_kind_names[4];

/* Starts the object on out, comparing a with b. */
void diff_json_begin(diff_json *d, FILE *out, const char *a, const char *b);

/* A diff_emit_fn (ctx a diff_json): one difference, counted. */
void diff_json_emit(void *ctx, diff_kind kind, const char *path, const char *old_value,
                    const char *new_value);

/* The summary, the object's end and a newline. */
void diff_json_end(diff_json *d);

/* The whole object for the MDD files at path_a and path_b (shown as a and b) on out. Returns
 * CLI_EXIT_OK, or CLI_EXIT_FAIL after printing why (`mdd: PATH: reason`) with out holding
 * part of an object. */
int diff_json_files(FILE *out, const char *path_a, const char *path_b, const char *a,
                    const char *b);

#endif
