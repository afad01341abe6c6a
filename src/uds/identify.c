/* SPDX-License-Identifier: Apache-2.0 */
/* Variant identification (codec rules §8) as the reference adapter does it: a matching
 * parameter matches when its out param's value, printed as the decoded JSON prints it and
 * without quotes, equals the expected value (a byte field by its hex digits, ignoring case
 * and "0x"); a pattern matches when all its matching parameters do, a variant when any of its
 * patterns does; the first matching variant wins, and none falls back to the base variant. */
#include <mdd_internal/common.h>
#include "uds_impl.h"

#include <mdd_internal/uds.h>

#include <string.h>

static int same_table(mdd_fb_table a, mdd_fb_table b)
{
    return a.buf == b.buf && a.pos == b.pos;
}

static int compare_names(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    int c = n ? memcmp(a.ptr, b.ptr, n) : 0;
    if (c != 0)
        return c;
    return a.len < b.len ? -1 : a.len > b.len;
}

static mdd_bytes service_name(mdd_diag_service s)
{
    return mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s));
}

/* The effective service of layer that is s, or failing that the first one named as s (the
 * services are sorted by name): 1 and *out, or 0. */
static int find_effective(const mdd_db_layer *layer, mdd_diag_service s, mdd_db_service *out)
{
    mdd_bytes name = service_name(s);
    uint32_t lo = 0, hi = mdd_db_layer_service_count(layer);
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (compare_names(service_name(mdd_db_layer_service_at(layer, mid).service), name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int found = 0;
    for (uint32_t i = lo; i < mdd_db_layer_service_count(layer); i++) {
        mdd_db_service cand = mdd_db_layer_service_at(layer, i);
        if (compare_names(service_name(cand.service), name) != 0)
            break;
        if (!found || same_table(cand.service.t, s.t))
            *out = cand;
        found = 1;
        if (same_table(cand.service.t, s.t))
            break;
    }
    return found;
}

/* The variant marked as the base variant, or NULL. */
static const mdd_db_layer *marked_base(const mdd_db_ecu *ecu)
{
    for (uint32_t i = 0; i < mdd_db_ecu_variant_count(ecu); i++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, i);
        if (mdd_variant_is_base_variant(mdd_db_layer_variant(layer)))
            return layer;
    }
    return NULL;
}

/* The service a matching parameter of variant layer sends: among the variant's effective
 * services, else the base variant's. 1 and *out, or 0 when neither has it. */
static int resolve(const mdd_db_ecu *ecu, const mdd_db_layer *layer, mdd_matching_parameter mp,
                   mdd_uds_identify_request *out)
{
    mdd_diag_service s = mdd_matching_parameter_diag_service(mp);
    const mdd_db_layer *base = marked_base(ecu);
    if (find_effective(layer, s, &out->service))
        out->layer = layer;
    else if (base && find_effective(base, s, &out->service))
        out->layer = base;
    else
        return 0;
    return 1;
}

/* Every matching parameter of every pattern of every variant, in stored order. */
typedef struct mp_cursor {
    uint32_t variant, pattern, param;
} mp_cursor;

static int next_param(const mdd_db_ecu *ecu, mp_cursor *c, const mdd_db_layer **layer,
                      mdd_matching_parameter *mp)
{
    for (; c->variant < mdd_db_ecu_variant_count(ecu); c->variant++, c->pattern = 0) {
        *layer = mdd_db_ecu_variant_at(ecu, c->variant);
        mdd_variant_pattern_vec patterns =
            mdd_variant_variant_pattern(mdd_db_layer_variant(*layer));
        for (; c->pattern < mdd_variant_pattern_vec_count(patterns); c->pattern++, c->param = 0) {
            mdd_matching_parameter_vec mps = mdd_variant_pattern_matching_parameter(
                mdd_variant_pattern_vec_at(patterns, c->pattern));
            if (c->param < mdd_matching_parameter_vec_count(mps)) {
                *mp = mdd_matching_parameter_vec_at(mps, c->param++);
                return 1;
            }
        }
    }
    return 0;
}

/* Whether a matching parameter before the cursor end resolves to the service of r. */
static int referenced_before(const mdd_db_ecu *ecu, mp_cursor end,
                             const mdd_uds_identify_request *r)
{
    mp_cursor c = {0, 0, 0};
    const mdd_db_layer *layer;
    mdd_matching_parameter mp;
    while (memcmp(&c, &end, sizeof c) != 0 && next_param(ecu, &c, &layer, &mp)) {
        mdd_uds_identify_request earlier;
        if (resolve(ecu, layer, mp, &earlier) &&
            same_table(earlier.service.service.t, r->service.service.t))
            return 1;
    }
    return 0;
}

/* Whether out[0..n) holds the service of r. */
static int listed(const mdd_uds_identify_request *out, size_t n,
                  const mdd_uds_identify_request *r)
{
    for (size_t i = 0; i < n; i++)
        if (same_table(out[i].service.service.t, r->service.service.t))
            return 1;
    return 0;
}

/* While out has room it holds every service found so far; past that, the matching
 * parameters before are resolved again. */
size_t mdd_uds_identify_requests(const mdd_db_ecu *ecu, mdd_uds_identify_request *out,
                                 size_t cap)
{
    size_t count = 0;
    mp_cursor c = {0, 0, 0};
    const mdd_db_layer *layer;
    mdd_matching_parameter mp;
    mp_cursor before = c;
    while (next_param(ecu, &c, &layer, &mp)) {
        mdd_uds_identify_request r;
        int found = resolve(ecu, layer, mp, &r);
        if (found && !(count <= cap ? listed(out, count, &r)
                                    : referenced_before(ecu, before, &r))) {
            if (count < cap)
                out[count] = r;
            count++;
        }
        before = c;
    }
    return count;
}

/* A sink that compares what it is given with an expected text. */
typedef struct compare_sink {
    mdd_bytes expected;
    size_t pos;
    int equal;
} compare_sink;

static mdd_status compare_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)err;
    compare_sink *c = ctx;
    if (len > c->expected.len - c->pos || memcmp(c->expected.ptr + c->pos, data, len) != 0)
        c->equal = 0;
    else
        c->pos += len;
    return MDD_OK;
}

static int is_hex_prefix(mdd_bytes s, size_t i)
{
    return i + 1 < s.len && s.ptr[i] == '0' && (s.ptr[i + 1] == 'x' || s.ptr[i + 1] == 'X');
}

static int hex_value(uint8_t c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The byte field's hex digits against expected's, case and "0x" prefixes and spaces not
 * counting. */
static int bytes_match(mdd_bytes value, mdd_bytes expected)
{
    size_t digit = 0, i = 0;
    while (i < expected.len) {
        if (expected.ptr[i] == ' ') {
            i++;
        } else if (is_hex_prefix(expected, i)) {
            i += 2;
        } else {
            int h = hex_value(expected.ptr[i++]);
            if (h < 0 || digit >= 2 * value.len)
                return 0;
            uint8_t byte = value.ptr[digit / 2];
            if (h != (digit % 2 ? byte & 15 : byte >> 4))
                return 0;
            digit++;
        }
    }
    return digit == 2 * value.len;
}

/* The value's JSON text without quotes against expected. */
static int value_matches(const mdd_uds_value *v, mdd_bytes expected)
{
    if (v->kind == MDD_UDS_BYTES)
        return bytes_match(v->as.bytes, expected);
    compare_sink c = {expected, 0, 1};
    mdd_sink sink = {compare_write, &c};
    uds_jw w;
    uds_jw_init(&w, &sink, NULL);
    if (v->kind == MDD_UDS_TEXT)
        uds_jw_text_content(&w, &v->as.text);
    else
        uds_jw_scalar(&w, v);
    uds_jw_flush(&w);
    return c.equal && c.pos == expected.len;
}

/* The visitor that looks for the out param: the parameter itself wherever it is, or a
 * top-level value of its name. */
typedef struct param_check {
    mdd_param out_param;
    mdd_bytes expected;
    int matched;
} param_check;

static int is_out_param(const param_check *p, const mdd_uds_value *v)
{
    if (v->param.t.pos && same_table(v->param.t, p->out_param.t))
        return 1;
    mdd_bytes name = mdd_param_short_name(p->out_param);
    return v->depth == 1 && v->path[0].name.ptr && compare_names(v->path[0].name, name) == 0;
}

static mdd_status check_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    param_check *p = ctx;
    if (v->kind < MDD_UDS_OBJECT_BEGIN && !p->matched && is_out_param(p, v))
        p->matched = value_matches(v, p->expected);
    return MDD_OK;
}

/* Whether an exchange for the matching parameter's service decodes with the expected value. */
static int param_matches(const mdd_db_ecu *ecu, const mdd_db_layer *layer,
                         mdd_matching_parameter mp, const mdd_uds_exchange *exchanges,
                         size_t count, const mdd_uds_options *opts)
{
    mdd_uds_identify_request r;
    if (!resolve(ecu, layer, mp, &r))
        return 0;
    for (size_t i = 0; i < count; i++) {
        const mdd_uds_exchange *x = &exchanges[i];
        if (!mdd_request_prefix_matches(&r.service.prefix, x->request, x->request_len))
            continue;
        param_check p = {mdd_matching_parameter_out_param(mp),
                         mdd_matching_parameter_expected_value(mp), 0};
        mdd_uds_visitor visitor = {check_value, &p};
        mdd_error ignored;
        if (mdd_uds_decode_message(r.layer, &r.service, NULL, x->request, x->request_len,
                                   x->response, x->response_len, &visitor, opts, NULL,
                                   &ignored) == MDD_OK &&
            p.matched)
            return 1;
    }
    return 0;
}

static int pattern_matches(const mdd_db_ecu *ecu, const mdd_db_layer *layer,
                           mdd_variant_pattern pattern, const mdd_uds_exchange *exchanges,
                           size_t count, const mdd_uds_options *opts)
{
    mdd_matching_parameter_vec mps = mdd_variant_pattern_matching_parameter(pattern);
    for (uint32_t i = 0; i < mdd_matching_parameter_vec_count(mps); i++)
        if (!param_matches(ecu, layer, mdd_matching_parameter_vec_at(mps, i), exchanges, count,
                           opts))
            return 0;
    return 1;
}

static int variant_matches(const mdd_db_ecu *ecu, const mdd_db_layer *layer,
                           const mdd_uds_exchange *exchanges, size_t count,
                           const mdd_uds_options *opts)
{
    mdd_variant_pattern_vec patterns = mdd_variant_variant_pattern(mdd_db_layer_variant(layer));
    for (uint32_t i = 0; i < mdd_variant_pattern_vec_count(patterns); i++)
        if (pattern_matches(ecu, layer, mdd_variant_pattern_vec_at(patterns, i), exchanges,
                            count, opts))
            return 1;
    return 0;
}

mdd_status mdd_uds_identify(const mdd_db_ecu *ecu, const mdd_uds_exchange *exchanges,
                            size_t count, const mdd_uds_options *opts, mdd_uds_identity *out,
                            mdd_error *err)
{
    for (uint32_t i = 0; i < mdd_db_ecu_variant_count(ecu); i++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, i);
        if (variant_matches(ecu, layer, exchanges, count, opts)) {
            *out = (mdd_uds_identity){layer, 1};
            return MDD_OK;
        }
    }
    const mdd_db_layer *base = marked_base(ecu);
    if (!base)
        return mdd_fail(err, MDD_ERR_NOT_FOUND,
                        "no variant pattern matched and the ECU has no base variant");
    *out = (mdd_uds_identity){base, 0};
    return MDD_OK;
}
