/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the gen layer's internal interface, in libmdd_internal.a
 * only. Its parts:
 *
 * - A FlatBuffers builder, for writing EcuData payloads (the corpus generator).
 *
 *   The buffer grows back to front, as flatc's builders do: an object is written before the
 *   objects that refer to it, so every uoffset points forward. A reference to a written object
 *   (mdd_fb_ref) is its distance from the end of the buffer; it stays valid while the buffer
 *   grows and may be used any number of times, which is how subtables and strings are shared.
 *
 *   Errors are sticky: the first failure (a byte cap reached, an allocation failed, a call out
 *   of order) is kept, every later call does nothing and returns 0, and mdd_fb_builder_finish()
 *   reports it. A generator can therefore build a whole tree and check once.
 * - A deterministic generator of realistic synthetic MDD files, for tests, benchmarks and
 *   demos.
 *
 *   A plan lists the files of a corpus (name, seed, aimed-at payload size); each file is an
 *   EcuData FlatBuffer written with the builder above and packed as a converter packs it:
 *   one LZMA-compressed DIAGNOSTIC_DESCRIPTION chunk with a sha512_uncompressed signature.
 *   An ECU database holds a Protocol layer, a base variant that inherits from it and several
 *   variants that inherit from the base with some names not inherited; 150 to 400 UDS services on the base variant (sessions, resets, clear and read
 *   DTCs, read and write data by identifier, security access, communication control, routines,
 *   download, tester present, DTC setting), responses with coded params, subtables shared the
 *   way converters share them, SDG texts, long names and at least 100 DTCs. A functional-group
 *   database holds functional groups on a Protocol layer. The same plan and seed give the same
 *   bytes on every machine.
 * - The field ids of the EcuData schema for builders (mdd_internal/ecu_fields.h, generated,
 *   included here). */
#ifndef MDD_INTERNAL_GEN_H
#define MDD_INTERNAL_GEN_H

#include <mdd_internal/ecu.h>

#include <mdd/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The FlatBuffers builder ---- */

/* A written object: its distance from the end of the buffer; 0 means none. */
typedef uint32_t mdd_fb_ref;

/* The most fields (highest id + 1) a table may have. */
#define MDD_FB_BUILD_MAX_FIELDS 64

typedef struct mdd_fb_build_field {
    uint32_t id;
    mdd_fb_ref at;
} mdd_fb_build_field;

/* Private state; zero-initialise through mdd_fb_builder_init(). */
typedef struct mdd_fb_builder {
    uint8_t *buf;      /* data lives in buf[cap - used, cap) */
    size_t cap;
    size_t used;
    size_t limit;      /* the byte cap */
    size_t max_align;  /* the largest alignment any object asked for */
    mdd_status status; /* the first failure, sticky */
    char message[MDD_ERROR_MESSAGE_SIZE];
    int in_table;      /* between table_start and table_end */
    mdd_fb_ref table_start;
    mdd_fb_build_field fields[MDD_FB_BUILD_MAX_FIELDS];
    uint32_t field_count;
    mdd_fb_ref *vtables; /* every vtable written, for deduplication */
    size_t vtable_count;
    size_t vtable_cap;
} mdd_fb_builder;

/* Prepares an empty builder whose buffer may grow to limit bytes (0 or more than
 * MDD_FB_MAX_SIZE: MDD_FB_MAX_SIZE). Allocates nothing yet. */
void mdd_fb_builder_init(mdd_fb_builder *b, size_t limit);

/* Frees the builder's storage (and with it the bytes mdd_fb_builder_finish() returned). */
void mdd_fb_builder_free(mdd_fb_builder *b);

/* Empties the builder for another buffer, keeping its storage. */
void mdd_fb_builder_reset(mdd_fb_builder *b);

/* The bytes written so far (an estimate of the final size). */
size_t mdd_fb_builder_size(const mdd_fb_builder *b);

/* Writes a string (len bytes, then a NUL). */
mdd_fb_ref mdd_fb_create_string(mdd_fb_builder *b, const char *s, size_t len);

/* Writes a NUL-terminated string. */
mdd_fb_ref mdd_fb_create_cstring(mdd_fb_builder *b, const char *s);

/* Writes a vector of count bytes ([ubyte], [byte], [bool]). */
mdd_fb_ref mdd_fb_create_bytes(mdd_fb_builder *b, const uint8_t *data, size_t count);

/* Writes a vector of count references to tables or strings, in the order given. A 0 ref is
 * an error: vectors of offsets may not hold absent elements. */
mdd_fb_ref mdd_fb_create_refs(mdd_fb_builder *b, const mdd_fb_ref *refs, size_t count);

/* Starts a table. Its fields are added with the calls below, then mdd_fb_table_end() writes
 * it; no other object may be written in between (build children first). */
void mdd_fb_table_start(mdd_fb_builder *b);

/* Adds a 1-byte scalar field (bool, enum, union tag) with the given id. */
void mdd_fb_add_u8(mdd_fb_builder *b, uint32_t id, uint8_t value);

/* Adds a 4-byte unsigned scalar field. */
void mdd_fb_add_u32(mdd_fb_builder *b, uint32_t id, uint32_t value);

/* Adds a 4-byte signed scalar field. */
void mdd_fb_add_i32(mdd_fb_builder *b, uint32_t id, int32_t value);

/* Adds a field that refers to a table, string or vector; a 0 ref leaves the field absent. */
void mdd_fb_add_ref(mdd_fb_builder *b, uint32_t id, mdd_fb_ref ref);

/* Writes the table started last, with a vtable: an identical vtable already written is
 * reused, as flatc does. Returns the table. */
mdd_fb_ref mdd_fb_table_end(mdd_fb_builder *b);

/* Writes the root offset and returns the finished buffer in *out (owned by the builder,
 * valid until it is reset or freed; its start is aligned to 8 bytes). Reports the first
 * failure of any earlier call: MDD_ERR_LIMIT (the byte cap), MDD_ERR_NOMEM, MDD_ERR_ARG (a
 * call out of order or a bad argument). */
mdd_status mdd_fb_builder_finish(mdd_fb_builder *b, mdd_fb_ref root, mdd_bytes *out,
                                 mdd_error *err);

/* ---- The generator ---- */

#define MDD_GEN_NAME_SIZE 48

/* One file of a corpus. */
typedef struct mdd_gen_spec {
    char name[MDD_GEN_NAME_SIZE]; /* the ECU's name; the file is NAME.mdd */
    int functional_groups;        /* nonzero: a functional-group database */
    uint64_t seed;
    uint64_t target_bytes;        /* the payload size aimed at (uncompressed) */
    double share;                 /* the part of the plan's total it was first aimed at */
} mdd_gen_spec;

typedef struct mdd_gen_plan {
    mdd_gen_spec *files;
    size_t count;
    uint64_t total_bytes; /* what the payloads of the files are to add up to */
} mdd_gen_plan;

/* Plans a corpus. profile "small" (5 files, about 3 MB uncompressed) or "adr" (68 files,
 * about 242 MB uncompressed, sizes spread as in a real fleet); files and total_bytes, when
 * not 0, replace the profile's file count and total payload size. Fails with MDD_ERR_ARG for
 * an unknown profile. Release with mdd_gen_plan_free(). */
mdd_status mdd_gen_plan_make(const char *profile, uint64_t seed, uint32_t files,
                             uint64_t total_bytes, mdd_gen_plan *out, mdd_error *err);

/* What one generated file's payload can be: at least about 0.2 MB for an ECU database and
 * 0.1 MB for a functional-group database however little is aimed at (these bounds hold for
 * every seed, with room to spare), at most MDD_GEN_MAX_FILE_BYTES (the most detail makes
 * more, for every seed). */
#define MDD_GEN_MIN_ECU_BYTES 320000u
#define MDD_GEN_MIN_GROUP_BYTES 128000u
#define MDD_GEN_MAX_FILE_BYTES (20u << 20)

/* Checks that the files of plan can add up to its total: the total is at least the least
 * they take together, and no file is aimed above MDD_GEN_MAX_FILE_BYTES. Fails with
 * MDD_ERR_ARG saying which bound, and the totals that fit, otherwise. */
mdd_status mdd_gen_plan_check(const mdd_gen_plan *plan, mdd_error *err);

/* Aims the files from next on at what is left of the plan's total once the files before
 * next made done bytes, keeping their proportions: called before each file, it spreads what
 * the files before missed or overshot their aims by over the rest, so that the corpus adds
 * up to the total. */
void mdd_gen_plan_aim_rest(mdd_gen_plan *plan, size_t next, uint64_t done);

/* Frees the plan's list and zeroes it. */
void mdd_gen_plan_free(mdd_gen_plan *plan);

/* Builds the EcuData payload of spec in b (reset first); *out points into b. */
mdd_status mdd_gen_payload(const mdd_gen_spec *spec, mdd_fb_builder *b, mdd_bytes *out,
                           mdd_error *err);

/* The created timestamp written into every generated file, fixed so that output is
 * reproducible. */
#define MDD_GEN_CREATED "2024-01-01T00:00:00Z"

/* Packs payload as the whole MDD file of spec into out (appended): LZMA preset 6, a
 * sha512_uncompressed signature, and the converter's metadata keys (created, source,
 * options, converter, plugins). */
mdd_status mdd_gen_pack(const mdd_gen_spec *spec, mdd_bytes payload, mdd_buffer *out,
                        mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
