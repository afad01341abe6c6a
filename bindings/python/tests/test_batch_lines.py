# SPDX-License-Identifier: Apache-2.0
"""bindings/python/examples/batch_lines.py makes, byte for byte, the lines `mdd decode --batch`
writes: over records from the corpus, records that fail for each reason and seeded mutations
of them, its output equals the tool's, and its counts the tool's summary."""
import re
import subprocess
import sys

import pytest

from batch_records import record_file
from conftest import ROOT

sys.path.insert(0, str(ROOT / "bindings" / "python" / "examples"))

import batch_lines  # noqa: E402  (after the path above)


@pytest.fixture(scope="module")
def records(db):
    return record_file(db)


def tool_batch(tool, data):
    """The tool's output (bytes) for data and the counts its summary gives."""
    p = subprocess.run([tool.path, "decode", "--batch", "-j", "2", str(tool.corpus)],
                       input=data, capture_output=True, check=False)
    assert p.returncode in (0, 1), p.stderr
    summary = p.stderr.decode().strip().splitlines()[-1]
    m = re.fullmatch(r"mdd: decode --batch: (\d+) records?, (\d+) decoded, \d+ errors?"
                     r"(?: \((.*)\))?, \d+ records/s", summary)
    assert m, summary
    counts = {"records": int(m[1]), "decoded": int(m[2])}
    for part in (m[3] or "").split(", ") if m[3] else []:
        reason, n = part.rsplit(" ", 1)
        counts[reason] = int(n)
    return p.stdout, counts


def test_lines_equal_the_tool(db, tool, records):
    want, want_counts = tool_batch(tool, records)
    got, counts = batch_lines.BatchDecoder(db).block(records)
    assert got.splitlines() == want.splitlines()
    assert got == want
    assert dict(counts) == want_counts
    # The input meets every reason the tool gives for a line it read, and decodes.
    assert set(counts) == {"records", "decoded", "nul-byte", "malformed", "bad-hex",
                           "unknown-ecu", "unknown-variant", "no-match", "undecodable"}
    assert counts["decoded"] > 200 and counts["malformed"] > 100, counts


def test_blocks_number_lines_as_the_whole(db, records):
    """Blocks of whole lines decoded apart, each numbered from count_lines() of the ones
    before, give the output of the whole."""
    decoder = batch_lines.BatchDecoder(db)
    whole, _ = decoder.block(records)
    cuts = [0] + [i + 1 for i in range(len(records)) if records[i] == 0x0A][::97] + [None]
    out, first = b"", 1
    for start, end in zip(cuts, cuts[1:]):
        block = records[start:end]
        out += decoder.block(block, first)[0]
        first += batch_lines.count_lines(block)
    assert len(cuts) > 4
    assert out == whole


def test_too_long_line(db, tool):
    data = (b"FLXC1000 22F186 62F18603\n" + b"x" * batch_lines.LINE_MAX + b"\r\n"
            + b" " * (batch_lines.LINE_MAX + 1) + b"\nFLXC1000 22F186 62F18603")
    want, _ = tool_batch(tool, data)
    got, counts = batch_lines.BatchDecoder(db).block(data)
    assert got == want
    assert counts["line-too-long"] == 2
    assert got.splitlines()[1] == (b'{"line":2,"error":"line-too-long",'
                                   b'"message":"the line is longer than 1048576 bytes"}')


def test_json_string():
    """Text escaped as the tool's JSON writer does: quote, backslash, controls as \\u00XX,
    each byte that does not begin a well-formed UTF-8 sequence as U+FFFD."""
    assert batch_lines.json_string(b'a"\\\n\x1f\x7f') == b'"a\\"\\\\\\u000a\\u001f\x7f"'
    assert batch_lines.json_string(b"\xe2\x82A\xc3\xa9\xed\xa0\x80") == (
        '"\ufffd\ufffdA\u00e9\ufffd\ufffd\ufffd"'.encode())
