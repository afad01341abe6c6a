/* SPDX-License-Identifier: Apache-2.0 */
/* Shared payload images (mdd_store_options.share_dir): one image per chunk content for all
 * stores and processes, made atomically and checked against the signature, removed after its
 * last user, refused when the directory or an image cannot be trusted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/db.h>
#include <mdd/file.h>
#include <mdd/store.h>
#include <mdd_internal/store.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/os.h>

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 8

/* A scratch directory per test: two MDD files, A and B, with the same payload, and the
 * share directory. */
typedef struct fixture {
    char dir[4096];
    char a[4200];
    char b[4200];
    char share[4200];
} fixture;

/* ---- files ---- */

/* A generated ECU of about 60 KB: compressed, signed, and a valid EcuData for the database. */
static void write_ecu(const char *path)
{
    mdd_gen_spec spec = {.name = "SHARED", .seed = 5, .target_bytes = 60000};
    tu_write_generated(path, &spec);
}

static mdd_status encode_file(void *ctx, mdd_sink *out, mdd_error *err)
{
    return mdd_file_encode(ctx, out, err);
}

/* One plain chunk with no signature: nothing to name an image by. */
static void write_unsigned(const char *path)
{
    static uint8_t data[5000];
    memset(data, 'u', sizeof data);
    mdd_chunk chunk = {.data = {data, sizeof data}};
    mdd_file file = {.version = {(const uint8_t *)"1", 1}, .ecu_name = {(const uint8_t *)"U", 1},
                     .chunks = &chunk, .chunk_count = 1};
    assert_int_equal(mdd_write_file_atomic(path, 0644, encode_file, &file, NULL), MDD_OK);
}

/* Flips a byte in the middle of where path holds payload (a plain, converted file). */
static void damage_payload(const char *path, mdd_bytes payload)
{
    size_t len;
    uint8_t *bytes = tu_read_file(path, &len);
    const uint8_t *at = memmem(bytes, len, payload.ptr, payload.len);
    assert_non_null(at);
    size_t offset = (size_t)(at - bytes) + payload.len / 2;
    bytes[offset] ^= 0x01;
    tu_write_file(path, bytes, len);
    free(bytes);
}

/* ---- stores ---- */

static mdd_store *open_store(const fixture *fx, const char *path, int verify)
{
    mdd_store_options o = mdd_store_options_default();
    o.strategy = MDD_STRATEGY_PREAD;
    o.verify = verify;
    o.share_dir = fx->share;
    mdd_store *s;
    mdd_error err;
    if (mdd_store_open(path, &o, &s, &err) != MDD_OK)
        fail_msg("open %s: %s", path, err.message);
    return s;
}

static mdd_status read_whole(const mdd_store *s, mdd_pin *pin, mdd_error *err)
{
    return mdd_store_read(s, 0, 0, (size_t)tu_chunk_size(s, 0), pin, err);
}

static mdd_bytes whole_ok(const mdd_store *s)
{
    mdd_pin pin = {0};
    mdd_error err;
    if (read_whole(s, &pin, &err) != MDD_OK)
        fail_msg("read: %s", err.message);
    mdd_bytes bytes = pin.bytes;
    mdd_pin_release(&pin);
    return bytes;
}

static mdd_store_memory report_of(const mdd_store *s)
{
    mdd_store_memory m;
    assert_int_equal(mdd_store_memory_report(s, &m, NULL), MDD_OK);
    return m;
}

/* The image's path for s's first chunk: "mdd-" and the hex of its signature. */
static void image_path(const fixture *fx, const mdd_store *s, char *out, size_t size)
{
    const mdd_chunk *c = &mdd_store_file(s)->chunks[0];
    assert_int_equal(c->signature_count, 1);
    char hex[2 * MDD_SHA512_SIZE + 1];
    tu_hex(c->signatures[0].signature.ptr, MDD_SHA512_SIZE, hex);
    snprintf(out, size, "%s/mdd-%s", fx->share, hex);
}

/* ---- setup ---- */

/* The share directory goes on tmpfs when the machine has /dev/shm, as deployments put it. */
static const char *share_base(void)
{
    struct stat st;
    return stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) && access("/dev/shm", W_OK) == 0
               ? "/dev/shm"
               : "/tmp";
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    assert_non_null(fx);
    snprintf(fx->dir, sizeof fx->dir, "%s/mdd-share-test-XXXXXX", share_base());
    assert_non_null(mkdtemp(fx->dir));
    snprintf(fx->a, sizeof fx->a, "%s/a.mdd", fx->dir);
    snprintf(fx->b, sizeof fx->b, "%s/b.mdd", fx->dir);
    snprintf(fx->share, sizeof fx->share, "%s/share", fx->dir);
    write_ecu(fx->a);
    write_ecu(fx->b);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    tu_remove_tree(fx->dir);
    free(fx);
    return 0;
}

/* ---- tests ---- */

/* Two files with the same chunk: the second store maps the image the first made, even though
 * its own file now holds other bytes (it never reads them), and the image goes with the last
 * store that holds it. */
static void test_one_image_for_equal_chunks(void **state)
{
    fixture *fx = *state;
    mdd_store *a = open_store(fx, fx->a, 1);
    mdd_bytes bytes = whole_ok(a);
    size_t len = (size_t)tu_chunk_size(a, 0);
    assert_int_equal(bytes.len, len);
    char image[8400];
    image_path(fx, a, image, sizeof image);
    size_t image_len;
    uint8_t *on_disk = tu_read_file(image, &image_len);
    assert_int_equal(image_len, len);
    assert_memory_equal(on_disk, bytes.ptr, len);
    struct stat st;
    assert_int_equal(stat(image, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0400);
    assert_int_equal(tu_entries_in(fx->share), 1);
    mdd_store_memory m = report_of(a);
    assert_int_equal(m.shared_bytes, len);
    assert_int_equal(m.cached_bytes, 0);

    mdd_store *b = open_store(fx, fx->b, 1);
    mdd_store_close(b);
    damage_payload(fx->b, bytes);
    b = open_store(fx, fx->b, 0);
    mdd_bytes shared = whole_ok(b);
    assert_ptr_not_equal(shared.ptr, bytes.ptr);
    assert_memory_equal(shared.ptr, on_disk, len);
    assert_int_equal(tu_entries_in(fx->share), 1);
    mdd_cache_stats cs;
    mdd_cache_stats_read(mdd_store_cache(b), &cs);
    assert_int_equal(cs.misses + cs.read_bytes, 0);

    mdd_store_close(a);
    assert_int_equal(tu_entries_in(fx->share), 1);
    assert_memory_equal(shared.ptr, on_disk, len);
    mdd_store_close(b);
    assert_int_equal(tu_entries_in(fx->share), 0);
    free(on_disk);

    /* With no image left, b's damaged chunk must be read, and fails its signature: no image
     * of it is ever made. */
    b = open_store(fx, fx->b, 0);
    mdd_pin pin = {0};
    mdd_error err;
    assert_int_equal(read_whole(b, &pin, &err), MDD_ERR_CHECKSUM);
    assert_non_null(strstr(err.message, fx->b));
    assert_non_null(strstr(err.message, "chunk 0"));
    assert_null(pin.bytes.ptr);
    assert_int_equal(tu_entries_in(fx->share), 0);
    mdd_store_close(b);
}

/* A process that opens the file on its own maps the parent's image; one that dies holding an
 * image leaves it for the next user, whose close removes it. */
static void test_images_across_processes(void **state)
{
    fixture *fx = *state;
    mdd_store *a = open_store(fx, fx->a, 1);
    size_t len = whole_ok(a).len;
    uint8_t *copy = malloc(len); /* the image goes with the last store that maps it */
    assert_non_null(copy);
    memcpy(copy, whole_ok(a).ptr, len);
    mdd_bytes bytes = {copy, len};
    /* b converted, then damaged: a store of b that reads its file fails the signature. */
    mdd_store_close(open_store(fx, fx->b, 1));
    damage_payload(fx->b, bytes);
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        mdd_store_options o = mdd_store_options_default();
        o.strategy = MDD_STRATEGY_PREAD;
        o.verify = 0;
        o.share_dir = fx->share;
        mdd_store *s;
        mdd_pin pin = {0};
        int ok = mdd_store_open(fx->b, &o, &s, NULL) == MDD_OK &&
                 read_whole(s, &pin, NULL) == MDD_OK && pin.bytes.len == len &&
                 memcmp(pin.bytes.ptr, bytes.ptr, len) == 0 && tu_entries_in(fx->share) == 1;
        _exit(ok ? 0 : 1); /* without closing: as if it crashed */
    }
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    mdd_store_close(a);
    assert_int_equal(tu_entries_in(fx->share), 0);

    /* Now the child makes the image and dies with it. */
    child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        mdd_store *s = open_store(fx, fx->a, 1);
        _exit(whole_ok(s).len == len && tu_entries_in(fx->share) == 1 ? 0 : 1);
    }
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_int_equal(tu_entries_in(fx->share), 1);
    mdd_store *b = open_store(fx, fx->b, 0);
    assert_int_equal(whole_ok(b).len, len); /* the leftover image: b's file is not read */
    mdd_store_close(b);
    assert_int_equal(tu_entries_in(fx->share), 0);
    free(copy);
}

typedef struct racer {
    const mdd_store *store;
    pthread_barrier_t *start;
    mdd_bytes got;
} racer;

static void *race_whole(void *arg)
{
    racer *r = arg;
    pthread_barrier_wait(r->start);
    mdd_pin pin = {0};
    if (read_whole(r->store, &pin, NULL) == MDD_OK)
        r->got = pin.bytes;
    mdd_pin_release(&pin);
    return NULL;
}

/* Threads racing to the same chunk all get the one image; ranges of it are served from it,
 * also by mdd_store_try_read(), and mdd_store_chunk_data() is the same view. */
static void test_threads_and_ranges(void **state)
{
    fixture *fx = *state;
    mdd_store *s = open_store(fx, fx->a, 1);
    size_t len = (size_t)tu_chunk_size(s, 0);
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
    racer racers[THREADS];
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        racers[i] = (racer){.store = s, .start = &start};
        assert_int_equal(pthread_create(&threads[i], NULL, race_whole, &racers[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < THREADS; i++) {
        assert_ptr_equal(racers[i].got.ptr, racers[0].got.ptr);
        assert_int_equal(racers[i].got.len, len);
    }
    assert_int_equal(tu_entries_in(fx->share), 1);
    assert_int_equal(report_of(s).shared_bytes, len);

    mdd_pin pin = {0};
    assert_int_equal(mdd_store_read(s, 0, 100, 200, &pin, NULL), MDD_OK);
    assert_ptr_equal(pin.bytes.ptr, racers[0].got.ptr + 100);
    assert_int_equal(pin.bytes.len, 200);
    mdd_pin_release(&pin);
    assert_int_equal(mdd_store_try_read(s, 0, len - 8, 8, &pin, NULL), MDD_OK);
    assert_ptr_equal(pin.bytes.ptr, racers[0].got.ptr + len - 8);
    mdd_pin_release(&pin);
    assert_ptr_equal(tu_chunk_data(s, 0).ptr, racers[0].got.ptr);
    mdd_cache_stats cs;
    mdd_cache_stats_read(mdd_store_cache(s), &cs);
    assert_int_equal(cs.entries, 0);
    mdd_store_close(s);
    assert_int_equal(tu_entries_in(fx->share), 0);
}

/* Before any whole read, a range goes through the cache; so does every read of a chunk that
 * has no signature to name an image by. */
static void test_cache_without_image(void **state)
{
    fixture *fx = *state;
    mdd_store *s = open_store(fx, fx->a, 1);
    mdd_pin pin = {0};
    assert_int_equal(mdd_store_read(s, 0, 0, 100, &pin, NULL), MDD_OK);
    mdd_pin_release(&pin);
    assert_int_equal(report_of(s).shared_bytes, 0);
    assert_int_equal(tu_entries_in(fx->share), 0);
    mdd_store_close(s);

    write_unsigned(fx->b);
    s = open_store(fx, fx->b, 1);
    assert_int_equal(whole_ok(s).len, 5000);
    mdd_store_memory m = report_of(s);
    assert_int_equal(m.shared_bytes, 0);
    assert_int_equal(m.cached_bytes, 5000);
    assert_int_equal(tu_entries_in(fx->share), 0);
    mdd_store_close(s);
}

static void assert_refused(const fixture *fx, mdd_status want, const char *says)
{
    mdd_store_options o = mdd_store_options_default();
    o.strategy = MDD_STRATEGY_PREAD;
    o.share_dir = fx->share;
    mdd_store *s = (mdd_store *)1;
    mdd_error err;
    assert_int_equal(mdd_store_open(fx->a, &o, &s, &err), want);
    assert_null(s);
    assert_non_null(strstr(err.message, fx->share));
    if (!strstr(err.message, says))
        fail_msg("'%s' does not say '%s'", err.message, says);
}

/* A directory others could write to, or that is not the caller's, is refused before the
 * file is touched; so is a path that is no directory. */
static void test_untrusted_directory(void **state)
{
    fixture *fx = *state;
    assert_int_equal(mkdir(fx->share, 0700), 0);
    assert_int_equal(chmod(fx->share, 0770), 0);
    assert_refused(fx, MDD_ERR_ARG, "chmod 700");
    assert_int_equal(chmod(fx->share, 0700), 0);
    /* Only a privileged test run can give the directory away; others have nobody to give it. */
    if (geteuid() == 0) {
        assert_int_equal(chown(fx->share, 65534, 65534), 0);
        assert_refused(fx, MDD_ERR_ARG, "owned by uid 65534");
    }
    assert_int_equal(rmdir(fx->share), 0);
    tu_write_file(fx->share, "x", 1);
    assert_refused(fx, MDD_ERR_IO, "Not a directory");
    assert_int_equal(unlink(fx->share), 0);
    /* Nothing was converted for a refused open: a's chunk is still compressed. */
    mdd_store_options o = mdd_store_options_default();
    o.strategy = MDD_STRATEGY_HEAP;
    mdd_store *h;
    assert_int_equal(mdd_store_open(fx->a, &o, &h, NULL), MDD_OK);
    assert_non_null(mdd_store_file(h)->chunks[0].compression_algorithm.ptr);
    mdd_store_close(h);
}

/* An image of the wrong size under the chunk's name is reported, not mapped. */
static void test_foreign_image(void **state)
{
    fixture *fx = *state;
    mdd_store *s = open_store(fx, fx->a, 1);
    char image[8400];
    image_path(fx, s, image, sizeof image);
    tu_write_file(image, "short", 5);
    mdd_pin pin = {0};
    mdd_error err;
    assert_int_equal(read_whole(s, &pin, &err), MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "5 bytes where"));
    assert_non_null(strstr(err.message, fx->a));
    mdd_store_close(s);
    assert_int_equal(tu_entries_in(fx->share), 1); /* not ours to remove */
}

/* A file system that refuses the image's space fails the read with the reason, and leaves no
 * image behind, not even a partial one. RLIMIT_FSIZE stands in for a full tmpfs: both make
 * the reservation fail before any byte is written. */
static void test_no_space_for_image(void **state)
{
    fixture *fx = *state;
    mdd_store *s = open_store(fx, fx->a, 1);
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit lim = {4096, 4096};
        mdd_pin pin = {0};
        mdd_error err;
        int ok = setrlimit(RLIMIT_FSIZE, &lim) == 0 &&
                 read_whole(s, &pin, &err) == MDD_ERR_IO && strstr(err.message, "reserving") &&
                 strstr(err.message, "File too large") && tu_entries_in(fx->share) == 0;
        _exit(ok ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_int_equal(tu_entries_in(fx->share), 0);
    mdd_store_close(s);
}

/* Through the database: its payload is the image, counted as shared rather than cached, and
 * two databases over the two files hold one image. */
static void test_database_payloads(void **state)
{
    fixture *fx = *state;
    mdd_db_options o = mdd_db_options_default();
    o.store.strategy = MDD_STRATEGY_PREAD;
    o.store.share_dir = fx->share;
    mdd_db *a = NULL, *b = NULL;
    mdd_error err;
    const char *pa = fx->a, *pb = fx->b;
    if (mdd_db_open(&pa, 1, &o, &a, &err) != MDD_OK || mdd_db_open(&pb, 1, &o, &b, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    mdd_db_memory m;
    assert_int_equal(mdd_db_memory_report(a, &m, NULL), MDD_OK);
    assert_int_equal(m.stores.shared_bytes, m.stores.payload_bytes);
    assert_int_equal(m.stores.cached_bytes, 0);
    assert_int_equal(tu_entries_in(fx->share), 1);
    const mdd_db_ecu *ea = mdd_db_ecu_at(a, 0), *eb = mdd_db_ecu_at(b, 0);
    mdd_bytes na = mdd_db_ecu_name(ea), nb = mdd_db_ecu_name(eb);
    assert_int_equal(na.len, 6);
    assert_memory_equal(na.ptr, "SHARED", 6);
    assert_memory_equal(nb.ptr, "SHARED", 6);
    mdd_db_close(a);
    mdd_db_close(b);
    assert_int_equal(tu_entries_in(fx->share), 0);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_one_image_for_equal_chunks),
        T(test_images_across_processes),
        T(test_threads_and_ranges),
        T(test_cache_without_image),
        T(test_untrusted_directory),
        T(test_foreign_image),
        T(test_no_space_for_image),
        T(test_database_payloads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
