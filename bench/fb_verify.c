/* FlatBuffers verification against one sequential read of the same bytes.
 *
 *   bench_fb_verify synthetic [MIB [RUNS]]
 *   bench_fb_verify FILE.mdd [MIB [RUNS]]       (default 4 MiB, 11 runs)
 *
 * Builds an EcuData payload of about MIB MiB, one of two ways:
 *   synthetic  every table distinct and small strings, so the verifier does the most work
 *              per byte (about 41 bytes per table; the corpus has 65 to 83): variants whose
 *              layers hold services with DiagComm, a request of coded-const params (SID, DID)
 *              and a positive and a negative response of such params, plus DTCs with texts and
 *              special data;
 *   FILE.mdd   copies of the real payload of FILE laid end to end under a new root whose
 *              variants, functional groups and DTCs are those of every copy: real data at real
 *              density, sharing inside each copy as in the file, no sharing between copies.
 * The payload is also written to a temporary file ($TMPDIR, else /tmp). Then, RUNS times and
 * interleaved, it times two verifications (default options) and three sequential reads of the
 * same bytes, and prints the medians and the ratios of each verification to each read. The
 * verifications:
 *   verify    mdd_fb_verifier_check() with one verifier reused for every pass, as mdd_db_open()
 *             verifies its payloads: the bookkeeping is cleared, not allocated;
 *   one-shot  mdd_fb_verify_ecu_data(), its bookkeeping allocated (fresh pages to fault in
 *             and zero) and freed in every pass.
 * The reads:
 *   memory  the payload in a heap buffer, warm in the CPU caches, against a sum of it as
 *           8-byte words: every byte loaded once, as fast as the core streams memory;
 *   read    the same verification against read(2) of the file, page cache warm, into a
 *           buffer already faulted in: one pass of the kernel's copy, the load path of a
 *           reader that does not map;
 *   mapped  the file mapped afresh with mdd_mapping_open() for every timed pass, against the
 *           same sum over that mapping: the load path, where each pass also pays for the page
 *           faults of its first touch. */
#define TB_CAP ((uint32_t)64 << 20)
#include "../tests/support/fb_builder.h"
#include "bench_common.h"

#include <mdd/fb.h>
#include <mdd/file.h>

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

/* EcuData field ids (docs/format.md). */
enum { ECU_VARIANTS = 5, ECU_FUNCTIONAL_GROUPS = 6, ECU_DTCS = 7 };

#define SERVICES_PER_VARIANT 200
#define DTCS_PER_VARIANT 50

static tb payload; /* large: static storage */
static mdd_fb_verifier *reused; /* the "verify" passes' */

static uint32_t add_string(tb *b, uint32_t field, const char *s)
{
    uint32_t at = tb_string(b, s);
    tb_link(b, field, at);
    return at;
}

/* A table of n fields of the given sizes, linked from link_at. */
static uint32_t add_table(tb *b, uint32_t link_at, uint32_t n, const uint8_t *size, uint32_t *at)
{
    uint32_t t = tb_table(b, n, size, at);
    tb_link(b, link_at, t);
    return t;
}

/* Param {id, param_type, short_name, semantic, byte_position, CodedConst {coded_value,
 * DiagCodedType {type, base_data_type, StandardLengthType {bit_length}}}} */
static void add_param(tb *b, uint32_t link_at, uint32_t n, uint32_t byte_pos, uint32_t bits)
{
    uint32_t p[10], cc[2], dct[6], slt[1];
    char text[32];
    add_table(b, link_at, 10, (const uint8_t[]){4, 1, 4, 4, 0, 0, 4, 0, 1, 4}, p);
    tb_set32(b, p[0], n);
    tb_set32(b, p[6], byte_pos);
    b->buf[p[8]] = 1; /* CodedConst */
    snprintf(text, sizeof text, "Param_%" PRIu32, n);
    add_string(b, p[2], text);
    add_string(b, p[3], "DATA");
    add_table(b, p[9], 2, (const uint8_t[]){4, 4}, cc);
    snprintf(text, sizeof text, "%" PRIu32, n % 65536);
    add_string(b, cc[0], text);
    add_table(b, cc[1], 6, (const uint8_t[]){1, 0, 1, 0, 1, 4}, dct);
    b->buf[dct[0]] = 3; /* STANDARD_LENGTH_TYPE */
    b->buf[dct[2]] = 1; /* A_UINT_32 */
    b->buf[dct[4]] = 4; /* StandardLengthType */
    add_table(b, dct[5], 1, (const uint8_t[]){4}, slt);
    tb_set32(b, slt[0], bits);
}

/* A vector of count params linked from link_at: an 8-bit SID, a 16-bit DID, then data. */
static void add_params(tb *b, uint32_t link_at, uint32_t count, uint32_t n)
{
    uint32_t v = tb_vector(b, count);
    tb_link(b, link_at, v);
    for (uint32_t i = 0; i < count; i++)
        add_param(b, v + 4 + 4 * i, n * 8 + i, i == 0 ? 0 : 2 * i - 1, i == 0 ? 8 : 16);
}

static void add_response(tb *b, uint32_t link_at, uint32_t type, uint32_t params, uint32_t n)
{
    uint32_t r[2];
    uint32_t v = tb_vector(b, 1);
    tb_link(b, link_at, v);
    add_table(b, v + 4, 2, (const uint8_t[]){1, 4}, r);
    b->buf[r[0]] = (uint8_t)type;
    add_params(b, r[1], params, n);
}

static void add_service(tb *b, uint32_t link_at, uint32_t n)
{
    uint32_t s[8], c[12], ln[1], fc[1], req[1];
    char text[48];
    add_table(b, link_at, 8, (const uint8_t[]){4, 4, 4, 4, 0, 0, 1, 1}, s);
    b->buf[s[6]] = 1; /* PHYSICAL */
    b->buf[s[7]] = 2; /* SEND_AND_RECEIVE */
    add_table(b, s[0], 12, (const uint8_t[]){4, 4, 4, 4, 0, 1, 0, 0, 0, 0, 1, 1}, c);
    snprintf(text, sizeof text, "Service_%05" PRIu32 "_Read", n);
    add_string(b, c[0], text);
    add_table(b, c[1], 1, (const uint8_t[]){4}, ln);
    snprintf(text, sizeof text, "Reads data identifier %" PRIu32, n);
    add_string(b, ln[0], text);
    add_string(b, c[2], "STOREDDATA");
    uint32_t classes = tb_vector(b, 1);
    tb_link(b, c[3], classes);
    add_table(b, classes + 4, 1, (const uint8_t[]){4}, fc);
    add_string(b, fc[0], "Ident");
    b->buf[c[11]] = 1;
    add_table(b, s[1], 1, (const uint8_t[]){4}, req);
    add_params(b, req[0], 2, n);
    add_response(b, s[2], 0, 3, n);
    add_response(b, s[3], 1, 2, n);
}

static void add_dtc(tb *b, uint32_t link_at, uint32_t n)
{
    uint32_t d[7], t[1], sdgs[1], sdg[3], e[2], sd[2];
    char text[32];
    add_table(b, link_at, 7, (const uint8_t[]){4, 4, 0, 4, 0, 4, 1}, d);
    snprintf(text, sizeof text, "DTC_%06" PRIu32, n);
    add_string(b, d[0], text);
    tb_set32(b, d[1], 0x100000 + n);
    add_table(b, d[3], 1, (const uint8_t[]){4}, t);
    snprintf(text, sizeof text, "Trouble code %" PRIu32, n);
    add_string(b, t[0], text);
    add_table(b, d[5], 1, (const uint8_t[]){4}, sdgs);
    uint32_t groups = tb_vector(b, 1);
    tb_link(b, sdgs[0], groups);
    add_table(b, groups + 4, 3, (const uint8_t[]){4, 4, 0}, sdg);
    add_string(b, sdg[0], "dtc_info");
    uint32_t entries = tb_vector(b, 1);
    tb_link(b, sdg[1], entries);
    add_table(b, entries + 4, 2, (const uint8_t[]){1, 4}, e);
    b->buf[e[0]] = 1; /* SD */
    add_table(b, e[1], 2, (const uint8_t[]){4, 4}, sd);
    add_string(b, sd[0], "1");
    add_string(b, sd[1], "severity");
}

static void add_variant(tb *b, uint32_t link_at, uint32_t index)
{
    uint32_t v[2], l[5];
    char text[32];
    add_table(b, link_at, 2, (const uint8_t[]){4, 1}, v);
    b->buf[v[1]] = index == 0;
    add_table(b, v[0], 5, (const uint8_t[]){4, 0, 0, 0, 4}, l);
    snprintf(text, sizeof text, "Variant_%03" PRIu32, index);
    add_string(b, l[0], text);
    uint32_t services = tb_vector(b, SERVICES_PER_VARIANT);
    tb_link(b, l[4], services);
    for (uint32_t i = 0; i < SERVICES_PER_VARIANT; i++)
        add_service(b, services + 4 + 4 * i, index * SERVICES_PER_VARIANT + i);
}

/* EcuData {version, ecu_name, variants [variants x ...], dtcs [variants x 50 DTCs]}. */
static void build_synthetic(tb *b, uint32_t variants)
{
    uint32_t ecu[8];
    tb_init(b);
    tb_link(b, 0, tb_table(b, 8, (const uint8_t[]){4, 4, 0, 0, 0, 4, 0, 4}, ecu));
    add_string(b, ecu[0], "2025-05-10");
    add_string(b, ecu[1], "BENCH");
    uint32_t vs = tb_vector(b, variants);
    tb_link(b, ecu[5], vs);
    uint32_t ds = tb_vector(b, variants * DTCS_PER_VARIANT);
    tb_link(b, ecu[7], ds);
    for (uint32_t i = 0; i < variants; i++)
        add_variant(b, vs + 4 + 4 * i, i);
    for (uint32_t i = 0; i < variants * DTCS_PER_VARIANT; i++)
        add_dtc(b, ds + 4 + 4 * i, i);
}

/* Fills a vector of the tables that the vector of every copy holds: copy k of the payload
 * starts at base + k * stride, and its positions are those of the payload shifted by that. */
static void link_copies(tb *b, uint32_t link_at, mdd_fb_vector one, uint32_t copies,
                        uint32_t base, uint32_t stride)
{
    uint32_t v = tb_vector(b, one.count * copies);
    tb_link(b, link_at, v);
    for (uint32_t k = 0; k < copies; k++)
        for (uint32_t i = 0; i < one.count; i++)
            tb_link(b, v + 4 + 4 * (k * one.count + i),
                    base + k * stride + mdd_fb_vector_table(one, i).pos);
}

/* EcuData {variants, functional_groups, dtcs of every copy}, then the copies. */
static int build_from_file(tb *b, const char *path, double mib)
{
    FILE *f = fopen(path, "rb");
    static uint8_t file[1 << 20];
    size_t file_len = f ? fread(file, 1, sizeof file, f) : 0;
    if (f)
        fclose(f);
    size_t len;
    uint8_t *one = tb_corpus_payload(file, file_len, &len);
    if (!one || mdd_fb_verify_ecu_data(one, len, NULL, NULL) != MDD_OK) {
        fprintf(stderr, "bench_fb_verify: %s: no verified payload\n", path);
        free(one);
        return -1;
    }
    mdd_fb_table root = mdd_fb_root(one, len);
    mdd_fb_vector lists[3] = {mdd_fb_vector_field(root, ECU_VARIANTS, 4),
                              mdd_fb_vector_field(root, ECU_FUNCTIONAL_GROUPS, 4),
                              mdd_fb_vector_field(root, ECU_DTCS, 4)};
    uint32_t stride = (uint32_t)(len + 7) & ~7u;
    uint32_t copies = (uint32_t)(mib * 1048576.0 / stride + 0.5);
    copies = copies ? copies : 1;
    uint32_t header = 64 + 4 * copies * (lists[0].count + lists[1].count + lists[2].count);
    uint32_t base = (header + 7) & ~7u;
    uint32_t ecu[8];
    tb_init(b);
    tb_link(b, 0, tb_table(b, 8, (const uint8_t[]){0, 0, 0, 0, 0, 4, 4, 4}, ecu));
    for (int i = 0; i < 3; i++)
        link_copies(b, ecu[5 + i], lists[i], copies, base, stride);
    while (b->len < base)
        tb_put(b, 0, 1);
    for (uint32_t k = 0; k < copies; k++) {
        tb_bytes(b, one, (uint32_t)len);
        tb_align(b, 8);
    }
    free(one);
    return 0;
}

/* The sequential read: every byte loaded once, 8 at a time. */
static uint64_t read_all(const uint8_t *p, size_t len)
{
    uint64_t sum = 0;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        sum += w;
    }
    for (; i < len; i++)
        sum += p[i];
    return sum;
}

/* The fewest tables the verifier needs as max_tables: the payload's distinct tables. */
static uint32_t count_tables(const uint8_t *p, size_t len)
{
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    uint32_t lo = 1, hi = UINT32_MAX;
    while (lo < hi) {
        o.max_tables = lo + (hi - lo) / 2;
        if (mdd_fb_verify_ecu_data(p, len, &o, NULL) == MDD_OK)
            hi = o.max_tables;
        else
            lo = o.max_tables + 1;
    }
    return lo;
}

/* Builds the payload the arguments ask for; -1 after a message when that fails. */
static int build(const char *source, double mib)
{
    if (strcmp(source, "synthetic") != 0)
        return build_from_file(&payload, source, mib);
    /* One variant (200 services, 50 DTCs) comes to about 0.29 MiB. */
    uint32_t variants = (uint32_t)(mib / 0.29 + 0.5);
    build_synthetic(&payload, variants ? variants : 1);
    return 0;
}

/* The kinds of pass, timed RUNS times each; each one-shot kind comes right after its reused
 * one (print_ratios() relies on it). */
enum {
    VERIFY_MEMORY,
    ONE_SHOT_MEMORY,
    SCAN_MEMORY,
    READ_FILE,
    VERIFY_MAPPED,
    ONE_SHOT_MAPPED,
    SCAN_MAPPED,
    PASSES
};

/* Times one pass of kind k, in nanoseconds; into is a buffer of the payload's size. */
static double timed(int k, const char *file, int fd, uint8_t *into, volatile uint64_t *sink)
{
    mdd_mapping map = {0};
    const uint8_t *buf = payload.buf;
    if (k >= VERIFY_MAPPED) {
        if (mdd_mapping_open(file, &map, NULL) != MDD_OK)
            abort();
        buf = map.data;
    }
    double t0 = bench_now_ns();
    if (k == READ_FILE) {
        for (size_t done = 0; done < payload.len;) {
            ssize_t n = pread(fd, into + done, payload.len - done, (off_t)done);
            if (n <= 0)
                abort();
            done += (size_t)n;
        }
        *sink += into[payload.len - 1];
    } else if (k == VERIFY_MEMORY || k == VERIFY_MAPPED) {
        *sink += (uint64_t)mdd_fb_verifier_check(reused, buf, payload.len, NULL, NULL);
    } else if (k == ONE_SHOT_MEMORY || k == ONE_SHOT_MAPPED) {
        *sink += (uint64_t)mdd_fb_verify_ecu_data(buf, payload.len, NULL, NULL);
    } else {
        *sink += read_all(buf, payload.len);
    }
    double t = bench_now_ns() - t0;
    mdd_mapping_close(&map);
    return t;
}

/* Prints one comparison: the medians of the verification named verify_label and of a read,
 * and their ratio. */
static void print_ratio(const char *label, const char *verify_label, double verify_ns,
                        const char *read_label, double read_ns)
{
    double mib = payload.len / 1048576.0;
    printf("%-7s %-8s %.3f ms (%.0f MiB/s), %s %.3f ms (%.0f MiB/s), ratio %.2f\n", label,
           verify_label, verify_ns * 1e-6, mib / (verify_ns * 1e-9), read_label,
           read_ns * 1e-6, mib / (read_ns * 1e-9), verify_ns / read_ns);
}

/* The comparisons of one verification, reused (k VERIFY_MEMORY) or one-shot. */
static void print_ratios(const char *verify_label, const double *median, int one_shot)
{
    print_ratio("memory", verify_label, median[VERIFY_MEMORY + one_shot], "scan",
                median[SCAN_MEMORY]);
    print_ratio("read", verify_label, median[VERIFY_MEMORY + one_shot], "read(2)",
                median[READ_FILE]);
    print_ratio("mapped", verify_label, median[VERIFY_MAPPED + one_shot], "scan",
                median[SCAN_MAPPED]);
}

/* The kind of the i-th pass of run r. The second of two verifications in a row finds the
 * payload warmer in the caches: the reused and one-shot verifications swap places every run. */
static int pass_in_turn(int r, int i)
{
    if (r % 2 == 0)
        return i;
    if (i == VERIFY_MEMORY || i == VERIFY_MAPPED)
        return i + 1;
    if (i == ONE_SHOT_MEMORY || i == ONE_SHOT_MAPPED)
        return i - 1;
    return i;
}

/* Times every kind of pass RUNS times, interleaved, and prints the medians and ratios. */
static void compare_passes(const char *file, int runs)
{
    double *times[PASSES], median[PASSES];
    uint8_t *into = malloc(payload.len);
    int fd = open(file, O_RDONLY);
    if (!into || fd < 0)
        abort();
    memset(into, 1, payload.len); /* faulted in: read(2) pays for its copy only */
    volatile uint64_t sink = 0;
    for (int k = 0; k < PASSES; k++)
        times[k] = calloc((size_t)runs, sizeof(double));
    for (int r = 0; r < runs; r++)
        for (int i = 0; i < PASSES; i++) {
            int k = pass_in_turn(r, i);
            times[k][r] = timed(k, file, fd, into, &sink);
        }
    for (int k = 0; k < PASSES; k++) {
        median[k] = bench_median(times[k], (size_t)runs);
        free(times[k]);
    }
    print_ratios("verify", median, 0);
    print_ratios("one-shot", median, 1);
    close(fd);
    free(into);
}

/* Writes the payload to a new temporary file; returns its path (static) or NULL. */
static const char *write_temp(void)
{
    static char path[4096];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/bench_fb_verify.XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return NULL;
    int ok = write(fd, payload.buf, payload.len) == (ssize_t)payload.len;
    close(fd);
    return ok ? path : NULL;
}

int main(int argc, char **argv)
{
    double mib = argc > 2 ? atof(argv[2]) : 4.0;
    int runs = argc > 3 ? atoi(argv[3]) : 11;
    if (argc < 2 || mib <= 0 || mib > 60 || runs < 1 || runs > 1000) {
        fprintf(stderr, "usage: bench_fb_verify synthetic|FILE.mdd [MIB (0..60] [RUNS 1..1000]]\n");
        return 2;
    }
    if (build(argv[1], mib) != 0)
        return 1;
    mdd_error err;
    if (mdd_fb_verifier_create(&reused, &err) != MDD_OK) {
        fprintf(stderr, "bench_fb_verify: %s\n", err.message);
        return 1;
    }
    /* Also grows the reused verifier, as the ECUs before this one would in mdd_db_open(). */
    if (mdd_fb_verifier_check(reused, payload.buf, payload.len, NULL, &err) != MDD_OK) {
        fprintf(stderr, "bench_fb_verify: the built payload does not verify: %s\n", err.message);
        return 1;
    }
    const char *file = write_temp();
    if (!file) {
        fprintf(stderr, "bench_fb_verify: cannot write a temporary file\n");
        return 1;
    }
    printf("payload: %" PRIu32 " bytes, %" PRIu32 " tables; medians of %d runs\n", payload.len,
           count_tables(payload.buf, payload.len), runs);
    compare_passes(file, runs);
    unlink(file);
    mdd_fb_verifier_free(reused);
    return 0;
}
