/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve: an HTTP/1.1 server over a directory of MDD files (serve_server.h describes it).
 * The rest of the tool sees its command alone; a build without libevent has the stand-in of
 * serve_unavailable.c, which says so. */
#ifndef MDD_TOOL_SERVE_H
#define MDD_TOOL_SERVE_H

#include "cli.h"

extern const cli_command cli_serve_command;

#endif
