/* SPDX-License-Identifier: Apache-2.0 */
/* A layer's SOVD view (mdd_sovd_entries()) grouped into resources and written out as text or
 * JSON, for mdd sovd and mdd serve (sovd_out.h). */
#include "sovd_out.h"

#include <stdlib.h>
#include <string.h>

/* The most required states shown per service. */
#define NEEDS_MAX 8

static const char *const collection_names[] = {"", "data", "configurations", "operations",
                                                "modes", "faults"};
static const char *const role_names[] = {
    "",     "read",        "write",          "start",         "stop",        "request_results",
    "enter", "seed",       "read_status",    "read_snapshots", "read_extended", "read_faults",
    "clear_faults"};

static int bytes_order(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    int c = n ? memcmp(a.ptr, b.ptr, n) : 0;
    return c ? c : (a.len > b.len) - (a.len < b.len);
}

static int same_bytes(mdd_bytes a, mdd_bytes b) { return bytes_order(a, b) == 0; }

static mdd_bytes service_name(const mdd_db_service *s)
{
    return mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s->service));
}

/* Resources: the category, then an operation's identifier, the id, a mode's value. */
static int resource_order(const mdd_sovd_entry *a, const mdd_sovd_entry *b)
{
    if (a->category != b->category)
        return a->category < b->category ? -1 : 1;
    if (a->category == MDD_SOVD_OPERATION && a->identifier != b->identifier)
        return a->identifier < b->identifier ? -1 : 1;
    int c = bytes_order(a->id, b->id);
    return c ? c : bytes_order(a->value, b->value);
}

static int entry_order(const void *pa, const void *pb)
{
    const mdd_sovd_entry *a = pa, *b = pb;
    int c = resource_order(a, b);
    if (c)
        return c;
    if (a->role != b->role)
        return a->role < b->role ? -1 : 1;
    return bytes_order(service_name(&a->service), service_name(&b->service));
}

mdd_status sovd_view_read(const mdd_db_layer *layer, sovd_view *v, mdd_error *err)
{
    uint32_t total = 0;
    v->entries = NULL;
    v->count = 0;
    mdd_status st = mdd_sovd_entries(layer, NULL, NULL, 0, &total, err);
    if (st != MDD_OK)
        return st;
    v->entries = malloc((total ? total : 1) * sizeof *v->entries);
    if (!v->entries)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    st = mdd_sovd_entries(layer, NULL, v->entries, total, &v->count, err);
    if (st == MDD_OK)
        qsort(v->entries, v->count, sizeof *v->entries, entry_order);
    return st;
}

void sovd_view_free(sovd_view *v) { free(v->entries); }

/* The entry that enters state (by name) of chart, else NULL. */
static const mdd_sovd_entry *entering(const sovd_view *v, mdd_bytes chart, mdd_bytes state)
{
    for (uint32_t i = 0; i < v->count; i++) {
        const mdd_sovd_entry *e = &v->entries[i];
        if (e->role == MDD_SOVD_ENTER && e->chart.t.pos && same_bytes(e->value, state) &&
            same_bytes(mdd_state_chart_short_name(e->chart), chart))
            return e;
    }
    return NULL;
}

static void service_json(json_writer *j, const mdd_db_service *s)
{
    json_key(j, "service");
    json_string(j, service_name(s));
    json_key(j, "request");
    json_hex(j, s->prefix.bytes, s->prefix.len);
}

/* "seed": {"service", "request"} when e is a security level's key. */
static void seed_json(json_writer *j, const mdd_sovd_entry *e)
{
    if (!e->seed.service.t.pos)
        return;
    json_key(j, "seed");
    json_object_begin(j);
    service_json(j, &e->seed);
    json_object_end(j);
}

/* The states e's service requires (at most NEEDS_MAX) into needs[0..*n). */
static mdd_status needs_of(const mdd_db_layer *layer, const mdd_sovd_entry *e,
                           mdd_required_state *needs, uint32_t *n, mdd_error *err)
{
    uint32_t total = 0;
    mdd_status st = mdd_db_layer_required_states(
        layer, mdd_diag_service_diag_comm(e->service.service), needs, NEEDS_MAX, &total, err);
    *n = st == MDD_OK ? (total < NEEDS_MAX ? total : NEEDS_MAX) : 0;
    return st;
}

/* "needs": the states the service requires, each with the service that enters it (and a
 * security level's seed service). */
static mdd_status needs_json(json_writer *j, const mdd_db_layer *layer, const sovd_view *v,
                             const mdd_sovd_entry *e, mdd_error *err)
{
    mdd_required_state needs[NEEDS_MAX];
    uint32_t n;
    mdd_status st = needs_of(layer, e, needs, &n, err);
    if (st != MDD_OK || n == 0)
        return st;
    json_key(j, "needs");
    json_array_begin(j);
    for (uint32_t i = 0; i < n; i++) {
        mdd_bytes chart = mdd_state_chart_short_name(needs[i].chart);
        mdd_bytes state = mdd_state_short_name(needs[i].state);
        json_object_begin(j);
        json_member_string(j, "chart", chart);
        json_member_string(j, "state", state);
        const mdd_sovd_entry *by = entering(v, chart, state);
        if (by) {
            json_key(j, "entered_by");
            json_object_begin(j);
            service_json(j, &by->service);
            seed_json(j, by);
            json_object_end(j);
        }
        json_object_end(j);
    }
    json_array_end(j);
    return MDD_OK;
}

static mdd_status entry_json(json_writer *j, const mdd_db_layer *layer, const sovd_view *v,
                             const mdd_sovd_entry *e, mdd_error *err)
{
    json_object_begin(j);
    json_key(j, "role");
    json_cstring(j, role_names[e->role]);
    service_json(j, &e->service);
    seed_json(j, e);
    mdd_status st = needs_json(j, layer, v, e, err);
    json_object_end(j);
    return st;
}

/* The members of the resource that starts at e. */
static void resource_json(json_writer *j, const mdd_sovd_entry *e)
{
    json_member_string(j, "id", e->id);
    if (e->category == MDD_SOVD_MODE) {
        json_member_string(j, "value", e->value);
        if (e->chart.t.pos)
            json_member_string(j, "chart", mdd_state_chart_short_name(e->chart));
    } else if (e->category != MDD_SOVD_FAULT) {
        json_key(j, "identifier");
        json_uint(j, e->identifier);
        json_member_string(j, "class", e->group);
    }
}

/* The DTCs of the layer's ECU. */
static void dtcs_json(json_writer *j, const mdd_db_layer *layer)
{
    const mdd_db_ecu *ecu = mdd_db_layer_ecu(layer);
    json_object_begin(j);
    json_key(j, "id");
    json_cstring(j, "dtcs");
    json_key(j, "dtcs");
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_db_ecu_dtc_count(ecu); i++)
        cli_db_dtc_json(j, mdd_db_ecu_dtc_at(ecu, i));
    json_array_end(j);
    json_object_end(j);
}

mdd_status sovd_view_json(json_writer *j, const mdd_db_layer *layer, const sovd_view *v,
                          mdd_error *err)
{
    mdd_status st = MDD_OK;
    uint32_t i = 0;
    for (int c = MDD_SOVD_DATA; c <= MDD_SOVD_FAULT; c++) {
        json_key(j, collection_names[c]);
        json_array_begin(j);
        if (c == MDD_SOVD_FAULT)
            dtcs_json(j, layer);
        while (i < v->count && v->entries[i].category == (mdd_sovd_category)c && st == MDD_OK) {
            const mdd_sovd_entry *first = &v->entries[i];
            json_object_begin(j);
            resource_json(j, first);
            json_key(j, "services");
            json_array_begin(j);
            for (; i < v->count && resource_order(first, &v->entries[i]) == 0 && st == MDD_OK; i++)
                st = entry_json(j, layer, v, &v->entries[i], err);
            json_array_end(j);
            json_object_end(j);
        }
        json_array_end(j);
    }
    return st;
}

/* ---- Text ---- */

static void print_bytes(FILE *out, mdd_bytes b) { fwrite(b.ptr, 1, b.len, out); }

/* "NAME PREFIX". */
static void print_named(FILE *out, const mdd_db_service *s)
{
    print_bytes(out, service_name(s));
    fputc(' ', out);
    cli_db_prefix_print(out, &s->prefix, 0);
}

static void print_service(FILE *out, const char *role, const mdd_db_service *s)
{
    fprintf(out, "    %-15s ", role);
    print_named(out, s);
    fputc('\n', out);
}

static void print_resource(FILE *out, const mdd_sovd_entry *e)
{
    fputs("  ", out);
    print_bytes(out, e->id);
    if (e->category == MDD_SOVD_MODE) {
        fputc(' ', out);
        print_bytes(out, e->value);
    } else if (e->category != MDD_SOVD_FAULT) {
        fprintf(out, " (0x%04X", (unsigned)e->identifier);
        if (e->group.len) {
            fputs(", ", out);
            print_bytes(out, e->group);
        }
        fputc(')', out);
    }
    fputc('\n', out);
}

/* "needs CHART.STATE (NAME PREFIX)" lines for the states e's service requires (a security
 * level's: "(SEED PREFIX, KEY PREFIX)"). */
static mdd_status print_needs(FILE *out, const mdd_db_layer *layer, const sovd_view *v,
                              const mdd_sovd_entry *e, mdd_error *err)
{
    mdd_required_state needs[NEEDS_MAX];
    uint32_t n;
    mdd_status st = needs_of(layer, e, needs, &n, err);
    for (uint32_t i = 0; i < n; i++) {
        mdd_bytes chart = mdd_state_chart_short_name(needs[i].chart);
        mdd_bytes state = mdd_state_short_name(needs[i].state);
        fputs("      needs ", out);
        print_bytes(out, chart);
        fputc('.', out);
        print_bytes(out, state);
        const mdd_sovd_entry *by = entering(v, chart, state);
        if (by) {
            fputs(" (", out);
            if (by->seed.service.t.pos) {
                print_named(out, &by->seed);
                fputs(", ", out);
            }
            print_named(out, &by->service);
            fputc(')', out);
        }
        fputc('\n', out);
    }
    return st;
}

mdd_status sovd_view_text(FILE *out, const mdd_db_layer *layer, const sovd_view *v,
                          mdd_error *err)
{
    mdd_status st = MDD_OK;
    uint32_t i = 0;
    for (int c = MDD_SOVD_DATA; c <= MDD_SOVD_FAULT; c++) {
        fprintf(out, "%s:\n", collection_names[c]);
        if (c == MDD_SOVD_FAULT)
            fprintf(out, "  dtcs: %u\n", (unsigned)mdd_db_ecu_dtc_count(mdd_db_layer_ecu(layer)));
        while (i < v->count && v->entries[i].category == (mdd_sovd_category)c && st == MDD_OK) {
            const mdd_sovd_entry *first = &v->entries[i];
            print_resource(out, first);
            for (; i < v->count && resource_order(first, &v->entries[i]) == 0 && st == MDD_OK;
                 i++) {
                const mdd_sovd_entry *e = &v->entries[i];
                /* A security level's key: its seed is listed as an entry of its own. */
                print_service(out, e->seed.service.t.pos ? "key" : role_names[e->role],
                              &e->service);
                st = print_needs(out, layer, v, e, err);
            }
        }
    }
    return st;
}
