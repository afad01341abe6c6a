/* SPDX-License-Identifier: Apache-2.0 */
/* The UDS codec, warm: decodes and encodes per second of four kinds of message of a real
 * database (a string read, a numeric read, a DTC list, a structure), with the heap
 * allocations of each, and decodes through a memo of requests beside them.
 *
 *   bench_uds [--file PATH] [--runs N] [--calls N] [--message NAME] [--op NAME]
 *
 * PATH (default: FLXC1000.mdd of the corpus, MDD_CORPUS_DIR at build time) is opened as a
 * database (heap strategy, verified); its base variant's services answer the requests below.
 * Per message three operations are timed, each in a loop of calls that takes at least 100 ms
 * of the thread's CPU time (CLOCK_THREAD_CPUTIME_ID, so that the figures are per core on a
 * shared machine) after a warm-up pass:
 *
 *   visitor   mdd_uds_decode() with a visitor that counts the values
 *   memo      the same through a memo of requests (mdd_uds_options.memo), warm: the request
 *             was met before
 *   json      mdd_uds_decode_json() into a counting sink: the visitor plus the JSON text
 *   json-memo the same through the memo
 *   encode    mdd_uds_encode() of the response from the params of its decoded JSON
 *
 * Before anything is timed, the encode of the decoded params must give the response's bytes
 * back. Heap allocations are counted during the timed loops (alloc_count.h). Each figure is
 * the median of --runs runs. Without the file, the program says so and exits 0.
 *
 * --message NAME takes only that message (string, numeric, dtc-list, structure). --calls N
 * times nothing: it makes N calls of each operation per message, for instruction
 * counts under `valgrind --tool=callgrind` (with --op visitor, the inclusive cost of
 * mdd_uds_decode() divided by its calls is the instructions per visitor decode: the JSON
 * writer's decode calls it too), which a loaded machine does not distort. --op NAME (with
 * --calls) makes the calls of that operation only (visitor, memo, json, json-memo,
 * encode). */
#include "alloc_count.h"
#include "bench_common.h"

#include <mdd/uds.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 99
#define MIN_RUN_NS 100e6
#define MESSAGE_MAX 512

/* ---- The messages ---- */

typedef struct message_case {
    const char *name;
    const char *request;  /* hex */
    const char *response; /* hex */
} message_case;

/* FLXC1000's services: VINDataIdentifier_Read (a 17-character ASCII string),
 * FluxCapacitorPowerConsumption_Read (a 32-bit signed integer), FaultMem_ReportDTCByStatusMask
 * (the status mask's eight bits as text-table values, then an end-of-PDU field of eight DTC
 * records: a DTC of the DOP's list and its eight status bits each),
 * FaultMem_ReportDTCSnapshotRecordByDtcNumber (a DTC record structure and an empty field of
 * snapshot records). */
static const message_case cases[] = {
    {"string", "22f190", "62f190" "5744443232323030313141303030303031"},
    {"numeric", "22f200", "62f200" "fffffb2e"},
    {"dtc-list", "1902ff",
     "5902ff" "01e24009" "0394472f" "01e24108" "01e24201" "01e24009" "0394472f" "01e24108"
     "01e24201"},
    {"structure", "190401e240ff", "5904" "01e24009"},
};

typedef struct bytes_buf {
    uint8_t data[MESSAGE_MAX];
    size_t len;
} bytes_buf;

static void parse_hex(const char *hex, bytes_buf *out)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > sizeof out->data)
        bench_die("bad hex %s", hex);
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            bench_die("bad hex %s", hex);
        out->data[i] = (uint8_t)v;
    }
    out->len = n / 2;
}

/* One message ready to time: its bytes, its service and response, its params as JSON. */
typedef struct prepared {
    const message_case *c;
    const mdd_db_layer *layer;
    bytes_buf request, response;
    mdd_uds_decoded found;
    mdd_buffer json;       /* the decoded JSON */
    const char *params;    /* its "params" object */
    size_t params_len;
    uint64_t values;       /* values one decode reports */
    mdd_uds_options memo;  /* the default options with a memo */
} prepared;

static mdd_status count_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)v;
    (void)err;
    ++*(uint64_t *)ctx;
    return MDD_OK;
}

/* The span of the object that starts at p (strings skipped), or 0 when it does not end. */
static size_t object_span(const char *p, size_t avail)
{
    int depth = 0, in_string = 0;
    for (size_t i = 0; i < avail; i++) {
        char ch = p[i];
        if (in_string) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                in_string = 0;
        } else if (ch == '"') {
            in_string = 1;
        } else if (ch == '{') {
            depth++;
        } else if (ch == '}' && --depth == 0) {
            return i + 1;
        }
    }
    return 0;
}

static void prepare(prepared *p, const mdd_db_layer *layer, const message_case *c)
{
    memset(p, 0, sizeof *p);
    p->c = c;
    p->memo = mdd_uds_options_default();
    p->layer = layer;
    parse_hex(c->request, &p->request);
    parse_hex(c->response, &p->response);
    mdd_error err;
    if (mdd_uds_memo_create(0, &p->memo.memo, &err) != MDD_OK)
        bench_die("%s: memo: %s", c->name, err.message);
    mdd_uds_visitor visitor = {count_value, &p->values};
    if (mdd_uds_decode(layer, p->request.data, p->request.len, p->response.data,
                       p->response.len, &visitor, NULL, &p->found, &err) != MDD_OK)
        bench_die("%s: decode: %s", c->name, err.message);
    mdd_sink sink = mdd_buffer_sink(&p->json);
    if (mdd_uds_decode_json(layer, p->request.data, p->request.len, p->response.data,
                            p->response.len, NULL, &sink, &err) != MDD_OK ||
        mdd_sink_write(&sink, "", 1, &err) != MDD_OK)
        bench_die("%s: decode_json: %s", c->name, err.message);
    const char *at = strstr((const char *)p->json.data, "\"params\":");
    if (!at)
        bench_die("%s: no params in %s", c->name, (const char *)p->json.data);
    p->params = at + strlen("\"params\":");
    p->params_len = object_span(p->params, strlen(p->params));
    uint8_t out[MESSAGE_MAX];
    size_t needed;
    if (mdd_uds_encode(layer, &p->found.service, &p->found.message, p->request.data,
                       p->request.len, p->params, p->params_len, NULL, out, sizeof out,
                       &needed, &err) != MDD_OK)
        bench_die("%s: encode: %s", c->name, err.message);
    if (needed != p->found.covered || memcmp(out, p->response.data, needed) != 0)
        bench_die("%s: the encode of %.*s is not the response", c->name, (int)p->params_len,
                  p->params);
}

static void release(prepared *p)
{
    mdd_buffer_free(&p->json);
    mdd_uds_memo_free(p->memo.memo);
}

typedef enum op { OP_VISITOR, OP_MEMO, OP_JSON, OP_JSON_MEMO, OP_ENCODE, OP_COUNT } op;

static const char *const op_names[OP_COUNT] = {"visitor", "memo", "json", "json-memo", "encode"};

static void run_op(const prepared *p, op o)
{
    mdd_error err;
    mdd_status st;
    const mdd_uds_options *opts = o == OP_MEMO || o == OP_JSON_MEMO ? &p->memo : NULL;
    if (o == OP_VISITOR || o == OP_MEMO) {
        uint64_t values = 0;
        mdd_uds_visitor visitor = {count_value, &values};
        st = mdd_uds_decode(p->layer, p->request.data, p->request.len, p->response.data,
                            p->response.len, &visitor, opts, NULL, &err);
    } else if (o == OP_JSON || o == OP_JSON_MEMO) {
        uint64_t bytes = 0;
        mdd_sink sink = mdd_counting_sink(&bytes);
        st = mdd_uds_decode_json(p->layer, p->request.data, p->request.len, p->response.data,
                                 p->response.len, opts, &sink, &err);
    } else {
        uint8_t out[MESSAGE_MAX];
        size_t needed;
        st = mdd_uds_encode(p->layer, &p->found.service, &p->found.message, p->request.data,
                            p->request.len, p->params, p->params_len, NULL, out, sizeof out,
                            &needed, &err);
    }
    if (st != MDD_OK)
        bench_die("%s: %s: %s", p->c->name, op_names[o], err.message);
}

/* The thread's CPU time in nanoseconds: the machine may be shared, and the figure is per
 * core. */
static double cpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Calls of op per loop so that a loop takes at least MIN_RUN_NS of CPU time (the first loops
 * warm up). */
static uint64_t calibrate(const prepared *p, op o)
{
    for (uint64_t n = 1000;; n *= 2) {
        double t0 = cpu_now_ns();
        for (uint64_t i = 0; i < n; i++)
            run_op(p, o);
        if (cpu_now_ns() - t0 >= MIN_RUN_NS)
            return n;
    }
}

/* The median calls per CPU second over runs loops; adds the loops' allocations to *allocs
 * and their calls to *calls. */
static double time_op(const prepared *p, op o, unsigned runs, uint64_t *allocs,
                      uint64_t *calls)
{
    uint64_t n = calibrate(p, o);
    double rates[MAX_RUNS];
    for (unsigned r = 0; r < runs; r++) {
        unsigned long before = tu_allocations();
        double t0 = cpu_now_ns();
        for (uint64_t i = 0; i < n; i++)
            run_op(p, o);
        double ns = cpu_now_ns() - t0;
        *allocs += tu_allocations() - before;
        *calls += n;
        rates[r] = (double)n * 1e9 / ns;
    }
    return bench_median(rates, runs);
}

/* The operation named name, or OP_COUNT for every one (name NULL). */
static op op_named(const char *name)
{
    for (op o = OP_VISITOR; name && o < OP_COUNT; o++)
        if (strcmp(name, op_names[o]) == 0)
            return o;
    if (name)
        bench_die("--op: %s is none of visitor, memo, json, json-memo, encode", name);
    return OP_COUNT;
}

/* Makes calls calls of operation only (OP_COUNT: of each operation) on c, untimed. */
static void count_case(const mdd_db_layer *layer, const message_case *c, uint64_t calls,
                       op only)
{
    prepared p;
    prepare(&p, layer, c);
    for (op o = OP_VISITOR; o < OP_COUNT; o++) {
        if (only != OP_COUNT && o != only)
            continue;
        for (uint64_t i = 0; i < calls; i++)
            run_op(&p, o);
    }
    printf("%-10s %llu calls of %s\n", c->name, (unsigned long long)calls,
           only == OP_COUNT ? "each operation" : op_names[only]);
    release(&p);
}

static void bench_case(const mdd_db_layer *layer, const message_case *c, unsigned runs)
{
    prepared p;
    prepare(&p, layer, c);
    double rate[OP_COUNT];
    uint64_t decode_allocs = 0, decode_calls = 0, encode_allocs = 0, encode_calls = 0;
    for (op o = OP_VISITOR; o < OP_ENCODE; o++)
        rate[o] = time_op(&p, o, runs, &decode_allocs, &decode_calls);
    rate[OP_ENCODE] = time_op(&p, OP_ENCODE, runs, &encode_allocs, &encode_calls);
    printf("%-10s %5zu %6llu %11.0f %11.0f %11.0f %11.0f %11.0f %13.2f %13.2f\n", c->name,
           p.response.len, (unsigned long long)p.values, rate[OP_VISITOR], rate[OP_MEMO],
           rate[OP_JSON], rate[OP_JSON_MEMO], rate[OP_ENCODE],
           (double)decode_allocs / (double)decode_calls,
           (double)encode_allocs / (double)encode_calls);
    release(&p);
}

int main(int argc, char **argv)
{
    const char *path = MDD_CORPUS_DIR "/FLXC1000.mdd";
    unsigned runs = 3, calls = 0;
    const char *only = NULL;
    op only_op = OP_COUNT;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--file") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = bench_parse_uint("--runs", argv[++i], 1, MAX_RUNS);
        else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc)
            calls = bench_parse_uint("--calls", argv[++i], 1, 100000000);
        else if (strcmp(argv[i], "--message") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc)
            only_op = op_named(argv[++i]);
        else
            bench_die("usage: bench_uds [--file PATH] [--runs N] [--calls N] [--message NAME] "
                      "[--op NAME]");
    }
    if (access(path, R_OK) != 0) {
        printf("bench_uds: %s is not there; nothing to measure\n", path);
        return 0;
    }
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    mdd_db *db;
    mdd_error err;
    if (mdd_db_open(&path, 1, &opts, &db, &err) != MDD_OK)
        bench_die("%s", err.message);
    const mdd_db_layer *layer = mdd_db_ecu_base_variant(mdd_db_ecu_at(db, 0));
    if (calls) {
        for (size_t i = 0; i < BENCH_COUNT(cases); i++)
            if (!only || strcmp(only, cases[i].name) == 0)
                count_case(layer, &cases[i], calls, only_op);
        mdd_db_close(db);
        return 0;
    }
    printf("bench_uds: %s, base variant, warm, median of %u runs, calls per CPU second\n",
           path, runs);
    printf("%-10s %5s %6s %11s %11s %11s %11s %11s %13s %13s\n", "message", "bytes", "values",
           "visitor/s", "memo/s", "json/s", "json+memo/s", "encode/s", "allocs/decode",
           "allocs/encode");
    for (size_t i = 0; i < BENCH_COUNT(cases); i++)
        if (!only || strcmp(only, cases[i].name) == 0)
            bench_case(layer, &cases[i], runs);
    mdd_db_close(db);
    return 0;
}
