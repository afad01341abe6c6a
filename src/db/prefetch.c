/* SPDX-License-Identifier: Apache-2.0 */
/* Read-ahead for a cold start. Opening one file reads a few scattered places: the container's
 * head and the chunk's first page, the file's last pages (the content sample), the
 * verification record and the persisted index. Each read is small but waits for the disk, and
 * files open one after the other, so a cold start of many files would wait once per place of
 * each file in turn. Asking for all of them first, for every file, lets the device serve them
 * together; the opens then find them in the page cache (or in flight). Only advice: a file
 * that cannot be opened here is simply opened later, where the error is reported. */
#include "db_impl.h"

#include <mdd_internal/db.h>
#include <mdd_internal/store.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The head read ahead: the container framing, the first chunk's first pages and, in a
 * converted file, the EcuData root and the vectors the open reads. */
#define PREFETCH_HEAD ((off_t)64 << 10)
/* The tail: the content sample's last pages of the file and of its last chunk. */
#define PREFETCH_TAIL ((off_t)16 << 10)

static void advise_file(const char *path, int whole)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return;
    struct stat st;
    if (whole)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
    else if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        (void)posix_fadvise(fd, 0, PREFETCH_HEAD, POSIX_FADV_WILLNEED);
        if (st.st_size > PREFETCH_HEAD)
            (void)posix_fadvise(fd, st.st_size - PREFETCH_TAIL, PREFETCH_TAIL,
                                POSIX_FADV_WILLNEED);
    }
    close(fd);
}

/* Advises the companion of path that make_path names, whole. */
static void advise_companion(const char *path,
                             mdd_status (*make_path)(const char *, char **, mdd_error *))
{
    char *companion;
    if (make_path(path, &companion, NULL) != MDD_OK)
        return;
    advise_file(companion, 1);
    free(companion);
}

void db_prefetch(const char *const *paths, size_t count, const mdd_db_options *opts)
{
    int trusted = opts->store.verify && opts->store.integrity == MDD_INTEGRITY_RECORD &&
                  (opts->store.strategy == MDD_STRATEGY_INPLACE ||
                   opts->store.strategy == MDD_STRATEGY_PREAD);
    if (!trusted)
        return;
    for (size_t i = 0; i < count; i++) {
        advise_file(paths[i], 0);
        advise_companion(paths[i], mdd_record_path);
        if (opts->persist_index)
            advise_companion(paths[i], mdd_db_index_path);
    }
}
