/* SPDX-License-Identifier: Apache-2.0 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "testutil.h"

#include <mdd/convert.h>
#include <mdd_internal/codec.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAYLOAD_SIZE 300000u

static char dir[64];
static char path[128];
static uint8_t payload[PAYLOAD_SIZE];

static mdd_bytes view(const void *p, size_t len) { return (mdd_bytes){p, len}; }
static mdd_bytes str(const char *s) { return view(s, strlen(s)); }

static void write_bytes(const char *p, const uint8_t *data, size_t len)
{
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* A file with a compressed chunk, a plain one and an unknown top-level field (number 15),
 * each chunk signed with the SHA-512 of signed_payload (normally its own payload). */
static void write_sample(const uint8_t *signed_payload)
{
    static const char plain[] = "plain chunk data";
    uint8_t sig_compressed[MDD_SHA512_SIZE], sig_plain[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512(signed_payload, PAYLOAD_SIZE, sig_compressed, NULL), MDD_OK);
    assert_int_equal(mdd_sha512(plain, strlen(plain), sig_plain, NULL), MDD_OK);
    mdd_buffer stream = {0};
    assert_int_equal(mdd_lzma_encode(payload, PAYLOAD_SIZE, 1, &stream, NULL), MDD_OK);
    mdd_signature sigs[2] = {
        {.algorithm = str("sha512_uncompressed"), .signature = view(sig_compressed, 64)},
        {.algorithm = str("sha512_uncompressed"), .signature = view(sig_plain, 64)}};
    static const mdd_kv meta[] = {{{(const uint8_t *)"source", 6}, {(const uint8_t *)"t", 1}}};
    mdd_chunk chunks[2] = {
        {.name = str("ECU"), .signatures = &sigs[0], .signature_count = 1,
         .compression_algorithm = str("lzma"), .has_uncompressed_size = 1,
         .uncompressed_size = PAYLOAD_SIZE, .data = view(stream.data, stream.len),
         .metadata = {meta, 1}},
        {.type = MDD_CHUNK_EMBEDDED_FILE, .name = str("notes"), .signatures = &sigs[1],
         .signature_count = 1, .data = str(plain)}};
    mdd_file file = {.version = str("2025-05-21"), .ecu_name = str("ECU"),
                     .metadata = {meta, 1}, .chunks = chunks, .chunk_count = 2};
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    assert_int_equal(mdd_file_encode(&file, &sink, NULL), MDD_OK);
    static const uint8_t unknown[] = {0x7a, 0x02, 'u', 'k'};
    assert_int_equal(mdd_sink_write(&sink, unknown, sizeof unknown, NULL), MDD_OK);
    write_bytes(path, out.data, out.len);
    mdd_buffer_free(&out);
    mdd_buffer_free(&stream);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/mdd-convert-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/ecu.mdd", dir);
    for (size_t i = 0; i < PAYLOAD_SIZE; i++)
        payload[i] = (uint8_t)((i * 7) ^ (i >> 9));
    write_sample(payload);
    return 0;
}

/* Removes everything in dir, then dir. */
static int teardown(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' || strlen(e->d_name) > 2)
            unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(dir);
    return 0;
}

static size_t entries_in_dir(void)
{
    size_t n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* The converted file is exactly the rewrite of the original with the compressed chunk's data
 * replaced by its payload and compression fields dropped: every other byte is kept. */
static mdd_status write_payload(void *ctx, mdd_sink *out, mdd_error *err)
{
    (void)ctx;
    return mdd_sink_write(out, payload, PAYLOAD_SIZE, err);
}

static void converts_keeping_every_other_byte(void **state)
{
    (void)state;
    size_t orig_len;
    uint8_t *orig = tu_read_file(path, &orig_len);
    mdd_chunk_edit edit = {.chunk_index = 0,
                           .drop_fields = MDD_CHUNK_FIELD_BIT(5) | MDD_CHUNK_FIELD_BIT(6),
                           .replace_data = 1, .data_len = PAYLOAD_SIZE,
                           .write_data = write_payload};
    mdd_buffer expected = {0};
    mdd_sink sink = mdd_buffer_sink(&expected);
    assert_int_equal(mdd_file_rewrite(orig, orig_len, &edit, 1, &sink, NULL), MDD_OK);
    assert_int_equal(chmod(path, 0640), 0);

    mdd_convert_result r;
    mdd_error err;
    assert_int_equal(mdd_convert_file(path, NULL, &r, &err), MDD_OK);
    assert_int_equal(r.outcome, MDD_CONVERT_CONVERTED);
    assert_int_equal(r.chunks_decompressed, 1);
    assert_int_equal(r.size_before, orig_len);
    assert_int_equal(r.size_after, expected.len);
    assert_int_equal(r.stale_temps_removed, 0);
    size_t len;
    uint8_t *now = tu_read_file(path, &len);
    assert_int_equal(len, expected.len);
    assert_memory_equal(now, expected.data, len);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    assert_int_equal(entries_in_dir(), 1);
    free(now);
    free(orig);
    mdd_buffer_free(&expected);
}

static void leaves_plain_files_untouched(void **state)
{
    (void)state;
    assert_int_equal(mdd_convert_file(path, NULL, NULL, NULL), MDD_OK);
    struct stat before, after;
    assert_int_equal(stat(path, &before), 0);
    mdd_convert_result r;
    assert_int_equal(mdd_convert_file(path, NULL, &r, NULL), MDD_OK);
    assert_int_equal(r.outcome, MDD_CONVERT_ALREADY_PLAIN);
    assert_int_equal(r.size_before, r.size_after);
    assert_int_equal(stat(path, &after), 0);
    assert_int_equal(after.st_ino, before.st_ino);
    assert_int_equal(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
    assert_int_equal(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
}

static void readers_of_the_old_file_keep_its_bytes(void **state)
{
    (void)state;
    size_t orig_len;
    uint8_t *orig = tu_read_file(path, &orig_len);
    mdd_mapping map;
    assert_int_equal(mdd_mapping_open(path, &map, NULL), MDD_OK);
    assert_int_equal(mdd_convert_file(path, NULL, NULL, NULL), MDD_OK);
    assert_int_equal(map.size, orig_len);
    assert_memory_equal(map.data, orig, orig_len);
    mdd_mapping_close(&map);
    free(orig);
}

static void removes_stale_temporaries(void **state)
{
    (void)state;
    char stale[256], other[256];
    snprintf(stale, sizeof stale, "%s/.ecu.mdd.tmp.99999.0123456789abcdef", dir);
    snprintf(other, sizeof other, "%s/.other.mdd.tmp.1.2", dir);
    write_bytes(stale, (const uint8_t *)"x", 1);
    write_bytes(other, (const uint8_t *)"y", 1);
    mdd_convert_result r;
    assert_int_equal(mdd_convert_file(path, NULL, &r, NULL), MDD_OK);
    assert_int_equal(r.stale_temps_removed, 1);
    assert_int_not_equal(access(stale, F_OK), 0);
    assert_int_equal(access(other, F_OK), 0);
    assert_int_equal(entries_in_dir(), 2);
}

static void checksum_mismatch_keeps_the_original(void **state)
{
    (void)state;
    uint8_t other[PAYLOAD_SIZE];
    memcpy(other, payload, PAYLOAD_SIZE);
    other[PAYLOAD_SIZE / 2] ^= 1;
    write_sample(other);
    size_t orig_len;
    uint8_t *orig = tu_read_file(path, &orig_len);
    mdd_error err = {0};
    assert_int_equal(mdd_convert_file(path, NULL, NULL, &err), MDD_ERR_CHECKSUM);
    assert_non_null(strstr(err.message, "chunk 0: signatures[0]: SHA-512 mismatch"));
    size_t len;
    uint8_t *now = tu_read_file(path, &len);
    assert_int_equal(len, orig_len);
    assert_memory_equal(now, orig, len);
    assert_int_equal(entries_in_dir(), 1);
    free(now);
    free(orig);
}

typedef struct progress_log {
    size_t calls;
    uint64_t last_done;
    uint64_t total;
    int monotonic;
} progress_log;

static void record_progress(void *ctx, uint64_t done, uint64_t total)
{
    progress_log *log = ctx;
    log->monotonic &= done >= log->last_done;
    log->calls++;
    log->last_done = done;
    log->total = total;
}

static void reports_progress_up_to_the_payload_size(void **state)
{
    (void)state;
    progress_log log = {.monotonic = 1};
    mdd_convert_options opts = mdd_convert_options_default();
    opts.progress = record_progress;
    opts.progress_ctx = &log;
    assert_int_equal(mdd_convert_file(path, &opts, NULL, NULL), MDD_OK);
    assert_true(log.calls >= 2); /* 300000 bytes arrive in more than one window */
    assert_true(log.monotonic);
    assert_int_equal(log.last_done, PAYLOAD_SIZE);
    assert_int_equal(log.total, PAYLOAD_SIZE);
}

static void honours_parse_and_size_limits(void **state)
{
    (void)state;
    mdd_convert_options opts = mdd_convert_options_default();
    assert_int_equal(opts.evict, 1);
    opts.parse.max_repeated = 1;
    mdd_error err = {0};
    assert_int_equal(mdd_convert_file(path, &opts, NULL, &err), MDD_ERR_LIMIT);
    opts = mdd_convert_options_default();
    opts.limits.max_uncompressed_size = PAYLOAD_SIZE - 1;
    assert_int_equal(mdd_convert_file(path, &opts, NULL, &err), MDD_ERR_LIMIT);
    assert_string_equal(err.message,
                        "chunk 0: chunk payload of 300000 bytes exceeds the limit of 299999");
    assert_int_equal(entries_in_dir(), 1);
}

static void rejects_what_it_cannot_read(void **state)
{
    (void)state;
    char missing[256];
    snprintf(missing, sizeof missing, "%s/missing.mdd", dir);
    mdd_error err = {0};
    assert_int_equal(mdd_convert_file(missing, NULL, NULL, &err), MDD_ERR_IO);
    assert_string_equal(err.message, "open: No such file or directory");
    write_bytes(path, (const uint8_t *)"not an mdd file at all", 22);
    assert_int_equal(mdd_convert_file(path, NULL, NULL, &err), MDD_ERR_FORMAT);
    assert_int_equal(entries_in_dir(), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(converts_keeping_every_other_byte, setup, teardown),
        cmocka_unit_test_setup_teardown(leaves_plain_files_untouched, setup, teardown),
        cmocka_unit_test_setup_teardown(readers_of_the_old_file_keep_its_bytes, setup, teardown),
        cmocka_unit_test_setup_teardown(removes_stale_temporaries, setup, teardown),
        cmocka_unit_test_setup_teardown(checksum_mismatch_keeps_the_original, setup, teardown),
        cmocka_unit_test_setup_teardown(reports_progress_up_to_the_payload_size, setup, teardown),
        cmocka_unit_test_setup_teardown(honours_parse_and_size_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(rejects_what_it_cannot_read, setup, teardown),
    };
    return cmocka_run_group_tests_name("convert", tests, NULL, NULL);
}
