# SPDX-License-Identifier: Apache-2.0
"""Threads: decodes and lookups on one database from several threads at once give the answers
of one thread; a memo shared by threads stays consistent; closing the database while other
threads decode makes their next calls raise ClosedError, never crash."""
import threading

import mdd
from messages import BENCH_UDS

THREADS = 4
ROUNDS = 500


def _run(threads):
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def test_parallel_decodes_equal_one_thread(flxc):
    want = [flxc.decode(q, r) for _, q, r in BENCH_UDS]
    names = [s.name for s in flxc.lookup(b"\x22")]
    shared = mdd.Memo()
    errors = []

    def work(own):
        try:
            for i in range(ROUNDS):
                for j, (_, q, r) in enumerate(BENCH_UDS):
                    memo = (None, own, shared)[(i + j) % 3]
                    assert flxc.decode(q, r, memo=memo) == want[j]
                assert [s.name for s in flxc.lookup(b"\x22")] == names
        except Exception as e:  # reported to the main thread
            errors.append(e)

    memos = [mdd.Memo() for _ in range(THREADS)]
    _run([threading.Thread(target=work, args=(m,)) for m in memos])
    assert errors == []
    for m in memos + [shared]:
        m.close()


def test_close_while_threads_decode(corpus):
    db = mdd.Database(corpus, strategy="heap")
    layer = db.ecu("FLXC1000").base_variant
    _, q, r = BENCH_UDS[2]
    want = layer.decode(q, r)
    started = [threading.Event() for _ in range(THREADS)]
    outcomes = []

    def work(ready):
        count = 0
        try:
            while True:
                assert layer.decode(q, r) == want
                count += 1
                if count == 100:
                    ready.set()
        except mdd.ClosedError:
            outcomes.append(("closed", count))
        except Exception as e:  # reported to the main thread
            outcomes.append(("error", e))
            ready.set()

    threads = [threading.Thread(target=work, args=(e,)) for e in started]
    for t in threads:
        t.start()
    for e in started:
        e.wait()
    db.close()
    for t in threads:
        t.join()
    assert [kind for kind, _ in outcomes] == ["closed"] * THREADS, outcomes
    assert all(count >= 100 for _, count in outcomes)
