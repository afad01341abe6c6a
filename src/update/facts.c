/* SPDX-License-Identifier: Apache-2.0 */
/* What an update tells of a file: its ECU and revision, size and SHA-512. */
#include "update_impl.h"

#include <mdd_internal/codec.h>
#include <mdd_internal/os.h>

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The ECU's name and revision into op (at most what a history records). */
static mdd_status take_ecu(const char *path, const mdd_db_ecu *ecu, db_switch_op *op,
                           mdd_error *err)
{
    mdd_bytes name = mdd_db_ecu_name(ecu), revision = mdd_db_ecu_revision(ecu);
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

mdd_status update_file_facts(const char *path, const mdd_db_options *opts, db_switch_op *op,
                             mdd_error *err)
{
    const char *paths[] = {path};
    mdd_db *db;
    mdd_status st = mdd_db_open(paths, 1, opts, &db, err);
    if (st != MDD_OK)
        return st;
    st = take_ecu(path, mdd_db_ecu_at(db, 0), op, err);
    mdd_db_close(db);
    return st == MDD_OK ? update_hash_file(path, op, err) : st;
}

mdd_status update_dir_file_facts(const mdd_update *u, const char *name, db_switch_op *op,
                                 mdd_error *err)
{
    char path[UPDATE_PATH_MAX];
    if (mdd_path_join_to(path, sizeof path, u->dir, name) < 0)
        return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", name);
    mdd_db_options opts = update_describing_options();
    return update_file_facts(path, &opts, op, err);
}

mdd_db_options update_describing_options(void)
{
    /* A copy in memory: nothing written beside the file, no checks to fail on a file that
     * is only being described or replaced. */
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    opts.store.verify = 0;
    opts.persist_index = 0;
    opts.skip_invalid = 1;
    return opts;
}
