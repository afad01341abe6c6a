/* SPDX-License-Identifier: Apache-2.0 */
/* The JSON Schema writer of mdd_uds_schema(): composites (schema.c) over single values
 * (schema_scalar.c). input: the schema of what the encoder takes, else of what decoding
 * writes. */
#ifndef MDD_UDS_SCHEMA_H
#define MDD_UDS_SCHEMA_H

#include "describe.h"

#include <mdd_internal/uds.h>

/* A byte field's string. */
MDD_INTERNAL void uds_schema_bytes(uds_jw *j);

/* Raw unsigned bits (RESERVED, MATCHING_REQUEST_PARAM): an integer up to 64 bits, else bytes. */
MDD_INTERNAL void uds_schema_raw(uds_jw *j, uint32_t bits);

/* A NormalDOP's value. */
MDD_INTERNAL void uds_schema_normal(uds_jw *j, mdd_normal_dop n);

/* The whole bits of a standard-length coded type without a mask or condensing, else 0. */
MDD_INTERNAL uint32_t uds_schema_plain_bits(mdd_diag_coded_type dct);

/* ,"minimum":..,"maximum":.. of a linear compu method's physical range, where it has one
 * that the encoder and the decoder honour exactly (schema_limits.c); nothing otherwise. */
MDD_INTERNAL void uds_schema_linear_limits(uds_jw *j, mdd_normal_dop n);

/* A constant stored as text, parsed as DataType data_type: {"const": value}. */
MDD_INTERNAL void uds_schema_const(uds_jw *j, mdd_bytes text, uint8_t data_type);

/* A DTC as decoding writes it, or (input) as encoding takes it. */
MDD_INTERNAL void uds_schema_dtc(uds_jw *j, int input);

#endif
