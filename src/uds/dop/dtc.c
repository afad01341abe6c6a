/* SPDX-License-Identifier: Apache-2.0 */
/* DTC DOPs: a trouble code, reported with the DTC that describes it (the DOP's own list,
 * else the ECU's, docs/adr/0021-uds-messages.md), in both directions. */
#include "walk.h"

#include <string.h>

int uds_find_dtc(const uds_walk *w, mdd_dtc_dop dop, uint32_t code, mdd_dtc *out)
{
    mdd_dtc_vec own = mdd_dtc_dop_dtcs(dop);
    for (uint32_t i = 0; i < mdd_dtc_vec_count(own); i++) {
        mdd_dtc d = mdd_dtc_vec_at(own, i);
        if (mdd_dtc_trouble_code(d) == code) {
            *out = d;
            return 1;
        }
    }
    return uds_find_ecu_dtc(w, code, out);
}

int uds_find_ecu_dtc(const uds_walk *w, uint32_t code, mdd_dtc *out)
{
    uint32_t first;
    const mdd_db_ecu *ecu = w->layer ? mdd_db_layer_ecu(w->layer) : NULL;
    if (!ecu || mdd_db_ecu_find_dtcs(ecu, code, &first) == 0)
        return 0;
    *out = mdd_db_ecu_dtc_at(ecu, first);
    return 1;
}

/* The trouble code: the DTC DOP's coded value through its compu method. */
static mdd_status dtc_coded(uds_walk *w, mdd_dtc_dop dop, uds_pos pos, uds_scalar *physical,
                            size_t *next)
{
    mdd_diag_coded_type dct = mdd_dtc_dop_diag_coded_type(dop);
    uds_scalar coded;
    mdd_status st = uds_read_coded(w, dct, pos, &coded, next);
    if (st != MDD_OK)
        return st;
    st = uds_compu_to_physical(mdd_dtc_dop_compu_method(dop),
                               mdd_diag_coded_type_base_data_type(dct),
                               mdd_dtc_dop_physical_type(dop), &coded, physical, w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}

mdd_status uds_decode_dtc(uds_walk *w, mdd_dtc_dop dop, mdd_param param, uds_pos pos,
                          size_t *next)
{
    uds_scalar v;
    uint64_t code;
    mdd_dtc dtc;
    mdd_status st = dtc_coded(w, dop, pos, &v, next);
    if (st != MDD_OK)
        return st;
    if (!uds_scalar_as_u64(&v, &code) || code > UINT32_MAX)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "the trouble code is not a 32-bit number");
    if (!uds_find_dtc(w, dop, (uint32_t)code, &dtc))
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "no DTC has trouble code 0x%06llX",
                        (unsigned long long)code);
    uds_key_record(w, param, 1, code);
    return uds_emit_dtc(w, param, (uint32_t)code, dtc, pos.byte, *next);
}

static const char code_member[] = "code";

/* The trouble code a JSON value gives: a number, or an object with "code". */
static mdd_status given_code(uds_walk *w, uds_json value, size_t byte, uds_scalar *code)
{
    uds_json c = value;
    if (uds_json_type_of(value) == UDS_JSON_OBJECT) {
        mdd_bytes name = {(const uint8_t *)code_member, sizeof code_member - 1};
        if (!uds_json_member(value, name, &c))
            return uds_fail(w, MDD_ERR_ARG, byte, "a DTC object needs its \"code\"");
    }
    if (uds_json_type_of(c) != UDS_JSON_NUMBER)
        return uds_fail(w, MDD_ERR_ARG, byte, "a DTC is a number or an object with \"code\"");
    mdd_status st = uds_json_scalar(c, code, w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}

mdd_status uds_encode_dtc(uds_walk *w, mdd_dtc_dop dop, mdd_param param, uds_json value,
                          uds_pos pos, int last, size_t *next)
{
    if (uds_json_absent(value))
        return uds_fail(w, MDD_ERR_ARG, pos.byte, "no value given");
    uds_scalar physical, coded;
    mdd_status st = given_code(w, value, pos.byte, &physical);
    if (st != MDD_OK)
        return st;
    uint64_t code;
    if (uds_scalar_as_u64(&physical, &code))
        uds_key_record(w, param, 1, code);
    mdd_diag_coded_type dct = mdd_dtc_dop_diag_coded_type(dop);
    st = uds_compu_to_coded(mdd_dtc_dop_compu_method(dop),
                            mdd_diag_coded_type_base_data_type(dct),
                            mdd_dtc_dop_physical_type(dop), &physical, &coded, w->err);
    if (st == MDD_OK)
        st = uds_coded_write(dct, w->out, pos, &coded, last, 0, next, w->err);
    return st == MDD_OK ? uds_count_value(w, pos.byte) : uds_blame(w, st);
}
