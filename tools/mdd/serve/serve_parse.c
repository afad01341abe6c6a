/* SPDX-License-Identifier: Apache-2.0 */
/* The request target, parsed with no request object: the path split into percent-decoded
 * segments, the route of the table they match, and the query's parameters, parsed one way
 * for every route against what its entry declares, then read by the route (a lookup's
 * request, a services query, a DTC's code). The checks against the server's tables (does the
 * ECU, the variant exist) stay with the handlers; an error found here says which of them it
 * waits for, so that answers keep their order. */
#include "cli_db.h"
#include "serve_parse.h"

#include <event2/http.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parameters each route takes, NULL-terminated. */
static const char *const no_params[] = {NULL};
static const char *const lookup_params[] = {"request", "variant", NULL};
static const char *const services_params[] = {"variant", "group", "name", "sid",
                                              "subfunction", "class", "semantic", NULL};
static const char *const comparams_params[] = {"variant", "protocol", NULL};
static const char *const facts_params[] = {"variant", "service", NULL};
static const char *const jobs_params[] = {"variant", NULL};
static const char *const decode_params[] = {"request", "response", "variant", "group", "view",
                                            NULL};
static const char *const diff_params[] = {"a", "b", NULL};
static const char *const encode_params[] = {"service", "params", "variant", "group", NULL};
static const char *const describe_params[] = {"message", "index", "variant", "group", NULL};
static const char *const layer_params[] = {"variant", "group", NULL};

/* Every route, in the order docs/cli.md lists them. */
static const serve_route_spec routes[] = {
    {"/", SERVE_ROUTE_PAGE, 0, no_params},
    {"/ui/{name}", SERVE_ROUTE_PAGE, 0, no_params},
    {"/health", SERVE_ROUTE_HEALTH, 0, no_params},
    {"/metrics", SERVE_ROUTE_METRICS, 0, no_params},
    {"/ecus", SERVE_ROUTE_ECUS, 0, no_params},
    {"/diff", SERVE_ROUTE_DIFF, 0, diff_params},
    {"/ecus/{ecu}", SERVE_ROUTE_ECU, 0, no_params},
    {"/ecus/{ecu}/lookup", SERVE_ROUTE_LOOKUP, 0, lookup_params},
    {"/ecus/{ecu}/services", SERVE_ROUTE_SERVICES, 0, services_params},
    {"/ecus/{ecu}/services/{name}/schema", SERVE_ROUTE_DESCRIBE, 0, describe_params},
    {"/ecus/{ecu}/services/{name}/layout", SERVE_ROUTE_DESCRIBE, 0, describe_params},
    {"/ecus/{ecu}/sovd", SERVE_ROUTE_SOVD, 0, layer_params},
    {"/ecus/{ecu}/dtcs", SERVE_ROUTE_DTCS, 0, no_params},
    {"/ecus/{ecu}/dtcs/{code}", SERVE_ROUTE_DTC, 0, no_params},
    {"/ecus/{ecu}/comparams", SERVE_ROUTE_COMPARAMS, 0, comparams_params},
    {"/ecus/{ecu}/states", SERVE_ROUTE_STATES, 0, facts_params},
    {"/ecus/{ecu}/sdgs", SERVE_ROUTE_SDGS, 0, facts_params},
    {"/ecus/{ecu}/jobs", SERVE_ROUTE_JOBS, 0, jobs_params},
    {"/ecus/{ecu}/decode", SERVE_ROUTE_UDS, 0, decode_params},
    {"/ecus/{ecu}/encode", SERVE_ROUTE_UDS, 1, encode_params},
    {"/ecus/{ecu}/identify", SERVE_ROUTE_UDS, 0, NULL},
    {"/ecus/{ecu}/chunks", SERVE_ROUTE_CHUNKS, 0, no_params},
    {"/ecus/{ecu}/chunks/{name}", SERVE_ROUTE_CHUNK_DATA, 0, no_params},
    {"/updates", SERVE_ROUTE_UPDATES, 0, no_params},
    {"/updates/files/{name}", SERVE_ROUTE_UPDATE_FILE, 0, no_params},
    {"/updates/ecus/{ecu}", SERVE_ROUTE_UPDATE_ECU, 0, no_params},
    {"/updates/apply", SERVE_ROUTE_UPDATE_APPLY, 0, no_params},
    {"/updates/rollback", SERVE_ROUTE_UPDATE_ROLLBACK, 0, no_params},
    {"/updates/cleanup", SERVE_ROUTE_UPDATE_CLEANUP, 0, no_params},
};

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

/* A copy of text[0..len) percent-decoded ('+' a space when plus), or NULL when out of memory;
 * *has_nul tells whether it decoded to a NUL byte. */
static char *decode(const char *text, size_t len, int plus, int *has_nul)
{
    char *raw = strndup(text, len);
    size_t decoded_len = 0;
    char *decoded = raw ? evhttp_uridecode(raw, plus, &decoded_len) : NULL;
    free(raw);
    *has_nul = decoded && strlen(decoded) != decoded_len;
    return decoded;
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
        int has_nul;
        char *decoded = decode(p, len, 0, &has_nul);
        if (!decoded) {
            fail_memory(t);
            return -1;
        }
        if (has_nul) {
            free(decoded);
            fail(t, 400, SERVE_ERROR_AT_ONCE, "the path holds a NUL byte");
            return -1;
        }
        t->segments[t->segment_count++] = decoded;
        p += len + (end ? 1 : 0);
        if (end && !*p)
            goto not_found; /* a trailing slash */
    }
    if (t->segment_count > 0 || path[1] == '\0') /* "/" is the page's */
        return 0;
not_found:
    fail(t, 404, SERVE_ERROR_AT_ONCE, "no such resource");
    return -1;
}

/* Whether the route takes the parameter key. */
static int takes_param(const serve_route_spec *r, const char *key)
{
    if (!r->params)
        return 1;
    for (size_t i = 0; r->params[i]; i++)
        if (strcmp(r->params[i], key) == 0)
            return 1;
    return 0;
}

/* Adds the parameter text[0..len) ("KEY=VALUE") to out. Returns 0, or the status after
 * writing why to message. */
static int add_param(const serve_route_spec *r, const char *text, size_t len, serve_params *out,
                     char *message, size_t size)
{
    const char *equals = memchr(text, '=', len);
    if (!equals) {
        snprintf(message, size, "a malformed query string");
        return 400;
    }
    if (out->count == SERVE_MAX_PARAMS) {
        snprintf(message, size, "more than %d parameters", SERVE_MAX_PARAMS);
        return 400;
    }
    int key_nul, value_nul;
    char *key = decode(text, (size_t)(equals - text), 1, &key_nul);
    char *value = decode(equals + 1, len - (size_t)(equals - text) - 1, 1, &value_nul);
    out->keys[out->count] = key;
    out->values[out->count] = value;
    out->count += key || value ? 1 : 0;
    if (!key || !value) {
        snprintf(message, size, "out of memory");
        return 500;
    }
    if (key_nul || value_nul) {
        snprintf(message, size, "the query holds a NUL byte");
        return 400;
    }
    if (!takes_param(r, key)) {
        snprintf(message, size, "unknown parameter '%s'", key);
        return 400;
    }
    for (size_t i = 0; i + 1 < out->count; i++)
        if (out->keys[i] && strcmp(out->keys[i], key) == 0) {
            snprintf(message, size, "repeated parameter '%s'", key);
            return 400;
        }
    return 0;
}

int serve_params_parse(const serve_route_spec *r, const char *query, serve_params *out,
                       char *message, size_t size)
{
    *out = (serve_params){0};
    if (!query || !*query)
        return 0;
    for (const char *p = query;; p++) {
        const char *end = strchr(p, '&');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int status = add_param(r, p, len, out, message, size);
        if (status)
            return status;
        if (!end)
            return 0;
        p = end;
    }
}

const char *serve_param(const serve_params *p, const char *key)
{
    for (size_t i = 0; i < p->count; i++)
        if (strcmp(p->keys[i], key) == 0)
            return p->values[i];
    return NULL;
}

void serve_params_free(serve_params *p)
{
    for (size_t i = 0; i < p->count; i++) {
        free(p->keys[i]);
        free(p->values[i]);
    }
    *p = (serve_params){0};
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
    if (cli_db_parse_hex(hex, t->request) != 0) {
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

/* The text parameter key into *out (left NULL when absent). Returns 0, or -1 after failing t
 * for an empty one: "an empty KEY NOUN". */
static int text_param(serve_target *t, const char *key, const char *noun, const char **out)
{
    const char *value = serve_param(&t->params, key);
    if (value && !*value) {
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "an empty %s %s", key, noun);
        return -1;
    }
    *out = value;
    return 0;
}

/* A byte parameter (two hex digits) into *byte, setting *given; 0, or -1 after failing t. */
static int byte_param(serve_target *t, const char *key, int *given, uint8_t *byte)
{
    const char *value = serve_param(&t->params, key);
    if (!value)
        return 0;
    *given = 1;
    if (cli_db_parse_byte(value, byte) == 0)
        return 0;
    fail(t, 400, SERVE_ERROR_AFTER_ECU, "%s '%s' is not a byte in hex (two hex digits)", key,
         value);
    return -1;
}

/* The services' parameters: a variant or a group, and the criteria. */
static void read_services_params(serve_target *t)
{
    mdd_db_service_query *c = &t->query;
    int rc = text_param(t, "variant", "parameter", &t->variant);
    rc = rc ? rc : text_param(t, "group", "parameter", &t->group);
    rc = rc ? rc : text_param(t, "name", "parameter", &c->name);
    rc = rc ? rc : text_param(t, "class", "parameter", &c->funct_class);
    rc = rc ? rc : text_param(t, "semantic", "parameter", &c->semantic);
    rc = rc ? rc : byte_param(t, "sid", &c->has_sid, &c->sid);
    rc = rc ? rc : byte_param(t, "subfunction", &c->has_subfunction, &c->subfunction);
    if (rc == 0 && t->variant && t->group)
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "a variant and a group: name one of them");
}

/* A variant or a group, not both. */
static int read_layer_params(serve_target *t)
{
    int rc = text_param(t, "variant", "parameter", &t->variant);
    rc = rc ? rc : text_param(t, "group", "parameter", &t->group);
    if (rc == 0 && t->variant && t->group) {
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "a variant and a group: name one of them");
        rc = -1;
    }
    return rc;
}

/* A service's message: message=request|response|negative (default request), index=N. */
static void read_describe_params(serve_target *t)
{
    static const char *const kinds[] = {"request", "response", "negative"};
    const char *message = serve_param(&t->params, "message");
    const char *index = serve_param(&t->params, "index");
    uint64_t n = 0;
    t->service = t->segments[3];
    t->message_kind = 1;
    for (int i = 0; message && i < 3; i++)
        if (strcmp(message, kinds[i]) == 0)
            t->message_kind = i + 1;
    if (message && strcmp(message, kinds[t->message_kind - 1]) != 0)
        fail(t, 400, SERVE_ERROR_AFTER_ECU,
             "message '%s' is none of request, response and negative", message);
    else if (index && cli_parse_uint(index, UINT32_MAX, &n) != 0)
        fail(t, 400, SERVE_ERROR_AFTER_ECU, "index '%s' is not a number", index);
    else
        read_layer_params(t);
    t->message_index = (uint32_t)n;
}

/* The two ECUs a comparison names: a and b, both needed. */
static void read_diff_params(serve_target *t)
{
    t->diff_a = serve_param(&t->params, "a");
    t->diff_b = serve_param(&t->params, "b");
    if (!t->diff_a || !t->diff_b || !*t->diff_a || !*t->diff_b)
        fail(t, 400, SERVE_ERROR_AT_ONCE, "a comparison names two ECUs: a=NAME&b=NAME");
}

/* What the route reads of its parameters and its path, once they parsed. */
static void read_route(serve_target *t)
{
    serve_route_kind k = t->route;
    if (k == SERVE_ROUTE_LOOKUP) {
        if (text_param(t, "variant", "name", &t->variant) == 0)
            parse_request(t, serve_param(&t->params, "request"));
    } else if (k == SERVE_ROUTE_COMPARAMS) {
        if (text_param(t, "variant", "name", &t->variant) == 0)
            text_param(t, "protocol", "name", &t->protocol);
    } else if (k == SERVE_ROUTE_STATES || k == SERVE_ROUTE_SDGS || k == SERVE_ROUTE_JOBS) {
        if (text_param(t, "variant", "name", &t->variant) == 0)
            text_param(t, "service", "name", &t->service);
    } else if (k == SERVE_ROUTE_SERVICES) {
        read_services_params(t);
    } else if (k == SERVE_ROUTE_DESCRIBE) {
        read_describe_params(t);
    } else if (k == SERVE_ROUTE_SOVD) {
        read_layer_params(t);
    } else if (k == SERVE_ROUTE_DIFF) {
        read_diff_params(t);
    } else if (k == SERVE_ROUTE_PAGE) {
        t->name = t->segment_count ? t->segments[1] : "index.html";
    } else if (k == SERVE_ROUTE_CHUNK_DATA) {
        t->name = t->segments[3];
    } else if (k == SERVE_ROUTE_DTC && cli_db_parse_dtc_code(t->segments[3], &t->code) != 0) {
        fail(t, 400, SERVE_ERROR_AFTER_ECU,
             "'%s' is not a trouble code (decimal, or hex after 0x)", t->segments[3]);
    }
}

/* Whether t's segments match the route's path, whose {NAME} segments match any. */
static int route_matches(const serve_route_spec *r, const serve_target *t)
{
    if (strcmp(r->path, "/") == 0)
        return t->segment_count == 0;
    const char *p = r->path;
    for (size_t i = 0; i < t->segment_count; i++) {
        if (*p++ != '/')
            return 0;
        size_t len = strcspn(p, "/");
        if (!(p[0] == '{' || (strlen(t->segments[i]) == len && memcmp(p, t->segments[i], len) == 0)))
            return 0;
        p += len;
    }
    return *p == '\0';
}

void serve_parse_target(const char *path, const char *query, serve_target *out)
{
    *out = (serve_target){.status = 200};
    if (split_path(path, out) != 0)
        return;
    /* Under /ecus/{ecu} a missing ECU is answered before anything else is wrong. */
    int under_ecu = out->segment_count >= 2 && strcmp(out->segments[0], "ecus") == 0;
    serve_error_stage stage = under_ecu ? SERVE_ERROR_AFTER_ECU : SERVE_ERROR_AT_ONCE;
    if (under_ecu)
        out->ecu = out->segments[1];
    for (size_t i = 0; i < sizeof routes / sizeof routes[0] && !out->spec; i++)
        if (route_matches(&routes[i], out))
            out->spec = &routes[i];
    if (!out->spec) {
        fail(out, 404, stage, "no such resource");
        return;
    }
    out->route = out->spec->kind;
    char message[SERVE_MESSAGE_MAX];
    int status = serve_params_parse(out->spec, query, &out->params, message, sizeof message);
    if (status)
        fail(out, status, stage, "%s", message);
    else
        read_route(out);
}

void serve_target_free(serve_target *t)
{
    for (size_t i = 0; i < t->segment_count; i++)
        free(t->segments[i]);
    free(t->request);
    serve_params_free(&t->params);
    *t = (serve_target){0};
}
