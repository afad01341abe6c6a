/* SPDX-License-Identifier: Apache-2.0 */
/* Descriptors of a FlatBuffers schema: for each table type, the fields it knows, each with its
 * kind (scalar, string, table of a type, vector of those, union, vector of unions), and what a
 * reader needs to print it (scalar type, enum names, default). schema/generate.py writes the
 * EcuData schema's (src/fb/ecu_schema.h); the verifier walks them, and so does `mdd dump`. A
 * table type the descriptors do not know (a union tag the schema does not define) is checked
 * generically: table and vtable in bounds and aligned, no field knowledge. */
#ifndef MDD_INTERNAL_FB_SCHEMA_H
#define MDD_INTERNAL_FB_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

typedef enum fb_kind {
    FB_SCALAR,  /* size bytes inline */
    FB_STRING,  /* uoffset to a string */
    FB_TABLE,   /* uoffset to a table of type */
    FB_SCALARS, /* uoffset to a vector of elem_size-byte scalars */
    FB_STRINGS, /* uoffset to a vector of uoffsets to strings */
    FB_TABLES,  /* uoffset to a vector of uoffsets to tables of type */
    FB_UNION,   /* uoffset to a table whose type the byte field at id - 1 names */
    FB_UNIONS   /* uoffset to a vector of uoffsets to tables whose types the vector of bytes at
                 * id - 1 names, element by element */
} fb_kind;

/* The type of an FB_SCALAR field or of the elements of an FB_SCALARS one. */
typedef enum fb_scalar { FB_BOOL, FB_BYTE, FB_UBYTE, FB_INT32, FB_UINT32, FB_DOUBLE } fb_scalar;

/* An enum (or a union's tags): the name of each value from 0 to count - 1. */
typedef struct fb_enum {
    const char *name;
    uint8_t count;
    const char *const *names;
} fb_enum;

typedef struct fb_type fb_type;

typedef struct fb_field {
    const char *name;
    uint16_t id;
    uint8_t kind;                  /* fb_kind */
    uint8_t size;                  /* bytes in the table: the scalar's size, 4 for references */
    uint8_t elem_size;             /* FB_SCALARS: bytes per element */
    uint8_t scalar;                /* FB_SCALAR, FB_SCALARS: fb_scalar */
    uint8_t optional;              /* FB_SCALAR declared `= null`: absent is not the default */
    uint8_t deprecated;            /* declared deprecated: checked, never printed */
    double default_value;          /* FB_SCALAR: the value an absent field reads as */
    const fb_enum *enum_type;      /* FB_SCALAR, FB_SCALARS of an enum or union tags; or NULL */
    const fb_type *type;           /* FB_TABLE, FB_TABLES */
    const fb_type *const *members; /* FB_UNION, FB_UNIONS: type by tag (index 0, NONE, unused) */
    uint8_t member_count;          /* FB_UNION, FB_UNIONS: tags below this have an entry in
                                    * members; the others are checked generically */
} fb_field;

/* The memo value of a table checked generically; known types have larger ones. */
#define FB_MEMO_GENERIC 1

struct fb_type {
    const char *name;
    uint8_t memo_id; /* distinct per type, FB_MEMO_GENERIC .. 0x7e */
    uint8_t field_count;
    const fb_field *fields; /* in increasing id order */
};

/* The root type of the EcuData schema, for walkers outside the verifier (src/fb/schema.c). */
const fb_type *fb_ecu_schema_root(void);

#endif
