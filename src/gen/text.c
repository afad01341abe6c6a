/* SPDX-License-Identifier: Apache-2.0 */
/* Names and prose for generated databases. Real ODX texts repeat a technical vocabulary with
 * identifiers and numbers mixed in; the numbers are what keeps LZMA near 5:1 on them. */
#include "gen_impl.h"

#include <stdio.h>
#include <string.h>

static const char *const words[] = {
    "actual", "actuator", "adaptation", "air", "airbag", "ambient", "angle", "battery",
    "belt", "block", "brake", "buffer", "bus", "cabin", "calibration", "camera", "charge",
    "check", "circuit", "clutch", "coding", "coolant", "counter", "current", "cylinder",
    "data", "default", "delay", "diagnosis", "door", "driver", "duty", "ecu", "engine",
    "error", "event", "exhaust", "fan", "fault", "filter", "flash", "flow", "fuel", "gear",
    "handle", "heater", "high", "identifier", "idle", "ignition", "injector", "input",
    "intake", "interior", "lamp", "level", "light", "limit", "load", "lock", "low", "main",
    "memory", "mirror", "mode", "module", "monitor", "motor", "network", "number", "offset",
    "oil", "open", "output", "oxygen", "park", "part", "pedal", "position", "power",
    "pressure", "pump", "rail", "range", "rear", "relay", "request", "reset", "resistance",
    "routine", "seat", "sensor", "serial", "short", "signal", "software", "speed", "start",
    "state", "status", "steering", "stop", "supply", "switch", "system", "temperature",
    "test", "threshold", "throttle", "time", "torque", "transmission", "trim", "valve",
    "value", "variant", "vehicle", "version", "voltage", "wheel", "window", "wiper", "zone",
    "front", "left", "right", "upper", "lower", "primary", "secondary", "maximum", "minimum",
    "average", "nominal", "raw", "filtered", "learned", "stored", "measured", "expected",
    "is", "the", "of", "for", "to", "in", "when", "and", "or", "not", "after", "before",
    "during", "with", "without", "above", "below", "within", "outside", "shall", "must",
};

#define WORD_COUNT (sizeof words / sizeof words[0])

/* One word in GEN_NUMBER_ODDS is a decimal number and one a hex one: tuned so that LZMA
 * preset 6 packs a payload about 5:1, as it packs converter output. */
#define GEN_NUMBER_ODDS 24

/* Skewed towards the front of the list, as word frequencies in real texts are. */
const char *gen_word(gen_rng *r)
{
    uint32_t n = (uint32_t)WORD_COUNT;
    return words[gen_below(r, n) * gen_below(r, n) / n];
}

/* Appends s to out at *at, truncating at size - 1. */
static void put(char *out, size_t size, size_t *at, const char *s)
{
    size_t n = strlen(s);
    if (n > size - 1 - *at)
        n = size - 1 - *at;
    memcpy(out + *at, s, n);
    *at += n;
    out[*at] = '\0';
}

/* Writes a sentence of n words (with a number now and then) into out (size bytes). */
static size_t gen_sentence(gen_rng *r, uint32_t n, char *out, size_t size)
{
    size_t at = 0;
    out[0] = '\0';
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            put(out, size, &at, " ");
        char num[24];
        uint32_t pick = gen_below(r, GEN_NUMBER_ODDS);
        if (pick == 0) {
            snprintf(num, sizeof num, "%u", gen_below(r, 100000));
            put(out, size, &at, num);
        } else if (pick == 1) {
            snprintf(num, sizeof num, "0x%04X", gen_below(r, 0x10000));
            put(out, size, &at, num);
        } else {
            put(out, size, &at, gen_word(r));
        }
    }
    put(out, size, &at, ".");
    return at;
}

/* A quarter of the texts are one of a few stock sentences ("not available in the default
 * session."), as in real databases, where the same remarks recur on many services. */
#define GEN_STOCK_SENTENCES 64

mdd_fb_ref gen_prose(gen_ctx *g, uint32_t n)
{
    char text[1024];
    gen_rng stock = {gen_below(&g->rng, GEN_STOCK_SENTENCES)};
    gen_rng *r = gen_below(&g->rng, 4) ? &g->rng : &stock;
    size_t len = gen_sentence(r, n, text, sizeof text);
    return mdd_fb_create_string(g->b, text, len);
}

mdd_fb_ref gen_long_name(gen_ctx *g, const char *short_name)
{
    char ti[96];
    snprintf(ti, sizeof ti, "TI_%s_%05u", short_name, g->next_text_id++);
    mdd_fb_ref value = gen_prose(g, gen_range(&g->rng, 3, 9));
    mdd_fb_ref tiref = mdd_fb_create_cstring(g->b, ti);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_LONG_NAME_VALUE, value);
    mdd_fb_add_ref(g->b, FID_LONG_NAME_TI, tiref);
    return mdd_fb_table_end(g->b);
}

/* An SDOrSDG holding one SD: a value, a semantic id and a text id. */
static mdd_fb_ref gen_sd(gen_ctx *g)
{
    char id[32];
    mdd_fb_ref value = gen_prose(g, gen_range(&g->rng, 8, 24));
    mdd_fb_ref si = mdd_fb_create_cstring(g->b, gen_word(&g->rng));
    snprintf(id, sizeof id, "TI_SD_%06u", g->next_text_id++);
    mdd_fb_ref ti = mdd_fb_create_cstring(g->b, id);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_SD_VALUE, value);
    mdd_fb_add_ref(g->b, FID_SD_SI, si);
    mdd_fb_add_ref(g->b, FID_SD_TI, ti);
    mdd_fb_ref sd = mdd_fb_table_end(g->b);
    mdd_fb_table_start(g->b);
    mdd_fb_add_u8(g->b, FID_SD_OR_SDG_SD_OR_SDG_TYPE, MDD_SD_XOR_SDG_SD);
    mdd_fb_add_ref(g->b, FID_SD_OR_SDG_SD_OR_SDG, sd);
    return mdd_fb_table_end(g->b);
}

#define SDS_PER_GROUP 4
#define GEN_MAX_GROUPS 64

mdd_fb_ref gen_sdgs(gen_ctx *g, uint32_t count)
{
    static const char *const captions[] = {"Requirements", "Documentation", "Supplier",
                                           "Release", "Safety"};
    mdd_fb_ref groups[GEN_MAX_GROUPS];
    uint32_t ngroups = 0;
    while (count > 0 && ngroups < GEN_MAX_GROUPS) {
        uint32_t n = count < SDS_PER_GROUP ? count : SDS_PER_GROUP;
        mdd_fb_ref sds[SDS_PER_GROUP];
        for (uint32_t i = 0; i < n; i++)
            sds[i] = gen_sd(g);
        mdd_fb_ref vec = mdd_fb_create_refs(g->b, sds, n);
        mdd_fb_ref caption = mdd_fb_create_cstring(g->b, captions[gen_below(&g->rng, 5)]);
        mdd_fb_table_start(g->b);
        mdd_fb_add_ref(g->b, FID_SDG_CAPTION_SN, caption);
        mdd_fb_add_ref(g->b, FID_SDG_SDS, vec);
        groups[ngroups++] = mdd_fb_table_end(g->b);
        count -= n;
    }
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, groups, ngroups);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_SDGS_SDGS, vec);
    return mdd_fb_table_end(g->b);
}
