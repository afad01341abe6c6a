/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): files on disk, mapped read-only. */
#ifndef MDD_ADVANCED_API
#error "<mdd/file.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_FILE_H
#define MDD_FILE_H

#include <mdd/status.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A whole file mapped read-only (MAP_SHARED, MADV_RANDOM). An empty file has data == NULL. */
typedef struct mdd_mapping {
    const uint8_t *data;
    size_t size;
    /* The file, kept open by mdd_mapping_open() for explicit reads of the mapped bytes (which
     * bring nothing into the process); -1 for mdd_mapping_open_fd(), whose caller keeps its
     * own. */
    int fd;
} mdd_mapping;

/* Maps path read-only. Pages are read only when touched: mapping a large file and reading
 * its header costs the header's pages. Close with mdd_mapping_close(). */
mdd_status mdd_mapping_open(const char *path, mdd_mapping *out, mdd_error *err);

/* Maps the open regular file fd read-only, as mdd_mapping_open() does; fd stays the
 * caller's. */
mdd_status mdd_mapping_open_fd(int fd, mdd_mapping *out, mdd_error *err);

/* Unmaps, closes the kept descriptor and empties the mapping. Safe on a zeroed mapping. */
void mdd_mapping_close(mdd_mapping *map);

#ifdef __cplusplus
}
#endif

#endif
