/* SPDX-License-Identifier: Apache-2.0 */
/* hostile_mdd OUT.mdd: writes an MDD file whose names and texts are markup, for the page's
 * test (tests/browser): an ECU "HOSTILE<b>1</b>" with a base variant "<svg onload=...>", a
 * service 22 F1 90 named "<img src=x onerror=...>" and a DTC whose text is a <script>. A page
 * that renders them as text shows them as written; one that renders them as markup runs
 * them, which sets window.pwned. */
#include "ecu_builder.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd_internal/codec.h>

#include <stdio.h>
#include <string.h>

#define HOSTILE_ECU "HOSTILE<b>1</b>"
#define HOSTILE_VARIANT "<svg onload=\"window.pwned=3\">"
#define HOSTILE_SERVICE "<img src=x onerror=\"window.pwned=1\">"
#define HOSTILE_TEXT "<script>window.pwned=2</script>"

static mdd_bytes text(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: hostile_mdd OUT.mdd\n");
        return 2;
    }
    const eb_service services[] = {EB_SERVICE(HOSTILE_SERVICE, "34", "61840", 16)};
    const eb_layer layers[] = {{.kind = EB_VARIANT, .name = HOSTILE_VARIANT, .is_base = 1,
                                .services = services, .service_count = 1}};
    const eb_dtc dtcs[] = {{.name = HOSTILE_SERVICE, .code = 0x123456, .text = HOSTILE_TEXT}};
    eb_ecu ecu = {.name = HOSTILE_ECU, .layers = layers, .layer_count = 1, .dtcs = dtcs,
                  .dtc_count = 1, .revision = "<i>1</i>"};
    tb built;
    eb_build(&built, &ecu);
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_error err;
    if (mdd_sha512(built.buf, built.len, digest, &err) != MDD_OK)
        return fprintf(stderr, "hostile_mdd: %s\n", err.message), 1;
    mdd_signature sig = {.algorithm = text("sha512_uncompressed"),
                         .signature = {digest, sizeof digest}};
    mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION,
                       .data = {built.buf, built.len}, .signatures = &sig,
                       .signature_count = 1};
    mdd_file file = {.version = text("2025-05-21"), .ecu_name = text(HOSTILE_ECU),
                     .chunks = &chunk, .chunk_count = 1};
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    FILE *f = NULL;
    int ok = mdd_file_encode(&file, &sink, &err) == MDD_OK && (f = fopen(argv[1], "wb")) &&
             fwrite(out.data, 1, out.len, f) == out.len;
    if (f && fclose(f) != 0)
        ok = 0;
    mdd_buffer_free(&out);
    if (!ok)
        fprintf(stderr, "hostile_mdd: %s: cannot write it\n", argv[1]);
    return ok ? 0 : 1;
}
