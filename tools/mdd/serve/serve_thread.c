/* SPDX-License-Identifier: Apache-2.0 */
/* A worker thread of mdd serve and its way back to the loop: a mutex and a condition for the
 * work, a pipe whose byte wakes an event on the loop when a result waits. */
#include "serve_thread.h"

#include <event2/event.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int serve_thread_init(serve_thread *t, struct event_base *base,
                      void (*on_done)(int fd, short what, void *arg), void *arg)
{
    t->pipe[0] = t->pipe[1] = -1;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->wake, NULL);
    if (pipe2(t->pipe, O_CLOEXEC) != 0)
        return -1;
    t->done_event = event_new(base, t->pipe[0], EV_READ | EV_PERSIST, on_done, arg);
    return t->done_event ? 0 : -1;
}

int serve_thread_start(serve_thread *t, void *(*run)(void *), void *arg)
{
    if (event_add(t->done_event, NULL) != 0)
        return -1;
    t->started = pthread_create(&t->thread, NULL, run, arg) == 0;
    return t->started ? 0 : -1;
}

void serve_thread_notify(serve_thread *t)
{
    ssize_t n;
    while ((n = write(t->pipe[1], "", 1)) < 0 && errno == EINTR)
        ;
}

void serve_thread_take_notice(int fd)
{
    char byte;
    while (read(fd, &byte, 1) < 0 && errno == EINTR)
        ;
}

void serve_thread_run_jobs(serve_thread *t, int *queued, void (*work)(void *arg), void *arg)
{
    pthread_mutex_lock(&t->lock);
    for (;;) {
        while (!t->stopping && !*queued)
            pthread_cond_wait(&t->wake, &t->lock);
        if (!*queued)
            break;
        pthread_mutex_unlock(&t->lock);
        work(arg);
        pthread_mutex_lock(&t->lock);
        *queued = 0;
        serve_thread_notify(t);
    }
    pthread_mutex_unlock(&t->lock);
}

void serve_thread_queue(serve_thread *t, int *queued)
{
    pthread_mutex_lock(&t->lock);
    *queued = 1;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
}

int serve_thread_job_done(serve_thread *t, const int *queued)
{
    pthread_mutex_lock(&t->lock);
    int done = !*queued;
    pthread_mutex_unlock(&t->lock);
    return done;
}

void serve_thread_stop(serve_thread *t)
{
    if (t->started) {
        pthread_mutex_lock(&t->lock);
        t->stopping = 1;
        pthread_cond_broadcast(&t->wake);
        pthread_mutex_unlock(&t->lock);
        pthread_join(t->thread, NULL);
        t->started = 0;
    }
    if (t->done_event)
        event_free(t->done_event);
    t->done_event = NULL;
    for (int i = 0; i < 2; i++)
        if (t->pipe[i] >= 0)
            close(t->pipe[i]);
    t->pipe[0] = t->pipe[1] = -1;
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->lock);
}
