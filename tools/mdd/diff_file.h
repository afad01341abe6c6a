/* SPDX-License-Identifier: Apache-2.0 */
/* `mdd diff` of two MDD files: the container's fields and chunks, and the structural
 * difference of their diagnostic descriptions (diff_tree.h). */
#ifndef MDD_TOOL_DIFF_FILE_H
#define MDD_TOOL_DIFF_FILE_H

#include "diff_tree.h"

/* An MDD file opened and decoded for comparing: every chunk's SHA-512, and the verified
 * payloads of its DIAGNOSTIC_DESCRIPTION chunks (the others are dropped once hashed). */
typedef struct diff_file diff_file;

/* Opens, decodes and verifies path; NULL after printing why (`mdd: PATH: reason`). */
diff_file *diff_file_open(const char *path);
void diff_file_close(diff_file *f);

/* The ECU name of the file's header. */
mdd_bytes diff_file_ecu(const diff_file *f);

/* Emits the differences of a and b under path: `ECU/revision`, `ECU/metadata[KEY]`,
 * `ECU/chunks[NAME]/...`. Returns CLI_EXIT_OK, or CLI_EXIT_FAIL after printing why. */
int diff_files(const diff_file *a, const diff_file *b, diff_path *path, diff_emit_fn emit,
               void *ctx);

/* diff_files() under A's ECU name: the paths `mdd diff` prints for two files. */
int diff_file_pair(const diff_file *a, const diff_file *b, diff_emit_fn emit, void *ctx);

#endif
