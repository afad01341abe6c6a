/* SPDX-License-Identifier: Apache-2.0 */
/* The inplace strategy: the MDD file itself, converted once to uncompressed chunks, mapped
 * read-only, every chunk's view pointing at its data in the mapping. pread opens its file the
 * same way (store_open_converted()) but only uses the views to know where each chunk's bytes
 * lie in the file. */
#include "store_impl.h"

#include <mdd/convert.h>

#include <stdio.h>

/* Converts path, unless it cannot be written and a fallback is allowed: *fell_back then says
 * that the store was opened under the fallback strategy instead. */
static mdd_status convert(mdd_store *store, const char *path, const mdd_store_options *opts,
                          int *fell_back, mdd_error *err)
{
    mdd_convert_options copts = mdd_convert_options_default();
    copts.limits = opts->limits;
    copts.parse = opts->parse;
    mdd_status st = mdd_convert_file(path, &copts, NULL, err);
    if (st == MDD_ERR_READ_ONLY && opts->allow_fallback) {
        *fell_back = 1;
        return store_open_as(store, path, opts, opts->fallback, err);
    }
    if (st == MDD_ERR_READ_ONLY) {
        char reason[MDD_ERROR_MESSAGE_SIZE];
        snprintf(reason, sizeof reason, "%s", err ? err->message : mdd_strerror(st));
        return mdd_fail(err, st,
                        "cannot convert in place: %s; allow a fallback strategy to open it "
                        "anyway", reason);
    }
    if (st)
        mdd_error_prefix(err, "convert: ");
    return st;
}

/* Loads the file, converting it first if any chunk is compressed. */
static mdd_status load_plain(mdd_store *store, const char *path, const mdd_store_options *opts,
                             mdd_strategy strategy, int *fell_back, mdd_error *err)
{
    mdd_status st = store_load_source(store, path, strategy, opts, err);
    if (st || mdd_file_is_plain(&store->file))
        return st;
    /* The conversion renames a new file over this one; the old mapping is of no further use. */
    store_clear(store);
    st = convert(store, path, opts, fell_back, err);
    if (st || *fell_back)
        return st;
    st = store_load_source(store, path, strategy, opts, err);
    if (st == MDD_OK && !mdd_file_is_plain(&store->file))
        st = mdd_fail(err, MDD_ERR_FORMAT,
                      "compressed again right after its conversion: replaced meanwhile?");
    return st;
}

mdd_status store_open_converted(mdd_store *store, const char *path,
                                const mdd_store_options *opts, mdd_strategy strategy,
                                int *fell_back, mdd_error *err)
{
    *fell_back = 0;
    mdd_status st = load_plain(store, path, opts, strategy, fell_back, err);
    if (st || *fell_back)
        return st;
    /* The payload sizes of plain chunks are their data's lengths; measuring also rejects the
     * chunks no store can hand out (encrypted) and those over the limit. */
    st = store_measure(store, &opts->limits, 0, NULL, err);
    if (st)
        return st;
    for (size_t i = 0; i < store->file.chunk_count; i++)
        store->views[i] = store_view(store->file.chunks[i].data.ptr, store->views[i].len);
    /* Verification hashes with explicit reads of the file, never through the mapping. */
    return store_establish_integrity(store, opts, err);
}

static mdd_status open_inplace(mdd_store *store, const char *path, const mdd_store_options *opts,
                               mdd_error *err)
{
    int fell_back;
    return store_open_converted(store, path, opts, MDD_STRATEGY_INPLACE, &fell_back, err);
}

const store_ops store_inplace_ops = {
    .name = "inplace",
    .converts = 1,
    .open = open_inplace,
    .chunk_data = store_view_chunk_data,
    .read = store_view_read,
    .try_read = store_mapped_try_read,
    .io_begin = store_mapped_io_begin,
    .io_end = store_view_io_end,
    .hash = store_mapped_hash,
};
