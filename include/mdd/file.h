/* libmdd: files on disk. Read-only mappings and crash-safe whole-file writes. */
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
} mdd_mapping;

/* Maps path read-only. Pages are read only when touched: mapping a large file and reading
 * its header costs the header's pages. Release with mdd_mapping_release(). */
mdd_status mdd_mapping_open(const char *path, mdd_mapping *out, mdd_error *err);

/* Unmaps and zeroes. Safe on a zeroed mapping. */
void mdd_mapping_release(mdd_mapping *map);

/* Produces a file's content into a sink, for mdd_write_file_atomic(). */
typedef mdd_status (*mdd_content_writer)(void *ctx, mdd_sink *out, mdd_error *err);

/* Writes path so that a crash leaves either the old file (or none) or the complete new one:
 * the content goes to a temporary file in the same directory, which is fsynced, given mode,
 * renamed over path, and the directory is fsynced. On any failure the temporary file is
 * removed and path is untouched. */
mdd_status mdd_write_file_atomic(const char *path, mode_t mode, mdd_content_writer write,
                                 void *ctx, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
