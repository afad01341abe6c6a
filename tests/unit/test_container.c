/* SPDX-License-Identifier: Apache-2.0 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "MDD version 0      "

static mdd_bytes str(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

static void assert_bytes(mdd_bytes b, const char *expected)
{
    assert_non_null(b.ptr);
    assert_int_equal(b.len, strlen(expected));
    assert_memory_equal(b.ptr, expected, b.len);
}

/* A file built from bytes written out by hand (magic, then the message). */
static size_t hand_file(uint8_t *out, const uint8_t *msg, size_t len)
{
    memcpy(out, MAGIC, 20);
    if (len)
        memcpy(out + 20, msg, len);
    return 20 + len;
}

static void parse_error(const uint8_t *msg, size_t len, mdd_status status, const char *message)
{
    uint8_t buf[256];
    size_t n = hand_file(buf, msg, len);
    mdd_file f;
    mdd_error err = {0};
    assert_int_equal(mdd_file_parse(buf, n, NULL, &f, &err), status);
    assert_string_equal(err.message, message);
    assert_null(f.chunks);
    assert_null(f.arena);
}

/* FLXC1000 as the independent expectation describes it. */
static void parses_real_file_fields(void **state)
{
    (void)state;
    size_t len;
    uint8_t *buf = tu_read_corpus_file("FLXC1000.mdd", &len);
    if (!buf)
        skip();
    mdd_file f;
    mdd_error err;
    assert_int_equal(mdd_file_parse(buf, len, NULL, &f, &err), MDD_OK);
    assert_bytes(f.version, "2025-05-21");
    assert_bytes(f.ecu_name, "FLXC1000");
    assert_bytes(f.revision, "00.01.00");
    assert_int_equal(f.feature_flag_count, 0);
    assert_int_equal(f.metadata.count, 5);
    assert_bytes(*mdd_map_get(f.metadata, "source"), "FLXC1000.pdx");
    assert_bytes(*mdd_map_get(f.metadata, "plugins"), "compression@0.1.0");
    assert_null(mdd_map_get(f.metadata, "nope"));
    assert_int_equal(f.chunk_count, 1);
    const mdd_chunk *c = &f.chunks[0];
    assert_ptr_equal(mdd_file_find_chunk(&f, "FLXC1000"), c);
    assert_int_equal(c->type, MDD_CHUNK_DIAGNOSTIC_DESCRIPTION);
    assert_bytes(c->name, "FLXC1000");
    assert_bytes(c->compression_algorithm, "lzma");
    assert_true(c->has_uncompressed_size);
    assert_int_equal(c->uncompressed_size, 39680);
    assert_int_equal(c->data.len, 11224);
    assert_true(c->data.ptr > buf && c->data.ptr + c->data.len <= buf + len);
    assert_null(c->mime_type.ptr);
    assert_null(c->encryption);
    assert_int_equal(c->signature_count, 1);
    assert_bytes(c->signatures[0].algorithm, "sha512_uncompressed");
    assert_int_equal(c->signatures[0].signature.len, 64);
    assert_int_equal(c->signatures[0].signature.ptr[0], 0x61);
    assert_int_equal(f.chunks_signature_count, 0);
    mdd_file_free(&f);
    free(buf);
}

static void check_corpus_file(const char *path)
{
    size_t len;
    uint8_t *buf = tu_read_file(path, &len);
    mdd_file f;
    mdd_error err;
    assert_int_equal(mdd_file_parse(buf, len, NULL, &f, &err), MDD_OK);
    assert_int_equal(f.chunk_count, 1);
    assert_int_equal(f.chunks[0].name.len, f.ecu_name.len);
    assert_memory_equal(f.chunks[0].name.ptr, f.ecu_name.ptr, f.ecu_name.len);

    /* The converter writes canonical protobuf in field order, so re-encoding the views must
     * reproduce the file exactly, and so must a rewrite without edits. */
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    assert_int_equal(mdd_file_encode(&f, &sink, &err), MDD_OK);
    assert_int_equal(out.len, len);
    assert_memory_equal(out.data, buf, len);
    out.len = 0;
    assert_int_equal(mdd_file_rewrite(buf, len, NULL, 0, &sink, &err), MDD_OK);
    assert_int_equal(out.len, len);
    assert_memory_equal(out.data, buf, len);
    mdd_buffer_free(&out);
    mdd_file_free(&f);
    free(buf);
}

static void corpus_round_trips_byte_identical(void **state)
{
    (void)state;
    char **paths;
    size_t n = tu_corpus_files(&paths);
    if (n == 0)
        skip();
    assert_int_equal(n, 7);
    for (size_t i = 0; i < n; i++) {
        check_corpus_file(paths[i]);
        free(paths[i]);
    }
    free(paths);
}

/* Every prefix of a real file parses or fails with MDD_ERR_FORMAT, and never yields a chunk
 * whose data runs past the prefix. */
static void corpus_prefixes_never_overrun(void **state)
{
    (void)state;
    size_t len;
    uint8_t *buf = tu_read_corpus_file("FLXC1000.mdd", &len);
    if (!buf)
        skip();
    size_t parsed_with_chunk = 0;
    for (size_t n = 0; n < len; n++) {
        uint8_t *copy = malloc(n ? n : 1);
        memcpy(copy, buf, n);
        mdd_file f;
        mdd_error err = {0};
        mdd_status st = mdd_file_parse(copy, n, NULL, &f, &err);
        if (st == MDD_OK) {
            parsed_with_chunk += f.chunk_count;
            mdd_file_free(&f);
        } else {
            assert_int_equal(st, MDD_ERR_FORMAT);
            assert_true(strlen(err.message) > 0);
        }
        free(copy);
    }
    /* The chunk is the last field: no proper prefix holds it whole. */
    assert_int_equal(parsed_with_chunk, 0);
    free(buf);
}

static const mdd_kv meta_entries[] = {{{(const uint8_t *)"k1", 2}, {(const uint8_t *)"v1", 2}},
                                      {{(const uint8_t *)"k2", 2}, {(const uint8_t *)"", 0}}};
static const uint32_t flags[] = {0, 5, 300};

static mdd_file sample_file(mdd_chunk *chunks, mdd_signature *sig)
{
    static const mdd_bytes certs[] = {{(const uint8_t *)"cert", 4}};
    static const mdd_encryption enc = {.encryption_algorithm = {(const uint8_t *)"aes", 3},
                                       .key_identifier = {(const uint8_t *)"", 0},
                                       .certificates = {certs, 1}};
    *sig = (mdd_signature){.algorithm = str("sha512_uncompressed"),
                           .signature = str("0123456789"),
                           .metadata = {meta_entries, 1},
                           .certificates = {certs, 1}};
    chunks[0] = (mdd_chunk){.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION,
                            .name = str("ECU1"),
                            .metadata = {meta_entries, 2},
                            .signatures = sig,
                            .signature_count = 1,
                            .compression_algorithm = str("lzma"),
                            .has_uncompressed_size = 1,
                            .uncompressed_size = 1ull << 40,
                            .data = str("compressed")};
    chunks[1] = (mdd_chunk){.type = MDD_CHUNK_CODE_FILE_PARTIAL,
                            .name = str("code.bin::dir/file"),
                            .encryption = &enc,
                            .data = str(""),
                            .mime_type = str("text/plain")};
    chunks[2] = (mdd_chunk){.type = -1};
    return (mdd_file){.version = str("2025-05-21"),
                      .feature_flags = flags,
                      .feature_flag_count = 3,
                      .ecu_name = str("ECU1"),
                      .revision = str(""),
                      .metadata = {meta_entries, 2},
                      .chunks = chunks,
                      .chunk_count = 3,
                      .chunks_signatures = sig,
                      .chunks_signature_count = 1};
}

static void assert_signature(const mdd_signature *s)
{
    assert_bytes(s->algorithm, "sha512_uncompressed");
    assert_bytes(s->signature, "0123456789");
    assert_null(s->key_identifier.ptr);
    assert_int_equal(s->metadata.count, 1);
    assert_bytes(s->metadata.entries[0].value, "v1");
    assert_int_equal(s->certificates.count, 1);
    assert_bytes(s->certificates.items[0], "cert");
}

static void encode_then_parse_gives_every_field(void **state)
{
    (void)state;
    mdd_chunk chunks[3];
    mdd_signature sig;
    mdd_file in = sample_file(chunks, &sig);
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    mdd_error err;
    assert_int_equal(mdd_file_encode(&in, &sink, &err), MDD_OK);
    mdd_file f;
    assert_int_equal(mdd_file_parse(out.data, out.len, NULL, &f, &err), MDD_OK);
    assert_bytes(f.version, "2025-05-21");
    assert_int_equal(f.feature_flag_count, 3);
    assert_int_equal(f.feature_flags[2], 300);
    assert_bytes(f.revision, "");
    assert_int_equal(f.metadata.count, 2);
    assert_bytes(f.metadata.entries[1].value, "");
    assert_int_equal(f.chunk_count, 3);
    assert_int_equal(f.chunks[0].uncompressed_size, 1ull << 40);
    assert_bytes(f.chunks[0].compression_algorithm, "lzma");
    assert_bytes(f.chunks[0].data, "compressed");
    assert_signature(&f.chunks[0].signatures[0]);
    assert_int_equal(f.chunks_signature_count, 1);
    assert_signature(&f.chunks_signatures[0]);
    assert_int_equal(f.chunks[1].type, MDD_CHUNK_CODE_FILE_PARTIAL);
    assert_bytes(f.chunks[1].name, "code.bin::dir/file");
    assert_bytes(f.chunks[1].data, "");
    assert_bytes(f.chunks[1].mime_type, "text/plain");
    assert_null(f.chunks[1].compression_algorithm.ptr);
    assert_false(f.chunks[1].has_uncompressed_size);
    assert_non_null(f.chunks[1].encryption);
    assert_bytes(f.chunks[1].encryption->encryption_algorithm, "aes");
    assert_bytes(f.chunks[1].encryption->key_identifier, "");
    assert_bytes(f.chunks[1].encryption->certificates.items[0], "cert");
    assert_int_equal(f.chunks[2].type, -1);
    assert_null(f.chunks[2].name.ptr);
    assert_null(f.chunks[2].data.ptr);
    mdd_file_free(&f);
    mdd_buffer_free(&out);
}

static void reads_packed_and_unpacked_enums_and_skips_unknown(void **state)
{
    (void)state;
    static const uint8_t msg[] = {
        0x10, 0x03,                         /* feature_flags 3, unpacked */
        0x7a, 0x02, 'x', 'y',               /* unknown field 15 */
        0x12, 0x03, 0x01, 0xac, 0x02,       /* feature_flags [1, 300], packed */
        0x79, 1, 2, 3, 4, 5, 6, 7, 8,       /* unknown fixed64 field 15 */
        0x32, 0x04, 0x08, 0x02, 0x60, 0x01, /* chunk: type 2, unknown field 12 */
        0x10, 0x04,                         /* feature_flags 4 */
    };
    uint8_t buf[128];
    size_t n = hand_file(buf, msg, sizeof msg);
    mdd_file f;
    mdd_error err;
    assert_int_equal(mdd_file_parse(buf, n, NULL, &f, &err), MDD_OK);
    assert_int_equal(f.feature_flag_count, 4);
    assert_int_equal(f.feature_flags[0], 3);
    assert_int_equal(f.feature_flags[1], 1);
    assert_int_equal(f.feature_flags[2], 300);
    assert_int_equal(f.feature_flags[3], 4);
    assert_int_equal(f.chunk_count, 1);
    assert_int_equal(f.chunks[0].type, 2);
    assert_null(f.version.ptr);
    mdd_file_free(&f);
}

static void rejects_malformed_messages(void **state)
{
    (void)state;
    static const uint8_t past_end[] = {0x32, 0x06, 0x42, 0x09, 'a', 'b', 'c'};
    parse_error(past_end, sizeof past_end, MDD_ERR_FORMAT,
                "MDDFile: offset 21: field 6: length 6 runs past the end (5 left)");
    static const uint8_t inner[] = {0x32, 0x04, 0x42, 0x09, 'a', 'b'};
    parse_error(inner, sizeof inner, MDD_ERR_FORMAT,
                "MDDFile.chunks[0]: offset 23: field 8: length 9 runs past the end (2 left)");
    static const uint8_t wrong_type[] = {0x32, 0x02, 0x10, 0x01};
    parse_error(wrong_type, sizeof wrong_type, MDD_ERR_FORMAT,
                "MDDFile.chunks[0]: offset 22: field 2 (name) has wire type 0, expected 2");
    static const uint8_t sig[] = {0x32, 0x04, 0x22, 0x02, 0x0b, 0x00};
    parse_error(sig, sizeof sig, MDD_ERR_FORMAT,
                "MDDFile.chunks[0].signatures[0]: offset 24: field 1: unsupported wire type 3");
    static const uint8_t meta[] = {0x2a, 0x02, 0x08, 0x01};
    parse_error(meta, sizeof meta, MDD_ERR_FORMAT,
                "MDDFile.metadata[0]: offset 22: field 1 (key) has wire type 0, expected 2");
    static const uint8_t overlong[] = {0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0x01};
    parse_error(overlong, sizeof overlong, MDD_ERR_FORMAT,
                "MDDFile: offset 21: varint is longer than 10 bytes or overflows 64 bits");
    static const uint8_t group[] = {0x0b};
    parse_error(group, sizeof group, MDD_ERR_FORMAT,
                "MDDFile: offset 20: field 1: unsupported wire type 3");
    static const uint8_t packed_cut[] = {0x12, 0x01, 0x80};
    parse_error(packed_cut, sizeof packed_cut, MDD_ERR_FORMAT,
                "MDDFile: offset 22: varint runs past the end");
}

static void rejects_bad_magic(void **state)
{
    (void)state;
    mdd_file f;
    mdd_error err;
    const uint8_t *bad = (const uint8_t *)"MDD version 1      ";
    assert_int_equal(mdd_file_parse(bad, 20, NULL, &f, &err), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "magic: offset 0: not an MDD file (expected \"MDD version 0\")");
    assert_int_equal(mdd_file_parse(bad, 5, NULL, &f, &err), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "magic: file is 5 bytes, shorter than the 20-byte MDD magic");
    uint8_t empty_file[20];
    hand_file(empty_file, NULL, 0);
    assert_int_equal(mdd_file_parse(empty_file, 20, NULL, &f, &err), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "MDDFile: no chunks");
    assert_null(f.chunks);
}

static void limits_repeated_fields(void **state)
{
    (void)state;
    static const uint8_t msg[] = {0x32, 0x00, 0x32, 0x00, 0x32, 0x00};
    uint8_t buf[64];
    size_t n = hand_file(buf, msg, sizeof msg);
    mdd_parse_options opts = mdd_parse_options_default();
    opts.max_repeated = 2;
    mdd_file f;
    mdd_error err;
    assert_int_equal(mdd_file_parse(buf, n, &opts, &f, &err), MDD_ERR_LIMIT);
    assert_string_equal(err.message, "MDDFile: offset 20: 3 chunks entries exceed the limit of 2");
    opts.max_repeated = 3;
    assert_int_equal(mdd_file_parse(buf, n, &opts, &f, &err), MDD_OK);
    assert_int_equal(f.chunk_count, 3);
    mdd_file_free(&f);
}

static mdd_status write_new_data(void *ctx, mdd_sink *out, mdd_error *err)
{
    return mdd_sink_write(out, ctx, strlen(ctx), err);
}

/* Rewrites in[0..in_len) with the one edit into out (emptied first) and checks that out then
 * holds the file whose message is expected_msg. */
static void expect_rewrite(const uint8_t *in, size_t in_len, const mdd_chunk_edit *edit,
                           const uint8_t *expected_msg, size_t msg_len, mdd_buffer *out)
{
    uint8_t expected[64];
    size_t expected_len = hand_file(expected, expected_msg, msg_len);
    mdd_sink sink = mdd_buffer_sink(out);
    mdd_error err;
    out->len = 0;
    assert_int_equal(mdd_file_rewrite(in, in_len, edit, 1, &sink, &err), MDD_OK);
    assert_int_equal(out->len, expected_len);
    assert_memory_equal(out->data, expected, expected_len);
}

/* Decompression's rewrite: drop compression fields, replace the data, keep the rest. */
static void rewrite_edits_one_chunk_and_keeps_the_rest(void **state)
{
    (void)state;
    static const uint8_t file_msg[] = {
        0x7a, 0x01, 'u', /* unknown top-level field 15 */
        /* chunk A: name, unknown field 13, compression, uncompressed_size, data */
        0x32, 0x11, 0x12, 0x01, 'A', 0x68, 0x09, 0x2a, 0x04, 'l', 'z', 'm', 'a', 0x30, 0x05,
        0x42, 0x02, 'z', 'z',
        /* chunk B: data, then unknown varint field 12 */
        0x32, 0x05, 0x42, 0x01, 'p', 0x60, 0x07,
    };
    static const uint8_t expected_msg[] = {
        0x7a, 0x01, 'u',
        0x32, 0x0c, 0x12, 0x01, 'A', 0x68, 0x09, 0x42, 0x05, 'h', 'e', 'l', 'l', 'o',
        0x32, 0x05, 0x42, 0x01, 'p', 0x60, 0x07,
    };
    uint8_t in[64];
    size_t in_len = hand_file(in, file_msg, sizeof file_msg);
    mdd_chunk_edit edit = {.chunk_index = 0,
                           .drop_fields = MDD_CHUNK_FIELD_BIT(5) | MDD_CHUNK_FIELD_BIT(6),
                           .replace_data = 1,
                           .data_len = 5,
                           .write_data = write_new_data,
                           .write_ctx = "hello"};
    mdd_buffer out = {0};
    expect_rewrite(in, in_len, &edit, expected_msg, sizeof expected_msg, &out);
    mdd_sink sink = mdd_buffer_sink(&out);
    mdd_error err;

    /* Without edits the same input comes back byte for byte. */
    out.len = 0;
    assert_int_equal(mdd_file_rewrite(in, in_len, NULL, 0, &sink, &err), MDD_OK);
    assert_int_equal(out.len, in_len);
    assert_memory_equal(out.data, in, in_len);

    /* A chunk without data gets the new data appended. */
    edit.chunk_index = 1;
    edit.drop_fields = MDD_CHUNK_FIELD_BIT(12);
    out.len = 0;
    assert_int_equal(mdd_file_rewrite(in, in_len, &edit, 1, &sink, &err), MDD_OK);
    mdd_file f;
    assert_int_equal(mdd_file_parse(out.data, out.len, NULL, &f, &err), MDD_OK);
    assert_bytes(f.chunks[1].data, "hello");
    assert_bytes(f.chunks[0].compression_algorithm, "lzma");
    mdd_file_free(&f);
    mdd_buffer_free(&out);
}

/* Signing's rewrite: a field appended to one chunk, whose length prefix is encoded anew, and
 * every other byte kept. */
static void rewrite_appends_fields_to_a_chunk(void **state)
{
    (void)state;
    static const uint8_t file_msg[] = {
        0x32, 0x03, 0x12, 0x01, 'A',                  /* chunk A: name */
        0x7a, 0x01, 'u',                              /* unknown top-level field 15 */
        0x32, 0x85, 0x00, 0x42, 0x01, 'p', 0x60, 0x07, /* chunk B, a two-byte length */
    };
    static const uint8_t signature[] = {0x22, 0x03, 0x0a, 0x01, 'x'}; /* algorithm "x" */
    static const uint8_t expected_msg[] = {
        0x32, 0x03, 0x12, 0x01, 'A',
        0x7a, 0x01, 'u',
        0x32, 0x0a, 0x42, 0x01, 'p', 0x60, 0x07, 0x22, 0x03, 0x0a, 0x01, 'x',
    };
    uint8_t in[64];
    size_t in_len = hand_file(in, file_msg, sizeof file_msg);
    mdd_chunk_edit edit = {.chunk_index = 1, .append = signature, .append_len = sizeof signature};
    mdd_buffer out = {0};
    expect_rewrite(in, in_len, &edit, expected_msg, sizeof expected_msg, &out);
    mdd_error err;
    mdd_file f;
    assert_int_equal(mdd_file_parse(out.data, out.len, NULL, &f, &err), MDD_OK);
    assert_int_equal(f.chunks[1].signature_count, 1);
    assert_bytes(f.chunks[1].signatures[0].algorithm, "x");
    assert_bytes(f.chunks[1].data, "p");
    mdd_file_free(&f);

    /* With new data too, the appended field still comes last. */
    edit.replace_data = 1;
    edit.data_len = 5;
    edit.write_data = write_new_data;
    edit.write_ctx = "hello";
    static const uint8_t with_data_msg[] = {
        0x32, 0x03, 0x12, 0x01, 'A',
        0x7a, 0x01, 'u',
        0x32, 0x0e, 0x42, 0x05, 'h', 'e', 'l', 'l', 'o', 0x60, 0x07, 0x22, 0x03, 0x0a, 0x01, 'x',
    };
    expect_rewrite(in, in_len, &edit, with_data_msg, sizeof with_data_msg, &out);
    mdd_buffer_free(&out);
}

static mdd_status write_short(void *ctx, mdd_sink *out, mdd_error *err)
{
    (void)ctx;
    return mdd_sink_write(out, "ab", 2, err);
}

static void rewrite_rejects_bad_edits(void **state)
{
    (void)state;
    static const uint8_t msg[] = {0x32, 0x02, 0x42, 0x00};
    uint8_t in[64];
    size_t in_len = hand_file(in, msg, sizeof msg);
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    mdd_error err;
    mdd_chunk_edit edits[2] = {{.chunk_index = 1}, {.chunk_index = 0}};
    assert_int_equal(mdd_file_rewrite(in, in_len, edits, 1, &sink, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "rewrite: edit for chunk 1, but the file has 1 chunks");
    assert_int_equal(out.len, 0);
    edits[0].chunk_index = 0;
    assert_int_equal(mdd_file_rewrite(in, in_len, edits, 2, &sink, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "rewrite: two edits for chunk 0");
    edits[0] = (mdd_chunk_edit){.replace_data = 1, .data_len = 3, .write_data = write_short};
    assert_int_equal(mdd_file_rewrite(in, in_len, edits, 1, &sink, &err), MDD_ERR_SIZE);
    assert_string_equal(err.message, "rewrite: new data of chunk 0 is 2 bytes, declared 3");
    edits[0] = (mdd_chunk_edit){.append_len = 2};
    assert_int_equal(mdd_file_rewrite(in, in_len, edits, 1, &sink, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "rewrite: edit for chunk 0 appends 2 bytes from NULL");
    mdd_buffer_free(&out);
}

static void chunk_type_names_and_parsing(void **state)
{
    (void)state;
    assert_string_equal(mdd_chunk_type_name(0), "DIAGNOSTIC_DESCRIPTION");
    assert_string_equal(mdd_chunk_type_name(3), "EMBEDDED_FILE");
    assert_string_equal(mdd_chunk_type_name(4), "RESERVED");
    assert_string_equal(mdd_chunk_type_name(-1), "RESERVED");
    assert_string_equal(mdd_chunk_type_name(5000), "VENDOR_SPECIFIC");
    int32_t t;
    assert_int_equal(mdd_chunk_type_parse("code_file_partial", &t, NULL), MDD_OK);
    assert_int_equal(t, 2);
    assert_int_equal(mdd_chunk_type_parse("1025", &t, NULL), MDD_OK);
    assert_int_equal(t, 1025);
    assert_int_equal(mdd_chunk_type_parse("VENDOR_SPECIFIC", &t, NULL), MDD_OK);
    assert_int_equal(t, 1024);
    mdd_error err;
    assert_int_equal(mdd_chunk_type_parse("bogus", &t, &err), MDD_ERR_ARG);
    assert_string_equal(err.message,
                        "unknown chunk type 'bogus': a type name or a decimal 32-bit number");
    assert_int_equal(mdd_chunk_type_parse("", &t, NULL), MDD_ERR_ARG);
    assert_int_equal(mdd_chunk_type_parse("99999999999", &t, NULL), MDD_ERR_ARG);
    assert_int_equal(mdd_chunk_type_parse(NULL, &t, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "no chunk type");
    assert_int_equal(t, 1024);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_real_file_fields),
        cmocka_unit_test(corpus_round_trips_byte_identical),
        cmocka_unit_test(corpus_prefixes_never_overrun),
        cmocka_unit_test(encode_then_parse_gives_every_field),
        cmocka_unit_test(reads_packed_and_unpacked_enums_and_skips_unknown),
        cmocka_unit_test(rejects_malformed_messages),
        cmocka_unit_test(rejects_bad_magic),
        cmocka_unit_test(limits_repeated_fields),
        cmocka_unit_test(rewrite_edits_one_chunk_and_keeps_the_rest),
        cmocka_unit_test(rewrite_appends_fields_to_a_chunk),
        cmocka_unit_test(rewrite_rejects_bad_edits),
        cmocka_unit_test(chunk_type_names_and_parsing),
    };
    return cmocka_run_group_tests_name("container", tests, NULL, NULL);
}
