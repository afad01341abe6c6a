/* SPDX-License-Identifier: Apache-2.0 */
/* A tiny FlatBuffers byte builder for tests and benchmarks, header-only. It lays a buffer out
 * front to back: a parent is written before its children, so every uoffset points forward as
 * the format wants, and tests can then break any byte on purpose. Also: the decoded payload of
 * a corpus file. Little-endian, no checks beyond the capacity. */
#ifndef MDD_TEST_FB_BUILDER_H
#define MDD_TEST_FB_BUILDER_H

#include <mdd/mdd.h>

#include <stdlib.h>
#include <string.h>

/* Room for one buffer; define it before including this header for larger buffers. */
#ifndef TB_CAP
#define TB_CAP 8192
#endif

typedef struct tb {
    uint8_t buf[TB_CAP];
    uint32_t len;
} tb;

static inline void tb_set(tb *b, uint32_t at, uint32_t v, uint32_t size)
{
    if (at + size > TB_CAP)
        abort();
    for (uint32_t i = 0; i < size; i++)
        b->buf[at + i] = (uint8_t)(v >> (8 * i));
}

static inline void tb_set32(tb *b, uint32_t at, uint32_t v) { tb_set(b, at, v, 4); }

/* The little-endian 32-bit value at `at`, whatever the host's byte order. */
static inline uint32_t tb_get32(const tb *b, uint32_t at)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < 4; i++)
        v |= (uint32_t)b->buf[at + i] << (8 * i);
    return v;
}

/* Appends size bytes of v; returns where they went. */
static inline uint32_t tb_put(tb *b, uint32_t v, uint32_t size)
{
    uint32_t at = b->len;
    tb_set(b, at, v, size);
    b->len += size;
    return at;
}

/* Appends n bytes; returns where they went. */
static inline uint32_t tb_bytes(tb *b, const void *data, uint32_t n)
{
    uint32_t at = b->len;
    if ((uint64_t)at + n > TB_CAP)
        abort();
    memcpy(b->buf + at, data, n);
    b->len += n;
    return at;
}

/* Pads with zeros to a multiple of n. */
static inline void tb_align(tb *b, uint32_t n)
{
    while (b->len % n)
        tb_put(b, 0, 1);
}

/* Stores at `at` the uoffset that leads to target. */
static inline void tb_link(tb *b, uint32_t at, uint32_t target) { tb_set32(b, at, target - at); }

/* A new buffer: the root uoffset at 0, filled by tb_link(b, 0, table). */
static inline void tb_init(tb *b)
{
    memset(b, 0, sizeof *b);
    tb_put(b, 0, 4);
}

/* The bytes of a vtable for n field ids. */
static inline uint32_t tb_vtable_size(uint32_t n) { return 4 + 2 * n; }

/* Where the vtable at vtable keeps the offset of field id. */
static inline uint32_t tb_vtable_slot(uint32_t vtable, uint32_t id) { return vtable + 4 + 2 * id; }

/* Appends a vtable for n field ids and its table. size[i] is the byte size of field i (0:
 * absent; 4 for references; 8 for doubles, which the readers load unaligned). Fields are
 * placed largest first. Returns the table's position; at[i] receives field i's position (0
 * when absent). */
static inline uint32_t tb_table(tb *b, uint32_t n, const uint8_t *size, uint32_t *at)
{
    tb_align(b, 2);
    uint32_t vt = tb_put(b, tb_vtable_size(n), 2);
    uint32_t table_size_at = tb_put(b, 0, 2);
    for (uint32_t i = 0; i < n; i++)
        tb_put(b, 0, 2);
    tb_align(b, 4);
    uint32_t table = b->len;
    tb_put(b, table - vt, 4);
    for (uint32_t i = 0; i < n; i++)
        at[i] = 0;
    for (uint32_t want = 8; want >= 1; want /= 2)
        for (uint32_t i = 0; i < n; i++) {
            if (size[i] != want)
                continue;
            at[i] = b->len;
            for (uint32_t k = 0; k < want; k++)
                tb_put(b, 0, 1);
            tb_set(b, tb_vtable_slot(vt, i), at[i] - table, 2);
        }
    tb_align(b, 4);
    tb_set(b, table_size_at, b->len - table, 2);
    return table;
}

/* Appends a string; returns its position. */
static inline uint32_t tb_string(tb *b, const char *s)
{
    tb_align(b, 4);
    uint32_t at = tb_put(b, (uint32_t)strlen(s), 4);
    for (const char *p = s; *p; p++)
        tb_put(b, (uint8_t)*p, 1);
    tb_put(b, 0, 1);
    tb_align(b, 4);
    return at;
}

/* Appends a vector of count 4-byte slots (filled later); returns the count's position: slot
 * i is at that + 4 + 4 * i. */
static inline uint32_t tb_vector(tb *b, uint32_t count)
{
    tb_align(b, 4);
    uint32_t at = tb_put(b, count, 4);
    for (uint32_t i = 0; i < count; i++)
        tb_put(b, 0, 4);
    return at;
}

/* The decoded DIAGNOSTIC_DESCRIPTION payload of the MDD file file[0..file_len) (malloc'd,
 * caller frees), or NULL when the file cannot be read that far. */
static inline uint8_t *tb_corpus_payload(const uint8_t *file, size_t file_len, size_t *len)
{
    mdd_file f;
    *len = 0;
    if (mdd_file_parse(file, file_len, NULL, &f, NULL) != MDD_OK)
        return NULL;
    uint8_t *out = NULL;
    uint64_t size = 0;
    for (size_t i = 0; i < f.chunk_count && !out; i++) {
        if (f.chunks[i].type != MDD_CHUNK_DIAGNOSTIC_DESCRIPTION ||
            mdd_chunk_payload_size(&f.chunks[i], NULL, &size, NULL) != MDD_OK)
            continue;
        out = malloc(size ? (size_t)size : 1);
        if (out && mdd_chunk_decode(&f.chunks[i], out, (size_t)size, NULL, NULL) != MDD_OK) {
            free(out);
            out = NULL;
        }
    }
    mdd_file_free(&f);
    *len = (size_t)size;
    return out;
}

#endif
