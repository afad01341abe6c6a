/* The store's half of a read someone else performs (store_io.h): what to read and where, then
 * publishing or discarding the result. */
#include "store_io.h"
#include "store_impl.h"

#include <string.h>
#include <unistd.h>

/* Sidecar and inplace: the whole pages of the backing file under the range, clipped at the
 * file's end (a read past it would come back short), into no buffer of the store's: the
 * reader's scratch memory, so no read allocates (and a loop thread never frees) megabytes. */
static void begin_discard(const mdd_store *store, store_io *io)
{
    const mdd_mapping *map = store_backing_mapping(store);
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t at = (uint64_t)(store_range_view(store, io->index, io->offset, io->len).ptr -
                             map->data);
    uint64_t start = at & ~(page - 1);
    uint64_t end = (at + io->len + page - 1) & ~(page - 1);
    if (end > map->size)
        end = map->size;
    io->fd = map->fd;
    io->file_offset = start;
    io->length = (size_t)(end - start);
}

static mdd_status begin_pread(const mdd_store *store, store_io *io, mdd_error *err)
{
    if (store_pread_try(store, io->index, io->offset, io->len, &io->pin))
        return MDD_OK;
    cache_entry *fresh;
    mdd_status st = store_pread_prepare(store, io->index, io->offset, io->len, &fresh,
                                        &io->file_offset, err);
    if (st)
        return st;
    io->fd = store->source.fd;
    io->length = fresh->size;
    io->buf = fresh->data;
    io->entry = fresh;
    return MDD_OK;
}

static mdd_status begin_mapped(const mdd_store *store, store_io *io, mdd_error *err)
{
    int resident;
    mdd_status st = store_range_resident(store, io->index, io->offset, io->len, &resident, err);
    if (st)
        return st;
    if (!resident) {
        begin_discard(store, io);
        return MDD_OK;
    }
    io->pin.bytes = store_range_view(store, io->index, io->offset, io->len);
    return MDD_OK;
}

mdd_status store_io_begin(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                          store_io *io, mdd_error *err)
{
    memset(io, 0, sizeof *io);
    io->fd = -1;
    io->index = index;
    io->offset = offset;
    io->len = len;
    mdd_status st = store_check_range(store, index, offset, len, err);
    if (st)
        return st;
    if (len == 0) {
        io->pin.bytes = store_view(NULL, 0);
        return MDD_OK;
    }
    if (store->strategy == MDD_STRATEGY_PREAD)
        return begin_pread(store, io, err);
    if (store->heap) {
        io->pin.bytes = store_range_view(store, index, offset, len);
        return MDD_OK;
    }
    return begin_mapped(store, io, err);
}

/* The reader's outcome, named after the file and the chunk. The reader records its reason in
 * err; when it did not, the status's own description stands in. */
static mdd_status fail_read(const mdd_store *store, size_t index, mdd_status status,
                            mdd_error *err)
{
    if (err && err->status != status)
        mdd_fail(err, status, "%s", mdd_strerror(status));
    mdd_error_prefix(err, "%s: chunk %zu: ", store->path, index);
    return status;
}

mdd_status store_io_end(const mdd_store *store, store_io *io, mdd_status status, mdd_pin *pin,
                        mdd_error *err)
{
    memset(pin, 0, sizeof *pin);
    size_t index = io->index;
    if (io->length == 0) {
        *pin = io->pin;
    } else if (store->strategy == MDD_STRATEGY_PREAD) {
        if (status == MDD_OK)
            store_pread_finish(store, io->entry, io->offset, io->len, pin);
        else
            cache_entry_free(io->entry);
    } else {
        /* The pages just read are in the page cache now: the mapping's view faults them in
         * without waiting for the disk. */
        if (status == MDD_OK)
            pin->bytes = store_range_view(store, io->index, io->offset, io->len);
    }
    memset(io, 0, sizeof *io);
    io->fd = -1;
    if (status == MDD_OK)
        return MDD_OK;
    mdd_pin_release(pin);
    return fail_read(store, index, status, err);
}
