/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): the MDD container (20-byte magic + protobuf MDDFile), as zero-copy views.
 *
 * mdd_file_parse() turns a (pointer, length) buffer into an mdd_file whose strings and bytes
 * are views into that buffer: nothing is copied, and the buffer must outlive the mdd_file.
 * Only the arrays that hold the views (chunks, map entries, signatures) are allocated. */
#ifndef MDD_ADVANCED_API
#error "<mdd/container.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_CONTAINER_H
#define MDD_CONTAINER_H

#include <mdd/load.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_MAGIC_SIZE 20
/* "MDD version 0" + 6 spaces + NUL. */
extern const uint8_t mdd_magic[MDD_MAGIC_SIZE];

enum mdd_chunk_type {
    MDD_CHUNK_DIAGNOSTIC_DESCRIPTION = 0,
    MDD_CHUNK_CODE_FILE = 1,
    MDD_CHUNK_CODE_FILE_PARTIAL = 2,
    MDD_CHUNK_EMBEDDED_FILE = 3,
    MDD_CHUNK_VENDOR_SPECIFIC = 1024 /* and up */
};

/* "DIAGNOSTIC_DESCRIPTION", "CODE_FILE", "CODE_FILE_PARTIAL", "EMBEDDED_FILE", "RESERVED"
 * (4..1023 and negative), "VENDOR_SPECIFIC" (1024 and up). Static storage. */
const char *mdd_chunk_type_name(int32_t type);

/* Parses a chunk type name as above (case-insensitive) or a decimal number into *type.
 * MDD_ERR_ARG when s is NULL or neither. */
mdd_status mdd_chunk_type_parse(const char *s, int32_t *type, mdd_error *err);

/* One map<string,string> entry. Absent key or value read as empty views. */
typedef struct mdd_kv {
    mdd_bytes key;
    mdd_bytes value;
} mdd_kv;

/* A map in wire order. Duplicate keys are kept; the last one wins, as in protobuf. */
typedef struct mdd_map_view {
    const mdd_kv *entries;
    size_t count;
} mdd_map_view;

/* A repeated bytes field in wire order. */
typedef struct mdd_bytes_list {
    const mdd_bytes *items;
    size_t count;
} mdd_bytes_list;

typedef struct mdd_signature {
    mdd_bytes algorithm;
    mdd_bytes key_identifier; /* optional: ptr == NULL when absent */
    mdd_map_view metadata;
    mdd_bytes signature;
    mdd_bytes_list certificates;
} mdd_signature;

typedef struct mdd_encryption {
    mdd_bytes encryption_algorithm;
    mdd_bytes key_identifier; /* optional */
    mdd_bytes_list certificates;
} mdd_encryption;

typedef struct mdd_chunk {
    int32_t type;
    mdd_bytes name; /* optional */
    mdd_map_view metadata;
    const mdd_signature *signatures;
    size_t signature_count;
    mdd_bytes compression_algorithm; /* optional: absent = stored plain */
    int has_uncompressed_size;
    uint64_t uncompressed_size;
    const mdd_encryption *encryption; /* NULL when absent */
    mdd_bytes data;      /* optional: absent when the metadata is the content */
    mdd_bytes mime_type; /* optional: absent = application/octet-stream */
} mdd_chunk;

/* Private: storage behind a parsed file's arrays. */
struct mdd_arena;

typedef struct mdd_file {
    mdd_bytes version;
    const uint32_t *feature_flags;
    size_t feature_flag_count;
    mdd_bytes ecu_name;
    mdd_bytes revision; /* optional */
    mdd_map_view metadata;
    const mdd_chunk *chunks;
    size_t chunk_count;
    /* Every occurrence of field 7 (chunks_signature), in wire order: several file-level
     * signatures side by side (docs/format.md "Signatures"). A reader that takes the field as
     * one optional message sees the last. */
    const mdd_signature *chunks_signatures;
    size_t chunks_signature_count;
    struct mdd_arena *arena;               /* owned by a parsed file; NULL in one built by hand */
} mdd_file;


/* Parses an MDD file held in buf[0..len). On success *out holds views into buf; free it
 * with mdd_file_free(). opts may be NULL for the defaults. Unknown fields are skipped.
 * A file without a chunk is not an MDD database and is refused ("MDDFile: no chunks").
 * On failure *out is left empty and err names the structure, the offset and the reason. */
mdd_status mdd_file_parse(const uint8_t *buf, size_t len, const mdd_parse_options *opts,
                          mdd_file *out, mdd_error *err);

/* Frees the arrays of a parsed file and zeroes it. Safe on a zeroed or hand-built file. */
void mdd_file_free(mdd_file *file);

/* The chunk whose name equals name, or NULL. When several match, the first. */
const mdd_chunk *mdd_file_find_chunk(const mdd_file *file, const char *name);

/* The value of the last entry whose key equals key, or NULL. */
const mdd_bytes *mdd_map_get(mdd_map_view map, const char *key);

/* Writes file as a new MDD file (magic, then the message) to out. Fields are written in
 * field-number order; absent optional fields are left out. Used by `mdd pack`. */
mdd_status mdd_file_encode(const mdd_file *file, mdd_sink *out, mdd_error *err);

/* Produces the new data of one chunk during a rewrite: must write exactly the length given
 * in the edit to out. */
typedef mdd_status (*mdd_chunk_data_writer)(void *ctx, mdd_sink *out, mdd_error *err);

/* Bits for mdd_chunk_edit.drop_fields: Chunk field numbers to remove. */
#define MDD_CHUNK_FIELD_BIT(number) (1u << (number))

/* A change to one chunk in mdd_file_rewrite(). */
typedef struct mdd_chunk_edit {
    size_t chunk_index;   /* which chunk, counting from 0 in file order */
    uint32_t drop_fields; /* MDD_CHUNK_FIELD_BIT(n) for each Chunk field to remove */
    int replace_data;     /* nonzero: replace the data field (kept in its place, or appended) */
    uint64_t data_len;    /* the new data's length */
    mdd_chunk_data_writer write_data;
    void *write_ctx;
    /* Whole encoded fields appended after the chunk's last field (a signature, field 4):
     * append_len bytes, none when 0. */
    const uint8_t *append;
    size_t append_len;
} mdd_chunk_edit;

/* Writes buf (a whole MDD file) to out with the edits applied, keeping every other byte:
 * unknown fields, field order and non-canonical encodings of untouched fields (an edited
 * chunk's length prefix is encoded afresh). With no edits the output equals the input. Each
 * chunk may have at most one edit. */
mdd_status mdd_file_rewrite(const uint8_t *buf, size_t len, const mdd_chunk_edit *edits,
                            size_t edit_count, mdd_sink *out, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
