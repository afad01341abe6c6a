/* SPDX-License-Identifier: Apache-2.0 */
/* What an update tells of a file: its ECU and revision, size and SHA-512. */
#include "update_impl.h"

#include <mdd/store.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/os.h>

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An ECU's name and revision into op (at most what a history records). */
static mdd_status take_ecu(const char *path, mdd_bytes name, mdd_bytes revision,
                           db_switch_op *op, mdd_error *err)
{
    if (name.len > sizeof op->ecu || revision.len > sizeof op->revision)
        return mdd_fail(err, MDD_ERR_LIMIT,
                        "%s: an ECU name of %zu bytes and a revision of %zu: an update records "
                        "at most %zu of each",
                        path, name.len, revision.len, sizeof op->ecu);
    if (name.len)
        memcpy(op->ecu, name.ptr, name.len);
    if (revision.len)
        memcpy(op->revision, revision.ptr, revision.len);
    op->ecu_len = name.len;
    op->revision_len = revision.len;
    return MDD_OK;
}

mdd_status update_hash_file(const char *path, db_switch_op *op, mdd_error *err)
{
    int fd;
    mdd_status st = mdd_open_regular(path, &fd, err);
    if (st != MDD_OK) {
        mdd_error_prefix(err, "%s: ", path);
        return st;
    }
    struct stat sb;
    st = fstat(fd, &sb) == 0 ? MDD_OK
                             : mdd_fail(err, MDD_ERR_IO, "%s: fstat: %s", path, strerror(errno));
    if (st == MDD_OK) {
        op->size = (uint64_t)sb.st_size;
        st = mdd_sha512_file_range(fd, 0, op->size, 0, op->sha512, err);
    }
    close(fd);
    return st;
}

mdd_status update_file_ecu(const char *path, const mdd_db_options *opts, db_switch_op *op,
                           mdd_error *err)
{
    const char *paths[] = {path};
    mdd_db *db;
    mdd_status st = mdd_db_open(paths, 1, opts, &db, err);
    if (st != MDD_OK)
        return st;
    st = mdd_db_ecu_count(db) == 1
             ? take_ecu(path, mdd_db_ecu_name(mdd_db_ecu_at(db, 0)),
                        mdd_db_ecu_revision(mdd_db_ecu_at(db, 0)), op, err)
             : mdd_fail(err, MDD_ERR_FORMAT, "%s: does not open as one ECU", path);
    mdd_db_close(db);
    return st;
}

mdd_status update_file_facts(const char *path, const mdd_db_options *opts, db_switch_op *op,
                             mdd_error *err)
{
    mdd_status st = update_file_ecu(path, opts, op, err);
    return st == MDD_OK ? update_hash_file(path, op, err) : st;
}

/* As an open takes them: the first description's, else the header's. */
mdd_status update_describe_file(const char *path, db_switch_op *op, mdd_error *err)
{
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = MDD_STRATEGY_HEAP;
    opts.verify = 0;
    mdd_store *store;
    mdd_status st = mdd_store_open(path, &opts, &store, err);
    if (st != MDD_OK)
        return st;
    const mdd_file *file = mdd_store_file(store);
    mdd_bytes name = {0}, revision = {0}, data;
    for (size_t i = 0; i < file->chunk_count && st == MDD_OK; i++) {
        if (file->chunks[i].type != MDD_CHUNK_DIAGNOSTIC_DESCRIPTION)
            continue;
        st = mdd_store_chunk_data(store, i, &data, err);
        mdd_ecu_data root = mdd_ecu_data_root(data.ptr, data.len);
        if (st == MDD_OK && mdd_present(root)) {
            name = mdd_ecu_data_ecu_name(root);
            revision = mdd_ecu_data_revision(root);
        }
        break;
    }
    if (st == MDD_OK)
        st = take_ecu(path, name.len ? name : file->ecu_name,
                      revision.len ? revision : file->revision, op, err);
    mdd_store_close(store);
    return st;
}

mdd_status update_dir_file_facts(const mdd_update *u, const char *name, db_switch_op *op,
                                 mdd_error *err)
{
    char path[UPDATE_PATH_MAX];
    if (mdd_path_join_to(path, sizeof path, u->dir, name) < 0)
        return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", name);
    mdd_status st = update_describe_file(path, op, err);
    return st == MDD_OK ? update_hash_file(path, op, err) : st;
}
