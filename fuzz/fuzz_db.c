/* SPDX-License-Identifier: Apache-2.0 */
/* The database's index and lookups over fuzzed EcuData. An input that starts with the MDD
 * magic is a container whose first DIAGNOSTIC_DESCRIPTION chunk is the payload (so real
 * files seed the fuzzer), and the requests are every indexed prefix, cut short and extended,
 * in every layer. Any other input is one byte n, a request of n % 9 bytes, then the payload;
 * only the layer n / 9 (modulo the number of layers) is checked, so that an input costs one
 * layer's checks and the fuzzer reaches the others by changing n.
 *
 * A payload that passes verification is indexed and the lookups run; the results must
 * agree with the index's own listings: a match matches the request, the number of matches
 * equals a scan of all effective services, every service is found by its name, every DTC by
 * its code, every layer by its name; the lookups by SID, sub-function, name without case,
 * class and semantic, alone and combined, find what a scan finds. */
#include "fuzz_payload_db.h"

#include <mdd/codec.h>
#include <mdd/db.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_REQUEST 8
#define ALL_LAYERS UINT32_MAX
/* Caps what one input may cost: decoded size, LZMA memory, inheritance work. */
#define MAX_PAYLOAD ((uint64_t)1 << 20)
#define FUZZ_LZMA_MEMLIMIT ((uint64_t)32 << 20)
#define MAX_CHECKED 256

static void check(int ok)
{
    if (!ok)
        abort();
}

/* The database of two copies of one payload under skip_invalid: both skipped, or both loaded
 * with the first the default and one duplicate entry; every report entry well formed, and
 * the missing-parent entries alike for both copies and bounded. */
static void check_copies(const mdd_db *db)
{
    size_t kinds[MDD_DB_REPORT_MISSING_PARENT + 1] = {0};
    size_t count = mdd_db_report_count(db);
    for (size_t i = 0; i < count; i++) {
        const mdd_db_report_entry *e = mdd_db_report_at(db, i);
        check(e->kind >= MDD_DB_REPORT_SKIPPED && e->kind <= MDD_DB_REPORT_MISSING_PARENT);
        check(e->source && e->message && e->message[0]);
        kinds[e->kind]++;
    }
    check(mdd_db_report_at(db, count) == NULL);
    if (mdd_db_ecu_count(db) == 0) {
        check(kinds[MDD_DB_REPORT_SKIPPED] == 2 && count == 2);
        return;
    }
    check(mdd_db_ecu_count(db) == 2 && kinds[MDD_DB_REPORT_SKIPPED] == 0);
    check(kinds[MDD_DB_REPORT_DUPLICATE] == 1);
    size_t missing = kinds[MDD_DB_REPORT_MISSING_PARENT];
    check(missing % 2 == 0 && missing <= 2 * (MDD_DB_REPORT_PARENTS_MAX + 1));
    check(mdd_db_ecu_is_default(mdd_db_ecu_at(db, 0)));
    check(!mdd_db_ecu_is_default(mdd_db_ecu_at(db, 1)));
}

static void fuzz_copies(mdd_bytes payload, const mdd_db_options *opts)
{
    mdd_db_options o = *opts;
    o.skip_invalid = 1;
    mdd_bytes copies[2] = {payload, payload};
    mdd_db *db;
    if (mdd_db_open_payloads(copies, 2, &o, &db, NULL) != MDD_OK)
        return;
    check_copies(db);
    mdd_db_close(db);
}

/* Whether name holds exactly s; an absent name holds the empty string, as the index sees it. */
static int same_name(mdd_bytes name, const char *s)
{
    return name.len == strlen(s) && (name.len == 0 || memcmp(name.ptr, s, name.len) == 0);
}

/* name as a C string in buf, or NULL when it holds a NUL or does not fit. */
static const char *c_name(mdd_bytes name, char *buf, size_t size)
{
    if (name.len >= size || (name.len && memchr(name.ptr, 0, name.len)))
        return NULL;
    if (name.len)
        memcpy(buf, name.ptr, name.len);
    buf[name.len] = '\0';
    return buf;
}

/* A layer with its effective services, read once: every lookup is checked against a scan of
 * their prefixes, and reading them per lookup cost most of the run. */
typedef struct layer_services {
    const mdd_db_layer *layer;
    mdd_db_service *at;
    uint32_t count;
} layer_services;

/* 1 with ls filled (free ls->at), 0 when out of memory. */
static int read_services(const mdd_db_layer *layer, layer_services *ls)
{
    ls->layer = layer;
    ls->count = mdd_db_layer_service_count(layer);
    ls->at = malloc(ls->count ? ls->count * sizeof *ls->at : 1);
    if (!ls->at)
        return 0;
    for (uint32_t i = 0; i < ls->count; i++)
        ls->at[i] = mdd_db_layer_service_at(layer, i);
    return 1;
}

/* mdd_request_prefix_matches() written again from its contract, for the scan the lookups are
 * checked against: an oracle of its own, and a loop the fuzzer does not intercept as it does
 * memcmp. */
static int prefix_matches(const mdd_request_prefix *p, const uint8_t *request, size_t len)
{
    for (size_t i = 0; i < p->len && i < len; i++)
        if (p->bytes[i] != request[i])
            return 0;
    return 1;
}

static void check_lookup(const layer_services *ls, const uint8_t *request, size_t len)
{
    mdd_db_service found[4];
    size_t total = mdd_db_layer_lookup_request(ls->layer, request, len, found, 4);
    for (size_t i = 0; i < total && i < 4; i++)
        check(mdd_request_prefix_matches(&found[i].prefix, request, len));
    for (size_t i = 1; i < total && i < 4; i++)
        check(found[i - 1].prefix.len >= found[i].prefix.len);
    size_t scanned = 0;
    for (uint32_t i = 0; i < ls->count; i++)
        scanned += (size_t)prefix_matches(&ls->at[i].prefix, request, len);
    check(scanned == total);
}

/* Every indexed prefix as a request, one byte short and one byte longer. */
static void check_own_prefixes(const layer_services *ls)
{
    for (uint32_t i = 0; i < ls->count && i < MAX_CHECKED; i++) {
        const mdd_request_prefix *p = &ls->at[i].prefix;
        uint8_t request[64];
        if (p->len >= sizeof request)
            continue;
        if (p->len)
            memcpy(request, p->bytes, p->len);
        request[p->len] = 0xff;
        for (size_t len = p->len ? p->len - 1u : 0; len <= p->len + 1u; len++)
            check_lookup(ls, request, len);
    }
}

static void check_names(const mdd_db_ecu *ecu, const layer_services *ls)
{
    const mdd_db_layer *layer = ls->layer;
    char buf[256];
    for (uint32_t i = 0; i < ls->count && i < MAX_CHECKED; i++) {
        const char *name = c_name(
            mdd_diag_comm_short_name(mdd_diag_service_diag_comm(ls->at[i].service)), buf,
            sizeof buf);
        mdd_db_service found;
        check(!name || (mdd_db_layer_find_service(layer, name, &found) &&
                        same_name(mdd_diag_comm_short_name(
                                      mdd_diag_service_diag_comm(found.service)),
                                  name)));
    }
    const char *name = c_name(mdd_db_layer_name(layer), buf, sizeof buf);
    const mdd_db_layer *by_name = NULL;
    if (name && mdd_present(mdd_db_layer_variant(layer)))
        by_name = mdd_db_ecu_find_variant(ecu, name);
    else if (name)
        by_name = mdd_db_ecu_find_functional_group(ecu, name);
    check(!name || (by_name && same_name(mdd_db_layer_name(by_name), name)));
}

/* ---- The lookups by SID, sub-function, name, class and semantic against a scan ---- */

static int fold(int c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }

static int folded_equal(mdd_bytes a, const char *b)
{
    size_t n = strlen(b);
    if (a.len != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (fold(a.ptr[i]) != fold((uint8_t)b[i]))
            return 0;
    return 1;
}

static int has_class(mdd_diag_comm comm, const char *name)
{
    mdd_funct_class_vec classes = mdd_diag_comm_funct_class(comm);
    for (uint32_t i = 0; i < mdd_funct_class_vec_count(classes); i++)
        if (folded_equal(mdd_funct_class_short_name(mdd_funct_class_vec_at(classes, i)), name))
            return 1;
    return 0;
}

/* Whether service s meets q, decided from its views and prefix alone. */
static int scan_matches(mdd_db_service s, const mdd_db_service_query *q)
{
    mdd_diag_comm comm = mdd_diag_service_diag_comm(s.service);
    const uint8_t *p = s.prefix.bytes;
    return (!q->has_sid || (s.prefix.len >= 1 && p[0] == q->sid)) &&
           (!q->has_subfunction ||
            (s.prefix.len >= 2 && (p[1] & 0x7f) == (q->subfunction & 0x7f))) &&
           (!q->name || folded_equal(mdd_diag_comm_short_name(comm), q->name)) &&
           (!q->semantic || folded_equal(mdd_diag_comm_semantic(comm), q->semantic)) &&
           (!q->funct_class || has_class(comm, q->funct_class));
}

static size_t scan(const layer_services *ls, const mdd_db_service_query *q)
{
    size_t n = 0;
    for (uint32_t i = 0; i < ls->count; i++)
        n += (size_t)scan_matches(ls->at[i], q);
    return n;
}

/* The lookup's matches meet q and number as many as a scan finds. */
static void check_answer(const layer_services *ls, const mdd_db_service_query *q,
                         size_t total, const mdd_db_service *found)
{
    check(total == scan(ls, q));
    for (size_t i = 0; i < total && i < 4; i++)
        check(scan_matches(found[i], q));
}

/* Every lookup by one service's SID, sub-function, name, class and semantic. */
static void check_queries_of(const layer_services *ls, mdd_db_service s)
{
    const mdd_db_layer *layer = ls->layer;
    char name[256], funct_class[256], semantic[256];
    mdd_diag_comm comm = mdd_diag_service_diag_comm(s.service);
    mdd_funct_class_vec classes = mdd_diag_comm_funct_class(comm);
    mdd_db_service_query q = {
        .name = c_name(mdd_diag_comm_short_name(comm), name, sizeof name),
        .funct_class = mdd_funct_class_vec_count(classes)
                           ? c_name(mdd_funct_class_short_name(mdd_funct_class_vec_at(classes, 0)),
                                    funct_class, sizeof funct_class)
                           : NULL,
        .semantic = c_name(mdd_diag_comm_semantic(comm), semantic, sizeof semantic),
        .has_sid = s.prefix.len >= 1,
        .sid = s.prefix.len >= 1 ? s.prefix.bytes[0] : 0,
        .has_subfunction = s.prefix.len >= 2,
        .subfunction = s.prefix.len >= 2 ? (uint8_t)(s.prefix.bytes[1] ^ 0x80) : 0,
    };
    mdd_db_service found[4];
    mdd_db_service_query one = {0};
    if (q.name) {
        one.name = q.name;
        check_answer(ls, &one, mdd_db_layer_lookup_name(layer, q.name, found, 4), found);
    }
    one = (mdd_db_service_query){.funct_class = q.funct_class};
    if (q.funct_class)
        check_answer(ls, &one, mdd_db_layer_lookup_class(layer, q.funct_class, found, 4), found);
    one = (mdd_db_service_query){.semantic = q.semantic};
    if (q.semantic)
        check_answer(ls, &one, mdd_db_layer_lookup_semantic(layer, q.semantic, found, 4), found);
    one = (mdd_db_service_query){.has_sid = q.has_sid, .sid = q.sid};
    if (q.has_sid)
        check_answer(ls, &one, mdd_db_layer_lookup_sid(layer, q.sid, found, 4), found);
    one.has_subfunction = q.has_subfunction;
    one.subfunction = q.subfunction;
    if (q.has_subfunction)
        check_answer(ls, &one,
                     mdd_db_layer_lookup_subfunction(layer, q.sid, q.subfunction, found, 4), found);
    size_t total = mdd_db_layer_query_services(layer, &q, found, 4);
    check_answer(ls, &q, total, found);
    /* The service meets its own criteria. */
    check(total >= 1);
}

static void check_queries(const layer_services *ls)
{
    for (uint32_t i = 0; i < ls->count && i < MAX_CHECKED / 8; i++)
        check_queries_of(ls, ls->at[i]);
}

static void check_dtcs(const mdd_db_ecu *ecu)
{
    for (uint32_t i = 0; i < mdd_db_ecu_dtc_count(ecu) && i < MAX_CHECKED; i++) {
        uint32_t first = 0;
        uint32_t n = mdd_db_ecu_find_dtcs(ecu, mdd_dtc_trouble_code(mdd_db_ecu_dtc_at(ecu, i)), &first);
        check(n >= 1 && first <= i && i < first + n);
    }
}

static void check_layer(const mdd_db_ecu *ecu, const mdd_db_layer *layer,
                        const uint8_t *request, size_t len)
{
    layer_services ls;
    check(read_services(layer, &ls));
    for (size_t n = 0; n <= len; n++)
        check_lookup(&ls, request, n);
    check_own_prefixes(&ls);
    check_names(ecu, &ls);
    check_queries(&ls);
    free(ls.at);
}

/* Checks every layer when which is ALL_LAYERS, else layer which modulo their number; then
 * the DTCs. */
static void check_db(const mdd_db *db, uint32_t which, const uint8_t *request, size_t len)
{
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    uint32_t layers = fuzz_layer_count(ecu);
    uint32_t first = 0, end = layers < MAX_CHECKED ? layers : MAX_CHECKED;
    if (which != ALL_LAYERS && layers > 0) {
        first = which % layers;
        end = first + 1;
    }
    for (uint32_t l = first; l < end; l++)
        check_layer(ecu, fuzz_layer_at(ecu, l), request, len);
    check_dtcs(ecu);
}

static void fuzz_payload(mdd_bytes payload, uint32_t which, const uint8_t *request,
                         size_t len)
{
    mdd_db_options opts = fuzz_db_options();
    fuzz_copies(payload, &opts);
    mdd_db *db;
    if (mdd_db_open_payloads(&payload, 1, &opts, &db, NULL) != MDD_OK)
        return;
    check(mdd_db_ecu_count(db) == 1);
    check_db(db, which, request, len);
    mdd_db_close(db);
}

/* The first DIAGNOSTIC_DESCRIPTION chunk's payload of the container in data, decoded. */
static void fuzz_container(const uint8_t *data, size_t size)
{
    mdd_file f;
    if (mdd_file_parse(data, size, NULL, &f, NULL) != MDD_OK)
        return;
    mdd_codec_limits limits = mdd_codec_limits_default();
    limits.max_uncompressed_size = MAX_PAYLOAD;
    limits.lzma_memlimit = FUZZ_LZMA_MEMLIMIT;
    for (size_t i = 0; i < f.chunk_count; i++) {
        uint64_t len;
        if (f.chunks[i].type != MDD_CHUNK_DIAGNOSTIC_DESCRIPTION ||
            mdd_chunk_payload_size(&f.chunks[i], &limits, &len, NULL) != MDD_OK)
            continue;
        uint8_t *payload = malloc(len ? (size_t)len : 1);
        if (payload && mdd_chunk_decode(&f.chunks[i], payload, (size_t)len, &limits, NULL) ==
                           MDD_OK)
            fuzz_payload((mdd_bytes){payload, (size_t)len}, ALL_LAYERS, NULL, 0);
        free(payload);
        break;
    }
    mdd_file_free(&f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= MDD_MAGIC_SIZE && memcmp(data, mdd_magic, MDD_MAGIC_SIZE) == 0) {
        fuzz_container(data, size);
        return 0;
    }
    if (size == 0)
        return 0;
    size_t len = data[0] % (MAX_REQUEST + 1);
    if (size < 1 + len)
        return 0;
    fuzz_payload((mdd_bytes){data + 1 + len, size - 1 - len}, data[0] / (MAX_REQUEST + 1u),
                 data + 1, len);
    return 0;
}
