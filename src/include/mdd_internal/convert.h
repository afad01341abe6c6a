/* SPDX-License-Identifier: Apache-2.0 */
/* The convert layer's internal interface (the in-place conversion): the layout of its options, which
 * test_options holds to the struct. */
#ifndef MDD_INTERNAL_CONVERT_H
#define MDD_INTERNAL_CONVERT_H

#include <mdd_internal/common.h>

/* The layout of mdd_convert_options (options_read()). */
MDD_INTERNAL extern const options_layout options_layout_convert;

#endif
