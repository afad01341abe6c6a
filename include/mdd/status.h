/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: status codes, error details, byte views and output sinks.
 *
 * Every fallible libmdd function returns an mdd_status and, when the caller passes a
 * non-NULL mdd_error, fills it with a message naming the structure, the byte offset and the
 * reason. The library never prints and never exits. */
#ifndef MDD_STATUS_H
#define MDD_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_VERSION_MAJOR 0
#define MDD_VERSION_MINOR 1
#define MDD_VERSION_PATCH 0
#define MDD_VERSION_STRING "0.1.0"

/* ---- Options ----
 *
 * Every options struct (mdd_db_options, mdd_store_options, mdd_uds_options, ...) starts with
 * size_t size, the bytes of the struct that the caller's header knew: its X_default()
 * initialiser (static inline, compiled into the caller) sets it to MDD_X_SIZE, the end of its
 * last field. Start from the initialiser and change fields; a NULL pointer takes the defaults.
 * New fields are only ever appended, so a program built against an older libmdd passes a
 * shorter struct (and shorter nested options): the library reads the fields inside each
 * struct's size and takes the defaults for the rest. A size of 0 (a struct not made by its
 * initialiser) fails with MDD_ERR_ARG; a size larger than the library knows (a program built
 * against a newer libmdd) with MDD_ERR_UNSUPPORTED. */

/* The size of options struct type through its field last: what MDD_X_SIZE is. */
#define MDD_OPTIONS_END(type, last) (offsetof(type, last) + sizeof(((type *)0)->last))

/* The library's version string, for example "0.1.0". Static storage. */
const char *mdd_version(void);

typedef enum mdd_status {
    MDD_OK = 0,
    MDD_ERR_ARG,         /* the caller passed an invalid argument */
    MDD_ERR_NOMEM,       /* an allocation failed */
    MDD_ERR_IO,          /* a system call on a file failed */
    MDD_ERR_FORMAT,      /* malformed input: magic, wire encoding, lengths past the end */
    MDD_ERR_LIMIT,       /* the input exceeds a configured limit */
    MDD_ERR_UNSUPPORTED, /* unknown compression algorithm, encrypted chunk */
    MDD_ERR_CORRUPT,     /* a compressed stream is corrupt */
    MDD_ERR_SIZE,        /* decoded size differs from the declared size */
    MDD_ERR_CHECKSUM,    /* a SHA-512 digest does not match */
    MDD_ERR_NOT_FOUND,   /* no such chunk, key or entry */
    MDD_ERR_READ_ONLY,   /* the file or its directory cannot be written (read-only file
                          * system, no permission) */
    MDD_ERR_WOULD_BLOCK, /* the bytes are not in memory and the call promised not to wait */
    MDD_ERR_CANCELED,    /* an asynchronous read was canceled or its reader closed */
    MDD_ERR_BUSY,        /* a queue or a budget is full: retry after completions */
    MDD_ERR_SIGNATURE,   /* no signature makes the file authentic under the policy */
    MDD_ERR_DOWNGRADE    /* a revision older than one accepted before (the downgrade history
                          * of include/mdd/db.h) */
} mdd_status;

/* A short, static description of a status code ("malformed input", ...). */
const char *mdd_strerror(mdd_status status);

#define MDD_ERROR_MESSAGE_SIZE 384

/* Details of the last failure. Callers own it (usually on the stack); the message is always
 * NUL-terminated after a failure. */
typedef struct mdd_error {
    mdd_status status;
    char message[MDD_ERROR_MESSAGE_SIZE];
} mdd_error;

/* A view of bytes owned by someone else (a mapping, a buffer). For optional fields an absent
 * value has ptr == NULL; a present but empty value has a non-NULL ptr and len == 0. */
typedef struct mdd_bytes {
    const uint8_t *ptr;
    size_t len;
} mdd_bytes;

/* Nonzero when the view holds exactly the NUL-terminated string s. */
int mdd_bytes_equal_str(mdd_bytes bytes, const char *s);

/* Where encoders and decoders write their output. write() must take all len bytes or fail. */
typedef struct mdd_sink {
    mdd_status (*write)(void *ctx, const uint8_t *data, size_t len, mdd_error *err);
    void *ctx;
} mdd_sink;

/* Writes len bytes to the sink; returns its status. */
mdd_status mdd_sink_write(mdd_sink *sink, const void *data, size_t len, mdd_error *err);

/* A growable heap buffer. Zero-initialise it; set limit to cap its size (0 = no cap beyond
 * SIZE_MAX). The caller owns data and frees it with mdd_buffer_free(). */
typedef struct mdd_buffer {
    uint8_t *data;
    size_t len;
    size_t cap;
    size_t limit;
} mdd_buffer;

/* A sink that appends to buf. Fails with MDD_ERR_LIMIT past buf->limit, MDD_ERR_NOMEM when
 * growing fails. */
mdd_sink mdd_buffer_sink(mdd_buffer *buf);

/* Frees the buffer's storage and zeroes it. */
void mdd_buffer_free(mdd_buffer *buf);

/* A sink that writes to a file descriptor, retrying short writes and EINTR. ctx points to
 * the descriptor, which the caller keeps open and owns. */
mdd_sink mdd_fd_sink(const int *fd);

/* A sink that counts and drops what it is given; ctx points to a uint64_t counter. */
mdd_sink mdd_counting_sink(uint64_t *counter);

#ifdef __cplusplus
}
#endif

#endif
