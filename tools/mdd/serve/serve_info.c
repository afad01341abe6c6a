/* SPDX-License-Identifier: Apache-2.0 */
/* The endpoints answered from the startup tables and the server's counters: none of them
 * reads a payload. */
#include "json.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_tables.h"

#include <mdd_internal/os.h>

#include <stdio.h>
#include <stdlib.h>

static void optional_cstring(json_writer *j, const char *s)
{
    if (s)
        json_cstring(j, s);
    else
        json_null(j);
}

void serve_get_health(serve_server *s, struct evhttp_request *req)
{
    serve_body b;
    if (serve_body_start(s, req, &b) != 0)
        return;
    json_object_begin(&b.json);
    json_key(&b.json, "status");
    json_cstring(&b.json, "ok");
    json_object_end(&b.json);
    serve_reply_json(s, req, 200, &b);
}

/* An ECU in the list of /ecus. */
static void ecu_counts(json_writer *j, const serve_ecu *e)
{
    json_key(j, "name");
    json_cstring(j, e->name);
    json_key(j, "path");
    json_cstring(j, e->path);
    json_key(j, "default");
    json_bool(j, e->is_default);
    json_key(j, "revision");
    optional_cstring(j, e->revision);
    json_key(j, "services");
    json_uint(j, e->base_variant < e->variant_count ? e->variants[e->base_variant].services : 0);
    json_key(j, "variants");
    json_uint(j, e->variant_count);
    json_key(j, "functional_groups");
    json_uint(j, e->group_count);
    json_key(j, "dtcs");
    json_uint(j, e->dtc_count);
    json_key(j, "chunks");
    json_uint(j, e->chunk_count);
}

void serve_get_ecus(serve_server *s, struct evhttp_request *req)
{
    serve_body b;
    if (serve_body_start(s, req, &b) != 0)
        return;
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "ecus");
    json_array_begin(j);
    for (size_t i = 0; i < s->tables.count; i++) {
        json_object_begin(j);
        ecu_counts(j, &s->tables.ecus[i]);
        json_object_end(j);
    }
    json_array_end(j);
    json_object_end(j);
    serve_reply_json(s, req, 200, &b);
}

static void layers_json(json_writer *j, const char *key, const serve_layer *layers,
                        uint32_t count, int variants)
{
    json_key(j, key);
    json_array_begin(j);
    for (uint32_t i = 0; i < count; i++) {
        json_object_begin(j);
        json_key(j, "name");
        optional_cstring(j, layers[i].name);
        if (variants) {
            json_key(j, "is_base");
            json_bool(j, layers[i].is_base);
        }
        json_key(j, "services");
        json_uint(j, layers[i].services);
        json_object_end(j);
    }
    json_array_end(j);
}

void serve_get_ecu(serve_server *s, struct evhttp_request *req, const serve_ecu *e)
{
    serve_body b;
    if (serve_body_start(s, req, &b) != 0)
        return;
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "name");
    json_cstring(j, e->name);
    json_key(j, "path");
    json_cstring(j, e->path);
    json_key(j, "version");
    optional_cstring(j, e->version);
    json_key(j, "revision");
    optional_cstring(j, e->revision);
    json_key(j, "strategy");
    json_cstring(j, mdd_strategy_name(mdd_store_strategy(e->store)));
    json_key(j, "base_variant");
    optional_cstring(j, e->base_variant < e->variant_count ? e->variants[e->base_variant].name
                                                           : NULL);
    layers_json(j, "variants", e->variants, e->variant_count, 1);
    layers_json(j, "functional_groups", e->groups, e->group_count, 0);
    json_key(j, "dtcs");
    json_uint(j, e->dtc_count);
    json_key(j, "chunks");
    json_uint(j, e->chunk_count);
    json_object_end(j);
    serve_reply_json(s, req, 200, &b);
}

void serve_get_chunks(serve_server *s, struct evhttp_request *req, const serve_ecu *e)
{
    serve_body b;
    if (serve_body_start(s, req, &b) != 0)
        return;
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "ecu");
    json_cstring(j, e->name);
    json_key(j, "chunks");
    json_array_begin(j);
    for (size_t i = 0; i < e->chunk_count; i++) {
        json_object_begin(j);
        json_key(j, "index");
        json_uint(j, i);
        json_key(j, "name");
        optional_cstring(j, e->chunks[i].name);
        json_key(j, "type");
        json_int(j, e->chunks[i].type);
        json_key(j, "type_name");
        json_cstring(j, mdd_chunk_type_name(e->chunks[i].type));
        json_key(j, "payload_size");
        json_uint(j, e->chunks[i].size);
        json_object_end(j);
    }
    json_array_end(j);
    json_object_end(j);
    serve_reply_json(s, req, 200, &b);
}

static void counters_json(json_writer *j, const serve_counters *c, uint64_t max_connections)
{
    json_key(j, "requests");
    json_uint(j, c->requests);
    json_key(j, "responses");
    json_object_begin(j);
    for (size_t i = 0; i < SERVE_STATUS_KINDS; i++) {
        char code[16];
        snprintf(code, sizeof code, "%d", serve_status_code(i));
        json_key(j, serve_status_code(i) ? code : "other");
        json_uint(j, c->responses[i]);
    }
    json_object_end(j);
    json_key(j, "inline");
    json_uint(j, c->inline_answers);
    json_key(j, "async_reads");
    json_uint(j, c->async_reads);
    json_key(j, "max_loop_stall_us");
    json_uint(j, c->max_loop_stall_us);
    json_key(j, "max_loop_stall_own_us");
    json_uint(j, c->max_loop_stall_own_us);
    json_key(j, "connections");
    json_uint(j, c->connections);
    json_key(j, "max_connections");
    json_uint(j, max_connections);
    json_key(j, "accepted");
    json_uint(j, c->accepted);
    json_key(j, "refused");
    json_uint(j, c->refused);
    json_key(j, "evicted");
    json_uint(j, c->evicted);
    json_key(j, "header_timeouts");
    json_uint(j, c->header_timeouts);
    json_key(j, "streamed_bytes");
    json_uint(j, c->streamed_bytes);
}

static void db_memory_json(json_writer *j, const mdd_db_memory *m)
{
    json_key(j, "db");
    json_object_begin(j);
    json_store_memory_fields(j, &m->stores);
    json_key(j, "index_bytes");
    json_uint(j, m->index_bytes);
    json_object_end(j);
}

/* The database's memory (mincore(2) over its mappings: no fault) and the process's (read
 * from procfs, which holds no disk I/O). */
static int memory_json(json_writer *j, const mdd_db *db, mdd_error *err)
{
    mdd_db_memory m;
    mdd_process_memory p;
    if (mdd_db_memory_report(db, &m, err) != MDD_OK ||
        mdd_process_memory_read(0, &p, err) != MDD_OK)
        return -1;
    json_key(j, "memory");
    json_object_begin(j);
    db_memory_json(j, &m);
    json_process_memory(j, &p);
    json_object_end(j);
    return 0;
}

void serve_get_metrics(serve_server *s, struct evhttp_request *req)
{
    serve_body b;
    if (serve_body_start(s, req, &b) != 0)
        return;
    json_writer *j = &b.json;
    json_object_begin(j);
    counters_json(j, &s->counters, s->opts.max_connections);
    json_key(j, "reader");
    json_cstring(j, mdd_reader_backend_name(s->reader));
    mdd_error err;
    if (memory_json(j, s->db, &err) != 0) {
        fclose(b.out);
        free(b.data);
        serve_reply_error(s, req, 500, "%s", err.message);
        return;
    }
    json_object_end(j);
    serve_reply_json(s, req, 200, &b);
}
