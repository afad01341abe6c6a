/* SPDX-License-Identifier: Apache-2.0 */
/* Special data groups as a flat, depth-first list of nodes, nesting bounded. */
#include "query_impl.h"

#include <stdio.h>

typedef struct sdg_walk {
    mdd_sdg_node *out;
    uint32_t cap;
    uint32_t total;
    mdd_error *err;
    /* The path of the node being visited, for messages: the outer group's index and the
     * item's index in the group at each depth. */
    uint32_t group;
    uint32_t item_at[MDD_SDG_MAX_DEPTH + 1];
} sdg_walk;

/* Counts node and stores it when there is room; fails past MDD_SDG_MAX_NODES, which bounds
 * a walk through groups that many items share. */
static mdd_status add(sdg_walk *w, mdd_sdg_node node)
{
    if (w->total >= MDD_SDG_MAX_NODES)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "more than %u SDG nodes",
                        (unsigned)MDD_SDG_MAX_NODES);
    if (w->total < w->cap)
        w->out[w->total] = node;
    w->total++;
    return MDD_OK;
}

/* The levels of a path a message shows before it skips to the last item. */
#define PATH_SHOWN 3u

/* Fails with status, the message naming the path down to item item_at[depth] of the group at
 * depth (deep paths shortened to their first levels and the last item), why and detail. */
static mdd_status fail_at(sdg_walk *w, uint32_t depth, mdd_status status, const char *why,
                          unsigned detail)
{
    char path[PATH_SHOWN * 32 + 64];
    int len = snprintf(path, sizeof path, "sdgs[%u]", (unsigned)w->group);
    for (uint32_t d = 1; d <= depth && d <= PATH_SHOWN; d++)
        len += snprintf(path + len, sizeof path - (size_t)len, ".sds[%u].sdg",
                        (unsigned)w->item_at[d - 1]);
    snprintf(path + len, sizeof path - (size_t)len, "%s.sds[%u]", depth > PATH_SHOWN ? ".." : "",
             (unsigned)w->item_at[depth]);
    return mdd_fail(w->err, status, "%s: %s %u", path, why, detail);
}

static mdd_status visit_group(sdg_walk *w, mdd_sdg group, uint32_t depth)
{
    mdd_status st =
        add(w, (mdd_sdg_node){.depth = depth, .sdg = group, .sd = {{group.t.buf, group.t.len, 0}}});
    mdd_sd_or_sdg_vec items = mdd_sdg_sds(group);
    uint32_t n = mdd_sd_or_sdg_vec_count(items);
    for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
        mdd_sd_or_sdg item = mdd_sd_or_sdg_vec_at(items, i);
        w->item_at[depth] = i;
        uint8_t tag = mdd_sd_or_sdg_sd_or_sdg_type(item);
        if (tag == MDD_SD_XOR_SDG_SD)
            st = add(w, (mdd_sdg_node){.depth = depth + 1,
                                       .sdg = {{group.t.buf, group.t.len, 0}},
                                       .sd = mdd_sd_or_sdg_sd(item)});
        else if (tag == MDD_SD_XOR_SDG_SDG && depth + 1 > MDD_SDG_MAX_DEPTH)
            st = fail_at(w, depth, MDD_ERR_LIMIT, "groups nest deeper than", MDD_SDG_MAX_DEPTH);
        else if (tag == MDD_SD_XOR_SDG_SDG)
            st = visit_group(w, mdd_sd_or_sdg_sdg(item), depth + 1);
        else if (tag != MDD_SD_XOR_SDG_NONE)
            st = fail_at(w, depth, MDD_ERR_FORMAT, "unknown SDxorSDG tag", tag);
    }
    return st;
}

mdd_status mdd_sdgs_nodes(mdd_sdgs sdgs, mdd_sdg_node *out, uint32_t cap,
                          uint32_t *total, mdd_error *err)
{
    sdg_walk w = {.out = out, .cap = cap, .err = err};
    mdd_sdg_vec groups = mdd_sdgs_sdgs(sdgs);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < mdd_sdg_vec_count(groups) && st == MDD_OK; i++) {
        w.group = i;
        st = visit_group(&w, mdd_sdg_vec_at(groups, i), 0);
    }
    *total = st == MDD_OK ? w.total : 0;
    return st;
}
