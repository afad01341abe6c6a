/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the store layer: what a store holds and the steps its strategies share. */
#ifndef MDD_STORE_IMPL_H
#define MDD_STORE_IMPL_H

#include <mdd_internal/common.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/container.h>
#include <mdd_internal/os.h>
#include "cache_impl.h"
#include <mdd_internal/store.h>

#include <mdd/file.h>
#include <mdd/store.h>

#include <pthread.h>

/* Every payload the store places itself (heap buffer, sidecar) starts at a multiple of this:
 * FlatBuffers read scalars of up to 8 bytes in place. */
#define STORE_PAYLOAD_ALIGN 8u

/* pread only: the cache the store reads into and the chunks mdd_store_chunk_data() pinned.
 * Held through a pointer so that a const store can still pin on first use. */
typedef struct store_pread {
    mdd_cache *cache;
    int owns_cache;       /* created by the store, freed at close */
    uint64_t id;          /* the store's part of every cache key */
    pthread_mutex_t lock; /* guards whole[] and images[] */
    mdd_pin *whole;       /* one per chunk: its shared image once mdd_store_chunk_data()
                           * attached it (with a share_dir only) */
    /* With a share_dir: its descriptor, and one image per chunk, attached (fd >= 0) by the
     * first read of the whole chunk and held until the store closes. image_dir is -1 and
     * images NULL without one. */
    int image_dir;
    shared_image *images;
} store_pread;

/* What one strategy does where strategies differ. The store's code never asks which strategy
 * it runs: it calls through store->ops. Ranges handed to an operation were checked
 * (store_check_range()) and are not empty; chunk indexes are in range. */
typedef struct store_ops {
    const char *name; /* mdd_strategy_name() */
    /* Nonzero when opening may convert the file: such a strategy cannot be the fallback of
     * one whose conversion failed. */
    int converts;
    /* Checks the options only this strategy uses, before anything is opened; NULL: none. */
    mdd_status (*check_options)(const mdd_store_options *opts, mdd_error *err);
    /* Opens path into a zeroed store. It may leave a part of the store filled on failure:
     * store_open_as() clears it. */
    mdd_status (*open)(mdd_store *store, const char *path, const mdd_store_options *opts,
                       mdd_error *err);
    /* Frees what the strategy holds beyond the common parts (store_clear()); NULL: nothing. */
    void (*clear)(mdd_store *store);
    /* mdd_store_chunk_data(): the whole chunk, valid until the store closes. */
    mdd_status (*chunk_data)(const mdd_store *store, size_t index, mdd_bytes *data,
                             mdd_error *err);
    /* mdd_store_read(): pins the range, waiting for it. */
    mdd_status (*read)(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                       mdd_pin *pin, mdd_error *err);
    /* mdd_store_try_read(): pins the range and sets *in_memory when every byte is in memory
     * now; otherwise leaves *pin zeroed and *in_memory 0. */
    mdd_status (*try_read)(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                           mdd_pin *pin, int *in_memory, mdd_error *err);
    /* store_io_begin() for io's range: pins it (io->length 0) or says what to read. */
    mdd_status (*io_begin)(const mdd_store *store, store_io *io, mdd_error *err);
    /* store_io_end() for a read that was asked for (io->length > 0): on MDD_OK pins the
     * range into *pin; either way takes back every buffer io holds. */
    void (*io_end)(const mdd_store *store, store_io *io, mdd_status status, mdd_pin *pin);
    /* The SHA-512 of a chunk's view, for verification at open. */
    mdd_status (*hash)(const mdd_store *store, mdd_bytes view, uint8_t digest[MDD_SHA512_SIZE],
                       mdd_error *err);
    /* Adds what the strategy holds beyond mappings to a memory report; NULL: nothing. */
    void (*report)(const mdd_store *store, mdd_store_memory *out);
} store_ops;

/* One per strategy, in heap.c, sidecar.c, inplace.c and pread.c. */
MDD_INTERNAL extern const store_ops store_heap_ops;
MDD_INTERNAL extern const store_ops store_sidecar_ops;
MDD_INTERNAL extern const store_ops store_inplace_ops;
MDD_INTERNAL extern const store_ops store_pread_ops;

struct mdd_store {
    const store_ops *ops;
    mdd_strategy strategy;
    char *path;          /* the MDD file, for error messages */
    mdd_mapping source;  /* the MDD file, whose pages back `file`'s views */
    mdd_file file;
    mdd_mapping sidecar; /* sidecar only */
    uint8_t *heap;       /* heap only: every payload in one allocation */
    uint64_t heap_size;  /* bytes of payload layout in heap */
    /* One per chunk: its uncompressed data. Under pread they point into the mapping only to
     * say where each chunk lies in the file; its payload bytes are never read through it. */
    mdd_bytes *views;
    store_pread *pread;  /* pread only */
    mdd_verified_by verified_by;
    /* The verification record the store trusted or wrote (chunks NULL when none). */
    mdd_record record;
    mdd_sig_result sig; /* what the signature check found */
};

/* store.c */

/* The operations of strategy, or NULL for a value that names none. */
MDD_INTERNAL const store_ops *store_ops_of(mdd_strategy strategy);

/* Opens path under strategy into a zeroed store. On failure the store holds nothing.
 * Conversion calls it again with the fallback strategy. */
MDD_INTERNAL mdd_status store_open_as(mdd_store *store, const char *path,
                                      const mdd_store_options *opts, mdd_strategy strategy,
                                      mdd_error *err);

/* inplace.c */

/* Opens the converted file for inplace and pread (strategy): converts path if any chunk is
 * compressed, maps it, points every view at its chunk's data in the mapping and verifies when
 * asked. When the file cannot be converted and a fallback is allowed, the store is opened
 * under the fallback instead and *fell_back is set. */
MDD_INTERNAL mdd_status store_open_converted(mdd_store *store, const char *path,
                                             const mdd_store_options *opts,
                                             mdd_strategy strategy, int *fell_back,
                                             mdd_error *err);

/* pread.c */

/* Reads size bytes of the file at file_offset (chunk index's data) into buf, through short
 * reads and interruptions. MDD_ERR_IO naming the file and the chunk. */
MDD_INTERNAL mdd_status store_pread_file(const mdd_store *store, size_t index, uint8_t *buf,
                                         size_t size, uint64_t file_offset, mdd_error *err);

/* pread_image.c: whole chunks in shared images (mdd_store_options.share_dir). */

/* Makes room for the images of a pread store whose image_dir is set; nothing without one. */
MDD_INTERNAL mdd_status store_images_open(mdd_store *store, mdd_error *err);

/* Detaches every image and closes the directory. */
MDD_INTERNAL void store_images_close(mdd_store *store);

/* Pins the range from chunk index's image when the store holds one; returns 0 otherwise. */
MDD_INTERNAL int store_image_try(const mdd_store *store, size_t index, uint64_t offset,
                                 size_t len, mdd_pin *pin);

/* A read of the whole of chunk index (len > 0) under a share_dir: attaches its image, made
 * from the file and checked against the chunk's signature when no process has it yet, and
 * pins it. *served is 0 (and nothing done) when the chunk has no sha512_uncompressed
 * signature to name it by, or the store has no share_dir. */
MDD_INTERNAL mdd_status store_image_read(const mdd_store *store, size_t index, mdd_pin *pin,
                                         int *served, mdd_error *err);

/* Bytes of images the store holds. */
MDD_INTERNAL uint64_t store_image_bytes(const mdd_store *store);

/* read.c: the checks every read shares, and the operations of strategies whose views hold
 * every chunk's data (heap, sidecar, inplace). */

/* MDD_ERR_ARG unless chunk index exists and [offset, offset + len) lies in its data. */
MDD_INTERNAL mdd_status store_check_range(const mdd_store *store, size_t index, uint64_t offset,
                                          size_t len, mdd_error *err);

/* The view of a range that store_check_range() accepted, in the store's memory or mapping
 * (not pread). */
MDD_INTERNAL mdd_bytes store_range_view(const mdd_store *store, size_t index, uint64_t offset,
                                        size_t len);

/* store_ops.chunk_data, .read and .io_end of a store whose views hold the data. */
MDD_INTERNAL mdd_status store_view_chunk_data(const mdd_store *store, size_t index,
                                              mdd_bytes *data, mdd_error *err);
MDD_INTERNAL mdd_status store_view_read(const mdd_store *store, size_t index, uint64_t offset,
                                        size_t len, mdd_pin *pin, mdd_error *err);
MDD_INTERNAL void store_view_io_end(const mdd_store *store, store_io *io, mdd_status status,
                                    mdd_pin *pin);

/* mapped.c: store_ops of the strategies whose views point into a file mapping (sidecar,
 * inplace). */

MDD_INTERNAL mdd_status store_mapped_try_read(const mdd_store *store, size_t index,
                                              uint64_t offset, size_t len, mdd_pin *pin,
                                              int *in_memory, mdd_error *err);
MDD_INTERNAL mdd_status store_mapped_io_begin(const mdd_store *store, store_io *io,
                                              mdd_error *err);
MDD_INTERNAL mdd_status store_mapped_hash(const mdd_store *store, mdd_bytes view,
                                          uint8_t digest[MDD_SHA512_SIZE], mdd_error *err);

/* source.c */

/* Maps and parses the MDD file at path into store->source and store->file, allocates one
 * (empty) view per chunk and records strategy and its operations. */
MDD_INTERNAL mdd_status store_load_source(mdd_store *store, const char *path,
                                          mdd_strategy strategy, const mdd_store_options *opts,
                                          mdd_error *err);

/* Frees and unmaps everything the store holds and zeroes it. */
MDD_INTERNAL void store_clear(mdd_store *store);

/* The mapping a file-backed store's views point into: the sidecar or the MDD file. */
MDD_INTERNAL const mdd_mapping *store_backing_mapping(const mdd_store *store);

/* A view of len bytes at ptr; ptr may be NULL only for len 0, and the view then points at a
 * static empty array, because an existing chunk's data is present even when empty. */
MDD_INTERNAL mdd_bytes store_view(const uint8_t *ptr, size_t len);

/* Drops the pages of every mapping the store holds from the process. */
MDD_INTERNAL void store_release_pages(const mdd_store *store);

/* Drops the files behind the store's mappings from the page cache (clean pages only; advice). */
MDD_INTERNAL void store_evict_files(const mdd_store *store);

/* read.c: the layout of payloads */

/* Sets every view's length to its chunk's payload size and returns in *end (end may be NULL)
 * where the last payload ends when they are placed from base on (store_place()). Fails when a
 * chunk cannot be decoded (unsupported, encrypted, over the limit) or the layout would not fit
 * in memory. */
MDD_INTERNAL mdd_status store_measure(mdd_store *store, const mdd_codec_limits *limits,
                                      uint64_t base, uint64_t *end, mdd_error *err);

/* Places a payload of len bytes at the first aligned offset at or after *cursor, moves the
 * cursor past it and returns the offset. Does not overflow after store_measure() accepted
 * the same lengths from the same base. */
MDD_INTERNAL uint64_t store_place(uint64_t *cursor, uint64_t len);

/* sidecar_file.c: the sidecar file's header and chunk table (docs/format.md, "Sidecar
 * files"), and its writer. */

#define SIDECAR_MAGIC "MDDSIDE1"
#define SIDECAR_MAGIC_SIZE 8u
#define SIDECAR_VERSION 1u
#define SIDECAR_HEADER_SIZE 64u
#define SIDECAR_ENTRY_SIZE 80u
/* Payloads start on a page of their own, so no payload page also holds the header. */
#define SIDECAR_PAGE_SIZE 4096u

/* The MDD file a sidecar was built from, as stat(2) saw it. When any field differs, the file
 * may have changed. */
typedef struct sidecar_identity {
    uint64_t size;
    int64_t mtime_sec;
    uint32_t mtime_nsec;
    uint64_t inode;
    uint64_t device;
} sidecar_identity;

/* A checked sidecar header, with its chunk table as a view into the sidecar. */
typedef struct sidecar_header {
    sidecar_identity source;
    uint64_t chunk_count;
    const uint8_t *table; /* chunk_count entries of SIDECAR_ENTRY_SIZE bytes */
} sidecar_header;

/* One chunk table entry: where the chunk's payload is and its SHA-512 when written. */
typedef struct sidecar_entry {
    uint64_t offset;
    uint64_t length;
    const uint8_t *sha512; /* MDD_SHA512_SIZE bytes */
} sidecar_entry;

/* Where the payloads of a sidecar with chunk_count chunks begin: after the header and the
 * chunk table, rounded up to a page. */
MDD_INTERNAL uint64_t sidecar_payload_base(uint64_t chunk_count);

/* Checks the header of the sidecar in data[0..size) and that every entry of its chunk table
 * lies in the payload area, aligned; MDD_ERR_FORMAT otherwise. */
MDD_INTERNAL mdd_status sidecar_parse(const uint8_t *data, size_t size, sidecar_header *out,
                                      mdd_error *err);

/* Entry index (< chunk_count) of a checked header. */
MDD_INTERNAL sidecar_entry sidecar_entry_at(const sidecar_header *header, size_t index);

/* Encodes the header and one table entry. */
MDD_INTERNAL void sidecar_encode_header(const sidecar_identity *source, uint64_t chunk_count,
                                        uint8_t out[SIDECAR_HEADER_SIZE]);
MDD_INTERNAL void sidecar_encode_entry(uint64_t offset, uint64_t length,
                                       const uint8_t sha512[MDD_SHA512_SIZE],
                                       uint8_t out[SIDECAR_ENTRY_SIZE]);

/* What a sidecar is built from: a store whose source is loaded and measured. */
typedef struct sidecar_source {
    const mdd_store *store;
    const sidecar_identity *identity;
    const mdd_codec_limits *limits;
} sidecar_source;

/* An mdd_content_writer (ctx: a sidecar_source) that writes the whole sidecar, streaming
 * every payload from the MDD file. It fails when a payload's SHA-512 differs from a
 * sha512_uncompressed signature, so a bad sidecar never replaces a good one. */
MDD_INTERNAL mdd_status sidecar_write(void *ctx, mdd_sink *out, mdd_error *err);

/* store.c: verification at open */

/* Hashes every chunk's view and checks the digest against the chunk's sha512_uncompressed
 * signatures and, when recorded (a sidecar's checked header) is not NULL, against the digest
 * its table records (MDD_ERR_CHECKSUM). When digests is not NULL, digests[i] gets chunk i's. */
MDD_INTERNAL mdd_status store_verify_chunks(const mdd_store *store,
                                            const sidecar_header *recorded,
                                            uint8_t (*digests)[MDD_SHA512_SIZE], mdd_error *err);

/* trust.c */

/* Establishes the integrity of a converted store (inplace, pread) under opts: nothing when
 * verify is off; under MDD_INTEGRITY_RECORD the file's verification record when it matches,
 * else every chunk hashed and a new record written (best effort); under MDD_INTEGRITY_HASH
 * every chunk hashed. Sets store->verified_by. */
MDD_INTERNAL mdd_status store_establish_integrity(mdd_store *store,
                                                  const mdd_store_options *opts,
                                                  mdd_error *err);

/* Saves the store's record again after a change to it (best effort: the next open then
 * redoes what the change recorded). */
MDD_INTERNAL void store_record_resave(mdd_store *store);

/* signature.c */

/* Checks the open store's file-level signatures under opts (nothing when the policy is off):
 * from its verification record's attestation when that holds for opts, else over the chunk
 * digests the record holds or, without one, over every chunk hashed now; a new attestation
 * goes into the record. Fills store->sig; MDD_ERR_SIGNATURE when the policy is not met. */
MDD_INTERNAL mdd_status store_check_signature(mdd_store *store, const mdd_sig_options *opts,
                                              mdd_error *err);

/* The digest the chunk's sha512_uncompressed signature promises, or NULL when it has no
 * signature of that size to take it from. */
MDD_INTERNAL const uint8_t *store_signed_digest(const mdd_chunk *chunk);

#endif
