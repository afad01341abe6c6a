/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: load ECU diagnostic databases (MDD files) with the least resident memory, zero
 * copies and verified integrity. This header is the core API: status codes and errors, the
 * database and its load settings, the typed views of EcuData, the facts queried from a layer,
 * its ComParams and the UDS message codec.
 *
 * Start here: mdd_db_open_dir() opens a directory of *.mdd files as a database,
 * mdd_db_find_ecu() finds an ECU by name and mdd_db_ecu_base_variant() its base variant (a
 * layer), mdd_db_layer_lookup_request() finds the services a request selects, and
 * mdd_uds_decode() decodes a response into values. examples/ holds whole programs
 * (ecu_lookup.c, uds_decode.c).
 *
 * The advanced API (the container, chunk codecs, stores and their pinned views, asynchronous
 * reads, conversion, file mappings, the FlatBuffers verifier, updates of a directory as one
 * transaction) may change before 1.0: define
 * MDD_ADVANCED_API before including this header to get it too (each of its headers refuses to
 * compile without). Its symbols are in their own version node of libmdd.so (MDD_ADVANCED_0.1).
 * (The wire primitives, the FlatBuffers builder, the corpus generator and the utilities behind
 * the library are its internals and not installed.) */
#ifndef MDD_MDD_H
#define MDD_MDD_H

#include <mdd/db.h>
#include <mdd/status.h>
#include <mdd/load.h>
#include <mdd/fb.h>
#include <mdd/ecu.h>
#include <mdd/comparams.h>
#include <mdd/query.h>
#include <mdd/uds.h>

#ifdef MDD_ADVANCED_API
#include <mdd/container.h>
#include <mdd/codec.h>
#include <mdd/file.h>
#include <mdd/convert.h>
#include <mdd/cache.h>
#include <mdd/store.h>
#include <mdd/async.h>
#include <mdd/fb_verify.h>
#include <mdd/update.h>
#endif

#endif
