/* SPDX-License-Identifier: Apache-2.0 */
/* Which file a path names: what a reload compares to tell an unchanged file from a new one.
 * A replacement by rename gives a new inode; a rewrite in place changes the size or the
 * times, the change time even when the modification time is set back. */
#include "db_impl.h"

#include <sys/stat.h>

static db_identity identity_of(const struct stat *st)
{
    return (db_identity){
        .valid = 1,
        .dev = st->st_dev,
        .ino = st->st_ino,
        .size = st->st_size,
        .mtime = st->st_mtim,
        .ctime = st->st_ctim,
    };
}

db_identity db_file_identity(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? identity_of(&st) : (db_identity){0};
}

db_identity db_store_identity(const mdd_store *store)
{
    struct stat st;
    return mdd_store_stat(store, &st, NULL) == MDD_OK ? identity_of(&st) : (db_identity){0};
}

static int same_time(struct timespec a, struct timespec b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

int db_identity_same(const db_identity *a, const db_identity *b)
{
    return a->valid && b->valid && a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           same_time(a->mtime, b->mtime) && same_time(a->ctime, b->ctime);
}
