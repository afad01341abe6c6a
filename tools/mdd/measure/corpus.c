/* SPDX-License-Identifier: Apache-2.0 */
#include "corpus.h"

#include "bench_common.h"

#include <mdd/codec.h>
#include <mdd/file.h>
#include <mdd_internal/common.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

void corpus_free(corpus *c)
{
    for (size_t i = 0; i < c->count; i++)
        free(c->names[i]);
    free(c->names);
    *c = (corpus){0};
}

static int is_mdd_name(const char *name)
{
    size_t len = strlen(name);
    return name[0] != '.' && len > 4 && strcmp(name + len - 4, ".mdd") == 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int corpus_add(corpus *c, const char *name, size_t *cap)
{
    if (c->count == *cap) {
        size_t grown = *cap ? *cap * 2 : 64;
        char **names = realloc(c->names, grown * sizeof *names);
        if (!names)
            return -1;
        c->names = names;
        *cap = grown;
    }
    c->names[c->count] = strdup(name);
    if (!c->names[c->count])
        return -1;
    c->count++;
    return 0;
}

static int corpus_list(const char *dir, corpus *c)
{
    DIR *d = opendir(dir);
    if (!d)
        return bench_fail_errno(dir, "opendir");
    size_t cap = 0;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        if (e->d_type != DT_REG && e->d_type != DT_UNKNOWN)
            continue;
        if (is_mdd_name(e->d_name) && corpus_add(c, e->d_name, &cap) != 0)
            rc = bench_fail(dir, "out of memory");
    }
    closedir(d);
    if (rc == 0 && c->count == 0)
        rc = bench_fail(dir, "no *.mdd files");
    if (rc == 0)
        qsort(c->names, c->count, sizeof *c->names, compare_names);
    return rc;
}

/* Adds a file's size and its chunks' payload sizes to the corpus totals. */
static int corpus_measure_file(const char *path, corpus *c)
{
    mdd_mapping map;
    mdd_file file;
    mdd_error err;
    if (mdd_mapping_open(path, &map, &err) != MDD_OK)
        return bench_fail(path, "%s", err.message);
    int rc = 0;
    if (mdd_file_parse(map.data, map.size, NULL, &file, &err) != MDD_OK)
        rc = bench_fail(path, "%s", err.message);
    for (size_t i = 0; rc == 0 && i < file.chunk_count; i++) {
        uint64_t size;
        if (mdd_chunk_payload_size(&file.chunks[i], NULL, &size, &err) != MDD_OK)
            rc = bench_fail(path, "chunk %zu: %s", i, err.message);
        else
            c->uncompressed_bytes += size;
    }
    c->compressed_bytes += map.size;
    mdd_file_free(&file);
    mdd_mapping_close(&map);
    return rc;
}

int corpus_load(const char *dir, corpus *c)
{
    *c = (corpus){0};
    if (corpus_list(dir, c) != 0)
        return -1;
    for (size_t i = 0; i < c->count; i++) {
        char *path = mdd_path_join(dir, c->names[i]);
        int rc = path ? corpus_measure_file(path, c) : bench_fail(dir, "out of memory");
        free(path);
        if (rc != 0)
            return -1;
    }
    return 0;
}
