/* SPDX-License-Identifier: Apache-2.0 */
/* Writes a set of malformed MDD files into a directory, with a manifest of the reason each
 * must be rejected for: `make_malformed DIR` writes DIR/NAME.mdd and DIR/expected.txt, whose
 * lines are `NAME.mdd<TAB>substring of the error message`. DIR/good.mdd, a valid control file,
 * has no line.
 *
 * The 3 GiB zero bomb (an LZMA stream that expands to 3 GiB) is written once to
 * DIR/bomb.lzma and reused, since compressing 3 GiB takes seconds. */
#include <mdd/mdd.h>
#include <mdd_internal/codec.h>

#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PAYLOAD_SIZE 4096u
#define BOMB_SIZE (3ull << 30)

static const char *out_dir;
static FILE *manifest;
static uint8_t payload[PAYLOAD_SIZE];

static void die(const char *what)
{
    fprintf(stderr, "make_malformed: %s\n", what);
    exit(2);
}

static void write_file(const char *name, const uint8_t *data, size_t len, const char *reason)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0)
        die(path);
    if (reason)
        fprintf(manifest, "%s\t%s\n", name, reason);
}

static void write_raw_message(const char *name, const uint8_t *msg, size_t len,
                              const char *reason)
{
    uint8_t buf[64];
    memcpy(buf, mdd_magic, MDD_MAGIC_SIZE);
    if (len)
        memcpy(buf + MDD_MAGIC_SIZE, msg, len);
    write_file(name, buf, MDD_MAGIC_SIZE + len, reason);
}

static mdd_bytes view(const void *p, size_t len) { return (mdd_bytes){p, len}; }

/* A one-chunk file: data as given, signed with the SHA-512 of signed_payload. */
static void write_chunk_file(const char *name, mdd_chunk chunk, mdd_bytes signed_payload,
                             size_t sig_len, const char *reason)
{
    uint8_t digest[MDD_SHA512_SIZE];
    if (mdd_sha512(signed_payload.ptr, signed_payload.len, digest, NULL) != MDD_OK)
        die("sha512");
    mdd_signature sig = {.algorithm = view("sha512_uncompressed", 19),
                         .signature = view(digest, sig_len)};
    /* Not a diagnostic description, which mdd verify would also check as a FlatBuffer. */
    chunk.type = MDD_CHUNK_EMBEDDED_FILE;
    chunk.name = view("ECU", 3);
    chunk.signatures = &sig;
    chunk.signature_count = 1;
    mdd_file file = {.version = view("2025-05-21", 10), .ecu_name = view("ECU", 3),
                     .chunks = &chunk, .chunk_count = 1};
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    if (mdd_file_encode(&file, &sink, NULL) != MDD_OK)
        die("encode");
    write_file(name, out.data, out.len, reason);
    mdd_buffer_free(&out);
}

static mdd_chunk lzma_chunk(mdd_bytes stream, uint64_t declared)
{
    return (mdd_chunk){.compression_algorithm = view("lzma", 4),
                       .has_uncompressed_size = 1,
                       .uncompressed_size = declared,
                       .data = stream};
}

static void write_wire_cases(void)
{
    static const uint8_t overlong[] = {0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0x01};
    write_raw_message("overlong_varint.mdd", overlong, sizeof overlong,
                      "offset 21: varint is longer than 10 bytes");
    static const uint8_t group[] = {0x0a, 0x01, 'v', 0x0b};
    write_raw_message("bad_wire_type.mdd", group, sizeof group,
                      "offset 23: field 1: unsupported wire type 3");
    static const uint8_t past_end[] = {0x32, 0x7f, 0x42};
    write_raw_message("length_past_end.mdd", past_end, sizeof past_end,
                      "offset 21: field 6: length 127 runs past the end (1 left)");
    static const uint8_t inner[] = {0x32, 0x03, 0x42, 0x10, 'x'};
    write_raw_message("data_past_end.mdd", inner, sizeof inner,
                      "MDDFile.chunks[0]: offset 23: field 8: length 16 runs past the end (1 left)");
    write_raw_message("no_chunks.mdd", NULL, 0, "no chunks");
    static const uint8_t bad_magic[] = "MDD version 9      ";
    write_file("bad_magic.mdd", bad_magic, sizeof bad_magic, "not an MDD file");
    write_file("short.mdd", bad_magic, 7, "shorter than the 20-byte MDD magic");
}

static void write_codec_cases(const mdd_buffer *stream)
{
    mdd_bytes good = view(payload, PAYLOAD_SIZE);
    mdd_bytes s = view(stream->data, stream->len);
    write_chunk_file("good.mdd", lzma_chunk(s, PAYLOAD_SIZE), good, 64, NULL);
    write_chunk_file("declared_too_large.mdd", lzma_chunk(s, PAYLOAD_SIZE + 1), good, 64,
                     "stream ended after 4096 of 4097 bytes");
    write_chunk_file("declared_too_small.mdd", lzma_chunk(s, PAYLOAD_SIZE - 1), good, 64,
                     "LZMA stream holds more than the expected 4095 bytes");
    mdd_chunk unknown = lzma_chunk(s, PAYLOAD_SIZE);
    unknown.compression_algorithm = view("zstd", 4);
    write_chunk_file("unknown_compression.mdd", unknown, good, 64,
                     "unknown compression algorithm 'zstd'");
    mdd_chunk no_size = lzma_chunk(s, 0);
    no_size.has_uncompressed_size = 0;
    write_chunk_file("missing_uncompressed_size.mdd", no_size, good, 64, "uncompressed_size");
    write_chunk_file("sha_mismatch.mdd", lzma_chunk(s, PAYLOAD_SIZE), view(payload, 10), 64,
                     "SHA-512 mismatch");
    write_chunk_file("signature_length.mdd", lzma_chunk(s, PAYLOAD_SIZE), good, 63,
                     "signature is 63 bytes, expected 64");
    write_chunk_file("truncated_lzma.mdd", lzma_chunk(view(s.ptr, s.len / 2), PAYLOAD_SIZE),
                     good, 64, "chunk 0 'ECU': LZMA stream is truncated");
    uint8_t *corrupt = malloc(s.len);
    if (!corrupt)
        die("out of memory");
    memcpy(corrupt, s.ptr, s.len);
    for (size_t i = 13; i < s.len; i += 7)
        corrupt[i] ^= 0x5a;
    write_chunk_file("corrupt_lzma.mdd", lzma_chunk(view(corrupt, s.len), PAYLOAD_SIZE), good,
                     64, "chunk 0 'ECU': LZMA data is corrupt");
    free(corrupt);
    mdd_chunk plain = {.data = good};
    write_chunk_file("plain_sha_mismatch.mdd", plain, view(payload, 1), 64, "SHA-512 mismatch");
}

/* The bomb: 3 GiB of zeros as one LZMA-alone stream, written once and reused. */
static int bomb_encode_to(FILE *f)
{
    lzma_options_lzma opt;
    lzma_lzma_preset(&opt, 0);
    opt.nice_len = 273; /* long matches make zeros compress fastest */
    lzma_stream strm = LZMA_STREAM_INIT;
    if (lzma_alone_encoder(&strm, &opt) != LZMA_OK)
        return -1;
    static uint8_t zeros[1 << 20], out[1 << 16];
    uint64_t fed = 0;
    lzma_ret ret = LZMA_OK;
    while (ret == LZMA_OK) {
        if (strm.avail_in == 0 && fed < BOMB_SIZE) {
            strm.next_in = zeros;
            strm.avail_in = sizeof zeros;
            fed += sizeof zeros;
        }
        strm.next_out = out;
        strm.avail_out = sizeof out;
        ret = lzma_code(&strm, fed < BOMB_SIZE || strm.avail_in ? LZMA_RUN : LZMA_FINISH);
        if (fwrite(out, 1, sizeof out - strm.avail_out, f) != sizeof out - strm.avail_out)
            ret = LZMA_PROG_ERROR;
    }
    lzma_end(&strm);
    return ret == LZMA_STREAM_END ? 0 : -1;
}

static void load_bomb(mdd_buffer *bomb)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/bomb.lzma", out_dir);
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *f = fopen(tmp, "wb");
        if (!f || bomb_encode_to(f) != 0 || fclose(f) != 0 || rename(tmp, path) != 0)
            die("cannot write the bomb");
    }
    FILE *f = fopen(path, "rb");
    if (!f || fstat(fileno(f), &st) != 0)
        die("cannot read the bomb");
    bomb->len = (size_t)st.st_size;
    bomb->data = malloc(bomb->len);
    if (!bomb->data || fread(bomb->data, 1, bomb->len, f) != bomb->len)
        die("cannot read the bomb");
    fclose(f);
}

static void write_bomb_cases(void)
{
    mdd_buffer bomb = {0};
    load_bomb(&bomb);
    mdd_bytes s = view(bomb.data, bomb.len);
    mdd_bytes none = view(payload, 0);
    write_chunk_file("bomb_declared.mdd", lzma_chunk(s, BOMB_SIZE), none, 64,
                     "chunk payload of 3221225472 bytes exceeds the limit of 1073741824");
    write_chunk_file("bomb_undeclared.mdd", lzma_chunk(s, 1u << 20), none, 64,
                     "LZMA stream holds more than the expected 1048576 bytes");
    mdd_buffer_free(&bomb);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        die("usage: make_malformed DIR");
    out_dir = argv[1];
    if (mkdir(out_dir, 0755) != 0 && errno != EEXIST)
        die("cannot create the directory");
    char path[4096];
    snprintf(path, sizeof path, "%s/expected.txt", out_dir);
    manifest = fopen(path, "w");
    if (!manifest)
        die(path);
    for (size_t i = 0; i < PAYLOAD_SIZE; i++)
        payload[i] = (uint8_t)((size_t)"diagnostic service "[i % 19] ^ (i / 512));
    mdd_buffer stream = {0};
    if (mdd_lzma_encode(payload, PAYLOAD_SIZE, 6, &stream, NULL) != MDD_OK)
        die("lzma encode");
    write_wire_cases();
    write_codec_cases(&stream);
    write_bomb_cases();
    mdd_buffer_free(&stream);
    return fclose(manifest) == 0 ? 0 : 2;
}
