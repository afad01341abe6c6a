# SPDX-License-Identifier: Apache-2.0
"""`mdd decode --batch` mapped over a Dask cluster: recorded traffic (JSON Lines or plain
`ECU REQUEST RESPONSE` lines) decoded on the cluster's workers with the mdd package, written
in input order, each line the one `mdd decode --batch` writes for the same record (the lines
are made by batch_lines.py, beside this file).

    python3 dask_batch.py [--scheduler ADDRESS | --workers N] [--blocksize BYTES]
                          [--strategy S] INPUT DATABASE...

INPUT is a file of records (a path or any URL Dask's read_bytes() takes); DATABASE... the MDD
files or the directory of them. The output lines go to standard output; a summary as the
tool's (records, decoded, errors by reason, records per second) to standard error. Exit
status: 0 when every record decoded, 1 otherwise. Without --scheduler it starts a local
cluster of N worker processes (default 2); with it, every worker must reach INPUT and the
databases under the same names and have the mdd package (batch_lines.py is uploaded).

Dask does the work: read_bytes() cuts the input into blocks of whole lines, a first pass
counts each block's lines (so that error lines carry the line numbers of the whole input),
a second decodes each block as a task. The client only keeps a window of blocks in flight,
twice the cluster's threads, and writes their output in order as each comes back.

Each worker opens the database once: the worker plugin OpenDatabase goes to every worker of
the cluster (and to those that join later), opens the database in its setup() and closes it
in teardown(). Tasks find it on their worker (get_worker().plugins) rather than in a
module-level cache, so that two workers in one process (a cluster of threads) each hold
their own, and the database closes with its worker. The database is shared by the worker's
threads (the library allows it); each thread decodes through its own mdd.Memo.
"""
import argparse
import collections
import contextlib
import itertools
import sys
import threading
import time

import dask
import distributed
from dask.bytes import read_bytes
from distributed.diagnostics.plugin import WorkerPlugin

import batch_lines
import mdd

PLUGIN = "mdd-batch-database"


class OpenDatabase(WorkerPlugin):
    """The database a worker's tasks decode with, opened once per worker."""

    name = PLUGIN

    def __init__(self, paths, strategy="heap"):
        self.paths = list(paths)
        self.strategy = strategy
        self.decoder = None
        self.opened = 0  # databases this worker opened
        self.blocks = 0  # blocks it decoded

    def setup(self, worker):
        self._lock = threading.Lock()
        # One path may be a directory, which mdd.Database opens only on its own.
        paths = self.paths[0] if len(self.paths) == 1 else self.paths
        self.decoder = batch_lines.BatchDecoder(mdd.Database(paths, strategy=self.strategy))
        self.opened += 1

    def teardown(self, worker):
        if self.decoder is not None:
            self.decoder.close()

    def block(self, data, first_line):
        with self._lock:
            self.blocks += 1
        return self.decoder.block(data, first_line)


def decode_block(data, first_line):
    """A task: the output lines of a block and its counts, by the worker's database."""
    return distributed.get_worker().plugins[PLUGIN].block(data, first_line)


def register(client, plugin):
    """Gives every worker of client's cluster the plugin (register_plugin() in newer
    releases of distributed, register_worker_plugin() in older ones)."""
    method = getattr(client, "register_plugin", None) or client.register_worker_plugin
    method(plugin, name=PLUGIN)


def decode(client, path, databases, out, blocksize="64 MiB", strategy="heap"):
    """Decodes the records of path on client's cluster with the databases (paths), writing
    the output lines to out (a binary file) in input order. Returns the counts (a Counter of
    "records", "decoded" and each error reason)."""
    register(client, OpenDatabase(databases, strategy))
    _, files = read_bytes(path, delimiter=b"\n", blocksize=blocksize, sample=False)
    blocks = files[0] if files else []
    counts = client.gather(client.compute([dask.delayed(batch_lines.count_lines)(b)
                                           for b in blocks]))
    firsts = itertools.accumulate([1] + counts[:-1])
    tasks = [dask.delayed(decode_block, pure=False)(b, first)
             for b, first in zip(blocks, firsts)]
    window = 2 * max(1, sum(client.nthreads().values()))
    total = collections.Counter()
    pending = collections.deque()

    def write_first():
        lines, block_counts = pending.popleft().result()
        out.write(lines)
        total.update(block_counts)

    for task in tasks:
        pending.append(client.compute(task))
        if len(pending) == window:
            write_first()
    while pending:
        write_first()
    return total


def summary(counts, seconds):
    """The summary line, as the tool's: records, decoded, errors by reason, records/s."""
    reasons = [(r, counts[r]) for r in batch_lines.REASONS if counts[r]]
    errors = sum(n for _, n in reasons)
    line = (f"dask_batch: {counts['records']} record{'s' * (counts['records'] != 1)}, "
            f"{counts['decoded']} decoded, {errors} error{'s' * (errors != 1)}")
    if reasons:
        line += " (" + ", ".join(f"{r} {n}" for r, n in reasons) + ")"
    return line + f", {counts['records'] / seconds if seconds > 0 else 0:.0f} records/s"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running cluster's scheduler")
    where.add_argument("--workers", type=int, default=2, metavar="N",
                       help="worker processes of a local cluster (default 2)")
    parser.add_argument("--blocksize", default="64 MiB", metavar="BYTES",
                        help="the input per task (default 64 MiB)")
    parser.add_argument("--strategy", default="heap", help="how the files load (default heap)")
    parser.add_argument("input", metavar="INPUT")
    parser.add_argument("databases", nargs="+", metavar="DATABASE")
    args = parser.parse_args(argv)
    if args.scheduler:
        cluster = contextlib.nullcontext()
        client = distributed.Client(args.scheduler)
        client.upload_file(batch_lines.__file__)
    else:
        # Everything on localhost, the dashboards' HTTP servers too.
        cluster = distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                           host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                           worker_dashboard_address="127.0.0.1:0")
        client = distributed.Client(cluster)
    with cluster, client:
        start = time.monotonic()
        try:
            counts = decode(client, args.input, args.databases, sys.stdout.buffer,
                            args.blocksize, args.strategy)
        except (mdd.Error, OSError) as e:  # a database that does not open, no input
            print(f"dask_batch: {e}", file=sys.stderr)
            return 1
        sys.stdout.flush()
        print(summary(counts, time.monotonic() - start), file=sys.stderr)
    return 0 if counts["decoded"] == counts["records"] else 1


if __name__ == "__main__":
    sys.exit(main())
