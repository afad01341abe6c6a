/* SPDX-License-Identifier: Apache-2.0 */
/* mdd update: a directory's set of MDD files changed as one transaction (stage, status,
 * apply, rollback, cleanup), thin over mdd_update_* (include/mdd/update.h). */
#include "cli.h"
#include "cli_sig.h"
#include "update_status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KEY_REMOVE = CLI_KEY_OWN, KEY_EXACT, KEY_ALLOW_DOWNGRADE, KEY_FORCE_ECU };

typedef struct update_args {
    const char **removals;
    size_t removal_count;
    int exact;
    int json;
    int allow_downgrade;
    int force_ecu;
    cli_sig_args sig;
} update_args;

static int on_option(void *ctx, int option, const char *value)
{
    update_args *a = ctx;
    const char **grown;
    if (cli_sig_option(&a->sig, option, value))
        return CLI_EXIT_OK;
    switch (option) {
    case KEY_REMOVE:
        grown = realloc(a->removals, (a->removal_count + 1) * sizeof *grown);
        if (!grown)
            return cli_error("update", "out of memory");
        grown[a->removal_count++] = value;
        a->removals = grown;
        return CLI_EXIT_OK;
    case KEY_EXACT: a->exact = 1; return CLI_EXIT_OK;
    case KEY_ALLOW_DOWNGRADE: a->allow_downgrade = 1; return CLI_EXIT_OK;
    case KEY_FORCE_ECU: a->force_ecu = 1; return CLI_EXIT_OK;
    case 'j': a->json = 1; return CLI_EXIT_OK;
    default: return cli_usage_error(&cli_update_command, "unexpected option");
    }
}

static int fail(const mdd_error *err)
{
    fprintf(stderr, "mdd: %s\n", err->message);
    return CLI_EXIT_FAIL;
}

/* ---- stage ---- */

static int stage(mdd_update *u, const update_args *a, char **files, int count)
{
    mdd_error err;
    for (int i = 0; i < count; i++) {
        if (mdd_update_stage_file(u, files[i], &err) != MDD_OK)
            return fail(&err);
        printf("staged: %s\n", files[i]);
    }
    for (size_t i = 0; i < a->removal_count; i++) {
        if (mdd_update_stage_removal(u, a->removals[i], &err) != MDD_OK)
            return fail(&err);
        printf("staged: removal of ECU %s\n", a->removals[i]);
    }
    if (a->exact && mdd_update_stage_exact(u, &err) != MDD_OK)
        return fail(&err);
    return CLI_EXIT_OK;
}

/* ---- status ---- */

static void print_side(const char *label, mdd_bytes revision, uint64_t size,
                       const uint8_t *sha512)
{
    char hex[129];
    mdd_hex(sha512, 64, hex);
    hex[16] = '\0';
    printf("    %s revision %.*s, %llu bytes, SHA-512 %s...\n", label,
           revision.len ? (int)revision.len : 4, revision.len ? (const char *)revision.ptr : "none",
           (unsigned long long)size, hex);
}

static void print_text(const mdd_update_file *f, const update_diff_counts *d)
{
    printf("  %-9s %s (ECU %.*s)", mdd_update_change_name(f->change), f->name, (int)f->ecu.len,
           (const char *)f->ecu.ptr);
    if (d && !d->failed)
        printf(": %zu added, %zu removed, %zu changed, %zu renamed", d->by_kind[DIFF_ADDED],
               d->by_kind[DIFF_REMOVED], d->by_kind[DIFF_CHANGED], d->by_kind[DIFF_RENAMED]);
    putchar('\n');
    if (f->old_sha512 && f->change != MDD_UPDATE_UNCHANGED)
        print_side("old", f->old_revision, f->old_size, f->old_sha512);
    if (f->new_sha512 && f->change != MDD_UPDATE_UNCHANGED)
        print_side("new", f->new_revision, f->new_size, f->new_sha512);
}

static mdd_status visit_file(void *ctx, const mdd_update_file *f, mdd_error *err)
{
    (void)ctx;
    (void)err;
    update_diff_counts d;
    int changed = f->change == MDD_UPDATE_CHANGED;
    if (changed)
        d = update_diff_summary(f);
    print_text(f, changed ? &d : NULL);
    return MDD_OK;
}

static int status(mdd_update *u, const char *dir, int as_json)
{
    mdd_error err;
    if (as_json) {
        json_writer j;
        json_init(&j, stdout);
        if (update_status_json(u, &j, &err) != MDD_OK)
            return fail(&err);
        json_end_line(&j);
        return CLI_EXIT_OK;
    }
    printf("%s: the set after apply:\n", dir);
    mdd_update_state state;
    if (mdd_update_status(u, &state, visit_file, NULL, &err) != MDD_OK)
        return fail(&err);
    printf("staged: %zu, rollback: %zu, in flight: %s\n", state.staged, state.backup,
           state.holder[0] ? state.holder : "nothing");
    return CLI_EXIT_OK;
}

/* ---- the command ---- */

static const char *const actions[] = {"stage", "status", "apply", "rollback", "cleanup"};
enum { STAGE, STATUS, APPLY, ROLLBACK, CLEANUP, ACTION_COUNT };

static int check_usage(int action, const update_args *a, int files)
{
    if (action != STAGE && (a->removal_count || a->exact || a->allow_downgrade ||
                            a->force_ecu || a->sig.trust_dir))
        return cli_usage_error(&cli_update_command,
                               "--remove, --exact, --allow-downgrade, --force-ecu and --trust "
                               "are for 'stage'");
    if (action != STATUS && a->json)
        return cli_usage_error(&cli_update_command, "--json is for 'status'");
    if (action == STAGE && !files && !a->removal_count && !a->exact)
        return cli_usage_error(&cli_update_command, "stage: expected SRC files, --remove or --exact");
    if (action != STAGE && files)
        return cli_usage_error(&cli_update_command, "%s: expected DIR only", actions[action]);
    return -1;
}

static int run_action(int action, const char *dir, update_args *a, char **files, int count)
{
    mdd_update_options opts = mdd_update_options_default();
    opts.db.allow_downgrade = a->allow_downgrade;
    opts.force_ecu = a->force_ecu;
    opts.read_only = action == STATUS;
    char holder[64];
    snprintf(holder, sizeof holder, "mdd update %s", actions[action]);
    opts.holder = holder;
    int rc = cli_sig_open(&cli_update_command, &a->sig, &opts.db.store.sig);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_update *u;
    mdd_error err;
    if (mdd_update_open(dir, &opts, &u, &err) != MDD_OK) {
        cli_sig_close(&a->sig);
        return fail(&err);
    }
    mdd_status st = MDD_OK;
    switch (action) {
    case STAGE: rc = stage(u, a, files, count); break;
    case STATUS: rc = status(u, dir, a->json); break;
    case APPLY: st = mdd_update_apply(u, &err); break;
    case ROLLBACK: st = mdd_update_rollback(u, &err); break;
    default: st = mdd_update_cleanup(u, &err); break;
    }
    mdd_update_close(u);
    cli_sig_close(&a->sig);
    if (st != MDD_OK)
        return fail(&err);
    if (action >= APPLY)
        printf("%s: %s done\n", dir, actions[action]);
    return rc;
}

static int run(int argc, char **argv)
{
    update_args a = {0};
    int first;
    int rc = cli_parse_options(&cli_update_command, argc, argv, on_option, &a, &first);
    int action = ACTION_COUNT;
    if (rc < 0 && argc - first < 2)
        rc = cli_usage_error(&cli_update_command, "expected an action and DIR");
    for (int i = 0; rc < 0 && i < ACTION_COUNT; i++)
        if (strcmp(argv[first], actions[i]) == 0)
            action = i;
    if (rc < 0 && action == ACTION_COUNT)
        rc = cli_usage_error(&cli_update_command,
                             "unknown action %s (stage, status, apply, rollback, cleanup)",
                             cli_quote(argv[first]));
    if (rc < 0)
        rc = check_usage(action, &a, argc - first - 2);
    if (rc < 0)
        rc = run_action(action, argv[first + 1], &a, argv + first + 2, argc - first - 2);
    free(a.removals);
    return rc;
}

static const cli_option option_table[] = {
    {KEY_REMOVE, "remove", "ECU", "stage: remove the files that hold ECU (repeatable)", NULL},
    {KEY_EXACT, "exact", NULL,
     "stage: remove every file of DIR the stage does not replace, so that apply leaves exactly "
     "the staged set",
     NULL},
    {KEY_ALLOW_DOWNGRADE, "allow-downgrade", NULL,
     "stage: take a revision older than the one it replaces or than DIR's downgrade history's",
     NULL},
    {KEY_FORCE_ECU, "force-ecu", NULL,
     "stage: take a file named as a file of DIR that holds another ECU", NULL},
    CLI_INCLUDE(cli_sig_options),
    CLI_JSON_OPTION("status: the files, what is staged and in flight as one JSON object"),
    CLI_OPTIONS_END,
};

const cli_command cli_update_command = {
    .name = "update",
    .summary = "Change a directory's set of MDD files as one transaction",
    .synopsis = "stage [--remove ECU]... [--exact] [--allow-downgrade] [--force-ecu] "
                "[--trust DIR [--require-signature]] DIR [SRC...] | status [--json] DIR | "
                "apply DIR | rollback DIR | cleanup DIR",
    .help = "A vehicle update is a set of files that must switch all at once, or not at all.\n"
            "`stage` copies each SRC (NAME.mdd) into DIR/.mdd-update/stage, converts it there\n"
            "and checks it as an open does (container, SHA-512, FlatBuffers, with --trust\n"
            "the signature policy) and against what it replaces: the file of DIR that holds\n"
            "its ECU (else DIR/NAME.mdd, refused when that holds another ECU), no revision\n"
            "below the replaced one or DIR's downgrade history. `status` shows the set as it\n"
            "will be after apply: each file added, removed, changed (with the count of its\n"
            "differences, as `mdd diff` finds them) or unchanged, old and new revision, size\n"
            "and SHA-512, and what is in flight. `apply` switches DIR to the staged set in one\n"
            "journaled step: `mdd serve` and every open of DIR see the whole old set or the\n"
            "whole new one, and reload once. The files it replaced or removed become the\n"
            "backup; `rollback` switches back to them (and a second rollback forward again),\n"
            "setting the downgrade history to what it restores. `cleanup` drops the stage\n"
            "and the backup. A crash at any instant leaves the whole old or the whole new set:\n"
            "the next update, open or reload completes an interrupted switch. One update at a\n"
            "time: a second is refused naming the holder.\n",
    .options = option_table,
    .run = run,
};
