/* SPDX-License-Identifier: Apache-2.0 */
/* The request target, parsed with no request object: the path split into percent-decoded
 * segments, the route they name, a lookup's, a services query's, the ComParams' or a fact's query and a DTC's
 * code. The checks against the server's tables (does the ECU, the variant exist) stay with the
 * handlers; an error found here says which of them it waits for, so that answers keep their
 * order. */
#include "serve.h"

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(serve_target *t, int status, serve_error_stage stage, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void fail(serve_target *t, int status, serve_error_stage stage, const char *fmt, ...)
{
    t->status = status;
    t->stage = stage;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->message, sizeof t->message, fmt, ap);
    va_end(ap);
}

static void fail_memory(serve_target *t)
{
    fail(t, 500, SERVE_ERROR_AT_ONCE, "out of memory");
}

/* Splits path ("/a/b") into decoded segments. Returns 0, or -1 after failing t: 404 for a
 * path with an empty segment or more than SERVE_MAX_SEGMENTS of them, 400 for one that
 * decodes to a NUL byte (the first such fault from the left decides). */
static int split_path(const char *path, serve_target *t)
{
    if (!path || path[0] != '/')
        goto not_found;
    const char *p = path + 1;
    while (*p) {
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == 0 || t->segment_count == SERVE_MAX_SEGMENTS)
            goto not_found;
        char *raw = strndup(p, len);
        size_t decoded_len = 0;
        char *decoded = raw ? evhttp_uridecode(raw, 0, &decoded_len) : NULL;
        free(raw);
        if (!decoded) {
            fail_memory(t);
            return -1;
        }
        if (strlen(decoded) != decoded_len) {
            free(decoded);
            fail(t, 400, SERVE_ERROR_AT_ONCE, "the path holds a NUL byte");
            return -1;
        }
        t->segments[t->segment_count++] = decoded;
        p += len + (end ? 1 : 0);
        if (end && !*p)
            goto not_found; /* a trailing slash */
    }
    if (t->segment_count > 0)
        return 0;
not_found:
    fail(t, 404, SERVE_ERROR_AT_ONCE, "no such resource");
    return -1;
}

/* The request parameter: an even number of hex digits, kept as bytes and lowercase hex. */
static void parse_request(serve_target *t, const char *hex)
{
    if (!hex) {
        fail(t, 400, SERVE_ERROR_AFTER_VARIANT, "no request parameter (a UDS request in hex)");
        return;
    }
    size_t len = strlen(hex) / 2;
    t->request = malloc(len * 3 + 1);
    if (!t->request) {
        fail_memory(t);
        return;
    }
    if (db_parse_hex(hex, t->request) != 0) {
        fail(t, 400, SERVE_ERROR_AFTER_VARIANT,
             "'%s' is not a request in hex (pairs of hex digits)", hex);
        return;
    }
    static const char digits[] = "0123456789abcdef";
    t->request_len = len;
    t->request_hex = (char *)t->request + len;
    for (size_t i = 0; i < len; i++) {
        t->request_hex[2 * i] = digits[t->request[i] >> 4];
        t->request_hex[2 * i + 1] = digits[t->request[i] & 15];
    }
    t->request_hex[2 * len] = '\0';
}

/* Fails t with 400 for a parameter of q that allowed (NULL-terminated) does not list. Returns
 * 0, or -1 after failing t. */
static int only_params(serve_target *t, const struct evkeyvalq *q, const char *const *allowed)
{
    for (const struct evkeyval *kv = q->tqh_first; kv; kv = kv->next.tqe_next) {
        size_t i = 0;
        while (allowed[i] && strcmp(kv->key, allowed[i]) != 0)
            i++;
        if (!allowed[i]) {
            fail(t, 400, SERVE_ERROR_AFTER_ECU, "unknown parameter '%s'", kv->key);
            return -1;
        }
    }
    return 0;
}

/* Copies the name parameter key of q to *out (left NULL when absent). Returns 0, or -1 after
 * failing t: 400 for an empty name. */
static int name_param(serve_target *t, const struct evkeyvalq *q, const char *key, char **out)
{
    const char *value = evhttp_find_header(q, key);
    if (value && !*value) {
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "an empty %s name", key);
        return -1;
    }
    if (value && !(*out = strdup(value))) {
        fail_memory(t);
        return -1;
    }
    return 0;
}

/* The lookup's parameters from q: request=HEX and variant=V, nothing else. */
static void parse_lookup_params(serve_target *t, const struct evkeyvalq *q)
{
    static const char *const allowed[] = {"request", "variant", NULL};
    if (only_params(t, q, allowed) == 0 && name_param(t, q, "variant", &t->variant) == 0)
        parse_request(t, evhttp_find_header(q, "request"));
}

/* A copy of parameter key's value in q into *out when it is there; 0, or -1 after failing t
 * for an empty value or no memory. */
static int copy_param(serve_target *t, const struct evkeyvalq *q, const char *key, char **out)
{
    const char *value = evhttp_find_header(q, key);
    if (!value)
        return 0;
    if (!*value) {
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "an empty %s parameter", key);
        return -1;
    }
    if (!(*out = strdup(value))) {
        fail_memory(t);
        return -1;
    }
    return 0;
}

/* A byte parameter (two hex digits) into *byte, setting *given; 0, or -1 after failing t. */
static int byte_param(serve_target *t, const struct evkeyvalq *q, const char *key, int *given,
                      uint8_t *byte)
{
    const char *value = evhttp_find_header(q, key);
    if (!value)
        return 0;
    *given = 1;
    if (db_parse_byte(value, byte) == 0)
        return 0;
    fail(t, 400, SERVE_ERROR_AFTER_ECU, "%s '%s' is not a byte in hex (two hex digits)", key,
         value);
    return -1;
}

/* The services' parameters from q: a variant or a group, and the criteria. */
static void parse_services_params(serve_target *t, const struct evkeyvalq *q)
{
    static const char *const known[] = {"variant", "group", "name", "sid",
                                        "subfunction", "class", "semantic"};
    for (const struct evkeyval *kv = q->tqh_first; kv; kv = kv->next.tqe_next) {
        size_t i = 0;
        while (i < sizeof known / sizeof known[0] && strcmp(kv->key, known[i]) != 0)
            i++;
        if (i == sizeof known / sizeof known[0]) {
            fail(t, 400, SERVE_ERROR_AFTER_ECU, "unknown parameter '%s'", kv->key);
            return;
        }
    }
    mdd_db_service_query *c = &t->query;
    char *name = NULL, *funct_class = NULL, *semantic = NULL;
    int rc = copy_param(t, q, "variant", &t->variant);
    rc = rc ? rc : copy_param(t, q, "group", &t->group);
    rc = rc ? rc : copy_param(t, q, "name", &name);
    c->name = name;
    rc = rc ? rc : copy_param(t, q, "class", &funct_class);
    c->funct_class = funct_class;
    rc = rc ? rc : copy_param(t, q, "semantic", &semantic);
    c->semantic = semantic;
    rc = rc ? rc : byte_param(t, q, "sid", &c->has_sid, &c->sid);
    rc = rc ? rc : byte_param(t, q, "subfunction", &c->has_subfunction, &c->subfunction);
    if (rc == 0 && t->variant && t->group)
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "a variant and a group: name one of them");
}

/* The ComParams' parameters from q: variant=V and protocol=P, both optional. */
static void parse_comparams_params(serve_target *t, const struct evkeyvalq *q)
{
    static const char *const allowed[] = {"variant", "protocol", NULL};
    if (only_params(t, q, allowed) == 0 && name_param(t, q, "variant", &t->variant) == 0)
        name_param(t, q, "protocol", &t->protocol);
}

/* The facts' parameters from q: variant=V and, but for jobs, service=S. */
static void parse_facts_params(serve_target *t, const struct evkeyvalq *q)
{
    static const char *const with_service[] = {"variant", "service", NULL};
    static const char *const without[] = {"variant", NULL};
    if (only_params(t, q, t->route == SERVE_ROUTE_JOBS ? without : with_service) == 0 &&
        name_param(t, q, "variant", &t->variant) == 0)
        name_param(t, q, "service", &t->service);
}

/* Parses the query string (NULL for none) and hands it to params. */
static void parse_query(serve_target *t, const char *query,
                        void (*params)(serve_target *t, const struct evkeyvalq *q))
{
    struct evkeyvalq q;
    if (evhttp_parse_query_str(query ? query : "", &q) != 0) {
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "a malformed query string");
        return;
    }
    params(t, &q);
    evhttp_clear_headers(&q);
}

static void parse_dtc(serve_target *t, const char *code)
{
    if (db_parse_dtc_code(code, &t->code) != 0)
        fail(t, 400, SERVE_ERROR_AFTER_ECU,
             "'%s' is not a trouble code (decimal, or hex after 0x)", code);
}

/* The routes under /ecus/{ecu}. */
static void route_ecu(serve_target *t, const char *query)
{
    size_t n = t->segment_count;
    const char *what = n > 2 ? t->segments[2] : "";
    t->ecu = t->segments[1];
    if (n == 2)
        t->route = SERVE_ROUTE_ECU;
    else if (n == 3 && strcmp(what, "lookup") == 0)
        t->route = SERVE_ROUTE_LOOKUP;
    else if (n == 3 && strcmp(what, "chunks") == 0)
        t->route = SERVE_ROUTE_CHUNKS;
    else if (n == 4 && strcmp(what, "chunks") == 0)
        t->route = SERVE_ROUTE_CHUNK_DATA;
    else if (n == 4 && strcmp(what, "dtcs") == 0)
        t->route = SERVE_ROUTE_DTC;
    else if (n == 3 && strcmp(what, "comparams") == 0)
        t->route = SERVE_ROUTE_COMPARAMS;
    else if (n == 3 && strcmp(what, "states") == 0)
        t->route = SERVE_ROUTE_STATES;
    else if (n == 3 && strcmp(what, "sdgs") == 0)
        t->route = SERVE_ROUTE_SDGS;
    else if (n == 3 && strcmp(what, "jobs") == 0)
        t->route = SERVE_ROUTE_JOBS;
    else if (n == 3 && strcmp(what, "services") == 0)
        t->route = SERVE_ROUTE_SERVICES;
    else if (n == 3 && (strcmp(what, "decode") == 0 || strcmp(what, "encode") == 0 ||
                        strcmp(what, "identify") == 0))
        t->route = SERVE_ROUTE_UDS;
    else
        fail(t, 404, SERVE_ERROR_AFTER_ECU, "no such resource");
    if (t->route == SERVE_ROUTE_LOOKUP)
        parse_query(t, query, parse_lookup_params);
    else if (t->route == SERVE_ROUTE_COMPARAMS)
        parse_query(t, query, parse_comparams_params);
    else if (t->route == SERVE_ROUTE_STATES || t->route == SERVE_ROUTE_SDGS ||
             t->route == SERVE_ROUTE_JOBS)
        parse_query(t, query, parse_facts_params);
    else if (t->route == SERVE_ROUTE_SERVICES)
        parse_query(t, query, parse_services_params);
    else if (t->route == SERVE_ROUTE_CHUNK_DATA)
        t->name = t->segments[3];
    else if (t->route == SERVE_ROUTE_DTC)
        parse_dtc(t, t->segments[3]);
}

void serve_parse_target(const char *path, const char *query, serve_target *out)
{
    *out = (serve_target){.status = 200};
    if (split_path(path, out) != 0)
        return;
    const char *first = out->segments[0];
    int single = out->segment_count == 1;
    if (single && strcmp(first, "health") == 0)
        out->route = SERVE_ROUTE_HEALTH;
    else if (single && strcmp(first, "metrics") == 0)
        out->route = SERVE_ROUTE_METRICS;
    else if (single && strcmp(first, "ecus") == 0)
        out->route = SERVE_ROUTE_ECUS;
    else if (strcmp(first, "ecus") == 0)
        route_ecu(out, query);
    else
        fail(out, 404, SERVE_ERROR_AT_ONCE, "no such resource");
}

void serve_target_free(serve_target *t)
{
    for (size_t i = 0; i < t->segment_count; i++)
        free(t->segments[i]);
    free(t->variant);
    free(t->protocol);
    free(t->service);
    free(t->request);
    free(t->group);
    /* The target made these copies: the query's const only promises not to change them. */
    free((char *)t->query.name);
    free((char *)t->query.funct_class);
    free((char *)t->query.semantic);
    *t = (serve_target){0};
}
