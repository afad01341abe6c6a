/* SPDX-License-Identifier: Apache-2.0 */
/* The downgrade history of a directory (DIR/.mdd-history): per ECU name, the highest
 * revision the directory ever accepted, kept when the ECU's file goes, so that deleting a file
 * and installing an older one is still a downgrade (docs/adr/0028-downgrade-history.md).
 *
 * The file (docs/format.md, "Downgrade history"): the magic "MDDHIST\0", a version (u32 LE,
 * 1), an entry count (u32 LE), the entries in strictly ascending byte order of their names,
 * each a u16 LE name length, the name, a u16 LE revision length, the revision (1 to
 * MDD_DB_HISTORY_TEXT_MAX bytes each), then the SHA-512 of everything before it. The
 * checksum catches damage, not an attacker (who can write a matching one): what keeps
 * others from editing the record is its owner and mode, checked as for verification
 * records. */
#include "db_impl.h"

#include <mdd_internal/codec.h>
#include <mdd_internal/db.h>
#include <mdd_internal/ecu.h>
#include <mdd_internal/os.h>
#include <mdd_internal/store.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define HISTORY_MAGIC "MDDHIST"
#define HISTORY_MAGIC_SIZE 8u
#define HISTORY_VERSION 1u
#define HISTORY_HEAD_SIZE (HISTORY_MAGIC_SIZE + 8u)
/* The largest history the limits allow: every entry at the longest name and revision. */
#define HISTORY_MAX_SIZE                                                                      \
    ((uint64_t)HISTORY_HEAD_SIZE +                                                            \
     (uint64_t)MDD_DB_HISTORY_ENTRIES_MAX * (4u + 2u * MDD_DB_HISTORY_TEXT_MAX) +            \
     MDD_SHA512_SIZE)

struct mdd_db_history {
    char *path;               /* DIR/.mdd-history, for messages */
    uint8_t *bytes;           /* the file's content, which the entries point into */
    db_history_entry *entries; /* by name, bytewise */
    size_t count;
};

/* ---- Reading ---- */

/* Takes a u16 length and that many bytes at *pos of [0, end) as one text of entry i, checked
 * against the limits; what names it in messages. */
static mdd_status take_text(const uint8_t *buf, size_t end, size_t *pos, size_t i,
                            const char *what, mdd_bytes *out, mdd_error *err)
{
    if (end - *pos < 2)
        return mdd_fail(err, MDD_ERR_FORMAT, "entry %zu: %s length runs past the end", i, what);
    size_t len = mdd_le_get16(buf + *pos);
    *pos += 2;
    if (len == 0 || len > MDD_DB_HISTORY_TEXT_MAX)
        return mdd_fail(err, MDD_ERR_FORMAT, "entry %zu: %s of %zu bytes, not 1 to %u", i,
                        what, len, MDD_DB_HISTORY_TEXT_MAX);
    if (end - *pos < len)
        return mdd_fail(err, MDD_ERR_FORMAT, "entry %zu: %s of %zu bytes runs past the end", i,
                        what, len);
    *out = (mdd_bytes){buf + *pos, len};
    *pos += len;
    return MDD_OK;
}

/* Reads the entries of buf[0..end) after the head into h->entries (h->count of them). */
static mdd_status parse_entries(mdd_db_history *h, const uint8_t *buf, size_t end,
                                mdd_error *err)
{
    size_t pos = HISTORY_HEAD_SIZE;
    for (size_t i = 0; i < h->count; i++) {
        db_history_entry *e = &h->entries[i];
        mdd_status st = take_text(buf, end, &pos, i, "name", &e->name, err);
        if (st == MDD_OK)
            st = take_text(buf, end, &pos, i, "revision", &e->revision, err);
        if (st != MDD_OK)
            return st;
        if (i > 0 && ecu_name_compare(h->entries[i - 1].name, e->name) >= 0)
            return mdd_fail(err, MDD_ERR_FORMAT,
                            "entry %zu: name not after entry %zu's (names are sorted, once "
                            "each)",
                            i, i - 1);
    }
    if (pos != end)
        return mdd_fail(err, MDD_ERR_FORMAT, "%zu bytes after entry %zu", end - pos,
                        h->count ? h->count - 1 : 0);
    return MDD_OK;
}

/* Checks the head and the checksum of buf[0..size), then reads its entries into h. */
static mdd_status parse(mdd_db_history *h, const uint8_t *buf, size_t size, mdd_error *err)
{
    if (size < HISTORY_HEAD_SIZE + MDD_SHA512_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT, "%zu bytes, shorter than the %u of an empty history",
                        size, HISTORY_HEAD_SIZE + MDD_SHA512_SIZE);
    if (memcmp(buf, HISTORY_MAGIC, HISTORY_MAGIC_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "magic: not a downgrade history");
    uint32_t version = mdd_le_get32(buf + HISTORY_MAGIC_SIZE);
    if (version != HISTORY_VERSION)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED, "version %u, this libmdd reads version %u",
                        (unsigned)version, HISTORY_VERSION);
    size_t end = size - MDD_SHA512_SIZE;
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_status st = mdd_sha512(buf, end, digest, err);
    if (st != MDD_OK)
        return st;
    if (memcmp(digest, buf + end, MDD_SHA512_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_CHECKSUM, "SHA-512 mismatch: the history is damaged");
    uint32_t count = mdd_le_get32(buf + HISTORY_MAGIC_SIZE + 4);
    if (count > MDD_DB_HISTORY_ENTRIES_MAX)
        return mdd_fail(err, MDD_ERR_FORMAT, "%u entries, more than the %u allowed",
                        (unsigned)count, MDD_DB_HISTORY_ENTRIES_MAX);
    h->entries = calloc(count ? count : 1, sizeof *h->entries);
    if (!h->entries)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %u entries", (unsigned)count);
    h->count = count;
    return parse_entries(h, buf, end, err);
}

/* Reads the open history fd into h when it may be trusted as a file. */
static mdd_status read_trusted(int fd, mdd_db_history *h, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s", strerror(errno));
    mdd_status s = mdd_record_check_owner(&st, HISTORY_MAX_SIZE, err);
    if (s != MDD_OK)
        return s;
    size_t size = (size_t)st.st_size;
    h->bytes = malloc(size ? size : 1);
    if (!h->bytes)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu bytes", size);
    size_t done;
    int e = os_pread_exact(fd, h->bytes, size, 0, &done);
    if (e)
        return mdd_fail(err, MDD_ERR_IO, "read: %s", strerror(e));
    if (done != size)
        return mdd_fail(err, MDD_ERR_IO, "read: %zu of %zu bytes (the file shrank)", done, size);
    return parse(h, h->bytes, size, err);
}

/* Fills h from the file at h->path; a missing file leaves it empty. */
static mdd_status read_file(mdd_db_history *h, mdd_error *err)
{
    /* Not through a symbolic link, and without waiting on a FIFO put in its place. */
    int fd = open(h->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    /* No history, or no directory to hold one (listing it then says so). */
    if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
        return MDD_OK;
    mdd_status st = fd < 0 ? mdd_fail(err, MDD_ERR_IO, "open: %s", strerror(errno))
                           : read_trusted(fd, h, err);
    if (fd >= 0)
        close(fd);
    if (st != MDD_OK)
        mdd_error_prefix(err, "%s: ", h->path);
    return st;
}

mdd_status mdd_db_history_load(const char *dir, mdd_db_history **out, mdd_error *err)
{
    if (!dir || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no directory or history to fill");
    *out = NULL;
    mdd_db_history *h = calloc(1, sizeof *h);
    if (h)
        h->path = mdd_path_join(dir, MDD_DB_HISTORY_FILE);
    mdd_status st = h && h->path ? read_file(h, err)
                                 : mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", dir);
    if (st != MDD_OK) {
        mdd_db_history_free(h);
        return st;
    }
    *out = h;
    return MDD_OK;
}

mdd_status mdd_db_history_parse(const char *name, const uint8_t *data, size_t size,
                                mdd_db_history **out, mdd_error *err)
{
    *out = NULL;
    if (size > HISTORY_MAX_SIZE)
        return mdd_fail(err, MDD_ERR_LIMIT, "%s: %zu bytes, more than a history holds", name,
                        size);
    mdd_db_history *h = calloc(1, sizeof *h);
    mdd_status st = MDD_OK;
    if (!h || !(h->path = strdup(name)) || !(h->bytes = malloc(size ? size : 1)))
        st = mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", name);
    if (st == MDD_OK) {
        if (size)
            memcpy(h->bytes, data, size);
        if ((st = parse(h, h->bytes, size, err)) != MDD_OK)
            mdd_error_prefix(err, "%s: ", name);
    }
    if (st != MDD_OK) {
        mdd_db_history_free(h);
        return st;
    }
    *out = h;
    return MDD_OK;
}

void mdd_db_history_free(mdd_db_history *history)
{
    if (!history)
        return;
    free(history->entries);
    free(history->bytes);
    free(history->path);
    free(history);
}

/* ---- Looking up ---- */

size_t mdd_db_history_count(const mdd_db_history *history)
{
    return history ? history->count : 0;
}

int mdd_db_history_at(const mdd_db_history *history, size_t i, mdd_bytes *name,
                      mdd_bytes *revision)
{
    if (!history || i >= history->count)
        return 0;
    *name = history->entries[i].name;
    *revision = history->entries[i].revision;
    return 1;
}

static mdd_bytes entry_name(const void *ctx, size_t pos)
{
    return ((const db_history_entry *)ctx)[pos].name;
}

/* The entry of name among entries[0..count) (sorted), or NULL. */
static const db_history_entry *find(const db_history_entry *entries, size_t count,
                                    mdd_bytes name)
{
    size_t pos = db_name_lower_bound(count, entry_name, entries, name);
    return pos < count && ecu_name_compare(entries[pos].name, name) == 0 ? &entries[pos]
                                                                         : NULL;
}

mdd_bytes mdd_db_history_floor(const mdd_db_history *history, mdd_bytes ecu_name)
{
    const db_history_entry *e = history ? find(history->entries, history->count, ecu_name)
                                        : NULL;
    return e ? e->revision : (mdd_bytes){NULL, 0};
}

/* MDD_ERR_LIMIT when name or revision could not be recorded. */
static mdd_status check_lengths(mdd_bytes name, mdd_bytes revision, mdd_error *err)
{
    if (name.len > MDD_DB_HISTORY_TEXT_MAX || revision.len > MDD_DB_HISTORY_TEXT_MAX)
        return mdd_fail(err, MDD_ERR_LIMIT,
                        "an ECU name of %zu bytes and a revision of %zu: the downgrade history "
                        "records at most %u bytes of each",
                        name.len, revision.len, MDD_DB_HISTORY_TEXT_MAX);
    return MDD_OK;
}

mdd_status mdd_db_history_check(const mdd_db_history *history, mdd_bytes ecu_name,
                                mdd_bytes revision, int allow_downgrade, mdd_error *err)
{
    mdd_status st = check_lengths(ecu_name, revision, err);
    mdd_bytes floor = mdd_db_history_floor(history, ecu_name);
    if (st != MDD_OK || allow_downgrade || mdd_db_revision_compare(revision, floor) >= 0)
        return st;
    char name[MDD_DB_HISTORY_TEXT_MAX / 2], fresh[MDD_DB_HISTORY_TEXT_MAX / 2],
        highest[MDD_DB_HISTORY_TEXT_MAX / 2];
    db_printable(ecu_name, name, sizeof name);
    db_revision_text(revision, fresh, sizeof fresh);
    db_revision_text(floor, highest, sizeof highest);
    return mdd_fail(err, MDD_ERR_DOWNGRADE,
                    "ECU '%s' revision %s is older than revision %s, the highest accepted "
                    "before (%s)",
                    name, fresh, highest, history->path);
}

/* ---- Writing ---- */

/* Entries being written: views of the history read under the lock and of the callers'
 * revisions. */
typedef struct history_draft {
    db_history_entry *entries;
    size_t count;
} history_draft;

/* Raises (or adds) name's entry of d to revision when that is higher, or to revision
 * whatever it was when lower is set (a rollback's). Returns 1 when d changed. Room for one
 * more entry is there. */
static int draft_raise(history_draft *d, db_history_entry add, int lower)
{
    db_history_entry *e = (db_history_entry *)find(d->entries, d->count, add.name);
    int cmp = e ? mdd_db_revision_compare(add.revision, e->revision) : 1;
    if (cmp == 0 || (cmp < 0 && !lower))
        return 0;
    if (e) {
        e->revision = add.revision;
        return 1;
    }
    size_t pos = db_name_lower_bound(d->count, entry_name, d->entries, add.name);
    memmove(&d->entries[pos + 1], &d->entries[pos], (d->count - pos) * sizeof *d->entries);
    d->entries[pos] = add;
    d->count++;
    return 1;
}

static size_t encoded_size(const history_draft *d)
{
    size_t size = HISTORY_HEAD_SIZE + MDD_SHA512_SIZE;
    for (size_t i = 0; i < d->count; i++)
        size += 4 + d->entries[i].name.len + d->entries[i].revision.len;
    return size;
}

static uint8_t *put_text(uint8_t *p, mdd_bytes text)
{
    mdd_le_put(p, text.len, 2);
    memcpy(p + 2, text.ptr, text.len);
    return p + 2 + text.len;
}

/* An mdd_content_writer of the history file of a draft (ctx). */
static mdd_status write_draft(void *ctx, mdd_sink *out, mdd_error *err)
{
    const history_draft *d = ctx;
    size_t size = encoded_size(d);
    uint8_t *buf = malloc(size);
    if (!buf)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a %zu-byte history", size);
    memcpy(buf, HISTORY_MAGIC, HISTORY_MAGIC_SIZE);
    mdd_le_put(buf + HISTORY_MAGIC_SIZE, HISTORY_VERSION, 4);
    mdd_le_put(buf + HISTORY_MAGIC_SIZE + 4, d->count, 4);
    uint8_t *p = buf + HISTORY_HEAD_SIZE;
    for (size_t i = 0; i < d->count; i++)
        p = put_text(put_text(p, d->entries[i].name), d->entries[i].revision);
    mdd_status st = mdd_sha512(buf, size - MDD_SHA512_SIZE, p, err);
    if (st == MDD_OK)
        st = mdd_sink_write(out, buf, size, err);
    free(buf);
    return st;
}

/* Raises (or, with lower, sets) the entries of history h read under the lock with
 * add[0..n), writing the file only when anything changed. */
static mdd_status raise_read(const mdd_db_history *h, const db_history_entry *add, size_t n,
                             int lower, mdd_error *err)
{
    history_draft d = {calloc(h->count + n + 1, sizeof *d.entries), h->count};
    if (!d.entries)
        return mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", h->path);
    if (h->count)
        memcpy(d.entries, h->entries, h->count * sizeof *d.entries);
    int changed = 0;
    mdd_status st = MDD_OK;
    for (size_t i = 0; i < n && st == MDD_OK; i++) {
        if (add[i].revision.len == 0)
            continue; /* older than anything: nothing to record */
        st = check_lengths(add[i].name, add[i].revision, err);
        if (st == MDD_OK && d.count == MDD_DB_HISTORY_ENTRIES_MAX &&
            !find(d.entries, d.count, add[i].name))
            st = mdd_fail(err, MDD_ERR_LIMIT, "full: %u ECU names recorded already",
                          MDD_DB_HISTORY_ENTRIES_MAX);
        if (st == MDD_OK)
            changed |= draft_raise(&d, add[i], lower);
    }
    if (st == MDD_OK && changed)
        st = mdd_write_file_atomic(h->path, 0644, write_draft, &d, err);
    if (st != MDD_OK && strncmp(err->message, h->path, strlen(h->path)) != 0)
        mdd_error_prefix(err, "%s: ", h->path);
    free(d.entries);
    return st;
}

/* Opens (making it when missing) and locks DIR/.mdd-history.lock; *fd holds the lock. */
static mdd_status lock_history(const char *dir, int *fd, mdd_error *err)
{
    char *path = mdd_path_join(dir, MDD_DB_HISTORY_LOCK_FILE);
    if (!path)
        return mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", dir);
    *fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
    int e = errno;
    int rc = 0;
    while (*fd >= 0 && (rc = flock(*fd, LOCK_EX)) != 0 && errno == EINTR)
        ;
    if (*fd >= 0 && rc != 0)
        e = errno;
    mdd_status st = MDD_OK;
    if (*fd < 0)
        st = mdd_fail(err, e == EACCES || e == EROFS || e == EPERM ? MDD_ERR_READ_ONLY : MDD_ERR_IO,
                      "%s: open: %s", path, strerror(e));
    else if (rc != 0)
        st = mdd_fail(err, MDD_ERR_IO, "%s: lock: %s", path, strerror(e));
    if (st != MDD_OK && *fd >= 0) {
        close(*fd);
        *fd = -1;
    }
    free(path);
    return st;
}

/* Under the history's lock: raise_read() of the history as it is now. */
static mdd_status change_all(const char *dir, const db_history_entry *add, size_t n, int lower,
                             mdd_error *err)
{
    if (!dir || (n && !add))
        return mdd_fail(err, MDD_ERR_ARG, "no directory or nothing to record");
    int fd = -1;
    mdd_status st = lock_history(dir, &fd, err);
    if (st != MDD_OK)
        return st;
    mdd_db_history *h = NULL;
    st = mdd_db_history_load(dir, &h, err);
    /* Under the lock no writer runs: a temporary file of the history is a killed one's. */
    if (st == MDD_OK)
        st = mdd_atomic_file_remove_stale(h->path, NULL, err);
    if (st == MDD_OK)
        st = raise_read(h, add, n, lower, err);
    mdd_db_history_free(h);
    close(fd); /* and with it the lock */
    return st;
}

mdd_status db_history_raise_all(const char *dir, const db_history_entry *add, size_t n,
                                mdd_error *err)
{
    return change_all(dir, add, n, 0, err);
}

mdd_status db_history_set_all(const char *dir, const db_history_entry *set, size_t n,
                              mdd_error *err)
{
    return change_all(dir, set, n, 1, err);
}

mdd_status mdd_db_history_raise(const char *dir, mdd_bytes ecu_name, mdd_bytes revision,
                                mdd_error *err)
{
    db_history_entry add = {ecu_name, revision};
    return db_history_raise_all(dir, &add, 1, err);
}

/* ---- The history of a live database ---- */

mdd_status db_history_check_ecu(const mdd_db_history *history, const mdd_db_ecu *ecu,
                                const mdd_db_options *opts, mdd_error *err)
{
    return mdd_db_history_check(history, ecu->name, ecu->revision, opts->allow_downgrade, err);
}

void db_history_record(const char *dir, const mdd_db *db)
{
    db_history_entry *add = calloc(db->count ? db->count : 1, sizeof *add);
    if (!add)
        return;
    for (size_t i = 0; i < db->count; i++)
        add[i] = (db_history_entry){db->ecus[i]->name, db->ecus[i]->revision};
    mdd_error ignored;
    (void)db_history_raise_all(dir, add, db->count, &ignored);
    free(add);
}
