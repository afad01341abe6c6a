/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the store layer's internal interface. Its parts:
 *
 * - The block cache object behind the pread strategy. A cache holds copies of file bytes read
 *   with explicit I/O, in blocks of a fixed size, up to a byte budget, and hands out pinned
 *   views (mdd/cache.h). Eviction (CLOCK) only frees unpinned entries, so pinned bytes may
 *   exceed the budget; the statistics show by how much. A cache is safe to use from many
 *   threads at once and may be shared by many stores (through mdd_store_options.cache): the
 *   tool, tests and benchmarks do that to measure one budget.
 * - Verification records, NAME.mdd.verified beside a converted MDD file, saying that its
 *   chunks were fully verified while the file had this identity and this content sample
 *   (docs/adr/0024-ready-fast-with-integrity.md, docs/format.md "Verification records"). A
 *   store writes one after hashing a file in full and trusts it at later opens, the database
 *   adds what its FlatBuffers verification found, tests and the fuzz target check the parser.
 * - The store's side of an explicit read that someone else performs: the asynchronous reader
 *   (src/async/) asks the store what to read and where to put it, does the read itself (an
 *   io_uring submission, or pread(2) on a pool thread) and hands the result back. The same
 *   begin/read/end steps serve every strategy and both backends. */
#ifndef MDD_INTERNAL_STORE_H
#define MDD_INTERNAL_STORE_H

#include <mdd_internal/common.h>

#include <mdd/container.h>
#include <mdd/fb.h>
#include <mdd/store.h>

#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The block cache ---- */

/* Creates an empty cache under opts (NULL for the defaults). MDD_ERR_ARG for a block size
 * that is not a power of two in range. *out is released with mdd_cache_free(). */
mdd_status mdd_cache_create(const mdd_cache_options *opts, mdd_cache **out, mdd_error *err);

/* Frees the cache. Every store using it must be closed and every pin released first. Safe
 * on NULL. */
void mdd_cache_free(mdd_cache *cache);

/* The cache's counters. */
typedef struct mdd_cache_stats {
    uint64_t budget_bytes;
    uint64_t cached_bytes; /* bytes held in entries, pinned or not */
    uint64_t pinned_bytes; /* of those, in entries with pins */
    uint64_t entries;
    uint64_t hits;      /* reads served from an entry */
    uint64_t misses;    /* reads that had to read the file */
    uint64_t evictions; /* entries dropped to stay within the budget */
    uint64_t read_bytes; /* bytes read from files */
} mdd_cache_stats;

/* The cache's counters, each read atomically without a lock: while other threads use the
 * cache, they may be off from one another by the operations under way. */
void mdd_cache_stats_read(const mdd_cache *cache, mdd_cache_stats *out);

/* pread only: the cache the store reads into (its own or the shared one); NULL otherwise. */
mdd_cache *mdd_store_cache(const mdd_store *store);

/* ---- Verification records ---- */

#define MDD_RECORD_SUFFIX ".verified"
/* A sidecar file: NAME.mdd.fb beside NAME.mdd. */
#define MDD_SIDECAR_SUFFIX ".fb"
#define MDD_RECORD_MAGIC "MDDVREC1"
#define MDD_RECORD_VERSION 2u
#define MDD_RECORD_HEADER_SIZE 336u
#define MDD_RECORD_ENTRY_SIZE 80u
#define MDD_RECORD_TRAILER_SIZE 64u
/* The largest record read: bounds the chunk count a record may claim (13,102). */
#define MDD_RECORD_MAX_SIZE ((size_t)1 << 20)
/* Bytes of each end of the file and of each chunk's data that the content sample hashes. */
#define MDD_RECORD_SAMPLE_SPAN 4096u
/* A chunk's flag: its data was verified as an EcuData FlatBuffer with the record's options. */
#define MDD_RECORD_ECU_DATA_VERIFIED 1u

/* What identifies one version of a file: when any field differs, it may have changed. */
typedef struct mdd_record_identity {
    uint64_t size;
    uint64_t inode;
    uint64_t device;
    int64_t mtime_sec;
    int64_t ctime_sec;
    uint32_t mtime_nsec;
    uint32_t ctime_nsec;
} mdd_record_identity;

typedef struct mdd_record_chunk {
    uint64_t length; /* of the chunk's data */
    uint64_t flags;  /* MDD_RECORD_* flags */
    uint8_t sha512[MDD_SHA512_SIZE];
} mdd_record_chunk;

/* A record in memory. chunks is owned: release with mdd_record_free(). */
typedef struct mdd_record {
    mdd_record_identity identity;
    uint64_t sample_bytes;
    uint8_t sample[MDD_SHA512_SIZE];
    /* The verifier options the flagged chunks passed (zero when none is flagged). */
    uint32_t fb_max_depth;
    uint32_t fb_max_tables;
    uint64_t fb_max_size;
    /* The file-level signature the record attests (sig.state MDD_SIG_VERIFIED, from_record
     * 0), checked under sig_policy with the trust store of fingerprint sig_trust; state
     * MDD_SIG_NOT_CHECKED when it attests none. */
    mdd_sig_result sig;
    uint32_t sig_policy;
    uint8_t sig_trust[32];
    size_t chunk_count;
    mdd_record_chunk *chunks;
} mdd_record;

/* Frees the chunks and zeroes the record. Safe on a zeroed record. */
void mdd_record_free(mdd_record *record);

/* The encoded size of a record of chunk_count chunks, or 0 when it would exceed
 * MDD_RECORD_MAX_SIZE. */
size_t mdd_record_size(size_t chunk_count);

/* Encodes record into out, which holds mdd_record_size(record->chunk_count) bytes, trailing
 * checksum included. */
mdd_status mdd_record_encode(const mdd_record *record, uint8_t *out, mdd_error *err);

/* Parses data[0..size) into *out (which then owns its chunks): magic, version, reserved
 * fields, the exact size for its chunk count and the trailing SHA-512 are checked before any
 * other field is used; every field is read with explicit little-endian loads. MDD_ERR_FORMAT
 * or MDD_ERR_CHECKSUM naming the offset; *out is zeroed on failure. */
mdd_status mdd_record_parse(const uint8_t *data, size_t size, mdd_record *out, mdd_error *err);

/* Sets *path to mdd_path + MDD_RECORD_SUFFIX, which the caller frees with free(). */
mdd_status mdd_record_path(const char *mdd_path, char **path, mdd_error *err);

/* The identity of a file as fstat(2) sees it. */
mdd_record_identity mdd_record_identity_of(const struct stat *st);

/* Hashes the content sample of the open file fd (file parsed from base, a mapping of it of
 * file_size bytes): its first and last MDD_RECORD_SAMPLE_SPAN bytes, then each chunk's first
 * and last, read with pread(2). Sets *bytes to the bytes hashed. MDD_ERR_IO naming the
 * reason. */
mdd_status mdd_record_sample(int fd, const mdd_file *file, const uint8_t *base,
                             uint64_t file_size, uint8_t digest[MDD_SHA512_SIZE],
                             uint64_t *bytes, mdd_error *err);

/* Fills *out for the open file fd, whose identity is *st (taken before its chunks were
 * hashed, so that a change while hashing makes the record stale), whose chunks have the
 * SHA-512 digests[i]: the content sample read now, every chunk's flags zero. */
mdd_status mdd_record_build(int fd, const struct stat *st, const mdd_file *file,
                            const uint8_t *base, const uint8_t (*digests)[MDD_SHA512_SIZE],
                            mdd_record *out, mdd_error *err);

/* Whether a file of status *st may be trusted as a file the library wrote beside an MDD
 * file (a record, a persisted index): a regular file owned by the effective user or root, so
 * that nobody else could have put its bytes there, not writable by group or others, at most
 * max_size bytes. MDD_OK, or MDD_ERR_FORMAT saying why not. */
mdd_status mdd_record_check_owner(const struct stat *st, uint64_t max_size, mdd_error *err);

/* Reads the record of mdd_path into *out when it may be trusted as a file: a regular file
 * (not followed through a symbolic link) owned by the effective user or root, not writable
 * by group or others, at most MDD_RECORD_MAX_SIZE bytes, that parses. MDD_ERR_NOT_FOUND when
 * there is none; MDD_ERR_FORMAT, MDD_ERR_CHECKSUM or MDD_ERR_IO otherwise. */
mdd_status mdd_record_load(const char *mdd_path, mdd_record *out, mdd_error *err);

/* Writes record as mdd_path's record, crash-safely, with mode (masked to 0644). */
mdd_status mdd_record_save(const char *mdd_path, const mdd_record *record, mode_t mode,
                           mdd_error *err);

/* Whether record describes the open file fd of this identity, parsed from base: the same
 * identity, chunk count, chunk lengths, digests that pass every chunk's signatures, and the
 * same content sample now. MDD_OK, or MDD_ERR_FORMAT saying what differs (MDD_ERR_IO when the
 * sample cannot be read). */
mdd_status mdd_record_matches(const mdd_record *record, int fd, const struct stat *st,
                              const mdd_file *file, const uint8_t *base, mdd_error *err);

/* The record a store opened with (trusted, or written after its full verification), or NULL
 * when it has none (verify off, MDD_INTEGRITY_HASH, heap, sidecar, or writing it failed). */
const mdd_record *mdd_store_record(const mdd_store *store);

/* Whether chunk index of store is recorded as verified as EcuData with options equal to
 * *opts. */
int mdd_store_record_ecu_data_verified(const mdd_store *store, size_t index,
                                       const mdd_fb_verify_options *opts);

/* Takes back the verification record this open of store wrote (it hashed every chunk) when
 * the file is then refused, so that a file that does not open leaves nothing beside it; a
 * record trusted from before stays, as it still describes the file. Best effort, as writing
 * it was. Safe on NULL. */
void mdd_store_forget_fresh_record(const mdd_store *store);

/* Records that chunk index of store was verified as EcuData with *opts, rewriting the record
 * when it changes (best effort: a record that cannot be written is left as it was). */
void mdd_store_record_note_ecu_data(mdd_store *store, size_t index,
                                    const mdd_fb_verify_options *opts);

/* ---- Reads the asynchronous reader performs ---- */

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

#ifdef __cplusplus
}
#endif

/* The layout of mdd_store_options (options_read()), which mdd_db_options nests. */
MDD_INTERNAL extern const options_layout options_layout_store;

/* The layout of mdd_cache_options (options_read()), which mdd_store_options nests. */
MDD_INTERNAL extern const options_layout options_layout_cache;

#endif
