/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): a deterministic generator of realistic synthetic MDD
 * files, for tests, benchmarks and demos.
 *
 * A plan lists the files of a corpus (name, seed, aimed-at payload size); each file is an
 * EcuData FlatBuffer written with the library's own builder (mdd_internal/fb_build.h) and packed
 * as a converter packs it: one LZMA-compressed DIAGNOSTIC_DESCRIPTION chunk with a
 * sha512_uncompressed signature. An ECU database holds a Protocol layer, a base variant that
 * inherits from it and several variants that inherit from the base with some names not
 * inherited; 150 to 400 UDS services on the base variant (sessions, resets, clear and read
 * DTCs, read and write data by identifier, security access, communication control, routines,
 * download, tester present, DTC setting), responses with coded params, subtables shared the
 * way converters share them, SDG texts, long names and at least 100 DTCs. A functional-group
 * database holds functional groups on a Protocol layer. The same plan and seed give the same
 * bytes on every machine. */
#ifndef MDD_GEN_H
#define MDD_GEN_H

#include <mdd_internal/fb_build.h>

#ifdef __cplusplus
extern "C" {
#endif

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
