/* SPDX-License-Identifier: Apache-2.0 */
#include "comparams_out.h"

#include "text.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The most protocols one layer shows. */
#define PROTOCOLS_MAX 64u

/* Everything shown about a layer's ComParams, checked before anything is written. */
typedef struct resolved {
    mdd_comparam *items;
    size_t count;
    mdd_bytes protocols[PROTOCOLS_MAX];
    size_t protocol_count;
    mdd_doip_addresses doip;
} resolved;

static mdd_status check_values(const resolved *r, mdd_error *err)
{
    static const mdd_comparam_visitor nothing = {0};
    mdd_status st = MDD_OK;
    for (size_t i = 0; i < r->count && st == MDD_OK; i++)
        st = mdd_comparam_visit_value(&r->items[i], &nothing, NULL, err);
    return st;
}

static mdd_status fail(mdd_error *err, mdd_status status, const char *message)
{
    err->status = status;
    snprintf(err->message, sizeof err->message, "%s", message);
    return status;
}

static mdd_status resolve_items(const mdd_db_layer *layer, const char *protocol, resolved *r,
                                mdd_error *err)
{
    size_t total = 0;
    mdd_status st = mdd_db_layer_comparams(layer, protocol, NULL, 0, &total, err);
    if (st != MDD_OK || total == 0)
        return st;
    if (total > COMPARAMS_OUT_MAX)
        return fail(err, MDD_ERR_LIMIT, "more than 4096 ComParams");
    r->items = calloc(total, sizeof *r->items);
    if (!r->items)
        return fail(err, MDD_ERR_NOMEM, "out of memory");
    return mdd_db_layer_comparams(layer, protocol, r->items, total, &r->count, err);
}

static mdd_status resolve(const mdd_db_layer *layer, const char *protocol, resolved *r,
                          mdd_error *err)
{
    mdd_status st = resolve_items(layer, protocol, r, err);
    if (st == MDD_OK)
        st = mdd_db_layer_protocols(layer, r->protocols, PROTOCOLS_MAX, &r->protocol_count,
                                    err);
    if (r->protocol_count > PROTOCOLS_MAX)
        r->protocol_count = PROTOCOLS_MAX;
    if (st == MDD_OK)
        st = mdd_db_layer_doip_addresses(layer, protocol, &r->doip, err);
    if (st == MDD_OK)
        st = check_values(r, err);
    if (st != MDD_OK) {
        free(r->items);
        r->items = NULL;
    }
    return st;
}

static int has_value(const mdd_comparam *cp)
{
    return mdd_present(mdd_com_param_ref_simple_value(cp->ref)) ||
           mdd_present(mdd_com_param_ref_complex_value(cp->ref));
}

/* ---- JSON ---- */

static int json_simple(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def,
                       mdd_bytes value)
{
    (void)depth;
    (void)index;
    (void)def;
    json_optional_string(ctx, value);
    return 0;
}

static int json_complex_begin(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def)
{
    (void)depth;
    (void)index;
    (void)def;
    json_array_begin(ctx);
    return 0;
}

static int json_complex_end(void *ctx, uint32_t depth)
{
    (void)depth;
    json_array_end(ctx);
    return 0;
}

static void json_value(json_writer *j, const mdd_comparam *cp)
{
    static const mdd_comparam_visitor v = {json_simple, json_complex_begin, json_complex_end};
    if (!has_value(cp))
        json_null(j);
    else /* resolve() checked that the value walks */
        mdd_comparam_visit_value(cp, &v, j, NULL);
}

static void json_enum(json_writer *j, const char *key, mdd_ecu_enum which, uint8_t value)
{
    const char *name = mdd_ecu_enum_name(which, value);
    json_key(j, key);
    if (name)
        json_cstring(j, name);
    else
        json_uint(j, value);
}

static void json_comparam(json_writer *j, const mdd_comparam *cp)
{
    mdd_com_param def = cp->com_param;
    json_object_begin(j);
    json_member_string(j, "name", cp->name);
    json_member_string(j, "protocol", cp->protocol);
    json_member_string(j, "layer", mdd_diag_layer_short_name(cp->layer));
    json_key(j, "depth");
    json_uint(j, cp->depth);
    json_member_string(j, "class", mdd_com_param_param_class(def));
    json_enum(j, "type", MDD_ENUM_COM_PARAM_STANDARDISATION_LEVEL, mdd_com_param_cp_type(def));
    json_enum(j, "usage", MDD_ENUM_COM_PARAM_USAGE, mdd_com_param_cp_usage(def));
    uint32_t level = 0;
    json_key(j, "display_level");
    if (mdd_com_param_display_level(def, &level))
        json_uint(j, level);
    else
        json_null(j);
    json_key(j, "value");
    json_value(j, cp);
    json_object_end(j);
}

static void json_doip(json_writer *j, const mdd_doip_addresses *d)
{
    static const struct {
        uint32_t bit;
        const char *key;
        size_t offset;
    } fields[] = {
        {MDD_DOIP_ECU, "ecu", offsetof(mdd_doip_addresses, ecu)},
        {MDD_DOIP_SECONDARY_RESPONSE, "secondary_response",
         offsetof(mdd_doip_addresses, secondary_response)},
        {MDD_DOIP_GATEWAY, "gateway", offsetof(mdd_doip_addresses, gateway)},
        {MDD_DOIP_FUNCTIONAL, "functional", offsetof(mdd_doip_addresses, functional)},
        {MDD_DOIP_TESTER, "tester", offsetof(mdd_doip_addresses, tester)},
    };
    json_object_begin(j);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        if (!(d->present & fields[i].bit))
            continue;
        uint16_t v;
        memcpy(&v, (const char *)d + fields[i].offset, sizeof v);
        json_key(j, fields[i].key);
        json_uint(j, v);
    }
    json_object_end(j);
}

static void comparams_array(json_writer *j, const resolved *r)
{
    json_array_begin(j);
    for (size_t i = 0; i < r->count; i++)
        json_comparam(j, &r->items[i]);
    json_array_end(j);
}

mdd_status comparams_list_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err)
{
    resolved r = {0};
    mdd_status st = resolve(layer, NULL, &r, err);
    if (st != MDD_OK)
        return st;
    comparams_array(j, &r);
    free(r.items);
    return MDD_OK;
}

mdd_status comparams_json(json_writer *j, const mdd_db_layer *layer, const char *protocol,
                          mdd_error *err)
{
    resolved r = {0};
    mdd_status st = resolve(layer, protocol, &r, err);
    if (st != MDD_OK)
        return st;
    json_object_begin(j);
    json_key(j, "ecu");
    json_string(j, mdd_db_ecu_name(mdd_db_layer_ecu(layer)));
    json_member_string(j, "variant", mdd_db_layer_name(layer));
    json_key(j, "protocol");
    if (protocol)
        json_cstring(j, protocol);
    else
        json_null(j);
    json_key(j, "protocols");
    json_array_begin(j);
    for (size_t i = 0; i < r.protocol_count; i++)
        json_optional_string(j, r.protocols[i]);
    json_array_end(j);
    json_key(j, "comparams");
    comparams_array(j, &r);
    json_key(j, "doip");
    json_doip(j, &r.doip);
    json_object_end(j);
    free(r.items);
    return MDD_OK;
}

/* ---- Text ---- */

static int text_simple(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def,
                       mdd_bytes value)
{
    FILE *out = ctx;
    if (depth > 0 && index > 0)
        fputs(", ", out);
    mdd_bytes member = mdd_com_param_short_name(def);
    if (depth > 0 && member.ptr) {
        text_print(out, member);
        fputc('=', out);
    }
    text_print(out, value);
    return 0;
}

static int text_complex_begin(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def)
{
    (void)def;
    FILE *out = ctx;
    if (depth > 0 && index > 0)
        fputs(", ", out);
    fputc('{', out);
    return 0;
}

static int text_complex_end(void *ctx, uint32_t depth)
{
    (void)depth;
    fputc('}', ctx);
    return 0;
}

static void print_comparam(FILE *out, const mdd_comparam *cp)
{
    static const mdd_comparam_visitor v = {text_simple, text_complex_begin, text_complex_end};
    if (cp->protocol.ptr)
        text_print(out, cp->protocol);
    else
        fputc('-', out);
    fputs("  ", out);
    text_print(out, cp->name);
    fputs("  ", out);
    if (has_value(cp))
        mdd_comparam_visit_value(cp, &v, out, NULL);
    else
        fputc('-', out);
    if (cp->depth > 0) {
        fputs("  (from ", out);
        text_print(out, mdd_diag_layer_short_name(cp->layer));
        fputc(')', out);
    }
    fputc('\n', out);
}

mdd_status comparams_print(FILE *out, const mdd_db_layer *layer, const char *protocol,
                           mdd_error *err)
{
    resolved r = {0};
    mdd_status st = resolve(layer, protocol, &r, err);
    if (st != MDD_OK)
        return st;
    for (size_t i = 0; i < r.count; i++)
        print_comparam(out, &r.items[i]);
    free(r.items);
    return MDD_OK;
}
