/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd advanced API: updates of a directory of MDD files as one transaction. A vehicle
 * update is a set of files (new ECUs, changed ones, removed ones) that must switch all at
 * once or not at all, and be undone when the new set misbehaves:
 *
 *   stage     each file is copied into DIR/.mdd-update/stage, converted there, and checked as
 *             an open checks it (container, SHA-512, FlatBuffers, signature policy) and
 *             against what it replaces (the same ECU, no downgrade, the downgrade history);
 *   status    the set as it will be after apply, file by file;
 *   apply     one switch, journaled: every open of DIR and every reload of a live database on
 *             it sees the whole old set or the whole new one, never a mix; the files replaced
 *             or removed become the backup;
 *   rollback  the same switch back to the backup (right after the first update too), whose
 *             files become the backup in turn (a second rollback goes forward again);
 *   cleanup   drops the stage and the backup.
 *
 * A crash at any instant leaves DIR as the old set or the new one: the next update, open or
 * reload completes an interrupted switch. One update at a time: an mdd_update holds DIR's
 * update lock (the one `mdd install` takes) from open to close, and a second one is refused
 * with MDD_ERR_BUSY naming the holder. docs/adr/0034-update-transactions.md has the design;
 * `mdd update` and `mdd serve --updates` are thin over this API. */
#ifndef MDD_ADVANCED_API
#error "<mdd/update.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_UPDATE_H
#define MDD_UPDATE_H

#include <mdd/db.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_update mdd_update;

/* Asked before apply and rollback switch the files (an adapter refuses while diagnostic
 * sessions run): returns 1 to let them, 0 to refuse, with a reason written to why (at most
 * size bytes with its NUL). */
typedef int (*mdd_update_gate)(void *ctx, char *why, size_t size);

typedef struct mdd_update_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    /* How a staged file is checked: as a database opens it with these options (integrity is
     * always a full hash; store.sig is the signature policy; allow_downgrade lets a revision
     * below the replaced one and the history's floor through). */
    mdd_db_options db;
    int force_ecu;   /* stage a file over one that holds another ECU (refused otherwise) */
    int read_only;   /* status only: take no lock, recover nothing, change nothing */
    mdd_update_gate may_switch; /* NULL: always */
    void *may_switch_ctx;
    const char *holder; /* how this update is named to those it keeps out (copied; NULL:
                         * "pid N") */
} mdd_update_options;

#define MDD_UPDATE_OPTIONS_SIZE MDD_OPTIONS_END(mdd_update_options, holder)

/* The database defaults, no force_ecu, read-write, no gate. */
static inline mdd_update_options mdd_update_options_default(void)
{
    mdd_update_options o = {MDD_UPDATE_OPTIONS_SIZE, mdd_db_options_default(), 0, 0, NULL, NULL,
                            NULL};
    return o;
}

/* Starts an update of dir: takes its update lock (MDD_ERR_BUSY, naming the holder, when
 * another update or install holds it), completes a switch a crash interrupted, and removes
 * what killed stages left. With read_only, takes nothing and only status works. On success
 * *out is the caller's, to end with mdd_update_close(); what is staged stays staged. */
mdd_status mdd_update_open(const char *dir, const mdd_update_options *opts, mdd_update **out,
                           mdd_error *err);

/* Gives up the lock and frees u. Safe on NULL. */
void mdd_update_close(mdd_update *u);

/* Stages the MDD file src: it replaces the file of DIR that holds its ECU, else it is added
 * as DIR/NAME.mdd after src's name (refused when that file holds another ECU, unless
 * force_ecu). Staging an ECU again replaces what was staged for it. Refusals (MDD_ERR_FORMAT,
 * MDD_ERR_CHECKSUM, MDD_ERR_SIGNATURE, MDD_ERR_DOWNGRADE, MDD_ERR_ARG for an ECU mismatch,
 * ...) name src and the reason, and leave the stage as it was; a full disk
 * (MDD_ERR_IO) too, and never touches DIR's files. */
mdd_status mdd_update_stage_file(mdd_update *u, const char *src, mdd_error *err);

/* Stages the removal of the files of DIR that hold ECU ecu_name (and drops what was staged
 * for it). MDD_ERR_NOT_FOUND when DIR holds no such ECU. */
mdd_status mdd_update_stage_removal(mdd_update *u, const char *ecu_name, mdd_error *err);

/* Stages the removal of every file of DIR that the stage does not replace: apply then leaves
 * exactly the staged set. */
mdd_status mdd_update_stage_exact(mdd_update *u, mdd_error *err);

/* What apply does to one file of DIR. */
typedef enum mdd_update_change {
    MDD_UPDATE_UNCHANGED = 0,
    MDD_UPDATE_ADDED,
    MDD_UPDATE_REMOVED,
    MDD_UPDATE_CHANGED
} mdd_update_change;

/* Returns "unchanged", "added", "removed", "changed". */
const char *mdd_update_change_name(mdd_update_change change);

/* One file of the set as it will be after apply. The old side describes DIR's file now, the
 * new side the staged one; a side that does not exist has an absent revision, size 0, a NULL
 * digest and a NULL path. Everything is valid during the callback only. */
typedef struct mdd_update_file {
    const char *name; /* NAME.mdd in DIR */
    mdd_update_change change;
    mdd_bytes ecu;
    mdd_bytes old_revision, new_revision;
    uint64_t old_size, new_size;
    const uint8_t *old_sha512, *new_sha512; /* 64 bytes: the whole file's SHA-512 */
    const char *old_path, *new_path;        /* where the two files are now */
} mdd_update_file;

/* What is in flight besides the files. */
typedef struct mdd_update_state {
    size_t staged;        /* files the stage adds, replaces or removes */
    size_t backup;        /* files a rollback would switch (0: nothing to roll back) */
    char holder[128];     /* who holds DIR's update lock now ("" for nobody, or this one) */
} mdd_update_state;

/* Calls visit for every file of DIR and of the stage, by name, and fills *state (may be
 * NULL). A visit's status other than MDD_OK stops it and is returned. Reads DIR's files to
 * describe them (ECU, revision, SHA-512) without writing anything. */
mdd_status mdd_update_status(mdd_update *u, mdd_update_state *state,
                             mdd_status (*visit)(void *ctx, const mdd_update_file *file,
                                                 mdd_error *err),
                             void *ctx, mdd_error *err);

/* Switches DIR to the staged set in one step (see above); the stage is then empty and the
 * files it replaced or removed are the backup (the backup before is dropped). MDD_ERR_NOT_FOUND
 * when nothing is staged, MDD_ERR_BUSY when the gate refuses. */
mdd_status mdd_update_apply(mdd_update *u, mdd_error *err);

/* Switches DIR back to the backup in one step, setting the downgrade history to the revisions
 * it restores; the files it replaces become the backup. MDD_ERR_NOT_FOUND when there is no
 * backup, MDD_ERR_BUSY when the gate refuses. */
mdd_status mdd_update_rollback(mdd_update *u, mdd_error *err);

/* Drops the stage and the backup. */
mdd_status mdd_update_cleanup(mdd_update *u, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
