/* SPDX-License-Identifier: Apache-2.0 */
#include "progress.h"

#define REDRAW_NS 100000000L /* ten redraws a second look live and cost nothing */

void progress_init(progress *p, int enabled, size_t files_total)
{
    p->enabled = enabled;
    p->files_total = files_total;
    atomic_init(&p->files_done, 0);
    atomic_init(&p->bytes, 0);
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    p->last_draw = p->start;
    pthread_mutex_init(&p->lock, NULL);
}

void progress_free(progress *p) { pthread_mutex_destroy(&p->lock); }

static double seconds_between(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* Called with the lock held. */
static void draw(progress *p, const struct timespec *now)
{
    double mb = (double)atomic_load(&p->bytes) / 1e6;
    double secs = seconds_between(&p->start, now);
    fprintf(stderr, "\r\033[K[%zu/%zu files] %.1f MB written, %.1f MB/s",
            atomic_load(&p->files_done), p->files_total, mb, secs > 0 ? mb / secs : 0.0);
    fflush(stderr);
    p->last_draw = *now;
}

static void clear_line(const progress *p)
{
    if (p->enabled)
        fputs("\r\033[K", stderr);
}

void progress_add_bytes(progress *p, uint64_t bytes)
{
    atomic_fetch_add(&p->bytes, bytes);
    if (!p->enabled || pthread_mutex_trylock(&p->lock) != 0)
        return; /* another thread is drawing: this update shows next time */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (seconds_between(&p->last_draw, &now) * 1e9 >= (double)REDRAW_NS)
        draw(p, &now);
    pthread_mutex_unlock(&p->lock);
}

void progress_file_done(progress *p, FILE *stream, const char *line)
{
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add(&p->files_done, 1);
    clear_line(p);
    if (stream) {
        fputs(line, stream);
        fflush(stream);
    }
    if (p->enabled) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        draw(p, &now);
    }
    pthread_mutex_unlock(&p->lock);
}

void progress_finish(progress *p)
{
    pthread_mutex_lock(&p->lock);
    clear_line(p);
    fflush(stderr);
    pthread_mutex_unlock(&p->lock);
}
