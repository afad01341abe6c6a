/* SPDX-License-Identifier: Apache-2.0 */
/* The container layer's internal interface: the layout of its options, for the layers whose
 * options nest them. */
#ifndef MDD_INTERNAL_CONTAINER_H
#define MDD_INTERNAL_CONTAINER_H

#include <mdd_internal/common.h>

#include <mdd/container.h>

/* The layout of mdd_parse_options (options_read()), which the store and converter options
 * nest. */
MDD_INTERNAL extern const options_layout options_layout_parse;

#endif
