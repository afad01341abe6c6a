/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: what memory really costs. Process totals from /proc/<pid>/smaps_rollup and the
 * resident part of a mapping from mincore(2). */
#ifndef MDD_MEMORY_H
#define MDD_MEMORY_H

#include <mdd/status.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A process's memory, in KiB, as the kernel accounts it. */
typedef struct mdd_process_memory {
    uint64_t rss_kb;       /* resident set */
    uint64_t pss_kb;       /* proportional set: shared pages divided among their users */
    uint64_t anonymous_kb; /* resident anonymous memory (heap, stacks): cannot be dropped
                            * without swap */
    uint64_t file_kb;      /* resident file-backed memory: clean pages the kernel can drop */
    uint64_t pss_anon_kb;
    uint64_t pss_file_kb;
} mdd_process_memory;

/* Reads pid's smaps_rollup (pid 0 = this process). */
mdd_status mdd_process_memory_read(pid_t pid, mdd_process_memory *out, mdd_error *err);

/* The bytes of [addr, addr + len) whose pages are in memory, per mincore(2). For a file
 * mapping that is page-cache residency, which other processes may share; the process's own
 * share shows in mdd_process_memory. addr need not be page-aligned. */
mdd_status mdd_resident_bytes(const void *addr, size_t len, uint64_t *resident,
                              mdd_error *err);

/* Drops the pages of [addr, addr + len) of a read-only file mapping from this process
 * (MADV_DONTNEED, widened to whole pages). Later reads fault them back in from the page cache
 * or the file. Never use it on anonymous memory: that would zero it. Advice, so it returns
 * nothing: when the kernel declines, the pages merely stay. */
void mdd_release_file_pages(const void *addr, size_t len);

#ifdef __cplusplus
}
#endif

#endif
