/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's reloads (serve_reload.c).
 *
 * The database is a live one (mdd_db_live_open_dir()). A reload, asked for by SIGHUP or by a
 * change to a *.mdd file of the directory (inotify), runs on a thread of its own: the
 * library's reload, then the startup tables of the new generation. The loop then swaps the
 * new generation in between two callbacks. Whatever a request started on (its ECU's table
 * entry, its store, the pins a stream queued) belongs to the generation it started in, which
 * stays open until the last of them lets go. */
#ifndef MDD_TOOL_SERVE_RELOAD_H
#define MDD_TOOL_SERVE_RELOAD_H

#include "serve_server.h"
#include "serve_tables.h"

#include <mdd/db.h>

/* ---- Reloads (serve_reload.c) ----
 *
 * The database is a live one (mdd_db_live_open_dir()). A reload, asked for by SIGHUP or by a
 * change to a *.mdd file of the directory (inotify), runs on a thread of its own: the
 * library's reload, then the startup tables of the new generation. The loop then swaps the
 * new generation in between two callbacks. Whatever a request started on (its ECU's table
 * entry, its store, the pins a stream queued) belongs to the generation it started in, which
 * stays open until the last of them lets go. */

/* Opens dir as a live database under opts and its first generation (with its tables) as
 * s->gen; prints the report as startup does. Returns CLI_EXIT_OK or the exit code after
 * printing why. */
int serve_reload_open(serve_server *s, const char *dir, const mdd_db_options *opts);

/* Starts the reload thread and the events that ask for reloads (SIGHUP, inotify on dir).
 * Returns 0, or -1 when that cannot be set up. */
int serve_reload_start(serve_server *s, const char *dir);

/* Asks for a reload and calls done(s, arg) on the loop once it (or a later one) has been
 * collected: its generation is current, or its failure printed. One such call at a time. */
void serve_reload_then(serve_server *s, void (*done)(serve_server *s, void *arg), void *arg);

/* Stops the reload thread and frees the events; before the loop is freed. */
void serve_reload_stop(serve_server *s);

/* Gives up the current generation and closes the live database; last of all. */
void serve_reload_close(serve_server *s);

/* Counts one more user of g (a job, a stream, a queued piece); returns g. */
serve_gen *serve_gen_hold(serve_gen *g);

/* Gives up a use of g: a generation that is no longer current is closed with its last. */
void serve_gen_drop(serve_gen *g);

/* The loop's own, writable, entry of e, one of g's ECUs. */
serve_ecu *serve_gen_ecu(serve_gen *g, const serve_ecu *e);

#endif
