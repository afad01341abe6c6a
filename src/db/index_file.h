/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the db layer: persisted index files (index_file.c). */
#ifndef MDD_DB_INDEX_FILE_H
#define MDD_DB_INDEX_FILE_H

#include "index_format.h"

/* An index file mapped read-only, its descriptor still open (for eviction). */
typedef struct db_index_file {
    int fd;
    mdd_mapping map; /* its fd is -1: the descriptor is fd above */
} db_index_file;

/* Maps the index file of mdd_path when it may be trusted as a file (mdd_record_check_owner()
 * with DB_INDEX_MAX_SIZE), not following a symbolic link, and asks for it all to be read
 * ahead. MDD_ERR_NOT_FOUND when there is none; otherwise the message names the file. */
MDD_INTERNAL mdd_status db_index_file_map(const char *mdd_path, db_index_file *out,
                                          mdd_error *err);

/* Closes the descriptor (first dropping the file from the page cache when evict is set) and
 * unmaps unless the mapping was taken (f->map zeroed) by the caller. */
MDD_INTERNAL void db_index_file_close(db_index_file *f, int evict);

/* Writes index as mdd_path's index file, crash-safely, with mode (masked to 0644). */
MDD_INTERNAL mdd_status db_index_file_write(const char *mdd_path, mode_t mode, mdd_bytes index,
                                            mdd_error *err);

#endif
