/* SPDX-License-Identifier: Apache-2.0 */
/* An update's status as JSON, shared by `mdd update status --json` and `mdd serve --updates`
 * (GET /updates), and the diff summary of a changed file both show. */
#include "update_status.h"

#include "cli.h"
#include "diff_file.h"

const char *const update_diff_kind_names[4] = {"added", "removed", "changed", "renamed"};

static void count_diff(void *ctx, diff_kind kind, const char *path, const char *old_value,
                       const char *new_value)
{
    (void)path;
    (void)old_value;
    (void)new_value;
    ((update_diff_counts *)ctx)->by_kind[kind]++;
}

update_diff_counts update_diff_summary(const mdd_update_file *f)
{
    update_diff_counts c = {{0}, 1};
    diff_file *a = diff_file_open(f->old_path);
    diff_file *b = a ? diff_file_open(f->new_path) : NULL;
    diff_path path = {.len = 0};
    if (b)
        c.failed = diff_files(a, b, &path, count_diff, &c) != CLI_EXIT_OK;
    diff_file_close(a);
    diff_file_close(b);
    return c;
}

static void json_side(json_writer *j, const char *key, mdd_bytes revision, uint64_t size,
                      const uint8_t *sha512)
{
    json_key(j, key);
    if (!sha512) {
        json_null(j);
        return;
    }
    json_object_begin(j);
    json_key(j, "revision");
    json_optional_string(j, revision);
    json_key(j, "size");
    json_uint(j, size);
    json_key(j, "sha512");
    json_hex(j, sha512, 64);
    json_object_end(j);
}

static mdd_status visit_file(void *ctx, const mdd_update_file *f, mdd_error *err)
{
    (void)err;
    json_writer *j = ctx;
    json_object_begin(j);
    json_key(j, "name");
    json_cstring(j, f->name);
    json_key(j, "change");
    json_cstring(j, mdd_update_change_name(f->change));
    json_member_string(j, "ecu", f->ecu);
    json_side(j, "old", f->old_revision, f->old_size, f->old_sha512);
    json_side(j, "new", f->new_revision, f->new_size, f->new_sha512);
    json_key(j, "diff");
    update_diff_counts d = {{0}, 1};
    if (f->change == MDD_UPDATE_CHANGED)
        d = update_diff_summary(f);
    if (!d.failed) {
        json_object_begin(j);
        for (int k = 0; k < 4; k++) {
            json_key(j, update_diff_kind_names[k]);
            json_uint(j, d.by_kind[k]);
        }
        json_object_end(j);
    } else {
        json_null(j);
    }
    json_object_end(j);
    return MDD_OK;
}

mdd_status update_status_json(mdd_update *u, json_writer *j, mdd_error *err)
{
    json_object_begin(j);
    json_key(j, "files");
    json_array_begin(j);
    mdd_update_state state;
    mdd_status st = mdd_update_status(u, &state, visit_file, j, err);
    if (st != MDD_OK)
        return st;
    json_array_end(j);
    json_key(j, "staged");
    json_uint(j, state.staged);
    json_key(j, "backup");
    json_uint(j, state.backup);
    json_key(j, "in_flight");
    if (state.holder[0])
        json_cstring(j, state.holder);
    else
        json_null(j);
    json_object_end(j);
    return MDD_OK;
}
