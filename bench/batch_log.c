/* SPDX-License-Identifier: Apache-2.0 */
/* A log of recorded traffic for `mdd decode --batch` (bench/batch.sh): RECORDS lines of JSON,
 * {"ecu", "request", "response", "t"}, over the databases of DIR (a corpus `mdd gen` wrote).
 *
 *   bench_batch_log DIR RECORDS [SEED]
 *
 * Every service of every ECU's base variant gives one exchange: its request and its first
 * positive response, both encoded by mdd_uds_encode(), each parameter without a default
 * given the first of a few values (0, 1, "0x00", "", "A") the encoder takes, kept when the
 * response decodes again. The records draw exchanges uniformly
 * with a fixed generator (SEED, default 1), so a log of a million records meets every
 * service of the corpus many times, in no order. Prints the exchanges found on stderr. */
#include <mdd/uds.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct exchange {
    char line[1400]; /* {"ecu":..,"request":..,"response":.. without the closing brace */
} exchange;

typedef struct pool {
    exchange *items;
    size_t count, cap;
    size_t services, skipped;
} pool;

/* Candidate values of a parameter the encoder asks for, tried in turn. */
static const char *const candidates[] = {"0", "1", "\"0x00\"", "\"\"", "\"A\""};
#define CANDIDATES (sizeof candidates / sizeof candidates[0])

/* The name of the top-level parameter an error is about ("/NAME at byte ..."), or 0. */
static int error_param(const char *message, char *name, size_t size)
{
    if (message[0] != '/')
        return 0;
    size_t n = strcspn(message + 1, " /");
    if (n == 0 || n >= size || message[1 + n] != ' ')
        return 0;
    memcpy(name, message + 1, n);
    name[n] = '\0';
    return 1;
}

/* A message of s encoded from values found by trying: each parameter the encoder says has no
 * value, or refuses the value of, gets the next candidate. */
static int encode(const mdd_db_layer *layer, const mdd_db_service *s, mdd_uds_message_kind kind,
                  const uint8_t *req, size_t req_len, uint8_t *out, size_t *len)
{
    enum { MAX_PARAMS = 256 };
    char names[MAX_PARAMS][128];
    size_t tried[MAX_PARAMS];
    size_t params = 0;
    mdd_uds_message m = {kind, 0};
    for (int attempt = 0; attempt < 4 * MAX_PARAMS; attempt++) {
        char json[16384] = "{";
        size_t at = 1;
        for (size_t i = 0; i < params; i++)
            at += (size_t)snprintf(json + at, sizeof json - at, "%s\"%s\":%s", i ? "," : "",
                                   names[i], candidates[tried[i]]);
        at += (size_t)snprintf(json + at, sizeof json - at, "}");
        mdd_error err;
        if (mdd_uds_encode(layer, s, &m, req, req_len, json, at, NULL, out, 256, len, &err) ==
            MDD_OK)
            return 0;
        char name[128];
        if (!error_param(err.message, name, sizeof name))
            return -1;
        size_t i = 0;
        while (i < params && strcmp(names[i], name) != 0)
            i++;
        if (i == params) {
            if (params == MAX_PARAMS)
                return -1;
            memcpy(names[params], name, sizeof name);
            tried[params++] = 0;
        } else if (++tried[i] == CANDIDATES) {
            return -1;
        }
    }
    return -1;
}

static void hex(char *out, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/* The exchange of service s, when both messages encode and the response decodes again. */
static void add_service(pool *p, const char *ecu, const mdd_db_layer *layer,
                        const mdd_db_service *s)
{
    uint8_t req[256], resp[256];
    size_t req_len, resp_len;
    mdd_error err;
    p->services++;
    if (encode(layer, s, MDD_UDS_REQUEST, NULL, 0, req, &req_len) != 0 ||
        encode(layer, s, MDD_UDS_POSITIVE, req, req_len, resp, &resp_len) != 0 ||
        mdd_uds_decode(layer, req, req_len, resp, resp_len, NULL, NULL, NULL, &err) != MDD_OK) {
        p->skipped++;
        return;
    }
    if (p->count == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 1024;
        p->items = realloc(p->items, p->cap * sizeof *p->items);
        if (!p->items)
            exit(1);
    }
    char rq[513], rs[513];
    hex(rq, req, req_len);
    hex(rs, resp, resp_len);
    snprintf(p->items[p->count++].line, sizeof p->items->line,
             "{\"ecu\":\"%s\",\"request\":\"%s\",\"response\":\"%s\"", ecu, rq, rs);
}

static void add_ecu(pool *p, const mdd_db_ecu *ecu)
{
    const mdd_db_layer *layer = mdd_db_ecu_base_variant(ecu);
    mdd_bytes name = mdd_db_ecu_name(ecu);
    char ecu_name[256];
    if (!layer || !mdd_db_ecu_is_default(ecu) || name.len >= sizeof ecu_name)
        return;
    memcpy(ecu_name, name.ptr, name.len);
    ecu_name[name.len] = '\0';
    for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++) {
        mdd_db_service s = mdd_db_layer_service_at(layer, i);
        add_service(p, ecu_name, layer, &s);
    }
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: bench_batch_log DIR RECORDS [SEED]\n");
        return 2;
    }
    uint64_t records = strtoull(argv[2], NULL, 10);
    uint64_t state = argc == 4 ? strtoull(argv[3], NULL, 10) : 1;
    mdd_db *db;
    mdd_error err;
    if (mdd_db_open_dir(argv[1], NULL, &db, &err) != MDD_OK) {
        fprintf(stderr, "bench_batch_log: %s\n", err.message);
        return 1;
    }
    pool p = {0};
    for (size_t i = 0; i < mdd_db_ecu_count(db); i++)
        add_ecu(&p, mdd_db_ecu_at(db, i));
    fprintf(stderr, "bench_batch_log: %zu exchanges from %zu services (%zu did not encode)\n",
            p.count, p.services, p.skipped);
    if (p.count == 0)
        return 1;
    state = state * 0x9E3779B97F4A7C15u + 1;
    for (uint64_t i = 0; i < records; i++) {
        /* xorshift64*: uniform enough for drawing exchanges. */
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        uint64_t r = state * 0x2545F4914F6CDD1Du;
        printf("%s,\"t\":%" PRIu64 "}\n", p.items[(r >> 11) % p.count].line, i);
    }
    free(p.items);
    mdd_db_close(db);
    return ferror(stdout) ? 1 : 0;
}
