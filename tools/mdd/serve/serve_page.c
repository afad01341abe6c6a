/* SPDX-License-Identifier: Apache-2.0 */
/* The page for people (docs/cli.md "The page"): / is its HTML, /ui/{name} its script and
 * style, all embedded in the binary, so the page works offline and with nothing else
 * installed. The page only calls the JSON routes. */
#include "serve_page.h"
#include "serve_reply.h"
#include "serve_routes.h"

#include <string.h>

void serve_get_page(serve_server *s, struct evhttp_request *req, const serve_target *t)
{
    for (size_t i = 0; i < serve_page_asset_count; i++) {
        const serve_asset *a = &serve_page_assets[i];
        if (strcmp(a->name, t->name) == 0) {
            serve_reply_asset(s, req, a->type, a->data, a->len);
            return;
        }
    }
    serve_reply_error(s, req, 404, "no such resource");
}
