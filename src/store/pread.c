/* The pread strategy: the MDD file converted as for inplace (plain.c), its chunks read with
 * explicit I/O into a bounded, process-owned cache (cache*.c). The mapping serves only the
 * container's metadata; payload bytes are never read through it. */
#include "store_impl.h"

#include <stdlib.h>
#include <unistd.h>

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

mdd_status store_open_pread(mdd_store *store, const char *path, const mdd_store_options *opts,
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
    mdd_status st = store_open_plain(store, path, opts, MDD_STRATEGY_PREAD, &fell_back, err);
    if (st || fell_back) {
        if (image_dir >= 0)
            close(image_dir);
        return st;
    }
    return attach_cache(store, opts, image_dir, err);
}

void store_pread_clear(mdd_store *store)
{
    store_pread *p = store->pread;
    if (!p)
        return;
    for (size_t i = 0; i < store->file.chunk_count; i++)
        mdd_pin_release(&p->whole[i]);
    store_images_clear(store);
    /* A shared cache lives on: what it holds of this store nobody can ask for again. */
    if (p->owns_cache)
        mdd_cache_destroy(p->cache);
    else if (p->cache)
        cache_clock_forget_store(p->cache, p->id);
    pthread_mutex_destroy(&p->lock);
    free(p->whole);
    free(p);
    store->pread = NULL;
}

mdd_bytes store_pread_whole(const mdd_store *store, size_t index)
{
    store_pread *p = store->pread;
    pthread_mutex_lock(&p->lock);
    mdd_bytes held = p->whole[index].bytes;
    pthread_mutex_unlock(&p->lock);
    if (held.ptr)
        return held;
    /* Read without the lock, so that other chunks' first reads proceed meanwhile; a thread
     * that loses the race to the same chunk drops its pin and returns the winner's view. */
    mdd_pin pin = {0};
    if (mdd_store_read(store, index, 0, store->views[index].len, &pin, NULL) != MDD_OK)
        return (mdd_bytes){NULL, 0};
    pthread_mutex_lock(&p->lock);
    if (!p->whole[index].bytes.ptr) {
        p->whole[index] = pin;
        pin = (mdd_pin){0};
    }
    held = p->whole[index].bytes;
    pthread_mutex_unlock(&p->lock);
    mdd_pin_release(&pin);
    return held;
}
