/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the verifier: its state, the memo encoding, and the diagnostics. The walk in
 * verify.c only tests conditions; when one fails it calls a function of verify_faults.c,
 * which works out exactly what is wrong and writes the message. Keeping the messages out of
 * the walk keeps the walk small and fast. */
#ifndef MDD_FB_VERIFY_IMPL_H
#define MDD_FB_VERIFY_IMPL_H

#include <mdd_internal/fb.h>

#define FB_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Memo values, one per 4-byte slot: 0 unseen, a type's memo_id for a table verified as that
 * type, FB_MEMO_VECTOR | memo_id for a vector of references to tables of that type,
 * FB_MEMO_STRINGS for a vector of strings. */
#define FB_MEMO_VECTOR 0x80
#define FB_MEMO_STRINGS 0xff

typedef struct verifier {
    const uint8_t *buf;
    uint32_t len;
    uint8_t *memo;
    uint32_t tables;
    uint32_t max_tables;
    uint32_t max_depth;
    mdd_error *err;
    int path_started; /* the message already names its innermost field */
} verifier;

/* What a verifier keeps between payloads: allocating and zeroing a fresh memo per payload
 * costs more in page faults than a memset of one already mapped. Each pass clears what it
 * takes before use: a stale memo would skip tables. */
typedef struct fb_memo {
    uint8_t *slot;
    size_t count;
} fb_memo;

struct mdd_fb_verifier {
    fb_memo walk;            /* one slot per 4 bytes, allocated when the walk first runs */
    fb_memo quick;           /* the fast pass's, one slot per 4 bytes (verify_quick.c) */
    struct layouts *layouts; /* the fast pass's, allocated at its first use */
};

/* Memo m with at least `slots` slots, the first `slots` of them 0, grown as needed
 * (verifier.c); NULL when out of memory. */
MDD_INTERNAL uint8_t *fb_memo_clear(fb_memo *m, size_t slots);

/* The fast pass (verify_quick.c) with vf's bookkeeping: 1 when the payload buf[0..len) (len 4
 * or more) is sound within the limits, 0 when it is not sure (a fault, a limit, something
 * unusual, no memory), and the walk of verify.c has to decide and explain. */
MDD_INTERNAL int fb_verify_quick(mdd_fb_verifier *vf, const uint8_t *buf, uint32_t len,
                                 uint32_t max_depth, uint32_t max_tables);

/* Puts "name: " (or "name[index]: ", then "name." for outer levels) in front of the message;
 * returns st. */
MDD_INTERNAL mdd_status fb_in_path(verifier *v, mdd_status st, const char *name, uint32_t index,
                                   int indexed);

/* The slot at pos says have, not want: sets *done when have already covers want (a known type
 * covers a generic check), leaves it clear when want may refine have, fails when the two
 * conflict (one position used as two types). */
MDD_INTERNAL mdd_status fb_memo_mismatch(verifier *v, uint32_t pos, uint8_t have, uint8_t want,
                                         const fb_type *type, int *done);

/* Each names what is wrong with the thing at pos that the walk found bad. */
MDD_INTERNAL mdd_status fb_misaligned(verifier *v, uint32_t pos, uint32_t align, const char *what);
MDD_INTERNAL mdd_status fb_bad_offset(verifier *v, uint32_t at);
MDD_INTERNAL mdd_status fb_bad_string(verifier *v, uint32_t pos);
MDD_INTERNAL mdd_status fb_bad_vector(verifier *v, uint32_t pos, uint32_t elem_size);
MDD_INTERNAL mdd_status fb_bad_union_tags(verifier *v, uint32_t pos, uint32_t values,
                                          uint32_t tags);
MDD_INTERNAL mdd_status fb_bad_field(verifier *v, uint32_t table, uint32_t off, uint32_t size,
                                     uint32_t table_size);
/* fault FB_HEADER_OK stands for a vtable that is not 2-byte aligned. */
MDD_INTERNAL mdd_status fb_bad_header(verifier *v, uint32_t pos, fb_header_fault fault,
                                      const fb_header *h);
MDD_INTERNAL mdd_status fb_over_limit(verifier *v, uint32_t pos, int depth_exceeded);

#endif
