/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's /diff?a=ECU&b=ECU (serve_diff.c): two served files compared as `mdd diff
 * --json` compares them, on a thread of its own, one comparison at a time. */
#ifndef MDD_TOOL_SERVE_DIFF_H
#define MDD_TOOL_SERVE_DIFF_H

#include "serve_server.h"

/* Readies the comparison thread; after the loop was made. Returns 0, or -1. */
int serve_diff_start(serve_server *s);

/* Waits for the comparison in flight and stops the thread; before the loop is freed. Safe
 * when never started. */
void serve_diff_stop(serve_server *s);

/* c is closing: its comparison's answer goes nowhere. */
void serve_diff_conn_closed(serve_conn *c);

#endif
