/* SPDX-License-Identifier: Apache-2.0 */
/* The JSON object of a comparison (diff_json.h). */
#include "diff_json.h"

#include "cli.h"
#include "diff_file.h"

const char *const diff_kind_names[4] = {"added", "removed", "changed", "renamed"};

void diff_json_begin(diff_json *d, FILE *out, const char *a, const char *b)
{
    *d = (diff_json){.counts = {0}};
    json_init(&d->j, out);
    json_object_begin(&d->j);
    json_key(&d->j, "a");
    json_cstring(&d->j, a);
    json_key(&d->j, "b");
    json_cstring(&d->j, b);
    json_key(&d->j, "differences");
    json_array_begin(&d->j);
}

void diff_json_emit(void *ctx, diff_kind kind, const char *path, const char *old_value,
                    const char *new_value)
{
    diff_json *d = ctx;
    d->counts[kind]++;
    json_object_begin(&d->j);
    json_key(&d->j, "kind");
    json_cstring(&d->j, diff_kind_names[kind]);
    json_key(&d->j, "path");
    json_cstring(&d->j, path);
    json_key(&d->j, "old");
    old_value ? json_cstring(&d->j, old_value) : json_null(&d->j);
    json_key(&d->j, "new");
    new_value ? json_cstring(&d->j, new_value) : json_null(&d->j);
    json_object_end(&d->j);
}

void diff_json_end(diff_json *d)
{
    json_array_end(&d->j);
    json_key(&d->j, "summary");
    json_object_begin(&d->j);
    for (int k = DIFF_ADDED; k <= DIFF_RENAMED; k++) {
        json_key(&d->j, diff_kind_names[k]);
        json_uint(&d->j, d->counts[k]);
    }
    json_object_end(&d->j);
    json_object_end(&d->j);
    json_end_line(&d->j);
}

int diff_json_files(FILE *out, const char *path_a, const char *path_b, const char *a,
                    const char *b)
{
    diff_file *fa = diff_file_open(path_a);
    diff_file *fb = fa ? diff_file_open(path_b) : NULL;
    diff_json d;
    diff_json_begin(&d, out, a, b);
    int rc = fb ? diff_file_pair(fa, fb, diff_json_emit, &d) : CLI_EXIT_FAIL;
    if (rc == CLI_EXIT_OK)
        diff_json_end(&d);
    diff_file_close(fb);
    diff_file_close(fa);
    return rc;
}
