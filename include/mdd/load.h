/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: how files load. The settings that mdd_db_options (include/mdd/db.h) passes to the
 * store of each file (strategy, integrity, the pread cache, decompression and parsing
 * limits), those of the FlatBuffers verifier, and what a store reports of its memory. The
 * stores themselves, and the functions of the layers these settings belong to, are the
 * advanced API (include/mdd/store.h). */
#ifndef MDD_LOAD_H
#define MDD_LOAD_H

#include <mdd/status.h>

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Stores ---- */

typedef enum mdd_strategy {
    MDD_STRATEGY_HEAP = 0,
    MDD_STRATEGY_SIDECAR = 1,
    MDD_STRATEGY_INPLACE = 2,
    MDD_STRATEGY_PREAD = 3
} mdd_strategy;

#define MDD_STRATEGY_COUNT 4

/* "heap", "sidecar", "inplace" or "pread". Static storage. */
const char *mdd_strategy_name(mdd_strategy strategy);

/* Parses a strategy name into *strategy. MDD_ERR_ARG for NULL or an unknown name (the message
 * lists the known ones). */
mdd_status mdd_strategy_parse(const char *name, mdd_strategy *strategy, mdd_error *err);

/* How a converted file's integrity is established at open when verify is on (inplace and
 * pread; heap and sidecar always hash). docs/adr/0024-ready-fast-with-integrity.md says what
 * each protects against. */
typedef enum mdd_integrity {
    /* Trust the file's verification record (NAME.mdd.verified, written by the conversion or
     * by a full verification) when it is the caller's or root's, closed to others' writes,
     * intact, made for this very file (size, inode, device, mtime, ctime) and the file's
     * content sample still hashes to it; otherwise hash every chunk and write a new record.
     * The default. */
    MDD_INTEGRITY_RECORD = 0,
    /* Hash every chunk at every open; records are neither read nor written. */
    MDD_INTEGRITY_HASH = 1
} mdd_integrity;

/* One loaded MDD file (include/mdd/store.h), opaque here. */
typedef struct mdd_store mdd_store;

/* A cache, opaque: each pread store makes its own from its mdd_cache_options. */
typedef struct mdd_cache mdd_cache;

typedef struct mdd_cache_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    uint64_t budget_bytes; /* bytes of unpinned data kept; default 16 MiB */
    uint32_t block_size;   /* a power of two from 4 KiB to 16 MiB; default 64 KiB */
} mdd_cache_options;

/* The bytes of mdd_cache_options this header knows: through its last field. */
#define MDD_CACHE_OPTIONS_SIZE MDD_OPTIONS_END(mdd_cache_options, block_size)

/* The defaults described above. */
static inline mdd_cache_options mdd_cache_options_default(void)
{
    mdd_cache_options o = {MDD_CACHE_OPTIONS_SIZE, (uint64_t)16 << 20, (uint32_t)64 << 10};
    return o;
}

typedef struct mdd_codec_limits {
    size_t size; /* see "Options" in include/mdd/status.h */
    /* The largest uncompressed chunk accepted, checked before anything is allocated or
     * decoded. Default 1 GiB. */
    uint64_t max_uncompressed_size;
    /* The most memory liblzma may use for one stream (its dictionary). Default 256 MiB. */
    uint64_t lzma_memlimit;
} mdd_codec_limits;

/* The bytes of mdd_codec_limits this header knows: through its last field. */
#define MDD_CODEC_LIMITS_SIZE MDD_OPTIONS_END(mdd_codec_limits, lzma_memlimit)

/* The defaults described above. */
static inline mdd_codec_limits mdd_codec_limits_default(void)
{
    mdd_codec_limits o = {MDD_CODEC_LIMITS_SIZE, (uint64_t)1 << 30, (uint64_t)256 << 20};
    return o;
}

typedef struct mdd_parse_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    /* The most entries one repeated field or map may hold. Bounds the arrays the parser
     * allocates to about 100 bytes per entry whatever the input claims. Default 65536. */
    size_t max_repeated;
} mdd_parse_options;

/* The bytes of mdd_parse_options this header knows: through its last field. */
#define MDD_PARSE_OPTIONS_SIZE MDD_OPTIONS_END(mdd_parse_options, max_repeated)

/* The defaults described above. */
static inline mdd_parse_options mdd_parse_options_default(void)
{
    mdd_parse_options o = {MDD_PARSE_OPTIONS_SIZE, 65536};
    return o;
}

/* ---- Signatures (docs/format.md "Signatures", docs/adr/0029-authenticated-databases.md) ----
 *
 * A file-level signature (MDDFile field 7, any number of them side by side) signs a digest
 * that binds the container's version, ECU name and revision and every chunk's type, name and
 * uncompressed SHA-512. The file is authentic when one of them verifies with a trusted key:
 * "ed25519" and "ecdsa-p256-sha256" are built in (with libcrypto), other algorithms go to the
 * caller's verifier. */

typedef enum mdd_sig_policy {
    MDD_SIG_OFF = 0,               /* signatures are not looked at (the default) */
    MDD_SIG_VERIFY_IF_PRESENT = 1, /* a file that carries file-level signatures must verify
                                    * with one of them; an unsigned file loads */
    MDD_SIG_REQUIRE = 2            /* every file must verify with one of its file-level
                                    * signatures */
} mdd_sig_policy;

/* "off", "verify-if-present" or "require". Static storage. */
const char *mdd_sig_policy_name(mdd_sig_policy policy);

/* Parses a policy name as above into *policy. MDD_ERR_ARG for NULL or an unknown name. */
mdd_status mdd_sig_policy_parse(const char *name, mdd_sig_policy *policy, mdd_error *err);

/* A trust store: the public keys and CA certificates of a directory, opaque. */
typedef struct mdd_trust mdd_trust;

/* Reads the trust store in dir: every regular file named *.pem or *.crt (not hidden), in
 * byte order of the names, each holding PEM public keys ("PUBLIC KEY", trusted as they are)
 * and CA certificates ("CERTIFICATE"). A file holding anything else (a private key) or nothing readable fails,
 * naming it; so does a directory without a key or certificate. MDD_ERR_UNSUPPORTED in a
 * build without libcrypto. On success *out is released with mdd_trust_close() and must
 * outlive every open that names it (for a live database, the database). */
mdd_status mdd_trust_open(const char *dir, mdd_trust **out, mdd_error *err);

/* Frees a trust store. Safe on NULL. */
void mdd_trust_close(mdd_trust *trust);

/* One signature as a verifier callback sees it: views into the MDD file. */
typedef struct mdd_sig_candidate {
    mdd_bytes algorithm;
    mdd_bytes key_identifier; /* ptr NULL when absent */
    mdd_bytes signature;
    const mdd_bytes *certificates; /* DER, leaf first */
    size_t certificate_count;
} mdd_sig_candidate;

/* Checks a signature whose algorithm the library does not know (an HSM, another curve) over
 * a 64-byte digest: the file digest, or for a chunk signature checked on its own the chunk's
 * SHA-512. Returns MDD_OK when it verifies, MDD_ERR_NOT_FOUND when the
 * algorithm is not the verifier's either, any other status when it does not verify, with
 * err->message (err is never NULL) saying why. Called from the thread that opens the file. */
typedef mdd_status (*mdd_sig_verifier)(void *ctx, const mdd_sig_candidate *sig,
                                       const uint8_t digest[64], mdd_error *err);

typedef struct mdd_sig_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    mdd_sig_policy policy; /* default MDD_SIG_OFF */
    /* The keys and CA certificates trusted; NULL trusts none (only the verifier can then
     * accept a signature). Borrowed: the caller keeps it open while stores open. */
    const mdd_trust *trust;
    mdd_sig_verifier verifier; /* NULL: none */
    void *verifier_ctx;
} mdd_sig_options;

/* The bytes of mdd_sig_options this header knows: through its last field. */
#define MDD_SIG_OPTIONS_SIZE MDD_OPTIONS_END(mdd_sig_options, verifier_ctx)

/* The defaults described above. */
static inline mdd_sig_options mdd_sig_options_default(void)
{
    mdd_sig_options o = {MDD_SIG_OPTIONS_SIZE, MDD_SIG_OFF, NULL, NULL, NULL};
    return o;
}

typedef enum mdd_sig_state {
    MDD_SIG_NOT_CHECKED = 0, /* the policy was off */
    MDD_SIG_UNSIGNED = 1,    /* verify-if-present and the file carries no file-level signature */
    MDD_SIG_VERIFIED = 2     /* a file-level signature verified */
} mdd_sig_state;

/* What the signature check of one file found. */
typedef struct mdd_sig_result {
    mdd_sig_state state;
    /* VERIFIED: which file-level signature (0 for the first field 7), its algorithm, the
     * SHA-256 of the verifying key's DER SubjectPublicKeyInfo (zero for the verifier
     * callback's), and the trust store file it came from ("verifier" for the callback's;
     * for a certificate chain, the CA certificate's file). */
    uint32_t index;
    char algorithm[32];
    uint8_t key_id[32];
    char key_source[64];
    /* Nonzero when the file's verification record attested the signature, so no public-key
     * work was done at this open. */
    int from_record;
} mdd_sig_result;

typedef struct mdd_store_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    mdd_strategy strategy; /* default inplace */
    /* Check every chunk against its sha512_uncompressed signature at open (or trust a
     * verification record for it, see integrity), then drop the mapped pages from the
     * process so idle RSS holds only what later reads touch. Default on. */
    int verify;
    mdd_integrity integrity; /* default MDD_INTEGRITY_RECORD */
    /* inplace and pread: when the file cannot be converted (read-only file system, no
     * permission), open it under fallback instead of failing. Default off. */
    int allow_fallback;
    mdd_strategy fallback; /* default heap */
    /* After verification, drop the store's files from the page cache as well, so that later
     * reads fault in single pages rather than the large folios read-ahead left. Default on.
     * A caller that reads the payload again right after opening (mdd_db_open() verifies and
     * indexes it) turns it off and calls mdd_store_evict() once done. */
    int evict;
    /* pread only: NULL (default), and the store creates a cache of its own with
     * cache_options. Not for applications: the library's tool, tests and benchmarks pass a
     * cache made with its internal API here to share one budget among stores. */
    mdd_cache *cache;
    mdd_cache_options cache_options;
    /* pread only: a directory, best on tmpfs (/dev/shm/...), where reads of a whole chunk
     * (the database's EcuData payloads, mdd_store_chunk_data()) are served from images that
     * every process of the user shares: one copy in memory for all independent processes
     * that open files holding the same chunk, where each would otherwise read its own into
     * its cache. An image is named by the SHA-512 of its chunk's sha512_uncompressed
     * signature, made atomically by the first process and checked against that signature
     * before anyone can see it, held until the store closes and removed when its last user
     * closes. Chunks without such a signature go through the cache. Made (mode 0700) when
     * missing; the store fails to open unless it is owned by the caller's effective user and
     * closed to others. A chunk whose image cannot be made (no space) fails its read.
     * NULL (default): no sharing. */
    const char *share_dir;
    mdd_codec_limits limits;
    mdd_parse_options parse;
    /* Signatures: checked after integrity, before anything reads the payload; a file that
     * fails the policy does not open (MDD_ERR_SIGNATURE). Default off. In a build without
     * libcrypto, a policy other than off without a verifier fails every open
     * (MDD_ERR_UNSUPPORTED). */
    mdd_sig_options sig;
} mdd_store_options;

/* The bytes of mdd_store_options this header knows: through its last field. */
#define MDD_STORE_OPTIONS_SIZE MDD_OPTIONS_END(mdd_store_options, sig)

/* The defaults described above. */
static inline mdd_store_options mdd_store_options_default(void)
{
    mdd_store_options o = {MDD_STORE_OPTIONS_SIZE,
                           MDD_STRATEGY_INPLACE,
                           1,
                           MDD_INTEGRITY_RECORD,
                           0,
                           MDD_STRATEGY_HEAP,
                           1,
                           NULL,
                           mdd_cache_options_default(),
                           NULL,
                           mdd_codec_limits_default(),
                           mdd_parse_options_default(),
                           mdd_sig_options_default()};
    return o;
}

/* What a store holds in memory. */
typedef struct mdd_store_memory {
    uint64_t payload_bytes;  /* uncompressed bytes of all chunks */
    uint64_t mapped_bytes;   /* bytes of file mappings the store holds */
    uint64_t resident_bytes; /* of those, resident per mincore(2) */
    uint64_t heap_bytes;     /* bytes the store allocated for payload data */
    uint64_t cached_bytes;   /* pread: bytes of the store's cache (shared caches count once
                              * per store reporting them) */
    uint64_t shared_bytes;   /* pread with a share_dir: bytes of the images the store maps */
} mdd_store_memory;

/* ---- The FlatBuffers verifier ---- */

/* The largest FlatBuffer libmdd reads: soffsets are signed 32-bit, so no larger buffer can
 * be addressed from every table (the FlatBuffers format's own limit). */
#define MDD_FB_MAX_SIZE ((size_t)0x7fffffff)

typedef struct mdd_fb_verify_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    /* The deepest nesting of tables, counting the root as 1. Default 64; values above 1024
     * count as 1024, which bounds the verifier's stack use. */
    uint32_t max_depth;
    /* The most distinct tables verified (a table shared by many parents counts once).
     * Default 1,000,000. */
    uint32_t max_tables;
    /* The largest buffer accepted, capped at MDD_FB_MAX_SIZE. Default MDD_FB_MAX_SIZE. */
    size_t max_size;
} mdd_fb_verify_options;

/* The bytes of mdd_fb_verify_options this header knows: through its last field. */
#define MDD_FB_VERIFY_OPTIONS_SIZE MDD_OPTIONS_END(mdd_fb_verify_options, max_size)

/* The defaults described above. */
static inline mdd_fb_verify_options mdd_fb_verify_options_default(void)
{
    mdd_fb_verify_options o = {MDD_FB_VERIFY_OPTIONS_SIZE, 64, 1000000, MDD_FB_MAX_SIZE};
    return o;
}

#ifdef __cplusplus
}
#endif

#endif
