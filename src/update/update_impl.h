/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the update layer: an update of a directory and the steps its files take. */
#ifndef MDD_UPDATE_IMPL_H
#define MDD_UPDATE_IMPL_H

#include <mdd/update.h>
#include <mdd_internal/common.h>
#include <mdd_internal/db.h>

#define UPDATE_PATH_MAX 4096

/* A file of DIR and the ECU it holds (views of the copies in facts). */
typedef struct update_dir_file {
    char name[DB_SWITCH_NAME_MAX + 1];
    mdd_bytes ecu, revision;
    db_switch_op facts;
} update_dir_file;

struct mdd_update {
    char dir[UPDATE_PATH_MAX];
    char work[UPDATE_PATH_MAX];        /* DIR/.mdd-update */
    char stage[UPDATE_PATH_MAX];       /* .../stage */
    char stage_plan[UPDATE_PATH_MAX];  /* .../stage/plan */
    char backup[UPDATE_PATH_MAX];      /* .../backup */
    char backup_plan[UPDATE_PATH_MAX]; /* .../backup/plan */
    char next_backup[UPDATE_PATH_MAX]; /* .../next-backup */
    char holder_path[UPDATE_PATH_MAX]; /* .../holder: who holds the lock */
    int dir_fd;                        /* holds DIR's update lock; -1 when read-only */
    mdd_update_options opts;
    char holder[128];
    /* DIR's files, read once per switch (update_dir_files()). */
    update_dir_file *dir_files;
    size_t dir_count;
};

/* Reads DIR's files into u->dir_files when not read since the last switch. */
MDD_INTERNAL mdd_status update_dir_files(mdd_update *u, mdd_error *err);

/* Forgets DIR's files (after a switch). */
MDD_INTERNAL void update_forget_dir(mdd_update *u);

/* facts.c: what a file holds */

/* Fills op's ECU and revision from the MDD file at path, opened as opts says (its message
 * names path). */
MDD_INTERNAL mdd_status update_file_ecu(const char *path, const mdd_db_options *opts,
                                        db_switch_op *op, mdd_error *err);

/* update_file_ecu(), then op's size and SHA-512. */
MDD_INTERNAL mdd_status update_file_facts(const char *path, const mdd_db_options *opts,
                                          db_switch_op *op, mdd_error *err);

/* Fills op's size and SHA-512 from the file at path. */
MDD_INTERNAL mdd_status update_hash_file(const char *path, db_switch_op *op, mdd_error *err);

/* Fills op's ECU and revision from the MDD file at path as an open takes them, reading it as
 * it is: no checks, no index, nothing written beside it (a file only described, or
 * replaced). */
MDD_INTERNAL mdd_status update_describe_file(const char *path, db_switch_op *op, mdd_error *err);

/* update_file_facts() of DIR's file name, read without writing anything beside it (no
 * conversion, no records). */
MDD_INTERNAL mdd_status update_dir_file_facts(const mdd_update *u, const char *name,
                                              db_switch_op *op, mdd_error *err);

/* The plan of what is staged (empty when nothing is), and the backup's. */
MDD_INTERNAL mdd_status update_read_plan(const char *path, db_switch_source source,
                                         db_switch_plan *plan, mdd_error *err);

/* Whether DIR has a file name (a regular file or a link to one). */
MDD_INTERNAL int update_dir_has(const mdd_update *u, const char *name);

/* Who holds DIR's update lock now into buf: this update, another, or "" for nobody. */
MDD_INTERNAL void update_holder_now(const mdd_update *u, char *buf, size_t size);

/* stage.c: removes the stage's files that its plan does not list (killed stages'). */
MDD_INTERNAL mdd_status update_stage_tidy(const mdd_update *u, const db_switch_plan *plan,
                                          mdd_error *err);

/* Refuses anything but an update opened to write. */
MDD_INTERNAL mdd_status update_check_writable(const mdd_update *u, mdd_error *err);

#endif
