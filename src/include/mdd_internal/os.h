/* SPDX-License-Identifier: Apache-2.0 */
/* The os layer's internal interface, for the layers that read files explicitly and share
 * images (the store). Its parts:
 *
 * - Opening a file to read without blocking on a FIFO or a device, refusing what is not a
 *   regular file (every reader of the library and the tool).
 * - Reading a whole range of a file with pread(2), through short reads and interruptions (the
 *   store's pread strategy, verification records).
 * - Crash-safe whole-file writes (the converter, sidecars, verification records, index files,
 *   the tool's outputs): a temporary file in the same directory renamed over the path.
 * - What memory costs (process totals from /proc/<pid>/smaps_rollup, the resident part of a
 *   mapping from mincore(2)), and page releases for the codec and the stores.
 * - Content-named images: read-only files of immutable bytes that unrelated processes map
 *   together, each named by its content, in a directory of one user (ADR 0007).
 *
 *   An image is made once: written into an unnamed file of the directory (O_TMPFILE), with its
 *   space reserved first so that a full file system fails the write rather than a later touch,
 *   then linked under its name. Nobody ever sees a half-written image, and a crash leaves none
 *   behind. A name that exists holds complete bytes.
 *
 *   Every process that maps an image holds a shared flock(2) on it. Whoever detaches last,
 *   finding it can take the lock exclusively, unlinks the name, so images live as long as some
 *   process uses them. A process that attaches while the name is being removed sees the file
 *   unlinked (no links left) and tries again, making a fresh image if it has to. Locks belong
 *   to the open file description: a child forked while an image is attached shares the
 *   parent's, and the parent's detach may unlink the name while the child still maps the
 *   image. The child's bytes stay valid; a later process makes a new image. */
#ifndef MDD_INTERNAL_OS_H
#define MDD_INTERNAL_OS_H

#include <mdd_internal/common.h>

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- Opening files to read ---- */

/* Opens path for reading as every reader of the library does: without blocking (a FIFO or a
 * device named by mistake would otherwise wait forever before its type is known), then
 * refusing anything that is not a regular file with MDD_ERR_ARG and "not a regular file (a
 * FIFO)" (a directory, a device, ...). *fd is then open read-only with blocking reads,
 * close-on-exec; -1 on failure. */
mdd_status mdd_open_regular(const char *path, int *fd, mdd_error *err);

/* ---- Crash-safe replacement ---- */

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

/* An mdd_content_writer that copies what the open descriptor *(int *)ctx reads until its
 * end (a whole-file copy with mdd_write_file_atomic()). */
MDD_INTERNAL mdd_status mdd_copy_from_fd(void *ctx, mdd_sink *out, mdd_error *err);

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

/* ---- Directories of plain files ---- */

/* Removes dir and the files directly in it (an update's stage or backup: no
 * subdirectories). A dir that does not exist is not an error. */
MDD_INTERNAL mdd_status mdd_remove_flat_dir(const char *dir, mdd_error *err);

/* fsyncs the directory dir, so that the entries made or renamed in it are durable. */
MDD_INTERNAL mdd_status mdd_sync_dir(const char *dir, mdd_error *err);

/* ---- Memory ---- */

/* A process's memory, in KiB, as the kernel accounts it. */
typedef struct mdd_process_memory {
    uint64_t rss_kb;       /* resident set */
    uint64_t pss_kb;       /* proportional set: shared pages divided among their users */
    uint64_t anonymous_kb; /* resident anonymous memory (heap, stacks): cannot be dropped
                            * without swap */
    uint64_t file_kb;      /* resident file-backed memory: clean pages the kernel can drop */
    uint64_t pss_anon_kb;
    uint64_t pss_file_kb;
} mdd_process_memory;

/* Reads pid's smaps_rollup (pid 0 = this process). */
mdd_status mdd_process_memory_read(pid_t pid, mdd_process_memory *out, mdd_error *err);

/* The bytes of [addr, addr + len) whose pages are in memory, per mincore(2). For a file
 * mapping that is page-cache residency, which other processes may share; the process's own
 * share shows in mdd_process_memory. addr need not be page-aligned. */
mdd_status mdd_resident_bytes(const void *addr, size_t len, uint64_t *resident,
                              mdd_error *err);

/* Drops the pages of [addr, addr + len) of a read-only file mapping from this process
 * (MADV_DONTNEED, widened to whole pages). Later reads fault them back in from the page cache
 * or the file. Never use it on anonymous memory: that would zero it. Advice, so it returns
 * nothing: when the kernel declines, the pages merely stay. */
void mdd_release_file_pages(const void *addr, size_t len);

/* ---- Whole ranges by pread(2) ---- */

/* Reads size bytes of fd at offset into buf. Returns 0 with *done == size when all arrived,
 * 0 with *done < size when the file ended first, or the errno of the read that failed (with
 * *done the bytes read before it). Callers name the file in their own errors. */
MDD_INTERNAL int os_pread_exact(int fd, void *buf, size_t size, uint64_t offset, size_t *done);

/* ---- Shared images ---- */

/* Names: "mdd-" and 128 hex digits. */
#define SHARED_IMAGE_NAME_MAX 160u

typedef struct shared_image {
    int fd; /* holds the shared lock; -1 when detached */
    const uint8_t *data;
    size_t size;
    char name[SHARED_IMAGE_NAME_MAX];
} shared_image;

/* Writes size bytes of an image being made into data. A failure leaves no image. */
typedef mdd_status (*shared_image_fill)(void *ctx, uint8_t *data, size_t size, mdd_error *err);

/* Opens the directory at path for images, making it (mode 0700) when missing, and returns
 * its descriptor in *dir_fd. MDD_ERR_ARG unless it is a directory owned by the caller's
 * effective user and closed to everyone else (anyone who could write there could put other
 * bytes under a content's name); MDD_ERR_IO when a system call fails. */
MDD_INTERNAL mdd_status shared_image_dir_open(const char *path, int *dir_fd, mdd_error *err);

/* Maps the image called name (at most SHARED_IMAGE_NAME_MAX - 1 characters) of size bytes
 * (> 0) from dir_fd into *out, making it with fill(ctx, ...) when there is none.
 * MDD_ERR_FORMAT when an image of that name is not a regular file of
 * the caller's of size bytes; MDD_ERR_IO when a system call fails (no space: ENOSPC);
 * fill's own failures as they are. Release with shared_image_detach(). */
MDD_INTERNAL mdd_status shared_image_attach(int dir_fd, const char *name, size_t size,
                                            shared_image_fill fill, void *ctx,
                                            shared_image *out, mdd_error *err);

/* Unmaps the image and drops its lock, unlinking its name when no other process holds the
 * image. Safe on a detached or zeroed-and-fd--1 image. */
MDD_INTERNAL void shared_image_detach(int dir_fd, shared_image *image);

#endif
