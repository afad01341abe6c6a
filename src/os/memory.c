/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/common.h>

#include <mdd_internal/os.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* mincore() vectors are filled in slices so a huge mapping needs no huge vector. */
#define MINCORE_SLICE_PAGES 4096u

typedef struct rollup_key {
    const char *name;
    size_t offset;
} rollup_key;

static const rollup_key rollup_keys[] = {
    {"Rss:", offsetof(mdd_process_memory, rss_kb)},
    {"Pss:", offsetof(mdd_process_memory, pss_kb)},
    {"Pss_Anon:", offsetof(mdd_process_memory, pss_anon_kb)},
    {"Pss_File:", offsetof(mdd_process_memory, pss_file_kb)},
    {"Anonymous:", offsetof(mdd_process_memory, anonymous_kb)},
};

static void parse_rollup_line(const char *line, mdd_process_memory *m)
{
    for (size_t i = 0; i < sizeof rollup_keys / sizeof rollup_keys[0]; i++) {
        size_t n = strlen(rollup_keys[i].name);
        if (strncmp(line, rollup_keys[i].name, n) == 0) {
            uint64_t *field = (uint64_t *)(void *)((char *)m + rollup_keys[i].offset);
            *field = strtoull(line + n, NULL, 10);
            return;
        }
    }
}

mdd_status mdd_process_memory_read(pid_t pid, mdd_process_memory *out, mdd_error *err)
{
    char path[64];
    if (pid == 0)
        snprintf(path, sizeof path, "/proc/self/smaps_rollup");
    else
        snprintf(path, sizeof path, "/proc/%ld/smaps_rollup", (long)pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return mdd_fail(err, MDD_ERR_IO, "%s: %s", path, strerror(errno));
    memset(out, 0, sizeof *out);
    char line[256];
    while (fgets(line, sizeof line, f))
        parse_rollup_line(line, out);
    fclose(f);
    /* Shared memory counts in neither; what is not anonymous is file-backed for our uses. */
    out->file_kb = out->rss_kb > out->anonymous_kb ? out->rss_kb - out->anonymous_kb : 0;
    return MDD_OK;
}

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

mdd_status mdd_resident_bytes(const void *addr, size_t len, uint64_t *resident, mdd_error *err)
{
    *resident = 0;
    if (len == 0)
        return MDD_OK;
    size_t page = page_size();
    uintptr_t start = (uintptr_t)addr & ~(uintptr_t)(page - 1);
    size_t pages = ((uintptr_t)addr + len - start + page - 1) / page;
    unsigned char vec[MINCORE_SLICE_PAGES];
    for (size_t done = 0; done < pages;) {
        size_t n = pages - done < MINCORE_SLICE_PAGES ? pages - done : MINCORE_SLICE_PAGES;
        if (mincore((void *)(start + done * page), n * page, vec) != 0)
            return mdd_fail(err, MDD_ERR_IO, "mincore: %s", strerror(errno));
        for (size_t i = 0; i < n; i++)
            *resident += (vec[i] & 1u) ? page : 0;
        done += n;
    }
    return MDD_OK;
}

void mdd_release_file_pages(const void *addr, size_t len)
{
    if (len == 0)
        return;
    size_t page = page_size();
    uintptr_t start = (uintptr_t)addr & ~(uintptr_t)(page - 1);
    uintptr_t end = ((uintptr_t)addr + len + page - 1) & ~(uintptr_t)(page - 1);
    /* Advice only: a failure leaves the pages mapped, which is harmless. */
    (void)madvise((void *)start, end - start, MADV_DONTNEED);
}
