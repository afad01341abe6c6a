/* SPDX-License-Identifier: Apache-2.0 */
/* Fields: repeated items (structures, or environment data descriptions) reported as an
 * array of objects. StaticField (a fixed number of fixed-size items), DynamicLengthField (a
 * count read first) and EndOfPduField (items to the end of the message), in both
 * directions. */
#include "walk.h"

/* The item DOP of a field: its structure, else its environment data description. */
static mdd_dop item_dop(mdd_field f)
{
    mdd_dop d = mdd_field_basic_structure(f);
    return d.t.pos ? d : mdd_field_env_data_desc(f);
}

/* ---- Decoding ---- */

/* A field's items: through the database (field), or structures of item's params of byte
 * size item_size (NULL: none), from a plan. */
typedef struct field_items {
    mdd_field field;
    const uds_params_src *item;
    const uint32_t *item_size;
} field_items;

static mdd_status decode_item(uds_walk *w, const field_items *items, uint32_t i, size_t start,
                              size_t *next)
{
    mdd_param none = uds_no_param();
    mdd_status st = uds_path_push_index(w, i);
    if (st != MDD_OK)
        return st;
    if (items->item) {
        st = uds_decode_structure_of(w, items->item, items->item_size, none, start, next);
    } else {
        mdd_dop dop = item_dop(items->field);
        if (!dop.t.pos)
            return uds_fail(w, MDD_ERR_FORMAT, start, "the field has no item structure");
        if (mdd_dop_specific_data_type(dop) == MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC)
            st = uds_decode_env_data_desc(w, mdd_dop_env_data_desc(dop), none, start, next);
        else
            st = uds_decode_structure(w, dop, none, start, next);
    }
    if (st == MDD_OK)
        uds_path_pop(w);
    return st;
}

/* Opens the array and a level of nesting for its items. */
static mdd_status open_array(uds_walk *w, mdd_param param, size_t start)
{
    mdd_status st = uds_enter(w, start);
    return st == MDD_OK ? uds_emit_mark(w, MDD_UDS_ARRAY_BEGIN, param, start, start) : st;
}

static mdd_status close_array(uds_walk *w, mdd_param param, size_t start, size_t end)
{
    uds_leave(w);
    return uds_emit_mark(w, MDD_UDS_ARRAY_END, param, start, end);
}

static mdd_status static_field(uds_walk *w, mdd_static_field f, const field_items *items,
                               mdd_param param, size_t start, size_t *next)
{
    uint32_t n = mdd_static_field_fixed_number_of_items(f);
    size_t size = mdd_static_field_item_byte_size(f);
    mdd_status st = open_array(w, param, start);
    for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
        size_t item_end;
        st = decode_item(w, items, i, start + i * size, &item_end);
        if (st == MDD_OK && item_end > start + (i + 1) * size)
            st = uds_fail(w, MDD_ERR_FORMAT, start + i * size,
                          "item %u ends at byte %zu, past its item_byte_size %zu", (unsigned)i,
                          item_end, size);
    }
    if (st != MDD_OK)
        return st;
    *next = start + (size_t)n * size;
    if (*next > w->msg.len)
        return uds_fail(w, MDD_ERR_FORMAT, start,
                        "%u items of %zu bytes run past the message end (%zu bytes)",
                        (unsigned)n, size, w->msg.len);
    if (*next > w->high)
        w->high = *next;
    return close_array(w, param, start, *next);
}

/* The number of items a DynamicLengthField says, read at its place. */
static mdd_status item_count(uds_walk *w, mdd_determine_number_of_items d, size_t start,
                             uint64_t *count, size_t *end)
{
    uds_pos pos = {start + mdd_determine_number_of_items_byte_position(d),
                   (uint8_t)(mdd_determine_number_of_items_bit_position(d) & 7u)};
    uds_scalar v;
    mdd_status st = uds_read_physical(w, mdd_determine_number_of_items_dop(d), pos, &v, end);
    if (st != MDD_OK)
        return st;
    if (!uds_scalar_as_u64(&v, count))
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "the number of items is not a count");
    return MDD_OK;
}

static mdd_status dynamic_field(uds_walk *w, mdd_dynamic_length_field f,
                                const field_items *items, mdd_param param, size_t start,
                                size_t *next)
{
    uint64_t count;
    size_t count_end;
    mdd_status st = item_count(w, mdd_dynamic_length_field_determine_number_of_items(f), start,
                               &count, &count_end);
    if (st == MDD_OK && count > w->max_values)
        st = uds_fail(w, MDD_ERR_LIMIT, start, "%llu items, more than max_values %u",
                      (unsigned long long)count, (unsigned)w->max_values);
    if (st == MDD_OK)
        st = open_array(w, param, start);
    size_t cursor = start + mdd_dynamic_length_field_offset(f);
    for (uint32_t i = 0; i < count && st == MDD_OK; i++)
        st = decode_item(w, items, i, cursor, &cursor);
    if (st != MDD_OK)
        return st;
    *next = cursor > count_end ? cursor : count_end;
    return close_array(w, param, start, *next);
}

static mdd_status end_of_pdu_field(uds_walk *w, const field_items *items, mdd_param param,
                                   size_t start, size_t *next)
{
    mdd_status st = open_array(w, param, start);
    size_t cursor = start;
    for (uint32_t i = 0; cursor < w->msg.len && st == MDD_OK; i++) {
        size_t item_start = cursor;
        st = decode_item(w, items, i, item_start, &cursor);
        /* An item that covers no byte would repeat forever. */
        if (st == MDD_OK && cursor <= item_start)
            st = uds_fail(w, MDD_ERR_FORMAT, item_start, "item %u covers no bytes", (unsigned)i);
    }
    if (st != MDD_OK)
        return st;
    *next = cursor;
    return close_array(w, param, start, cursor);
}

mdd_status uds_decode_static_field(uds_walk *w, mdd_static_field f, mdd_param param,
                                   size_t start, size_t *next)
{
    field_items items = {mdd_static_field_field(f), NULL, NULL};
    return static_field(w, f, &items, param, start, next);
}

mdd_status uds_decode_dynamic_field(uds_walk *w, mdd_dynamic_length_field f, mdd_param param,
                                    size_t start, size_t *next)
{
    field_items items = {mdd_dynamic_length_field_field(f), NULL, NULL};
    return dynamic_field(w, f, &items, param, start, next);
}

mdd_status uds_decode_end_of_pdu_field(uds_walk *w, mdd_end_of_pdu_field f, mdd_param param,
                                       size_t start, size_t *next)
{
    field_items items = {mdd_end_of_pdu_field_field(f), NULL, NULL};
    return end_of_pdu_field(w, &items, param, start, next);
}

mdd_status uds_decode_field_of(uds_walk *w, mdd_dop dop, const uds_params_src *item,
                               const uint32_t *item_size, mdd_param param, size_t start,
                               size_t *next)
{
    field_items items = {.item = item, .item_size = item_size};
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD:
        return static_field(w, mdd_dop_static_field(dop), &items, param, start, next);
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
        return dynamic_field(w, mdd_dop_dynamic_length_field(dop), &items, param, start, next);
    default:
        return end_of_pdu_field(w, &items, param, start, next);
    }
}

/* ---- Encoding ---- */

static mdd_status encode_item(uds_walk *w, mdd_field f, uint32_t i, uds_json value, size_t start,
                              int last, size_t *next)
{
    mdd_dop dop = item_dop(f);
    mdd_status st = uds_path_push_index(w, i);
    if (st != MDD_OK)
        return st;
    if (!dop.t.pos)
        return uds_fail(w, MDD_ERR_FORMAT, start, "the field has no item structure");
    if (mdd_dop_specific_data_type(dop) == MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC)
        st = uds_encode_env_data_desc(w, mdd_dop_env_data_desc(dop), value, start, last, next);
    else
        st = uds_encode_structure(w, dop, value, start, last, next);
    if (st == MDD_OK)
        uds_path_pop(w);
    return st;
}

/* The number of items of a JSON array (which must be one). */
static mdd_status array_length(uds_walk *w, uds_json value, uint32_t *n)
{
    mdd_status st = uds_json_absent(value) ? uds_fail(w, MDD_ERR_ARG, w->out->len,
                                                      "no value given")
                                           : uds_expect_array(w, value);
    uds_json_iter it = {0};
    uds_json key, item;
    *n = 0;
    while (st == MDD_OK && uds_json_next(value, &it, &key, &item))
        (*n)++;
    return st;
}

/* Encodes the items of array back to back from start (or, with stride, at start + i *
 * stride); *next after the last. */
static mdd_status encode_items(uds_walk *w, mdd_field f, uds_json array, size_t start,
                               size_t stride, int last, size_t *next)
{
    mdd_status st = uds_enter(w, start);
    uds_json_iter it = {0};
    uds_json key, item;
    size_t cursor = start;
    int more = uds_json_next(array, &it, &key, &item);
    for (uint32_t i = 0; st == MDD_OK && more; i++) {
        size_t at = stride ? start + (size_t)i * stride : cursor;
        uds_json this_item = item;
        /* Only the last item back to back can end the PDU. */
        more = uds_json_next(array, &it, &key, &item);
        st = encode_item(w, f, i, this_item, at, last && !stride && !more, &cursor);
        if (st == MDD_OK && stride && cursor > at + stride)
            st = uds_fail(w, MDD_ERR_ARG, at, "item %u ends at byte %zu, past its item_byte_size %zu",
                          (unsigned)i, cursor, stride);
    }
    if (st != MDD_OK)
        return st;
    uds_leave(w);
    *next = cursor;
    return MDD_OK;
}

mdd_status uds_encode_static_field(uds_walk *w, mdd_static_field f, uds_json value, size_t start,
                                   int last, size_t *next)
{
    uint32_t n, want = mdd_static_field_fixed_number_of_items(f);
    size_t size = mdd_static_field_item_byte_size(f);
    mdd_status st = array_length(w, value, &n);
    if (st == MDD_OK && n != want)
        st = uds_fail(w, MDD_ERR_ARG, start, "%u items wanted, %u given", (unsigned)want,
                      (unsigned)n);
    if (st == MDD_OK)
        st = encode_items(w, mdd_static_field_field(f), value, start, size, last, next);
    if (st != MDD_OK)
        return st;
    *next = start + (size_t)n * size;
    uds_out_extend(w->out, *next);
    return MDD_OK;
}

mdd_status uds_encode_dynamic_field(uds_walk *w, mdd_dynamic_length_field f, uds_json value,
                                    size_t start, int last, size_t *next)
{
    mdd_determine_number_of_items d = mdd_dynamic_length_field_determine_number_of_items(f);
    uds_pos pos = {start + mdd_determine_number_of_items_byte_position(d),
                   (uint8_t)(mdd_determine_number_of_items_bit_position(d) & 7u)};
    uint32_t n;
    size_t count_end;
    mdd_status st = array_length(w, value, &n);
    if (st != MDD_OK)
        return st;
    uds_scalar count;
    count.kind = MDD_UDS_UINT;
    count.hex_text = 0;
    count.as.u = n;
    if ((st = uds_write_physical(w, mdd_determine_number_of_items_dop(d), pos, &count, 0, 0,
                                 &count_end)) != MDD_OK ||
        (st = encode_items(w, mdd_dynamic_length_field_field(f), value,
                           start + mdd_dynamic_length_field_offset(f), 0, last, next)) != MDD_OK)
        return st;
    if (count_end > *next)
        *next = count_end;
    return MDD_OK;
}

mdd_status uds_encode_end_of_pdu_field(uds_walk *w, mdd_end_of_pdu_field f, uds_json value,
                                       size_t start, int last, size_t *next)
{
    uint32_t n, bound;
    mdd_status st = array_length(w, value, &n);
    if (st != MDD_OK)
        return st;
    if (mdd_end_of_pdu_field_min_number_of_items(f, &bound) && n < bound)
        return uds_fail(w, MDD_ERR_ARG, start, "%u items given, at least %u wanted", (unsigned)n,
                        (unsigned)bound);
    if (mdd_end_of_pdu_field_max_number_of_items(f, &bound) && n > bound)
        return uds_fail(w, MDD_ERR_ARG, start, "%u items given, at most %u wanted", (unsigned)n,
                        (unsigned)bound);
    return encode_items(w, mdd_end_of_pdu_field_field(f), value, start, 0, last, next);
}
