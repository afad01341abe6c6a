/* SPDX-License-Identifier: Apache-2.0 */
/* The store's side of an explicit read that someone else performs: the asynchronous reader
 * (src/async/) asks the store what to read and where to put it, does the read itself (an
 * io_uring submission, or pread(2) on a pool thread) and hands the result back. The same
 * begin/read/end steps serve every strategy and both backends. */
#ifndef MDD_STORE_IO_H
#define MDD_STORE_IO_H

#include "../common/error.h"

#include <mdd/store.h>

/* One read in progress. Filled by store_io_begin(), owned by the reader until
 * store_io_end(). */
typedef struct store_io {
    /* Where to read: length bytes of fd at file_offset into buf. length 0 means nothing to
     * read: the bytes were in memory and pin already holds them. buf NULL means the bytes
     * are read only to be left in the page cache: the reader reads them into any scratch
     * memory it likes, which may be shared by reads in flight at once (nobody looks at it). */
    int fd;
    uint64_t file_offset;
    size_t length;
    uint8_t *buf;
    /* Private to the store: the range asked for, the cache entry being filled or the scratch
     * buffer, the pin when nothing had to be read. */
    size_t index;
    uint64_t offset;
    size_t len;
    void *entry;
    mdd_pin pin;
} store_io;

/* Prepares reading len bytes at offset of chunk index: under pread the cache blocks that hold
 * them (into a new, not yet visible entry), under sidecar and inplace the file pages under
 * them (buf NULL: reading them leaves them in the page cache, which is the point). When the bytes are already in memory (heap, a cache hit, resident pages) it sets
 * io->length to 0 and pins them. Never blocks on the disk. MDD_ERR_ARG for a range outside the
 * chunk; MDD_ERR_NOMEM. On success io must be passed to store_io_end() exactly once. */
MDD_INTERNAL mdd_status store_io_begin(const mdd_store *store, size_t index, uint64_t offset,
                                       size_t len, store_io *io, mdd_error *err);

/* Finishes io. status is the read's outcome: MDD_OK when all io->length bytes landed in
 * io->buf, otherwise the error (MDD_ERR_IO, MDD_ERR_CANCELED) to pass on. On MDD_OK *pin
 * receives the requested range (pread: the new cache entry, published and pinned, or an equal
 * one another reader published first; mapped: the mapping's view). Every buffer io holds is
 * freed or handed to the cache; on failure *pin is zeroed and the error is returned, with the
 * reason the reader recorded in err (or, when err holds another status, the status's own
 * description) named after the file and the chunk. */
MDD_INTERNAL mdd_status store_io_end(const mdd_store *store, store_io *io, mdd_status status,
                                     mdd_pin *pin, mdd_error *err);

#endif
