/* SPDX-License-Identifier: Apache-2.0 */
/* ecu_lookup: libmdd's main job. Opens a directory of MDD files as one database, finds the
 * services of an ECU that a UDS request addresses (22 F1 90: ReadDataByIdentifier, the VIN),
 * lists the ECU's DTCs, and closes the database.
 * Usage: ecu_lookup DIR ECU
 *
 * With the default options each compressed file is decompressed in place once, crash-safely,
 * and from then on mapped read-only: later opens decompress nothing. */
#include <mdd/mdd.h>

#include <inttypes.h>
#include <stdio.h>

/* Names and texts are views into the file, not NUL-terminated: print them by length. */
static void print_view(mdd_bytes v, const char *absent)
{
    if (!v.ptr)
        fputs(absent, stdout);
    else if (v.len > 0)
        fwrite(v.ptr, 1, v.len, stdout);
}

/* Prints the short name of every service of the variant whose request prefix matches. */
static void print_services(const mdd_db_layer *variant, const uint8_t *request, size_t len)
{
    mdd_db_service matches[16];
    size_t total = mdd_db_layer_lookup_request(variant, request, len, matches, 16);
    for (size_t i = 0; i < total && i < 16; i++) {
        fputs("  ", stdout);
        print_view(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(matches[i].service)), "");
        putchar('\n');
    }
    if (total > 16)
        printf("  and %zu more\n", total - 16);
}

/* Prints every DTC of the ECU, by trouble code: code, display form, name, text. */
static void print_dtcs(const mdd_db_ecu *ecu)
{
    uint32_t count = mdd_db_ecu_dtc_count(ecu);
    printf("DTCs: %" PRIu32 "\n", count);
    for (uint32_t i = 0; i < count; i++) {
        mdd_dtc dtc = mdd_db_ecu_dtc_at(ecu, i);
        printf("  %" PRIu32 "  ", mdd_dtc_trouble_code(dtc));
        print_view(mdd_dtc_display_trouble_code(dtc), "-");
        fputs("  ", stdout);
        print_view(mdd_dtc_short_name(dtc), "");
        fputs("  ", stdout);
        print_view(mdd_text_value(mdd_dtc_text(dtc)), "");
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: ecu_lookup DIR ECU\n", stderr);
        return 2;
    }
    const char *dir = argv[1], *name = argv[2];
    mdd_error err;
    mdd_db *db;
    if (mdd_db_open_dir(dir, NULL, &db, &err) != MDD_OK) {
        fprintf(stderr, "ecu_lookup: %s\n", err.message); /* starts with the file's path */
        return 1;
    }
    printf("ECUs: %zu\n", mdd_db_ecu_count(db));
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, name);
    const mdd_db_layer *variant = ecu ? mdd_db_ecu_base_variant(ecu) : NULL;
    if (!variant) {
        fprintf(stderr, "ecu_lookup: %s: no ECU named '%s' with a variant\n", dir, name);
        mdd_db_close(db);
        return 1;
    }
    static const uint8_t request[] = {0x22, 0xF1, 0x90}; /* ReadDataByIdentifier F190: VIN */
    fputs("22 F1 90 in variant ", stdout);
    print_view(mdd_db_layer_name(variant), "");
    puts(":");
    print_services(variant, request, sizeof request);
    print_dtcs(ecu);
    mdd_db_close(db); /* every handle and view from db ends here */
    return 0;
}
