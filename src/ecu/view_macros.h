/* Macros that define the typed field accessors of include/mdd/ecu.h. Each expands to one
 * small function whose prototype is in that header: the field id and the default are the
 * only things that differ between accessors of the same kind. */
#ifndef MDD_ECU_VIEW_MACROS_H
#define MDD_ECU_VIEW_MACROS_H

#include "../fb/ecu_fields.h"

#include <mdd/ecu.h>

/* A string field. */
#define VIEW_STRING(owner, field, id)                                                          \
    mdd_bytes mdd_##owner##_##field(mdd_##owner x) { return mdd_fb_string_field(x.t, id); }

/* A subtable field of view type mdd_<type>. */
#define VIEW_TABLE(owner, field, type, id)                                                     \
    mdd_##type mdd_##owner##_##field(mdd_##owner x)                                            \
    {                                                                                          \
        return (mdd_##type){mdd_fb_table_field(x.t, id)};                                      \
    }

/* A vector of tables, as mdd_<type>_vec. */
#define VIEW_VEC(owner, field, type, id)                                                       \
    mdd_##type##_vec mdd_##owner##_##field(mdd_##owner x)                                      \
    {                                                                                          \
        return (mdd_##type##_vec){mdd_fb_vector_field(x.t, id, 4)};                            \
    }

/* A vector of strings. */
#define VIEW_STRING_VEC(owner, field, id)                                                      \
    mdd_string_vec mdd_##owner##_##field(mdd_##owner x)                                        \
    {                                                                                          \
        return (mdd_string_vec){mdd_fb_vector_field(x.t, id, 4)};                              \
    }

/* A bool with its schema default. */
#define VIEW_BOOL(owner, field, id, def)                                                       \
    int mdd_##owner##_##field(mdd_##owner x) { return mdd_fb_u8(x.t, id, def) != 0; }

/* A byte-sized enum or union tag with its schema default, kept raw. */
#define VIEW_U8(owner, field, id, def)                                                         \
    uint8_t mdd_##owner##_##field(mdd_##owner x) { return mdd_fb_u8(x.t, id, def); }

/* A uint32 with default 0. */
#define VIEW_U32(owner, field, id)                                                             \
    uint32_t mdd_##owner##_##field(mdd_##owner x) { return mdd_fb_u32(x.t, id, 0); }

/* An optional uint32 (`= null`). */
#define VIEW_OPT_U32(owner, field, id)                                                         \
    int mdd_##owner##_##field(mdd_##owner x, uint32_t *out)                                    \
    {                                                                                          \
        return mdd_fb_opt_u32(x.t, id, out);                                                   \
    }

/* One member of a union whose tag is at tag_id and whose value follows it: absent unless the
 * tag is tag. */
#define VIEW_UNION_MEMBER(owner, field, type, tag_id, tag)                                     \
    mdd_##type mdd_##owner##_##field(mdd_##owner x)                                            \
    {                                                                                          \
        mdd_fb_table none = {x.t.buf, x.t.len, 0};                                             \
        if (mdd_fb_u8(x.t, tag_id, 0) != (tag))                                                \
            return (mdd_##type){none};                                                         \
        return (mdd_##type){mdd_fb_table_field(x.t, (tag_id) + 1)};                            \
    }

#endif
