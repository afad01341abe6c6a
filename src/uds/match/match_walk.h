/* SPDX-License-Identifier: Apache-2.0 */
/* The walk of the match pass over a message's params, which a memo's plan makes too
 * (match.c, plan.c): one walk, so that what the plan compiles is what the pass checks.
 * Inline: each caller's step is then a direct call, and the pass runs on every decode. */
#ifndef MDD_UDS_MATCH_WALK_H
#define MDD_UDS_MATCH_WALK_H

#include "walk.h"

/* One parameter of the walk, at pos; a constant or repeat moves *cursor past itself. 0 ends
 * the walk with 0. */
typedef int (*uds_match_step)(void *ctx, const uds_param_view *p, uds_matched *m, uds_pos pos,
                              size_t *cursor);

/* Where the pass keeps param index for the decode: NULL past UDS_MATCHED_CAP. Only what
 * tells what it holds is cleared: the rest is written with it. */
static inline uds_matched *uds_match_slot(uds_matched *kept, uint32_t *kept_count,
                                          uint32_t index, const uds_param_view *p)
{
    if (index >= UDS_MATCHED_CAP)
        return NULL;
    uds_matched *m = &kept[index];
    m->view = *p;
    m->has_value = 0;
    m->repeated = 0;
    m->has_read = 0;
    *kept_count = index + 1;
    return m;
}

/* The kinds whose place and length are known without decoding what they hold. */
static inline int uds_match_checked(uint8_t type)
{
    return type == MDD_PARAM_TYPE_CODED_CONST || type == MDD_PARAM_TYPE_NRC_CONST ||
           type == MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM;
}

/* Each parameter up to the first unpositioned one after a kind of unknown length goes to
 * step, with where it is and, for the first UDS_MATCHED_CAP, its slot in kept[] (*kept_count
 * of them). 1 when no step returned 0. */
static inline int uds_match_walk(mdd_param_vec params, uds_matched *kept,
                                 uint32_t *kept_count, uds_match_step step, void *ctx)
{
    size_t cursor = 0;
    int known = 1;
    *kept_count = 0;
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++) {
        uds_param_view p = uds_param_view_at(params, i);
        uds_matched *m = uds_match_slot(kept, kept_count, i, &p);
        if (p.positioned)
            known = 1;
        else if (!known)
            return 1;
        if (!step(ctx, &p, m, uds_param_view_pos(&p, 0, cursor), &cursor))
            return 0;
        if (!uds_match_checked(p.type))
            known = 0;
    }
    return 1;
}

#endif
