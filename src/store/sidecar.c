/* SPDX-License-Identifier: Apache-2.0 */
/* The sidecar strategy: the payloads decompressed once into NAME.mdd.fb beside the MDD file,
 * which is mapped read-only. A sidecar is used only while it matches the MDD file; otherwise
 * it is rebuilt crash-safely. */
#include "store_impl.h"

#include <mdd/file.h>
#include <mdd/store.h>
#include <mdd_internal/os.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* One sidecar open: the store, the sidecar's path and what it must match. */
typedef struct sidecar_job {
    mdd_store *store;
    const mdd_store_options *opts;
    char *path;
    sidecar_identity identity;
    mode_t mode;
} sidecar_job;

mdd_status mdd_sidecar_path(const char *mdd_path, char **path, mdd_error *err)
{
    if (!path)
        return mdd_fail(err, MDD_ERR_ARG, "no path to fill");
    *path = NULL;
    if (!mdd_path)
        return mdd_fail(err, MDD_ERR_ARG, "no path");
    size_t len = strlen(mdd_path);
    *path = malloc(len + sizeof MDD_SIDECAR_SUFFIX);
    if (!*path)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the sidecar's name");
    memcpy(*path, mdd_path, len);
    memcpy(*path + len, MDD_SIDECAR_SUFFIX, sizeof MDD_SIDECAR_SUFFIX);
    return MDD_OK;
}

mdd_status mdd_sidecar_remove(const char *mdd_path, mdd_error *err)
{
    char *path;
    mdd_status st = mdd_sidecar_path(mdd_path, &path, err);
    if (st)
        return st;
    if (unlink(path) != 0 && errno != ENOENT)
        st = mdd_fail(err, MDD_ERR_IO, "remove sidecar: %s", strerror(errno));
    free(path);
    return st;
}

static int identity_equal(const sidecar_identity *a, const sidecar_identity *b)
{
    return a->size == b->size && a->mtime_sec == b->mtime_sec &&
           a->mtime_nsec == b->mtime_nsec && a->inode == b->inode && a->device == b->device;
}

/* A sidecar fits the loaded MDD file when it was built from this very file (same identity),
 * for these chunks (count, sizes) and these payloads (the signatures' digests). */
static mdd_status check_match(const sidecar_job *job, const sidecar_header *h, mdd_error *err)
{
    const mdd_file *file = &job->store->file;
    if (!identity_equal(&h->source, &job->identity))
        return mdd_fail(err, MDD_ERR_FORMAT, "built from another version of the MDD file");
    if (h->chunk_count != file->chunk_count)
        return mdd_fail(err, MDD_ERR_FORMAT, "holds %llu chunks, the MDD file %zu",
                        (unsigned long long)h->chunk_count, file->chunk_count);
    for (size_t i = 0; i < file->chunk_count; i++) {
        sidecar_entry e = sidecar_entry_at(h, i);
        mdd_chunk_report unused = {0};
        if (e.length != job->store->views[i].len)
            return mdd_fail(err, MDD_ERR_FORMAT, "chunk %zu: holds %llu bytes, the payload %zu",
                            i, (unsigned long long)e.length, job->store->views[i].len);
        if (mdd_chunk_check_signatures(&file->chunks[i], e.sha512, &unused, NULL) != MDD_OK)
            return mdd_fail(err, MDD_ERR_FORMAT,
                            "chunk %zu: the recorded SHA-512 differs from the signature", i);
    }
    return MDD_OK;
}

/* Maps the sidecar and points the views into it if it fits; otherwise leaves it unmapped. */
static mdd_status map_matching(sidecar_job *job, sidecar_header *h, mdd_error *err)
{
    mdd_store *store = job->store;
    mdd_status st = mdd_mapping_open(job->path, &store->sidecar, err);
    if (st == MDD_OK)
        st = sidecar_parse(store->sidecar.data, store->sidecar.size, h, err);
    if (st == MDD_OK)
        st = check_match(job, h, err);
    if (st) {
        mdd_mapping_close(&store->sidecar);
        return st;
    }
    for (size_t i = 0; i < store->file.chunk_count; i++)
        store->views[i].ptr = store->sidecar.data + sidecar_entry_at(h, i).offset;
    return MDD_OK;
}

static mdd_status rebuild(sidecar_job *job, sidecar_header *h, mdd_error *err)
{
    mdd_mapping_close(&job->store->sidecar);
    sidecar_source src = {job->store, &job->identity, &job->opts->limits};
    mdd_status st = mdd_write_file_atomic(job->path, job->mode, sidecar_write, &src, err);
    if (st)
        return st;
    st = map_matching(job, h, err);
    /* Only a concurrent change of the MDD file or the sidecar gets here. */
    if (st)
        mdd_error_prefix(err, "just written, yet ");
    return st;
}

/* Uses the sidecar if it fits, else rebuilds it. A sidecar that fits but fails verification
 * was damaged after it was written: it is rebuilt once; a rebuilt one that fails is an
 * error. */
static mdd_status attach(sidecar_job *job, mdd_error *err)
{
    sidecar_header h;
    int built = 0;
    if (map_matching(job, &h, NULL) != MDD_OK) {
        mdd_status st = rebuild(job, &h, err);
        if (st)
            return st;
        built = 1;
    }
    if (!job->opts->verify)
        return MDD_OK;
    job->store->verified_by = MDD_VERIFIED_HASH;
    mdd_status st = store_verify_chunks(job->store, &h, NULL, err);
    if (st == MDD_OK || built)
        return st;
    st = rebuild(job, &h, err);
    return st ? st : store_verify_chunks(job->store, &h, NULL, err);
}

/* Records the MDD file's identity and the mode its sidecar gets: readable by whoever may read
 * the MDD file. */
static mdd_status stat_source(const char *path, sidecar_job *job, mdd_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "stat: %s", strerror(errno));
    job->identity = (sidecar_identity){
        .size = (uint64_t)st.st_size,
        .mtime_sec = (int64_t)st.st_mtim.tv_sec,
        .mtime_nsec = (uint32_t)st.st_mtim.tv_nsec,
        .inode = (uint64_t)st.st_ino,
        .device = (uint64_t)st.st_dev,
    };
    job->mode = st.st_mode & 0666;
    return MDD_OK;
}

static mdd_status open_sidecar(mdd_store *store, const char *path,
                               const mdd_store_options *opts, mdd_error *err)
{
    sidecar_job job = {.store = store, .opts = opts};
    /* The identity is taken before the file is mapped: if the file is replaced in between,
     * the sidecar records the older identity, and the next open rebuilds it instead of
     * trusting a sidecar of other content. */
    mdd_status st = stat_source(path, &job, err);
    if (st == MDD_OK)
        st = store_load_source(store, path, MDD_STRATEGY_SIDECAR, opts, err);
    if (st == MDD_OK)
        st = store_measure(store, &opts->limits, sidecar_payload_base(store->file.chunk_count),
                           NULL, err);
    if (st)
        return st;
    st = mdd_sidecar_path(path, &job.path, err);
    if (st)
        return st;
    st = attach(&job, err);
    if (st)
        mdd_error_prefix(err, "sidecar: ");
    free(job.path);
    return st;
}

const store_ops store_sidecar_ops = {
    .name = "sidecar",
    .open = open_sidecar,
    .chunk_data = store_view_chunk_data,
    .read = store_view_read,
    .try_read = store_mapped_try_read,
    .io_begin = store_mapped_io_begin,
    .io_end = store_view_io_end,
    .hash = store_mapped_hash,
};
