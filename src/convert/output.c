/* SPDX-License-Identifier: Apache-2.0 */
#include "convert_impl.h"

#include <mdd_internal/os.h>

#include <stdlib.h>
#include <string.h>

/* Large enough that the temporary file sees few write calls, small for the RSS budget. */
#define OUTPUT_BUFFER ((size_t)256 << 10)

mdd_status convert_output_init(convert_output *o, mdd_sink *out, const mdd_mapping *map,
                               mdd_error *err)
{
    *o = (convert_output){.out = out, .map = map->data, .map_size = map->size};
    o->buf = malloc(OUTPUT_BUFFER);
    return o->buf ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "no memory for an output buffer");
}

static mdd_status flush(convert_output *o, mdd_error *err)
{
    mdd_status st = mdd_sink_write(o->out, o->buf, o->len, err);
    o->len = 0;
    return st;
}

static int inside_mapping(const convert_output *o, const uint8_t *data, size_t len)
{
    return o->map && data >= o->map && len <= o->map_size &&
           (size_t)(data - o->map) <= o->map_size - len;
}

/* Big writes go straight through, a window at a time; the pages of a window that came from
 * the original file's mapping (a chunk kept as it was) are dropped once written. */
static mdd_status write_through(convert_output *o, const uint8_t *data, size_t len,
                                mdd_error *err)
{
    int mapped = inside_mapping(o, data, len);
    for (size_t done = 0; done < len;) {
        size_t n = len - done < MDD_MAPPED_WINDOW ? len - done : MDD_MAPPED_WINDOW;
        mdd_status st = mdd_sink_write(o->out, data + done, n, err);
        if (mapped)
            mdd_release_file_pages(data + done, n);
        if (st)
            return st;
        done += n;
    }
    return MDD_OK;
}

static mdd_status output_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    convert_output *o = ctx;
    if (o->len + len > OUTPUT_BUFFER) {
        mdd_status st = flush(o, err);
        if (st || len > OUTPUT_BUFFER)
            return st ? st : write_through(o, data, len, err);
    }
    memcpy(o->buf + o->len, data, len);
    o->len += len;
    return MDD_OK;
}

mdd_sink convert_output_sink(convert_output *o) { return (mdd_sink){output_write, o}; }

mdd_status convert_output_finish(convert_output *o, mdd_error *err)
{
    mdd_status st = flush(o, err);
    free(o->buf);
    o->buf = NULL;
    return st;
}
