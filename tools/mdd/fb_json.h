/* SPDX-License-Identifier: Apache-2.0 */
/* A FlatBuffers table as JSON in flatc's shape, driven by the schema's generated descriptors:
 * what `mdd dump` prints. */
#ifndef MDD_TOOL_FB_JSON_H
#define MDD_TOOL_FB_JSON_H

#include "json.h"

#include <mdd/fb.h>
#include <mdd_internal/fb.h>

/* Bounds on what one call prints. A payload is a DAG, and a table shared by several parents
 * is printed at each place, so the printed tree can be exponentially larger than the payload:
 * tables nested deeper than max_depth (the root counting as 1), and every table after the
 * first max_tables, print as {"$truncated": true}. */
typedef struct fb_json_limits {
    uint32_t max_depth;
    uint64_t max_tables;
} fb_json_limits;

/* Writes table t of the given type as flatc --json --strict-json --defaults-json would: field
 * names of the schema in id order, enums and union tags by name (their number when the schema
 * does not name them), every scalar even when it holds its default, absent optional scalars as
 * null, absent strings, tables and vectors left out, deprecated fields left out, within
 * limits. Reads through the bounds-checked primitives of <mdd/fb.h>: bytes that do not fit
 * read as absent. */
void fb_json_table(json_writer *j, mdd_fb_table t, const fb_type *type,
                   const fb_json_limits *limits);

/* The little-endian integer of the n (at most 8) bytes at p, for any walker of the schema. */
uint64_t fb_json_le(const uint8_t *p, uint32_t n);

/* The member type a union tag of field f names: NULL for NONE, a generic table for a tag the
 * schema lacks (checked, not printed field by field). */
const fb_type *fb_json_member(const fb_field *f, uint8_t tag);

#endif
