/* SPDX-License-Identifier: Apache-2.0 */
/* The asynchronous reader (mdd/async.h) under real event loops (libevent, and epoll once):
 * for each backend, the bytes of many ranges of a generated MDD file under every strategy,
 * read from a cold page cache, against the heap store's; exact completion counts;
 * cancellation; close with reads in flight; the in-flight bound; bad ranges; callbacks that
 * submit and cancel. The io_uring cases skip where the kernel refuses io_uring or the library
 * was built without it. Built without libevent, the loop is a poll(2) loop. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/async.h>
#include <mdd_internal/store.h>
#include <mdd_internal/gen.h>

#ifdef MDD_TEST_HAVE_LIBEVENT
#include <event2/event.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <unistd.h>

/* The payload aimed at: over a megabyte, so a whole-chunk read takes several io_uring
 * submissions. */
#define PAYLOAD_BYTES (2500u << 10)
#define RANGE_COUNT 48

static const mdd_strategy STRATEGIES[] = {MDD_STRATEGY_HEAP, MDD_STRATEGY_SIDECAR,
                                          MDD_STRATEGY_INPLACE, MDD_STRATEGY_PREAD};
#define STRATEGY_COUNT (sizeof STRATEGIES / sizeof STRATEGIES[0])

/* One generated ECU database, written once per strategy (inplace and pread convert their
 * copy), and its payload as the heap store decodes it: the bytes every read must give. */
static struct {
    char dir[4096];
    char paths[STRATEGY_COUNT][4200];
    uint8_t *expected;
    size_t size;
} F;

/* ---- files and stores ---- */

/* Drops the file's pages from the page cache, so that reads of it go to the disk. */
static void evict(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return; /* no sidecar */
    assert_int_equal(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
    close(fd);
}

static mdd_store *open_store(size_t which)
{
    mdd_store_options o = mdd_store_options_default();
    o.strategy = STRATEGIES[which];
    mdd_store *s = NULL;
    mdd_error err = {0};
    if (mdd_store_open(F.paths[which], &o, &s, &err) != MDD_OK)
        fail_msg("open under %s: %s", mdd_strategy_name(o.strategy), err.message);
    return s;
}

/* Opens the store of strategy `which` with its files cold. */
static mdd_store *open_cold(size_t which)
{
    mdd_store *s = open_store(which);
    char sidecar[4300];
    snprintf(sidecar, sizeof sidecar, "%s.fb", F.paths[which]);
    evict(F.paths[which]);
    evict(sidecar);
    return s;
}

static void generate(mdd_buffer *out)
{
    mdd_gen_plan plan;
    mdd_error err;
    assert_int_equal(mdd_gen_plan_make("small", 11, 1, PAYLOAD_BYTES, &plan, &err), MDD_OK);
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_bytes payload;
    assert_int_equal(mdd_gen_payload(&plan.files[0], &b, &payload, &err), MDD_OK);
    assert_int_equal(mdd_gen_pack(&plan.files[0], payload, out, &err), MDD_OK);
    mdd_fb_builder_free(&b);
    mdd_gen_plan_free(&plan);
}

static int group_setup(void **state)
{
    (void)state;
    if (tu_make_temp_dir(F.dir, sizeof F.dir, "async") != 0)
        return -1;
    mdd_buffer file = {0};
    generate(&file);
    for (size_t i = 0; i < STRATEGY_COUNT; i++) {
        snprintf(F.paths[i], sizeof F.paths[i], "%s/%s.mdd", F.dir,
                 mdd_strategy_name(STRATEGIES[i]));
        tu_write_file(F.paths[i], file.data, file.len);
        /* The first open converts the file or writes the sidecar. */
        mdd_store_close(open_store(i));
    }
    mdd_buffer_free(&file);
    mdd_store *heap = open_store(0);
    mdd_bytes data = tu_chunk_data(heap, 0);
    F.size = data.len;
    F.expected = malloc(data.len);
    memcpy(F.expected, data.ptr, data.len);
    mdd_store_close(heap);
    return F.size > (1u << 20) ? 0 : -1;
}

static int group_teardown(void **state)
{
    (void)state;
    free(F.expected);
#ifdef MDD_TEST_HAVE_LIBEVENT
    libevent_global_shutdown();
#endif
    return tu_remove_tree(F.dir);
}

/* ---- readers and reads ---- */

/* The backend of the running test: its prestate. */
static mdd_reader_backend backend_of(void **state)
{
    return *(const mdd_reader_backend *)*state;
}

static mdd_reader *open_reader(void **state, uint32_t max_in_flight, uint32_t threads)
{
    mdd_reader_options o = mdd_reader_options_default();
    o.backend = backend_of(state);
    o.max_in_flight = max_in_flight;
    o.threads = threads;
    /* Far below the payload (over 1 MiB): a range of the payload is read in many pieces. */
    o.max_read = 64u << 10;
    mdd_reader *r = NULL;
    mdd_error err = {0};
    mdd_status st = mdd_reader_open(&o, &r, &err);
    if (st != MDD_OK && o.backend == MDD_READER_IO_URING) {
        print_message("note: io_uring is not available (%s); skipping its case\n",
                      err.message);
        skip();
    }
    if (st != MDD_OK)
        fail_msg("mdd_reader_open: %s", err.message);
    assert_string_equal(mdd_reader_backend_name(r),
                        o.backend == MDD_READER_IO_URING ? "io_uring" : "threads");
    return r;
}

/* One submitted read and what its callback saw. */
typedef struct read_rec {
    const uint8_t *want; /* the reference bytes of the range */
    uint64_t offset;
    size_t len;
    mdd_read_id id;
    int calls;
    mdd_status status;
    mdd_status err_status;
    char message[MDD_ERROR_MESSAGE_SIZE];
    int bytes_right; /* on success the range's bytes, on failure a zeroed pin */
    int keep;        /* keep the pin in `pin` instead of releasing it */
    mdd_pin pin;
    void (*then)(struct read_rec *); /* runs last in the callback */
    void *ctx;
} read_rec;

static void record(void *user, mdd_status status, mdd_pin *pin, const mdd_error *err)
{
    read_rec *r = user;
    r->calls++;
    r->status = status;
    r->err_status = err->status;
    snprintf(r->message, sizeof r->message, "%s", err->message);
    if (status == MDD_OK)
        r->bytes_right = pin->bytes.ptr && pin->bytes.len == r->len &&
                         memcmp(pin->bytes.ptr, r->want, r->len) == 0;
    else
        r->bytes_right = !pin->bytes.ptr && !pin->bytes.len && !pin->entry;
    if (r->keep)
        r->pin = *pin;
    else
        mdd_pin_release(pin);
    if (r->then)
        r->then(r);
}

static void set_range(read_rec *r, uint64_t offset, size_t len)
{
    r->offset = offset;
    r->len = len;
    r->want = F.expected + offset;
}

/* Ranges over the whole payload: its ends, the whole of it, page boundaries, empty, and
 * scattered ones of up to 192 KiB. */
static void make_ranges(read_rec *recs, size_t count)
{
    const size_t n = F.size;
    const uint64_t fixed[][2] = {{0, 1},    {n - 1, 1},        {0, n},
                                 {4095, 2}, {4096, 4096},      {n - 5000, 5000},
                                 {0, 0},    {n / 2, 70000}};
    const size_t nfixed = sizeof fixed / sizeof fixed[0];
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < count; i++) {
        memset(&recs[i], 0, sizeof recs[i]);
        if (i < nfixed) {
            set_range(&recs[i], fixed[i][0], (size_t)fixed[i][1]);
            continue;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t len = 1 + (size_t)(x >> 40) % (192u << 10);
        set_range(&recs[i], (x >> 8) % (n - len), len);
    }
}

static mdd_status submit_rec(mdd_reader *r, const mdd_store *s, read_rec *rec, mdd_error *err)
{
    return mdd_reader_submit(r, s, 0, rec->offset, rec->len, record, rec, &rec->id, err);
}

static void assert_delivered(const read_rec *recs, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (recs[i].calls != 1 || recs[i].status != MDD_OK || !recs[i].bytes_right)
            fail_msg("read %zu (%zu bytes at %llu): %d calls, status %d, bytes %s", i,
                     recs[i].len, (unsigned long long)recs[i].offset, recs[i].calls,
                     (int)recs[i].status, recs[i].bytes_right ? "right" : "wrong");
        assert_int_equal(recs[i].err_status, MDD_OK);
    }
}

/* ---- an event loop around a reader: libevent's, or poll(2) in a build without it ---- */

#ifdef MDD_TEST_HAVE_LIBEVENT

typedef struct loop {
    struct event_base *base;
    struct event *ev;
    mdd_reader *reader;
    size_t ran; /* callbacks run by dispatch */
} loop;

static void on_readable(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    loop *l = arg;
    l->ran += mdd_reader_dispatch(l->reader);
}

static void loop_open(loop *l, mdd_reader *reader)
{
    memset(l, 0, sizeof *l);
    l->reader = reader;
    l->base = event_base_new();
    assert_non_null(l->base);
    l->ev = event_new(l->base, mdd_reader_fd(reader), EV_READ | EV_PERSIST, on_readable, l);
    assert_non_null(l->ev);
    assert_int_equal(event_add(l->ev, NULL), 0);
}

/* Waits for the descriptor once and dispatches. */
static void loop_once(loop *l)
{
    assert_int_equal(event_base_loop(l->base, EVLOOP_ONCE), 0);
}

static void loop_close(loop *l)
{
    event_free(l->ev);
    event_base_free(l->base);
}

#else
/* Without libevent, the same loop on poll(2). */
typedef struct loop {
    mdd_reader *reader;
    size_t ran;
} loop;

static void loop_open(loop *l, mdd_reader *reader)
{
    memset(l, 0, sizeof *l);
    l->reader = reader;
}

static void loop_once(loop *l)
{
    struct pollfd p = {.fd = mdd_reader_fd(l->reader), .events = POLLIN};
    assert_int_equal(poll(&p, 1, -1), 1);
    l->ran += mdd_reader_dispatch(l->reader);
}

static void loop_close(loop *l) { (void)l; }
#endif

/* Runs the loop until every submitted read's callback has run. */
static void loop_run(loop *l)
{
    while (mdd_reader_pending(l->reader) > 0)
        loop_once(l);
}

/* Submits rec, running the loop while the reader is full. */
static void submit_or_wait(loop *l, const mdd_store *s, read_rec *rec)
{
    for (;;) {
        mdd_error err = {0};
        mdd_status st = submit_rec(l->reader, s, rec, &err);
        if (st == MDD_OK)
            return;
        if (st != MDD_ERR_BUSY)
            fail_msg("submit: %s", err.message);
        loop_once(l);
    }
}

/* ---- options ---- */

static void test_options(void **state)
{
    (void)state;
    mdd_reader_options o = mdd_reader_options_default();
    assert_int_equal(o.backend, MDD_READER_AUTO);
    assert_int_equal(o.max_in_flight, 256);
    assert_int_equal(o.threads, 4);
    assert_int_equal(o.max_read, 1u << 20);

    mdd_reader *r = (mdd_reader *)1;
    mdd_error err = {0};
    o.max_in_flight = 0;
    assert_int_equal(mdd_reader_open(&o, &r, &err), MDD_ERR_ARG);
    assert_null(r);
    assert_string_equal(err.message, "max_in_flight 0 is not in 1..32768");
    o = mdd_reader_options_default();
    o.threads = 65;
    assert_int_equal(mdd_reader_open(&o, &r, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "threads 65 is not in 1..64");
    o = mdd_reader_options_default();
    o.max_read = 4095;
    assert_int_equal(mdd_reader_open(&o, &r, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "max_read 4095 is not in 4096..1073741824");
    o.max_read = (1u << 30) + 1;
    assert_int_equal(mdd_reader_open(&o, &r, &err), MDD_ERR_ARG);
    o = mdd_reader_options_default();
    o.backend = (mdd_reader_backend)3;
    assert_int_equal(mdd_reader_open(&o, &r, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "unknown reader backend 3");
    assert_int_equal(mdd_reader_open(NULL, NULL, &err), MDD_ERR_ARG);

    /* AUTO takes io_uring where it can be had, and the pool otherwise. */
    assert_int_equal(mdd_reader_open(NULL, &r, &err), MDD_OK);
    mdd_reader *u = NULL;
    o = mdd_reader_options_default();
    o.backend = MDD_READER_IO_URING;
    mdd_status got = mdd_reader_open(&o, &u, &err);
#ifndef MDD_TEST_HAVE_IO_URING
    /* A library built without liburing says so. */
    assert_int_equal(got, MDD_ERR_UNSUPPORTED);
    assert_string_equal(err.message, "not built with io_uring (liburing)");
#endif
    const char *want = got == MDD_OK ? "io_uring" : "threads";
    assert_string_equal(mdd_reader_backend_name(r), want);
    assert_true(mdd_reader_fd(r) >= 0);
    assert_int_equal(mdd_reader_pending(r), 0);
    assert_int_equal(mdd_reader_dispatch(r), 0);
    mdd_reader_close(r);
    mdd_reader_close(u);
    mdd_reader_close(NULL);
}

/* ---- reads ---- */

/* Every range of every strategy, cold, through a libevent loop: one callback each with the
 * heap store's bytes. The last read of each keeps its pin, under which the range is now in
 * memory: mdd_store_try_read() serves it inline. */
static void test_bytes(void **state)
{
    mdd_reader *reader = open_reader(state, 16, 2);
    loop l;
    loop_open(&l, reader);
    read_rec recs[RANGE_COUNT];
    for (size_t which = 0; which < STRATEGY_COUNT; which++) {
        mdd_store *s = open_cold(which);
        make_ranges(recs, RANGE_COUNT);
        read_rec *last = &recs[RANGE_COUNT - 1];
        last->keep = 1;
        l.ran = 0;
        for (size_t i = 0; i < RANGE_COUNT; i++)
            submit_or_wait(&l, s, &recs[i]);
        loop_run(&l);
        assert_int_equal(l.ran, RANGE_COUNT);
        assert_delivered(recs, RANGE_COUNT);
        for (size_t i = 1; i < RANGE_COUNT; i++)
            assert_true(recs[i].id > recs[i - 1].id);

        mdd_pin again = {0};
        mdd_error err = {0};
        assert_int_equal(mdd_store_try_read(s, 0, last->offset, last->len, &again, &err),
                         MDD_OK);
        assert_memory_equal(again.bytes.ptr, last->want, last->len);
        mdd_pin_release(&again);
        mdd_pin_release(&last->pin);
        if (STRATEGIES[which] == MDD_STRATEGY_PREAD) {
            mdd_cache_stats stats;
            mdd_cache_stats_read(mdd_store_cache(s), &stats);
            assert_true(stats.misses > 0);
            assert_int_equal(stats.pinned_bytes, 0);
        }
        mdd_store_close(s);
    }
    loop_close(&l);
    mdd_reader_close(reader);
}

/* A raw epoll loop: level-triggered readiness, one dispatch per wakeup. */
static void test_epoll(void **state)
{
    mdd_reader *reader = open_reader(state, RANGE_COUNT, 2);
    mdd_store *s = open_cold(2);
    read_rec recs[RANGE_COUNT];
    make_ranges(recs, RANGE_COUNT);
    mdd_error err = {0};
    for (size_t i = 0; i < RANGE_COUNT; i++)
        assert_int_equal(submit_rec(reader, s, &recs[i], &err), MDD_OK);
    assert_int_equal(mdd_reader_pending(reader), RANGE_COUNT);

    int ep = epoll_create1(EPOLL_CLOEXEC);
    assert_true(ep >= 0);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = mdd_reader_fd(reader)};
    assert_int_equal(epoll_ctl(ep, EPOLL_CTL_ADD, mdd_reader_fd(reader), &ev), 0);
    size_t ran = 0;
    while (mdd_reader_pending(reader) > 0) {
        struct epoll_event got;
        int n = epoll_wait(ep, &got, 1, -1);
        if (n < 0 && errno == EINTR)
            continue;
        assert_int_equal(n, 1);
        assert_int_equal(got.data.fd, mdd_reader_fd(reader));
        ran += mdd_reader_dispatch(reader);
    }
    close(ep);
    assert_int_equal(ran, RANGE_COUNT);
    assert_delivered(recs, RANGE_COUNT);
    mdd_store_close(s);
    mdd_reader_close(reader);
}

/* ---- cancellation and close ---- */

static void assert_canceled(const read_rec *r)
{
    assert_int_equal(r->calls, 1);
    assert_int_equal(r->status, MDD_ERR_CANCELED);
    assert_int_equal(r->err_status, MDD_ERR_CANCELED);
    assert_non_null(strstr(r->message, "canceled"));
    assert_true(r->bytes_right);
}

/* Every other read canceled right after submission, on a single worker so that most are
 * still queued: each canceled one calls back once with MDD_ERR_CANCELED, the others with
 * their bytes. Canceling what has called back, or what never existed, does nothing. */
static void test_cancel(void **state)
{
    mdd_reader *reader = open_reader(state, RANGE_COUNT, 1);
    loop l;
    loop_open(&l, reader);
    mdd_store *s = open_cold(3);
    read_rec recs[RANGE_COUNT];
    make_ranges(recs, RANGE_COUNT);
    mdd_error err = {0};
    for (size_t i = 0; i < RANGE_COUNT; i++) {
        assert_int_equal(submit_rec(reader, s, &recs[i], &err), MDD_OK);
        if (i % 2)
            assert_int_equal(mdd_reader_cancel(reader, recs[i].id), 1);
    }
    /* Canceling again changes nothing: the read is still outstanding. */
    assert_int_equal(mdd_reader_cancel(reader, recs[1].id), 1);
    loop_run(&l);
    assert_int_equal(l.ran, RANGE_COUNT);
    for (size_t i = 0; i < RANGE_COUNT; i++) {
        if (i % 2) {
            assert_canceled(&recs[i]);
        } else {
            assert_delivered(&recs[i], 1);
            assert_int_equal(mdd_reader_cancel(reader, recs[i].id), 0);
        }
    }
    assert_int_equal(mdd_reader_cancel(reader, 0), 0);
    assert_int_equal(mdd_reader_cancel(reader, recs[RANGE_COUNT - 1].id + 1), 0);
    assert_int_equal(mdd_reader_dispatch(reader), 0);

    /* A resident read (heap) canceled before its dispatch. */
    mdd_store *heap = open_store(0);
    read_rec r = {0};
    set_range(&r, 100, 200);
    assert_int_equal(submit_rec(reader, heap, &r, &err), MDD_OK);
    assert_int_equal(mdd_reader_cancel(reader, r.id), 1);
    loop_run(&l);
    assert_canceled(&r);
    mdd_store_close(heap);
    mdd_store_close(s);
    loop_close(&l);
    mdd_reader_close(reader);
}

/* A callback that submits another read: what submit said. */
typedef struct late_submit {
    mdd_reader *reader;
    const mdd_store *store;
    mdd_status status;
} late_submit;

static void submit_late(read_rec *done)
{
    late_submit *late = done->ctx;
    mdd_error err = {0};
    late->status = mdd_reader_submit(late->reader, late->store, 0, 0, 1, record, done, NULL,
                                     &err);
}

/* Close with cold reads in flight on every strategy, some canceled, some dispatched: every
 * callback runs exactly once, with its bytes or MDD_ERR_CANCELED, and nothing leaks. A
 * callback that close runs cannot submit more. */
static void test_close_in_flight(void **state)
{
    enum { PER_STORE = 12 };
    mdd_reader *reader = open_reader(state, PER_STORE * STRATEGY_COUNT + 1, 2);
    mdd_store *stores[STRATEGY_COUNT];
    read_rec recs[STRATEGY_COUNT][PER_STORE];
    mdd_error err = {0};
    for (size_t which = 0; which < STRATEGY_COUNT; which++) {
        stores[which] = open_cold(which);
        make_ranges(recs[which], PER_STORE);
        for (size_t i = 0; i < PER_STORE; i++)
            assert_int_equal(submit_rec(reader, stores[which], &recs[which][i], &err), MDD_OK);
    }
    assert_int_equal(mdd_reader_cancel(reader, recs[2][5].id), 1);
    assert_int_equal(mdd_reader_cancel(reader, recs[3][0].id), 1);
    /* One dispatch may or may not find completions; either way each read calls back once. */
    (void)mdd_reader_dispatch(reader);
    late_submit late = {reader, stores[0], MDD_OK};
    read_rec last = {.then = submit_late, .ctx = &late};
    set_range(&last, 0, 1);
    assert_int_equal(submit_rec(reader, stores[0], &last, &err), MDD_OK);
    mdd_reader_close(reader);
    assert_int_equal(last.calls, 1);
    assert_int_equal(last.status, MDD_OK);
    assert_int_equal(late.status, MDD_ERR_CANCELED);
    for (size_t which = 0; which < STRATEGY_COUNT; which++) {
        for (size_t i = 0; i < PER_STORE; i++) {
            const read_rec *r = &recs[which][i];
            assert_int_equal(r->calls, 1);
            assert_true(r->bytes_right);
            assert_true(r->status == MDD_OK || r->status == MDD_ERR_CANCELED);
        }
        mdd_store_close(stores[which]);
    }
    assert_int_equal(recs[2][5].status, MDD_ERR_CANCELED);
    assert_int_equal(recs[3][0].status, MDD_ERR_CANCELED);
}

/* ---- failed reads ---- */

/* A file cut short under open stores: reads past its new end fail with MDD_ERR_IO, naming
 * the reason, and a zeroed pin. */
static void test_read_fails(void **state)
{
    mdd_reader *reader = open_reader(state, 8, 1);
    loop l;
    loop_open(&l, reader);
    char path[4300];
    snprintf(path, sizeof path, "%s/short.mdd", F.dir);
    size_t len;
    uint8_t *content = tu_read_file(F.paths[2], &len);
    tu_write_file(path, content, len);
    free(content);
    mdd_store_options o = mdd_store_options_default();
    mdd_store *stores[2];
    mdd_error err = {0};
    for (size_t i = 0; i < 2; i++) {
        o.strategy = i ? MDD_STRATEGY_PREAD : MDD_STRATEGY_INPLACE;
        assert_int_equal(mdd_store_open(path, &o, &stores[i], &err), MDD_OK);
    }
    assert_int_equal(truncate(path, (off_t)(len / 2)), 0);
    read_rec recs[2] = {0};
    for (size_t i = 0; i < 2; i++) {
        set_range(&recs[i], F.size - 3000, 3000);
        assert_int_equal(submit_rec(reader, stores[i], &recs[i], &err), MDD_OK);
    }
    loop_run(&l);
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(recs[i].calls, 1);
        assert_int_equal(recs[i].status, MDD_ERR_IO);
        assert_int_equal(recs[i].err_status, MDD_ERR_IO);
        if (!strstr(recs[i].message, "short.mdd: chunk 0: reading ") ||
            !strstr(recs[i].message, ": the file ends early"))
            fail_msg("message: %s", recs[i].message);
        assert_true(recs[i].bytes_right);
        mdd_store_close(stores[i]);
    }
    loop_close(&l);
    mdd_reader_close(reader);
}

/* ---- bounds and arguments ---- */

static void test_busy(void **state)
{
    mdd_reader *reader = open_reader(state, 4, 1);
    loop l;
    loop_open(&l, reader);
    mdd_store *s = open_cold(2);
    read_rec recs[6];
    make_ranges(recs, 6);
    mdd_error err = {0};
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(submit_rec(reader, s, &recs[i], &err), MDD_OK);
    mdd_read_id id = 77;
    assert_int_equal(mdd_reader_submit(reader, s, 0, 0, 1, record, &recs[4], &id, &err),
                     MDD_ERR_BUSY);
    assert_int_equal(err.status, MDD_ERR_BUSY);
    assert_string_equal(err.message, "4 reads in flight: dispatch completions first");
    assert_int_equal(id, 77);
    assert_int_equal(mdd_reader_pending(reader), 4);
    loop_run(&l);
    assert_int_equal(l.ran, 4);
    assert_int_equal(recs[4].calls, 0);
    for (size_t i = 4; i < 6; i++)
        assert_int_equal(submit_rec(reader, s, &recs[i], &err), MDD_OK);
    loop_run(&l);
    assert_delivered(recs, 6);
    mdd_store_close(s);
    loop_close(&l);
    mdd_reader_close(reader);
}

static int readable(const mdd_reader *reader)
{
    struct pollfd p = {.fd = mdd_reader_fd(reader), .events = POLLIN};
    return poll(&p, 1, 0);
}

/* A range outside the chunk, or a chunk that does not exist, fails at once: no callback,
 * nothing pending, the descriptor stays quiet. */
static void test_bad_ranges(void **state)
{
    mdd_reader *reader = open_reader(state, 8, 1);
    mdd_store *s = open_store(2);
    read_rec r = {0};
    mdd_error err = {0};
    const struct {
        size_t index;
        uint64_t offset;
        size_t len;
    } bad[] = {{0, F.size, 1}, {0, F.size - 10, 11}, {0, F.size + 1, 0}, {0, UINT64_MAX, 1},
               {0, 1, SIZE_MAX}, {1, 0, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err.status = MDD_OK;
        assert_int_equal(mdd_reader_submit(reader, s, bad[i].index, bad[i].offset, bad[i].len,
                                           record, &r, &r.id, &err),
                         MDD_ERR_ARG);
        assert_int_equal(err.status, MDD_ERR_ARG);
    }
    assert_int_equal(mdd_reader_submit(reader, s, 0, 0, 1, NULL, &r, &r.id, &err), MDD_ERR_ARG);
    assert_int_equal(mdd_reader_submit(reader, NULL, 0, 0, 1, record, &r, &r.id, &err),
                     MDD_ERR_ARG);
    assert_int_equal(r.id, 0);
    assert_int_equal(mdd_reader_pending(reader), 0);
    assert_int_equal(readable(reader), 0);
    assert_int_equal(mdd_reader_dispatch(reader), 0);
    assert_int_equal(r.calls, 0);
    mdd_store_close(s);
    mdd_reader_close(reader);
}

/* ---- callbacks that submit and cancel ---- */

/* A chain: each read's callback submits the next, alternately from the heap store (resident:
 * ready without I/O) and the cold inplace store. */
typedef struct chain {
    mdd_reader *reader;
    mdd_store *stores[2];
    read_rec *recs;
    size_t count;
    size_t next;
} chain;

static void submit_next(read_rec *done)
{
    chain *c = done->ctx;
    if (c->next == c->count)
        return;
    read_rec *r = &c->recs[c->next];
    mdd_error err = {0};
    if (submit_rec(c->reader, c->stores[c->next % 2], r, &err) != MDD_OK)
        fail_msg("submit from a callback: %s", err.message);
    c->next++;
}

/* done->ctx is the victim, whose ctx is the reader. */
static void cancel_other(read_rec *done)
{
    read_rec *victim = done->ctx;
    assert_int_equal(mdd_reader_cancel(victim->ctx, victim->id), 1);
}

static void test_callbacks_submit(void **state)
{
    mdd_reader *reader = open_reader(state, 4, 2);
    mdd_store *heap = open_store(0);
    mdd_store *cold = open_cold(2);
    read_rec recs[RANGE_COUNT];
    make_ranges(recs, RANGE_COUNT);
    chain c = {reader, {heap, cold}, recs, RANGE_COUNT, 1};
    for (size_t i = 0; i < RANGE_COUNT; i++) {
        recs[i].then = submit_next;
        recs[i].ctx = &c;
    }

    /* Without the loop first: a resident read makes the descriptor readable; the dispatch
     * that runs its callback, which submits another resident read, leaves it readable. */
    mdd_error err = {0};
    c.stores[1] = heap;
    assert_int_equal(submit_rec(reader, heap, &recs[0], &err), MDD_OK);
    assert_int_equal(readable(reader), 1);
    assert_int_equal(mdd_reader_dispatch(reader), 1);
    assert_int_equal(readable(reader), 1);
    assert_int_equal(mdd_reader_pending(reader), 1);

    /* Then the rest of the chain, half of it cold, through the loop. */
    c.stores[1] = cold;
    loop l;
    loop_open(&l, reader);
    loop_run(&l);
    assert_int_equal(c.next, RANGE_COUNT);
    assert_delivered(recs, RANGE_COUNT);
    for (size_t i = 1; i < RANGE_COUNT; i++)
        assert_true(recs[i].id > recs[i - 1].id);

    /* A callback cancels another read that has not called back. */
    read_rec a = {0}, b = {0};
    set_range(&a, 0, 10);
    set_range(&b, F.size - 100000, 100000);
    b.ctx = reader;
    a.then = cancel_other;
    a.ctx = &b;
    evict(F.paths[2]);
    assert_int_equal(submit_rec(reader, heap, &a, &err), MDD_OK);
    assert_int_equal(submit_rec(reader, cold, &b, &err), MDD_OK);
    loop_run(&l);
    assert_delivered(&a, 1);
    assert_canceled(&b);

    loop_close(&l);
    mdd_reader_close(reader);
    mdd_store_close(cold);
    mdd_store_close(heap);
}

/* ---- the residency fast path ---- */

/* heap is always in memory; a cold mapping is not, and mdd_store_try_read() says so
 * without touching it. */
static void test_try_read(void **state)
{
    (void)state;
    mdd_store *heap = open_store(0);
    mdd_store *cold = open_cold(2);
    mdd_pin pin = {0};
    mdd_error err = {0};
    assert_int_equal(mdd_store_try_read(heap, 0, 4000, 300, &pin, &err), MDD_OK);
    assert_memory_equal(pin.bytes.ptr, F.expected + 4000, 300);
    mdd_pin_release(&pin);
    mdd_store_memory m;
    assert_int_equal(mdd_store_memory_report(cold, &m, &err), MDD_OK);
    assert_int_equal(m.resident_bytes, 0);
    assert_int_equal(mdd_store_try_read(cold, 0, 4000, 300, &pin, &err), MDD_ERR_WOULD_BLOCK);
    assert_null(pin.bytes.ptr);
    mdd_store_close(cold);
    mdd_store_close(heap);
}

static mdd_reader_backend THREADS = MDD_READER_THREADS;
static mdd_reader_backend IO_URING = MDD_READER_IO_URING;

/* A test under each backend, named after both. */
#define BOTH(name)                                                                             \
    {#name "_threads", name, NULL, NULL, &THREADS}, {#name "_io_uring", name, NULL, NULL, &IO_URING}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_try_read),
        BOTH(test_bytes),
        BOTH(test_epoll),
        BOTH(test_cancel),
        BOTH(test_close_in_flight),
        BOTH(test_read_fails),
        BOTH(test_busy),
        BOTH(test_bad_ranges),
        BOTH(test_callbacks_submit),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
