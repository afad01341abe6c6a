/* SPDX-License-Identifier: Apache-2.0 */
/* The structural difference of two EcuData payloads, by content: `mdd diff`. Both trees are
 * walked by the schema's generated descriptors, as `mdd dump` walks one, and each table in a
 * vector is known by its natural key (its short_name, a DTC's trouble code, the short_name of
 * its diag_layer or diag_comm) rather than its position, so reordering, sharing and another
 * builder's layout make no difference. Subtables are compared by a content hash first, memoized
 * per offset, so equal subtrees cost one lookup however often they are shared. */
#ifndef MDD_TOOL_DIFF_TREE_H
#define MDD_TOOL_DIFF_TREE_H

#include <mdd/mdd.h>

#include <stddef.h>

typedef enum diff_kind { DIFF_ADDED, DIFF_REMOVED, DIFF_CHANGED, DIFF_RENAMED } diff_kind;

/* The path of a value: segments "/field" and "[key]", cut (with "...") when longer. */
#define DIFF_PATH_SIZE 1024
typedef struct diff_path {
    char buf[DIFF_PATH_SIZE];
    size_t len;
} diff_path;

/* Appends a formatted segment; returns the length to restore with diff_path_pop(). */
size_t diff_path_push(diff_path *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diff_path_pop(diff_path *p, size_t len);

/* Receives one difference: old and new are the values as text (strings JSON-quoted), NULL
 * where the kind has none; for DIFF_RENAMED new is the new name. */
typedef void (*diff_emit_fn)(void *ctx, diff_kind kind, const char *path, const char *old_value,
                             const char *new_value);

/* Compares the verified EcuData payloads a and b under path, emitting each difference.
 * Fails only for want of memory. */
mdd_status diff_ecu_data(mdd_bytes a, mdd_bytes b, diff_path *path, diff_emit_fn emit,
                         void *ctx, mdd_error *err);

/* s as a JSON string literal into buf, cut with "..." to fit. */
void diff_quote(char *buf, size_t size, mdd_bytes s);

#endif
