# SPDX-License-Identifier: Apache-2.0
"""bindings/python/examples/dask_batch.py on a local Dask cluster of two workers: over corpus
records (test_batch_lines's, cut into many blocks) its output equals `mdd decode --batch`'s
line for line, in input order, each worker having opened the database once; run as a
program it does the same on a cluster of two worker processes."""
import os
import subprocess
import sys

import pytest

import mdd
from batch_records import record_file
from conftest import ROOT
from test_batch_lines import tool_batch

pytest.importorskip("dask", reason="no Dask (Debian: python3-dask)")
distributed = pytest.importorskip("distributed", reason="no Dask's distributed "
                                  "(Debian: python3-distributed)")

# distributed 2022.12's local cluster starts its loop the way tornado 6.2 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

EXAMPLES = ROOT / "bindings" / "python" / "examples"
sys.path.insert(0, str(EXAMPLES))

import dask_batch  # noqa: E402  (after the path above)
from dask.bytes import read_bytes  # noqa: E402


@pytest.fixture(scope="module")
def records(db, tmp_path_factory):
    path = tmp_path_factory.mktemp("dask") / "records.jsonl"
    path.write_bytes(record_file(db))
    return path


@pytest.fixture(scope="module")
def client():
    """Two workers of one thread each, in this process: no process to start, and nothing
    listens beyond localhost (the dashboards' HTTP servers)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0",
                                  worker_dashboard_address="127.0.0.1:0") as cluster:
        with distributed.Client(cluster) as c:
            yield c


def test_equals_the_tool_on_two_workers(client, tool, records, tmp_path):
    want, want_counts = tool_batch(tool, records.read_bytes())
    out = tmp_path / "out.jsonl"
    with open(out, "wb") as f:
        counts = dask_batch.decode(client, str(records), [str(tool.corpus)], f,
                                   blocksize=8192)
    assert out.read_bytes().splitlines() == want.splitlines()
    assert out.read_bytes() == want
    assert dict(counts) == want_counts
    # Each worker opened the database once and decoded its share of the blocks.
    plugins = client.run(lambda dask_worker: (dask_worker.plugins[dask_batch.PLUGIN].opened,
                                              dask_worker.plugins[dask_batch.PLUGIN].blocks))
    assert len(plugins) == 2
    assert [opened for opened, _ in plugins.values()] == [1, 1]
    _, files = read_bytes(str(records), delimiter=b"\n", blocksize=8192, sample=False)
    assert len(files[0]) > 20
    assert sum(blocks for _, blocks in plugins.values()) == len(files[0])


def test_empty_input(client, tool, tmp_path):
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    out = tmp_path / "out"
    with open(out, "wb") as f:
        counts = dask_batch.decode(client, str(empty), [str(tool.corpus)], f)
    assert out.read_bytes() == b"" and counts["records"] == 0


def test_database_that_does_not_open(client, records, tmp_path):
    """The workers' failure to open reaches the caller, naming the file."""
    missing = tmp_path / "missing.mdd"
    with pytest.raises(mdd.IoError, match=f"^{missing}: open: No such file or directory$"):
        dask_batch.decode(client, str(records), [str(missing)], open(os.devnull, "wb"))


def test_program(tool, records):
    """The example as a program: a local cluster of two worker processes (on localhost)."""
    want, want_counts = tool_batch(tool, records.read_bytes())
    env = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    p = subprocess.run([sys.executable, str(EXAMPLES / "dask_batch.py"), "--workers", "2",
                        "--blocksize", "65536", str(records), str(tool.corpus)],
                       env=env, capture_output=True, check=False)
    assert p.returncode == 1, p.stderr  # some records fail
    assert p.stdout == want
    summary = p.stderr.decode().strip().splitlines()[-1]
    errors = sum(n for r, n in want_counts.items() if r not in ("records", "decoded"))
    assert summary.startswith(f"dask_batch: {want_counts['records']} records, "
                              f"{want_counts['decoded']} decoded, {errors} errors ("), summary
