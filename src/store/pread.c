/* SPDX-License-Identifier: Apache-2.0 */
/* The pread strategy: the MDD file converted as for inplace (store_open_converted()), its
 * chunks read with explicit I/O into a bounded, process-owned cache (cache*.c). The mapping
 * serves the container's metadata, and payload bytes only to mdd_store_chunk_data(), whose
 * whole-chunk views must last until close.
 *
 * A range is read through the cache: the aligned span of blocks that holds it is looked up,
 * or read with pread(2) into a new entry and published. Block offsets count from the chunk's
 * data start, so an entry's buffer (aligned) keeps the payload's alignment. */
#include "store_impl.h"

#include <mdd_internal/os.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static mdd_status check_pread_options(const mdd_store_options *opts, mdd_error *err)
{
    return opts->cache ? MDD_OK : cache_check_options(&opts->cache_options, err);
}

/* Takes image_dir (-1 for none) into the store whatever happens. */
static mdd_status attach_cache(mdd_store *store, const mdd_store_options *opts, int image_dir,
                               mdd_error *err)
{
    size_t count = store->file.chunk_count;
    store_pread *p = calloc(1, sizeof *p);
    mdd_pin *whole = calloc(count ? count : 1, sizeof *whole);
    if (!p || !whole || pthread_mutex_init(&p->lock, NULL) != 0) {
        free(whole);
        free(p);
        if (image_dir >= 0)
            close(image_dir);
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the chunk pins");
    }
    p->whole = whole;
    p->image_dir = image_dir;
    store->pread = p;
    p->cache = opts->cache;
    if (!p->cache) {
        mdd_status st = mdd_cache_create(&opts->cache_options, &p->cache, err);
        if (st)
            return st;
        p->owns_cache = 1;
    }
    p->id = cache_register_store(p->cache);
    return store_images_open(store, err);
}

static mdd_status open_pread(mdd_store *store, const char *path, const mdd_store_options *opts,
                             mdd_error *err)
{
    /* Before any conversion: a directory that cannot be used should not cost one. */
    int image_dir = -1;
    if (opts->share_dir) {
        mdd_status st = shared_image_dir_open(opts->share_dir, &image_dir, err);
        if (st)
            return st;
    }
    int fell_back;
    mdd_status st = store_open_converted(store, path, opts, MDD_STRATEGY_PREAD, &fell_back, err);
    if (st || fell_back) {
        if (image_dir >= 0)
            close(image_dir);
        return st;
    }
    return attach_cache(store, opts, image_dir, err);
}

/* Frees the pins, the images and (its own) the cache. */
static void clear_pread(mdd_store *store)
{
    store_pread *p = store->pread;
    if (!p)
        return;
    for (size_t i = 0; i < store->file.chunk_count; i++)
        mdd_pin_release(&p->whole[i]);
    store_images_close(store);
    /* A shared cache lives on: what it holds of this store nobody can ask for again. */
    if (p->owns_cache)
        mdd_cache_free(p->cache);
    else if (p->cache)
        cache_clock_forget_store(p->cache, p->id);
    pthread_mutex_destroy(&p->lock);
    free(p->whole);
    free(p);
    store->pread = NULL;
}

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

/* Pins the range from a shared image or a cache entry that holds it (a hit); returns 0
 * otherwise. */
static int pread_hit(const mdd_store *store, size_t index, uint64_t offset, size_t len,
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

/* A new, unpublished entry to read the range's blocks into: (*entry)->size bytes of the file at
 * *file_offset into (*entry)->data. Then publish() or cache_entry_free(). */
static mdd_status prepare(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                          cache_entry **entry, uint64_t *file_offset, mdd_error *err)
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

/* Publishes a filled entry from prepare() for the same range and pins the range. */
static void publish(const mdd_store *store, cache_entry *fresh, uint64_t offset, size_t len,
                    mdd_pin *pin)
{
    pread_span s = span_of(store, (size_t)fresh->key.chunk, offset, len);
    fill(pin, cache_publish(fresh), &s, offset, len);
}

mdd_status store_pread_file(const mdd_store *store, size_t index, uint8_t *buf, size_t size,
                            uint64_t file_offset, mdd_error *err)
{
    size_t done;
    int e = os_pread_exact(store->source.fd, buf, size, file_offset, &done);
    if (e)
        return mdd_fail(err, MDD_ERR_IO, "%s: chunk %zu: read: %s", store->path, index,
                        strerror(e));
    if (done < size)
        return mdd_fail(err, MDD_ERR_IO, "%s: chunk %zu: the file ends %zu bytes early",
                        store->path, index, size - done);
    return MDD_OK;
}

/* A hit, or a read of the file (waiting for it), then the range pinned. MDD_ERR_IO naming the
 * file and the chunk when the read fails or the file ends early; MDD_ERR_NOMEM. */
static mdd_status pread_read(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                             mdd_pin *pin, mdd_error *err)
{
    if (pread_hit(store, index, offset, len, pin))
        return MDD_OK;
    if (offset == 0 && len == store->views[index].len) {
        int served;
        mdd_status st = store_image_read(store, index, pin, &served, err);
        if (st || served)
            return st;
    }
    cache_entry *fresh;
    uint64_t file_offset;
    mdd_status st = prepare(store, index, offset, len, &fresh, &file_offset, err);
    if (st)
        return st;
    st = store_pread_file(store, index, fresh->data, fresh->size, file_offset, err);
    if (st) {
        cache_entry_free(fresh);
        return st;
    }
    publish(store, fresh, offset, len, pin);
    return MDD_OK;
}

static mdd_status pread_try_read(const mdd_store *store, size_t index, uint64_t offset,
                                 size_t len, mdd_pin *pin, int *in_memory, mdd_error *err)
{
    (void)err;
    *in_memory = pread_hit(store, index, offset, len, pin);
    return MDD_OK;
}

/* The chunk in the file's mapping, after checking that the file still holds all of it (a
 * file cut short after the open would otherwise fault on the first touch past its end). */
static mdd_status mapped_chunk(const mdd_store *store, size_t index, mdd_bytes *data,
                               mdd_error *err)
{
    struct stat st;
    uint64_t end = (uint64_t)(store->views[index].ptr - store->source.data) +
                   store->views[index].len;
    if (fstat(store->source.fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: chunk %zu: fstat: %s", store->path, index,
                        strerror(errno));
    if ((uint64_t)st.st_size < end)
        return mdd_fail(err, MDD_ERR_IO, "%s: chunk %zu: the file ends %llu bytes early",
                        store->path, index, (unsigned long long)(end - (uint64_t)st.st_size));
    *data = store->views[index];
    return MDD_OK;
}

/* The whole chunk. From a shared image when the store has a share_dir and the chunk a
 * signature to name it by: attached on first use (by whichever thread gets there first) and
 * held until the store closes. Otherwise the chunk in the file's read-only mapping: pinning
 * whole chunks in the cache for the store's life would let a caller that touches every chunk
 * hold the whole payload, while mapped pages are the page cache's, which reclaim may drop
 * (docs/adr/0024-ready-fast-with-integrity.md). */
static mdd_status pread_chunk_data(const mdd_store *store, size_t index, mdd_bytes *data,
                                   mdd_error *err)
{
    store_pread *p = store->pread;
    if (p->image_dir < 0 || !store_signed_digest(&store->file.chunks[index]))
        return mapped_chunk(store, index, data, err);
    pthread_mutex_lock(&p->lock);
    *data = p->whole[index].bytes;
    pthread_mutex_unlock(&p->lock);
    if (data->ptr)
        return MDD_OK;
    /* Read without the lock, so that other chunks' first reads proceed meanwhile; a thread
     * that loses the race to the same chunk drops its pin and returns the winner's view. */
    mdd_pin pin = {0};
    mdd_status st = mdd_store_read(store, index, 0, store->views[index].len, &pin, err);
    if (st)
        return st;
    pthread_mutex_lock(&p->lock);
    if (!p->whole[index].bytes.ptr) {
        p->whole[index] = pin;
        pin = (mdd_pin){0};
    }
    *data = p->whole[index].bytes;
    pthread_mutex_unlock(&p->lock);
    mdd_pin_release(&pin);
    return MDD_OK;
}

/* The cache blocks that hold the range, into a new, not yet visible entry; nothing to read on
 * a hit. */
static mdd_status pread_io_begin(const mdd_store *store, store_io *io, mdd_error *err)
{
    if (pread_hit(store, io->index, io->offset, io->len, &io->pin))
        return MDD_OK;
    cache_entry *fresh;
    mdd_status st = prepare(store, io->index, io->offset, io->len, &fresh, &io->file_offset, err);
    if (st)
        return st;
    io->fd = store->source.fd;
    io->length = fresh->size;
    io->buf = fresh->data;
    io->entry = fresh;
    return MDD_OK;
}

static void pread_io_end(const mdd_store *store, store_io *io, mdd_status status, mdd_pin *pin)
{
    if (status == MDD_OK)
        publish(store, io->entry, io->offset, io->len, pin);
    else
        cache_entry_free(io->entry);
}

static void pread_report(const mdd_store *store, mdd_store_memory *out)
{
    mdd_cache_stats stats;
    mdd_cache_stats_read(store->pread->cache, &stats);
    out->cached_bytes = stats.cached_bytes;
    out->shared_bytes = store_image_bytes(store);
}

const store_ops store_pread_ops = {
    .name = "pread",
    .converts = 1,
    .check_options = check_pread_options,
    .open = open_pread,
    .clear = clear_pread,
    .chunk_data = pread_chunk_data,
    .read = pread_read,
    .try_read = pread_try_read,
    .io_begin = pread_io_begin,
    .io_end = pread_io_end,
    /* Verification hashes the views' bytes from the file, as for inplace. */
    .hash = store_mapped_hash,
    .report = pread_report,
};
