/* SPDX-License-Identifier: Apache-2.0 */
/* Private parts of the corpus generator: the random source, text, shared subtables, the UDS
 * service catalogue and the table writers. */
#ifndef MDD_GEN_IMPL_H
#define MDD_GEN_IMPL_H

#include <mdd_internal/common.h>

#include <mdd/ecu.h>
#include <mdd_internal/gen.h>

/* splitmix64: tiny, fast and the same on every platform, so a seed names a corpus. */
typedef struct gen_rng {
    uint64_t state;
} gen_rng;

MDD_INTERNAL uint64_t gen_next(gen_rng *r);
/* A uniform number in [0, n); n > 0. */
MDD_INTERNAL uint32_t gen_below(gen_rng *r, uint32_t n);
/* A number in [lo, hi]. */
MDD_INTERNAL uint32_t gen_range(gen_rng *r, uint32_t lo, uint32_t hi);

/* How large one ECU database comes out; derived from the aimed-at size (payload.c). */
typedef struct gen_shape {
    uint32_t services; /* on the base variant */
    uint32_t variants; /* besides the base */
    uint32_t dtcs;
    uint32_t detail;   /* data params per response and SD texts per service */
} gen_shape;

/* Subtables written once per payload and referred to from everywhere, as converters do. */
typedef struct gen_shared {
    mdd_fb_ref uint_type[5];      /* DiagCodedType A_UINT_32, 8 * index bits; [0] unused */
    mdd_fb_ref value;             /* the Value table of VALUE params: a byte as it is */
    mdd_fb_ref neg_responses;     /* [Response] with the one negative response */
    mdd_fb_ref funct_classes;     /* [FunctClass] of the layers */
    mdd_fb_ref funct_class[4];    /* single-element [FunctClass] for a DiagComm */
    mdd_fb_ref request_sid[256];  /* request SID params, by SID */
    mdd_fb_ref response_sid[256]; /* positive response SID params, by request SID */
    const char *literal[32];      /* strings written once, by their static text */
    mdd_fb_ref literal_ref[32];
    uint32_t literal_count;
} gen_shared;

typedef struct gen_ctx {
    mdd_fb_builder *b;
    gen_rng rng;
    gen_shape shape;
    gen_shared shared;
    uint32_t next_param_id;
    uint32_t next_text_id; /* text ids are numbered as converters number them */
    int nomem; /* an allocation of the generator itself failed */
} gen_ctx;

/* ---- text.c: names and prose, varied enough to compress about 5:1 ---- */

/* A random word of the diagnostic vocabulary. */
MDD_INTERNAL const char *gen_word(gen_rng *r);
/* A string of prose of n words. */
MDD_INTERNAL mdd_fb_ref gen_prose(gen_ctx *g, uint32_t n);
/* A LongName table: a sentence and a text id. */
MDD_INTERNAL mdd_fb_ref gen_long_name(gen_ctx *g, const char *short_name);
/* An SDGS table of groups holding count SD texts in all. */
MDD_INTERNAL mdd_fb_ref gen_sdgs(gen_ctx *g, uint32_t count);

/* ---- shared.c ---- */

/* Writes the per-payload shared subtables (g->shared). */
MDD_INTERNAL void gen_shared_init(gen_ctx *g);
/* A request param: CodedConst value of bits bits at byte_pos (the prefix of a request). */
MDD_INTERNAL mdd_fb_ref gen_coded_param(gen_ctx *g, const char *name, uint32_t value,
                                        uint32_t bits, uint32_t byte_pos);
/* The string s (static storage), written once per payload and shared afterwards. */
MDD_INTERNAL mdd_fb_ref gen_literal(gen_ctx *g, const char *s);
/* The shared request SID param for sid. */
MDD_INTERNAL mdd_fb_ref gen_request_sid(gen_ctx *g, uint8_t sid);
/* The shared positive response SID param (sid + 0x40). */
MDD_INTERNAL mdd_fb_ref gen_response_sid(gen_ctx *g, uint8_t sid);
/* A VALUE param at byte_pos: one byte, read as it is. */
MDD_INTERNAL mdd_fb_ref gen_value_param(gen_ctx *g, const char *name, uint32_t byte_pos);
/* A MatchingRequestParam echoing len request bytes from request_pos at byte_pos. */
MDD_INTERNAL mdd_fb_ref gen_matching_param(gen_ctx *g, const char *name, int32_t request_pos,
                                           uint32_t len, uint32_t byte_pos);

/* ---- catalog.c: which services a layer has ---- */

#define GEN_MAX_PREFIX 3

/* One service: a request prefix of up to three coded params, then data. */
typedef struct gen_service_def {
    char name[80];
    uint32_t value[GEN_MAX_PREFIX];
    uint8_t bits[GEN_MAX_PREFIX];
    uint8_t prefix_params;   /* 1..GEN_MAX_PREFIX */
    uint8_t echo_bytes;      /* prefix bytes after the SID the response repeats */
    uint8_t request_data;    /* one-byte data params after the prefix */
    uint16_t response_data;  /* data params in the positive response */
    const char *semantic;
} gen_service_def;

typedef struct gen_service_list {
    gen_service_def *items;
    uint32_t count;
    uint32_t cap;
} gen_service_list;

/* The base variant's services (every SID family, shape.services in all). The first
 * GEN_FIXED_SERVICES are the non-identifier services, which variants always inherit. Returns
 * 0, or -1 when memory runs out. */
#define GEN_FIXED_SERVICES 27
MDD_INTERNAL int gen_catalog_base(gen_ctx *g, gen_service_list *out);
/* The Protocol layer's services (sessions, tester present, DTC setting, ...). */
MDD_INTERNAL int gen_catalog_protocol(gen_ctx *g, gen_service_list *out);
/* A variant's own services: a few overrides of base services and extra identifiers. */
MDD_INTERNAL int gen_catalog_variant(gen_ctx *g, uint32_t index, gen_service_list *out);
/* A functional group's services. */
MDD_INTERNAL int gen_catalog_group(gen_ctx *g, uint32_t index, gen_service_list *out);
MDD_INTERNAL void gen_service_list_free(gen_service_list *l);

/* ---- service.c ---- */

/* The [DiagService] vector of a list. */
MDD_INTERNAL mdd_fb_ref gen_services(gen_ctx *g, const gen_service_list *l);

/* ---- Layers (ecu.c) ---- */

/* A DiagLayer named name with the given services and SDG texts. */
MDD_INTERNAL mdd_fb_ref gen_diag_layer(gen_ctx *g, const char *name, const gen_service_list *l);
/* A ParentRef of union type type to table, with count not-inherited service names. */
MDD_INTERNAL mdd_fb_ref gen_parent_ref(gen_ctx *g, uint8_t type, mdd_fb_ref table,
                                       const char *const *names, uint32_t count);

/* ---- DTCs (ecu.c) ---- */

/* The [DTC] vector: shape.dtcs trouble codes with display codes and texts. */
MDD_INTERNAL mdd_fb_ref gen_dtcs(gen_ctx *g);

/* ---- ecu.c ---- */

/* The EcuData root of an ECU database (spec->functional_groups == 0) or of a functional-group
 * database. */
MDD_INTERNAL mdd_fb_ref gen_ecu_data(gen_ctx *g, const mdd_gen_spec *spec);

/* ---- Shapes (payload.c) ---- */

/* The shape of an ECU database of the given size at detail level detail. */
MDD_INTERNAL gen_shape gen_shape_for(const mdd_gen_spec *spec, uint32_t detail);

#endif
