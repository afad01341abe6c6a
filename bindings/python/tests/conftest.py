# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the binding's tests. The environment names what they use:
MDD_LIBRARY the libmdd.so.0 under test, MDD_TEST_CORPUS the directory of the corpus copy
(tests that need it skip without it), MDD_TEST_TOOL the mdd tool whose JSON output the
binding's results must equal (tests that compare with it skip without it)."""
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import mdd  # noqa: E402  (after the path above)


def _corpus():
    path = os.environ.get("MDD_TEST_CORPUS")
    if not path or not list(pathlib.Path(path).glob("*.mdd")):
        return None
    return pathlib.Path(path)


@pytest.fixture(scope="session")
def corpus():
    path = _corpus()
    if path is None:
        pytest.skip("no corpus (MDD_TEST_CORPUS names no directory of *.mdd files)")
    return path


@pytest.fixture(scope="session")
def expected(corpus):
    """The corpus's *.expect.json by ECU name."""
    out = {}
    for f in sorted(corpus.glob("*.expect.json")):
        doc = json.loads(f.read_text())
        out[doc["diagnostic_description"]["ecu_name"]] = doc
    return out


@pytest.fixture(scope="session")
def db(corpus):
    """The corpus as one database, loaded with heap (the files stay as they are)."""
    with mdd.Database(corpus, strategy="heap") as database:
        yield database


@pytest.fixture(scope="session")
def flxc(db):
    return db.ecu("FLXC1000").base_variant


@pytest.fixture
def copy(corpus, tmp_path):
    """A scratch copy of the corpus's files, writable."""
    out = tmp_path / "corpus"
    out.mkdir()
    for f in corpus.glob("*.mdd"):
        shutil.copyfile(f, out / f.name)
    return out


class Tool:
    """The mdd tool: run(args) gives (exit status, stdout, stderr); json(args) the parsed
    output of a call that must succeed."""

    def __init__(self, path, corpus):
        self.path = path
        self.corpus = corpus

    def run(self, *args):
        p = subprocess.run([self.path, *map(str, args)], cwd=self.corpus, capture_output=True,
                           text=True, check=False)
        return p.returncode, p.stdout, p.stderr

    def json(self, *args):
        rc, out, err = self.run(*args)
        assert rc == 0, f"mdd {' '.join(map(str, args))}: {err}"
        return json.loads(out)


@pytest.fixture(scope="session")
def tool(corpus):
    path = os.environ.get("MDD_TEST_TOOL")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("no mdd tool to compare with (MDD_TEST_TOOL)")
    return Tool(path, corpus)
