/* SPDX-License-Identifier: Apache-2.0 */
/* Writes the converted file: a rewrite of the original in which every compressed chunk's
 * data is replaced by its payload, decoded straight into the temporary file. */
#include "convert_impl.h"

#include <mdd_internal/os.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

typedef struct progress {
    const mdd_convert_options *opts;
    uint64_t done;
    uint64_t total;
} progress;

/* One compressed chunk's decoding: hashes what it writes and reports progress. */
typedef struct chunk_job {
    const mdd_chunk *chunk;
    size_t index;
    const mdd_convert_options *opts;
    progress *progress;
    mdd_sink *out;
    mdd_sha512_ctx hash;
    uint8_t *digest;
} chunk_job;

static mdd_status job_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    chunk_job *job = ctx;
    mdd_status st = mdd_sha512_update(&job->hash, data, len, err);
    if (!st)
        st = mdd_sink_write(job->out, data, len, err);
    progress *p = job->progress;
    p->done += len;
    if (!st && p->opts->progress)
        p->opts->progress(p->opts->progress_ctx, p->done, p->total);
    return st;
}

static mdd_status decode_chunk(chunk_job *job, mdd_sink *out, mdd_error *err)
{
    job->out = out;
    mdd_sink sink = {job_write, job};
    mdd_status st = mdd_chunk_stream_mapped(job->chunk, &sink, &job->opts->limits, err);
    if (!st)
        st = mdd_sha512_final(&job->hash, job->digest, err);
    mdd_chunk_report report = {0};
    if (!st)
        st = mdd_chunk_check_signatures(job->chunk, job->digest, &report, err);
    return st;
}

static mdd_status write_chunk_data(void *ctx, mdd_sink *out, mdd_error *err)
{
    chunk_job *job = ctx;
    mdd_status st = mdd_sha512_init(&job->hash, err);
    if (!st)
        st = decode_chunk(job, out, err);
    mdd_sha512_free(&job->hash);
    if (st)
        mdd_error_prefix(err, "chunk %zu: ", job->index);
    return st;
}

/* Plain chunks are copied as they are; their digest is taken from the original file. */
static mdd_status digest_plain_chunk(const mdd_mapping *map, const mdd_chunk *c, int src_fd,
                                     uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    uint64_t offset = c->data.ptr ? (uint64_t)(c->data.ptr - map->data) : 0;
    return mdd_sha512_file_range(src_fd, offset, c->data.len, 1, digest, err);
}

/* Plans one edit per compressed chunk and the digests of the plain ones. */
static mdd_status plan_edits(const mdd_mapping *map, const mdd_file *file, int src_fd,
                             const mdd_convert_options *opts, chunk_job *jobs,
                             mdd_chunk_edit *edits, size_t *edit_count, progress *p,
                             uint8_t (*expected)[MDD_SHA512_SIZE], mdd_error *err)
{
    *edit_count = 0;
    for (size_t i = 0; i < file->chunk_count; i++) {
        const mdd_chunk *c = &file->chunks[i];
        if (!c->compression_algorithm.ptr) {
            mdd_status st = digest_plain_chunk(map, c, src_fd, expected[i], err);
            if (st)
                return st;
            continue;
        }
        uint64_t size;
        mdd_status st = mdd_chunk_payload_size(c, &opts->limits, &size, err);
        if (st) {
            mdd_error_prefix(err, "chunk %zu: ", i);
            return st;
        }
        jobs[*edit_count] = (chunk_job){.chunk = c, .index = i, .opts = opts, .progress = p,
                                        .digest = expected[i]};
        edits[*edit_count] = (mdd_chunk_edit){
            .chunk_index = i,
            .drop_fields = MDD_CHUNK_FIELD_BIT(5) | MDD_CHUNK_FIELD_BIT(6),
            .replace_data = 1,
            .data_len = size,
            .write_data = write_chunk_data,
            .write_ctx = &jobs[*edit_count]};
        p->total += size;
        ++*edit_count;
    }
    return MDD_OK;
}

mdd_status convert_rewrite_into(const mdd_mapping *map, int fd, const mdd_chunk_edit *edits,
                                size_t edit_count, const uint8_t *tail, size_t tail_len,
                                mdd_error *err)
{
    mdd_sink fd_sink = mdd_fd_sink(&fd);
    convert_output o;
    mdd_status st = convert_output_init(&o, &fd_sink, map, err);
    if (st)
        return st;
    mdd_sink sink = convert_output_sink(&o);
    st = mdd_file_rewrite(map->data, map->size, edits, edit_count, &sink, err);
    if (!st && tail_len)
        st = mdd_sink_write(&sink, tail, tail_len, err);
    mdd_status fin = convert_output_finish(&o, err);
    return st ? st : fin;
}

mdd_status convert_write(const mdd_mapping *map, const mdd_file *file, int src_fd,
                         mdd_atomic_file *af, const mdd_convert_options *opts,
                         uint8_t (*expected)[MDD_SHA512_SIZE], mdd_error *err)
{
    size_t n = file->chunk_count ? file->chunk_count : 1;
    chunk_job *jobs = calloc(n, sizeof *jobs);
    mdd_chunk_edit *edits = calloc(n, sizeof *edits);
    progress p = {.opts = opts};
    size_t edit_count = 0;
    mdd_status st = jobs && edits ? MDD_OK
                                  : mdd_fail(err, MDD_ERR_NOMEM, "no memory for the chunk plan");
    if (!st)
        st = plan_edits(map, file, src_fd, opts, jobs, edits, &edit_count, &p, expected, err);
    if (!st)
        st = convert_rewrite_into(map, af->fd, edits, edit_count, NULL, 0, err);
    free(jobs);
    free(edits);
    return st;
}
