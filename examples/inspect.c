/* SPDX-License-Identifier: Apache-2.0 */
/* inspect: print an MDD file's ECU name and chunks, and verify every chunk.
 * Usage: inspect FILE */
/* The container, chunk codecs, stores and asynchronous reads are the advanced API. */
#define MDD_ADVANCED_API
#include <mdd/mdd.h>

#include <inttypes.h>
#include <stdio.h>

/* Strings in an MDD file are views, not NUL-terminated: print them by length. */
static void print_view(mdd_bytes v, const char *absent)
{
    if (!v.ptr)
        fputs(absent, stdout);
    else if (v.len > 0)
        fwrite(v.ptr, 1, v.len, stdout);
}

static int fail(const char *path, const mdd_error *err)
{
    fprintf(stderr, "inspect: %s: %s\n", path, err->message);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: inspect FILE\n", stderr);
        return 2;
    }
    const char *path = argv[1];
    mdd_error err;
    mdd_mapping map;
    mdd_file file;
    if (mdd_mapping_open(path, &map, &err) != MDD_OK)
        return fail(path, &err);
    if (mdd_file_parse(map.data, map.size, NULL, &file, &err) != MDD_OK) {
        mdd_mapping_close(&map);
        return fail(path, &err);
    }
    int rc = 0;
    fputs("ecu: ", stdout);
    print_view(file.ecu_name, "(none)");
    printf("\nchunks: %zu\n", file.chunk_count);
    for (size_t i = 0; i < file.chunk_count && rc == 0; i++) {
        const mdd_chunk *chunk = &file.chunks[i];
        mdd_chunk_report report;
        if (mdd_chunk_verify(chunk, NULL, &report, &err) != MDD_OK) {
            rc = fail(path, &err);
            break;
        }
        printf("  [%zu] %s ", i, mdd_chunk_type_name(chunk->type));
        print_view(chunk->name, "(unnamed)");
        printf(": %zu bytes stored, %" PRIu64 " bytes uncompressed, %zu signature(s) ok\n",
               chunk->data.len, report.payload_size, report.signatures_checked);
    }
    mdd_file_free(&file);
    mdd_mapping_close(&map);
    return rc;
}
