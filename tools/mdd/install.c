/* SPDX-License-Identifier: Apache-2.0 */
/* mdd install: puts a new version of an MDD file into a served directory so that a
 * crash at any moment leaves the old file or the new one there, never neither and never a
 * half-written *.mdd file.
 *
 * Under an exclusive lock on the directory, the file is copied (crash-safely, fsynced) to a
 * staging name beside its destination that no reader lists (".NAME.mdd.install"), converted
 * in place there (mdd_convert_file(), crash-safe itself), opened as a database with every
 * check (SHA-512 of each chunk, the EcuData verifier, the index) and compared with the
 * installed file (its ECU and revision) and with DIR's downgrade history (the highest
 * revision DIR ever accepted for the ECU, kept when its file goes); only then is it renamed
 * over DIR/NAME.mdd, the directory fsynced and the history raised. A
 * killed run leaves its staging file, or the temporary files of the copy or the conversion,
 * under names readers ignore; the next run removes them first. */
#include "cli.h"
#include "cli_sig.h"

#include <mdd/convert.h>
#include <mdd/db.h>
#include <mdd/file.h>
#include <mdd_internal/common.h>
#include <mdd_internal/os.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct install {
    const char *src;
    const char *dir;
    char target[4096];
    char staging[4096];
    int dir_fd;
    mode_t mode; /* what the installed file gets */
    int allow_downgrade;
    int force_ecu;
    int move;
    cli_sig_args sig; /* --trust, --require-signature */
    mdd_sig_options sig_options;
    /* The installed ECU's name and revision, recorded in DIR's downgrade history. */
    uint8_t ecu_name[MDD_DB_HISTORY_TEXT_MAX];
    uint8_t revision[MDD_DB_HISTORY_TEXT_MAX];
    mdd_bytes recorded_name;
    mdd_bytes recorded_revision;
} install;

/* Where SRC goes: DIR/NAME.mdd and its staging name DIR/.NAME.mdd.install. */
static int name_paths(install *in)
{
    const char *slash = strrchr(in->src, '/');
    const char *base = slash ? slash + 1 : in->src;
    size_t n = strlen(base);
    if (n <= 4 || strcmp(base + n - 4, ".mdd") != 0)
        return cli_usage_error(&cli_install_command,
                               "SRC must be named NAME.mdd (it keeps its name in DIR), not %s",
                               cli_quote_name(in->src));
    char staging_name[4096];
    int b = snprintf(staging_name, sizeof staging_name, ".%s.install", base);
    if (b < 0 || (size_t)b >= sizeof staging_name ||
        mdd_path_join_to(in->target, sizeof in->target, in->dir, base) < 0 ||
        mdd_path_join_to(in->staging, sizeof in->staging, in->dir, staging_name) < 0)
        return cli_usage_error(&cli_install_command, "the paths are too long");
    return CLI_EXIT_OK;
}

/* Keeps other installers of the directory out until the process ends. */
static int lock_dir(install *in)
{
    in->dir_fd = open(in->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (in->dir_fd < 0)
        return cli_error(in->dir, "open directory: %s", strerror(errno));
    int rc;
    while ((rc = flock(in->dir_fd, LOCK_EX)) != 0 && errno == EINTR)
        ;
    return rc == 0 ? CLI_EXIT_OK : cli_error(in->dir, "lock: %s", strerror(errno));
}

/* Removes what an interrupted run left: its staging file and the temporary files of its
 * copy and conversion (named after the staging file). */
static int clear_debris(const install *in)
{
    if (unlink(in->staging) != 0 && errno != ENOENT)
        return cli_error(in->staging, "remove: %s", strerror(errno));
    mdd_error err;
    if (mdd_atomic_file_remove_stale(in->staging, NULL, &err) != MDD_OK)
        return cli_error(in->dir, "%s", err.message);
    return CLI_EXIT_OK;
}

/* Decides the mode the installed file gets (the installed one's, else SRC's without
 * execute). Refuses SRC when it is the installed file itself, and a destination that is not
 * a regular file or a symbolic link (which is replaced, as the directory's entry). */
static int take_mode(install *in, const struct stat *src)
{
    mdd_error err;
    if (mdd_check_replaceable(in->target, &err) != MDD_OK)
        return cli_error(in->target, "%s", err.message);
    struct stat old;
    if (stat(in->target, &old) != 0) {
        in->mode = src->st_mode & 0666;
        return CLI_EXIT_OK;
    }
    if (old.st_dev == src->st_dev && old.st_ino == src->st_ino)
        return cli_error(in->src, "is %s itself: nothing to install", in->target);
    in->mode = old.st_mode & 07777;
    return CLI_EXIT_OK;
}

/* Copies SRC to the staging name, fsynced, writable by its owner until set_mode() (the
 * conversion replaces it). */
static int stage(install *in)
{
    int fd;
    mdd_error err;
    if (mdd_open_regular(in->src, &fd, &err) != MDD_OK)
        return cli_error(in->src, "%s", err.message);
    struct stat st;
    int rc = fstat(fd, &st) == 0 ? take_mode(in, &st)
                                 : cli_error(in->src, "fstat: %s", strerror(errno));
    if (rc == CLI_EXIT_OK &&
        mdd_write_file_atomic(in->staging, 0600, mdd_copy_from_fd, &fd, &err) != MDD_OK)
        rc = cli_error(in->src, "copy to %s: %s", in->dir, err.message);
    close(fd);
    return rc;
}

/* Gives the checked staging file its final mode, durably. */
static int set_mode(const install *in)
{
    int fd = open(in->staging, O_RDONLY | O_CLOEXEC);
    int ok = fd >= 0 && fchmod(fd, in->mode) == 0 && fsync(fd) == 0;
    int e = errno;
    if (fd >= 0)
        close(fd);
    return ok ? CLI_EXIT_OK : cli_error(in->staging, "set mode: %s", strerror(e));
}

/* message without the staging file's name in front: the user knows the file as SRC. */
static const char *message_without(const char *message, const char *staging)
{
    size_t n = strlen(staging);
    return strncmp(message, staging, n) == 0 && strncmp(message + n, ": ", 2) == 0
               ? message + n + 2
               : message;
}

/* Converts the staging file in place when it is compressed. */
static int convert_staged(const install *in)
{
    mdd_convert_options opts = mdd_convert_options_default();
    mdd_error err;
    if (mdd_convert_file(in->staging, &opts, NULL, &err) != MDD_OK)
        return cli_error(in->src, "%s", message_without(err.message, in->staging));
    return CLI_EXIT_OK;
}

/* A name or revision for a message: bytes outside printable ASCII as '?', "none" when
 * empty. */
static void printable(mdd_bytes b, char *buf, size_t size)
{
    size_t n = b.len < size - 1 ? b.len : size - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = b.ptr[i] >= 0x20 && b.ptr[i] < 0x7f ? (char)b.ptr[i] : '?';
    buf[n] = '\0';
    if (n == 0)
        snprintf(buf, size, "none");
}

/* The file installed at the destination, opened without checks (a copy in memory: nothing
 * is written to the served directory), or NULL when there is none or it does not open. */
static mdd_db *open_installed(const install *in)
{
    if (access(in->target, F_OK) != 0)
        return NULL;
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    opts.store.verify = 0;
    const char *paths[] = {in->target};
    mdd_db *db = NULL;
    mdd_error err;
    if (mdd_db_open(paths, 1, &opts, &db, &err) != MDD_OK)
        fprintf(stderr, "mdd: note: %s; it is replaced\n", err.message);
    return db;
}

static int same_bytes(mdd_bytes a, mdd_bytes b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

/* Compares fresh with installed and says in line what the install will have done. Refuses
 * fresh when it holds another ECU (unless forced: the revisions of two ECUs are then not
 * compared, and line names the ECU replaced), or goes back to an older revision (unless
 * allowed). */
static int compare_installed(const install *in, const mdd_db_ecu *fresh,
                             const mdd_db_ecu *installed, char *line, size_t size)
{
    char name[128], revision[64], old_name[128], old_revision[64];
    printable(mdd_db_ecu_name(fresh), name, sizeof name);
    printable(mdd_db_ecu_revision(fresh), revision, sizeof revision);
    int n = snprintf(line, size, "%s: installed ECU '%s' revision %s ", in->target, name,
                     revision);
    if (n < 0 || (size_t)n >= size)
        return cli_error(in->target, "the path is too long");
    line += n;
    size -= (size_t)n;
    if (!installed) {
        snprintf(line, size, "(new)");
        return CLI_EXIT_OK;
    }
    printable(mdd_db_ecu_name(installed), old_name, sizeof old_name);
    printable(mdd_db_ecu_revision(installed), old_revision, sizeof old_revision);
    if (!same_bytes(mdd_db_ecu_name(fresh), mdd_db_ecu_name(installed))) {
        if (!in->force_ecu)
            return cli_error(in->src,
                             "holds ECU '%s', but %s holds ECU '%s'; refused (--force-ecu "
                             "takes it)",
                             name, in->target, old_name);
        snprintf(line, size, "(was ECU '%s' revision %s)", old_name, old_revision);
        return CLI_EXIT_OK;
    }
    if (!in->allow_downgrade &&
        mdd_db_revision_compare(mdd_db_ecu_revision(fresh), mdd_db_ecu_revision(installed)) < 0)
        return cli_error(in->src,
                         "revision %s is older than revision %s installed at %s; refused "
                         "(--allow-downgrade takes it)",
                         revision, old_revision, in->target);
    snprintf(line, size, "(was revision %s)", old_revision);
    return CLI_EXIT_OK;
}

/* Keeps a copy of b (at most MDD_DB_HISTORY_TEXT_MAX bytes, which the history's check
 * made sure of) in buf. */
static mdd_bytes keep_copy(uint8_t *buf, mdd_bytes b)
{
    if (b.len)
        memcpy(buf, b.ptr, b.len);
    return (mdd_bytes){buf, b.len};
}

/* Refuses fresh when DIR's downgrade history accepted a newer revision of its ECU before
 * (unless allowed), even when its file was removed since, or when the history cannot be
 * trusted (never reset: the user repairs it). Keeps fresh's name and revision to record. */
static int check_history(install *in, const mdd_db_ecu *fresh)
{
    mdd_db_history *history;
    mdd_error err;
    if (mdd_db_history_load(in->dir, &history, &err) != MDD_OK)
        return cli_error(in->src, "%s; refused", err.message);
    mdd_bytes name = mdd_db_ecu_name(fresh);
    mdd_bytes revision = mdd_db_ecu_revision(fresh);
    mdd_status st = mdd_db_history_check(history, name, revision, in->allow_downgrade, &err);
    mdd_db_history_free(history);
    if (st == MDD_ERR_DOWNGRADE)
        return cli_error(in->src, "%s; refused (--allow-downgrade takes it)", err.message);
    if (st != MDD_OK)
        return cli_error(in->src, "%s; refused", err.message);
    in->recorded_name = keep_copy(in->ecu_name, name);
    in->recorded_revision = keep_copy(in->revision, revision);
    return CLI_EXIT_OK;
}

/* Opens the staging file with every check a database makes, and compares it with the
 * installed one and DIR's downgrade history. line gets what the install will have done. */
static int check_staged(install *in, char *line, size_t size)
{
    mdd_db_options opts = mdd_db_options_default();
    /* Hash every chunk: a verification record made for the staging name would be left
     * behind as debris, and would not hold for the renamed file anyway (the rename changes
     * its ctime). The first open of the installed file writes its record. */
    opts.store.integrity = MDD_INTEGRITY_HASH;
    opts.store.sig = in->sig_options;
    const char *paths[] = {in->staging};
    mdd_db *fresh;
    mdd_error err;
    if (mdd_db_open(paths, 1, &opts, &fresh, &err) != MDD_OK)
        return cli_error(in->src, "%s", message_without(err.message, in->staging));
    mdd_db *installed = open_installed(in);
    int rc = compare_installed(in, mdd_db_ecu_at(fresh, 0),
                               installed ? mdd_db_ecu_at(installed, 0) : NULL, line, size);
    if (rc == CLI_EXIT_OK)
        rc = check_history(in, mdd_db_ecu_at(fresh, 0));
    mdd_db_close(installed);
    mdd_db_close(fresh);
    return rc;
}

/* Renames the checked staging file over the destination and makes that durable. */
static int commit(const install *in)
{
    if (rename(in->staging, in->target) != 0)
        return cli_error(in->target, "rename: %s", strerror(errno));
    if (fsync(in->dir_fd) != 0)
        return cli_error(in->dir, "fsync: %s (the update is in place, but a power loss may "
                                  "undo it)",
                         strerror(errno));
    return CLI_EXIT_OK;
}

/* Raises DIR's downgrade history to the installed revision (never lowers it: a downgrade
 * that --allow-downgrade let through leaves the highest revision ever accepted there). After
 * the rename: a kill between the two leaves the history one revision behind, while the
 * installed file itself still refuses older ones. */
static int record(const install *in)
{
    mdd_error err;
    if (mdd_db_history_raise(in->dir, in->recorded_name, in->recorded_revision, &err) != MDD_OK)
        return cli_error(in->target, "installed, but the downgrade history does not record it: %s",
                         err.message);
    return CLI_EXIT_OK;
}

static int install_file(install *in)
{
    char line[8400];
    int rc = name_paths(in);
    if (rc == CLI_EXIT_OK)
        rc = lock_dir(in);
    if (rc == CLI_EXIT_OK)
        rc = clear_debris(in);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = stage(in);
    if (rc == CLI_EXIT_OK)
        rc = convert_staged(in);
    if (rc == CLI_EXIT_OK)
        rc = check_staged(in, line, sizeof line);
    if (rc == CLI_EXIT_OK)
        rc = set_mode(in);
    if (rc == CLI_EXIT_OK)
        rc = commit(in);
    if (rc != CLI_EXIT_OK) {
        unlink(in->staging);
        return rc;
    }
    rc = record(in);
    if (rc != CLI_EXIT_OK)
        return rc;
    printf("%s\n", line);
    if (in->move && unlink(in->src) != 0)
        return cli_error(in->src, "remove after installing: %s", strerror(errno));
    return CLI_EXIT_OK;
}

static int on_option(void *ctx, int option, const char *value)
{
    install *in = ctx;
    if (cli_sig_option(&in->sig, option, value))
        return CLI_EXIT_OK;
    switch (option) {
    case 'D': in->allow_downgrade = 1; return CLI_EXIT_OK;
    case 'E': in->force_ecu = 1; return CLI_EXIT_OK;
    case 'm': in->move = 1; return CLI_EXIT_OK;
    default: return cli_usage_error(&cli_install_command, "unexpected option");
    }
}

static int run(int argc, char **argv)
{
    install in = {.dir_fd = -1};
    int first;
    int rc = cli_parse_options(&cli_install_command, argc, argv, on_option, &in, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 2)
        return cli_usage_error(&cli_install_command, "expected SRC and DIR");
    in.src = argv[first];
    in.dir = argv[first + 1];
    rc = cli_sig_open(&cli_install_command, &in.sig, &in.sig_options);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = install_file(&in);
    cli_sig_close(&in.sig);
    if (in.dir_fd >= 0)
        close(in.dir_fd); /* and with it the lock */
    return rc;
}

static const cli_option option_table[] = {
    {'D', "allow-downgrade", NULL,
     "install a revision older than the installed one or than the highest DIR accepted before "
     "(refused otherwise)",
     NULL},
    {'E', "force-ecu", NULL,
     "install SRC although it holds another ECU than the installed file (refused otherwise)",
     NULL},
    CLI_INCLUDE(cli_sig_options),
    {'m', "move", NULL, "remove SRC once it is installed", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_install_command = {
    .name = "install",
    .summary = "Install a new version of an MDD file into a directory, crash-safely",
    .synopsis = "[--allow-downgrade] [--force-ecu] [--move] [--trust DIR [--require-signature]] "
                "SRC DIR",
    .help = "Puts SRC (NAME.mdd) into DIR as DIR/NAME.mdd, replacing the file there, so that a\n"
            "crash or a kill at any moment leaves the old file or the new one, never neither\n"
            "and never a partial *.mdd file. SRC is copied beside the destination under a name\n"
            "readers ignore (.NAME.mdd.install), converted in place when compressed, checked\n"
            "as a database opens it (every chunk's SHA-512, the EcuData verifier, the index)\n"
            "and compared with the installed file (the same ECU, a revision no older) and\n"
            "with DIR's downgrade history (DIR/.mdd-history: the highest revision of each ECU\n"
            "DIR ever accepted, kept when a file is removed); only then renamed over\n"
            "DIR/NAME.mdd, the directory fsynced and the history raised. Installs into one\n"
            "DIR take turns (a lock on DIR); each removes first what an interrupted one left.\n"
            "`mdd serve` on DIR picks the new file up. Prints `DIR/NAME.mdd: installed ECU\n"
            "'E' revision R (was revision R0)` (or `(new)`); a refused file leaves DIR as it was and prints `mdd: SRC: reason`.\n",
    .options = option_table,
    .run = run,
};
