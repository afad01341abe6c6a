/* SPDX-License-Identifier: Apache-2.0 */
/* The page mdd serve serves at / (serve_page.c): its files, embedded in the binary by
 * cmake/embed-files.cmake from tools/mdd/serve/page/. */
#ifndef MDD_TOOL_SERVE_PAGE_H
#define MDD_TOOL_SERVE_PAGE_H

#include <stddef.h>

typedef struct serve_asset {
    const char *name; /* the file's name: index.html, app.js, ... */
    const char *type; /* its Content-Type */
    const unsigned char *data;
    size_t len;
} serve_asset;

extern const serve_asset serve_page_assets[];
extern const size_t serve_page_asset_count;
extern const size_t serve_page_bytes; /* of every file together */

#endif
