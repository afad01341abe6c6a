/* SPDX-License-Identifier: Apache-2.0 */
/* Private: bytes as lowercase hex, for names and messages. */
#ifndef MDD_COMMON_HEX_H
#define MDD_COMMON_HEX_H

#include "error.h"

#include <stddef.h>
#include <stdint.h>

/* Writes the 2 * len hex digits of bytes and a NUL into out (2 * len + 1 bytes). */
MDD_INTERNAL void mdd_hex(const uint8_t *bytes, size_t len, char *out);

#endif
