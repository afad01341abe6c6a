/* SPDX-License-Identifier: Apache-2.0 */
/* Encoding UDS messages from JSON: constants filled in, values through their DOPs,
 * structures padded, fields, MUX cases, DTCs, environment data, tables, length keys written
 * last; the bytes worked out by hand (the examples of docs/codec.md), each decoded back to
 * the values given; and the refusals that name the parameter. Each table row is a test of
 * its own, named by the row. */
#define TB_CAP 65536
#include "uds_msg_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "case_table.h"

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

/* A message of a service encoded from JSON, and exactly what the encode makes of it. */
typedef struct encode_case {
    const char *name;
    const char *service;
    mdd_uds_message message; /* kind MDD_UDS_REQUEST: encoded with no message given */
    const char *request;     /* the triggering request, or NULL */
    size_t request_len;
    const char *json;
    mdd_status status;
    const char *bytes; /* MDD_OK: the message */
    size_t len;
    /* MDD_OK: the values the message decodes back to, as mb_record writes them (NULL: only
     * that it decodes back, whole); else the error message */
    const char *text;
} encode_case;

#define REQUEST {MDD_UDS_REQUEST, 0}
#define POSITIVE {MDD_UDS_POSITIVE, 0}
#define NEGATIVE(i) {MDD_UDS_NEGATIVE, (i)}
#define WITH_REQUEST(bytes) bytes, sizeof bytes - 1
#define NO_REQUEST NULL, 0

#define ENCODES(name, svc, message, request, json, bytes)                                      \
    {name, svc, message, request, json, MDD_OK, bytes, sizeof bytes - 1, NULL}
#define ENCODES_BACK(name, svc, message, request, json, bytes, values)                         \
    {name, svc, message, request, json, MDD_OK, bytes, sizeof bytes - 1, values}
#define REFUSES(name, svc, message, request, json, error)                                      \
    {name, svc, message, request, json, MDD_ERR_ARG, NULL, 0, error}

static const encode_case encode_cases[] = {
    ENCODES("request constants filled in", "ReadVIN", REQUEST, NO_REQUEST, "{}", "\x22\xF1\x90"),
    /* A constant given must equal it. */
    ENCODES("request constants given", "ReadVIN", REQUEST, NO_REQUEST,
            "{\"SID\": 34, \"DID\": 61840}", "\x22\xF1\x90"),
    REFUSES("a request constant given that differs", "ReadVIN", REQUEST, NO_REQUEST,
            "{\"SID\": 35}", "/SID at byte 0: the value given differs from the constant"),
    /* Mode takes its default value 7. */
    ENCODES("request value and default", "Tail", REQUEST, NO_REQUEST, "{\"Level\": 200}",
            "\x25\xC8\x07"),
    ENCODES("request values given", "Tail", REQUEST, NO_REQUEST, "{\"Level\": 1, \"Mode\": 2}",
            "\x25\x01\x02"),
    REFUSES("a request value missing", "Tail", REQUEST, NO_REQUEST, "{}",
            "/Level at byte 1: no value given"),
    REFUSES("a name of no parameter", "Tail", REQUEST, NO_REQUEST,
            "{\"Level\": 1, \"Nope\": 2}", "/ at byte 0: 'Nope' names no parameter here"),
    REFUSES("an object for a number", "Tail", REQUEST, NO_REQUEST, "{\"Level\": {}}",
            "/Level at byte 1: a number or a string wanted, an object given"),
    REFUSES("a value out of range", "Tail", REQUEST, NO_REQUEST, "{\"Level\": 256}",
            "/Level: byte 1: 256 does not fit in 8 bits"),
    REFUSES("an array for the message", "Tail", REQUEST, NO_REQUEST, "[1]",
            "/ at byte 0: an object wanted, an array given"),
    REFUSES("truncated JSON", "Tail", REQUEST, NO_REQUEST, "{\"Level\": ",
            "JSON: byte 10: a value is missing"),
    /* The DID repeats the request's bytes. */
    ENCODES("matching-request parameter from the request", "ReadVIN", POSITIVE,
            WITH_REQUEST("\x22\xF1\x90"), "{\"Value\": 4660}", "\x62\xF1\x90\x12\x34"),
    ENCODES("matching-request parameter given without the request", "ReadVIN", POSITIVE,
            NO_REQUEST, "{\"DID\": 61840, \"Value\": 4660}", "\x62\xF1\x90\x12\x34"),
    REFUSES("a matching-request parameter neither given nor in a request", "ReadVIN", POSITIVE,
            NO_REQUEST, "{\"Value\": 4660}",
            "/DID at byte 1: a matching-request parameter needs the request (or a number)"),
    ENCODES_BACK("structure padded to its byte size", "ReadRec", POSITIVE, NO_REQUEST,
                 "{\"Rec\": {\"A\": 1, \"B\": 2}, \"After\": 119}", "\x62\x01\x02\x00\x00\x77",
                 "SID=98@0+1 Rec{ Rec/A=1@1+1 Rec/B=2@2+1 } After=119@5+1"),
    REFUSES("a structure's value missing", "ReadRec", POSITIVE, NO_REQUEST,
            "{\"Rec\": {\"A\": 1}, \"After\": 1}", "/Rec/B at byte 2: no value given"),
    REFUSES("a number for a structure", "ReadRec", POSITIVE, NO_REQUEST,
            "{\"Rec\": 5, \"After\": 1}", "/Rec at byte 1: an object wanted, a number given"),
    ENCODES("static field", "StaticList", POSITIVE, NO_REQUEST,
            "{\"List\": [{\"id\": 1, \"val\": 170}, {\"id\": 2, \"val\": 187}], \"T\": 66}",
            "\x59\x01\xAA\x00\x02\xBB\x00\x42"),
    ENCODES("dynamic length field", "DynamicList", POSITIVE, NO_REQUEST,
            "{\"List\": [{\"id\": 1, \"val\": 170}, {\"id\": 2, \"val\": 187}], \"T\": 66}",
            "\x59\x02\x01\xAA\x02\xBB\x42"),
    ENCODES("dynamic length field without items", "DynamicList", POSITIVE, NO_REQUEST,
            "{\"List\": [], \"T\": 66}", "\x59\x00\x42"),
    ENCODES("end-of-PDU field", "EndList", POSITIVE, NO_REQUEST,
            "{\"List\": [{\"id\": 1, \"val\": 170}, {\"id\": 2, \"val\": 187}]}",
            "\x59\x01\xAA\x02\xBB"),
    REFUSES("too few items of a static field", "StaticList", POSITIVE, NO_REQUEST,
            "{\"List\": [{\"id\": 1, \"val\": 2}], \"T\": 1}",
            "/List at byte 1: 2 items wanted, 1 given"),
    REFUSES("an item's value missing", "EndList", POSITIVE, NO_REQUEST,
            "{\"List\": [{\"id\": 1}]}", "/List[0]/val at byte 2: no value given"),
    /* A case by name takes its lower limit as the key. */
    ENCODES("mux case by its structure's name", "Mux", POSITIVE, NO_REQUEST,
            "{\"M\": {\"SB\": {\"b\": 86}}}", "\x71\x02\x56"),
    ENCODES("mux case by its name", "Mux", POSITIVE, NO_REQUEST,
            "{\"M\": {\"CaseB\": {\"b\": 86}}}", "\x71\x02\x56"),
    ENCODES("mux case by its selector", "Mux", POSITIVE, NO_REQUEST,
            "{\"M\": {\"Selector\": 3, \"SB\": {\"b\": 86}}}", "\x71\x03\x56"),
    ENCODES("mux case A by its selector", "Mux", POSITIVE, NO_REQUEST,
            "{\"M\": {\"Selector\": 1, \"SA\": {\"a\": 4660}}}", "\x71\x01\x12\x34"),
    ENCODES("mux default case", "Mux", POSITIVE, NO_REQUEST, "{\"M\": {\"Selector\": 9}}",
            "\x71\x09"),
    REFUSES("a mux selector of another case", "Mux", POSITIVE, NO_REQUEST,
            "{\"M\": {\"Selector\": 1, \"SB\": {\"b\": 1}}}",
            "/M at byte 1: the Selector chooses another case"),
    REFUSES("a name of no mux case", "Mux", POSITIVE, NO_REQUEST, "{\"M\": {\"SC\": {}}}",
            "/M at byte 1: 'SC' names no case of the MUX"),
    REFUSES("the mux default case without a selector", "Mux", POSITIVE, NO_REQUEST,
            "{\"M\": {\"Other\": {}}}", "/M at byte 1: the default case needs a Selector"),
    /* M starts at Rec's start (byte 1), with Num: its key is byte 1, its case from byte 2;
     * After follows the case. */
    ENCODES("mux without a byte position in a structure, case B", "MuxInRec", POSITIVE,
            NO_REQUEST,
            "{\"Rec\": {\"Num\": 3, \"M\": {\"Selector\": 3, \"SB\": {\"b\": 86}}}, "
            "\"After\": 119}",
            "\x72\x03\x56\x77"),
    ENCODES("mux without a byte position in a structure, case A", "MuxInRec", POSITIVE,
            NO_REQUEST,
            "{\"Rec\": {\"Num\": 1, \"M\": {\"Selector\": 1, \"SA\": {\"a\": 4660}}}, "
            "\"After\": 119}",
            "\x72\x01\x12\x34\x77"),
    ENCODES("DTC as a number and environment data", "ReadDtc", POSITIVE, NO_REQUEST,
            "{\"DTC\": 65792, \"Env\": {\"Odo\": 4660, \"Temp\": 85}}",
            "\x59\x01\x01\x00\x12\x34\x55"),
    ENCODES("DTC as an object", "ReadDtc", POSITIVE, NO_REQUEST,
            "{\"DTC\": {\"code\": 65792, \"display_code\": \"P0101\"}, "
            "\"Env\": {\"Odo\": 4660, \"Temp\": 85}}",
            "\x59\x01\x01\x00\x12\x34\x55"),
    REFUSES("a DTC as a text", "ReadDtc", POSITIVE, NO_REQUEST,
            "{\"DTC\": \"P0101\", \"Env\": {}}",
            "/DTC at byte 1: a DTC is a number or an object with \"code\""),
    REFUSES("a name of no environment data parameter", "ReadDtc", POSITIVE, NO_REQUEST,
            "{\"DTC\": 65792, \"Env\": {\"Odo\": 1, \"Temp\": 2, \"Rpm\": 3}}",
            "/Env at byte 4: 'Rpm' names no parameter here"),
    ENCODES("table key as a number", "Table", POSITIVE, NO_REQUEST,
            "{\"TK\": 1, \"TS\": {\"R1\": {\"x\": 7}}}", "\x62\x01\x07"),
    ENCODES("table key as the row's name", "Table", POSITIVE, NO_REQUEST,
            "{\"TK\": \"R1\", \"TS\": {\"R1\": {\"x\": 7}}}", "\x62\x01\x07"),
    ENCODES("table row without a structure", "Table", POSITIVE, NO_REQUEST,
            "{\"TK\": 2, \"TS\": {\"R2\": {}}}", "\x62\x02"),
    REFUSES("a table struct of another row", "Table", POSITIVE, NO_REQUEST,
            "{\"TK\": 2, \"TS\": {\"R1\": {\"x\": 7}}}",
            "/TS at byte 2: 'R1' is not the row its key chose"),
    REFUSES("a table key no row has", "Table", POSITIVE, NO_REQUEST, "{\"TK\": 3}",
            "/TK at byte 1: no row of the table has this key"),
    /* Len is left out: 3 bytes of Data make it 24 bits (0x18). */
    ENCODES_BACK("length key written last", "LengthKey", POSITIVE, NO_REQUEST,
                 "{\"Data\": \"0xAA 0xBB 0xCC\", \"T\": 66}", "\x62\x18\xAA\xBB\xCC\x42",
                 "SID=98@0+1 Len=24@1+1 Data=0xAABBCC@2+3 T=66@5+1"),
    ENCODES("reserved left out", "Reserved", POSITIVE, NO_REQUEST, "{\"V\": 3}",
            "\x62\x00\x00\x03"),
    /* A reserved value given (as decoding reports it) is kept, for round trips. */
    ENCODES("reserved given", "Reserved", POSITIVE, NO_REQUEST, "{\"R\": 258, \"V\": 3}",
            "\x62\x01\x02\x03"),
    ENCODES("physical constant", "PhysConst", POSITIVE, NO_REQUEST, "{}", "\x64\x05"),
    REFUSES("a physical constant given that differs", "PhysConst", POSITIVE, NO_REQUEST,
            "{\"P\": 6}", "/P at byte 1: the value given differs from the constant"),
    ENCODES("NRC constant given", "Guarded", NEGATIVE(0), WITH_REQUEST("\x23"), "{\"NRC\": 49}",
            "\x7F\x23\x31"),
    /* Not given: its first value. */
    ENCODES("NRC constant left out", "Guarded", NEGATIVE(0), WITH_REQUEST("\x23"), "{}",
            "\x7F\x23\x22"),
    REFUSES("an NRC none of the constant's", "Guarded", NEGATIVE(0), WITH_REQUEST("\x23"),
            "{\"NRC\": 17}", "/NRC at byte 2: the value given is none of the NRC constant's"),
    REFUSES("a negative response the service does not have", "Guarded", NEGATIVE(3), NO_REQUEST,
            "{}", "the service has no response 3 of that kind"),
    ENCODES("ASCII string", "ReadName", POSITIVE, NO_REQUEST, "{\"Name\": \"SCEDT\"}",
            "\x62\xF1\x91SCEDT"),
    ENCODES("UTF-8 string", "ReadText", POSITIVE, NO_REQUEST, "{\"Text\": \"\\u00e4x\"}",
            "\x62\xF1\x92\xC3\xA4x"),
    /* The inverse of -40 + 0.5 x: 22.7 -> 125.4 -> 125; 22.75 -> 125.5 -> 126 (ties to
     * even). */
    ENCODES("linear compu method, rounded down", "ReadTemp", POSITIVE, NO_REQUEST,
            "{\"Temp\": 22.7}", "\x62\xF1\x93\x7D"),
    ENCODES_BACK("linear compu method, a tie rounded to even", "ReadTemp", POSITIVE, NO_REQUEST,
                 "{\"Temp\": 22.75}", "\x62\xF1\x93\x7E", "SID=98@0+1 DID=61843@1+2 Temp=23@3+1"),
    /* The example: a session request from its text. */
    ENCODES("request through a text table", "Session", REQUEST, NO_REQUEST,
            "{\"EcuSessionType\": \"Extended\"}", "\x10\x03"),
    REFUSES("a string longer than its type", "ReadName", POSITIVE, NO_REQUEST,
            "{\"Name\": \"SCEDTX\"}",
            "/Name: byte 3: 6 bytes do not fit in the 5 of the A_ASCIISTRING"),
    REFUSES("a text for a linear compu method", "ReadTemp", POSITIVE, NO_REQUEST,
            "{\"Temp\": \"warm\"}", "/Temp: the LINEAR compu method needs a number, not a text"),
    REFUSES("a text the text table lacks", "Session", REQUEST, NO_REQUEST,
            "{\"EcuSessionType\": \"Sport\"}",
            "/EcuSessionType: \"Sport\" is not a text of the TEXT_TABLE compu method"),
    REFUSES("a number for a text table", "Session", REQUEST, NO_REQUEST,
            "{\"EcuSessionType\": 3}",
            "/EcuSessionType: the TEXT_TABLE compu method needs a text, not 3"),
    /* The codec has no host values. */
    ENCODES("system parameter given", "System", POSITIVE, NO_REQUEST, "{\"Time\": 258}",
            "\x68\x01\x02"),
    REFUSES("a system parameter left out", "System", POSITIVE, NO_REQUEST, "{}",
            "/Time at byte 1: no value given"),
    /* 11 at bits 3..6 and 2 at bits 0..2 of one byte, 0x58 | 0x02. */
    ENCODES("bit positions", "Bits", POSITIVE, NO_REQUEST, "{\"Hi\": 11, \"Lo\": 2, \"Next\": 7}",
            "\x69\x5A\x07"),
    ENCODES("table row reference", "RowRef", POSITIVE, NO_REQUEST,
            "{\"RS\": {\"R1\": {\"x\": 9}}}", "\x6A\x09"),
    /* Only the last item ends the PDU, so only its terminator is left out. */
    ENCODES_BACK("terminated strings in items to the end", "Strings", POSITIVE, NO_REQUEST,
                 "{\"L\": [{\"s\": \"AB\"}, {\"s\": \"C\"}]}", "\x6B\x41\x42\x00\x43",
                 "SID=107@0+1 L[ L[0]{ L[0]/s=\"AB\"@1+3 } L[1]{ L[1]/s=\"C\"@4+1 } ]"),
};

/* The message c encoded (bytes[0..len)) decodes back as the same message of the same service,
 * covering it whole, to c's values when it gives them. */
static void decodes_back(const encode_case *c, const mdd_db_service *s, const uint8_t *bytes,
                         size_t len)
{
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_uds_decoded out;
    mdd_error err = {0};
    mdd_status st = mdd_uds_decode_message(layer, s, &c->message, (const uint8_t *)c->request,
                                           c->request_len, bytes, len, &v, NULL, &out, &err);
    if (st != MDD_OK)
        fail_msg("does not decode back: %s", err.message);
    assert_int_equal(out.covered, len);
    if (c->text)
        assert_string_equal(rec.text, c->text);
}

static void test_encode_case(void **state)
{
    const encode_case *c = *state;
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, c->service, &s));
    uint8_t bytes[64];
    size_t len = 0;
    mdd_error err = {0};
    const mdd_uds_message *message = c->message.kind == MDD_UDS_REQUEST ? NULL : &c->message;
    mdd_status st = mdd_uds_encode(layer, &s, message, (const uint8_t *)c->request,
                                   c->request_len, c->json, strlen(c->json), NULL, bytes,
                                   sizeof bytes, &len, &err);
    assert_int_equal(st, c->status);
    if (st != MDD_OK) {
        assert_string_equal(err.message, c->text);
        return;
    }
    assert_int_equal(len, c->len);
    assert_memory_equal(bytes, c->bytes, c->len);
    decodes_back(c, &s, bytes, len);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_buffer_says_what_it_needs),
    };
    const tu_case_table tables[] = {TU_CASES(test_encode_case, encode_cases)};
    return TU_RUN_GROUP_WITH_CASES(tests, tables, setup, teardown);
}
