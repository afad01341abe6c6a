/* SPDX-License-Identifier: Apache-2.0 */
/* Decoding UDS messages: the service and response chosen, every parameter kind and DOP kind
 * on the database of uds_msg_fixture.h, with the values worked out by hand from the bytes
 * (the examples of docs/codec.md), and the errors that name the path and the byte. */
#define TB_CAP 65536
#include "uds_msg_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
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

/* Decodes response (the answer to request) and returns what the visitor saw. */
static mdd_status decode(const char *request, size_t request_len, const char *response,
                         size_t response_len, mb_record *rec, mdd_uds_decoded *out,
                         mdd_error *err)
{
    mdd_uds_visitor v = mb_recorder(rec);
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    return mdd_uds_decode(layer, (const uint8_t *)request, request_len,
                          (const uint8_t *)response, response_len, &v, NULL, out, err);
}

#define DECODE(req, resp) decode(req, sizeof req - 1, resp, sizeof resp - 1, &rec, &out, &err)

static void service_is(const mdd_uds_decoded *out, const char *name)
{
    mdd_bytes n = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(out->service.service));
    assert_true(mdd_bytes_equal_str(n, name));
}

static void test_simple_positive(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x22\xF1\x90", "\x62\xF1\x90\x12\x34"), MDD_OK);
    /* The DID repeats the request's bytes F1 90, read high-low: 61840. */
    assert_string_equal(rec.text, "SID=98@0+1 DID=61840@1+2 Value=4660@3+2");
    service_is(&out, "ReadVIN");
    assert_int_equal(out.message.kind, MDD_UDS_POSITIVE);
    assert_int_equal(out.message.index, 0);
    assert_int_equal(out.covered, 5);
}

static void test_trailing_bytes_are_reported(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x22\xF1\x90", "\x62\xF1\x90\x12\x34\xAA\xBB"), MDD_OK);
    assert_int_equal(out.covered, 5);
}

static void test_negative_response(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x22\xF1\x90", "\x7F\x22\x31"), MDD_OK);
    assert_string_equal(rec.text, "SID=127@0+1 SIDRQ=34@1+1 NRC=49@2+1");
    assert_int_equal(out.message.kind, MDD_UDS_NEGATIVE);
    assert_int_equal(out.covered, 3);
}

static void test_no_response_matches(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x22\x01\x00", "\x63\x01\x02"), MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "no response of service 'ReadRec' matches 63 01 02");
    /* The DID does not repeat the request's. */
    assert_int_equal(DECODE("\x22\xF1\x90", "\x62\xF1\x91\x12\x34"), MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "no response of service 'ReadVIN' matches 62 F1 91 12 34");
    assert_int_equal(DECODE("\x99\x01", "\x62"), MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "no service takes the request 99 01");
}

static void test_structure_with_byte_size(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* Rec takes 4 bytes from byte 1 although its params read 2: After is byte 5. */
    assert_int_equal(DECODE("\x22\x01\x00", "\x62\x01\x02\x09\x09\x77"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 Rec{ Rec/A=1@1+1 Rec/B=2@2+1 } After=119@5+1");
    assert_int_equal(out.covered, 6);
    /* Its 4 bytes must be there. */
    assert_int_equal(DECODE("\x22\x01\x00", "\x62\x01\x02\x09"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/Rec at byte 1: the structure's 4 bytes run past the "
                                     "message end (4 bytes)");
}

static void test_static_field(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x19\x01", "\x59\x01\xAA\xFF\x02\xBB\xFF\x42"), MDD_OK);
    assert_string_equal(rec.text, "SID=89@0+1 List[ List[0]{ List[0]/id=1@1+1 List[0]/val=170@2+1 } "
                                  "List[1]{ List[1]/id=2@4+1 List[1]/val=187@5+1 } ] T=66@7+1");
    assert_int_equal(out.covered, 8);
}

static void test_dynamic_length_field(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x19\x02", "\x59\x02\x01\xAA\x02\xBB\x42"), MDD_OK);
    assert_string_equal(rec.text, "SID=89@0+1 List[ List[0]{ List[0]/id=1@2+1 List[0]/val=170@3+1 } "
                                  "List[1]{ List[1]/id=2@4+1 List[1]/val=187@5+1 } ] T=66@6+1");
    /* No items: T follows the count. */
    assert_int_equal(DECODE("\x19\x02", "\x59\x00\x42"), MDD_OK);
    assert_string_equal(rec.text, "SID=89@0+1 List[ ] T=66@2+1");
}

static void test_end_of_pdu_field(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x19\x03", "\x59\x01\xAA\x02\xBB"), MDD_OK);
    assert_string_equal(rec.text, "SID=89@0+1 List[ List[0]{ List[0]/id=1@1+1 List[0]/val=170@2+1 } "
                                  "List[1]{ List[1]/id=2@3+1 List[1]/val=187@4+1 } ]");
    /* A partial last item is an error, named by the item's path. */
    assert_int_equal(DECODE("\x19\x03", "\x59\x01\xAA\x02"), MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "/List[1]/val"));
    assert_non_null(strstr(err.message, "byte 4"));
}

static void test_mux(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x31", "\x71\x01\x12\x34"), MDD_OK);
    assert_string_equal(rec.text, "SID=113@0+1 M{ M/Selector=1@1+1 M/SA{ M/SA/a=4660@2+2 } }");
    assert_int_equal(DECODE("\x31", "\x71\x03\x56"), MDD_OK);
    assert_string_equal(rec.text, "SID=113@0+1 M{ M/Selector=3@1+1 M/SB{ M/SB/b=86@2+1 } }");
    /* The default case has no structure: the key alone, 0x56 is trailing. */
    assert_int_equal(DECODE("\x31", "\x71\x09\x56"), MDD_OK);
    assert_string_equal(rec.text, "SID=113@0+1 M{ M/Selector=9@1+1 }");
    assert_int_equal(out.covered, 2);
}

/* Asserts that response, the answer to request, decodes and that the visitor sees exactly
 * want, the message covering covered bytes. */
static void decodes_to(const char *request, size_t request_len, const char *response,
                       size_t response_len, const char *want, size_t covered)
{
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(decode(request, request_len, response, response_len, &rec, &out, &err),
                     MDD_OK);
    assert_string_equal(rec.text, want);
    assert_int_equal(out.covered, covered);
}

#define DECODES_TO(req, resp, want) decodes_to(req, sizeof req - 1, resp, sizeof resp - 1, want, \
                                               sizeof resp - 1)

static void test_mux_without_byte_position_in_structure(void **state)
{
    (void)state;
    /* Rec at byte 1: Num reads byte 1 (03); M, without a byte position, starts at Rec's start
     * too, so its key re-reads byte 1 (3: CaseB) and its case is at 1 + 1 = byte 2 (b = 0x56);
     * After follows the case, at byte 3 (0x77). */
    DECODES_TO("\x32", "\x72\x03\x56\x77",
               "SID=114@0+1 Rec{ Rec/Num=3@1+1 Rec/M{ Rec/M/Selector=3@1+1 "
               "Rec/M/SB{ Rec/M/SB/b=86@2+1 } } } After=119@3+1");
    /* Key 1 chooses CaseA, whose a takes bytes 2..3. */
    DECODES_TO("\x32", "\x72\x01\x12\x34\x77",
               "SID=114@0+1 Rec{ Rec/Num=1@1+1 Rec/M{ Rec/M/Selector=1@1+1 "
               "Rec/M/SA{ Rec/M/SA/a=4660@2+2 } } } After=119@4+1");
}

/* Asserts that mdd_uds_decode_json() writes exactly want for response, the answer to
 * request. */
static void decodes_to_json(const char *request, size_t request_len, const char *response,
                            size_t response_len, const char *want)
{
    mdd_error err;
    mdd_buffer json = {0};
    mdd_sink sink = mdd_buffer_sink(&json);
    assert_int_equal(mdd_uds_decode_json(layer, (const uint8_t *)request, request_len,
                                         (const uint8_t *)response, response_len, NULL, &sink,
                                         &err),
                     MDD_OK);
    char text[512];
    assert_true(json.len < sizeof text);
    memcpy(text, json.data, json.len);
    text[json.len] = '\0';
    mdd_buffer_free(&json);
    assert_string_equal(text, want);
}

#define DECODES_TO_JSON(req, resp, want)                                                       \
    decodes_to_json(req, sizeof req - 1, resp, sizeof resp - 1, want)

/* What the JSON of a response of ReadGlobalDtc begins with. */
#define UM_GLOBAL_DTC_JSON                                                                     \
    "{\"ecu\":\"ECU\",\"variant\":\"V\",\"service\":\"ReadGlobalDtc\",\"response\":\"positive\","  \
    "\"params\":"

static void test_dtc_json_severity(void **state)
{
    (void)state;
    /* Cam has a level (3) and a display code (02 02 00 = 131584). Bare (03 03 00 = 197376)
     * has neither, nor a text: severity 0, no display_code, its short name as fault_name. */
    DECODES_TO_JSON("\x19\x05", "\x59\x02\x02\x00",
                    UM_GLOBAL_DTC_JSON "{\"SID\":89,\"DTC\":{\"code\":131584,"
                    "\"display_code\":\"P0202\",\"fault_name\":\"Cam sensor\",\"severity\":3}}}");
    DECODES_TO_JSON("\x19\x05", "\x59\x03\x03\x00",
                    UM_GLOBAL_DTC_JSON "{\"SID\":89,\"DTC\":{\"code\":197376,"
                    "\"fault_name\":\"Bare\",\"severity\":0}}}");
}

static void test_dtc_and_env_data(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* The DTC 0x010100 is the DOP's own; its environment data are the one for every code
     * (Odo) and the one for 0x010100 (Temp), one after the other. */
    assert_int_equal(DECODE("\x19\x04", "\x59\x01\x01\x00\x12\x34\x55"), MDD_OK);
    assert_string_equal(rec.text,
                        "SID=89@0+1 DTC=010100:MAF@1+3 Env{ Env/Odo=4660@4+2 Env/Temp=85@6+1 }");
    /* A code no DTC has. */
    assert_int_equal(DECODE("\x19\x04", "\x59\x01\x01\x01\x12\x34"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/DTC at byte 1: no DTC has trouble code 0x010101");
    /* A DTC DOP without DTCs of its own finds the ECU's. */
    assert_int_equal(DECODE("\x19\x05", "\x59\x02\x02\x00"), MDD_OK);
    assert_string_equal(rec.text, "SID=89@0+1 DTC=020200:Cam@1+3");
}

static void test_table_key_and_struct(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x22\x03\x00", "\x62\x01\x07"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 TK=1@1+1 TS{ TS/R1{ TS/R1/x=7@2+1 } }");
    /* A row without a structure: an empty object. */
    assert_int_equal(DECODE("\x22\x03\x00", "\x62\x02"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 TK=2@1+1 TS{ TS/R2{ } }");
    assert_int_equal(DECODE("\x22\x03\x00", "\x62\x03\x07"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/TK at byte 1: no row of the table has this key");
}

static void test_reserved_is_high_low(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x22\x04\x00", "\x62\x01\x02\x03"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 R=258@1+2 V=3@3+1");
}

static void test_length_key(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* Len 0x10 = 16 bits: Data is AA BB, T follows. */
    assert_int_equal(DECODE("\x22\x05\x00", "\x62\x10\xAA\xBB\x42"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 Len=16@1+1 Data=0xAABB@2+2 T=66@4+1");
}

static void test_nrc_const_and_global_negative(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x23", "\x7F\x23\x31"), MDD_OK);
    assert_string_equal(rec.text, "SID=127@0+1 SIDRQ=35@1+1 NRC=49@2+1");
    service_is(&out, "Guarded");
    /* 0x11 is none of the NRC constant's values: the global negative response takes it. */
    assert_int_equal(DECODE("\x23", "\x7F\x23\x11"), MDD_OK);
    assert_string_equal(rec.text, "SID=127@0+1 SIDRQ=35@1+1 Code=17@2+1");
    service_is(&out, "Guarded");
    assert_int_equal(out.message.kind, MDD_UDS_NEGATIVE);
    assert_int_equal(mdd_response_response_type(out.response), MDD_RESPONSE_TYPE_GLOBAL_NEG_RESPONSE);
    /* Numbered after the service's own negative response, so it can be asked for again. */
    assert_int_equal(out.message.index, 1);
    mdd_uds_visitor v = mb_recorder(&rec);
    assert_int_equal(mdd_uds_decode_message(layer, &out.service, &out.message,
                                            (const uint8_t *)"\x23", 1,
                                            (const uint8_t *)"\x7F\x23\x11", 3, &v, NULL, NULL,
                                            &err),
                     MDD_OK);
    assert_string_equal(rec.text, "SID=127@0+1 SIDRQ=35@1+1 Code=17@2+1");
}

static void test_phys_const(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x24", "\x64\x05"), MDD_OK);
    assert_string_equal(rec.text, "SID=100@0+1 P=5@1+1");
    assert_int_equal(DECODE("\x24", "\x64\x06"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/P at byte 1: physical constant 5 expected, read 6");
}

static void test_coded_const_checked(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x25\x01\x07", "\x65\x01\x55"), MDD_OK);
    assert_string_equal(rec.text, "SID=101@0+1 V=1@1+1 End=85@2+1");
    /* After a value, a constant cannot choose the response: the decode checks it. */
    assert_int_equal(DECODE("\x25\x01\x07", "\x65\x01\x56"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/End at byte 2: coded constant 85 expected, read 86");
}

static void test_system_param(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x28", "\x68\x01\x02"), MDD_OK);
    assert_string_equal(rec.text, "SID=104@0+1 Time=258@1+2");
}

static void test_bit_positions(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* 5A = 0101 1010: bits 3..6 are 1011 = 11, bits 0..2 are 010 = 2; Next follows Lo, the
     * previous param, on the next whole byte. */
    assert_int_equal(DECODE("\x29", "\x69\x5A\x07"), MDD_OK);
    assert_string_equal(rec.text, "SID=105@0+1 Hi=11@1+1 Lo=2@1+1 Next=7@2+1");
}

static void test_table_row_reference(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* The key names row R1 itself: no bytes, reported as the row's key text. */
    assert_int_equal(DECODE("\x2A", "\x6A\x09"), MDD_OK);
    assert_string_equal(rec.text, "SID=106@0+1 RK=\"1\"@1+0 RS{ RS/R1{ RS/R1/x=9@1+1 } }");
}

static void test_unsupported_kind(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    assert_int_equal(DECODE("\x26", "\x66\x01"), MDD_ERR_UNSUPPORTED);
    assert_string_equal(err.message, "/E at byte 1: parameter kind TABLE_ENTRY is not supported");
}

static void test_decode_message_request(void **state)
{
    (void)state;
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "Tail", &s));
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_uds_message m = {MDD_UDS_REQUEST, 0};
    mdd_uds_decoded out;
    const uint8_t req[] = {0x25, 0x01, 0x07};
    assert_int_equal(mdd_uds_decode_message(layer, &s, &m, NULL, 0, req, sizeof req, &v, NULL,
                                            &out, NULL),
                     MDD_OK);
    assert_string_equal(rec.text, "SID=37@0+1 Level=1@1+1 Mode=7@2+1");
    assert_int_equal(out.message.kind, MDD_UDS_REQUEST);
    /* A response index the service does not have (Tail has none; the layer one global). */
    mdd_uds_message bad = {MDD_UDS_NEGATIVE, 5};
    mdd_error err;
    assert_int_equal(mdd_uds_decode_message(layer, &s, &bad, NULL, 0, req, sizeof req, &v,
                                            NULL, &out, &err),
                     MDD_ERR_ARG);
}

static void test_values_through_coded_types_and_compu(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* The example: a string read. */
    assert_int_equal(DECODE("\x22\xF1\x91", "\x62\xF1\x91SCEDT"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 DID=61841@1+2 Name=\"SCEDT\"@3+5");
    assert_int_equal(DECODE("\x22\xF1\x92", "\x62\xF1\x92\xC3\xA4x"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 DID=61842@1+2 Text=\"\xC3\xA4x\"@3+3");
    /* LINEAR -40 + 0.5 x: 0x7D = 125 is 22.5. */
    assert_int_equal(DECODE("\x22\xF1\x93", "\x62\xF1\x93\x7D"), MDD_OK);
    assert_string_equal(rec.text, "SID=98@0+1 DID=61843@1+2 Temp=22.5@3+1");
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "Session", &s));
    mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    mdd_uds_visitor v = mb_recorder(&rec);
    assert_int_equal(mdd_uds_decode_message(layer, &s, &request, NULL, 0,
                                            (const uint8_t *)"\x10\x03", 2, &v, NULL, NULL, &err),
                     MDD_OK);
    assert_string_equal(rec.text, "SID=16@0+1 EcuSessionType=\"Extended\"@1+1");
}

/* A message as mdd_uds_decode() takes it. */
typedef struct exchange {
    const char *request, *response;
    size_t request_len, response_len;
} exchange;

#define EXCHANGE(req, resp) {req, resp, sizeof req - 1, sizeof resp - 1}

/* mdd_uds_decode() reports the constants its response choice already read without reading
 * them again; mdd_uds_decode_message() of the response it chose makes no choice and reads
 * everything: both must report the same values, cover the same bytes and fail alike. */
static void test_chosen_response_decodes_as_named(void **state)
{
    (void)state;
    static const exchange cases[] = {
        EXCHANGE("\x22\xF1\x90", "\x62\xF1\x90\x12\x34\xAA"),
        EXCHANGE("\x22\xF1\x90", "\x7F\x22\x31"),
        EXCHANGE("\x22\x01\x00", "\x62\x01\x02\x09\x09\x77"),
        EXCHANGE("\x22\x01\x00", "\x62\x01\x02\x09"),
        EXCHANGE("\x19\x02", "\x59\x02\x01\xAA\x02\xBB\x42"),
        EXCHANGE("\x31", "\x71\x03\x56"),
        EXCHANGE("\x22\x05\x00", "\x62\x10\xAA\xBB\x42"),
        EXCHANGE("\x23", "\x7F\x23\x11"),
        EXCHANGE("\x25\x01\x07", "\x65\x01\x56"),
        EXCHANGE("\x29", "\x69\x5A\x07"),
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const exchange *c = &cases[i];
        mb_record chosen, named;
        mdd_uds_decoded out, again;
        mdd_error err, err_again;
        mdd_uds_visitor v = mb_recorder(&named);
        mdd_status st = decode(c->request, c->request_len, c->response, c->response_len,
                               &chosen, &out, &err);
        memset(&err_again, 0, sizeof err_again);
        mdd_status st_again = mdd_uds_decode_message(
            layer, &out.service, &out.message, (const uint8_t *)c->request, c->request_len,
            (const uint8_t *)c->response, c->response_len, &v, NULL, &again, &err_again);
        assert_int_equal(st_again, st);
        assert_string_equal(named.text, chosen.text);
        if (st == MDD_OK)
            assert_int_equal(again.covered, out.covered);
        else
            assert_string_equal(err_again.message, err.message);
    }
}

static void test_bad_input_names_path_and_byte(void **state)
{
    (void)state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    /* Truncated. */
    assert_int_equal(DECODE("\x22\xF1\x90", "\x62\xF1\x90\x12"), MDD_ERR_FORMAT);
    assert_string_equal(err.message,
                        "/Value: byte 3: 16 bits at bit position 0 need 2 bytes, the message ends "
                        "at byte 4");
    assert_int_equal(DECODE("\x22\xF1\x91", "\x62\xF1\x91SCE"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/Name: byte 3: 5 bytes wanted, the message ends at byte 6");
    /* A length past the end: Len says 32 bits, 2 bytes follow. */
    assert_int_equal(DECODE("\x22\x05\x00", "\x62\x20\xAA\xBB"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/Data: byte 2: 4 bytes wanted, the message ends at byte 4");
    /* Invalid UTF-8. */
    assert_int_equal(DECODE("\x22\xF1\x92", "\x62\xF1\x92\xC3\x28"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/Text: byte 3: malformed UTF-8 in a A_UTF_8_STRING");
    /* A text-table miss. */
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "Session", &s));
    mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    assert_int_equal(mdd_uds_decode_message(layer, &s, &request, NULL, 0,
                                            (const uint8_t *)"\x10\x05", 2, NULL, NULL, NULL, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "/EcuSessionType: "));
    /* An item inside a field names its index. */
    assert_int_equal(DECODE("\x19\x02", "\x59\x02\x01\xAA\x02"), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "/List[1]/val: byte 5: 8 bits at bit position 0 need 1 bytes, "
                                     "the message ends at byte 5");
}

static mdd_status stop_at_value(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    int *seen = ctx;
    if (++*seen < 2)
        return MDD_OK;
    err->status = MDD_ERR_CANCELED;
    snprintf(err->message, sizeof err->message, "enough at %s",
             v->kind == MDD_UDS_UINT ? "a number" : "?");
    return MDD_ERR_CANCELED;
}

static void test_visitor_status_stops(void **state)
{
    (void)state;
    mdd_uds_decoded out;
    mdd_error err;
    const uint8_t req[] = {0x22, 0xF1, 0x90}, resp[] = {0x62, 0xF1, 0x90, 0x12, 0x34};
    /* A NULL visitor only matches and checks. */
    assert_int_equal(mdd_uds_decode(layer, req, 3, resp, 5, NULL, NULL, &out, NULL), MDD_OK);
    assert_int_equal(out.covered, 5);
    int seen = 0;
    mdd_uds_visitor v = {stop_at_value, &seen};
    assert_int_equal(mdd_uds_decode(layer, req, 3, resp, 5, &v, NULL, &out, &err),
                     MDD_ERR_CANCELED);
    assert_int_equal(seen, 2);
    assert_string_equal(err.message, "enough at a number");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_positive),
        cmocka_unit_test(test_trailing_bytes_are_reported),
        cmocka_unit_test(test_negative_response),
        cmocka_unit_test(test_no_response_matches),
        cmocka_unit_test(test_structure_with_byte_size),
        cmocka_unit_test(test_static_field),
        cmocka_unit_test(test_dynamic_length_field),
        cmocka_unit_test(test_end_of_pdu_field),
        cmocka_unit_test(test_mux),
        cmocka_unit_test(test_mux_without_byte_position_in_structure),
        cmocka_unit_test(test_dtc_json_severity),
        cmocka_unit_test(test_dtc_and_env_data),
        cmocka_unit_test(test_table_key_and_struct),
        cmocka_unit_test(test_reserved_is_high_low),
        cmocka_unit_test(test_length_key),
        cmocka_unit_test(test_nrc_const_and_global_negative),
        cmocka_unit_test(test_phys_const),
        cmocka_unit_test(test_coded_const_checked),
        cmocka_unit_test(test_system_param),
        cmocka_unit_test(test_bit_positions),
        cmocka_unit_test(test_table_row_reference),
        cmocka_unit_test(test_unsupported_kind),
        cmocka_unit_test(test_decode_message_request),
        cmocka_unit_test(test_values_through_coded_types_and_compu),
        cmocka_unit_test(test_chosen_response_decodes_as_named),
        cmocka_unit_test(test_bad_input_names_path_and_byte),
        cmocka_unit_test(test_visitor_status_stops),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
