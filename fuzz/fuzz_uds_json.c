/* SPDX-License-Identifier: Apache-2.0 */
/* The encoder's JSON scanner: no input may crash it or make it recurse or allocate, and what
 * it accepts must hold together: every member and element found again by iteration lies
 * inside its container, every key and string iterates as text to its end, every key finds a
 * member, and the root's span parses again to the same span. */
#include "../src/uds/prim.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_DEPTH 16

static void check_text(const uint8_t *p, size_t len)
{
    mdd_uds_text t = {{p, len}, UDS_TEXT_JSON};
    size_t off = 0;
    uint32_t cp;
    int r;
    while ((r = uds_text_next(&t, &off, &cp)) > 0)
        if (cp > 0x10FFFF)
            abort();
    if (r < 0 || off != len)
        abort();
}

static void check_inside(uds_json outer, uds_json inner)
{
    if (inner.ptr < outer.ptr || inner.ptr + inner.len > outer.ptr + outer.len || !inner.len)
        abort();
}

static void check_value(uds_json v, uint32_t depth);

/* The key resolved to UTF-8 finds a member (the first of that name): keys up to 256 bytes. */
static void check_key_finds(uds_json object, uds_json key)
{
    uint8_t name[256];
    size_t n = 0, off = 0;
    uint32_t cp;
    mdd_uds_text t = {{(const uint8_t *)key.ptr, key.len}, UDS_TEXT_JSON};
    while (uds_text_next(&t, &off, &cp) > 0) {
        size_t unit = uds_text_unit_size(MDD_UDS_TEXT_UTF8, cp);
        if (!unit || n + unit > sizeof name)
            return;
        uds_text_put(MDD_UDS_TEXT_UTF8, cp, name + n);
        n += unit;
    }
    uds_json found;
    mdd_bytes b = {name, n};
    if (!uds_json_member(object, b, &found))
        abort();
}

static void check_container(uds_json v, uint32_t depth)
{
    uds_json_iter it = {0};
    uds_json key, member;
    int object = uds_json_type_of(v) == UDS_JSON_OBJECT;
    while (uds_json_next(v, &it, &key, &member)) {
        check_inside(v, member);
        if (object) {
            check_text((const uint8_t *)key.ptr, key.len);
            check_key_finds(v, key);
        }
        check_value(member, depth + 1);
    }
}

static void check_value(uds_json v, uint32_t depth)
{
    uds_scalar s;
    switch (uds_json_type_of(v)) {
    case UDS_JSON_OBJECT:
    case UDS_JSON_ARRAY:
        if (depth > MAX_DEPTH) /* containers nest at most MAX_DEPTH deep */
            abort();
        check_container(v, depth);
        break;
    case UDS_JSON_STRING:
        if (uds_json_scalar(v, &s, NULL) != MDD_OK || s.kind != MDD_UDS_TEXT)
            abort();
        check_text(s.as.text.bytes.ptr, s.as.text.bytes.len);
        break;
    case UDS_JSON_NUMBER: (void)uds_json_scalar(v, &s, NULL); break;
    case UDS_JSON_TRUE:
    case UDS_JSON_FALSE:
    case UDS_JSON_NULL: break;
    default: abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uds_json root, again;
    mdd_error err;
    if (uds_json_parse((const char *)data, size, MAX_DEPTH, &root, &err) != MDD_OK)
        return 0;
    check_inside((uds_json){(const char *)data, size}, root);
    if (uds_json_parse(root.ptr, root.len, MAX_DEPTH, &again, &err) != MDD_OK ||
        again.ptr != root.ptr || again.len != root.len)
        abort();
    check_value(root, 1);
    return 0;
}
