/* SPDX-License-Identifier: Apache-2.0 */
/* Rewrites an MDD file with edits to chosen chunks. Everything not edited is copied as raw
 * bytes, so unknown fields, field order and the exact encodings survive. */
#include <mdd_internal/common.h>

#include <mdd/container.h>
#include <mdd_internal/wire.h>

#include <string.h>

#define CHUNK_FIELD 6
#define CHUNK_DATA_FIELD 8

static const mdd_chunk_edit *find_edit(const mdd_chunk_edit *edits, size_t n, size_t index)
{
    for (size_t i = 0; i < n; i++)
        if (edits[i].chunk_index == index)
            return &edits[i];
    return NULL;
}

static mdd_status check_edits(const mdd_chunk_edit *edits, size_t n, size_t chunk_count,
                              mdd_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (edits[i].chunk_index >= chunk_count)
            return mdd_fail(err, MDD_ERR_ARG, "edit for chunk %zu, but the file has %zu chunks",
                            edits[i].chunk_index, chunk_count);
        if (find_edit(edits, i, edits[i].chunk_index))
            return mdd_fail(err, MDD_ERR_ARG, "two edits for chunk %zu", edits[i].chunk_index);
        if (edits[i].replace_data && !edits[i].write_data)
            return mdd_fail(err, MDD_ERR_ARG, "edit for chunk %zu replaces data without a writer",
                            edits[i].chunk_index);
        if (edits[i].append_len && !edits[i].append)
            return mdd_fail(err, MDD_ERR_ARG, "edit for chunk %zu appends %zu bytes from NULL",
                            edits[i].chunk_index, edits[i].append_len);
    }
    return MDD_OK;
}

static int drops(const mdd_chunk_edit *e, uint32_t number)
{
    if (number == CHUNK_DATA_FIELD && e->replace_data)
        return 1;
    return number < 32 && (e->drop_fields & MDD_CHUNK_FIELD_BIT(number));
}

/* The edited chunk's message length: kept fields plus the new data field and the appended
 * bytes. */
static mdd_status edited_chunk_size(mdd_wire_reader r, const mdd_chunk_edit *e, uint64_t *size,
                                    mdd_error *err)
{
    uint64_t n = e->replace_data ? mdd_wire_len_field_size(CHUNK_DATA_FIELD, e->data_len) : 0;
    n += e->append_len;
    while (mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        mdd_status st = mdd_wire_next(&r, &f, err);
        if (st)
            return st;
        if (!drops(e, f.number))
            n += f.size;
    }
    *size = n;
    return MDD_OK;
}

typedef struct counted_sink {
    mdd_sink *inner;
    uint64_t written;
} counted_sink;

static mdd_status counted_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    counted_sink *c = ctx;
    c->written += len;
    return mdd_sink_write(c->inner, data, len, err);
}

static mdd_status put_new_data(const mdd_chunk_edit *e, mdd_sink *out, mdd_error *err)
{
    mdd_status st = mdd_wire_put_len_header(out, CHUNK_DATA_FIELD, e->data_len, err);
    if (st)
        return st;
    counted_sink counter = {out, 0};
    mdd_sink sink = {counted_write, &counter};
    st = e->write_data(e->write_ctx, &sink, err);
    if (!st && counter.written != e->data_len)
        st = mdd_fail(err, MDD_ERR_SIZE, "new data of chunk %zu is %llu bytes, declared %llu",
                      e->chunk_index, (unsigned long long)counter.written,
                      (unsigned long long)e->data_len);
    return st;
}

/* Writes the chunk's kept fields in their order; the new data takes the place of the first
 * data field, or goes last when the chunk had none; the appended bytes come after all. */
static mdd_status put_edited_chunk(mdd_wire_reader r, const mdd_chunk_edit *e, mdd_sink *out,
                                   mdd_error *err)
{
    uint64_t size;
    mdd_status st = edited_chunk_size(r, e, &size, err);
    if (!st)
        st = mdd_wire_put_len_header(out, CHUNK_FIELD, size, err);
    int data_written = !e->replace_data;
    while (!st && mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        st = mdd_wire_next(&r, &f, err);
        if (st)
            break;
        if (f.number == CHUNK_DATA_FIELD && !data_written) {
            st = put_new_data(e, out, err);
            data_written = 1;
        } else if (!drops(e, f.number)) {
            st = mdd_sink_write(out, r.buf + f.offset, f.size, err);
        }
    }
    if (!st && !data_written)
        st = put_new_data(e, out, err);
    if (!st && e->append_len)
        st = mdd_sink_write(out, e->append, e->append_len, err);
    return st;
}

static mdd_status rewrite_fields(const uint8_t *buf, size_t len, const mdd_chunk_edit *edits,
                                 size_t edit_count, mdd_sink *out, mdd_error *err)
{
    mdd_wire_reader r;
    mdd_wire_reader_init(&r, buf, MDD_MAGIC_SIZE, len);
    mdd_status st = MDD_OK;
    size_t chunk_index = 0;
    while (!st && mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        st = mdd_wire_next(&r, &f, err);
        if (st)
            break;
        const mdd_chunk_edit *e = NULL;
        if (f.number == CHUNK_FIELD && f.wire_type == MDD_WIRE_LEN)
            e = find_edit(edits, edit_count, chunk_index++);
        if (e) {
            mdd_wire_reader sub;
            mdd_wire_reader_enter(&r, &f, &sub);
            st = put_edited_chunk(sub, e, out, err);
        } else {
            st = mdd_sink_write(out, buf + f.offset, f.size, err);
        }
    }
    return st;
}

static size_t count_chunks(const uint8_t *buf, size_t len)
{
    mdd_wire_reader r;
    mdd_wire_reader_init(&r, buf, MDD_MAGIC_SIZE, len);
    size_t n = 0;
    mdd_wire_field f;
    while (mdd_wire_reader_more(&r) && mdd_wire_next(&r, &f, NULL) == MDD_OK)
        n += f.number == CHUNK_FIELD && f.wire_type == MDD_WIRE_LEN;
    return n;
}

mdd_status mdd_file_rewrite(const uint8_t *buf, size_t len, const mdd_chunk_edit *edits,
                            size_t edit_count, mdd_sink *out, mdd_error *err)
{
    if (len < MDD_MAGIC_SIZE || memcmp(buf, mdd_magic, MDD_MAGIC_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "magic: offset 0: not an MDD file");
    /* Edits are checked before the first byte is written, so a bad call writes nothing. */
    mdd_status st = check_edits(edits, edit_count, count_chunks(buf, len), err);
    if (!st)
        st = mdd_sink_write(out, buf, MDD_MAGIC_SIZE, err);
    if (!st)
        st = rewrite_fields(buf, len, edits, edit_count, out, err);
    if (st)
        mdd_error_prefix(err, "rewrite: ");
    return st;
}
