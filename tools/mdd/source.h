/* SPDX-License-Identifier: Apache-2.0 */
/* An MDD file opened for reading by a command: mapped, then parsed into views of the mapping. */
#ifndef MDD_TOOL_SOURCE_H
#define MDD_TOOL_SOURCE_H

#include <mdd/mdd.h>

typedef struct source {
    mdd_mapping map;
    mdd_file file;
} source;

/* Maps and parses path. On failure s is left closed and err says why. */
mdd_status source_open(source *s, const char *path, mdd_error *err);

/* Releases the parsed views and the mapping. Safe on a closed source. */
void source_close(source *s);

/* Room for a chunk label: "chunk N 'NAME'" with the name cut to fit. */
#define SOURCE_LABEL_SIZE 160

/* Labels chunk index of file for messages: "chunk 0 'FLXC1000'", or "chunk 0" without a name. */
void source_chunk_label(const mdd_file *file, size_t index, char label[SOURCE_LABEL_SIZE]);

#endif
