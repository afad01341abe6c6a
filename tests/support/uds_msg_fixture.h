/* SPDX-License-Identifier: Apache-2.0 */
/* The database the UDS codec's decode and encode tests share, built with uds_msg_builder.h:
 * one service per DOP or parameter kind, most of them the worked examples of the codec's
 * rules (docs/codec.md), with the bytes each example decodes. Header-only. */
#ifndef MDD_TEST_UDS_MSG_FIXTURE_H
#define MDD_TEST_UDS_MSG_FIXTURE_H

#include "uds_msg_builder.h"

static const mb_dop um_u8 = MB_UINT_DOP(8);
static const mb_dop um_u16 = MB_UINT_DOP(16);
static const mb_dop um_u24 = MB_UINT_DOP(24);
static const mb_dop um_bytes_by_key = {
    .kind = MB_NORMAL, .name = "BYTES",
    .normal = {UB_PARAM_LENGTH(MDD_DATA_TYPE_A_BYTEFIELD), NULL, UB_ABSENT}, .length_key = "Len"};

/* ReadVIN: 22 F1 90 -> 62 F1 90 <Value u16>; 7F 22 <NRC>. */
static const mb_param um_vin_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "61840", 16, 1)};
static const mb_param um_vin_pos[] = {
    MB_CONST("SID", "98", 8, 0),
    {.name = "DID", .type = MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM, .byte = MB_AT(1),
     .request_byte = 1, .byte_length = 2},
    MB_VALUE("Value", &um_u16, MB_AT(3))};
static const mb_param um_vin_neg[] = {
    MB_CONST("SID", "127", 8, 0),
    {.name = "SIDRQ", .type = MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM, .byte = MB_AT(1),
     .request_byte = 0, .byte_length = 1},
    MB_VALUE("NRC", &um_u8, MB_AT(2))};
static const mb_response um_vin_pos_r[] = {{um_vin_pos, 3, 0}};
static const mb_response um_vin_neg_r[] = {{um_vin_neg, 3, 0}};

/* ReadRec: 22 01 00 -> 62 <Rec {A u8 @0, B u8 @1}, byte_size 4 @1> <After u8>. */
static const mb_param um_rec_params[] = {MB_VALUE("A", &um_u8, MB_AT(0)),
                                         MB_VALUE("B", &um_u8, MB_AT(1))};
static const mb_dop um_rec = {.kind = MB_STRUCTURE, .name = "RecStruct", .params = um_rec_params,
                              .param_count = 2, .byte_size = MB_AT(4)};
static const mb_param um_rec_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "256", 16, 1)};
static const mb_param um_rec_pos[] = {MB_CONST("SID", "98", 8, 0), MB_VALUE("Rec", &um_rec, MB_AT(1)),
                                      MB_VALUE("After", &um_u8, 0)};
static const mb_response um_rec_pos_r[] = {{um_rec_pos, 3, 0}};

/* Fields of items {id u8 @0, val u8 @1}: 19 01 static (2 items of 3 bytes), 19 02 dynamic
 * (count u8 @0, items from 1), 19 03 to the end of the PDU. */
static const mb_param um_item_params[] = {MB_VALUE("id", &um_u8, MB_AT(0)),
                                          MB_VALUE("val", &um_u8, MB_AT(1))};
static const mb_dop um_item = {.kind = MB_STRUCTURE, .name = "Item", .params = um_item_params,
                               .param_count = 2};
static const mb_dop um_static = {.kind = MB_STATIC_FIELD, .name = "Static", .item = &um_item,
                                 .count = 2, .item_size = 3};
static const mb_dop um_dynamic = {.kind = MB_DYNAMIC_FIELD, .name = "Dynamic", .item = &um_item,
                                  .offset = 1, .count_byte = 0, .count_dop = &um_u8};
static const mb_dop um_eopdu = {.kind = MB_END_OF_PDU_FIELD, .name = "ToEnd", .item = &um_item};
static const mb_param um_static_req[] = {MB_CONST("SID", "25", 8, 0), MB_CONST("Sub", "1", 8, 1)};
static const mb_param um_dynamic_req[] = {MB_CONST("SID", "25", 8, 0), MB_CONST("Sub", "2", 8, 1)};
static const mb_param um_eopdu_req[] = {MB_CONST("SID", "25", 8, 0), MB_CONST("Sub", "3", 8, 1)};
static const mb_param um_static_pos[] = {MB_CONST("SID", "89", 8, 0),
                                         MB_VALUE("List", &um_static, MB_AT(1)),
                                         MB_VALUE("T", &um_u8, 0)};
static const mb_param um_dynamic_pos[] = {MB_CONST("SID", "89", 8, 0),
                                          MB_VALUE("List", &um_dynamic, MB_AT(1)),
                                          MB_VALUE("T", &um_u8, 0)};
static const mb_param um_eopdu_pos[] = {MB_CONST("SID", "89", 8, 0),
                                        MB_VALUE("List", &um_eopdu, MB_AT(1))};
static const mb_response um_static_pos_r[] = {{um_static_pos, 3, 0}};
static const mb_response um_dynamic_pos_r[] = {{um_dynamic_pos, 3, 0}};
static const mb_response um_eopdu_pos_r[] = {{um_eopdu_pos, 2, 0}};

/* MUX @1: key u8 @+0, cases @+1: CaseA [1,1] {a u16}, CaseB [2,5] {b u8}, default Other. */
static const mb_param um_sa_params[] = {MB_VALUE("a", &um_u16, MB_AT(0))};
static const mb_param um_sb_params[] = {MB_VALUE("b", &um_u8, MB_AT(0))};
static const mb_dop um_sa = {.kind = MB_STRUCTURE, .name = "SA", .params = um_sa_params,
                             .param_count = 1};
static const mb_dop um_sb = {.kind = MB_STRUCTURE, .name = "SB", .params = um_sb_params,
                             .param_count = 1};
static const mb_case um_cases[] = {{"CaseA", &um_sa, "1", "1"}, {"CaseB", &um_sb, "2", "5"}};
static const mb_case um_other = {"Other", NULL, NULL, NULL};
static const mb_dop um_mux = {.kind = MB_MUX, .name = "Mux", .key_dop = &um_u8, .key_byte = 0,
                              .case_byte = 1, .cases = um_cases, .case_count = 2,
                              .default_case = &um_other};
static const mb_param um_mux_req[] = {MB_CONST("SID", "49", 8, 0)};
static const mb_param um_mux_pos[] = {MB_CONST("SID", "113", 8, 0), MB_VALUE("M", &um_mux, MB_AT(1))};
static const mb_response um_mux_pos_r[] = {{um_mux_pos, 2, 0}};

/* The same MUX inside a structure without a byte position, after Num (u8, unpositioned):
 * 32 -> 72 <Rec {Num, M}> <After u8, unpositioned>. M starts at the structure's start, so
 * its key re-reads Num's byte. */
static const mb_param um_muxrec_params[] = {MB_VALUE("Num", &um_u8, 0), MB_VALUE("M", &um_mux, 0)};
static const mb_dop um_muxrec = {.kind = MB_STRUCTURE, .name = "MuxRec",
                                 .params = um_muxrec_params, .param_count = 2};
static const mb_param um_muxrec_req[] = {MB_CONST("SID", "50", 8, 0)};
static const mb_param um_muxrec_pos[] = {MB_CONST("SID", "114", 8, 0),
                                         MB_VALUE("Rec", &um_muxrec, MB_AT(1)),
                                         MB_VALUE("After", &um_u8, 0)};
static const mb_response um_muxrec_pos_r[] = {{um_muxrec_pos, 3, 0}};

/* DTC @1 (24 bits) and its environment data @4: for all codes {Odo u16}, for 0x010100
 * {Temp u8}. The second DTC DOP has no DTCs of its own: the ECU's list applies. */
static const mb_dtc um_dtcs[] = {{"MAF", 0x010100, "P0101", "MAF range", 2}};
static const mb_dtc um_ecu_dtcs[] = {{"Cam", 0x020200, "P0202", "Cam sensor", 3},
                                     {"Bare", 0x030300, NULL, NULL, 0}};
static const mb_dop um_dtc = {.kind = MB_DTC, .name = "DtcDop",
                              .normal = {MB_UINT(24), NULL, UB_ABSENT},
                              .dtcs = um_dtcs, .dtc_count = 1};
static const mb_dop um_dtc_global = {.kind = MB_DTC, .name = "DtcGlobal",
                                     .normal = {MB_UINT(24), NULL, UB_ABSENT}};
static const mb_param um_odo[] = {MB_VALUE("Odo", &um_u16, MB_AT(0))};
static const mb_param um_temp[] = {MB_VALUE("Temp", &um_u8, MB_AT(0))};
static const uint32_t um_maf_codes[] = {0x010100};
static const mb_dop um_envs[] = {
    {.kind = MB_ENV_DATA, .name = "AllEnv", .params = um_odo, .param_count = 1},
    {.kind = MB_ENV_DATA, .name = "MafEnv", .params = um_temp, .param_count = 1,
     .dtc_values = um_maf_codes, .dtc_value_count = 1}};
static const mb_dop um_env = {.kind = MB_ENV_DATA_DESC, .name = "EnvDesc", .follows = "DTC",
                              .envs = um_envs, .env_count = 2};
static const mb_param um_dtc_req[] = {MB_CONST("SID", "25", 8, 0), MB_CONST("Sub", "4", 8, 1)};
static const mb_param um_dtc_pos[] = {MB_CONST("SID", "89", 8, 0),
                                      MB_VALUE("DTC", &um_dtc, MB_AT(1)),
                                      MB_VALUE("Env", &um_env, MB_AT(4))};
static const mb_response um_dtc_pos_r[] = {{um_dtc_pos, 3, 0}};
static const mb_param um_gdtc_req[] = {MB_CONST("SID", "25", 8, 0), MB_CONST("Sub", "5", 8, 1)};
static const mb_param um_gdtc_pos[] = {MB_CONST("SID", "89", 8, 0),
                                       MB_VALUE("DTC", &um_dtc_global, MB_AT(1))};
static const mb_response um_gdtc_pos_r[] = {{um_gdtc_pos, 2, 0}};

/* Table: TK @1 (key u8; R1 key "1" {x u8 @0}, R2 key "2" no structure), TS @2. */
static const mb_param um_row_params[] = {MB_VALUE("x", &um_u8, MB_AT(0))};
static const mb_dop um_row_struct = {.kind = MB_STRUCTURE, .name = "RowStruct",
                                     .params = um_row_params, .param_count = 1};
static const mb_row um_rows[] = {{"R1", "1", &um_row_struct, NULL}, {"R2", "2", NULL, NULL}};
static const mb_table um_table = {"Tbl", &um_u8, um_rows, 2};
static const mb_param um_table_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "768", 16, 1)};
static const mb_param um_table_pos[] = {
    MB_CONST("SID", "98", 8, 0),
    {.name = "TK", .type = MDD_PARAM_TYPE_TABLE_KEY, .byte = MB_AT(1), .table = &um_table},
    {.name = "TS", .type = MDD_PARAM_TYPE_TABLE_STRUCT, .byte = MB_AT(2), .table_key = "TK"}};
static const mb_response um_table_pos_r[] = {{um_table_pos, 3, 0}};

/* Reserved 16 bits @1, V u8 @3. */
static const mb_param um_res_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "1024", 16, 1)};
static const mb_param um_res_pos[] = {
    MB_CONST("SID", "98", 8, 0),
    {.name = "R", .type = MDD_PARAM_TYPE_RESERVED, .byte = MB_AT(1), .bits = 16},
    MB_VALUE("V", &um_u8, MB_AT(3))};
static const mb_response um_res_pos_r[] = {{um_res_pos, 3, 0}};

/* Length key: Len u8 @1, Data (byte field, its length in bits from Len) @2, T u8. */
static const mb_param um_len_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "1280", 16, 1)};
static const mb_param um_len_pos[] = {
    MB_CONST("SID", "98", 8, 0),
    {.name = "Len", .type = MDD_PARAM_TYPE_LENGTH_KEY, .byte = MB_AT(1), .dop = &um_u8},
    MB_VALUE("Data", &um_bytes_by_key, MB_AT(2)), MB_VALUE("T", &um_u8, 0)};
static const mb_response um_len_pos_r[] = {{um_len_pos, 4, 0}};

/* Guarded: 23 -> 7F 23 <NRC_CONST 0x22 or 0x31>. */
static const char *const um_nrcs[] = {"34", "49"};
static const mb_param um_guard_req[] = {MB_CONST("SID", "35", 8, 0)};
static const mb_param um_guard_neg[] = {
    MB_CONST("SID", "127", 8, 0),
    {.name = "SIDRQ", .type = MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM, .byte = MB_AT(1),
     .request_byte = 0, .byte_length = 1},
    {.name = "NRC", .type = MDD_PARAM_TYPE_NRC_CONST, .byte = MB_AT(2), .values = um_nrcs,
     .value_count = 2, .dct = MB_UINT(8)}};
static const mb_response um_guard_neg_r[] = {{um_guard_neg, 3, 0}};

/* A global negative response, on a service of its own: 7F <SIDRQ u8> <Code u8>. */
static const mb_param um_global_req[] = {MB_CONST("SID", "62", 8, 0)};
static const mb_param um_global_neg[] = {MB_CONST("SID", "127", 8, 0),
                                         MB_VALUE("SIDRQ", &um_u8, MB_AT(1)),
                                         MB_VALUE("Code", &um_u8, MB_AT(2))};
static const mb_response um_global_neg_r[] = {{um_global_neg, 3, 1}};

/* PhysConst: 24 -> 64 <P = 5>; Tail: 25 -> 65 <V u8> <End CODED_CONST 0x55, unpositioned>. */
static const mb_param um_phys_req[] = {MB_CONST("SID", "36", 8, 0)};
static const mb_param um_phys_pos[] = {
    MB_CONST("SID", "100", 8, 0),
    {.name = "P", .type = MDD_PARAM_TYPE_PHYS_CONST, .byte = MB_AT(1), .value = "5", .dop = &um_u8}};
static const mb_response um_phys_pos_r[] = {{um_phys_pos, 2, 0}};
static const mb_param um_tail_req[] = {MB_CONST("SID", "37", 8, 0),
                                       MB_VALUE("Level", &um_u8, MB_AT(1)),
                                       {.name = "Mode", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(2),
                                        .dop = &um_u8, .value = "7"}};
static const mb_param um_tail_pos[] = {MB_CONST("SID", "101", 8, 0), MB_VALUE("V", &um_u8, MB_AT(1)),
                                       {.name = "End", .type = MDD_PARAM_TYPE_CODED_CONST,
                                        .value = "85", .dct = MB_UINT(8)}};
static const mb_response um_tail_pos_r[] = {{um_tail_pos, 3, 0}};

/* Unsupported: 26 -> 66 <TABLE_ENTRY>. */
static const mb_param um_unsup_req[] = {MB_CONST("SID", "38", 8, 0)};
static const mb_param um_unsup_pos[] = {MB_CONST("SID", "102", 8, 0),
                                        {.name = "E", .type = MDD_PARAM_TYPE_TABLE_ENTRY,
                                         .byte = MB_AT(1)}};
static const mb_response um_unsup_pos_r[] = {{um_unsup_pos, 2, 0}};

/* Values through coded types and compu methods, as messages carry them: ReadName 22 F1 91 ->
 * 62 F1 91 <Name: 5 ASCII bytes>; ReadText 22 F1 92 -> 62 F1 92 <Text: UTF-8 to the end>;
 * ReadTemp 22 F1 93 -> 62 F1 93 <Temp: u8, LINEAR -40 + 0.5 x, a FLOAT64>; Session
 * 10 <EcuSessionType: u8, TEXT_TABLE 1 Default, 3 Extended>. */
static const mb_dop um_name = {.kind = MB_NORMAL, .name = "ASCII5",
                               .normal = {UB_STANDARD(MDD_DATA_TYPE_A_ASCIISTRING, 40), NULL,
                                          UB_ABSENT}};
static const mb_dop um_text = {.kind = MB_NORMAL, .name = "UTF8",
                               .normal = {UB_MIN_MAX(MDD_DATA_TYPE_A_UTF_8_STRING, 0, UB_ABSENT,
                                                     MDD_TERMINATION_END_OF_PDU),
                                          NULL, UB_ABSENT}};
static const ub_compu um_linear = {.category = MDD_COMPU_CATEGORY_LINEAR,
                                   .scales = {{.num = {-40, 0.5}, .num_count = 2}},
                                   .scale_count = 1};
static const mb_dop um_temp_dop = {.kind = MB_NORMAL, .name = "Celsius",
                                   .normal = {MB_UINT(8), &um_linear,
                                              MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64}};
static const ub_compu um_sessions = {.category = MDD_COMPU_CATEGORY_TEXT_TABLE,
                                     .scales = {{.lower = "1", .upper = "1", .vt = "Default"},
                                                {.lower = "3", .upper = "3", .vt = "Extended"}},
                                     .scale_count = 2};
static const mb_dop um_session_dop = {.kind = MB_NORMAL, .name = "SessionType",
                                      .normal = {MB_UINT(8), &um_sessions,
                                                 MDD_PHYSICAL_TYPE_DATA_TYPE_A_UNICODE_2_STRING}};
static const mb_param um_name_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "61841", 16, 1)};
static const mb_param um_text_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "61842", 16, 1)};
static const mb_param um_temp_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "61843", 16, 1)};
static const mb_param um_name_pos[] = {MB_CONST("SID", "98", 8, 0), MB_CONST("DID", "61841", 16, 1),
                                       MB_VALUE("Name", &um_name, MB_AT(3))};
static const mb_param um_text_pos[] = {MB_CONST("SID", "98", 8, 0), MB_CONST("DID", "61842", 16, 1),
                                       MB_VALUE("Text", &um_text, MB_AT(3))};
static const mb_param um_temp_pos[] = {MB_CONST("SID", "98", 8, 0), MB_CONST("DID", "61843", 16, 1),
                                       MB_VALUE("Temp", &um_temp_dop, MB_AT(3))};
static const mb_response um_name_pos_r[] = {{um_name_pos, 3, 0}};
static const mb_response um_text_pos_r[] = {{um_text_pos, 3, 0}};
static const mb_response um_temp_pos_r[] = {{um_temp_pos, 3, 0}};
static const mb_param um_session_req[] = {MB_CONST("SID", "16", 8, 0),
                                          MB_VALUE("EcuSessionType", &um_session_dop, MB_AT(1))};

/* System: 28 -> 68 <Time: SYSTEM TIMESTAMP, u16 @1>. */
static const mb_param um_system_req[] = {MB_CONST("SID", "40", 8, 0)};
static const mb_param um_system_pos[] = {
    MB_CONST("SID", "104", 8, 0),
    {.name = "Time", .type = MDD_PARAM_TYPE_SYSTEM, .byte = MB_AT(1), .dop = &um_u16,
     .value = "TIMESTAMP"}};
static const mb_response um_system_pos_r[] = {{um_system_pos, 2, 0}};

/* Bits: 29 -> 69 <Hi: 4 bits at bit 3 of byte 1> <Lo: 3 bits at bit 0 of byte 1> <Next u8,
 * unpositioned: byte 2>. RowRef: 2A -> 6A <RK: TABLE_KEY naming row R1, no bytes> <RS @1>. */
static const mb_dop um_u4 = MB_UINT_DOP(4);
static const mb_dop um_u3 = MB_UINT_DOP(3);
static const mb_param um_bits_req[] = {MB_CONST("SID", "41", 8, 0)};
static const mb_param um_bits_pos[] = {
    MB_CONST("SID", "105", 8, 0),
    {.name = "Hi", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(1), .bit = MB_AT(3), .dop = &um_u4},
    {.name = "Lo", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(1), .bit = MB_AT(0), .dop = &um_u3},
    MB_VALUE("Next", &um_u8, 0)};
static const mb_response um_bits_pos_r[] = {{um_bits_pos, 4, 0}};
static const mb_param um_rowref_req[] = {MB_CONST("SID", "42", 8, 0)};
static const mb_param um_rowref_pos[] = {
    MB_CONST("SID", "106", 8, 0),
    {.name = "RK", .type = MDD_PARAM_TYPE_TABLE_KEY, .byte = MB_AT(1), .table = &um_table,
     .row_ref = 1},
    {.name = "RS", .type = MDD_PARAM_TYPE_TABLE_STRUCT, .byte = MB_AT(1), .table_key = "RK"}};
static const mb_response um_rowref_pos_r[] = {{um_rowref_pos, 3, 0}};

/* Strings: 2B -> 6B <L: items {s: ASCII ended by 00} to the end of the PDU>. */
static const mb_dop um_zstring = {.kind = MB_NORMAL, .name = "ZString",
                                  .normal = {UB_MIN_MAX(MDD_DATA_TYPE_A_ASCIISTRING, 0, UB_ABSENT,
                                                        MDD_TERMINATION_ZERO),
                                             NULL, UB_ABSENT}};
static const mb_param um_zitem_params[] = {MB_VALUE("s", &um_zstring, MB_AT(0))};
static const mb_dop um_zitem = {.kind = MB_STRUCTURE, .name = "ZItem", .params = um_zitem_params,
                                .param_count = 1};
static const mb_dop um_zlist = {.kind = MB_END_OF_PDU_FIELD, .name = "ZList", .item = &um_zitem};
static const mb_param um_strings_req[] = {MB_CONST("SID", "43", 8, 0)};
static const mb_param um_strings_pos[] = {MB_CONST("SID", "107", 8, 0),
                                          MB_VALUE("L", &um_zlist, MB_AT(1))};
static const mb_response um_strings_pos_r[] = {{um_strings_pos, 2, 0}};

/* A service with its request and one positive and/or one negative response (NULL: none). */
#define UM_SERVICE(n, req, p_r, n_r)                                                           \
    {.name = (n), .request = (req), .request_count = sizeof(req) / sizeof(req)[0],            \
     .pos = (p_r), .pos_count = (p_r) != NULL, .neg = (n_r), .neg_count = (n_r) != NULL}

static const mb_service um_services[] = {
    UM_SERVICE("ReadVIN", um_vin_req, um_vin_pos_r, um_vin_neg_r),
    UM_SERVICE("ReadRec", um_rec_req, um_rec_pos_r, NULL),
    UM_SERVICE("StaticList", um_static_req, um_static_pos_r, NULL),
    UM_SERVICE("DynamicList", um_dynamic_req, um_dynamic_pos_r, NULL),
    UM_SERVICE("EndList", um_eopdu_req, um_eopdu_pos_r, NULL),
    UM_SERVICE("Mux", um_mux_req, um_mux_pos_r, NULL),
    UM_SERVICE("MuxInRec", um_muxrec_req, um_muxrec_pos_r, NULL),
    UM_SERVICE("ReadDtc", um_dtc_req, um_dtc_pos_r, NULL),
    UM_SERVICE("ReadGlobalDtc", um_gdtc_req, um_gdtc_pos_r, NULL),
    UM_SERVICE("Table", um_table_req, um_table_pos_r, NULL),
    UM_SERVICE("Reserved", um_res_req, um_res_pos_r, NULL),
    UM_SERVICE("LengthKey", um_len_req, um_len_pos_r, NULL),
    UM_SERVICE("Guarded", um_guard_req, NULL, um_guard_neg_r),
    UM_SERVICE("Global", um_global_req, NULL, um_global_neg_r),
    UM_SERVICE("PhysConst", um_phys_req, um_phys_pos_r, NULL),
    UM_SERVICE("Tail", um_tail_req, um_tail_pos_r, NULL),
    UM_SERVICE("Unsupported", um_unsup_req, um_unsup_pos_r, NULL),
    UM_SERVICE("ReadName", um_name_req, um_name_pos_r, NULL),
    UM_SERVICE("ReadText", um_text_req, um_text_pos_r, NULL),
    UM_SERVICE("ReadTemp", um_temp_req, um_temp_pos_r, NULL),
    UM_SERVICE("Session", um_session_req, NULL, NULL),
    UM_SERVICE("System", um_system_req, um_system_pos_r, NULL),
    UM_SERVICE("Bits", um_bits_req, um_bits_pos_r, NULL),
    UM_SERVICE("RowRef", um_rowref_req, um_rowref_pos_r, NULL),
    UM_SERVICE("Strings", um_strings_req, um_strings_pos_r, NULL),
};

static const mb_ecu um_ecu = {"ECU", um_services, sizeof um_services / sizeof um_services[0],
                              um_ecu_dtcs, sizeof um_ecu_dtcs / sizeof um_ecu_dtcs[0]};

#endif
