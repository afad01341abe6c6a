/* SPDX-License-Identifier: Apache-2.0 */
/* A small streaming JSON writer for the tool's --json output. It writes compact JSON: callers
 * emit a key before each value inside an object, and the writer places the commas. */
#ifndef MDD_TOOL_JSON_H
#define MDD_TOOL_JSON_H

#include <mdd/container.h>
#include <mdd/store.h>
#include <mdd_internal/os.h>

#include <stdio.h>

typedef struct json_writer {
    FILE *out;
    int need_comma; /* a value was just completed at the current level */
} json_writer;

/* Starts a writer on out. */
void json_init(json_writer *j, FILE *out);

/* Containers. */
void json_object_begin(json_writer *j);
void json_object_end(json_writer *j);
void json_array_begin(json_writer *j);
void json_array_end(json_writer *j);

/* The key of the next value in an object. */
void json_key(json_writer *j, const char *key);

/* A string from arbitrary bytes: control characters are escaped and every byte that is not
 * part of well-formed UTF-8 becomes U+FFFD, so the output is always valid JSON. */
void json_string(json_writer *j, mdd_bytes bytes);
void json_cstring(json_writer *j, const char *s);
/* json_string(), or null when the optional field is absent (ptr == NULL). */
void json_optional_string(json_writer *j, mdd_bytes bytes);
/* The member key: json_optional_string(bytes), in the object being written. */
void json_member_string(json_writer *j, const char *key, mdd_bytes bytes);

void json_uint(json_writer *j, uint64_t value);
void json_int(json_writer *j, int64_t value);
/* A finite number with a fixed count of decimals (a duration, say). */
void json_fixed(json_writer *j, double value, int decimals);
/* A double as flatc prints one: 12 decimals, trailing zeros cut down to one ("1.0",
 * "0.000001"); null for an infinity or NaN, which JSON cannot hold. */
void json_double(json_writer *j, double value);
void json_bool(json_writer *j, int value);
void json_null(json_writer *j);

/* A string of the bytes as lowercase hex. */
void json_hex(json_writer *j, const uint8_t *data, size_t len);

/* A protobuf map as an object. A key that appears more than once gets its last value (as
 * protobuf reads it), written once; keys come out sorted. Returns -1 when out of memory. */
int json_map(json_writer *j, mdd_map_view map);

/* The key "process" and the process's memory: {"rss_kb", "pss_kb", "anonymous_kb",
 * "file_kb"}, or null when p is NULL. */
void json_process_memory(json_writer *j, const mdd_process_memory *p);

/* The fields of a store memory report ("payload_bytes", "mapped_bytes", "resident_bytes",
 * "heap_bytes", "cached_bytes", "shared_bytes") in the object being written. */
void json_store_memory_fields(json_writer *j, const mdd_store_memory *m);

/* Ends the current top-level value with a newline, ready for the next one. */
void json_end_line(json_writer *j);

#endif
