/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): protobuf wire primitives.
 *
 * A reader walks the fields of one message inside a larger buffer without copying: a field's
 * payload is a view into that buffer. All offsets are absolute offsets into the buffer the
 * reader was started on (for an MDD file: offsets into the file), so error messages can point
 * at the byte that is wrong. Every length is checked against the bytes that remain before use. */
#ifndef MDD_WIRE_H
#define MDD_WIRE_H

#include <mdd/status.h>

#ifdef __cplusplus
extern "C" {
#endif

enum mdd_wire_type {
    MDD_WIRE_VARINT = 0,
    MDD_WIRE_I64 = 1,
    MDD_WIRE_LEN = 2,
    MDD_WIRE_I32 = 5
};

#define MDD_VARINT_MAX_SIZE 10
#define MDD_WIRE_MAX_FIELD 536870911u /* 2^29 - 1 */

/* Decodes a varint from p (at most avail bytes). On success stores the value and the number
 * of bytes used. Fails with MDD_ERR_FORMAT when the input ends inside the varint or the varint
 * is longer than 10 bytes or overflows 64 bits. Sets no message: callers add the context. */
mdd_status mdd_varint_decode(const uint8_t *p, size_t avail, uint64_t *value, size_t *used);

/* Encodes value into out (room for MDD_VARINT_MAX_SIZE bytes); returns the bytes written. */
size_t mdd_varint_encode(uint64_t value, uint8_t *out);

/* The number of bytes value takes as a varint (1..10). */
size_t mdd_varint_size(uint64_t value);

/* One field as it stands on the wire. */
typedef struct mdd_wire_field {
    uint32_t number;    /* field number, 1..2^29-1 */
    unsigned wire_type; /* one of mdd_wire_type */
    uint64_t value;     /* VARINT value; I64/I32 value, little-endian decoded */
    mdd_bytes payload;  /* LEN payload (view into the buffer); empty for other types */
    size_t offset;      /* offset of the field's key */
    size_t size;        /* bytes from the key to the end of the field */
} mdd_wire_field;

/* Reads the fields of the message that occupies [pos, end) of buf. */
typedef struct mdd_wire_reader {
    const uint8_t *buf;
    size_t pos;
    size_t end;
} mdd_wire_reader;

/* Starts a reader over bytes [start, end) of buf. end must not exceed the buffer. */
void mdd_wire_reader_init(mdd_wire_reader *r, const uint8_t *buf, size_t start, size_t end);

/* Nonzero while fields remain. */
int mdd_wire_reader_more(const mdd_wire_reader *r);

/* Reads the next field. Fails with MDD_ERR_FORMAT (message gives the offset and the reason)
 * on a bad key, field number 0, an unsupported wire type (3, 4, 6, 7), an overlong varint or
 * a length that runs past the end of the message. */
mdd_status mdd_wire_next(mdd_wire_reader *r, mdd_wire_field *field, mdd_error *err);

/* Starts a reader over the payload of a LEN field read from parent. */
void mdd_wire_reader_enter(const mdd_wire_reader *parent, const mdd_wire_field *field,
                           mdd_wire_reader *child);

/* Reads one varint from the reader (packed repeated scalars). */
mdd_status mdd_wire_read_varint(mdd_wire_reader *r, uint64_t *value, mdd_error *err);

/* Writers. Each writes to the sink and returns its status. */
mdd_status mdd_wire_put_varint(mdd_sink *out, uint64_t value, mdd_error *err);
mdd_status mdd_wire_put_key(mdd_sink *out, uint32_t number, unsigned wire_type, mdd_error *err);
/* A VARINT field. */
mdd_status mdd_wire_put_uint(mdd_sink *out, uint32_t number, uint64_t value, mdd_error *err);
/* A LEN field's key and length; the caller writes len payload bytes next. */
mdd_status mdd_wire_put_len_header(mdd_sink *out, uint32_t number, uint64_t len, mdd_error *err);
/* A whole LEN field. */
mdd_status mdd_wire_put_bytes(mdd_sink *out, uint32_t number, mdd_bytes bytes, mdd_error *err);

/* Encoded sizes, for writing length prefixes before their messages. */
size_t mdd_wire_key_size(uint32_t number);
uint64_t mdd_wire_uint_field_size(uint32_t number, uint64_t value);
uint64_t mdd_wire_len_field_size(uint32_t number, uint64_t payload_len);

#ifdef __cplusplus
}
#endif

#endif
