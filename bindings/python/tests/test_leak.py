# SPDX-License-Identifier: Apache-2.0
"""No leak over 100,000 decodes (with and without a memo, failures among them): neither the
Python heap (tracemalloc) nor the process's resident memory grows; nor over 1,000 threads."""
import gc
import os
import threading
import tracemalloc

import pytest

import mdd
from messages import BENCH_UDS

H = bytes.fromhex


def _rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _decodes(layer, memo, count):
    """count decodes: one in twenty fails, one in twenty is the DTC list (the slowest), the rest
    the other bench_uds messages, every other one through the memo."""
    bad = (H("22F200"), H("62F200FFFF"))
    quick = [m for m in BENCH_UDS if m[0] != "dtc-list"]
    dtc_list = [m for m in BENCH_UDS if m[0] == "dtc-list"][0]
    for i in range(count):
        if i % 20 == 9:
            with pytest.raises(mdd.FormatError):
                layer.decode(*bad, memo=memo if i & 1 else None)
            continue
        _, request, response = dtc_list if i % 20 == 19 else quick[i % len(quick)]
        layer.decode(request, response, memo=memo if i & 1 else None)


def test_no_leak_over_100000_decodes(flxc):
    memo = mdd.Memo()
    _decodes(flxc, memo, 5000)  # warm-up: this thread's buffer, interned strings
    gc.collect()
    rss_before = _rss()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    _decodes(flxc, memo, 100_000)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    rss_growth = _rss() - rss_before
    ignore = [tracemalloc.Filter(False, tracemalloc.__file__)]
    diff = after.filter_traces(ignore).compare_to(before.filter_traces(ignore), "lineno")
    growth = sum(d.size_diff for d in diff)
    assert growth < 32 * 1024, "\n".join(map(str, diff[:5]))
    assert rss_growth < 2 * 1024 * 1024, rss_growth
    memo.close()


def test_no_leak_over_1000_threads(flxc):
    """Each thread's JSON buffer goes with the thread."""
    _, request, response = BENCH_UDS[0]

    def decode():
        flxc.decode(request, response)

    def churn(count):
        for _ in range(count):
            t = threading.Thread(target=decode)
            t.start()
            t.join()

    churn(100)
    gc.collect()
    before = _rss()
    churn(1000)  # a buffer of 4 KiB each if they stayed
    gc.collect()
    assert _rss() - before < 1024 * 1024
