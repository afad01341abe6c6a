/* SPDX-License-Identifier: Apache-2.0 */
/* LZMA-alone (".lzma") through liblzma. One decode loop serves both the direct and the
 * streaming entry points, so both enforce the exact expected size the same way. */
#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/os.h>

#include <lzma.h>
#include <stdlib.h>

/* The layout of mdd_codec_limits, which the store and converter options nest. */
static const options_member codec_members[] = {
    OPTIONS_SCALAR(mdd_codec_limits, max_uncompressed_size, uint64_t),
    OPTIONS_SCALAR(mdd_codec_limits, lzma_memlimit, uint64_t),
};
const options_layout options_layout_codec =
    OPTIONS_LAYOUT(mdd_codec_limits, MDD_CODEC_LIMITS_SIZE, codec_members);

/* Large enough that the sink sees few, big writes; small enough to stay cache-friendly. */
#define SCRATCH_SIZE ((size_t)256 << 10)

/* Encoding is slow and rare, so a small stack block costs nothing measurable. */
#define ENCODE_BLOCK_SIZE ((size_t)16 << 10)

/* Where decoded bytes land. Direct decoding uses the caller's buffer as a window that is
 * exactly the expected size, so it never fills before the end and needs no sink. Streaming
 * uses a scratch window that is flushed to the sink whenever it fills. */
typedef struct output_window {
    uint8_t *data;
    size_t size;
    mdd_sink *sink; /* NULL when data is the whole destination */
} output_window;

static mdd_status decoder_failure(const lzma_stream *strm, lzma_ret ret, uint64_t memlimit,
                                  mdd_error *err)
{
    switch (ret) {
    case LZMA_MEM_ERROR:
        return mdd_fail(err, MDD_ERR_NOMEM, "liblzma ran out of memory");
    case LZMA_MEMLIMIT_ERROR:
        return mdd_fail(err, MDD_ERR_LIMIT,
                        "LZMA stream needs %llu bytes of memory, the limit is %llu",
                        (unsigned long long)lzma_memusage(strm), (unsigned long long)memlimit);
    case LZMA_FORMAT_ERROR:
    case LZMA_OPTIONS_ERROR:
        return mdd_fail(err, MDD_ERR_CORRUPT, "not a valid LZMA-alone header");
    case LZMA_DATA_ERROR:
        return mdd_fail(err, MDD_ERR_CORRUPT, "LZMA data is corrupt at input byte %llu",
                        (unsigned long long)strm->total_in);
    case LZMA_BUF_ERROR:
        return mdd_fail(err, MDD_ERR_CORRUPT, "LZMA stream is truncated after %llu input bytes",
                        (unsigned long long)strm->total_in);
    default:
        return mdd_fail(err, MDD_ERR_CORRUPT, "liblzma failed with code %d", (int)ret);
    }
}

static mdd_status flush_window(const output_window *out, size_t *fill, mdd_error *err)
{
    mdd_status st = out->sink ? mdd_sink_write(out->sink, out->data, *fill, err) : MDD_OK;
    *fill = 0;
    return st;
}

/* Points the decoder's output at the free part of the window, capped so that it can never
 * produce more than expected bytes. Once expected bytes are out, offers a single probe byte
 * instead: a stream that fills it is too long, and decoding stops right there rather than
 * inflating a bomb to its end. */
static mdd_status aim_output(lzma_stream *strm, const output_window *out, size_t *fill,
                             uint64_t expected, uint8_t *probe, mdd_error *err)
{
    uint64_t left = expected - strm->total_out;
    if (left == 0) {
        strm->next_out = probe;
        strm->avail_out = 1;
        return MDD_OK;
    }
    if (*fill == out->size) {
        mdd_status st = flush_window(out, fill, err);
        if (st)
            return st;
    }
    size_t room = out->size - *fill;
    strm->next_out = out->data + *fill;
    strm->avail_out = left < room ? (size_t)left : room;
    return MDD_OK;
}

/* Where the compressed bytes come from. Mapped input is fed in windows, and each window the
 * decoder has consumed is dropped from the process, so a huge chunk never becomes resident as
 * a whole; other input is fed at once. */
typedef struct input_feed {
    const uint8_t *src;
    size_t len;
    size_t fed;
    size_t window;
    int release; /* the input is a read-only file mapping whose pages may be dropped */
} input_feed;

static void feed_input(lzma_stream *strm, input_feed *in)
{
    if (strm->avail_in != 0 || in->fed == in->len)
        return;
    if (in->release && in->fed > 0)
        mdd_release_file_pages(in->src + in->fed - in->window, in->window);
    size_t n = in->len - in->fed < in->window ? in->len - in->fed : in->window;
    strm->next_in = in->src + in->fed;
    strm->avail_in = n;
    in->fed += n;
    in->window = n;
}

static mdd_status finish_stream(const lzma_stream *strm, const input_feed *in,
                                const output_window *out, size_t fill, uint64_t expected,
                                mdd_error *err)
{
    if (strm->total_out < expected)
        return mdd_fail(err, MDD_ERR_SIZE, "LZMA stream ended after %llu of %llu bytes",
                        (unsigned long long)strm->total_out, (unsigned long long)expected);
    if (strm->avail_in != 0 || in->fed != in->len)
        return mdd_fail(err, MDD_ERR_CORRUPT, "%zu trailing bytes after the LZMA stream",
                        strm->avail_in + (in->len - in->fed));
    return flush_window(out, &fill, err);
}

static mdd_status decode_loop(lzma_stream *strm, input_feed *in, const output_window *out,
                              uint64_t expected, uint64_t memlimit, mdd_error *err)
{
    size_t fill = 0;
    uint8_t probe;
    for (;;) {
        mdd_status st = aim_output(strm, out, &fill, expected, &probe, err);
        if (st)
            return st;
        feed_input(strm, in);
        size_t offered = strm->avail_out;
        lzma_ret ret = lzma_code(strm, in->fed == in->len ? LZMA_FINISH : LZMA_RUN);
        fill += offered - strm->avail_out;
        if (strm->total_out > expected)
            return mdd_fail(err, MDD_ERR_SIZE, "LZMA stream holds more than the expected %llu bytes",
                            (unsigned long long)expected);
        if (ret == LZMA_STREAM_END)
            return finish_stream(strm, in, out, fill, expected, err);
        if (ret != LZMA_OK)
            return decoder_failure(strm, ret, memlimit, err);
    }
}

static mdd_status run_decoder(input_feed *in, uint64_t expected, const output_window *out,
                              uint64_t memlimit, mdd_error *err)
{
    lzma_stream strm = LZMA_STREAM_INIT;
    lzma_ret ret = lzma_alone_decoder(&strm, memlimit);
    mdd_status st = ret == LZMA_OK ? MDD_OK : decoder_failure(&strm, ret, memlimit, err);
    if (st == MDD_OK)
        st = decode_loop(&strm, in, out, expected, memlimit, err);
    lzma_end(&strm);
    return st;
}

static mdd_status check_request(const uint8_t *src, size_t src_len, uint64_t expected,
                                const mdd_codec_limits *limits, mdd_error *err)
{
    if (!src && src_len > 0)
        return mdd_fail(err, MDD_ERR_ARG, "LZMA input is NULL");
    if (expected > limits->max_uncompressed_size)
        return mdd_fail(err, MDD_ERR_LIMIT,
                        "uncompressed size %llu exceeds the limit of %llu bytes",
                        (unsigned long long)expected,
                        (unsigned long long)limits->max_uncompressed_size);
    return MDD_OK;
}

mdd_status mdd_lzma_decode(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len,
                           const mdd_codec_limits *limits, mdd_error *err)
{
    mdd_codec_limits lim = mdd_codec_limits_default();
    mdd_status st = options_read(&options_layout_codec, limits, &lim, err);
    if (st)
        return st;
    if (!dst && dst_len > 0)
        return mdd_fail(err, MDD_ERR_ARG, "LZMA output buffer is NULL");
    st = check_request(src, src_len, dst_len, &lim, err);
    if (st)
        return st;
    output_window out = {dst, dst_len, NULL};
    input_feed in = {src, src_len, 0, src_len, 0};
    return run_decoder(&in, dst_len, &out, lim.lzma_memlimit, err);
}

static mdd_status decode_to_sink(input_feed *in, uint64_t expected_len, mdd_sink *out,
                                 const mdd_codec_limits *limits, mdd_error *err)
{
    mdd_codec_limits lim = mdd_codec_limits_default();
    mdd_status st = options_read(&options_layout_codec, limits, &lim, err);
    if (st)
        return st;
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "LZMA output sink is NULL");
    st = check_request(in->src, in->len, expected_len, &lim, err);
    if (st)
        return st;
    /* A small chunk gets a window of its own size; an empty one needs none at all. */
    output_window win = {NULL, expected_len < SCRATCH_SIZE ? (size_t)expected_len : SCRATCH_SIZE,
                         out};
    if (win.size > 0 && !(win.data = malloc(win.size)))
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot allocate a %zu-byte LZMA window", win.size);
    st = run_decoder(in, expected_len, &win, lim.lzma_memlimit, err);
    free(win.data);
    return st;
}

mdd_status mdd_lzma_decode_to_sink(const uint8_t *src, size_t src_len, uint64_t expected_len,
                                   mdd_sink *out, const mdd_codec_limits *limits,
                                   mdd_error *err)
{
    input_feed in = {src, src_len, 0, src_len, 0};
    return decode_to_sink(&in, expected_len, out, limits, err);
}

mdd_status mdd_lzma_decode_mapped_to_sink(const uint8_t *src, size_t src_len,
                                          uint64_t expected_len, mdd_sink *out,
                                          const mdd_codec_limits *limits, mdd_error *err)
{
    input_feed in = {src, src_len, 0, MDD_MAPPED_WINDOW, 1};
    mdd_status st = decode_to_sink(&in, expected_len, out, limits, err);
    mdd_release_file_pages(src, src_len);
    return st;
}

static mdd_status encoder_failure(lzma_ret ret, mdd_error *err)
{
    if (ret == LZMA_MEM_ERROR)
        return mdd_fail(err, MDD_ERR_NOMEM, "liblzma ran out of memory");
    return mdd_fail(err, MDD_ERR_ARG, "liblzma cannot encode with these options (code %d)",
                    (int)ret);
}

static mdd_status encode_loop(lzma_stream *strm, mdd_buffer *out, mdd_error *err)
{
    uint8_t block[ENCODE_BLOCK_SIZE];
    mdd_sink sink = mdd_buffer_sink(out);
    for (;;) {
        strm->next_out = block;
        strm->avail_out = sizeof block;
        lzma_ret ret = lzma_code(strm, LZMA_FINISH);
        if (ret != LZMA_OK && ret != LZMA_STREAM_END)
            return encoder_failure(ret, err);
        mdd_status st = mdd_sink_write(&sink, block, sizeof block - strm->avail_out, err);
        if (st || ret == LZMA_STREAM_END)
            return st;
    }
}

mdd_status mdd_lzma_encode(const uint8_t *src, size_t src_len, uint32_t preset,
                           mdd_buffer *out, mdd_error *err)
{
    if ((!src && src_len > 0) || !out)
        return mdd_fail(err, MDD_ERR_ARG, "LZMA encoder given a NULL buffer");
    lzma_options_lzma opt;
    if (lzma_lzma_preset(&opt, preset))
        return mdd_fail(err, MDD_ERR_ARG, "LZMA preset %u is not in 0..9", preset);
    lzma_stream strm = LZMA_STREAM_INIT;
    lzma_ret ret = lzma_alone_encoder(&strm, &opt);
    mdd_status st = ret == LZMA_OK ? MDD_OK : encoder_failure(ret, err);
    if (st == MDD_OK) {
        strm.next_in = src;
        strm.avail_in = src_len;
        st = encode_loop(&strm, out, err);
    }
    lzma_end(&strm);
    return st;
}
