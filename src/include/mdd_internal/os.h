/* SPDX-License-Identifier: Apache-2.0 */
/* The os layer's internal interface, for the layers that read files explicitly and share
 * images (the store). Its parts:
 *
 * - Reading a whole range of a file with pread(2), through short reads and interruptions (the
 *   store's pread strategy, verification records).
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
