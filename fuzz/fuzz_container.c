/* SPDX-License-Identifier: Apache-2.0 */
/* Container parser and rewriter: no input may crash them, and for any input the parser
 * accepts, a rewrite without edits must give the input back and re-encoding the parsed views
 * must give a file that parses to the same shape. */
#include <mdd/mdd.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_reencode(const mdd_file *f)
{
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    if (mdd_file_encode(f, &sink, NULL) != MDD_OK)
        abort();
    mdd_file again;
    if (mdd_file_parse(out.data, out.len, NULL, &again, NULL) != MDD_OK)
        abort();
    if (again.chunk_count != f->chunk_count || again.metadata.count != f->metadata.count ||
        again.feature_flag_count != f->feature_flag_count)
        abort();
    mdd_file_free(&again);
    mdd_buffer_free(&out);
}

static void check_identity_rewrite(const uint8_t *data, size_t size)
{
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    if (mdd_file_rewrite(data, size, NULL, 0, &sink, NULL) != MDD_OK)
        abort();
    if (out.len != size || memcmp(out.data, data, size) != 0)
        abort();
    mdd_buffer_free(&out);
}

static mdd_status write_marker(void *ctx, mdd_sink *out, mdd_error *err)
{
    (void)ctx;
    return mdd_sink_write(out, "plain", 5, err);
}

static void check_edited_rewrite(const uint8_t *data, size_t size)
{
    mdd_chunk_edit edit = {.drop_fields = MDD_CHUNK_FIELD_BIT(5) | MDD_CHUNK_FIELD_BIT(6),
                           .replace_data = 1,
                           .data_len = 5,
                           .write_data = write_marker};
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    if (mdd_file_rewrite(data, size, &edit, 1, &sink, NULL) != MDD_OK)
        abort();
    mdd_file f;
    if (mdd_file_parse(out.data, out.len, NULL, &f, NULL) != MDD_OK)
        abort();
    if (f.chunks[0].compression_algorithm.ptr || f.chunks[0].has_uncompressed_size ||
        !mdd_bytes_equal_str(f.chunks[0].data, "plain"))
        abort();
    mdd_file_free(&f);
    mdd_buffer_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_file f;
    mdd_error err;
    if (mdd_file_parse(data, size, NULL, &f, &err) != MDD_OK)
        return 0;
    check_identity_rewrite(data, size);
    check_reencode(&f);
    if (f.chunk_count > 0)
        check_edited_rewrite(data, size);
    mdd_file_free(&f);
    return 0;
}
