/* SPDX-License-Identifier: Apache-2.0 */
/* An update of a directory: its lock, which keeps a second update (and `mdd install`) out,
 * the debris of killed ones, and the places its work is kept. */
#include "update_impl.h"

#include <mdd_internal/os.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const options_member update_members[] = {
    OPTIONS_NESTED(mdd_update_options, db, mdd_db_options, options_layout_db),
    OPTIONS_SCALAR(mdd_update_options, force_ecu, int),
    OPTIONS_SCALAR(mdd_update_options, read_only, int),
    OPTIONS_SCALAR(mdd_update_options, may_switch, mdd_update_gate),
    OPTIONS_SCALAR(mdd_update_options, may_switch_ctx, void *),
    OPTIONS_SCALAR(mdd_update_options, holder, const char *),
};
static const options_layout options_layout_update =
    OPTIONS_LAYOUT(mdd_update_options, MDD_UPDATE_OPTIONS_SIZE, update_members);

static const char *const change_names[] = {"unchanged", "added", "removed", "changed"};

const char *mdd_update_change_name(mdd_update_change change)
{
    return (unsigned)change <= MDD_UPDATE_CHANGED ? change_names[change] : "unknown";
}

static mdd_status make_paths(mdd_update *u, const char *dir, mdd_error *err)
{
    struct {
        char *out;
        const char *base, *name;
    } paths[] = {
        {u->work, dir, DB_UPDATE_DIR},           {u->stage, u->work, "stage"},
        {u->stage_plan, u->stage, "plan"},       {u->backup, u->work, "backup"},
        {u->backup_plan, u->backup, "plan"},     {u->next_backup, u->work, "next-backup"},
        {u->holder_path, u->work, "holder"},
    };
    int ok = snprintf(u->dir, sizeof u->dir, "%s", dir) < (int)sizeof u->dir;
    for (size_t i = 0; ok && i < sizeof paths / sizeof paths[0]; i++)
        ok = mdd_path_join_to(paths[i].out, UPDATE_PATH_MAX, paths[i].base, paths[i].name) >= 0;
    return ok ? MDD_OK : mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", dir);
}

/* What the holder file says, or a note that there is none (an install holds the lock). */
static void read_holder(const mdd_update *u, char *buf, size_t size)
{
    int fd = open(u->holder_path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    ssize_t n = fd >= 0 ? read(fd, buf, size - 1) : -1;
    if (fd >= 0)
        close(fd);
    buf[n > 0 ? n : 0] = '\0';
    for (char *p = buf; *p; p++)
        if (*p == '\n' || (unsigned char)*p < 0x20)
            *p = *p == '\n' ? '\0' : '?';
    if (n <= 0)
        snprintf(buf, size, "an install or an update that names no holder");
}

/* Says who holds the lock now, in a file others read when they are refused. */
static mdd_status write_holder(mdd_update *u, mdd_error *err)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    snprintf(u->holder, sizeof u->holder, "%.64s, pid %ld, since %s",
             u->opts.holder ? u->opts.holder : "an update", (long)getpid(), when);
    int fd = open(u->holder_path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    size_t n = strlen(u->holder);
    int ok = fd >= 0 && write(fd, u->holder, n) == (ssize_t)n;
    int e = errno;
    if (fd >= 0)
        close(fd);
    return ok ? MDD_OK : mdd_fail(err, MDD_ERR_IO, "%s: %s", u->holder_path, strerror(e));
}

static mdd_status take_lock(mdd_update *u, mdd_error *err)
{
    u->dir_fd = open(u->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (u->dir_fd < 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: open directory: %s", u->dir, strerror(errno));
    int rc;
    while ((rc = flock(u->dir_fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR)
        ;
    if (rc == 0)
        return MDD_OK;
    int e = errno;
    /* Not ours: closing must not tidy what the holder is making. */
    close(u->dir_fd);
    u->dir_fd = -1;
    if (e != EWOULDBLOCK)
        return mdd_fail(err, MDD_ERR_IO, "%s: lock: %s", u->dir, strerror(e));
    char holder[sizeof u->holder];
    read_holder(u, holder, sizeof holder);
    return mdd_fail(err, MDD_ERR_BUSY, "%s: another update is in flight (%s)", u->dir, holder);
}

/* Removes what killed runs left: a next backup without a journal (its switch never began),
 * files the stage's plan does not list, and temporary files. */
static mdd_status clear_debris(mdd_update *u, mdd_error *err)
{
    mdd_status st = mdd_remove_flat_dir(u->next_backup, err);
    db_switch_plan plan;
    if (st == MDD_OK)
        st = update_read_plan(u->stage_plan, DB_SWITCH_FROM_STAGE, &plan, err);
    if (st != MDD_OK)
        return st;
    if (plan.count == 0)
        st = mdd_remove_flat_dir(u->stage, err);
    else
        st = update_stage_tidy(u, &plan, err);
    db_switch_plan_free(&plan);
    return st;
}

/* Makes DIR/.mdd-update (readers may take the switch's lock in it), takes the update lock,
 * then completes an interrupted switch and clears debris. */
static mdd_status start(mdd_update *u, mdd_error *err)
{
    mdd_status st = take_lock(u, err);
    if (st != MDD_OK)
        return st;
    if (mkdir(u->work, 0755) != 0 && errno != EEXIST)
        return mdd_fail(err, errno == EACCES || errno == EROFS ? MDD_ERR_READ_ONLY : MDD_ERR_IO,
                        "%s: %s", u->work, strerror(errno));
    st = write_holder(u, err);
    if (st == MDD_OK)
        st = db_switch_recover(u->dir, err);
    if (st == MDD_OK)
        st = clear_debris(u, err);
    return st;
}

static mdd_status check_dir(const char *dir, mdd_error *err)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: %s", dir, strerror(errno));
    return S_ISDIR(st.st_mode) ? MDD_OK
                               : mdd_fail(err, MDD_ERR_ARG, "%s: not a directory", dir);
}

mdd_status mdd_update_open(const char *dir, const mdd_update_options *opts, mdd_update **out,
                           mdd_error *err)
{
    if (!dir || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no directory or update to fill");
    *out = NULL;
    mdd_update *u = calloc(1, sizeof *u);
    if (!u)
        return mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", dir);
    u->dir_fd = -1;
    u->opts = mdd_update_options_default();
    mdd_status st = options_read(&options_layout_update, opts, &u->opts, err);
    if (st == MDD_OK)
        st = make_paths(u, dir, err);
    if (st == MDD_OK)
        st = check_dir(dir, err);
    if (st == MDD_OK && !u->opts.read_only)
        st = start(u, err);
    u->opts.holder = NULL; /* the caller's: kept in u->holder */
    if (st != MDD_OK) {
        mdd_update_close(u);
        return st;
    }
    *out = u;
    return MDD_OK;
}

/* Leaves DIR as this update found it when it did nothing: no holder, no empty stage, and no
 * .mdd-update unless it holds a stage, a backup or the switch's lock (which, once made,
 * stays: readers may hold it). */
static void leave_tidy(const mdd_update *u)
{
    mdd_error ignored;
    if (u->holder[0])
        (void)unlink(u->holder_path);
    if (access(u->stage_plan, F_OK) != 0)
        (void)mdd_remove_flat_dir(u->stage, &ignored);
    (void)rmdir(u->work);
}

void mdd_update_close(mdd_update *u)
{
    if (!u)
        return;
    update_forget_dir(u);
    if (u->dir_fd >= 0) {
        leave_tidy(u);
        close(u->dir_fd); /* and with it the lock */
    }
    free(u);
}

mdd_status update_check_writable(const mdd_update *u, mdd_error *err)
{
    return u && !u->opts.read_only
               ? MDD_OK
               : mdd_fail(err, MDD_ERR_ARG, "%s: an update opened read-only changes nothing",
                          u ? u->dir : "(null)");
}

mdd_status update_read_plan(const char *path, db_switch_source source, db_switch_plan *plan,
                            mdd_error *err)
{
    mdd_status st = db_switch_plan_read(path, plan, err);
    if (st == MDD_ERR_NOT_FOUND) {
        *plan = (db_switch_plan){.source = source};
        return MDD_OK;
    }
    return st;
}

int update_dir_has(const mdd_update *u, const char *name)
{
    char path[UPDATE_PATH_MAX];
    struct stat st;
    return mdd_path_join_to(path, sizeof path, u->dir, name) >= 0 && stat(path, &st) == 0 &&
           S_ISREG(st.st_mode);
}

void update_holder_now(const mdd_update *u, char *buf, size_t size)
{
    if (u->dir_fd >= 0) {
        snprintf(buf, size, "%s", u->holder);
        return;
    }
    int fd = open(u->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int free_now = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0;
    if (fd >= 0)
        close(fd);
    if (free_now)
        buf[0] = '\0';
    else
        read_holder(u, buf, size);
}

/* Describes DIR's file name into the next entry of u->dir_files (of room cap), unless it
 * does not open: a server leaves such a file out too. One file at a time, so that describing
 * a large set costs the memory of its largest file. */
static mdd_status add_dir_file(mdd_update *u, const char *name, size_t cap, mdd_error *err)
{
    char path[UPDATE_PATH_MAX];
    if (u->dir_count == cap || mdd_path_join_to(path, sizeof path, u->dir, name) < 0 ||
        !update_dir_has(u, name))
        return MDD_OK;
    update_dir_file *f = &u->dir_files[u->dir_count];
    mdd_error ignored;
    mdd_status st = update_describe_file(path, &f->facts, &ignored);
    if (st == MDD_ERR_NOMEM)
        return mdd_fail(err, st, "%s", ignored.message);
    if (st != MDD_OK)
        return MDD_OK;
    snprintf(f->name, sizeof f->name, "%s", name);
    u->dir_count++;
    return MDD_OK;
}

static int compare_files(const void *a, const void *b)
{
    return strcmp(((const update_dir_file *)a)->name, ((const update_dir_file *)b)->name);
}

mdd_status update_dir_files(mdd_update *u, mdd_error *err)
{
    if (u->dir_files)
        return MDD_OK;
    DIR *d = opendir(u->dir);
    if (!d)
        return mdd_fail(err, MDD_ERR_IO, "%s: open directory: %s", u->dir, strerror(errno));
    size_t cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        cap += db_switch_name_ok(e->d_name) != 0;
    rewinddir(d);
    u->dir_files = calloc(cap ? cap : 1, sizeof *u->dir_files);
    mdd_status st = u->dir_files ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", u->dir);
    for (struct dirent *e; st == MDD_OK && (e = readdir(d)) != NULL;)
        if (db_switch_name_ok(e->d_name))
            st = add_dir_file(u, e->d_name, cap, err);
    closedir(d);
    if (st != MDD_OK) {
        update_forget_dir(u);
        return st;
    }
    qsort(u->dir_files, u->dir_count, sizeof *u->dir_files, compare_files);
    for (size_t i = 0; i < u->dir_count; i++) { /* views of each entry's own copies */
        update_dir_file *f = &u->dir_files[i];
        f->ecu = (mdd_bytes){f->facts.ecu, f->facts.ecu_len};
        f->revision = (mdd_bytes){f->facts.revision, f->facts.revision_len};
    }
    return MDD_OK;
}

void update_forget_dir(mdd_update *u)
{
    free(u->dir_files);
    u->dir_files = NULL;
    u->dir_count = 0;
}
