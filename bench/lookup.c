/* Request lookup: the database's index against a naive scan, and the inplace strategy against
 * heap, on one synthetic database of production-like size.
 *
 *   bench_lookup [--base N] [--own N] [--runs N] [--lookups N]
 *
 * The database is built here as an EcuData FlatBuffer shaped like the real files: a protocol
 * layer with session and tester-present services; a base variant with --base services
 * (ReadDataByIdentifier and WriteDataByIdentifier DIDs, routines, I/O controls, session,
 * reset and fault-memory services) inheriting from the protocol; three variants with --own
 * services each (new DIDs and overrides of base services, and not-inherited base names)
 * inheriting from the base. It is written LZMA-compressed with its sha512_uncompressed
 * signature as an MDD file in a scratch directory (bench_scratch_create(): $TMPDIR, else
 * /var/tmp, else the current directory, the first not in memory), once per strategy, and
 * opened with mdd_db_open() (verification on).
 *
 * A lookup is one request resolved to its best (longest-prefix) service, whose short name is
 * then read, as a caller would. Requests: 4096 drawn once with a fixed seed from the first
 * variant's effective services, 80% a service's prefix plus 0 to 3 data bytes, 10% its first
 * byte only, 10% a DID that no service has.
 *
 *   indexed   mdd_db_lookup_request() on the database's index
 *   naive     what the reference implementation does: for every effective service of the
 *             variant (the list is computed once, outside the timing), compute its request
 *             prefix again (mdd_diag_service_request_prefix()) and compare
 *
 * Both must give the same matches for every request before anything is timed. Heap
 * allocations are counted during the timed loops: the program is linked with
 * --wrap=malloc,calloc,realloc (bench/CMakeLists.txt) and counts every call. Each figure is
 * the median of --runs runs; heap and inplace runs alternate, after a pass over all requests
 * has made the pages the lookups touch resident. */
#include "bench_common.h"

#include <mdd/codec.h>
#include <mdd/db.h>

#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUESTS 4096u
#define MAX_RUNS 99
#define MATCHES 8

/* ---- Counting allocations (the linker sends every call here) ---- */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

static atomic_ulong allocations;

void *__wrap_malloc(size_t size)
{
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __real_realloc(p, size);
}

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
    param_spec params[3]; /* at bytes 0, 1 and 1 + params[1].bits / 8 */
    uint32_t param_count;
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
    uint32_t cc[2];
    fbw_link(w, at, fbw_table(w, 2, (const uint8_t[]){4, 4}, cc));
    char digits[16];
    snprintf(digits, sizeof digits, "%" PRIu32, p.value);
    fbw_string(w, cc[0], digits);
    uint32_t type[6];
    fbw_link(w, cc[1], fbw_table(w, 6, (const uint8_t[]){1, 0, 1, 1, 1, 4}, type));
    fbw_set(w, type[0], MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE, 1);
    fbw_set(w, type[2], MDD_DATA_TYPE_A_UINT_32, 1);
    fbw_set(w, type[3], 1, 1);
    fbw_set(w, type[4], MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE, 1);
    uint32_t length[3];
    fbw_link(w, type[5], fbw_table(w, 3, (const uint8_t[]){4, 0, 1}, length));
    fbw_set(w, length[0], p.bits, 4);
}

static void write_param(fbw *w, uint32_t at, param_spec p, uint32_t byte_pos, const char *name)
{
    uint32_t f[10];
    fbw_link(w, at, fbw_table(w, 10, (const uint8_t[]){4, 1, 4, 0, 0, 0, 4, 0, 1, 4}, f));
    fbw_set(w, f[1], MDD_PARAM_TYPE_CODED_CONST, 1);
    fbw_set(w, f[6], byte_pos, 4);
    fbw_set(w, f[8], MDD_PARAM_SPECIFIC_DATA_CODED_CONST, 1);
    fbw_string(w, f[2], name);
    write_coded_const(w, f[9], p);
}

static void write_service(fbw *w, uint32_t at, const service_spec *s)
{
    static const char *const param_names[] = {"SID_RQ", "ID", "SUB"};
    uint32_t f[2];
    fbw_link(w, at, fbw_table(w, 2, (const uint8_t[]){4, 4}, f));
    uint32_t comm[1];
    fbw_link(w, f[0], fbw_table(w, 1, (const uint8_t[]){4}, comm));
    fbw_string(w, comm[0], s->name);
    uint32_t request[1];
    fbw_link(w, f[1], fbw_table(w, 1, (const uint8_t[]){4}, request));
    uint32_t slots = fbw_vector(w, request[0], s->param_count);
    uint32_t byte_pos = 0;
    for (uint32_t i = 0; i < s->param_count; i++) {
        write_param(w, slots + 4 * i, s->params[i], byte_pos, param_names[i]);
        byte_pos += (s->params[i].bits + 7u) / 8u;
    }
}

/* Writes layers[i]; its parent reference is linked later, to a layer written after it. */
static uint32_t write_layer(fbw *w, const layer_spec *layers, uint32_t index,
                            uint32_t *parent_slot)
{
    const layer_spec *l = &layers[index];
    uint32_t f[4];
    int variant = l->kind == 1;
    uint32_t table = fbw_table(
        w, 4, (const uint8_t[]){4, (uint8_t)(variant ? 1 : 0), 0, (uint8_t)(l->parent >= 0 ? 4 : 0)},
        f);
    if (variant)
        fbw_set(w, f[1], (uint32_t)l->is_base, 1);
    uint32_t layer[5];
    fbw_link(w, f[0], fbw_table(w, 5, (const uint8_t[]){4, 0, 0, 0, 4}, layer));
    fbw_string(w, layer[0], l->name);
    uint32_t slots = fbw_vector(w, layer[4], l->count);
    for (uint32_t i = 0; i < l->count; i++)
        write_service(w, slots + 4 * i, &l->services[i]);
    if (l->parent < 0)
        return table;
    uint32_t ref_slot = fbw_vector(w, f[3], 1);
    uint32_t ref[3];
    fbw_link(w, ref_slot,
             fbw_table(w, 3, (const uint8_t[]){1, 4, (uint8_t)(l->not_inherited_count ? 4 : 0)},
                       ref));
    fbw_set(w, ref[0], (uint32_t)layers[l->parent].kind, 1);
    *parent_slot = ref[1];
    if (l->not_inherited_count) {
        uint32_t names = fbw_vector(w, ref[2], l->not_inherited_count);
        for (uint32_t i = 0; i < l->not_inherited_count; i++)
            fbw_string(w, names + 4 * i, l->not_inherited[i]);
    }
    return table;
}

/* Layers 0..2 derive from 3, the base, which derives from 4, the protocol. EcuData lists the
 * base first, as the real files do. */
static void write_ecu(fbw *w, const layer_spec *layers)
{
    fbw_put(w, 0, 4);
    uint32_t root[8];
    fbw_link(w, 0, fbw_table(w, 8, (const uint8_t[]){4, 4, 0, 0, 0, 4, 0, 0}, root));
    fbw_string(w, root[0], "2025-05-10");
    fbw_string(w, root[1], "BENCH");
    uint32_t variants = fbw_vector(w, root[5], 4);
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

static service_spec service(const char *prefix, uint32_t id, uint8_t sid, uint32_t value,
                            uint8_t bits, int sub)
{
    service_spec s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "%s_%04" PRIX32, prefix, id);
    s.params[0] = (param_spec){sid, 8};
    s.params[1] = (param_spec){value, bits};
    s.param_count = bits ? 2 : 1;
    if (sub >= 0)
        s.params[s.param_count++] = (param_spec){(uint32_t)sub, 8};
    return s;
}

/* The base variant's services: DIDs read and written, routines, I/O controls, and the
 * one- and two-byte services, n in all. */
static void base_services(service_spec *s, uint32_t n)
{
    static const uint8_t small_sids[] = {0x10, 0x11, 0x14, 0x19, 0x27, 0x28, 0x3e, 0x85};
    for (uint32_t i = 0; i < n; i++) {
        uint32_t did = 0xf000u + i * 7u;
        switch (i % 8) {
        case 0: case 1: case 2: s[i] = service("ReadDid", i, 0x22, did, 16, -1); break;
        case 3: s[i] = service("WriteDid", i, 0x2e, did, 16, -1); break;
        case 4: s[i] = service("Routine", i, 0x31, (1u + i % 3u) << 16 | did, 24, -1); break;
        case 5: s[i] = service("IoControl", i, 0x2f, did, 16, 3); break;
        case 6: s[i] = service("Sub", i, small_sids[i / 8 % 8], i / 64 % 256, 8, -1); break;
        default: s[i] = service("Session", i, 0x10, i / 8 % 256, 8, -1); break;
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
                           0x4000u + variant * 0x1000u + i, 16, -1);
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
        protocol[i] = service("Protocol", i, 0x3e, i, 8, -1);
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

/* ---- Requests ---- */

static void make_requests(const mdd_db_layer *layer, bench_request *out)
{
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (uint32_t i = 0; i < REQUESTS; i++)
        bench_request_draw(layer, i, &seed, &out[i]);
}

/* ---- The two lookups ---- */

static size_t indexed_lookup(const mdd_db_layer *layer, const bench_request *q,
                             mdd_db_service *out)
{
    return mdd_db_lookup_request(layer, q->bytes, q->len, out, MATCHES);
}

/* Whether a comes after b in the order of the answer: longer prefixes first, then by the
 * prefix bytes, as the index orders them; scan order among equal prefixes. */
static int after(const mdd_request_prefix *a, const mdd_request_prefix *b)
{
    if (a->len != b->len)
        return a->len < b->len;
    return memcmp(a->bytes, b->bytes, a->len) > 0;
}

/* Keeps out (count entries so far, room for MATCHES) in the order of the answer. */
static void insert_match(mdd_db_service *out, size_t count, mdd_db_service s)
{
    size_t at = count < MATCHES ? count : MATCHES;
    while (at > 0 && after(&out[at - 1].prefix, &s.prefix))
        at--;
    if (at == MATCHES)
        return;
    size_t keep = count < MATCHES ? count : MATCHES - 1;
    memmove(out + at + 1, out + at, (keep - at) * sizeof *out);
    out[at] = s;
}

static size_t naive_lookup(const mdd_service_list *services, const bench_request *q,
                           mdd_db_service *out)
{
    size_t total = 0;
    for (uint32_t i = 0; i < services->count; i++) {
        mdd_db_service s = {services->items[i],
                            mdd_diag_service_request_prefix(services->items[i])};
        if (mdd_request_prefix_matches(&s.prefix, q->bytes, q->len))
            insert_match(out, total++, s);
    }
    return total;
}

/* What a caller does with the answer: reads the best service's name. */
static size_t use_answer(const mdd_db_service *out, size_t total)
{
    return total ? mdd_diag_comm_short_name(mdd_diag_service_diag_comm(out[0].service)).len
                 : 0;
}

/* Both lookups must agree on every request before either is timed. */
static void check_agreement(const mdd_db_layer *layer, const mdd_service_list *services,
                            const bench_request *requests)
{
    for (uint32_t i = 0; i < REQUESTS; i++) {
        mdd_db_service a[MATCHES], b[MATCHES];
        size_t na = indexed_lookup(layer, &requests[i], a);
        size_t nb = naive_lookup(services, &requests[i], b);
        if (na != nb)
            bench_die("indexed and naive lookups disagree on a match count");
        for (size_t k = 0; k < na && k < MATCHES; k++)
            if (a[k].service.t.pos != b[k].service.t.pos)
                bench_die("indexed and naive lookups disagree on a match");
    }
}

/* ---- Timing ---- */

typedef struct lookup_run {
    const mdd_db_layer *layer;
    const mdd_service_list *services; /* NULL: the indexed lookup */
    const bench_request *requests;
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
    size_t used = 0;
    unsigned long before = atomic_load(&allocations);
    double start = bench_now_ns();
    for (uint64_t i = 0; i < r->lookups; i++) {
        const bench_request *q = &r->requests[i % REQUESTS];
        size_t total = r->services ? naive_lookup(r->services, q, out)
                                   : indexed_lookup(r->layer, q, out);
        used += use_answer(out, total);
    }
    double elapsed = bench_now_ns() - start;
    *counted += atomic_load(&allocations) - before;
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

static void compare_lookups(const mdd_db_layer *layer, const mdd_service_list *services,
                            const bench_request *requests, const options *o)
{
    /* The naive scan is slow: each of its runs resolves every request once. */
    lookup_run indexed = {layer, NULL, requests, o->lookups};
    lookup_run naive = {layer, services, requests, REQUESTS};
    timed ti, tn;
    time_pair(&indexed, &naive, o->runs, &ti, &tn);
    printf("indexed  %.1f ns/lookup, %g heap allocations/lookup\n", ti.ns_per_lookup,
           ti.allocations_per_lookup);
    printf("naive    %.1f ns/lookup, %g heap allocations/lookup\n", tn.ns_per_lookup,
           tn.allocations_per_lookup);
    printf("ratio    naive / indexed = %.1fx (target >= 20x)\n",
           tn.ns_per_lookup / ti.ns_per_lookup);
}

static void compare_strategies(const mdd_db_layer *heap, const mdd_db_layer *inplace,
                               const bench_request *requests, const options *o)
{
    lookup_run h = {heap, NULL, requests, o->lookups};
    lookup_run p = {inplace, NULL, requests, o->lookups};
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
    const mdd_db_layer *layer = mdd_db_find_variant(mdd_db_ecu_at(heap, 0), "BENCH_App_1");
    const mdd_db_layer *mapped = mdd_db_find_variant(mdd_db_ecu_at(inplace, 0), "BENCH_App_1");
    if (!layer || !mapped)
        bench_die("no variant BENCH_App_1");
    mdd_service_list services = {0};
    mdd_variant v = mdd_db_layer_variant(layer);
    if (mdd_effective_services(mdd_variant_diag_layer(v), mdd_variant_parent_refs(v), NULL,
                               &services, NULL) != MDD_OK)
        bench_die("effective services");
    bench_request *requests = calloc(REQUESTS, sizeof *requests);
    if (!requests)
        bench_die("out of memory");
    make_requests(layer, requests);
    check_agreement(layer, &services, requests);
    printf("database: %u services in 5 layers, variant BENCH_App_1 has %" PRIu32
           " effective; %u requests; median of %" PRIu32 " runs\n",
           (unsigned)(o.base + 3 * o.own + 16), mdd_db_layer_service_count(layer), REQUESTS,
           o.runs);
    report_memory("heap", heap);
    report_memory("inplace", inplace);
    compare_lookups(layer, &services, requests, &o);
    compare_strategies(layer, mapped, requests, &o);
    free(requests);
    mdd_service_list_free(&services);
    mdd_db_close(heap);
    mdd_db_close(inplace);
    free(payload.buf);
    free(spec.services);
    bench_remove_tree(dir);
    free(dir);
    return 0;
}
