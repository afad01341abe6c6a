/* SPDX-License-Identifier: Apache-2.0 */
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
 * same bytes, and prints the medians and the ratios of each verification to each read, then
 * the fastest of the RUNS passes of each kind on the heap buffer and of read(2). The
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

#include <mdd/ecu_views.h>
#include <mdd/fb.h>
#include <mdd/fb_verify.h>
#include <mdd/file.h>
#include <mdd_internal/ecu_fields.h>

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

/* Tables laid out only up to the last field id filled here: trailing absent fields take no
 * vtable slot, as in flatc's output. */
enum {
    BENCH_SD_IDS = FID_SD_SI + 1,
    BENCH_TEXT_IDS = FID_TEXT_VALUE + 1,
    BENCH_LONG_NAME_IDS = FID_LONG_NAME_VALUE + 1,
    BENCH_STANDARD_LENGTH_TYPE_IDS = FID_STANDARD_LENGTH_TYPE_BIT_LENGTH + 1,
    BENCH_RESPONSE_IDS = FID_RESPONSE_PARAMS + 1,
    BENCH_REQUEST_IDS = FID_REQUEST_PARAMS + 1,
    BENCH_DIAG_COMM_IDS = FID_DIAG_COMM_IS_EXECUTABLE + 1,
    BENCH_DIAG_SERVICE_IDS = FID_DIAG_SERVICE_TRANSMISSION_MODE + 1,
    BENCH_DIAG_LAYER_IDS = FID_DIAG_LAYER_DIAG_SERVICES + 1,
    BENCH_VARIANT_IDS = FID_VARIANT_IS_BASE_VARIANT + 1
};

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
    uint32_t p[FIDS_PARAM], cc[FIDS_CODED_CONST], dct[FIDS_DIAG_CODED_TYPE],
        slt[BENCH_STANDARD_LENGTH_TYPE_IDS];
    char text[32];
    add_table(b, link_at, FIDS_PARAM,
              (const uint8_t[FIDS_PARAM]){[FID_PARAM_ID] = 4, [FID_PARAM_PARAM_TYPE] = 1,
                                          [FID_PARAM_SHORT_NAME] = 4, [FID_PARAM_SEMANTIC] = 4,
                                          [FID_PARAM_BYTE_POSITION] = 4,
                                          [FID_PARAM_SPECIFIC_DATA_TYPE] = 1,
                                          [FID_PARAM_SPECIFIC_DATA] = 4},
              p);
    tb_set32(b, p[FID_PARAM_ID], n);
    tb_set32(b, p[FID_PARAM_BYTE_POSITION], byte_pos);
    b->buf[p[FID_PARAM_SPECIFIC_DATA_TYPE]] = MDD_PARAM_SPECIFIC_DATA_CODED_CONST;
    snprintf(text, sizeof text, "Param_%" PRIu32, n);
    add_string(b, p[FID_PARAM_SHORT_NAME], text);
    add_string(b, p[FID_PARAM_SEMANTIC], "DATA");
    add_table(b, p[FID_PARAM_SPECIFIC_DATA], FIDS_CODED_CONST,
              (const uint8_t[FIDS_CODED_CONST]){[FID_CODED_CONST_CODED_VALUE] = 4,
                                                [FID_CODED_CONST_DIAG_CODED_TYPE] = 4},
              cc);
    snprintf(text, sizeof text, "%" PRIu32, n % 65536);
    add_string(b, cc[FID_CODED_CONST_CODED_VALUE], text);
    add_table(b, cc[FID_CODED_CONST_DIAG_CODED_TYPE], FIDS_DIAG_CODED_TYPE,
              (const uint8_t[FIDS_DIAG_CODED_TYPE]){[FID_DIAG_CODED_TYPE_TYPE] = 1,
                                                    [FID_DIAG_CODED_TYPE_BASE_DATA_TYPE] = 1,
                                                    [FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE] = 1,
                                                    [FID_DIAG_CODED_TYPE_SPECIFIC_DATA] = 4},
              dct);
    b->buf[dct[FID_DIAG_CODED_TYPE_TYPE]] = MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE;
    b->buf[dct[FID_DIAG_CODED_TYPE_BASE_DATA_TYPE]] = MDD_DATA_TYPE_A_UINT_32;
    b->buf[dct[FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE]] =
        MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE;
    add_table(b, dct[FID_DIAG_CODED_TYPE_SPECIFIC_DATA], BENCH_STANDARD_LENGTH_TYPE_IDS,
              (const uint8_t[BENCH_STANDARD_LENGTH_TYPE_IDS]){
                  [FID_STANDARD_LENGTH_TYPE_BIT_LENGTH] = 4},
              slt);
    tb_set32(b, slt[FID_STANDARD_LENGTH_TYPE_BIT_LENGTH], bits);
}

/* A vector of count params linked from link_at: an 8-bit SID, a 16-bit DID, then data. */
static void add_params(tb *b, uint32_t link_at, uint32_t count, uint32_t n)
{
    uint32_t v = tb_vector(b, count);
    tb_link(b, link_at, v);
    for (uint32_t i = 0; i < count; i++)
        add_param(b, v + 4 + 4 * i, n * 8 + i, i == 0 ? 0 : 2 * i - 1, i == 0 ? 8 : 16);
}

static void add_response(tb *b, uint32_t link_at, uint8_t type, uint32_t params, uint32_t n)
{
    uint32_t r[BENCH_RESPONSE_IDS];
    uint32_t v = tb_vector(b, 1);
    tb_link(b, link_at, v);
    add_table(b, v + 4, BENCH_RESPONSE_IDS,
              (const uint8_t[BENCH_RESPONSE_IDS]){[FID_RESPONSE_RESPONSE_TYPE] = 1,
                                                  [FID_RESPONSE_PARAMS] = 4},
              r);
    b->buf[r[FID_RESPONSE_RESPONSE_TYPE]] = type;
    add_params(b, r[FID_RESPONSE_PARAMS], params, n);
}

static void add_service(tb *b, uint32_t link_at, uint32_t n)
{
    uint32_t s[BENCH_DIAG_SERVICE_IDS], c[BENCH_DIAG_COMM_IDS], ln[BENCH_LONG_NAME_IDS],
        fc[FIDS_FUNCT_CLASS], req[BENCH_REQUEST_IDS];
    char text[48];
    add_table(b, link_at, BENCH_DIAG_SERVICE_IDS,
              (const uint8_t[BENCH_DIAG_SERVICE_IDS]){
                  [FID_DIAG_SERVICE_DIAG_COMM] = 4, [FID_DIAG_SERVICE_REQUEST] = 4,
                  [FID_DIAG_SERVICE_POS_RESPONSES] = 4, [FID_DIAG_SERVICE_NEG_RESPONSES] = 4,
                  [FID_DIAG_SERVICE_ADDRESSING] = 1, [FID_DIAG_SERVICE_TRANSMISSION_MODE] = 1},
              s);
    b->buf[s[FID_DIAG_SERVICE_ADDRESSING]] = MDD_ADDRESSING_PHYSICAL;
    b->buf[s[FID_DIAG_SERVICE_TRANSMISSION_MODE]] = MDD_TRANSMISSION_MODE_SEND_AND_RECEIVE;
    add_table(b, s[FID_DIAG_SERVICE_DIAG_COMM], BENCH_DIAG_COMM_IDS,
              (const uint8_t[BENCH_DIAG_COMM_IDS]){
                  [FID_DIAG_COMM_SHORT_NAME] = 4, [FID_DIAG_COMM_LONG_NAME] = 4,
                  [FID_DIAG_COMM_SEMANTIC] = 4, [FID_DIAG_COMM_FUNCT_CLASS] = 4,
                  [FID_DIAG_COMM_DIAG_CLASS_TYPE] = 1, [FID_DIAG_COMM_IS_MANDATORY] = 1,
                  [FID_DIAG_COMM_IS_EXECUTABLE] = 1},
              c);
    snprintf(text, sizeof text, "Service_%05" PRIu32 "_Read", n);
    add_string(b, c[FID_DIAG_COMM_SHORT_NAME], text);
    add_table(b, c[FID_DIAG_COMM_LONG_NAME], BENCH_LONG_NAME_IDS,
              (const uint8_t[BENCH_LONG_NAME_IDS]){[FID_LONG_NAME_VALUE] = 4}, ln);
    snprintf(text, sizeof text, "Reads data identifier %" PRIu32, n);
    add_string(b, ln[FID_LONG_NAME_VALUE], text);
    add_string(b, c[FID_DIAG_COMM_SEMANTIC], "STOREDDATA");
    uint32_t classes = tb_vector(b, 1);
    tb_link(b, c[FID_DIAG_COMM_FUNCT_CLASS], classes);
    add_table(b, classes + 4, FIDS_FUNCT_CLASS,
              (const uint8_t[FIDS_FUNCT_CLASS]){[FID_FUNCT_CLASS_SHORT_NAME] = 4}, fc);
    add_string(b, fc[FID_FUNCT_CLASS_SHORT_NAME], "Ident");
    b->buf[c[FID_DIAG_COMM_IS_EXECUTABLE]] = 1;
    add_table(b, s[FID_DIAG_SERVICE_REQUEST], BENCH_REQUEST_IDS,
              (const uint8_t[BENCH_REQUEST_IDS]){[FID_REQUEST_PARAMS] = 4}, req);
    add_params(b, req[FID_REQUEST_PARAMS], 2, n);
    add_response(b, s[FID_DIAG_SERVICE_POS_RESPONSES], MDD_RESPONSE_TYPE_POS_RESPONSE, 3, n);
    add_response(b, s[FID_DIAG_SERVICE_NEG_RESPONSES], MDD_RESPONSE_TYPE_NEG_RESPONSE, 2, n);
}

static void add_dtc(tb *b, uint32_t link_at, uint32_t n)
{
    uint32_t d[FIDS_DTC], t[BENCH_TEXT_IDS], sdgs[FIDS_SDGS], sdg[FIDS_SDG], e[FIDS_SD_OR_SDG],
        sd[BENCH_SD_IDS];
    char text[32];
    add_table(b, link_at, FIDS_DTC,
              (const uint8_t[FIDS_DTC]){[FID_DTC_SHORT_NAME] = 4, [FID_DTC_TROUBLE_CODE] = 4,
                                        [FID_DTC_TEXT] = 4, [FID_DTC_SDGS] = 4,
                                        [FID_DTC_IS_TEMPORARY] = 1},
              d);
    snprintf(text, sizeof text, "DTC_%06" PRIu32, n);
    add_string(b, d[FID_DTC_SHORT_NAME], text);
    tb_set32(b, d[FID_DTC_TROUBLE_CODE], 0x100000 + n);
    add_table(b, d[FID_DTC_TEXT], BENCH_TEXT_IDS,
              (const uint8_t[BENCH_TEXT_IDS]){[FID_TEXT_VALUE] = 4}, t);
    snprintf(text, sizeof text, "Trouble code %" PRIu32, n);
    add_string(b, t[FID_TEXT_VALUE], text);
    add_table(b, d[FID_DTC_SDGS], FIDS_SDGS, (const uint8_t[FIDS_SDGS]){[FID_SDGS_SDGS] = 4},
              sdgs);
    uint32_t groups = tb_vector(b, 1);
    tb_link(b, sdgs[FID_SDGS_SDGS], groups);
    add_table(b, groups + 4, FIDS_SDG,
              (const uint8_t[FIDS_SDG]){[FID_SDG_CAPTION_SN] = 4, [FID_SDG_SDS] = 4}, sdg);
    add_string(b, sdg[FID_SDG_CAPTION_SN], "dtc_info");
    uint32_t entries = tb_vector(b, 1);
    tb_link(b, sdg[FID_SDG_SDS], entries);
    add_table(b, entries + 4, FIDS_SD_OR_SDG,
              (const uint8_t[FIDS_SD_OR_SDG]){[FID_SD_OR_SDG_SD_OR_SDG_TYPE] = 1,
                                              [FID_SD_OR_SDG_SD_OR_SDG] = 4},
              e);
    b->buf[e[FID_SD_OR_SDG_SD_OR_SDG_TYPE]] = MDD_SD_XOR_SDG_SD;
    add_table(b, e[FID_SD_OR_SDG_SD_OR_SDG], BENCH_SD_IDS,
              (const uint8_t[BENCH_SD_IDS]){[FID_SD_VALUE] = 4, [FID_SD_SI] = 4}, sd);
    add_string(b, sd[FID_SD_VALUE], "1");
    add_string(b, sd[FID_SD_SI], "severity");
}

static void add_variant(tb *b, uint32_t link_at, uint32_t index)
{
    uint32_t v[BENCH_VARIANT_IDS], l[BENCH_DIAG_LAYER_IDS];
    char text[32];
    add_table(b, link_at, BENCH_VARIANT_IDS,
              (const uint8_t[BENCH_VARIANT_IDS]){[FID_VARIANT_DIAG_LAYER] = 4,
                                                 [FID_VARIANT_IS_BASE_VARIANT] = 1},
              v);
    b->buf[v[FID_VARIANT_IS_BASE_VARIANT]] = index == 0;
    add_table(b, v[FID_VARIANT_DIAG_LAYER], BENCH_DIAG_LAYER_IDS,
              (const uint8_t[BENCH_DIAG_LAYER_IDS]){[FID_DIAG_LAYER_SHORT_NAME] = 4,
                                                    [FID_DIAG_LAYER_DIAG_SERVICES] = 4},
              l);
    snprintf(text, sizeof text, "Variant_%03" PRIu32, index);
    add_string(b, l[FID_DIAG_LAYER_SHORT_NAME], text);
    uint32_t services = tb_vector(b, SERVICES_PER_VARIANT);
    tb_link(b, l[FID_DIAG_LAYER_DIAG_SERVICES], services);
    for (uint32_t i = 0; i < SERVICES_PER_VARIANT; i++)
        add_service(b, services + 4 + 4 * i, index * SERVICES_PER_VARIANT + i);
}

/* EcuData {version, ecu_name, variants [variants x ...], dtcs [variants x 50 DTCs]}. */
static void build_synthetic(tb *b, uint32_t variants)
{
    uint32_t ecu[FIDS_ECU_DATA];
    tb_init(b);
    tb_link(b, 0,
            tb_table(b, FIDS_ECU_DATA,
                     (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_VERSION] = 4,
                                                    [FID_ECU_DATA_ECU_NAME] = 4,
                                                    [FID_ECU_DATA_VARIANTS] = 4,
                                                    [FID_ECU_DATA_DTCS] = 4},
                     ecu));
    add_string(b, ecu[FID_ECU_DATA_VERSION], "2025-05-10");
    add_string(b, ecu[FID_ECU_DATA_ECU_NAME], "BENCH");
    uint32_t vs = tb_vector(b, variants);
    tb_link(b, ecu[FID_ECU_DATA_VARIANTS], vs);
    uint32_t ds = tb_vector(b, variants * DTCS_PER_VARIANT);
    tb_link(b, ecu[FID_ECU_DATA_DTCS], ds);
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
    static const uint32_t list_ids[3] = {FID_ECU_DATA_VARIANTS, FID_ECU_DATA_FUNCTIONAL_GROUPS,
                                         FID_ECU_DATA_DTCS};
    mdd_fb_table root = mdd_fb_root(one, len);
    mdd_fb_vector lists[3];
    for (int i = 0; i < 3; i++)
        lists[i] = mdd_fb_vector_field(root, list_ids[i], 4);
    uint32_t stride = (uint32_t)(len + 7) & ~7u;
    uint32_t copies = (uint32_t)(mib * 1048576.0 / stride + 0.5);
    copies = copies ? copies : 1;
    uint32_t header = 64 + 4 * copies * (lists[0].count + lists[1].count + lists[2].count);
    uint32_t base = (header + 7) & ~7u;
    uint32_t ecu[FIDS_ECU_DATA];
    tb_init(b);
    tb_link(b, 0,
            tb_table(b, FIDS_ECU_DATA,
                     (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_VARIANTS] = 4,
                                                    [FID_ECU_DATA_FUNCTIONAL_GROUPS] = 4,
                                                    [FID_ECU_DATA_DTCS] = 4},
                     ecu));
    for (int i = 0; i < 3; i++)
        link_copies(b, ecu[list_ids[i]], lists[i], copies, base, stride);
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

/* Times every kind of pass RUNS times, interleaved, and prints the medians and ratios, then
 * the fastest pass of each kind: on a machine busy with other work, the best of many runs
 * moves less than the median. */
static void compare_passes(const char *file, int runs)
{
    double *times[PASSES], median[PASSES], best[PASSES];
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
        best[k] = times[k][0]; /* sorted by bench_median() */
        free(times[k]);
    }
    print_ratios("verify", median, 0);
    print_ratios("one-shot", median, 1);
    printf("best    verify %.3f ms, one-shot %.3f ms, scan %.3f ms, read(2) %.3f ms\n",
           best[VERIFY_MEMORY] * 1e-6, best[ONE_SHOT_MEMORY] * 1e-6, best[SCAN_MEMORY] * 1e-6,
           best[READ_FILE] * 1e-6);
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
