/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzzes mdd serve's request target parsing. Input: a path, then '?' or a NUL byte, then a
 * query (none when the input has neither). The parse must be consistent: an error has a
 * status and a message, a success names a route of the table with the segments and values it
 * needs and only parameters it takes, each once; a lookup's request round-trips through its
 * hex; everything it allocated is freed. */
#include "cli_db.h"
#include "serve/serve_parse.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok)
{
    if (!ok)
        abort();
}

/* Routes that name an ECU, and the segments each has. */
static size_t ecu_route_segments(serve_route_kind route)
{
    switch (route) {
    case SERVE_ROUTE_ECU: return 2;
    case SERVE_ROUTE_LOOKUP:
    case SERVE_ROUTE_CHUNKS:
    case SERVE_ROUTE_SERVICES:
    case SERVE_ROUTE_COMPARAMS:
    case SERVE_ROUTE_STATES:
    case SERVE_ROUTE_SDGS:
    case SERVE_ROUTE_JOBS:
    case SERVE_ROUTE_SOVD:
    case SERVE_ROUTE_DTCS:
    case SERVE_ROUTE_UDS: return 3;
    case SERVE_ROUTE_CHUNK_DATA:
    case SERVE_ROUTE_DTC: return 4;
    case SERVE_ROUTE_DESCRIBE: return 5;
    default: return 0;
    }
}

/* The segments of a route that names no ECU: /updates/..., the page's files and the
 * top-level ones. */
static size_t other_route_segments(const serve_target *t)
{
    switch (t->route) {
    case SERVE_ROUTE_PAGE: return t->segment_count == 0 ? 0 : 2;
    case SERVE_ROUTE_UPDATE_APPLY:
    case SERVE_ROUTE_UPDATE_ROLLBACK:
    case SERVE_ROUTE_UPDATE_CLEANUP: return 2;
    case SERVE_ROUTE_UPDATE_FILE:
    case SERVE_ROUTE_UPDATE_ECU: return 3;
    default: return 1;
    }
}

static void check_error(const serve_target *t)
{
    check(t->status == 400 || t->status == 404 || t->status == 500);
    check(t->message[0] != '\0');
    check(strlen(t->message) < sizeof t->message);
    if (t->stage == SERVE_ERROR_AFTER_ECU)
        check(t->ecu != NULL);
    if (t->stage == SERVE_ERROR_AFTER_VARIANT)
        check(t->route == SERVE_ROUTE_LOOKUP && t->request_hex == NULL);
}

static void check_lookup(const serve_target *t, const char *query)
{
    check(query != NULL && t->request != NULL && t->request_len > 0);
    /* Decoding never lengthens: two query characters at least per byte. */
    check(2 * t->request_len <= strlen(query));
    check(strlen(t->request_hex) == 2 * t->request_len);
    check(strspn(t->request_hex, "0123456789abcdef") == 2 * t->request_len);
    uint8_t *again = malloc(t->request_len);
    check(again != NULL);
    check(cli_db_parse_hex(t->request_hex, again) == 0);
    check(memcmp(again, t->request, t->request_len) == 0);
    free(again);
    check(t->variant == NULL || t->variant[0] != '\0');
}

/* Whether the route takes the parameter key. */
static int route_takes(const serve_route_spec *r, const char *key)
{
    for (size_t i = 0; r->params && r->params[i]; i++)
        if (strcmp(r->params[i], key) == 0)
            return 1;
    return r->params == NULL;
}

/* The parameters of a parsed query: each one the route takes, once. */
static void check_params(const serve_target *t)
{
    const serve_params *p = &t->params;
    check(p->count <= SERVE_MAX_PARAMS);
    for (size_t i = 0; i < p->count; i++) {
        check(p->keys[i] != NULL && p->values[i] != NULL);
        check(route_takes(t->spec, p->keys[i]));
        check(serve_param(p, p->keys[i]) == p->values[i]);
    }
}

static void check_success(const serve_target *t, const char *query)
{
    check(t->message[0] == '\0' && t->route != SERVE_ROUTE_NONE);
    check(t->spec != NULL && t->spec->kind == t->route);
    check_params(t);
    size_t want = ecu_route_segments(t->route);
    check(want ? t->segment_count == want && t->ecu == t->segments[1]
               : t->segment_count == other_route_segments(t) && t->ecu == NULL);
    check(t->route != SERVE_ROUTE_CHUNK_DATA || t->name == t->segments[3]);
    check(t->route != SERVE_ROUTE_PAGE ||
          (t->segment_count ? t->name == t->segments[1] : strcmp(t->name, "index.html") == 0));
    check(t->route != SERVE_ROUTE_DIFF || (t->diff_a && t->diff_a[0] && t->diff_b && t->diff_b[0]));
    if (t->route == SERVE_ROUTE_LOOKUP) {
        check_lookup(t, query);
    } else if ((want == 3 && t->route != SERVE_ROUTE_CHUNKS) || t->route == SERVE_ROUTE_DESCRIBE) {
        /* The queries by name: a name parameter is absent or not empty. */
        check(t->request == NULL && t->request_len == 0);
        check(!t->variant || t->variant[0]);
        check(!t->group || t->group[0]);
        check(!t->protocol || t->protocol[0]);
        check(!t->service || t->service[0]);
        check(!(t->variant && t->group));
    } else {
        check(t->variant == NULL && t->request == NULL && t->request_len == 0);
    }
    if (t->route == SERVE_ROUTE_DTC) {
        uint32_t code;
        check(cli_db_parse_dtc_code(t->segments[3], &code) == 0 && code == t->code);
    }
}

static void check_target(const serve_target *t, const char *path, const char *query)
{
    check(t->segment_count <= SERVE_MAX_SEGMENTS);
    for (size_t i = 0; i < t->segment_count; i++) {
        /* Decoded segments are non-empty and no longer than the path they came from. */
        check(t->segments[i] != NULL && t->segments[i][0] != '\0');
        check(strlen(t->segments[i]) < strlen(path));
    }
    if (t->status == 200)
        check_success(t, query);
    else
        check_error(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *path = malloc(size + 1);
    if (!path)
        return 0;
    memcpy(path, data, size);
    path[size] = '\0';
    /* The path ends at the first '?' or NUL; what follows, to the next NUL, is the query. */
    size_t path_len = strcspn(path, "?");
    const char *query = NULL;
    if (path_len < size) {
        path[path_len] = '\0';
        query = path + path_len + 1;
    }
    serve_target t;
    serve_parse_target(path, query, &t);
    check_target(&t, path, query);
    serve_target_free(&t);
    free(path);
    return 0;
}
