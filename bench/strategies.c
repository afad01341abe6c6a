/* Load strategies side by side: the ADR-003 table, reproduced on any directory of MDD files.
 *
 *   bench_strategies [--json] [--json-out FILE] [--runs N]
 *                    [--strategies heap,sidecar,inplace,pread]
 *                    [--cache cold|warm|both] [--touch N] [--adapter N]
 *                    [--pressure-trace FILE] [--keep] DIR
 *
 * The files of DIR are copied to a scratch directory, one copy per strategy, so the user's
 * originals are never converted and no sidecar is written beside them. Each strategy is
 * prepared once, outside any timing: inplace and pread convert their copies
 * (mdd_convert_file), sidecar builds its sidecars with a first open, heap needs nothing. Then, per run and cache mode, a
 * fresh child process opens every file (verification on), touches each chunk a little as
 * sparse FlatBuffers lookups would, reports how long the opens took and waits while the
 * parent reads its memory: idle, then after the parent has made the kernel reclaim whatever
 * it can (process_madvise(MADV_PAGEOUT) over every mapping). A second child opens with
 * verification off and is timed and measured idle. Figures are medians over the runs, each
 * taken on its own. Preparation runs in a helper process and the parent allocates next to
 * nothing, so that the children, forked from it, start as small as a fresh process.
 *
 * With --adapter N the child does a diagnostic adapter's start-up work instead of touching
 * the chunks: it opens the files as one database (include/mdd/db.h: verification and the
 * lookup index) and answers N requests spread over every ECU, all of it timed as the open;
 * it then measures warm lookups per second before it idles.
 *
 * With --pressure-trace FILE, before the first full reclaim of each strategy the parent pages
 * the child out in PRESSURE_STEPS steps of its address space and appends a line
 * "STRATEGY STEP MS RSS_KB" to FILE after each, for plotting RSS while pressure rises.
 *
 * Cache modes: "cold" evicts the strategy's files from the page cache before each child
 * (fdatasync + POSIX_FADV_DONTNEED), "warm" reads them whole with read(2) first, which leaves
 * them in the page cache as the large folios read-ahead creates.
 *
 * The scratch directory is made under $TMPDIR, else /var/tmp, else the current directory,
 * skipping tmpfs and ramfs: their pages are the files themselves, so eviction and folio sizes
 * would not behave as on the disk the files live on in a vehicle. */
#include <mdd/convert.h>
#include <mdd/db.h>
#include <mdd/file.h>
#include <mdd/memory.h>
#include <mdd/store.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/magic.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROG "bench_strategies"
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_RUNS 99
#define DEFAULT_RUNS 3
/* Random 8-byte reads per chunk after its first 4 KiB: a few binary searches' worth of
 * FlatBuffers vtable and vector lookups. */
#define DEFAULT_TOUCH_WORDS 16
#define MAX_TOUCH_WORDS 4096
#define TOUCH_HEAD_BYTES 4096u
#define COPY_BLOCK (1u << 20)
/* A child that neither reports nor dies within this time is taken to be stuck. */
#define CHILD_TIMEOUT_MS (10 * 60 * 1000)
/* Pause between the child's report and the idle reading, so that it is really idle. */
#define SETTLE_NS 100000000L
#define KIB 1024u

/* --adapter: the requests per child when nonzero; set before any child is forked. */
static unsigned adapter_lookups;
/* --pressure-trace: where the stepwise reclaim is recorded, or NULL. */
static FILE *pressure_trace;
/* The strategy whose next reclaim is traced, or NULL. */
static const char *trace_label;
#define PRESSURE_STEPS 10

/* ---- errors and interruption ---- */

/* Set by SIGINT or SIGTERM: the parent stops at the next wait and still removes the scratch
 * directory, which holds several hundred MB. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    interrupted = sig;
}

static void catch_interrupts(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a blocking wait returns EINTR and looks at the flag. */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* In a forked process: die of the signals again, as any program would. */
static void default_interrupts(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

/* Prints "bench_strategies: WHAT: reason" and returns -1, the failure of every step. */
static int fail(const char *what, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: %s: ", PROG, what);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return -1;
}

static int fail_errno(const char *what, const char *call)
{
    return fail(what, "%s: %s", call, strerror(errno));
}

static char *path_join(const char *dir, const char *name)
{
    size_t len = strlen(dir) + strlen(name) + 2;
    char *p = malloc(len);
    if (p)
        snprintf(p, len, "%s/%s", dir, name);
    return p;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* ---- options ---- */

typedef enum cache_mode { CACHE_COLD = 0, CACHE_WARM = 1, CACHE_MODES = 2 } cache_mode;

static const char *const cache_names[CACHE_MODES] = {"cold", "warm"};

typedef struct options {
    int json;
    const char *json_out;
    unsigned runs;
    int use_strategy[MDD_STRATEGY_COUNT];
    int use_cache[CACHE_MODES];
    unsigned touch_words;
    int keep;
    const char *dir;
} options;

static void usage(FILE *to)
{
    fprintf(to,
            "usage: %s [--json] [--json-out FILE] [--runs N]\n"
            "       %*s [--strategies heap,sidecar,inplace,pread] [--cache cold|warm|both]\n"
            "       %*s [--touch N] [--adapter N] [--pressure-trace FILE] [--keep] DIR\n"
            "Copies DIR/*.mdd to a scratch directory and compares the load strategies on the\n"
            "copies: open time, idle RSS and PSS, RSS after reclaim, disk usage.\n",
            PROG, (int)strlen(PROG), "", (int)strlen(PROG), "");
}

static int parse_count(const char *s, unsigned max, unsigned *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || v > max)
        return -1;
    *out = (unsigned)v;
    return 0;
}

static int parse_strategies(char *list, options *o)
{
    memset(o->use_strategy, 0, sizeof o->use_strategy);
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        mdd_strategy s;
        if (mdd_strategy_parse(name, &s, NULL) != MDD_OK)
            return fail("--strategies", "unknown strategy '%s'", name);
        o->use_strategy[s] = 1;
    }
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        if (o->use_strategy[i])
            return 0;
    return fail("--strategies", "no strategy given");
}

static int parse_cache(const char *s, options *o)
{
    int cold = strcmp(s, "cold") == 0, warm = strcmp(s, "warm") == 0;
    int both = strcmp(s, "both") == 0;
    if (!cold && !warm && !both)
        return fail("--cache", "expected cold, warm or both, not '%s'", s);
    o->use_cache[CACHE_COLD] = cold || both;
    o->use_cache[CACHE_WARM] = warm || both;
    return 0;
}

/* The value of the option at argv[*i], which must exist. */
static const char *option_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fail(argv[*i], "needs a value");
        return NULL;
    }
    return argv[++*i];
}

static int parse_option(int argc, char **argv, int *i, options *o)
{
    const char *arg = argv[*i];
    if (strcmp(arg, "--json") == 0) {
        o->json = 1;
        return 0;
    }
    if (strcmp(arg, "--keep") == 0) {
        o->keep = 1;
        return 0;
    }
    const char *value = option_value(argc, argv, i);
    if (!value)
        return -1;
    if (strcmp(arg, "--json-out") == 0)
        o->json_out = value;
    else if (strcmp(arg, "--runs") == 0) {
        if (parse_count(value, MAX_RUNS, &o->runs) != 0 || o->runs == 0)
            return fail("--runs", "expected 1..%d, not '%s'", MAX_RUNS, value);
    } else if (strcmp(arg, "--touch") == 0) {
        if (parse_count(value, MAX_TOUCH_WORDS, &o->touch_words) != 0)
            return fail("--touch", "expected 0..%d, not '%s'", MAX_TOUCH_WORDS, value);
    } else if (strcmp(arg, "--pressure-trace") == 0) {
        pressure_trace = fopen(value, "w");
        if (!pressure_trace)
            return fail_errno(value, "fopen");
    } else if (strcmp(arg, "--adapter") == 0) {
        if (parse_count(value, 10000000, &adapter_lookups) != 0)
            return fail("--adapter", "expected 0..10000000, not '%s'", value);
    } else if (strcmp(arg, "--cache") == 0)
        return parse_cache(value, o);
    else if (strcmp(arg, "--strategies") == 0)
        return parse_strategies(argv[*i], o);
    else
        return fail(arg, "unknown option");
    return 0;
}

static int parse_options(int argc, char **argv, options *o)
{
    *o = (options){.runs = DEFAULT_RUNS, .touch_words = DEFAULT_TOUCH_WORDS};
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        o->use_strategy[s] = 1;
    o->use_cache[CACHE_COLD] = o->use_cache[CACHE_WARM] = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            exit(0);
        }
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            if (parse_option(argc, argv, &i, o) != 0)
                return -1;
        } else if (o->dir) {
            return fail(argv[i], "only one DIR may be given");
        } else {
            o->dir = argv[i];
        }
    }
    if (!o->dir) {
        usage(stderr);
        return -1;
    }
    return 0;
}

/* ---- the corpus ---- */

typedef struct corpus {
    char **names; /* base names of DIR's *.mdd files, sorted */
    size_t count;
    uint64_t uncompressed_bytes; /* every chunk's payload */
    uint64_t compressed_bytes;   /* the files as given */
} corpus;

static void corpus_free(corpus *c)
{
    for (size_t i = 0; i < c->count; i++)
        free(c->names[i]);
    free(c->names);
    *c = (corpus){0};
}

static int is_mdd_name(const char *name)
{
    size_t len = strlen(name);
    return name[0] != '.' && len > 4 && strcmp(name + len - 4, ".mdd") == 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int corpus_add(corpus *c, const char *name, size_t *cap)
{
    if (c->count == *cap) {
        size_t grown = *cap ? *cap * 2 : 64;
        char **names = realloc(c->names, grown * sizeof *names);
        if (!names)
            return -1;
        c->names = names;
        *cap = grown;
    }
    c->names[c->count] = strdup(name);
    if (!c->names[c->count])
        return -1;
    c->count++;
    return 0;
}

/* Lists the regular *.mdd files of dir (not sidecars, not hidden files). */
static int corpus_list(const char *dir, corpus *c)
{
    DIR *d = opendir(dir);
    if (!d)
        return fail_errno(dir, "opendir");
    size_t cap = 0;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        if (e->d_type != DT_REG && e->d_type != DT_UNKNOWN)
            continue;
        if (is_mdd_name(e->d_name) && corpus_add(c, e->d_name, &cap) != 0)
            rc = fail(dir, "out of memory");
    }
    closedir(d);
    if (rc == 0 && c->count == 0)
        rc = fail(dir, "no *.mdd files");
    if (rc == 0)
        qsort(c->names, c->count, sizeof *c->names, compare_names);
    return rc;
}

/* Adds a file's size and its chunks' payload sizes to the corpus totals. */
static int corpus_measure_file(const char *path, corpus *c)
{
    mdd_mapping map;
    mdd_file file;
    mdd_error err;
    if (mdd_mapping_open(path, &map, &err) != MDD_OK)
        return fail(path, "%s", err.message);
    int rc = 0;
    if (mdd_file_parse(map.data, map.size, NULL, &file, &err) != MDD_OK)
        rc = fail(path, "%s", err.message);
    for (size_t i = 0; rc == 0 && i < file.chunk_count; i++) {
        uint64_t size;
        if (mdd_chunk_payload_size(&file.chunks[i], NULL, &size, &err) != MDD_OK)
            rc = fail(path, "chunk %zu: %s", i, err.message);
        else
            c->uncompressed_bytes += size;
    }
    c->compressed_bytes += map.size;
    mdd_file_free(&file);
    mdd_mapping_close(&map);
    return rc;
}

static int corpus_load(const char *dir, corpus *c)
{
    *c = (corpus){0};
    if (corpus_list(dir, c) != 0)
        return -1;
    for (size_t i = 0; i < c->count; i++) {
        char *path = path_join(dir, c->names[i]);
        int rc = path ? corpus_measure_file(path, c) : fail(dir, "out of memory");
        free(path);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* ---- the scratch directory ---- */

/* File systems whose page cache is the file itself: eviction and folio sizes do not behave
 * as on a disk, so they would measure something else. */
static int is_memory_fs(long type)
{
    return type == TMPFS_MAGIC || type == RAMFS_MAGIC;
}

static const char *fs_name(long type)
{
    static const struct {
        long type;
        const char *name;
    } names[] = {
        {EXT4_SUPER_MAGIC, "ext2/3/4"}, {XFS_SUPER_MAGIC, "xfs"},
        {BTRFS_SUPER_MAGIC, "btrfs"},   {TMPFS_MAGIC, "tmpfs"},
        {RAMFS_MAGIC, "ramfs"},         {OVERLAYFS_SUPER_MAGIC, "overlayfs"},
        {F2FS_SUPER_MAGIC, "f2fs"},     {NFS_SUPER_MAGIC, "nfs"},
        {0x2fc12fc1, "zfs"},
    };
    for (size_t i = 0; i < COUNT(names); i++)
        if (names[i].type == type)
            return names[i].name;
    return "unknown";
}

typedef struct scratch {
    char *root;
    long fs_type;
} scratch;

/* The first writable, disk-backed directory of $TMPDIR, /var/tmp and the current one.
 * /tmp is not a candidate: it is tmpfs on many systems. */
static const char *scratch_base(long *fs_type)
{
    const char *candidates[] = {getenv("TMPDIR"), "/var/tmp", "."};
    const char *fallback = NULL;
    long fallback_type = 0;
    for (size_t i = 0; i < COUNT(candidates); i++) {
        struct statfs sf;
        const char *c = candidates[i];
        if (!c || !*c || access(c, W_OK | X_OK) != 0 || statfs(c, &sf) != 0)
            continue;
        if (!is_memory_fs((long)sf.f_type)) {
            *fs_type = (long)sf.f_type;
            return c;
        }
        fprintf(stderr, "%s: skipping %s for the scratch directory: it is %s\n", PROG, c,
                fs_name((long)sf.f_type));
        if (!fallback) {
            fallback = c;
            fallback_type = (long)sf.f_type;
        }
    }
    if (fallback)
        fprintf(stderr, "%s: warning: no disk-backed scratch directory, using %s (%s)\n", PROG,
                fallback, fs_name(fallback_type));
    *fs_type = fallback_type;
    return fallback;
}

static int scratch_create(scratch *s)
{
    const char *base = scratch_base(&s->fs_type);
    if (!base)
        return fail("scratch", "no writable directory among $TMPDIR, /var/tmp and .");
    s->root = path_join(base, "mdd-strategies.XXXXXX");
    if (!s->root)
        return fail(base, "out of memory");
    if (!mkdtemp(s->root)) {
        int rc = fail_errno(s->root, "mkdtemp");
        free(s->root);
        s->root = NULL;
        return rc;
    }
    return 0;
}

static int check_space(const char *dir, uint64_t needed)
{
    struct statfs sf;
    if (statfs(dir, &sf) != 0)
        return fail_errno(dir, "statfs");
    uint64_t avail = (uint64_t)sf.f_bavail * (uint64_t)sf.f_bsize;
    if (avail < needed)
        return fail(dir, "needs about %llu MiB free, has %llu MiB",
                    (unsigned long long)(needed >> 20), (unsigned long long)(avail >> 20));
    return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    if (remove(path) != 0)
        fail_errno(path, "remove");
    return 0;
}

static void scratch_remove(scratch *s, int keep)
{
    if (!s->root)
        return;
    if (keep)
        fprintf(stderr, "%s: kept %s\n", PROG, s->root);
    else
        nftw(s->root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(s->root);
    s->root = NULL;
}

/* I/O buffers are mapped and unmapped directly: a large malloc'd block, once freed, raises
 * glibc's mmap threshold, and the next one would stay in the parent's heap, to be inherited,
 * resident, by every measured child. */
static char *io_block_alloc(void)
{
    void *p = mmap(NULL, COPY_BLOCK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void io_block_free(char *block)
{
    if (block)
        munmap(block, COPY_BLOCK);
}

static int write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* A byte-for-byte copy through a buffer: copy_file_range() could share extents (reflinks),
 * and the strategies' disk usage must not depend on that. */
static int copy_fd(int in, int out, char *buf)
{
    for (;;) {
        ssize_t n = read(in, buf, COPY_BLOCK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return (int)n;
        if (write_all(out, buf, (size_t)n) != 0)
            return -1;
    }
}

static int copy_file(const char *from, const char *to)
{
    char *buf = io_block_alloc();
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    int rc = 0;
    if (!buf)
        rc = fail(from, "out of memory");
    else if (in < 0)
        rc = fail_errno(from, "open");
    else if (out < 0)
        rc = fail_errno(to, "create");
    else if (copy_fd(in, out, buf) != 0)
        rc = fail_errno(to, "copy");
    if (out >= 0 && close(out) != 0 && rc == 0)
        rc = fail_errno(to, "close");
    if (in >= 0)
        close(in);
    io_block_free(buf);
    return rc;
}

/* ---- one strategy's copy of the corpus ---- */

typedef struct strategy_set {
    mdd_strategy strategy;
    char *dir;
    char **paths;   /* the copies of the MDD files, in corpus order */
    char **origins; /* the files they were copied from, named in messages about them */
    size_t count;
    uint64_t disk_kb;
} strategy_set;

static void set_free(strategy_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        free(set->paths[i]);
        free(set->origins[i]);
    }
    free(set->paths);
    free(set->origins);
    free(set->dir);
    *set = (strategy_set){0};
}

/* Called for every file a strategy reads: its MDD files and, for sidecar, their sidecars. */
typedef int (*file_fn)(void *ctx, const char *path);

static int set_for_each_file(const strategy_set *set, file_fn fn, void *ctx)
{
    for (size_t i = 0; i < set->count; i++) {
        if (fn(ctx, set->paths[i]) != 0)
            return -1;
        if (set->strategy != MDD_STRATEGY_SIDECAR)
            continue;
        char *sidecar;
        mdd_error err;
        int rc = mdd_sidecar_path(set->paths[i], &sidecar, &err) == MDD_OK
                     ? fn(ctx, sidecar)
                     : fail(set->paths[i], "%s", err.message);
        free(sidecar);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* Names the strategy's copies of the corpus files and creates their directory. */
static int set_layout(strategy_set *set, const scratch *s, const corpus *c, const char *from)
{
    set->dir = path_join(s->root, mdd_strategy_name(set->strategy));
    set->paths = calloc(c->count, sizeof *set->paths);
    set->origins = calloc(c->count, sizeof *set->origins);
    if (!set->dir || !set->paths || !set->origins)
        return fail(s->root, "out of memory");
    for (size_t i = 0; i < c->count; i++) {
        set->paths[i] = path_join(set->dir, c->names[i]);
        set->origins[i] = path_join(from, c->names[i]);
        set->count = i + 1;
        if (!set->paths[i] || !set->origins[i])
            return fail(s->root, "out of memory");
    }
    if (mkdir(set->dir, 0755) != 0)
        return fail_errno(set->dir, "mkdir");
    return 0;
}

static int set_copy(const strategy_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (copy_file(set->origins[i], set->paths[i]) != 0)
            return -1;
    return 0;
}

/* inplace and pread open the converted file: converted here, so the measured opens find it
 * plain. */
static int convert_copy(const char *path, const char *origin, mdd_strategy strategy)
{
    mdd_error err;
    if (mdd_convert_file(path, NULL, NULL, &err) != MDD_OK)
        return fail(origin, "%s: convert: %s", mdd_strategy_name(strategy), err.message);
    return 0;
}

/* A first open writes the sidecar, so that the measured opens find it up to date. */
static int build_sidecar(const char *path, const char *origin)
{
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = MDD_STRATEGY_SIDECAR;
    mdd_store *store;
    mdd_error err;
    if (mdd_store_open(path, &opts, &store, &err) != MDD_OK)
        return fail(origin, "sidecar: first open: %s", err.message);
    mdd_store_close(store);
    char *sidecar;
    struct stat st;
    int rc = mdd_sidecar_path(path, &sidecar, &err) == MDD_OK && stat(sidecar, &st) == 0
                 ? 0
                 : fail(origin, "sidecar: none after open");
    free(sidecar);
    return rc;
}

static int set_prepare(const strategy_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        int rc = 0;
        if (set->strategy == MDD_STRATEGY_INPLACE || set->strategy == MDD_STRATEGY_PREAD)
            rc = convert_copy(set->paths[i], set->origins[i], set->strategy);
        else if (set->strategy == MDD_STRATEGY_SIDECAR)
            rc = build_sidecar(set->paths[i], set->origins[i]);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* ---- the page cache ---- */

/* Writes back and drops a file's pages, so the next access reads it from the disk into
 * single pages rather than finding the large folios a write or read-ahead left behind. */
static int evict_file(void *ctx, const char *path)
{
    (void)ctx;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail_errno(path, "open");
    int rc = 0;
    if (fdatasync(fd) != 0)
        rc = fail_errno(path, "fdatasync");
    else if ((errno = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)) != 0)
        rc = fail_errno(path, "posix_fadvise");
    close(fd);
    return rc;
}

/* Reads the whole file, as a previous user of it would have left the page cache. */
static int warm_file(void *ctx, const char *path)
{
    char *buf = ctx;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail_errno(path, "open");
    ssize_t n;
    while ((n = read(fd, buf, COPY_BLOCK)) > 0 || (n < 0 && errno == EINTR))
        ;
    int rc = n < 0 ? fail_errno(path, "read") : 0;
    close(fd);
    return rc;
}

/* Adds the KiB of the file in the page cache (mincore on a mapping that is never touched). */
static int add_cached_kb(void *ctx, const char *path)
{
    uint64_t *kb = ctx;
    mdd_mapping map;
    mdd_error err;
    uint64_t resident = 0;
    if (mdd_mapping_open(path, &map, &err) != MDD_OK)
        return fail(path, "%s", err.message);
    mdd_status st = mdd_resident_bytes(map.data, map.size, &resident, &err);
    mdd_mapping_close(&map);
    if (st != MDD_OK)
        return fail(path, "%s", err.message);
    *kb += resident / KIB;
    return 0;
}

static int add_disk_kb(void *ctx, const char *path)
{
    uint64_t *kb = ctx;
    struct stat st;
    if (stat(path, &st) != 0)
        return fail_errno(path, "stat");
    *kb += (uint64_t)st.st_blocks * 512u / KIB;
    return 0;
}

static int set_cache(const strategy_set *set, cache_mode mode)
{
    if (mode == CACHE_COLD)
        return set_for_each_file(set, evict_file, NULL);
    char *buf = io_block_alloc();
    if (!buf)
        return fail(set->dir, "out of memory");
    int rc = set_for_each_file(set, warm_file, buf);
    io_block_free(buf);
    return rc;
}

/* ---- the child: open everything, touch a little, wait ---- */

typedef struct child_report {
    int ok;
    size_t failed; /* the file that did not open, or SIZE_MAX */
    double open_ms;
    uint64_t touched_pages;
    double lookups_per_s; /* --adapter only */
    char message[MDD_ERROR_MESSAGE_SIZE + PATH_MAX];
} child_report;

/* The one command the parent sends: reclaim your own pages (the fallback). Closing the pipe
 * or killing the child ends it. */
enum { CMD_PAGEOUT = 'P' };

/* xorshift64: the same offsets for every strategy, run and process. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static int compare_addresses(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return (x > y) - (x < y);
}

static size_t count_distinct(uintptr_t *pages, size_t n)
{
    qsort(pages, n, sizeof *pages, compare_addresses);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        distinct += i == 0 || pages[i] != pages[i - 1];
    return distinct;
}

/* Reads the first 4 KiB of a chunk and `words` random aligned 8-byte words of it, as
 * lookups of a root table, its vtables and a few vector elements would. Returns the number
 * of distinct pages read: the least a mapped strategy must bring in for it. */
static size_t touch_view(mdd_bytes v, unsigned words, uint64_t seed, uintptr_t *pages,
                         volatile uint64_t *sink)
{
    if (v.len < 8)
        return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    size_t head = v.len < TOUCH_HEAD_BYTES ? v.len : TOUCH_HEAD_BYTES;
    size_t n = 0;
    uint64_t acc = 0;
    for (size_t i = 0; i < head; i += 64)
        acc += v.ptr[i];
    pages[n++] = (uintptr_t)v.ptr / page;
    pages[n++] = ((uintptr_t)v.ptr + head - 1) / page;
    uint64_t state = seed | 1u;
    for (unsigned w = 0; w < words; w++) {
        size_t at = (size_t)(next_random(&state) % (v.len / 8)) * 8;
        uint64_t word;
        memcpy(&word, v.ptr + at, sizeof word);
        acc += word;
        pages[n++] = ((uintptr_t)v.ptr + at) / page;
    }
    *sink += acc;
    return count_distinct(pages, n);
}

static uint64_t touch_all(mdd_store **stores, size_t count, unsigned words)
{
    uintptr_t *pages = malloc((words + 2u) * sizeof *pages);
    volatile uint64_t sink = 0;
    uint64_t touched = 0;
    for (size_t f = 0; pages && f < count; f++) {
        const mdd_file *file = mdd_store_file(stores[f]);
        for (size_t c = 0; c < file->chunk_count; c++) {
            uint64_t seed = ((uint64_t)f << 32) ^ (uint64_t)c ^ 0x9e3779b97f4a7c15u;
            mdd_bytes v;
            mdd_error err;
            if (mdd_store_chunk_data(stores[f], c, &v, &err) != MDD_OK)
                fail(mdd_strategy_name(mdd_store_strategy(stores[f])), "%s", err.message);
            else
                touched += touch_view(v, words, seed, pages, &sink);
        }
    }
    free(pages);
    return touched;
}

static void open_all(const strategy_set *set, int verify, mdd_store **stores, child_report *r)
{
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = set->strategy;
    opts.verify = verify;
    double t0 = now_ms();
    for (size_t i = 0; i < set->count; i++) {
        mdd_error err;
        if (mdd_store_open(set->paths[i], &opts, &stores[i], &err) != MDD_OK) {
            r->failed = i;
            snprintf(r->message, sizeof r->message, "open: %s", err.message);
            return;
        }
    }
    r->open_ms = now_ms() - t0;
    r->ok = 1;
}

/* ---- the adapter's start-up work (--adapter N) ---- */

#define WARM_LOOKUP_MS 300.0

typedef struct adapter_request {
    const mdd_db_layer *layer;
    mdd_request_prefix prefix;
} adapter_request;

/* A request a tester could send: the prefix of a random service of a random layer of ECU
 * i % count, so that consecutive requests go to different ECUs. */
static adapter_request adapter_pick(const mdd_db *db, size_t i, uint64_t *state)
{
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, i % mdd_db_ecu_count(db));
    uint32_t variants = mdd_db_variant_count(ecu);
    uint32_t groups = mdd_db_functional_group_count(ecu);
    uint32_t k = (uint32_t)(next_random(state) % (variants + groups ? variants + groups : 1));
    adapter_request rq = {k < variants ? mdd_db_variant_at(ecu, k)
                                       : mdd_db_functional_group_at(ecu, k - variants),
                          {NULL, 0}};
    uint32_t services = rq.layer ? mdd_db_layer_service_count(rq.layer) : 0;
    if (services)
        rq.prefix = mdd_db_layer_service_at(rq.layer, (uint32_t)(next_random(state) % services)).prefix;
    return rq;
}

static size_t adapter_lookup(const adapter_request *rq)
{
    mdd_db_service found[4];
    return rq->layer ? mdd_db_lookup_request(rq->layer, rq->prefix.bytes, rq->prefix.len, found, 4)
                     : 0;
}

/* Warm lookups per second over the requests, repeated for WARM_LOOKUP_MS. */
static double adapter_warm_rate(const adapter_request *rqs, size_t n)
{
    volatile size_t sink = 0;
    size_t done = 0;
    double t0 = now_ms(), t;
    do {
        for (size_t i = 0; i < n; i++)
            sink += adapter_lookup(&rqs[i]);
        done += n;
        t = now_ms();
    } while (t - t0 < WARM_LOOKUP_MS);
    (void)sink;
    return (double)done * 1000.0 / (t - t0);
}

/* Opens the database, answers adapter_lookups requests (timed together), then measures the
 * warm rate. The database stays open: the child idles with it. */
static void adapter_open(const strategy_set *set, int verify, child_report *r)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = set->strategy;
    opts.store.verify = verify;
    adapter_request *rqs = malloc(adapter_lookups * sizeof *rqs);
    mdd_db *db = NULL;
    mdd_error err;
    uint64_t state = 0x2545f4914f6cdd1du;
    double t0 = now_ms();
    if (!rqs || mdd_db_open((const char *const *)set->paths, set->count, &opts, &db, &err) != MDD_OK) {
        snprintf(r->message, sizeof r->message, "database: %s", rqs ? err.message : "out of memory");
        free(rqs);
        return;
    }
    volatile size_t sink = 0;
    for (size_t i = 0; i < adapter_lookups && mdd_db_ecu_count(db); i++) {
        rqs[i] = adapter_pick(db, i, &state);
        sink += adapter_lookup(&rqs[i]);
    }
    (void)sink;
    r->open_ms = now_ms() - t0;
    r->lookups_per_s = mdd_db_ecu_count(db) ? adapter_warm_rate(rqs, adapter_lookups) : 0;
    free(rqs);
    r->ok = 1;
}

/* ---- reclaim ---- */

/* Address ranges of a process's mappings, from /proc/PID/maps. */
typedef struct ranges {
    struct iovec *iov;
    size_t count, cap;
} ranges;

/* Kernel-provided mappings that madvise rejects (or that lie outside the user range). */
static int is_special_mapping(const char *name)
{
    return strncmp(name, "[vsyscall]", 10) == 0 || strncmp(name, "[vvar", 5) == 0 ||
           strncmp(name, "[vdso]", 6) == 0;
}

static int ranges_add(ranges *r, uintptr_t start, uintptr_t end)
{
    if (r->count == r->cap) {
        size_t grown = r->cap ? r->cap * 2 : 256;
        struct iovec *iov = realloc(r->iov, grown * sizeof *iov);
        if (!iov)
            return -1;
        r->iov = iov;
        r->cap = grown;
    }
    r->iov[r->count++] = (struct iovec){(void *)start, (size_t)(end - start)};
    return 0;
}

static int ranges_read(const char *maps_path, ranges *r)
{
    FILE *f = fopen(maps_path, "re");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) > 0) {
        uintptr_t start, end;
        int name_at = 0;
        if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %*s %*s %*s %*s %n", &start, &end,
                   &name_at) < 2)
            continue;
        if (!is_special_mapping(line + name_at) && end > start)
            rc = ranges_add(r, start, end);
    }
    free(line);
    fclose(f);
    return rc;
}

typedef enum pageout_method {
    PAGEOUT_UNKNOWN = 0,
    PAGEOUT_PROCESS_MADVISE,
    PAGEOUT_SELF_MADVISE
} pageout_method;

static const char *pageout_name(pageout_method m)
{
    return m == PAGEOUT_SELF_MADVISE ? "madvise(MADV_PAGEOUT) in the child"
                                     : "process_madvise(MADV_PAGEOUT) from the parent";
}

/* How many leading entries of iov[0..n) the kernel's byte count covers. */
static size_t covered_entries(const struct iovec *iov, size_t n, size_t bytes)
{
    size_t i = 0;
    while (i < n && bytes >= iov[i].iov_len)
        bytes -= iov[i++].iov_len;
    return i;
}

/* process_madvise() over all ranges, IOV_MAX at a time. A range the kernel refuses (one that
 * went away, a locked or PFN mapping) is skipped. Returns the bytes advised, or -1 with errno
 * set when the call itself is not permitted or not supported. */
static long long pageout_ranges(int pidfd, const ranges *r)
{
    long long advised = 0;
    for (size_t i = 0; i < r->count;) {
        size_t n = r->count - i < IOV_MAX ? r->count - i : IOV_MAX;
        long done = syscall(SYS_process_madvise, pidfd, r->iov + i, n, MADV_PAGEOUT, 0u);
        if (done < 0 && (errno == EPERM || errno == ENOSYS || errno == EBADF))
            return -1;
        if (done < 0) {
            i++; /* the first range was refused */
            continue;
        }
        advised += done;
        size_t covered = covered_entries(r->iov + i, n, (size_t)done);
        i += covered < n ? covered + 1 : n; /* skip the range it stopped at */
    }
    return advised;
}

/* Reclaims what the kernel can of pid's memory from outside; -1 when not possible. */
static int pageout_remote(pid_t pid)
{
    char maps[64];
    snprintf(maps, sizeof maps, "/proc/%ld/maps", (long)pid);
    ranges r = {0};
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0u);
    long long advised = -1;
    if (pidfd >= 0 && ranges_read(maps, &r) == 0)
        advised = pageout_ranges(pidfd, &r);
    int saved = errno;
    if (pidfd >= 0)
        close(pidfd);
    free(r.iov);
    errno = saved;
    return advised > 0 ? 0 : -1;
}

/* The fallback, run inside the child: madvise() on each of its own mappings. */
static void pageout_self(void)
{
    ranges r = {0};
    if (ranges_read("/proc/self/maps", &r) == 0)
        for (size_t i = 0; i < r.count; i++)
            madvise(r.iov[i].iov_base, r.iov[i].iov_len, MADV_PAGEOUT);
    free(r.iov);
}

/* Answers the parent's commands until it closes the pipe or kills the child. */
static void serve_commands(int command_fd, int report_fd)
{
    char cmd;
    while (read(command_fd, &cmd, 1) == 1 && cmd == CMD_PAGEOUT) {
        pageout_self();
        if (write_all(report_fd, &cmd, 1) != 0)
            break;
    }
}

static _Noreturn void child_main(const strategy_set *set, int verify, unsigned touch_words,
                                 int report_fd, int command_fd)
{
    child_report r;
    memset(&r, 0, sizeof r);
    r.failed = SIZE_MAX;
    mdd_store **stores = calloc(set->count ? set->count : 1, sizeof *stores);
    if (!stores)
        snprintf(r.message, sizeof r.message, "out of memory");
    else if (adapter_lookups && set->count)
        adapter_open(set, verify, &r);
    else
        open_all(set, verify, stores, &r);
    if (r.ok && !adapter_lookups)
        r.touched_pages = touch_all(stores, set->count, touch_words);
    if (write_all(report_fd, &r, sizeof r) == 0 && r.ok)
        serve_commands(command_fd, report_fd);
    /* The stores stay open: the process ends here, and unmapping would only cost time. */
    _exit(0);
}

/* ---- the parent: one child, measured ---- */

typedef struct child {
    pid_t pid;
    int report_fd;  /* the child writes its report and command replies here */
    int command_fd; /* the parent writes commands here */
} child;

static int read_exact(int fd, void *buf, size_t len, const char *what)
{
    char *p = buf;
    while (len > 0) {
        struct pollfd pfd = {fd, POLLIN, 0};
        int ready = poll(&pfd, 1, CHILD_TIMEOUT_MS);
        if (ready < 0 && errno == EINTR && interrupted)
            return fail(what, "interrupted");
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            return fail(what, "the child did not answer within %d s", CHILD_TIMEOUT_MS / 1000);
        ssize_t n = ready < 0 ? -1 : read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail(what, "the child ended without reporting");
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* An "empty" set (no files) forks a child that only measures the process itself. */
static int child_start(const strategy_set *set, int verify, unsigned touch_words, child *c)
{
    int report[2], command[2];
    *c = (child){-1, -1, -1};
    if (pipe2(report, O_CLOEXEC) != 0)
        return fail_errno("pipe", "pipe2");
    if (pipe2(command, O_CLOEXEC) != 0) {
        close(report[0]);
        close(report[1]);
        return fail_errno("pipe", "pipe2");
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        default_interrupts();
        close(report[0]);
        close(command[1]);
        child_main(set, verify, touch_words, report[1], command[0]);
    }
    close(report[1]);
    close(command[0]);
    *c = (child){pid, report[0], command[1]};
    if (pid < 0) {
        close(report[0]);
        close(command[1]);
        return fail_errno("fork", "fork");
    }
    return 0;
}

static void child_end(child *c)
{
    if (c->pid > 0) {
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    close(c->report_fd);
    close(c->command_fd);
    c->pid = -1;
}

static pageout_method pageout_used = PAGEOUT_UNKNOWN;

/* Pages out ranges [*next, ...) until `goal` bytes of the address space are covered. */
static void pageout_until(int pidfd, const ranges *r, size_t *next, size_t *covered, size_t goal)
{
    size_t first = *next;
    while (*next < r->count && *covered < goal)
        *covered += r->iov[(*next)++].iov_len;
    ranges part = {r->iov + first, *next - first, 0};
    if (part.count)
        pageout_ranges(pidfd, &part);
}

/* --pressure-trace: RSS after each of PRESSURE_STEPS partial reclaims, in address order. */
static int trace_pressure(const child *c, const char *label)
{
    char maps[64];
    snprintf(maps, sizeof maps, "/proc/%ld/maps", (long)c->pid);
    ranges r = {0};
    int pidfd = (int)syscall(SYS_pidfd_open, c->pid, 0u);
    int rc = pidfd < 0 || ranges_read(maps, &r) != 0 ? fail_errno("trace", "pidfd_open") : 0;
    size_t total = 0, next = 0, covered = 0;
    for (size_t i = 0; i < r.count; i++)
        total += r.iov[i].iov_len;
    double t0 = now_ms();
    for (unsigned step = 0; rc == 0 && step <= PRESSURE_STEPS; step++) {
        pageout_until(pidfd, &r, &next, &covered, total / PRESSURE_STEPS * step);
        mdd_process_memory m;
        mdd_error err;
        if (mdd_process_memory_read(c->pid, &m, &err) != MDD_OK)
            rc = fail("trace", "%s", err.message);
        else
            fprintf(pressure_trace, "%s %u %.1f %llu\n", label, step, now_ms() - t0,
                    (unsigned long long)m.rss_kb);
    }
    if (pidfd >= 0)
        close(pidfd);
    free(r.iov);
    return rc;
}

/* Makes the kernel reclaim what it can of the child's memory: from the parent where the
 * kernel allows it, else by asking the child to advise its own mappings. */
static int reclaim(const child *c)
{
    if (pageout_used != PAGEOUT_SELF_MADVISE) {
        if (pageout_remote(c->pid) == 0) {
            pageout_used = PAGEOUT_PROCESS_MADVISE;
            return 0;
        }
        fprintf(stderr, "%s: process_madvise: %s; the child reclaims its own pages instead\n",
                PROG, strerror(errno));
        pageout_used = PAGEOUT_SELF_MADVISE;
    }
    char cmd = CMD_PAGEOUT, reply;
    if (write_all(c->command_fd, &cmd, 1) != 0)
        return fail_errno("child", "write");
    return read_exact(c->report_fd, &reply, 1, "child");
}

/* One strategy's figures from one run. */
enum metric {
    M_OPEN_MS,
    M_OPEN_NOVERIFY_MS,
    M_IDLE_RSS_KB,
    M_IDLE_PSS_KB,
    M_PRESSURE_RSS_KB,
    M_DISK_KB,
    M_IDLE_ANON_KB,
    M_IDLE_FILE_KB,
    M_PRESSURE_ANON_KB,
    M_IDLE_RSS_NOVERIFY_KB,
    M_TOUCHED_KB,
    M_CACHED_KB,
    M_LOOKUPS_PER_S,
    M_COUNT
};

static const struct metric_info {
    const char *json;
    int decimals;
} metric_info[M_COUNT] = {
    [M_OPEN_MS] = {"open_ms", 1},
    [M_OPEN_NOVERIFY_MS] = {"open_noverify_ms", 1},
    [M_IDLE_RSS_KB] = {"idle_rss_kb", 0},
    [M_IDLE_PSS_KB] = {"idle_pss_kb", 0},
    [M_PRESSURE_RSS_KB] = {"pressure_rss_kb", 0},
    [M_DISK_KB] = {"disk_kb", 0},
    [M_IDLE_ANON_KB] = {"idle_anon_kb", 0},
    [M_IDLE_FILE_KB] = {"idle_file_kb", 0},
    [M_PRESSURE_ANON_KB] = {"pressure_anon_kb", 0},
    [M_IDLE_RSS_NOVERIFY_KB] = {"idle_rss_noverify_kb", 0},
    [M_TOUCHED_KB] = {"touched_kb", 0},
    [M_CACHED_KB] = {"page_cache_before_open_kb", 0},
    [M_LOOKUPS_PER_S] = {"lookups_per_s", 0},
};

typedef struct sample {
    double v[M_COUNT];
} sample;

static void settle(void)
{
    struct timespec ts = {0, SETTLE_NS};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* What one child showed: its open time, the pages its touch needed and its memory. */
typedef struct child_figures {
    double open_ms;
    double lookups_per_s;
    uint64_t touched_kb;
    mdd_process_memory idle;
    mdd_process_memory pressed; /* after reclaim; only when asked for */
} child_figures;

/* Idle memory of a child that has reported and, when pressure is set, its memory after the
 * kernel reclaimed what it could. */
static int measure_memory(const child *c, const char *what, int pressure, child_figures *f)
{
    mdd_error err;
    settle();
    if (mdd_process_memory_read(c->pid, &f->idle, &err) != MDD_OK)
        return fail(what, "%s", err.message);
    if (!pressure)
        return 0;
    if (trace_label && trace_pressure(c, trace_label) != 0)
        return -1;
    if (reclaim(c) != 0)
        return -1;
    if (mdd_process_memory_read(c->pid, &f->pressed, &err) != MDD_OK)
        return fail(what, "%s", err.message);
    return 0;
}

static int run_child(const strategy_set *set, int verify, unsigned touch_words, int pressure,
                     child_figures *f)
{
    child c;
    child_report r;
    const char *what = set->dir ? set->dir : "baseline";
    memset(f, 0, sizeof *f);
    if (child_start(set, verify, touch_words, &c) != 0)
        return -1;
    int rc = read_exact(c.report_fd, &r, sizeof r, what);
    if (rc == 0 && !r.ok) {
        r.message[sizeof r.message - 1] = '\0';
        rc = fail(r.failed < set->count ? set->origins[r.failed] : what, "%s: %s",
                  mdd_strategy_name(set->strategy), r.message);
    }
    static int traced[MDD_STRATEGY_COUNT];
    trace_label = NULL;
    if (pressure && pressure_trace && set->count && !traced[set->strategy]) {
        traced[set->strategy] = 1;
        trace_label = mdd_strategy_name(set->strategy);
    }
    if (rc == 0) {
        f->open_ms = r.open_ms;
        f->lookups_per_s = r.lookups_per_s;
        f->touched_kb = r.touched_pages * (uint64_t)sysconf(_SC_PAGESIZE) / KIB;
        rc = measure_memory(&c, what, pressure, f);
    }
    child_end(&c);
    return rc;
}

static void sample_memory(sample *s, const child_figures *f)
{
    s->v[M_IDLE_RSS_KB] = (double)f->idle.rss_kb;
    s->v[M_IDLE_PSS_KB] = (double)f->idle.pss_kb;
    s->v[M_IDLE_ANON_KB] = (double)f->idle.anonymous_kb;
    s->v[M_IDLE_FILE_KB] = (double)f->idle.file_kb;
    s->v[M_PRESSURE_RSS_KB] = (double)f->pressed.rss_kb;
    s->v[M_PRESSURE_ANON_KB] = (double)f->pressed.anonymous_kb;
    s->v[M_TOUCHED_KB] = (double)f->touched_kb;
}

static int cached_kb(const strategy_set *set, double *out)
{
    uint64_t kb = 0;
    int rc = set_for_each_file(set, add_cached_kb, &kb);
    *out = (double)kb;
    return rc;
}

/* One run of one strategy in one cache mode: a verifying child, measured idle and under
 * pressure, then a non-verifying child, measured idle. */
static int run_strategy(const strategy_set *set, cache_mode mode, unsigned touch_words,
                        sample *s)
{
    child_figures f;
    memset(s, 0, sizeof *s);
    s->v[M_DISK_KB] = (double)set->disk_kb;
    if (set_cache(set, mode) != 0 || cached_kb(set, &s->v[M_CACHED_KB]) != 0 ||
        run_child(set, 1, touch_words, 1, &f) != 0)
        return -1;
    s->v[M_OPEN_MS] = f.open_ms;
    s->v[M_LOOKUPS_PER_S] = f.lookups_per_s;
    sample_memory(s, &f);
    if (set_cache(set, mode) != 0 || run_child(set, 0, touch_words, 0, &f) != 0)
        return -1;
    s->v[M_OPEN_NOVERIFY_MS] = f.open_ms;
    s->v[M_IDLE_RSS_NOVERIFY_KB] = (double)f.idle.rss_kb;
    return 0;
}

/* The process alone: what every strategy's figures include before any file is opened. */
static int run_baseline(sample *s)
{
    strategy_set empty = {0};
    child_figures f;
    memset(s, 0, sizeof *s);
    if (run_child(&empty, 1, 0, 1, &f) != 0)
        return -1;
    sample_memory(s, &f);
    s->v[M_IDLE_RSS_NOVERIFY_KB] = s->v[M_IDLE_RSS_KB];
    return 0;
}

/* ---- medians ---- */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static sample median_sample(const sample *runs, size_t n)
{
    sample m;
    double *v = malloc(n * sizeof *v);
    for (size_t k = 0; k < M_COUNT; k++) {
        if (!v) {
            m.v[k] = runs[0].v[k];
            continue;
        }
        for (size_t i = 0; i < n; i++)
            v[i] = runs[i].v[k];
        qsort(v, n, sizeof *v, compare_doubles);
        m.v[k] = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
    free(v);
    return m;
}

/* ---- results ---- */

/* Index MDD_STRATEGY_COUNT holds the baseline process. */
#define ROWS (MDD_STRATEGY_COUNT + 1)
#define BASELINE_ROW MDD_STRATEGY_COUNT

typedef struct results {
    sample *runs[CACHE_MODES][ROWS]; /* per run */
    sample median[CACHE_MODES][ROWS];
} results;

static void results_free(results *r)
{
    for (size_t m = 0; m < CACHE_MODES; m++)
        for (size_t s = 0; s < ROWS; s++)
            free(r->runs[m][s]);
}

static int results_alloc(results *r, unsigned runs)
{
    memset(r, 0, sizeof *r);
    for (size_t m = 0; m < CACHE_MODES; m++)
        for (size_t s = 0; s < ROWS; s++)
            if (!(r->runs[m][s] = calloc(runs, sizeof(sample))))
                return fail("results", "out of memory");
    return 0;
}

static void progress(unsigned run, cache_mode mode, const char *name, const sample *s)
{
    fprintf(stderr,
            "%s: run %u %s %-8s open %8.1f ms (no verify %8.1f)  idle RSS %7.0f KB  "
            "pressure RSS %7.0f KB\n",
            PROG, run + 1, cache_names[mode], name, s->v[M_OPEN_MS], s->v[M_OPEN_NOVERIFY_MS],
            s->v[M_IDLE_RSS_KB], s->v[M_PRESSURE_RSS_KB]);
}

/* Runs interleave strategies and cache modes, so drift on a shared machine hits all alike. */
static int run_all(const options *o, strategy_set *sets, results *r)
{
    for (unsigned run = 0; run < o->runs; run++) {
        for (size_t m = 0; m < CACHE_MODES; m++) {
            if (interrupted)
                return fail("run", "interrupted");
            if (!o->use_cache[m])
                continue;
            sample *base = &r->runs[m][BASELINE_ROW][run];
            if (run_baseline(base) != 0)
                return -1;
            for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++) {
                if (!o->use_strategy[s])
                    continue;
                sample *sm = &r->runs[m][s][run];
                if (run_strategy(&sets[s], (cache_mode)m, o->touch_words, sm) != 0)
                    return -1;
                progress(run, (cache_mode)m, mdd_strategy_name((mdd_strategy)s), sm);
            }
        }
    }
    for (size_t m = 0; m < CACHE_MODES; m++)
        for (size_t s = 0; s < ROWS; s++)
            r->median[m][s] = median_sample(r->runs[m][s], o->runs);
    return 0;
}

/* ---- ratios against the targets ---- */

typedef enum ratio_id {
    R_IDLE,
    R_PRESSURE,
    R_HEAP_IDLE,
    R_OPEN,
    R_OPEN_NOVERIFY,
    R_COUNT
} ratio_id;

static const struct ratio_info {
    const char *json;
    const char *label;
    double target;
    const char *adr; /* from the ADR's figures (its 242 MB read as MiB, as du prints them) */
} ratio_info[R_COUNT] = {
    [R_IDLE] = {"inplace_heap_idle_rss", "inplace / heap idle RSS", 0.05, "0.31x"},
    [R_PRESSURE] = {"inplace_heap_pressure_rss", "inplace / heap RSS under pressure", 0.02,
                    "0.25x"},
    [R_HEAP_IDLE] = {"heap_idle_rss_per_uncompressed",
                     "heap idle RSS / (uncompressed + 4 MiB)", 1.05, "1.93x"},
    [R_OPEN] = {"inplace_heap_open", "inplace open / heap open (verify on)", 0.01, "-"},
    [R_OPEN_NOVERIFY] = {"inplace_heap_open_noverify",
                         "inplace open / heap open (verify off)", 0.01, "-"},
};

/* A ratio of two measured figures; negative when it cannot be computed. */
static double safe_ratio(double num, double den)
{
    return den > 0 ? num / den : -1;
}

static double ratio_value(const options *o, const results *r, const corpus *c, cache_mode m,
                          ratio_id id)
{
    const sample *heap = &r->median[m][MDD_STRATEGY_HEAP];
    const sample *inplace = &r->median[m][MDD_STRATEGY_INPLACE];
    int have_heap = o->use_strategy[MDD_STRATEGY_HEAP];
    int both = have_heap && o->use_strategy[MDD_STRATEGY_INPLACE];
    if (!o->use_cache[m] || (id == R_HEAP_IDLE ? !have_heap : !both))
        return -1;
    switch (id) {
    case R_IDLE: return safe_ratio(inplace->v[M_IDLE_RSS_KB], heap->v[M_IDLE_RSS_KB]);
    case R_PRESSURE:
        return safe_ratio(inplace->v[M_PRESSURE_RSS_KB], heap->v[M_PRESSURE_RSS_KB]);
    case R_HEAP_IDLE:
        return safe_ratio(heap->v[M_IDLE_RSS_KB],
                          (double)c->uncompressed_bytes / KIB + 4.0 * KIB);
    case R_OPEN: return safe_ratio(inplace->v[M_OPEN_MS], heap->v[M_OPEN_MS]);
    case R_OPEN_NOVERIFY:
        return safe_ratio(inplace->v[M_OPEN_NOVERIFY_MS], heap->v[M_OPEN_NOVERIFY_MS]);
    case R_COUNT: break;
    }
    return -1;
}

/* ---- output ---- */

/* The ADR's own rows: idle RSS, RSS under pressure (KB) and disk usage as it states them. */
static const struct adr_row {
    const char *name;
    const char *idle, *pressure, *disk;
} adr_rows[MDD_STRATEGY_COUNT] = {
    {"ADR-003 heap", "486,900", "469,320", "47 MB"},
    {"ADR-003 MmapSidecar", "307,552", "171,904", "~282 MB"},
    {"ADR-003 MmapMdd (in-place)", "152,780", "118,988", "242 MB"},
};

/* v with thousands separators and `decimals` decimals. */
static const char *format_number(double v, int decimals, char *buf, size_t size)
{
    char digits[64];
    snprintf(digits, sizeof digits, "%.*f", decimals, v);
    const char *dot = strchr(digits, '.');
    size_t int_len = dot ? (size_t)(dot - digits) : strlen(digits);
    size_t out = 0;
    for (size_t i = 0; i < int_len && out + 2 < size; i++) {
        buf[out++] = digits[i];
        size_t left = int_len - i - 1;
        if (left > 0 && left % 3 == 0 && digits[i] != '-')
            buf[out++] = ',';
    }
    snprintf(buf + out, size - out, "%s", dot ? dot : "");
    return buf;
}

static void print_row(const char *name, const sample *s)
{
    static const enum metric cols[] = {M_OPEN_MS,     M_OPEN_NOVERIFY_MS, M_IDLE_RSS_KB,
                                       M_IDLE_PSS_KB, M_PRESSURE_RSS_KB,  M_DISK_KB};
    printf("| %s |", name);
    for (size_t i = 0; i < COUNT(cols); i++) {
        char buf[64];
        printf(" %s |", format_number(s->v[cols[i]], metric_info[cols[i]].decimals, buf,
                                      sizeof buf));
    }
    printf("\n");
}

static void print_table(const options *o, const results *r, cache_mode m)
{
    printf("\n### %s page cache (%s)\n\n", m == CACHE_COLD ? "Cold" : "Warm",
           m == CACHE_COLD ? "files evicted before each child"
                           : "files read whole with read(2) before each child");
    printf("| strategy | open ms | open (no verify) ms | idle RSS KB | idle PSS KB |"
           " RSS under pressure KB | disk KB |\n|---|---|---|---|---|---|---|\n");
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            print_row(mdd_strategy_name((mdd_strategy)s), &r->median[m][s]);
    const sample *base = &r->median[m][BASELINE_ROW];
    char idle[32], pss[32], pressure[32];
    printf("| (process, no files) | - | - | %s | %s | %s | - |\n",
           format_number(base->v[M_IDLE_RSS_KB], 0, idle, sizeof idle),
           format_number(base->v[M_IDLE_PSS_KB], 0, pss, sizeof pss),
           format_number(base->v[M_PRESSURE_RSS_KB], 0, pressure, sizeof pressure));
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            printf("| %s | - | - | %s | - | %s | %s |\n", adr_rows[s].name, adr_rows[s].idle,
                   adr_rows[s].pressure, adr_rows[s].disk);
}

/* Where the memory is: anonymous vs file-backed, what verification leaves mapped, and what
 * the touch alone must cost. */
static void print_detail(const options *o, const results *r, cache_mode m)
{
    static const enum metric cols[] = {M_IDLE_ANON_KB,         M_IDLE_FILE_KB,
                                       M_PRESSURE_ANON_KB,     M_IDLE_RSS_NOVERIFY_KB,
                                       M_TOUCHED_KB,           M_CACHED_KB};
    printf("\n| %s detail | idle anonymous KB | idle file KB | anonymous under pressure KB |"
           " idle RSS, no verify KB | pages touched KB | in page cache before open KB |\n"
           "|---|---|---|---|---|---|---|\n",
           cache_names[m]);
    for (size_t s = 0; s < ROWS; s++) {
        if (s != BASELINE_ROW && !o->use_strategy[s])
            continue;
        printf("| %s |", s == BASELINE_ROW ? "(process, no files)"
                                           : mdd_strategy_name((mdd_strategy)s));
        for (size_t i = 0; i < COUNT(cols); i++) {
            char buf[32];
            printf(" %s |", format_number(r->median[m][s].v[cols[i]], 0, buf, sizeof buf));
        }
        printf("\n");
    }
}

static void format_ratio(double v, double target, char *buf, size_t size)
{
    if (v < 0)
        snprintf(buf, size, "n/a");
    else
        /* Small ratios keep a significant digit or two. */
        snprintf(buf, size, "%.*fx %s", v < 0.01 ? 4 : 3, v, v <= target ? "PASS" : "MISS");
}

static void print_ratios(const options *o, const results *r, const corpus *c)
{
    printf("\n| ratio | target | cold | warm | ADR-003 |\n|---|---|---|---|---|\n");
    for (size_t id = 0; id < R_COUNT; id++) {
        char cold[32], warm[32];
        double target = ratio_info[id].target;
        format_ratio(ratio_value(o, r, c, CACHE_COLD, (ratio_id)id), target, cold, sizeof cold);
        format_ratio(ratio_value(o, r, c, CACHE_WARM, (ratio_id)id), target, warm, sizeof warm);
        printf("| %s | <= %.2fx | %s | %s | %s |\n", ratio_info[id].label, target, cold, warm,
               ratio_info[id].adr);
    }
}

static void print_markdown(const options *o, const results *r, const corpus *c,
                           const scratch *s)
{
    printf("Corpus: %zu files, %llu bytes compressed, %llu bytes uncompressed (%.2f:1).\n"
           "Scratch file system: %s. Medians of %u runs. Reclaim: %s.\n"
           "Touch per chunk: first 4 KiB + %u random 8-byte words.\n",
           c->count, (unsigned long long)c->compressed_bytes,
           (unsigned long long)c->uncompressed_bytes,
           safe_ratio((double)c->uncompressed_bytes, (double)c->compressed_bytes),
           fs_name(s->fs_type), o->runs, pageout_name(pageout_used), o->touch_words);
    for (size_t m = 0; m < CACHE_MODES; m++) {
        if (!o->use_cache[m])
            continue;
        print_table(o, r, (cache_mode)m);
        print_detail(o, r, (cache_mode)m);
    }
    print_ratios(o, r, c);
}

static void json_sample(FILE *f, const sample *s)
{
    fprintf(f, "{");
    for (size_t k = 0; k < M_COUNT; k++)
        fprintf(f, "%s\"%s\": %.*f", k ? ", " : "", metric_info[k].json,
                metric_info[k].decimals, s->v[k]);
    fprintf(f, "}");
}

/* The strategies and the baseline of one cache mode, as members of an open object. */
static void json_mode(FILE *f, const options *o, const results *r, cache_mode m)
{
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++) {
        if (!o->use_strategy[s])
            continue;
        fprintf(f, "\"%s\": ", mdd_strategy_name((mdd_strategy)s));
        json_sample(f, &r->median[m][s]);
        fprintf(f, ", ");
    }
    fprintf(f, "\"baseline\": ");
    json_sample(f, &r->median[m][BASELINE_ROW]);
}

static void json_ratios(FILE *f, const options *o, const results *r, const corpus *c,
                        cache_mode m)
{
    fprintf(f, "{");
    for (size_t id = 0; id < R_COUNT; id++) {
        double v = ratio_value(o, r, c, m, (ratio_id)id);
        fprintf(f, "%s\"%s\": ", id ? ", " : "", ratio_info[id].json);
        if (v < 0)
            fprintf(f, "null");
        else
            fprintf(f, "{\"value\": %.4f, \"target\": %.2f, \"pass\": %s}", v,
                    ratio_info[id].target, v <= ratio_info[id].target ? "true" : "false");
    }
    fprintf(f, "}");
}

/* One object keyed by strategy, from the cold run when both modes ran; the warm run under
 * "warm", keyed the same way. */
static void print_json(FILE *f, const options *o, const results *r, const corpus *c,
                       const scratch *s)
{
    cache_mode primary = o->use_cache[CACHE_COLD] ? CACHE_COLD : CACHE_WARM;
    int both = o->use_cache[CACHE_COLD] && o->use_cache[CACHE_WARM];
    fprintf(f, "{");
    json_mode(f, o, r, primary);
    if (both) {
        fprintf(f, ", \"warm\": {");
        json_mode(f, o, r, CACHE_WARM);
        fprintf(f, "}");
    }
    fprintf(f,
            ", \"corpus\": {\"files\": %zu, \"uncompressed_bytes\": %llu, "
            "\"compressed_bytes\": %llu}",
            c->count, (unsigned long long)c->uncompressed_bytes,
            (unsigned long long)c->compressed_bytes);
    fprintf(f, ", \"ratios\": {");
    for (size_t m = 0, first = 1; m < CACHE_MODES; m++) {
        if (!o->use_cache[m])
            continue;
        fprintf(f, "%s\"%s\": ", first ? "" : ", ", cache_names[m]);
        json_ratios(f, o, r, c, (cache_mode)m);
        first = 0;
    }
    fprintf(f,
            "}, \"run\": {\"cache\": \"%s\", \"runs\": %u, \"touch_words\": %u, "
            "\"pageout\": \"%s\", \"scratch_fs\": \"%s\"}}\n",
            both ? "both" : cache_names[primary], o->runs, o->touch_words,
            pageout_used == PAGEOUT_SELF_MADVISE ? "madvise" : "process_madvise",
            fs_name(s->fs_type));
}

static int write_json_file(const char *path, const options *o, const results *r,
                           const corpus *c, const scratch *s)
{
    FILE *f = fopen(path, "we");
    if (!f)
        return fail_errno(path, "open");
    print_json(f, o, r, c, s);
    if (fclose(f) != 0)
        return fail_errno(path, "write");
    return 0;
}

/* ---- main ---- */

/* Disk the copies need at most: every strategy's copy plus a plain copy for the mapped ones
 * (sidecars, converted files and the temporary file of a conversion). */
static uint64_t space_needed(const options *o, const corpus *c)
{
    uint64_t total = 64u << 20;
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            total += c->compressed_bytes;
    for (size_t s = MDD_STRATEGY_SIDECAR; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            total += c->uncompressed_bytes + c->uncompressed_bytes / 8;
    return total;
}

/* Copies, converts or builds sidecars, then writes back and evicts everything: the work
 * that allocates and decodes, done in a helper process so that none of it stays in the
 * parent's heap for the measured children to inherit. */
static int fill_sets(const options *o, const strategy_set *sets)
{
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++) {
        if (!o->use_strategy[i])
            continue;
        fprintf(stderr, "%s: preparing %s in %s\n", PROG, mdd_strategy_name(sets[i].strategy),
                sets[i].dir);
        if (set_copy(&sets[i]) != 0 || set_prepare(&sets[i]) != 0 ||
            set_for_each_file(&sets[i], evict_file, NULL) != 0)
            return -1;
    }
    return 0;
}

static int fill_sets_in_helper(const options *o, const strategy_set *sets)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return fail_errno("fork", "fork");
    if (pid == 0) {
        default_interrupts();
        _exit(fill_sets(o, sets) == 0 ? 0 : 1);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return fail_errno("preparation", "waitpid");
        if (interrupted)
            kill(pid, SIGTERM); /* then reaped by the next wait */
    }
    if (WIFSIGNALED(status))
        return fail("preparation", "killed by signal %d", WTERMSIG(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1; /* it said why */
}

static int prepare_all(const options *o, const corpus *c, const scratch *s, strategy_set *sets)
{
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++) {
        sets[i].strategy = (mdd_strategy)i;
        if (o->use_strategy[i] && set_layout(&sets[i], s, c, o->dir) != 0)
            return -1;
    }
    if (fill_sets_in_helper(o, sets) != 0)
        return -1;
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        if (o->use_strategy[i] && set_for_each_file(&sets[i], add_disk_kb, &sets[i].disk_kb) != 0)
            return -1;
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    corpus c;
    scratch s = {0};
    strategy_set sets[MDD_STRATEGY_COUNT] = {{0}};
    results r;
    memset(&r, 0, sizeof r);
    if (parse_options(argc, argv, &o) != 0)
        return 2;
    /* A child that dies while the parent writes a command must not kill the parent. */
    signal(SIGPIPE, SIG_IGN);
    catch_interrupts();
    int rc = corpus_load(o.dir, &c) != 0 || results_alloc(&r, o.runs) != 0 ? -1 : 0;
    if (rc == 0)
        rc = scratch_create(&s);
    if (rc == 0)
        rc = check_space(s.root, space_needed(&o, &c));
    if (rc == 0)
        rc = prepare_all(&o, &c, &s, sets);
    if (rc == 0)
        rc = run_all(&o, sets, &r);
    if (rc == 0 && o.json_out)
        rc = write_json_file(o.json_out, &o, &r, &c, &s);
    if (rc == 0 && o.json)
        print_json(stdout, &o, &r, &c, &s);
    else if (rc == 0)
        print_markdown(&o, &r, &c, &s);
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        set_free(&sets[i]);
    scratch_remove(&s, o.keep);
    results_free(&r);
    corpus_free(&c);
    return rc == 0 ? 0 : 1;
}
