/* SPDX-License-Identifier: Apache-2.0 */
/* Encoding UDS messages from JSON: constants filled in, values through their DOPs,
 * structures padded, fields, MUX cases, DTCs, environment data, tables, length keys written
 * last; the bytes worked out by hand (the examples of docs/codec.md), each decoded back to
 * the values given; and the refusals that name the parameter. */
#define TB_CAP 65536
#include "uds_msg_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

static tb layout;
static mdd_db *db;
static const mdd_db_layer *layer;

static int setup(void **state)
{
    (void)state;
    layer = mb_open(&layout, &um_ecu, 1, &db);
    return layer ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mdd_db_close(db);
    return 0;
}

typedef struct encoded {
    uint8_t bytes[64];
    size_t len;
    mdd_error err;
} encoded;

/* Encodes message (NULL: the request) of service name from json. */
static mdd_status encode(const char *name, const mdd_uds_message *message, const char *request,
                         size_t request_len, const char *json, encoded *e)
{
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, name, &s));
    memset(e, 0, sizeof *e);
    return mdd_uds_encode(layer, &s, message, (const uint8_t *)request, request_len, json,
                          strlen(json), NULL, e->bytes, sizeof e->bytes, &e->len, &e->err);
}

static const mdd_uds_message positive = {MDD_UDS_POSITIVE, 0};

/* Encodes the positive response and checks its bytes. */
static void encodes_to(const char *name, const char *json, const char *want, size_t want_len)
{
    encoded e;
    assert_int_equal(encode(name, &positive, NULL, 0, json, &e), MDD_OK);
    assert_int_equal(e.len, want_len);
    assert_memory_equal(e.bytes, want, want_len);
}

#define ENCODES_TO(name, json, want) encodes_to(name, json, want, sizeof want - 1)

/* Decodes bytes as the service's positive response and checks the values. */
static void decodes_to(const char *name, const char *bytes, size_t len, const char *want)
{
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, name, &s));
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    assert_int_equal(mdd_uds_decode_message(layer, &s, &positive, NULL, 0, (const uint8_t *)bytes,
                                            len, &v, NULL, NULL, NULL),
                     MDD_OK);
    assert_string_equal(rec.text, want);
}

static void test_request_constants(void **state)
{
    (void)state;
    encoded e;
    assert_int_equal(encode("ReadVIN", NULL, NULL, 0, "{}", &e), MDD_OK);
    assert_int_equal(e.len, 3);
    assert_memory_equal(e.bytes, "\x22\xF1\x90", 3);
    /* A constant given must equal it. */
    assert_int_equal(encode("ReadVIN", NULL, NULL, 0, "{\"SID\": 34, \"DID\": 61840}", &e), MDD_OK);
    assert_int_equal(encode("ReadVIN", NULL, NULL, 0, "{\"SID\": 35}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/SID at byte 0: the value given differs from the constant");
}

static void test_request_values_and_defaults(void **state)
{
    (void)state;
    encoded e;
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{\"Level\": 200}", &e), MDD_OK);
    /* Mode takes its default value 7. */
    assert_int_equal(e.len, 3);
    assert_memory_equal(e.bytes, "\x25\xC8\x07", 3);
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{\"Level\": 1, \"Mode\": 2}", &e), MDD_OK);
    assert_memory_equal(e.bytes, "\x25\x01\x02", 3);
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Level at byte 1: no value given");
}

static void test_refusals(void **state)
{
    (void)state;
    encoded e;
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{\"Level\": 1, \"Nope\": 2}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/ at byte 0: 'Nope' names no parameter here");
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{\"Level\": {}}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Level at byte 1: a number or a string wanted, an object "
                                       "given");
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{\"Level\": 256}", &e), MDD_ERR_ARG);
    assert_non_null(strstr(e.err.message, "/Level"));
    assert_int_equal(encode("Tail", NULL, NULL, 0, "[1]", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/ at byte 0: an object wanted, an array given");
    assert_int_equal(encode("Tail", NULL, NULL, 0, "{\"Level\": ", &e), MDD_ERR_ARG);
}

static void test_short_buffer_says_what_it_needs(void **state)
{
    (void)state;
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "ReadVIN", &s));
    uint8_t out[2];
    size_t needed = 0;
    mdd_error err;
    assert_int_equal(mdd_uds_encode(layer, &s, NULL, NULL, 0, "{}", 2, NULL, out, sizeof out,
                                    &needed, &err),
                     MDD_ERR_LIMIT);
    assert_int_equal(needed, 3);
    assert_string_equal(err.message, "the message needs 3 bytes, the buffer has 2");
    assert_int_equal(mdd_uds_encode(layer, &s, NULL, NULL, 0, "{}", 2, NULL, NULL, 0, &needed,
                                    &err),
                     MDD_ERR_LIMIT);
    assert_int_equal(needed, 3);
}

static void test_matching_request_param(void **state)
{
    (void)state;
    encoded e;
    /* The DID repeats the request's bytes. */
    assert_int_equal(encode("ReadVIN", &positive, "\x22\xF1\x90", 3, "{\"Value\": 4660}", &e),
                     MDD_OK);
    assert_int_equal(e.len, 5);
    assert_memory_equal(e.bytes, "\x62\xF1\x90\x12\x34", 5);
    /* Without the request, the value given. */
    ENCODES_TO("ReadVIN", "{\"DID\": 61840, \"Value\": 4660}", "\x62\xF1\x90\x12\x34");
    assert_int_equal(encode("ReadVIN", &positive, NULL, 0, "{\"Value\": 4660}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/DID at byte 1: a matching-request parameter needs the "
                                       "request (or a number)");
}

static void test_structure_padded_to_byte_size(void **state)
{
    (void)state;
    ENCODES_TO("ReadRec", "{\"Rec\": {\"A\": 1, \"B\": 2}, \"After\": 119}",
               "\x62\x01\x02\x00\x00\x77");
    decodes_to("ReadRec", "\x62\x01\x02\x00\x00\x77", 6,
               "SID=98@0+1 Rec{ Rec/A=1@1+1 Rec/B=2@2+1 } After=119@5+1");
    encoded e;
    assert_int_equal(encode("ReadRec", &positive, NULL, 0, "{\"Rec\": {\"A\": 1}, \"After\": 1}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Rec/B at byte 2: no value given");
    assert_int_equal(encode("ReadRec", &positive, NULL, 0, "{\"Rec\": 5, \"After\": 1}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Rec at byte 1: an object wanted, a number given");
}

static void test_fields(void **state)
{
    (void)state;
    ENCODES_TO("StaticList", "{\"List\": [{\"id\": 1, \"val\": 170}, {\"id\": 2, \"val\": 187}], \"T\": 66}",
               "\x59\x01\xAA\x00\x02\xBB\x00\x42");
    ENCODES_TO("DynamicList", "{\"List\": [{\"id\": 1, \"val\": 170}, {\"id\": 2, \"val\": 187}], \"T\": 66}",
               "\x59\x02\x01\xAA\x02\xBB\x42");
    ENCODES_TO("DynamicList", "{\"List\": [], \"T\": 66}", "\x59\x00\x42");
    ENCODES_TO("EndList", "{\"List\": [{\"id\": 1, \"val\": 170}, {\"id\": 2, \"val\": 187}]}",
               "\x59\x01\xAA\x02\xBB");
    encoded e;
    assert_int_equal(encode("StaticList", &positive, NULL, 0, "{\"List\": [{\"id\": 1, \"val\": 2}], \"T\": 1}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/List at byte 1: 2 items wanted, 1 given");
    assert_int_equal(encode("EndList", &positive, NULL, 0, "{\"List\": [{\"id\": 1}]}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/List[0]/val at byte 2: no value given");
}

static void test_mux(void **state)
{
    (void)state;
    /* A case by name takes its lower limit as the key. */
    ENCODES_TO("Mux", "{\"M\": {\"SB\": {\"b\": 86}}}", "\x71\x02\x56");
    ENCODES_TO("Mux", "{\"M\": {\"CaseB\": {\"b\": 86}}}", "\x71\x02\x56");
    ENCODES_TO("Mux", "{\"M\": {\"Selector\": 3, \"SB\": {\"b\": 86}}}", "\x71\x03\x56");
    ENCODES_TO("Mux", "{\"M\": {\"Selector\": 1, \"SA\": {\"a\": 4660}}}", "\x71\x01\x12\x34");
    ENCODES_TO("Mux", "{\"M\": {\"Selector\": 9}}", "\x71\x09");
    encoded e;
    assert_int_equal(encode("Mux", &positive, NULL, 0, "{\"M\": {\"Selector\": 1, \"SB\": {\"b\": 1}}}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/M at byte 1: the Selector chooses another case");
    assert_int_equal(encode("Mux", &positive, NULL, 0, "{\"M\": {\"SC\": {}}}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/M at byte 1: 'SC' names no case of the MUX");
    assert_int_equal(encode("Mux", &positive, NULL, 0, "{\"M\": {\"Other\": {}}}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/M at byte 1: the default case needs a Selector");
}

static void test_mux_without_byte_position_in_structure(void **state)
{
    (void)state;
    /* M starts at Rec's start (byte 1), with Num: its key is byte 1, its case from byte 2;
     * After follows the case. */
    ENCODES_TO("MuxInRec",
               "{\"Rec\": {\"Num\": 3, \"M\": {\"Selector\": 3, \"SB\": {\"b\": 86}}}, "
               "\"After\": 119}",
               "\x72\x03\x56\x77");
    ENCODES_TO("MuxInRec",
               "{\"Rec\": {\"Num\": 1, \"M\": {\"Selector\": 1, \"SA\": {\"a\": 4660}}}, "
               "\"After\": 119}",
               "\x72\x01\x12\x34\x77");
}

static void test_dtc_and_env_data(void **state)
{
    (void)state;
    ENCODES_TO("ReadDtc", "{\"DTC\": 65792, \"Env\": {\"Odo\": 4660, \"Temp\": 85}}",
               "\x59\x01\x01\x00\x12\x34\x55");
    ENCODES_TO("ReadDtc",
               "{\"DTC\": {\"code\": 65792, \"display_code\": \"P0101\"}, \"Env\": {\"Odo\": 4660, \"Temp\": 85}}",
               "\x59\x01\x01\x00\x12\x34\x55");
    encoded e;
    assert_int_equal(encode("ReadDtc", &positive, NULL, 0, "{\"DTC\": \"P0101\", \"Env\": {}}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/DTC at byte 1: a DTC is a number or an object with \"code\"");
    assert_int_equal(encode("ReadDtc", &positive, NULL, 0,
                            "{\"DTC\": 65792, \"Env\": {\"Odo\": 1, \"Temp\": 2, \"Rpm\": 3}}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Env at byte 4: 'Rpm' names no parameter here");
}

static void test_tables(void **state)
{
    (void)state;
    ENCODES_TO("Table", "{\"TK\": 1, \"TS\": {\"R1\": {\"x\": 7}}}", "\x62\x01\x07");
    ENCODES_TO("Table", "{\"TK\": \"R1\", \"TS\": {\"R1\": {\"x\": 7}}}", "\x62\x01\x07");
    ENCODES_TO("Table", "{\"TK\": 2, \"TS\": {\"R2\": {}}}", "\x62\x02");
    encoded e;
    assert_int_equal(encode("Table", &positive, NULL, 0, "{\"TK\": 2, \"TS\": {\"R1\": {\"x\": 7}}}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/TS at byte 2: 'R1' is not the row its key chose");
    assert_int_equal(encode("Table", &positive, NULL, 0, "{\"TK\": 3}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/TK at byte 1: no row of the table has this key");
}

static void test_length_key_written_last(void **state)
{
    (void)state;
    /* Len is left out: 3 bytes of Data make it 24 bits (0x18). */
    ENCODES_TO("LengthKey", "{\"Data\": \"0xAA 0xBB 0xCC\", \"T\": 66}", "\x62\x18\xAA\xBB\xCC\x42");
    decodes_to("LengthKey", "\x62\x18\xAA\xBB\xCC\x42", 6,
               "SID=98@0+1 Len=24@1+1 Data=0xAABBCC@2+3 T=66@5+1");
}

static void test_reserved_and_constants(void **state)
{
    (void)state;
    ENCODES_TO("Reserved", "{\"V\": 3}", "\x62\x00\x00\x03");
    /* A reserved value given (as decoding reports it) is kept, for round trips. */
    ENCODES_TO("Reserved", "{\"R\": 258, \"V\": 3}", "\x62\x01\x02\x03");
    ENCODES_TO("PhysConst", "{}", "\x64\x05");
    encoded e;
    assert_int_equal(encode("PhysConst", &positive, NULL, 0, "{\"P\": 6}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/P at byte 1: the value given differs from the constant");
}

static void test_negative_responses(void **state)
{
    (void)state;
    mdd_uds_message negative = {MDD_UDS_NEGATIVE, 0};
    encoded e;
    assert_int_equal(encode("Guarded", &negative, "\x23", 1, "{\"NRC\": 49}", &e), MDD_OK);
    assert_int_equal(e.len, 3);
    assert_memory_equal(e.bytes, "\x7F\x23\x31", 3);
    /* Not given: its first value. */
    assert_int_equal(encode("Guarded", &negative, "\x23", 1, "{}", &e), MDD_OK);
    assert_memory_equal(e.bytes, "\x7F\x23\x22", 3);
    assert_int_equal(encode("Guarded", &negative, "\x23", 1, "{\"NRC\": 17}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/NRC at byte 2: the value given is none of the NRC "
                                       "constant's");
    mdd_uds_message missing = {MDD_UDS_NEGATIVE, 3};
    assert_int_equal(encode("Guarded", &missing, NULL, 0, "{}", &e), MDD_ERR_ARG);
}

static void test_values_through_coded_types_and_compu(void **state)
{
    (void)state;
    ENCODES_TO("ReadName", "{\"Name\": \"SCEDT\"}", "\x62\xF1\x91SCEDT");
    ENCODES_TO("ReadText", "{\"Text\": \"\\u00e4x\"}", "\x62\xF1\x92\xC3\xA4x");
    /* The inverse of -40 + 0.5 x: 22.7 -> 125.4 -> 125; 22.75 -> 125.5 -> 126 (ties to
     * even). */
    ENCODES_TO("ReadTemp", "{\"Temp\": 22.7}", "\x62\xF1\x93\x7D");
    ENCODES_TO("ReadTemp", "{\"Temp\": 22.75}", "\x62\xF1\x93\x7E");
    decodes_to("ReadTemp", "\x62\xF1\x93\x7E", 4, "SID=98@0+1 DID=61843@1+2 Temp=23@3+1");
    /* The example: a session request from its text. */
    encoded e;
    assert_int_equal(encode("Session", NULL, NULL, 0, "{\"EcuSessionType\": \"Extended\"}", &e),
                     MDD_OK);
    assert_int_equal(e.len, 2);
    assert_memory_equal(e.bytes, "\x10\x03", 2);
}

static void test_values_refused_with_their_path(void **state)
{
    (void)state;
    encoded e;
    assert_int_equal(encode("ReadName", &positive, NULL, 0, "{\"Name\": \"SCEDTX\"}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message,
                        "/Name: byte 3: 6 bytes do not fit in the 5 of the A_ASCIISTRING");
    assert_int_equal(encode("ReadTemp", &positive, NULL, 0, "{\"Temp\": \"warm\"}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Temp: the LINEAR compu method needs a number, not a text");
    assert_int_equal(encode("Session", NULL, NULL, 0, "{\"EcuSessionType\": \"Sport\"}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message,
                        "/EcuSessionType: \"Sport\" is not a text of the TEXT_TABLE compu method");
    assert_int_equal(encode("Session", NULL, NULL, 0, "{\"EcuSessionType\": 3}", &e),
                     MDD_ERR_ARG);
    assert_string_equal(e.err.message,
                        "/EcuSessionType: the TEXT_TABLE compu method needs a text, not 3");
}

static void test_system_bits_rows_and_terminated_items(void **state)
{
    (void)state;
    encoded e;
    /* A SYSTEM parameter takes the value given; the codec has no host values. */
    ENCODES_TO("System", "{\"Time\": 258}", "\x68\x01\x02");
    assert_int_equal(encode("System", &positive, NULL, 0, "{}", &e), MDD_ERR_ARG);
    assert_string_equal(e.err.message, "/Time at byte 1: no value given");
    /* Bits: 11 at bits 3..6 and 2 at bits 0..2 of one byte, 0x58 | 0x02. */
    ENCODES_TO("Bits", "{\"Hi\": 11, \"Lo\": 2, \"Next\": 7}", "\x69\x5A\x07");
    ENCODES_TO("RowRef", "{\"RS\": {\"R1\": {\"x\": 9}}}", "\x6A\x09");
    /* Terminated strings in items to the end: only the last item ends the PDU, so only its
     * terminator is left out. */
    ENCODES_TO("Strings", "{\"L\": [{\"s\": \"AB\"}, {\"s\": \"C\"}]}", "\x6B\x41\x42\x00\x43");
    decodes_to("Strings", "\x6B\x41\x42\x00\x43", 5,
               "SID=107@0+1 L[ L[0]{ L[0]/s=\"AB\"@1+3 } L[1]{ L[1]/s=\"C\"@4+1 } ]");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_request_constants),
        cmocka_unit_test(test_request_values_and_defaults),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_short_buffer_says_what_it_needs),
        cmocka_unit_test(test_matching_request_param),
        cmocka_unit_test(test_structure_padded_to_byte_size),
        cmocka_unit_test(test_fields),
        cmocka_unit_test(test_mux),
        cmocka_unit_test(test_mux_without_byte_position_in_structure),
        cmocka_unit_test(test_dtc_and_env_data),
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_length_key_written_last),
        cmocka_unit_test(test_reserved_and_constants),
        cmocka_unit_test(test_negative_responses),
        cmocka_unit_test(test_values_through_coded_types_and_compu),
        cmocka_unit_test(test_values_refused_with_their_path),
        cmocka_unit_test(test_system_bits_rows_and_terminated_items),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
