/* SPDX-License-Identifier: Apache-2.0 */
/* Service lookups: the database's index against a naive walk of the FlatBuffers for every
 * lookup kind, and the inplace strategy against heap, on one synthetic database of
 * production-like size.
 *
 *   bench_lookup [--base N] [--own N] [--runs N] [--lookups N]
 *
 * The database is built here as an EcuData FlatBuffer shaped like the real files (field ids
 * from mdd_internal/ecu_fields.h): a protocol layer with session and tester-present services;
 * a base variant with --base services (ReadDataByIdentifier and WriteDataByIdentifier DIDs,
 * routine starts with a 32-bit routine id, I/O controls, session, reset and fault-memory
 * services) inheriting from the protocol; three variants with --own services each (new DIDs
 * and overrides of base services, and not-inherited base names) inheriting from the base.
 * Every service has a semantic and a functional class. It is written LZMA-compressed with its
 * sha512_uncompressed signature as an MDD file in a scratch directory (bench_scratch_create():
 * $TMPDIR, else /var/tmp, else the current directory, the first not in memory), once per
 * strategy, and opened with mdd_db_open() (verification on).
 *
 * Kinds: request, name (lower-cased, as adapters send it), SID, SID + sub-function,
 * functional class, semantic. 4096 queries per kind are drawn once with a fixed seed from the
 * first variant's effective services (draw_query()). A lookup answers one query with room for
 * 8 matches and reads the first match's short name, as a caller would.
 *
 *   indexed   the kind's mdd_db_layer_lookup_*() on the database's index
 *   naive     what the reference implementation does: for every effective service of the
 *             variant (the list is computed once, outside the timing), read its request
 *             prefix (mdd_diag_service_request_prefix()), name, semantic and classes through
 *             the views and test them
 *
 * Both must give the same matches for every query before anything is timed. Heap
 * allocations are counted during the timed loops (alloc_count.h). Each figure is the median
 * of --runs runs; heap and inplace runs (of request lookups) alternate, after a pass over all
 * requests has made the pages the lookups touch resident. */
#include "alloc_count.h"
#include "bench_common.h"

#include <mdd/codec.h>
#include <mdd/db.h>
#include <mdd_internal/ecu_fields.h>
#include <mdd_internal/codec.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REQUESTS 4096u
#define MAX_RUNS 99
#define MATCHES 8

/* ---- A FlatBuffer written front to back: a parent first, its children after it, so that
 * every offset points forward ---- */

typedef struct fbw {
    uint8_t *buf;
    size_t len;
    size_t cap;
} fbw;

static uint32_t fbw_put(fbw *w, uint32_t value, uint32_t size)
{
    if (w->len + size > w->cap) {
        w->cap = w->cap ? 2 * w->cap : 1u << 16;
        w->buf = realloc(w->buf, w->cap);
        if (!w->buf)
            bench_die("out of memory");
    }
    uint32_t at = (uint32_t)w->len;
    for (uint32_t i = 0; i < size; i++)
        w->buf[w->len++] = (uint8_t)(value >> (8 * i));
    return at;
}

static void fbw_set(fbw *w, uint32_t at, uint32_t value, uint32_t size)
{
    for (uint32_t i = 0; i < size; i++)
        w->buf[at + i] = (uint8_t)(value >> (8 * i));
}

static void fbw_pad(fbw *w, uint32_t align)
{
    while (w->len % align)
        fbw_put(w, 0, 1);
}

/* Stores at `at` the uoffset of target, which lies after it. */
static void fbw_link(fbw *w, uint32_t at, uint32_t target) { fbw_set(w, at, target - at, 4); }

/* A vtable and its table. Field i has width[i] bytes (0: absent; 4 for references); *slot[i]
 * receives its position. Wider fields come first, so each is aligned to its width. */
static uint32_t fbw_table(fbw *w, uint32_t n, const uint8_t *width, uint32_t *slot)
{
    fbw_pad(w, 2);
    uint32_t vtable = fbw_put(w, 4 + 2 * n, 2);
    uint32_t table_size = fbw_put(w, 0, 2);
    for (uint32_t i = 0; i < n; i++)
        fbw_put(w, 0, 2);
    fbw_pad(w, 4);
    uint32_t table = fbw_put(w, 0, 4);
    fbw_set(w, table, table - vtable, 4);
    for (uint32_t size = 4; size >= 1; size /= 2) {
        for (uint32_t i = 0; i < n; i++) {
            if (width[i] != size)
                continue;
            slot[i] = fbw_put(w, 0, size);
            fbw_set(w, vtable + 4 + 2 * i, slot[i] - table, 2);
        }
    }
    fbw_pad(w, 4);
    fbw_set(w, table_size, (uint32_t)w->len - table, 2);
    return table;
}

static void fbw_string(fbw *w, uint32_t at, const char *s)
{
    fbw_pad(w, 4);
    uint32_t len = (uint32_t)strlen(s);
    fbw_link(w, at, fbw_put(w, len, 4));
    for (uint32_t i = 0; i < len; i++)
        fbw_put(w, (uint8_t)s[i], 1);
    fbw_put(w, 0, 1);
}

/* A vector of n references linked from at; returns where slot 0 is. */
static uint32_t fbw_vector(fbw *w, uint32_t at, uint32_t n)
{
    fbw_pad(w, 4);
    fbw_link(w, at, fbw_put(w, n, 4));
    uint32_t first = (uint32_t)w->len;
    for (uint32_t i = 0; i < n; i++)
        fbw_put(w, 0, 4);
    return first;
}

/* ---- The synthetic database ---- */

typedef struct param_spec {
    uint32_t value;
    uint8_t bits;
} param_spec;

typedef struct service_spec {
    char name[48];
    param_spec params[3]; /* one after the other from byte 0 */
    uint32_t param_count;
    const char *semantic;
    const char *funct_class;
} service_spec;

typedef struct layer_spec {
    const char *name;
    int kind; /* ParentRefType: 1 Variant, 2 Protocol */
    int is_base;
    service_spec *services;
    uint32_t count;
    int parent;                    /* index of the parent layer, -1 for none */
    const char *not_inherited[10]; /* base services a derived variant does without */
    uint32_t not_inherited_count;
} layer_spec;

static void write_coded_const(fbw *w, uint32_t at, param_spec p)
{
    uint32_t cc[FIDS_CODED_CONST];
    fbw_link(w, at,
             fbw_table(w, FIDS_CODED_CONST,
                       (const uint8_t[FIDS_CODED_CONST]){[FID_CODED_CONST_CODED_VALUE] = 4,
                                                         [FID_CODED_CONST_DIAG_CODED_TYPE] = 4},
                       cc));
    char digits[16];
    snprintf(digits, sizeof digits, "%" PRIu32, p.value);
    fbw_string(w, cc[FID_CODED_CONST_CODED_VALUE], digits);
    uint32_t type[FIDS_DIAG_CODED_TYPE];
    fbw_link(w, cc[FID_CODED_CONST_DIAG_CODED_TYPE],
             fbw_table(w, FIDS_DIAG_CODED_TYPE,
                       (const uint8_t[FIDS_DIAG_CODED_TYPE]){
                           [FID_DIAG_CODED_TYPE_TYPE] = 1,
                           [FID_DIAG_CODED_TYPE_BASE_DATA_TYPE] = 1,
                           [FID_DIAG_CODED_TYPE_IS_HIGH_LOW_BYTE_ORDER] = 1,
                           [FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE] = 1,
                           [FID_DIAG_CODED_TYPE_SPECIFIC_DATA] = 4},
                       type));
    fbw_set(w, type[FID_DIAG_CODED_TYPE_TYPE], MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE, 1);
    fbw_set(w, type[FID_DIAG_CODED_TYPE_BASE_DATA_TYPE], MDD_DATA_TYPE_A_UINT_32, 1);
    fbw_set(w, type[FID_DIAG_CODED_TYPE_IS_HIGH_LOW_BYTE_ORDER], 1, 1);
    fbw_set(w, type[FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE],
            MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE, 1);
    uint32_t length[FIDS_STANDARD_LENGTH_TYPE];
    fbw_link(w, type[FID_DIAG_CODED_TYPE_SPECIFIC_DATA],
             fbw_table(w, FIDS_STANDARD_LENGTH_TYPE,
                       (const uint8_t[FIDS_STANDARD_LENGTH_TYPE]){
                           [FID_STANDARD_LENGTH_TYPE_BIT_LENGTH] = 4,
                           [FID_STANDARD_LENGTH_TYPE_CONDENSED] = 1},
                       length));
    fbw_set(w, length[FID_STANDARD_LENGTH_TYPE_BIT_LENGTH], p.bits, 4);
}

static void write_param(fbw *w, uint32_t at, param_spec p, uint32_t byte_pos, const char *name)
{
    uint32_t f[FIDS_PARAM];
    fbw_link(w, at,
             fbw_table(w, FIDS_PARAM,
                       (const uint8_t[FIDS_PARAM]){[FID_PARAM_ID] = 4, [FID_PARAM_PARAM_TYPE] = 1,
                                                   [FID_PARAM_SHORT_NAME] = 4,
                                                   [FID_PARAM_BYTE_POSITION] = 4,
                                                   [FID_PARAM_SPECIFIC_DATA_TYPE] = 1,
                                                   [FID_PARAM_SPECIFIC_DATA] = 4},
                       f));
    fbw_set(w, f[FID_PARAM_PARAM_TYPE], MDD_PARAM_TYPE_CODED_CONST, 1);
    fbw_set(w, f[FID_PARAM_BYTE_POSITION], byte_pos, 4);
    fbw_set(w, f[FID_PARAM_SPECIFIC_DATA_TYPE], MDD_PARAM_SPECIFIC_DATA_CODED_CONST, 1);
    fbw_string(w, f[FID_PARAM_SHORT_NAME], name);
    write_coded_const(w, f[FID_PARAM_SPECIFIC_DATA], p);
}

/* The DiagComm: name, semantic and one functional class. */
static void write_diag_comm(fbw *w, uint32_t at, const service_spec *s)
{
    uint32_t comm[FIDS_DIAG_COMM];
    fbw_link(w, at,
             fbw_table(w, FIDS_DIAG_COMM,
                       (const uint8_t[FIDS_DIAG_COMM]){[FID_DIAG_COMM_SHORT_NAME] = 4,
                                                       [FID_DIAG_COMM_SEMANTIC] = 4,
                                                       [FID_DIAG_COMM_FUNCT_CLASS] = 4},
                       comm));
    fbw_string(w, comm[FID_DIAG_COMM_SHORT_NAME], s->name);
    fbw_string(w, comm[FID_DIAG_COMM_SEMANTIC], s->semantic);
    uint32_t slot = fbw_vector(w, comm[FID_DIAG_COMM_FUNCT_CLASS], 1);
    uint32_t funct_class[FIDS_FUNCT_CLASS];
    fbw_link(w, slot,
             fbw_table(w, FIDS_FUNCT_CLASS,
                       (const uint8_t[FIDS_FUNCT_CLASS]){[FID_FUNCT_CLASS_SHORT_NAME] = 4},
                       funct_class));
    fbw_string(w, funct_class[FID_FUNCT_CLASS_SHORT_NAME], s->funct_class);
}

static void write_service(fbw *w, uint32_t at, const service_spec *s)
{
    static const char *const param_names[] = {"SID_RQ", "ID", "SUB"};
    uint32_t f[FIDS_DIAG_SERVICE];
    fbw_link(w, at,
             fbw_table(w, FIDS_DIAG_SERVICE,
                       (const uint8_t[FIDS_DIAG_SERVICE]){[FID_DIAG_SERVICE_DIAG_COMM] = 4,
                                                          [FID_DIAG_SERVICE_REQUEST] = 4},
                       f));
    write_diag_comm(w, f[FID_DIAG_SERVICE_DIAG_COMM], s);
    uint32_t request[FIDS_REQUEST];
    fbw_link(w, f[FID_DIAG_SERVICE_REQUEST],
             fbw_table(w, FIDS_REQUEST, (const uint8_t[FIDS_REQUEST]){[FID_REQUEST_PARAMS] = 4},
                       request));
    uint32_t slots = fbw_vector(w, request[FID_REQUEST_PARAMS], s->param_count);
    uint32_t byte_pos = 0;
    for (uint32_t i = 0; i < s->param_count; i++) {
        write_param(w, slots + 4 * i, s->params[i], byte_pos, param_names[i]);
        byte_pos += (s->params[i].bits + 7u) / 8u;
    }
}

/* The parent reference of layers[index], whose target is linked later, at *parent_slot. */
static void write_parent_ref(fbw *w, uint32_t at, const layer_spec *layers, uint32_t index,
                             uint32_t *parent_slot)
{
    const layer_spec *l = &layers[index];
    uint32_t ref_slot = fbw_vector(w, at, 1);
    uint32_t ref[FIDS_PARENT_REF];
    fbw_link(w, ref_slot,
             fbw_table(w, FIDS_PARENT_REF,
                       (const uint8_t[FIDS_PARENT_REF]){
                           [FID_PARENT_REF_REF_TYPE] = 1, [FID_PARENT_REF_REF] = 4,
                           [FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES] =
                               (uint8_t)(l->not_inherited_count ? 4 : 0)},
                       ref));
    fbw_set(w, ref[FID_PARENT_REF_REF_TYPE], (uint32_t)layers[l->parent].kind, 1);
    *parent_slot = ref[FID_PARENT_REF_REF];
    if (l->not_inherited_count) {
        uint32_t names =
            fbw_vector(w, ref[FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES],
                       l->not_inherited_count);
        for (uint32_t i = 0; i < l->not_inherited_count; i++)
            fbw_string(w, names + 4 * i, l->not_inherited[i]);
    }
}

_Static_assert((int)FID_VARIANT_DIAG_LAYER == (int)FID_PROTOCOL_DIAG_LAYER &&
                   (int)FID_VARIANT_PARENT_REFS == (int)FID_PROTOCOL_PARENT_REFS,
               "a Protocol is written with the Variant's field ids");

/* Writes layers[i] (a Variant, or a Protocol, which has the same first fields); its parent
 * reference is linked later, to a layer written after it. */
static uint32_t write_layer(fbw *w, const layer_spec *layers, uint32_t index,
                            uint32_t *parent_slot)
{
    const layer_spec *l = &layers[index];
    uint32_t f[FIDS_VARIANT];
    int variant = l->kind == 1;
    uint32_t table =
        fbw_table(w, FIDS_VARIANT,
                  (const uint8_t[FIDS_VARIANT]){
                      [FID_VARIANT_DIAG_LAYER] = 4,
                      [FID_VARIANT_IS_BASE_VARIANT] = (uint8_t)(variant ? 1 : 0),
                      [FID_VARIANT_PARENT_REFS] = (uint8_t)(l->parent >= 0 ? 4 : 0)},
                  f);
    if (variant)
        fbw_set(w, f[FID_VARIANT_IS_BASE_VARIANT], (uint32_t)l->is_base, 1);
    uint32_t layer[FIDS_DIAG_LAYER];
    fbw_link(w, f[FID_VARIANT_DIAG_LAYER],
             fbw_table(w, FIDS_DIAG_LAYER,
                       (const uint8_t[FIDS_DIAG_LAYER]){[FID_DIAG_LAYER_SHORT_NAME] = 4,
                                                        [FID_DIAG_LAYER_DIAG_SERVICES] = 4},
                       layer));
    fbw_string(w, layer[FID_DIAG_LAYER_SHORT_NAME], l->name);
    uint32_t slots = fbw_vector(w, layer[FID_DIAG_LAYER_DIAG_SERVICES], l->count);
    for (uint32_t i = 0; i < l->count; i++)
        write_service(w, slots + 4 * i, &l->services[i]);
    if (l->parent >= 0)
        write_parent_ref(w, f[FID_VARIANT_PARENT_REFS], layers, index, parent_slot);
    return table;
}

/* Layers 0..2 derive from 3, the base, which derives from 4, the protocol. EcuData lists the
 * base first, as the real files do. */
static void write_ecu(fbw *w, const layer_spec *layers)
{
    fbw_put(w, 0, 4);
    uint32_t root[FIDS_ECU_DATA];
    fbw_link(w, 0,
             fbw_table(w, FIDS_ECU_DATA,
                       (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_VERSION] = 4,
                                                      [FID_ECU_DATA_ECU_NAME] = 4,
                                                      [FID_ECU_DATA_VARIANTS] = 4},
                       root));
    fbw_string(w, root[FID_ECU_DATA_VERSION], "2025-05-10");
    fbw_string(w, root[FID_ECU_DATA_ECU_NAME], "BENCH");
    uint32_t variants = fbw_vector(w, root[FID_ECU_DATA_VARIANTS], 4);
    uint32_t table[5];
    uint32_t parent_slot[5] = {0};
    for (uint32_t i = 0; i < 5; i++)
        table[i] = write_layer(w, layers, i, &parent_slot[i]);
    for (uint32_t i = 0; i < 4; i++)
        fbw_link(w, parent_slot[i], table[layers[i].parent]);
    fbw_link(w, variants, table[3]);
    for (uint32_t i = 0; i < 3; i++)
        fbw_link(w, variants + 4 * (i + 1), table[i]);
}

/* A service: the SID, then up to two more params of the given widths (0: none). */
static service_spec service(const char *kind, uint32_t id, uint8_t sid, param_spec second,
                            param_spec third, const char *semantic, const char *funct_class)
{
    service_spec s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "%s_%04" PRIX32, kind, id);
    s.params[s.param_count++] = (param_spec){sid, 8};
    if (second.bits)
        s.params[s.param_count++] = second;
    if (third.bits)
        s.params[s.param_count++] = third;
    s.semantic = semantic;
    s.funct_class = funct_class;
    return s;
}

static param_spec bits(uint32_t value, uint8_t n) { return (param_spec){value, n}; }

/* The base variant's services: DIDs read and written, routines (SID, sub-function and a
 * 32-bit routine id: six-byte prefixes), I/O controls, and the one- and two-byte services,
 * n in all. */
static void base_services(service_spec *s, uint32_t n)
{
    static const uint8_t small_sids[] = {0x10, 0x11, 0x14, 0x19, 0x27, 0x28, 0x3e, 0x85};
    static const param_spec none = {0, 0};
    for (uint32_t i = 0; i < n; i++) {
        uint32_t did = 0xf000u + i * 7u;
        switch (i % 8) {
        case 0: case 1: case 2:
            s[i] = service("ReadDid", i, 0x22, bits(did, 16), none, "DATA", "Read");
            break;
        case 3: s[i] = service("WriteDid", i, 0x2e, bits(did, 16), none, "DATA", "Write"); break;
        case 4:
            s[i] = service("Routine", i, 0x31, bits(1u + i % 3u, 8), bits(0x10000u | did, 32),
                           "ROUTINE", "Routine");
            break;
        case 5:
            s[i] = service("IoControl", i, 0x2f, bits(did, 16), bits(3, 8), "IO", "IoControl");
            break;
        case 6:
            s[i] = service("Sub", i, small_sids[i / 8 % 8], bits(i / 64 % 256, 8), none,
                           "FUNCTION", "Standard");
            break;
        default:
            s[i] = service("Session", i, 0x10, bits(i / 8 % 256, 8), none, "SESSION", "Session");
            break;
        }
    }
}

/* A derived variant's services: every fourth overrides a base service (same name, same
 * request), the others read DIDs only this variant has. */
static void derived_services(service_spec *s, uint32_t n, uint32_t variant,
                             const service_spec *base, uint32_t base_n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i % 4 == 0 && i < base_n)
            s[i] = base[(i * 13u) % base_n];
        else
            s[i] = service("VariantDid", variant * 4096u + i, 0x22,
                           bits(0x4000u + variant * 0x1000u + i, 16), bits(0, 0), "DATA",
                           "Read");
    }
}

typedef struct database {
    layer_spec layers[5];
    service_spec *services; /* every layer's, one array */
} database;

static void make_database(database *db, uint32_t base_n, uint32_t own_n)
{
    static const char *const names[] = {"BENCH_App_1", "BENCH_App_2", "BENCH_App_3", "BENCH",
                                        "UDS_Protocol"};
    uint32_t protocol_n = 16;
    db->services = calloc(base_n + 3u * own_n + protocol_n, sizeof *db->services);
    if (!db->services)
        bench_die("out of memory");
    service_spec *base = db->services + 3u * own_n;
    service_spec *protocol = base + base_n;
    base_services(base, base_n);
    for (uint32_t i = 0; i < protocol_n; i++)
        protocol[i] = service("Protocol", i, 0x3e, bits(i, 8), bits(0, 0), "TESTER-PRESENT",
                              "Protocol");
    for (uint32_t v = 0; v < 3; v++) {
        layer_spec *l = &db->layers[v];
        *l = (layer_spec){names[v], 1, 0, db->services + v * own_n, own_n, 3, {0}, 0};
        derived_services(l->services, own_n, v, base, base_n);
        for (uint32_t k = 0; k < 10 && k < base_n; k++)
            l->not_inherited[l->not_inherited_count++] = base[(k * 31u + v) % base_n].name;
    }
    db->layers[3] = (layer_spec){names[3], 1, 1, base, base_n, 4, {0}, 0};
    db->layers[4] = (layer_spec){names[4], 2, 0, protocol, protocol_n, -1, {0}, 0};
}

/* ---- The MDD file ---- */

static void write_mdd(const char *path, const fbw *payload)
{
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_buffer stream = {0};
    if (mdd_sha512(payload->buf, payload->len, digest, NULL) != MDD_OK ||
        mdd_lzma_encode(payload->buf, payload->len, 6, &stream, NULL) != MDD_OK)
        bench_die("compress");
    mdd_signature sig = {.algorithm = {(const uint8_t *)MDD_SIG_SHA512_UNCOMPRESSED, 19},
                         .signature = {digest, sizeof digest}};
    mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION,
                       .name = {(const uint8_t *)"BENCH", 5},
                       .signatures = &sig,
                       .signature_count = 1,
                       .compression_algorithm = {(const uint8_t *)"lzma", 4},
                       .has_uncompressed_size = 1,
                       .uncompressed_size = payload->len,
                       .data = {stream.data, stream.len}};
    mdd_file file = {.version = {(const uint8_t *)"2025-05-10", 10},
                     .ecu_name = {(const uint8_t *)"BENCH", 5},
                     .chunks = &chunk,
                     .chunk_count = 1};
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    FILE *f = fopen(path, "wb");
    if (mdd_file_encode(&file, &sink, NULL) != MDD_OK || !f ||
        fwrite(out.data, 1, out.len, f) != out.len || fclose(f) != 0)
        bench_die("write the database file");
    mdd_buffer_free(&out);
    mdd_buffer_free(&stream);
}

static mdd_db *open_db(const char *dir, const char *name, const fbw *payload,
                       mdd_strategy strategy)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_mdd(path, payload);
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = strategy;
    mdd_db *db;
    mdd_error err;
    const char *paths[] = {path};
    if (mdd_db_open(paths, 1, &opts, &db, &err) != MDD_OK)
        bench_die("%s", err.message);
    return db;
}

/* ---- What each kind of lookup asks ---- */

enum kind { REQUEST, NAME, SID, SUBFUNCTION, CLASS, SEMANTIC, KINDS };

static const char *const KIND_NAMES[KINDS] = {"request", "name", "sid", "subfunction",
                                              "class", "semantic"};

/* One lookup's question: request bytes (the SID and sub-function are its first two), or a
 * name, class or semantic. */
typedef struct query {
    bench_request request;
    char text[64];
} query;

static const char *const CLASSES[] = {"read", "WRITE", "Routine", "iocontrol", "standard",
                                      "session", "protocol", "nothing"};
static const char *const SEMANTICS[] = {"data", "ROUTINE", "io", "function", "Session",
                                        "tester-present", "none"};

static void lower_case(char *s)
{
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            *s = (char)(*s - 'A' + 'a');
}

/* Query i of a kind for layer, from *seed: requests as bench_request_draw() makes them (the
 * SID and sub-function lookups take their first bytes); names of the layer's services,
 * lower-cased as adapters send them, and 1 in 8 a name no service has; classes and
 * semantics from the lists above, a few of which no service has. */
static void draw_query(const mdd_db_layer *layer, enum kind kind, uint32_t i, uint64_t *seed,
                       query *q)
{
    memset(q, 0, sizeof *q);
    uint64_t r = bench_next_random(seed);
    uint32_t n = mdd_db_layer_service_count(layer);
    switch (kind) {
    case NAME:
        if (r % 8 == 0) {
            snprintf(q->text, sizeof q->text, "nosuchservice_%u", (unsigned)i);
        } else {
            mdd_db_service s = mdd_db_layer_service_at(layer, (uint32_t)(r >> 8) % n);
            mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
            snprintf(q->text, sizeof q->text, "%.*s", (int)name.len, (const char *)name.ptr);
        }
        lower_case(q->text);
        break;
    case CLASS:
        snprintf(q->text, sizeof q->text, "%s", CLASSES[r % (sizeof CLASSES / sizeof *CLASSES)]);
        break;
    case SEMANTIC:
        snprintf(q->text, sizeof q->text, "%s",
                 SEMANTICS[r % (sizeof SEMANTICS / sizeof *SEMANTICS)]);
        break;
    default: bench_request_draw(layer, i, seed, &q->request); break;
    }
}

static void make_queries(const mdd_db_layer *layer, enum kind kind, query *out)
{
    uint64_t seed = 0x9e3779b97f4a7c15u + kind;
    for (uint32_t i = 0; i < REQUESTS; i++)
        draw_query(layer, kind, i, &seed, &out[i]);
}

static uint8_t query_sid(const query *q) { return q->request.len ? q->request.bytes[0] : 0; }

static uint8_t query_subfunction(const query *q)
{
    return q->request.len > 1 ? q->request.bytes[1] : 0;
}

/* ---- The indexed lookups ---- */

static size_t indexed_lookup(const mdd_db_layer *layer, enum kind kind, const query *q,
                             mdd_db_service *out)
{
    switch (kind) {
    case REQUEST:
        return mdd_db_layer_lookup_request(layer, q->request.bytes, q->request.len, out, MATCHES);
    case NAME: return mdd_db_layer_lookup_name(layer, q->text, out, MATCHES);
    case SID: return mdd_db_layer_lookup_sid(layer, query_sid(q), out, MATCHES);
    case SUBFUNCTION:
        return mdd_db_layer_lookup_subfunction(layer, query_sid(q), query_subfunction(q), out,
                                               MATCHES);
    case CLASS: return mdd_db_layer_lookup_class(layer, q->text, out, MATCHES);
    default: return mdd_db_layer_lookup_semantic(layer, q->text, out, MATCHES);
    }
}

/* ---- The naive walks: what the reference implementation does ---- */

/* The longest prefix the synthetic services have, and then some. */
#define NAIVE_PREFIX_MAX 24

/* A match of a naive walk, with its own copy of the prefix. */
typedef struct naive_match {
    mdd_diag_service service;
    mdd_bytes name;
    uint8_t prefix[NAIVE_PREFIX_MAX];
    size_t len;
} naive_match;

static int folded_equal(mdd_bytes a, const char *b)
{
    size_t n = strlen(b);
    if (a.len != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t x = a.ptr[i], y = (uint8_t)b[i];
        x = (uint8_t)(x >= 'A' && x <= 'Z' ? x + 32 : x);
        y = (uint8_t)(y >= 'A' && y <= 'Z' ? y + 32 : y);
        if (x != y)
            return 0;
    }
    return 1;
}

static int name_compare(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    int c = n ? memcmp(a.ptr, b.ptr, n) : 0;
    return c ? c : (a.len > b.len) - (a.len < b.len);
}

/* Whether a comes after b in the order of the answer: for the prefix kinds longer prefixes
 * first, then by prefix bytes; then, and for the others only, by name. */
static int after(enum kind kind, const naive_match *a, const naive_match *b)
{
    int prefix_order = kind == REQUEST || kind == SID || kind == SUBFUNCTION;
    if (prefix_order && a->len != b->len)
        return a->len < b->len;
    int c = prefix_order ? memcmp(a->prefix, b->prefix, a->len) : 0;
    return c ? c > 0 : name_compare(a->name, b->name) > 0;
}

/* Keeps out (count entries so far, room for MATCHES) in the order of the answer. */
static void insert_match(enum kind kind, naive_match *out, size_t count, const naive_match *m)
{
    size_t at = count < MATCHES ? count : MATCHES;
    while (at > 0 && after(kind, &out[at - 1], m))
        at--;
    if (at == MATCHES)
        return;
    size_t keep = count < MATCHES ? count : MATCHES - 1;
    memmove(out + at + 1, out + at, (keep - at) * sizeof *out);
    out[at] = *m;
}

static int has_class(mdd_diag_comm comm, const char *name)
{
    mdd_funct_class_vec classes = mdd_diag_comm_funct_class(comm);
    for (uint32_t i = 0; i < mdd_funct_class_vec_count(classes); i++)
        if (folded_equal(mdd_funct_class_short_name(mdd_funct_class_vec_at(classes, i)), name))
            return 1;
    return 0;
}

/* Whether the service in m (its prefix read) answers q. */
static int naive_matches(enum kind kind, const naive_match *m, mdd_diag_comm comm,
                         const query *q)
{
    switch (kind) {
    case REQUEST: {
        mdd_request_prefix p = {m->prefix, m->len};
        return mdd_request_prefix_matches(&p, q->request.bytes, q->request.len);
    }
    case NAME: return folded_equal(m->name, q->text);
    case SID: return m->len >= 1 && m->prefix[0] == query_sid(q);
    case SUBFUNCTION:
        return m->len >= 2 && m->prefix[0] == query_sid(q) &&
               (m->prefix[1] & 0x7f) == (query_subfunction(q) & 0x7f);
    case CLASS: return has_class(comm, q->text);
    default: return folded_equal(mdd_diag_comm_semantic(comm), q->text);
    }
}

static size_t naive_lookup(const mdd_service_list *services, enum kind kind, const query *q,
                           naive_match *out)
{
    size_t total = 0;
    for (uint32_t i = 0; i < services->count; i++) {
        naive_match m;
        m.service = services->items[i];
        mdd_diag_comm comm = mdd_diag_service_diag_comm(m.service);
        m.name = mdd_diag_comm_short_name(comm);
        m.len = mdd_diag_service_request_prefix(m.service, m.prefix, NAIVE_PREFIX_MAX);
        if (m.len > NAIVE_PREFIX_MAX)
            bench_die("a prefix longer than the naive walk holds");
        if (naive_matches(kind, &m, comm, q))
            insert_match(kind, out, total++, &m);
    }
    return total;
}

/* What a caller does with the answer: reads the best service's name. */
static size_t use_answer(mdd_diag_service best, size_t total)
{
    return total ? mdd_diag_comm_short_name(mdd_diag_service_diag_comm(best)).len : 0;
}

/* Both lookups must agree on every query before either is timed. */
static void check_agreement(const mdd_db_layer *layer, const mdd_service_list *services,
                            enum kind kind, const query *queries)
{
    for (uint32_t i = 0; i < REQUESTS; i++) {
        mdd_db_service a[MATCHES];
        naive_match b[MATCHES];
        size_t na = indexed_lookup(layer, kind, &queries[i], a);
        size_t nb = naive_lookup(services, kind, &queries[i], b);
        if (na != nb)
            bench_die("%s lookup %u: indexed %zu matches, naive %zu", KIND_NAMES[kind],
                      (unsigned)i, na, nb);
        for (size_t k = 0; k < na && k < MATCHES; k++)
            if (a[k].service.t.pos != b[k].service.t.pos)
                bench_die("indexed and naive lookups disagree on a match");
    }
}

/* ---- Timing ---- */

typedef struct lookup_run {
    const mdd_db_layer *layer;
    const mdd_service_list *services; /* NULL: the indexed lookup */
    enum kind kind;
    const query *queries;
    uint64_t lookups;
} lookup_run;

/* The median time of a set of runs and the allocations counted during all of them. */
typedef struct timed {
    double ns_per_lookup;
    double allocations_per_lookup;
} timed;

static volatile size_t sink;

/* One run; returns its time and adds its allocations to *counted. */
static double run_lookups(const lookup_run *r, unsigned long *counted)
{
    mdd_db_service out[MATCHES];
    naive_match naive[MATCHES];
    size_t used = 0;
    unsigned long before = tu_allocations();
    double start = bench_now_ns();
    for (uint64_t i = 0; i < r->lookups; i++) {
        const query *q = &r->queries[i % REQUESTS];
        if (r->services) {
            size_t total = naive_lookup(r->services, r->kind, q, naive);
            used += use_answer(naive[0].service, total);
        } else {
            size_t total = indexed_lookup(r->layer, r->kind, q, out);
            used += use_answer(out[0].service, total);
        }
    }
    double elapsed = bench_now_ns() - start;
    *counted += tu_allocations() - before;
    sink = used;
    return elapsed;
}

static timed summarize(double *ns, uint32_t runs, unsigned long counted, uint64_t lookups)
{
    double mid = bench_median(ns, runs);
    return (timed){mid / (double)lookups, (double)counted / ((double)lookups * runs)};
}

/* runs runs of a and of b, alternating so that drift hits both alike. */
static void time_pair(const lookup_run *a, const lookup_run *b, uint32_t runs, timed *ta,
                      timed *tb)
{
    double na[MAX_RUNS], nb[MAX_RUNS];
    unsigned long ca = 0, cb = 0;
    for (uint32_t i = 0; i < runs; i++) {
        na[i] = run_lookups(a, &ca);
        nb[i] = run_lookups(b, &cb);
    }
    *ta = summarize(na, runs, ca, a->lookups);
    *tb = summarize(nb, runs, cb, b->lookups);
}

/* ---- main ---- */

typedef struct options {
    uint32_t base;
    uint32_t own;
    uint32_t runs;
    uint64_t lookups;
} options;

static uint64_t number(const char *s, uint64_t max)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (*s < '0' || *s > '9' || *end || v == 0 || v > max)
        bench_die("bad number; usage: bench_lookup [--base N] [--own N] [--runs N] [--lookups N]");
    return v;
}

static options parse(int argc, char **argv)
{
    options o = {600, 60, 7, 2000000};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--base") == 0)
            o.base = (uint32_t)number(argv[i + 1], 60000);
        else if (strcmp(argv[i], "--own") == 0)
            o.own = (uint32_t)number(argv[i + 1], 4000);
        else if (strcmp(argv[i], "--runs") == 0)
            o.runs = (uint32_t)number(argv[i + 1], MAX_RUNS);
        else if (strcmp(argv[i], "--lookups") == 0)
            o.lookups = number(argv[i + 1], UINT64_C(1) << 40);
        else
            bench_die("usage: bench_lookup [--base N] [--own N] [--runs N] [--lookups N]");
    }
    if (argc % 2 == 0)
        bench_die("usage: bench_lookup [--base N] [--own N] [--runs N] [--lookups N]");
    return o;
}

static void report_memory(const char *label, const mdd_db *db)
{
    mdd_db_memory m;
    if (mdd_db_memory_report(db, &m, NULL) != MDD_OK)
        bench_die("memory report");
    printf("%-8s payload %" PRIu64 " bytes, heap %" PRIu64 ", mapped %" PRIu64
           ", index %" PRIu64 " bytes\n",
           label, m.stores.payload_bytes, m.stores.heap_bytes, m.stores.mapped_bytes,
           m.index_bytes);
}

/* Times one kind of lookup, indexed against naive, after checking that they agree. */
static void compare_kind(const mdd_db_layer *layer, const mdd_service_list *services,
                         enum kind kind, const options *o)
{
    query *queries = calloc(REQUESTS, sizeof *queries);
    if (!queries)
        bench_die("out of memory");
    make_queries(layer, kind, queries);
    check_agreement(layer, services, kind, queries);
    /* The naive walk is slow: each of its runs answers every query once. */
    lookup_run indexed = {layer, NULL, kind, queries, o->lookups};
    lookup_run naive = {layer, services, kind, queries, REQUESTS};
    timed ti, tn;
    time_pair(&indexed, &naive, o->runs, &ti, &tn);
    printf("%-12s %8.1f %10.1f %8.1fx %10g %10g\n", KIND_NAMES[kind], ti.ns_per_lookup,
           tn.ns_per_lookup, tn.ns_per_lookup / ti.ns_per_lookup, ti.allocations_per_lookup,
           tn.allocations_per_lookup);
    free(queries);
}

static void compare_lookups(const mdd_db_layer *layer, const mdd_service_list *services,
                            const options *o)
{
    printf("%-12s %8s %10s %9s %10s %10s\n", "lookup", "indexed", "naive", "ratio",
           "allocs/ix", "allocs/nv");
    printf("%-12s %8s %10s %9s\n", "", "ns", "ns", "(>= 20x)");
    for (int kind = 0; kind < KINDS; kind++)
        compare_kind(layer, services, (enum kind)kind, o);
}

static void compare_strategies(const mdd_db_layer *heap, const mdd_db_layer *inplace,
                               const options *o)
{
    query *requests = calloc(REQUESTS, sizeof *requests);
    if (!requests)
        bench_die("out of memory");
    make_queries(heap, REQUEST, requests);
    lookup_run h = {heap, NULL, REQUEST, requests, o->lookups};
    lookup_run p = {inplace, NULL, REQUEST, requests, o->lookups};
    unsigned long ignored = 0;
    run_lookups(&h, &ignored); /* makes every page the lookups touch resident */
    run_lookups(&p, &ignored);
    timed th, tp;
    time_pair(&h, &p, o->runs, &th, &tp);
    printf("heap     %.1f ns/lookup (%.2f M lookups/s)\n", th.ns_per_lookup,
           1e3 / th.ns_per_lookup);
    printf("inplace  %.1f ns/lookup (%.2f M lookups/s)\n", tp.ns_per_lookup,
           1e3 / tp.ns_per_lookup);
    printf("ratio    inplace / heap throughput = %.3f (target >= 0.95)\n",
           th.ns_per_lookup / tp.ns_per_lookup);
    free(requests);
}

int main(int argc, char **argv)
{
    options o = parse(argc, argv);
    database spec;
    make_database(&spec, o.base, o.own);
    fbw payload = {0};
    write_ecu(&payload, spec.layers);
    char *dir = bench_scratch_create("mdd-bench-lookup", NULL);
    if (!dir)
        return 1;
    mdd_db *heap = open_db(dir, "heap.mdd", &payload, MDD_STRATEGY_HEAP);
    mdd_db *inplace = open_db(dir, "inplace.mdd", &payload, MDD_STRATEGY_INPLACE);
    const mdd_db_layer *layer = mdd_db_ecu_find_variant(mdd_db_ecu_at(heap, 0), "BENCH_App_1");
    const mdd_db_layer *mapped = mdd_db_ecu_find_variant(mdd_db_ecu_at(inplace, 0), "BENCH_App_1");
    if (!layer || !mapped)
        bench_die("no variant BENCH_App_1");
    mdd_service_list services = {0};
    mdd_variant v = mdd_db_layer_variant(layer);
    if (mdd_effective_services(mdd_variant_diag_layer(v), mdd_variant_parent_refs(v), NULL,
                               &services, NULL) != MDD_OK)
        bench_die("effective services");
    printf("database: %u services in 5 layers, variant BENCH_App_1 has %" PRIu32
           " effective; %u queries per kind; median of %" PRIu32 " runs\n",
           (unsigned)(o.base + 3 * o.own + 16), mdd_db_layer_service_count(layer), REQUESTS,
           o.runs);
    report_memory("heap", heap);
    report_memory("inplace", inplace);
    compare_lookups(layer, &services, &o);
    compare_strategies(layer, mapped, &o);
    mdd_service_list_free(&services);
    mdd_db_close(heap);
    mdd_db_close(inplace);
    free(payload.buf);
    free(spec.services);
    bench_remove_tree(dir);
    free(dir);
    return 0;
}
