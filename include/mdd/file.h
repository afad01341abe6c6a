/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: files on disk. Read-only mappings and crash-safe whole-file writes. */
#ifndef MDD_FILE_H
#define MDD_FILE_H

#include <mdd/status.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A whole file mapped read-only (MAP_SHARED, MADV_RANDOM). An empty file has data == NULL. */
typedef struct mdd_mapping {
    const uint8_t *data;
    size_t size;
    /* The file, kept open by mdd_mapping_open() for explicit reads of the mapped bytes (which
     * bring nothing into the process); -1 for mdd_mapping_open_fd(), whose caller keeps its
     * own. */
    int fd;
} mdd_mapping;

/* Opens path for reading as every reader of the library does: without blocking (a FIFO or a
 * device named by mistake would otherwise wait forever before its type is known), then
 * refusing anything that is not a regular file with MDD_ERR_ARG and "not a regular file (a
 * FIFO)" (a directory, a device, ...). *fd is then open read-only with blocking reads,
 * close-on-exec; -1 on failure. */
mdd_status mdd_open_regular(const char *path, int *fd, mdd_error *err);

/* Maps path (opened with mdd_open_regular()) read-only. Pages are read only when touched:
 * mapping a large file and reading its header costs the header's pages.
 * Close with mdd_mapping_close(). */
mdd_status mdd_mapping_open(const char *path, mdd_mapping *out, mdd_error *err);

/* Maps the open regular file fd read-only, as mdd_mapping_open() does; fd stays the
 * caller's. */
mdd_status mdd_mapping_open_fd(int fd, mdd_mapping *out, mdd_error *err);

/* Unmaps, closes the kept descriptor and empties the mapping. Safe on a zeroed mapping. */
void mdd_mapping_close(mdd_mapping *map);

/* A file being replaced crash-safely: its new content goes to a temporary file in the same
 * directory, named ".<basename>.tmp.<pid>.<random>", which only a commit renames over the
 * path. Errors that mean "cannot write here" (read-only file system, no permission) come back
 * as MDD_ERR_READ_ONLY, other system errors as MDD_ERR_IO. */
typedef struct mdd_atomic_file {
    int fd;     /* the temporary file, open for writing; -1 once closed */
    char *path; /* the path to replace */
    char *temp; /* the temporary file */
    char *dir;  /* the directory whose entry changes */
} mdd_atomic_file;

/* MDD_OK when path names nothing, a regular file or a symbolic link, the only things a
 * replacement may take the place of; otherwise (a device, a FIFO, a socket, a directory)
 * MDD_ERR_ARG with "not a regular file (a FIFO): not replaced". A symbolic link is replaced
 * itself, never written through: the files the library writes beside a file it reads
 * (sidecars, verification records, indexes) are its own entries in that directory. Outputs a
 * user names follow their links instead (mdd_write_output()). */
mdd_status mdd_check_replaceable(const char *path, mdd_error *err);

/* Creates the temporary file for path (exclusively, mode 0600), once
 * mdd_check_replaceable() accepts path. On failure af is empty. */
mdd_status mdd_atomic_file_create(const char *path, mdd_atomic_file *af, mdd_error *err);

/* Makes the written content durable (fsync) and drops it from the page cache
 * (POSIX_FADV_DONTNEED): freshly written pages sit there as large folios, and a later mapping
 * would fault in whole folios despite MADV_RANDOM. */
mdd_status mdd_atomic_file_sync(mdd_atomic_file *af, mdd_error *err);

/* Gives the temporary file its final mode, and owner when uid/gid are not (uid_t)-1 /
 * (gid_t)-1. Call it before mdd_atomic_file_sync(), which then makes them durable too. */
mdd_status mdd_atomic_file_set_mode(mdd_atomic_file *af, mode_t mode, uid_t uid, gid_t gid,
                                    mdd_error *err);

/* Closes the temporary file, renames it over the path and fsyncs the directory, then frees
 * af. When the rename fails the temporary file is removed and the path is untouched; when
 * only the directory fsync fails the path already holds the new content, and the error says
 * that its durability is not assured. */
mdd_status mdd_atomic_file_commit(mdd_atomic_file *af, mdd_error *err);

/* As mdd_atomic_file_commit(), but replaces only the file that path named when the caller
 * opened it, identified by (dev, ino): when someone else replaced path meanwhile, the newcomer
 * stays, the temporary file is removed and the result is MDD_ERR_IO. Where the file system
 * supports renameat2(RENAME_EXCHANGE), the check and the replacement are one atomic step
 * (exchange, then look at what came out); elsewhere the check comes just before the rename. */
mdd_status mdd_atomic_file_commit_over(mdd_atomic_file *af, dev_t dev, ino_t ino,
                                       mdd_error *err);

/* Closes and removes the temporary file and frees af. Safe on an empty or committed af. */
void mdd_atomic_file_abort(mdd_atomic_file *af);

/* Removes the temporary files that interrupted writers of path left behind. Call it only
 * while holding what keeps other writers of path out (mdd_convert_file() holds a lock on the
 * file), or it could remove a live writer's file. *removed (may be NULL) gets the count. */
mdd_status mdd_atomic_file_remove_stale(const char *path, size_t *removed, mdd_error *err);

/* Produces a file's content into a sink, for mdd_write_file_atomic(). */
typedef mdd_status (*mdd_content_writer)(void *ctx, mdd_sink *out, mdd_error *err);

/* Writes path with the mdd_atomic_file steps above (create, write, set mode, sync, commit):
 * a crash leaves the old file (or none) or the complete new one; any failure before the
 * rename removes the temporary file and leaves path untouched. */
mdd_status mdd_write_file_atomic(const char *path, mode_t mode, mdd_content_writer write,
                                 void *ctx, mdd_error *err);

/* Writes a file a user named (a command's output) by the output rule: a path that names
 * nothing or a regular file is written as mdd_write_file_atomic() does; through a symbolic
 * link, the file it leads to is replaced there and the link stays (a dangling link is
 * refused); a device, a FIFO or a socket is opened (a FIFO waits for its reader) and written
 * in place, without a temporary file, so a failure may leave part of the content there; a
 * directory is refused. mode is that of a new file. */
mdd_status mdd_write_output(const char *path, mode_t mode, mdd_content_writer write, void *ctx,
                            mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
