/* SPDX-License-Identifier: Apache-2.0 */
/* The persisted index's checker (mdd_internal/db.h): no index may crash it, make it read
 * outside the index, or, once accepted, make a lookup read outside the index or the payload.
 * The ECU is a generated payload opened once; its own index, encoded as a file would hold it,
 * is the base. Each input is tried twice: as an index file as it is (random bytes rarely
 * pass the checksum), and as patches to the base, each 8 bytes (a 4-byte offset into the
 * base, taken modulo its size and 4-aligned, and the 4-byte value written there), with the
 * checksum recomputed, which lets the fuzzer reach every check behind it. An accepted index
 * is then used by every lookup over the layer the input's first byte chooses, and the base is
 * adopted again. */
#include <mdd/db.h>
#include <mdd_internal/db.h>
#include <mdd_internal/gen.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PATCH_SIZE 8
#define MAX_INDEX ((size_t)1 << 20)
#define RESULTS 4

static void check(int ok)
{
    if (!ok)
        abort();
}

typedef struct base {
    mdd_fb_builder builder;
    mdd_db *db;
    mdd_inherit_limits limits;
    uint64_t *index; /* 8-byte aligned, as a mapping is */
    size_t size;
    uint64_t *work; /* the input's index, as large as MAX_INDEX */
} base;

static base *base_get(void)
{
    static base b;
    static int ready;
    if (ready)
        return &b;
    mdd_gen_spec spec = {.seed = 3, .target_bytes = 40000};
    memcpy(spec.name, "FUZZ", 5);
    mdd_bytes payload;
    mdd_buffer encoded = {0};
    mdd_db_options o = mdd_db_options_default();
    b.limits = o.inherit;
    mdd_fb_builder_init(&b.builder, 0);
    check(mdd_gen_payload(&spec, &b.builder, &payload, NULL) == MDD_OK);
    check(mdd_db_open_payloads(&payload, 1, &o, &b.db, NULL) == MDD_OK);
    check(mdd_db_index_encode_payload(b.db, 0, &b.limits, &encoded, NULL) == MDD_OK);
    b.size = encoded.len;
    b.index = malloc(b.size);
    b.work = malloc(MAX_INDEX);
    check(b.index && b.work && b.size <= MAX_INDEX);
    memcpy(b.index, encoded.data, b.size);
    mdd_buffer_free(&encoded);
    ready = 1;
    return &b;
}

static void use_layer(const mdd_db_layer *layer)
{
    mdd_db_service out[RESULTS];
    uint32_t n = mdd_db_layer_service_count(layer);
    for (uint32_t j = 0; j < n; j++) {
        mdd_db_service s = mdd_db_layer_service_at(layer, j);
        (void)mdd_db_layer_lookup_request(layer, s.prefix.bytes, s.prefix.len, out, RESULTS);
        if (s.prefix.len > 1)
            (void)mdd_db_layer_lookup_subfunction(layer, s.prefix.bytes[0], s.prefix.bytes[1], out,
                                                  RESULTS);
        (void)mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
    }
    for (unsigned sid = 0; sid < 256; sid += 17)
        (void)mdd_db_layer_lookup_sid(layer, (uint8_t)sid, out, RESULTS);
    (void)mdd_db_layer_lookup_name(layer, "DiagnosticSessionControl", out, RESULTS);
    (void)mdd_db_layer_lookup_class(layer, "ReadDataByIdentifier", out, RESULTS);
    (void)mdd_db_layer_lookup_semantic(layer, "DATA", out, RESULTS);
    mdd_db_service_query all = {0};
    (void)mdd_db_layer_query_services(layer, &all, out, RESULTS);
    mdd_db_service found;
    (void)mdd_db_layer_find_service(layer, "x", &found);
}

/* Every lookup of one layer (which, chosen by the input: one layer's lookups cost what a
 * whole ECU's would divided by its layers, and the fuzzer reaches the others by changing
 * the choice), and of the layers and DTCs, of the ECU whose index was just accepted. */
static void use_index(const mdd_db *db, uint32_t which)
{
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    uint32_t variants = mdd_db_ecu_variant_count(ecu);
    uint32_t layers = variants + mdd_db_ecu_functional_group_count(ecu);
    if (layers) {
        which %= layers;
        use_layer(which < variants ? mdd_db_ecu_variant_at(ecu, which)
                                   : mdd_db_ecu_functional_group_at(ecu, which - variants));
    }
    (void)mdd_db_ecu_find_variant(ecu, "FUZZ");
    (void)mdd_db_ecu_find_functional_group(ecu, "FUZZ");
    uint32_t first;
    for (uint32_t i = 0; i < mdd_db_ecu_dtc_count(ecu); i++) {
        uint32_t code = mdd_dtc_trouble_code(mdd_db_ecu_dtc_at(ecu, i));
        check(mdd_db_ecu_find_dtcs(ecu, code, &first) <= mdd_db_ecu_dtc_count(ecu));
    }
}

/* Tries work[0..size) as the ECU's index, using layer which when it is accepted; the base is
 * the ECU's index again afterwards. */
static void try_index(base *b, size_t size, uint32_t which)
{
    if (mdd_db_index_adopt_payload(b->db, 0, &b->limits, (const uint8_t *)b->work, size, NULL) !=
        MDD_OK)
        return;
    use_index(b->db, which);
    check(mdd_db_index_adopt_payload(b->db, 0, &b->limits, (const uint8_t *)b->index, b->size,
                                     NULL) == MDD_OK);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    base *b = base_get();
    uint32_t which = size ? data[0] : 0;
    if (size <= MAX_INDEX) {
        memcpy(b->work, data, size);
        try_index(b, size, which);
    }
    uint8_t *work = (uint8_t *)b->work;
    memcpy(work, b->index, b->size);
    for (size_t i = 0; i + PATCH_SIZE <= size; i += PATCH_SIZE) {
        size_t at = (le32(data + i) % b->size) & ~(size_t)3;
        if (at + 4 <= b->size)
            memcpy(work + at, data + i + 4, 4);
    }
    mdd_db_index_seal(work, b->size);
    try_index(b, b->size, which);
    return 0;
}
