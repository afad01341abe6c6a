/* Reading a range of a chunk through the cache: the aligned span of blocks that holds it is
 * looked up, or read with pread(2) into a new entry and published. Block offsets count from
 * the chunk's data start, so an entry's buffer (aligned) keeps the payload's alignment. */
#include "store_impl.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

/* The entry that holds [offset, offset + len) (len > 0) of chunk index: one block when the
 * range lies in one, otherwise every block it touches; the last cut at the chunk's end. */
typedef struct pread_span {
    cache_key key;
    uint64_t start; /* in the chunk's data */
    size_t size;
} pread_span;

static pread_span span_of(const mdd_store *store, size_t index, uint64_t offset, size_t len)
{
    uint64_t block = cache_block_size(store->pread->cache);
    uint64_t first = offset / block;
    uint64_t last = (offset + len - 1) / block;
    uint64_t end = (last + 1) * block;
    uint64_t chunk_len = store->views[index].len;
    pread_span s = {
        .key = {.store = store->pread->id, .chunk = index, .first_block = first,
                .block_count = last - first + 1},
        .start = first * block,
    };
    s.size = (size_t)((end < chunk_len ? end : chunk_len) - s.start);
    return s;
}

static void fill(mdd_pin *pin, cache_entry *entry, const pread_span *s, uint64_t offset,
                 size_t len)
{
    cache_pin_fill(pin, entry, (size_t)(offset - s->start), len);
}

int store_pread_try(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                    mdd_pin *pin)
{
    if (store_image_try(store, index, offset, len, pin))
        return 1;
    pread_span s = span_of(store, index, offset, len);
    cache_entry *entry = cache_find(store->pread->cache, &s.key);
    if (entry)
        fill(pin, entry, &s, offset, len);
    return entry != NULL;
}

mdd_status store_pread_prepare(const mdd_store *store, size_t index, uint64_t offset,
                               size_t len, cache_entry **entry, uint64_t *file_offset,
                               mdd_error *err)
{
    pread_span s = span_of(store, index, offset, len);
    *entry = cache_entry_create(store->pread->cache, &s.key, s.size);
    if (!*entry)
        return mdd_fail(err, MDD_ERR_NOMEM, "chunk %zu: no memory for %zu bytes of cache", index,
                        s.size);
    /* Only the view's address is used: where the chunk's data lies in the file. */
    *file_offset = (uint64_t)(store->views[index].ptr - store->source.data) + s.start;
    return MDD_OK;
}

void store_pread_finish(const mdd_store *store, cache_entry *fresh, uint64_t offset, size_t len,
                        mdd_pin *pin)
{
    pread_span s = span_of(store, (size_t)fresh->key.chunk, offset, len);
    fill(pin, cache_publish(fresh), &s, offset, len);
}

mdd_status store_pread_file(const mdd_store *store, size_t index, uint8_t *buf, size_t size,
                            uint64_t file_offset, mdd_error *err)
{
    for (size_t done = 0; done < size;) {
        ssize_t n = pread(store->source.fd, buf + done, size - done, (off_t)(file_offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return mdd_fail(err, MDD_ERR_IO, "%s: chunk %zu: read: %s", store->path, index,
                            strerror(errno));
        if (n == 0)
            return mdd_fail(err, MDD_ERR_IO, "%s: chunk %zu: the file ends %zu bytes early",
                            store->path, index, size - done);
        done += (size_t)n;
    }
    return MDD_OK;
}

mdd_status store_pread_read(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                            mdd_pin *pin, mdd_error *err)
{
    if (store_pread_try(store, index, offset, len, pin))
        return MDD_OK;
    if (offset == 0 && len == store->views[index].len) {
        int served;
        mdd_status st = store_image_read(store, index, pin, &served, err);
        if (st || served)
            return st;
    }
    cache_entry *fresh;
    uint64_t file_offset;
    mdd_status st = store_pread_prepare(store, index, offset, len, &fresh, &file_offset, err);
    if (st)
        return st;
    st = store_pread_file(store, index, fresh->data, fresh->size, file_offset, err);
    if (st) {
        cache_entry_free(fresh);
        return st;
    }
    store_pread_finish(store, fresh, offset, len, pin);
    return MDD_OK;
}
