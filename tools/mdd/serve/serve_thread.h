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

/* Tells the thread to stop, waits for it, and releases what serve_thread_init() made (after
 * it, whatever it returned). */
void serve_thread_stop(serve_thread *t);

#endif
