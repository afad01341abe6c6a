/* SPDX-License-Identifier: Apache-2.0 */
#include "source.h"

#include "text.h"

#include <stdio.h>
#include <string.h>

mdd_status source_open(source *s, const char *path, mdd_error *err)
{
    memset(s, 0, sizeof *s);
    mdd_status st = mdd_mapping_open(path, &s->map, err);
    if (st)
        return st;
    st = mdd_file_parse(s->map.data, s->map.size, NULL, &s->file, err);
    if (st)
        mdd_mapping_close(&s->map);
    return st;
}

void source_close(source *s)
{
    mdd_file_free(&s->file);
    mdd_mapping_close(&s->map);
}

void source_chunk_label(const mdd_file *file, size_t index, char label[SOURCE_LABEL_SIZE])
{
    int n = snprintf(label, SOURCE_LABEL_SIZE, "chunk %zu", index);
    const mdd_chunk *chunk = &file->chunks[index];
    if (!chunk->name.ptr || n < 0 || (size_t)n + 4 > SOURCE_LABEL_SIZE)
        return;
    /* The name comes from the file: escape it, and keep room for the closing quote. */
    char *p = label + n;
    *p++ = ' ';
    *p++ = '\'';
    text_format(p, SOURCE_LABEL_SIZE - (size_t)n - 3, chunk->name);
    strcat(p, "'");
}
