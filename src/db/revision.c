/* SPDX-License-Identifier: Apache-2.0 */
/* Which of two revisions is newer: dotted segments, numeric where both are digits. Decides
 * the default among files that declare the same ECU name (docs/adr/0015). */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <string.h>

static int is_digits(mdd_bytes s)
{
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] < '0' || s.ptr[i] > '9')
            return 0;
    return s.len > 0;
}

static mdd_bytes strip_leading_zeros(mdd_bytes s)
{
    while (s.len > 0 && s.ptr[0] == '0') {
        s.ptr++;
        s.len--;
    }
    return s;
}

static int segment_compare(mdd_bytes a, mdd_bytes b)
{
    if (is_digits(a) && is_digits(b)) {
        a = strip_leading_zeros(a);
        b = strip_leading_zeros(b);
        /* Without leading zeros the longer number is the bigger one. */
        if (a.len != b.len)
            return a.len < b.len ? -1 : 1;
    }
    return ecu_name_compare(a, b);
}

/* Takes the segment before the next '.' off *rest. */
static mdd_bytes next_segment(mdd_bytes *rest)
{
    const uint8_t *dot = rest->len ? memchr(rest->ptr, '.', rest->len) : NULL;
    size_t n = dot ? (size_t)(dot - rest->ptr) : rest->len;
    mdd_bytes segment = {rest->ptr, n};
    size_t taken = dot ? n + 1 : n;
    rest->ptr += taken;
    rest->len -= taken;
    return segment;
}

int mdd_db_revision_compare(mdd_bytes a, mdd_bytes b)
{
    if (a.len == 0 || b.len == 0)
        return (a.len > 0) - (b.len > 0);
    /* Each pass takes one segment of each; a revision ending in '.' has an empty last one. */
    int a_more = 1;
    int b_more = 1;
    while (a_more && b_more) {
        a_more = a.len > 0 && memchr(a.ptr, '.', a.len) != NULL;
        b_more = b.len > 0 && memchr(b.ptr, '.', b.len) != NULL;
        int c = segment_compare(next_segment(&a), next_segment(&b));
        if (c != 0)
            return c;
    }
    return a_more - b_more;
}
