/* SPDX-License-Identifier: Apache-2.0 */
#include "testutil.h"

#include <mdd_internal/gen.h>

#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Aborts the test run with err's message unless st is MDD_OK. */
static void must(mdd_status st, const mdd_error *err)
{
    if (st == MDD_OK)
        return;
    fprintf(stderr, "%s\n", err->message);
    abort();
}

mdd_bytes tu_chunk_data(const mdd_store *store, size_t index)
{
    mdd_bytes data;
    mdd_error err;
    must(mdd_store_chunk_data(store, index, &data, &err), &err);
    return data;
}

uint64_t tu_chunk_size(const mdd_store *store, size_t index)
{
    uint64_t size;
    mdd_error err;
    must(mdd_store_chunk_size(store, index, &size, &err), &err);
    return size;
}

uint8_t *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        abort();
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(size > 0 ? (size_t)size : 1);
    if (!buf || (size > 0 && fread(buf, 1, (size_t)size, f) != (size_t)size))
        abort();
    fclose(f);
    *len = (size_t)size;
    return buf;
}

void tu_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wbe");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

void tu_write_generated(const char *path, const mdd_gen_spec *spec)
{
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_bytes payload;
    mdd_buffer file = {0};
    mdd_error err;
    if (mdd_gen_payload(spec, &b, &payload, &err) != MDD_OK ||
        mdd_gen_pack(spec, payload, &file, &err) != MDD_OK) {
        fprintf(stderr, "%s: generating %s: %s\n", path, spec->name, err.message);
        abort();
    }
    tu_write_file(path, file.data, file.len);
    mdd_buffer_free(&file);
    mdd_fb_builder_free(&b);
}

const char *tu_emulator(void)
{
    const char *emulator = getenv("MDD_TEST_EMULATOR");
    return emulator && *emulator ? emulator : NULL;
}

const char *tu_corpus_dir(void)
{
    const char *dir = getenv("MDD_CORPUS");
    struct stat st;
    if (!dir || !*dir || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return NULL;
    return dir;
}

uint8_t *tu_read_corpus_file(const char *name, size_t *len)
{
    const char *dir = tu_corpus_dir();
    if (!dir)
        return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return tu_read_file(path, len);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t tu_corpus_files(char ***paths)
{
    *paths = NULL;
    const char *dir = tu_corpus_dir();
    if (!dir)
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = 0;
    char **list = NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".mdd") != 0)
            continue;
        list = realloc(list, (n + 1) * sizeof *list);
        size_t plen = strlen(dir) + 1 + len + 1;
        list[n] = malloc(plen);
        if (!list || !list[n])
            abort();
        snprintf(list[n], plen, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(list, n, sizeof *list, compare_names);
    *paths = list;
    return n;
}

static void each_service_of(const mdd_db_ecu *ecu,
                            void (*fn)(void *, const mdd_db_layer *, const mdd_db_service *),
                            void *ctx)
{
    for (uint32_t v = 0; v < mdd_db_ecu_variant_count(ecu); v++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, v);
        for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++) {
            mdd_db_service service = mdd_db_layer_service_at(layer, i);
            fn(ctx, layer, &service);
        }
    }
}

size_t tu_each_corpus_service(void (*fn)(void *ctx, const mdd_db_layer *layer,
                                         const mdd_db_service *service),
                              void *ctx)
{
    char **paths;
    size_t n = tu_corpus_files(&paths);
    for (size_t f = 0; f < n; f++) {
        mdd_db_options opts = mdd_db_options_default();
        opts.store.strategy = MDD_STRATEGY_HEAP;
        const char *path = paths[f];
        mdd_db *db;
        mdd_error err;
        must(mdd_db_open(&path, 1, &opts, &db, &err), &err);
        each_service_of(mdd_db_ecu_at(db, 0), fn, ctx);
        mdd_db_close(db);
        free(paths[f]);
    }
    free(paths);
    return n;
}

void tu_hex(const uint8_t *bytes, size_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 15];
    }
    out[2 * len] = '\0';
}

size_t tu_entries_in(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        abort();
    }
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

int tu_make_temp_dir(char *dir, size_t size, const char *name)
{
    const char *tmp = getenv("TMPDIR");
    int n = snprintf(dir, size, "%s/mdd-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
    return n > 0 && (size_t)n < size && mkdtemp(dir) ? 0 : -1;
}

int tu_remove_tree(const char *dir)
{
    return nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

size_t tu_json_object_span(const char *p)
{
    int depth = 0, in_string = 0;
    for (size_t i = 0; p[i]; i++) {
        if (in_string && p[i] == '\\')
            i++;
        else if (p[i] == '"')
            in_string = !in_string;
        else if (!in_string && p[i] == '{')
            depth++;
        else if (!in_string && p[i] == '}' && --depth == 0)
            return i + 1;
    }
    return 0;
}
