/* SPDX-License-Identifier: Apache-2.0 */
/* A decoded response as a list of values with the bytes each covers (decode_values.c): what
 * `mdd decode` prints per line, and what the server's decode route answers for view=values,
 * so that a page can show each value's bytes. */
#ifndef MDD_TOOL_DECODE_VALUES_H
#define MDD_TOOL_DECODE_VALUES_H

#include <mdd/db.h>
#include <mdd/uds.h>
#include <mdd_internal/uds.h>

#include <stddef.h>
#include <stdint.h>

/* The value's path: "/Name" per parameter, case or row, "[i]" per repeated item, as JSON
 * string content (escaped, without quotes). */
void decode_value_path(uds_jw *w, const mdd_uds_value *v);

/* Decodes response[0..response_len), the answer to request[0..request_len), with layer and
 * writes {"ecu","variant" (or "functional_group"),"service","response","values":[{"path",
 * "byte","length","value"}],"trailing"?} to sink: every value that is not an object or an
 * array, in message order, with the byte it starts at and the bytes it covers, the value as
 * mdd_uds_decode_json() shows it; "trailing" the bytes no parameter covers. Fails as
 * mdd_uds_decode(), with nothing useful in sink. */
mdd_status decode_values_json(const mdd_db_layer *layer, const uint8_t *request,
                              size_t request_len, const uint8_t *response, size_t response_len,
                              mdd_sink *sink, mdd_error *err);

#endif
