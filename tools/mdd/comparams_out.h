/* SPDX-License-Identifier: Apache-2.0 */
/* A layer's resolved ComParams as the tool shows them, shared by `mdd comparams` and
 * `mdd serve`'s /ecus/{ecu}/comparams. */
#ifndef MDD_TOOL_COMPARAMS_OUT_H
#define MDD_TOOL_COMPARAMS_OUT_H

#include "json.h"

#include <mdd/comparams.h>

/* The most ComParams one layer shows; a layer with more fails with MDD_ERR_LIMIT. */
#define COMPARAMS_OUT_MAX 4096u

/* Writes {"ecu","variant","protocol","protocols":[...],"comparams":[{"name","protocol",
 * "layer","depth","class","type","usage","display_level","value"}],"doip":{...}} for the
 * layer and protocol (NULL for all). A simple value is a string, a complex value an array of
 * its entries, no value null. Writes nothing and fails as the library does (an unknown
 * protocol, a malformed value). */
mdd_status comparams_json(json_writer *j, const mdd_db_layer *layer, const char *protocol,
                          mdd_error *err);

/* Writes only the "comparams" array of comparams_json() for the layer, every protocol: what
 * `mdd ecu --json` shows of each variant. */
mdd_status comparams_list_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err);

/* Prints one line per ComParam: the protocol (`-` for none), the name and the value (a
 * complex value as {MEMBER=VALUE, ...}), two spaces apart, and `(from LAYER)` for an
 * inherited one. Fails as comparams_json(). */
mdd_status comparams_print(FILE *out, const mdd_db_layer *layer, const char *protocol,
                           mdd_error *err);

#endif
