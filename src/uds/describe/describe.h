/* SPDX-License-Identifier: Apache-2.0 */
/* What the descriptions of a message (mdd_uds_layout(), mdd_uds_schema()) share: the params
 * of the message a caller names, how many bits a coded type takes, and the kind of value a
 * physical type decodes to. */
#ifndef MDD_UDS_DESCRIBE_H_INTERNAL
#define MDD_UDS_DESCRIBE_H_INTERNAL

#include "walk.h"

#include <mdd/uds_describe.h>

/* The params of the message of s that message names (its request, or a response as
 * mdd_uds_decode_message() takes it). MDD_ERR_ARG for none. */
MDD_INTERNAL mdd_status uds_message_params(uds_walk *w, mdd_diag_service s,
                                           const mdd_uds_message *message,
                                           mdd_param_vec *params);

/* Fills item's rule, bit_length, min_bytes, max_bytes, termination, coded_type, variable
 * and, for a fixed length, byte_count (from item->bit) from dct. */
MDD_INTERNAL void uds_length_of(mdd_diag_coded_type dct, mdd_uds_layout_item *item);

/* The kind of value a DataType (enum mdd_data_type) decodes to. */
MDD_INTERNAL mdd_uds_kind uds_kind_of_type(uint8_t data_type);

/* The kind a NormalDOP's values decode to: TEXT for a text table, else by its physical type. */
MDD_INTERNAL mdd_uds_kind uds_normal_kind(mdd_normal_dop dop);

/* The DOP of a VALUE, LENGTH_KEY, SYSTEM or PHYS_CONST parameter; absent for other kinds. */
static inline mdd_dop uds_param_dop(mdd_param p)
{
    switch (mdd_param_param_type(p)) {
    case MDD_PARAM_TYPE_VALUE: return mdd_value_dop(mdd_param_value(p));
    case MDD_PARAM_TYPE_LENGTH_KEY: return mdd_length_key_ref_dop(mdd_param_length_key_ref(p));
    case MDD_PARAM_TYPE_SYSTEM: return mdd_system_dop(mdd_param_system(p));
    case MDD_PARAM_TYPE_PHYS_CONST: return mdd_phys_const_dop(mdd_param_phys_const(p));
    default: break;
    }
    mdd_dop none = {{NULL, 0, 0}};
    return none;
}

/* The rows a TABLE_KEY parameter may choose: its table's, or the one row it names (*one). */
static inline mdd_table_row_vec uds_key_rows(mdd_param key, mdd_table_row *one)
{
    mdd_table_key k = mdd_param_table_key(key);
    *one = mdd_table_key_table_row(k);
    return mdd_table_dop_rows(mdd_table_key_table_dop(k));
}

/* The rows a TABLE_STRUCT parameter's key may choose: the key is found as the decoder finds
 * it, among the TABLE_KEY parameters the walk recorded (uds_key_record()) by identity, else
 * by name; else the reference itself. */
static inline mdd_table_row_vec uds_struct_rows(uds_walk *w, mdd_param table_struct,
                                                mdd_table_row *one)
{
    mdd_param key = mdd_table_struct_table_key(mdd_param_table_struct(table_struct));
    uds_key *k = uds_key_find(w, key);
    return uds_key_rows(k ? k->param : key, one);
}

#endif
