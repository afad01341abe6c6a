#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Decodes per second from Python through the binding (bindings/python) for the messages of
bench_uds (bench/uds.c), with the cost of a ctypes call measured apart.

  python3 bench/python_decode.py [--file F.mdd] [--libmdd LIB] [--runs N]

F (default: FLXC1000.mdd in the directory the environment variable MDD_CORPUS names) is opened
with the heap strategy, verified; its base variant answers the four requests. LIB (default:
MDD_LIBRARY, else libmdd.so.0 from the loader's path) is the library loaded. Per message four
operations are timed, each over loops of at least 200 ms of the thread's CPU time after a
warm-up pass:

  decode   Layer.decode(): the decode as JSON in C, then json.loads() into a dict
  memo     the same through an mdd.Memo (warm: the request was met before)
  json     the C call alone as the binding makes it (mdd_uds_decode_json() into the thread's
           buffer, the text copied into bytes), without json.loads()
  json-memo the same through the memo

and, apart, a call of mdd_version() through ctypes (no argument, a pointer back): what any
call into the library costs from Python before it does anything. Each figure is the median of
--runs runs (default 5). Without the file, the program says so and exits 0."""
import argparse
import ctypes
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
MIN_RUN_S = 0.2

MESSAGES = [  # bench/uds.c's cases
    ("string", "22f190", "62f190" "5744443232323030313141303030303031"),
    ("numeric", "22f200", "62f200" "fffffb2e"),
    ("dtc-list", "1902ff", "5902ff" "01e24009" "0394472f" "01e24108" "01e24201" "01e24009"
     "0394472f" "01e24108" "01e24201"),
    ("structure", "190401e240ff", "5904" "01e24009"),
]


def rate(call):
    """Calls per second of thread CPU time over a loop of at least MIN_RUN_S."""
    n = 1000
    while True:
        start = time.thread_time()
        for _ in range(n):
            call()
        elapsed = time.thread_time() - start
        if elapsed >= MIN_RUN_S:
            return n / elapsed
        n = int(n * max(2.0, MIN_RUN_S * 1.2 / max(elapsed, 1e-6)))


def median_rate(call, runs):
    call()
    return statistics.median(rate(call) for _ in range(runs))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    corpus = os.environ.get("MDD_CORPUS", "")
    p.add_argument("--file", default=os.path.join(corpus, "FLXC1000.mdd") if corpus else "")
    p.add_argument("--libmdd", help="the libmdd.so to load (default: MDD_LIBRARY, else the loader's path)")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    if args.libmdd:
        os.environ["MDD_LIBRARY"] = args.libmdd
    if not args.file or not os.path.isfile(args.file):
        print(f"python_decode: no database file ({args.file or 'set MDD_CORPUS or --file'}); "
              "nothing measured")
        return 0
    sys.path.insert(0, str(ROOT / "bindings" / "python"))
    import mdd
    from mdd import _lib, layer as layer_module

    version = _lib.lib.mdd_version
    noop = ctypes.CFUNCTYPE(ctypes.c_void_p)(("mdd_version", _lib.lib))
    print(f"libmdd {mdd.version()}, Python {sys.version.split()[0]}, "
          f"median of {args.runs} runs, calls per thread CPU second")
    print(f"ctypes call of mdd_version(): {median_rate(noop, args.runs):,.0f}/s "
          f"(with its char * made bytes: {median_rate(version, args.runs):,.0f}/s)")
    print(f"{'message':<10} {'decode/s':>12} {'memo/s':>12} {'json/s':>12} {'json-memo/s':>12}")
    with mdd.Database(args.file, strategy="heap") as db, mdd.Memo() as memo:
        layer = db.ecus[0].base_variant
        for name, request, response in MESSAGES:
            q, r = bytes.fromhex(request), bytes.fromhex(response)
            figures = [
                median_rate(lambda: layer.decode(q, r), args.runs),
                median_rate(lambda: layer.decode(q, r, memo=memo), args.runs),
                median_rate(lambda: layer_module._decode_json(layer._ptr, q, r, None),
                            args.runs),
                median_rate(lambda: layer_module._decode_json(layer._ptr, q, r, memo._ref),
                            args.runs),
            ]
            print(f"{name:<10} " + " ".join(f"{f:>12,.0f}" for f in figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
