/* SPDX-License-Identifier: Apache-2.0 */
/* Whole chunks of pread stores in images shared by every process of the user that opens a
 * file holding the same chunk (mdd_store_options.share_dir, ADR 0007). An image is named by
 * the SHA-512 its chunk's signature promises, and made only when its bytes hash to it: then
 * whoever attaches it later trusts it as far as it trusts the directory, which only its owner
 * can write. */
#include <mdd_internal/common.h>
#include "store_impl.h"

#include <mdd/codec.h>
#include <mdd/store.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct image_source {
    const mdd_store *store;
    size_t index;
} image_source;

mdd_status store_images_open(mdd_store *store, mdd_error *err)
{
    store_pread *p = store->pread;
    if (p->image_dir < 0)
        return MDD_OK;
    size_t count = store->file.chunk_count;
    p->images = calloc(count ? count : 1, sizeof *p->images);
    if (!p->images)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the chunk images");
    for (size_t i = 0; i < count; i++)
        p->images[i].fd = -1;
    return MDD_OK;
}

void store_images_close(mdd_store *store)
{
    store_pread *p = store->pread;
    if (p->images) {
        for (size_t i = 0; i < store->file.chunk_count; i++)
            shared_image_detach(p->image_dir, &p->images[i]);
        free(p->images);
        p->images = NULL;
    }
    if (p->image_dir >= 0)
        close(p->image_dir);
    p->image_dir = -1;
}

static void pin_view(mdd_pin *pin, const shared_image *image, uint64_t offset, size_t len)
{
    *pin = (mdd_pin){.bytes = {image->data + offset, len}};
}

int store_image_try(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                    mdd_pin *pin)
{
    store_pread *p = store->pread;
    if (!p->images)
        return 0;
    pthread_mutex_lock(&p->lock);
    const shared_image *image = &p->images[index];
    int held = image->fd >= 0;
    if (held)
        pin_view(pin, image, offset, len);
    pthread_mutex_unlock(&p->lock);
    return held;
}

/* shared_image_fill: the chunk's bytes from the file, accepted only when they hash to what
 * its signatures say, for the image's name promises that to every later reader. */
static mdd_status fill_from_chunk(void *ctx, uint8_t *data, size_t size, mdd_error *err)
{
    const image_source *src = ctx;
    const mdd_store *store = src->store;
    uint64_t file_offset = (uint64_t)(store->views[src->index].ptr - store->source.data);
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_chunk_report report = {0};
    mdd_status st = store_pread_file(store, src->index, data, size, file_offset, err);
    if (st == MDD_OK)
        st = mdd_sha512(data, size, digest, err);
    if (st == MDD_OK)
        st = mdd_chunk_check_signatures(&store->file.chunks[src->index], digest, &report, err);
    return st;
}

/* "mdd-" and the digest in hex. */
static void image_name(const uint8_t digest[MDD_SHA512_SIZE], char out[SHARED_IMAGE_NAME_MAX])
{
    _Static_assert(4 + 2 * MDD_SHA512_SIZE < SHARED_IMAGE_NAME_MAX, "an image name fits");
    memcpy(out, "mdd-", 4);
    mdd_hex(digest, MDD_SHA512_SIZE, out + 4);
}

mdd_status store_image_read(const mdd_store *store, size_t index, mdd_pin *pin, int *served,
                            mdd_error *err)
{
    store_pread *p = store->pread;
    const uint8_t *digest = store_signed_digest(&store->file.chunks[index]);
    *served = p->images && digest;
    if (!*served || store_image_try(store, index, 0, store->views[index].len, pin))
        return MDD_OK;
    /* Attached without the lock, so that other chunks' reads proceed meanwhile; a thread that
     * loses the race to the same chunk detaches its own and pins the winner's. */
    char name[SHARED_IMAGE_NAME_MAX];
    image_name(digest, name);
    image_source src = {store, index};
    shared_image image;
    mdd_status st = shared_image_attach(p->image_dir, name, store->views[index].len,
                                        fill_from_chunk, &src, &image, err);
    if (st) {
        mdd_error_prefix(err, "%s: chunk %zu: ", store->path, index);
        return st;
    }
    pthread_mutex_lock(&p->lock);
    shared_image *slot = &p->images[index];
    if (slot->fd < 0) {
        *slot = image;
        image = (shared_image){.fd = -1};
    }
    pin_view(pin, slot, 0, slot->size);
    pthread_mutex_unlock(&p->lock);
    shared_image_detach(p->image_dir, &image);
    return MDD_OK;
}

uint64_t store_image_bytes(const mdd_store *store)
{
    store_pread *p = store->pread;
    uint64_t bytes = 0;
    if (!p || !p->images)
        return 0;
    pthread_mutex_lock(&p->lock);
    for (size_t i = 0; i < store->file.chunk_count; i++)
        bytes += p->images[i].fd >= 0 ? p->images[i].size : 0;
    pthread_mutex_unlock(&p->lock);
    return bytes;
}
