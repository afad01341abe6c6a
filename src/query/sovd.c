/* SPDX-License-Identifier: Apache-2.0 */
/* A layer's services as SOVD resources (include/mdd/sovd.h): each effective service
 * classified by its request prefix (the SID, the sub-function, the identifier), its
 * functional class and the transitions it triggers, and named by the naming convention
 * (docs/codec.md, "The SOVD view"). */
#include "query_impl.h"

#include <mdd/sovd.h>

#include <string.h>

enum {
    SID_SESSION = 0x10,
    SID_CLEAR_DTC = 0x14,
    SID_READ_DTC = 0x19,
    SID_READ_DATA = 0x22,
    SID_SECURITY = 0x27,
    SID_COMM_CONTROL = 0x28,
    SID_WRITE_DATA = 0x2E,
    SID_ROUTINE = 0x31,
    SID_DTC_SETTING = 0x85
};

static const options_member naming_members[] = {
    OPTIONS_SCALAR(mdd_sovd_naming, suffixes, const char *const *),
    OPTIONS_SCALAR(mdd_sovd_naming, suffix_count, size_t),
    OPTIONS_SCALAR(mdd_sovd_naming, routine_suffixes, const char *const *),
    OPTIONS_SCALAR(mdd_sovd_naming, routine_suffix_count, size_t),
    OPTIONS_SCALAR(mdd_sovd_naming, configuration_classes, const char *const *),
    OPTIONS_SCALAR(mdd_sovd_naming, configuration_class_count, size_t),
    OPTIONS_SCALAR(mdd_sovd_naming, dtc_setting_prefix, const char *),
};
static const options_layout naming_layout =
    OPTIONS_LAYOUT(mdd_sovd_naming, MDD_SOVD_NAMING_SIZE, naming_members);

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }

/* Whether a[0..n) and b[0..n) are equal without ASCII case. */
static int same_without_case(const uint8_t *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (lower(a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

mdd_bytes mdd_sovd_strip(mdd_bytes name, const char *const *suffixes, size_t n)
{
    for (size_t i = 0; i < n && name.ptr; i++) {
        size_t len = suffixes[i] ? strlen(suffixes[i]) : 0;
        if (len && len <= name.len &&
            same_without_case(name.ptr + name.len - len, suffixes[i], len)) {
            name.len -= len;
            return name;
        }
    }
    return name;
}

static mdd_bytes literal(const char *s)
{
    mdd_bytes b = {(const uint8_t *)s, strlen(s)};
    return b;
}

/* The classification of one service. */
typedef struct sovd_walk {
    const mdd_db_layer *layer;
    mdd_sovd_naming naming;
    mdd_sovd_entry *out;
    uint32_t cap, total;
    mdd_error *err;
} sovd_walk;

/* A sub-function without its suppressPosRspMsgIndicationBit, as the reference adapter masks
 * it (functional requests set the bit: 31 81 for a routine's start). */
#define SUB_FUNCTION_MASK 0x7Fu

/* The prefix bytes [from, from + n) as a big-endian number (missing bytes: 0). */
static uint32_t prefix_number(const mdd_request_prefix *p, size_t from, size_t n)
{
    uint32_t v = 0;
    for (size_t i = from; i < from + n; i++)
        v = (v << 8) | (i < p->len ? p->bytes[i] : 0u);
    return v;
}

static mdd_bytes first_class(mdd_diag_comm dc)
{
    mdd_funct_class_vec classes = mdd_diag_comm_funct_class(dc);
    mdd_bytes none = {(const uint8_t *)"", 0};
    return mdd_funct_class_vec_count(classes)
               ? mdd_funct_class_short_name(mdd_funct_class_vec_at(classes, 0))
               : none;
}

/* Whether one of dc's functional classes is a configuration class. */
static int configuration(const sovd_walk *s, mdd_diag_comm dc)
{
    mdd_funct_class_vec classes = mdd_diag_comm_funct_class(dc);
    for (uint32_t i = 0; i < mdd_funct_class_vec_count(classes); i++) {
        mdd_bytes name = mdd_funct_class_short_name(mdd_funct_class_vec_at(classes, i));
        for (size_t k = 0; k < s->naming.configuration_class_count; k++) {
            const char *c = s->naming.configuration_classes[k];
            if (c && name.ptr && strlen(c) == name.len && same_without_case(name.ptr, c, name.len))
                return 1;
        }
    }
    return 0;
}

static void add(sovd_walk *s, const mdd_sovd_entry *e)
{
    if (s->total < s->cap)
        s->out[s->total] = *e;
    s->total++;
}

static mdd_sovd_entry entry_of(const mdd_db_service *svc, mdd_sovd_category category,
                               mdd_sovd_role role)
{
    mdd_sovd_entry e;
    memset(&e, 0, sizeof e);
    e.category = category;
    e.role = role;
    e.service = *svc;
    mdd_diag_comm dc = mdd_diag_service_diag_comm(svc->service);
    e.id = mdd_diag_comm_short_name(dc);
    e.group = first_class(dc);
    return e;
}

/* The first transition svc triggers: its target as *value and its chart. 1, or 0 for none. */
static mdd_status entered_state(sovd_walk *s, const mdd_db_service *svc, mdd_sovd_entry *e,
                                int *found)
{
    mdd_triggered_transition t[1];
    uint32_t total = 0;
    mdd_status st = mdd_db_layer_triggered_transitions(
        s->layer, mdd_diag_service_diag_comm(svc->service), t, 1, &total, s->err);
    *found = st == MDD_OK && total > 0 && t[0].transition.t.pos;
    if (*found) {
        e->value = mdd_state_transition_target_short_name_ref(t[0].transition);
        e->chart = t[0].chart;
    }
    return st;
}

/* The layer's 0x27 service of sub-function sf, if any. */
static int security_service(const sovd_walk *s, uint32_t sf, mdd_db_service *out)
{
    uint8_t request[2] = {SID_SECURITY, (uint8_t)sf};
    mdd_db_service found[4];
    size_t n = mdd_db_layer_lookup_request(s->layer, request, 2, found, 4);
    for (size_t i = 0; i < n && i < 4; i++)
        if (found[i].prefix.len >= 2) {
            *out = found[i];
            return 1;
        }
    return 0;
}

/* A security service: a key (even sub-function) enters the level its transition names, with
 * the seed one below; a seed (odd) names the level its key (one above) enters. */
static mdd_status security(sovd_walk *s, const mdd_db_service *svc, mdd_sovd_entry *e)
{
    int found = 0;
    mdd_db_service key;
    mdd_status st = MDD_OK;
    e->id = literal("security");
    uint32_t sf = prefix_number(&svc->prefix, 1, 1); /* with its bit 7, to look up */
    if (e->identifier % 2 == 0) {
        e->role = MDD_SOVD_ENTER;
        st = entered_state(s, svc, e, &found);
        if (e->identifier > 0)
            security_service(s, sf - 1, &e->seed);
    } else {
        e->role = MDD_SOVD_SEED;
        if (security_service(s, sf + 1, &key))
            st = entered_state(s, &key, e, &found);
    }
    if (st == MDD_OK && !found)
        e->value = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(svc->service));
    return st;
}

/* A mode service other than security: the state it enters, else its stripped name. */
static mdd_status mode(sovd_walk *s, const mdd_db_service *svc, uint8_t sid, mdd_sovd_entry *e)
{
    int found = 0;
    mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(svc->service));
    e->role = MDD_SOVD_ENTER;
    if (sid == SID_SECURITY)
        return security(s, svc, e);
    e->id = literal(sid == SID_SESSION        ? "session"
                    : sid == SID_COMM_CONTROL ? "communication_control"
                                              : "dtc_setting");
    mdd_status st = entered_state(s, svc, e, &found);
    if (st != MDD_OK || found)
        return st;
    e->value = mdd_sovd_strip(name, s->naming.suffixes, s->naming.suffix_count);
    const char *prefix = s->naming.dtc_setting_prefix;
    size_t plen = prefix ? strlen(prefix) : 0;
    if (sid == SID_DTC_SETTING && plen && plen <= e->value.len &&
        same_without_case(e->value.ptr, prefix, plen)) {
        e->value.ptr += plen;
        e->value.len -= plen;
    }
    return MDD_OK;
}

/* What a 0x19 service of sub-function sf reads (ISO 14229-1, 11.3). */
static mdd_sovd_role fault_role(uint32_t sf)
{
    switch (sf) {
    case 0x01: case 0x02: case 0x07: case 0x08: case 0x0A: case 0x0F:
    case 0x11: case 0x12: case 0x13: case 0x15: case 0x17: return MDD_SOVD_READ_STATUS;
    case 0x03: case 0x04: case 0x05: case 0x18: return MDD_SOVD_READ_SNAPSHOTS;
    case 0x06: case 0x10: case 0x16: case 0x19: return MDD_SOVD_READ_EXTENDED;
    default: return MDD_SOVD_READ_FAULTS;
    }
}

static mdd_sovd_role routine_role(uint32_t sf)
{
    return sf == 2 ? MDD_SOVD_STOP : sf == 3 ? MDD_SOVD_REQUEST_RESULTS : MDD_SOVD_START;
}

/* The category of svc, or 0 when it is no SOVD resource. */
static mdd_sovd_category category_of(const sovd_walk *s, const mdd_db_service *svc, uint8_t sid)
{
    switch (sid) {
    case SID_READ_DATA:
    case SID_WRITE_DATA:
        return configuration(s, mdd_diag_service_diag_comm(svc->service)) ? MDD_SOVD_CONFIGURATION
                                                                          : MDD_SOVD_DATA;
    case SID_ROUTINE: return MDD_SOVD_OPERATION;
    case SID_SESSION:
    case SID_SECURITY:
    case SID_COMM_CONTROL:
    case SID_DTC_SETTING: return MDD_SOVD_MODE;
    case SID_READ_DTC:
    case SID_CLEAR_DTC: return MDD_SOVD_FAULT;
    default: return 0;
    }
}

/* Adds svc when it is of category. */
static mdd_status classify(sovd_walk *s, const mdd_db_service *svc, mdd_sovd_category category)
{
    const mdd_request_prefix *p = &svc->prefix;
    uint8_t sid = p->len ? p->bytes[0] : 0;
    if (!p->len || category_of(s, svc, sid) != category)
        return MDD_OK;
    mdd_sovd_entry e = entry_of(svc, category, MDD_SOVD_READ);
    const mdd_sovd_naming *n = &s->naming;
    mdd_status st = MDD_OK;
    switch (category) {
    case MDD_SOVD_DATA:
    case MDD_SOVD_CONFIGURATION:
        e.role = sid == SID_READ_DATA ? MDD_SOVD_READ : MDD_SOVD_WRITE;
        e.identifier = prefix_number(p, 1, 2);
        e.id = mdd_sovd_strip(e.id, n->suffixes, n->suffix_count);
        break;
    case MDD_SOVD_OPERATION:
        e.identifier = prefix_number(p, 2, 2);
        e.role = routine_role(prefix_number(p, 1, 1) & SUB_FUNCTION_MASK);
        e.id = mdd_sovd_strip(mdd_sovd_strip(e.id, n->routine_suffixes, n->routine_suffix_count),
                              n->suffixes, n->suffix_count);
        break;
    case MDD_SOVD_MODE:
        e.identifier = prefix_number(p, 1, 1) & SUB_FUNCTION_MASK;
        st = mode(s, svc, sid, &e);
        break;
    default:
        e.identifier = prefix_number(p, 1, 1) & SUB_FUNCTION_MASK;
        e.role = sid == SID_READ_DTC ? fault_role(e.identifier) : MDD_SOVD_CLEAR_FAULTS;
        e.id = literal("faults");
        break;
    }
    if (st == MDD_OK)
        add(s, &e);
    return st;
}

mdd_status mdd_sovd_entries(const mdd_db_layer *layer, const mdd_sovd_naming *naming,
                            mdd_sovd_entry *out, uint32_t cap, uint32_t *total, mdd_error *err)
{
    sovd_walk s = {.layer = layer, .naming = mdd_sovd_naming_default(), .out = out, .cap = cap,
                   .err = err};
    *total = 0;
    mdd_status st = options_read(&naming_layout, naming, &s.naming, err);
    uint32_t n = layer ? mdd_db_layer_service_count(layer) : 0;
    for (int c = MDD_SOVD_DATA; c <= MDD_SOVD_FAULT && st == MDD_OK; c++) {
        for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
            mdd_db_service svc = mdd_db_layer_service_at(layer, i);
            st = classify(&s, &svc, (mdd_sovd_category)c);
        }
    }
    *total = st == MDD_OK ? s.total : 0;
    return st;
}
