/* SPDX-License-Identifier: Apache-2.0 */
/* Parent references that name no layer of the file (docs/format.md "Inheritance"): reported,
 * while inheritance goes on with the other parents. Starts from the listed layers (EcuData's
 * variants and functional groups) and follows every reference once into the tables only
 * references reach (protocols, ECU shared data), so each table's references are checked once
 * however many layers share it. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A set of table positions: open addressing, a power-of-two size, 0 meaning empty (no table
 * starts at position 0 of a FlatBuffer). */
typedef struct pos_set {
    uint32_t *slots;
    size_t size;
    size_t count;
} pos_set;

typedef struct check {
    const mdd_db_ecu *ecu;
    const char *source;
    db_report *report;
    mdd_error *err;
    pos_set listed; /* the variants' and functional groups' tables */
    pos_set seen;   /* the tables queued below, so each is checked once */
    mdd_parent_ref *queue; /* the references that first reached tables only they reach */
    size_t queued;
    size_t queue_cap;
    uint32_t missing; /* references found so far that name no layer */
} check;

static size_t slot_of(const pos_set *s, uint32_t pos)
{
    size_t i = (size_t)(pos * 2654435761u) & (s->size - 1);
    while (s->slots[i] != 0 && s->slots[i] != pos)
        i = (i + 1) & (s->size - 1);
    return i;
}

static int set_has(const pos_set *s, uint32_t pos)
{
    return s->size && s->slots[slot_of(s, pos)] == pos;
}

/* Adds pos, keeping the set at most half full. Returns 0, or -1 when out of memory. */
static int set_add(pos_set *s, uint32_t pos)
{
    if (2 * (s->count + 1) > s->size) {
        pos_set grown = {calloc(s->size ? 2 * s->size : 16, sizeof *s->slots),
                         s->size ? 2 * s->size : 16, 0};
        if (!grown.slots)
            return -1;
        for (size_t i = 0; i < s->size; i++)
            if (s->slots[i])
                grown.slots[slot_of(&grown, s->slots[i])] = s->slots[i];
        grown.count = s->count;
        free(s->slots);
        *s = grown;
    }
    size_t i = slot_of(s, pos);
    s->count += s->slots[i] != pos;
    s->slots[i] = pos;
    return 0;
}

static const char *const kind_names[] = {"NONE", "Variant", "Protocol", "FunctionalGroup",
                                         "TableDop", "EcuSharedData"};

static mdd_status out_of_memory(check *c)
{
    return mdd_fail(c->err, MDD_ERR_NOMEM, "%s: out of memory for the report", c->source);
}

static mdd_status report_missing(check *c, const char *where, const char *reason)
{
    c->missing++;
    if (c->missing > MDD_DB_REPORT_PARENTS_MAX)
        return MDD_OK;
    return db_report_add(c->report, MDD_DB_REPORT_MISSING_PARENT, MDD_OK, c->source, NULL,
                         where, c->err, "%s: %s %s; inheritance goes on with the other parents",
                         c->source, where, reason);
}

/* Why ref names no layer of the file, into reason; "" when it names one. */
static void missing_reason(const check *c, mdd_parent_ref ref, char *reason, size_t size)
{
    uint8_t type = mdd_parent_ref_ref_type(ref);
    reason[0] = '\0';
    if (type == MDD_PARENT_REF_TYPE_NONE || type > MDD_PARENT_REF_TYPE_ECU_SHARED_DATA) {
        snprintf(reason, size, "has ref type %u, which names no layer", (unsigned)type);
        return;
    }
    mdd_fb_table target = mdd_fb_union_field(ref.t, FID_PARENT_REF_REF, type);
    if (target.pos == 0) {
        snprintf(reason, size, "has ref type %s but no table", kind_names[type]);
        return;
    }
    int listable = type == MDD_PARENT_REF_TYPE_VARIANT ||
                   type == MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP;
    if (listable && !set_has(&c->listed, target.pos)) {
        char name[64];
        db_printable(mdd_diag_layer_short_name(mdd_parent_ref_diag_layer(ref)), name,
                     sizeof name);
        snprintf(reason, size, "names a %s '%s' that EcuData does not list (followed anyway)",
                 kind_names[type], name);
    }
}

/* Queues the table ref reaches when only references lead there and it is new. */
static mdd_status queue_target(check *c, mdd_parent_ref ref)
{
    uint8_t type = mdd_parent_ref_ref_type(ref);
    if (type == MDD_PARENT_REF_TYPE_NONE || type > MDD_PARENT_REF_TYPE_ECU_SHARED_DATA)
        return MDD_OK;
    mdd_fb_table target = mdd_fb_union_field(ref.t, FID_PARENT_REF_REF, type);
    if (target.pos == 0 || set_has(&c->listed, target.pos) || set_has(&c->seen, target.pos))
        return MDD_OK;
    mdd_parent_ref *grown = db_reserve(c->queue, &c->queue_cap, c->queued + 1, sizeof *c->queue);
    if (!grown || set_add(&c->seen, target.pos) != 0) {
        if (grown)
            c->queue = grown;
        return out_of_memory(c);
    }
    c->queue = grown;
    c->queue[c->queued++] = ref;
    return MDD_OK;
}

/* Checks each of refs, named in messages as owner.parent_refs[i]. */
static mdd_status check_refs(check *c, const char *owner, mdd_parent_ref_vec refs)
{
    mdd_status st = MDD_OK;
    uint32_t n = mdd_parent_ref_vec_count(refs);
    for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
        mdd_parent_ref ref = mdd_parent_ref_vec_at(refs, i);
        char reason[160];
        missing_reason(c, ref, reason, sizeof reason);
        if (reason[0]) {
            char where[128];
            snprintf(where, sizeof where, "%s.parent_refs[%u]", owner, (unsigned)i);
            st = report_missing(c, where, reason);
        }
        if (st == MDD_OK)
            st = queue_target(c, ref);
    }
    return st;
}

static mdd_status check_listed(check *c)
{
    const mdd_db_ecu *ecu = c->ecu;
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < ecu->variant_count + ecu->group_count && st == MDD_OK; i++) {
        const mdd_db_layer *layer = &ecu->layers[i];
        char owner[64];
        if (layer->is_variant)
            snprintf(owner, sizeof owner, "EcuData.variants[%u]", (unsigned)i);
        else
            snprintf(owner, sizeof owner, "EcuData.functional_groups[%u]",
                     (unsigned)(i - ecu->variant_count));
        mdd_parent_ref_vec refs =
            layer->is_variant ? mdd_variant_parent_refs(mdd_db_layer_variant(layer))
                              : mdd_functional_group_parent_refs(
                                    mdd_db_layer_functional_group(layer));
        st = check_refs(c, owner, refs);
    }
    return st;
}

/* The queue grows while it is worked off; every table enters it once. */
static mdd_status check_queued(check *c)
{
    mdd_status st = MDD_OK;
    for (size_t i = 0; i < c->queued && st == MDD_OK; i++) {
        mdd_parent_ref ref = c->queue[i];
        char name[64];
        char owner[96];
        db_printable(mdd_diag_layer_short_name(mdd_parent_ref_diag_layer(ref)), name,
                     sizeof name);
        snprintf(owner, sizeof owner, "%s '%s'", kind_names[mdd_parent_ref_ref_type(ref)],
                 name);
        st = check_refs(c, owner, mdd_parent_ref_parent_refs(ref));
    }
    return st;
}

static mdd_status list_layers(check *c)
{
    for (uint32_t i = 0; i < c->ecu->variant_count + c->ecu->group_count; i++)
        if (set_add(&c->listed, c->ecu->layers[i].table.pos) != 0)
            return out_of_memory(c);
    return MDD_OK;
}

mdd_status db_check_parents(const mdd_db_ecu *ecu, const char *source, db_report *r,
                            mdd_error *err)
{
    check c;
    memset(&c, 0, sizeof c);
    c.ecu = ecu;
    c.source = source;
    c.report = r;
    c.err = err;
    mdd_status st = list_layers(&c);
    if (st == MDD_OK)
        st = check_listed(&c);
    if (st == MDD_OK)
        st = check_queued(&c);
    if (st == MDD_OK && c.missing > MDD_DB_REPORT_PARENTS_MAX)
        st = db_report_add(r, MDD_DB_REPORT_MISSING_PARENT, MDD_OK, source, NULL, NULL, err,
                           "%s: %u more parent references name no layer",
                           source, (unsigned)(c.missing - MDD_DB_REPORT_PARENTS_MAX));
    free(c.listed.slots);
    free(c.seen.slots);
    free(c.queue);
    return st;
}
