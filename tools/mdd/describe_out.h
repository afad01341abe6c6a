/* SPDX-License-Identifier: Apache-2.0 */
/* A service's message layout (mdd_uds_layout()) written out, for `mdd layout` and mdd serve:
 * as JSON, and as a byte grid (one row per byte, its bits as columns, each param a letter). */
#ifndef MDD_TOOL_DESCRIBE_OUT_H
#define MDD_TOOL_DESCRIBE_OUT_H

#include <mdd/uds_describe.h>
#include <mdd_internal/uds.h>

/* The layout of message of service in layer as one JSON object {"ecu", "variant" (or
 * "functional_group"), "service", "message", "index", "items": [...]} into w. Fails as
 * mdd_uds_layout() (w's status is then not to be trusted). */
mdd_status describe_layout_json(uds_jw *w, const mdd_db_layer *layer,
                                const mdd_db_service *service, const mdd_uds_message *message,
                                mdd_error *err);

/* The same as a byte grid and a legend of the params, text lines into w. */
mdd_status describe_layout_grid(uds_jw *w, const mdd_db_layer *layer,
                                const mdd_db_service *service, const mdd_uds_message *message,
                                mdd_error *err);

/* "request", "positive" or "negative". */
const char *describe_message_kind(mdd_uds_message_kind kind);

#endif
