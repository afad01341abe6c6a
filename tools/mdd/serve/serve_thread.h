/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's worker threads (serve_thread.c): the reload thread and the update thread each
 * wait on a condition for work the loop gives them, and tell the loop that a result waits by
 * a byte on a pipe whose event runs on the loop. */
#ifndef MDD_TOOL_SERVE_THREAD_H
#define MDD_TOOL_SERVE_THREAD_H

#include <pthread.h>

struct event;
struct event_base;

typedef struct serve_thread {
    pthread_mutex_t lock; /* guards stopping and what the owner shares with the thread */
    pthread_cond_t wake;  /* signaled when there is work, or the thread is to stop */
    int stopping;
    pthread_t thread;
    int started;
    int pipe[2];
    struct event *done_event; /* pipe[0] readable: on_done(fd, what, arg) on the loop */
} serve_thread;

/* Readies t: its lock, condition, pipe and done event (not added yet). Returns 0, or -1
 * (serve_thread_stop() still releases what was made). */
int serve_thread_init(serve_thread *t, struct event_base *base,
                      void (*on_done)(int fd, short what, void *arg), void *arg);

/* Adds the done event and starts run(arg) on the thread. Returns 0, or -1. */
int serve_thread_start(serve_thread *t, void *(*run)(void *), void *arg);

/* From the thread, under t->lock: tells the loop that a result waits. */
void serve_thread_notify(serve_thread *t);

/* From the done event: takes the byte the thread wrote. */
void serve_thread_take_notice(int fd);

/* A thread's body for work given one job at a time: waits until *queued is set (under
 * t->lock), runs work(arg) without the lock, clears *queued and tells the loop; returns when
 * the thread is to stop. */
void serve_thread_run_jobs(serve_thread *t, int *queued, void (*work)(void *arg), void *arg);

/* From the loop: sets *queued under t->lock and wakes the thread. */
void serve_thread_queue(serve_thread *t, int *queued);

/* From the loop: whether the thread finished the job last queued (reading *queued under
 * t->lock, so that what the job wrote is seen). */
int serve_thread_job_done(serve_thread *t, const int *queued);

/* Tells the thread to stop, waits for it, and releases what serve_thread_init() made (after
 * it, whatever it returned). */
void serve_thread_stop(serve_thread *t);

#endif
