/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: load ECU diagnostic databases (MDD files) with the least resident memory, zero
 * copies and verified integrity. Include this header for the whole public API: errors and
 * byte views, the container, its codec, files and mappings, memory reports, the converter,
 * stores and their pinned views, asynchronous reads, typed views of EcuData, the database,
 * the facts queried from its layers and the UDS message codec.
 * (The wire primitives, the FlatBuffers builder and the corpus generator are the library's
 * internals and not installed.) */
#ifndef MDD_MDD_H
#define MDD_MDD_H

#include <mdd/status.h>
#include <mdd/container.h>
#include <mdd/codec.h>
#include <mdd/file.h>
#include <mdd/memory.h>
#include <mdd/convert.h>
#include <mdd/cache.h>
#include <mdd/store.h>
#include <mdd/async.h>
#include <mdd/fb.h>
#include <mdd/ecu.h>
#include <mdd/db.h>
#include <mdd/comparams.h>
#include <mdd/query.h>
#include <mdd/uds.h>

#endif
