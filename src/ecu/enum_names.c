/* Names of the schema's enum values and union members, as flatc prints them in JSON. */
#include <mdd/ecu.h>

#include <stddef.h>

typedef struct enum_names {
    const char *const *names;
    size_t count;
} enum_names;

#define NAMES(...)                                                                             \
    {                                                                                          \
        (const char *const[]){__VA_ARGS__},                                                    \
            sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)                  \
    }

static const enum_names tables[] = {
    [MDD_ENUM_PARENT_REF_TYPE] = NAMES("NONE", "Variant", "Protocol", "FunctionalGroup",
                                       "TableDop", "EcuSharedData"),
    [MDD_ENUM_PARAM_DATA_TYPE] = NAMES("NONE", "CodedConst", "Dynamic", "MatchingRequestParam",
                                       "NrcConst", "PhysConst", "Reserved", "Value",
                                       "TableEntry", "TableKey", "TableStruct", "System",
                                       "LengthKeyRef"),
    [MDD_ENUM_LENGTH_TYPE] = NAMES("NONE", "LeadingLengthInfoType", "MinMaxLengthType",
                                   "ParamLengthInfoType", "StandardLengthType"),
    [MDD_ENUM_SD_OR_SDG_TYPE] = NAMES("NONE", "SD", "SDG"),
    [MDD_ENUM_ADDRESSING] = NAMES("FUNCTIONAL", "PHYSICAL", "FUNCTIONAL_OR_PHYSICAL"),
    [MDD_ENUM_TRANSMISSION_MODE] = NAMES("SEND_ONLY", "RECEIVE_ONLY", "SEND_AND_RECEIVE",
                                         "SEND_OR_RECEIVE"),
    [MDD_ENUM_DIAG_CLASS_TYPE] = NAMES("START_COMM", "STOP_COMM", "VARIANT_IDENTIFICATION",
                                       "READ_DYN_DEF_MESSAGE", "DYN_DEF_MESSAGE",
                                       "CLEAR_DYN_DEF_MESSAGE"),
    [MDD_ENUM_RESPONSE_TYPE] = NAMES("POS_RESPONSE", "NEG_RESPONSE", "GLOBAL_NEG_RESPONSE"),
    [MDD_ENUM_PARAM_TYPE] = NAMES("CODED_CONST", "DYNAMIC", "LENGTH_KEY",
                                  "MATCHING_REQUEST_PARAM", "NRC_CONST", "PHYS_CONST",
                                  "RESERVED", "SYSTEM", "TABLE_ENTRY", "TABLE_KEY",
                                  "TABLE_STRUCT", "VALUE"),
    [MDD_ENUM_CODED_TYPE_NAME] = NAMES("LEADING_LENGTH_INFO_TYPE", "MIN_MAX_LENGTH_TYPE",
                                       "PARAM_LENGTH_INFO_TYPE", "STANDARD_LENGTH_TYPE"),
    [MDD_ENUM_DATA_TYPE] = NAMES("A_INT_32", "A_UINT_32", "A_FLOAT_32", "A_ASCIISTRING",
                                 "A_UTF_8_STRING", "A_UNICODE_2_STRING", "A_BYTEFIELD",
                                 "A_FLOAT_64"),
    [MDD_ENUM_FEATURE_FLAG] = NAMES("RESERVED"),
};

const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value)
{
    if ((size_t)which >= sizeof tables / sizeof tables[0] || value >= tables[which].count)
        return NULL;
    return tables[which].names[value];
}
