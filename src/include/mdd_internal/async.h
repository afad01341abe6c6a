/* SPDX-License-Identifier: Apache-2.0 */
/* The async layer's internal interface (reads that never block the calling thread): the layout of its options, which
 * test_options holds to the struct. */
#ifndef MDD_INTERNAL_ASYNC_H
#define MDD_INTERNAL_ASYNC_H

#include <mdd_internal/common.h>

/* The layout of mdd_reader_options (options_read()). */
MDD_INTERNAL extern const options_layout options_layout_reader;

#endif
