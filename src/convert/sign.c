/* SPDX-License-Identifier: Apache-2.0 */
/* `mdd sign`: a file-level signature (and, on request, one per chunk) added to an MDD file in
 * place, crash-safely, under the converter's lock. The file's message runs to its end, so the
 * new MDDFile field 7 is appended bytes; a chunk signature is a field appended to its chunk by
 * mdd_file_rewrite(). */
#include "convert_impl.h"

#include <mdd_internal/convert.h>
#include <mdd_internal/wire.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILE_SIGNATURE_FIELD 7
#define CHUNK_SIGNATURE_FIELD 4
#define SIG_ALGORITHM 1
#define SIG_KEY_IDENTIFIER 2
#define SIG_SIGNATURE 4
#define SIG_CERTIFICATES 5

/* Appends to out the field number holding a Signature made by req's key over msg: algorithm,
 * key identifier, signature bytes and req's certificates. */
static mdd_status put_signature(const mdd_sign_request *req, uint32_t number, const uint8_t *msg,
                                size_t msg_len, mdd_buffer *out, mdd_error *err)
{
    mdd_buffer sig = {0};
    mdd_status st = mdd_sig_sign(req->key, msg, msg_len, &sig, err);
    const char *alg = mdd_sig_key_algorithm(req->key);
    mdd_bytes fields[3] = {{(const uint8_t *)alg, strlen(alg)},
                           {mdd_sig_key_id(req->key), MDD_SIG_KEY_ID_SIZE},
                           {sig.data, sig.len}};
    static const uint32_t numbers[3] = {SIG_ALGORITHM, SIG_KEY_IDENTIFIER, SIG_SIGNATURE};
    uint64_t size = 0;
    for (size_t i = 0; i < 3; i++)
        size += mdd_wire_len_field_size(numbers[i], fields[i].len);
    for (size_t i = 0; i < req->cert_count; i++)
        size += mdd_wire_len_field_size(SIG_CERTIFICATES, req->certs[i].len);
    mdd_sink sink = mdd_buffer_sink(out);
    if (!st)
        st = mdd_wire_put_len_header(&sink, number, size, err);
    for (size_t i = 0; !st && i < 3; i++)
        st = mdd_wire_put_bytes(&sink, numbers[i], fields[i], err);
    for (size_t i = 0; !st && i < req->cert_count; i++)
        st = mdd_wire_put_bytes(&sink, SIG_CERTIFICATES, req->certs[i], err);
    mdd_buffer_free(&sig);
    return st;
}

/* The SHA-512 of chunk index's uncompressed data, decoded (streaming) when compressed, and
 * checked against its sha512_uncompressed signatures: a damaged file is not signed. */
static mdd_status hash_chunk(const mdd_chunk *c, size_t index, uint8_t digest[MDD_SHA512_SIZE],
                             mdd_error *err)
{
    mdd_codec_limits limits = mdd_codec_limits_default();
    mdd_sha512_ctx hash;
    mdd_status st = mdd_sha512_init(&hash, err);
    mdd_sink sink = mdd_sha512_sink(&hash);
    if (!st)
        st = mdd_chunk_stream_mapped(c, &sink, &limits, err);
    if (!st)
        st = mdd_sha512_final(&hash, digest, err);
    mdd_sha512_free(&hash);
    mdd_chunk_report report = {0};
    if (!st)
        st = mdd_chunk_check_signatures(c, digest, &report, err);
    if (st)
        mdd_error_prefix(err, "chunk %zu: ", index);
    return st;
}

/* One signing of one file: the chunks' digests, the signatures made and the edits that add
 * them. */
typedef struct sign_job {
    const mdd_sign_request *req;
    size_t signatures;
    uint8_t (*digests)[MDD_SHA512_SIZE];
    uint8_t file_digest[MDD_SIG_DIGEST_SIZE];
    mdd_buffer file_sig; /* the new MDDFile field 7 */
    mdd_buffer chunk_sigs; /* each chunk's new field 4, one after the other */
    mdd_chunk_edit *edits;
} sign_job;

/* Makes one signature per chunk into job->chunk_sigs and an edit appending it. */
static mdd_status sign_chunks(sign_job *job, size_t count, mdd_error *err)
{
    job->edits = calloc(count, sizeof *job->edits);
    if (!job->edits)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu chunk edits", count);
    for (size_t i = 0; i < count; i++) {
        size_t start = job->chunk_sigs.len;
        mdd_status st = put_signature(job->req, CHUNK_SIGNATURE_FIELD, job->digests[i],
                                      MDD_SHA512_SIZE, &job->chunk_sigs, err);
        if (st)
            return st;
        job->edits[i] = (mdd_chunk_edit){.chunk_index = i,
                                         .append_len = job->chunk_sigs.len - start};
    }
    /* The buffer may have moved as it grew: the edits point into it once it is complete. */
    for (size_t i = 0, offset = 0; i < count; offset += job->edits[i++].append_len)
        job->edits[i].append = job->chunk_sigs.data + offset;
    return MDD_OK;
}

static mdd_status make_signatures(sign_job *job, const mdd_file *file, mdd_error *err)
{
    for (size_t i = 0; i < file->chunk_count; i++) {
        mdd_status st = hash_chunk(&file->chunks[i], i, job->digests[i], err);
        if (st)
            return st;
    }
    mdd_status st = mdd_sig_file_digest(file, (const uint8_t(*)[MDD_SHA512_SIZE])job->digests,
                                        job->file_digest, err);
    if (!st)
        st = put_signature(job->req, FILE_SIGNATURE_FIELD, job->file_digest,
                           MDD_SIG_DIGEST_SIZE, &job->file_sig, err);
    if (!st && job->req->chunks)
        st = sign_chunks(job, file->chunk_count, err);
    return st;
}

/* The written file read back: it parses, with the original's chunks and identity (its digest
 * over the same chunk digests is the one signed) and one more file-level signature. The
 * chunks' data was copied byte for byte, so it is not hashed again. */
static mdd_status check_written(const sign_job *job, const mdd_file *orig, int fd,
                                mdd_error *err)
{
    mdd_mapping map;
    mdd_file file = {0};
    mdd_status st = mdd_mapping_open_fd(fd, &map, err);
    if (!st)
        st = mdd_file_parse(map.data, map.size, NULL, &file, err);
    uint8_t digest[MDD_SIG_DIGEST_SIZE];
    if (!st && file.chunk_count != orig->chunk_count)
        st = mdd_fail(err, MDD_ERR_FORMAT, "%zu chunks written, %zu read back",
                      orig->chunk_count, file.chunk_count);
    if (!st && file.chunks_signature_count != job->signatures)
        st = mdd_fail(err, MDD_ERR_FORMAT, "%zu file signatures expected, %zu read back",
                      job->signatures, file.chunks_signature_count);
    if (!st)
        st = mdd_sig_file_digest(&file, (const uint8_t(*)[MDD_SHA512_SIZE])job->digests, digest,
                                 err);
    if (!st && memcmp(digest, job->file_digest, sizeof digest) != 0)
        st = mdd_fail(err, MDD_ERR_FORMAT, "the file read back has another digest");
    mdd_file_free(&file);
    mdd_mapping_close(&map);
    return st;
}

static mdd_status reread(const sign_job *job, const mdd_file *orig, const char *temp,
                         mdd_error *err)
{
    int fd = open(temp, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return mdd_fail(err, MDD_ERR_IO, "re-open: %s", strerror(errno));
    mdd_status st = check_written(job, orig, fd, err);
    close(fd);
    if (st)
        mdd_error_prefix(err, "check of the written file: ");
    return st;
}

static mdd_status write_signed(sign_job *job, const convert_target *t, mdd_error *err)
{
    mdd_atomic_file af;
    mdd_status st = mdd_atomic_file_create(t->path, &af, err);
    if (st)
        return st;
    size_t edit_count = job->edits ? t->file->chunk_count : 0;
    st = convert_rewrite_into(t->map, af.fd, job->edits, edit_count, job->file_sig.data,
                              job->file_sig.len, err);
    if (!st)
        st = convert_keep_mode_and_owner(&af, &t->orig, err);
    if (!st)
        st = mdd_atomic_file_sync(&af, err);
    if (!st)
        st = reread(job, t->file, af.temp, err);
    if (st) {
        mdd_atomic_file_abort(&af);
        return st;
    }
    /* Replace only the file that was signed, should someone have put another in its place. */
    return mdd_atomic_file_commit_over(&af, t->orig.st_dev, t->orig.st_ino, err);
}

static mdd_status sign_locked(void *ctx, const convert_target *t, mdd_error *err)
{
    sign_job *job = ctx;
    const mdd_file *file = t->file;
    job->signatures = file->chunks_signature_count + 1;
    job->digests = calloc(file->chunk_count, sizeof *job->digests);
    if (!job->digests)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu digests", file->chunk_count);
    mdd_status st = mdd_atomic_file_remove_stale(t->path, NULL, err);
    if (!st)
        st = make_signatures(job, file, err);
    if (!st)
        st = write_signed(job, t, err);
    return st;
}

mdd_status mdd_sign_file(const char *path, const mdd_sign_request *req, size_t *signatures,
                         mdd_error *err)
{
    sign_job job = {.req = req};
    mdd_parse_options parse = mdd_parse_options_default();
    mdd_status st = convert_locked_file(path, &parse, sign_locked, &job, err);
    if (!st && signatures)
        *signatures = job.signatures;
    free(job.digests);
    free(job.edits);
    mdd_buffer_free(&job.file_sig);
    mdd_buffer_free(&job.chunk_sigs);
    return st;
}
