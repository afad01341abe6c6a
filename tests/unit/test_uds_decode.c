/* SPDX-License-Identifier: Apache-2.0 */
/* Decoding UDS messages: the service and response chosen, every parameter kind and DOP kind
 * on the database of uds_msg_fixture.h, with the values worked out by hand from the bytes
 * (the examples of docs/codec.md), and the errors that name the path and the byte. Each
 * table row is a test of its own, named by the row. */
#define TB_CAP 65536
#include "uds_msg_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
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

static void service_is(const mdd_uds_decoded *out, const char *name)
{
    mdd_bytes n = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(out->service.service));
    if (!mdd_bytes_equal_str(n, name))
        fail_msg("service '%.*s', not '%s'", (int)n.len, (const char *)n.ptr, name);
}

/* ---- Responses through mdd_uds_decode() ---- */

/* The response a decode chose. */
typedef struct chosen_response {
    mdd_uds_message_kind kind;
    uint32_t index;
    uint8_t type; /* its response_type */
} chosen_response;

#define POSITIVE(i) {MDD_UDS_POSITIVE, (i), MDD_RESPONSE_TYPE_POS_RESPONSE}
#define NEGATIVE(i) {MDD_UDS_NEGATIVE, (i), MDD_RESPONSE_TYPE_NEG_RESPONSE}
#define GLOBAL_NEGATIVE(i) {MDD_UDS_NEGATIVE, (i), MDD_RESPONSE_TYPE_GLOBAL_NEG_RESPONSE}

/* response, the answer to request, and what mdd_uds_decode() makes of it. */
typedef struct decode_case {
    const char *name;
    const char *request, *response;
    size_t request_len, response_len;
    mdd_status status;
    const char *text; /* MDD_OK: the values as mb_record writes them; else the error message */
    /* MDD_OK only: */
    const char *service; /* the short name of the service found */
    chosen_response chosen;
    size_t covered;
} decode_case;

#define DECODES(name, req, resp, svc, chosen, covered, text)                                   \
    {name, req, resp, sizeof req - 1, sizeof resp - 1, MDD_OK, text, svc, chosen, covered}
#define FAILS(name, req, resp, status, message)                                                \
    {name, req, resp, sizeof req - 1, sizeof resp - 1, status, message, NULL, {0, 0, 0}, 0}

static const decode_case decode_cases[] = {
    /* The DID repeats the request's bytes F1 90, read high-low: 61840. */
    DECODES("positive response", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34", "ReadVIN", POSITIVE(0),
            5, "SID=98@0+1 DID=61840@1+2 Value=4660@3+2"),
    DECODES("trailing bytes are reported", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34\xAA\xBB",
            "ReadVIN", POSITIVE(0), 5, "SID=98@0+1 DID=61840@1+2 Value=4660@3+2"),
    DECODES("negative response", "\x22\xF1\x90", "\x7F\x22\x31", "ReadVIN", NEGATIVE(0), 3,
            "SID=127@0+1 SIDRQ=34@1+1 NRC=49@2+1"),
    FAILS("no response matches", "\x22\x01\x00", "\x63\x01\x02", MDD_ERR_NOT_FOUND,
          "no response of service 'ReadRec' matches 63 01 02"),
    FAILS("the DID does not repeat the request's", "\x22\xF1\x90", "\x62\xF1\x91\x12\x34",
          MDD_ERR_NOT_FOUND, "no response of service 'ReadVIN' matches 62 F1 91 12 34"),
    FAILS("no service takes the request", "\x99\x01", "\x62", MDD_ERR_NOT_FOUND,
          "no service takes the request 99 01"),
    /* Rec takes 4 bytes from byte 1 although its params read 2: After is byte 5. */
    DECODES("structure with a byte size", "\x22\x01\x00", "\x62\x01\x02\x09\x09\x77", "ReadRec",
            POSITIVE(0), 6, "SID=98@0+1 Rec{ Rec/A=1@1+1 Rec/B=2@2+1 } After=119@5+1"),
    FAILS("a structure's bytes past the end", "\x22\x01\x00", "\x62\x01\x02\x09", MDD_ERR_FORMAT,
          "/Rec at byte 1: the structure's 4 bytes run past the message end (4 bytes)"),
    DECODES("static field", "\x19\x01", "\x59\x01\xAA\xFF\x02\xBB\xFF\x42", "StaticList",
            POSITIVE(0), 8,
            "SID=89@0+1 List[ List[0]{ List[0]/id=1@1+1 List[0]/val=170@2+1 } "
            "List[1]{ List[1]/id=2@4+1 List[1]/val=187@5+1 } ] T=66@7+1"),
    DECODES("dynamic length field", "\x19\x02", "\x59\x02\x01\xAA\x02\xBB\x42", "DynamicList",
            POSITIVE(0), 7,
            "SID=89@0+1 List[ List[0]{ List[0]/id=1@2+1 List[0]/val=170@3+1 } "
            "List[1]{ List[1]/id=2@4+1 List[1]/val=187@5+1 } ] T=66@6+1"),
    /* T follows the count. */
    DECODES("dynamic length field without items", "\x19\x02", "\x59\x00\x42", "DynamicList",
            POSITIVE(0), 3, "SID=89@0+1 List[ ] T=66@2+1"),
    DECODES("end-of-PDU field", "\x19\x03", "\x59\x01\xAA\x02\xBB", "EndList", POSITIVE(0), 5,
            "SID=89@0+1 List[ List[0]{ List[0]/id=1@1+1 List[0]/val=170@2+1 } "
            "List[1]{ List[1]/id=2@3+1 List[1]/val=187@4+1 } ]"),
    /* Named by the item's path. */
    FAILS("a partial last item of an end-of-PDU field", "\x19\x03", "\x59\x01\xAA\x02",
          MDD_ERR_FORMAT,
          "/List[1]/val: byte 4: 8 bits at bit position 0 need 1 bytes, the message ends at "
          "byte 4"),
    DECODES("mux, case A", "\x31", "\x71\x01\x12\x34", "Mux", POSITIVE(0), 4,
            "SID=113@0+1 M{ M/Selector=1@1+1 M/SA{ M/SA/a=4660@2+2 } }"),
    DECODES("mux, case B", "\x31", "\x71\x03\x56", "Mux", POSITIVE(0), 3,
            "SID=113@0+1 M{ M/Selector=3@1+1 M/SB{ M/SB/b=86@2+1 } }"),
    /* The default case has no structure: the key alone, 0x56 is trailing. */
    DECODES("mux, default case without a structure", "\x31", "\x71\x09\x56", "Mux", POSITIVE(0),
            2, "SID=113@0+1 M{ M/Selector=9@1+1 }"),
    /* Rec at byte 1: Num reads byte 1 (03); M, without a byte position, starts at Rec's start
     * too, so its key re-reads byte 1 (3: CaseB) and its case is at 1 + 1 = byte 2 (b = 0x56);
     * After follows the case, at byte 3 (0x77). */
    DECODES("mux without a byte position in a structure, case B", "\x32", "\x72\x03\x56\x77",
            "MuxInRec", POSITIVE(0), 4,
            "SID=114@0+1 Rec{ Rec/Num=3@1+1 Rec/M{ Rec/M/Selector=3@1+1 "
            "Rec/M/SB{ Rec/M/SB/b=86@2+1 } } } After=119@3+1"),
    /* Key 1 chooses CaseA, whose a takes bytes 2..3. */
    DECODES("mux without a byte position in a structure, case A", "\x32",
            "\x72\x01\x12\x34\x77", "MuxInRec", POSITIVE(0), 5,
            "SID=114@0+1 Rec{ Rec/Num=1@1+1 Rec/M{ Rec/M/Selector=1@1+1 "
            "Rec/M/SA{ Rec/M/SA/a=4660@2+2 } } } After=119@4+1"),
    /* The DTC 0x010100 is the DOP's own; its environment data are the one for every code
     * (Odo) and the one for 0x010100 (Temp), one after the other. */
    DECODES("DTC and its environment data", "\x19\x04", "\x59\x01\x01\x00\x12\x34\x55",
            "ReadDtc", POSITIVE(0), 7,
            "SID=89@0+1 DTC=010100:MAF@1+3 Env{ Env/Odo=4660@4+2 Env/Temp=85@6+1 }"),
    FAILS("a code no DTC has", "\x19\x04", "\x59\x01\x01\x01\x12\x34", MDD_ERR_FORMAT,
          "/DTC at byte 1: no DTC has trouble code 0x010101"),
    DECODES("DTC DOP without DTCs of its own finds the ECU's", "\x19\x05", "\x59\x02\x02\x00",
            "ReadGlobalDtc", POSITIVE(0), 4, "SID=89@0+1 DTC=020200:Cam@1+3"),
    DECODES("table key and struct", "\x22\x03\x00", "\x62\x01\x07", "Table", POSITIVE(0), 3,
            "SID=98@0+1 TK=1@1+1 TS{ TS/R1{ TS/R1/x=7@2+1 } }"),
    DECODES("table row without a structure: an empty object", "\x22\x03\x00", "\x62\x02",
            "Table", POSITIVE(0), 2, "SID=98@0+1 TK=2@1+1 TS{ TS/R2{ } }"),
    FAILS("a table key no row has", "\x22\x03\x00", "\x62\x03\x07", MDD_ERR_FORMAT,
          "/TK at byte 1: no row of the table has this key"),
    DECODES("reserved is read high-low", "\x22\x04\x00", "\x62\x01\x02\x03", "Reserved",
            POSITIVE(0), 4, "SID=98@0+1 R=258@1+2 V=3@3+1"),
    /* Len 0x10 = 16 bits: Data is AA BB, T follows. */
    DECODES("length key", "\x22\x05\x00", "\x62\x10\xAA\xBB\x42", "LengthKey", POSITIVE(0), 5,
            "SID=98@0+1 Len=16@1+1 Data=0xAABB@2+2 T=66@4+1"),
    DECODES("NRC constant", "\x23", "\x7F\x23\x31", "Guarded", NEGATIVE(0), 3,
            "SID=127@0+1 SIDRQ=35@1+1 NRC=49@2+1"),
    /* 0x11 is none of the NRC constant's values: the global negative response takes it,
     * numbered after the service's own negative response, so it can be asked for again. */
    DECODES("global negative response", "\x23", "\x7F\x23\x11", "Guarded", GLOBAL_NEGATIVE(1), 3,
            "SID=127@0+1 SIDRQ=35@1+1 Code=17@2+1"),
    DECODES("physical constant", "\x24", "\x64\x05", "PhysConst", POSITIVE(0), 2,
            "SID=100@0+1 P=5@1+1"),
    FAILS("a physical constant that differs", "\x24", "\x64\x06", MDD_ERR_FORMAT,
          "/P at byte 1: physical constant 5 expected, read 6"),
    DECODES("coded constant after a value", "\x25\x01\x07", "\x65\x01\x55", "Tail", POSITIVE(0),
            3, "SID=101@0+1 V=1@1+1 End=85@2+1"),
    /* After a value, a constant cannot choose the response: the decode checks it. */
    FAILS("a coded constant after a value that differs", "\x25\x01\x07", "\x65\x01\x56",
          MDD_ERR_FORMAT, "/End at byte 2: coded constant 85 expected, read 86"),
    DECODES("system parameter", "\x28", "\x68\x01\x02", "System", POSITIVE(0), 3,
            "SID=104@0+1 Time=258@1+2"),
    /* 5A = 0101 1010: bits 3..6 are 1011 = 11, bits 0..2 are 010 = 2; Next follows Lo, the
     * previous param, on the next whole byte. */
    DECODES("bit positions", "\x29", "\x69\x5A\x07", "Bits", POSITIVE(0), 3,
            "SID=105@0+1 Hi=11@1+1 Lo=2@1+1 Next=7@2+1"),
    /* The key names row R1 itself: no bytes, reported as the row's key text. */
    DECODES("table row reference", "\x2A", "\x6A\x09", "RowRef", POSITIVE(0), 2,
            "SID=106@0+1 RK=\"1\"@1+0 RS{ RS/R1{ RS/R1/x=9@1+1 } }"),
    FAILS("an unsupported parameter kind", "\x26", "\x66\x01", MDD_ERR_UNSUPPORTED,
          "/E at byte 1: parameter kind TABLE_ENTRY is not supported"),
    DECODES("ASCII string", "\x22\xF1\x91", "\x62\xF1\x91SCEDT", "ReadName", POSITIVE(0), 8,
            "SID=98@0+1 DID=61841@1+2 Name=\"SCEDT\"@3+5"),
    DECODES("UTF-8 string", "\x22\xF1\x92", "\x62\xF1\x92\xC3\xA4x", "ReadText", POSITIVE(0), 6,
            "SID=98@0+1 DID=61842@1+2 Text=\"\xC3\xA4x\"@3+3"),
    /* LINEAR -40 + 0.5 x: 0x7D = 125 is 22.5. */
    DECODES("linear compu method", "\x22\xF1\x93", "\x62\xF1\x93\x7D", "ReadTemp", POSITIVE(0),
            4, "SID=98@0+1 DID=61843@1+2 Temp=22.5@3+1"),
    FAILS("a truncated value", "\x22\xF1\x90", "\x62\xF1\x90\x12", MDD_ERR_FORMAT,
          "/Value: byte 3: 16 bits at bit position 0 need 2 bytes, the message ends at byte 4"),
    FAILS("a truncated string", "\x22\xF1\x91", "\x62\xF1\x91SCE", MDD_ERR_FORMAT,
          "/Name: byte 3: 5 bytes wanted, the message ends at byte 6"),
    /* Len says 32 bits, 2 bytes follow. */
    FAILS("a length past the end", "\x22\x05\x00", "\x62\x20\xAA\xBB", MDD_ERR_FORMAT,
          "/Data: byte 2: 4 bytes wanted, the message ends at byte 4"),
    FAILS("malformed UTF-8", "\x22\xF1\x92", "\x62\xF1\x92\xC3\x28", MDD_ERR_FORMAT,
          "/Text: byte 3: malformed UTF-8 in a A_UTF_8_STRING"),
    /* An item inside a field names its index. */
    FAILS("a truncated item of a dynamic field", "\x19\x02", "\x59\x02\x01\xAA\x02",
          MDD_ERR_FORMAT,
          "/List[1]/val: byte 5: 8 bits at bit position 0 need 1 bytes, the message ends at "
          "byte 5"),
};

/* mdd_uds_decode() reports the constants its response choice already read without reading
 * them again; mdd_uds_decode_message() of the response it chose (out) makes no choice and
 * reads everything: both must report the same values, cover the same bytes and fail alike. */
static void decodes_alike_as_chosen(const decode_case *c, mdd_status status,
                                    const mb_record *chosen, const mdd_uds_decoded *out,
                                    const mdd_error *err)
{
    mb_record named;
    mdd_uds_visitor v = mb_recorder(&named);
    mdd_uds_decoded again;
    mdd_error err_again = {0};
    assert_int_equal(mdd_uds_decode_message(layer, &out->service, &out->message,
                                            (const uint8_t *)c->request, c->request_len,
                                            (const uint8_t *)c->response, c->response_len, &v,
                                            NULL, &again, &err_again),
                     status);
    assert_string_equal(named.text, chosen->text);
    if (status == MDD_OK)
        assert_int_equal(again.covered, out->covered);
    else
        assert_string_equal(err_again.message, err->message);
}

static void test_decode_case(void **state)
{
    const decode_case *c = *state;
    mb_record rec;
    mdd_uds_decoded out;
    mdd_error err;
    mdd_status st = decode(c->request, c->request_len, c->response, c->response_len, &rec, &out,
                           &err);
    assert_int_equal(st, c->status);
    if (st != MDD_OK) {
        assert_string_equal(err.message, c->text);
    } else {
        assert_string_equal(rec.text, c->text);
        service_is(&out, c->service);
        assert_int_equal(out.message.kind, c->chosen.kind);
        assert_int_equal(out.message.index, c->chosen.index);
        assert_int_equal(mdd_response_response_type(out.response), c->chosen.type);
        assert_int_equal(out.covered, c->covered);
    }
    /* Once a response is chosen (a service and response found), as that response again. */
    if (st != MDD_ERR_NOT_FOUND)
        decodes_alike_as_chosen(c, st, &rec, &out, &err);
}

/* ---- Responses to JSON ---- */

/* response, the answer to request, and exactly what mdd_uds_decode_json() writes of it. */
typedef struct json_case {
    const char *name;
    const char *request, *response;
    size_t request_len, response_len;
    const char *json;
} json_case;

#define DECODES_TO_JSON(name, req, resp, json)                                                 \
    {name, req, resp, sizeof req - 1, sizeof resp - 1, json}

/* What the JSON of a response of ReadGlobalDtc begins with. */
#define UM_GLOBAL_DTC_JSON                                                                     \
    "{\"ecu\":\"ECU\",\"variant\":\"V\",\"service\":\"ReadGlobalDtc\",\"response\":\"positive\","  \
    "\"params\":"

static const json_case json_cases[] = {
    /* Cam has a level (3) and a display code (02 02 00 = 131584). */
    DECODES_TO_JSON("DTC JSON with severity and display code", "\x19\x05", "\x59\x02\x02\x00",
                    UM_GLOBAL_DTC_JSON "{\"SID\":89,\"DTC\":{\"code\":131584,"
                    "\"display_code\":\"P0202\",\"fault_name\":\"Cam sensor\",\"severity\":3}}}"),
    /* Bare (03 03 00 = 197376) has neither, nor a text: severity 0, no display_code, its
     * short name as fault_name. */
    DECODES_TO_JSON("DTC JSON without level, display code or text", "\x19\x05",
                    "\x59\x03\x03\x00",
                    UM_GLOBAL_DTC_JSON "{\"SID\":89,\"DTC\":{\"code\":197376,"
                    "\"fault_name\":\"Bare\",\"severity\":0}}}"),
};

static void test_json_case(void **state)
{
    const json_case *c = *state;
    mdd_error err;
    mdd_buffer json = {0};
    mdd_sink sink = mdd_buffer_sink(&json);
    assert_int_equal(mdd_uds_decode_json(layer, (const uint8_t *)c->request, c->request_len,
                                         (const uint8_t *)c->response, c->response_len, NULL,
                                         &sink, &err),
                     MDD_OK);
    char text[512];
    assert_true(json.len < sizeof text);
    memcpy(text, json.data, json.len);
    text[json.len] = '\0';
    mdd_buffer_free(&json);
    assert_string_equal(text, c->json);
}

/* ---- Requests through mdd_uds_decode_message() ---- */

/* A request of a service named by the caller, and what mdd_uds_decode_message() makes of it. */
typedef struct request_case {
    const char *name;
    const char *service, *request;
    size_t request_len;
    mdd_status status;
    const char *text; /* MDD_OK: the values as mb_record writes them; else the error message */
} request_case;

#define REQUEST_CASE(name, svc, req, status, text) {name, svc, req, sizeof req - 1, status, text}

static const request_case request_cases[] = {
    REQUEST_CASE("request", "Tail", "\x25\x01\x07", MDD_OK, "SID=37@0+1 Level=1@1+1 Mode=7@2+1"),
    REQUEST_CASE("request through a text table", "Session", "\x10\x03", MDD_OK,
                 "SID=16@0+1 EcuSessionType=\"Extended\"@1+1"),
    REQUEST_CASE("a request value the text table lacks", "Session", "\x10\x05", MDD_ERR_FORMAT,
                 "/EcuSessionType: coded value 5 fits no scale of the TEXT_TABLE compu method, "
                 "which has no default"),
};

static void test_request_case(void **state)
{
    const request_case *c = *state;
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, c->service, &s));
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_uds_message m = {MDD_UDS_REQUEST, 0};
    mdd_uds_decoded out;
    mdd_error err = {0};
    mdd_status st = mdd_uds_decode_message(layer, &s, &m, NULL, 0, (const uint8_t *)c->request,
                                           c->request_len, &v, NULL, &out, &err);
    assert_int_equal(st, c->status);
    if (st != MDD_OK) {
        assert_string_equal(err.message, c->text);
        return;
    }
    assert_string_equal(rec.text, c->text);
    assert_int_equal(out.message.kind, MDD_UDS_REQUEST);
    assert_int_equal(out.covered, c->request_len);
}

/* ---- The API ---- */

static void test_message_index_out_of_range(void **state)
{
    (void)state;
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "Tail", &s));
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_uds_decoded out;
    const uint8_t req[] = {0x25, 0x01, 0x07};
    /* A response index the service does not have (Tail has none; the layer one global). */
    mdd_uds_message bad = {MDD_UDS_NEGATIVE, 5};
    mdd_error err;
    assert_int_equal(mdd_uds_decode_message(layer, &s, &bad, NULL, 0, req, sizeof req, &v,
                                            NULL, &out, &err),
                     MDD_ERR_ARG);
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
        cmocka_unit_test(test_message_index_out_of_range),
        cmocka_unit_test(test_visitor_status_stops),
    };
    const tu_case_table tables[] = {
        TU_CASES(test_decode_case, decode_cases),
        TU_CASES(test_json_case, json_cases),
        TU_CASES(test_request_case, request_cases),
    };
    return TU_RUN_GROUP_WITH_CASES(tests, tables, setup, teardown);
}
