/* Descriptors that drive the verifier: for each table type, the fields it knows, each with
 * its kind (scalar of N bytes, string, table of a type, vector of those, union). A table type
 * the verifier does not know in detail is checked generically: table and vtable in bounds
 * and aligned, no field knowledge. */
#ifndef MDD_FB_SCHEMA_H
#define MDD_FB_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

typedef enum fb_kind {
    FB_SCALAR,  /* size bytes inline */
    FB_STRING,  /* uoffset to a string */
    FB_TABLE,   /* uoffset to a table of type */
    FB_SCALARS, /* uoffset to a vector of size-byte scalars */
    FB_STRINGS, /* uoffset to a vector of uoffsets to strings */
    FB_TABLES,  /* uoffset to a vector of uoffsets to tables of type */
    FB_UNION    /* uoffset to a table whose type the byte field at id - 1 names */
} fb_kind;

typedef struct fb_type fb_type;

typedef struct fb_field {
    const char *name;
    uint16_t id;
    uint8_t kind;                  /* fb_kind */
    uint8_t size;                  /* bytes in the table: the scalar's size, 4 for references */
    uint8_t elem_size;             /* FB_SCALARS: bytes per element */
    const fb_type *type;           /* FB_TABLE, FB_TABLES */
    const fb_type *const *members; /* FB_UNION: type by tag (index 0, NONE, unused) */
    uint8_t member_count;          /* FB_UNION: tags below this have an entry in members; the
                                    * others are checked generically */
} fb_field;

/* The memo value of a table checked generically; known types have larger ones. */
#define FB_MEMO_GENERIC 1

struct fb_type {
    const char *name;
    uint8_t memo_id; /* distinct per type, FB_MEMO_GENERIC .. 0x7e */
    uint8_t field_count;
    const fb_field *fields; /* in increasing id order */
};

#endif
