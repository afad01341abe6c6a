/* SPDX-License-Identifier: Apache-2.0 */
/* The downgrade history of a directory (include/mdd/db.h, docs/format.md): empty when
 * missing, raised only ever upward, checked against a fresh revision; every hostile file
 * (magic, version, checksum, truncation, counts, lengths, order, size, a symbolic link)
 * refused with the file and the reason; one another user could have written (owner, mode)
 * refused too and left as it is; the file replaced atomically, no temporary file left. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/db.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/common.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static mdd_bytes text(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

typedef struct fixture {
    char dir[256];
    char path[300]; /* dir/.mdd-history */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_int_equal(tu_make_temp_dir(f->dir, sizeof f->dir, "history"), 0);
    snprintf(f->path, sizeof f->path, "%s/%s", f->dir, MDD_DB_HISTORY_FILE);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    tu_remove_tree(f->dir);
    free(f);
    return 0;
}

static mdd_db_history *load_ok(const fixture *f)
{
    mdd_db_history *h = NULL;
    mdd_error err;
    if (mdd_db_history_load(f->dir, &h, &err) != MDD_OK)
        fail_msg("load: %s", err.message);
    return h;
}

/* The floor of name in f's history, as a C string ("" when none). */
static void floor_of(const fixture *f, const char *name, char *out, size_t size)
{
    mdd_db_history *h = load_ok(f);
    mdd_bytes b = mdd_db_history_floor(h, text(name));
    snprintf(out, size, "%.*s", (int)b.len, b.ptr ? (const char *)b.ptr : "");
    mdd_db_history_free(h);
}

static void assert_floor(const fixture *f, const char *name, const char *expected)
{
    char got[300];
    floor_of(f, name, got, sizeof got);
    assert_string_equal(got, expected);
}

static void raise_ok(const fixture *f, const char *name, const char *revision)
{
    mdd_error err;
    if (mdd_db_history_raise(f->dir, text(name), text(revision), &err) != MDD_OK)
        fail_msg("raise %s %s: %s", name, revision, err.message);
}

/* The load fails with status and the message "<path>: <reason>". */
static void assert_load_fails(const fixture *f, mdd_status status, const char *reason)
{
    mdd_db_history *h = (mdd_db_history *)f; /* must become NULL */
    mdd_error err;
    assert_int_equal(mdd_db_history_load(f->dir, &h, &err), status);
    assert_null(h);
    char expected[600];
    snprintf(expected, sizeof expected, "%s: %s", f->path, reason);
    assert_string_equal(err.message, expected);
}

/* ---- A history file made by hand ---- */

typedef struct draft {
    uint8_t bytes[4096];
    size_t len;
} draft;

static void put(draft *d, const void *p, size_t n)
{
    assert_true(d->len + n <= sizeof d->bytes);
    memcpy(d->bytes + d->len, p, n);
    d->len += n;
}

static void put_le(draft *d, uint64_t v, unsigned n)
{
    uint8_t b[8];
    mdd_le_put(b, v, n);
    put(d, b, n);
}

/* The head: magic, version, count. */
static void head(draft *d, uint32_t version, uint32_t count)
{
    d->len = 0;
    put(d, "MDDHIST", 8);
    put_le(d, version, 4);
    put_le(d, count, 4);
}

/* One text of an entry, its length as given (which may lie). */
static void entry_text(draft *d, size_t len, const char *s)
{
    put_le(d, len, 2);
    put(d, s, strlen(s));
}

static void entry(draft *d, const char *name, const char *revision)
{
    entry_text(d, strlen(name), name);
    entry_text(d, strlen(revision), revision);
}

/* Appends the SHA-512 of what is there, as a writer does, and writes it as f's history. */
static void seal_and_write(const fixture *f, draft *d)
{
    uint8_t digest[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512(d->bytes, d->len, digest, NULL), MDD_OK);
    put(d, digest, sizeof digest);
    tu_write_file(f->path, d->bytes, d->len);
    assert_int_equal(chmod(f->path, 0644), 0);
}

/* ---- Cases ---- */

static void test_empty(void **state)
{
    fixture *f = *state;
    mdd_db_history *h = load_ok(f);
    assert_int_equal(mdd_db_history_count(h), 0);
    assert_null(mdd_db_history_floor(h, text("BCM1000")).ptr);
    mdd_bytes name, revision;
    assert_int_equal(mdd_db_history_at(h, 0, &name, &revision), 0);
    mdd_error err;
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text("00.01"), 0, &err), MDD_OK);
    mdd_db_history_free(h);
    assert_int_equal(tu_entries_in(f->dir), 0); /* reading writes nothing */
}

static void test_raise_and_check(void **state)
{
    fixture *f = *state;
    raise_ok(f, "BCM1000", "01.10.00");
    raise_ok(f, "ABS2000", "3");
    assert_floor(f, "BCM1000", "01.10.00");
    assert_floor(f, "ABS2000", "3");
    assert_floor(f, "ECM", "");

    mdd_db_history *h = load_ok(f);
    assert_int_equal(mdd_db_history_count(h), 2);
    mdd_bytes name, revision;
    assert_int_equal(mdd_db_history_at(h, 0, &name, &revision), 1);
    assert_true(mdd_bytes_equal_str(name, "ABS2000") && mdd_bytes_equal_str(revision, "3"));
    assert_int_equal(mdd_db_history_at(h, 1, &name, &revision), 1);
    assert_true(mdd_bytes_equal_str(name, "BCM1000"));
    mdd_error err;
    /* Equal, newer (numerically: 01.10.01 > 01.10.00, 1.10.0 == 01.10.00) and older. */
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text("01.10.00"), 0, &err), MDD_OK);
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text("1.10.0"), 0, &err), MDD_OK);
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text("01.10.01"), 0, &err), MDD_OK);
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text("01.9.99"), 0, &err),
                     MDD_ERR_DOWNGRADE);
    char expected[600];
    snprintf(expected, sizeof expected,
             "ECU 'BCM1000' revision 01.9.99 is older than revision 01.10.00, the highest "
             "accepted before (%s)",
             f->path);
    assert_string_equal(err.message, expected);
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text(""), 0, &err),
                     MDD_ERR_DOWNGRADE);
    assert_int_equal(mdd_db_history_check(h, text("BCM1000"), text("01.9.99"), 1, &err), MDD_OK);
    mdd_db_history_free(h);
}

static void test_never_lowers(void **state)
{
    fixture *f = *state;
    raise_ok(f, "BCM1000", "01.10.00");
    struct stat before;
    assert_int_equal(stat(f->path, &before), 0);
    raise_ok(f, "BCM1000", "01.09.00");
    raise_ok(f, "BCM1000", "01.10.00");
    raise_ok(f, "BCM1000", "");
    assert_floor(f, "BCM1000", "01.10.00");
    struct stat after;
    assert_int_equal(stat(f->path, &after), 0);
    assert_int_equal(after.st_ino, before.st_ino); /* nothing rose: not rewritten */
    raise_ok(f, "BCM1000", "01.10.00.1");
    assert_floor(f, "BCM1000", "01.10.00.1");
    /* An empty revision is below anything: never recorded. */
    raise_ok(f, "NEW", "");
    assert_floor(f, "NEW", "");
}

/* The file is replaced by a rename: mode 0644, no temporary file left, and a killed
 * writer's temporary file removed by the next raise. */
static void test_atomic_replacement(void **state)
{
    fixture *f = *state;
    raise_ok(f, "BCM1000", "1");
    char stale[400];
    snprintf(stale, sizeof stale, "%s/.%s.tmp.999999.0123456789abcdef", f->dir,
             MDD_DB_HISTORY_FILE);
    tu_write_file(stale, "x", 1);
    struct stat before;
    assert_int_equal(stat(f->path, &before), 0);
    raise_ok(f, "BCM1000", "2");
    struct stat after;
    assert_int_equal(stat(f->path, &after), 0);
    assert_true(after.st_ino != before.st_ino);
    assert_int_equal(after.st_mode & 07777, 0644);
    assert_int_equal(access(stale, F_OK), -1);
    /* The history and its lock file, nothing else. */
    assert_int_equal(tu_entries_in(f->dir), 2);
    assert_floor(f, "BCM1000", "2");
}

static void test_hostile_head(void **state)
{
    fixture *f = *state;
    draft d;
    tu_write_file(f->path, "MDDHIST", 7);
    assert_load_fails(f, MDD_ERR_FORMAT, "7 bytes, shorter than the 80 of an empty history");
    head(&d, 1, 0);
    d.bytes[0] = 'X';
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "magic: not a downgrade history");
    head(&d, 2, 0);
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_UNSUPPORTED, "version 2, this libmdd reads version 1");
    head(&d, 1, 1);
    entry(&d, "BCM1000", "01.10.00");
    seal_and_write(f, &d);
    d.bytes[20] ^= 1; /* a name byte */
    tu_write_file(f->path, d.bytes, d.len);
    assert_load_fails(f, MDD_ERR_CHECKSUM, "SHA-512 mismatch: the history is damaged");
    tu_write_file(f->path, d.bytes, d.len - 5); /* truncated */
    assert_load_fails(f, MDD_ERR_CHECKSUM, "SHA-512 mismatch: the history is damaged");
    head(&d, 1, 0xffffffffu);
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "4294967295 entries, more than the 4096 allowed");
}

static void test_hostile_entries(void **state)
{
    fixture *f = *state;
    draft d;
    head(&d, 1, 2);
    entry(&d, "BCM1000", "1");
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "entry 1: name length runs past the end");
    head(&d, 1, 1);
    entry_text(&d, 300, "BCM1000");
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "entry 0: name of 300 bytes, not 1 to 255");
    head(&d, 1, 1);
    entry_text(&d, 7, "BCM1000");
    entry_text(&d, 0, "");
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "entry 0: revision of 0 bytes, not 1 to 255");
    head(&d, 1, 1);
    entry_text(&d, 7, "BCM1000");
    entry_text(&d, 9, "1");
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "entry 0: revision of 9 bytes runs past the end");
    head(&d, 1, 2);
    entry(&d, "BCM1000", "1");
    entry(&d, "ABS2000", "1");
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT,
                      "entry 1: name not after entry 0's (names are sorted, once each)");
    head(&d, 1, 1);
    entry(&d, "BCM1000", "1");
    put(&d, "zz", 2);
    seal_and_write(f, &d);
    assert_load_fails(f, MDD_ERR_FORMAT, "2 bytes after entry 0");
}

/* Larger than any history the limits allow: refused before a byte is read. */
static void test_hostile_size(void **state)
{
    fixture *f = *state;
    int fd = open(f->path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 3 << 20), 0);
    close(fd);
    assert_load_fails(f, MDD_ERR_FORMAT, "3145728 bytes, more than the 2105424 allowed");
}

/* Not followed through a symbolic link, even to a good history. */
static void test_symbolic_link(void **state)
{
    fixture *f = *state;
    raise_ok(f, "BCM1000", "1");
    char real[400];
    snprintf(real, sizeof real, "%s/real", f->dir);
    assert_int_equal(rename(f->path, real), 0);
    assert_int_equal(symlink("real", f->path), 0);
    assert_load_fails(f, MDD_ERR_IO, "open: Too many levels of symbolic links");
}

/* A history another user could have written is refused, by load and by raise, and left as
 * it is (never reset). */
static void test_owner_and_mode(void **state)
{
    fixture *f = *state;
    raise_ok(f, "BCM1000", "01.10.00");
    assert_int_equal(chmod(f->path, 0664), 0);
    assert_load_fails(f, MDD_ERR_FORMAT, "writable by group or others (mode 664)");
    mdd_error err;
    assert_int_equal(mdd_db_history_raise(f->dir, text("BCM1000"), text("02"), &err),
                     MDD_ERR_FORMAT);
    char expected[600];
    snprintf(expected, sizeof expected, "%s: writable by group or others (mode 664)", f->path);
    assert_string_equal(err.message, expected);
    assert_int_equal(chmod(f->path, 0644), 0);
    assert_floor(f, "BCM1000", "01.10.00");
    if (geteuid() != 0) {
        print_message("not root: the other owner's case needs chown\n");
        return;
    }
    assert_int_equal(chown(f->path, 12345, 12345), 0);
    assert_load_fails(f, MDD_ERR_FORMAT, "owned by user 12345, neither this user nor root");
}

/* Names and revisions past the limit cannot be recorded: refused whatever allow_downgrade,
 * before anything is installed. */
static void test_limits(void **state)
{
    fixture *f = *state;
    char name[300];
    memset(name, 'N', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    mdd_db_history *h = load_ok(f);
    mdd_error err;
    assert_int_equal(mdd_db_history_check(h, text(name), text("1"), 1, &err), MDD_ERR_LIMIT);
    assert_string_equal(err.message, "an ECU name of 299 bytes and a revision of 1: the "
                                     "downgrade history records at most 255 bytes of each");
    mdd_db_history_free(h);
    assert_int_equal(mdd_db_history_raise(f->dir, text(name), text("1"), &err), MDD_ERR_LIMIT);
    assert_int_equal(access(f->path, F_OK), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_empty, setup, teardown),
        cmocka_unit_test_setup_teardown(test_raise_and_check, setup, teardown),
        cmocka_unit_test_setup_teardown(test_never_lowers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atomic_replacement, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hostile_head, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hostile_entries, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hostile_size, setup, teardown),
        cmocka_unit_test_setup_teardown(test_symbolic_link, setup, teardown),
        cmocka_unit_test_setup_teardown(test_owner_and_mode, setup, teardown),
        cmocka_unit_test_setup_teardown(test_limits, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
