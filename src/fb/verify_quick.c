/* SPDX-License-Identifier: Apache-2.0 */
/* The verifier's fast pass: the walk of verify.c, but it only answers "sound" or "not sure".
 * mdd_fb_verify_ecu_data() runs it first; when it is not sure, the walk of verify.c runs from
 * the start, finds the fault and names its path. A sound payload, the case that matters for
 * speed, never pays for what an error message needs.
 *
 * It must never answer "sound" where the walk of verify.c finds a fault, so it checks at
 * least what that walk checks, and gives up on anything unusual:
 *   - a position met as two memo values (also a generic table later met as a known type, which
 *     the walk verifies again, and counts again, as the known type);
 *   - a table reached deeper than the limit, even when it is already verified: the walk checks
 *     the depth at the first arrival only, and the two walks may arrive first along different
 *     paths.
 * With those two rules the set of tables it verifies, and so their count, do not depend on the
 * order of the walk, and the limits come out as in verify.c.
 *
 * Speed comes from five things. Each table type gets its own function, with the type's
 * descriptors folded into it. Every table reports how many tables it verified, so counting
 * them costs an add rather than a load and a store. A table met again is found in the memo
 * before any call. A vtable is checked against its type once per distinct content: see
 * struct layout. And the loads that wait on memory are started early: see quick_prefetch(). */
#include "ecu_schema.h"
#include "verify_impl.h"

#include <stdlib.h>

/* The table count a walk returns when it gives up; real counts stay far below it (a table
 * takes at least 4 bytes of a buffer below 2^31). */
#define GAVE_UP UINT32_MAX

#define QUICK static inline __attribute__((always_inline))
#define GIVE_UP_IF(cond)                                                                       \
    do {                                                                                       \
        if (FB_UNLIKELY(cond))                                                                 \
            return GAVE_UP;                                                                    \
    } while (0)
/* Adds the table count that expr returns to sum, or gives up with it. */
#define COUNT(sum, expr)                                                                       \
    do {                                                                                       \
        uint32_t tables_ = (expr);                                                             \
        GIVE_UP_IF(tables_ == GAVE_UP);                                                        \
        sum += tables_;                                                                        \
    } while (0)

/* Field ids a described type may use. */
#define MAX_IDS 16
/* 8-byte words that hold the vtable of a type with MAX_IDS ids. */
#define MAX_WORDS ((4 + 2 * MAX_IDS + 7) / 8)

/* A vtable met for a table of one type, and what it says once checked against that type. The
 * checks of a vtable's fields depend only on its bytes and, for a field longer than 4 bytes,
 * on the table's position mod 8 (tables are 4-byte aligned), so a later table whose vtable has
 * the same bytes, at the same position mod 8 when its type has such a field, needs none of
 * them. Payloads have a few distinct vtables per type. It also shortens the chain of dependent
 * loads from a table to its children: their offsets come from here, not from a load that
 * waits for the table's soffset. */
#define NOT_SEEN UINT64_MAX

typedef struct layout {
    uint64_t word[MAX_WORDS]; /* first vtable bytes, little-endian words, 0 past its size */
    uint64_t mask[MAX_WORDS];
    uint64_t seen;            /* a position of a vtable that matched: the payload does not
                               * change, so that position matches again without a look at
                               * its bytes; NOT_SEEN none, a value no 32-bit position takes
                               * (a bad soffset can put a vtable at any of them) */
    uint32_t reach;           /* bytes from the vtable that must be inside for a match;
                               * UINT32_MAX never matches */
    uint32_t table_size;
    uint32_t pos_mod8;        /* the checked table's position mod 8: a type with a field
                               * longer than 4 bytes matches tables there only */
    uint16_t off[MAX_IDS];    /* the offset of each field id, 0 when absent */
} layout;

/* The layouts of one type, tried last match first: the last per position mod 8 for a type with
 * a field longer than 4 bytes, whose tables alternate between the two, else last[0]. */
#define WAYS 8
typedef struct layouts {
    const layout *last[2];
    uint32_t victim; /* the way the next vtable that matches none replaces */
    layout way[WAYS];
} layouts;

/* Slots for the layouts of the types: one per memo id. */
#define QUICK_COUNT(name) +1
enum { TYPE_SLOTS = FB_MEMO_GENERIC + 1 FB_ECU_TYPES(QUICK_COUNT) };
#undef QUICK_COUNT

typedef struct quick {
    const uint8_t *buf;
    uint64_t len;
    uint8_t *memo; /* see quick_claim() */
    uint32_t max_depth;
    layouts *layouts; /* by memo id */
} quick;

/* Follows the uoffset at `at`, a 4-byte aligned position whose 4 bytes are inside, to *target.
 * 0 unless the offset is not 0, the target is 4-byte aligned and its first 4 bytes are inside:
 * subtracting 1 first turns an offset of 0 into one past any buffer. */
QUICK int quick_follow(const quick *q, uint32_t at, uint32_t *target)
{
    uint32_t off = mdd_le_get32(q->buf + at);
    uint64_t end = (uint64_t)at + (uint32_t)(off - 1u) + 5;
    *target = at + off;
    return (end <= q->len) & !(off & 3);
}

/* The string whose uoffset is at `at`: length inside and a NUL after its bytes. Returns 0
 * tables, or GAVE_UP. */
QUICK uint32_t quick_string(const quick *q, uint32_t at)
{
    uint32_t pos;
    GIVE_UP_IF(!quick_follow(q, at, &pos));
    uint64_t nul = (uint64_t)pos + 4 + mdd_le_get32(q->buf + pos);
    GIVE_UP_IF(nul >= q->len || q->buf[nul] != 0);
    return 0;
}

/* The vector whose uoffset is at `at`: its count and count * elem_size bytes inside. */
QUICK int quick_vector(const quick *q, uint32_t at, uint32_t elem_size, uint32_t *pos,
                       uint32_t *count)
{
    if (!quick_follow(q, at, pos))
        return 0;
    *count = mdd_le_get32(q->buf + *pos);
    return (uint64_t)*pos + 4 + (uint64_t)*count * elem_size <= q->len;
}

typedef uint32_t quick_fn(quick *q, uint32_t pos, uint32_t depth);

#define QUICK_DECLARE(name) static quick_fn quick_##name;
QUICK_DECLARE(generic)
FB_ECU_TYPES(QUICK_DECLARE)
#undef QUICK_DECLARE

/* The memo holds what verify.c's does, one byte per 4-byte slot: the value verify.c's memo
 * would hold. Returns 1 when the slot was free and is now claimed, 0 when it holds want
 * (already verified), GAVE_UP when it holds anything else. */
QUICK uint32_t quick_claim(const quick *q, uint32_t pos, uint8_t want)
{
    uint8_t have = q->memo[pos / 4];
    if (have != 0)
        return have == want ? 0 : GAVE_UP;
    q->memo[pos / 4] = want;
    return 1;
}

/* The function of each memo id; a constant index folds into a direct call. */
static quick_fn *const quick_by_memo[] = {
    [FB_MEMO_GENERIC] = quick_generic,
#define QUICK_ENTRY(name) [FB_MEMO_##name] = quick_##name,
    FB_ECU_TYPES(QUICK_ENTRY)
#undef QUICK_ENTRY
};

/* The table whose uoffset is at `at`, as type. */
QUICK uint32_t quick_table_ref(quick *q, uint32_t at, const fb_type *type, uint32_t depth)
{
    uint32_t pos;
    GIVE_UP_IF(!quick_follow(q, at, &pos));
    return quick_by_memo[type->memo_id](q, pos, depth);
}

/* A walk of real payloads spends most of its time waiting for the first byte of each table:
 * the tables of a vector, and the children of a table, lie apart (subtables are shared and
 * built in another order than they are walked), so the hardware cannot guess the next one.
 * Before descending, the walk therefore starts loading the tables a table refers to, and the
 * table PREFETCH_AHEAD elements further along a vector, so that those waits overlap. */
#define PREFETCH_AHEAD 2

/* Starts loading the target of the uoffset at `at` (whose 4 bytes are inside) into the
 * cache; nothing for a target past the end. Only a hint: it checks nothing. */
QUICK void quick_prefetch(const quick *q, uint32_t at)
{
    uint64_t target = (uint64_t)at + mdd_le_get32(q->buf + at);
    if (target < q->len)
        __builtin_prefetch(q->buf + target);
}

/* The vector of references to strings or tables (of f's type) whose uoffset is at `at`. */
QUICK uint32_t quick_refs(quick *q, uint32_t at, const fb_field *f, uint32_t depth)
{
    uint32_t pos, count, tables = 0;
    GIVE_UP_IF(!quick_vector(q, at, 4, &pos, &count));
    if (count == 0)
        return 0;
    int strings = f->kind == FB_STRINGS;
    uint32_t claimed = quick_claim(
        q, pos, strings ? FB_MEMO_STRINGS : (uint8_t)(FB_MEMO_VECTOR | f->type->memo_id));
    if (claimed != 1)
        return claimed;
    for (uint32_t i = 0, elem = pos + 4; i < count; i++, elem += 4) {
        if (!strings && i + PREFETCH_AHEAD < count)
            quick_prefetch(q, elem + 4 * PREFETCH_AHEAD);
        COUNT(tables, strings ? quick_string(q, elem) : quick_table_ref(q, elem, f->type, depth));
    }
    return tables;
}

/* The union member f of the table at pos, whose uoffset is at `at` and whose tag (field
 * f->id - 1) is at tag_off (0: absent, NONE). Tags are tried one by one so that each member
 * is a direct call. */
QUICK uint32_t quick_union(quick *q, uint32_t pos, uint32_t tag_off, uint32_t at,
                           const fb_field *f, uint32_t depth)
{
    uint8_t tag = tag_off ? q->buf[pos + tag_off] : 0;
    if (tag == 0)
        return 0;
    uint32_t target;
    GIVE_UP_IF(!quick_follow(q, at, &target));
#pragma GCC unroll 16
    for (uint32_t k = 1; k < f->member_count; k++)
        if (tag == k)
            return quick_by_memo[f->members[k]->memo_id](q, target, depth);
    return quick_generic(q, target, depth);
}

/* The vector of unions whose values' uoffset is at `at` and whose tags' uoffset is at tags_off
 * of the table at pos (0: absent). Counts every element as a table, as verify.c does. */
QUICK uint32_t quick_unions(quick *q, uint32_t pos, uint32_t tags_off, uint32_t at,
                            const fb_field *f, uint32_t depth)
{
    uint32_t vpos, count, tpos = 0, tags = 0;
    GIVE_UP_IF(!quick_vector(q, at, 4, &vpos, &count));
    GIVE_UP_IF(tags_off && !quick_vector(q, pos + tags_off, 1, &tpos, &tags));
    GIVE_UP_IF(tags != count);
    uint32_t tables = count;
    for (uint32_t i = 0; i < count; i++) {
        uint8_t tag = q->buf[tpos + 4 + i];
        uint32_t elem = vpos + 4 + 4 * i, target;
        if (tag == 0)
            continue;
        GIVE_UP_IF(!quick_follow(q, elem, &target));
        const fb_type *type = tag < f->member_count ? f->members[tag] : &fb_generic_type;
        COUNT(tables, quick_by_memo[type->memo_id](q, target, depth));
    }
    return tables;
}

/* Field f of the table at pos, stored at off (not 0, inside the table, aligned); tag_off is
 * the offset of the field before it (a union's tag). */
QUICK uint32_t quick_field_at(quick *q, uint32_t pos, uint32_t off, uint32_t tag_off,
                           const fb_field *f, uint32_t depth)
{
    uint32_t at = pos + off, vpos, count;
    switch (f->kind) {
    case FB_STRING: return quick_string(q, at);
    case FB_SCALARS: return quick_vector(q, at, f->elem_size, &vpos, &count) ? 0 : GAVE_UP;
    case FB_STRINGS:
    case FB_TABLES: return quick_refs(q, at, f, depth);
    case FB_UNION: return quick_union(q, pos, tag_off, at, f, depth);
    case FB_UNIONS: return quick_unions(q, pos, tag_off, at, f, depth);
    case FB_TABLE: return quick_table_ref(q, at, f->type, depth);
    default: return 0;
    }
}

/* The number of field ids type uses. */
QUICK uint32_t id_count(const fb_type *type)
{
    return type->field_count ? type->fields[type->field_count - 1].id + 1u : 0;
}

/* The 8-byte words compared to match a vtable of type: its size fields and entries. */
QUICK uint32_t word_count(const fb_type *type) { return (4 + 2 * id_count(type) + 7) / 8; }

/* Whether type has a field longer than 4 bytes, whose alignment depends on the table's. */
QUICK int has_long_field(const fb_type *type)
{
    int any = 0;
#pragma GCC unroll 16
    for (uint32_t i = 0; i < type->field_count; i++)
        any |= type->fields[i].size > 4;
    return any;
}

/* Whether the table at pos whose vtable is at `vtable` has layout l: at l's position mod 8 if
 * type needs it, and the vtable at l's last matching position or with l's bytes. A vtable
 * position comes from a 32-bit subtraction that wraps: one before the start of the buffer
 * lands at 2^31 or more, past any buffer (MDD_FB_MAX_SIZE), so one test covers both ends. */
QUICK int layout_matches(const quick *q, const layout *l, uint32_t pos, uint32_t vtable,
                         const fb_type *type)
{
    if (has_long_field(type) && (pos & 7) != l->pos_mod8)
        return 0;
    if (vtable == l->seen)
        return 1;
    if (((uint64_t)vtable + l->reach > q->len) | (vtable & 1))
        return 0;
    uint64_t diff = 0;
#pragma GCC unroll 8
    for (uint32_t w = 0; w < word_count(type); w++) {
        uint64_t word = mdd_le_get64(q->buf + vtable + 8 * w);
        diff |= (word & l->mask[w]) ^ l->word[w];
    }
    return diff == 0;
}

/* Checks the vtable at `vtable` of the table at pos against type, field by field, and makes
 * it layout l; 0 when it is bad. */
QUICK int learn_layout(const quick *q, layout *l, uint32_t pos, uint32_t vtable,
                       const fb_type *type)
{
    const uint8_t *buf = q->buf;
    l->reach = UINT32_MAX; /* matches nothing until it is whole */
    l->seen = NOT_SEEN;
    if (((uint64_t)vtable + 4 > q->len) | (vtable & 1))
        return 0;
    uint32_t vtable_size = mdd_le_get16(buf + vtable), table_size = mdd_le_get16(buf + vtable + 2);
    if (((uint64_t)vtable + vtable_size > q->len) | ((uint64_t)pos + table_size > q->len) |
        (vtable_size < 4) | (table_size < 4) | (vtable_size & 1))
        return 0;
    uint32_t entries = (vtable_size - 4) / 2;
#pragma GCC unroll 16
    for (uint32_t id = 0; id < id_count(type); id++)
        l->off[id] = id < entries ? mdd_le_get16(buf + vtable + 4 + 2 * id) : 0;
#pragma GCC unroll 16
    for (uint32_t i = 0; i < type->field_count; i++) {
        const fb_field *f = &type->fields[i];
        uint32_t off = l->off[f->id];
        uint32_t misaligned = (f->size > 4 ? pos + off : off) & (f->size - 1u);
        if ((off && ((off + f->size > table_size) | misaligned)) ||
            (f->kind >= FB_UNION && l->off[f->id - 1] >= table_size))
            return 0;
    }
    l->table_size = table_size;
    l->pos_mod8 = pos & 7;
    uint32_t words = word_count(type);
    if ((uint64_t)vtable + 8 * words > q->len)
        return 1; /* good for this table, but matches no other */
    for (uint32_t w = 0; w < words; w++) {
        uint32_t inside = vtable_size > 8 * w ? vtable_size - 8 * w : 0;
        l->mask[w] = inside >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * inside)) - 1;
        l->word[w] = mdd_le_get64(buf + vtable + 8 * w) & l->mask[w];
    }
    l->reach = vtable_size > 8 * words ? vtable_size : 8 * words;
    l->seen = vtable;
    return 1;
}

/* The entry of layouts.last for the table at pos of type. */
QUICK uint32_t last_index(uint32_t pos, const fb_type *type)
{
    return has_long_field(type) ? (pos >> 2) & 1 : 0;
}

/* The way of ls that the vtable at `vtable` of the table at pos matches, else the way it is
 * learnt into; NULL when it is bad. */
QUICK const layout *other_layout(const quick *q, layouts *ls, uint32_t pos, uint32_t vtable,
                                 const fb_type *type)
{
    layout *l = NULL;
    for (uint32_t w = 0; w < WAYS && !l; w++)
        if (layout_matches(q, &ls->way[w], pos, vtable, type)) {
            l = &ls->way[w];
            l->seen = vtable;
        }
    if (!l) {
        l = &ls->way[ls->victim];
        ls->victim = (ls->victim + 1) % WAYS;
        if (!learn_layout(q, l, pos, vtable, type))
            return NULL;
    }
    ls->last[last_index(pos, type)] = l;
    return l;
}

/* other_layout() for one type, out of line: the last way matches most tables. */
typedef const layout *other_fn(const quick *q, layouts *ls, uint32_t pos, uint32_t vtable);

/* Arriving at the table at pos as type: GAVE_UP past the depth limit or when its memo slot
 * holds something else, 0 when it is already verified as type, else 1 with the slot claimed. */
QUICK uint32_t quick_arrive(quick *q, uint32_t pos, const fb_type *type, uint32_t depth)
{
    GIVE_UP_IF(depth > q->max_depth);
    return quick_claim(q, pos, type->memo_id);
}

/* The table at pos (4-byte aligned, its first 4 bytes inside, its memo slot just claimed) as
 * type, a constant in each expansion; other is type's other_layout(). Returns the tables
 * verified, 1 and those below, or GAVE_UP. */
QUICK uint32_t quick_table_as(quick *q, uint32_t pos, const fb_type *type, uint32_t depth,
                              other_fn *other)
{
    GIVE_UP_IF(id_count(type) > MAX_IDS); /* constant */
    uint32_t vtable = pos - mdd_le_get32(q->buf + pos);
    layouts *ls = &q->layouts[type->memo_id];
    const layout *l = ls->last[last_index(pos, type)];
    if (FB_UNLIKELY(!layout_matches(q, l, pos, vtable, type)))
        GIVE_UP_IF(!(l = other(q, ls, pos, vtable)));
    GIVE_UP_IF((uint64_t)pos + l->table_size > q->len);
    /* Read before descending: a table below may be of the same type and change the layouts.
     * A present field's 4 bytes are inside the table, and so inside the buffer. */
    uint32_t off[MAX_IDS];
#pragma GCC unroll 16
    for (uint32_t i = 0; i < type->field_count; i++) {
        const fb_field *f = &type->fields[i];
        off[f->id] = f->kind == FB_SCALAR ? 0 : l->off[f->id];
        if (f->kind == FB_UNION || f->kind == FB_UNIONS)
            off[f->id - 1] = l->off[f->id - 1];
        if ((f->kind == FB_TABLE || f->kind == FB_TABLES) && off[f->id])
            quick_prefetch(q, pos + off[f->id]);
    }
    uint32_t tables = 1;
#pragma GCC unroll 16
    for (uint32_t i = 0; i < type->field_count; i++) {
        const fb_field *f = &type->fields[i];
        if (f->kind != FB_SCALAR && off[f->id])
            COUNT(tables, quick_field_at(q, pos, off[f->id],
                                      f->kind >= FB_UNION ? off[f->id - 1] : 0, f, depth + 1));
    }
    return tables;
}

/* For each type, and generic: quick_<name>(), the arrival, small enough to be inlined where
 * it is called, so that a table met again costs no call; walk_<name>(), the table itself;
 * and other_<name>(). Returns as quick_table_as(), 0 for a table already verified. */
#define QUICK_DEFINE(name, type)                                                               \
    static __attribute__((noinline)) const layout *other_##name(const quick *q, layouts *ls,   \
                                                                uint32_t pos, uint32_t vtable) \
    {                                                                                          \
        return other_layout(q, ls, pos, vtable, type);                                         \
    }                                                                                          \
    static __attribute__((noinline)) uint32_t walk_##name(quick *q, uint32_t pos,              \
                                                          uint32_t depth)                      \
    {                                                                                          \
        return quick_table_as(q, pos, type, depth, other_##name);                              \
    }                                                                                          \
    static uint32_t quick_##name(quick *q, uint32_t pos, uint32_t depth)                       \
    {                                                                                          \
        uint32_t arrived = quick_arrive(q, pos, type, depth);                                  \
        return arrived == 1 ? walk_##name(q, pos, depth) : arrived;                            \
    }
#define QUICK_DEFINE_KNOWN(name) QUICK_DEFINE(name, &type_##name)
QUICK_DEFINE(generic, &fb_generic_type)
FB_ECU_TYPES(QUICK_DEFINE_KNOWN)
#undef QUICK_DEFINE_KNOWN
#undef QUICK_DEFINE

int fb_verify_quick(mdd_fb_verifier *vf, const uint8_t *buf, uint32_t len, uint32_t max_depth,
                    uint32_t max_tables)
{
    _Static_assert(MDD_FB_MAX_SIZE < ((size_t)1 << 31), "vtable positions wrap past the end");
    _Static_assert(TYPE_SLOTS <= 0x7f, "memo values keep bit 0x80 for vectors");
    _Static_assert(FB_ECU_MAX_IDS <= MAX_IDS, "a type has more field ids than a layout holds");
    if (!vf->layouts)
        vf->layouts = malloc(TYPE_SLOTS * sizeof(layouts));
    quick q = {.buf = buf, .len = len, .max_depth = max_depth, .layouts = vf->layouts,
               .memo = vf->layouts ? fb_memo_clear(&vf->quick, len / 4 + 1) : NULL};
    if (!q.memo)
        return 0;
    /* The verifier's layouts start empty for every payload, like its memo. */
    for (uint32_t i = 0; i < TYPE_SLOTS; i++) {
        q.layouts[i].last[0] = q.layouts[i].last[1] = &q.layouts[i].way[0];
        q.layouts[i].victim = 0;
        for (uint32_t w = 0; w < WAYS; w++) {
            q.layouts[i].way[w].reach = UINT32_MAX;
            q.layouts[i].way[w].seen = NOT_SEEN;
            q.layouts[i].way[w].pos_mod8 = 0;
        }
    }
    uint32_t tables = quick_table_ref(&q, 0, &type_ecu_data, 1);
    return tables != GAVE_UP && tables <= max_tables;
}
