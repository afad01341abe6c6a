/* SPDX-License-Identifier: Apache-2.0 */
/* The verifier object: the bookkeeping of mdd_fb_verifier_check() (verify.c), kept between
 * payloads so that verifying many of them maps and zeroes fresh pages once, not per payload. */
#include "verify_impl.h"

#include <stdlib.h>
#include <string.h>

mdd_status mdd_fb_verifier_create(mdd_fb_verifier **out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no verifier to fill");
    *out = calloc(1, sizeof **out);
    return *out ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
}

/* Frees what vf holds, not vf itself. */
static void release(mdd_fb_verifier *vf)
{
    free(vf->walk.slot);
    free(vf->quick.slot);
    free(vf->layouts);
}

void mdd_fb_verifier_free(mdd_fb_verifier *vf)
{
    if (!vf)
        return;
    release(vf);
    free(vf);
}

uint8_t *fb_memo_clear(fb_memo *m, size_t slots)
{
    if (slots <= m->count) {
        memset(m->slot, 0, slots);
        return m->slot;
    }
    /* Grown memory comes zeroed from calloc(), which spares fresh pages a second clearing;
     * the old contents are of no use, so no realloc() copy. */
    free(m->slot);
    m->slot = calloc(slots, 1);
    m->count = m->slot ? slots : 0;
    return m->slot;
}

/* One payload needs no verifier of its own beyond the call: it lives on the stack, so that
 * the size limit is checked before anything is allocated. */
mdd_status fb_verify_ecu_data_mode(const uint8_t *buf, size_t len,
                                   const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                   mdd_error *err)
{
    mdd_fb_verifier vf = {0};
    mdd_status st = fb_verifier_check_mode(&vf, buf, len, opts, mode, err);
    release(&vf);
    return st;
}

mdd_status mdd_fb_verify_ecu_data(const uint8_t *buf, size_t len,
                                  const mdd_fb_verify_options *opts, mdd_error *err)
{
    return fb_verify_ecu_data_mode(buf, len, opts, FB_VERIFY_QUICK_FIRST, err);
}
