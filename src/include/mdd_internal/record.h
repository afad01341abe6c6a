/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): verification records, NAME.mdd.verified beside a converted
 * MDD file, saying that its chunks were fully verified while the file had this identity and
 * this content sample (docs/adr/0024-ready-fast-with-integrity.md, docs/format.md
 * "Verification records"). A store writes one after hashing a file in full and trusts it at
 * later opens, the database adds what its FlatBuffers verification found, tests and the fuzz
 * target check the parser. */
#ifndef MDD_INTERNAL_RECORD_H
#define MDD_INTERNAL_RECORD_H

#include <mdd/container.h>
#include <mdd/fb.h>
#include <mdd/store.h>

#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_RECORD_SUFFIX ".verified"
#define MDD_RECORD_MAGIC "MDDVREC1"
#define MDD_RECORD_VERSION 1u
#define MDD_RECORD_HEADER_SIZE 160u
#define MDD_RECORD_ENTRY_SIZE 80u
#define MDD_RECORD_TRAILER_SIZE 64u
/* The largest record read: bounds the chunk count a record may claim (13,104). */
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

/* Records that chunk index of store was verified as EcuData with *opts, rewriting the record
 * when it changes (best effort: a record that cannot be written is left as it was). */
void mdd_store_record_note_ecu_data(mdd_store *store, size_t index,
                                    const mdd_fb_verify_options *opts);

#ifdef __cplusplus
}
#endif

#endif
