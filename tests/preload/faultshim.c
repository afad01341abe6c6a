/* SPDX-License-Identifier: Apache-2.0 */
/* faultshim: an LD_PRELOAD library that counts the calls by which a process changes files (and
 * reads back what it wrote), and makes one chosen call fail, kills the process at it, or runs
 * a command just before it, so that tests can check what a failure or a crash at every step
 * of a write leaves behind, and what a concurrent change at an exact moment does.
 *
 * The calls, by kind (the name MDD_FAULT_CALL takes; a function's own name works too):
 *   write        write, writev
 *   pwrite       pwrite, pwrite64, pwritev, pwritev64, pwritev2
 *   fsync        fsync
 *   fdatasync    fdatasync
 *   msync        msync
 *   fallocate    fallocate, fallocate64, posix_fallocate, posix_fallocate64
 *   ftruncate    ftruncate, ftruncate64
 *   rename       rename, renameat, renameat2
 *   open-create  open, open64, openat, openat64 with O_CREAT or O_TMPFILE; creat, creat64,
 *                mkstemp, mkostemp
 *   fchmod       fchmod, fchmodat, chmod
 *   fchown       fchown, fchownat, chown, lchown
 *   unlink       unlink, unlinkat (counted and traced, never failed: cleanup must work)
 *   pread        pread, pread64 (reading back what was written, say)
 *   close        close; failed, the descriptor is still closed, as Linux does
 * A call on descriptor 0, 1 or 2 (the process's own messages) is not counted. Calls libc makes
 * internally (stdio's writes, say) do not pass through here and are not seen.
 *
 * Environment:
 *   MDD_FAULT_CALL          the kind to act on, or "any": every counted call of every kind,
 *                           numbered together in the order they are made
 *   MDD_FAULT_AT            the 1-based number of the call of that kind to act on
 *   MDD_FAULT_ACTION        fail (default): the call is not made and returns -1 with errno
 *                           (posix_fallocate returns the error number, mkstemp -1); an unlink
 *                           is never failed: chosen, it is made and nothing fires.
 *                           kill: the process raises SIGKILL instead of making the call
 *                           run: the command MDD_FAULT_RUN is run (sh -c, without LD_PRELOAD
 *                           and MDD_FAULT_*, waited for) and then the call is made: it lets a
 *                           test change files at an exact moment of the process's work
 *   MDD_FAULT_ERRNO         ENOSPC, EIO, EDQUOT, EROFS, EACCES, EPERM, ENOMEM, EINVAL, ENOSYS
 *                           or a number; default EIO
 *   MDD_FAULT_REPORT        when the fault fires, the line "CALL N" is appended to this file,
 *                           CALL and N as given; with "any", the kind of the call follows
 *   MDD_FAULT_COUNT_REPORT  at exit, "any TOTAL" and then one "KIND COUNT" line per kind are
 *                           appended to this file (a killed process writes nothing)
 *   MDD_FAULT_TRACE         every counted call appends "ANY KIND N ACCESS WHAT" to this file:
 *                           ACCESS is r, w or rw, how a descriptor is open, or - for a call
 *                           on paths; WHAT the descriptor's file or the path(s) ("FROM -> TO"
 *                           for a rename); the call the fault fires on ends with " FAULT"
 * Everything the shim itself writes goes through the real functions and is not counted. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
/* Fortified headers turn some of these functions into inline wrappers we could not define. */
#undef _FORTIFY_SOURCE

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdint.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define SHIM_EXPORT __attribute__((visibility("default")))

enum kind {
    K_WRITE,
    K_PWRITE,
    K_FSYNC,
    K_FDATASYNC,
    K_MSYNC,
    K_FALLOCATE,
    K_FTRUNCATE,
    K_RENAME,
    K_OPEN_CREATE,
    K_FCHMOD,
    K_FCHOWN,
    K_UNLINK,
    K_PREAD,
    K_CLOSE,
    K_COUNT
};

static const char *const kind_names[K_COUNT] = {
    "write",  "pwrite",      "fsync",  "fdatasync", "msync",  "fallocate", "ftruncate",
    "rename", "open-create", "fchmod", "fchown",    "unlink", "pread",     "close",
};

/* Function names accepted for MDD_FAULT_CALL besides the kind names. */
static const struct {
    const char *name;
    enum kind kind;
} aliases[] = {
    {"writev", K_WRITE}, {"pwrite64", K_PWRITE}, {"pwritev", K_PWRITE}, {"pwritev64", K_PWRITE},
    {"pwritev2", K_PWRITE}, {"fallocate64", K_FALLOCATE}, {"posix_fallocate", K_FALLOCATE},
    {"posix_fallocate64", K_FALLOCATE}, {"ftruncate64", K_FTRUNCATE}, {"renameat", K_RENAME},
    {"renameat2", K_RENAME}, {"open", K_OPEN_CREATE}, {"open64", K_OPEN_CREATE},
    {"openat", K_OPEN_CREATE}, {"openat64", K_OPEN_CREATE}, {"creat", K_OPEN_CREATE},
    {"creat64", K_OPEN_CREATE}, {"mkstemp", K_OPEN_CREATE}, {"mkostemp", K_OPEN_CREATE},
    {"fchmodat", K_FCHMOD}, {"chmod", K_FCHMOD}, {"fchownat", K_FCHOWN}, {"chown", K_FCHOWN},
    {"lchown", K_FCHOWN}, {"unlinkat", K_UNLINK}, {"pread64", K_PREAD},
};

/* The real functions, found once with dlsym(RTLD_NEXT). */
static struct {
    ssize_t (*write)(int, const void *, size_t);
    ssize_t (*writev)(int, const struct iovec *, int);
    ssize_t (*pwrite)(int, const void *, size_t, off_t);
    ssize_t (*pwrite64)(int, const void *, size_t, off64_t);
    ssize_t (*pwritev)(int, const struct iovec *, int, off_t);
    ssize_t (*pwritev64)(int, const struct iovec *, int, off64_t);
    ssize_t (*pwritev2)(int, const struct iovec *, int, off_t, int);
    int (*fsync)(int);
    int (*fdatasync)(int);
    int (*msync)(void *, size_t, int);
    int (*fallocate)(int, int, off_t, off_t);
    int (*fallocate64)(int, int, off64_t, off64_t);
    int (*posix_fallocate)(int, off_t, off_t);
    int (*posix_fallocate64)(int, off64_t, off64_t);
    int (*ftruncate)(int, off_t);
    int (*ftruncate64)(int, off64_t);
    int (*rename)(const char *, const char *);
    int (*renameat)(int, const char *, int, const char *);
    int (*renameat2)(int, const char *, int, const char *, unsigned int);
    int (*open)(const char *, int, ...);
    int (*open64)(const char *, int, ...);
    int (*openat)(int, const char *, int, ...);
    int (*openat64)(int, const char *, int, ...);
    int (*creat)(const char *, mode_t);
    int (*creat64)(const char *, mode_t);
    int (*mkstemp)(char *);
    int (*mkostemp)(char *, int);
    int (*fchmod)(int, mode_t);
    int (*fchmodat)(int, const char *, mode_t, int);
    int (*chmod)(const char *, mode_t);
    int (*fchown)(int, uid_t, gid_t);
    int (*fchownat)(int, const char *, uid_t, gid_t, int);
    int (*chown)(const char *, uid_t, gid_t);
    int (*lchown)(const char *, uid_t, gid_t);
    int (*unlink)(const char *);
    int (*unlinkat)(int, const char *, int);
    ssize_t (*pread)(int, void *, size_t, off_t);
    ssize_t (*pread64)(int, void *, size_t, off64_t);
    int (*close)(int);
} real;

/* What the environment asked for. */
static struct {
    int ready;
    int any;            /* MDD_FAULT_CALL=any */
    int kind;           /* the kind to act on; -1 when none */
    const char *call;   /* MDD_FAULT_CALL as given */
    unsigned long at;   /* 0: never */
    enum { ACT_FAIL, ACT_KILL, ACT_RUN } action;
    const char *run;    /* MDD_FAULT_RUN */
    int err;
    const char *report;
    const char *count_report;
    int trace_fd;       /* -1: no trace */
} cfg = {.kind = -1, .trace_fd = -1};

static atomic_ulong counts[K_COUNT];
static atomic_ulong any_count;

/* The shim's own complaints go straight to descriptor 2. */
static void complain(const char *what, const char *value)
{
    char line[512];
    int n = snprintf(line, sizeof line, "faultshim: %s '%s'\n", what, value);
    if (n > 0 && real.write)
        (void)real.write(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* A wrong setting would make a test pass without testing: stop the process instead. */
static void die(const char *what, const char *value)
{
    complain(what, value);
    _exit(99);
}

static void *find(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p)
        die("cannot find the real function", name);
    return p;
}

/* dlsym returns an object pointer; POSIX guarantees that its bytes make the function pointer. */
#define FIND(fn)                                                                               \
    do {                                                                                       \
        void *p_ = find(#fn);                                                                  \
        memcpy(&real.fn, &p_, sizeof p_);                                                      \
    } while (0)

static void find_all(void)
{
    FIND(write);
    FIND(writev);
    FIND(pwrite);
    FIND(pwrite64);
    FIND(pwritev);
    FIND(pwritev64);
    FIND(pwritev2);
    FIND(fsync);
    FIND(fdatasync);
    FIND(msync);
    FIND(fallocate);
    FIND(fallocate64);
    FIND(posix_fallocate);
    FIND(posix_fallocate64);
    FIND(ftruncate);
    FIND(ftruncate64);
    FIND(rename);
    FIND(renameat);
    FIND(renameat2);
    FIND(open);
    FIND(open64);
    FIND(openat);
    FIND(openat64);
    FIND(creat);
    FIND(creat64);
    FIND(mkstemp);
    FIND(mkostemp);
    FIND(fchmod);
    FIND(fchmodat);
    FIND(chmod);
    FIND(fchown);
    FIND(fchownat);
    FIND(chown);
    FIND(lchown);
    FIND(unlink);
    FIND(unlinkat);
    FIND(pread);
    FIND(pread64);
    FIND(close);
}

static int parse_kind(const char *name)
{
    for (int k = 0; k < K_COUNT; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].name) == 0)
            return (int)aliases[i].kind;
    die("unknown MDD_FAULT_CALL", name);
    return -1;
}

static int parse_errno(const char *s)
{
    static const struct {
        const char *name;
        int value;
    } names[] = {{"ENOSPC", ENOSPC}, {"EIO", EIO},       {"EDQUOT", EDQUOT},
                 {"EROFS", EROFS},   {"EACCES", EACCES}, {"EPERM", EPERM},
                 {"ENOMEM", ENOMEM}, {"EINVAL", EINVAL}, {"ENOSYS", ENOSYS}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0)
            return names[i].value;
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v <= 0 || v > 4095)
        die("unknown MDD_FAULT_ERRNO", s);
    return (int)v;
}

static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

static void configure(void)
{
    cfg.call = env("MDD_FAULT_CALL");
    const char *at = env("MDD_FAULT_AT");
    if (cfg.call) {
        if (strcmp(cfg.call, "any") == 0)
            cfg.any = 1;
        else
            cfg.kind = parse_kind(cfg.call);
        if (!at)
            die("MDD_FAULT_CALL needs MDD_FAULT_AT, for", cfg.call);
        char *end;
        unsigned long long v = strtoull(at, &end, 10);
        if (*end != '\0' || v == 0)
            die("MDD_FAULT_AT must be a number from 1, not", at);
        cfg.at = (unsigned long)v;
    }
    const char *action = env("MDD_FAULT_ACTION");
    if (action && strcmp(action, "kill") == 0)
        cfg.action = ACT_KILL;
    else if (action && strcmp(action, "run") == 0)
        cfg.action = ACT_RUN;
    else if (action && strcmp(action, "fail") != 0)
        die("MDD_FAULT_ACTION must be fail, kill or run, not", action);
    cfg.run = env("MDD_FAULT_RUN");
    if (cfg.action == ACT_RUN && !cfg.run)
        die("MDD_FAULT_ACTION=run needs MDD_FAULT_RUN, for", cfg.call ? cfg.call : "");
    const char *e = env("MDD_FAULT_ERRNO");
    cfg.err = e ? parse_errno(e) : EIO;
    cfg.report = env("MDD_FAULT_REPORT");
    cfg.count_report = env("MDD_FAULT_COUNT_REPORT");
    const char *trace = env("MDD_FAULT_TRACE");
    if (trace) {
        cfg.trace_fd = real.open(trace, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (cfg.trace_fd < 0)
            die("cannot open MDD_FAULT_TRACE", trace);
    }
}

/* Runs before main and before any thread; a call made still earlier (by another library's
 * constructor) runs it first. Either way it is done while the process has one thread. */
static void init(void)
{
    if (cfg.ready)
        return;
    cfg.ready = 1;
    find_all();
    configure();
}

__attribute__((constructor)) static void shim_constructor(void) { init(); }

/* Writes all of line to fd with the real write. */
static void put(int fd, const char *line, size_t len)
{
    while (len > 0) {
        ssize_t n = real.write(fd, line, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        line += n;
        len -= (size_t)n;
    }
}

static void append_line(const char *path, const char *line, size_t len)
{
    int fd = real.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
        complain("cannot open", path);
        return;
    }
    put(fd, line, len);
    real.close(fd);
}

__attribute__((destructor)) static void shim_destructor(void)
{
    if (!cfg.ready || !cfg.count_report)
        return;
    char text[1024];
    size_t len = 0;
    int n = snprintf(text, sizeof text, "any %lu\n", atomic_load(&any_count));
    len += (size_t)n;
    for (int k = 0; k < K_COUNT; k++) {
        n = snprintf(text + len, sizeof text - len, "%s %lu\n", kind_names[k],
                     atomic_load(&counts[k]));
        len += (size_t)n;
    }
    append_line(cfg.count_report, text, len);
}

/* What a call works on, for the trace: a descriptor's file, or one or two paths. */
typedef struct target {
    int fd; /* -1: the paths are given */
    int dirfd;
    const char *path;
    const char *path2;
} target;

static target on_fd(int fd) { return (target){fd, AT_FDCWD, NULL, NULL}; }
static target on_path(int dirfd, const char *path)
{
    return (target){-1, dirfd, path, NULL};
}
static target on_paths(int dirfd, const char *from, const char *to)
{
    return (target){-1, dirfd, from, to};
}

/* Renders fd's file, or a path relative to a directory descriptor, for the trace. */
static void describe_fd(int fd, char *out, size_t size)
{
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, out, size - 1);
    if (n < 0)
        snprintf(out, size, "fd %d", fd);
    else
        out[n] = '\0';
}

static void trace(unsigned long any, enum kind k, unsigned long n, target t, int fires)
{
    char what[3 * 4000 + 64] = ""; /* room for three paths cut to 4000 bytes each */
    const char *access = "-";
    if (t.fd >= 0) {
        describe_fd(t.fd, what, sizeof what);
        int flags = fcntl(t.fd, F_GETFL);
        int mode = flags < 0 ? -1 : flags & O_ACCMODE;
        access = mode == O_RDONLY ? "r" : mode == O_WRONLY ? "w" : mode == O_RDWR ? "rw" : "?";
    } else {
        char dir[4096] = "";
        if (t.dirfd != AT_FDCWD && t.path && t.path[0] != '/') {
            describe_fd(t.dirfd, dir, sizeof dir - 1);
            strcat(dir, "/");
        }
        snprintf(what, sizeof what, "%.4000s%.4000s%s%.4000s", dir, t.path ? t.path : "",
                 t.path2 ? " -> " : "", t.path2 ? t.path2 : "");
    }
    char line[sizeof what + 128];
    int len = snprintf(line, sizeof line, "%lu %s %lu %s %s%s\n", any, kind_names[k], n, access,
                       what, fires ? " FAULT" : "");
    if (len > 0)
        put(cfg.trace_fd, line, (size_t)len < sizeof line ? (size_t)len : sizeof line - 1);
}

/* Runs command with sh and waits for it; the shim and its settings stay out of its
 * environment. A command that fails stops the process: the test would not test what it says. */
static void run_command(const char *command)
{
    static char *clean[1024];
    size_t n = 0;
    for (char **e = environ; *e && n + 1 < sizeof clean / sizeof clean[0]; e++)
        if (strncmp(*e, "LD_PRELOAD=", 11) != 0 && strncmp(*e, "MDD_FAULT_", 10) != 0)
            clean[n++] = *e;
    clean[n] = NULL;
    char sh[] = "sh", dash_c[] = "-c";
    char *argv[] = {sh, dash_c, (char *)(uintptr_t)command, NULL};
    pid_t pid = fork();
    if (pid == 0) {
        execve("/bin/sh", argv, clean);
        _exit(127);
    }
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        die("MDD_FAULT_RUN failed", command);
}

/* Counts one call of kind k. Returns nonzero when the call is to fail; with the kill action
 * the process dies here instead. */
static int hit(enum kind k, target t)
{
    init();
    if (t.fd >= 0 && t.fd <= 2)
        return 0;
    unsigned long n = atomic_fetch_add(&counts[k], 1) + 1;
    unsigned long any = atomic_fetch_add(&any_count, 1) + 1;
    int chosen = cfg.any ? any == cfg.at : (cfg.kind == (int)k && n == cfg.at);
    /* Cleanup must always be able to run: an unlink is only failed by killing. */
    int fires = chosen && (cfg.action != ACT_FAIL || k != K_UNLINK);
    if (cfg.trace_fd >= 0)
        trace(any, k, n, t, fires);
    if (!fires)
        return 0;
    if (cfg.report) {
        char line[128];
        int len = cfg.any ? snprintf(line, sizeof line, "%s %lu %s\n", cfg.call, any,
                                     kind_names[k])
                          : snprintf(line, sizeof line, "%s %lu\n", cfg.call, n);
        append_line(cfg.report, line, (size_t)len);
    }
    if (cfg.action == ACT_KILL) {
        raise(SIGKILL);
        /* Not reached; should SIGKILL somehow be held, still never make the call. */
        _exit(137);
    }
    if (cfg.action == ACT_RUN) {
        run_command(cfg.run);
        return 0;
    }
    return 1;
}

/* Fails the call the way functions that return -1 do. */
#define FAIL_MINUS_ONE(k, t)                                                                   \
    do {                                                                                       \
        if (hit(k, t)) {                                                                       \
            errno = cfg.err;                                                                   \
            return -1;                                                                         \
        }                                                                                      \
    } while (0)

SHIM_EXPORT ssize_t write(int fd, const void *buf, size_t n)
{
    FAIL_MINUS_ONE(K_WRITE, on_fd(fd));
    return real.write(fd, buf, n);
}

SHIM_EXPORT ssize_t writev(int fd, const struct iovec *iov, int count)
{
    FAIL_MINUS_ONE(K_WRITE, on_fd(fd));
    return real.writev(fd, iov, count);
}

SHIM_EXPORT ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset)
{
    FAIL_MINUS_ONE(K_PWRITE, on_fd(fd));
    return real.pwrite(fd, buf, n, offset);
}

SHIM_EXPORT ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t offset)
{
    FAIL_MINUS_ONE(K_PWRITE, on_fd(fd));
    return real.pwrite64(fd, buf, n, offset);
}

SHIM_EXPORT ssize_t pwritev(int fd, const struct iovec *iov, int count, off_t offset)
{
    FAIL_MINUS_ONE(K_PWRITE, on_fd(fd));
    return real.pwritev(fd, iov, count, offset);
}

SHIM_EXPORT ssize_t pwritev64(int fd, const struct iovec *iov, int count, off64_t offset)
{
    FAIL_MINUS_ONE(K_PWRITE, on_fd(fd));
    return real.pwritev64(fd, iov, count, offset);
}

SHIM_EXPORT ssize_t pwritev2(int fd, const struct iovec *iov, int count, off_t offset,
                             int flags)
{
    FAIL_MINUS_ONE(K_PWRITE, on_fd(fd));
    return real.pwritev2(fd, iov, count, offset, flags);
}

SHIM_EXPORT int fsync(int fd)
{
    FAIL_MINUS_ONE(K_FSYNC, on_fd(fd));
    return real.fsync(fd);
}

SHIM_EXPORT int fdatasync(int fd)
{
    FAIL_MINUS_ONE(K_FDATASYNC, on_fd(fd));
    return real.fdatasync(fd);
}

SHIM_EXPORT int msync(void *addr, size_t len, int flags)
{
    FAIL_MINUS_ONE(K_MSYNC, on_path(AT_FDCWD, "(mapping)"));
    return real.msync(addr, len, flags);
}

SHIM_EXPORT int fallocate(int fd, int mode, off_t offset, off_t len)
{
    FAIL_MINUS_ONE(K_FALLOCATE, on_fd(fd));
    return real.fallocate(fd, mode, offset, len);
}

SHIM_EXPORT int fallocate64(int fd, int mode, off64_t offset, off64_t len)
{
    FAIL_MINUS_ONE(K_FALLOCATE, on_fd(fd));
    return real.fallocate64(fd, mode, offset, len);
}

/* posix_fallocate reports its error as its result and leaves errno alone. */
SHIM_EXPORT int posix_fallocate(int fd, off_t offset, off_t len)
{
    if (hit(K_FALLOCATE, on_fd(fd)))
        return cfg.err;
    return real.posix_fallocate(fd, offset, len);
}

SHIM_EXPORT int posix_fallocate64(int fd, off64_t offset, off64_t len)
{
    if (hit(K_FALLOCATE, on_fd(fd)))
        return cfg.err;
    return real.posix_fallocate64(fd, offset, len);
}

SHIM_EXPORT int ftruncate(int fd, off_t len)
{
    FAIL_MINUS_ONE(K_FTRUNCATE, on_fd(fd));
    return real.ftruncate(fd, len);
}

SHIM_EXPORT int ftruncate64(int fd, off64_t len)
{
    FAIL_MINUS_ONE(K_FTRUNCATE, on_fd(fd));
    return real.ftruncate64(fd, len);
}

SHIM_EXPORT int rename(const char *from, const char *to)
{
    FAIL_MINUS_ONE(K_RENAME, on_paths(AT_FDCWD, from, to));
    return real.rename(from, to);
}

SHIM_EXPORT int renameat(int fromdir, const char *from, int todir, const char *to)
{
    FAIL_MINUS_ONE(K_RENAME, on_paths(fromdir, from, to));
    return real.renameat(fromdir, from, todir, to);
}

SHIM_EXPORT int renameat2(int fromdir, const char *from, int todir, const char *to,
                          unsigned int flags)
{
    FAIL_MINUS_ONE(K_RENAME, on_paths(fromdir, from, to));
    return real.renameat2(fromdir, from, todir, to, flags);
}

/* Whether open flags create a file (and so carry a mode argument). */
static int creates(int flags)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE;
}

SHIM_EXPORT int open(const char *path, int flags, ...)
{
    if (!creates(flags)) {
        init();
        return real.open(path, flags);
    }
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (mode_t)va_arg(ap, int);
    va_end(ap);
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(AT_FDCWD, path));
    return real.open(path, flags, mode);
}

SHIM_EXPORT int open64(const char *path, int flags, ...)
{
    if (!creates(flags)) {
        init();
        return real.open64(path, flags);
    }
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (mode_t)va_arg(ap, int);
    va_end(ap);
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(AT_FDCWD, path));
    return real.open64(path, flags, mode);
}

SHIM_EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
    if (!creates(flags)) {
        init();
        return real.openat(dirfd, path, flags);
    }
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (mode_t)va_arg(ap, int);
    va_end(ap);
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(dirfd, path));
    return real.openat(dirfd, path, flags, mode);
}

SHIM_EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
    if (!creates(flags)) {
        init();
        return real.openat64(dirfd, path, flags);
    }
    va_list ap;
    va_start(ap, flags);
    mode_t mode = (mode_t)va_arg(ap, int);
    va_end(ap);
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(dirfd, path));
    return real.openat64(dirfd, path, flags, mode);
}

SHIM_EXPORT int creat(const char *path, mode_t mode)
{
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(AT_FDCWD, path));
    return real.creat(path, mode);
}

SHIM_EXPORT int creat64(const char *path, mode_t mode)
{
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(AT_FDCWD, path));
    return real.creat64(path, mode);
}

SHIM_EXPORT int mkstemp(char *templ)
{
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(AT_FDCWD, templ));
    return real.mkstemp(templ);
}

SHIM_EXPORT int mkostemp(char *templ, int flags)
{
    FAIL_MINUS_ONE(K_OPEN_CREATE, on_path(AT_FDCWD, templ));
    return real.mkostemp(templ, flags);
}

SHIM_EXPORT int fchmod(int fd, mode_t mode)
{
    FAIL_MINUS_ONE(K_FCHMOD, on_fd(fd));
    return real.fchmod(fd, mode);
}

SHIM_EXPORT int fchmodat(int dirfd, const char *path, mode_t mode, int flags)
{
    FAIL_MINUS_ONE(K_FCHMOD, on_path(dirfd, path));
    return real.fchmodat(dirfd, path, mode, flags);
}

SHIM_EXPORT int chmod(const char *path, mode_t mode)
{
    FAIL_MINUS_ONE(K_FCHMOD, on_path(AT_FDCWD, path));
    return real.chmod(path, mode);
}

SHIM_EXPORT int fchown(int fd, uid_t uid, gid_t gid)
{
    FAIL_MINUS_ONE(K_FCHOWN, on_fd(fd));
    return real.fchown(fd, uid, gid);
}

SHIM_EXPORT int fchownat(int dirfd, const char *path, uid_t uid, gid_t gid, int flags)
{
    FAIL_MINUS_ONE(K_FCHOWN, on_path(dirfd, path));
    return real.fchownat(dirfd, path, uid, gid, flags);
}

SHIM_EXPORT int chown(const char *path, uid_t uid, gid_t gid)
{
    FAIL_MINUS_ONE(K_FCHOWN, on_path(AT_FDCWD, path));
    return real.chown(path, uid, gid);
}

SHIM_EXPORT int lchown(const char *path, uid_t uid, gid_t gid)
{
    FAIL_MINUS_ONE(K_FCHOWN, on_path(AT_FDCWD, path));
    return real.lchown(path, uid, gid);
}

/* Only the kill action stops an unlink (hit never asks to fail one). */
SHIM_EXPORT int unlink(const char *path)
{
    (void)hit(K_UNLINK, on_path(AT_FDCWD, path));
    return real.unlink(path);
}

SHIM_EXPORT int unlinkat(int dirfd, const char *path, int flags)
{
    (void)hit(K_UNLINK, on_path(dirfd, path));
    return real.unlinkat(dirfd, path, flags);
}

SHIM_EXPORT ssize_t pread(int fd, void *buf, size_t n, off_t offset)
{
    FAIL_MINUS_ONE(K_PREAD, on_fd(fd));
    return real.pread(fd, buf, n, offset);
}

SHIM_EXPORT ssize_t pread64(int fd, void *buf, size_t n, off64_t offset)
{
    FAIL_MINUS_ONE(K_PREAD, on_fd(fd));
    return real.pread64(fd, buf, n, offset);
}

/* Linux closes the descriptor even when close reports an error: so does a failed close here. */
SHIM_EXPORT int close(int fd)
{
    if (hit(K_CLOSE, on_fd(fd))) {
        real.close(fd);
        errno = cfg.err;
        return -1;
    }
    return real.close(fd);
}
