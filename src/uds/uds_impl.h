/* SPDX-License-Identifier: Apache-2.0 */
/* The UDS codec's primitives, shared by the decoder and the encoder (src/uds/): scalars,
 * coded values (what a DiagCodedType reads and writes at a position of a message), compu
 * methods in both directions, constants parsed by type, and an allocation-free JSON scanner
 * for the encoder's input. The composite layer (parameters, DOPs, messages) builds on these
 * and adds the parameter path to their errors, which name the reason and the byte offset. */
#ifndef MDD_UDS_IMPL_H
#define MDD_UDS_IMPL_H

#include <mdd/ecu_views.h>
#include <mdd_internal/ecu.h>
#include <mdd/uds.h>

/* ---- Scalars ---- */

/* Text encodings only the encoder's input uses, beyond the public ones: the raw content of
 * a JSON string (escapes not yet resolved), iterated without copying. */
#define UDS_TEXT_JSON ((mdd_uds_text_encoding)100)

/* A coded or a physical value: kind is MDD_UDS_UINT, _INT, _FLOAT, _TEXT or _BYTES. A BYTES
 * value given as text ("0xAA 0xBB" or hex digits "AABB", as decoding prints and constants
 * store them) has hex_text set and its text in as.text. */
typedef struct uds_scalar {
    mdd_uds_kind kind;
    int hex_text;
    union {
        uint64_t u;
        int64_t i;
        double f;
        mdd_uds_text text;
        mdd_bytes bytes;
    } as;
} uds_scalar;

/* Next code point of text at *off (advanced); 0 at the end, -1 when malformed. */
int uds_text_next(const mdd_uds_text *text, size_t *off, uint32_t *code_point);

/* Parses text (a constant, a limit, a default value as the database stores it) as a value of
 * the schema DataType data_type (enum mdd_data_type): integers decimal or 0x-prefixed,
 * integral floats accepted; byte fields as hex digits. MDD_ERR_FORMAT with the reason. */
mdd_status uds_scalar_parse(mdd_bytes text, uint8_t data_type, uds_scalar *out,
                            mdd_error *err);

/* Compares a and b: numbers numerically and byte fields as numbers after padding the
 * shorter one with zeros at its end (*order -1, 0 or 1), texts by their code points, for
 * equality only (*order 0, or 1 when unequal), whatever their encodings (two texts of one
 * encoding by their bytes). Returns 1, or 0 when they cannot be compared (a number and a
 * text, malformed text or hex, NaN). */
int uds_scalar_compare(const uds_scalar *a, const uds_scalar *b, int *order);

/* ---- Coded values (DiagCodedType) ---- */

/* Where a coded value starts: a byte of the message and a bit position (0..7). */
typedef struct uds_pos {
    size_t byte;
    uint8_t bit;
} uds_pos;

/* The message being written: bytes beyond cap are counted in len but not stored, so a
 * short buffer still yields the length the message needs. */
typedef struct uds_out {
    uint8_t *data;
    size_t cap;
    size_t len;
} uds_out;

/* Reads the value dct codes at pos of msg (views into msg for texts and byte fields).
 * length_key_bits: for a PARAM_LENGTH_INFO type, the value of its length key (a length in
 * bits, docs/adr/0020); ignored otherwise. Sets *next to where an unpositioned next
 * parameter starts. MDD_ERR_FORMAT (past the end, invalid text), MDD_ERR_UNSUPPORTED (an
 * encoding the codec lacks), with the byte offset in err. */
mdd_status uds_coded_read(mdd_diag_coded_type dct, mdd_bytes msg, uds_pos pos,
                          uint64_t length_key_bits, uds_scalar *coded, size_t *next,
                          mdd_error *err);

/* Writes coded at pos of out as dct codes it, replacing only the value's bits and extending
 * the message with 00 as needed. last: the parameter ends the PDU (a MIN_MAX terminator is
 * then left out). length_key_bits as for uds_coded_read(). MDD_ERR_ARG when the value does
 * not fit the type (wrong kind, out of range, too long). */
mdd_status uds_coded_write(mdd_diag_coded_type dct, uds_out *out, uds_pos pos,
                           const uds_scalar *coded, int last, uint64_t length_key_bits,
                           size_t *next, mdd_error *err);

/* The length in bits that a PARAM_LENGTH_INFO length key takes for coded when the caller
 * does not give it (docs/adr/0020, "PARAM_LENGTH_INFO"): 8 per byte of a text (in the
 * type's encoding) or byte field, 32 or 64 for floats, the whole bytes that hold an integer
 * (a sign bit included for A_INT_32; at least 8). 0 when coded does not suit the type. */
uint64_t uds_coded_length_bits(mdd_diag_coded_type dct, const uds_scalar *coded);

/* Reads bits bits (1..64) at pos of msg as an unsigned integer, big-endian when high_low,
 * else with the window's bytes reversed (for what has no DiagCodedType: RESERVED,
 * MATCHING_REQUEST_PARAM). Sets *next as uds_coded_read() does. MDD_ERR_FORMAT past the end. */
mdd_status uds_uint_read(mdd_bytes msg, uds_pos pos, uint32_t bits, int high_low,
                         uint64_t *value, size_t *next, mdd_error *err);

/* Writes value into bits bits (1..64) at pos of out as uds_uint_read() reads them.
 * MDD_ERR_ARG when it does not fit. */
mdd_status uds_uint_write(uds_out *out, uds_pos pos, uint32_t bits, int high_low,
                          uint64_t value, size_t *next, mdd_error *err);

/* ---- Compu methods ---- */

/* Converts a coded value (of the DiagCodedType's base DataType coded_type) to its physical
 * value with cm and the physical type pt (either may be absent: identical). MDD_ERR_FORMAT
 * when no scale applies and there is no default, MDD_ERR_UNSUPPORTED for COMPU_CODE (by
 * name), MDD_ERR_FORMAT for NaN, infinities and a division by zero. */
mdd_status uds_compu_to_physical(mdd_compu_method cm, uint8_t coded_type, mdd_physical_type pt,
                                 const uds_scalar *coded, uds_scalar *physical,
                                 mdd_error *err);

/* The inverse: the coded value of type coded_type for physical. MDD_ERR_ARG when the value
 * is outside every scale, a text-table text is unknown, or the method is not invertible. */
mdd_status uds_compu_to_coded(mdd_compu_method cm, uint8_t coded_type, mdd_physical_type pt,
                              const uds_scalar *physical, uds_scalar *coded, mdd_error *err);

/* ---- JSON input ---- */

/* A JSON value: its text span inside the input. */
typedef struct uds_json {
    const char *ptr;
    size_t len;
} uds_json;

typedef enum uds_json_type {
    UDS_JSON_INVALID = 0,
    UDS_JSON_OBJECT,
    UDS_JSON_ARRAY,
    UDS_JSON_STRING,
    UDS_JSON_NUMBER,
    UDS_JSON_TRUE,
    UDS_JSON_FALSE,
    UDS_JSON_NULL
} uds_json_type;

/* Checks that text[0..len) is one JSON value (RFC 8259) nested at most max_depth deep and
 * sets *root to it. MDD_ERR_ARG naming the byte offset and the reason otherwise. */
mdd_status uds_json_parse(const char *text, size_t len, uint32_t max_depth, uds_json *root,
                          mdd_error *err);

/* The type of a value uds_json_parse() accepted (or that iteration returned). */
uds_json_type uds_json_type_of(uds_json value);

/* Iterates an object's members or an array's elements: start with *iter = {0}; each call
 * sets *key (objects; the string's raw content, escapes unresolved) and *value and returns
 * 1, or 0 after the last. */
typedef struct uds_json_iter {
    size_t off;
} uds_json_iter;
int uds_json_next(uds_json container, uds_json_iter *iter, uds_json *key, uds_json *value);

/* Finds the member of object whose key equals name (escapes resolved): 1 and *value, or 0. */
int uds_json_member(uds_json object, mdd_bytes name, uds_json *value);

/* A string or number value as a scalar: numbers as UINT, INT or FLOAT by their form,
 * strings as TEXT with encoding UDS_TEXT_JSON. MDD_ERR_ARG for other types. */
mdd_status uds_json_scalar(uds_json value, uds_scalar *out, mdd_error *err);

#endif
